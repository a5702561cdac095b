//! The dominoes table: an empty triangular lattice, and the cell cursor.

use super::lattice::{Cell, Lattice};
use crate::geom::{Point, Rect, Size};
use crate::paint::{Color, Painter};

/// A tile's side length in board units.
pub const SIDE: f64 = 64.0;
const WIDTH: f64 = 1024.0;

const TABLE: Color = Color::rgb(0x22, 0x3b, 0x4a);
const GRID: Color = Color::rgba(255, 255, 255, 38);
const CURSOR: Color = Color::rgba(0xff, 0xd8, 0x6b, 110);

/// The board size for a viewport of this shape: as wide as sixteen tiles, and
/// as tall as the viewport's shape asks (within reason).
pub fn board_size(viewport: Size) -> Size {
    let h = if viewport.is_empty() {
        WIDTH * 0.75
    } else {
        (WIDTH * viewport.h / viewport.w).clamp(WIDTH * 0.5, WIDTH * 2.2)
    };
    Size::new(WIDTH, h)
}

/// The lattice placed with vertex (0, 0) at the board's centre.
pub fn lattice(board: Size) -> Lattice {
    Lattice {
        side: SIDE,
        origin: Point::new(board.w / 2.0, board.h / 2.0),
    }
}

/// Every cell wholly or partly on the board.
pub fn visible_cells(board: Size) -> Vec<Cell> {
    let l = lattice(board);
    let rows = (board.h / (SIDE * 0.866)).ceil() as i32 / 2 + 2;
    let cols = (board.w / SIDE).ceil() as i32 / 2 + rows / 2 + 2;
    let area = Rect::from_size(board);
    (-rows..=rows)
        .flat_map(|r| (-cols..=cols).flat_map(move |q| [Cell::up(q, r), Cell::down(q, r)]))
        .filter(|&c| l.corners(c).iter().any(|p| area.inflate(SIDE).contains(*p)))
        .collect()
}

/// Draws the table and the lattice, with the cursor's cell highlighted.
pub fn draw(p: &mut dyn Painter, board: Size, cursor: Option<Cell>) {
    p.fill_rect(Rect::from_size(board), 0.0, TABLE);
    let l = lattice(board);
    for cell in visible_cells(board).into_iter().filter(|c| c.up) {
        p.stroke_polygon(&l.corners(cell), 1.0, GRID);
    }
    if let Some(c) = cursor {
        p.fill_polygon(&l.corners(c), CURSOR);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paint::{Op, Recorder};

    #[test]
    fn the_lattice_covers_the_board() {
        for viewport in [Size::new(360.0, 640.0), Size::new(3840.0, 2160.0)] {
            let board = board_size(viewport);
            let l = lattice(board);
            let cells = visible_cells(board);
            for x in (0..board.w as i32).step_by(37) {
                for y in (0..board.h as i32).step_by(41) {
                    let at = Point::new(f64::from(x), f64::from(y));
                    assert!(cells.contains(&l.cell_at(at)), "{at:?} in {board:?}");
                }
            }
        }
    }

    #[test]
    fn drawing_outlines_up_cells_and_fills_the_cursor() {
        let board = board_size(Size::new(800.0, 600.0));
        let mut r = Recorder::default();
        draw(&mut r, board, Some(Cell::down(0, 0)));
        assert!(r.count(|op| matches!(op, Op::StrokePolygon(..))) > 100);
        assert_eq!(r.count(|op| matches!(op, Op::FillPolygon(..))), 1);
    }
}
