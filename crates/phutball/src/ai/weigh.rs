//! The work a computer does before (or instead of) its search, in slices:
//! the greedy level's weighing of every candidate, and a threatened strong
//! level's sifting of the moves that stop the threat. Each candidate costs
//! a win-in-one check of up to [`AI_STATES`]
//! states, and a crowded board has hundreds of candidates, so the weighing
//! stops whenever its slice is over and goes on at the next, inside a
//! candidate's check if need be.

use super::eval;
use super::search::{apply, Engine, Strong, WIN};
use crate::finder::{Finder, AI_STATES};
use crate::rules::{Move, Position, Side};
use parlour_kit::think::Slice;

/// Work units a candidate counts for (a win-in-one check of up to
/// [`AI_STATES`] states is worth about this many
/// search positions).
pub const CANDIDATE_WORK: u32 = 500;

/// What the weighing is for, and what it has found so far.
#[derive(Clone, Debug)]
enum Purpose {
    /// The greedy level: the best-scoring candidate so far, as (score,
    /// move), ties broken by `jitter`.
    Greedy {
        jitter: Vec<i32>,
        best: Option<(i32, Move)>,
    },
    /// A threatened strong level: the candidates found to stop every goal
    /// in one so far, searched next by `engine`.
    Blocks { engine: Engine, kept: Vec<Move> },
}

/// Candidates weighed one at a time, across slices.
#[derive(Clone, Debug)]
pub struct Weigh {
    position: Position,
    candidates: Vec<Move>,
    next: usize,
    purpose: Purpose,
    /// The check of the opponent's goal in one after a candidate, under
    /// way: the candidate's number, and the position it leaves.
    pending: Option<(usize, Position)>,
    finder: Finder,
}

/// What a finished weighing leaves.
pub enum Weighed {
    /// The move.
    Chosen(Option<Move>),
    /// The strong search, over the candidates kept.
    Search(Box<Strong>),
}

impl Weigh {
    /// The greedy level's weighing of `candidates`, ties broken by the
    /// `jitter` drawn for each.
    pub fn greedy(position: Position, candidates: Vec<Move>, jitter: Vec<i32>) -> Weigh {
        let best = None;
        Weigh::new(position, candidates, Purpose::Greedy { jitter, best })
    }

    /// A threatened strong level's sifting of `candidates` for the moves
    /// that leave no goal in one, to be searched by `engine`.
    pub fn blocks(position: Position, candidates: Vec<Move>, engine: Engine) -> Weigh {
        let kept = Vec::new();
        Weigh::new(position, candidates, Purpose::Blocks { engine, kept })
    }

    fn new(position: Position, candidates: Vec<Move>, purpose: Purpose) -> Weigh {
        Weigh {
            position,
            candidates,
            next: 0,
            purpose,
            pending: None,
            finder: Finder::default(),
        }
    }

    /// Weighs about `work` units' worth of candidates, stopping early when
    /// `slice` runs over; `true` once every candidate is weighed.
    pub fn weigh(&mut self, work: u32, slice: Slice) -> bool {
        let mut spent = 0u32;
        let p = self.position;
        loop {
            if let Some((i, next)) = self.pending {
                let Some(report) = self.finder.resume(slice) else {
                    return false;
                };
                self.pending = None;
                let threat = report.wins.found();
                self.judge(i, &next, None, threat);
            }
            if self.next >= self.candidates.len() {
                return true;
            }
            if spent >= work.max(1) || (spent > 0 && slice.overrun()) {
                return false;
            }
            let i = self.next;
            self.next += 1;
            spent = spent.saturating_add(CANDIDATE_WORK);
            let Some((next, scored)) = self.candidates.get(i).and_then(|&mv| apply(&p, mv)) else {
                continue;
            };
            if scored.is_some() {
                self.judge(i, &next, scored, false);
            } else {
                // Does the candidate leave the opponent a goal in one?
                self.finder.begin(&next, AI_STATES, true);
                self.pending = Some((i, next));
            }
        }
    }

    /// Weighs candidate `i`, which leaves `next`: `scored` by whom, else
    /// with or without a `threat` (a goal in one for the opponent).
    fn judge(&mut self, i: usize, next: &Position, scored: Option<Side>, threat: bool) {
        let Some(&mv) = self.candidates.get(i) else {
            return;
        };
        let mover = self.position.to_move;
        match &mut self.purpose {
            Purpose::Greedy { jitter, best } => {
                let score = match scored {
                    Some(s) if s == mover => WIN,
                    Some(_) => -WIN,
                    None if threat => -WIN / 2,
                    None => -eval::evaluate(next, &eval::Weights::CLASSIC),
                };
                let score = score * 8 + jitter.get(i).copied().unwrap_or(0);
                if best.is_none_or(|(b, _)| score > b) {
                    *best = Some((score, mv));
                }
            }
            Purpose::Blocks { kept, .. } => {
                if scored.is_none() && !threat {
                    kept.push(mv);
                }
            }
        }
    }

    /// The best move so far: greedy's best weighed, or the first block
    /// found (else the first candidate).
    pub fn best(&self) -> Option<Move> {
        match &self.purpose {
            Purpose::Greedy { best, .. } => best.map(|(_, m)| m),
            Purpose::Blocks { kept, .. } => kept.first().or(self.candidates.first()).copied(),
        }
    }

    /// What the whole weighing leaves: greedy's choice, or the search over
    /// the blocks (over every candidate when none blocks). Called once, when
    /// [`Weigh::weigh`] says it is done.
    pub fn finish(&mut self) -> Weighed {
        match &mut self.purpose {
            Purpose::Greedy { best, .. } => Weighed::Chosen(best.map(|(_, m)| m)),
            Purpose::Blocks { engine, kept } => {
                let candidates = if kept.is_empty() {
                    std::mem::take(&mut self.candidates)
                } else {
                    std::mem::take(kept)
                };
                Weighed::Search(Box::new(Strong::new(self.position, candidates, *engine)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ai::{mind, Level, Mind};
    use crate::rules::{Options, Position};
    use parlour_kit::rng::{Rng, Seed};
    use parlour_kit::think::{Progress, Slice, Think};

    /// A slice that is over at once: each step does the least it can.
    fn over() -> Slice {
        Slice::ending(|| 1.0, 0.0)
    }

    /// Steps `m` in slices that are over at once until it is done or
    /// searching; how many steps it took.
    fn steps(m: &mut Mind) -> usize {
        let mut n = 0;
        while matches!(m, Mind::Checks(_) | Mind::Weigh(_)) {
            n += 1;
            if m.step_within(1, over()) == Progress::Done {
                break;
            }
            assert!(n < 1_000_000, "it ends");
        }
        n
    }

    #[test]
    fn the_checks_and_the_weighing_run_in_slices_and_choose_as_if_whole() {
        let mut weighed = 0;
        for seed in 0..60 {
            let p = Position::crowded(Options::default(), Seed(seed), 10 + seed % 4 * 10);
            for level in [Level::Greedy, Level::Strong] {
                let mut sliced = mind(&p, level, &mut Rng::new(Seed(9)));
                let mut whole = mind(&p, level, &mut Rng::new(Seed(9)));
                // Nothing is checked before the first slice.
                assert!(matches!(sliced, Mind::Checks(_)));
                let n = steps(&mut sliced);
                assert!(sliced.best().is_some());
                while matches!(whole, Mind::Checks(_) | Mind::Weigh(_)) {
                    whole.step(u32::MAX);
                }
                assert_eq!(sliced.best(), whole.best(), "seed {seed}, {level}");
                if matches!(sliced, Mind::Ready(_)) {
                    continue; // a goal in one
                }
                // Many slices: a candidate or less in each (greedy), each
                // check a slice at least (strong).
                let least = if level == Level::Greedy { 10 } else { 2 };
                assert!(n >= least, "seed {seed}, {level}: {n}");
                weighed += 1;
            }
        }
        assert!(
            weighed > 20,
            "crowded boards without a goal in one: {weighed}"
        );
    }
}
