//! Card animations: cards glide from where they were drawn to where they
//! belong, and a won game ends with the cards bouncing off the foundations.
//! Pure functions of time, so they are tested natively and never block input.

use super::cards::Card;
use super::view::Layout;
use crate::shell::geom::clamp;
use crate::shell::geom::{Point, Rect};

/// Cards in flight from old positions to new ones.
#[derive(Clone, Debug, Default)]
pub struct Flight {
    from: Vec<Option<(Rect, f64)>>,
    start: Option<f64>,
    duration: f64,
}

fn ease(t: f64) -> f64 {
    // Ease-out cubic: fast start, gentle landing.
    1.0 - (1.0 - t).powi(3)
}

fn lerp(a: Rect, b: Rect, t: f64) -> Rect {
    Rect::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, b.w, b.h)
}

impl Flight {
    /// Cards leaving the given rectangles, each after its delay (ms), taking
    /// `duration` ms. The clock starts at the next [`Flight::start_at`].
    pub fn new(from: impl IntoIterator<Item = (Card, Rect, f64)>, duration: f64) -> Flight {
        let mut slots = vec![None; Card::KINDS];
        for (card, rect, delay) in from {
            slots[card.index()] = Some((rect, delay));
        }
        Flight {
            from: slots,
            start: None,
            duration,
        }
    }

    /// Starts the clock if it has not started.
    pub fn start_at(&mut self, now: f64) {
        self.start.get_or_insert(now);
    }

    /// Where `card`, bound for `to`, is drawn at `now`; `None` once it has landed.
    pub fn rect(&self, card: Card, to: Rect, now: f64) -> Option<Rect> {
        let (from, delay) = (*self.from.get(card.index())?)?;
        let t = match self.start {
            Some(s) => clamp((now - s - delay) / self.duration, 0.0, 1.0),
            None => 0.0,
        };
        (t < 1.0).then(|| lerp(from, to, ease(t)))
    }

    /// Whether every card has landed.
    pub fn done(&self, now: f64) -> bool {
        let longest = self
            .from
            .iter()
            .flatten()
            .map(|&(_, d)| d)
            .fold(0.0, f64::max);
        self.start
            .is_some_and(|s| now - s >= longest + self.duration)
    }
}

/// The win celebration: each card leaves its foundation in turn and bounces
/// across the table.
#[derive(Clone, Debug, Default)]
pub struct Celebration {
    start: Option<f64>,
}

/// How long the celebration lasts, in ms.
pub const CELEBRATION_MS: f64 = 5200.0;

impl Celebration {
    /// Starts the clock if it has not started.
    pub fn start_at(&mut self, now: f64) {
        self.start.get_or_insert(now);
    }

    /// Whether it is over.
    pub fn done(&self, now: f64) -> bool {
        self.start.is_some_and(|s| now - s >= CELEBRATION_MS)
    }

    /// Whether the card has left its foundation by `now`.
    pub fn launched(&self, card: Card, now: f64) -> bool {
        self.start.is_some_and(|s| now - s >= card_delay(card))
    }

    /// Where the card is at `now`, or `None` if it has not left yet or has gone.
    pub fn rect(&self, card: Card, layout: &Layout, now: f64) -> Option<Rect> {
        let t = now - self.start? - card_delay(card);
        if t < 0.0 {
            return None;
        }
        let origin = layout.slot(super::rules::Pile::Foundation(card.suit().into()));
        let seed = card.index() as f64;
        let vx = (if card.index().is_multiple_of(2) {
            -1.0
        } else {
            1.0
        }) * (0.18 + (seed * 0.37) % 0.25);
        let floor = layout.board.h - origin.h;
        let g = 0.0012;
        // Bounce: each arc loses a fifth of its height.
        let mut y0 = origin.y;
        let mut vy = -0.25 - (seed * 0.13) % 0.2;
        let mut left = t;
        let mut y = y0;
        for _ in 0..12 {
            let t_floor = (-vy + (vy * vy + 2.0 * g * (floor - y0)).sqrt()) / g;
            if left <= t_floor {
                y = y0 + vy * left + 0.5 * g * left * left;
                break;
            }
            left -= t_floor;
            y0 = floor;
            vy = -(vy + g * t_floor) * 0.8;
            y = floor;
        }
        let x = origin.x + vx * t;
        (x > -origin.w && x < layout.board.w).then(|| Rect::new(x, y, origin.w, origin.h))
    }
}

fn card_delay(card: Card) -> f64 {
    // Kings first, suit by suit, as the foundations empty from the top.
    let from_top = 13 - usize::from(card.rank().value());
    (from_top * 4 + card.suit().index()) as f64 * 70.0
}

/// A point between two, for tests and callers that animate single points.
pub fn mix(a: Point, b: Point, t: f64) -> Point {
    Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::geom::Size;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn a_flight_goes_from_old_to_new_and_lands() {
        let a = Rect::new(0.0, 0.0, 10.0, 10.0);
        let b = Rect::new(100.0, 50.0, 10.0, 10.0);
        let mut f = Flight::new([(card("AS"), a, 0.0), (card("2S"), a, 100.0)], 200.0);
        assert_eq!(f.rect(card("AS"), b, 5.0), Some(a), "waits for the clock");
        f.start_at(1000.0);
        f.start_at(2000.0);
        let mid = f.rect(card("AS"), b, 1100.0).unwrap();
        assert!(
            mid.x > 50.0 && mid.x < 100.0,
            "eased past half way: {mid:?}"
        );
        assert_eq!(f.rect(card("AS"), b, 1200.0), None, "landed");
        assert_eq!(f.rect(card("2S"), b, 1100.0), Some(a), "staggered");
        assert_eq!(f.rect(card("3S"), b, 1100.0), None, "not flying");
        assert!(!f.done(1250.0));
        assert!(f.done(1300.0));
    }

    #[test]
    fn the_celebration_stays_on_the_board_and_ends() {
        let layout = Layout::new(Size::new(1000.0, 700.0), 7, 4);
        let mut c = Celebration::default();
        c.start_at(0.0);
        for card in Card::deck() {
            for t in (0..5000).step_by(97) {
                if let Some(r) = c.rect(card, &layout, f64::from(t)) {
                    assert!(r.y <= layout.board.h - r.h + 1e-6, "{card} at {t}: {r:?}");
                    assert!(r.y > -layout.board.h, "{card} at {t}: {r:?}");
                }
            }
        }
        assert!(
            c.rect(card("KC"), &layout, 10.0).is_some(),
            "kings leave first"
        );
        assert!(c.rect(card("AS"), &layout, 10.0).is_none());
        assert!(c.done(CELEBRATION_MS));
    }
}
