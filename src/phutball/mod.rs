//! Phutball (Philosopher's Football): its screen side, over its engine.
//!
//! The engine is a crate of its own, [`parlour_phutball`], re-exported here:
//! [`rules`] holds the position, moves and every rule option, [`contest`] a
//! game from its start (the draws by repetition and the move cap);
//! [`notation`] reads and writes moves; [`finder`] lists the wins in one;
//! [`ai`] is the computer. Here: [`settings`] the typed options; `view` draws
//! the Go-style board; [`input`] maps taps, drags and keys to moves;
//! [`record`] and [`position_format`] the text formats; [`tactics`] the
//! tactics suite; [`def`] declares the game to the shell, which hosts it as
//! [`Phutball`].

pub mod def;
pub mod geometry;
pub mod input;
mod kind;
pub mod position_format;
pub mod record;
pub mod review;
pub mod settings;
pub mod tactics;
mod view;

// The engine: rules, notation, the finder and the computer, a crate of its
// own that knows no screen (crates/phutball).
pub use def::PhutballDef;
pub use parlour_phutball::{
    ai, contest, finder, fixtures, notation, puzzle, rules, BadPoint, Dims, Pt, Setup,
};
pub use view::{Geometry, SPACING};

use crate::shell::driver::Shell;

/// A game of Phutball, hosted by the shell.
pub type Phutball = Shell<PhutballDef>;

#[cfg(test)]
mod tests;
