//! The Go-style board drawn: the board, its marks, the side panel.

use super::ai::hint::Hint;
use super::finder::{find_wins, Wins};
pub use super::geometry::{Geometry, MARGIN_X, MARGIN_Y, SPACING};
use super::input::Ui;
use super::kind::Game;
use super::review;
use super::rules::{Men, Move, Position, Side, DIRS};
use super::settings::{changed_rules, threats_shown};
use super::{Dims, Pt};
use crate::shell::geom::{Point, Rect, Size};
use crate::shell::paint::{legible, Align, Color, Painter};
use crate::shell::theme::Theme;

const WOOD: Color = Color::rgb(0xdc, 0xb3, 0x5c);
const LINE: Color = Color::rgb(0x3b, 0x2a, 0x14);
const OHS_GOAL: Color = Color::rgba(0x1d, 0x4e, 0x89, 90);
const EKS_GOAL: Color = Color::rgba(0xa8, 0x32, 0x2d, 90);
const MAN: Color = Color::rgb(0x1a, 0x1a, 0x1a);
const BALL: Color = Color::rgb(0xf7, 0xf7, 0xf2);
const CURSOR: Color = Color::rgb(0x1d, 0x4e, 0x89);

/// The width of the move-list panel beside the board, in board units.
pub const PANEL_WIDTH: f64 = 300.0;

/// What to show besides the position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    /// The keyboard cursor.
    pub cursor: Option<Pt>,
    /// While a chain is being built: the men still standing (the rest are marked as taken).
    pub men: Option<Men>,
    /// The ball's path: a chain being built, or the last move's chain.
    pub path: Vec<Pt>,
    /// Where the next jump may land.
    pub landings: Vec<Pt>,
    /// Every point some chain could still reach.
    pub reachable: Vec<Pt>,
    /// The man placed by the last move.
    pub last_placed: Option<Pt>,
    /// The men the next jump (to one of the landings) would take.
    pub would_take: Vec<Pt>,
    /// Goals in one, per side, as the ball's path (the optional overlay).
    pub threats: Vec<(super::rules::Side, Vec<Pt>)>,
    /// The hinted move: the ball's path for a jump, or the point for a man.
    pub hint_path: Vec<Pt>,
    /// The hinted placement.
    pub hint_place: Option<Pt>,
    /// The high-contrast theme: a white board with heavier black lines.
    pub contrast: bool,
}

const PATH: Color = Color::rgba(0x1d, 0x4e, 0x89, 200);
const LANDING: Color = Color::rgba(0x1b, 0x9e, 0x4b, 230);
const REACH: Color = Color::rgba(0x1b, 0x9e, 0x4b, 90);
const TAKEN: Color = Color::rgb(0xc6, 0x28, 0x28);
const LAST: Color = Color::rgb(0xff, 0xd8, 0x6b);
const HINT: Color = Color::rgba(0xe6, 0x6a, 0x00, 230);

/// Draws the board, the men, the ball, and the marks.
pub fn draw(p: &mut dyn Painter, pos: &Position, marks: &Marks) {
    let g = Geometry::new(pos.options.dims);
    let size = g.size();
    let d = pos.options.dims;
    let (wood, line, thin) = if marks.contrast {
        (Color::rgb(255, 255, 255), Color::rgb(0, 0, 0), 2.0)
    } else {
        (WOOD, LINE, 1.2)
    };
    p.fill_rect(Rect::from_size(size), 0.0, wood);
    // Labels legible however small the board is drawn.
    let small = legible(p, 14.0);
    // The goal bands run out to the board's edge, under their captions.
    let top = g.point(Pt {
        col: d.cols / 2,
        row: d.rows + 1,
    });
    let bottom = g.point(Pt {
        col: d.cols / 2,
        row: 0,
    });
    let ohs = Rect::new(0.0, 0.0, size.w, top.y + SPACING / 2.0);
    let eks_top = bottom.y - SPACING / 2.0;
    p.fill_rect(ohs, 0.0, OHS_GOAL);
    p.fill_rect(
        Rect::new(0.0, eks_top, size.w, size.h - eks_top),
        0.0,
        EKS_GOAL,
    );
    // Outward from each goal line: its caption, then the column letters.
    let caption = MARGIN_Y * 0.4;
    let letters = MARGIN_Y * 0.78;
    p.text(
        Point::new(top.x, top.y - caption),
        "Ohs score here",
        small,
        Align::Center,
        line,
    );
    p.text(
        Point::new(bottom.x, bottom.y + caption),
        "Eks score here",
        small,
        Align::Center,
        line,
    );
    for row in 0..=d.rows + 1 {
        let goal = row == 0 || row == d.rows + 1;
        let a = g.point(Pt { col: 0, row });
        let b = g.point(Pt {
            col: d.cols - 1,
            row,
        });
        p.line(a, b, if goal { 3.0 } else { thin }, line);
        let label = row.to_string();
        let out = MARGIN_X * 0.6;
        p.text(
            Point::new(a.x - out, a.y),
            &label,
            small,
            Align::Center,
            line,
        );
        p.text(
            Point::new(b.x + out, b.y),
            &label,
            small,
            Align::Center,
            line,
        );
    }
    for col in 0..d.cols {
        let top = g.point(Pt {
            col,
            row: d.rows + 1,
        });
        let bottom = g.point(Pt { col, row: 0 });
        p.line(top, bottom, thin, line);
        let name = Pt { col, row: 0 }.to_string();
        let letter = name.get(..1).unwrap_or_default();
        p.text(
            Point::new(top.x, top.y - letters),
            letter,
            small,
            Align::Center,
            line,
        );
        p.text(
            Point::new(bottom.x, bottom.y + letters),
            letter,
            small,
            Align::Center,
            line,
        );
    }
    for star in star_points(d) {
        p.fill_circle(g.point(star), 4.0, line);
    }
    for r in &marks.reachable {
        p.fill_circle(g.point(*r), SPACING * 0.16, REACH);
    }
    for m in pos.men.iter() {
        p.fill_circle(g.point(m), SPACING * 0.44, MAN);
        if marks.men.is_some_and(|left| !left.has(m)) {
            // Taken by the chain being built.
            p.cross(g.point(m), SPACING * 0.25, 4.0, TAKEN);
        }
    }
    for m in &marks.would_take {
        p.stroke_circle(g.point(*m), SPACING * 0.22, 3.0, LANDING);
    }
    for (side, path) in &marks.threats {
        let colour = match side {
            super::rules::Side::Ohs => Color::rgba(0x1d, 0x4e, 0x89, 150),
            super::rules::Side::Eks => Color::rgba(0xa8, 0x32, 0x2d, 150),
        };
        for w in path.windows(2) {
            p.line(g.point(w[0]), g.point(w[1]), 6.0, colour);
        }
    }
    if let Some(m) = marks.last_placed {
        p.stroke_circle(g.point(m), SPACING * 0.3, 3.0, LAST);
    }
    for w in marks.hint_path.windows(2) {
        p.line(g.point(w[0]), g.point(w[1]), 5.0, HINT);
    }
    if let Some(end) = marks.hint_path.last() {
        p.stroke_circle(g.point(*end), SPACING * 0.4, 4.0, HINT);
    }
    if let Some(m) = marks.hint_place {
        p.fill_circle(
            g.point(m),
            SPACING * 0.44,
            Color::rgba(0x20, 0x20, 0x20, 110),
        );
        p.stroke_circle(g.point(m), SPACING * 0.46, 4.0, HINT);
    }
    for w in marks.path.windows(2) {
        p.line(g.point(w[0]), g.point(w[1]), 4.0, PATH);
    }
    let ball = marks
        .path
        .last()
        .copied()
        .filter(|_| marks.men.is_some())
        .unwrap_or(pos.ball);
    let at = g.point(ball);
    p.fill_circle(at, SPACING * 0.44, BALL);
    p.stroke_circle(at, SPACING * 0.44, 2.0, line);
    for l in &marks.landings {
        p.stroke_circle(g.point(*l), SPACING * 0.4, 4.0, LANDING);
    }
    if let Some(c) = marks.cursor {
        p.stroke_circle(g.point(c), SPACING * 0.5, 3.0, CURSOR);
    }
}

/// The marked points: the centre and, on boards big enough, a ring of eight
/// around it, as on a Go board.
fn star_points(d: Dims) -> Vec<Pt> {
    let c = d.centre();
    let mut out = vec![c];
    let dc = if d.cols >= 13 { d.cols / 2 - 3 } else { 0 };
    let dr = if d.rows >= 13 { d.rows / 2 - 3 } else { 0 };
    if dc > 0 && dr > 0 {
        for (sc, sr) in [
            (-1i16, -1i16),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ] {
            out.push(Pt {
                col: (i16::from(c.col) + sc * i16::from(dc)) as u8,
                row: (i16::from(c.row) + sr * i16::from(dr)) as u8,
            });
        }
    }
    out
}

/// Draws the game: the board with its marks (the chain being built and what
/// it may still reach, the last move, the cursor, the threats overlay) and,
/// on a wide board, the side panel of moves and rules.
pub fn draw_game(game: &Game, ui: &Ui, painter: &mut dyn Painter, board: Size) {
    let grid = Geometry::new(game.position.board().options.dims).size();
    // Looking back, the board shows that position and its last move only.
    let past = review::shown(game, ui);
    let contest = past.as_ref().unwrap_or(game.position);
    let live = past.is_none();
    let p = contest.board();
    let mut marks = Marks {
        cursor: ui.cursor.filter(|_| live),
        contrast: game.theme == Theme::Contrast,
        ..Marks::default()
    };
    let building = ui.building.as_ref().filter(|_| live);
    match building {
        Some(b) => {
            let end = b.end(p);
            marks.men = Some(b.men);
            marks.path = std::iter::once(p.ball)
                .chain(b.path.iter().copied())
                .collect();
            if !b.ended {
                let jumps: Vec<_> = p.jumps(&b.men, end).collect();
                marks.landings = jumps.iter().map(|(_, l, _)| l.at).collect();
                // The men each next jump would take.
                for (d, l, _) in &jumps {
                    let (dc, dr) = DIRS[usize::from(*d)];
                    for k in 1..=i16::from(l.over) {
                        let c = i16::from(end.col) + k * i16::from(dc);
                        let r = i16::from(end.row) + k * i16::from(dr);
                        marks.would_take.push(Pt {
                            col: c as u8,
                            row: r as u8,
                        });
                    }
                }
                marks.reachable = reachable(p, end, b.men);
            }
        }
        None => {
            if let Some((mv, before)) = contest.last() {
                match mv {
                    Move::Place(pt) => marks.last_placed = Some(pt),
                    Move::Jump(c) => {
                        if let Ok((path, _)) = before.follow(c) {
                            marks.path = std::iter::once(before.ball).chain(path).collect();
                        }
                    }
                    Move::Swap => {}
                }
            }
        }
    }
    let hint = ui
        .hint
        .as_ref()
        .filter(|(at, _)| live && *at == game.moves.len());
    if let Some((_, hint)) = hint {
        hinted(p, hint, &mut marks);
    }
    if live && threats_shown(game.settings) && game.position.result().is_none() {
        for side in [Side::Ohs, Side::Eks] {
            let mut q = *p;
            q.to_move = side;
            if let Wins::Found(chains) = find_wins(&q, 5_000).wins {
                for c in chains.into_iter().take(3) {
                    if let Ok((path, _)) = q.follow(c) {
                        let line = std::iter::once(q.ball).chain(path).collect();
                        marks.threats.push((side, line));
                    }
                }
            }
        }
    }
    draw(painter, p, &marks);
    // Beside the board, the move list; under a portrait one, the strip.
    if board.w > grid.w {
        let rules = changed_rules(game.settings);
        review::draw_panel(painter, game, ui, grid.w, board, &rules);
    } else if board.h > grid.h {
        review::draw_strip(painter, game, ui, grid, board);
    }
}

/// Marks the hinted move on `p`: its jump's path or its man, and the
/// opponent's threat it answers.
fn hinted(p: &Position, hint: &Hint, marks: &mut Marks) {
    let path = |q: &Position, chain| {
        q.follow(chain)
            .map(|(path, _)| std::iter::once(q.ball).chain(path).collect())
            .unwrap_or_default()
    };
    let mv = match *hint {
        Hint::Score(chain) => Some(Move::Jump(chain)),
        Hint::Block { threat, answer } => {
            let them = p.turned();
            marks.threats.push((them.to_move, path(&them, threat)));
            answer
        }
        Hint::Build(mv) => mv,
        Hint::Tangled => None,
    };
    match mv {
        Some(Move::Jump(chain)) => marks.hint_path = path(p, chain),
        Some(Move::Place(at)) => marks.hint_place = Some(at),
        Some(Move::Swap) | None => {}
    }
}

/// Every point a chain from `from` could still reach (the whole jump tree).
fn reachable(p: &Position, from: Pt, men: Men) -> Vec<Pt> {
    let mut seen = crate::util::fast_hash::FastSet::default();
    let mut out = Vec::new();
    let mut stack = vec![(from, men)];
    while let Some((at, m)) = stack.pop() {
        if seen.len() > 20_000 {
            break;
        }
        for (_, l, next) in p.jumps(&m, at) {
            if seen.insert((l.at, next)) {
                if !out.contains(&l.at) {
                    out.push(l.at);
                }
                if !l.ends {
                    stack.push((l.at, next));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::paint::{Op, Recorder};

    #[test]
    fn every_point_hits_itself() {
        for dims in [
            Dims::STANDARD,
            Dims { rows: 19, cols: 19 },
            Dims { rows: 9, cols: 7 },
        ] {
            let g = Geometry::new(dims);
            for col in 0..dims.cols {
                for row in 0..=dims.rows + 1 {
                    let p = Pt { col, row };
                    let at = g.point(p);
                    assert_eq!(g.hit(at), Some(p));
                    assert_eq!(g.hit(Point::new(at.x + 12.0, at.y - 12.0)), Some(p));
                }
            }
            assert_eq!(g.hit(Point::new(1.0, 1.0)), None);
            let s = g.size();
            assert_eq!(g.hit(Point::new(s.w - 1.0, s.h - 1.0)), None);
        }
    }

    #[test]
    fn standard_board_is_portrait_with_goals_top_and_bottom() {
        let g = Geometry::new(Dims::STANDARD);
        assert!(g.size().is_portrait());
        assert!(g.point("H20".parse().unwrap()).y < g.point("H0".parse().unwrap()).y);
    }

    #[test]
    fn drawing_shows_grid_ball_men_and_chain_marks() {
        use crate::phutball::rules::Options;
        let mut pos = Position::start(Options::default());
        pos.men.set("K10".parse().unwrap());
        let mut r = Recorder::default();
        draw(&mut r, &pos, &Marks::default());
        // 21 row lines and 15 column lines.
        assert_eq!(r.count(|op| matches!(op, Op::Line(..))), 36);
        assert!(r.ops.contains(&Op::FillCircle(
            Geometry::new(pos.options.dims).point(pos.ball),
            SPACING * 0.44,
            BALL
        )));
        assert_eq!(
            r.count(|op| matches!(op, Op::FillCircle(_, _, c) if *c == MAN)),
            1
        );
        assert!(r.texts().contains(&"Ohs score here"));
        assert_eq!(star_points(Dims::STANDARD).len(), 9);
        let marks = Marks {
            landings: vec!["L10".parse().unwrap()],
            men: Some(Men::default()),
            path: vec![pos.ball, "L10".parse().unwrap()],
            ..Marks::default()
        };
        let mut r = Recorder::default();
        draw(&mut r, &pos, &marks);
        assert_eq!(
            r.count(|op| matches!(op, Op::Line(_, _, c) if *c == TAKEN)),
            2,
            "K10 marked as taken"
        );
        assert_eq!(
            r.count(|op| matches!(op, Op::StrokeCircle(_, _, c) if *c == LANDING)),
            1
        );
    }
}
