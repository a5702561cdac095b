//! What Klondike shows: the board, drawn as a pure function of the game and
//! its screen state, and the status line.

use super::cards::Card;
use super::rules::{Move, Pile, Scoring, State, StockRule};
use super::settings::{Deals, Indicator, ScoreShown, Timer, VegasTotal};
use super::solver;
use super::stats::{clock_text, score};
use super::table::{dragged_rect, layout_on, look, match_result, Game, Ui};
use super::variant::Variant;
use super::view;
use crate::shell::geom::{Rect, Size};
use crate::shell::paint::Painter;

/// The pile a hinted move goes to: a tableau pile, or the moving card's
/// foundation.
fn hint_target(state: &State, mv: Move) -> Option<Pile> {
    match mv {
        Move::WasteToTableau(t)
        | Move::TableauToTableau { to: t, .. }
        | Move::ReserveToTableau(_, t)
        | Move::FoundationToTableau(_, t) => Some(Pile::Tableau(t)),
        Move::WasteToFoundation | Move::TableauToFoundation(_) | Move::ReserveToFoundation(_) => {
            let card = state.moving_card(mv)?;
            state.foundation_for(card).map(Pile::Foundation)
        }
        Move::Deal | Move::Recycle | Move::Pass => None,
    }
}

/// The smallest part of a card a player may tap: the strip of a face-up
/// tableau card that the next card leaves showing, or a whole card.
pub fn smallest_target(g: &Game, board: Size) -> Size {
    let state = g.position;
    let layout = layout_on(g, board);
    let sprites = view::scene(state, &layout);
    let strip = sprites
        .iter()
        .filter(|sp| sp.face_up && matches!(sp.pile, Pile::Tableau(_)))
        .filter_map(|sp| {
            sprites
                .iter()
                .find(|n| n.pile == sp.pile && n.index == sp.index + 1)
                .map(|n| n.rect.y - sp.rect.y)
        })
        .fold(view::CARD.h, f64::min);
    Size::new(view::CARD.w, strip)
}

/// Draws the whole board.
pub fn draw(g: &Game, ui: &Ui, p: &mut dyn Painter, board: Size) {
    let state = g.position;
    let now = g.now;
    let layout = layout_on(g, board);
    let look = look(g);
    view::draw_table(p, &layout, state.rules.stock == StockRule::Waste, look);
    if state.stock.is_empty() && state.passes_left() == Some(0) {
        view::draw_no_redeal(p, layout.stock);
    }
    view::draw_idle_side(p, state, &layout, look);
    let sprites = view::scene(state, &layout);
    let celebrating = ui.celebrating(now);
    let mut on_top: Vec<(Card, Rect, bool)> = Vec::new();
    let drawn: Vec<Rect> = sprites
        .iter()
        .map(|sp| ui.drawn_rect(g, sp, &sprites, &layout))
        .collect();
    for (i, sp) in sprites.iter().enumerate() {
        if let Some(c) = celebrating {
            if !c.launched(sp.card, now) {
                view::draw_card(p, sp.card, sp.rect, sp.face_up, look);
            } else if let Some(r) = c.rect(sp.card, &layout, now) {
                on_top.push((sp.card, r, true));
            }
            continue;
        }
        let r = drawn[i];
        // A card squarely under the next of its pile, both in place (the
        // stock's, a foundation's), cannot be seen: it is not drawn.
        let hidden = sprites
            .get(i + 1)
            .is_some_and(|n| n.pile == sp.pile && n.rect == sp.rect && drawn[i + 1] == n.rect);
        if r == sp.rect {
            if !hidden {
                view::draw_card(p, sp.card, r, sp.face_up, look);
            }
        } else {
            on_top.push((sp.card, r, sp.face_up));
        }
    }
    // Flying cards, then dragged cards, above everything else.
    let dragging: Vec<Card> = sprites
        .iter()
        .filter(|sp| dragged_rect(g, sp, &sprites, &layout).is_some())
        .map(|sp| sp.card)
        .collect();
    crate::util::sort::sort_by_key(&mut on_top, |(c, _, _)| dragging.contains(c));
    for (card, r, up) in on_top {
        if dragging.contains(&card) {
            view::draw_lifted(p, card, r, up, look);
        } else {
            view::draw_card(p, card, r, up, look);
        }
    }
    if let Some((mv, _)) = ui.hint {
        if let Some(card) = state.moving_card(mv) {
            if let Some(sp) = sprites.iter().find(|s| s.card == card) {
                view::draw_outline(p, sp.rect, true);
            }
        }
        if let Some(to) = hint_target(state, mv) {
            view::draw_outline(p, view::pile_rect(&sprites, &layout, to), true);
        }
    }
    if let Some((pile, depth)) = ui.cursor {
        view::draw_outline(p, view::focus_rect(&sprites, &layout, pile, depth), false);
    }
    if let Some((pile, count)) = ui.held {
        view::draw_outline(p, view::focus_rect(&sprites, &layout, pile, count), true);
    }
    if let Some(job) = &ui.search {
        view::draw_banner(
            p,
            board,
            &format!("Finding {}…", g.settings.deals.sought()),
            &format!("{} deals tried · tap or press Escape to stop", job.tries),
        );
        view::draw_spinner(p, board, now);
        return;
    }
    if celebrating.is_some() {
        return;
    }
    if let Some((title, detail)) = match_result(state, ui.lost) {
        view::draw_banner(p, board, &title, &detail);
    } else if state.is_won() {
        let detail = match state.rules.scoring {
            Scoring::None => format!("in {} and {} moves", clock_text(g.elapsed_ms), state.moves),
            _ => format!(
                "Score {} · {}",
                score(state, g.elapsed_ms),
                clock_text(g.elapsed_ms)
            ),
        };
        view::draw_banner(p, board, "You won!", &detail);
    } else if ui.lost {
        view::draw_banner(
            p,
            board,
            "No useful moves left",
            "Undo, or start a new game.",
        );
    }
}

/// The status line: first what is happening now (a win, no moves left, a
/// search, the solver's verdict), so that a narrow screen that cuts the
/// line off keeps it; then the variant, score, time, moves and stock.
pub fn status(g: &Game, ui: &Ui) -> String {
    let state = g.position;
    let mut parts = Vec::new();
    if let Some((title, _)) = match_result(state, ui.lost) {
        parts.push(title);
    } else if state.is_won() {
        parts.push("Won!".to_owned());
    } else if ui.lost {
        parts.push("No moves left".into());
    }
    if let Some(job) = &ui.search {
        parts.push(format!(
            "Looking for {}… ({} tried)",
            g.settings.deals.sought(),
            job.tries
        ));
    } else if g.settings.indicator == Indicator::On {
        // (The helper judges every position, for hints: the line shows its
        // verdict only when the indicator is on.)
        if ui.checking_further() {
            // Hint answers meanwhile: the verdict so far is "Winnable?".
            parts.push("Checking further…".into());
        } else if let Some(v) = ui.verdict() {
            parts.push(v.into());
        } else if ui.checking() {
            parts.push("Checking…".into());
        }
    }
    let variant = state.rules.variant;
    if variant != Variant::Klondike {
        parts.push(variant.title(state.rules.decks));
    }
    if state.rules.players == 2 {
        let [a, b] = state.played;
        if !state.is_won() && !ui.lost {
            parts.push(format!("Player {} to play", state.turn + 1));
        }
        parts.push(format!("Up {a}–{b}"));
    }
    match state.rules.scoring {
        _ if g.settings.score == ScoreShown::Hidden => {}
        Scoring::None => {}
        Scoring::Vegas => {
            let points = state.points;
            if g.settings.vegas_total == VegasTotal::On {
                parts.push(format!(
                    "Vegas ${points} (total ${})",
                    g.stats.vegas_carry.saturating_add(points)
                ));
            } else {
                parts.push(format!("Vegas ${points}"));
            }
        }
        _ => parts.push(format!("Score {}", score(state, g.elapsed_ms))),
    }
    if g.settings.timer == Timer::Shown {
        parts.push(format!("Time {}", clock_text(g.elapsed_ms)));
    }
    parts.push(format!("Moves {}", state.moves));
    parts.push(match state.passes_left() {
        _ if state.stock.is_empty() && state.waste.is_empty() => "Stock empty".to_owned(),
        _ if state.rules.stock != StockRule::Waste => format!("Stock {}", state.stock.len()),
        None => "Passes unlimited".to_owned(),
        Some(n) => format!("Passes left {n}"),
    });
    // The page's own search seeks winnable deals; the helper's (which
    // covers every one-player member) judges for the indicator when given.
    // (A won game needs no judge.)
    let judged = ui.known().is_some() || ui.checking() || state.is_won();
    if g.settings.deals != Deals::Any || (g.settings.indicator == Indicator::On && !judged) {
        if let Err(e) = solver::explicit_supports(state) {
            parts.push(format!("No solver here: {e}"));
        }
    }
    parts.join(" · ")
}
