#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod shell;
pub mod util;

pub mod dominoes;
pub mod klondike;
pub mod phutball;

pub mod games;
pub mod host;
mod page;

// Every page of the site, a game's or the picker's (features `page`, `site`).
#[cfg(all(target_arch = "wasm32", any(feature = "page", feature = "site")))]
pub mod site;

// A game's page (feature `page`): the picker and the workers leave it out.
#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub mod web;

pub use games::{new_game, Entry, GameKind};
pub use shell::{Game, Outcome};
pub use util::rng::Seed;
