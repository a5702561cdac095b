//! The record of a game: what is saved, and the walk that replays moves
//! through the rules (for loading, undo and a game's own look back).

use crate::shell::codec::StateError;
use crate::shell::codec::{state_from_bytes, text_to_bytes};
use crate::shell::daily::{Dailies, Day};
use crate::shell::def::{GameDef, View};
use crate::shell::options::OptionText;
use crate::shell::position::Position;
use crate::util::rng::Seed;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

/// What is saved: the deal, the settings, the start, the moves in notation,
/// the game's clock, and the daily games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Record<S, T> {
    pub(crate) seed: Seed,
    pub(crate) options: OptionText,
    pub(crate) start: S,
    pub(crate) moves: Vec<String>,
    pub(crate) undone: Vec<String>,
    /// What the game keeps across games (nothing, for some: no bytes).
    pub(crate) stats: T,
    /// Milliseconds played.
    pub(crate) elapsed_ms: f64,
    /// The day whose daily game this is, if it is one.
    pub(crate) daily: Option<Day>,
    /// The daily games won.
    pub(crate) dailies: Dailies,
}

/// What a record of save format 5 lacks at its end, in postcard bytes:
/// no daily game (`None`) and no daily game won (no runs).
const SINCE_V5: [u8; 2] = [0; 2];

/// What a record of save format 4 lacks at its end: no time played (an
/// `f64` zero is eight zero bytes), then what format 5 lacks.
const SINCE_V4: [u8; 10] = [0; 10];

impl<S: serde::de::DeserializeOwned, T: serde::de::DeserializeOwned> Record<S, T> {
    /// Reads a saved record of this format or of formats 5 and 4: an older
    /// record is this one cut short, the fields added since missing from its
    /// end, so it reads with their defaults' bytes put back.
    pub(crate) fn read(text: &str) -> Result<Self, StateError> {
        let bytes = text_to_bytes(text)?;
        let now = state_from_bytes(&bytes);
        let Err(e) = now else { return now };
        [&SINCE_V5[..], &SINCE_V4[..]]
            .iter()
            .find_map(|tail| state_from_bytes(&[&bytes[..], tail].concat()).ok())
            .ok_or(e)
    }
}

/// The mark the record puts after a move the game made by itself.
pub(crate) const BY_GAME: char = '*';

/// A recorded move's notation, and whether the game made it by itself.
pub(crate) fn split_mark(text: &str) -> (&str, bool) {
    match text.strip_suffix(BY_GAME) {
        Some(notation) => (notation, true),
        None => (text, false),
    }
}

/// A recorded move's notation and whether the game made it by itself,
/// refusing the mark from a game that never makes a move by itself.
pub(crate) fn read_mark<D: GameDef>(text: &str) -> Result<(&str, bool), String> {
    match split_mark(text) {
        (_, true) if !D::MAKES_MOVES_ITSELF => Err(format!(
            "this game makes no move by itself (the '{BY_GAME}')"
        )),
        read => Ok(read),
    }
}

/// What a [`walk`] calls before each move: the move's index, the position,
/// whether the game made the move itself.
pub(crate) type Visit<'a, P> = &'a mut dyn FnMut(usize, &P, bool) -> ControlFlow<()>;

/// The position after `moves` from the start that `settings`, `seed` and
/// `start` give, every move read and played through the rules; `visit` sees
/// each position before its move (the move's index, the position, whether
/// the game made the move itself) and may end the walk there. With
/// `written`, each move is also written there as the game writes it (a
/// record from outside may spell a move otherwise: `h10` for `H10`).
/// Returns the position the walk ended at. (`visit` is a trait object: one
/// copy of the walk per game serves every caller.)
pub(crate) fn walk<D: GameDef>(
    settings: &D::Settings,
    seed: Seed,
    start: &D::Start,
    moves: &[String],
    mut written: Option<&mut Vec<String>>,
    visit: Visit<'_, D::Position>,
) -> Result<D::Position, StateError> {
    let mut p = D::setup(settings, seed, start).map_err(StateError)?;
    for (i, text) in moves.iter().enumerate() {
        let (notation, by_game) = read_mark::<D>(text.trim())
            .map_err(|e| StateError(format!("move {} ({text}): {e}", i + 1)))?;
        if visit(i, &p, by_game).is_break() {
            break;
        }
        let mv = p
            .read_move(notation)
            .map_err(|e| StateError(format!("move {} ({text}): {}", i + 1, e.reason)))?;
        if let Some(out) = written.as_deref_mut() {
            let mut t = p.move_text(mv);
            if by_game {
                t.push(BY_GAME);
            }
            out.push(t);
        }
        p.play(mv)
            .map_err(|e| StateError(format!("move {} ({text}): {e}", i + 1)))?;
    }
    Ok(p)
}

/// [`walk`] with nothing to visit.
pub(crate) fn replay<D: GameDef>(
    settings: &D::Settings,
    seed: Seed,
    start: &D::Start,
    moves: &[String],
) -> Result<D::Position, StateError> {
    walk::<D>(settings, seed, start, moves, None, &mut |_, _, _| {
        ControlFlow::Continue(())
    })
}

/// [`replay`], also returning the moves as the game writes them.
pub(crate) fn replay_canonical<D: GameDef>(
    settings: &D::Settings,
    seed: Seed,
    start: &D::Start,
    moves: &[String],
) -> Result<(D::Position, Vec<String>), StateError> {
    let mut written = Vec::with_capacity(moves.len());
    let p = walk::<D>(
        settings,
        seed,
        start,
        moves,
        Some(&mut written),
        &mut |_, _, _| ControlFlow::Continue(()),
    )?;
    Ok((p, written))
}

impl<D: GameDef> View<'_, D> {
    /// The position after the game's first `k` moves, replayed (`None` if
    /// there are fewer, or they no longer replay): what a player looking
    /// back over the game sees.
    pub fn position_after(&self, k: usize) -> Option<D::Position> {
        replay::<D>(self.settings, self.seed, self.start, self.moves.get(..k)?).ok()
    }

    /// Calls `visit` with every position of the game so far: the start,
    /// then the position after each move.
    pub fn replayed(&self, mut visit: impl FnMut(&D::Position)) {
        let end = walk::<D>(
            self.settings,
            self.seed,
            self.start,
            self.moves,
            None,
            &mut |_, p, _| {
                visit(p);
                ControlFlow::Continue(())
            },
        );
        if let Ok(p) = end {
            visit(&p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::codec::state_to_text;

    /// A record as format 4 wrote it.
    #[derive(Serialize)]
    struct Old {
        seed: Seed,
        options: OptionText,
        start: (),
        moves: Vec<String>,
        undone: Vec<String>,
        stats: u32,
    }

    /// A record as format 5 wrote it.
    #[derive(Serialize)]
    struct Old5 {
        old: Old,
        elapsed_ms: f64,
    }

    #[test]
    fn a_record_of_format_5_reads_with_no_daily_game() {
        let old = Old5 {
            old: Old {
                seed: Seed(7),
                options: OptionText::defaults(&[]),
                start: (),
                moves: vec!["a".into()],
                undone: vec![],
                stats: 3,
            },
            elapsed_ms: 2500.0,
        };
        let rec = Record::<(), u32>::read(&state_to_text(&old)).expect("a record of format 5");
        assert_eq!((rec.moves.len(), rec.stats, rec.elapsed_ms), (1, 3, 2500.0));
        assert_eq!((rec.daily, rec.dailies), (None, Dailies::default()));
        let mut won = Dailies::default();
        won.win(Day(20_000));
        let now = Record {
            daily: Some(Day(20_000)),
            dailies: won,
            ..rec
        };
        assert_eq!(Record::read(&state_to_text(&now)).ok(), Some(now));
    }

    #[test]
    fn a_record_of_format_4_reads_with_the_clock_at_zero() {
        let old = Old {
            seed: Seed(7),
            options: OptionText::defaults(&[]),
            start: (),
            moves: vec!["a".into(), "b*".into()],
            undone: vec!["c".into()],
            stats: 3,
        };
        let rec = Record::<(), u32>::read(&state_to_text(&old)).expect("an old record");
        assert_eq!(rec.moves, old.moves);
        assert_eq!((rec.stats, rec.elapsed_ms), (3, 0.0));
        let now = Record {
            elapsed_ms: 1500.0,
            ..rec.clone()
        };
        assert_eq!(Record::read(&state_to_text(&now)).ok(), Some(now));
        assert!(Record::<(), u32>::read("not a record").is_err());
    }
}
