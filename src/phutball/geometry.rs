//! Where the board's points are, in board space, and which point a place
//! on the board is (hit-testing): pure, and tested natively.

use super::{Dims, Pt};
use crate::shell::geom::{Point, Size};

/// Distance between neighbouring points, in board units.
pub const SPACING: f64 = 40.0;
/// Room left and right of the outer columns, for the row numbers.
pub const MARGIN_X: f64 = 48.0;
/// Room above and below the goal lines, for the column letters and the
/// goal captions.
pub const MARGIN_Y: f64 = 60.0;

/// Maps board points to board-space coordinates. Row 0 (Eks' goal line) is at
/// the bottom, Ohs' goal line at the top, as Ohs sit at the bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    dims: Dims,
}

impl Geometry {
    /// The geometry of a board.
    pub fn new(dims: Dims) -> Self {
        Geometry { dims }
    }

    /// The board's size in board units.
    pub fn size(self) -> Size {
        Size::new(
            2.0 * MARGIN_X + f64::from(self.dims.cols - 1) * SPACING,
            2.0 * MARGIN_Y + f64::from(self.dims.rows + 1) * SPACING,
        )
    }

    /// Where point `p` is drawn.
    pub fn point(self, p: Pt) -> Point {
        Point::new(
            MARGIN_X + f64::from(p.col) * SPACING,
            MARGIN_Y + f64::from(self.dims.rows + 1 - p.row) * SPACING,
        )
    }

    /// The board point nearest `at`, if `at` is within half a spacing of it.
    pub fn hit(self, at: Point) -> Option<Pt> {
        let col = ((at.x - MARGIN_X) / SPACING).round();
        let from_top = ((at.y - MARGIN_Y) / SPACING).round();
        if !(0.0..f64::from(self.dims.cols)).contains(&col)
            || !(0.0..=f64::from(self.dims.rows + 1)).contains(&from_top)
        {
            return None;
        }
        let p = Pt {
            col: col as u8,
            row: self.dims.rows + 1 - from_top as u8,
        };
        (self.point(p).distance(at) <= SPACING / 2.0).then_some(p)
    }
}
