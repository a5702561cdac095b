//! Klondike solitaire and its family.
//!
//! The engine is a crate of its own, [`parlour_klondike`], re-exported here:
//! [`rules`] holds the position, moves and scoring; [`analysis`] finds hints,
//! lost games and safe foundation moves; [`solver`] decides whether a deal
//! can be won; [`deal_format`] reads and writes deals as text. Here, the
//! screen side: [`remote`] asks the page's solver worker. The game is
//! hosted by the shell ([`Klondike`]); [`def`] declares it: [`view`] lays
//! out, hit-tests and draws cards, [`show`] draws the board and the status
//! line, [`input`] maps taps, drags and keys to moves, [`table`] keeps the
//! screen-only state (animations, the solver's background jobs),
//! [`narrate`] says what happened, and [`stats`] keeps the statistics.

pub mod anim;
pub mod def;
pub mod input;
mod kind;
pub mod narrate;
pub mod remote;
pub mod settings;
pub mod show;
pub mod stats;
pub mod table;
pub mod view;

// The engine: cards, rules, the deal format, the family's variants, the
// analysis and the solver, a crate of its own that knows no screen
// (crates/klondike).
pub use parlour_klondike::{analysis, cards, coach, deal_format, fixtures, rules, solver, variant};

use crate::shell::driver::Shell;
use rules::{Move, State};

/// A game of Klondike, hosted by the shell.
pub type Klondike = Shell<def::KlondikeDef>;

impl Shell<def::KlondikeDef> {
    /// The current position.
    pub fn state(&self) -> &State {
        self.position()
    }

    /// The moves played so far, in notation (`*` marks moves the game made itself).
    pub fn record(&self) -> Vec<String> {
        self.played().to_vec()
    }

    /// The move the last Hint outlined, while it is still outlined: for
    /// scripted play.
    pub fn hinted(&self) -> Option<Move> {
        self.ui().hint.map(|(mv, _)| mv)
    }

    /// The score shown, every scheme included.
    pub fn score(&self) -> i32 {
        stats::score(self.position(), self.view().elapsed_ms)
    }

    /// Whether a search for a winnable deal is running.
    pub fn searching(&self) -> bool {
        self.ui().search.is_some()
    }
}

#[cfg(test)]
mod tests;
