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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn css_colour_form() {
        assert_eq!(Color::rgb(1, 2, 3).css(), "rgba(1,2,3,1.000)");
        assert_eq!(Color::rgba(0, 0, 0, 0).css(), "rgba(0,0,0,0.000)");
        assert_eq!(Color::rgba(255, 0, 0, 128).css(), "rgba(255,0,0,0.502)");
        assert_eq!(Color::rgba(1, 2, 3, 70).css(), "rgba(1,2,3,0.275)");
    }
}
