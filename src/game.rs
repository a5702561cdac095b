//! The one trait the shell drives every game through, and the types it shares.
//!
//! The shell (page, input, persistence, embedding) knows nothing of cards,
//! balls or tiles. It holds a `Box<dyn Game>` and talks to it through
//! [`Game`]: options as text, gestures and keys in board coordinates, drawing
//! through a [`Painter`], undo and redo, and state as JSON.

use crate::geom::Size;
use crate::input::{Gesture, Key};
use crate::paint::Painter;
use crate::rng::Seed;
use crate::string_map::StringMap;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The games Parlour hosts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    /// Klondike solitaire and its family.
    Klondike,
    /// Philosopher's Football.
    Phutball,
    /// F. H. Richards' triangular dominoes.
    Dominoes,
}

impl GameKind {
    /// Every game, in picker order.
    pub const ALL: [GameKind; 3] = [GameKind::Klondike, GameKind::Phutball, GameKind::Dominoes];

    /// The name used in URLs, saves and on the command line.
    pub const fn slug(self) -> &'static str {
        match self {
            GameKind::Klondike => "klondike",
            GameKind::Phutball => "phutball",
            GameKind::Dominoes => "dominoes",
        }
    }

    /// The name shown to players.
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Klondike => "Klondike",
            GameKind::Phutball => "Phutball",
            GameKind::Dominoes => "Triangular dominoes",
        }
    }

    /// One line for the game picker.
    pub const fn blurb(self) -> &'static str {
        match self {
            GameKind::Klondike => "The classic patience, with its whole family of variants.",
            GameKind::Phutball => "Philosopher's Football: place men, jump the ball to your goal.",
            GameKind::Dominoes => "F. H. Richards' 1885 triangles: Points, Muggins and Star.",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// A text that names no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game '{}': expected klondike, phutball or dominoes",
            self.0
        )
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.slug() == s)
            .ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

/// One value an option may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The value as written in URLs and saves.
    pub value: &'static str,
    /// The value as shown in the settings panel.
    pub label: &'static str,
}

impl Choice {
    /// A choice from its value and label.
    pub const fn new(value: &'static str, label: &'static str) -> Self {
        Choice { value, label }
    }
}

/// A game option, described for the shell: the settings panel, the URL and the
/// mount API all read and write options through these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The URL parameter name, e.g. `draw`.
    pub key: &'static str,
    /// The settings-panel label.
    pub label: &'static str,
    /// The values it may take.
    pub choices: &'static [Choice],
    /// The value a new player starts with.
    pub default: &'static str,
    /// Whether changing it deals a new game (a rule) or not (a display preference).
    pub restarts: bool,
}

impl OptionSpec {
    /// Checks that `value` is one of the choices and returns its canonical form.
    pub fn check(&self, value: &str) -> Result<&'static str, OptionError> {
        self.choices
            .iter()
            .find(|c| c.value == value)
            .map(|c| c.value)
            .ok_or_else(|| OptionError::BadValue {
                key: self.key.to_owned(),
                value: value.to_owned(),
                expected: self
                    .choices
                    .iter()
                    .map(|c| c.value)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

/// Finds the spec for `key` in `specs`.
pub fn find_spec<'a>(specs: &'a [OptionSpec], key: &str) -> Result<&'a OptionSpec, OptionError> {
    specs
        .iter()
        .find(|s| s.key == key)
        .ok_or_else(|| OptionError::UnknownKey(key.to_owned()))
}

/// The current values of a game's options, always valid for its specs.
///
/// Games keep one of these for the shell-facing side of their settings and
/// read typed values out of it where the rules need them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Options {
    values: StringMap,
}

impl Options {
    /// Every option at its default.
    pub fn defaults(specs: &[OptionSpec]) -> Self {
        Options {
            values: specs
                .iter()
                .map(|s| (s.key.to_owned(), s.default.to_owned()))
                .collect(),
        }
    }

    /// The value of `key`, in the canonical form its spec gives.
    pub fn get(&self, specs: &'static [OptionSpec], key: &str) -> Option<&'static str> {
        let spec = find_spec(specs, key).ok()?;
        let value = self.values.get(key).map_or(spec.default, String::as_str);
        spec.check(value).ok()
    }

    /// Sets `key` to `value` after checking both against `specs`.
    pub fn set(&mut self, specs: &[OptionSpec], key: &str, value: &str) -> Result<(), OptionError> {
        let value = find_spec(specs, key)?.check(value)?;
        self.values.insert(key.to_owned(), value.to_owned());
        Ok(())
    }

    /// Checks values that came from outside (a save): every key known, every value
    /// allowed. Missing keys take their defaults, so a newer option does not
    /// invalidate an older save.
    pub fn validated(self, specs: &[OptionSpec]) -> Result<Self, OptionError> {
        let mut out = Options::defaults(specs);
        for (k, v) in self.values.iter() {
            out.set(specs, k, v)?;
        }
        Ok(out)
    }
}

/// Why an option could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// The game has no option of that name.
    UnknownKey(String),
    /// The value is not one the option takes.
    BadValue {
        /// The option.
        key: String,
        /// What was given.
        value: String,
        /// The accepted values, comma-separated.
        expected: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownKey(k) => write!(f, "unknown parameter '{k}'"),
            OptionError::BadValue {
                key,
                value,
                expected,
            } => write!(
                f,
                "parameter '{key}' must be one of {expected}, not '{value}'"
            ),
        }
    }
}

impl std::error::Error for OptionError {}

impl From<OptionError> for StateError {
    fn from(e: OptionError) -> Self {
        StateError(e.to_string())
    }
}

/// What handling an input or action did, so the shell knows whether to redraw,
/// save, and what to announce.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The picture changed: redraw on the next animation frame.
    pub redraw: bool,
    /// The game state changed: save it.
    pub changed: bool,
    /// A sentence for the status line and the screen-reader live region.
    pub message: Option<String>,
}

impl Outcome {
    /// Nothing happened.
    pub fn nothing() -> Self {
        Self::default()
    }

    /// Only the picture changed (a highlight, a drag in progress).
    pub fn redraw() -> Self {
        Outcome {
            redraw: true,
            ..Self::default()
        }
    }

    /// The state changed; `message` describes it.
    pub fn moved(message: impl Into<String>) -> Self {
        Outcome {
            redraw: true,
            changed: true,
            message: Some(message.into()),
        }
    }

    /// Nothing changed but the player should be told something.
    pub fn say(message: impl Into<String>) -> Self {
        Outcome {
            redraw: true,
            changed: false,
            message: Some(message.into()),
        }
    }
}

/// Why a saved state could not be restored.
#[derive(Debug)]
pub struct StateError(pub String);

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StateError {}

/// The contract between the shell and a game.
///
/// Every method is cheap and never blocks: long searches (solvers, AIs) run in
/// slices through [`Game::tick`].
pub trait Game {
    /// Which game this is.
    fn kind(&self) -> GameKind;

    /// The seed the current game was dealt from.
    fn seed(&self) -> Seed;

    /// Starts a new game from `seed` with the current options.
    fn new_game(&mut self, seed: Seed);

    /// The options this game has.
    fn option_specs(&self) -> &'static [OptionSpec];

    /// The current value of option `key`, in its text form.
    fn option(&self, key: &str) -> Option<&'static str>;

    /// Sets option `key`. Options whose spec says `restarts` take effect from
    /// the next [`Game::new_game`]; the shell deals one straight after.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// The board's size in board units for a viewport of the given shape. The
    /// shell scales the board uniformly to fit, so only the aspect ratio of
    /// `viewport` matters; a game may offer a portrait layout for phones.
    fn board_size(&self, viewport: Size) -> Size;

    /// Draws the whole board, `board` being what [`Game::board_size`] returned.
    fn draw(&self, painter: &mut dyn Painter, board: Size);

    /// Handles a pointer gesture in board coordinates.
    fn gesture(&mut self, gesture: Gesture, board: Size) -> Outcome;

    /// Handles a key press (the shell keeps Ctrl+Z and Ctrl+Y for undo and redo).
    fn key(&mut self, key: Key) -> Outcome;

    /// Advances clocks, animations and time-sliced work to `now_ms` (a
    /// monotonic clock in milliseconds). `redraw` in the result asks for
    /// another frame; `changed` means moves were played (an auto-complete)
    /// and the game should be saved.
    fn tick(&mut self, _now_ms: f64) -> Outcome {
        Outcome::nothing()
    }

    /// The player prefers reduced motion: skip or shorten animations.
    fn set_reduced_motion(&mut self, _on: bool) {}

    /// Statistics for the current mode, as label–value rows, if the game keeps any.
    fn stats(&self) -> Option<Vec<(String, String)>> {
        None
    }

    /// Forgets the statistics.
    fn reset_stats(&mut self) -> Outcome {
        Outcome::nothing()
    }

    /// The moves played so far, oldest first, in the game's notation.
    fn moves(&self) -> Vec<String> {
        Vec::new()
    }

    /// The game as records to copy, one per format: (format name, text).
    fn records(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// Replaces the game with one read from a record in any of the formats of
    /// [`Game::records`]. On error the game is unchanged.
    fn load_record(&mut self, _text: &str) -> Result<Outcome, String> {
        Err("this game has no records".into())
    }

    /// Whether [`Game::undo`] would do anything.
    fn can_undo(&self) -> bool;
    /// Takes back the last move.
    fn undo(&mut self) -> Outcome;
    /// Whether [`Game::redo`] would do anything.
    fn can_redo(&self) -> bool;
    /// Plays again the last move taken back.
    fn redo(&mut self) -> Outcome;

    /// Suggests a move, or says there is none.
    fn hint(&mut self) -> Outcome;

    /// One line for the status bar: score, time, whose turn, …
    fn status(&self) -> String;

    /// The pages of the rules help, in reading order: paths under `rules/`
    /// without `.txt` (`klondike/westcliff`). The pages are static files of
    /// plain paragraphs separated by blank lines (`www/rules/`), fetched when
    /// the player opens the rules, so that they cost the first load nothing.
    fn rules_pages(&self) -> Vec<String>;

    /// The whole state, options included, as JSON text.
    fn save(&self) -> String;

    /// Replaces the whole state with a saved one (JSON text from [`Game::save`]).
    /// On error the game is unchanged.
    fn load(&mut self, state: &str) -> Result<(), StateError>;
}

/// Unlimited undo and redo by snapshots: exact by construction, whatever the state holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct History<S> {
    done: Vec<S>,
    undone: Vec<S>,
}

impl<S> Default for History<S> {
    fn default() -> Self {
        History {
            done: Vec::new(),
            undone: Vec::new(),
        }
    }
}

impl<S: Clone> History<S> {
    /// Records `before`, the state just before a move. Clears the redo list.
    pub fn record(&mut self, before: S) {
        self.done.push(before);
        self.undone.clear();
    }

    /// Whether there is a move to take back.
    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    /// Whether there is a move to play again.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Restores the state before the last move into `current`.
    pub fn undo(&mut self, current: &mut S) -> bool {
        match self.done.pop() {
            Some(prev) => {
                self.undone.push(std::mem::replace(current, prev));
                true
            }
            None => false,
        }
    }

    /// Restores the state after the last undone move into `current`.
    pub fn redo(&mut self, current: &mut S) -> bool {
        match self.undone.pop() {
            Some(next) => {
                self.done.push(std::mem::replace(current, next));
                true
            }
            None => false,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.done.clear();
        self.undone.clear();
    }

    /// How many moves can be taken back.
    pub fn len(&self) -> usize {
        self.done.len()
    }

    /// Whether no move has been recorded.
    pub fn is_empty(&self) -> bool {
        self.done.is_empty()
    }
}

/// Creates a game of `kind` dealt from `seed`, with default options.
pub fn new_game(kind: GameKind, seed: Seed) -> Box<dyn Game> {
    match kind {
        GameKind::Klondike => Box::new(crate::klondike::Klondike::new(seed)),
        GameKind::Phutball => Box::new(crate::phutball::Phutball::new(seed)),
        GameKind::Dominoes => Box::new(crate::dominoes::Dominoes::new(seed)),
    }
}

/// The paragraphs of a text whose paragraphs are separated by blank lines
/// (as the pages of [`Game::rules_pages`] are written), each with its inner line breaks kept.
pub fn paragraphs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut para = String::new();
    for line in text.split('\n').chain([""]) {
        if line.trim().is_empty() {
            if !para.is_empty() {
                out.push(std::mem::take(&mut para));
            }
        } else {
            if !para.is_empty() {
                para.push('\n');
            }
            para.push_str(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_through_slugs() {
        for k in GameKind::ALL {
            assert_eq!(k.slug().parse::<GameKind>(), Ok(k));
        }
        assert!("chess".parse::<GameKind>().is_err());
    }

    #[test]
    fn history_undo_redo_is_exact() {
        let mut h = History::default();
        let mut s = vec![1];
        h.record(s.clone());
        s.push(2);
        h.record(s.clone());
        s.push(3);
        assert!(h.undo(&mut s));
        assert_eq!(s, vec![1, 2]);
        assert!(h.undo(&mut s));
        assert_eq!(s, vec![1]);
        assert!(!h.undo(&mut s));
        assert!(h.redo(&mut s));
        assert!(h.redo(&mut s));
        assert_eq!(s, vec![1, 2, 3]);
        assert!(!h.redo(&mut s));
        h.undo(&mut s);
        h.record(s.clone());
        assert!(!h.can_redo(), "a new move clears redo");
    }

    const SPEC: OptionSpec = OptionSpec {
        key: "draw",
        label: "Draw",
        choices: &[
            Choice {
                value: "1",
                label: "One",
            },
            Choice {
                value: "3",
                label: "Three",
            },
        ],
        default: "3",
        restarts: true,
    };

    #[test]
    fn options_keep_only_valid_values() {
        const SPECS: &[OptionSpec] = &[SPEC];
        let mut o = Options::defaults(SPECS);
        assert_eq!(o.get(SPECS, "draw"), Some("3"));
        o.set(SPECS, "draw", "1").unwrap();
        assert_eq!(o.get(SPECS, "draw"), Some("1"));
        assert!(o.set(SPECS, "draw", "4").is_err());
        assert!(o.set(SPECS, "pass", "1").is_err());
        assert_eq!(o.get(SPECS, "draw"), Some("1"));
        let read = |pairs: &[(&str, &str)]| -> Options {
            let map: std::collections::BTreeMap<String, String> = pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect();
            crate::save::state_from_text(&crate::save::state_to_text(&map)).unwrap()
        };
        assert_eq!(
            read(&[]).validated(SPECS).unwrap(),
            Options::defaults(SPECS)
        );
        let bad = read(&[("draw", "9")]);
        assert!(bad.validated(SPECS).is_err());
    }

    #[test]
    fn option_specs_check_values() {
        assert_eq!(SPEC.check("1"), Ok("1"));
        let err = SPEC.check("2").unwrap_err();
        assert_eq!(
            err.to_string(),
            "parameter 'draw' must be one of 1, 3, not '2'"
        );
        assert!(find_spec(&[SPEC], "drew").is_err());
    }

    #[test]
    fn rules_text_splits_into_paragraphs_at_blank_lines() {
        assert_eq!(
            paragraphs("One.\nStill one.\n\nTwo.\n\n\n  \nThree.\n"),
            ["One.\nStill one.", "Two.", "Three."]
        );
        assert!(paragraphs("").is_empty());
    }

    /// The text of a rules page, as the page fetches it from `rules/`.
    fn rules_page(page: &str) -> String {
        let path = format!("{}/www/rules/{page}.txt", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    #[test]
    fn every_game_and_variant_has_its_rules_pages_and_no_page_is_orphaned() {
        let variants = crate::klondike::variant::Variant::ALL.map(|v| v.rules_pages());
        let games = GameKind::ALL.map(|k| new_game(k, Seed(1)).rules_pages());
        let mut used = std::collections::BTreeSet::new();
        for pages in games.into_iter().chain(variants) {
            let paras: Vec<String> = pages
                .iter()
                .flat_map(|p| paragraphs(&rules_page(p)))
                .collect();
            assert!(paras.len() >= 2, "{pages:?}");
            assert!(
                paras.iter().all(|p| p.trim() == p && !p.contains('\r')),
                "{pages:?}"
            );
            used.extend(pages);
        }
        let dir = format!("{}/www/rules", env!("CARGO_MANIFEST_DIR"));
        let mut files = std::collections::BTreeSet::new();
        for entry in std::fs::read_dir(&dir)
            .unwrap()
            .chain(std::fs::read_dir(format!("{dir}/klondike")).unwrap())
        {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                let rel = path.strip_prefix(&dir).unwrap().with_extension("");
                files.insert(rel.to_string_lossy().into_owned());
            }
        }
        assert_eq!(files, used);
    }
}
