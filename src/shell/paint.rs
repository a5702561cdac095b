//! The narrow drawing interface that every view draws through.
//!
//! Views are pure functions of state and layout that call a [`Painter`]. The web
//! layer implements it for `CanvasRenderingContext2d`; [`Recorder`] implements it
//! natively, so drawing code runs in ordinary `cargo test`.

use crate::shell::geom::{Point, Rect};

/// A colour with alpha, written to the canvas as CSS `rgba()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
    /// Opacity, 0 (transparent) – 255 (opaque).
    pub a: u8,
}

impl Color {
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Color { r, g, b, a: 255 }
    }

    /// A colour with the given opacity.
    pub const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Self {
        Color { r, g, b, a }
    }

    /// The CSS form, e.g. `rgba(255,0,0,0.502)`. Integer arithmetic only, so
    /// the web build carries no float formatting code.
    pub fn css(self) -> String {
        let thousandths = (u32::from(self.a) * 1000 + 127) / 255;
        format!(
            "rgba({},{},{},{}.{:03})",
            self.r,
            self.g,
            self.b,
            thousandths / 1000,
            thousandths % 1000
        )
    }
}

/// Horizontal anchoring of text at its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// The point is the text's left end.
    Left,
    /// The point is the text's centre.
    Center,
    /// The point is the text's right end.
    Right,
}

/// The drawing operations a view may use. Coordinates are board units; the
/// shell has already set the transform from board space to device pixels.
pub trait Painter {
    /// Fills a rectangle, with corners rounded by `radius` (0 for square).
    fn fill_rect(&mut self, rect: Rect, radius: f64, color: Color);
    /// Outlines a rectangle, with corners rounded by `radius`.
    fn stroke_rect(&mut self, rect: Rect, radius: f64, width: f64, color: Color);
    /// Draws a straight line.
    fn line(&mut self, from: Point, to: Point, width: f64, color: Color);
    /// Fills a circle.
    fn fill_circle(&mut self, center: Point, radius: f64, color: Color);
    /// Outlines a circle.
    fn stroke_circle(&mut self, center: Point, radius: f64, width: f64, color: Color);
    /// Fills a closed polygon.
    fn fill_polygon(&mut self, points: &[Point], color: Color);
    /// Outlines a closed polygon.
    fn stroke_polygon(&mut self, points: &[Point], width: f64, color: Color);
    /// Draws one line of text with its vertical middle at `at.y`.
    fn text(&mut self, at: Point, text: &str, size: f64, align: Align, color: Color);
    /// `Some(rect)`: what follows shows only inside `rect`, until `None`
    /// lifts the limit. Calls come in such pairs; they do not nest.
    fn clip(&mut self, rect: Option<Rect>);

    /// CSS pixels per board unit as drawn, so that a view can keep its text
    /// legible on a small screen (1 where there is no screen).
    fn scale(&self) -> f64 {
        1.0
    }

    /// The whole visible area in board units, where a view whose surface
    /// runs to the screen's edges (a card table's felt) may paint beyond its
    /// board; `None` where there is no screen.
    fn bleed(&self) -> Option<Rect> {
        None
    }

    /// Copies in, at `rect`, the picture kept under `key` for a rect of
    /// `rect`'s size (see [`kept`]). False if there is none: the default,
    /// for a painter that keeps no pictures.
    fn copy_kept(&mut self, _key: u64, _rect: Rect) -> bool {
        false
    }

    /// A painter, in this one's coordinates, whose drawing within `rect` is
    /// kept as a picture under `key` for rects of `rect`'s size (see
    /// [`kept`]); `None` for a painter that keeps no pictures (the default).
    fn keep(&mut self, _key: u64, _rect: Rect) -> Option<Box<dyn Painter + '_>> {
        None
    }

    /// Draws straight lines, all of one width and colour: one stroke on a
    /// screen, however many lines (a felt's stripes).
    fn lines(&mut self, lines: &[(Point, Point)], width: f64, color: Color) {
        for &(from, to) in lines {
            self.line(from, to, width, color);
        }
    }

    /// Draws an × centred on `center`, its arms reaching `half` along each axis.
    fn cross(&mut self, center: Point, half: f64, width: f64, color: Color) {
        let (c, k) = (center, half);
        self.line(
            Point::new(c.x - k, c.y - k),
            Point::new(c.x + k, c.y + k),
            width,
            color,
        );
        self.line(
            Point::new(c.x - k, c.y + k),
            Point::new(c.x + k, c.y - k),
            width,
            color,
        );
    }
}

/// Draws `art` (which paints within `rect`) through `p`'s kept pictures:
/// the first time a `key` is drawn at a size, into a picture of its own, and
/// from then on by copying that picture in, which costs a screen far less
/// than drawing the vectors again (a card table's fifty cards each frame).
/// `art` must paint the same, relative to `rect`, for the same key and size.
/// A painter that keeps no pictures gets `art` drawn directly.
pub fn kept(p: &mut dyn Painter, key: u64, rect: Rect, art: impl Fn(&mut dyn Painter)) {
    if p.copy_kept(key, rect) {
        return;
    }
    let drawn = match p.keep(key, rect) {
        Some(mut picture) => {
            art(&mut *picture);
            true
        }
        None => false,
    };
    if !(drawn && p.copy_kept(key, rect)) {
        art(p);
    }
}

/// The smallest text a view should draw, in CSS pixels.
pub const LEGIBLE: f64 = 11.5;

/// `size` (board units), grown where needed so that `p` draws it at least
/// [`LEGIBLE`] CSS pixels high.
pub fn legible(p: &dyn Painter, size: f64) -> f64 {
    size.max(LEGIBLE / p.scale())
}

/// One recorded drawing operation.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// [`Painter::fill_rect`].
    FillRect(Rect, Color),
    /// [`Painter::stroke_rect`].
    StrokeRect(Rect, Color),
    /// [`Painter::line`].
    Line(Point, Point, Color),
    /// [`Painter::fill_circle`].
    FillCircle(Point, f64, Color),
    /// [`Painter::stroke_circle`].
    StrokeCircle(Point, f64, Color),
    /// [`Painter::fill_polygon`].
    FillPolygon(Vec<Point>, Color),
    /// [`Painter::stroke_polygon`].
    StrokePolygon(Vec<Point>, Color),
    /// [`Painter::text`].
    Text(Point, String, Color),
    /// [`Painter::clip`].
    Clip(Option<Rect>),
}

/// A painter that records what it was asked to draw, for native tests of views.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    /// Every operation, in order.
    pub ops: Vec<Op>,
}

impl Recorder {
    /// The texts drawn, in order.
    pub fn texts(&self) -> Vec<&str> {
        self.ops
            .iter()
            .filter_map(|op| match op {
                Op::Text(_, t, _) => Some(t.as_str()),
                _ => None,
            })
            .collect()
    }

    /// How many operations of the kind `pred` picks were recorded.
    pub fn count(&self, pred: impl Fn(&Op) -> bool) -> usize {
        self.ops.iter().filter(|op| pred(op)).count()
    }
}

impl Painter for Recorder {
    fn fill_rect(&mut self, rect: Rect, _radius: f64, color: Color) {
        self.ops.push(Op::FillRect(rect, color));
    }
    fn stroke_rect(&mut self, rect: Rect, _radius: f64, _width: f64, color: Color) {
        self.ops.push(Op::StrokeRect(rect, color));
    }
    fn line(&mut self, from: Point, to: Point, _width: f64, color: Color) {
        self.ops.push(Op::Line(from, to, color));
    }
    fn fill_circle(&mut self, center: Point, radius: f64, color: Color) {
        self.ops.push(Op::FillCircle(center, radius, color));
    }
    fn stroke_circle(&mut self, center: Point, radius: f64, _width: f64, color: Color) {
        self.ops.push(Op::StrokeCircle(center, radius, color));
    }
    fn fill_polygon(&mut self, points: &[Point], color: Color) {
        self.ops.push(Op::FillPolygon(points.to_vec(), color));
    }
    fn stroke_polygon(&mut self, points: &[Point], _width: f64, color: Color) {
        self.ops.push(Op::StrokePolygon(points.to_vec(), color));
    }
    fn text(&mut self, at: Point, text: &str, _size: f64, _align: Align, color: Color) {
        self.ops.push(Op::Text(at, text.to_owned(), color));
    }
    fn clip(&mut self, rect: Option<Rect>) {
        self.ops.push(Op::Clip(rect));
    }
}

/// A painter that draws nothing and keeps the smallest text it was asked
/// for, in CSS pixels at its scale: how legible a view is on a screen.
#[derive(Clone, Copy, Debug)]
pub struct TextSizes {
    scale: f64,
    /// The smallest text size asked for, in CSS pixels (`None` before any).
    pub smallest: Option<f64>,
}

impl TextSizes {
    /// Measures a view drawn at `scale` CSS pixels per board unit.
    pub fn new(scale: f64) -> Self {
        TextSizes {
            scale,
            smallest: None,
        }
    }
}

impl Painter for TextSizes {
    fn fill_rect(&mut self, _: Rect, _: f64, _: Color) {}
    fn stroke_rect(&mut self, _: Rect, _: f64, _: f64, _: Color) {}
    fn line(&mut self, _: Point, _: Point, _: f64, _: Color) {}
    fn fill_circle(&mut self, _: Point, _: f64, _: Color) {}
    fn stroke_circle(&mut self, _: Point, _: f64, _: f64, _: Color) {}
    fn fill_polygon(&mut self, _: &[Point], _: Color) {}
    fn stroke_polygon(&mut self, _: &[Point], _: f64, _: Color) {}
    fn text(&mut self, _: Point, _: &str, size: f64, _: Align, _: Color) {
        let px = size * self.scale;
        self.smallest = Some(self.smallest.map_or(px, |s| s.min(px)));
    }
    fn clip(&mut self, _: Option<Rect>) {}
    fn scale(&self) -> f64 {
        self.scale
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::geom::Size;

    /// A painter that keeps pictures as a screen does: by key and size.
    #[derive(Default)]
    struct Keeper {
        /// What was drawn directly.
        direct: Recorder,
        /// The pictures kept: key and size.
        kept: Vec<(u64, Size)>,
        /// The copies made.
        copies: Vec<(u64, Rect)>,
    }

    impl Painter for Keeper {
        fn fill_rect(&mut self, rect: Rect, radius: f64, color: Color) {
            self.direct.fill_rect(rect, radius, color);
        }
        fn stroke_rect(&mut self, rect: Rect, radius: f64, width: f64, color: Color) {
            self.direct.stroke_rect(rect, radius, width, color);
        }
        fn line(&mut self, from: Point, to: Point, width: f64, color: Color) {
            self.direct.line(from, to, width, color);
        }
        fn fill_circle(&mut self, center: Point, radius: f64, color: Color) {
            self.direct.fill_circle(center, radius, color);
        }
        fn stroke_circle(&mut self, center: Point, radius: f64, width: f64, color: Color) {
            self.direct.stroke_circle(center, radius, width, color);
        }
        fn fill_polygon(&mut self, points: &[Point], color: Color) {
            self.direct.fill_polygon(points, color);
        }
        fn stroke_polygon(&mut self, points: &[Point], width: f64, color: Color) {
            self.direct.stroke_polygon(points, width, color);
        }
        fn text(&mut self, at: Point, text: &str, size: f64, align: Align, color: Color) {
            self.direct.text(at, text, size, align, color);
        }
        fn clip(&mut self, rect: Option<Rect>) {
            self.direct.clip(rect);
        }
        fn copy_kept(&mut self, key: u64, rect: Rect) -> bool {
            let size = Size::new(rect.w, rect.h);
            let found = self.kept.contains(&(key, size));
            if found {
                self.copies.push((key, rect));
            }
            found
        }
        fn keep(&mut self, key: u64, rect: Rect) -> Option<Box<dyn Painter + '_>> {
            self.kept.push((key, Size::new(rect.w, rect.h)));
            // What is drawn into a picture is not looked at here.
            Some(Box::new(TextSizes::new(1.0)))
        }
    }

    fn square(p: &mut dyn Painter, r: Rect) {
        p.fill_rect(r, 0.0, Color::rgb(1, 2, 3));
    }

    #[test]
    fn a_kept_picture_is_drawn_once_per_key_and_size_then_copied() {
        let mut k = Keeper::default();
        let drawn = std::cell::Cell::new(0);
        let keep = |k: &mut Keeper, key, r: Rect| {
            kept(k, key, r, |p| {
                drawn.set(drawn.get() + 1);
                square(p, r)
            })
        };
        let (a, b) = (
            Rect::new(0.0, 0.0, 10.0, 14.0),
            Rect::new(50.0, 7.0, 10.0, 14.0),
        );
        keep(&mut k, 1, a);
        keep(&mut k, 1, b);
        keep(&mut k, 2, b);
        let bigger = Rect::new(0.0, 0.0, 11.0, 15.0);
        keep(&mut k, 1, bigger);
        assert_eq!(
            k.kept,
            vec![
                (1, Size::new(10.0, 14.0)),
                (2, Size::new(10.0, 14.0)),
                (1, Size::new(11.0, 15.0))
            ]
        );
        assert_eq!(drawn.get(), 3, "each picture drawn once, into itself");
        assert_eq!(k.copies, vec![(1, a), (1, b), (2, b), (1, bigger)]);
        assert!(k.direct.ops.is_empty(), "nothing drawn twice");
    }

    #[test]
    fn a_painter_that_keeps_nothing_gets_the_art_drawn() {
        let mut r = Recorder::default();
        let a = Rect::new(3.0, 4.0, 10.0, 14.0);
        kept(&mut r, 1, a, |p| square(p, a));
        kept(&mut r, 1, a, |p| square(p, a));
        assert_eq!(r.ops, vec![Op::FillRect(a, Color::rgb(1, 2, 3)); 2]);
    }

    #[test]
    fn css_colour_form() {
        assert_eq!(Color::rgb(1, 2, 3).css(), "rgba(1,2,3,1.000)");
        assert_eq!(Color::rgba(0, 0, 0, 0).css(), "rgba(0,0,0,0.000)");
        assert_eq!(Color::rgba(255, 0, 0, 128).css(), "rgba(255,0,0,0.502)");
        assert_eq!(Color::rgba(1, 2, 3, 70).css(), "rgba(1,2,3,0.275)");
    }
}
