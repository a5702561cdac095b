//! Whole games played through the page's own controls in headless Chromium,
//! against the default computers, at desktop size and on a phone-sized touch
//! screen. Each run must end properly (a hand over, a goal, a win, no moves
//! left) with no console error and no stall: the same status and move count
//! for longer than the computer's longest think.
//!
//! A native mirror of each game follows the page's moves: it says where on the
//! canvas a tile, point or card is (the page runs the same layout code) and
//! what Hint will suggest, so the test can press, drag and tap like a person.
//! Runs with PARLOUR_E2E=1 (see tests/common).
//!
//! The test harness starts tests in the order of their names; the longest
//! (every game from the picker, then Klondike's whole games) sit in modules
//! whose names come early. The suite is bound by the CPU Chromium spends
//! painting, not by that order (BENCHMARKS.md, "Play-throughs in the browser").
#![cfg(not(target_arch = "wasm32"))]

#[path = "../common/mod.rs"]
mod common;

mod dominoes;
mod from_the_picker;
mod klondike;
mod links;
mod phutball;
mod shots;
