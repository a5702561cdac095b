#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod shell;
pub mod util;

pub mod dominoes;
pub mod klondike;
pub mod phutball;

pub mod games;
pub mod host;

#[cfg(not(target_arch = "wasm32"))]
pub mod fuzzing;

// The page; the solver worker's build (feature `worker`) leaves it out.
#[cfg(all(target_arch = "wasm32", not(feature = "worker")))]
mod web;
#[cfg(all(target_arch = "wasm32", not(feature = "worker")))]
pub use web::{mount, start, Parlour};

pub use games::{new_game, GameKind};
pub use shell::{Game, Outcome};
pub use util::rng::Seed;
