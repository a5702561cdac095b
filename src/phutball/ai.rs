//! Computer players for Phutball, in three levels.
//!
//! - **random** plays any legal move (placements and distinct jump results alike);
//! - **greedy** takes a goal in one, else the move whose result looks best at
//!   one ply (the ball nearer the goal, no goal in one left to the opponent);
//! - **strong** takes a goal in one, blocks the opponent's goal in one whenever
//!   some move does, and otherwise runs an iterative-deepening alpha-beta
//!   search with a transposition table and jump-first move ordering, within a
//!   node budget.
//!
//! Every move comes from the rules' own generators, so it is always legal.

use super::board::Pt;
use super::finder::{find_wins, Wins, AI_STATES};
use super::rules::{Move, Position, Side};
use crate::shell::think::{Progress, Ready, Think};
use crate::util::rng::Rng;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Any legal move.
    Random,
    /// The best-looking move one ply ahead.
    Greedy,
    /// Alpha-beta search.
    Strong,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Strong => "strong",
        })
    }
}

/// Text that names no level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLevel(pub String);

impl fmt::Display for BadLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a level: expected random, greedy or strong",
            self.0
        )
    }
}

impl std::error::Error for BadLevel {}

impl FromStr for Level {
    type Err = BadLevel;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "random" => Ok(Level::Random),
            "greedy" => Ok(Level::Greedy),
            "strong" => Ok(Level::Strong),
            _ => Err(BadLevel(s.to_owned())),
        }
    }
}

/// The most distinct jump results considered from one position.
const MAX_JUMPS: usize = 600;
/// A goal, in evaluation units.
const WIN: i32 = 1_000_000;

fn empty_points(p: &Position) -> impl Iterator<Item = Pt> + '_ {
    let d = p.options.dims;
    (1..=d.rows)
        .flat_map(move |row| (0..d.cols).map(move |col| Pt { col, row }))
        .filter(move |&pt| p.can_place(pt).is_ok())
}

/// Placements worth searching: the points near the ball (where jumps begin
/// and are blocked), and the points next to men near it.
fn near_placements(p: &Position) -> Vec<Pt> {
    let b = p.ball;
    let near = |pt: Pt, r: i16| {
        (i16::from(pt.col) - i16::from(b.col)).abs() <= r
            && (i16::from(pt.row) - i16::from(b.row)).abs() <= r
    };
    empty_points(p)
        .filter(|&pt| {
            near(pt, 2)
                || (near(pt, 4)
                    && super::rules::DIRS.iter().any(|&(dc, dr)| {
                        let c = i16::from(pt.col) + i16::from(dc);
                        let r = i16::from(pt.row) + i16::from(dr);
                        c >= 0
                            && r >= 0
                            && p.men.has(Pt {
                                col: c as u8,
                                row: r as u8,
                            })
                    }))
        })
        .collect()
}

fn apply(p: &Position, mv: Move) -> Option<(Position, Option<Side>)> {
    let mut next = *p;
    // The move count only matters for the pie rule, which the AI never invokes.
    let scored = next.play(mv, 2).ok()?;
    Some((next, scored))
}

/// How far the ball is from `side`'s scoring rows.
fn distance(p: &Position, side: Side) -> i32 {
    let d = p.options.dims;
    match side {
        Side::Ohs => i32::from(d.rows) - i32::from(p.ball.row),
        Side::Eks => i32::from(p.ball.row) - 1,
    }
    .max(0)
}

/// A static evaluation for the side to move: the ball's distance race,
/// and how far a single jump could take it each way.
fn evaluate(p: &Position) -> i32 {
    let me = p.to_move;
    let race = (distance(p, me.other()) - distance(p, me)) * 100;
    // Mobility towards my goal from here (I move next): the best single jump.
    let reach: i32 = p
        .jumps(&p.men, p.ball)
        .into_iter()
        .map(|(_, l, _)| {
            let mut q = *p;
            q.ball = l.at;
            distance(p, me) - distance(&q, me)
        })
        .max()
        .unwrap_or(0)
        .max(0);
    race + reach * 40
}

fn has_win(p: &Position) -> bool {
    matches!(find_wins(p, AI_STATES).wins, Wins::Found(_))
}

fn first_win(p: &Position) -> Option<Move> {
    match find_wins(p, AI_STATES).wins {
        Wins::Found(c) | Wins::Unknown(c) => c.first().map(|&c| Move::Jump(c)),
        Wins::None => None,
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

#[derive(Clone, Debug, Default)]
struct Searcher {
    nodes: u64,
    limit: u64,
    table: HashMap<Position, Entry>,
    stopped: bool,
}

impl Searcher {
    fn moves(&self, p: &Position) -> Vec<Move> {
        let me = p.to_move;
        let mut jumps: Vec<(i32, Move)> = p
            .jump_results(MAX_JUMPS)
            .into_iter()
            .map(|(c, at, _)| {
                let mut q = *p;
                q.ball = at;
                (distance(&q, me), Move::Jump(c))
            })
            .collect();
        crate::util::sort::sort_by_key(&mut jumps, |&(d, _)| d);
        let mut out: Vec<Move> = jumps.into_iter().map(|(_, m)| m).collect();
        out.extend(near_placements(p).into_iter().map(Move::Place));
        out
    }

    fn negamax(&mut self, p: &Position, depth: u8, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.limit {
            self.stopped = true;
            return 0;
        }
        if depth == 0 {
            return evaluate(p);
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
        let mut moves = self.moves(p);
        if let Some(i) = first.and_then(|b| moves.iter().position(|&m| m == b)) {
            moves.swap(0, i);
        }
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
                None => -self.negamax(&next, depth - 1, -beta, -alpha),
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
        self.table.insert(*p, (depth, best_score, bound, best_move));
        best_score
    }
}

/// The deepest iteration the strong level searches.
const MAX_DEPTH: u8 = 12;

/// The strong level's search, run in slices: iterative deepening with a
/// transposition table that keeps bounds. An iteration interrupted by the end
/// of a slice resumes where it was: at the root from the next candidate, and
/// below it through the table, which holds every subtree it finished.
#[derive(Clone, Debug)]
pub struct Strong {
    position: Position,
    /// The root's moves, the best of the last iteration first.
    candidates: Vec<Move>,
    searcher: Searcher,
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
                        .negamax(&next, depth - 1, -WIN * 2, -self.alpha),
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
        self.alpha = -WIN * 2;
        self.iteration_best = None;
        if let Some(i) = self
            .best
            .and_then(|b| self.candidates.iter().position(|&m| m == b))
        {
            let b = self.candidates.remove(i);
            self.candidates.insert(0, b);
        }
        if self.depth > MAX_DEPTH {
            Progress::Done
        } else {
            Progress::Working
        }
    }

    fn best(&self) -> Option<Move> {
        self.best
    }
}

/// A computer player's thinking about one move: decided at once (the random
/// and greedy levels, a goal in one) or the strong search.
#[derive(Clone, Debug)]
pub enum Mind {
    /// The move is known.
    Ready(Ready<Move>),
    /// The strong level's search.
    Strong(Box<Strong>),
}

impl Think for Mind {
    type Move = Move;

    fn step(&mut self, work: u32) -> Progress {
        match self {
            Mind::Ready(r) => r.step(work),
            Mind::Strong(s) => s.step(work),
        }
    }

    fn best(&self) -> Option<Move> {
        match self {
            Mind::Ready(r) => r.best(),
            Mind::Strong(s) => s.best(),
        }
    }
}

/// Starts `level`'s thinking about a move for the side to move.
pub fn mind(p: &Position, level: Level, rng: &mut Rng) -> Mind {
    let ready = |mv| Mind::Ready(Ready(mv));
    match level {
        Level::Random => {
            let mut moves: Vec<Move> = p
                .jump_results(MAX_JUMPS)
                .into_iter()
                .map(|(c, _, _)| Move::Jump(c))
                .collect();
            moves.extend(empty_points(p).map(Move::Place));
            let i = rng.below(moves.len().max(1) as u64) as usize;
            ready(moves.get(i).copied())
        }
        Level::Greedy => {
            if let Some(win) = first_win(p) {
                return ready(Some(win));
            }
            let mut candidates: Vec<Move> = p
                .jump_results(MAX_JUMPS)
                .into_iter()
                .map(|(c, _, _)| Move::Jump(c))
                .collect();
            candidates.extend(near_placements(p).into_iter().map(Move::Place));
            let mut best: Option<(i32, Move)> = None;
            for mv in candidates {
                let Some((next, scored)) = apply(p, mv) else {
                    continue;
                };
                let score = match scored {
                    Some(s) if s == p.to_move => WIN,
                    Some(_) => -WIN,
                    None if has_win(&next) => -WIN / 2,
                    None => -evaluate(&next),
                };
                // Ties go to a random candidate, so greedy games differ.
                let jitter = rng.below(7) as i32;
                if best.is_none_or(|(b, _)| score * 8 + jitter > b) {
                    best = Some((score * 8 + jitter, mv));
                }
            }
            ready(best.map(|(_, m)| m))
        }
        Level::Strong => {
            if let Some(win) = first_win(p) {
                return ready(Some(win));
            }
            let mut opponent = *p;
            opponent.to_move = p.to_move.other();
            let threatened = has_win(&opponent);
            let mut candidates: Vec<Move> = p
                .jump_results(MAX_JUMPS)
                .into_iter()
                .map(|(c, _, _)| Move::Jump(c))
                .collect();
            if threatened {
                // Consider every placement, and keep only the moves that block.
                candidates.extend(empty_points(p).map(Move::Place));
                let blocks: Vec<Move> = candidates
                    .iter()
                    .copied()
                    .filter(|&mv| {
                        apply(p, mv)
                            .is_some_and(|(next, scored)| scored.is_none() && !has_win(&next))
                    })
                    .collect();
                if !blocks.is_empty() {
                    candidates = blocks;
                }
            } else {
                candidates.extend(near_placements(p).into_iter().map(Move::Place));
            }
            Mind::Strong(Box::new(Strong {
                position: *p,
                best: candidates.first().copied(),
                candidates,
                searcher: Searcher::default(),
                depth: 1,
                reached: 0,
                next: 0,
                alpha: -WIN * 2,
                iteration_best: None,
            }))
        }
    }
}

/// Chooses a move for the side to move. `nodes` bounds the strong level's search.
pub fn choose(p: &Position, level: Level, rng: &mut Rng, nodes: u64) -> (Option<Move>, Stats) {
    choose_until(p, level, rng, nodes, &mut || false)
}

/// Positions the strong search runs between looks at the clock.
const CHECK_EVERY: u64 = 2_048;

/// Like [`choose`], and the strong search also ends (with its best move so
/// far) when `stop` says so — a clock, for a per-move time limit.
pub fn choose_until(
    p: &Position,
    level: Level,
    rng: &mut Rng,
    nodes: u64,
    stop: &mut dyn FnMut() -> bool,
) -> (Option<Move>, Stats) {
    match mind(p, level, rng) {
        Mind::Ready(r) => (
            r.best(),
            Stats {
                nodes: 1,
                depth: u8::from(level != Level::Random),
            },
        ),
        Mind::Strong(mut s) => {
            let limit = nodes.max(1);
            loop {
                let left = limit.saturating_sub(s.searcher.nodes);
                let work = left.min(CHECK_EVERY) as u32;
                if work == 0 || s.step(work) == Progress::Done || stop() {
                    break;
                }
            }
            (s.best(), s.stats())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phutball::rules::Options;
    use crate::util::rng::Seed;

    fn position(ball: &str, men: &str, to_move: Side) -> Position {
        let mut p = crate::phutball::fixtures::position(ball, men);
        p.to_move = to_move;
        p
    }

    #[test]
    fn every_level_always_takes_a_goal_in_one() {
        let p = position("H14", "H15 H17 H19 C3 D8", Side::Ohs);
        for level in [Level::Greedy, Level::Strong] {
            let (mv, _) = choose(&p, level, &mut Rng::new(Seed(1)), 10_000);
            let (_, scored) = apply(&p, mv.unwrap()).unwrap();
            assert_eq!(scored, Some(Side::Ohs), "{level}");
        }
    }

    #[test]
    fn strong_blocks_a_goal_in_one_when_it_can() {
        // Eks to move; Ohs threaten H10-H12-H14-H16-H18-H20. Eks can block
        // by jumping the ball down over H9, away from the men. (Without H9
        // nothing blocks, and this test was once passed by an own goal: a
        // finished game leaves no goal in one.)
        let p = position("H10", "H9 H11 H13 H15 H17 H19", Side::Eks);
        let mut threat = p;
        threat.to_move = Side::Ohs;
        assert!(has_win(&threat));
        let (mv, _) = choose(&p, Level::Strong, &mut Rng::new(Seed(1)), 20_000);
        let (next, scored) = apply(&p, mv.unwrap()).unwrap();
        assert_eq!(scored, None, "no goal: {mv:?}");
        assert!(!has_win(&next), "the threat is blocked by {:?}", mv);
    }

    #[test]
    fn random_and_greedy_moves_are_legal() {
        let mut rng = Rng::new(Seed(9));
        let mut p = Position::start(Options::default());
        for i in 0..60 {
            let level = if i % 2 == 0 {
                Level::Random
            } else {
                Level::Greedy
            };
            let (mv, _) = choose(&p, level, &mut rng, 1000);
            let mv = mv.unwrap();
            assert!(p.check(mv, 2).is_ok());
            if p.play(mv, 2).unwrap().is_some() {
                break;
            }
        }
    }

    #[test]
    fn a_clock_stops_the_strong_search_with_a_move() {
        let mut p = Position::start(Options::default());
        for m in ["H11", "G12", "J9", "K11"] {
            p.men.set(m.parse().unwrap());
        }
        let mut calls = 0;
        let mut stop = || {
            calls += 1;
            calls > 3
        };
        let (mv, stats) = choose_until(
            &p,
            Level::Strong,
            &mut Rng::new(Seed(1)),
            u64::MAX,
            &mut stop,
        );
        assert!(mv.is_some());
        assert!(stats.nodes < 5_000, "{stats:?}");
    }

    #[test]
    fn with_every_move_losing_the_strong_level_makes_the_opponent_find_the_win() {
        // Eks to move: the only jump (H17 over H18) ends on Ohs' goal line, an
        // own goal now; any placement lets Ohs make the same jump next move.
        // The root used to score the goal now as -WIN and the later loss
        // lower, -(WIN + depth - 1), and so scored its own goal at once.
        let p = position("H17", "H18", Side::Eks);
        let (mv, stats) = choose(&p, Level::Strong, &mut Rng::new(Seed(1)), 20_000);
        assert!(stats.depth >= 2, "{stats:?}");
        let (_, scored) = apply(&p, mv.unwrap()).unwrap();
        assert_eq!(scored, None, "not an own goal: {mv:?}");
    }

    #[test]
    fn levels_parse() {
        assert_eq!("strong".parse::<Level>(), Ok(Level::Strong));
        assert!("godlike".parse::<Level>().is_err());
    }
}
