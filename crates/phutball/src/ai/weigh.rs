//! The work a computer does before (or instead of) its search, in slices:
//! the greedy level's weighing of every candidate, and a threatened strong
//! level's sifting of the moves that stop the threat. Each candidate costs
//! a win-in-one check of up to [`AI_STATES`](crate::finder::AI_STATES)
//! states, and a crowded board has hundreds of candidates, so the weighing
//! stops whenever its slice is over and goes on at the next.

use super::search::{apply, Engine, Strong, WIN};
use super::{eval, has_win};
use crate::rules::{Move, Position};
use parlour_kit::think::Slice;

/// Work units a candidate counts for (a win-in-one check of up to
/// [`AI_STATES`](crate::finder::AI_STATES) states is worth about this many
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
        }
    }

    /// Weighs about `work` units' worth of candidates, stopping early when
    /// `slice` runs over; `true` once every candidate is weighed.
    pub fn weigh(&mut self, work: u32, slice: Slice) -> bool {
        let mut spent = 0u32;
        let p = self.position;
        while let Some(&mv) = self.candidates.get(self.next) {
            if spent >= work.max(1) || (spent > 0 && slice.overrun()) {
                return false;
            }
            let i = self.next;
            self.next += 1;
            spent = spent.saturating_add(CANDIDATE_WORK);
            let Some((next, scored)) = apply(&p, mv) else {
                continue;
            };
            match &mut self.purpose {
                Purpose::Greedy { jitter, best } => {
                    let score = match scored {
                        Some(s) if s == p.to_move => WIN,
                        Some(_) => -WIN,
                        None if has_win(&next) => -WIN / 2,
                        None => -eval::evaluate(&next, &eval::Weights::CLASSIC),
                    };
                    let score = score * 8 + jitter.get(i).copied().unwrap_or(0);
                    if best.is_none_or(|(b, _)| score > b) {
                        *best = Some((score, mv));
                    }
                }
                Purpose::Blocks { kept, .. } => {
                    if scored.is_none() && !has_win(&next) {
                        kept.push(mv);
                    }
                }
            }
        }
        true
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
    use parlour_kit::think::{Progress, Think};

    /// Steps `m` by `work` until it is done; how many steps it took.
    fn steps(m: &mut Mind, work: u32) -> usize {
        let mut n = 1;
        while m.step(work) != Progress::Done {
            n += 1;
            assert!(n < 100_000, "it ends");
        }
        n
    }

    #[test]
    fn greedy_weighs_a_crowded_board_in_slices_and_chooses_as_if_whole() {
        let mut weighed = 0;
        for seed in 0..60 {
            if weighed == 3 {
                break;
            }
            let p = Position::crowded(Options::default(), Seed(seed), 30);
            let mut sliced = mind(&p, Level::Greedy, &mut Rng::new(Seed(9)));
            let mut whole = mind(&p, Level::Greedy, &mut Rng::new(Seed(9)));
            if matches!(sliced, Mind::Ready(_)) {
                continue; // a goal in one: nothing to weigh
            }
            assert!(matches!(sliced, Mind::Weigh(_)));
            // One candidate a slice: many slices, and a move at each.
            assert!(steps(&mut sliced, 1) > 10, "seed {seed}");
            assert!(sliced.best().is_some());
            assert_eq!(steps(&mut whole, u32::MAX), 1);
            assert_eq!(sliced.best(), whole.best(), "seed {seed}");
            weighed += 1;
        }
        assert!(weighed > 0, "some crowded board without a goal in one");
    }
}
