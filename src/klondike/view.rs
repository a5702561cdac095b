//! The Klondike table: layout (pure, tested natively) and drawing.

use crate::geom::{Point, Rect, Size};
use crate::paint::{Align, Color, Painter};

/// A card's size in board units (the poker-card ratio, 5:7).
pub const CARD: Size = Size::new(100.0, 140.0);
const GAP: f64 = 12.0;
const MARGIN: f64 = 16.0;
const COLUMNS: usize = 7;
const MIN_HEIGHT: f64 = 560.0;
const MAX_HEIGHT: f64 = 1800.0;

const FELT: Color = Color::rgb(0x1f, 0x6b, 0x3a);
const FELT_DARK: Color = Color::rgb(0x17, 0x55, 0x2d);
const SLOT: Color = Color::rgba(255, 255, 255, 70);

/// Where everything sits on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The whole board.
    pub board: Size,
    /// The stock, top left.
    pub stock: Rect,
    /// The waste, beside the stock.
    pub waste: Rect,
    /// The four foundations, top right.
    pub foundations: [Rect; 4],
    /// The top card slot of each tableau pile; piles fan downwards from here.
    pub tableau: [Rect; COLUMNS],
}

impl Layout {
    /// The layout for a viewport of this shape: the table is always seven cards
    /// wide and grows downwards on tall screens, so a phone in portrait gets
    /// long tableau columns instead of tiny cards.
    pub fn new(viewport: Size) -> Layout {
        let width = COLUMNS as f64 * CARD.w + (COLUMNS - 1) as f64 * GAP + 2.0 * MARGIN;
        let height = if viewport.is_empty() {
            MIN_HEIGHT
        } else {
            (width * viewport.h / viewport.w).clamp(MIN_HEIGHT, MAX_HEIGHT)
        };
        Layout::for_board(Size::new(width, height))
    }

    /// The layout for a board size that [`Layout::new`] produced.
    pub fn for_board(board: Size) -> Layout {
        let col =
            |i: usize, y: f64| Rect::new(MARGIN + i as f64 * (CARD.w + GAP), y, CARD.w, CARD.h);
        let top = MARGIN;
        let row2 = top + CARD.h + 2.0 * GAP;
        Layout {
            board,
            stock: col(0, top),
            waste: col(1, top),
            foundations: [col(3, top), col(4, top), col(5, top), col(6, top)],
            tableau: std::array::from_fn(|i| col(i, row2)),
        }
    }

    /// The pile slot under `p`, if any.
    pub fn slot_at(&self, p: Point) -> Option<Slot> {
        if self.stock.contains(p) {
            return Some(Slot::Stock);
        }
        if self.waste.contains(p) {
            return Some(Slot::Waste);
        }
        if let Some(i) = self.foundations.iter().position(|r| r.contains(p)) {
            return Some(Slot::Foundation(i as u8));
        }
        self.tableau
            .iter()
            .position(|r| p.x >= r.x && p.x < r.x + r.w && p.y >= r.y && p.y < self.board.h)
            .map(|i| Slot::Tableau(i as u8))
    }
}

/// A place on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// The face-down stock.
    Stock,
    /// The face-up waste.
    Waste,
    /// A foundation, 0–3 from the left.
    Foundation(u8),
    /// A tableau pile, 0–6 from the left (the whole column below its top slot).
    Tableau(u8),
}

/// Draws the empty table: felt and the outline of every pile.
pub fn draw_table(p: &mut dyn Painter, layout: &Layout) {
    p.fill_rect(Rect::from_size(layout.board), 0.0, FELT);
    // A faint weave so the felt reads as cloth rather than flat paint.
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
        p.text(
            r.center(),
            ["♠", "♥", "♦", "♣"][i],
            CARD.w * 0.45,
            Align::Center,
            SLOT,
        );
    }
    for r in layout.tableau.iter().chain([&layout.waste]) {
        p.stroke_rect(*r, radius, 3.0, SLOT);
    }
    p.stroke_rect(layout.stock, radius, 3.0, SLOT);
    p.stroke_circle(layout.stock.center(), CARD.w * 0.25, 6.0, SLOT);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paint::{Op, Recorder};

    #[test]
    fn phone_portrait_gets_a_tall_board_desktop_a_wide_one() {
        let phone = Layout::new(Size::new(360.0, 640.0));
        assert!(phone.board.is_portrait());
        let desk = Layout::new(Size::new(3840.0, 2160.0));
        assert!(!desk.board.is_portrait());
        assert_eq!(phone.board.w, desk.board.w);
        assert_eq!(desk.board.h, MIN_HEIGHT);
    }

    #[test]
    fn piles_do_not_overlap_and_fit_the_board() {
        let l = Layout::new(Size::new(1280.0, 800.0));
        let mut all = vec![l.stock, l.waste];
        all.extend(l.foundations);
        all.extend(l.tableau);
        for (i, a) in all.iter().enumerate() {
            assert!(a.x >= 0.0 && a.x + a.w <= l.board.w && a.y + a.h <= l.board.h);
            for b in &all[i + 1..] {
                let apart =
                    a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
                assert!(apart, "{a:?} overlaps {b:?}");
            }
        }
    }

    #[test]
    fn hit_testing_finds_each_slot() {
        let l = Layout::new(Size::new(1280.0, 800.0));
        assert_eq!(l.slot_at(l.stock.center()), Some(Slot::Stock));
        assert_eq!(l.slot_at(l.waste.center()), Some(Slot::Waste));
        assert_eq!(
            l.slot_at(l.foundations[2].center()),
            Some(Slot::Foundation(2))
        );
        let low = Point::new(l.tableau[6].center().x, l.board.h - 1.0);
        assert_eq!(
            l.slot_at(low),
            Some(Slot::Tableau(6)),
            "the column runs to the bottom"
        );
        assert_eq!(l.slot_at(Point::new(1.0, 1.0)), None);
    }

    #[test]
    fn the_table_draws_felt_and_every_slot() {
        let l = Layout::new(Size::new(800.0, 600.0));
        let mut r = Recorder::default();
        draw_table(&mut r, &l);
        assert_eq!(r.ops[0], Op::FillRect(Rect::from_size(l.board), FELT));
        assert_eq!(r.count(|op| matches!(op, Op::StrokeRect(..))), 13);
        assert_eq!(r.texts(), vec!["♠", "♥", "♦", "♣"]);
    }
}
