//! The solver's compact copy of a position: stacks of card bytes, and the steps between positions.

use super::*;

pub(super) const MAX_PILES: usize = 10;
/// Room for one pile's run moves: one onto each other pile, and every
/// length of run into a space (into each space, where spaces differ).
pub(super) const RUN_MOVES: usize = MAX_PILES * 13;
pub(super) const PILE_CAP: usize = 32;
pub(super) const TALON_CAP: usize = 52;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Stack {
    pub(super) cards: [u8; PILE_CAP],
    pub(super) len: u8,
    pub(super) down: u8,
}

#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) piles: [Stack; MAX_PILES],
    /// The waste and the stock.
    pub(super) talon: Talon,
    pub(super) found: [u8; 4],
    /// Each pile's hash ([`Stack::hash`]), kept up to date by [`Explicit::apply`].
    pub(super) pile_hash: [u64; MAX_PILES],
}

impl Stack {
    pub(super) fn hash(&self) -> u64 {
        hash_bytes(
            (u64::from(self.down) << 8) | u64::from(self.len),
            &self.cards[..usize::from(self.len)],
        )
    }
}

#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub(super) const fn rank(c: u8) -> u8 {
    c % 13 + 1
}
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub(super) const fn suit(c: u8) -> usize {
    (c / 13) as usize
}
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub(super) const fn red(c: u8) -> bool {
    matches!(suit(c), 1 | 2)
}

/// One step of the search: a move, or a group of stock moves and the play of
/// the card they bring to the top of the waste.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// Deal (and recycle `recycles` times) until the waste shows
    /// `talon[target - 1]`, then play it to the tableau pile `to` (or the
    /// foundation when `to` is `None`).
    Talon {
        target: u8,
        recycles: u8,
        to: Option<u8>,
    },
    /// A tableau pile's top card to its foundation.
    ToFoundation(u8),
    /// `count` cards from one pile to another.
    Tableau { from: u8, to: u8, count: u8 },
    /// A foundation's top card back to a pile.
    FromFoundation { suit: u8, to: u8 },
    /// A card from the stock onto each pile, the first pile first, while
    /// the stock lasts ([`Dealing::rows`]).
    Row,
}
