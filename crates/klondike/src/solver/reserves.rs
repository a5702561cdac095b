//! Reserve piles fed from the stock (Agnes): each deal puts the stock's
//! next card onto each reserve in turn, only a reserve's top card plays,
//! and nothing is ever built on a reserve.
//!
//! A reserve's cards arrive in a fixed order (those on it when the search
//! began, then one a deal), and leave only from its top. So the cards still
//! in the reserves and the stock, as bits, and the deals made name every
//! reserve's content: its arrived cards that are still held, in order of
//! arrival.

use super::search::mix;

/// The most reserve piles the search keeps.
pub(super) const MAX_RESERVES: usize = 8;
/// The most cards one reserve can hold in a search: on it at the start, and
/// one a deal.
const SEQ: usize = 8;

/// The fixed part: which card reaches which reserve, and when.
#[derive(Clone)]
pub(super) struct Reserves {
    piles: u8,
    /// Each reserve's cards in order of arrival.
    seq: [[u8; SEQ]; MAX_RESERVES],
    /// Cards on each reserve when the search began.
    start: [u8; MAX_RESERVES],
    /// Cards in the stock when the search began.
    stock: u8,
}

/// What a position holds of them: the cards still in a reserve or the stock,
/// and the deals made since the search began.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Held {
    pub(super) cards: u64,
    pub(super) dealt: u8,
}

impl Reserves {
    /// The reserves of a position: `piles` (bottom first, as card indices)
    /// and the stock, top last. `None` where a reserve could come to hold
    /// more than the search keeps.
    pub(super) fn new(piles: &[Vec<u8>], stock: &[u8]) -> Option<(Reserves, Held)> {
        let n = piles.len();
        if n == 0 || n > MAX_RESERVES {
            return None;
        }
        let mut r = Reserves {
            piles: n as u8,
            seq: [[0; SEQ]; MAX_RESERVES],
            start: [0; MAX_RESERVES],
            stock: u8::try_from(stock.len()).ok()?,
        };
        let mut cards = 0u64;
        for (p, pile) in piles.iter().enumerate() {
            if pile.len() > SEQ {
                return None;
            }
            r.seq[p][..pile.len()].copy_from_slice(pile);
            r.start[p] = pile.len() as u8;
            cards |= pile.iter().fold(0, |set, &c| set | 1 << c);
        }
        // The stock deals from its top (its last card), reserve by reserve.
        for (i, &c) in stock.iter().rev().enumerate() {
            let (p, round) = (i % n, i / n);
            let at = usize::from(r.start[p]) + round;
            if at >= SEQ {
                return None;
            }
            r.seq[p][at] = c;
            cards |= 1 << c;
        }
        Some((r, Held { cards, dealt: 0 }))
    }

    /// How many reserve piles there are.
    pub(super) fn piles(&self) -> usize {
        usize::from(self.piles)
    }

    /// Cards left in the stock.
    pub(super) fn stock_left(&self, h: Held) -> u8 {
        self.stock
            .saturating_sub(h.dealt.saturating_mul(self.piles))
    }

    /// Cards that have reached reserve `p` so far.
    fn arrived(&self, h: Held, p: usize) -> usize {
        let dealt = usize::from(self.stock - self.stock_left(h));
        let n = usize::from(self.piles);
        usize::from(self.start[p]) + (dealt + n - 1 - p) / n
    }

    /// The top card of reserve `p`, if it holds any.
    pub(super) fn top(&self, h: Held, p: usize) -> Option<u8> {
        self.seq[p][..self.arrived(h, p)]
            .iter()
            .rev()
            .copied()
            .find(|&c| h.cards >> c & 1 == 1)
    }

    /// The reserves' top cards, as bits.
    pub(super) fn tops(&self, h: Held) -> u64 {
        (0..self.piles())
            .filter_map(|p| self.top(h, p))
            .fold(0, |set, c| set | 1 << c)
    }

    /// Deals a card onto each reserve (as many as the stock has).
    pub(super) fn deal(&self, h: &mut Held) {
        h.dealt += 1;
    }

    /// Takes reserve `p`'s top card: the card.
    pub(super) fn take(&self, h: &mut Held, p: usize) -> Option<u8> {
        let c = self.top(*h, p)?;
        h.cards &= !(1 << c);
        Some(c)
    }

    /// Their part of a position's hash (to be mixed).
    pub(super) fn key(&self, h: Held) -> u64 {
        mix(h.cards ^ u64::from(self.stock_left(h)) << 56)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_go_round_the_reserves_and_cards_leave_from_the_top() {
        // Two reserves holding 1 and nothing; the stock deals 4, 3, 2 (top last).
        let (r, mut h) = Reserves::new(&[vec![9], vec![]], &[2, 3, 4]).expect("fits");
        assert_eq!((r.top(h, 0), r.top(h, 1)), (Some(9), None));
        assert_eq!(r.stock_left(h), 3);
        r.deal(&mut h);
        assert_eq!((r.top(h, 0), r.top(h, 1)), (Some(4), Some(3)));
        assert_eq!(r.take(&mut h, 0), Some(4));
        assert_eq!(r.top(h, 0), Some(9), "the card under it shows");
        r.deal(&mut h);
        assert_eq!(r.stock_left(h), 0);
        assert_eq!((r.top(h, 0), r.top(h, 1)), (Some(2), Some(3)));
        assert_eq!(r.tops(h), 1 << 2 | 1 << 3);
        assert_eq!(r.take(&mut h, 0), Some(2));
        assert_eq!(r.take(&mut h, 0), Some(9));
        assert_eq!(r.take(&mut h, 0), None);
        assert_ne!(r.key(h), r.key(Held { dealt: 1, ..h }));
    }

    #[test]
    fn a_reserve_that_could_outgrow_the_search_is_refused() {
        let stock: Vec<u8> = (0..20).collect();
        assert!(Reserves::new(&[vec![40]], &stock[..7]).is_some());
        assert!(Reserves::new(&[vec![40]], &stock[..8]).is_none());
        assert!(Reserves::new(&[], &stock).is_none());
    }
}
