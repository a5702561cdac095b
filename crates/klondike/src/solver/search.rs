//! The explicit search's space: the rules it plays by, its positions' hashes and its winning line.

use super::*;

/// Reused lists for [`Explicit::moves`]' later groups of moves.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) talon: Vec<Step>,
    pub(super) other: Vec<Step>,
    pub(super) back: Vec<Step>,
}

/// The rules a search plays by, as the solver needs them.
#[derive(Clone, Copy)]
pub(super) struct Dealing {
    pub(super) piles: usize,
    /// For each card, the cards that may be placed on it in the tableau (one
    /// rank lower, in the suit or colour the build rule asks for), as bits.
    pub(super) takers: [u64; 52],
    /// For each card, how high each suit's foundation must stand for it to
    /// be safe ([`floors`]).
    pub(super) floors: [[u8; 4]; 52],
    /// Only runs of one suit move as a unit (Whitehead).
    pub(super) suit_runs: bool,
    pub(super) draw: u8,
    pub(super) passes: Passes,
    pub(super) fill_any: bool,
    pub(super) from_foundation: bool,
    /// The stock deals a card onto each pile, the first pile first
    /// (Easthaven), instead of to a waste: [`Step::Row`] deals, and no
    /// stock card is played from the stock.
    pub(super) rows: bool,
}

impl Dealing {
    /// How the stock deals.
    pub(super) fn stock(&self) -> DealRule {
        DealRule {
            draw: self.draw,
            passes: self.passes,
        }
    }
}

/// [`Dealing::takers`] for a build rule.
pub(super) fn takers(build: Build) -> [u64; 52] {
    std::array::from_fn(|onto| {
        let onto = onto as u8;
        (0..52u8)
            .filter(|&c| {
                rank(onto) == rank(c) + 1
                    && match build {
                        Build::AlternateColour => red(c) != red(onto),
                        Build::AnySuitButOwn => suit(c) != suit(onto),
                        Build::SameColour => red(c) == red(onto),
                        Build::SameSuit => suit(c) == suit(onto),
                    }
            })
            .fold(0, |bits, c| bits | 1 << c)
    })
}

/// [`Dealing::floors`]: the cards that could ever want `c` in the
/// tableau are its takers, and where cards come back from the foundations,
/// their takers in turn (each may come down to hold the next), down to the
/// Aces. Each suit's foundation must hold the highest of them in its suit.
pub(super) fn floors(takers: &[u64; 52], from_foundation: bool) -> [[u8; 4]; 52] {
    std::array::from_fn(|c| {
        let mut need = [0u8; 4];
        let mut layer = 1u64 << c;
        while layer != 0 {
            let mut next = 0;
            let mut rest = layer;
            while rest != 0 {
                next |= takers[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            let mut rest = next;
            while rest != 0 {
                let x = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                need[suit(x)] = need[suit(x)].max(rank(x));
            }
            layer = if from_foundation { next } else { 0 };
        }
        need
    })
}

/// The explicit search's space: positions as piles of cards, searched
/// by [`Dfs`] in two phases.
pub(super) struct Explicit {
    /// Phase one: leave out the moves that are rarely needed (part of a run
    /// onto another pile unless it frees a card for the foundation, cards
    /// back from the foundations). Fast at finding wins, but its failure
    /// proves nothing; phase two searches everything.
    pub(super) pruned: bool,
    pub(super) deal: Dealing,
    pub(super) root: Node,
    scratch: Scratch,
    /// Whether a move was left out because a pile had no room for it
    /// ([`PILE_CAP`]; only a stock dealt onto the piles can fill one so):
    /// then running out of moves proves nothing.
    clipped: bool,
}

#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub(super) fn mix(mut h: u64) -> u64 {
    // splitmix64's finaliser: a good 64-bit mixer.
    h ^= h >> 30;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^ (h >> 31)
}

#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub(super) fn hash_bytes(seed: u64, bytes: &[u8]) -> u64 {
    let mut h = seed;
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = mix(h ^ u64::from_le_bytes(word));
    }
    h
}

impl Explicit {
    /// The space of `state`'s positions, phase one first, if its stock is
    /// one of `stocks`.
    pub(super) fn new(state: &State, stocks: Stocks) -> Result<Explicit, Unsupported> {
        explicit_takes(state, stocks)?;
        let r = state.rules;
        let mut root = Node {
            piles: [Stack {
                cards: [0; PILE_CAP],
                len: 0,
                down: 0,
            }; MAX_PILES],
            talon: Talon::new(&[], 0, 0),
            found: std::array::from_fn(|i| state.foundations[i]),
            pile_hash: [0; MAX_PILES],
        };
        for (i, col) in state.tableau.iter().enumerate() {
            // Over its face-down cards a pile holds at most a run of 13; on
            // a face-up card of rank r, at most r - 1 more.
            if usize::from(col.down) + 13 > PILE_CAP || col.cards.len() + 12 > PILE_CAP {
                return Err(Unsupported(format!(
                    "piles of more than {} face-down or {} cards",
                    PILE_CAP - 13,
                    PILE_CAP - 12
                )));
            }
            let p = &mut root.piles[i];
            for (j, c) in col.cards.iter().enumerate() {
                p.cards[j] = c.index() as u8;
            }
            p.len = col.cards.len() as u8;
            p.down = col.down.min(p.len);
        }
        let talon: Vec<Card> = state
            .waste
            .iter()
            .chain(state.stock.iter().rev())
            .copied()
            .collect();
        if talon.len() > TALON_CAP {
            return Err(Unsupported("more than one deck".into()));
        }
        let talon: Vec<u8> = talon.iter().map(|c| c.index() as u8).collect();
        root.talon = Talon::new(&talon, state.waste.len() as u8, state.recycles);
        for (h, p) in root.pile_hash.iter_mut().zip(root.piles.iter()) {
            *h = p.hash();
        }
        let takers = takers(r.build);
        let deal = Dealing {
            piles: state.tableau.len(),
            takers,
            floors: floors(&takers, r.from_foundation),
            suit_runs: r.runs == Runs::SameSuit,
            draw: r.draw.max(1),
            passes: r.passes_allowed(),
            fill_any: r.fill == Fill::Any,
            from_foundation: r.from_foundation,
            rows: r.stock == StockRule::OnPiles,
        };
        Ok(Explicit {
            pruned: true,
            deal,
            root,
            scratch: Scratch::default(),
            clipped: false,
        })
    }

    /// The same space in phase one (`pruned`) or two.
    pub(super) fn phase(&self, pruned: bool) -> Explicit {
        Explicit {
            pruned,
            deal: self.deal,
            root: self.root,
            scratch: Scratch::default(),
            clipped: false,
        }
    }

    /// Whether a move was left out for want of room (see [`Explicit::clipped`]).
    pub(super) fn clipped(&self) -> bool {
        self.clipped
    }

    /// Whether the piles' order matters: a stock still to be dealt onto
    /// them gives each its own next card.
    pub(super) fn ordered(&self, node: &Node) -> bool {
        self.deal.rows && node.talon.len > 0
    }

    pub(super) fn n_piles(&self) -> usize {
        self.deal.piles
    }

    pub(super) fn hash(&self, node: &Node) -> u64 {
        // The piles as a multiset: a sum of well-mixed hashes ignores their
        // order. Where the order matters, each is mixed with its place first.
        let piles = if self.ordered(node) {
            node.pile_hash.iter().zip(1u64..).fold(0u64, |a, (&p, i)| {
                a.wrapping_add(mix(p ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
            })
        } else {
            node.pile_hash.iter().fold(0u64, |a, &p| a.wrapping_add(p))
        };
        // The stock's part (see [`Talon::key`]), then the foundations.
        let mut h = node.talon.key(self.deal.stock());
        h = mix(h
            ^ (u64::from_le_bytes([
                node.found[0],
                node.found[1],
                node.found[2],
                node.found[3],
                0,
                0,
                0,
                0,
            ]) << 16));
        mix(h ^ piles) | 1
    }

    /// The rules' moves of a win: `path` from the root to `won`, then the
    /// rest of a position with no face-down card and no stock played out,
    /// the lowest card that fits, over and over.
    pub(super) fn line(&self, mut won: Node, mut path: Vec<Step>) -> Vec<Move> {
        loop {
            let best = (0..self.n_piles())
                .filter_map(|i| {
                    let p = &won.piles[i];
                    let c = *p.cards[..usize::from(p.len)].last()?;
                    Self::fits_foundation(&won, c).then_some((rank(c), i))
                })
                .min();
            match best {
                Some((_, i)) => {
                    let step = Step::ToFoundation(i as u8);
                    self.apply(&mut won, step);
                    path.push(step);
                }
                None => break,
            }
        }
        self.to_moves(&path)
    }

    /// The path as the rules' moves, stock dealing spelled out.
    fn to_moves(&self, path: &[Step]) -> Vec<Move> {
        let mut node = self.root;
        let mut out = Vec::new();
        for &step in path {
            match step {
                Step::Talon { target, to, .. } => {
                    node.talon.deals_to(target, self.deal.stock(), &mut out);
                    out.push(match to {
                        None => Move::WasteToFoundation,
                        Some(t) => Move::WasteToTableau(t),
                    });
                }
                Step::ToFoundation(i) => out.push(Move::TableauToFoundation(i)),
                Step::Tableau { from, to, count } => {
                    out.push(Move::TableauToTableau { from, to, count })
                }
                Step::FromFoundation { suit: s, to } => {
                    out.push(Move::FoundationToTableau(
                        crate::cards::Suit::ALL[usize::from(s)].into(),
                        to,
                    ));
                }
                Step::Row => out.push(Move::Deal),
            }
            self.apply(&mut node, step);
        }
        out
    }
}

/// The explicit search as a [`Dfs`] walks it.
impl Space for Explicit {
    type Node = Node;
    type Step = Step;

    fn moves(&mut self, node: &Node, out: &mut Vec<Step>) {
        let mut scratch = std::mem::take(&mut self.scratch);
        let start = out.len();
        Explicit::moves(self, node, out, &mut scratch);
        self.scratch = scratch;
        if self.deal.rows {
            // Leave out a move no pile has room for, and remember that one was.
            let before = out.len();
            let mut kept = start;
            for i in start..before {
                if self.room_for(node, out[i]) {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
            self.clipped |= kept < before;
        }
    }

    fn apply(&self, node: &mut Node, step: Step) {
        Explicit::apply(self, node, step);
    }

    fn force(&self, node: &mut Node, path: &mut Vec<Step>) {
        Explicit::force(self, node, path);
    }

    fn won(&self, node: &Node) -> bool {
        Explicit::won(self, node)
    }

    fn key(&self, node: &Node) -> u64 {
        self.hash(node)
    }

    /// A position is some 500 bytes, and walks of the face-up members
    /// (Whitehead) go hundreds of thousands of moves deep: a quarter of a
    /// million at a million positions searched. Keeping one position in
    /// eight cuts such a deal's memory by two thirds for about 5% more time
    /// (one in sixteen saved little more memory for 17% more time).
    const KEEP_EVERY: usize = 8;
}
