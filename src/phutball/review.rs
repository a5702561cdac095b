//! Looking back over the game, as on lichess: a tap on a move in the list
//! beside the board (a landscape screen), the ◀ ▶ strip under it (a
//! portrait one), or the keys `[` `]` (then ← →) show the position after
//! any move; a tap on the board or Esc returns to the game. Looking back
//! changes nothing: the computer may move meanwhile, and the game goes on.

use super::contest::Contest;
use super::geometry::Geometry;
use super::input::Ui;
use super::kind::Game;
use crate::shell::def::Action;
use crate::shell::geom::{Point, Rect, Size};
use crate::shell::input::Key;
use crate::shell::paint::{legible, Align, Color, Painter};

type Act = Action<super::rules::Move>;

/// The least height of the strip under a portrait board, in board units.
pub const STRIP: f64 = 72.0;

/// The strip's height under a portrait board of `grid` shown in `viewport`
/// (CSS pixels): at least [`STRIP`], and tall enough on screen for the
/// shell's row of Move now, Pause and Step to float inside it
/// ([`crate::shell::geom::DOCK_ROOM`]) rather than over the board.
pub fn strip_for(grid: Size, viewport: Size) -> f64 {
    use crate::shell::geom::DOCK_ROOM;
    if viewport.w <= 0.0 || viewport.h <= 2.0 * DOCK_ROOM {
        return STRIP;
    }
    // On screen the strip is its height times the fit's scale, the lesser
    // of the width's and the height's (the strip included).
    let by_width = DOCK_ROOM * grid.w / viewport.w;
    let by_height = DOCK_ROOM * grid.h / (viewport.h - DOCK_ROOM);
    STRIP.max(by_width).max(by_height)
}

/// The strip's background, the move list's.
pub const PANEL: Color = Color::rgb(0x2a, 0x22, 0x16);
/// The strip's and the list's text, the move shown, and the rest.
pub const LIGHT: Color = Color::rgb(0xf2, 0xe6, 0xc9);
const DIM: Color = Color::rgb(0x8c, 0x7f, 0x62);
const SHOWN: Color = Color::rgb(0xff, 0xd8, 0x6b);

/// The moves the board shows while looking back: `Some(k)`, the position
/// after the first `k` of the game's `moves`; `None` for the game as it is.
pub fn looking_at(ui: &Ui, moves: usize) -> Option<usize> {
    ui.review.filter(|&k| k < moves)
}

/// The position the board shows: the game's, or the one looked back at.
pub fn shown(game: &Game, ui: &Ui) -> Option<Contest> {
    looking_at(ui, game.moves.len()).and_then(|k| game.position_after(k))
}

/// Shows the position after the first `k` moves (the game itself from the
/// last), and says which.
pub fn look_at(game: &Game, ui: &mut Ui, k: usize) -> Act {
    let n = game.moves.len();
    if k >= n {
        return back(ui);
    }
    ui.review = Some(k);
    ui.building = None;
    let how = "◀ ▶ or ← → step; a tap on the board or Esc returns to the game.";
    if k == 0 {
        return Action::Say(format!("The start of the game. {how}"));
    }
    let side = game
        .position_after(k - 1)
        .map_or("", |p| p.board().to_move.name());
    Action::Say(format!(
        "Move {k} of {n}: {side} {}. {how}",
        game.moves[k - 1]
    ))
}

/// Returns to the game as it is.
pub fn back(ui: &mut Ui) -> Act {
    if ui.review.take().is_some() {
        Action::Say("Back to the game.".into())
    } else {
        Action::Redraw
    }
}

/// Steps `by` moves from what is shown (the game itself: from its last).
fn step(game: &Game, ui: &mut Ui, by: isize) -> Act {
    let n = game.moves.len();
    let from = looking_at(ui, n).unwrap_or(n);
    let to = from.saturating_add_signed(by).min(n);
    if n == 0 || to == from {
        return Action::Say(
            if n == 0 {
                "No move has been played yet."
            } else if by < 0 {
                "This is the start of the game."
            } else {
                "This is the game as it stands."
            }
            .into(),
        );
    }
    look_at(game, ui, to)
}

/// What a key does to looking back, if anything: `[` and `]` step back and
/// on at any time; while looking back, ← → step too and Esc returns.
pub fn key(game: &Game, ui: &mut Ui, key: Key) -> Option<Act> {
    let looking = looking_at(ui, game.moves.len()).is_some();
    Some(match key {
        Key::Char('[') => step(game, ui, -1),
        Key::Char(']') => step(game, ui, 1),
        Key::Left if looking => step(game, ui, -1),
        Key::Right if looking => step(game, ui, 1),
        Key::Escape if looking => back(ui),
        _ => return None,
    })
}

/// What a tap at `at` does to looking back, if anything: a move in the list
/// or the strip's ◀ ▶ steps to it; the strip's middle, or the board while
/// looking back, returns to the game.
pub fn tap(game: &Game, ui: &mut Ui, at: Point) -> Option<Act> {
    let grid = Geometry::new(game.position.board().options.dims).size();
    if at.x < grid.w && at.y > grid.h {
        // The strip: ◀ on its left quarter, ▶ on its right one.
        return Some(if at.x < grid.w / 4.0 {
            step(game, ui, -1)
        } else if at.x > grid.w * 0.75 {
            step(game, ui, 1)
        } else {
            back(ui)
        });
    }
    if at.x >= grid.w {
        let hit = ui
            .lines
            .borrow()
            .iter()
            .find(|(r, _)| r.contains(at))
            .map(|&(_, k)| k);
        return hit.map(|k| look_at(game, ui, k));
    }
    looking_at(ui, game.moves.len()).map(|_| back(ui))
}

/// The line of the list or strip for the position after `k` moves.
pub fn line(game: &Game, k: usize) -> String {
    // Sides alternate from whoever had the first move.
    let first = game.position_after(0).map(|p| p.board().to_move);
    let ohs_first = first != Some(super::rules::Side::Eks);
    let side = if (k % 2 == 1) == ohs_first {
        "Ohs"
    } else {
        "Eks"
    };
    match k.checked_sub(1).and_then(|i| game.moves.get(i)) {
        Some(mv) => format!("{k:>3}. {side} {mv}"),
        None => "Start".into(),
    }
}

/// Draws the strip under a portrait board (`grid` its size, the strip
/// below it to the bottom of `board`): ◀, the move shown, ▶.
pub fn draw_strip(p: &mut dyn Painter, game: &Game, ui: &Ui, grid: Size, board: Size) {
    let n = game.moves.len();
    let strip = Rect::new(0.0, grid.h, grid.w, board.h - grid.h);
    // Black under the high-contrast theme, as the board's surround is.
    let contrast = game.theme == crate::shell::theme::Theme::Contrast;
    p.fill_rect(
        strip,
        0.0,
        if contrast { Color::rgb(0, 0, 0) } else { PANEL },
    );
    let mid = strip.y + strip.h / 2.0;
    let looking = looking_at(ui, n);
    let k = looking.unwrap_or(n);
    let arrow = |p: &mut dyn Painter, x: f64, dir: f64, on: bool| {
        let s = strip.h * 0.28;
        p.fill_polygon(
            &[
                Point::new(x - dir * s, mid),
                Point::new(x + dir * s, mid - s),
                Point::new(x + dir * s, mid + s),
            ],
            if on { LIGHT } else { DIM },
        );
    };
    arrow(p, grid.w * 0.1, 1.0, k > 0);
    arrow(p, grid.w * 0.9, -1.0, looking.is_some());
    // While a computer is to move, the shell's row of buttons floats over
    // the strip's middle: the message line says what is going on.
    if game.computer_to_move {
        return;
    }
    let text = if n == 0 {
        "No moves yet".to_owned()
    } else if looking.is_some() {
        format!("{} · {k} of {n}", line(game, k).trim_start())
    } else {
        line(game, n).trim_start().to_owned()
    };
    let size = legible(p, 22.0);
    let color = if looking.is_some() { SHOWN } else { LIGHT };
    p.text(
        Point::new(grid.w / 2.0, mid),
        &text,
        size,
        Align::Center,
        color,
    );
}

/// Draws the move list (the moves that fit, the one shown among them) and
/// the rules that differ from the defaults, in a panel from `x` to the
/// board's right edge; keeps each move's line for taps.
pub fn draw_panel(
    p: &mut dyn Painter,
    game: &Game,
    ui: &Ui,
    x: f64,
    board: Size,
    rules: &[String],
) {
    let n = game.moves.len();
    let shown = looking_at(ui, n).unwrap_or(n);
    let panel = Rect::new(x, 0.0, board.w - x, board.h);
    p.fill_rect(panel, 0.0, PANEL);
    let left = x + 18.0;
    // Grown so that its smallest text (13 units) stays legible.
    let k = legible(p, 13.0) / 13.0;
    let line_h = 22.0 * k;
    let mut y = 36.0 * k;
    let dim = Color::rgb(0xc9, 0xb8, 0x8f);
    if !rules.is_empty() {
        p.text(
            Point::new(left, y),
            "Rules in play",
            17.0 * k,
            Align::Left,
            LIGHT,
        );
        y += line_h * 1.2;
        for r in rules {
            p.text(Point::new(left, y), r, 13.0 * k, Align::Left, dim);
            y += line_h;
        }
        y += line_h * 0.6;
    }
    p.text(Point::new(left, y), "Moves", 17.0 * k, Align::Left, LIGHT);
    y += line_h * 1.2;
    let mut lines = Vec::new();
    if n == 0 {
        p.text(Point::new(left, y), "none yet", 15.0 * k, Align::Left, dim);
    } else {
        // The start, then each move: the last that fit, or from the one shown.
        let room = ((board.h - y - 16.0 * k) / line_h).max(1.0) as usize;
        let first = (n + 1).saturating_sub(room).min(shown);
        for m in (first..=n).take(room) {
            let row = Rect::new(x, y - line_h / 2.0, board.w - x, line_h);
            if m == shown {
                p.fill_rect(row, 0.0, Color::rgba(0xff, 0xd8, 0x6b, 40));
            }
            let color = if m == shown { SHOWN } else { dim };
            p.text(
                Point::new(left, y),
                &line(game, m),
                15.0 * k,
                Align::Left,
                color,
            );
            lines.push((row, m));
            y += line_h;
        }
    }
    *ui.lines.borrow_mut() = lines;
}
