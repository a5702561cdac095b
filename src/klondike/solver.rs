//! A solver for Thoughtful Klondike and the family members it can express:
//! every card's place is known, and the question is whether some sequence of
//! legal moves wins.
//!
//! The search is a depth-first search over a compact copy of the position:
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

use super::cards::{Card, Rank};
use super::rules::{Build, Fill, Move, Passes, Runs, State, StockRule};
use crate::util::digest_set::DigestSet;
use std::fmt;

const MAX_PILES: usize = 10;
/// Room for one pile's run moves: one onto each other pile, and every length of run into a space.
const RUN_MOVES: usize = MAX_PILES + 13;
/// Slots the transposition table starts with.
const TABLE_START: usize = 1 << 16;
const PILE_CAP: usize = 24;
const TALON_CAP: usize = 52;

#[derive(Clone, Copy, PartialEq, Eq)]
struct Pile {
    cards: [u8; PILE_CAP],
    len: u8,
    down: u8,
}

#[derive(Clone, Copy)]
struct Node {
    piles: [Pile; MAX_PILES],
    talon: [u8; TALON_CAP],
    talon_len: u8,
    /// Cards of the talon turned onto the waste; the waste's top is `talon[cursor - 1]`.
    cursor: u8,
    found: [u8; 4],
    recycles: u8,
    /// Each pile's hash ([`Pile::hash`]), kept up to date by [`Solver::apply`].
    pile_hash: [u64; MAX_PILES],
    /// The talon's hash, kept likewise.
    talon_hash: u64,
}

impl Pile {
    fn hash(&self) -> u64 {
        hash_bytes(
            (u64::from(self.down) << 8) | u64::from(self.len),
            &self.cards[..usize::from(self.len)],
        )
    }
}

impl Node {
    fn rehash_talon(&mut self) {
        self.talon_hash = hash_bytes(0x5151, &self.talon[..usize::from(self.talon_len)]);
    }
}

#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
const fn rank(c: u8) -> u8 {
    c % 13 + 1
}
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
const fn suit(c: u8) -> usize {
    (c / 13) as usize
}
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
const fn red(c: u8) -> bool {
    matches!(suit(c), 1 | 2)
}

/// One step of the search: a move, or a group of stock moves and the play of
/// the card they bring to the top of the waste.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
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
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The position can be won; these moves (in the rules' notation) win it.
    Winnable(Vec<Move>),
    /// No sequence of moves wins: the search was exhaustive.
    Unwinnable,
    /// The budget ran out first.
    Unknown,
}

impl Verdict {
    /// A one-word name: `winnable`, `unwinnable` or `unknown`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Winnable(_) => "winnable",
            Verdict::Unwinnable => "unwinnable",
            Verdict::Unknown => "unknown",
        }
    }
}

/// The solver's answer and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The answer.
    pub verdict: Verdict,
    /// Positions searched.
    pub nodes: u64,
    /// The most positions the table held at once.
    pub peak_table: usize,
}

/// Rules the solver cannot express.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported(pub String);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the solver does not support {}", self.0)
    }
}

impl std::error::Error for Unsupported {}

/// Limits on a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Positions to search before answering [`Verdict::Unknown`].
    pub nodes: u64,
    /// The most slots the transposition table may grow to (rounded up to a
    /// power of two; eight bytes each). It starts small and doubles while
    /// more than half full; once at this size, new positions replace old.
    pub table_slots: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            nodes: 2_000_000,
            table_slots: 1 << 21,
        }
    }
}

/// Reused lists for [`Solver::moves`]' later groups of moves.
#[derive(Default)]
struct Scratch {
    talon: Vec<Step>,
    other: Vec<Step>,
    back: Vec<Step>,
}

struct Frame {
    node: Node,
    /// Its moves are `steps[start..end]` of the solver.
    start: usize,
    end: usize,
    next: usize,
    path_len: usize,
    hash: u64,
}

/// The rules a search plays by, as the solver needs them.
#[derive(Clone, Copy)]
struct Dealing {
    piles: usize,
    /// For each card, the cards that may be placed on it in the tableau (one
    /// rank lower, in the suit or colour the build rule asks for), as bits.
    takers: [u64; 52],
    /// Only runs of one suit move as a unit (Whitehead).
    suit_runs: bool,
    draw: u8,
    passes: Passes,
    fill_any: bool,
    from_foundation: bool,
}

/// [`Dealing::takers`] for a build rule.
fn takers(build: Build) -> [u64; 52] {
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

/// A search in progress. Call [`Solver::run`] until it returns a report.
pub struct Solver {
    /// Phase one: leave out the moves that are rarely needed (part of a run
    /// onto another pile unless it frees a card for the foundation, cards
    /// back from the foundations). Fast at finding wins, but its failure
    /// proves nothing; phase two searches everything.
    pruned: bool,
    deal: Dealing,
    root: Node,
    stack: Vec<Frame>,
    /// The moves of every frame on the stack, one after another.
    steps: Vec<Step>,
    scratch: Scratch,
    path: Vec<Step>,
    on_path: DigestSet,
    table: Vec<u64>,
    /// The table's largest size.
    cap: usize,
    used: usize,
    peak: usize,
    nodes: u64,
    limits: Limits,
    done: Option<Report>,
}

#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn mix(mut h: u64) -> u64 {
    // splitmix64's finaliser: a good 64-bit mixer.
    h ^= h >> 30;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^ (h >> 31)
}

#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn hash_bytes(seed: u64, bytes: &[u8]) -> u64 {
    let mut h = seed;
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = mix(h ^ u64::from_le_bytes(word));
    }
    h
}

/// Whether the solver can search `state`'s rules, or the plain reason it cannot.
pub fn supports(state: &State) -> Result<(), Unsupported> {
    let r = state.rules;
    if state.base != Some(Rank::ACE) || r.wrap {
        return Err(Unsupported(
            "foundations that start from another rank than the Ace, or ranks that wrap".into(),
        ));
    }
    if r.stock != StockRule::Waste {
        return Err(Unsupported(
            "a stock dealt onto the piles or onto reserves".into(),
        ));
    }
    if r.players != 1 {
        return Err(Unsupported("two players".into()));
    }
    if r.decks != 1 {
        return Err(Unsupported("more than one deck".into()));
    }
    if r.jokers {
        return Err(Unsupported("jokers".into()));
    }
    if state.tableau.len() > MAX_PILES {
        return Err(Unsupported(format!("more than {MAX_PILES} tableau piles")));
    }
    Ok(())
}

impl Solver {
    /// Prepares a search of `state`.
    pub fn new(state: &State, limits: Limits) -> Result<Solver, Unsupported> {
        supports(state)?;
        let r = state.rules;
        let mut root = Node {
            piles: [Pile {
                cards: [0; PILE_CAP],
                len: 0,
                down: 0,
            }; MAX_PILES],
            talon: [0; TALON_CAP],
            talon_len: 0,
            cursor: state.waste.len() as u8,
            found: std::array::from_fn(|i| state.foundations[i]),
            recycles: state.recycles,
            pile_hash: [0; MAX_PILES],
            talon_hash: 0,
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
        for (j, c) in talon.iter().enumerate() {
            root.talon[j] = c.index() as u8;
        }
        root.talon_len = talon.len() as u8;
        root.rehash_talon();
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
        Ok(Solver::begin(deal, root, limits))
    }

    /// A new search of the same position with the same limits.
    pub fn restarted(&self) -> Solver {
        Solver::begin(self.deal, self.root, self.limits)
    }

    fn begin(deal: Dealing, root: Node, limits: Limits) -> Solver {
        let cap = limits.table_slots.max(1024).next_power_of_two();
        let mut s = Solver {
            pruned: true,
            deal,
            root,
            stack: Vec::new(),
            steps: Vec::new(),
            scratch: Scratch::default(),
            path: Vec::new(),
            on_path: DigestSet::default(),
            table: vec![0; cap.min(TABLE_START)],
            cap,
            used: 0,
            peak: 0,
            nodes: 0,
            limits,
            done: None,
        };
        s.start();
        s
    }

    /// 1 while searching with the rarely needed moves left out, 2 after.
    pub fn phase(&self) -> u8 {
        if self.pruned {
            1
        } else {
            2
        }
    }

    /// Positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn n_piles(&self) -> usize {
        self.deal.piles
    }

    fn start(&mut self) {
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
    fn push_frame(&mut self, node: Node, hash: u64) {
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

    fn passes_left(&self, recycles: u8) -> Option<u8> {
        match self.deal.passes {
            Passes::Unlimited => None,
            Passes::Limited(n) => Some(n.saturating_sub(1).saturating_sub(recycles)),
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn fits_foundation(node: &Node, c: u8) -> bool {
        node.found[suit(c)] + 1 == rank(c)
    }

    /// Whether `c` can go up and never be wanted in the tableau again:
    /// every card that could be built on it is on its foundation already
    /// (an Ace on a two never is: it goes up instead).
    fn safe(&self, node: &Node, c: u8) -> bool {
        if !Self::fits_foundation(node, c) {
            return false;
        }
        let r = rank(c);
        r <= 2
            || (0..4u8).all(|s| {
                let below = s * 13 + r - 2; // rank r - 1 of suit s
                !self.builds_on(below, c) || node.found[usize::from(s)] + 1 >= r
            })
    }

    /// Whether `c` may be placed on `onto` in the tableau (see [`Dealing::takers`]).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn builds_on(&self, c: u8, onto: u8) -> bool {
        self.deal.takers[usize::from(onto)] >> c & 1 == 1
    }

    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn takes(&self, pile: &Pile, c: u8) -> bool {
        match pile.len {
            0 => self.deal.fill_any || rank(c) == 13,
            n => self.builds_on(c, pile.cards[usize::from(n) - 1]),
        }
    }

    /// Plays every safe foundation move, recording each.
    fn force(&self, node: &mut Node, path: &mut Vec<Step>) {
        loop {
            let mut moved = false;
            for i in 0..self.n_piles() {
                let p = node.piles[i];
                if p.len > 0 && self.safe(node, p.cards[usize::from(p.len) - 1]) {
                    let step = Step::ToFoundation(i as u8);
                    self.apply(node, step);
                    path.push(step);
                    moved = true;
                }
            }
            // Dealing by threes, a card left in the waste can be what brings
            // another to the top on a later pass (taking it out shifts the
            // rest), so only a single-card deal sends the waste's top up
            // unasked.
            if self.deal.draw == 1
                && node.cursor > 0
                && self.safe(node, node.talon[usize::from(node.cursor) - 1])
            {
                let step = Step::Talon {
                    target: node.cursor,
                    recycles: 0,
                    to: None,
                };
                self.apply(node, step);
                path.push(step);
                moved = true;
            } else if self.deal.draw == 1 && self.deal.passes == Passes::Unlimited {
                // Dealing singly without a pass limit, taking a card out of the
                // stock never hides another, so a safe stock card goes up too.
                let found = self
                    .talon_targets(node)
                    .into_iter()
                    .find(|&(t, _)| self.safe(node, node.talon[usize::from(t) - 1]));
                if let Some((target, recycles)) = found {
                    let step = Step::Talon {
                        target,
                        recycles,
                        to: None,
                    };
                    self.apply(node, step);
                    path.push(step);
                    moved = true;
                }
            }
            if !moved {
                return;
            }
        }
    }

    /// Whether the rest plays itself: no stock, and every pile one run with
    /// nothing face down. Then the lowest card each suit needs next is always
    /// on top of its pile (the cards above it would be lower still), so
    /// [`Solver::finish_win`] wins.
    fn won(&self, node: &Node) -> bool {
        node.talon_len == 0
            && node
                .piles
                .iter()
                .all(|p| p.down == 0 && self.run_len(p) == p.len)
    }

    /// The stock positions reachable from here: (cursor, extra recycles), the
    /// current waste top included, each at its first arrival.
    fn talon_targets(&self, node: &Node) -> Vec<(u8, u8)> {
        let len = node.talon_len;
        let mut out = Vec::new();
        let mut seen = [false; TALON_CAP + 1];
        let mut cur = node.cursor;
        let mut rec = 0u8;
        if cur > 0 {
            out.push((cur, 0));
            seen[usize::from(cur)] = true;
        }
        let mut recycled_passes = 0;
        loop {
            if cur < len {
                cur = (cur + self.deal.draw).min(len);
            } else {
                if cur == 0
                    || self.passes_left(node.recycles + rec) == Some(0)
                    || recycled_passes == 2
                {
                    break;
                }
                rec += 1;
                recycled_passes += 1;
                cur = 0;
                continue;
            }
            if !seen[usize::from(cur)] {
                seen[usize::from(cur)] = true;
                out.push((cur, rec));
            }
        }
        out
    }

    fn apply(&self, node: &mut Node, step: Step) {
        match step {
            Step::Talon {
                target,
                recycles,
                to,
            } => {
                let at = usize::from(target) - 1;
                let c = node.talon[at];
                let len = usize::from(node.talon_len);
                node.talon.copy_within(at + 1..len, at);
                node.talon_len -= 1;
                node.cursor = target - 1;
                node.recycles = node.recycles.saturating_add(recycles);
                match to {
                    None => node.found[suit(c)] += 1,
                    Some(t) => {
                        let p = &mut node.piles[usize::from(t)];
                        p.cards[usize::from(p.len)] = c;
                        p.len += 1;
                    }
                }
            }
            Step::ToFoundation(i) => {
                let p = &mut node.piles[usize::from(i)];
                p.len -= 1;
                let c = p.cards[usize::from(p.len)];
                if p.down == p.len && p.down > 0 {
                    p.down -= 1;
                }
                node.found[suit(c)] += 1;
            }
            Step::Tableau { from, to, count } => {
                let mut src = node.piles[usize::from(from)];
                let dst = &mut node.piles[usize::from(to)];
                let start = usize::from(src.len - count);
                for k in 0..usize::from(count) {
                    dst.cards[usize::from(dst.len) + k] = src.cards[start + k];
                }
                dst.len += count;
                src.len -= count;
                if src.down == src.len && src.down > 0 {
                    src.down -= 1;
                }
                node.piles[usize::from(from)] = src;
            }
            Step::FromFoundation { suit: s, to } => {
                let r = node.found[usize::from(s)];
                node.found[usize::from(s)] -= 1;
                let c = s * 13 + r - 1;
                let p = &mut node.piles[usize::from(to)];
                p.cards[usize::from(p.len)] = c;
                p.len += 1;
            }
        }
        let touched = match step {
            Step::Talon { to, .. } => {
                node.rehash_talon();
                [to, None]
            }
            Step::ToFoundation(i) => [Some(i), None],
            Step::Tableau { from, to, .. } => [Some(from), Some(to)],
            Step::FromFoundation { to, .. } => [Some(to), None],
        };
        for i in touched.into_iter().flatten() {
            let i = usize::from(i);
            node.pile_hash[i] = node.piles[i].hash();
        }
    }

    /// Whether a card that builds on `of` (other than `except`) could be
    /// played right now: face up in the tableau, reachable in the stock, or
    /// on top of a foundation.
    fn holder_for(&self, node: &Node, targets: &[(u8, u8)], of: u8, except: u8) -> bool {
        let wanted = |c: u8| c != except && self.builds_on(c, of);
        let tableau = node.piles[..self.n_piles()].iter().any(|p| {
            p.cards[usize::from(p.down)..usize::from(p.len)]
                .iter()
                .any(|&c| wanted(c))
        });
        let talon = targets
            .iter()
            .any(|&(t, _)| wanted(node.talon[usize::from(t) - 1]));
        let found = (0..4).any(|s| {
            let r = node.found[s];
            r > 0 && wanted(s as u8 * 13 + r - 1)
        });
        tableau || talon || found
    }

    /// Phase two's test for a move of part of a run, uncovering `under`: a
    /// win never needs it unless `under` can be used at once — go up, take a
    /// card, or move, possibly onto the moved cards' top (`top`; face-up
    /// cards that are not one run allow that) — since such a move can always
    /// wait until just before that use.
    fn uncovered_is_useful(
        &self,
        node: &Node,
        targets: &[(u8, u8)],
        from: usize,
        (under, head, top): (u8, u8, u8),
    ) -> bool {
        if Self::fits_foundation(node, under)
            || self.builds_on(under, top)
            || self.holder_for(node, targets, under, head)
        {
            return true;
        }
        (0..self.n_piles()).any(|z| {
            z != from && {
                let p = &node.piles[z];
                match p.len {
                    0 => rank(under) == 13 || self.deal.fill_any,
                    len => self.builds_on(under, p.cards[usize::from(len) - 1]),
                }
            }
        })
    }

    /// The moves of `node`, best first, appended to `out`; `scratch` holds
    /// the later groups while the first is written.
    fn moves(&self, node: &Node, out: &mut Vec<Step>, scratch: &mut Scratch) {
        let n = self.n_piles();
        let targets = self.talon_targets(node);
        let first = out; // to a foundation; turning a card
        let Scratch { talon, other, back } = scratch;
        talon.clear();
        other.clear();
        back.clear();
        for i in 0..n {
            let p = &node.piles[i];
            if p.len > 0 && Self::fits_foundation(node, p.cards[usize::from(p.len) - 1]) {
                first.push(Step::ToFoundation(i as u8));
            }
        }
        for from in 0..n {
            let src = &node.piles[from];
            let up = src.len - src.down;
            let (mut fits, k) = self.run_moves(node, from);
            let fits = &mut fits[..k];
            // Longest runs first, then the piles left to right.
            crate::util::sort::sort_by_key(fits, |&(count, to)| (std::cmp::Reverse(count), to));
            for &(count, to) in fits.iter() {
                let whole = count == up;
                let step = Step::Tableau {
                    from: from as u8,
                    to,
                    count,
                };
                if whole && src.down > 0 {
                    first.push(step);
                } else if !whole {
                    let under = src.cards[usize::from(src.len - count) - 1];
                    let head = src.cards[usize::from(src.len - count)];
                    let keep = if self.pruned {
                        // Phase one: only if the card it uncovers can go up.
                        Self::fits_foundation(node, under)
                    } else {
                        // When only suit runs move, part of a run may also move
                        // to join a longer run of its suit: no cut then.
                        self.deal.suit_runs
                            || self.uncovered_is_useful(
                                node,
                                &targets,
                                from,
                                (under, head, src.cards[usize::from(src.len) - 1]),
                            )
                    };
                    if keep {
                        other.push(step);
                    }
                } else {
                    other.push(step);
                }
            }
        }
        let free_talon = self.deal.draw == 1 && self.deal.passes == Passes::Unlimited;
        for &(target, recycles) in &targets {
            let c = node.talon[usize::from(target) - 1];
            if Self::fits_foundation(node, c) {
                talon.push(Step::Talon {
                    target,
                    recycles,
                    to: None,
                });
            }
            // Dealing singly without a pass limit a stock card can be had at
            // any time, so it goes to the tableau only to take a card at hand.
            if free_talon && !self.holder_for(node, &targets, c, c) {
                continue;
            }
            let mut space_tried = false;
            for to in 0..n {
                if self.takes(&node.piles[to], c) {
                    if node.piles[to].len == 0 {
                        if space_tried {
                            continue;
                        }
                        space_tried = true;
                    }
                    talon.push(Step::Talon {
                        target,
                        recycles,
                        to: Some(to as u8),
                    });
                }
            }
        }
        if self.deal.from_foundation && !self.pruned {
            for s in 0..4u8 {
                let r = node.found[usize::from(s)];
                if r == 0 {
                    continue;
                }
                let c = s * 13 + r - 1;
                // A card comes down only to take another: one must be at hand.
                if !self.holder_for(node, &targets, c, c) {
                    continue;
                }
                let mut space_tried = false;
                for to in 0..n {
                    let p = &node.piles[to];
                    if self.takes(p, c) {
                        if p.len == 0 {
                            if space_tried {
                                continue;
                            }
                            space_tried = true;
                        }
                        back.push(Step::FromFoundation {
                            suit: s,
                            to: to as u8,
                        });
                    }
                }
            }
        }
        first.extend_from_slice(talon);
        first.extend_from_slice(other);
        first.extend_from_slice(back);
    }

    /// The run moves out of pile `from`, as (cards, destination) pairs, and
    /// how many there are. A destination's top card takes at most one
    /// card of the run (the ranks of a run fall by one), so the fitting card
    /// is found by its rank. Every space is alike, so only the first is
    /// offered; and a whole pile with no face-down card never moves into one
    /// (the same position, the piles renumbered).
    fn run_moves(&self, node: &Node, from: usize) -> ([(u8, u8); RUN_MOVES], usize) {
        let mut fits = [(0u8, 0u8); RUN_MOVES];
        let src = &node.piles[from];
        let run = self.run_len(src);
        if run == 0 {
            return (fits, 0);
        }
        let up = src.len - src.down;
        let bottom = src.cards[usize::from(src.len - run)];
        let mut k = 0;
        let mut space_seen = false;
        for to in 0..self.n_piles() {
            let dst = &node.piles[to];
            if to == from {
                continue;
            }
            if dst.len == 0 {
                if space_seen {
                    continue;
                }
                space_seen = true;
                // Into a space: a King heads only the whole run; with any card
                // allowed, the longest run that is not a whole bare pile.
                let count = if self.deal.fill_any {
                    if run == up && src.down == 0 {
                        run - 1
                    } else {
                        run
                    }
                } else if rank(bottom) == 13 && !(run == up && src.down == 0) {
                    run
                } else {
                    0
                };
                if count > 0 {
                    fits[k] = (count, to as u8);
                    k += 1;
                    if self.deal.fill_any {
                        // Shorter runs into the space too.
                        for c in 1..count {
                            fits[k] = (c, to as u8);
                            k += 1;
                        }
                    }
                }
                continue;
            }
            let top = dst.cards[usize::from(dst.len) - 1];
            let need = rank(top) - 1;
            let (low, high) = (rank(bottom) + 1 - run, rank(bottom));
            if need < low.max(1) || need > high {
                continue;
            }
            let count = run - (high - need);
            let head = src.cards[usize::from(src.len - count)];
            if self.builds_on(head, top) {
                fits[k] = (count, to as u8);
                k += 1;
            }
        }
        (fits, k)
    }

    /// How many cards at the top of a pile form a run that may move: face
    /// up, each one built on the card under it (and of its suit, when only
    /// suit runs move).
    fn run_len(&self, p: &Pile) -> u8 {
        let cards = &p.cards[usize::from(p.down)..usize::from(p.len)];
        match cards.len() {
            0 => 0,
            len => {
                let mut run = 1;
                while run < len && {
                    let (upper, lower) = (cards[len - run], cards[len - run - 1]);
                    self.builds_on(upper, lower)
                        && (!self.deal.suit_runs || suit(upper) == suit(lower))
                } {
                    run += 1;
                }
                run as u8
            }
        }
    }

    fn hash(&self, node: &Node) -> u64 {
        // The piles as a multiset: a sum of well-mixed hashes ignores their order.
        let piles = node.pile_hash.iter().fold(0u64, |a, &p| a.wrapping_add(p));
        let mut h = node.talon_hash;
        let recycles = match self.deal.passes {
            Passes::Unlimited => 0,
            Passes::Limited(_) => node.recycles,
        };
        // With unlimited passes, a waste standing where the stock's first
        // pass would also stop (a multiple of the draw, or the end) is one
        // recycle away from an empty waste and back: the same position.
        // Dealing singly, that is every place.
        let cursor = if self.deal.passes == Passes::Unlimited
            && (node.cursor.is_multiple_of(self.deal.draw) || node.cursor == node.talon_len)
        {
            0
        } else {
            node.cursor
        };
        h = mix(h
            ^ u64::from(cursor)
            ^ (u64::from(recycles) << 8)
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

    fn remember(&mut self, hash: u64) -> bool {
        if self.used * 2 >= self.table.len() && self.table.len() < self.cap {
            self.grow();
        }
        let slot = Self::slot(hash, self.table.len());
        if self.table[slot] == hash {
            return false;
        }
        if self.table[slot] == 0 {
            self.used += 1;
        }
        self.table[slot] = hash;
        true
    }

    /// A hash's slot in a table of `len` (a power of two) slots. Bit 0 of
    /// every hash is set (0 marks an empty slot), so it is left out.
    fn slot(hash: u64, len: usize) -> usize {
        (hash >> 1) as usize & (len - 1)
    }

    /// Doubles the table, keeping every position it holds.
    fn grow(&mut self) {
        let mut bigger = vec![0u64; self.table.len() * 2];
        self.used = 0;
        for &h in self.table.iter().filter(|&&h| h != 0) {
            let slot = Self::slot(h, bigger.len());
            if bigger[slot] == 0 {
                self.used += 1;
            }
            bigger[slot] = h;
        }
        self.table = bigger;
    }

    /// Plays the rest of a position with no face-down card and no stock: the
    /// lowest card that fits, over and over.
    fn finish_win(&mut self, mut node: Node) {
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
            peak_table: self.peak.max(self.used),
        });
    }

    /// The path as the rules' moves, stock dealing spelled out.
    fn to_moves(&self) -> Vec<Move> {
        let mut node = self.root;
        let mut out = Vec::new();
        for &step in &self.path {
            match step {
                Step::Talon { target, to, .. } => {
                    let mut cur = node.cursor;
                    while cur != target {
                        if cur < node.talon_len {
                            out.push(Move::Deal);
                            cur = (cur + self.deal.draw).min(node.talon_len);
                        } else {
                            out.push(Move::Recycle);
                            cur = 0;
                        }
                    }
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
                        super::cards::Suit::ALL[usize::from(s)].into(),
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
                    peak_table: self.peak.max(self.used),
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
                    self.table = vec![0; self.cap.min(TABLE_START)];
                    self.peak = self.peak.max(self.used);
                    self.used = 0;
                    self.on_path.clear();
                    self.start();
                    continue;
                }
                self.done = Some(Report {
                    verdict: Verdict::Unwinnable,
                    nodes: self.nodes,
                    peak_table: self.peak.max(self.used),
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

/// Solves `state` to the end of the node budget.
pub fn solve(state: &State, limits: Limits) -> Result<Report, Unsupported> {
    let mut s = Solver::new(state, limits)?;
    loop {
        if let Some(r) = s.run(u64::MAX) {
            return Ok(r);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::klondike::rules::{Column, Rules};
    use crate::util::rng::Seed;

    use crate::klondike::fixtures::{card as c, col};

    fn replays_to_a_win(state: &State, moves: &[Move]) {
        let mut s = state.clone();
        for (i, &mv) in moves.iter().enumerate() {
            s.play(mv)
                .unwrap_or_else(|e| panic!("move {i} ({mv}) is illegal: {e}"));
        }
        assert!(s.is_won(), "the line does not win");
    }

    /// A full deck laid out by hand: the given piles and stock, the rest on the foundations.
    fn layout(piles: &[(u8, &str)], stock: &str) -> State {
        let tableau: Vec<Column> = piles.iter().map(|&(d, cs)| col(d, cs)).collect();
        let stock: Vec<Card> = stock.split_whitespace().rev().map(c).collect();
        let mut s = State::new(Rules::default(), tableau, stock);
        // Everything below the lowest card of each suit still in play is on its foundation.
        for (i, f) in s.foundations.iter_mut().enumerate() {
            let lowest = s
                .tableau
                .iter()
                .flat_map(|c| c.cards.iter())
                .chain(s.stock.iter())
                .filter(|c| c.suit().index() == i)
                .map(|c| c.rank().value())
                .min()
                .unwrap_or(14);
            *f = lowest - 1;
        }
        s.check_cards().unwrap();
        s
    }

    #[test]
    fn a_trivial_position_is_won_and_replays() {
        let s = layout(&[(0, "KS"), (0, "KH"), (0, "KD"), (0, "KC")], "");
        let r = solve(&s, Limits::default()).unwrap();
        let Verdict::Winnable(moves) = &r.verdict else {
            panic!("{r:?}")
        };
        assert_eq!(moves.len(), 4);
        replays_to_a_win(&s, moves);
    }

    #[test]
    fn several_decks_and_jokers_are_refused_with_the_reason() {
        let two = Rules {
            decks: 2,
            ..Rules::default()
        };
        let s = State::deal(two, crate::util::rng::Seed(3));
        let e = solve(&s, Limits::default()).unwrap_err();
        assert_eq!(e.0, "more than one deck");
        let jokers = State::deal(
            super::super::variant::Variant::Joker.rules(Rules::default()),
            crate::util::rng::Seed(3),
        );
        assert_eq!(solve(&jokers, Limits::default()).unwrap_err().0, "jokers");
    }

    #[test]
    fn the_stock_is_searched_as_a_whole() {
        // The queen of hearts is buried in the stock under cards that cannot
        // play until she is out; draw three with unlimited passes reaches her.
        let mut s = layout(&[(1, "QH KS"), (0, "KH")], "JS QS JH KD QD JD KC QC JC");
        s.rules.draw = 3;
        let r = solve(&s, Limits::default()).unwrap();
        let Verdict::Winnable(moves) = &r.verdict else {
            panic!("{r:?}")
        };
        replays_to_a_win(&s, moves);
        assert!(moves.contains(&Move::Deal));
    }

    #[test]
    fn a_needed_card_buried_under_both_its_destinations_is_unwinnable() {
        let s = crate::klondike::fixtures::needed_card_buried_under_both_holders();
        assert_eq!(
            solve(&s, Limits::default()).unwrap().verdict,
            Verdict::Unwinnable
        );
    }

    #[test]
    fn limited_passes_can_make_a_deal_unwinnable() {
        // Only spades are left, all in the stock: 2S on top, then 3S, AS, 4S … KS.
        // With one pass the ace plays but the deuce stays buried under the three;
        // with a second pass everything goes up.
        let deal = |passes| {
            let stock: Vec<Card> = "KS QS JS TS 9S 8S 7S 6S 5S 4S AS 3S 2S"
                .split_whitespace()
                .map(c)
                .collect();
            let mut s = State::new(
                Rules {
                    tableau: 1,
                    passes,
                    ..Rules::default()
                },
                vec![Column::default()],
                stock,
            );
            s.foundations = vec![13, 13, 13, 0];
            s.check_cards().unwrap();
            s
        };
        let r = solve(&deal(Passes::Unlimited), Limits::default()).unwrap();
        let Verdict::Winnable(moves) = &r.verdict else {
            panic!("{r:?}")
        };
        replays_to_a_win(&deal(Passes::Unlimited), moves);
        assert!(moves.contains(&Move::Recycle));
        assert_eq!(
            solve(&deal(Passes::Limited(1)), Limits::default())
                .unwrap()
                .verdict,
            Verdict::Unwinnable
        );
    }

    #[test]
    fn seeded_deals_replay_and_answers_are_deterministic() {
        for seed in 0..12 {
            for draw in [1, 3] {
                let s = State::deal(
                    Rules {
                        draw,
                        ..Rules::default()
                    },
                    Seed(seed),
                );
                let limits = Limits {
                    nodes: 30_000,
                    table_slots: 1 << 16,
                };
                let a = solve(&s, limits).unwrap();
                let b = solve(&s, limits).unwrap();
                assert_eq!(a, b, "deterministic");
                if let Verdict::Winnable(moves) = &a.verdict {
                    replays_to_a_win(&s, moves);
                }
            }
        }
    }

    #[test]
    fn the_budget_is_honoured_and_slices_resume() {
        let s = State::deal(
            Rules {
                draw: 3,
                ..Rules::default()
            },
            Seed(3),
        );
        let limits = Limits {
            nodes: 50,
            table_slots: 1 << 12,
        };
        let r = solve(&s, limits).unwrap();
        assert!(r.nodes <= 50);
        let mut solver = Solver::new(
            &s,
            Limits {
                nodes: 100_000,
                table_slots: 1 << 16,
            },
        )
        .unwrap();
        let mut slices = 0;
        let sliced = loop {
            slices += 1;
            if let Some(r) = solver.run(100) {
                break r;
            }
        };
        assert!(slices > 1 || sliced.nodes <= 100);
        let whole = solve(
            &s,
            Limits {
                nodes: 100_000,
                table_slots: 1 << 16,
            },
        )
        .unwrap();
        assert_eq!(sliced, whole, "slicing does not change the answer");
    }

    #[test]
    fn wrapping_ranks_are_declined_with_the_reason() {
        use crate::klondike::variant::Variant;
        let s = State::deal(Variant::Agnes.rules(Rules::default()), Seed(1));
        let Err(e) = Solver::new(&s, Limits::default()) else {
            panic!("Agnes is not searched");
        };
        assert!(e.to_string().contains("ranks that wrap"), "{e}");
    }

    #[test]
    fn thumb_and_pouch_and_whitehead_deals_are_solved_and_replay() {
        use crate::klondike::variant::Variant;
        for v in [Variant::ThumbAndPouch, Variant::Whitehead] {
            let rules = v.rules(Rules::default());
            let mut won = 0;
            for seed in 1..=20 {
                let s = State::deal(rules, Seed(seed));
                let limits = Limits {
                    nodes: 100_000,
                    table_slots: 1 << 16,
                };
                if let Verdict::Winnable(moves) = solve(&s, limits).unwrap().verdict {
                    replays_to_a_win(&s, &moves);
                    won += 1;
                }
            }
            assert!(won > 0, "{v:?}");
        }
    }

    #[test]
    fn a_card_nothing_else_can_use_goes_up_by_itself_under_any_build() {
        // The three of hearts, with the diamonds' two still in play: in
        // alternating colours only black twos could want it; building on any
        // suit but its own, the two of diamonds could.
        let three = Card::new(Rank::new(3).unwrap(), crate::klondike::cards::Suit::Hearts);
        let c = three.index() as u8;
        for (build, safe) in [
            (Build::AlternateColour, true),
            (Build::AnySuitButOwn, false),
        ] {
            let mut s = State::deal(Rules::default(), Seed(1));
            s.rules.build = build;
            let solver = Solver::new(&s, Limits::default()).unwrap();
            let mut node = solver.root;
            node.found = [2, 1, 2, 2];
            assert_eq!(solver.safe(&node, c), safe, "{build:?}");
            node.found = [2, 2, 2, 2];
            assert!(solver.safe(&node, c), "{build:?}");
        }
    }

    #[test]
    fn face_up_cards_that_are_not_a_run_are_not_a_win_yet() {
        // The two of hearts lies on its own ace and nothing can take it.
        let hearts = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H";
        let s = layout(&[(0, "AH 2H"), (0, hearts)], "");
        assert_eq!(
            solve(&s, Limits::default()).unwrap().verdict,
            Verdict::Unwinnable
        );
        // Turned round, the ace goes up first.
        let s = layout(&[(0, "2H AH"), (0, hearts)], "");
        let Verdict::Winnable(moves) = solve(&s, Limits::default()).unwrap().verdict else {
            panic!("a pile that plays out is winnable");
        };
        replays_to_a_win(&s, &moves);
    }

    #[test]
    fn somerset_deals_dealt_face_up_are_solved_and_replay() {
        use crate::klondike::variant::Variant;
        let rules = Variant::Somerset.rules(Rules::default());
        let mut verdicts = [0; 3];
        for seed in 1..=30 {
            let s = State::deal(rules, Seed(seed));
            let limits = Limits {
                nodes: 200_000,
                table_slots: 1 << 16,
            };
            match solve(&s, limits).unwrap().verdict {
                Verdict::Winnable(moves) => {
                    replays_to_a_win(&s, &moves);
                    verdicts[0] += 1;
                }
                Verdict::Unwinnable => verdicts[1] += 1,
                Verdict::Unknown => verdicts[2] += 1,
            }
        }
        assert!(verdicts[0] > 0, "{verdicts:?}");
    }
}
