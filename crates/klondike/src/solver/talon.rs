//! The stock and waste as one row of cards, and the cards dealing can bring to the top.

use super::search::mix;
use super::TALON_CAP;
use crate::rules::{Move, Passes};

/// The waste and the stock as one row: the waste bottom first, then the
/// stock in the order it deals. `cursor` cards of it are on the waste, whose
/// top is `cards[cursor - 1]`.
#[derive(Clone, Copy)]
pub(super) struct Talon {
    pub(super) cards: [u8; TALON_CAP],
    pub(super) len: u8,
    pub(super) cursor: u8,
    /// Times the waste was turned back into the stock.
    pub(super) recycles: u8,
    /// The cards of `cards[..len]`, as bits: within one search they also
    /// name the row ([`Talon::hash`]).
    pub(super) held: u64,
}

/// How a search deals: cards a deal turns, and passes allowed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct DealRule {
    pub(super) draw: u8,
    pub(super) passes: Passes,
}

impl DealRule {
    /// Whether every stock card can be had at any time, whatever is taken
    /// out: dealing singly with no pass limit.
    pub(super) fn free(self) -> bool {
        self.draw == 1 && self.passes == Passes::Unlimited
    }

    /// Passes left after `recycles` recycles (`None`: no limit).
    fn passes_left(self, recycles: u8) -> Option<u8> {
        match self.passes {
            Passes::Unlimited => None,
            Passes::Limited(n) => Some(n.saturating_sub(1).saturating_sub(recycles)),
        }
    }
}

/// The cursor positions dealing reaches, as (cursor, extra recycles).
pub(super) struct Targets {
    list: [(u8, u8); TALON_CAP],
    len: usize,
}

impl Targets {
    /// No cursor positions: a stock that deals to no waste.
    pub(super) fn none() -> Targets {
        Targets {
            list: [(0, 0); TALON_CAP],
            len: 0,
        }
    }

    fn push(&mut self, t: (u8, u8)) {
        self.list[self.len] = t;
        self.len += 1;
    }
}

impl std::ops::Deref for Targets {
    type Target = [(u8, u8)];
    fn deref(&self) -> &[(u8, u8)] {
        &self.list[..self.len]
    }
}

impl Talon {
    /// A row of `cards`, the first `cursor` of them on the waste.
    pub(super) fn new(cards: &[u8], cursor: u8, recycles: u8) -> Talon {
        let mut row = [0; TALON_CAP];
        row[..cards.len()].copy_from_slice(cards);
        Talon {
            cards: row,
            len: cards.len() as u8,
            cursor,
            recycles,
            held: cards.iter().fold(0, |set, &c| set | 1 << c),
        }
    }

    /// The row's cards, hashed. Every position of a search comes from one
    /// first row by taking cards out of it (and no table is shared between
    /// searches of different rows), so the set of cards left names the row,
    /// their order included. Hashing the set costs one mix, where hashing
    /// the row again at every card taken cost about 2% of the search.
    fn hash(&self) -> u64 {
        mix(self.held ^ 0x5151 << 52)
    }

    /// The card at a cursor position (the waste's top when the cursor stands there).
    pub(super) fn at(&self, target: u8) -> u8 {
        self.cards[usize::from(target) - 1]
    }

    /// The cursor positions dealing can reach from here, as (cursor, extra
    /// recycles), the current waste top included, each at its first arrival.
    pub(super) fn targets(&self, deal: DealRule) -> Targets {
        let len = self.len;
        let mut out = Targets::none();
        let mut seen = 0u64;
        let mut cur = self.cursor;
        let mut rec = 0u8;
        if cur > 0 {
            out.push((cur, 0));
            seen |= 1 << cur;
        }
        loop {
            if cur < len {
                cur = (cur + deal.draw).min(len);
            } else {
                if cur == 0 || deal.passes_left(self.recycles + rec) == Some(0) || rec == 1 {
                    break;
                }
                rec += 1;
                cur = 0;
                continue;
            }
            if seen >> cur & 1 == 0 {
                seen |= 1 << cur;
                out.push((cur, rec));
            }
        }
        out
    }

    /// Whether the waste stands where a pass from an empty waste also
    /// stops: nothing a pass could reach is lost by dealing on.
    pub(super) fn aligned(&self, deal: DealRule) -> bool {
        self.cursor.is_multiple_of(deal.draw) || self.cursor == self.len
    }

    /// Deals (recycling `recycles` times) until the waste shows the card at
    /// `target`, and takes it: the card.
    pub(super) fn take(&mut self, target: u8, recycles: u8) -> u8 {
        let at = usize::from(target) - 1;
        let c = self.cards[at];
        let len = usize::from(self.len);
        self.cards.copy_within(at + 1..len, at);
        self.len -= 1;
        self.held &= !(1 << c);
        self.cursor = target - 1;
        self.recycles = self.recycles.saturating_add(recycles);
        c
    }

    /// Appends the deals and recycles that bring the cursor from where it
    /// stands to `target`.
    pub(super) fn deals_to(&self, target: u8, deal: DealRule, out: &mut Vec<Move>) {
        let mut cur = self.cursor;
        while cur != target {
            if cur < self.len {
                out.push(Move::Deal);
                cur = (cur + deal.draw).min(self.len);
            } else {
                out.push(Move::Recycle);
                cur = 0;
            }
        }
    }

    /// The row's part of a position's hash (to be mixed). With unlimited passes, a waste
    /// standing where the stock's first pass would also stop (a multiple of
    /// the draw, or the end) is one recycle away from an empty waste and
    /// back: the same position. DealRule singly, that is every place.
    pub(super) fn key(&self, deal: DealRule) -> u64 {
        let unlimited = deal.passes == Passes::Unlimited;
        let cursor = if unlimited && self.aligned(deal) {
            0
        } else {
            self.cursor
        };
        let recycles = if unlimited { 0 } else { self.recycles };
        self.hash() ^ u64::from(cursor) ^ (u64::from(recycles) << 8)
    }

    /// A row's part of a hash that names the row's cards with the waste
    /// standing anywhere: no real position's [`Talon::key`] (whose cursor
    /// is at most [`TALON_CAP`]).
    #[cfg(feature = "summary-solver")]
    pub(super) fn any_cursor_key(&self) -> u64 {
        self.hash() ^ 0xFF
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cursor position dealing reaches within `passes` passes, each
    /// at its first arrival, by dealing and turning over card by card.
    fn walked(t: &Talon, deal: DealRule, passes: u8) -> Vec<(u8, u8)> {
        let mut out = Vec::new();
        let (mut cur, mut rec) = (t.cursor, 0);
        if cur > 0 {
            out.push((cur, 0));
        }
        while rec < passes {
            if cur < t.len {
                cur = (cur + deal.draw).min(t.len);
                if !out.iter().any(|&(c, _)| c == cur) {
                    out.push((cur, rec));
                }
            } else {
                rec += 1;
                cur = 0;
            }
        }
        out
    }

    #[test]
    fn the_targets_are_every_place_dealing_reaches_in_the_order_it_reaches_them() {
        let cards: Vec<u8> = (0..24).collect();
        for draw in [1, 3] {
            let deal = DealRule {
                draw,
                passes: Passes::Unlimited,
            };
            for cursor in 0..=24 {
                let t = Talon::new(&cards, cursor, 0);
                // Three passes and more reach nothing two do not.
                assert_eq!(&*t.targets(deal), walked(&t, deal, 5).as_slice());
            }
        }
    }

    #[test]
    fn dealing_singly_the_targets_run_from_the_waste_top_round_to_the_start() {
        let cards: Vec<u8> = (0..10).collect();
        let deal = DealRule {
            draw: 1,
            passes: Passes::Unlimited,
        };
        let t = Talon::new(&cards, 4, 0);
        let want: Vec<(u8, u8)> = (4..=10)
            .map(|c| (c, 0))
            .chain((1..4).map(|c| (c, 1)))
            .collect();
        assert_eq!(&*t.targets(deal), want.as_slice());
    }

    #[test]
    fn taking_any_card_changes_the_key_even_the_last_and_lowest() {
        // The row's hash once hashed its bytes eight at a time, padding the
        // last word with zeros: a row ending in card 0 hashed as the row
        // without it, and the summary search (whose key leaves the placed
        // cards out, as they are whatever is left) took the two for one.
        let deal = DealRule {
            draw: 1,
            passes: Passes::Unlimited,
        };
        let whole = Talon::new(&[5, 6, 38, 11, 40, 0], 0, 0);
        for target in 1..=whole.len {
            let mut taken = whole;
            taken.take(target, 0);
            assert_ne!(taken.key(deal), whole.key(deal), "card at {target}");
        }
    }
}
