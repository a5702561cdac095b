//! A hint for the side to move: a move to show on the board, and why.
//!
//! Its work is bounded, so a hint costs a frame at most on any board: the
//! goal-in-one checks use [`HINT_STATES`], and the moves it weighs are the
//! jumps and the placements close to the ball (or to the threatened path),
//! each checked for a goal in one left to the opponent with a small budget.

use super::eval::{self, Weights};
use super::search::{apply, MAX_JUMPS};
use crate::finder::{find_wins, Wins, HINT_STATES};
use crate::rules::{Chain, Move, Position, Side};
use crate::Pt;

/// The states each candidate's check for an opponent's goal in one may
/// search: small, as a hint weighs a few dozen candidates at once.
const CHECK_STATES: usize = 2_000;

/// How far from the ball (in rows or columns) a quiet placement is weighed.
const NEAR: u8 = 2;

/// What a hint suggests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// This chain scores at once.
    Score(Chain),
    /// The opponent threatens to score with `threat`; `answer` stops every
    /// goal in one the checks could find (none if no close move does).
    Block {
        /// The opponent's chain that would score.
        threat: Chain,
        /// A move after which the opponent has no goal in one.
        answer: Option<Move>,
    },
    /// Neither side can score at once: the best-looking move at one ply
    /// that leaves the opponent no goal in one.
    Build(Option<Move>),
    /// The goal-in-one search ran out of budget: the position is too
    /// tangled to hint at quickly.
    Tangled,
}

/// Whether the opponent, after `next`, surely has no goal in one.
fn safe(next: &Position) -> bool {
    matches!(find_wins(next, CHECK_STATES).wins, Wins::None)
}

/// The hint for the side to move in `p`.
pub fn hint(p: &Position) -> Hint {
    match find_wins(p, HINT_STATES).wins {
        Wins::Found(chains) => return Hint::Score(chains[0]),
        Wins::Unknown(_) => return Hint::Tangled,
        Wins::None => {}
    }
    let threat = p.turned();
    match find_wins(&threat, HINT_STATES).wins {
        Wins::Found(chains) => {
            let path = threat
                .follow(chains[0])
                .map(|(path, _)| path)
                .unwrap_or_default();
            let mut around: Vec<Pt> = Vec::new();
            for at in std::iter::once(p.ball).chain(path) {
                for q in near(p, at, 1) {
                    if !around.contains(&q) {
                        around.push(q);
                    }
                }
            }
            Hint::Block {
                threat: chains[0],
                answer: best(p, around),
            }
        }
        Wins::Unknown(_) => Hint::Tangled,
        Wins::None => Hint::Build(best(p, near(p, p.ball, NEAR).collect())),
    }
}

/// The empty points within `reach` rows and columns of `at`, `at` too
/// (a jump's landing point is where a man stops it).
fn near(p: &Position, at: Pt, reach: u8) -> impl Iterator<Item = Pt> + '_ {
    p.empty_points()
        .filter(move |q| q.col.abs_diff(at.col) <= reach && q.row.abs_diff(at.row) <= reach)
}

/// Of the jumps and the placements on `points` (each once), the move that scores, or
/// else the best-looking one that surely leaves the opponent no goal in one.
fn best(p: &Position, points: Vec<Pt>) -> Option<Move> {
    let me: Side = p.to_move;
    let candidates = p
        .jump_moves(MAX_JUMPS)
        .chain(points.into_iter().map(Move::Place));
    let mut best: Option<(i32, Move)> = None;
    for mv in candidates {
        let Some((next, scored)) = apply(p, mv) else {
            continue;
        };
        if scored == Some(me) {
            return Some(mv);
        }
        if scored.is_some() || !safe(&next) {
            continue;
        }
        let score = -eval::evaluate(&next, &Weights::CLASSIC);
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::position;

    #[test]
    fn a_goal_in_one_is_the_hint() {
        let p = position("H18", "H19");
        assert!(matches!(hint(&p), Hint::Score(_)));
    }

    #[test]
    fn a_threat_is_answered_by_a_move_that_stops_it() {
        // Eks, not to move, would jump H5-H3 and on over G2 to their goal
        // line; a man on H3, the first landing, stops it.
        let p = position("H5", "H4 G2");
        let Hint::Block { answer, .. } = hint(&p) else {
            panic!("a threat: {:?}", hint(&p));
        };
        let answer = answer.unwrap_or_else(|| panic!("a block: {:?}", hint(&p)));
        let (next, scored) = apply(&p, answer).expect("legal");
        assert_eq!(scored, None);
        assert!(safe(&next), "{answer:?} leaves no goal in one");
    }

    #[test]
    fn a_quiet_position_gets_a_move_near_the_ball() {
        let p = Position::start(crate::rules::Options::default());
        let Hint::Build(Some(Move::Place(at))) = hint(&p) else {
            panic!("a placement: {:?}", hint(&p));
        };
        assert!(at.col.abs_diff(p.ball.col) <= NEAR && at.row.abs_diff(p.ball.row) <= NEAR);
    }
}
