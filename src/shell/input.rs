//! Input as games see it: gestures and keys in board coordinates.
//!
//! The web layer feeds raw pointer events (CSS pixels, milliseconds) into a
//! [`GestureTracker`], which applies the drag threshold, tells taps from drags,
//! counts double taps and converts every point to board space. Games never see
//! CSS pixels or browser events.

use crate::shell::geom::clamp;
use crate::shell::geom::{Fit, Point};

/// Which kind of device a pointer event came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerKind {
    /// A mouse or trackpad.
    Mouse,
    /// A finger.
    Touch,
    /// A stylus.
    Pen,
}

impl PointerKind {
    /// Parses the DOM `pointerType` string; anything unknown counts as a mouse.
    pub fn from_dom(kind: &str) -> Self {
        match kind {
            "touch" => PointerKind::Touch,
            "pen" => PointerKind::Pen,
            _ => PointerKind::Mouse,
        }
    }

    /// How far, in CSS pixels, the pointer must travel before a press becomes a drag.
    pub fn drag_threshold(self) -> f64 {
        match self {
            PointerKind::Mouse => 3.0,
            PointerKind::Touch | PointerKind::Pen => 6.0,
        }
    }
}

/// A pointer gesture in board coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Gesture {
    /// The pointer went down here. A tap or a drag follows.
    Press(Point),
    /// Released without travelling past the drag threshold. `count` is 2 for
    /// the second tap of a double tap or double click.
    Tap {
        /// Where the tap happened.
        at: Point,
        /// 1 for a single tap, 2 for a double tap.
        count: u8,
    },
    /// The press became a drag: it started at `from` and is now at `at`.
    DragStart {
        /// Where the pointer went down.
        from: Point,
        /// Where it is now.
        at: Point,
    },
    /// The drag moved.
    DragMove(Point),
    /// The drag ended here.
    Drop(Point),
    /// The drag or press was abandoned (Escape, a lost pointer, a second finger):
    /// put everything back as it was.
    Cancel,
    /// Zoom by `factor` (above 1 zooms in) around `at`: a wheel turn or a
    /// two-finger pinch. Games without zoom ignore it.
    Zoom {
        /// The point that stays put.
        at: Point,
        /// The scale change.
        factor: f64,
    },
}

/// The zoom a wheel turn of `delta_y` CSS pixels asks for (down zooms out).
pub fn wheel_factor(delta_y: f64) -> f64 {
    clamp((-delta_y * 0.002).exp(), 0.5, 2.0)
}

/// The gestures of a straight drag from `from` to `to`, as the tracker
/// reports them: for scripted input (tests, demos).
pub fn straight_drag(from: Point, to: Point) -> [Gesture; 4] {
    [
        Gesture::Press(from),
        Gesture::DragStart { from, at: from },
        Gesture::DragMove(to),
        Gesture::Drop(to),
    ]
}

/// A key, as games see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Enter.
    Enter,
    /// Space bar.
    Space,
    /// Escape.
    Escape,
    /// Backspace: take back a step.
    Backspace,
    /// A printable character, lower-cased.
    Char(char),
}

impl Key {
    /// One key of each kind the games answer to, and a letter none does:
    /// what tests that drive a game at random press.
    pub const SAMPLE: [Key; 12] = [
        Key::Left,
        Key::Right,
        Key::Up,
        Key::Down,
        Key::Enter,
        Key::Space,
        Key::Escape,
        Key::Backspace,
        Key::Char('d'),
        Key::Char('f'),
        Key::Char('3'),
        Key::Char('x'),
    ];

    /// Maps a DOM `KeyboardEvent.key` value; `None` for keys games do not use.
    pub fn from_dom(key: &str) -> Option<Key> {
        Some(match key {
            "ArrowLeft" => Key::Left,
            "ArrowRight" => Key::Right,
            "ArrowUp" => Key::Up,
            "ArrowDown" => Key::Down,
            "Enter" => Key::Enter,
            " " | "Spacebar" => Key::Space,
            "Escape" | "Esc" => Key::Escape,
            "Backspace" => Key::Backspace,
            other => {
                let mut chars = other.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => Key::Char(c.to_ascii_lowercase()),
                    _ => return None,
                }
            }
        })
    }
}

/// Double taps must follow within this many milliseconds …
const DOUBLE_TAP_MS: f64 = 350.0;
/// … and this many CSS pixels of the first.
const DOUBLE_TAP_SLOP: f64 = 12.0;

#[derive(Clone, Copy, Debug)]
struct Active {
    id: i32,
    kind: PointerKind,
    start: Point,
    last: Point,
    dragging: bool,
}

/// Two fingers down: their ids and where they are (CSS pixels).
#[derive(Clone, Copy, Debug)]
struct Pinch {
    fingers: [(i32, Point); 2],
}

impl Pinch {
    fn spread(&self) -> f64 {
        self.fingers[0].1.distance(self.fingers[1].1)
    }
    fn middle(&self) -> Point {
        let [(_, a), (_, b)] = self.fingers;
        Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
    }
}

/// Turns raw pointer events into [`Gesture`]s. One pointer makes taps and
/// drags; a second pointer going down cancels the gesture in progress (what
/// a pinch should do to a half-made move) and the two then make
/// [`Gesture::Zoom`]s until one lifts.
#[derive(Clone, Debug, Default)]
pub struct GestureTracker {
    active: Option<Active>,
    last_tap: Option<(f64, Point)>,
    pinch: Option<Pinch>,
}

impl GestureTracker {
    /// A tracker with no gesture in progress.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether a drag is in progress.
    pub fn is_dragging(&self) -> bool {
        self.active.is_some_and(|a| a.dragging)
    }

    /// Whether any pointer is down.
    pub fn is_active(&self) -> bool {
        self.active.is_some()
    }

    /// A pointer went down at `css` (CSS pixels, relative to the canvas).
    pub fn down(&mut self, id: i32, kind: PointerKind, css: Point, fit: Fit) -> Option<Gesture> {
        if let Some(first) = self.active {
            self.pinch = Some(Pinch {
                fingers: [(first.id, first.last), (id, css)],
            });
            return self.cancel();
        }
        if self.pinch.is_some() {
            return None;
        }
        self.active = Some(Active {
            id,
            kind,
            start: css,
            last: css,
            dragging: false,
        });
        Some(Gesture::Press(fit.to_board(css)))
    }

    /// A pointer moved.
    pub fn moved(&mut self, id: i32, css: Point, fit: Fit) -> Option<Gesture> {
        if let Some(p) = self.pinch.as_mut() {
            let before = p.spread();
            let finger = p.fingers.iter_mut().find(|f| f.0 == id)?;
            finger.1 = css;
            let after = p.spread();
            if before < 1.0 || after < 1.0 {
                return None;
            }
            return Some(Gesture::Zoom {
                at: fit.to_board(p.middle()),
                factor: after / before,
            });
        }
        let active = self.active.as_mut().filter(|a| a.id == id)?;
        active.last = css;
        if active.dragging {
            return Some(Gesture::DragMove(fit.to_board(css)));
        }
        if active.start.distance(css) >= active.kind.drag_threshold() {
            active.dragging = true;
            self.last_tap = None;
            return Some(Gesture::DragStart {
                from: fit.to_board(active.start),
                at: fit.to_board(css),
            });
        }
        None
    }

    /// A pointer went up at `css`, at time `now_ms`.
    pub fn up(&mut self, id: i32, css: Point, now_ms: f64, fit: Fit) -> Option<Gesture> {
        if let Some(p) = self.pinch {
            if p.fingers.iter().any(|f| f.0 == id) {
                self.pinch = None;
            }
            return None;
        }
        let active = self.active.filter(|a| a.id == id)?;
        self.active = None;
        if active.dragging {
            return Some(Gesture::Drop(fit.to_board(css)));
        }
        let count = match self.last_tap {
            Some((t, p)) if now_ms - t <= DOUBLE_TAP_MS && p.distance(css) <= DOUBLE_TAP_SLOP => 2,
            _ => 1,
        };
        self.last_tap = if count == 1 {
            Some((now_ms, css))
        } else {
            None
        };
        Some(Gesture::Tap {
            at: fit.to_board(active.start),
            count,
        })
    }

    /// The gesture was abandoned: pointercancel, lost capture, or Escape.
    pub fn cancel(&mut self) -> Option<Gesture> {
        self.active.take().map(|_| Gesture::Cancel)
    }

    /// Every pointer is gone (a lost capture): forget the pinch too.
    pub fn reset(&mut self) -> Option<Gesture> {
        self.pinch = None;
        self.cancel()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::geom::Size;

    fn fit() -> Fit {
        // 2 CSS px per board unit, no offset.
        Fit::new(Size::new(100.0, 100.0), Size::new(200.0, 200.0))
    }

    #[test]
    fn two_fingers_cancel_the_drag_and_pinch_to_zoom() {
        let mut t = GestureTracker::new();
        t.down(1, PointerKind::Touch, Point::new(100.0, 100.0), fit());
        let second = t.down(2, PointerKind::Touch, Point::new(140.0, 100.0), fit());
        assert_eq!(second, Some(Gesture::Cancel));
        // Spreading from 40 to 80 CSS px doubles the zoom about the middle.
        let z = t.moved(2, Point::new(180.0, 100.0), fit());
        assert_eq!(
            z,
            Some(Gesture::Zoom {
                at: Point::new(70.0, 50.0),
                factor: 2.0
            })
        );
        assert_eq!(t.up(1, Point::new(100.0, 100.0), 0.0, fit()), None);
        // The finger left behind makes nothing until it lifts.
        assert_eq!(t.moved(2, Point::new(150.0, 100.0), fit()), None);
        assert_eq!(t.up(2, Point::new(150.0, 100.0), 10.0, fit()), None);
        assert!(matches!(
            t.down(3, PointerKind::Touch, Point::new(10.0, 10.0), fit()),
            Some(Gesture::Press(_))
        ));
    }

    #[test]
    fn wheel_turns_zoom_gently() {
        assert!(wheel_factor(100.0) < 1.0 && wheel_factor(-100.0) > 1.0);
        assert_eq!(wheel_factor(0.0), 1.0);
        assert_eq!(wheel_factor(1e6), 0.5);
    }

    #[test]
    fn small_wobble_is_a_tap_in_board_units() {
        let mut t = GestureTracker::new();
        let p = Point::new(20.0, 40.0);
        assert_eq!(
            t.down(1, PointerKind::Mouse, p, fit()),
            Some(Gesture::Press(Point::new(10.0, 20.0)))
        );
        assert_eq!(t.moved(1, Point::new(21.0, 41.0), fit()), None);
        assert_eq!(
            t.up(1, Point::new(21.0, 41.0), 0.0, fit()),
            Some(Gesture::Tap {
                at: Point::new(10.0, 20.0),
                count: 1
            })
        );
    }

    #[test]
    fn travel_past_threshold_starts_a_drag_then_drops() {
        let mut t = GestureTracker::new();
        t.down(7, PointerKind::Touch, Point::new(0.0, 0.0), fit());
        assert_eq!(
            t.moved(7, Point::new(4.0, 0.0), fit()),
            None,
            "touch slop is 6 px"
        );
        assert!(matches!(
            t.moved(7, Point::new(8.0, 0.0), fit()),
            Some(Gesture::DragStart { .. })
        ));
        assert!(t.is_dragging());
        assert_eq!(
            t.moved(7, Point::new(10.0, 0.0), fit()),
            Some(Gesture::DragMove(Point::new(5.0, 0.0)))
        );
        assert_eq!(
            t.up(7, Point::new(12.0, 0.0), 10.0, fit()),
            Some(Gesture::Drop(Point::new(6.0, 0.0)))
        );
        assert!(!t.is_active());
    }

    #[test]
    fn double_tap_needs_time_and_place() {
        let mut t = GestureTracker::new();
        let p = Point::new(50.0, 50.0);
        t.down(1, PointerKind::Mouse, p, fit());
        t.up(1, p, 1000.0, fit());
        t.down(1, PointerKind::Mouse, p, fit());
        assert!(matches!(
            t.up(1, p, 1200.0, fit()),
            Some(Gesture::Tap { count: 2, .. })
        ));
        // A third tap starts a new pair.
        t.down(1, PointerKind::Mouse, p, fit());
        assert!(matches!(
            t.up(1, p, 1300.0, fit()),
            Some(Gesture::Tap { count: 1, .. })
        ));
        // Too late.
        t.down(1, PointerKind::Mouse, p, fit());
        assert!(matches!(
            t.up(1, p, 2000.0, fit()),
            Some(Gesture::Tap { count: 1, .. })
        ));
    }

    #[test]
    fn second_pointer_cancels_and_foreign_ids_are_ignored() {
        let mut t = GestureTracker::new();
        t.down(1, PointerKind::Touch, Point::default(), fit());
        assert_eq!(t.moved(2, Point::new(50.0, 0.0), fit()), None);
        assert_eq!(t.up(2, Point::new(50.0, 0.0), 0.0, fit()), None);
        assert_eq!(
            t.down(2, PointerKind::Touch, Point::default(), fit()),
            Some(Gesture::Cancel)
        );
        assert!(!t.is_active());
        assert_eq!(t.cancel(), None);
    }

    #[test]
    fn dom_keys_map() {
        assert_eq!(Key::from_dom("ArrowLeft"), Some(Key::Left));
        assert_eq!(Key::from_dom(" "), Some(Key::Space));
        assert_eq!(Key::from_dom("D"), Some(Key::Char('d')));
        assert_eq!(Key::from_dom("Shift"), None);
        assert_eq!(PointerKind::from_dom("pen"), PointerKind::Pen);
    }
}
