//! F. H. Richards' triangular dominoes (US patent 331,652, 1885).
//!
//! This release has the table: the triangular lattice with hit-testing and a
//! cell cursor. The tiles, the three games and the AI arrive in the following ones.

pub mod lattice;
mod view;

pub use view::{board_size, SIDE};

use crate::game::{Choice, Game, GameKind, OptionError, OptionSpec, Options, Outcome, StateError};
use crate::geom::Size;
use crate::input::{Gesture, Key};
use crate::paint::Painter;
use crate::rng::Seed;
use lattice::Cell;
use serde::{Deserialize, Serialize};

/// The dominoes settings, as the shell sees them.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "rules",
        label: "Game",
        choices: &[
            Choice::new("points", "Points"),
            Choice::new("muggins", "Muggins"),
            Choice::new("star", "Star"),
        ],
        default: "points",
        restarts: true,
    },
    OptionSpec {
        key: "pips",
        label: "Set",
        choices: &[
            Choice::new("4", "0–4 pips (35 tiles)"),
            Choice::new("5", "0–5 pips (56 tiles)"),
        ],
        default: "4",
        restarts: true,
    },
    OptionSpec {
        key: "boss",
        label: "Boss tile",
        choices: &[
            Choice::new("off", "Without"),
            Choice::new("on", "With the boss"),
        ],
        default: "off",
        restarts: true,
    },
];

/// A game of triangular dominoes in the shell.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dominoes {
    seed: Seed,
    options: Options,
    #[serde(skip)]
    cursor: Option<Cell>,
}

impl Dominoes {
    /// A new game dealt from `seed`.
    pub fn new(seed: Seed) -> Self {
        Dominoes {
            seed,
            options: Options::defaults(OPTIONS),
            cursor: None,
        }
    }

    fn describe(cell: Cell) -> String {
        let dir = if cell.up { "up" } else { "down" };
        format!("Cell {},{} ({dir}).", cell.q, cell.r)
    }
}

const RULES: &str = "Richards' dominoes are equilateral triangles with pips along each side, \
read clockwise from the lowest side and never decreasing, so no tile is the mirror of another.\n\n\
Points: lay one tile a turn, touching the tile laid the turn before, with equal pips on the \
touching sides. Muggins: touching sides sum to a multiple of five. Star: tiles may also meet \
corner to corner, and a meeting whose two tiles total a multiple of five scores that total.\n\n\
This release lays the table; the tiles arrive in the next one. Tap a cell or use the arrow \
keys to move the cursor.";

impl Game for Dominoes {
    fn kind(&self) -> GameKind {
        GameKind::Dominoes
    }
    fn seed(&self) -> Seed {
        self.seed
    }
    fn new_game(&mut self, seed: Seed) {
        self.seed = seed;
        self.cursor = None;
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
        board_size(viewport)
    }
    fn draw(&self, painter: &mut dyn Painter, board: Size) {
        view::draw(painter, board, self.cursor);
    }
    fn gesture(&mut self, gesture: Gesture, board: Size) -> Outcome {
        match gesture {
            Gesture::Tap { at, .. } => {
                let cell = view::lattice(board).cell_at(at);
                self.cursor = Some(cell);
                Outcome::say(Self::describe(cell))
            }
            _ => Outcome::nothing(),
        }
    }
    fn key(&mut self, key: Key) -> Outcome {
        let c = self.cursor.unwrap_or(Cell::up(0, 0));
        let [a, b, d] = c.side_neighbours();
        // Arrows cross the cell's sides: an up cell has sides left, right and
        // below; a down cell left, right and above.
        let next = match (key, c.up) {
            (Key::Left, true) | (Key::Up, false) => a,
            (Key::Right, _) => b,
            (Key::Down, true) | (Key::Left, false) => d,
            (Key::Escape, _) => {
                self.cursor = None;
                return Outcome::redraw();
            }
            _ => return Outcome::nothing(),
        };
        self.cursor = Some(next);
        Outcome::say(Self::describe(next))
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
        Outcome::say("No tiles are dealt yet, so there is no move to suggest.")
    }
    fn status(&self) -> String {
        let get = |k| self.option(k).unwrap_or("?");
        format!(
            "{} · 0–{} set · boss {}",
            get("rules"),
            get("pips"),
            get("boss")
        )
    }
    fn rules(&self) -> &'static str {
        RULES
    }
    fn save(&self) -> String {
        crate::save::state_to_text(self)
    }
    fn load(&mut self, state: &str) -> Result<(), StateError> {
        let mut loaded: Dominoes = crate::save::state_from_text(state)?;
        loaded.options = loaded.options.validated(OPTIONS)?;
        *self = loaded;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tap_moves_the_cursor_to_the_tapped_cell() {
        let mut d = Dominoes::new(Seed(1));
        let board = d.board_size(Size::new(800.0, 600.0));
        let l = view::lattice(board);
        let cell = Cell::down(2, -1);
        let out = d.gesture(
            Gesture::Tap {
                at: l.centroid(cell),
                count: 1,
            },
            board,
        );
        assert_eq!(d.cursor, Some(cell));
        assert!(!out.changed && out.redraw);
    }

    #[test]
    fn arrow_keys_walk_to_neighbours() {
        let mut d = Dominoes::new(Seed(1));
        for key in [Key::Left, Key::Right, Key::Down, Key::Up] {
            let before = d.cursor.unwrap_or(Cell::up(0, 0));
            d.key(key);
            let after = d.cursor.unwrap();
            assert!(
                before.side_neighbours().contains(&after) || before == after,
                "{key:?}: {before:?} -> {after:?}"
            );
        }
    }
}
