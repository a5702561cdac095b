//! Drawing and hit-testing: the table with its camera, the tray, the score
//! strip, and the overlays. Everything here is a pure function of a
//! [`Scene`] and the board size.

use super::lattice::{Cell, Lattice};
use super::tile::Tile;
use crate::shell::geom::clamp;
use crate::shell::geom::{Point, Rect, Size};
use crate::shell::paint::{legible, Align, Color, Painter};
use crate::shell::theme::Theme;

/// A tile's side on the table at zoom 1, in board units.
pub const SIDE: f64 = 72.0;
/// The board's width on a landscape screen; its height follows the viewport's shape.
const WIDTH: f64 = 1000.0;
/// The board's width on a portrait screen: narrower, so that text and tiles
/// stay readable on a phone (the tray takes more rows instead).
const NARROW: f64 = 560.0;
const STRIP: f64 = 64.0;
const BANNER: f64 = 44.0;
/// A tray slot's side on a landscape board, and the tile drawn in it.
const TRAY_ROW: f64 = 66.0;
/// A tray slot's side on a portrait board: a phone's tiles at least 56 CSS
/// pixels across.
const TRAY_ROW_NARROW: f64 = 94.0;
/// How much of its slot a tray tile spans.
const TRAY_TILE: f64 = 0.94;

const TABLE: Color = Color::rgb(0x1f, 0x4d, 0x3a);
const FELT_LINE: Color = Color::rgba(255, 255, 255, 22);
const IVORY: Color = Color::rgb(0xf6, 0xf0, 0xe1);
const INK: Color = Color::rgb(0x22, 0x1c, 0x16);
const EDGE: Color = Color::rgb(0x5a, 0x4a, 0x36);
const GOLD: Color = Color::rgb(0xe8, 0xb9, 0x3b);
const GHOST: Color = Color::rgba(255, 255, 255, 46);
const GHOST_EDGE: Color = Color::rgba(255, 255, 255, 150);
const LAST: Color = Color::rgb(0xff, 0xc8, 0x57);
const PANEL: Color = Color::rgb(0x17, 0x1f, 0x26);
const SHADE: Color = Color::rgba(10, 14, 18, 215);
const TEXT: Color = Color::rgb(0xee, 0xf1, 0xf4);
const DIM: Color = Color::rgb(0x9d, 0xa9, 0xb4);
const BUTTON: Color = Color::rgb(0x2e, 0x6f, 0x9e);
const SELECTED: Color = Color::rgb(0x6b, 0xc1, 0xff);

/// The board size for a viewport: 1000 wide (560 on a portrait screen), as
/// tall as the viewport's shape asks; on a screen wider than 5:3 the board
/// grows wider instead, so the table fills the window.
pub fn board_size(viewport: Size) -> Size {
    if viewport.is_empty() {
        return Size::new(WIDTH, WIDTH * 0.75);
    }
    let w = if viewport.is_portrait() {
        NARROW
    } else {
        WIDTH
    };
    let h = w * viewport.h / viewport.w;
    if h < w * 0.6 {
        return Size::new(w * 0.6 * viewport.w / viewport.h, w * 0.6);
    }
    Size::new(w, clamp(h, w * 0.6, w * 2.2))
}

/// The smallest tap target at this zoom: a cell of the table (its bounding
/// box) or a tray slot, whichever is smaller.
pub fn smallest_target(zoom: f64) -> Size {
    let side = SIDE * zoom;
    Size::new(side.min(TRAY_ROW), (side * 3f64.sqrt() / 2.0).min(TRAY_ROW))
}

/// Where the parts of the screen are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    /// The whole board.
    pub board: Size,
    /// The score strip along the top.
    pub strip: Rect,
    /// The table, where the camera looks.
    pub table: Rect,
    /// The line of text above the tray (the last play, a pass button).
    pub banner: Rect,
    /// The hand.
    pub tray: Rect,
    /// Tiles per tray row.
    pub per_row: usize,
    /// A tray slot's side.
    pub tray_row: f64,
}

impl Layout {
    /// The layout for a board and a hand of `tiles` tiles.
    pub fn new(board: Size, tiles: usize) -> Layout {
        let tray_row = if board.w <= NARROW {
            TRAY_ROW_NARROW
        } else {
            TRAY_ROW
        };
        let per_row = ((board.w - 24.0) / tray_row).floor().max(1.0) as usize;
        let rows = tiles.div_ceil(per_row).max(1) as f64;
        let tray_h = rows * tray_row + 16.0;
        let tray = Rect::new(0.0, board.h - tray_h, board.w, tray_h);
        let banner = Rect::new(0.0, tray.y - BANNER, board.w, BANNER);
        let strip = Rect::new(0.0, 0.0, board.w, STRIP);
        let table = Rect::new(0.0, STRIP, board.w, banner.y - STRIP);
        Layout {
            board,
            strip,
            table,
            banner,
            tray,
            per_row,
            tray_row,
        }
    }

    /// The centre of tray slot `i`, and the slot's tile side.
    pub fn tray_slot(&self, i: usize, n: usize) -> Point {
        let row = i / self.per_row;
        let in_row = (n - row * self.per_row).min(self.per_row);
        let col = i % self.per_row;
        let width = in_row as f64 * self.tray_row;
        let x0 = (self.board.w - width) / 2.0;
        Point::new(
            x0 + (col as f64 + 0.5) * self.tray_row,
            self.tray.y + 8.0 + (row as f64 + 0.5) * self.tray_row,
        )
    }

    /// The tray slot under `p`, among `n`.
    pub fn tray_hit(&self, p: Point, n: usize) -> Option<usize> {
        (0..n).find(|&i| {
            let c = self.tray_slot(i, n);
            let half = self.tray_row / 2.0;
            (p.x - c.x).abs() < half && (p.y - c.y).abs() < half
        })
    }

    /// The banner's button (pass, draw, next hand), right-aligned.
    pub fn banner_button(&self) -> Rect {
        Rect::new(
            self.board.w - 200.0,
            self.banner.y + 6.0,
            188.0,
            BANNER - 12.0,
        )
    }
}

/// Where the table's lattice sits: a zoom and the screen point of vertex (0, 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// The zoom: 1 draws tiles [`SIDE`] units long.
    pub zoom: f64,
    /// Where vertex (0, 0) is drawn.
    pub origin: Point,
}

/// The zoom range.
pub const ZOOM: (f64, f64) = (0.3, 2.5);

impl Camera {
    /// The lattice as this camera draws it.
    pub fn lattice(&self) -> Lattice {
        Lattice {
            side: SIDE * self.zoom,
            origin: self.origin,
        }
    }

    /// The camera that shows `cells` (and a ring around them) in `area`, at
    /// zoom 1.2 at most.
    pub fn fit(cells: &[Cell], area: Rect) -> Camera {
        let unit = Lattice {
            side: SIDE,
            origin: Point::new(0.0, 0.0),
        };
        let mut pts: Vec<Point> = cells.iter().flat_map(|&c| unit.corners(c)).collect();
        if pts.is_empty() {
            pts = unit.corners(Cell::up(0, 0)).to_vec();
        }
        let min_x = pts.iter().map(|p| p.x).fold(f64::MAX, f64::min) - SIDE;
        let max_x = pts.iter().map(|p| p.x).fold(f64::MIN, f64::max) + SIDE;
        let min_y = pts.iter().map(|p| p.y).fold(f64::MAX, f64::min) - SIDE;
        let max_y = pts.iter().map(|p| p.y).fold(f64::MIN, f64::max) + SIDE;
        let zoom = clamp(
            (area.w / (max_x - min_x)).min(area.h / (max_y - min_y)),
            ZOOM.0,
            1.2,
        );
        let c = area.center();
        Camera {
            zoom,
            origin: Point::new(
                c.x - zoom * (min_x + max_x) / 2.0,
                c.y - zoom * (min_y + max_y) / 2.0,
            ),
        }
    }

    /// Zooms by `factor` keeping the point under `at` where it is.
    pub fn zoom_about(&mut self, at: Point, factor: f64) {
        let z = clamp(self.zoom * factor, ZOOM.0, ZOOM.1);
        let f = z / self.zoom;
        self.origin = Point::new(
            at.x - (at.x - self.origin.x) * f,
            at.y - (at.y - self.origin.y) * f,
        );
        self.zoom = z;
    }

    /// Moves the table by `dx`, `dy`.
    pub fn pan(&mut self, dx: f64, dy: f64) {
        self.origin = Point::new(self.origin.x + dx, self.origin.y + dy);
    }
}

/// How tile faces show their numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Faces {
    /// Pips by each side (Richards).
    Pips,
    /// Numerals by each side.
    Numerals,
}

/// A tile to draw: the tile, its values in corner order, and how to mark it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TileFace {
    /// The tile.
    pub tile: Tile,
    /// Its values on sides (or corners) `0, 1, 2` of the triangle drawn.
    pub values: [u8; 3],
}

/// One seat in the score strip.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatLine {
    /// "You", "Player 2", "Computer (strong)".
    pub name: String,
    /// Match total.
    pub score: i32,
    /// Tiles in hand.
    pub tiles: usize,
    /// Whether it is this seat's turn.
    pub to_move: bool,
}

/// An overlay over the whole board.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    /// Hot-seat: the next person takes the device.
    Cover {
        /// Whose turn.
        name: String,
    },
    /// The hand (or match) is over.
    HandOver {
        /// The headline.
        title: String,
        /// One line per seat.
        lines: Vec<String>,
        /// What a tap does.
        action: String,
    },
    /// Star: name the corner's numbers.
    Corner {
        /// The picks so far.
        picks: [Option<u8>; 2],
        /// The highest value.
        max: u8,
    },
}

/// Everything one frame shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// The camera.
    pub camera: Camera,
    /// The tiles on the table, in the order laid.
    pub placed: Vec<(Cell, TileFace)>,
    /// Whether numbers sit on corners (Tri-Ominos).
    pub on_corners: bool,
    /// Pips or numerals.
    pub faces: Faces,
    /// Cells where the selected tile may go.
    pub ghosts: Vec<Cell>,
    /// A tile shown where it would land (dragging or chosen by keys).
    pub preview: Option<(Cell, TileFace)>,
    /// The tray: the hand on show, or `None` when it is hidden.
    pub tray: Option<Vec<TileFace>>,
    /// The tray slot selected.
    pub selected: Option<usize>,
    /// A tile under the finger, off the lattice.
    pub dragging: Option<(Point, TileFace)>,
    /// The score strip.
    pub seats: Vec<SeatLine>,
    /// The banner's text.
    pub banner: String,
    /// The banner's button, if any.
    pub button: Option<String>,
    /// The theme: the panels follow the page's; high contrast makes the
    /// table black, with brighter lines.
    pub theme: Theme,
    /// Drawn over everything.
    pub overlay: Option<Overlay>,
}

/// Draws a frame.
pub fn draw(p: &mut dyn Painter, board: Size, scene: &Scene) {
    let tray_len = scene.tray.as_ref().map_or(0, Vec::len);
    let layout = Layout::new(board, tray_len);
    let (table, felt_line) = if scene.theme == Theme::Contrast {
        (Color::rgb(0, 0, 0), Color::rgba(255, 255, 255, 90))
    } else {
        (TABLE, FELT_LINE)
    };
    p.fill_rect(Rect::from_size(board), 0.0, table);
    let lattice = scene.camera.lattice();
    draw_felt(p, &layout, &lattice, felt_line);
    for &ghost in &scene.ghosts {
        let c = lattice.corners(ghost);
        p.fill_polygon(&c, GHOST);
        p.stroke_polygon(&c, 1.5, GHOST_EDGE);
    }
    for (i, (cell, face)) in scene.placed.iter().enumerate() {
        draw_tile(p, lattice.corners(*cell), face, scene);
        if i + 1 == scene.placed.len() {
            p.stroke_polygon(&inset(lattice.corners(*cell), 0.94), 3.0, LAST);
        }
    }
    if let Some((cell, face)) = &scene.preview {
        draw_tile(p, lattice.corners(*cell), face, scene);
        p.stroke_polygon(&lattice.corners(*cell), 3.0, SELECTED);
    }
    let ink = Panels::of(scene.theme);
    draw_strip(p, &layout, &scene.seats, &ink);
    draw_banner(p, &layout, scene);
    draw_tray(p, &layout, scene, &ink);
    if let Some((at, face)) = &scene.dragging {
        draw_tile(
            p,
            triangle(*at, SIDE * scene.camera.zoom.max(0.7)),
            face,
            scene,
        );
    }
    if let Some(o) = &scene.overlay {
        draw_overlay(p, board, o);
    }
}

fn draw_felt(p: &mut dyn Painter, layout: &Layout, lattice: &Lattice, felt_line: Color) {
    // A faint lattice over the table, so the cells can be seen.
    let t = layout.table;
    let corners = [
        lattice.cell_at(Point::new(t.x, t.y)),
        lattice.cell_at(Point::new(t.x + t.w, t.y + t.h)),
        lattice.cell_at(Point::new(t.x, t.y + t.h)),
        lattice.cell_at(Point::new(t.x + t.w, t.y)),
    ];
    let (q0, q1) = (
        corners.iter().map(|c| c.q).min().unwrap_or(0) - 1,
        corners.iter().map(|c| c.q).max().unwrap_or(0) + 1,
    );
    let (r0, r1) = (
        corners.iter().map(|c| c.r).min().unwrap_or(0) - 1,
        corners.iter().map(|c| c.r).max().unwrap_or(0) + 1,
    );
    if (q1 - q0) * (r1 - r0) > 4000 {
        return;
    }
    // The cells along the edge cross it: the lines stop at the table's edge.
    p.clip(Some(t));
    for q in q0..=q1 {
        for r in r0..=r1 {
            let c = lattice.corners(Cell::up(q, r));
            if c.iter().any(|pt| t.inflate(lattice.side).contains(*pt)) {
                p.stroke_polygon(&c, 1.0, felt_line);
            }
        }
    }
    p.clip(None);
}

/// An up-pointing triangle of side `side` centred on `at`.
pub fn triangle(at: Point, side: f64) -> [Point; 3] {
    let h = side * 0.866_025_403_784_438_6;
    [
        Point::new(at.x - side / 2.0, at.y + h / 3.0),
        Point::new(at.x, at.y - 2.0 * h / 3.0),
        Point::new(at.x + side / 2.0, at.y + h / 3.0),
    ]
}

fn inset(c: [Point; 3], f: f64) -> [Point; 3] {
    let m = centroid(&c);
    c.map(|q| Point::new(m.x + (q.x - m.x) * f, m.y + (q.y - m.y) * f))
}

fn centroid(c: &[Point; 3]) -> Point {
    Point::new(
        (c[0].x + c[1].x + c[2].x) / 3.0,
        (c[0].y + c[1].y + c[2].y) / 3.0,
    )
}

fn lerp(a: Point, b: Point, t: f64) -> Point {
    Point::new(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
}

/// Draws a tile in the triangle `c` (corners clockwise on screen, in the
/// order its values are given).
pub fn draw_tile(p: &mut dyn Painter, c: [Point; 3], face: &TileFace, scene: &Scene) {
    let side = c[0].distance(c[1]);
    let body = inset(c, 0.96);
    let m = centroid(&c);
    if face.tile.is_boss() {
        p.fill_polygon(&body, GOLD);
        p.stroke_polygon(&body, 1.5, EDGE);
        p.text(m, "BOSS", side * 0.24, Align::Center, INK);
        return;
    }
    p.fill_polygon(&body, IVORY);
    p.stroke_polygon(&body, 1.5, EDGE);
    let numerals = scene.faces == Faces::Numerals || scene.on_corners;
    for i in 0..3 {
        let v = face.values[i];
        if scene.on_corners {
            // Tri-Ominos: the number sits in corner i.
            let at = lerp(m, c[i], 0.56);
            p.text(at, &v.to_string(), side * 0.24, Align::Center, INK);
            continue;
        }
        let (a, b) = (c[i], c[(i + 1) % 3]);
        let mid = lerp(a, b, 0.5);
        if numerals {
            p.text(
                lerp(mid, m, 0.45),
                &v.to_string(),
                side * 0.25,
                Align::Center,
                INK,
            );
        } else {
            draw_pips(p, v, (a, b), m, side);
        }
    }
    // The source prints the pip total in the centre. It is left off: what
    // a player matches is each side's number, and the score strip and the
    // play's message give the sums that score.
}

/// Draws `v` pips for the side from `a` to `b` of a tile centred on `m`: a
/// row of up to three parallel to the side, well inside the tile's edge
/// (so that neighbouring tiles' pips never run together), and the rest in a
/// shorter row nearer the centre.
fn draw_pips(p: &mut dyn Painter, v: u8, (a, b): (Point, Point), m: Point, side: f64) {
    let rows: &[u8] = match v {
        0 => &[],
        1 => &[1],
        2 => &[2],
        3 => &[3],
        4 => &[3, 1],
        _ => &[3, 2],
    };
    let mid = lerp(a, b, 0.5);
    let along = Point::new((b.x - a.x) / side, (b.y - a.y) / side);
    for (r, &n) in rows.iter().enumerate() {
        let centre = lerp(mid, m, if r == 0 { 0.36 } else { 0.64 });
        for k in 0..n {
            let off = (f64::from(k) - f64::from(n - 1) / 2.0) * 0.135 * side;
            let at = Point::new(centre.x + along.x * off, centre.y + along.y * off);
            p.fill_circle(at, side * 0.048, INK);
        }
    }
}

/// The colours of the score strip and the tray, beside the page's own
/// toolbar and status line: they follow its theme.
struct Panels {
    fill: Color,
    text: Color,
    dim: Color,
    /// Behind the seat to move.
    current: Color,
}

impl Panels {
    fn of(theme: Theme) -> Panels {
        match theme {
            Theme::Dark => Panels {
                fill: PANEL,
                text: TEXT,
                dim: DIM,
                current: Color::rgb(0x24, 0x3a, 0x4c),
            },
            Theme::Light => Panels {
                fill: Color::rgb(0xe4, 0xe9, 0xee),
                text: Color::rgb(0x16, 0x1c, 0x22),
                dim: Color::rgb(0x4f, 0x5a, 0x66),
                current: Color::rgb(0xcf, 0xe3, 0xf5),
            },
            Theme::Contrast => Panels {
                fill: Color::rgb(0, 0, 0),
                text: Color::rgb(255, 255, 255),
                dim: Color::rgb(255, 255, 255),
                current: Color::rgb(0, 0, 0),
            },
        }
    }
}

fn draw_strip(p: &mut dyn Painter, layout: &Layout, seats: &[SeatLine], ink: &Panels) {
    p.fill_rect(layout.strip, 0.0, ink.fill);
    if seats.is_empty() {
        return;
    }
    let w = layout.strip.w / seats.len() as f64;
    for (i, s) in seats.iter().enumerate() {
        let r = Rect::new(i as f64 * w + 6.0, 6.0, w - 12.0, STRIP - 12.0);
        if s.to_move {
            p.fill_rect(r, 8.0, ink.current);
            p.stroke_rect(r, 8.0, 2.0, SELECTED);
        }
        p.text(
            Point::new(r.x + 12.0, r.y + 17.0),
            &s.name,
            legible(p, 17.0),
            Align::Left,
            ink.text,
        );
        p.text(
            Point::new(r.x + 12.0, r.y + 40.0),
            &format!("{} tiles", s.tiles),
            legible(p, 14.0),
            Align::Left,
            ink.dim,
        );
        p.text(
            Point::new(r.x + r.w - 12.0, r.y + 27.0),
            &s.score.to_string(),
            26.0,
            Align::Right,
            ink.text,
        );
    }
}

fn draw_banner(p: &mut dyn Painter, layout: &Layout, scene: &Scene) {
    let b = layout.banner;
    p.fill_rect(b, 0.0, Color::rgba(0, 0, 0, 70));
    // A long score breakdown shrinks to fit (a character is about half as
    // wide as the font is tall), down to a size still read on a phone; past
    // that it is cut short (the message line under the board has it whole).
    let room = b.w - 28.0 - if scene.button.is_some() { 200.0 } else { 0.0 };
    let chars = scene.banner.chars().count().max(1) as f64;
    let size = clamp(room / (0.52 * chars), legible(p, 11.0), legible(p, 16.0));
    let fits = (room / (0.52 * size)).max(1.0) as usize;
    let text = if (chars as usize) > fits {
        let cut: String = scene.banner.chars().take(fits.saturating_sub(1)).collect();
        format!("{cut}…")
    } else {
        scene.banner.clone()
    };
    p.text(
        Point::new(b.x + 14.0, b.y + b.h / 2.0),
        &text,
        size,
        Align::Left,
        TEXT,
    );
    if let Some(label) = &scene.button {
        let r = layout.banner_button();
        p.fill_rect(r, 6.0, BUTTON);
        p.text(r.center(), label, legible(p, 16.0), Align::Center, TEXT);
    }
}

fn draw_tray(p: &mut dyn Painter, layout: &Layout, scene: &Scene, ink: &Panels) {
    p.fill_rect(layout.tray, 0.0, ink.fill);
    let Some(tiles) = &scene.tray else {
        p.text(
            layout.tray.center(),
            "The hands are hidden",
            legible(p, 16.0),
            Align::Center,
            ink.dim,
        );
        return;
    };
    let n = tiles.len();
    for (i, face) in tiles.iter().enumerate() {
        let at = layout.tray_slot(i, n);
        let dragged = scene.dragging.is_some() && scene.selected == Some(i);
        if scene.selected == Some(i) {
            p.fill_circle(
                at,
                layout.tray_row * 0.48,
                Color::rgba(0x6b, 0xc1, 0xff, 60),
            );
        }
        if !dragged {
            draw_tile(p, triangle(at, layout.tray_row * TRAY_TILE), face, scene);
        }
    }
}

/// The corner prompt's buttons: the digits of each row, then Play and Cancel.
pub fn corner_buttons(board: Size, max: u8) -> (Vec<(u8, u8, Rect)>, Rect, Rect) {
    let b = prompt_box(board);
    let mut digits = Vec::new();
    for row in 0..2u8 {
        for v in 0..=max {
            let x = b.x + 20.0 + f64::from(v) * 58.0;
            let y = b.y + 70.0 + f64::from(row) * 62.0;
            digits.push((row, v, Rect::new(x, y, 50.0, 50.0)));
        }
    }
    let play = Rect::new(b.x + 20.0, b.y + b.h - 64.0, 150.0, 46.0);
    let cancel = Rect::new(b.x + b.w - 170.0, b.y + b.h - 64.0, 150.0, 46.0);
    (digits, play, cancel)
}

fn prompt_box(board: Size) -> Rect {
    let (w, h) = (400.0, 280.0);
    Rect::new((board.w - w) / 2.0, (board.h - h) / 2.0, w, h)
}

fn draw_overlay(p: &mut dyn Painter, board: Size, o: &Overlay) {
    match o {
        Overlay::Cover { name } => {
            p.fill_rect(Rect::from_size(board), 0.0, PANEL);
            let c = Point::new(board.w / 2.0, board.h / 2.0);
            p.text(
                Point::new(c.x, c.y - 30.0),
                &format!("{name}: your turn"),
                32.0,
                Align::Center,
                TEXT,
            );
            p.text(
                Point::new(c.x, c.y + 20.0),
                &format!("Pass the device to {name}, then tap to show the tiles."),
                legible(p, 18.0),
                Align::Center,
                DIM,
            );
        }
        Overlay::HandOver {
            title,
            lines,
            action,
        } => {
            p.fill_rect(Rect::from_size(board), 0.0, SHADE);
            let top = board.h / 2.0 - 30.0 * (lines.len() as f64 + 3.0) / 2.0;
            p.text(
                Point::new(board.w / 2.0, top),
                title,
                28.0,
                Align::Center,
                TEXT,
            );
            for (i, l) in lines.iter().enumerate() {
                p.text(
                    Point::new(board.w / 2.0, top + 50.0 + 30.0 * i as f64),
                    l,
                    legible(p, 18.0),
                    Align::Center,
                    TEXT,
                );
            }
            p.text(
                Point::new(board.w / 2.0, top + 70.0 + 30.0 * lines.len() as f64),
                action,
                legible(p, 16.0),
                Align::Center,
                DIM,
            );
        }
        Overlay::Corner { picks, max } => {
            p.fill_rect(Rect::from_size(board), 0.0, Color::rgba(0, 0, 0, 120));
            let b = prompt_box(board);
            p.fill_rect(b, 10.0, PANEL);
            p.stroke_rect(b, 10.0, 2.0, SELECTED);
            p.text(
                Point::new(b.x + b.w / 2.0, b.y + 34.0),
                "Corner to corner: name the corner's two numbers",
                legible(p, 16.0),
                Align::Center,
                TEXT,
            );
            let (digits, play, cancel) = corner_buttons(board, *max);
            for (row, v, r) in digits {
                let on = picks[usize::from(row)] == Some(v);
                p.fill_rect(r, 6.0, if on { SELECTED } else { BUTTON });
                p.text(r.center(), &v.to_string(), 22.0, Align::Center, TEXT);
            }
            p.fill_rect(play, 6.0, BUTTON);
            p.text(play.center(), "Play", legible(p, 18.0), Align::Center, TEXT);
            p.fill_rect(cancel, 6.0, PANEL);
            p.stroke_rect(cancel, 6.0, 1.5, DIM);
            p.text(
                cancel.center(),
                "Cancel",
                legible(p, 18.0),
                Align::Center,
                TEXT,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phone_s_tray_tiles_are_at_least_56_css_pixels() {
        use crate::shell::geom::Fit;
        // A 360 px phone's stage, short (a two-line message) and tall.
        for css in [Size::new(360.0, 430.0), Size::new(360.0, 560.0)] {
            let board = board_size(css);
            let scale = Fit::new(board, css).scale;
            let layout = Layout::new(board, 19);
            let tile = layout.tray_row * TRAY_TILE * scale;
            assert!(tile >= 56.0, "{css:?}: {tile} px");
        }
    }

    #[test]
    fn tray_slots_hit_themselves_and_fit_the_board() {
        for viewport in [Size::new(360.0, 640.0), Size::new(1920.0, 1080.0)] {
            let board = board_size(viewport);
            for n in [1, 9, 17, 28] {
                let l = Layout::new(board, n);
                for i in 0..n {
                    let c = l.tray_slot(i, n);
                    assert_eq!(l.tray_hit(c, n), Some(i), "{n} tiles, slot {i}");
                    assert!(c.x > 0.0 && c.x < board.w && c.y < board.h);
                }
                assert!(l.table.h > 200.0, "{viewport:?} {n}: room for the table");
            }
        }
    }

    #[test]
    fn the_camera_fits_the_tiles_and_zooms_about_a_point() {
        let area = Rect::new(0.0, 64.0, 1000.0, 500.0);
        let cells: Vec<Cell> = (0..12).map(|q| Cell::up(q, 0)).collect();
        let cam = Camera::fit(&cells, area);
        for &c in &cells {
            for p in cam.lattice().corners(c) {
                assert!(area.contains(p), "{c:?} at {p:?}");
            }
        }
        let mut z = cam;
        let at = Point::new(300.0, 300.0);
        let under = z.lattice().cell_at(at);
        z.zoom_about(at, 1.5);
        assert_eq!(z.lattice().cell_at(at), under);
        z.zoom_about(at, 100.0);
        assert_eq!(z.zoom, ZOOM.1);
    }

    #[test]
    fn corner_prompt_buttons_do_not_overlap() {
        let board = board_size(Size::new(360.0, 640.0));
        let (digits, play, cancel) = corner_buttons(board, 5);
        assert_eq!(digits.len(), 12);
        let all: Vec<Rect> = digits.iter().map(|d| d.2).chain([play, cancel]).collect();
        for (i, a) in all.iter().enumerate() {
            assert!(a.x >= 0.0 && a.x + a.w <= board.w);
            for b in &all[i + 1..] {
                assert!(!a.contains(b.center()) && !b.contains(a.center()));
            }
        }
    }

    #[test]
    fn a_wide_window_gets_a_wider_board_not_margins() {
        for viewport in [Size::new(1280.0, 722.0), Size::new(2560.0, 1000.0)] {
            let board = board_size(viewport);
            let (a, b) = (board.w / board.h, viewport.w / viewport.h);
            assert!((a - b).abs() < 1e-9, "{viewport:?}: board {board:?}");
        }
        // A 4:3 window keeps the usual width.
        assert_eq!(board_size(Size::new(800.0, 600.0)).w, WIDTH);
    }

    #[test]
    fn the_lattice_stops_at_the_table_edge() {
        let board = board_size(Size::new(1280.0, 722.0));
        let layout = Layout::new(board, 0);
        let camera = Camera::fit(&[], layout.table);
        use crate::shell::paint::{Op, Recorder};
        let mut r = Recorder::default();
        draw_felt(&mut r, &layout, &camera.lattice(), FELT_LINE);
        assert_eq!(r.ops.first(), Some(&Op::Clip(Some(layout.table))));
        assert_eq!(r.ops.last(), Some(&Op::Clip(None)));
        assert!(r.count(|op| matches!(op, Op::StrokePolygon(..))) > 50);
    }

    #[test]
    fn the_strip_and_the_tray_follow_the_page_s_theme() {
        use crate::shell::paint::{Op, Recorder};
        let board = board_size(Size::new(800.0, 600.0));
        let layout = Layout::new(board, 0);
        let fill_of = |theme: Theme, area: Rect| {
            let scene = Scene {
                camera: Camera::fit(&[], layout.table),
                placed: Vec::new(),
                on_corners: false,
                faces: Faces::Pips,
                ghosts: Vec::new(),
                preview: None,
                tray: Some(Vec::new()),
                selected: None,
                dragging: None,
                seats: Vec::new(),
                banner: String::new(),
                button: None,
                overlay: None,
                theme,
            };
            let mut r = Recorder::default();
            draw(&mut r, board, &scene);
            r.ops.iter().find_map(|op| match op {
                Op::FillRect(at, c) if *at == area => Some(*c),
                _ => None,
            })
        };
        for area in [layout.strip, layout.tray] {
            assert_eq!(fill_of(Theme::Dark, area), Some(PANEL));
            let light = fill_of(Theme::Light, area).expect("a light panel");
            assert!(light.r > 200 && light.g > 200 && light.b > 200, "{light:?}");
            assert_eq!(fill_of(Theme::Contrast, area), Some(Color::rgb(0, 0, 0)));
        }
    }
}
