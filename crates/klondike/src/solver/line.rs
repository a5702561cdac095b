//! A summary search's win as the rules' moves: each summary move becomes the
//! tableau moves that make room for it and the move itself, checked by the
//! rules engine as they are played.

use super::summary::{twin, Piles, Step, Summary};
use super::{rank, red, Space};
use crate::cards::Suit;
use crate::rules::{Move, State};

/// The pile whose top card `c` may be put on (one rank higher, the other
/// colour; a space for a King), other than `not`.
fn landing(state: &State, c: u8, not: Option<usize>) -> Option<u8> {
    state
        .tableau
        .iter()
        .enumerate()
        .find(|&(p, col)| {
            Some(p) != not
                && match col.cards.last() {
                    None => rank(c) == 13,
                    Some(top) => {
                        let top = top.index() as u8;
                        rank(top) == rank(c) + 1 && red(top) != red(c)
                    }
                }
        })
        .map(|(p, _)| p as u8)
}

/// Where card `c` lies in the tableau: (pile, height from the bottom).
fn find(state: &State, c: u8) -> Option<(usize, usize)> {
    state.tableau.iter().enumerate().find_map(|(p, col)| {
        col.cards
            .iter()
            .position(|x| x.index() == usize::from(c))
            .map(|i| (p, i))
    })
}

/// The rules' moves for one summary step from `sum`, whose arrangement is `state`.
fn moves(piles: &Piles, state: &State, sum: &Summary, step: Step) -> Option<Vec<Move>> {
    let mut out = Vec::new();
    match step {
        Step::Up(c) => {
            let (p, i) = find(state, c)?;
            let len = state.tableau[p].cards.len();
            if i + 1 < len {
                // Covered: its twin is bare, so what covers it moves there.
                let (q, _) = find(state, twin(c))?;
                out.push(Move::TableauToTableau {
                    from: p as u8,
                    to: q as u8,
                    count: (len - i - 1) as u8,
                });
            }
            out.push(Move::TableauToFoundation(p as u8));
        }
        Step::Reveal(p) => {
            let c = piles.surface(sum, usize::from(p))?;
            let (from, i) = find(state, c)?;
            let to = landing(state, c, Some(from))?;
            out.push(Move::TableauToTableau {
                from: from as u8,
                to,
                count: (state.tableau[from].cards.len() - i) as u8,
            });
        }
        Step::Talon {
            target,
            recycles: _,
            up,
        } => {
            sum.talon.deals_to(target, piles.deal(), &mut out);
            if up {
                out.push(Move::WasteToFoundation);
            } else {
                let c = sum.talon.at(target);
                out.push(Move::WasteToTableau(landing(state, c, None)?));
            }
        }
        Step::Down(f) => {
            let c = f * 13 + sum.found[usize::from(f)] - 1;
            let to = landing(state, c, None)?;
            out.push(Move::FoundationToTableau(
                Suit::ALL[usize::from(f)].into(),
                to,
            ));
        }
    }
    Some(out)
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
        for mv in moves(piles, &state, &sum, step)? {
            state.play(mv).ok()?;
            out.push(mv);
        }
        piles.apply(&mut sum, step);
    }
    state.is_won().then_some(out)
}
