//! Versioned saves in a key–value store (localStorage in the browser).
//!
//! A save is one line of text: `parlour-save <format> <game> <state>`, where
//! the state is the game's own serde types in [postcard] bytes, written in
//! base64 ([`crate::shell::codec::state_to_text`]). A save that cannot be restored is never deleted:
//! it is moved aside under `<key>:bad:<n>` and the player is told where it went.

use crate::games::GameKind;
use crate::shell::Game;
use crate::util::string_map::StringMap;
use std::fmt;

/// The save format this build writes. Format 1 was a JSON envelope; format 3
/// changed Klondike's state (foundations for several decks); format 4 the
/// dominoes state (the shell's record of moves, "next" between hands);
/// format 5 added the game's clock to the shell's record (format 4 records
/// still read, with the clock at zero) and moved Klondike onto the shell;
/// format 6 added the daily game and its streak (format 5 records still
/// read, with no daily game won).
pub const FORMAT: u32 = 6;

/// The oldest format whose saves of `kind` this build still reads: a game
/// whose state did not change keeps its players' saves across a new format.
pub const fn oldest_format(kind: GameKind) -> u32 {
    match kind {
        GameKind::Klondike => 5,
        GameKind::Phutball => 2,
        GameKind::Dominoes => 4,
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

/// Why a save could not be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveProblem {
    /// Not an envelope, or cut short.
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
    /// The save was unreadable and could not be moved aside (storage full or
    /// refused): it stays where it is, and nothing may be saved over it.
    LeftInPlace {
        /// Why it was unreadable.
        problem: SaveProblem,
        /// Its key.
        key: String,
    },
}

impl Restored {
    /// Whether the game may be saved under the key: not over a save that
    /// could not be moved aside.
    pub fn may_save(&self) -> bool {
        !matches!(self, Restored::LeftInPlace { .. })
    }

    /// The notice to show the player, if any.
    pub fn notice(&self, title: &str) -> Option<String> {
        match self {
            Restored::LeftInPlace { problem, key } => Some(format!(
                "Your saved {title} game could not be restored: {problem}. It could not be moved \
                 aside either (the browser's storage is full or refused), so it stays under the \
                 storage key '{key}' and this game will not be saved over it. Free some storage \
                 and reload to keep your progress."
            )),
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

/// Serialises `game`, a game of `kind`, into its envelope.
pub fn encode(kind: GameKind, game: &dyn Game) -> String {
    format!("{MAGIC} {FORMAT} {} {}", kind.slug(), game.save())
}

/// Checks an envelope and loads it into `game`; on error `game` is unchanged.
pub fn decode(raw: &str, kind: GameKind, game: &mut dyn Game) -> Result<(), SaveProblem> {
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
    if format < oldest_format(kind) {
        return Err(SaveProblem::OldFormat(format));
    }
    if format > FORMAT {
        return Err(SaveProblem::NewerFormat(format));
    }
    let named = words
        .next()
        .ok_or_else(|| SaveProblem::Corrupt("no game name".into()))?;
    if named != kind.slug() {
        return Err(SaveProblem::WrongGame(named.to_owned()));
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

/// Writes `game` under `key`, returning the text written.
pub fn write(
    store: &mut dyn Store,
    key: &str,
    kind: GameKind,
    game: &dyn Game,
) -> Result<String, StoreError> {
    let text = encode(kind, game);
    store.set(key, &text)?;
    Ok(text)
}

/// Why [`write_over`] did not save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// Someone else (another tab, another instance with the same save key)
    /// saved this game since this one last did: their save is left alone.
    Moved,
    /// The store refused the write.
    Store(StoreError),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Moved => f.write_str(
                "this game was saved from another tab, window or game on this page since it \
                 was opened here; to keep that game, this one is no longer saved (reload the \
                 page to go on with the newer one)",
            ),
            WriteError::Store(e) => e.fmt(f),
        }
    }
}

/// Saves `game` under `key` only if the store still holds `last`, what this
/// game last wrote or read there; returns what it wrote, to pass next time.
/// Two tabs or instances sharing a key so never overwrite each other's
/// progress in silence.
pub fn write_over(
    store: &mut dyn Store,
    key: &str,
    kind: GameKind,
    game: &dyn Game,
    last: Option<&str>,
) -> Result<String, WriteError> {
    if store.get(key).as_deref() != last {
        return Err(WriteError::Moved);
    }
    let text = encode(kind, game);
    store.set(key, &text).map_err(WriteError::Store)?;
    Ok(text)
}

/// Keeps `raw` under the first free `key:bad:<n>` and returns that key;
/// `None` when the store refuses the copy.
pub fn keep_bad(store: &mut dyn Store, key: &str, raw: &str) -> Option<String> {
    let kept = (1u32..)
        .map(|n| format!("{key}:bad:{n}"))
        .find(|k| store.get(k).is_none())?;
    store.set(&kept, raw).ok()?;
    Some(kept)
}

/// Moves the value under `key` to the first free `key:bad:<n>` and returns that key.
pub fn set_aside(store: &mut dyn Store, key: &str) -> Option<String> {
    let raw = store.get(key)?;
    // If the copy cannot be written, leave the original where it is.
    let kept = keep_bad(store, key, &raw)?;
    store.remove(key);
    Some(kept)
}

/// Loads the save under `key` into `game`, setting aside a save it cannot read.
pub fn restore(store: &mut dyn Store, key: &str, kind: GameKind, game: &mut dyn Game) -> Restored {
    let Some(raw) = store.get(key) else {
        return Restored::Nothing;
    };
    match decode(&raw, kind, game) {
        Ok(()) => Restored::Loaded,
        Err(problem) => match set_aside(store, key) {
            Some(kept_under) => Restored::SetAside {
                problem,
                kept_under,
            },
            None => Restored::LeftInPlace {
                problem,
                key: key.to_owned(),
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::new_game;
    use crate::util::rng::Seed;

    #[test]
    fn saves_round_trip_for_every_game() {
        for kind in GameKind::ALL {
            let mut store = MemoryStore::default();
            let game = new_game(kind, Seed(99));
            write(&mut store, "k", kind, game.as_ref()).unwrap();
            let mut other = new_game(kind, Seed(1));
            assert_eq!(
                restore(&mut store, "k", kind, other.as_mut()),
                Restored::Loaded
            );
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
        let r = restore(
            &mut store,
            "parlour:klondike",
            GameKind::Klondike,
            game.as_mut(),
        );
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

    /// A store that holds what it was given and refuses every write.
    struct FullStore(MemoryStore);

    impl Store for FullStore {
        fn get(&self, key: &str) -> Option<String> {
            self.0.get(key)
        }
        fn set(&mut self, _key: &str, _value: &str) -> Result<(), StoreError> {
            Err(StoreError("the quota is exceeded".into()))
        }
        fn remove(&mut self, key: &str) {
            self.0.remove(key);
        }
    }

    #[test]
    fn a_corrupt_save_that_cannot_be_moved_aside_is_left_in_place() {
        let mut full = MemoryStore::default();
        full.set("parlour:klondike", "{not json").unwrap();
        let mut store = FullStore(full);
        let mut game = new_game(GameKind::Klondike, Seed(3));
        let r = restore(
            &mut store,
            "parlour:klondike",
            GameKind::Klondike,
            game.as_mut(),
        );
        assert!(matches!(r, Restored::LeftInPlace { .. }), "{r:?}");
        assert!(!r.may_save());
        assert!(r
            .notice("Klondike")
            .unwrap()
            .contains("will not be saved over it"));
        assert_eq!(store.get("parlour:klondike").as_deref(), Some("{not json"));
    }

    #[test]
    fn two_tabs_sharing_a_save_never_overwrite_each_other() {
        let mut store = MemoryStore::default();
        let key = save_key(None, GameKind::Phutball);
        let mut a = new_game(GameKind::Phutball, Seed(1));
        let mut b = new_game(GameKind::Phutball, Seed(2));
        let first = write_over(&mut store, &key, GameKind::Phutball, a.as_ref(), None).unwrap();
        // B opened the same save, and moves on.
        let mut b_last = store.get(&key);
        b_last = Some(
            write_over(
                &mut store,
                &key,
                GameKind::Phutball,
                b.as_ref(),
                b_last.as_deref(),
            )
            .unwrap(),
        );
        b.new_game(Seed(3));
        let b_saved = write_over(
            &mut store,
            &key,
            GameKind::Phutball,
            b.as_ref(),
            b_last.as_deref(),
        )
        .unwrap();
        // A's next save finds B's there, and leaves it.
        a.new_game(Seed(4));
        assert_eq!(
            write_over(
                &mut store,
                &key,
                GameKind::Phutball,
                a.as_ref(),
                Some(&first)
            ),
            Err(WriteError::Moved)
        );
        assert_eq!(store.get(&key), Some(b_saved));
        assert!(WriteError::Moved.to_string().contains("another tab"));
    }

    #[test]
    fn a_game_whose_state_did_not_change_still_reads_the_previous_format() {
        for kind in GameKind::ALL {
            let game = new_game(kind, Seed(5));
            let current = encode(kind, game.as_ref());
            let previous =
                current.replacen(&format!(" {FORMAT} "), &format!(" {} ", FORMAT - 1), 1);
            let mut other = new_game(kind, Seed(6));
            let got = decode(&previous, kind, other.as_mut());
            if oldest_format(kind) == FORMAT {
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
        assert_eq!(
            decode(json, GameKind::Phutball, game.as_mut()),
            Err(SaveProblem::OldFormat(1))
        );
        let old = "parlour-save 0 phutball AA==";
        assert_eq!(
            decode(old, GameKind::Phutball, game.as_mut()),
            Err(SaveProblem::OldFormat(0))
        );
        let new = "parlour-save 9 phutball AA==";
        assert_eq!(
            decode(new, GameKind::Phutball, game.as_mut()),
            Err(SaveProblem::NewerFormat(9))
        );
        let other = encode(
            GameKind::Dominoes,
            new_game(GameKind::Dominoes, Seed(3)).as_ref(),
        );
        assert_eq!(
            decode(&other, GameKind::Phutball, game.as_mut()),
            Err(SaveProblem::WrongGame("dominoes".into()))
        );
        let bad_state = "parlour-save 2 phutball AAEC";
        assert!(matches!(
            decode(bad_state, GameKind::Phutball, game.as_mut()),
            Err(SaveProblem::BadState(_))
        ));
    }

    /// A fresh game's save with its last two fields (the daily game and the
    /// daily games won, a zero byte each when empty) replaced by `tail`.
    fn with_daily_tail(kind: GameKind, tail: &[u8]) -> String {
        use crate::shell::codec::{base64_decode, base64_encode};
        let game = new_game(kind, Seed(8));
        let text = encode(kind, game.as_ref());
        let (head, state) = text.rsplit_once(' ').unwrap();
        let mut bytes = base64_decode(state).unwrap();
        assert_eq!(bytes.split_off(bytes.len() - 2), [0, 0]);
        bytes.extend_from_slice(tail);
        format!("{head} {}", base64_encode(&bytes))
    }

    #[test]
    fn a_save_with_daily_fields_out_of_range_is_set_aside() {
        // Postcard: Some = 1, an i32 as a zigzag varint, a u32 as a varint.
        let far_past = [0x01, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x00]; // day -2^31
        let huge_run = [0x00, 0x01, 0xc0, 0xb8, 0x02, 0xff, 0xff, 0xff, 0xff, 0x0f];
        let good = [0x01, 0xc0, 0xb8, 0x02, 0x00]; // day 20,000: 2024-10-04
        for kind in GameKind::ALL {
            let mut game = new_game(kind, Seed(1));
            let fine = with_daily_tail(kind, &good);
            assert_eq!(decode(&fine, kind, game.as_mut()), Ok(()), "{kind:?}");
            assert_eq!(
                game.daily_day().map(|d| d.to_string()).as_deref(),
                Some("2024-10-04")
            );
            for tail in [&far_past[..], &huge_run[..]] {
                let raw = with_daily_tail(kind, tail);
                let mut store = MemoryStore::default();
                store.set("k", &raw).unwrap();
                let mut game = new_game(kind, Seed(1));
                let r = restore(&mut store, "k", kind, game.as_mut());
                let notice = r.notice(kind.title()).unwrap_or_default();
                assert!(
                    matches!(
                        &r,
                        Restored::SetAside {
                            problem: SaveProblem::BadState(_),
                            ..
                        }
                    ),
                    "{kind:?}: {r:?}"
                );
                assert!(notice.contains("k:bad:1"), "{notice}");
                assert_eq!(store.get("k:bad:1"), Some(raw), "kept byte for byte");
                assert_eq!(game.daily_day(), None);
            }
        }
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
