//! The general search: the rules engine's own positions and moves, for the
//! family members neither the summary nor the explicit search can express
//! (a base the player is still to choose, a stock dealt onto the piles,
//! several decks, jokers).
//!
//! It walks [`State`] itself, its moves from [`State::legal_moves`] and
//! played by [`State::play`], so it plays by exactly the rules the page
//! does. It skips positions seen before: two positions with the same key
//! have the same moves and the same future. The key leaves out what play
//! never reads: the score, the moves counted, the order of the tableau piles (a pile's place changes no
//! move's legality, only its name), except while a stock dealt onto the
//! piles (Easthaven) still gives each pile its own next card, and, with no
//! pass limit, the passes made.
//!
//! Its one cut: a card the game itself would send up unasked
//! ([`analysis::safe_move`]: every card that could be built on it is up
//! already, counted from the foundations' base, and none where jokers could
//! still need it) goes up at once. Such a card can only ever be a place for
//! those cards, so a win that leaves it down longer wins with it up too.
//! Where cards may come back from the foundations, every card two ranks or
//! more below it must be up as well (one that could be built on it might
//! otherwise come back onto it to hold one), and where ranks also wrap,
//! nothing goes up unasked.
//!
//! Like the explicit search it runs in two phases: the first leaves out
//! moves that wins rarely need, so that its wins (and the hints taken from
//! them) make sense to a player; if it finds none, the second searches
//! every move, and only its failure proves a deal lost.
//!
//! It is slower per position than the other two and has no other cuts, so
//! it decides the members whose deals are small or forcing; the
//! benchmarks say which.

use super::dfs::Space;
use super::engine::TwoPhase;
use super::search::mix;
use super::Unsupported;
use crate::analysis;
use crate::rules::{Move, Passes, State, StockRule};
use parlour_kit::fast_hash::FastHasher;
use std::hash::{Hash, Hasher};

/// The general search's space: the rules as the engine plays them.
pub(super) struct General {
    /// Whether the passes made count (a pass limit).
    passes_count: bool,
    /// Phase one: leave out part of a run moving onto another pile unless
    /// the card it uncovers can then go up, and cards back from the
    /// foundations. Its wins come without the moves that only shuffle a
    /// run between equal homes (which a hint would offer back and forth);
    /// its failure proves nothing, and phase two searches every move.
    pruned: bool,
    /// Whether safe cards go up by themselves ([`analysis::safe_move`]): not
    /// where ranks wrap and cards may come back from the foundations.
    forces: bool,
    root: State,
}

impl General {
    /// The general search of `state`'s rules: every one-player member.
    pub(super) fn new(state: &State) -> Result<General, Unsupported> {
        if state.rules.players != 1 {
            return Err(Unsupported(
                "two players (each plays against the other: whether a deal \
                 \"can be won\" is not a patience's question)"
                    .into(),
            ));
        }
        Ok(General {
            passes_count: state.rules.passes_allowed() != Passes::Unlimited,
            pruned: true,
            forces: !(state.rules.wrap && state.rules.from_foundation),
            root: state.clone(),
        })
    }

    /// Whether phase one leaves `mv` out of `state`'s moves.
    fn rarely_needed(state: &State, mv: Move) -> bool {
        match mv {
            Move::FoundationToTableau(..) => true,
            Move::TableauToTableau { from, count, .. } => {
                let pile = &state.tableau[usize::from(from)];
                if usize::from(count) >= pile.face_up().len() {
                    return false;
                }
                let mut after = state.clone();
                after.play(mv).is_err() || after.check(Move::TableauToFoundation(from)).is_err()
            }
            _ => false,
        }
    }
}

impl TwoPhase for General {
    fn pruned(&self) -> bool {
        self.pruned
    }

    fn unpruned(&self) -> General {
        General {
            pruned: false,
            root: self.root.clone(),
            ..*self
        }
    }

    fn root(&self) -> State {
        self.root.clone()
    }

    fn line(&self, _: &State, path: &[Move]) -> Vec<Move> {
        path.to_vec()
    }
}

/// The order moves are tried in: cards up first, then moves that turn a
/// card or empty a pile, cards from the waste and reserves, other tableau
/// moves, dealing, cards back from the foundations, and turning the waste
/// over last.
fn rank(state: &State, mv: Move) -> u8 {
    match mv {
        Move::WasteToFoundation | Move::TableauToFoundation(_) | Move::ReserveToFoundation(_) => 0,
        Move::TableauToTableau { from, count, .. } => {
            let pile = &state.tableau[usize::from(from)];
            if usize::from(count) == pile.face_up().len() {
                1
            } else {
                3
            }
        }
        Move::WasteToTableau(_) | Move::ReserveToTableau(..) => 2,
        Move::Deal | Move::Pass => 4,
        Move::FoundationToTableau(..) => 5,
        Move::Recycle => 6,
    }
}

/// The hash of one part of the key, told apart from other parts by `seed`.
fn hash_of(part: &impl Hash, seed: u64) -> u64 {
    let mut h = FastHasher::default();
    h.write_u64(seed);
    part.hash(&mut h);
    mix(h.finish())
}

impl Space for General {
    type Node = State;
    type Step = Move;

    fn moves(&mut self, node: &State, out: &mut Vec<Move>) {
        let start = out.len();
        out.extend(
            node.legal_moves()
                .into_iter()
                .filter(|&mv| !(self.pruned && General::rarely_needed(node, mv))),
        );
        out[start..].sort_by_key(|&mv| rank(node, mv));
    }

    fn apply(&self, node: &mut State, step: Move) {
        // The search plays only the moves `legal_moves` gave.
        let _ = node.play(step);
    }

    fn force(&self, node: &mut State, path: &mut Vec<Move>) {
        if !self.forces {
            return;
        }
        while let Some(mv) = analysis::safe_move(node) {
            if node.play(mv).is_err() {
                break;
            }
            path.push(mv);
        }
    }

    fn won(&self, node: &State) -> bool {
        node.is_won()
    }

    fn key(&self, node: &State) -> u64 {
        // The piles as a multiset (a sum of their mixed hashes), or in
        // order while the stock still deals a card onto each.
        let ordered = node.rules.stock == StockRule::OnPiles && !node.stock.is_empty();
        let piles = node
            .tableau
            .iter()
            .zip(1u64..)
            .fold(0u64, |sum, (pile, i)| {
                sum.wrapping_add(hash_of(pile, if ordered { i } else { 1 }))
            });
        let recycles = if self.passes_count { node.recycles } else { 0 };
        let rest = hash_of(
            &(
                &node.stock,
                &node.waste,
                &node.foundations,
                &node.reserves,
                node.base,
                recycles,
            ),
            2,
        );
        mix(piles ^ rest.rotate_left(17)) | 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Column, Rules};
    use parlour_kit::rng::Seed;

    #[test]
    fn the_key_ignores_score_moves_and_pile_order_but_not_cards() {
        let state = State::deal(Rules::default(), Seed(5));
        let space = General::new(&state).expect("one player");
        let key = space.key(&state);
        let mut scored = state.clone();
        scored.points += 10;
        scored.moves += 3;
        assert_eq!(space.key(&scored), key);
        let mut swapped = state.clone();
        swapped.tableau.swap(0, 6);
        assert_eq!(space.key(&swapped), key);
        let mut dealt = state.clone();
        dealt.play(Move::Deal).expect("a stock to deal");
        assert_ne!(space.key(&dealt), key);
        let mut moved = state.clone();
        moved.tableau[0] = Column::default();
        assert_ne!(space.key(&moved), key);
    }

    #[test]
    fn pile_order_counts_while_the_stock_deals_onto_the_piles() {
        let mut state = State::deal(Rules::default(), Seed(5));
        state.rules.stock = StockRule::OnPiles;
        let space = General::new(&state).expect("one player");
        let mut swapped = state.clone();
        swapped.tableau.swap(0, 6);
        assert_ne!(space.key(&swapped), space.key(&state));
        // Once the stock is dealt out, a pile's place no longer matters.
        state.stock.clear();
        swapped.stock.clear();
        assert_eq!(space.key(&swapped), space.key(&state));
    }

    #[test]
    fn passes_count_in_the_key_only_under_a_limit() {
        let state = State::deal(Rules::default(), Seed(5));
        let mut later = state.clone();
        later.recycles = 2;
        let free = General::new(&state).expect("one player");
        assert_eq!(free.key(&later), free.key(&state));
        let mut limited = state.clone();
        limited.rules.passes = Passes::Limited(3);
        let mut limited_later = limited.clone();
        limited_later.recycles = 2;
        let counted = General::new(&limited).expect("one player");
        assert_ne!(counted.key(&limited_later), counted.key(&limited));
    }
}
