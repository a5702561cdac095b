//! Drawing the table and the cards as vectors, outlines, banners and the spinner.

use super::*;
use crate::klondike::settings::Back;
use crate::shell::paint::kept;

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
            p.stroke_rect(slot, radius, 3.0, look.slot().0);
            if let Some(&c) = pile.last() {
                draw_card(p, c, slot, face_up, look);
            }
        }
    }
    for (col, slot) in side.tableau.iter().zip(slots) {
        p.stroke_rect(slot, radius, 3.0, look.slot().0);
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

/// How the player sees the cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Look {
    /// Clubs green and diamonds blue, for colour-blind players.
    pub four_colour: bool,
    /// Thoughtful Klondike: face-down cards show their rank and suit on a
    /// small label, still on their backs.
    pub see_through: bool,
    /// The high-contrast theme: black felt, white outlines, black card edges.
    pub contrast: bool,
    /// Corner indices half as large again.
    pub large_indices: bool,
    /// The colour of the backs.
    pub back: Back,
}

impl Look {
    /// The felt, and the stripe drawn across it.
    fn felt(self) -> (Color, Color) {
        if self.contrast {
            (Color::rgb(0, 0, 0), Color::rgb(0, 0, 0))
        } else {
            (FELT, FELT_DARK)
        }
    }

    /// The outline of an empty pile, and the suit drawn in a foundation's.
    fn slot(self) -> (Color, Color) {
        if self.contrast {
            (Color::rgb(255, 255, 255), Color::rgb(0x9a, 0x9a, 0x9a))
        } else {
            (SLOT, SLOT_PIP)
        }
    }

    /// The fill of a card's back.
    fn back(self) -> Color {
        match self.back {
            Back::Blue => BACK,
            Back::Red => Color::rgb(0x9e, 0x22, 0x2c),
            Back::Green => Color::rgb(0x1e, 0x5b, 0x3c),
        }
    }

    /// A card's edge.
    fn edge(self) -> Color {
        if self.contrast {
            Color::rgb(0, 0, 0)
        } else {
            EDGE
        }
    }
}

pub(super) fn ink(card: Card, look: Look) -> Color {
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
    draw_pip_turned(p, suit, c, s, color, false);
}

/// Draws a suit symbol like [`draw_pip`], standing on its head when `turned`
/// (the lower half of a printed card's pips).
pub fn draw_pip_turned(
    p: &mut dyn Painter,
    suit: Suit,
    c: Point,
    s: f64,
    color: Color,
    turned: bool,
) {
    let k = if turned { -s } else { s };
    let at = |dx: f64, dy: f64| Point::new(c.x + dx * s, c.y + dy * k);
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
pub(super) const STAR: [(f64, f64); 10] = [
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
pub(super) fn draw_mark(p: &mut dyn Painter, card: Card, c: Point, s: f64, color: Color) {
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
pub(super) fn index_text(card: Card) -> &'static str {
    if card.is_joker() {
        "JK"
    } else {
        card.rank().face()
    }
}

/// Draws one card, face up or down, in `r`: a picture kept by the painter
/// where it keeps them (see [`kept`]).
pub fn draw_card(p: &mut dyn Painter, card: Card, r: Rect, face_up: bool, look: Look) {
    kept(p, picture_key(card, face_up, look), r, |p| {
        draw_card_art(p, card, r, face_up, look)
    });
}

/// What a card's picture depends on: the card (any back looks alike unless
/// it shows its label), which side is up, and the look.
pub(super) fn picture_key(card: Card, face_up: bool, look: Look) -> u64 {
    let card = if face_up || look.see_through {
        card.index() as u64 + 1
    } else {
        0
    };
    let flags = [
        face_up,
        look.four_colour,
        look.see_through,
        look.contrast,
        look.large_indices,
    ]
    .iter()
    .fold(0u64, |k, &f| k << 1 | u64::from(f));
    card | flags << 8 | (look.back as u64) << 16
}

/// Draws one card's vectors, face up or down, in `r`.
fn draw_card_art(p: &mut dyn Painter, card: Card, r: Rect, face_up: bool, look: Look) {
    let radius = r.w * 0.08;
    if !face_up {
        p.fill_rect(r, radius, look.back());
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
        p.stroke_rect(r, radius, 1.0, look.edge());
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
    p.stroke_rect(r, radius, 1.0, look.edge());
    let color = ink(card, look);
    // The corner index: big enough to read on a phone, where a card is ~45
    // px wide; half as large again when asked, its suit mark moved down.
    // (The large index sits further in, so that a "10" stays on the card.)
    let (index_size, mark_below, inset) = if look.large_indices {
        (r.w * 0.45, r.h * 0.21, 0.26)
    } else {
        (r.w * 0.3, r.h * 0.16, 0.2)
    };
    let left = Point::new(r.x + r.w * inset, r.y + r.h * 0.13);
    p.text(left, index_text(card), index_size, Align::Center, color);
    draw_mark(
        p,
        card,
        Point::new(left.x, left.y + mark_below),
        r.w * 0.2,
        color,
    );
    let right = Point::new(r.x + r.w * 0.8, r.y + r.h * 0.13);
    draw_mark(p, card, right, r.w * 0.2, color);
    if card.is_joker() {
        let centre = Point::new(r.x + r.w * 0.5, r.y + r.h * 0.62);
        draw_mark(p, card, centre, r.w * 0.6, color);
    } else {
        super::face::draw_face(p, card, r, look);
    }
}

/// Draws a card in the hand, lifted off the table: a little larger, over a
/// soft shadow cast down and to the right.
pub fn draw_lifted(p: &mut dyn Painter, card: Card, r: Rect, face_up: bool, look: Look) {
    let radius = CARD.w * 0.08;
    for (d, alpha) in [(10.0, 40), (6.0, 55), (3.0, 70)] {
        let shadow = Rect::new(r.x + d * 0.6, r.y + d, r.w, r.h).inflate(d * 0.3);
        p.fill_rect(shadow, radius + d * 0.3, Color::rgba(0, 0, 0, alpha));
    }
    draw_card(p, card, r.inflate(CARD.w * 0.03), face_up, look);
}

/// Draws the empty table: felt and the outline of every pile; `waste` says
/// whether the layout has a waste (variants whose stock goes onto the piles
/// or the reserves have none).
/// It is one picture, kept by the painter where it keeps them.
pub fn draw_table(p: &mut dyn Painter, layout: &Layout, waste: bool, look: Look) {
    // The felt runs to the screen's edges, whatever the board's shape.
    let felt_area = p.bleed().unwrap_or(Rect::from_size(layout.board));
    let key = table_key(layout, waste, look, felt_area);
    kept(p, key, felt_area, |p| {
        draw_table_art(p, layout, waste, look, felt_area)
    });
}

/// What the empty table's picture depends on: where everything is, whether
/// there is a waste, and the look (a hash, its top bit set to keep it apart
/// from the cards' keys).
fn table_key(layout: &Layout, waste: bool, look: Look, felt_area: Rect) -> u64 {
    let rects = [felt_area, layout.stock, layout.waste]
        .into_iter()
        .chain(layout.foundations.iter().copied())
        .chain(layout.tableau.iter().copied())
        .chain(layout.reserves.iter().copied());
    let mut words = vec![u64::from(waste), picture_key(Card::RED_JOKER, true, look)];
    for r in rects {
        words.extend([r.x, r.y, r.w, r.h].map(f64::to_bits));
    }
    // FNV-1a over the words.
    let hash = words.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &w| {
        (h ^ w).wrapping_mul(0x0000_0100_0000_01b3)
    });
    hash | 1 << 63
}

/// Draws the empty table over `felt_area`.
fn draw_table_art(p: &mut dyn Painter, layout: &Layout, waste: bool, look: Look, felt_area: Rect) {
    let (felt, stripe) = look.felt();
    let (slot, pip) = look.slot();
    p.fill_rect(felt_area, 0.0, felt);
    if stripe != felt {
        let mut y = (felt_area.y / 8.0).floor() * 8.0;
        let mut stripes = Vec::new();
        while y < felt_area.y + felt_area.h {
            let (x0, x1) = (felt_area.x, felt_area.x + felt_area.w);
            stripes.push((Point::new(x0, y), Point::new(x1, y)));
            y += 8.0;
        }
        p.lines(&stripes, 1.0, stripe);
    }
    let radius = CARD.w * 0.08;
    for (i, r) in layout.foundations.iter().enumerate() {
        p.stroke_rect(*r, radius, 3.0, slot);
        draw_pip(p, Suit::ALL[i % 4], r.center(), CARD.w * 0.45, pip);
    }
    let waste = waste.then_some(&layout.waste);
    for r in layout.tableau.iter().chain(&layout.reserves).chain(waste) {
        p.stroke_rect(*r, radius, 3.0, slot);
    }
    p.stroke_rect(layout.stock, radius, 3.0, slot);
    p.stroke_circle(layout.stock.center(), CARD.w * 0.25, 6.0, slot);
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
pub(super) const RING: [(f64, f64); 12] = [
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
    let inside = r.w - 32.0;
    p.text(
        Point::new(r.center().x, r.y + 52.0),
        title,
        fitted(46.0, title, inside),
        Align::Center,
        FOCUS,
    );
    p.text(
        Point::new(r.center().x, r.y + 108.0),
        detail,
        fitted(24.0, detail, inside),
        Align::Center,
        Color::rgb(240, 240, 240),
    );
}

/// The font size, at most `size`, at which `text` fits `width`: the
/// painter cannot measure text, so a line is taken to need two thirds of
/// the size per character (wider than the sans-serif faces' average).
fn fitted(size: f64, text: &str, width: f64) -> f64 {
    let em_per_line = text.chars().count() as f64 * 0.66;
    if em_per_line <= 0.0 {
        size
    } else {
        size.min(width / em_per_line)
    }
}

#[cfg(test)]
mod tests {
    use super::fitted;

    #[test]
    fn banner_lines_shrink_to_fit_and_short_ones_keep_their_size() {
        assert_eq!(fitted(46.0, "You won!", 700.0), 46.0);
        let long = "Finding a medium winnable deal…";
        let size = fitted(46.0, long, 700.0);
        assert!(size < 46.0, "{size}");
        assert!(long.chars().count() as f64 * 0.66 * size <= 700.0);
        assert_eq!(fitted(24.0, "", 700.0), 24.0);
    }
}
