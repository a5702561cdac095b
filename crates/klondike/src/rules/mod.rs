//! Klondike's rules: the position, moves with their notation, legality,
//! dealing and scoring. Plain Rust; the view and the shell only ask.
//!
//! Everything a variant may change is data in [`Rules`]: the tableau count,
//! the build rule, what an empty pile takes, the foundation base, the draw and
//! the redeal limit, whether cards may come back from the foundations, the
//! decks shuffled together, jokers, and a second player.

mod legality;
mod moves;
mod options;
mod state;
mod validate;

pub use legality::*;
pub use moves::*;
pub use options::*;
pub use state::*;
pub use validate::*;

use super::cards::{Card, Rank, Suit};
pub use super::variant::Variant;
use parlour_kit::position::{BadMoveText, Ending, Seat};
use parlour_kit::rng::{Rng, Seed};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[cfg(test)]
mod tests;
