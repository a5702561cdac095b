//! What Parlour's game engines share, and nothing about any screen.
//!
//! - [`position`]: the rules-level trait every game's position implements
//!   (the legal moves as the single truth, `Copy` moves with a text
//!   notation, `play` that says why not), and perft-style counts over it;
//! - [`think`]: one way for a computer to think, in slices between frames;
//! - [`rng`]: the seeded random source whose deals never change, so that a
//!   seed in a shared link deals the same game forever;
//! - [`digest_set`], [`fast_hash`], [`sort`], [`text_lines`]: small sets,
//!   maps, a sort and the line-numbered errors of the text formats.
//!
//! ```
//! use parlour_kit::rng::{Rng, Seed};
//!
//! // A seed deals the same game on every machine, in every release.
//! let deal = |seed| {
//!     let mut rng = Rng::new(seed);
//!     (0..5).map(|_| rng.below(52)).collect::<Vec<_>>()
//! };
//! assert_eq!(deal(Seed(42)), deal(Seed(42)));
//! assert_ne!(deal(Seed(42)), deal(Seed(43)));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod digest_set;
pub mod fast_hash;
pub mod position;
pub mod rng;
pub mod sort;
pub mod text_lines;
pub mod think;
