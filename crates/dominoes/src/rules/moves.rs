//! Tiles on the board, moves, why a move is refused, what it scores, how a hand ends.

use super::*;

/// A tile on the board: its cell, and the turn that puts its values on the
/// cell's sides (or corners) in [`Cell::vertices`] order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    /// The tile.
    pub tile: Tile,
    /// Where it lies.
    pub cell: Cell,
    /// How far it is turned (0–2).
    pub turn: u8,
}

impl Placed {
    /// The value on the cell's side `i` (or at its vertex `i` in Tri-Ominos).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub fn value(&self, i: usize) -> u8 {
        self.tile.turned(self.turn)[i % 3]
    }

    /// The two values at vertex `i`: the sides before and after it, sorted.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub fn corner_pair(&self, i: usize) -> [u8; 2] {
        let (a, b) = (self.value(i + 2), self.value(i));
        [a.min(b), a.max(b)]
    }
}

/// A move: lay a tile, draw from the boneyard, or pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Lay a tile.
    Place(Placement),
    /// Take a tile from the boneyard.
    Draw,
    /// Pass the turn.
    Pass,
}

/// Laying a tile, with the two numbers declared for a corner-to-corner play in Star.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Where and how.
    pub at: Placed,
    /// Star: the two numbers at the meeting corner, low first.
    pub corner: Option<[u8; 2]>,
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The hand is over.
    HandOver,
    /// The player does not hold the tile.
    NotInHand(Tile),
    /// The cell is taken.
    Occupied(Cell),
    /// The first tile must be this one.
    MustLead(Tile),
    /// The first tile goes on cell 0,0u.
    LeadCell,
    /// The tile touches nothing it may touch.
    NotTouching(String),
    /// A touching side or corner does not match.
    Mismatch(String),
    /// A corner play without the right declaration.
    Declaration(String),
    /// Drawing or passing while a tile can be laid, or drawing with nothing to draw.
    MustPlay(String),
    /// A turn value above 2.
    BadTurn,
    /// The next hand is dealt only once the hand in play has ended.
    HandInPlay,
    /// The match is over: no hand follows.
    MatchOver,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::HandOver => f.write_str("the hand is over"),
            PlayError::NotInHand(t) => write!(f, "{t} is not in the player's hand"),
            PlayError::Occupied(c) => write!(f, "cell {} already holds a tile", cell_text(*c)),
            PlayError::MustLead(t) => write!(f, "the hand opens with {t}"),
            PlayError::LeadCell => f.write_str("the first tile goes on cell 0,0u"),
            PlayError::NotTouching(s)
            | PlayError::Mismatch(s)
            | PlayError::Declaration(s)
            | PlayError::MustPlay(s) => f.write_str(s),
            PlayError::BadTurn => f.write_str("a tile turns 0, 1 or 2 steps"),
            PlayError::HandInPlay => f.write_str("the hand is still in play"),
            PlayError::MatchOver => f.write_str("the match is over"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A cell in the notation: `q,r` and `u` or `d`.
pub fn cell_text(c: Cell) -> String {
    format!("{},{}{}", c.q, c.r, if c.up { 'u' } else { 'd' })
}

/// One line of a play's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Award {
    /// Star: the new tile and a tile it meets make a multiple of five.
    Meeting {
        /// The tile met.
        with: Tile,
        /// Both tiles' pips (the boss as the rules take it).
        sum: u32,
    },
    /// Tri-Ominos: the tile's corners.
    Corners(u32),
    /// Tri-Ominos: opening with a triple.
    Opening,
    /// Tri-Ominos: a hexagon closed.
    Hexagon,
    /// Tri-Ominos: a bridge.
    Bridge,
    /// Tri-Ominos: a tile drawn.
    Drew,
    /// Tri-Ominos: a pass.
    Passed,
}

impl Award {
    /// The points.
    pub fn points(self) -> i32 {
        match self {
            Award::Meeting { sum, .. } => sum as i32,
            Award::Corners(n) => n as i32,
            Award::Opening => 10,
            Award::Hexagon => 50,
            Award::Bridge => 40,
            Award::Drew => -5,
            Award::Passed => -10,
        }
    }
}

impl fmt::Display for Award {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Award::Meeting { with, sum } => write!(f, "with {with}: {sum}"),
            Award::Corners(n) => write!(f, "corners {n}"),
            Award::Opening => f.write_str("opening triple +10"),
            Award::Hexagon => f.write_str("hexagon +50"),
            Award::Bridge => f.write_str("bridge +40"),
            Award::Drew => f.write_str("drew −5"),
            Award::Passed => f.write_str("passed −10"),
        }
    }
}

/// What a move did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// The score lines, in order.
    pub awards: Vec<Award>,
    /// Star: a corner play earns the same player another move.
    pub extra_move: bool,
}

impl Effect {
    /// The move's points.
    pub fn points(&self) -> i32 {
        self.awards.iter().map(|a| a.points()).sum()
    }
}

/// How a hand ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// A player laid their last tile.
    Domino {
        /// Who.
        seat: usize,
        /// Points for the pips left in the other hands (and 25 in Tri-Ominos).
        points: i32,
    },
    /// Nobody could play.
    Blocked {
        /// The lowest hand, unless two tied for it.
        seat: Option<usize>,
        /// Its points: the difference to each other hand.
        points: i32,
    },
}
