//! The Klondike table: layout and card positions (pure, tested natively),
//! hit-testing, drop targets, and drawing cards as vectors.

use super::cards::{Card, Suit};
use super::rules::{Move, Pile, State};
use crate::shell::geom::{Point, Rect, Size};
use crate::shell::paint::{Align, Color, Painter};

/// A card's size in board units (the poker-card ratio, 5:7).
pub const CARD: Size = Size::new(100.0, 140.0);
const GAP: f64 = 12.0;
const MARGIN: f64 = 16.0;
const MIN_HEIGHT: f64 = 600.0;
const MAX_HEIGHT: f64 = 1800.0;
const FAN_DOWN: f64 = 0.12;
const FAN_UP: f64 = 0.28;
const FAN_WASTE: f64 = 0.24;
/// Double Solitaire: the height of the waiting player's strip, in card heights.
const STRIP: f64 = 1.45;
/// The veil over the waiting player's strip.
const VEIL: Color = Color::rgba(0x14, 0x18, 0x1d, 120);

const FELT: Color = Color::rgb(0x1f, 0x6b, 0x3a);
const FELT_DARK: Color = Color::rgb(0x1c, 0x63, 0x35);
const SLOT: Color = Color::rgba(255, 255, 255, 70);
/// Opaque, so that the overlapping shapes of a pip do not show their seams.
const SLOT_PIP: Color = Color::rgb(0x4f, 0x8c, 0x64);
const FACE: Color = Color::rgb(0xfd, 0xfd, 0xfa);
const EDGE: Color = Color::rgba(0, 0, 0, 90);
const BACK: Color = Color::rgb(0x1d, 0x4e, 0x89);
const BACK_LINE: Color = Color::rgba(255, 255, 255, 70);
const FOCUS: Color = Color::rgb(0xff, 0xd8, 0x6b);
const HINT: Color = Color::rgb(0x7c, 0xe3, 0xff);
/// The label on a see-through face-down card: the face's colour, dimmed.
const SEE_THROUGH: Color = Color::rgba(0xfd, 0xfd, 0xfa, 190);

/// Where the piles sit on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The whole board.
    pub board: Size,
    /// The stock, top left.
    pub stock: Rect,
    /// The waste, beside the stock.
    pub waste: Rect,
    /// The foundations, top right, in [`Foundation::index`] order.
    pub foundations: Vec<Rect>,
    /// The top slot of each tableau pile; piles fan downwards from here.
    pub tableau: Vec<Rect>,
    /// The reserve piles (Agnes), in a row between the top row and the tableau.
    pub reserves: Vec<Rect>,
    /// Double Solitaire: the waiting player's stock, waste and piles, in a
    /// strip across the top (drawn under a veil, never hit-tested).
    pub idle: Vec<Rect>,
}

/// The card slot of column `i` (from 0, left to right) at height `y`.
fn column(i: usize, y: f64) -> Rect {
    Rect::new(MARGIN + i as f64 * (CARD.w + GAP), y, CARD.w, CARD.h)
}

impl Layout {
    /// The layout for `piles` tableau piles and `foundations` foundations in
    /// a viewport of this shape: the table is always as wide as the piles (or
    /// the top row) and grows downwards on tall screens, so a phone in
    /// portrait gets long columns, not tiny cards.
    pub fn new(viewport: Size, piles: usize, foundations: usize) -> Layout {
        let width = Self::width(Self::columns(piles, foundations));
        let height = if viewport.is_empty() {
            MIN_HEIGHT
        } else {
            (width * viewport.h / viewport.w).clamp(MIN_HEIGHT, MAX_HEIGHT)
        };
        Layout::for_board(Size::new(width, height), piles, foundations)
    }

    /// Card columns across the table: the piles, or the stock, the waste and
    /// the foundations, and never fewer than Klondike's seven.
    fn columns(piles: usize, foundations: usize) -> usize {
        piles.max(foundations + 2).max(7)
    }

    fn width(columns: usize) -> f64 {
        let n = columns as f64;
        n * CARD.w + (n - 1.0) * GAP + 2.0 * MARGIN
    }

    /// The layout for a board size that [`Layout::new`] produced.
    pub fn for_board(board: Size, piles: usize, foundations: usize) -> Layout {
        let top = MARGIN;
        let row2 = top + CARD.h + 2.0 * GAP;
        let right = Self::columns(piles, foundations) - foundations;
        Layout {
            board,
            stock: column(0, top),
            waste: column(1, top),
            foundations: (0..foundations).map(|i| column(right + i, top)).collect(),
            tableau: (0..piles).map(|i| column(i, row2)).collect(),
            reserves: Vec::new(),
            idle: Vec::new(),
        }
    }

    /// The same layout under a strip for the waiting player's stock, waste
    /// and `piles` piles (Double Solitaire; nothing when `piles` is 0).
    pub fn with_idle_side(mut self, piles: usize) -> Layout {
        if piles == 0 {
            return self;
        }
        let strip = CARD.h * STRIP + GAP;
        for r in [&mut self.stock, &mut self.waste]
            .into_iter()
            .chain(&mut self.foundations)
            .chain(&mut self.tableau)
            .chain(&mut self.reserves)
        {
            r.y += strip;
        }
        self.idle = (0..piles + 2).map(|i| column(i, MARGIN)).collect();
        self
    }

    /// The board for `state` in a viewport of this shape (see [`Layout::new`]).
    pub fn board_for(viewport: Size, state: &State) -> Size {
        Layout::new(viewport, state.tableau.len(), state.foundations.len()).board
    }

    /// The layout of `state`'s piles on a board from [`Layout::board_for`].
    pub fn of(board: Size, state: &State) -> Layout {
        Layout::for_board(board, state.tableau.len(), state.foundations.len())
            .with_reserves(state.reserves.len())
            .with_idle_side(state.idle.as_ref().map_or(0, |s| s.tableau.len()))
    }

    /// The same layout with a row of `n` reserve piles above the tableau.
    pub fn with_reserves(mut self, n: usize) -> Layout {
        if n == 0 {
            return self;
        }
        let y = self.tableau.first().map_or(MARGIN, |r| r.y);
        self.reserves = (0..n).map(|i| column(i, y)).collect();
        for r in &mut self.tableau {
            r.y += CARD.h + GAP;
        }
        self
    }

    /// The rectangle of a pile's base slot.
    pub fn slot(&self, pile: Pile) -> Rect {
        match pile {
            Pile::Stock => self.stock,
            Pile::Waste => self.waste,
            Pile::Foundation(f) => self
                .foundations
                .get(f.index())
                .copied()
                .unwrap_or(self.stock),
            Pile::Tableau(i) => self
                .tableau
                .get(usize::from(i))
                .copied()
                .unwrap_or(self.stock),
            Pile::Reserve(i) => self
                .reserves
                .get(usize::from(i))
                .copied()
                .unwrap_or(self.stock),
        }
    }

    /// The vertical steps between face-down and face-up cards of a pile, shrunk
    /// together when the pile would run off the bottom of the board.
    pub fn fan(&self, down: usize, up: usize) -> (f64, f64) {
        let (fd, fu) = (FAN_DOWN * CARD.h, FAN_UP * CARD.h);
        let room = self.board.h - MARGIN - CARD.h - self.tableau.first().map_or(0.0, |r| r.y);
        let need = down as f64 * fd + up.saturating_sub(1) as f64 * fu;
        if need <= room || need <= 0.0 {
            (fd, fu)
        } else {
            let k = (room / need).max(0.2);
            (fd * k, fu * k)
        }
    }
}

/// One card on the table, as drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprite {
    /// The card.
    pub card: Card,
    /// Where it is drawn.
    pub rect: Rect,
    /// Whether its face shows.
    pub face_up: bool,
    /// The pile it is in.
    pub pile: Pile,
    /// Its position in the pile, 0 at the bottom.
    pub index: usize,
}

/// Every card of `state` in drawing order (bottom first).
pub fn scene(state: &State, layout: &Layout) -> Vec<Sprite> {
    let mut out = Vec::with_capacity(52);
    for (i, &card) in state.stock.iter().enumerate() {
        out.push(Sprite {
            card,
            rect: layout.stock,
            face_up: false,
            pile: Pile::Stock,
            index: i,
        });
    }
    let fanned = if state.rules.draw > 1 { 3 } else { 1 };
    let first_fanned = state.waste.len().saturating_sub(fanned);
    for (i, &card) in state.waste.iter().enumerate() {
        let step = i.saturating_sub(first_fanned) as f64;
        let mut rect = layout.waste;
        rect.x += step * FAN_WASTE * CARD.w;
        out.push(Sprite {
            card,
            rect,
            face_up: true,
            pile: Pile::Waste,
            index: i,
        });
    }
    for f in state.rules.foundations() {
        for i in 0..state.foundation_len(f) {
            let Some(card) = state.foundation_card_at(f, i) else {
                continue;
            };
            out.push(Sprite {
                card,
                rect: layout.slot(Pile::Foundation(f)),
                face_up: true,
                pile: Pile::Foundation(f),
                index: usize::from(i),
            });
        }
    }
    for (r, pile) in state.reserves.iter().enumerate() {
        for (i, &card) in pile.iter().enumerate() {
            out.push(Sprite {
                card,
                rect: layout.slot(Pile::Reserve(r as u8)),
                face_up: true,
                pile: Pile::Reserve(r as u8),
                index: i,
            });
        }
    }
    for (p, col) in state.tableau.iter().enumerate() {
        let down = usize::from(col.down).min(col.cards.len());
        let (fd, fu) = layout.fan(down, col.cards.len() - down);
        let mut rect = layout.tableau[p];
        for (i, &card) in col.cards.iter().enumerate() {
            let face_up = i >= down;
            out.push(Sprite {
                card,
                rect,
                face_up,
                pile: Pile::Tableau(p as u8),
                index: i,
            });
            rect.y += if face_up { fu } else { fd };
        }
    }
    out
}

/// Double Solitaire: draws the waiting player's half of the table in its
/// strip, under a veil, with their name and the cards they have put up.
pub fn draw_idle_side(p: &mut dyn Painter, state: &State, layout: &Layout, look: Look) {
    let Some(side) = &state.idle else {
        return;
    };
    let radius = CARD.w * 0.08;
    let room = CARD.h * (STRIP - 1.0);
    let mut slots = layout.idle.iter().copied();
    for (pile, face_up) in [(&side.stock, false), (&side.waste, true)] {
        if let Some(slot) = slots.next() {
            p.stroke_rect(slot, radius, 3.0, SLOT);
            if let Some(&c) = pile.last() {
                draw_card(p, c, slot, face_up, look);
            }
        }
    }
    for (col, slot) in side.tableau.iter().zip(slots) {
        p.stroke_rect(slot, radius, 3.0, SLOT);
        let step = (room / col.cards.len().max(2) as f64).min(FAN_UP * CARD.h);
        for (i, &c) in col.cards.iter().enumerate() {
            let r = Rect::new(slot.x, slot.y + i as f64 * step, slot.w, slot.h);
            draw_card(p, c, r, i >= usize::from(col.down), look);
        }
    }
    let strip = Rect::new(0.0, 0.0, layout.board.w, MARGIN + CARD.h * STRIP);
    p.fill_rect(strip, 0.0, VEIL);
    // Their name and count beside their last pile.
    let other = usize::from(state.turn ^ 1);
    let x = layout.idle.last().map_or(MARGIN, |r| r.x + r.w + GAP);
    let size = CARD.h * 0.15;
    let name = format!("Player {}", other + 1);
    p.text(Point::new(x, MARGIN + size), &name, size, Align::Left, FACE);
    let up = format!("{} up", state.played[other]);
    p.text(
        Point::new(x, MARGIN + size * 2.4),
        &up,
        size,
        Align::Left,
        FACE,
    );
}

/// The top-most card under `p`, if any.
pub fn sprite_at(sprites: &[Sprite], p: Point) -> Option<Sprite> {
    sprites.iter().rev().find(|s| s.rect.contains(p)).copied()
}

/// The pile whose slot or cards are under `p` (empty piles count by their slot).
pub fn pile_at(state: &State, layout: &Layout, sprites: &[Sprite], p: Point) -> Option<Pile> {
    if let Some(s) = sprite_at(sprites, p) {
        return Some(s.pile);
    }
    let mut piles = vec![Pile::Stock, Pile::Waste];
    piles.extend(state.rules.foundations().map(Pile::Foundation));
    piles.extend((0..state.reserves.len() as u8).map(Pile::Reserve));
    piles.extend((0..state.tableau.len() as u8).map(Pile::Tableau));
    piles
        .into_iter()
        .find(|&pile| layout.slot(pile).contains(p))
}

/// What the player may pick up at a sprite: the pile and how many cards from the top.
pub fn grab(state: &State, sprite: &Sprite) -> Option<(Pile, u8)> {
    match sprite.pile {
        Pile::Stock => None,
        Pile::Waste => (sprite.index + 1 == state.waste.len()).then_some((Pile::Waste, 1)),
        Pile::Foundation(f) => {
            (sprite.index + 1 == usize::from(state.foundation_len(f))).then_some((sprite.pile, 1))
        }
        Pile::Tableau(i) => {
            let col = state.tableau.get(usize::from(i))?;
            (sprite.face_up && sprite.index < col.cards.len())
                .then(|| (sprite.pile, (col.cards.len() - sprite.index) as u8))
        }
        Pile::Reserve(i) => (sprite.index + 1 == state.reserves.get(usize::from(i))?.len())
            .then_some((sprite.pile, 1)),
    }
}

/// The move that takes `count` cards from `from` to `to`, if such a move exists.
pub fn move_between(from: Pile, count: u8, to: Pile) -> Option<Move> {
    Some(match (from, to) {
        (Pile::Waste, Pile::Foundation(_)) if count == 1 => Move::WasteToFoundation,
        (Pile::Waste, Pile::Tableau(t)) if count == 1 => Move::WasteToTableau(t),
        (Pile::Tableau(f), Pile::Foundation(_)) if count == 1 => Move::TableauToFoundation(f),
        (Pile::Tableau(f), Pile::Tableau(t)) => Move::TableauToTableau {
            from: f,
            to: t,
            count,
        },
        (Pile::Foundation(s), Pile::Tableau(t)) if count == 1 => Move::FoundationToTableau(s, t),
        (Pile::Reserve(r), Pile::Foundation(_)) if count == 1 => Move::ReserveToFoundation(r),
        (Pile::Reserve(r), Pile::Tableau(t)) if count == 1 => Move::ReserveToTableau(r, t),
        _ => return None,
    })
}

/// The area that counts as "on" a pile for a drop: its slot down to its last card.
fn drop_zone(sprites: &[Sprite], layout: &Layout, pile: Pile) -> Rect {
    let slot = layout.slot(pile);
    let bottom = sprites
        .iter()
        .filter(|s| s.pile == pile)
        .map(|s| s.rect.y + s.rect.h)
        .fold(slot.y + slot.h, f64::max);
    Rect::new(slot.x, slot.y, slot.w, bottom - slot.y)
}

fn overlap(a: Rect, b: Rect) -> f64 {
    let w = (a.x + a.w).min(b.x + b.w) - a.x.max(b.x);
    let h = (a.y + a.h).min(b.y + b.h) - a.y.max(b.y);
    if w > 0.0 && h > 0.0 {
        w * h
    } else {
        0.0
    }
}

/// Where a dragged run lands: of the legal destinations, the one the dragged
/// card overlaps most, or failing that the nearest within a card's width.
pub fn drop_target(
    state: &State,
    layout: &Layout,
    sprites: &[Sprite],
    from: Pile,
    count: u8,
    dragged: Rect,
) -> Option<Move> {
    let mut piles: Vec<Pile> = state.rules.foundations().map(Pile::Foundation).collect();
    piles.extend((0..state.tableau.len() as u8).map(Pile::Tableau));
    let centre = dragged.center();
    piles
        .into_iter()
        .filter(|&p| p != from)
        .filter_map(|p| {
            let mv = move_between(from, count, p)?;
            state.check(mv).ok()?;
            let zone = drop_zone(sprites, layout, p);
            let area = overlap(zone, dragged);
            let near = zone.inflate(CARD.w * 0.35).contains(centre);
            (area > 0.0 || near).then(|| (area, -zone.center().distance(centre), mv))
        })
        .max_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)))
        .map(|(_, _, mv)| mv)
}

/// How the player sees the cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Look {
    /// Clubs green and diamonds blue, for colour-blind players.
    pub four_colour: bool,
    /// Thoughtful Klondike: face-down cards show their rank and suit on a
    /// small label, still on their backs.
    pub see_through: bool,
}

fn ink(card: Card, look: Look) -> Color {
    match (card.suit(), look.four_colour) {
        (Suit::Hearts, _) => Color::rgb(0xc6, 0x28, 0x28),
        (Suit::Diamonds, false) => Color::rgb(0xc6, 0x28, 0x28),
        (Suit::Diamonds, true) => Color::rgb(0x15, 0x65, 0xc0),
        (Suit::Clubs, true) => Color::rgb(0x1b, 0x7a, 0x2b),
        (Suit::Clubs, false) | (Suit::Spades, _) => Color::rgb(0x1b, 0x1b, 0x1b),
    }
}

/// Draws a suit symbol as vector shapes, centred on `c`, `s` units tall.
pub fn draw_pip(p: &mut dyn Painter, suit: Suit, c: Point, s: f64, color: Color) {
    let at = |dx: f64, dy: f64| Point::new(c.x + dx * s, c.y + dy * s);
    match suit {
        Suit::Diamonds => p.fill_polygon(
            &[at(0.0, -0.5), at(0.38, 0.0), at(0.0, 0.5), at(-0.38, 0.0)],
            color,
        ),
        Suit::Hearts => {
            p.fill_circle(at(-0.22, -0.15), 0.25 * s, color);
            p.fill_circle(at(0.22, -0.15), 0.25 * s, color);
            p.fill_polygon(&[at(-0.46, -0.08), at(0.46, -0.08), at(0.0, 0.47)], color);
        }
        Suit::Spades => {
            p.fill_circle(at(-0.22, 0.08), 0.24 * s, color);
            p.fill_circle(at(0.22, 0.08), 0.24 * s, color);
            p.fill_polygon(&[at(-0.45, 0.02), at(0.45, 0.02), at(0.0, -0.48)], color);
            p.fill_polygon(&[at(0.0, 0.1), at(-0.14, 0.5), at(0.14, 0.5)], color);
        }
        Suit::Clubs => {
            p.fill_circle(at(0.0, -0.24), 0.2 * s, color);
            p.fill_circle(at(-0.23, 0.06), 0.2 * s, color);
            p.fill_circle(at(0.23, 0.06), 0.2 * s, color);
            p.fill_polygon(&[at(0.0, -0.05), at(-0.14, 0.5), at(0.14, 0.5)], color);
        }
    }
}

/// A five-pointed star one unit tall, centred on the origin (the jokers' mark).
const STAR: [(f64, f64); 10] = [
    (0.0, -0.5),
    (0.118, -0.162),
    (0.476, -0.155),
    (0.19, 0.062),
    (0.294, 0.405),
    (0.0, 0.2),
    (-0.294, 0.405),
    (-0.19, 0.062),
    (-0.476, -0.155),
    (-0.118, -0.162),
];

/// Draws a card's mark, centred on `c`, `s` units tall: its suit, or a star for a joker.
fn draw_mark(p: &mut dyn Painter, card: Card, c: Point, s: f64, color: Color) {
    if card.is_joker() {
        let pts: Vec<Point> = STAR
            .iter()
            .map(|&(x, y)| Point::new(c.x + x * s, c.y + y * s))
            .collect();
        p.fill_polygon(&pts, color);
    } else {
        draw_pip(p, card.suit(), c, s, color);
    }
}

/// The corner index of a card: its rank, or `JK` for a joker.
fn index_text(card: Card) -> &'static str {
    if card.is_joker() {
        "JK"
    } else {
        card.rank().face()
    }
}

/// Draws one card, face up or down, in `r`.
pub fn draw_card(p: &mut dyn Painter, card: Card, r: Rect, face_up: bool, look: Look) {
    let radius = r.w * 0.08;
    if !face_up {
        p.fill_rect(r, radius, BACK);
        let inner = r.inflate(-r.w * 0.08);
        p.stroke_rect(inner, radius * 0.6, 1.5, BACK_LINE);
        // A lattice of small diamonds.
        let (cols, rows) = (4, 6);
        for i in 0..cols {
            for j in 0..rows {
                let c = Point::new(
                    inner.x + inner.w * (i as f64 + 0.5) / cols as f64,
                    inner.y + inner.h * (j as f64 + 0.5) / rows as f64,
                );
                let (dx, dy) = (inner.w / cols as f64 * 0.35, inner.h / rows as f64 * 0.35);
                p.stroke_polygon(
                    &[
                        Point::new(c.x, c.y - dy),
                        Point::new(c.x + dx, c.y),
                        Point::new(c.x, c.y + dy),
                        Point::new(c.x - dx, c.y),
                    ],
                    1.2,
                    BACK_LINE,
                );
            }
        }
        p.stroke_rect(r, radius, 1.0, EDGE);
        if look.see_through {
            // A label in the strip that shows in a fanned pile.
            let label = Rect::new(r.x + r.w * 0.06, r.y + r.h * 0.015, r.w * 0.5, r.h * 0.1);
            p.fill_rect(label, label.h * 0.3, SEE_THROUGH);
            let color = ink(card, look);
            let mid = label.y + label.h / 2.0;
            p.text(
                Point::new(label.x + label.w * 0.3, mid),
                index_text(card),
                label.h * 0.85,
                Align::Center,
                color,
            );
            draw_mark(
                p,
                card,
                Point::new(label.x + label.w * 0.72, mid),
                label.h * 0.7,
                color,
            );
        }
        return;
    }
    p.fill_rect(r, radius, FACE);
    p.stroke_rect(r, radius, 1.0, EDGE);
    let color = ink(card, look);
    // The corner index: big enough to read on a phone, where a card is ~45 px wide.
    let index_size = r.w * 0.3;
    let left = Point::new(r.x + r.w * 0.2, r.y + r.h * 0.13);
    p.text(left, index_text(card), index_size, Align::Center, color);
    draw_mark(
        p,
        card,
        Point::new(left.x, left.y + r.h * 0.16),
        r.w * 0.2,
        color,
    );
    let right = Point::new(r.x + r.w * 0.8, r.y + r.h * 0.13);
    draw_mark(p, card, right, r.w * 0.2, color);
    let centre = Point::new(r.x + r.w * 0.5, r.y + r.h * 0.62);
    match card.rank().value() {
        _ if card.is_joker() => draw_mark(p, card, centre, r.w * 0.6, color),
        11..=13 => {
            let frame = Rect::new(r.x + r.w * 0.22, r.y + r.h * 0.36, r.w * 0.56, r.h * 0.54);
            p.stroke_rect(frame, r.w * 0.04, 1.5, color);
            p.text(
                Point::new(centre.x, centre.y - r.h * 0.06),
                card.rank().face(),
                r.w * 0.34,
                Align::Center,
                color,
            );
            draw_pip(
                p,
                card.suit(),
                Point::new(centre.x, centre.y + r.h * 0.14),
                r.w * 0.18,
                color,
            );
        }
        _ => draw_pip(p, card.suit(), centre, r.w * 0.42, color),
    }
}

/// Draws the empty table: felt and the outline of every pile; `waste` says
/// whether the layout has a waste (variants whose stock goes onto the piles
/// or the reserves have none).
pub fn draw_table(p: &mut dyn Painter, layout: &Layout, waste: bool) {
    p.fill_rect(Rect::from_size(layout.board), 0.0, FELT);
    let mut y = 0.0;
    while y < layout.board.h {
        p.line(
            Point::new(0.0, y),
            Point::new(layout.board.w, y),
            1.0,
            FELT_DARK,
        );
        y += 8.0;
    }
    let radius = CARD.w * 0.08;
    for (i, r) in layout.foundations.iter().enumerate() {
        p.stroke_rect(*r, radius, 3.0, SLOT);
        draw_pip(p, Suit::ALL[i % 4], r.center(), CARD.w * 0.45, SLOT_PIP);
    }
    let waste = waste.then_some(&layout.waste);
    for r in layout.tableau.iter().chain(&layout.reserves).chain(waste) {
        p.stroke_rect(*r, radius, 3.0, SLOT);
    }
    p.stroke_rect(layout.stock, radius, 3.0, SLOT);
    p.stroke_circle(layout.stock.center(), CARD.w * 0.25, 6.0, SLOT);
}

/// The rectangle of a pile's top card, or its slot when empty.
pub fn pile_rect(sprites: &[Sprite], layout: &Layout, pile: Pile) -> Rect {
    sprites
        .iter()
        .rev()
        .find(|s| s.pile == pile)
        .map_or(layout.slot(pile), |s| s.rect)
}

/// The rectangle covering the top `depth` cards of a pile (its slot when empty).
pub fn focus_rect(sprites: &[Sprite], layout: &Layout, pile: Pile, depth: u8) -> Rect {
    let cards: Vec<&Sprite> = sprites.iter().filter(|s| s.pile == pile).collect();
    let from = cards.len().saturating_sub(usize::from(depth.max(1)));
    match (cards.get(from), cards.last()) {
        (Some(first), Some(last)) => {
            let x = first.rect.x.min(last.rect.x);
            let y = first.rect.y.min(last.rect.y);
            let right = (first.rect.x + first.rect.w).max(last.rect.x + last.rect.w);
            let bottom = (first.rect.y + first.rect.h).max(last.rect.y + last.rect.h);
            Rect::new(x, y, right - x, bottom - y)
        }
        _ => layout.slot(pile),
    }
}

/// Crosses out the stock's slot when no redeal is left.
pub fn draw_no_redeal(p: &mut dyn Painter, slot: Rect) {
    p.cross(slot.center(), CARD.w * 0.22, 6.0, SLOT);
}

/// Outlines a rectangle to show focus or a hint.
pub fn draw_outline(p: &mut dyn Painter, r: Rect, hint: bool) {
    p.stroke_rect(
        r.inflate(3.0),
        CARD.w * 0.1,
        4.0,
        if hint { HINT } else { FOCUS },
    );
}

/// The twelve clock positions on a unit circle, clockwise from three o'clock
/// (a table, so the web build needs no trigonometry code).
const RING: [(f64, f64); 12] = [
    (1.0, 0.0),
    (0.866, 0.5),
    (0.5, 0.866),
    (0.0, 1.0),
    (-0.5, 0.866),
    (-0.866, 0.5),
    (-1.0, 0.0),
    (-0.866, -0.5),
    (-0.5, -0.866),
    (0.0, -1.0),
    (0.5, -0.866),
    (0.866, -0.5),
];

/// Draws a ring of dots turning with time, under the banner.
pub fn draw_spinner(p: &mut dyn Painter, board: Size, now: f64) {
    let c = Point::new(board.w / 2.0, board.h * 0.38 + 200.0);
    let lit = ((now / 90.0) as i64).rem_euclid(12);
    for (i, (dx, dy)) in RING.iter().enumerate() {
        let at = Point::new(c.x + 26.0 * dx, c.y + 26.0 * dy);
        let alpha = 60 + (((i as i64 - lit).rem_euclid(12)) * 16) as u8;
        p.fill_circle(at, 5.0, Color::rgba(255, 216, 107, alpha));
    }
}

/// Draws a banner across the middle of the board.
pub fn draw_banner(p: &mut dyn Painter, board: Size, title: &str, detail: &str) {
    let r = Rect::new(board.w * 0.1, board.h * 0.38, board.w * 0.8, 150.0);
    p.fill_rect(r, 16.0, Color::rgba(10, 20, 14, 220));
    p.stroke_rect(r, 16.0, 3.0, FOCUS);
    p.text(
        Point::new(r.center().x, r.y + 52.0),
        title,
        46.0,
        Align::Center,
        FOCUS,
    );
    p.text(
        Point::new(r.center().x, r.y + 108.0),
        detail,
        24.0,
        Align::Center,
        Color::rgb(240, 240, 240),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::klondike::rules::Rules;
    use crate::shell::paint::{Op, Recorder};
    use crate::util::rng::Seed;

    fn deal() -> State {
        State::deal(Rules::default(), Seed(42))
    }

    #[test]
    fn phone_portrait_gets_a_tall_board_desktop_a_wide_one() {
        let phone = Layout::new(Size::new(360.0, 640.0), 7, 4);
        assert!(phone.board.is_portrait());
        let desk = Layout::new(Size::new(3840.0, 2160.0), 7, 4);
        assert!(!desk.board.is_portrait());
        assert_eq!(phone.board.w, desk.board.w);
    }

    #[test]
    fn piles_do_not_overlap_and_fit_the_board() {
        let l = Layout::new(Size::new(1280.0, 800.0), 7, 4);
        let mut all = vec![l.stock, l.waste];
        all.extend(l.foundations.iter().copied());
        all.extend(l.tableau.iter().copied());
        for (i, a) in all.iter().enumerate() {
            assert!(a.x >= 0.0 && a.x + a.w <= l.board.w && a.y + a.h <= l.board.h);
            for b in &all[i + 1..] {
                assert_eq!(overlap(*a, *b), 0.0, "{a:?} overlaps {b:?}");
            }
        }
    }

    #[test]
    fn the_scene_has_every_card_once_and_long_piles_fit() {
        let s = deal();
        let l = Layout::new(Size::new(1280.0, 700.0), 7, 4);
        let sprites = scene(&s, &l);
        assert_eq!(sprites.len(), 52);
        let mut cards: Vec<Card> = sprites.iter().map(|sp| sp.card).collect();
        cards.sort();
        cards.dedup();
        assert_eq!(cards.len(), 52);
        // A pile of 19 face-up cards still ends on the board.
        let (fd, fu) = l.fan(6, 13);
        assert!(l.tableau[0].y + 6.0 * fd + 12.0 * fu + CARD.h <= l.board.h + 1e-9);
    }

    #[test]
    fn hit_testing_finds_the_top_card_and_what_can_be_grabbed() {
        let s = deal();
        let l = Layout::new(Size::new(1280.0, 800.0), 7, 4);
        let sprites = scene(&s, &l);
        // The face-up card at the end of pile 7.
        let last = sprites
            .iter()
            .rev()
            .find(|sp| sp.pile == Pile::Tableau(6))
            .unwrap();
        let hit = sprite_at(&sprites, last.rect.center()).unwrap();
        assert_eq!(hit.card, s.tableau[6].cards[6]);
        assert_eq!(grab(&s, &hit), Some((Pile::Tableau(6), 1)));
        // A face-down card cannot be grabbed.
        let under = sprite_at(
            &sprites,
            Point::new(l.tableau[6].x + 5.0, l.tableau[6].y + 5.0),
        )
        .unwrap();
        assert!(!under.face_up);
        assert_eq!(grab(&s, &under), None);
        assert_eq!(
            pile_at(&s, &l, &sprites, l.stock.center()),
            Some(Pile::Stock)
        );
        assert_eq!(
            pile_at(&s, &l, &sprites, l.foundations[2].center()),
            Some(Pile::Foundation(Suit::Hearts.into()))
        );
    }

    #[test]
    fn a_drop_near_a_legal_pile_lands_there() {
        use crate::klondike::rules::Column;
        let c = |s: &str| s.parse::<Card>().unwrap();
        let s = State::new(
            Rules::default(),
            vec![
                Column {
                    cards: vec![c("9H")],
                    down: 0,
                },
                Column {
                    cards: vec![c("TS")],
                    down: 0,
                },
                Column {
                    cards: vec![c("TC")],
                    down: 0,
                },
                Column::default(),
            ],
            vec![],
        );
        let l = Layout::new(Size::new(1280.0, 800.0), 4, 4);
        let sprites = scene(&s, &l);
        // Dropped mostly over pile 3 (the ten of clubs), a little over pile 2.
        let mut r = l.tableau[2];
        r.x -= CARD.w * 0.3;
        r.y += 30.0;
        assert_eq!(
            drop_target(&s, &l, &sprites, Pile::Tableau(0), 1, r),
            Some(Move::TableauToTableau {
                from: 0,
                to: 2,
                count: 1
            })
        );
        // Near nothing legal: the empty pile takes only kings.
        let far = Rect::new(l.tableau[3].x, l.tableau[3].y + 40.0, CARD.w, CARD.h);
        assert_eq!(
            drop_target(&s, &l, &sprites, Pile::Tableau(0), 1, far),
            None
        );
        // Onto the card's own pile: no move.
        assert_eq!(
            drop_target(&s, &l, &sprites, Pile::Tableau(0), 1, l.tableau[0]),
            None
        );
    }

    #[test]
    fn cards_draw_with_corner_index_and_four_colours() {
        let mut r = Recorder::default();
        let card: Card = "TD".parse().unwrap();
        draw_card(
            &mut r,
            card,
            Rect::new(0.0, 0.0, CARD.w, CARD.h),
            true,
            Look {
                four_colour: true,
                ..Look::default()
            },
        );
        assert_eq!(r.texts(), vec!["10"]);
        let blue = Color::rgb(0x15, 0x65, 0xc0);
        assert!(r
            .ops
            .iter()
            .any(|op| matches!(op, Op::FillPolygon(_, col) if *col == blue)));
        let mut r = Recorder::default();
        draw_card(
            &mut r,
            card,
            Rect::new(0.0, 0.0, CARD.w, CARD.h),
            false,
            Look::default(),
        );
        assert!(r.texts().is_empty(), "a face-down card shows nothing");
        // Thoughtful Klondike: still a back, but labelled.
        let mut r = Recorder::default();
        let look = Look {
            see_through: true,
            ..Look::default()
        };
        draw_card(
            &mut r,
            card,
            Rect::new(0.0, 0.0, CARD.w, CARD.h),
            false,
            look,
        );
        assert_eq!(r.texts(), vec!["10"]);
        assert!(r
            .ops
            .iter()
            .any(|op| matches!(op, Op::FillRect(_, col) if *col == BACK)));
    }

    #[test]
    fn a_joker_shows_jk_and_stars_in_its_colour() {
        let mut r = Recorder::default();
        let rect = Rect::new(0.0, 0.0, CARD.w, CARD.h);
        draw_card(&mut r, Card::RED_JOKER, rect, true, Look::default());
        assert_eq!(r.texts(), vec!["JK"]);
        let red = ink(Card::RED_JOKER, Look::default());
        let stars = r
            .ops
            .iter()
            .filter(|op| matches!(op, Op::FillPolygon(pts, col) if pts.len() == STAR.len() && *col == red))
            .count();
        assert_eq!(stars, 3, "two corners and the centre");
        assert_ne!(red, ink(Card::BLACK_JOKER, Look::default()));
    }
}
