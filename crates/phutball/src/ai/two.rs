//! Forced goals within two moves: a goal in one, or an **unstoppable
//! placement**, a man after which the side that placed it has a goal in
//! one whatever the opponent replies (a quiet double threat, often).
//!
//! The replies tried are only those that may stop every threat the
//! placement makes ([`may_stop`]): the ball's jumps, and the placements on
//! a point every threatening chain lands on. A man placed anywhere else
//! leaves a threat as it was. So the check costs two goal checks and one
//! for each such reply, not one for every empty point.
//!
//! A scan runs a goal check at a time ([`Two::scan`]), so a crowded board
//! holds no frame. Each check holds at most [`TWO_STATES`] states, and a
//! check that runs out counts against the claim: a placement is called
//! unstoppable only when every check proved its part.

use super::search::{apply, mark_around, mark_landings, MAX_JUMPS};
use crate::board::Pt;
use crate::finder::{may_stop, Finder};
use crate::rules::{Chain, Men, Move, Position};
use parlour_kit::think::Slice;

/// The states one goal check of a scan may hold.
pub const TWO_STATES: usize = 2_000;

/// The most jump results whose landings give candidate placements.
const TWO_RESULTS: usize = 64;

/// A way to force a goal within two moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forced {
    /// A goal at once.
    Goal(Chain),
    /// An unstoppable placement, and the chains it threatens (each scores
    /// at once were it the placer's move again).
    Placement(Pt, Vec<Chain>),
}

impl Forced {
    /// The move that forces it.
    pub fn first_move(&self) -> Move {
        match self {
            Forced::Goal(c) => Move::Jump(*c),
            Forced::Placement(pt, _) => Move::Place(*pt),
        }
    }
}

/// The placements that may make a goal in one for the side to move: the
/// points around the ball, and the landing points of its jumps (of the
/// first 64 results) and the points around each. A man
/// anywhere else is neither jumped nor landed on by any chain, so it adds
/// no chain.
pub fn threat_points(p: &Position) -> Vec<Pt> {
    let mut marks = Men::default();
    mark_around(&mut marks, p.ball);
    mark_landings(
        &mut marks,
        p.jump_results(TWO_RESULTS).into_iter().map(|r| r.1),
    );
    p.empty_points().filter(|&pt| marks.has(pt)).collect()
}

/// The candidate under way: the position it leaves, and how far its
/// checks have gone.
#[derive(Clone, Debug)]
struct Under {
    pt: Pt,
    after: Position,
    /// `None` until the threats are known; then the replies to try.
    replies: Option<Vec<Move>>,
    threats: Vec<Chain>,
    next: usize,
}

/// A scan for the side to move's ways to force a goal within two moves:
/// its goal in one first, then each candidate placement.
#[derive(Clone, Debug)]
pub struct Two {
    position: Position,
    points: Vec<Pt>,
    /// The goal in one is checked first (`false` until it is).
    goal_checked: bool,
    next: usize,
    under: Option<Under>,
    /// Stop at the first way found.
    first: bool,
    found: Vec<Forced>,
    finder: Finder,
}

impl Two {
    /// A scan of `position` for the side to move, over
    /// [`threat_points`]; with `first`, it stops at the first way found.
    pub fn new(position: Position, first: bool) -> Two {
        Two {
            points: threat_points(&position),
            position,
            goal_checked: false,
            next: 0,
            under: None,
            first,
            found: Vec::new(),
            finder: Finder::default(),
        }
    }

    /// The ways found so far.
    pub fn found(&self) -> &[Forced] {
        &self.found
    }

    /// Whether the scan is over: every candidate checked, or the first
    /// way found when that is all it wants.
    pub fn done(&self) -> bool {
        (self.first && !self.found.is_empty())
            || (self.goal_checked && self.under.is_none() && self.next >= self.points.len())
    }

    /// Runs goal checks until the scan is done (`true`) or `slice` is
    /// over; at least one check a call.
    pub fn scan(&mut self, slice: Slice) -> bool {
        loop {
            if self.done() {
                return true;
            }
            self.check_one();
            if slice.overrun() {
                return self.done();
            }
        }
    }

    /// Whether the side to move in `p` has a goal in one, proven.
    fn scores(finder: &mut Finder, p: &Position) -> Option<Chain> {
        if !p.ball_can_jump() {
            return None;
        }
        finder.first_win(p, TWO_STATES).wins.proven()
    }

    /// Whether the side to move in `p` may have a goal in one: found, or
    /// not ruled out within the budget.
    fn may_score(finder: &mut Finder, p: &Position) -> bool {
        p.ball_can_jump() && !finder.first_win(p, TWO_STATES).wins.none()
    }

    /// One goal check of the scan.
    fn check_one(&mut self) {
        let p = self.position;
        if !self.goal_checked {
            self.goal_checked = true;
            if let Some(c) = Self::scores(&mut self.finder, &p) {
                self.found.push(Forced::Goal(c));
            }
            return;
        }
        let Some(under) = &mut self.under else {
            // The next candidate: it must not leave the opponent a goal.
            let Some(&pt) = self.points.get(self.next) else {
                return;
            };
            self.next += 1;
            if let Some((after, None)) = apply(&p, Move::Place(pt)) {
                if !Self::may_score(&mut self.finder, &after) {
                    self.under = Some(Under {
                        pt,
                        after,
                        replies: None,
                        threats: Vec::new(),
                        next: 0,
                    });
                }
            }
            return;
        };
        let Some(replies) = &under.replies else {
            // The threats it makes, and the replies that may stop them.
            let again = under.after.turned();
            let threats = if again.ball_can_jump() {
                self.finder.wins(&again, TWO_STATES).wins.into_chains()
            } else {
                Vec::new()
            };
            let replies = may_stop(&under.after, &threats, MAX_JUMPS);
            // Jumps past the listing's limit are unknown replies.
            let listed = replies
                .iter()
                .filter(|m| matches!(m, Move::Jump(_)))
                .count();
            if threats.is_empty() || listed >= MAX_JUMPS {
                self.under = None;
            } else {
                under.threats = threats;
                under.replies = Some(replies);
            }
            return;
        };
        let Some(&reply) = replies.get(under.next) else {
            // Every reply leaves a goal: unstoppable.
            let threats = std::mem::take(&mut under.threats);
            self.found.push(Forced::Placement(under.pt, threats));
            self.under = None;
            return;
        };
        under.next += 1;
        let stopped = match apply(&under.after, reply) {
            // An own goal by the opponent: it stops nothing.
            Some((_, Some(side))) => side != p.to_move,
            Some((r, None)) => Self::scores(&mut self.finder, &r).is_none(),
            None => false,
        };
        if stopped {
            self.under = None;
        }
    }
}

/// The moves that may stop the ways `found` (the opponent's, were it
/// their move) to force a goal within two moves, most likely first: a man
/// on each unstoppable placement's point, on the points its threats land
/// on, every jump of the ball, then the side to move's own threats (the
/// [`threat_points`]: a goal in one of its own must be answered first). A
/// goal in one of theirs gives none: the checks before this stage deal
/// with that.
pub fn defences(p: &Position, found: &[Forced]) -> Vec<Move> {
    let mut marks = Men::default();
    let mut out = Vec::new();
    let mut mark = |pt: Pt, out: &mut Vec<Move>| {
        if !marks.has(pt) && p.can_place(pt).is_ok() {
            marks.set(pt);
            out.push(Move::Place(pt));
        }
    };
    for forced in found {
        if let Forced::Placement(pt, _) = forced {
            mark(*pt, &mut out);
        }
    }
    for forced in found {
        let Forced::Placement(pt, threats) = forced else {
            continue;
        };
        // The threats are the opponent's after their man on `pt`.
        let mut after = p.turned();
        after.men.set(*pt);
        for &chain in threats {
            if let Ok((path, _)) = after.follow(chain) {
                for at in path {
                    mark(at, &mut out);
                }
            }
        }
    }
    out.extend(p.jump_moves(MAX_JUMPS));
    for pt in threat_points(p) {
        mark(pt, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Options;
    use parlour_kit::rng::Seed;

    fn whole(p: &Position, first: bool) -> Vec<Forced> {
        let mut two = Two::new(*p, first);
        while !two.scan(Slice::UNTIMED) {}
        two.found
    }

    #[test]
    fn a_scan_in_slices_finds_what_a_whole_scan_finds() {
        for seed in 0..12 {
            let p = Position::crowded(Options::default(), Seed(seed), 15 + seed % 3 * 10);
            let mut sliced = Two::new(p, false);
            let mut slices = 0;
            while !sliced.scan(Slice::ending(|| 1.0, 0.0)) {
                slices += 1;
                assert!(slices < 1_000_000);
            }
            assert_eq!(sliced.found, whole(&p, false), "seed {seed}");
        }
    }
}
