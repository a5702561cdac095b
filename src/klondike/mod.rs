//! Klondike solitaire.
//!
//! This release carries the table and the deal settings; the cards, the rules
//! engine, the solver and the variants arrive in the following ones.

mod view;

pub use view::{Layout, CARD};

use crate::game::{Choice, Game, GameKind, OptionError, OptionSpec, Options, Outcome, StateError};
use crate::geom::Size;
use crate::input::{Gesture, Key};
use crate::paint::Painter;
use crate::rng::Seed;
use serde::{Deserialize, Serialize};

/// Klondike's settings, as the shell sees them.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "draw",
        label: "Deal from the stock",
        choices: &[
            Choice::new("1", "One card at a time"),
            Choice::new("3", "Three cards at a time"),
        ],
        default: "1",
        restarts: true,
    },
    OptionSpec {
        key: "passes",
        label: "Passes through the stock",
        choices: &[
            Choice::new("unlimited", "Unlimited"),
            Choice::new("3", "Three"),
            Choice::new("1", "One"),
        ],
        default: "unlimited",
        restarts: true,
    },
    OptionSpec {
        key: "scoring",
        label: "Scoring",
        choices: &[
            Choice::new("none", "None"),
            Choice::new("standard", "Standard"),
            Choice::new("timed", "Timed"),
            Choice::new("vegas", "Vegas"),
        ],
        default: "standard",
        restarts: true,
    },
    OptionSpec {
        key: "deck",
        label: "Card colours",
        choices: &[
            Choice::new("two-colour", "Two colours"),
            Choice::new("four-colour", "Four colours"),
        ],
        default: "two-colour",
        restarts: false,
    },
];

/// A game of Klondike in the shell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Klondike {
    seed: Seed,
    options: Options,
}

impl Klondike {
    /// A new game dealt from `seed`.
    pub fn new(seed: Seed) -> Self {
        Klondike {
            seed,
            options: Options::defaults(OPTIONS),
        }
    }
}

const RULES: &str = "Build four foundations up by suit from Ace to King.\n\n\
Seven tableau piles build down in alternating colours; any face-up run moves as a unit, \
and an empty pile takes only a King or a run headed by one. A face-down card whose cover \
is gone turns face up. Cards may come back from the foundations.\n\n\
The stock deals one or three cards at a time to the waste, with unlimited, three or one \
passes as set in Settings.\n\n\
This release lays the table; dealing and playing cards arrive in the next one.";

impl Game for Klondike {
    fn kind(&self) -> GameKind {
        GameKind::Klondike
    }
    fn seed(&self) -> Seed {
        self.seed
    }
    fn new_game(&mut self, seed: Seed) {
        self.seed = seed;
    }
    fn option_specs(&self) -> &'static [OptionSpec] {
        OPTIONS
    }
    fn option(&self, key: &str) -> Option<&'static str> {
        self.options.get(OPTIONS, key)
    }
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        self.options.set(OPTIONS, key, value)
    }
    fn board_size(&self, viewport: Size) -> Size {
        Layout::new(viewport).board
    }
    fn draw(&self, painter: &mut dyn Painter, board: Size) {
        view::draw_table(painter, &Layout::for_board(board));
    }
    fn gesture(&mut self, _gesture: Gesture, _board: Size) -> Outcome {
        Outcome::nothing()
    }
    fn key(&mut self, _key: Key) -> Outcome {
        Outcome::nothing()
    }
    fn can_undo(&self) -> bool {
        false
    }
    fn undo(&mut self) -> Outcome {
        Outcome::nothing()
    }
    fn can_redo(&self) -> bool {
        false
    }
    fn redo(&mut self) -> Outcome {
        Outcome::nothing()
    }
    fn hint(&mut self) -> Outcome {
        Outcome::say("No cards are dealt yet, so there is no move to suggest.")
    }
    fn status(&self) -> String {
        let get = |k| self.option(k).unwrap_or("?");
        format!(
            "Deal #{} · draw {} · passes {} · scoring {}",
            self.seed,
            get("draw"),
            get("passes"),
            get("scoring")
        )
    }
    fn rules(&self) -> &'static str {
        RULES
    }
    fn save(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
    fn load(&mut self, state: serde_json::Value) -> Result<(), StateError> {
        let mut loaded: Klondike = serde_json::from_value(state)?;
        loaded.options = loaded.options.validated(OPTIONS)?;
        *self = loaded;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_set_and_read_back() {
        let mut k = Klondike::new(Seed(1));
        assert_eq!(k.option("draw"), Some("1"));
        k.set_option("draw", "3").unwrap();
        assert_eq!(k.option("draw"), Some("3"));
        assert!(k.set_option("draw", "2").is_err());
        assert!(k.set_option("jokers", "2").is_err());
        assert_eq!(k.option("draw"), Some("3"));
    }

    #[test]
    fn load_refuses_bad_option_values() {
        let mut k = Klondike::new(Seed(1));
        let mut v = k.save();
        v["options"]["draw"] = "5".into();
        assert!(k.load(v).is_err());
        assert_eq!(k, Klondike::new(Seed(1)));
    }
}
