//! The strong levels' search: iterative-deepening alpha-beta with a
//! transposition table, run in slices, and (in the standard engine) a threat
//! search at the leaves.
//!
//! A leaf is quiet only when neither side has a goal in one. When the side
//! to move has one, the leaf is a win; when the opponent has one, the side
//! to move must answer it, so the search goes on for one more ply over every
//! answer (the blocks of each threatening chain among them) and sees the
//! opponent's goal at the ply after: a double threat that no one move stops
//! is a loss found at the leaf, not beyond the horizon.
//!
//! The goal checks at a quiet leaf walk every jump chain of each side
//! anyway, so the standard engine's evaluation takes each side's reach from
//! them: how far the best *chain* would carry the ball, not the best single
//! jump. That one change won 95% of games against the same search with
//! single-jump reach (BENCHMARKS.md). Killer moves, a history heuristic and
//! null-window search were measured too and left out: at equal time they
//! scored 52.5% (+9 =3 −8), no better than without.

use super::super::board::Pt;
use super::super::finder::{Finder, Report};
use super::super::rules::{Chain, Men, Move, Position, Side, DIRS};
use super::eval::{evaluate, gain, score, Weights};
use parlour_kit::fast_hash::FastMap;
use parlour_kit::think::{Progress, Slice, Think};
use std::fmt;
use std::str::FromStr;

/// A goal, in evaluation units.
pub(super) const WIN: i32 = 1_000_000;
/// The most distinct jump results considered from one position.
pub(super) const MAX_JUMPS: usize = 600;
/// The deepest iteration the search runs.
const MAX_DEPTH: u8 = 24;
/// Extra plies a path may gain from threats at its leaves.
const MAX_EXTENSIONS: u8 = 2;
/// The states a check for a goal in one inside the search may hold: a check
/// that runs out says "no goal", and the search goes on as if quiet.
const SEARCH_STATES: usize = 2_000;
/// The most positions the transposition table remembers: past it, the
/// table is emptied. Sized for it at the start (262,144 slots of 153 bytes,
/// about 40 MB), so it never grows.
const TABLE_CAP: usize = 1 << 17;

/// What the search knows beyond alpha-beta: the engine the levels use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Engine {
    /// Search on at leaves where either side has a goal in one, and add the
    /// blocks of every threatening chain to the moves searched.
    pub threats: bool,
    /// Add the points around the ball's landing points to the placements
    /// searched: a man there carries a jump on, in line or turning.
    pub landings: bool,
    /// Count each side's reach at the leaves as the furthest its best jump
    /// chain takes the ball (found by the leaves' goal checks), not its
    /// best single jump.
    pub chains: bool,
    /// Add the landing points of the ball's jump chains, and the points
    /// around each, to the placements searched: a man on a landing point
    /// lengthens the jump to it (a line of men pointing at a goal), and a
    /// man beside any landing of a chain carries the chain on.
    pub lines: bool,
    /// Add the landing points of the jumps a placement would make (a man
    /// beside the ball or a landing point makes a jump over it): a man
    /// there first lengthens that jump, the start of a quiet double threat.
    /// Not the levels' engine: with `two`, it scored 29–30% against the
    /// engine without both at 100 and 300 ms a move (BENCHMARKS.md).
    pub made: bool,
    /// Before searching, look for forced goals within two moves
    /// ([`super::two`]): play an unstoppable placement when there is one,
    /// and against the opponent's, search only the moves that leave none.
    /// Not the levels' engine, like `made`.
    pub two: bool,
    /// The evaluation's weights.
    pub weights: Weights,
}

impl Engine {
    /// The first strong level's engine: plain alpha-beta to a fixed horizon
    /// with the classic evaluation. Kept to measure the standard one against.
    pub const CLASSIC: Engine = Engine {
        threats: false,
        landings: false,
        chains: false,
        lines: false,
        made: false,
        two: false,
        weights: Weights::CLASSIC,
    };

    /// The engine the strong and expert levels play.
    pub const STANDARD: Engine = Engine {
        threats: true,
        landings: true,
        chains: true,
        lines: true,
        made: false,
        two: false,
        weights: Weights::TUNED,
    };

    /// The weights an engine named without them has: the classic engine's
    /// own, or the tuned ones.
    fn default_weights(threats: bool) -> Weights {
        if threats {
            Weights::TUNED
        } else {
            Weights::CLASSIC
        }
    }

    /// The names of the feature sets, each adding one to the last, with
    /// what each turns on (threats, landings, chains, lines, made, two).
    const NAMES: [(&'static str, [bool; 6]); 7] = [
        ("classic", [false, false, false, false, false, false]),
        ("threats", [true, false, false, false, false, false]),
        ("landings", [true, true, false, false, false, false]),
        ("chains", [true, true, true, false, false, false]),
        ("standard", [true, true, true, true, false, false]),
        ("made", [true, true, true, true, true, false]),
        ("two", [true, true, true, true, true, true]),
    ];

    fn features(&self) -> [bool; 6] {
        [
            self.threats,
            self.landings,
            self.chains,
            self.lines,
            self.made,
            self.two,
        ]
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::STANDARD
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = Engine::NAMES
            .iter()
            .find(|&&(_, f)| f == self.features())
            .map_or("custom", |&(name, _)| name);
        if self.weights == Engine::default_weights(self.threats) {
            f.write_str(name)
        } else {
            write!(f, "{name}:{}", self.weights)
        }
    }
}

impl FromStr for Engine {
    type Err = String;
    /// `classic`, `threats`, `landings`, `chains`, `standard`, `made` or
    /// `two`, optionally followed by `:` and
    /// weights (by default the classic engine's own, the tuned ones for the
    /// others).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (name, weights) = match s.split_once(':') {
            Some((name, w)) => (name, Some(w.parse()?)),
            None => (s, None),
        };
        let &(_, [threats, landings, chains, lines, made, two]) = Engine::NAMES
            .iter()
            .find(|&&(n, _)| n == name)
            .ok_or_else(|| {
                format!(
                    "'{name}' is not an engine: expected classic, threats, landings, chains, standard, made or two"
                )
            })?;
        Ok(Engine {
            threats,
            landings,
            chains,
            lines,
            made,
            two,
            weights: weights.unwrap_or(Engine::default_weights(threats)),
        })
    }
}

/// Counts the work a search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions searched.
    pub nodes: u64,
    /// The deepest completed iteration.
    pub depth: u8,
}

/// What a table entry's score is: exact, or a bound from a cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (no move reached alpha).
    Upper,
}

/// A remembered result: the depth searched, the score and its bound, the best move.
type Entry = (u8, i32, Bound, Option<Move>);

/// The result of `mv` from `p`, and who scored with it.
pub(super) fn apply(p: &Position, mv: Move) -> Option<(Position, Option<Side>)> {
    let mut next = *p;
    // The move count only matters for the pie rule, which the AI never invokes.
    let scored = next.play(mv, 2).ok()?;
    Some((next, scored))
}

/// The point one step from `pt` in direction `(dc, dr)`, if on the grid.
fn neighbour(pt: Pt, (dc, dr): (i8, i8)) -> Option<Pt> {
    let c = i16::from(pt.col) + i16::from(dc);
    let r = i16::from(pt.row) + i16::from(dr);
    Some(Pt {
        col: u8::try_from(c).ok()?,
        row: u8::try_from(r).ok()?,
    })
}

/// The most jump results whose landings the `lines` feature adds
/// placements for: the shortest chains first.
const LINE_RESULTS: usize = 64;

/// The placements searched from `p`, each once, row by row: the points
/// near the ball (where jumps begin and are blocked) and the points next to
/// men near it; with the engine's features, the blocks of the opponent's
/// goals in one, the points around the ball's landings and the landings of
/// its chains.
pub(super) fn placements(p: &Position, engine: &Engine, finder: &mut Finder) -> Vec<Pt> {
    let results = if engine.lines {
        p.jump_results(LINE_RESULTS)
    } else {
        Vec::new()
    };
    placements_given(p, engine, finder, &results)
}

/// Like [`placements`], given the ball's jump results (at least the first
/// [`LINE_RESULTS`] of them, when the engine needs them).
fn placements_given(
    p: &Position,
    engine: &Engine,
    finder: &mut Finder,
    results: &[(Chain, Pt, Men)],
) -> Vec<Pt> {
    let mut marks = Men::default();
    let b = p.ball;
    let near = |pt: Pt, r: i16| {
        (i16::from(pt.col) - i16::from(b.col)).abs() <= r
            && (i16::from(pt.row) - i16::from(b.row)).abs() <= r
    };
    let beside_a_man = |pt: Pt| {
        DIRS.iter()
            .any(|&d| neighbour(pt, d).is_some_and(|n| p.men.has(n)))
    };
    for pt in p.empty_points() {
        if near(pt, 2) || (near(pt, 4) && beside_a_man(pt)) {
            marks.set(pt);
        }
    }
    if engine.threats {
        mark_chain_blocks(p, &threats(p, SEARCH_STATES, finder), &mut marks);
    }
    if engine.landings {
        // A man around a landing point makes the jump the first of a chain.
        for (_, landing, _) in p.jumps(&p.men, p.ball) {
            mark_around(&mut marks, landing.at);
        }
    }
    if engine.lines {
        mark_landings(&mut marks, results.iter().take(LINE_RESULTS).map(|r| r.1));
    }
    if cfg!(feature = "two") && engine.made {
        let landings = results.iter().take(LINE_RESULTS).map(|&(_, at, _)| at);
        for from in std::iter::once(b).chain(landings) {
            mark_made_landings(p, from, &mut marks);
        }
    }
    p.empty_points().filter(|&pt| marks.has(pt)).collect()
}

/// Marks where the jumps from `from` that one more man would make land:
/// for each empty point beside it, the first empty point past the man
/// there and the men in line behind it.
fn mark_made_landings(p: &Position, from: Pt, marks: &mut Men) {
    for (dir, &d) in DIRS.iter().enumerate() {
        let Some(beside) = neighbour(from, d).filter(|&n| p.can_place(n).is_ok()) else {
            continue;
        };
        let mut men = p.men;
        men.set(beside);
        if let Ok(landing) = p.jump_from(&men, from, dir as u8) {
            if p.can_place(landing.at).is_ok() {
                marks.set(landing.at);
            }
        }
    }
}

/// Marks each landing point of `landings` and the points around it: a
/// man on one stops a chain there, or makes it jump on.
pub(super) fn mark_landings(marks: &mut Men, landings: impl IntoIterator<Item = Pt>) {
    for at in landings {
        marks.set(at);
        mark_around(marks, at);
    }
}

/// Marks the points around `at`.
pub(super) fn mark_around(marks: &mut Men, at: Pt) {
    for &d in &DIRS {
        if let Some(n) = neighbour(at, d) {
            marks.set(n);
        }
    }
}

/// The chains that score at once for the side to move, as far as a check
/// holding `states` states finds.
pub(super) fn goals_in_one(p: &Position, states: usize, finder: &mut Finder) -> Vec<Chain> {
    finder.wins(p, states).wins.into_chains()
}

/// The opponent's goals in one, were it their move.
fn threats(p: &Position, states: usize, finder: &mut Finder) -> Vec<Chain> {
    if !p.ball_can_jump() {
        return Vec::new();
    }
    goals_in_one(&p.turned(), states, finder)
}

/// Marks the placements that may stop `chains`: each landing point and the
/// point past it (a man there makes the ball jump on, or stops the line of
/// men it needs).
///
/// It walks each chain itself, where [`Position::follow`] could list the
/// landings: it needs each jump's direction too, and the walk with `follow`
/// measured 96 bytes more of the Phutball page's first load, which sits at
/// its budget.
fn mark_chain_blocks(p: &Position, chains: &[Chain], marks: &mut Men) {
    for &chain in chains {
        let (mut at, mut men) = (p.ball, p.men);
        for dir in chain.dirs() {
            let Ok((landing, left)) = p.jump_once(&men, at, dir) else {
                break;
            };
            marks.set(landing.at);
            if let Some(past) = neighbour(landing.at, DIRS[usize::from(dir)]) {
                marks.set(past);
            }
            at = landing.at;
            men = left;
        }
    }
}

/// The alpha-beta search proper, shared by every iteration and slice.
#[derive(Clone, Debug, Default)]
pub(super) struct Searcher {
    pub(super) nodes: u64,
    limit: u64,
    table: FastMap<Position, Entry>,
    stopped: bool,
    engine: Engine,
    /// The goal checks' working memory.
    finder: Finder,
    /// The slice under way: its time, by the page's work clock.
    pub(super) slice: Slice,
}

impl Searcher {
    fn new(engine: Engine) -> Searcher {
        Searcher {
            engine,
            // Sized once: growing a large table moves every entry at once,
            // which in the browser held a frame for up to 100 ms.
            table: FastMap::with_capacity_and_hasher(TABLE_CAP, Default::default()),
            ..Searcher::default()
        }
    }

    /// The moves searched from `p`, best-looking first: `first` (the best
    /// of an earlier search), then jumps by how far they take the ball
    /// towards the mover's goal, then the [`placements`].
    fn moves(&mut self, p: &Position, first: Option<Move>) -> Vec<Move> {
        let results = p.jump_results(MAX_JUMPS);
        let mut jumps: Vec<(i32, Move)> = results
            .iter()
            .map(|&(c, at, _)| (-gain(p, p.to_move, at), Move::Jump(c)))
            .collect();
        jumps.sort_by_key(|&(behind, _)| behind);
        let mut out: Vec<Move> = jumps.into_iter().map(|(_, m)| m).collect();
        for pt in placements_given(p, &self.engine, &mut self.finder, &results) {
            out.push(Move::Place(pt));
        }
        if let Some(i) = first.and_then(|b| out.iter().position(|&m| m == b)) {
            out.swap(0, i);
        }
        out
    }

    /// A leaf's score: quiet, the evaluation; with a goal in one for the
    /// side to move, a win; with one for the opponent, one more ply.
    fn leaf(&mut self, p: &Position, alpha: i32, beta: i32, extended: u8) -> i32 {
        // With no man beside the ball neither side has a goal in one.
        if !self.engine.threats || !p.ball_can_jump() {
            return evaluate(p, &self.engine.weights);
        }
        let mine = self.finder.first_win(p, SEARCH_STATES);
        if mine.wins.found() {
            return WIN;
        }
        let them = p.turned();
        let theirs = self.finder.first_win(&them, SEARCH_STATES);
        if extended < MAX_EXTENSIONS && theirs.wins.found() {
            return self.negamax(p, 1, alpha, beta, extended + 1);
        }
        if !self.engine.chains {
            return evaluate(p, &self.engine.weights);
        }
        let reach = |r: &Report, side| r.furthest.map_or(0, |to| gain(p, side, to));
        let crowd = match self.engine.weights.crowd {
            0 => 0,
            _ => p.jumps(&p.men, p.ball).count() as i32,
        };
        score(
            p,
            &self.engine.weights,
            reach(&mine, p.to_move),
            reach(&theirs, them.to_move),
            crowd,
        )
    }

    /// The score of `p` for the side to move, searched `depth` plies;
    /// `extended` counts the plies its path gained from threats.
    pub(super) fn negamax(
        &mut self,
        p: &Position,
        depth: u8,
        mut alpha: i32,
        beta: i32,
        extended: u8,
    ) -> i32 {
        self.nodes += 1;
        // Positions differ in cost (the goal checks at the leaves): in the
        // page a slice also ends when its time is up.
        if self.nodes >= self.limit || (self.nodes.is_multiple_of(8) && self.slice.overrun()) {
            self.stopped = true;
            return 0;
        }
        if depth == 0 {
            return self.leaf(p, alpha, beta, extended);
        }
        let mut first = None;
        if let Some(&(d, score, bound, best)) = self.table.get(p) {
            // A result from a search at least as deep decides here, where its
            // bound allows: a search resumed after a pause skips what it did.
            if d >= depth {
                match bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
            first = best;
        }
        let moves = self.moves(p, first);
        let alpha_in = alpha;
        let mut best_score = -WIN * 2;
        let mut best_move = None;
        for mv in moves {
            let Some((next, scored)) = apply(p, mv) else {
                continue;
            };
            let score = match scored {
                Some(s) if s == p.to_move => WIN + i32::from(depth),
                Some(_) => -WIN - i32::from(depth),
                None => -self.negamax(&next, depth - 1, -beta, -alpha, extended),
            };
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score <= alpha_in {
            Bound::Upper
        } else {
            Bound::Exact
        };
        // A full table starts again: what the iteration needs most comes back
        // soonest.
        if self.table.len() >= TABLE_CAP {
            self.table.clear();
        }
        self.table.insert(*p, (depth, best_score, bound, best_move));
        best_score
    }
}

/// The strong levels' search, run in slices: iterative deepening with a
/// transposition table that keeps bounds. An iteration interrupted by the end
/// of a slice resumes where it was: at the root from the next candidate, and
/// below it through the table, which holds every subtree it finished.
#[derive(Clone, Debug)]
pub struct Strong {
    position: Position,
    /// The root's moves, the best of the last iteration first.
    candidates: Vec<Move>,
    pub(super) searcher: Searcher,
    /// The iteration under way.
    depth: u8,
    /// The best move of the last finished iteration.
    best: Option<Move>,
    reached: u8,
    /// The iteration's next root move, its alpha and its best so far.
    next: usize,
    alpha: i32,
    iteration_best: Option<Move>,
}

impl Strong {
    /// A search of `candidates` (at least one) from `position` by `engine`.
    pub(super) fn new(position: Position, candidates: Vec<Move>, engine: Engine) -> Strong {
        Strong {
            position,
            best: candidates.first().copied(),
            candidates,
            searcher: Searcher::new(engine),
            depth: 1,
            reached: 0,
            next: 0,
            alpha: -WIN * 2,
            iteration_best: None,
        }
    }

    /// The work done so far.
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.searcher.nodes,
            depth: self.reached,
        }
    }
}

impl Think for Strong {
    type Move = Move;

    fn step(&mut self, work: u32) -> Progress {
        self.step_within(work, Slice::UNTIMED)
    }

    fn step_within(&mut self, work: u32, slice: Slice) -> Progress {
        self.searcher.slice = slice;
        if self.depth > MAX_DEPTH || self.candidates.len() < 2 {
            return Progress::Done;
        }
        self.searcher.limit = self.searcher.nodes + u64::from(work.max(1));
        self.searcher.stopped = false;
        let p = self.position;
        let depth = self.depth;
        while let Some(&mv) = self.candidates.get(self.next) {
            if let Some((next, scored)) = apply(&p, mv) {
                // Scored as inside the search: an earlier goal counts more,
                // so with every move losing the latest loss is chosen.
                let score = match scored {
                    Some(s) if s == p.to_move => WIN + i32::from(depth),
                    Some(_) => -WIN - i32::from(depth),
                    None => -self
                        .searcher
                        .negamax(&next, depth - 1, -WIN * 2, -self.alpha, 0),
                };
                if self.searcher.stopped {
                    return Progress::Working;
                }
                if score > self.alpha || self.iteration_best.is_none() {
                    self.alpha = self.alpha.max(score);
                    self.iteration_best = Some(mv);
                }
            }
            self.next += 1;
        }
        // The iteration is complete: its best goes first in the next.
        self.best = self.iteration_best.or(self.best);
        self.reached = depth;
        self.depth += 1;
        self.next = 0;
        // A proven result does not change with depth.
        let proven = self.alpha.abs() >= WIN;
        self.alpha = -WIN * 2;
        self.iteration_best = None;
        if let Some(i) = self
            .best
            .and_then(|b| self.candidates.iter().position(|&m| m == b))
        {
            let b = self.candidates.remove(i);
            self.candidates.insert(0, b);
        }
        if self.depth > MAX_DEPTH || proven {
            Progress::Done
        } else {
            Progress::Working
        }
    }

    fn best(&self) -> Option<Move> {
        self.best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A quiet leaf's score by `engine`, Ohs to move.
    fn leaf_score(engine: Engine, ball: &str, men: &str) -> i32 {
        let mut p = crate::fixtures::position(ball, men);
        p.to_move = Side::Ohs;
        Searcher::new(engine).leaf(&p, -WIN * 2, WIN * 2, MAX_EXTENSIONS)
    }

    #[test]
    fn the_standard_leaf_counts_the_opponents_whole_chain() {
        // Eks could jump H10 down over H9 to H8 and on over H7 to H6: four
        // rows, two of them in the second jump, which a single-jump reach
        // does not see. Ohs' own best jump (up over H11) gains two rows.
        let (ball, men) = ("H10", "H9 H7 H11");
        let single = Engine {
            chains: false,
            ..Engine::STANDARD
        };
        let w = Weights::TUNED;
        let race = leaf_score(Engine::CLASSIC, ball, "") / Weights::CLASSIC.race;
        assert_eq!(
            leaf_score(single, ball, men),
            w.race * race + w.reach * 2 - w.threat * 2
        );
        assert_eq!(
            leaf_score(Engine::STANDARD, ball, men),
            w.race * race + w.reach * 2 - w.threat * 4
        );
    }

    #[test]
    fn a_leaf_where_the_side_to_move_can_score_is_a_win() {
        assert_eq!(leaf_score(Engine::STANDARD, "H16", "H17 H19"), WIN);
    }

    #[test]
    fn engines_read_back_what_they_write() {
        for e in [
            Engine::CLASSIC,
            Engine::STANDARD,
            Engine {
                threats: true,
                landings: false,
                chains: false,
                lines: false,
                made: false,
                two: false,
                weights: "90,30,20,-5".parse().unwrap(),
            },
            "landings".parse().unwrap(),
            "chains".parse().unwrap(),
            "standard:1,2,3,4".parse().unwrap(),
        ] {
            assert_eq!(e.to_string().parse::<Engine>(), Ok(e));
        }
        assert!("godlike".parse::<Engine>().is_err());
        assert!("standard:1,2".parse::<Engine>().is_err());
    }

    #[test]
    fn the_landings_of_a_chain_and_the_points_around_them_are_placements() {
        // The ball's chain H10-H12-H14-H16: a man on H16 lengthens its last
        // jump, one on H17 carries it on. Both are too far from the ball
        // for the placements near it or around its first landing.
        let p = crate::fixtures::position("H10", "H11 H13 H15");
        let searched = |engine: Engine| placements(&p, &engine, &mut Finder::default());
        let chains: Engine = "chains".parse().unwrap();
        for pt in ["H16", "H17", "G16", "J15"] {
            let pt: Pt = pt.parse().unwrap();
            assert!(searched(Engine::STANDARD).contains(&pt), "{pt}");
            assert!(!searched(chains).contains(&pt), "{pt}");
        }
        // Every placement of the older engines is still searched.
        let standard = searched(Engine::STANDARD);
        assert!(searched(chains).iter().all(|pt| standard.contains(pt)));
    }

    #[test]
    fn a_chains_blocks_lie_on_its_path() {
        // Ohs threaten H10-H12-…-H20: the blocks are the landing points and
        // the points past them, up the H file.
        let mut p = crate::fixtures::position("H10", "H11 H13 H15 H17 H19");
        p.to_move = Side::Ohs;
        let chains = goals_in_one(&p, 1_000, &mut Finder::default());
        assert!(!chains.is_empty());
        let mut marks = Men::default();
        mark_chain_blocks(&p, &chains, &mut marks);
        let blocks: Vec<Pt> = p.empty_points().filter(|&pt| marks.has(pt)).collect();
        assert!(blocks.contains(&"H12".parse().unwrap()), "{blocks:?}");
        assert!(blocks.iter().all(|b| b.col == 7), "{blocks:?}");
    }
}
