//! The rules of one hand: the deal, the board, legal plays, scoring, the end.
//!
//! [`Hand::legal_moves`] is the single truth about what may be played;
//! [`Hand::play`] checks a move against the same rules and returns its score
//! breakdown, or a [`PlayError`] that says what is wrong.

mod contact;
mod hand;
mod legality;
mod moves;
mod options;
mod scoring;

use contact::*;
pub use hand::*;
pub use moves::*;
pub use options::*;

use super::lattice::{cells_at, Cell};
use super::tile::{set, Pips, Tile};
use parlour_kit::position::{BadMoveText, Ending, Seat};
use parlour_kit::rng::{Rng, Seed};
use std::fmt;
