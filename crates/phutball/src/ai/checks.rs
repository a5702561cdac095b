//! The checks that come before any other thinking, in slices: a goal in
//! one for the side to move (taken at once), then, for the strong levels,
//! one for the opponent (a threat that only some moves stop). With the
//! engine's `two`, then the forced goals within two moves ([`Two`]): the
//! side to move's own unstoppable placement (played at once), then the
//! opponent's, against which only the moves that leave them none are
//! searched. On a board crowded with men each check may search thousands of
//! states, more than a frame has, so each runs a slice at a time
//! ([`Finder::resume`], [`Two::scan`]).

use super::search::{placements, Engine, Strong};
#[cfg(feature = "two")]
use super::two::{defences, Two};
use super::weigh::Weigh;
use super::Mind;
use crate::finder::{Finder, Report, AI_STATES};
use crate::rules::{Move, Position};
use parlour_kit::think::{Ready, Slice};

/// The first win a check found, if any.
fn first_found(report: &Report) -> Option<Move> {
    report.wins.chains().first().map(|&c| Move::Jump(c))
}

/// What comes after the checks.
#[derive(Clone, Debug)]
pub(super) enum Then {
    /// The greedy level weighs these candidates, ties broken by the jitter
    /// drawn for each when the thinking began.
    Greedy {
        candidates: Vec<Move>,
        jitter: Vec<i32>,
    },
    /// A strong level searches by this engine, after the opponent's check.
    Search(Engine),
}

/// Which check is under way, and what follows it.
#[derive(Clone, Debug)]
enum Stage {
    /// The side to move's own goal in one; then as it says.
    Mine(Then),
    /// The opponent's, were it their move; then a strong level's search
    /// by this engine.
    Theirs(Engine),
    /// The side to move's forced goal within two moves, if any.
    #[cfg(feature = "two")]
    MyTwo(Engine, Box<Two>),
    /// The opponent's, were it their move.
    #[cfg(feature = "two")]
    TheirTwo(Engine, Box<Two>),
    /// The moves that may stop the opponent's forced goals, each checked
    /// for what it leaves them.
    #[cfg(feature = "two")]
    Defend(Engine, Box<Defend>),
}

/// The sifting of the moves that may stop the opponent's forced goals
/// within two moves: each is kept when it leaves the opponent none.
#[cfg(feature = "two")]
#[derive(Clone, Debug)]
struct Defend {
    candidates: Vec<Move>,
    next: usize,
    /// The candidate under way, and the opponent's scan after it.
    scan: Option<(Move, Two)>,
    kept: Vec<Move>,
}

#[cfg(feature = "two")]
impl Defend {
    /// Sifts within `slice`: `true` once every candidate is checked.
    fn sift(&mut self, p: &Position, slice: Slice) -> bool {
        loop {
            if let Some((mv, two)) = &mut self.scan {
                if !two.scan(slice) {
                    return false;
                }
                if two.found().is_empty() {
                    self.kept.push(*mv);
                }
                self.scan = None;
                if slice.overrun() {
                    return self.next >= self.candidates.len();
                }
            }
            let Some(&mv) = self.candidates.get(self.next) else {
                return true;
            };
            self.next += 1;
            // A move that scores for the opponent is no defence.
            if let Some((after, None)) = super::search::apply(p, mv) {
                self.scan = Some((mv, Two::new(after, true)));
            }
        }
    }
}

/// The checks for goals in one, under way.
#[derive(Clone, Debug)]
pub struct Checks {
    position: Position,
    finder: Finder,
    stage: Stage,
    /// The move played if the thinking must end before the checks do.
    fallback: Option<Move>,
}

impl Checks {
    /// Starts the checks of `position`, to go on as `then` says.
    pub(super) fn new(position: Position, then: Then) -> Checks {
        let fallback = match &then {
            Then::Greedy { candidates, .. } => candidates.first().copied(),
            Then::Search(_) => position
                .jump_moves(1)
                .next()
                .or_else(|| {
                    placements(&position, &Engine::CLASSIC, &mut Finder::default())
                        .first()
                        .map(|&pt| Move::Place(pt))
                })
                .or_else(|| position.empty_points().next().map(Move::Place)),
        };
        let mut finder = Finder::default();
        finder.begin(&position, AI_STATES, true);
        Checks {
            position,
            finder,
            stage: Stage::Mine(then),
            fallback,
        }
    }

    /// Runs the check under way within `slice`: what the thinking becomes
    /// once the checks are done (a goal in one, the greedy weighing, the
    /// blocks to sift or the search), or `None` while they go on.
    pub(super) fn step(&mut self, slice: Slice) -> Option<Mind> {
        let p = self.position;
        #[cfg(feature = "two")]
        match &mut self.stage {
            Stage::MyTwo(engine, two) => {
                if !two.scan(slice) {
                    return None;
                }
                if let Some(forced) = two.found().first() {
                    return Some(Mind::Ready(Ready(Some(forced.first_move()))));
                }
                self.stage = Stage::TheirTwo(*engine, Box::new(Two::new(p.turned(), false)));
                return None;
            }
            Stage::TheirTwo(engine, two) => {
                if !two.scan(slice) {
                    return None;
                }
                let engine = *engine;
                if two.found().is_empty() {
                    return Some(search(p, engine, false, &mut self.finder));
                }
                let candidates = defences(&p, two.found());
                self.fallback = candidates.first().copied().or(self.fallback);
                let defend = Defend {
                    candidates,
                    next: 0,
                    scan: None,
                    kept: Vec::new(),
                };
                self.stage = Stage::Defend(engine, Box::new(defend));
                return None;
            }
            Stage::Defend(engine, defend) => {
                if !defend.sift(&p, slice) {
                    return None;
                }
                // Against a forced goal nothing stops, search as usual.
                return Some(match defend.kept.len() {
                    0 => search(p, *engine, false, &mut self.finder),
                    _ => Mind::Strong(Box::new(Strong::new(
                        p,
                        std::mem::take(&mut defend.kept),
                        *engine,
                    ))),
                });
            }
            Stage::Mine(_) | Stage::Theirs(_) => {}
        }
        let report = self.finder.resume(slice)?;
        match &mut self.stage {
            Stage::Mine(then) => {
                if let Some(win) = first_found(&report) {
                    return Some(Mind::Ready(Ready(Some(win))));
                }
                match then {
                    Then::Greedy { candidates, jitter } => {
                        let (candidates, jitter) =
                            (std::mem::take(candidates), std::mem::take(jitter));
                        Some(Mind::Weigh(Box::new(Weigh::greedy(p, candidates, jitter))))
                    }
                    &mut Then::Search(engine) => {
                        self.finder.begin(&p.turned(), AI_STATES, true);
                        self.stage = Stage::Theirs(engine);
                        None
                    }
                }
            }
            &mut Stage::Theirs(engine) => {
                let threatened = report.wins.found();
                #[cfg(feature = "two")]
                if engine.two && !threatened {
                    self.stage = Stage::MyTwo(engine, Box::new(Two::new(p, true)));
                    return None;
                }
                Some(search(p, engine, threatened, &mut self.finder))
            }
            #[cfg(feature = "two")]
            Stage::MyTwo(..) | Stage::TheirTwo(..) | Stage::Defend(..) => None,
        }
    }

    /// The move played if the thinking must end now: the first move found
    /// to leave the opponent no forced goal, else the fallback.
    pub(super) fn best(&self) -> Option<Move> {
        match &self.stage {
            #[cfg(feature = "two")]
            Stage::Defend(_, d) => d.kept.first().copied().or(self.fallback),
            _ => self.fallback,
        }
    }
}

/// A strong level's thinking once the checks are done: when `threatened`,
/// every placement weighed for the moves that block (then searched), else
/// the search over the jumps and the placements worth searching.
pub(super) fn search(p: Position, engine: Engine, threatened: bool, finder: &mut Finder) -> Mind {
    let mut candidates: Vec<Move> = p.jump_moves(super::search::MAX_JUMPS).collect();
    if threatened {
        candidates.extend(p.empty_points().map(Move::Place));
        return Mind::Weigh(Box::new(Weigh::blocks(p, candidates, engine)));
    }
    candidates.extend(placements(&p, &engine, finder).into_iter().map(Move::Place));
    Mind::Strong(Box::new(Strong::new(p, candidates, engine)))
}
