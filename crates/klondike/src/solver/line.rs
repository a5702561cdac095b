//! A summary search's win as the rules' moves: each summary move becomes the
//! tableau moves that make room for it and the move itself, checked by the
//! rules engine as they are played.

use super::summary::{Piles, Step, Summary};
use super::Space;
use crate::cards::{Card, Suit};
use crate::rules::{Move, State};

/// The game's card the search calls `c`.
fn card(piles: &Piles, c: u8) -> Option<Card> {
    Card::from_index(piles.natural(c))
}

/// The pile whose top card `c` may be put on (a space if it may head a
/// pile), other than the pile `c` lies in, as the rules have it.
fn landing(state: &State, c: Card) -> Option<u8> {
    let not = find(state, c).map(|(p, _)| p);
    state
        .tableau
        .iter()
        .enumerate()
        .find(|&(p, col)| {
            Some(p) != not
                && match col.cards.last() {
                    None => state.fills_empty(c),
                    Some(&top) => state.rules.builds_on(c, top),
                }
        })
        .map(|(p, _)| p as u8)
}

/// A landing for `c` (other than its own pile), after the arrangement moves
/// that make one, played on `state` and appended to `out`. Where ranks wrap,
/// a King's run may have to move off an Ace or out of a space first, and
/// another's before it: the summary counts such an arrangement as reachable
/// in at most two moves.
fn room(state: &mut State, c: Card, out: &mut Vec<Move>) -> Option<u8> {
    if let Some(to) = landing(state, c) {
        return Some(to);
    }
    if !state.rules.wrap {
        return None;
    }
    // The moves of a run headed by a card that may head a pile.
    let king_runs = |s: &State| -> Vec<Move> {
        s.legal_moves()
            .into_iter()
            .filter(|&mv| match mv {
                Move::TableauToTableau { from, count, .. } => {
                    let col = &s.tableau[usize::from(from)];
                    s.fills_empty(col.cards[col.cards.len() - usize::from(count)])
                }
                _ => false,
            })
            .collect()
    };
    for first in king_runs(state) {
        let mut one = state.clone();
        one.play(first).ok()?;
        if let Some(to) = landing(&one, c) {
            *state = one;
            out.push(first);
            return Some(to);
        }
        for second in king_runs(&one) {
            let mut two = one.clone();
            two.play(second).ok()?;
            if let Some(to) = landing(&two, c) {
                *state = two;
                out.extend([first, second]);
                return Some(to);
            }
        }
    }
    None
}

/// Moves `c` and the cards on it to a landing (see [`room`]).
fn lift(state: &mut State, c: Card, out: &mut Vec<Move>) -> Option<()> {
    let to = room(state, c, out)?;
    let (from, i) = find(state, c)?;
    let count = (state.tableau[from].cards.len() - i) as u8;
    play(
        state,
        Move::TableauToTableau {
            from: from as u8,
            to,
            count,
        },
        out,
    )
}

/// The moves of Kings' runs, before the base is chosen, that leave each of
/// `kings` heading a pile exactly when it is marked so (at most four moves:
/// the summary counts the arrangement as reachable).
fn arrange(state: &State, kings: &[(Card, bool)]) -> Option<Vec<Move>> {
    let done = |s: &State| {
        kings
            .iter()
            .all(|&(k, head)| (find(s, k).map(|(_, i)| i) == Some(0)) == head)
    };
    let mut layer = vec![(state.clone(), Vec::new())];
    for _ in 0..=4 {
        let mut next = Vec::new();
        for (s, path) in layer {
            if done(&s) {
                return Some(path);
            }
            for mv in s.legal_moves() {
                let Move::TableauToTableau { from, count, .. } = mv else {
                    continue;
                };
                let col = &s.tableau[usize::from(from)];
                let head = col.cards[col.cards.len() - usize::from(count)];
                if !kings.iter().any(|&(k, _)| k == head) {
                    continue;
                }
                let mut after = s.clone();
                after.play(mv).ok()?;
                let mut path = path.clone();
                path.push(mv);
                next.push((after, path));
            }
        }
        layer = next;
    }
    None
}

/// Where card `c` lies in the tableau: (pile, height from the bottom).
fn find(state: &State, c: Card) -> Option<(usize, usize)> {
    state
        .tableau
        .iter()
        .enumerate()
        .find_map(|(p, col)| col.cards.iter().position(|&x| x == c).map(|i| (p, i)))
}

/// Plays `mv` on `state` and appends it to `out`; `None` if it is illegal.
fn play(state: &mut State, mv: Move, out: &mut Vec<Move>) -> Option<()> {
    state.play(mv).ok()?;
    out.push(mv);
    Some(())
}

/// Plays the rules' moves for one summary step from `sum`, whose
/// arrangement is `state`, appending them to `out`.
fn moves(
    piles: &Piles,
    state: &mut State,
    sum: &Summary,
    step: Step,
    out: &mut Vec<Move>,
) -> Option<()> {
    match step {
        Step::Up(c) => {
            let c = card(piles, c)?;
            let (p, i) = find(state, c)?;
            if let Some(&head) = state.tableau[p].cards.get(i + 1) {
                // Covered: what covers it goes elsewhere (onto its bare
                // twin, or, where ranks wrap, where room is made for it).
                lift(state, head, out)?;
            }
            let (p, _) = find(state, c)?;
            play(state, Move::TableauToFoundation(p as u8), out)
        }
        Step::Reveal(p) => lift(
            state,
            card(piles, piles.surface(sum, usize::from(p))?)?,
            out,
        ),
        Step::Talon {
            target,
            recycles: _,
            up,
        } => {
            let mut deals = Vec::new();
            sum.talon.deals_to(target, piles.deal(), &mut deals);
            for mv in deals {
                play(state, mv, out)?;
            }
            if up {
                play(state, Move::WasteToFoundation, out)
            } else {
                let to = room(state, card(piles, sum.talon.at(target))?, out)?;
                play(state, Move::WasteToTableau(to), out)
            }
        }
        Step::Down(f) => {
            let c = card(piles, f * 13 + sum.found[usize::from(f)] - 1)?;
            let to = room(state, c, out)?;
            let mv = Move::FoundationToTableau(Suit::ALL[usize::from(f)].into(), to);
            play(state, mv, out)
        }
        Step::Deal => play(state, Move::Deal, out),
        Step::Base { heads } => {
            let mut kings = Vec::new();
            for c in 0..52 {
                if piles.placed_first_kings(sum) >> c & 1 == 1 {
                    kings.push((card(piles, c)?, heads >> c & 1 == 1));
                }
            }
            for mv in arrange(state, &kings)? {
                play(state, mv, out)?;
            }
            Some(())
        }
        Step::Unhead(c) => lift(state, card(piles, c)?, out),
        Step::Reserve { pile, up } => {
            if up {
                play(state, Move::ReserveToFoundation(pile), out)
            } else {
                let c = *state.reserves.get(usize::from(pile))?.last()?;
                let to = room(state, c, out)?;
                play(state, Move::ReserveToTableau(pile, to), out)
            }
        }
    }
}

/// The rules' moves that play `path` from `root` (arranged as `state`) to
/// the won summary `end` and then finish the game, or `None` if a move does
/// not fit (a bug).
pub(super) fn line(
    piles: &Piles,
    state: &State,
    root: Summary,
    path: &[Step],
    end: &Summary,
) -> Option<Vec<Move>> {
    let mut state = state.clone();
    let mut sum = root;
    let mut out = Vec::new();
    for &step in path.iter().chain(&piles.finish(end)?) {
        moves(piles, &mut state, &sum, step, &mut out)?;
        piles.apply(&mut sum, step);
    }
    state.is_won().then_some(out)
}
