//! A solver for Thoughtful Klondike and the family members it can express:
//! every card's place is known, and the question is whether some sequence of
//! legal moves wins.
//!
//! [`Solver`] picks one of three searches:
//!
//! - **The summary search** (`summary.rs`, with the feature
//!   `summary-solver`, on by default) for Klondike's own rules — building
//!   down in alternate colours, any run moving, only Kings to spaces — with
//!   any dealing, passes and piles (Klondike, Kuipers, Las Vegas,
//!   Thoughtful), and with those rules counted from another base, ranks
//!   that wrap and a stock dealt onto reserves (Agnes, and Nine Across once
//!   its base is chosen). It searches positions with the arrangement of the face-up
//!   cards forgotten, which makes the space it must cover to prove a deal
//!   lost far smaller; its module documentation gives the moves, the cuts
//!   and why each is sound, and `line.rs` turns its win back into real moves.
//! - **The explicit search** (`search.rs`, `steps.rs`) for the rest of the
//!   family (other build rules, any card to a space, only suit runs moving,
//!   and in [`Solver::new`] a stock dealt onto the piles with one deck)
//!   and wherever the summary search is left out (the web build, for now).
//! - **The general search** (`general.rs`, with the feature
//!   `general-search`, on by default) for every other one-player
//!   member (several decks, jokers): the rules engine's own positions and
//!   moves, cutting only positions seen before.
//!
//! The explicit search is a depth-first search over a compact copy of the position:
//!
//! - **Safe foundation moves are forced.** A card every possible holder of
//!   which (the cards the build rule lets go on it) is already on the
//!   foundations can never be needed in the tableau, so it goes up at once
//!   and is never branched on — from the tableau always, from the waste only
//!   when dealing singly (dealing by threes, a card left in the waste can be
//!   what brings another to the top on a later pass).
//! - **Stock cycling is one move.** The waste's top card and every card the
//!   stock would bring to the top within the passes left are candidate moves
//!   of their own ("deal until this card shows, then play it"), so the search
//!   never walks the stock card by card.
//! - **A transposition table** of 64-bit hashes remembers explored positions.
//!   It starts small and doubles while half full up to a fixed cap, then new
//!   positions replace old. Tableau piles are hashed as a multiset, so
//!   positions that differ only in the order of the piles are the same, and
//!   with unlimited passes a waste standing where a first pass would stop
//!   counts as an empty one. A hash set of the positions on the current path
//!   keeps the search from looping when the table has forgotten something.
//! - **Move ordering**: foundation moves, moves that turn a card, stock cards,
//!   other tableau moves, and cards back from the foundations last.
//! - **Dominance pruning**: a pile with no face-down card never moves whole
//!   into an empty pile (the position would be the same up to pile order);
//!   part of a run moves only if the card it uncovers can be used at once (go
//!   up, take a card, or move, the moved cards' top included), and a card
//!   comes back from a foundation only if a card that could go on it is at
//!   hand. Both kinds of move can always wait until just before that use, so
//!   no win is lost. (Where only runs of one suit move, part of a run may move
//!   to join a longer run of its suit, so the first of these is off.)
//! - **A stock dealt onto the piles** (Easthaven): dealing a row is one
//!   move, tried after the tableau's. While stock is left, each pile gets
//!   its own next card, so the piles are hashed in order and every space is
//!   tried; and a move cannot always wait (the deal may cover what it needs
//!   first), so the two cuts that rest on waiting are off. A move no pile
//!   has room for is left out, and then the search can no longer prove a
//!   loss.
//!
//! The search runs in two phases. Phase one also leaves out moves that wins
//! rarely need (part of a run onto another pile unless the card it uncovers
//! can go up at once; cards back from the foundations): it finds most wins
//! fast. If it finds none, phase two searches with every move, and none of its
//! cuts loses a win, so an exhausted phase two proves the deal unwinnable
//! (`tests/solver_soundness.rs` checks this against exhaustive play). The
//! search runs in slices ([`Solver::run`]) so that a page can interleave it
//! with animation frames, and it is deterministic: the same position and
//! budget give the same verdict and the same moves.

mod dfs;
mod engine;
#[cfg(feature = "general-search")]
mod general;
mod grade;
#[cfg(feature = "summary-solver")]
mod line;
mod node;
#[cfg(feature = "summary-solver")]
mod reserves;
mod search;
mod steps;
#[cfg(feature = "summary-solver")]
mod summary;
mod table;
mod talon;
#[cfg(feature = "summary-solver")]
mod turns;
mod verdict;

use dfs::{Dfs, Outcome, Space};
pub use engine::{Solver, TIMED_SLICE};
#[cfg(feature = "general-search")]
use general::General;
pub use grade::Grade;
use node::*;
use search::*;
use table::Table;
use talon::{DealRule, Talon, Targets};
pub use verdict::*;

use super::cards::{Card, Rank};
use super::rules::{Build, Fill, Move, Passes, Runs, State, StockRule};
use std::fmt;

#[cfg(test)]
mod tests;
