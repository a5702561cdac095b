//! A hint for the side to move: a move to show on the board, and why.
//!
//! Its work is bounded, so a hint costs a frame at most on any board: the
//! goal-in-one checks use [`HINT_STATES`], and the moves it weighs are the
//! jumps and the placements close to the ball (or to the threatened path),
//! each checked for a goal in one left to the opponent with a small budget.

use super::eval::{self, Weights};
use super::search::{apply, MAX_JUMPS};
use crate::finder::{find_wins, Finder, Wins, HINT_STATES};
use crate::rules::{Chain, Move, Position, Side};
use crate::Pt;
use parlour_kit::sort::sort_by_key;

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
fn safe(finder: &mut Finder, next: &Position) -> bool {
    matches!(finder.first_win(next, CHECK_STATES).wins, Wins::None)
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
                for q in p.empty_near(at, 1) {
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
        Wins::None => Hint::Build(best(p, p.empty_near(p.ball, NEAR).collect())),
    }
}

/// Of the jumps and the placements on `points` (each once), the move that scores, or
/// else the best-looking one that surely leaves the opponent no goal in one.
///
/// Every candidate is weighed first, and only then checked for what it
/// leaves the opponent, best first, until one is safe: the same move as
/// checking them all, for a check or two in place of dozens.
fn best(p: &Position, points: Vec<Pt>) -> Option<Move> {
    let me: Side = p.to_move;
    let candidates = p
        .jump_moves(MAX_JUMPS)
        .chain(points.into_iter().map(Move::Place));
    let mut weighed: Vec<(i32, Move, Position)> = Vec::new();
    for mv in candidates {
        match apply(p, mv) {
            Some((_, Some(side))) if side == me => return Some(mv),
            Some((next, None)) => {
                weighed.push((eval::evaluate(&next, &Weights::CLASSIC), mv, next));
            }
            _ => {}
        }
    }
    // Best for the side to move first: least for the opponent to move.
    sort_by_key(&mut weighed, |&(theirs, ..)| theirs);
    let mut finder = Finder::default();
    weighed
        .into_iter()
        .find(|(_, _, next)| safe(&mut finder, next))
        .map(|(_, mv, _)| mv)
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
        assert!(
            safe(&mut Finder::default(), &next),
            "{answer:?} leaves no goal in one"
        );
    }

    #[test]
    fn a_quiet_position_gets_a_move_near_the_ball() {
        let p = Position::start(crate::rules::Options::default());
        let Hint::Build(Some(Move::Place(at))) = hint(&p) else {
            panic!("a placement: {:?}", hint(&p));
        };
        assert!(at.col.abs_diff(p.ball.col) <= NEAR && at.row.abs_diff(p.ball.row) <= NEAR);
    }

    #[test]
    fn the_best_move_is_the_best_weighed_of_every_safe_one() {
        // Checking every candidate, as the hint once did, on crowded boards
        // and their turned twins: the same move.
        let (mut boards, quiet) = crate::fixtures::crowded_boards(8);
        boards.extend(quiet);
        for p in boards.iter().flat_map(|p| [*p, p.turned()]) {
            let points: Vec<Pt> = p.empty_near(p.ball, NEAR).collect();
            let mut expected: Option<(i32, Move)> = None;
            for mv in p
                .jump_moves(MAX_JUMPS)
                .chain(points.iter().map(|&q| Move::Place(q)))
            {
                let Some((next, scored)) = apply(&p, mv) else {
                    continue;
                };
                if scored == Some(p.to_move) {
                    expected = Some((i32::MAX, mv));
                    break;
                }
                if scored.is_some() || !matches!(find_wins(&next, CHECK_STATES).wins, Wins::None) {
                    continue;
                }
                let score = -eval::evaluate(&next, &Weights::CLASSIC);
                if expected.is_none_or(|(b, _)| score > b) {
                    expected = Some((score, mv));
                }
            }
            assert_eq!(best(&p, points), expected.map(|(_, mv)| mv), "{p:?}");
        }
    }
}
