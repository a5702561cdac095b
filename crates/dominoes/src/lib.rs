//! F. H. Richards' triangular dominoes (US patent 331,652, 1885), and the
//! modern Tri-Ominos rules as an option: no screen, no clock, no page.
//!
//! - [`tile`]: the tiles, the 35- and 56-tile sets and the boss;
//! - [`lattice`]: the triangular board's cells and their neighbours;
//! - [`rules`]: one hand of Points, Muggins, Star or Tri-Ominos: legality
//!   with a typed error, scoring, the end; a hand implements the rules-level
//!   [`Position`](parlour_kit::position::Position) trait;
//! - [`play`]: a match of hands to the target;
//! - [`notation`]: moves as text (`4-4-4@0,0u`), both ways;
//! - [`ai`]: the computer players, from random to playouts.
//!
//! ```
//! use parlour_dominoes::ai::{choose, Level};
//! use parlour_dominoes::play::Match;
//! use parlour_dominoes::rules::{Rules, Variant};
//! use parlour_kit::rng::Seed;
//!
//! // A match of Points: the hand's legal moves are the single truth, and
//! // the computer's choice is one of them.
//! let game = Match::new(Rules::new(Variant::Points), Seed(7));
//! let hand = game.hand();
//! let mv = choose(hand, Level::Greedy, Seed(1)).expect("a move");
//! assert!(hand.legal_moves().contains(&mv));
//! let mut next = hand.clone();
//! next.play(mv).expect("a legal move plays");
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ai;
pub mod lattice;
pub mod notation;
pub mod play;
pub mod rules;
pub mod tile;
