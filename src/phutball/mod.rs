//! Phutball (Philosopher's Football).
//!
//! This release has the board in every size, its coordinates, and placing men
//! by pointer or keyboard, with undo and redo. Jumping the ball, the win-in-one
//! finder and the AI arrive in the following ones.

mod board;
mod view;

pub use board::{BadPoint, Dims, PhutballError, Position, Pt};
pub use view::{Geometry, SPACING};

use crate::game::{
    Choice, Game, GameKind, History, OptionError, OptionSpec, Options, Outcome, StateError,
};
use crate::geom::Size;
use crate::input::{Gesture, Key};
use crate::paint::Painter;
use crate::rng::Seed;
use serde::{Deserialize, Serialize};

/// Phutball's settings, as the shell sees them.
pub const OPTIONS: &[OptionSpec] = &[OptionSpec {
    key: "board",
    label: "Board",
    choices: &[
        Choice::new("19x15", "19 × 15 (the rules)"),
        Choice::new("19x19", "19 × 19 (Go board)"),
        Choice::new("13x9", "13 × 9 (teaching)"),
        Choice::new("9x7", "9 × 7 (teaching)"),
    ],
    default: "19x15",
    restarts: true,
}];

fn dims_of(value: &str) -> Dims {
    match value {
        "19x19" => Dims { rows: 19, cols: 19 },
        "13x9" => Dims { rows: 13, cols: 9 },
        "9x7" => Dims { rows: 9, cols: 7 },
        _ => Dims::STANDARD,
    }
}

/// The two sides. Ohs move first and attack Eks' goal line at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    /// Attacks rows `rows` and `rows + 1`.
    Ohs,
    /// Attacks rows 1 and 0.
    Eks,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Ohs => Side::Eks,
            Side::Eks => Side::Ohs,
        }
    }
    fn name(self) -> &'static str {
        match self {
            Side::Ohs => "Ohs",
            Side::Eks => "Eks",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Turn {
    position: Position,
    to_move: Side,
}

/// A game of Phutball in the shell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phutball {
    seed: Seed,
    options: Options,
    turn: Turn,
    history: History<Turn>,
    #[serde(skip)]
    cursor: Option<Pt>,
}

impl Phutball {
    /// A new game. Phutball deals nothing at random; the seed is kept so that a
    /// shared link names the same game.
    pub fn new(seed: Seed) -> Self {
        let options = Options::defaults(OPTIONS);
        Phutball {
            seed,
            turn: Turn {
                position: Position::start(dims_of(OPTIONS[0].default)),
                to_move: Side::Ohs,
            },
            options,
            history: History::default(),
            cursor: None,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.turn.position
    }

    /// Places a man for the side to move.
    pub fn place(&mut self, at: Pt) -> Result<(), PhutballError> {
        let mut next = self.turn.clone();
        next.position.place(at)?;
        next.to_move = next.to_move.other();
        self.history.record(std::mem::replace(&mut self.turn, next));
        Ok(())
    }

    fn place_outcome(&mut self, at: Pt) -> Outcome {
        let side = self.turn.to_move;
        match self.place(at) {
            Ok(()) => Outcome::moved(format!("{} placed a man on {at}.", side.name())),
            Err(e) => Outcome::say(format!("Cannot place there: {e}.")),
        }
    }
}

const RULES: &str = "Philosopher's Football is played on the points of a grid. There is one ball \
(white) and any number of men (black); the men belong to neither player.\n\n\
On your turn either place a man on any empty point, or move the ball by jumping: over one or \
more men in a straight line, orthogonal or diagonal, to the first empty point beyond. The men \
jumped are removed. Jumps may be chained, and you may stop after any jump.\n\n\
Ohs (moving first) win by ending a move with the ball on or beyond the top line; Eks on or \
beyond the bottom line.\n\n\
In this release you can place men (tap a point, or use the arrow keys and Enter); jumping \
arrives in the next one.";

impl Game for Phutball {
    fn kind(&self) -> GameKind {
        GameKind::Phutball
    }
    fn seed(&self) -> Seed {
        self.seed
    }
    fn new_game(&mut self, seed: Seed) {
        let options = self.options.clone();
        *self = Phutball::new(seed);
        self.turn.position =
            Position::start(dims_of(options.get(OPTIONS, "board").unwrap_or_default()));
        self.options = options;
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
    fn board_size(&self, _viewport: Size) -> Size {
        Geometry::new(self.turn.position.dims).size()
    }
    fn draw(&self, painter: &mut dyn Painter, _board: Size) {
        view::draw(painter, &self.turn.position, self.cursor);
    }
    fn gesture(&mut self, gesture: Gesture, _board: Size) -> Outcome {
        match gesture {
            Gesture::Tap { at, .. } => match Geometry::new(self.turn.position.dims).hit(at) {
                Some(p) => {
                    self.cursor = None;
                    self.place_outcome(p)
                }
                None => Outcome::nothing(),
            },
            _ => Outcome::nothing(),
        }
    }
    fn key(&mut self, key: Key) -> Outcome {
        let dims = self.turn.position.dims;
        let c = self.cursor.unwrap_or(dims.centre());
        let moved = match key {
            Key::Left => Pt {
                col: c.col.saturating_sub(1),
                ..c
            },
            Key::Right => Pt {
                col: (c.col + 1).min(dims.cols - 1),
                ..c
            },
            Key::Up => Pt {
                row: (c.row + 1).min(dims.rows),
                ..c
            },
            Key::Down => Pt {
                row: c.row.saturating_sub(1).max(1),
                ..c
            },
            Key::Enter | Key::Space => return self.place_outcome(c),
            Key::Escape => {
                self.cursor = None;
                return Outcome::redraw();
            }
            Key::Char(_) => return Outcome::nothing(),
        };
        self.cursor = Some(moved);
        Outcome::say(format!("Cursor on {moved}."))
    }
    fn can_undo(&self) -> bool {
        self.history.can_undo()
    }
    fn undo(&mut self) -> Outcome {
        if self.history.undo(&mut self.turn) {
            Outcome::moved("Move taken back.")
        } else {
            Outcome::nothing()
        }
    }
    fn can_redo(&self) -> bool {
        self.history.can_redo()
    }
    fn redo(&mut self) -> Outcome {
        if self.history.redo(&mut self.turn) {
            Outcome::moved("Move played again.")
        } else {
            Outcome::nothing()
        }
    }
    fn hint(&mut self) -> Outcome {
        Outcome::say("Hints need the win-in-one finder, which arrives with jumping.")
    }
    fn status(&self) -> String {
        format!(
            "{} to move · {} men on the board · {} board",
            self.turn.to_move.name(),
            self.turn.position.men.len(),
            self.turn.position.dims
        )
    }
    fn rules(&self) -> &'static str {
        RULES
    }
    fn save(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
    fn load(&mut self, state: serde_json::Value) -> Result<(), StateError> {
        let mut loaded: Phutball = serde_json::from_value(state)?;
        loaded.options = loaded.options.validated(OPTIONS)?;
        loaded
            .turn
            .position
            .validate()
            .map_err(|e| StateError(e.to_string()))?;
        *self = loaded;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tap_places_and_undo_restores_exactly() {
        let mut g = Phutball::new(Seed(1));
        let board = g.board_size(Size::new(1.0, 1.0));
        let geo = Geometry::new(Dims::STANDARD);
        let start = g.clone();
        let at = geo.point("K12".parse().unwrap());
        assert!(g.gesture(Gesture::Tap { at, count: 1 }, board).changed);
        assert_eq!(g.status(), "Eks to move · 1 men on the board · 19x15 board");
        assert!(
            !g.gesture(Gesture::Tap { at, count: 1 }, board).changed,
            "occupied"
        );
        g.undo();
        assert_eq!(g.turn, start.turn);
        g.redo();
        assert!(g.position().has_man("K12".parse().unwrap()));
    }

    #[test]
    fn keyboard_places_at_the_cursor() {
        let mut g = Phutball::new(Seed(1));
        g.key(Key::Up);
        g.key(Key::Right);
        assert!(g.key(Key::Enter).changed);
        assert!(g.position().has_man("J11".parse().unwrap()));
    }

    #[test]
    fn board_option_changes_the_next_game() {
        let mut g = Phutball::new(Seed(1));
        g.set_option("board", "19x19").unwrap();
        g.new_game(Seed(2));
        assert_eq!(g.position().dims, Dims { rows: 19, cols: 19 });
        assert_eq!(g.option("board"), Some("19x19"));
    }

    #[test]
    fn load_rejects_impossible_positions() {
        let mut g = Phutball::new(Seed(1));
        let mut v = g.save();
        v["turn"]["position"]["men"] = serde_json::json!([{"col": 7, "row": 10}]);
        assert!(g.load(v).is_err(), "a man on the ball");
    }
}
