//! Where the piles sit, and where each card is drawn (pure, tested natively).

use super::*;
use crate::klondike::rules::StockRule;
use crate::shell::geom::clamp;

/// Where the piles sit on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// The whole board.
    pub board: Size,
    /// The stock, top left.
    pub stock: Rect,
    /// The waste, beside the stock.
    pub waste: Rect,
    /// The foundations, top right, in [`Foundation::index`](crate::klondike::rules::Foundation::index) order.
    pub foundations: Vec<Rect>,
    /// The top slot of each tableau pile; piles fan downwards from here.
    pub tableau: Vec<Rect>,
    /// The reserve piles (Agnes), in a row between the top row and the tableau.
    pub reserves: Vec<Rect>,
    /// Double Solitaire: the waiting player's stock, waste and piles, in a
    /// strip across the top (drawn under a veil, never hit-tested).
    pub idle: Vec<Rect>,
    /// The way the waste fans: 1 to the right, -1 to the left (left-handed).
    pub waste_fan: f64,
}

/// The card slot of column `i` (from 0, left to right) at height `y`.
pub(super) fn column(i: usize, y: f64) -> Rect {
    Rect::new(MARGIN + i as f64 * (CARD.w + GAP), y, CARD.w, CARD.h)
}

impl Layout {
    /// The layout for `piles` tableau piles and `foundations` foundations in
    /// a viewport of this shape: the table is always as wide as the piles (or
    /// the top row) and grows downwards on tall screens, so a phone in
    /// portrait gets long columns, not tiny cards.
    pub fn new(viewport: Size, piles: usize, foundations: usize) -> Layout {
        Layout::shaped(viewport, piles, foundations, true)
    }

    /// [`Layout::new`], for a table with or without a waste: without one,
    /// the foundations start beside the stock, so the top row is a card
    /// narrower (Triple Easthaven's twelve foundations on a phone).
    fn shaped(viewport: Size, piles: usize, foundations: usize, waste: bool) -> Layout {
        let width = Self::width(Self::columns(piles, foundations, waste));
        let height = if viewport.is_empty() {
            MIN_HEIGHT
        } else {
            clamp(width * viewport.h / viewport.w, MIN_HEIGHT, MAX_HEIGHT)
        };
        Layout::table(Size::new(width, height), piles, foundations, waste)
    }

    /// Card columns across the table: the piles, or the stock, the waste
    /// (if any) and the foundations, and never fewer than Klondike's seven.
    fn columns(piles: usize, foundations: usize, waste: bool) -> usize {
        piles.max(foundations + 1 + usize::from(waste)).max(7)
    }

    fn width(columns: usize) -> f64 {
        let n = columns as f64;
        n * CARD.w + (n - 1.0) * GAP + 2.0 * MARGIN
    }

    /// The layout for a board size that [`Layout::new`] produced.
    pub fn for_board(board: Size, piles: usize, foundations: usize) -> Layout {
        Layout::table(board, piles, foundations, true)
    }

    fn table(board: Size, piles: usize, foundations: usize, waste: bool) -> Layout {
        let top = MARGIN;
        let row2 = top + CARD.h + 2.0 * GAP;
        let right = Self::columns(piles, foundations, waste) - foundations;
        Layout {
            board,
            stock: column(0, top),
            // Without a waste its slot is the stock's, never hit before it.
            waste: column(usize::from(waste), top),
            foundations: (0..foundations).map(|i| column(right + i, top)).collect(),
            tableau: (0..piles).map(|i| column(i, row2)).collect(),
            reserves: Vec::new(),
            idle: Vec::new(),
            waste_fan: 1.0,
        }
    }

    /// The same layout for a left-handed player: the top row mirrored, so
    /// the stock and the waste sit top right (the waste fanning leftwards)
    /// and the foundations top left. The tableau keeps its order.
    pub fn left_handed(mut self) -> Layout {
        let w = self.board.w;
        for r in [&mut self.stock, &mut self.waste]
            .into_iter()
            .chain(&mut self.foundations)
        {
            r.x = w - r.x - r.w;
        }
        self.waste_fan = -1.0;
        self
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
        let waste = state.rules.stock == StockRule::Waste;
        Layout::shaped(
            viewport,
            state.tableau.len(),
            state.foundations.len(),
            waste,
        )
        .board
    }

    /// The layout of `state`'s piles on a board from [`Layout::board_for`],
    /// mirrored for a left-handed player.
    pub fn of(board: Size, state: &State, left_handed: bool) -> Layout {
        let waste = state.rules.stock == StockRule::Waste;
        let layout = Layout::table(board, state.tableau.len(), state.foundations.len(), waste)
            .with_reserves(state.reserves.len())
            .with_idle_side(state.idle.as_ref().map_or(0, |s| s.tableau.len()));
        if left_handed {
            layout.left_handed()
        } else {
            layout
        }
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

    /// How far apart the waste's fanned cards sit: wider where the top row
    /// leaves room beside the waste (a phone's table, where the usual fan
    /// would show only a sliver of each index), never into the next slot.
    pub fn waste_step(&self) -> f64 {
        let w = self.waste;
        let rightwards = self.waste_fan > 0.0;
        // How far ahead of the waste, in the way it fans, `r` begins.
        let ahead = |r: Rect| {
            if rightwards {
                r.x - (w.x + w.w)
            } else {
                w.x - (r.x + r.w)
            }
        };
        let to_edge = if rightwards {
            self.board.w - MARGIN - (w.x + w.w)
        } else {
            w.x - MARGIN
        };
        let room = self
            .foundations
            .iter()
            .map(|&f| ahead(f))
            .filter(|&d| d >= 0.0)
            .fold(to_edge, f64::min);
        clamp(
            (room - GAP) / 2.0,
            FAN_WASTE * CARD.w,
            FAN_WASTE_ROOMY * CARD.w,
        )
    }

    /// The vertical steps between face-down and face-up cards of a pile, shrunk
    /// together when the pile would run off the bottom of the board.
    /// On a portrait table (a phone) face-up cards fan wider, so that the
    /// strip a covered card shows stays a finger's width: 24 CSS px on a
    /// 360 px screen, where the fan of a landscape table would leave 18.
    pub fn fan(&self, down: usize, up: usize) -> (f64, f64) {
        // A portrait table of more piles than Klondike's seven is drawn
        // smaller: its fan grows with it, to keep the same strip on screen.
        let up_step = if self.board.h > self.board.w {
            FAN_UP_TALL * (self.board.w / Self::width(7)).max(1.0)
        } else {
            FAN_UP
        };
        let (fd, fu) = (FAN_DOWN * CARD.h, up_step * CARD.h);
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
    let waste_step = layout.waste_step();
    for (i, &card) in state.waste.iter().enumerate() {
        let step = i.saturating_sub(first_fanned) as f64;
        let mut rect = layout.waste;
        rect.x += step * waste_step * layout.waste_fan;
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
