//! A game in a link: its start, when not the deal's own, and its moves in
//! the game's own notation. The page frames and checks these bytes
//! (`host::link`); here they are written from the game and read back
//! through the rules, like a record.
//!
//! The moves go as notation, not as their places among the legal moves: a
//! place needs every legal move listed, and Phutball's jumps on a crowded
//! board are too many to list (the fuzzer found links that took seconds).

use super::Shell;
use crate::shell::codec::StateError;
use crate::shell::def::{Dealt, Event, GameDef, Loaded};
use serde::{Deserialize, Serialize};

/// The most moves a link holds: more than any game of these three.
pub const MAX_LINK_MOVES: usize = 4000;

/// What a link's body holds. The start is kept as its own postcard bytes,
/// so that reading the body is one piece of code for every game.
#[derive(Serialize, Deserialize)]
struct Body {
    start: Vec<u8>,
    /// The moves as the record writes them, one space between.
    moves: String,
}

/// Checks a link's body as the receiving page reads it, before any move
/// is played: it decodes, and holds at most [`MAX_LINK_MOVES`] moves.
pub fn check_link_body(bytes: &[u8]) -> Result<(), StateError> {
    read_body(bytes).map(|_| ())
}

/// Reads a body, bounded: the part every game shares.
fn read_body(bytes: &[u8]) -> Result<(Vec<u8>, Vec<String>), StateError> {
    let cut = || StateError("the game in the link does not decode".into());
    let (body, rest) = postcard::take_from_bytes::<Body>(bytes).map_err(|_| cut())?;
    if !rest.is_empty() {
        return Err(cut());
    }
    let moves: Vec<String> = body.moves.split_whitespace().map(str::to_owned).collect();
    if moves.len() > MAX_LINK_MOVES {
        return Err(StateError(format!(
            "the link holds {} moves, more than any game",
            moves.len()
        )));
    }
    Ok((body.start, moves))
}

impl<D: GameDef> Shell<D> {
    /// The game as a link's body (postcard bytes): the start and every
    /// move, with the moves still to replay when links replay.
    pub(crate) fn link_body(&self) -> Vec<u8> {
        let t = &self.table;
        let mut moves = t.moves.clone();
        if D::LINK_REPLAYS {
            moves.extend(t.undone.iter().rev().cloned());
        }
        postcard::to_allocvec(&Body {
            start: postcard::to_allocvec(&t.start).unwrap_or_default(),
            moves: moves.join(" "),
        })
        .unwrap_or_default()
    }

    /// Replaces this game by the one in a link's body, dealt from this
    /// game's seed under its settings: every move is checked against the
    /// rules, as a record's are. Returns how many moves it played.
    pub(crate) fn open_link_body(&mut self, bytes: &[u8]) -> Result<usize, StateError> {
        let (start, moves) = read_body(bytes)?;
        let start: D::Start = postcard::from_bytes(&start)
            .map_err(|_| StateError("the start in the link does not decode".into()))?;
        let n = moves.len();
        let (seed, settings) = (self.table.seed, self.table.settings.clone());
        let loaded = Loaded {
            seed: Some(seed),
            settings,
            start,
            moves,
        };
        let mut next = Self::from_loaded(seed, loaded)?;
        if D::LINK_REPLAYS {
            let t = &mut next.table;
            t.position = D::setup(&t.settings, seed, &t.start).map_err(StateError)?;
            // Taken back, last first: Redo plays them again in order.
            t.undone = std::mem::take(&mut t.moves);
            t.undone.reverse();
        }
        let began = self.table.began();
        self.table.count(None, Event::Left { began });
        self.replace(next, Dealt::Restored);
        Ok(n)
    }
}
