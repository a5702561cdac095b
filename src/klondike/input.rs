//! Klondike's input mapping: taps, drags and keys become moves.

use super::cards::{Card, Suit};
use super::narrate::pile_name;
use super::rules::{Move, Pile, State};
use super::table::{layout, Game, Ui};
use super::view::{self, CARD};
use crate::shell::def::Action;
use crate::shell::drag::Grip;
use crate::shell::geom::{Point, Rect};
use crate::shell::input::{Gesture, Key};

/// The stock's move: deal, turn the waste over, or pass (two players).
pub fn stock_move(state: &State) -> Move {
    if state.check(Move::Pass).is_ok() {
        Move::Pass
    } else if state.stock.is_empty() {
        Move::Recycle
    } else {
        Move::Deal
    }
}

/// The best place for the cards at `pile` (`count` from the top): the
/// foundation, else a pile that has cards, else an empty pile.
fn best_move(state: &State, pile: Pile, count: u8) -> Option<Move> {
    let n = state.tableau.len() as u8;
    let mut targets: Vec<Pile> = Vec::new();
    if count == 1 {
        targets.extend(state.rules.foundations().map(Pile::Foundation));
    }
    let (full, empty): (Vec<u8>, Vec<u8>) =
        (0..n).partition(|&t| !state.tableau[usize::from(t)].cards.is_empty());
    targets.extend(full.into_iter().chain(empty).map(Pile::Tableau));
    targets
        .into_iter()
        .filter(|&t| t != pile)
        .filter_map(|t| view::move_between(pile, count, t))
        .find(|&mv| state.check(mv).is_ok())
        // A king alone on a pile gains nothing by moving to another empty pile.
        .filter(|mv| match *mv {
            Move::TableauToTableau { from, to, count } => {
                let src = &state.tableau[usize::from(from)];
                !(state.tableau[usize::from(to)].cards.is_empty()
                    && src.down == 0
                    && usize::from(count) == src.cards.len())
            }
            _ => true,
        })
}

/// The move of the top card of `pile` to its foundation, if legal.
fn foundation_move(state: &State, pile: Pile) -> Option<Move> {
    let mv = match pile {
        Pile::Waste => Move::WasteToFoundation,
        Pile::Tableau(i) => Move::TableauToFoundation(i),
        _ => return None,
    };
    state.check(mv).is_ok().then_some(mv)
}

/// A tap (or double tap, `count` 2) at `at`.
fn tap(g: &Game, at: Point, count: u8) -> Action<Move> {
    let state = g.position;
    let layout = layout(g);
    let sprites = view::scene(state, &layout);
    if view::pile_at(state, &layout, &sprites, at) == Some(Pile::Stock) {
        return Action::Play(stock_move(state));
    }
    let Some(sp) = view::sprite_at(&sprites, at) else {
        return Action::Nothing;
    };
    let Some((pile, n)) = view::grab(state, &sp) else {
        return Action::Say(format!("The {} is face down.", sp.card.name()));
    };
    let mv = if count >= 2 {
        foundation_move(state, pile)
    } else {
        best_move(state, pile, n)
    };
    match mv {
        Some(mv) => Action::Play(mv),
        None => Action::Say(format!("The {} has nowhere to go.", sp.card.name())),
    }
}

/// What a press at `at` picks up: the face-up cards from the one under
/// the pointer to the top of its pile.
pub fn grab(g: &Game, ui: &mut Ui, at: Point) -> Option<Grip<(Pile, u8)>> {
    ui.held = None;
    if ui.search.is_some() {
        return None;
    }
    let layout = layout(g);
    let sprites = view::scene(g.position, &layout);
    let sp = view::sprite_at(&sprites, at)?;
    let piece = view::grab(g.position, &sp)?;
    Some(Grip {
        piece,
        home: Point::new(sp.rect.x, sp.rect.y),
    })
}

/// Dropped cards: the move onto the pile under them, or why the nearest
/// pile refused them.
pub fn drop(g: &Game) -> Action<Move> {
    let Some(lift) = g.drag else {
        return Action::Nothing;
    };
    let (pile, count) = *lift.piece;
    let state = g.position;
    let layout = layout(g);
    let sprites = view::scene(state, &layout);
    let dragged = Rect::new(lift.ghost.x, lift.ghost.y, CARD.w, CARD.h);
    if let Some(mv) = view::drop_target(state, &layout, &sprites, pile, count, dragged) {
        return Action::Play(mv);
    }
    let target = view::pile_at(state, &layout, &sprites, dragged.center())
        .filter(|&p| p != pile)
        .and_then(|p| view::move_between(pile, count, p));
    Action::Say(
        target
            .and_then(|mv| state.check(mv).err())
            .map(|e| format!("Not allowed: {e}."))
            .unwrap_or_else(|| "Put back.".to_owned()),
    )
}

/// What a pointer gesture asks for.
pub fn gesture(g: &Game, ui: &mut Ui, gesture: Gesture) -> Action<Move> {
    // A tap during the win's cascade ends it, and does nothing else.
    if matches!(gesture, Gesture::Tap { .. }) && ui.skip_celebration(g.now) {
        return Action::Redraw;
    }
    if ui.search.is_some() {
        return match gesture {
            Gesture::Tap { .. } => ui.stop_search(),
            _ => Action::Nothing,
        };
    }
    match gesture {
        Gesture::Press(_) => {
            ui.held = None;
            Action::Nothing
        }
        Gesture::Cancel if g.drag.is_some() => Action::Say("Move cancelled.".into()),
        Gesture::Tap { at, count } => tap(g, at, count),
        _ => Action::Nothing,
    }
}

/// The keyboard's order of piles: stock, waste, foundations, reserves, tableau.
fn pile_order(state: &State) -> Vec<Pile> {
    let mut v = vec![Pile::Stock, Pile::Waste];
    v.extend(state.rules.foundations().map(Pile::Foundation));
    v.extend((0..state.reserves.len() as u8).map(Pile::Reserve));
    v.extend((0..state.tableau.len() as u8).map(Pile::Tableau));
    v
}

/// How many cards of `pile` the keyboard can pick up.
fn face_up_len(state: &State, pile: Pile) -> u8 {
    match pile {
        Pile::Tableau(i) => state.tableau[usize::from(i)].face_up().len() as u8,
        Pile::Waste => u8::from(!state.waste.is_empty()),
        Pile::Foundation(s) => u8::from(state.foundations[s.index()] > 0),
        Pile::Reserve(i) => u8::from(!state.reserves[usize::from(i)].is_empty()),
        Pile::Stock => 0,
    }
}

/// The keyboard's focus in words.
fn describe_focus(state: &State, pile: Pile, depth: u8) -> String {
    let cards: Vec<Card> = match pile {
        Pile::Stock => {
            return format!("The stock, {} cards. Enter deals.", state.stock.len());
        }
        Pile::Waste => state.waste.last().copied().into_iter().collect(),
        Pile::Foundation(s) => state.foundation_top(s).into_iter().collect(),
        Pile::Tableau(i) => state.tableau[usize::from(i)].cards.clone(),
        Pile::Reserve(i) => state.reserves[usize::from(i)]
            .last()
            .copied()
            .into_iter()
            .collect(),
    };
    match cards
        .len()
        .checked_sub(usize::from(depth.max(1)))
        .and_then(|i| cards.get(i))
    {
        Some(c) if depth > 1 => format!(
            "{}: {} cards from the {}.",
            pile_name(pile),
            depth,
            c.name()
        ),
        Some(c) => format!("{}: the {}.", pile_name(pile), c.name()),
        None => format!("{}: empty.", pile_name(pile)),
    }
}

/// What a key asks for.
pub fn key(g: &Game, ui: &mut Ui, key: Key) -> Action<Move> {
    // So does any key.
    if ui.skip_celebration(g.now) {
        return Action::Redraw;
    }
    if ui.search.is_some() {
        return match key {
            Key::Escape | Key::Enter | Key::Space => ui.stop_search(),
            _ => Action::Nothing,
        };
    }
    let state = g.position;
    let order = pile_order(state);
    let (pile, depth) = ui.cursor.unwrap_or((Pile::Stock, 1));
    let at = order.iter().position(|&p| p == pile).unwrap_or(0);
    let piles = state.tableau.len();
    let top_row = 2 + Suit::ALL.len();
    // Stock and waste sit over piles 1 and 2, the foundations over the last four.
    let column_under = |i: usize| -> usize {
        let col = if i < 2 { i } else { piles - 4 + (i - 2) };
        top_row + col.min(piles - 1)
    };
    let mut focus = |p: Pile, d: u8| {
        ui.cursor = Some((p, d));
        Action::Say(describe_focus(state, p, d))
    };
    match key {
        Key::Left | Key::Right => {
            let len = order.len();
            let next = if key == Key::Left {
                (at + len - 1) % len
            } else {
                (at + 1) % len
            };
            let p = order[next];
            focus(p, 1)
        }
        Key::Up => {
            let Pile::Tableau(i) = pile else {
                return Action::Nothing;
            };
            if depth < face_up_len(state, pile) {
                return focus(pile, depth + 1);
            }
            let above = match usize::from(i) {
                0 => 0,
                1 => 1,
                c if c >= piles - 4 => 2 + (c - (piles - 4)),
                _ => 1,
            };
            focus(order[above], 1)
        }
        Key::Down => match pile {
            Pile::Tableau(_) if depth > 1 => focus(pile, depth - 1),
            Pile::Tableau(_) => Action::Nothing,
            _ => focus(order[column_under(at)], 1),
        },
        Key::Enter | Key::Space => {
            if let Some((from, count)) = ui.held.take() {
                if from == pile {
                    return Action::Say("Put back.".into());
                }
                return match view::move_between(from, count, pile) {
                    Some(mv) => Action::Play(mv),
                    None => Action::Say(format!("Cards cannot go to {}.", pile_name(pile))),
                };
            }
            if pile == Pile::Stock {
                return Action::Play(stock_move(state));
            }
            let up = face_up_len(state, pile);
            if up == 0 {
                return Action::Say(format!("Nothing to pick up on {}.", pile_name(pile)));
            }
            let count = depth.clamp(1, up);
            ui.held = Some((pile, count));
            Action::Say(format!(
                "Picked up {}. Move to a pile and press Enter; Escape puts it back.",
                describe_focus(state, pile, count).trim_end_matches('.')
            ))
        }
        Key::Escape => {
            if ui.held.take().is_some() {
                Action::Say("Put back.".into())
            } else {
                ui.cursor = None;
                Action::Redraw
            }
        }
        Key::Char('d') => Action::Play(stock_move(state)),
        Key::Char('f') => match foundation_move(state, pile) {
            Some(mv) => Action::Play(mv),
            None => Action::Say("That card cannot go to a foundation now.".into()),
        },
        Key::Char(_) | Key::Backspace => Action::Nothing,
    }
}
