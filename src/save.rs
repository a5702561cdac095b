//! Versioned saves in a key–value store (localStorage in the browser).
//!
//! A save is one line of text: `parlour-save <format> <game> <state>`, where
//! the state is the game's own serde types in [postcard] bytes, written in
//! base64 ([`state_to_text`]). A save that cannot be restored is never deleted:
//! it is moved aside under `<key>:bad:<n>` and the player is told where it went.

use crate::game::{Game, GameKind, StateError};
use crate::string_map::StringMap;
use serde::{de::DeserializeOwned, Serialize};
use std::fmt;

/// The save format this build writes. Format 1 was a JSON envelope; format 3
/// changed Klondike's state (foundations for several decks).
pub const FORMAT: u32 = 3;

/// The oldest format whose saves of `kind` this build still reads: a game
/// whose state did not change keeps its players' saves across a new format.
pub const fn oldest_format(kind: GameKind) -> u32 {
    match kind {
        GameKind::Klondike => 3,
        GameKind::Phutball | GameKind::Dominoes => 2,
    }
}

/// The first word of every save.
const MAGIC: &str = "parlour-save";

/// Where saves live. The browser's is `localStorage`; tests use [`MemoryStore`].
pub trait Store {
    /// The value under `key`, if any.
    fn get(&self, key: &str) -> Option<String>;
    /// Stores `value` under `key`.
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError>;
    /// Removes `key`.
    fn remove(&mut self, key: &str);
}

/// The store refused a write (quota exceeded, storage disabled).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "could not save: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

/// A store in memory, for tests and for instances mounted without persistence.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MemoryStore(pub StringMap);

impl Store for MemoryStore {
    fn get(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        self.0.insert(key.to_owned(), value.to_owned());
        Ok(())
    }
    fn remove(&mut self, key: &str) {
        self.0.remove(key);
    }
}

/// The key a game is saved under. `namespace` separates embedded instances.
pub fn save_key(namespace: Option<&str>, kind: GameKind) -> String {
    match namespace {
        Some(ns) => format!("parlour:{ns}:{}", kind.slug()),
        None => format!("parlour:{}", kind.slug()),
    }
}

/// A game's state as save text: postcard bytes in base64.
///
/// Postcard keeps the web build small (no number parsing or float printing),
/// and base64 keeps the result a plain string for localStorage.
pub fn state_to_text<T: Serialize>(state: &T) -> String {
    postcard::to_allocvec(state)
        .map(|bytes| base64_encode(&bytes))
        .unwrap_or_default()
}

/// Reads text written by [`state_to_text`]. The caller still checks the
/// state against the rules.
pub fn state_from_text<T: DeserializeOwned>(text: &str) -> Result<T, StateError> {
    let bytes = base64_decode(text).ok_or_else(|| StateError("the state is not base64".into()))?;
    // Postcard's own messages name its internals, not the player's problem
    // (and cost the web build a kilobyte); say it plainly.
    let (state, rest) = postcard::take_from_bytes(&bytes)
        .map_err(|_| StateError("the state does not decode: it was cut short or altered".into()))?;
    if rest.is_empty() {
        Ok(state)
    } else {
        Err(StateError(format!(
            "the state has {} bytes too many",
            rest.len()
        )))
    }
}

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding.
fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(BASE64[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Decodes [`base64_encode`]'s output; `None` for anything else.
fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let text = text.as_bytes();
    if !text.len().is_multiple_of(4) {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    for (i, chunk) in text.chunks(4).enumerate() {
        let last = i + 1 == text.len() / 4;
        let pad = chunk.iter().rev().take_while(|&&c| c == b'=').count();
        if pad > 2 || (pad > 0 && !last) {
            return None;
        }
        let mut n = 0u32;
        for &c in &chunk[..4 - pad] {
            let v = BASE64.iter().position(|&b| b == c)?;
            n = n << 6 | v as u32;
        }
        n <<= 6 * pad as u32;
        out.extend_from_slice(&n.to_be_bytes()[1..4 - pad]);
    }
    Some(out)
}

/// Why a save could not be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveProblem {
    /// Not JSON, or not an envelope.
    Corrupt(String),
    /// Written by an older build whose format this one does not read.
    OldFormat(u32),
    /// Written by a newer build.
    NewerFormat(u32),
    /// The envelope names another game.
    WrongGame(String),
    /// The envelope is fine but the game refused the state.
    BadState(String),
}

impl fmt::Display for SaveProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveProblem::Corrupt(e) => write!(f, "the save is corrupt ({e})"),
            SaveProblem::OldFormat(v) => write!(
                f,
                "the save is from an older version of Parlour (format {v}, this one reads {FORMAT})"
            ),
            SaveProblem::NewerFormat(v) => write!(
                f,
                "the save is from a newer version of Parlour (format {v}, this one reads {FORMAT})"
            ),
            SaveProblem::WrongGame(g) => write!(f, "the save holds another game ('{g}')"),
            SaveProblem::BadState(e) => write!(f, "the saved game does not fit the rules ({e})"),
        }
    }
}

/// What [`restore`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Restored {
    /// No save: the game is as it was.
    Nothing,
    /// The save was loaded into the game.
    Loaded,
    /// The save was unreadable. It now lives under `kept_under`; the game is as it was.
    SetAside {
        /// Why it was unreadable.
        problem: SaveProblem,
        /// The key it was moved to.
        kept_under: String,
    },
}

impl Restored {
    /// The notice to show the player, if any.
    pub fn notice(&self, title: &str) -> Option<String> {
        match self {
            Restored::SetAside {
                problem,
                kept_under,
            } => Some(format!(
                "Your saved {title} game could not be restored: {problem}. \
                 It was kept under the storage key '{kept_under}', and a new game has started."
            )),
            _ => None,
        }
    }
}

/// Serialises `game` into its envelope.
pub fn encode(game: &dyn Game) -> String {
    format!("{MAGIC} {FORMAT} {} {}", game.kind().slug(), game.save())
}

/// Checks an envelope and loads it into `game`; on error `game` is unchanged.
pub fn decode(raw: &str, game: &mut dyn Game) -> Result<(), SaveProblem> {
    if raw.starts_with("{\"format\":1,") {
        return Err(SaveProblem::OldFormat(1));
    }
    let mut words = raw.trim().split(' ');
    if words.next() != Some(MAGIC) {
        return Err(SaveProblem::Corrupt(
            "it does not start with 'parlour-save'".into(),
        ));
    }
    let format = words
        .next()
        .and_then(|w| w.parse::<u32>().ok())
        .ok_or_else(|| SaveProblem::Corrupt("no format number".into()))?;
    if format < oldest_format(game.kind()) {
        return Err(SaveProblem::OldFormat(format));
    }
    if format > FORMAT {
        return Err(SaveProblem::NewerFormat(format));
    }
    let kind = words
        .next()
        .ok_or_else(|| SaveProblem::Corrupt("no game name".into()))?;
    if kind != game.kind().slug() {
        return Err(SaveProblem::WrongGame(kind.to_owned()));
    }
    let state = words
        .next()
        .ok_or_else(|| SaveProblem::Corrupt("no game state".into()))?;
    if words.next().is_some() {
        return Err(SaveProblem::Corrupt("text after the game state".into()));
    }
    game.load(state)
        .map_err(|e| SaveProblem::BadState(e.to_string()))
}

/// Writes `game` under `key`.
pub fn write(store: &mut dyn Store, key: &str, game: &dyn Game) -> Result<(), StoreError> {
    store.set(key, &encode(game))
}

/// Moves the value under `key` to the first free `key:bad:<n>` and returns that key.
pub fn set_aside(store: &mut dyn Store, key: &str) -> Option<String> {
    let raw = store.get(key)?;
    let kept = (1u32..)
        .map(|n| format!("{key}:bad:{n}"))
        .find(|k| store.get(k).is_none())?;
    // If the copy cannot be written, leave the original where it is.
    store.set(&kept, &raw).ok()?;
    store.remove(key);
    Some(kept)
}

/// Loads the save under `key` into `game`, setting aside a save it cannot read.
pub fn restore(store: &mut dyn Store, key: &str, game: &mut dyn Game) -> Restored {
    let Some(raw) = store.get(key) else {
        return Restored::Nothing;
    };
    match decode(&raw, game) {
        Ok(()) => Restored::Loaded,
        Err(problem) => Restored::SetAside {
            kept_under: set_aside(store, key).unwrap_or_else(|| key.to_owned()),
            problem,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::new_game;
    use crate::rng::Seed;

    #[test]
    fn saves_round_trip_for_every_game() {
        for kind in GameKind::ALL {
            let mut store = MemoryStore::default();
            let game = new_game(kind, Seed(99));
            write(&mut store, "k", game.as_ref()).unwrap();
            let mut other = new_game(kind, Seed(1));
            assert_eq!(restore(&mut store, "k", other.as_mut()), Restored::Loaded);
            assert_eq!(other.save(), game.save());
        }
    }

    #[test]
    fn corrupt_save_is_kept_aside_with_a_notice() {
        let mut store = MemoryStore::default();
        store.set("parlour:klondike", "{not json").unwrap();
        store.set("parlour:klondike:bad:1", "older junk").unwrap();
        let mut game = new_game(GameKind::Klondike, Seed(3));
        let before = game.save();
        let r = restore(&mut store, "parlour:klondike", game.as_mut());
        let Restored::SetAside {
            kept_under,
            problem,
        } = &r
        else {
            panic!("{r:?}")
        };
        assert_eq!(kept_under, "parlour:klondike:bad:2");
        assert!(matches!(problem, SaveProblem::Corrupt(_)));
        assert_eq!(store.get(kept_under).as_deref(), Some("{not json"));
        assert_eq!(store.get("parlour:klondike"), None);
        assert_eq!(game.save(), before, "a failed load changes nothing");
        assert!(r
            .notice("Klondike")
            .unwrap()
            .contains("parlour:klondike:bad:2"));
    }

    #[test]
    fn a_game_whose_state_did_not_change_still_reads_the_previous_format() {
        for kind in GameKind::ALL {
            let game = new_game(kind, Seed(5));
            let current = encode(game.as_ref());
            let previous =
                current.replacen(&format!(" {FORMAT} "), &format!(" {} ", FORMAT - 1), 1);
            let mut other = new_game(kind, Seed(6));
            let got = decode(&previous, other.as_mut());
            if kind == GameKind::Klondike {
                assert_eq!(got, Err(SaveProblem::OldFormat(FORMAT - 1)));
            } else {
                assert_eq!(got, Ok(()));
                assert_eq!(other.save(), game.save());
            }
        }
    }

    #[test]
    fn old_new_and_foreign_saves_are_refused() {
        let mut game = new_game(GameKind::Phutball, Seed(3));
        let json = r#"{"format":1,"game":"phutball","state":{}}"#;
        assert_eq!(decode(json, game.as_mut()), Err(SaveProblem::OldFormat(1)));
        let old = "parlour-save 0 phutball AA==";
        assert_eq!(decode(old, game.as_mut()), Err(SaveProblem::OldFormat(0)));
        let new = "parlour-save 9 phutball AA==";
        assert_eq!(decode(new, game.as_mut()), Err(SaveProblem::NewerFormat(9)));
        let other = encode(new_game(GameKind::Dominoes, Seed(3)).as_ref());
        assert_eq!(
            decode(&other, game.as_mut()),
            Err(SaveProblem::WrongGame("dominoes".into()))
        );
        let bad_state = "parlour-save 2 phutball AAEC";
        assert!(matches!(
            decode(bad_state, game.as_mut()),
            Err(SaveProblem::BadState(_))
        ));
    }

    #[test]
    fn base64_round_trips_every_length_and_refuses_junk() {
        for len in 0..40u8 {
            let bytes: Vec<u8> = (0..len)
                .map(|i| i.wrapping_mul(97).wrapping_add(len))
                .collect();
            let text = base64_encode(&bytes);
            assert_eq!(text.len() % 4, 0);
            assert_eq!(base64_decode(&text), Some(bytes));
        }
        assert_eq!(base64_encode(b"Man"), "TWFu");
        assert_eq!(base64_encode(b"Ma"), "TWE=");
        for junk in ["TWF", "TW=u", "T===", "TW!u", "TQ==TWFu"] {
            assert_eq!(base64_decode(junk), None, "{junk}");
        }
    }

    #[test]
    fn state_text_round_trips_and_refuses_trailing_bytes() {
        let v = (7u32, "seven".to_owned(), vec![1.5f64, -0.0]);
        let text = state_to_text(&v);
        assert_eq!(
            state_from_text::<(u32, String, Vec<f64>)>(&text).unwrap(),
            v
        );
        assert!(state_from_text::<u32>(&text).is_err());
        assert!(state_from_text::<u32>("%%%%").is_err());
    }

    #[test]
    fn keys_are_namespaced() {
        assert_eq!(save_key(None, GameKind::Dominoes), "parlour:dominoes");
        assert_eq!(
            save_key(Some("left"), GameKind::Klondike),
            "parlour:left:klondike"
        );
    }
}
