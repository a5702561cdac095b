//! The rules-level trait every game's position implements, after shakmaty's
//! `Position`: the legal moves are the single truth, a move is a small `Copy`
//! value with a text notation, and playing one either succeeds or says why not.
//!
//! The shell replays a game's record through this trait (undo, redo, saves),
//! and the perft-style counts in `tests/perft.rs` walk it to pin each game's
//! move generator.

use std::fmt;

/// A seat at the table, counted from 0 in turn order. A solitaire has one.
pub type Seat = usize;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This seat won (in a solitaire, seat 0: the deal came out).
    Won(Seat),
    /// Nobody won: a draw, or a solitaire with no move left.
    Drawn,
}

/// A position in a game, and the rules that move it on.
pub trait Position: Clone {
    /// A move: small, copyable, comparable.
    type Move: Copy + PartialEq + fmt::Debug;
    /// What playing a move did beyond the new position (points scored, cards
    /// turned), for the narration.
    type Effect;
    /// Why a move was refused.
    type Illegal: fmt::Display;

    /// Every legal move, each distinct outcome once; empty once the game is over.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Plays `mv`. On error the position is unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<Self::Effect, Self::Illegal>;

    /// How the game ended, or `None` while it goes on.
    fn ending(&self) -> Option<Ending>;

    /// The seat to move.
    fn to_move(&self) -> Seat;

    /// `mv` in the game's notation, as written from this position.
    fn move_text(&self, mv: Self::Move) -> String;

    /// Reads a move written by [`Position::move_text`] from this position,
    /// checking that it is legal here.
    fn read_move(&self, text: &str) -> Result<Self::Move, BadMoveText>;
}

/// A move's text that does not name a legal move here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMoveText {
    /// The text as given.
    pub text: String,
    /// Why it was refused: not notation, or not legal here.
    pub reason: String,
}

impl BadMoveText {
    /// The text and the reason it was refused.
    pub fn new(text: &str, reason: impl fmt::Display) -> Self {
        BadMoveText {
            text: text.to_owned(),
            reason: reason.to_string(),
        }
    }
}

impl fmt::Display for BadMoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}': {}", self.text, self.reason)
    }
}

impl std::error::Error for BadMoveText {}

/// Reads a move whose notation needs no position (it implements `FromStr`)
/// and checks it with `check`: the usual [`Position::read_move`].
pub fn read_checked<M, E>(
    text: &str,
    check: impl FnOnce(M) -> Result<(), E>,
) -> Result<M, BadMoveText>
where
    M: std::str::FromStr + Copy,
    M::Err: fmt::Display,
    E: fmt::Display,
{
    let mv: M = text.parse().map_err(|e| BadMoveText::new(text, e))?;
    check(mv).map_err(|e| BadMoveText::new(text, e))?;
    Ok(mv)
}

/// The number of move sequences `depth` plies deep from `p` (perft): the
/// count that pins a move generator.
pub fn perft<P: Position>(p: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = p.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = p.clone();
            match next.play(mv) {
                Ok(_) => perft(&next, depth - 1),
                // A listed move that does not play is a bug the count must show.
                Err(_) => u64::MAX / 2,
            }
        })
        .sum()
}

/// Checks what every implementation owes the trait, from `p` and `plies`
/// moves down the first line of play: every listed move plays and reads
/// back from its own text, and a finished game lists no move. For an
/// engine's tests.
///
/// # Panics
///
/// Where `p` breaks the contract, naming the move.
pub fn check_contract<P: Position>(p: &P, plies: usize) {
    let mut p = p.clone();
    for _ in 0..plies {
        let moves = p.legal_moves();
        if p.ending().is_some() {
            assert!(moves.is_empty(), "a finished game lists moves");
        }
        for &mv in &moves {
            let text = p.move_text(mv);
            assert_eq!(p.read_move(&text), Ok(mv), "{text}");
            assert!(p.clone().play(mv).is_ok(), "{text}");
        }
        let Some(&mv) = moves.first() else { return };
        p.play(mv).ok();
    }
}
