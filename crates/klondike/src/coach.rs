//! Hints as a player would give them: of the moves that keep a deal
//! winnable, the one a player's eye goes to first.
//!
//! A solver's line is one way to win among many, and its first move is
//! often "deal from the stock" while a card waits to be turned up. A coach
//! looks first at the [`natural`] moves — those that turn a face-down card,
//! then those that put a card up, then builds from the waste or a reserve,
//! then moves that empty a pile — and offers the first that still wins,
//! falling back on the solver's own move only when none does.

use super::rules::{Move, State};

/// How many natural moves a coach checks before it falls back on the
/// solver's move: each check is a search of its own.
pub const CANDIDATES: usize = 4;

/// How natural `mv` looks at `state`, lower first; `None` for a move a
/// player makes only when nothing else helps (the stock, a card taken down
/// from a foundation, a run shuffled between piles) or an illegal one.
pub fn rank(state: &State, mv: Move) -> Option<u8> {
    let mut next = state.clone();
    let fx = next.play(mv).ok()?;
    if fx.flipped.is_some() {
        return Some(0);
    }
    match mv {
        Move::WasteToFoundation | Move::TableauToFoundation(_) | Move::ReserveToFoundation(_) => {
            Some(1)
        }
        Move::WasteToTableau(_) | Move::ReserveToTableau(..) => Some(2),
        Move::TableauToTableau { from, to, count } => {
            let source = state.tableau.get(usize::from(from))?;
            let target = state.tableau.get(usize::from(to))?;
            // Emptying a pile frees it, unless the run only moves to
            // another empty one.
            let empties = usize::from(count) == source.cards.len();
            (empties && !target.cards.is_empty()).then_some(3)
        }
        Move::Deal | Move::Recycle | Move::Pass | Move::FoundationToTableau(..) => None,
    }
}

/// The natural moves at `state`, most natural first (legal moves' order
/// within a rank).
pub fn natural(state: &State) -> Vec<Move> {
    let mut ranked: Vec<(u8, Move)> = state
        .legal_moves()
        .into_iter()
        .filter_map(|mv| rank(state, mv).map(|r| (r, mv)))
        .collect();
    ranked.sort_by_key(|&(r, _)| r);
    ranked.into_iter().map(|(_, mv)| mv).collect()
}

/// The hint at a winnable `state` whose solver's line starts with `first`:
/// the first of the [`CANDIDATES`] most natural moves after which
/// `still_wins` says the deal can still be won, else `first`.
pub fn coached(state: &State, first: Move, mut still_wins: impl FnMut(&State) -> bool) -> Move {
    for mv in natural(state).into_iter().take(CANDIDATES) {
        if mv == first {
            return mv;
        }
        let mut next = state.clone();
        if next.play(mv).is_ok() && still_wins(&next) {
            return mv;
        }
    }
    first
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use parlour_kit::rng::Seed;

    fn dealt(seed: u64) -> State {
        State::deal(Rules::default(), Seed(seed))
    }

    #[test]
    fn the_stock_is_never_natural_and_turning_a_card_comes_first() {
        for seed in 1..40 {
            let s = dealt(seed);
            let moves = natural(&s);
            assert!(!moves.contains(&Move::Deal), "seed {seed}");
            let ranks: Vec<u8> = moves.iter().filter_map(|&m| rank(&s, m)).collect();
            assert_eq!(ranks.len(), moves.len(), "every natural move is ranked");
            assert!(
                ranks.windows(2).all(|w| w[0] <= w[1]),
                "seed {seed}: {ranks:?}"
            );
            for &mv in &moves {
                let mut next = s.clone();
                let fx = next.play(mv).expect("legal");
                assert_eq!(
                    fx.flipped.is_some(),
                    rank(&s, mv) == Some(0),
                    "seed {seed}: {mv:?}"
                );
            }
        }
    }

    #[test]
    fn a_coach_prefers_a_natural_move_that_still_wins_and_else_follows_the_solver() {
        let s = (1..200)
            .map(dealt)
            .find(|s| !natural(s).is_empty())
            .expect("a deal with a natural move");
        let first_natural = natural(&s)[0];
        assert_eq!(coached(&s, Move::Deal, |_| true), first_natural);
        assert_eq!(coached(&s, Move::Deal, |_| false), Move::Deal);
        // The solver's own move, if natural, needs no check.
        assert_eq!(
            coached(&s, first_natural, |_| panic!("no check needed")),
            first_natural
        );
    }
}
