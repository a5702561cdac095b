#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod digest_set;
pub mod dominoes;
pub mod fifo;
pub mod game;
pub mod geom;
pub mod input;
pub mod klondike;
pub mod paint;
pub mod params;
pub mod phutball;
pub mod rng;
pub mod save;
pub mod session;
pub mod sort;
pub mod string_map;
pub mod text_lines;
pub mod think;

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::{mount, start, Parlour};

pub use game::{new_game, Game, GameKind, Options, Outcome};
pub use rng::Seed;
