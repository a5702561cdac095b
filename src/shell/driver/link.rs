//! A game in a link: its start, when not the deal's own, and its moves as
//! small numbers, each the move's place among the legal moves where it was
//! played. The page frames and checks these bytes (`host::link`); here they
//! are written from the game and played back through the rules.

use super::Shell;
use crate::shell::def::{Dealt, Event, GameDef, Loaded};
use crate::shell::game::StateError;
use crate::shell::position::Position;
use crate::shell::record::{split_mark, walk, BY_GAME};
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

/// The most moves a link holds: more than any game of these three.
pub const MAX_LINK_MOVES: usize = 4000;

/// What a link's body holds. The start is kept as its own postcard bytes,
/// so that reading the body is one piece of code for every game.
#[derive(Serialize, Deserialize)]
struct Body {
    start: Vec<u8>,
    /// Each move: its index among the legal moves, times two, plus one when
    /// the game made it by itself.
    moves: Vec<u32>,
}

/// Reads a body, bounded: the part every game shares.
fn read_body(bytes: &[u8]) -> Result<Body, StateError> {
    let cut = || StateError("the game in the link does not decode".into());
    let (body, rest) = postcard::take_from_bytes::<Body>(bytes).map_err(|_| cut())?;
    if !rest.is_empty() {
        return Err(cut());
    }
    if body.moves.len() > MAX_LINK_MOVES {
        return Err(StateError(format!(
            "the link holds {} moves, more than any game",
            body.moves.len()
        )));
    }
    Ok(body)
}

/// Why a link's move did not replay: its number and the reason.
fn bad_move(i: usize, why: &str) -> StateError {
    StateError(format!("move {}: {why}", i + 1))
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
        let mut codes = Vec::with_capacity(moves.len());
        // The moves were checked as they were played: each is legal where it stands.
        let _ = walk::<D>(
            &t.settings,
            t.seed,
            &t.start,
            &moves,
            None,
            &mut |i, p, by_game| {
                let (notation, _) = split_mark(&moves[i]);
                let place = p
                    .read_move(notation)
                    .ok()
                    .and_then(|mv| p.legal_moves().iter().position(|m| *m == mv));
                match place {
                    Some(n) => {
                        codes.push((n as u32) << 1 | u32::from(by_game));
                        ControlFlow::Continue(())
                    }
                    None => ControlFlow::Break(()),
                }
            },
        );
        postcard::to_allocvec(&Body {
            start: postcard::to_allocvec(&t.start).unwrap_or_default(),
            moves: codes,
        })
        .unwrap_or_default()
    }

    /// The moves that `codes` stand for from `start`, as the game writes
    /// them; or the failing move's index and why.
    fn texts_of(&self, start: &D::Start, codes: &[u32]) -> Result<Vec<String>, (usize, String)> {
        let t = &self.table;
        let mut p = D::setup(&t.settings, t.seed, start).map_err(|e| (0, e))?;
        let mut texts = Vec::with_capacity(codes.len());
        for (i, code) in codes.iter().enumerate() {
            let legal = p.legal_moves();
            let Some(&mv) = legal.get((code >> 1) as usize) else {
                return Err((i, format!("not one of the {} legal there", legal.len())));
            };
            let mut text = p.move_text(mv);
            if code & 1 == 1 {
                text.push(BY_GAME);
            }
            p.play(mv).map_err(|e| (i, e.to_string()))?;
            texts.push(text);
        }
        Ok(texts)
    }

    /// Replaces this game by the one in a link's body, dealt from this
    /// game's seed under its settings: every move is checked against the
    /// rules. Returns how many moves it played.
    pub(crate) fn open_link_body(&mut self, bytes: &[u8]) -> Result<usize, StateError> {
        let body = read_body(bytes)?;
        let start: D::Start = postcard::from_bytes(&body.start)
            .map_err(|_| StateError("the start in the link does not decode".into()))?;
        let texts = self
            .texts_of(&start, &body.moves)
            .map_err(|(i, why)| bad_move(i, &why))?;
        let n = texts.len();
        let (seed, settings) = (self.table.seed, self.table.settings.clone());
        // from_loaded checks the marks of moves made by the game itself.
        let mut next = Self::from_loaded(
            seed,
            Loaded {
                seed: Some(seed),
                settings,
                start,
                moves: texts,
            },
        )?;
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
