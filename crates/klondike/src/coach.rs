//! Hints as a player would give them: of the moves that keep a deal
//! winnable, the one a player's eye goes to first.
//!
//! A solver's line is one way to win among many, and its first move is
//! often "deal from the stock" while a card waits to be turned up. A coach
//! looks first at the [`natural`] moves — those that turn a face-down card,
//! then those that put a card up, then builds from the waste or a reserve,
//! then moves that empty a pile — and offers the first that still wins,
//! falling back on the solver's own move only when none does.

use super::analysis;
use super::cards::Card;
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
    let line = coached_line(state, vec![first], |next| still_wins(next).then(Vec::new));
    line.first().copied().unwrap_or(first)
}

/// The winning line at `state` that a coach plays: `line` (the solver's),
/// unless one of the [`CANDIDATES`] most natural moves before its first
/// still wins, as `wins_by` says by giving a winning line from the position
/// after it: then that move and that line.
pub fn coached_line(
    state: &State,
    line: Vec<Move>,
    mut wins_by: impl FnMut(&State) -> Option<Vec<Move>>,
) -> Vec<Move> {
    let Some(&first) = line.first() else {
        return line;
    };
    for mv in natural(state).into_iter().take(CANDIDATES) {
        if mv == first {
            break;
        }
        let mut next = state.clone();
        if next.play(mv).is_ok() {
            if let Some(rest) = wins_by(&next) {
                return std::iter::once(mv).chain(rest).collect();
            }
        }
    }
    line
}

/// The winning line a coach keeps to. Found for one position, it stays the
/// plan while the game follows it, so that each hint is the next move of
/// one line and not the first of a line found afresh, which may undo the
/// last (one line brings a card down from its foundation, the next, from
/// the position after, sends it back up).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    from: State,
    /// Its moves, each with the card it moves (none to turn the waste over).
    steps: Vec<(Move, Option<Card>)>,
}

impl Plan {
    /// The plan of `line` from `from`, if every move of it plays.
    pub fn new(from: &State, line: &[Move]) -> Option<Plan> {
        let mut s = from.clone();
        let mut steps = Vec::with_capacity(line.len());
        for &mv in line {
            steps.push((mv, s.moving_card(mv)));
            s.play(mv).ok()?;
        }
        Some(Plan {
            from: from.clone(),
            steps,
        })
    }

    /// Its first move.
    pub fn first(&self) -> Option<Move> {
        self.steps.first().map(|&(mv, _)| mv)
    }

    /// The plan's next move at `now`, if the game reached `now` by playing
    /// the plan's moves (the game sending safe cards up by itself where
    /// `auto_move`: the plan skips those cards' own moves), and `None` if
    /// it did not, or the plan is played out.
    pub fn next(&self, now: &State, auto_move: bool) -> Option<Move> {
        let here = now.digest();
        let mut s = self.from.clone();
        let mut steps = self.steps.iter().copied().peekable();
        loop {
            while steps
                .peek()
                .is_some_and(|&(mv, card)| goes_up(mv) && card.is_some_and(|c| is_up(&s, c)))
            {
                steps.next();
            }
            if s.digest() == here {
                return steps.next().map(|(mv, _)| mv);
            }
            let (mv, card) = steps.next()?;
            if s.moving_card(mv) != card {
                return None;
            }
            analysis::play_as_game(&mut s, mv, auto_move).ok()?;
        }
    }
}

/// Whether `mv` sends a card to its foundation.
fn goes_up(mv: Move) -> bool {
    matches!(
        mv,
        Move::WasteToFoundation | Move::TableauToFoundation(_) | Move::ReserveToFoundation(_)
    )
}

/// Whether `card` is on its foundation (with several decks, every
/// foundation of its suit holds its rank).
fn is_up(s: &State, card: Card) -> bool {
    s.height(card)
        .is_some_and(|h| s.lowest_foundation(card.suit()) >= h)
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

    /// Follows `plan` from `state`, sending safe cards up by themselves
    /// where `auto`, until it has no next move: the position then.
    fn follow(plan: &Plan, state: &State, auto: bool) -> State {
        let mut s = state.clone();
        while let Some(mv) = plan.next(&s, auto) {
            analysis::play_as_game(&mut s, mv, auto).expect("the plan's move plays");
        }
        s
    }

    #[cfg(feature = "summary-solver")]
    #[test]
    fn a_plan_is_followed_to_the_win_with_safe_cards_going_up_by_themselves() {
        use crate::solver::{solve, Limits, Verdict};
        // Klondike deal 7, and Agnes deal 5, whose line brings the nine of
        // spades back down from its foundation.
        let agnes = crate::variant::Variant::Agnes.rules(Rules::default());
        for state in [dealt(7), State::deal(agnes, Seed(5))] {
            let Verdict::Winnable(line) = solve(&state, Limits::default()).expect("solved").verdict
            else {
                panic!("a winnable deal");
            };
            let plan = Plan::new(&state, &line).expect("the line plays");
            assert_eq!(plan.first(), line.first().copied());
            assert_eq!(plan.next(&state, true), line.first().copied());
            for auto in [false, true] {
                assert!(follow(&plan, &state, auto).is_won(), "auto-move {auto}");
            }
        }
        let agnes = State::deal(agnes, Seed(5));
        let Verdict::Winnable(line) = solve(&agnes, Limits::default()).expect("solved").verdict
        else {
            panic!("a winnable deal");
        };
        assert!(line
            .iter()
            .any(|mv| matches!(mv, Move::FoundationToTableau(..))));
        // Off the line, the plan has nothing to say.
        let plan = Plan::new(&agnes, &line).expect("the line plays");
        let mut off = agnes.clone();
        let other = off
            .legal_moves()
            .into_iter()
            .find(|&mv| Some(mv) != line.first().copied())
            .expect("another move");
        off.play(other).expect("legal");
        assert_eq!(plan.next(&off, false), None);
        assert!(
            Plan::new(&agnes, &[Move::Recycle]).is_none(),
            "a line that does not play"
        );
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
