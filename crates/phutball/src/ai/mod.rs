//! Computer players for Phutball, in four levels.
//!
//! - **random** plays any legal move (placements and distinct jump results alike);
//! - **greedy** takes a goal in one, else the move whose result looks best at
//!   one ply (the ball nearer the goal, no goal in one left to the opponent);
//! - **strong** and **expert** take a goal in one, block the opponent's goal
//!   in one whenever some move does, and otherwise run the [`search`]
//!   (an engine with `two` also plays an unstoppable placement of its own
//!   and, against the opponent's, keeps to the moves that leave none:
//!   [`two`]):
//!   iterative-deepening alpha-beta with a threat search at its leaves, for
//!   one second or three a move ([`Level::think_ms`]), its leaves weighing
//!   how far each side's best jump chain would carry the ball.
//!
//! Every move comes from the rules' own generators, so it is always legal.

pub mod checks;
pub mod eval;
pub mod hint;
pub mod search;
#[cfg(feature = "two")]
pub mod two;
pub mod weigh;

use super::finder::Finder;
use super::rules::{Move, Position};
use checks::{Checks, Then};
use parlour_kit::rng::Rng;
use parlour_kit::think::{Progress, Ready, Slice, Think};
use search::{placements, MAX_JUMPS};
pub use search::{Engine, Stats, Strong};
use std::fmt;
use std::str::FromStr;
use weigh::{Weigh, Weighed};

/// How strong the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Any legal move.
    Random,
    /// The best-looking move one ply ahead.
    Greedy,
    /// The search, for a second a move.
    Strong,
    /// The search, for three seconds a move.
    Expert,
}

impl Level {
    /// How long the level thinks about a move, in milliseconds (0: it
    /// decides at once).
    pub fn think_ms(self) -> f64 {
        match self {
            Level::Random | Level::Greedy => 0.0,
            Level::Strong => 1_000.0,
            Level::Expert => 3_000.0,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Strong => "strong",
            Level::Expert => "expert",
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
            "'{}' is not a level: expected random, greedy, strong or expert",
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
            "expert" => Ok(Level::Expert),
            _ => Err(BadLevel(s.to_owned())),
        }
    }
}

/// A computer player's thinking about one move: decided at once (the random
/// level), the checks for goals in one, weighed in slices (the greedy level,
/// a threatened strong level's blocks), or the strong search. Every stage
/// runs in slices: none holds a frame, however crowded the board.
#[derive(Clone, Debug)]
pub enum Mind {
    /// The move is known.
    Ready(Ready<Move>),
    /// The checks for goals in one that come first.
    Checks(Box<Checks>),
    /// Candidates being weighed: greedy's choice, or the blocks the strong
    /// search then searches.
    Weigh(Box<Weigh>),
    /// The strong level's search.
    Strong(Box<Strong>),
}

impl Think for Mind {
    type Move = Move;

    fn step(&mut self, work: u32) -> Progress {
        self.step_within(work, Slice::UNTIMED)
    }

    fn step_within(&mut self, work: u32, slice: Slice) -> Progress {
        match self {
            Mind::Ready(r) => r.step_within(work, slice),
            Mind::Checks(c) => {
                if let Some(next) = c.step(slice) {
                    *self = next;
                }
                match self {
                    Mind::Ready(_) => Progress::Done,
                    _ => Progress::Working,
                }
            }
            Mind::Weigh(w) => {
                if !w.weigh(work, slice) {
                    return Progress::Working;
                }
                *self = match w.finish() {
                    Weighed::Chosen(mv) => Mind::Ready(Ready(mv)),
                    Weighed::Search(s) => Mind::Strong(s),
                };
                match self {
                    Mind::Ready(_) => Progress::Done,
                    _ => Progress::Working,
                }
            }
            Mind::Strong(s) => s.step_within(work, slice),
        }
    }

    fn best(&self) -> Option<Move> {
        match self {
            Mind::Ready(r) => r.best(),
            Mind::Checks(c) => c.best(),
            Mind::Weigh(w) => w.best(),
            Mind::Strong(s) => s.best(),
        }
    }
}

/// Starts `level`'s thinking about a move for the side to move.
pub fn mind(p: &Position, level: Level, rng: &mut Rng) -> Mind {
    mind_with(p, level, Engine::STANDARD, rng)
}

/// Like [`mind`], with the strong levels searching by `engine`.
pub fn mind_with(p: &Position, level: Level, engine: Engine, rng: &mut Rng) -> Mind {
    let ready = |mv| Mind::Ready(Ready(mv));
    match level {
        Level::Random => {
            let mut moves: Vec<Move> = p.jump_moves(MAX_JUMPS).collect();
            moves.extend(p.empty_points().map(Move::Place));
            let i = rng.below(moves.len().max(1) as u64) as usize;
            ready(moves.get(i).copied())
        }
        Level::Greedy => {
            let mut candidates: Vec<Move> = p.jump_moves(MAX_JUMPS).collect();
            candidates.extend(
                placements(p, &Engine::CLASSIC, &mut Finder::default())
                    .into_iter()
                    .map(Move::Place),
            );
            // Ties go to a random candidate, so greedy games differ.
            let jitter = candidates.iter().map(|_| rng.below(7) as i32).collect();
            let then = Then::Greedy { candidates, jitter };
            Mind::Checks(Box::new(Checks::new(*p, then)))
        }
        Level::Strong | Level::Expert => {
            Mind::Checks(Box::new(Checks::new(*p, Then::Search(engine))))
        }
    }
}

/// Chooses a move for the side to move. `nodes` bounds the strong level's search.
pub fn choose(p: &Position, level: Level, rng: &mut Rng, nodes: u64) -> (Option<Move>, Stats) {
    choose_until(p, level, Engine::STANDARD, rng, nodes, &mut || false)
}

/// Positions the strong search runs between looks at the clock.
const CHECK_EVERY: u64 = 2_048;

/// Like [`choose`], and the strong search also ends (with its best move so
/// far) when `stop` says so — a clock, for a per-move time limit.
pub fn choose_until(
    p: &Position,
    level: Level,
    engine: Engine,
    rng: &mut Rng,
    nodes: u64,
    stop: &mut dyn FnMut() -> bool,
) -> (Option<Move>, Stats) {
    let mut mind = mind_with(p, level, engine, rng);
    // The checks and the weighing before a search count no nodes: they run
    // a check at a time, until they are done or `stop` says so.
    let over = Slice::ending(|| 1.0, 0.0);
    while matches!(mind, Mind::Checks(_) | Mind::Weigh(_)) {
        if mind.step_within(u32::MAX, over) == Progress::Done || stop() {
            break;
        }
    }
    match mind {
        Mind::Checks(c) => (c.best(), Stats { nodes: 1, depth: 1 }),
        Mind::Weigh(w) => (w.best(), Stats { nodes: 1, depth: 1 }),
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
    use crate::ai::search::apply;
    use crate::finder::AI_STATES;
    use crate::rules::{Options, Side};
    use parlour_kit::rng::Seed;

    /// Whether the side to move has a goal in one, as far as the
    /// computer's check finds (a win found before its budget runs out).
    fn has_win(p: &Position) -> bool {
        Finder::default().first_win(p, AI_STATES).wins.found()
    }

    fn position(ball: &str, men: &str, to_move: Side) -> Position {
        let mut p = crate::fixtures::position(ball, men);
        p.to_move = to_move;
        p
    }

    #[test]
    fn every_level_always_takes_a_goal_in_one() {
        let p = position("H14", "H15 H17 H19 C3 D8", Side::Ohs);
        for level in [Level::Greedy, Level::Strong, Level::Expert] {
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
            Engine::STANDARD,
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
        // The classic engine sees the later loss at depth 2, the standard
        // one at depth 1 (the leaf sees Ohs' goal in one).
        let p = position("H17", "H18", Side::Eks);
        for (engine, depth) in [(Engine::CLASSIC, 2), (Engine::STANDARD, 1)] {
            let mut never = || false;
            let mut rng = Rng::new(Seed(1));
            let (mv, stats) = choose_until(&p, Level::Strong, engine, &mut rng, 20_000, &mut never);
            assert!(stats.depth >= depth, "{engine}: {stats:?}");
            let (_, scored) = apply(&p, mv.unwrap()).unwrap();
            assert_eq!(scored, None, "{engine}: not an own goal: {mv:?}");
        }
    }

    #[test]
    #[cfg(feature = "two")]
    fn a_threat_of_its_own_answers_the_opponents_forced_goal() {
        // 9×7, Eks to move: Ohs have an unstoppable placement, and Eks's
        // only answer (proven: a win in three) is E6, a man that makes a
        // goal in one of Eks's own, which Ohs must answer first. Searching
        // only the moves that block Ohs' threats played B7.
        let mut p = crate::fixtures::position("D7", "D1 D2 E2 A3 B3 F3 A4 E4 B5 C7 F8 B9 D9");
        p.options.dims = crate::Dims { rows: 9, cols: 7 };
        p.to_move = Side::Eks;
        let two: Engine = "two".parse().unwrap();
        let mut rng = Rng::new(Seed(1));
        let (mv, _) = choose_until(&p, Level::Strong, two, &mut rng, 20_000, &mut || false);
        assert_eq!(mv, Some(Move::Place("E6".parse().unwrap())));
    }

    #[test]
    fn levels_parse() {
        assert_eq!("strong".parse::<Level>(), Ok(Level::Strong));
        assert!("godlike".parse::<Level>().is_err());
    }
}
