//! The win-in-one finder: every jump chain that scores at once for the side
//! to move.
//!
//! A breadth-first search over (ball, men left) states: each state is reached
//! first by its shortest chain and visited once, so every winning result
//! appears once, with its shortest chain. Deciding whether a win in one
//! exists is NP-complete in general (Demaine, Demaine and Eppstein), so the
//! search has a budget and says "unknown" rather than hang. The budget
//! counts the states the search holds (searched or waiting), so it bounds
//! memory as well as time: about 220 bytes a state.

use super::board::Pt;
use super::rules::{Chain, Men, OwnGoal, Position, Side};
use crate::util::fast_hash::FastSet;
use std::collections::VecDeque;

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

/// The finder with its working memory, kept between calls: the computer's
/// search checks for goals at every leaf, and growing a fresh set each time
/// cost a quarter of its time.
#[derive(Clone, Debug, Default)]
pub struct Finder {
    seen: FastSet<(Pt, Men)>,
    queue: VecDeque<(Pt, Men, Chain, bool)>,
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
        let Finder { seen, queue } = self;
        seen.clear();
        queue.clear();
        let mut wins = Vec::new();
        // Which way up the board the side to move attacks.
        let up: i16 = match p.to_move {
            Side::Ohs => 1,
            Side::Eks => -1,
        };
        // Goal-ward jumps first: they find the wins soonest.
        let mut order = [0, 1, 2, 3, 4, 5, 6, 7];
        crate::util::sort::sort_by_key(&mut order, |&d| {
            -i16::from(super::rules::DIRS[usize::from(d)].1) * up
        });
        seen.insert((p.ball, p.men));
        queue.push_back((p.ball, p.men, Chain::EMPTY, false));
        let mut nodes = 0;
        let mut furthest = None;
        // How far up the board, as the side to move sees it, a row is.
        let ahead = |row: u8| i16::from(row) * up;
        while let Some((at, men, chain, ended)) = queue.pop_front() {
            if ended {
                continue;
            }
            nodes += 1;
            for (dir, landing, next_men) in p.jumps_in(&men, at, order) {
                let Some(next_chain) = chain.push(dir) else {
                    continue;
                };
                if seen.len() >= budget {
                    return Report {
                        wins: Wins::Unknown(wins),
                        nodes,
                        held: seen.len(),
                        furthest,
                    };
                }
                if !seen.insert((landing.at, next_men)) {
                    continue;
                }
                if furthest.is_none_or(|f: Pt| ahead(landing.at.row) > ahead(f.row)) {
                    furthest = Some(landing.at);
                }
                if is_winning_end(p, landing.at) {
                    wins.push(next_chain);
                    if first {
                        return Report {
                            wins: Wins::Found(wins),
                            nodes,
                            held: seen.len(),
                            furthest,
                        };
                    }
                }
                queue.push_back((landing.at, next_men, next_chain, landing.ends));
            }
        }
        let wins = if wins.is_empty() {
            Wins::None
        } else {
            Wins::Found(wins)
        };
        Report {
            wins,
            nodes,
            held: seen.len(),
            furthest,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::Dims;
    use super::*;
    use crate::phutball::notation;
    use crate::phutball::rules::{Options, Side};
    use crate::util::rng::{Rng, Seed};
    use std::collections::BTreeSet;

    use crate::phutball::fixtures::position;

    fn texts(p: &Position, r: &Report) -> Vec<String> {
        match &r.wins {
            Wins::Found(c) | Wins::Unknown(c) => c
                .iter()
                .map(|&c| notation::format(p, super::super::rules::Move::Jump(c)))
                .collect(),
            Wins::None => vec![],
        }
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
