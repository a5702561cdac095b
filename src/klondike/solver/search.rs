//! The search: the solver's state, its slices, the transposition table and the winning line.

use super::*;

/// Reused lists for [`Explicit::moves`]' later groups of moves.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) talon: Vec<Step>,
    pub(super) other: Vec<Step>,
    pub(super) back: Vec<Step>,
}

pub(super) struct Frame {
    pub(super) node: Node,
    /// Its moves are `steps[start..end]` of the solver.
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) next: usize,
    pub(super) path_len: usize,
    pub(super) hash: u64,
}

/// The rules a search plays by, as the solver needs them.
#[derive(Clone, Copy)]
pub(super) struct Dealing {
    pub(super) piles: usize,
    /// For each card, the cards that may be placed on it in the tableau (one
    /// rank lower, in the suit or colour the build rule asks for), as bits.
    pub(super) takers: [u64; 52],
    /// Only runs of one suit move as a unit (Whitehead).
    pub(super) suit_runs: bool,
    pub(super) draw: u8,
    pub(super) passes: Passes,
    pub(super) fill_any: bool,
    pub(super) from_foundation: bool,
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

/// A search in progress. Call [`Explicit::run`] until it returns a report.
pub struct Explicit {
    /// Phase one: leave out the moves that are rarely needed (part of a run
    /// onto another pile unless it frees a card for the foundation, cards
    /// back from the foundations). Fast at finding wins, but its failure
    /// proves nothing; phase two searches everything.
    pub(super) pruned: bool,
    pub(super) deal: Dealing,
    pub(super) root: Node,
    pub(super) stack: Vec<Frame>,
    /// The moves of every frame on the stack, one after another.
    pub(super) steps: Vec<Step>,
    pub(super) scratch: Scratch,
    pub(super) path: Vec<Step>,
    pub(super) on_path: DigestSet,
    pub(super) table: Table,
    pub(super) nodes: u64,
    pub(super) limits: Limits,
    pub(super) done: Option<Report>,
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
    /// Prepares a search of `state`.
    pub fn new(state: &State, limits: Limits) -> Result<Explicit, Unsupported> {
        supports(state)?;
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
        let deal = Dealing {
            piles: state.tableau.len(),
            takers: takers(r.build),
            suit_runs: r.runs == Runs::SameSuit,
            draw: r.draw.max(1),
            passes: r.passes_allowed(),
            fill_any: r.fill == Fill::Any,
            from_foundation: r.from_foundation,
        };
        Ok(Explicit::begin(deal, root, limits))
    }

    /// A new search of the same position with the same limits.
    pub fn restarted(&self) -> Explicit {
        Explicit::begin(self.deal, self.root, self.limits)
    }

    pub(super) fn begin(deal: Dealing, root: Node, limits: Limits) -> Explicit {
        let mut s = Explicit {
            pruned: true,
            deal,
            root,
            stack: Vec::new(),
            steps: Vec::new(),
            scratch: Scratch::default(),
            path: Vec::new(),
            on_path: DigestSet::default(),
            table: Table::new(limits.table_slots),
            nodes: 0,
            limits,
            done: None,
        };
        s.start();
        s
    }

    /// Positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    pub(super) fn n_piles(&self) -> usize {
        self.deal.piles
    }

    pub(super) fn start(&mut self) {
        let mut node = self.root;
        let mut path = Vec::new();
        self.force(&mut node, &mut path);
        self.path = path;
        if self.won(&node) {
            self.finish_win(node);
            return;
        }
        let hash = self.hash(&node);
        self.remember(hash);
        self.on_path.insert(hash);
        self.push_frame(node, hash);
    }

    /// Searches `node` next: its moves go on the shared list of steps.
    pub(super) fn push_frame(&mut self, node: Node, hash: u64) {
        let mut steps = std::mem::take(&mut self.steps);
        let mut scratch = std::mem::take(&mut self.scratch);
        let start = steps.len();
        self.moves(&node, &mut steps, &mut scratch);
        let end = steps.len();
        self.steps = steps;
        self.scratch = scratch;
        self.stack.push(Frame {
            node,
            start,
            end,
            next: start,
            path_len: self.path.len(),
            hash,
        });
    }

    pub(super) fn hash(&self, node: &Node) -> u64 {
        // The piles as a multiset: a sum of well-mixed hashes ignores their order.
        let piles = node.pile_hash.iter().fold(0u64, |a, &p| a.wrapping_add(p));
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

    pub(super) fn remember(&mut self, hash: u64) -> bool {
        self.table.remember(hash)
    }

    /// Plays the rest of a position with no face-down card and no stock: the
    /// lowest card that fits, over and over.
    pub(super) fn finish_win(&mut self, mut node: Node) {
        loop {
            let best = (0..self.n_piles())
                .filter_map(|i| {
                    let p = &node.piles[i];
                    let c = *p.cards[..usize::from(p.len)].last()?;
                    Self::fits_foundation(&node, c).then_some((rank(c), i))
                })
                .min();
            match best {
                Some((_, i)) => {
                    let step = Step::ToFoundation(i as u8);
                    self.apply(&mut node, step);
                    self.path.push(step);
                }
                None => break,
            }
        }
        let moves = self.to_moves();
        self.done = Some(Report {
            verdict: Verdict::Winnable(moves),
            nodes: self.nodes,
            peak_table: self.table.peak_len(),
        });
    }

    /// The path as the rules' moves, stock dealing spelled out.
    pub(super) fn to_moves(&self) -> Vec<Move> {
        let mut node = self.root;
        let mut out = Vec::new();
        for &step in &self.path {
            match step {
                Step::Talon { target, to, .. } => {
                    out.extend(node.talon.deals_to(target, self.deal.stock()));
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
                        crate::klondike::cards::Suit::ALL[usize::from(s)].into(),
                        to,
                    ));
                }
            }
            self.apply(&mut node, step);
        }
        out
    }

    /// Searches up to `slice` more positions. Returns the report once the
    /// search is over (won, exhausted or out of budget), `None` if it should
    /// be called again.
    pub fn run(&mut self, slice: u64) -> Option<Report> {
        let stop = self.nodes.saturating_add(slice);
        while self.done.is_none() {
            if self.nodes >= self.limits.nodes {
                self.done = Some(Report {
                    verdict: Verdict::Unknown,
                    nodes: self.nodes,
                    peak_table: self.table.peak_len(),
                });
                break;
            }
            if self.nodes >= stop {
                return None;
            }
            let Some(top) = self.stack.last_mut() else {
                if self.pruned {
                    // Phase one found no win; search everything to prove it.
                    self.pruned = false;
                    self.table.clear();
                    self.on_path.clear();
                    self.start();
                    continue;
                }
                self.done = Some(Report {
                    verdict: Verdict::Unwinnable,
                    nodes: self.nodes,
                    peak_table: self.table.peak_len(),
                });
                break;
            };
            if top.next == top.end {
                let (hash, start) = (top.hash, top.start);
                self.stack.pop();
                self.steps.truncate(start);
                self.on_path.remove(&hash);
                continue;
            }
            let step = self.steps[top.next];
            top.next += 1;
            let mut child = top.node;
            let path_len = top.path_len;
            self.path.truncate(path_len);
            self.apply(&mut child, step);
            self.path.push(step);
            self.nodes += 1;
            let mut forced = std::mem::take(&mut self.path);
            self.force(&mut child, &mut forced);
            self.path = forced;
            if self.won(&child) {
                self.finish_win(child);
                break;
            }
            let hash = self.hash(&child);
            if self.on_path.contains(&hash) || !self.remember(hash) {
                continue;
            }
            self.on_path.insert(hash);
            self.push_frame(child, hash);
        }
        self.done.clone()
    }
}
