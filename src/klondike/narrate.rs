//! What Klondike says: a move in words, and hints from the solver and the
//! search for progress.

use super::analysis;
use super::cards::Card;
use super::coach;
use super::rules::{Effects, Move, Pile, State, StockRule};
use super::solver::{self, Found, Judgement};
use super::table::{auto_move, marks, match_result, Game, Ui};
use crate::shell::def::Action;
use crate::util::digest_set::DigestSet;

/// Positions the solver may search for a hint (a few milliseconds).
const HINT_NODES: u64 = 30_000;

/// A pile's name in a sentence.
pub fn pile_name(p: Pile) -> String {
    match p {
        Pile::Stock => "the stock".into(),
        Pile::Waste => "the waste".into(),
        Pile::Foundation(f) => format!("the {} foundation", f.suit().name().trim_end_matches('s')),
        Pile::Tableau(i) => format!("pile {}", i + 1),
        Pile::Reserve(i) => format!("reserve {}", i + 1),
    }
}

/// What `mv`, played at `before`, did.
pub fn describe(before: &State, mv: Move, fx: Effects) -> String {
    let card = before.moving_card(mv).map(Card::name).unwrap_or_default();
    let mut text = match mv {
        Move::Deal if before.rules.stock != StockRule::Waste => {
            "Dealt a card onto each pile.".to_owned()
        }
        Move::Deal => {
            let n = before.stock.len().min(usize::from(before.rules.draw));
            if n == 1 {
                format!("Dealt the {card}.")
            } else {
                format!("Dealt {n} cards.")
            }
        }
        Move::Recycle => "Turned the waste over into the stock.".to_owned(),
        Move::Pass => "Passed.".to_owned(),
        Move::WasteToFoundation | Move::TableauToFoundation(_) | Move::ReserveToFoundation(_) => {
            format!("Moved the {card} to its foundation.")
        }
        Move::WasteToTableau(t)
        | Move::ReserveToTableau(_, t)
        | Move::FoundationToTableau(_, t)
        | Move::TableauToTableau { to: t, .. } => {
            let onto = before.tableau[usize::from(t)]
                .top()
                .map(|c| format!("onto the {}", c.name()))
                .unwrap_or_else(|| format!("to the empty pile {}", t + 1));
            match mv {
                Move::TableauToTableau { count, .. } if count > 1 => {
                    format!("Moved {count} cards from the {card} {onto}.")
                }
                _ => format!("Moved the {card} {onto}."),
            }
        }
    };
    if let Some(c) = fx.flipped {
        text.push_str(&format!(" Turned up the {}.", c.name()));
    }
    if fx.passed {
        text.push_str(&format!(" Player {} to play.", (before.turn ^ 1) + 1));
    }
    text
}

/// What `mv` did, and what the game came to after it.
pub fn narrate(g: &Game, ui: &Ui, before: &State, mv: Move, fx: Effects) -> String {
    let mut text = describe(before, mv, fx);
    if let Some((title, detail)) = match_result(g.position, ui.lost) {
        text.push_str(&format!(" {title} {detail}."));
    } else if g.position.is_won() {
        text.push_str(" You won!");
    } else if ui.lost {
        text.push_str(" No useful move is left: undo, or deal a new game.");
    }
    text
}

/// `mv` as advice ("move the 7♥ onto the 8♠.").
fn advice(state: &State, mv: Move) -> String {
    match mv {
        Move::Deal => "deal from the stock.".to_owned(),
        Move::Recycle => "turn the waste over.".to_owned(),
        Move::Pass => "pass the turn (tap your stock).".to_owned(),
        _ => {
            let said = describe(state, mv, Effects::default());
            match said.strip_prefix("Moved") {
                Some(rest) => format!("move{rest}"),
                None => said,
            }
        }
    }
}

/// A legal move to a position the game has not been in yet, for a hint
/// when the search for progress runs out of budget: never a step back.
fn fresh_move(g: &Game) -> Option<Move> {
    let mut seen = DigestSet::default();
    g.replayed(|s| {
        seen.insert(s.digest());
    });
    g.position.legal_moves().into_iter().find(|&mv| {
        let mut next = g.position.clone();
        analysis::play_as_game(&mut next, mv, auto_move(g)).is_ok()
            && !seen.contains(&next.digest())
    })
}

/// The useful move after `shown` at `state`, cycling: the natural moves
/// (a card turned, a card up, a build), then the stock; `None` when
/// `shown` is the only one.
fn next_useful(state: &State, shown: Move) -> Option<Move> {
    let mut useful = coach::natural(state);
    useful.extend(
        [Move::Deal, Move::Recycle]
            .into_iter()
            .filter(|&mv| state.check(mv).is_ok()),
    );
    let at = useful.iter().position(|&mv| mv == shown);
    let next = match at {
        Some(i) => useful[(i + 1) % useful.len()],
        None => *useful.first()?,
    };
    (next != shown).then_some(next)
}

/// Whether `mv` (with the safe cards the game then sends up) leads back to
/// a position this game has been in. A winning line from one position may
/// begin by moving a run that the line from the next position moves back,
/// so a hint that takes each line's first move could offer the two moves
/// in turn for ever; the progress search, which never goes back, serves
/// instead.
fn goes_back(g: &Game, mv: Move) -> bool {
    let mut next = g.position.clone();
    if analysis::play_as_game(&mut next, mv, auto_move(g)).is_err() {
        return false;
    }
    let next = next.digest();
    let mut seen = false;
    g.replayed(|s| seen |= s.digest() == next);
    seen
}

/// What a hint says once the solver has proved the game lost: as dealt,
/// nothing can be undone, so a new deal is the way on.
fn lost(g: &Game) -> &'static str {
    if g.moves.is_empty() {
        "This deal cannot be won, whatever you play. Start a new deal."
    } else {
        "This position can no longer be won, whatever you play. Undo to go back."
    }
}

/// What Hint says when no move makes progress: Undo only once there is a
/// move to undo.
pub(super) fn stuck(g: &Game) -> &'static str {
    if g.moves.is_empty() {
        "No useful move is left. Start a new deal."
    } else {
        "No useful move is left. Undo, or start a new deal."
    }
}

/// A hint: the solver's next move on a winning line, else a move towards
/// progress, else a move somewhere new; outlined on the board.
///
/// The judge's verdict on the position answers first (the page's helper
/// gives one for nearly every position, most within a frame of the move,
/// and Hint waits for it while it comes); without one, a short search here.
pub fn hint(g: &Game, ui: &mut Ui) -> Action<Move> {
    let state = g.position;
    // Pressed again while its move is still outlined: the next useful move.
    if let Some((shown, _)) = ui.hint {
        if let Some(next) = next_useful(state, shown) {
            ui.hint = Some((next, None));
            return Action::Say(format!("Another move: {}", advice(state, next)));
        }
    }
    if ui.checking() {
        ui.hint_when_judged();
        return Action::Say("Looking for a hint…".into());
    }
    let limits = solver::Limits {
        nodes: HINT_NODES,
        table_slots: 1 << 16,
    };
    // The page's own search, so a game played natively hints as the page does.
    let judge = |s: &State| -> Option<Judgement> {
        solver::solve_explicit(s, limits)
            .ok()
            .map(|r| (&r.verdict).into())
    };
    // The helper's verdict comes coached; the page's own is coached here.
    let known = ui
        .known()
        .filter(|j| j.found != Found::Unknown)
        .or_else(|| {
            judge(state).map(|mut j: Judgement| {
                if let (Found::Winnable, Some(first)) = (j.found, j.first) {
                    let wins =
                        |next: &State| judge(next).is_some_and(|n| n.found == Found::Winnable);
                    j.first = Some(coach::coached(state, first, wins));
                }
                j
            })
        });
    // The line the last hints kept to, while the game follows it: a line
    // found afresh from here may begin by undoing the last move.
    let planned = ui
        .plan
        .as_ref()
        .and_then(|p| p.next(state, auto_move(g)))
        .filter(|&mv| state.check(mv).is_ok() && !goes_back(g, mv));
    if let (Some(mv), false) = (planned, known.is_some_and(|j| j.found == Found::Unwinnable)) {
        ui.hint = Some((mv, None));
        return Action::Say(format!("Hint (on a winning line): {}", advice(state, mv)));
    }
    match known.map(|j| (j.found, j.first)) {
        Some((Found::Winnable, Some(mv))) if state.check(mv).is_ok() && !goes_back(g, mv) => {
            ui.plan = coach::Plan::new(state, ui.known_line()).filter(|p| p.first() == Some(mv));
            ui.hint = Some((mv, None));
            return Action::Say(format!("Hint (on a winning line): {}", advice(state, mv)));
        }
        Some((Found::Unwinnable, _)) if !state.is_won() => return Action::Say(lost(g).into()),
        _ => {}
    }
    match analysis::find_progress_beyond(state, marks(g), auto_move(g), analysis::BUDGET) {
        analysis::Prospect::Progress(line) => {
            let mv = line[0];
            ui.hint = Some((mv, None));
            Action::Say(format!("Hint: {}", advice(state, mv)))
        }
        analysis::Prospect::Stuck if state.is_won() => Action::Say("The game is won.".into()),
        analysis::Prospect::Stuck => {
            ui.lost = true;
            Action::Say(stuck(g).into())
        }
        analysis::Prospect::Unknown => match fresh_move(g) {
            Some(mv) => {
                ui.hint = Some((mv, None));
                Action::Say(format!("Hint: try to {}", advice(state, mv)))
            }
            None => Action::Say(
                "No sure progress found, and every move leads back to where you have been.".into(),
            ),
        },
    }
}
