//! Plane geometry shared by every view: points, sizes, rectangles, and the fit
//! that maps a game's board space onto the CSS pixels of its canvas.

use serde::{Deserialize, Serialize};

/// A point in some plane: board units in game code, CSS pixels in the shell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// Rightwards.
    pub x: f64,
    /// Downwards.
    pub y: f64,
}

impl Point {
    /// A point from its coordinates.
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }

    /// Euclidean distance to `other`.
    pub fn distance(self, other: Point) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }
}

/// A width and height.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Size {
    /// Horizontal extent.
    pub w: f64,
    /// Vertical extent.
    pub h: f64,
}

impl Size {
    /// A size from its extents.
    pub const fn new(w: f64, h: f64) -> Self {
        Size { w, h }
    }

    /// True when either extent is zero, negative or not a number.
    pub fn is_empty(self) -> bool {
        !(self.w > 0.0 && self.h > 0.0)
    }

    /// Whether this is taller than it is wide.
    pub fn is_portrait(self) -> bool {
        self.h > self.w
    }
}

/// An axis-aligned rectangle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    /// A rectangle from its left, top, width and height.
    pub const fn new(x: f64, y: f64, w: f64, h: f64) -> Self {
        Rect { x, y, w, h }
    }

    /// The rectangle at the origin with the given size.
    pub const fn from_size(size: Size) -> Self {
        Rect::new(0.0, 0.0, size.w, size.h)
    }

    /// Whether `p` lies inside (left and top edges included, right and bottom excluded).
    pub fn contains(self, p: Point) -> bool {
        p.x >= self.x && p.y >= self.y && p.x < self.x + self.w && p.y < self.y + self.h
    }

    /// The centre point.
    pub fn center(self) -> Point {
        Point::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// The same rectangle grown by `d` on every side (shrunk when `d` is negative).
    pub fn inflate(self, d: f64) -> Rect {
        Rect::new(self.x - d, self.y - d, self.w + 2.0 * d, self.h + 2.0 * d)
    }
}

/// How a board of a given size sits in a viewport: uniformly scaled to fit and centred.
///
/// Board space is the game's own coordinate system; the shell converts pointer
/// positions with [`Fit::to_board`] so that games never see CSS pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// CSS pixels per board unit.
    pub scale: f64,
    /// Where the board's origin lands, in CSS pixels.
    pub offset: Point,
}

/// The CSS pixels at a board's foot that a row of controls may cover when
/// there is no room for it beside or under the board ([`Fit::dock`]): a
/// 44-pixel button and 4 pixels above and below.
pub const DOCK_ROOM: f64 = 52.0;

/// Where a row of controls floats over the stage ([`Fit::dock`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dock {
    /// Centred across, at the stage's foot, in the room under the board.
    Under,
    /// In the room to the board's left, at the stage's foot.
    Beside,
    /// Centred over the board's foot.
    Over,
}

impl Dock {
    /// The name the page's style sheet knows it by.
    pub fn name(self) -> &'static str {
        match self {
            Dock::Under => "under",
            Dock::Beside => "beside",
            Dock::Over => "over",
        }
    }
}

impl Fit {
    /// Fits `board` inside `viewport`, keeping its aspect ratio and centring it.
    ///
    /// An empty board or viewport gives the identity fit, so nothing divides by zero.
    pub fn new(board: Size, viewport: Size) -> Fit {
        if board.is_empty() || viewport.is_empty() {
            return Fit {
                scale: 1.0,
                offset: Point::default(),
            };
        }
        let scale = (viewport.w / board.w).min(viewport.h / board.h);
        let offset = Point::new(
            (viewport.w - board.w * scale) / 2.0,
            (viewport.h - board.h * scale) / 2.0,
        );
        Fit { scale, offset }
    }

    /// Where a row of controls `row` CSS pixels in size floats over a stage
    /// of `stage` CSS pixels showing `board` by this fit, covering as little
    /// of the board as it can: under the board if the row fits in the room
    /// there; else in the room to the board's left; else over the board's
    /// foot, where a game keeps the least a player needs while the row
    /// shows ([`DOCK_ROOM`] of it).
    pub fn dock(self, board: Size, stage: Size, row: Size) -> Dock {
        const GAP: f64 = 8.0;
        let below = stage.h - (self.offset.y + board.h * self.scale);
        if below >= row.h + 2.0 * GAP {
            Dock::Under
        } else if self.offset.x >= row.w + 2.0 * GAP {
            Dock::Beside
        } else {
            Dock::Over
        }
    }

    /// The whole of `viewport` in board units: the board and the margins
    /// the fit leaves around it.
    pub fn visible(self, viewport: Size) -> Rect {
        Rect::new(
            -self.offset.x / self.scale,
            -self.offset.y / self.scale,
            viewport.w / self.scale,
            viewport.h / self.scale,
        )
    }

    /// Converts a point in CSS pixels to board units.
    pub fn to_board(self, css: Point) -> Point {
        Point::new(
            (css.x - self.offset.x) / self.scale,
            (css.y - self.offset.y) / self.scale,
        )
    }

    /// Converts a point in board units to CSS pixels.
    pub fn to_css(self, board: Point) -> Point {
        Point::new(
            board.x * self.scale + self.offset.x,
            board.y * self.scale + self.offset.y,
        )
    }
}

/// `v` held to `lo..=hi` (`lo` when `v` is NaN).
///
/// The views use this instead of `f64::clamp`, whose check of its bounds
/// formats floats in its panic message and so brings the float printer into
/// the WebAssembly module (about 7 KB gzipped).
pub fn clamp(v: f64, lo: f64, hi: f64) -> f64 {
    v.max(lo).min(hi)
}

/// The backing-store size in device pixels for a canvas of `css` size at `dpr`.
///
/// Rounded to whole pixels and never below one, so a collapsed container still
/// yields a valid canvas.
pub fn backing_store(css: Size, dpr: f64) -> (u32, u32) {
    let dpr = if dpr.is_finite() && dpr > 0.0 {
        dpr
    } else {
        1.0
    };
    let px = |v: f64| {
        let v = (v * dpr).round();
        if v.is_finite() && v >= 1.0 {
            v.min(u32::MAX as f64) as u32
        } else {
            1
        }
    };
    (px(css.w), px(css.h))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_row_of_controls_docks_under_beside_or_over_the_board_s_foot() {
        let row = Size::new(120.0, 44.0);
        let board = Size::new(100.0, 100.0);
        let dock = |stage: Size| Fit::new(board, stage).dock(board, stage, row);
        // Room beside a square board on a wide stage, none under it.
        assert_eq!(dock(Size::new(1000.0, 500.0)), Dock::Beside);
        // Room under it on a tall one.
        assert_eq!(dock(Size::new(300.0, 600.0)), Dock::Under);
        // Too little either way: over its foot.
        assert_eq!(dock(Size::new(300.0, 300.0)), Dock::Over);
        assert_eq!(dock(Size::new(330.0, 340.0)), Dock::Over);
    }

    use super::*;

    #[test]
    fn fit_letterboxes_a_wide_board_in_a_portrait_phone() {
        let fit = Fit::new(Size::new(200.0, 100.0), Size::new(360.0, 640.0));
        assert_eq!(fit.scale, 1.8);
        assert_eq!(fit.offset, Point::new(0.0, 230.0));
    }

    #[test]
    fn fit_round_trips_points() {
        let fit = Fit::new(Size::new(190.0, 150.0), Size::new(3840.0, 2160.0));
        let p = Point::new(12.5, 99.0);
        let back = fit.to_board(fit.to_css(p));
        assert!(back.distance(p) < 1e-9);
    }

    #[test]
    fn empty_viewport_gives_identity() {
        let fit = Fit::new(Size::new(10.0, 10.0), Size::new(0.0, 0.0));
        assert_eq!(fit.scale, 1.0);
    }

    #[test]
    fn backing_store_follows_device_pixel_ratio() {
        assert_eq!(backing_store(Size::new(360.0, 640.0), 3.0), (1080, 1920));
        assert_eq!(backing_store(Size::new(100.5, 10.0), 1.5), (151, 15));
        assert_eq!(backing_store(Size::new(0.0, 10.0), f64::NAN), (1, 10));
    }

    #[test]
    fn rect_contains_is_half_open() {
        let r = Rect::new(0.0, 0.0, 10.0, 10.0);
        assert!(r.contains(Point::new(0.0, 0.0)));
        assert!(!r.contains(Point::new(10.0, 5.0)));
    }
}
