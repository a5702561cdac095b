//! The win-in-one finder: every jump chain that scores at once for the side
//! to move.
//!
//! A breadth-first search over (ball, men left) states: each state is reached
//! first by its shortest chain and visited once, so every winning result
//! appears once, with its shortest chain. Deciding whether a win in one
//! exists is NP-complete in general (Demaine, Demaine and Eppstein), so the
//! search has a budget and says "unknown" rather than hang. The budget
//! counts the states the search holds (searched or waiting), so it bounds
//! memory as well as time: at most 128 bytes a state ([`STATE_BYTES`]).
//!
//! Each state is held once, in the order the search reaches it, which is
//! the order it searches them in (breadth first): its men, its landing
//! point and the state it came from, so a chain is read back from its last
//! state when it wins. A table of state numbers finds a state seen before.

use super::board::Pt;
use super::rules::{Chain, Men, Move, OwnGoal, Position, Side, MAX_JUMPS};
use parlour_kit::fast_hash::FastHasher;
use parlour_kit::think::Slice;
use std::hash::{BuildHasher, BuildHasherDefault};

/// What the finder found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Wins {
    /// These chains win (at least one).
    Found(Vec<Chain>),
    /// No chain wins.
    None,
    /// The budget ran out; these wins were found before it did.
    Unknown(Vec<Chain>),
}

impl Wins {
    /// Whether a winning chain was found for certain.
    pub fn found(&self) -> bool {
        matches!(self, Wins::Found(_))
    }

    /// The winning chains found, proven or not (none when none win).
    pub fn chains(&self) -> &[Chain] {
        match self {
            Wins::Found(c) | Wins::Unknown(c) => c,
            Wins::None => &[],
        }
    }

    /// Like [`Wins::chains`], taken out.
    pub fn into_chains(self) -> Vec<Chain> {
        match self {
            Wins::Found(c) | Wins::Unknown(c) => c,
            Wins::None => Vec::new(),
        }
    }

    /// The first chain proven to win, if the search found one.
    pub fn proven(&self) -> Option<Chain> {
        match self {
            Wins::Found(c) => c.first().copied(),
            _ => None,
        }
    }

    /// Whether the search proved that no chain wins.
    pub fn none(&self) -> bool {
        matches!(self, Wins::None)
    }
}

/// The finder's answer and the states it searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The answer.
    pub wins: Wins,
    /// States searched.
    pub nodes: usize,
    /// States held (searched or waiting): never more than the budget.
    pub held: usize,
    /// Of the points the search saw the ball land on, the nearest to the
    /// goal of the side to move: how far its best chain takes the ball.
    pub furthest: Option<Pt>,
}

/// The states the page's Hint may hold: on a board crowded with men the
/// answer ("unknown") comes within about 10 ms natively (see BENCHMARKS.md).
pub const HINT_STATES: usize = 10_000;

/// The states the computer's check for a win in one may hold.
pub const AI_STATES: usize = 20_000;

/// Whether ending a chain on `at` wins for the side to move.
pub fn is_winning_end(p: &Position, at: Pt) -> bool {
    p.to_move.scores_on(p.options.dims, at.row)
        && !(p.options.own_goal == OwnGoal::Illegal
            && p.to_move.other().scores_on(p.options.dims, at.row))
}

/// What one state costs the finder at most, in bytes: the state itself
/// (96) and its share of the table that finds it (at most four slots of 8:
/// the table is a power of two, at most half full).
pub const STATE_BYTES: usize = 128;

/// A state of the search: the ball at `at` with `men` left, reached from
/// state `parent` by a jump in direction `dir`, `jumps` jumps from the start.
#[derive(Clone, Copy, Debug)]
struct State {
    men: Men,
    parent: u32,
    at: Pt,
    dir: u8,
    jumps: u8,
    /// The chain must stop here (a goal line's rule).
    ends: bool,
}

/// The states seen, by number: open addressing over a power-of-two table,
/// a slot empty unless stamped with the current search's generation, so a
/// new search empties it at no cost.
#[derive(Clone, Debug, Default)]
struct Seen {
    /// (generation, state number).
    slots: Vec<(u32, u32)>,
    generation: u32,
}

impl Seen {
    /// Empties the table for a new search.
    fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Once in four billion searches: stamps could repeat.
            self.slots.iter_mut().for_each(|s| s.0 = 0);
            self.generation = 1;
        }
    }

    fn hash(at: Pt, men: &Men) -> usize {
        BuildHasherDefault::<FastHasher>::default().hash_one((at, men)) as usize
    }

    /// The slot where state (`at`, `men`) is, or where it would go.
    fn probe(&self, states: &[State], at: Pt, men: &Men) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut i = Self::hash(at, men) & mask;
        loop {
            let (generation, n) = self.slots[i];
            if generation != self.generation {
                return (i, false);
            }
            let st = &states[n as usize];
            if st.at == at && st.men == *men {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    /// Makes room for one more state after `states` (the table at most half full).
    fn grow(&mut self, states: &[State]) {
        if (states.len() + 1) * 2 <= self.slots.len() {
            return;
        }
        let size = ((states.len() + 1) * 2).next_power_of_two().max(64);
        self.slots = vec![(0, 0); size];
        self.generation = 1;
        for (n, st) in states.iter().enumerate() {
            let (i, _) = self.probe(states, st.at, &st.men);
            self.slots[i] = (self.generation, n as u32);
        }
    }

    /// Records the state (`at`, `men`) as the next of `states` (number
    /// `states.len()`, pushed next by the caller) unless an equal state is
    /// there already; says whether it is new.
    fn insert(&mut self, states: &[State], at: Pt, men: &Men) -> bool {
        self.grow(states);
        let (i, found) = self.probe(states, at, men);
        if !found {
            self.slots[i] = (self.generation, states.len() as u32);
        }
        !found
    }
}

/// The finder with its working memory, kept between calls: the computer's
/// search checks for goals at every leaf, and growing fresh memory each
/// time cost a quarter of its time.
///
/// A search may also run in slices ([`Finder::begin`], then
/// [`Finder::resume`] until it reports): on a board crowded with men one
/// check can take tens of milliseconds, more than a frame has.
#[derive(Clone, Debug, Default)]
pub struct Finder {
    states: Vec<State>,
    seen: Seen,
    /// The search under way, if any.
    walk: Option<Walk>,
}

/// Where a search under way stands: its question, and how far the
/// breadth-first walk over the states has gone.
#[derive(Clone, Debug)]
struct Walk {
    position: Position,
    budget: usize,
    /// Stop at the first win.
    first: bool,
    /// The directions, goal-ward first: they find the wins soonest.
    order: [u8; 8],
    /// The next state to search.
    next: usize,
    nodes: usize,
    furthest: Option<Pt>,
    wins: Vec<Chain>,
}

/// States a search in slices searches between looks at its clock.
const LOOK_EVERY: usize = 64;

/// The chain that reaches state `n`, read back through its parents.
fn chain_to(states: &[State], n: usize) -> Chain {
    let mut dirs = [0u8; MAX_JUMPS];
    let mut len = 0;
    let mut at = n;
    while at != 0 {
        let st = &states[at];
        dirs[len] = st.dir;
        len += 1;
        at = st.parent as usize;
    }
    dirs[..len]
        .iter()
        .rev()
        .fold(Chain::EMPTY, |c, &d| c.push(d).unwrap_or(c))
}

/// The moves of the side to move in `p` that may stop every chain of
/// `threats` (the opponent's goals in one, were it their move): each jump
/// of the ball (at most `jumps` results), and each placement on a point
/// that every threat lands on. A jump changes only when a man fills the
/// point it lands on, so a man placed anywhere else leaves some threat
/// exactly as it was, and that threat still scores. With no threats, every
/// placement.
pub fn may_stop(p: &Position, threats: &[Chain], jumps: usize) -> Vec<Move> {
    let attacker = p.turned();
    let mut common: Option<Vec<Pt>> = None;
    for &chain in threats {
        // A chain that does not follow tells nothing: keep every point.
        let Ok((path, _)) = attacker.follow(chain) else {
            common = None;
            break;
        };
        common = Some(match common {
            None => path,
            Some(mut c) => {
                c.retain(|pt| path.contains(pt));
                c
            }
        });
    }
    let mut out: Vec<Move> = p.jump_moves(jumps).collect();
    out.extend(
        p.empty_points()
            .filter(|pt| common.as_ref().is_none_or(|c| c.contains(pt)))
            .map(Move::Place),
    );
    out
}

/// Finds every winning chain, holding at most `budget` states.
pub fn find_wins(p: &Position, budget: usize) -> Report {
    Finder::default().wins(p, budget)
}

impl Finder {
    /// Finds every winning chain, holding at most `budget` states.
    pub fn wins(&mut self, p: &Position, budget: usize) -> Report {
        self.search(p, budget, false)
    }

    /// Finds the first winning chain (the shortest, goal-ward jumps first)
    /// and stops there: whether the side to move has a goal in one at all.
    pub fn first_win(&mut self, p: &Position, budget: usize) -> Report {
        self.search(p, budget, true)
    }

    fn search(&mut self, p: &Position, budget: usize, first: bool) -> Report {
        self.begin(p, budget, first);
        loop {
            if let Some(report) = self.resume(Slice::UNTIMED) {
                return report;
            }
        }
    }

    /// Starts a search of `p` holding at most `budget` states, for the
    /// first win only or for every one, to be run by [`Finder::resume`]. A
    /// search under way is dropped.
    pub fn begin(&mut self, p: &Position, budget: usize, first: bool) {
        let Finder { states, seen, walk } = self;
        states.clear();
        seen.clear();
        // Room for the whole budget at once: memory is taken as states
        // come (untouched pages cost nothing), never copied as it grows.
        states.reserve(budget.min(MAX_RESERVE));
        // Which way up the board the side to move attacks.
        let up: i16 = match p.to_move {
            Side::Ohs => 1,
            Side::Eks => -1,
        };
        let mut order = [0, 1, 2, 3, 4, 5, 6, 7];
        order.sort_by_key(|&d| -i16::from(super::rules::DIRS[usize::from(d)].1) * up);
        seen.insert(states, p.ball, &p.men);
        states.push(State {
            men: p.men,
            parent: 0,
            at: p.ball,
            dir: 0,
            jumps: 0,
            ends: false,
        });
        *walk = Some(Walk {
            position: *p,
            budget,
            first,
            order,
            next: 0,
            nodes: 0,
            furthest: None,
            wins: Vec::new(),
        });
    }

    /// Runs the search begun by [`Finder::begin`] until it has its answer,
    /// or until `slice` is over (looked at every few dozen states): `None`
    /// while it is still under way. With no search under way, the answer
    /// for an empty question: no win.
    pub fn resume(&mut self, slice: Slice) -> Option<Report> {
        let Finder { states, seen, walk } = self;
        let Some(w) = walk.as_mut() else {
            return Some(Report {
                wins: Wins::None,
                nodes: 0,
                held: 0,
                furthest: None,
            });
        };
        let ended = w.walk(states, seen, slice)?;
        let wins = std::mem::take(&mut w.wins);
        let wins = match (ended, wins.is_empty()) {
            (false, _) => Wins::Unknown(wins),
            (true, true) => Wins::None,
            (true, false) => Wins::Found(wins),
        };
        let report = Report {
            wins,
            nodes: w.nodes,
            held: states.len(),
            furthest: w.furthest,
        };
        *walk = None;
        Some(report)
    }
}

impl Walk {
    /// Walks on over the states until the search ends (`Some(true)`: every
    /// state searched, or the first win found when that is all it wants),
    /// the budget runs out (`Some(false)`), or `slice` is over (`None`).
    fn walk(&mut self, states: &mut Vec<State>, seen: &mut Seen, slice: Slice) -> Option<bool> {
        let p = self.position;
        // How far up the board, as the side to move sees it, a row is.
        let ahead = |row: u8| match p.to_move {
            Side::Ohs => i16::from(row),
            Side::Eks => -i16::from(row),
        };
        let mut looked = 0;
        // Breadth first: the states in the order they were reached.
        while self.next < states.len() {
            looked += 1;
            if looked % LOOK_EVERY == 0 && slice.overrun() {
                return None;
            }
            let from = states[self.next];
            let parent = self.next as u32;
            self.next += 1;
            if from.ends {
                continue;
            }
            self.nodes += 1;
            for (dir, landing, next_men) in p.jumps_in(&from.men, from.at, self.order) {
                if usize::from(from.jumps) >= MAX_JUMPS {
                    continue;
                }
                if states.len() >= self.budget {
                    return Some(false);
                }
                if !seen.insert(states, landing.at, &next_men) {
                    continue;
                }
                states.push(State {
                    men: next_men,
                    parent,
                    at: landing.at,
                    dir,
                    jumps: from.jumps + 1,
                    ends: landing.ends,
                });
                if self
                    .furthest
                    .is_none_or(|f: Pt| ahead(landing.at.row) > ahead(f.row))
                {
                    self.furthest = Some(landing.at);
                }
                if is_winning_end(&p, landing.at) {
                    self.wins.push(chain_to(states, states.len() - 1));
                    if self.first {
                        return Some(true);
                    }
                }
            }
        }
        Some(true)
    }
}

/// The most states reserved at once (the command line's cap).
const MAX_RESERVE: usize = 10_000_000;

#[cfg(test)]
mod tests {
    use super::super::board::Dims;
    use super::*;
    use crate::notation;
    use crate::rules::{Options, Side};
    use parlour_kit::rng::{Rng, Seed};

    /// A slice that is over at once: a search in it stops at its first
    /// look at the clock.
    fn over() -> Slice {
        Slice::ending(|| 1.0, 0.0)
    }

    #[test]
    fn a_search_in_slices_answers_as_one_run_whole() {
        let mut sliced = Finder::default();
        for seed in 0..12 {
            let mut p = Position::crowded(Options::default(), Seed(seed), 30 + seed * 5);
            for _ in 0..2 {
                for (budget, first) in [(50_000, false), (20_000, true), (3_000, false)] {
                    let whole = Finder::default().search(&p, budget, first);
                    sliced.begin(&p, budget, first);
                    let mut slices = 1;
                    let report = loop {
                        if let Some(r) = sliced.resume(over()) {
                            break r;
                        }
                        slices += 1;
                    };
                    assert_eq!(report, whole, "seed {seed}, budget {budget}");
                    // Each slice searches a few dozen states, then looks.
                    if whole.nodes > 4 * LOOK_EVERY {
                        assert!(slices >= whole.nodes / LOOK_EVERY, "{slices} {whole:?}");
                    }
                }
                p = p.turned();
            }
        }
        // With nothing begun, or once answered, it reports no win.
        assert_eq!(sliced.resume(over()).map(|r| r.wins), Some(Wins::None));
    }

    #[test]
    fn a_state_costs_at_most_its_bytes() {
        let state = std::mem::size_of::<State>();
        let slot = std::mem::size_of::<(u32, u32)>();
        assert!(state + 4 * slot <= STATE_BYTES, "{state} + 4 x {slot}");
        // Where the table stands after many states: at most half full.
        let p = Position::crowded(Options::default(), Seed(3), 85);
        let mut f = Finder::default();
        let r = f.wins(&p, 50_000);
        assert!(
            f.seen.slots.len() <= 4 * r.held.max(16),
            "{} {}",
            f.seen.slots.len(),
            r.held
        );
        assert!(f.seen.slots.len() >= 2 * r.held);
    }
    use std::collections::BTreeSet;

    use crate::fixtures::position;

    fn texts(p: &Position, r: &Report) -> Vec<String> {
        r.wins
            .chains()
            .iter()
            .map(|&c| notation::format(p, super::super::rules::Move::Jump(c)))
            .collect()
    }

    #[test]
    fn a_straight_run_to_goal_is_found() {
        let p = position("H14", "H15 H17 H19");
        let r = find_wins(&p, 10_000);
        assert_eq!(texts(&p, &r), vec!["H14-H16-H18-H20"]);
    }

    #[test]
    fn no_win_says_none_and_eks_attack_downwards() {
        let p = position("H10", "H11");
        assert_eq!(find_wins(&p, 1000).wins, Wins::None);
        let mut q = position("H4", "H3 H1");
        q.to_move = Side::Eks;
        assert_eq!(texts(&q, &find_wins(&q, 1000)), vec!["H4-H2-H0"]);
    }

    #[test]
    fn unbounded_search_memory_is_bounded_by_the_budget() {
        // Men on most points: once 1.5 GB at the default budget.
        let p = Position::crowded(Options::default(), Seed(5), 85);
        for budget in [1, 100, 20_000] {
            let r = find_wins(&p, budget);
            assert!(
                r.held <= budget.max(1),
                "{} states held of {budget}",
                r.held
            );
            assert!(matches!(r.wins, Wins::Unknown(_)), "{:?}", r.wins);
        }
    }

    #[test]
    fn the_first_win_stops_the_search_and_furthest_is_the_best_landing() {
        // Two ways up: a single jump to H16, or on to the goal.
        let p = position("H14", "H15 H17 H19 G13");
        let all = find_wins(&p, 10_000);
        let first = Finder::default().first_win(&p, 10_000);
        assert!(matches!(first.wins, Wins::Found(ref c) if c.len() == 1));
        assert!(first.nodes <= all.nodes);
        assert_eq!(all.furthest.map(|f| f.row), Some(20));
        // No win: the furthest landing is the best the chains do.
        let q = position("H10", "H11 H13 G9");
        let r = find_wins(&q, 10_000);
        assert_eq!(r.wins, Wins::None);
        assert_eq!(r.furthest.map(|f| f.to_string()), Some("H14".into()));
        let mut eks = q;
        eks.to_move = Side::Eks;
        assert_eq!(
            find_wins(&eks, 10_000).furthest.map(|f| f.to_string()),
            Some("F8".into())
        );
    }

    #[test]
    fn the_budget_gives_unknown() {
        let p = position("H14", "H15 H17 H19");
        assert!(matches!(find_wins(&p, 1).wins, Wins::Unknown(_)));
    }

    /// Every chain, by plain recursion: the results (end, men left) that win.
    fn brute(p: &Position, at: Pt, men: Men, out: &mut BTreeSet<(Pt, Vec<Pt>)>, depth: usize) {
        if depth > 40 {
            return;
        }
        for (_, landing, next) in p.jumps(&men, at) {
            if is_winning_end(p, landing.at) {
                out.insert((landing.at, next.iter().collect()));
            }
            if !landing.ends {
                brute(p, landing.at, next, out, depth + 1);
            }
        }
    }

    #[test]
    fn the_finder_agrees_with_brute_force_on_small_random_boards() {
        let dims = Dims { rows: 9, cols: 7 };
        let mut rng = Rng::new(Seed(2024));
        for case in 0..3000 {
            let mut p = Position::start(Options {
                dims,
                ..Options::default()
            });
            p.to_move = if case % 2 == 0 { Side::Ohs } else { Side::Eks };
            p.ball = Pt {
                col: rng.below(7) as u8,
                row: 1 + rng.below(9) as u8,
            };
            for row in 1..=9u8 {
                for col in 0..7u8 {
                    let pt = Pt { col, row };
                    if pt != p.ball && rng.below(100) < 35 {
                        p.men.set(pt);
                    }
                }
            }
            let mut expected = BTreeSet::new();
            brute(&p, p.ball, p.men, &mut expected, 0);
            let r = find_wins(&p, 1_000_000);
            let mut got = BTreeSet::new();
            if let Wins::Found(chains) = &r.wins {
                for &c in chains {
                    let (path, men) = p.follow(c).unwrap();
                    assert!(
                        got.insert((*path.last().unwrap(), men.iter().collect::<Vec<_>>())),
                        "each win once"
                    );
                }
            }
            assert_eq!(got, expected, "case {case}");
        }
    }
}
