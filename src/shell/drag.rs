//! One drag model for every game, after lichess's chessground: the shell
//! owns the drag itself (what was picked up, where it was held, where the
//! pointer is, the flight back when a drop is refused or cancelled); the
//! game answers what can be picked up at a point
//! ([`GameDef::grab`](crate::shell::def::GameDef::grab)), what it shows as
//! the piece moves ([`GameDef::drag_over`](crate::shell::def::GameDef::drag_over))
//! and what dropping it plays ([`GameDef::drop`](crate::shell::def::GameDef::drop)).
//! The drag threshold and taps are told apart before, by
//! [`GestureTracker`](crate::shell::input::GestureTracker).

use crate::shell::geom::clamp;
use crate::shell::geom::Point;

/// How long a refused piece takes to fly home.
pub const FLY_BACK_MS: f64 = 180.0;

/// What a game hands the shell when something can be picked up.
#[derive(Clone, Debug, PartialEq)]
pub struct Grip<P> {
    /// What was picked up (cards from a pile, a tile from the hand).
    pub piece: P,
    /// Where the piece lies: the point of it that follows the pointer (a
    /// card's corner, a tile's centre).
    pub home: Point,
}

/// A piece in the hand, as the game's view and input mapping see it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lift<'a, P> {
    /// What is held.
    pub piece: &'a P,
    /// Where the pointer is.
    pub at: Point,
    /// Where the piece's home point is drawn now: it keeps the offset at
    /// which it was gripped, and glides home after a refused drop.
    pub ghost: Point,
    /// The piece is flying home: the drop was refused or cancelled.
    pub returning: bool,
}

#[derive(Clone, Debug, PartialEq)]
enum Phase {
    /// Pressed: a tap or a drag follows.
    Pressed,
    /// Past the threshold, following the pointer.
    Moving,
    /// Flying home from `from`, since the frame time `since` (set by the
    /// first frame after the release).
    Returning { from: Point, since: Option<f64> },
}

/// The shell's drag: at most one piece at a time.
#[derive(Clone, Debug, PartialEq)]
pub struct Drag<P> {
    grip: Grip<P>,
    /// The pointer's offset from the piece's home when it was pressed.
    offset: Point,
    at: Point,
    phase: Phase,
}

impl<P> Drag<P> {
    /// A press at `at` on the piece of `grip`.
    pub fn press(grip: Grip<P>, at: Point) -> Self {
        let offset = Point::new(at.x - grip.home.x, at.y - grip.home.y);
        Drag {
            grip,
            offset,
            at,
            phase: Phase::Pressed,
        }
    }

    /// The press became a drag, now at `at`.
    pub fn start(&mut self, at: Point) {
        self.at = at;
        self.phase = Phase::Moving;
    }

    /// The pointer moved to `at`.
    pub fn move_to(&mut self, at: Point) {
        self.at = at;
    }

    /// Whether the piece follows the pointer.
    pub fn moving(&self) -> bool {
        self.phase == Phase::Moving
    }

    /// Whether the piece is flying home.
    pub fn returning(&self) -> bool {
        matches!(self.phase, Phase::Returning { .. })
    }

    /// Where the piece's home point follows the pointer.
    fn held_at(&self) -> Point {
        Point::new(self.at.x - self.offset.x, self.at.y - self.offset.y)
    }

    /// Sends the piece home from where it is drawn.
    pub fn fly_back(&mut self) {
        let from = self.held_at();
        self.phase = Phase::Returning { from, since: None };
    }

    /// Advances the flight home to the frame time `now`; false once home.
    pub fn fly(&mut self, now: f64) -> bool {
        match &mut self.phase {
            Phase::Returning { since, .. } => now - *since.get_or_insert(now) < FLY_BACK_MS,
            _ => true,
        }
    }

    /// The piece as the game sees it at the frame time `now`; `None` while
    /// it is only pressed.
    pub fn lift(&self, now: f64) -> Option<Lift<'_, P>> {
        let ghost = match &self.phase {
            Phase::Pressed => return None,
            Phase::Moving => self.held_at(),
            Phase::Returning { from, since } => {
                let t = since.map_or(0.0, |s| clamp((now - s) / FLY_BACK_MS, 0.0, 1.0));
                // Ease out: fast at first, settling into place.
                let e = 1.0 - (1.0 - t) * (1.0 - t);
                let home = self.grip.home;
                Point::new(
                    from.x + (home.x - from.x) * e,
                    from.y + (home.y - from.y) * e,
                )
            }
        };
        Some(Lift {
            piece: &self.grip.piece,
            at: self.at,
            ghost,
            returning: self.returning(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drag() -> Drag<u8> {
        Drag::press(
            Grip {
                piece: 7,
                home: Point::new(10.0, 10.0),
            },
            Point::new(12.0, 15.0),
        )
    }

    #[test]
    fn a_press_shows_nothing_until_it_moves_and_the_grip_is_kept() {
        let mut d = drag();
        assert_eq!(d.lift(0.0), None);
        d.start(Point::new(50.0, 60.0));
        let l = d.lift(0.0).expect("moving");
        assert_eq!((*l.piece, l.at), (7, Point::new(50.0, 60.0)));
        assert_eq!(l.ghost, Point::new(48.0, 55.0));
        assert!(!l.returning);
    }

    #[test]
    fn a_refused_piece_flies_home_and_lands() {
        let mut d = drag();
        d.start(Point::new(112.0, 15.0));
        d.fly_back();
        assert!(d.fly(1000.0));
        assert_eq!(
            d.lift(1000.0).map(|l| l.ghost),
            Some(Point::new(110.0, 10.0))
        );
        let half = d.lift(1000.0 + FLY_BACK_MS / 2.0).expect("flying").ghost;
        assert!(half.x > 10.0 && half.x < 60.0, "{half:?}");
        assert!(!d.fly(1000.0 + FLY_BACK_MS));
        assert_eq!(
            d.lift(1000.0 + FLY_BACK_MS).map(|l| l.ghost),
            Some(Point::new(10.0, 10.0))
        );
    }
}
