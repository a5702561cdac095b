//! Philosopher's Football, the game of Berlekamp, Conway and Guy's
//! *Winning Ways*, on its 19×15 board, a 19×19 Go board or the smaller
//! teaching boards, with every rule option: no screen, no clock, no page.
//!
//! - [`rules`]: the position, moves (a man placed, or a chain of jumps),
//!   legality with a typed [`rules::MoveError`], and the goal;
//! - [`contest`]: a game from its first move, which implements the
//!   rules-level [`Position`](parlour_kit::position::Position) trait (the
//!   draw by repetition, the move cap, the end);
//! - [`notation`]: moves as text (`H10`, `H10-H12-K12`), both ways;
//! - [`finder`]: every chain that wins in one, within a budget;
//! - [`ai`]: the computer opponent at its levels, a search run in slices;
//! - [`puzzle`]: the daily win-in-one puzzles.
//!
//! ```
//! use parlour_kit::position::Position as _;
//! use parlour_phutball::contest::Contest;
//! use parlour_phutball::finder::{find_wins, Wins};
//! use parlour_phutball::fixtures::position;
//! use parlour_phutball::rules::Options;
//!
//! // The legal moves are the single truth: a man on any empty point.
//! let game = Contest::new(Options::default());
//! assert!(!game.legal_moves().is_empty());
//!
//! // The ball on H18 with men on H19: Ohs, to move, jump into the goal.
//! let p = position("H18", "H19");
//! assert!(matches!(find_wins(&p, 10_000).wins, Wins::Found(_)));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ai;
mod board;
pub mod contest;
pub mod finder;
pub mod notation;
pub mod puzzle;
pub mod rules;

pub use board::{BadPoint, Dims, Pt};

use rules::{Position, Side};
use serde::{Deserialize, Serialize};

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

/// Shorthands for writing positions in tests and examples.
pub mod fixtures {
    use super::finder::{find_wins, AI_STATES};
    use super::rules::{Options, Position, Side};
    use super::Pt;
    use parlour_kit::rng::Seed;
    use std::ops::RangeInclusive;

    /// A default-board position: the ball and the men by their point names,
    /// Ohs to move.
    ///
    /// # Panics
    ///
    /// On a name that is not a point of the board.
    pub fn position(ball: &str, men: &str) -> Position {
        let mut p = Position::start(Options::default());
        p.ball = ball.parse().expect("a point");
        for m in men.split_whitespace() {
            p.men.set(m.parse().expect("a point"));
        }
        p
    }

    /// A board crowded in the shape that once froze the page: men in a
    /// lattice on `rows` (on the points of even column and row, and on
    /// every other point of odd column and row: about 110 over the whole
    /// 19×15 board), the ball on `ball` among them, `side` to move.
    pub fn lattice(ball: Pt, side: Side, rows: RangeInclusive<u8>) -> Position {
        let mut p = Position::start(Options::default());
        let dims = p.options.dims;
        for row in rows {
            for col in 0..dims.cols {
                let odd = col % 2 == 1 && row % 2 == 1 && (col / 2 + row / 2) % 2 == 0;
                if (col % 2 == 0 && row % 2 == 0) || odd {
                    p.men.set(Pt { col, row });
                }
            }
        }
        p.ball = ball;
        p.men.clear(ball);
        p.to_move = side;
        p
    }

    /// Whether the side to move of `p` has a goal in one, as far as the
    /// computer's check finds.
    fn scores(p: &Position) -> bool {
        !find_wins(p, AI_STATES).wins.chains().is_empty()
    }

    /// Boards crowded with men where the side to move has no goal in one,
    /// so that a computer has all its work to do: `(threatened, quiet)`, at
    /// most `each` of each kind. Threatened, the opponent has a goal in one
    /// (a strong level sifts every placement for the blocks); quiet,
    /// neither side has (the greedy level weighs every candidate). From
    /// lattices over either half of the board with the ball in its middle
    /// rows, then seeded boards with men on 30 to 90% of the points.
    pub fn crowded_boards(each: usize) -> (Vec<Position>, Vec<Position>) {
        let (mut threatened, mut quiet) = (Vec::new(), Vec::new());
        let dims = Options::default().dims;
        let halves = [1..=11, 9..=19, 1..=13, 7..=19];
        let lattices = halves.into_iter().flat_map(move |rows| {
            (8..=12).flat_map(move |row| {
                let rows = rows.clone();
                (0..dims.cols).flat_map(move |col| {
                    let rows = rows.clone();
                    [Side::Ohs, Side::Eks].map(|side| lattice(Pt { col, row }, side, rows.clone()))
                })
            })
        });
        let seeded = (1..400u64).map(|seed| {
            let mut p = Position::crowded(Options::default(), Seed(seed), 30 + seed % 7 * 10);
            if seed % 2 == 0 {
                p.to_move = p.to_move.other();
            }
            p
        });
        for p in lattices.chain(seeded) {
            if threatened.len() >= each && quiet.len() >= each {
                break;
            }
            if !p.ball_can_jump() || scores(&p) {
                continue;
            }
            let kind = if scores(&p.turned()) {
                &mut threatened
            } else {
                &mut quiet
            };
            if kind.len() < each {
                kind.push(p);
            }
        }
        (threatened, quiet)
    }
}
