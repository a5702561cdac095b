//! Phutball (Philosopher's Football).
//!
//! [`rules`] holds the position, moves and every rule option, [`contest`] a
//! game from its start (the draws by repetition and the move cap);
//! [`notation`] reads and writes moves; [`finder`] lists the wins in one;
//! [`ai`] is the computer; [`settings`] the typed options; `view` draws the
//! Go-style board; [`input`] maps taps, drags and keys to moves; [`def`]
//! declares the game to the shell, which hosts it as [`Phutball`].

pub mod ai;
mod board;
pub mod contest;
pub mod def;
pub mod finder;
pub mod geometry;
pub mod input;
mod kind;
pub mod notation;
pub mod position_format;
pub mod puzzle;
pub mod record;
pub mod rules;
pub mod settings;
pub mod tactics;
mod view;

pub use board::{BadPoint, Dims, Pt};
pub use def::PhutballDef;
pub use view::{Geometry, SPACING};

use crate::shell::driver::Shell;
use rules::{Position, Side};
use serde::{Deserialize, Serialize};

/// A game of Phutball, hosted by the shell.
pub type Phutball = Shell<PhutballDef>;

/// A starting position other than the empty board: the ball, the men and
/// who moves first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The ball's point.
    pub ball: Pt,
    /// The men, in any order.
    pub men: Vec<Pt>,
    /// Who moves first.
    pub to_move: Side,
}

impl Setup {
    /// The setup of a position.
    pub fn of(p: &Position) -> Setup {
        Setup {
            ball: p.ball,
            men: p.men.iter().collect(),
            to_move: p.to_move,
        }
    }

    /// Lays the setup out under `options`, checking every point.
    pub fn position(&self, options: rules::Options) -> Result<Position, String> {
        let mut p = Position::start(options);
        let dims = options.dims;
        dims.check_ball(self.ball)?;
        p.ball = self.ball;
        p.to_move = self.to_move;
        for &m in &self.men {
            if !dims.is_playing(m) || m == self.ball || p.men.has(m) {
                return Err(format!(
                    "a man on {m} is off the playing rows, on the ball, or listed twice"
                ));
            }
            p.men.set(m);
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests;

/// Shorthands for writing positions in tests.
#[cfg(test)]
pub(crate) mod fixtures {
    use super::rules::{Options, Position};

    /// A default-board position: the ball and the men by their point names, Ohs to move.
    pub fn position(ball: &str, men: &str) -> Position {
        let mut p = Position::start(Options::default());
        p.ball = ball.parse().expect("a point");
        for m in men.split_whitespace() {
            p.men.set(m.parse().expect("a point"));
        }
        p
    }
}
