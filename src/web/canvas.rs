//! The [`Painter`] for a 2D canvas context, and the canvas's pixel geometry.

use crate::shell::geom::{Point, Rect};
use crate::shell::paint::{Align, Color, Painter};
use std::f64::consts::TAU;
use web_sys::CanvasRenderingContext2d;

/// Draws through a `CanvasRenderingContext2d` whose transform the shell has set.
pub struct CanvasPainter<'a> {
    ctx: &'a CanvasRenderingContext2d,
}

impl<'a> CanvasPainter<'a> {
    /// Wraps a context.
    pub fn new(ctx: &'a CanvasRenderingContext2d) -> Self {
        CanvasPainter { ctx }
    }

    fn rect_path(&self, r: Rect, radius: f64) {
        self.ctx.begin_path();
        if radius > 0.0 {
            // roundRect is in every browser we support; fall back to square corners.
            if self
                .ctx
                .round_rect_with_f64(r.x, r.y, r.w, r.h, radius)
                .is_err()
            {
                self.ctx.rect(r.x, r.y, r.w, r.h);
            }
        } else {
            self.ctx.rect(r.x, r.y, r.w, r.h);
        }
    }

    fn poly_path(&self, points: &[Point]) {
        self.ctx.begin_path();
        if let Some((first, rest)) = points.split_first() {
            self.ctx.move_to(first.x, first.y);
            for p in rest {
                self.ctx.line_to(p.x, p.y);
            }
            self.ctx.close_path();
        }
    }

    fn circle_path(&self, c: Point, r: f64) {
        self.ctx.begin_path();
        // arc only fails on a negative radius.
        let _ = self.ctx.arc(c.x, c.y, r.max(0.0), 0.0, TAU);
    }

    fn fill(&self, color: Color) {
        self.ctx.set_fill_style_str(&color.css());
        self.ctx.fill();
    }

    fn stroke(&self, width: f64, color: Color) {
        self.ctx.set_line_width(width);
        self.ctx.set_stroke_style_str(&color.css());
        self.ctx.stroke();
    }
}

impl Painter for CanvasPainter<'_> {
    fn fill_rect(&mut self, rect: Rect, radius: f64, color: Color) {
        self.rect_path(rect, radius);
        self.fill(color);
    }
    fn stroke_rect(&mut self, rect: Rect, radius: f64, width: f64, color: Color) {
        self.rect_path(rect, radius);
        self.stroke(width, color);
    }
    fn line(&mut self, from: Point, to: Point, width: f64, color: Color) {
        self.ctx.begin_path();
        self.ctx.move_to(from.x, from.y);
        self.ctx.line_to(to.x, to.y);
        self.stroke(width, color);
    }
    fn fill_circle(&mut self, center: Point, radius: f64, color: Color) {
        self.circle_path(center, radius);
        self.fill(color);
    }
    fn stroke_circle(&mut self, center: Point, radius: f64, width: f64, color: Color) {
        self.circle_path(center, radius);
        self.stroke(width, color);
    }
    fn fill_polygon(&mut self, points: &[Point], color: Color) {
        self.poly_path(points);
        self.fill(color);
    }
    fn stroke_polygon(&mut self, points: &[Point], width: f64, color: Color) {
        self.poly_path(points);
        self.stroke(width, color);
    }
    fn text(&mut self, at: Point, text: &str, size: f64, align: Align, color: Color) {
        // System fonts only: the page never fetches a font.
        // Tenths of a unit, written as integers: formatting an f64 would pull
        // the whole float printer into the module.
        let tenths = (size.max(0.0) * 10.0).round() as u32;
        self.ctx.set_font(&format!(
            "{}.{}px system-ui, -apple-system, 'Segoe UI', sans-serif",
            tenths / 10,
            tenths % 10
        ));
        self.ctx.set_text_align(match align {
            Align::Left => "left",
            Align::Center => "center",
            Align::Right => "right",
        });
        self.ctx.set_text_baseline("middle");
        self.ctx.set_fill_style_str(&color.css());
        let _ = self.ctx.fill_text(text, at.x, at.y);
    }
    fn clip(&mut self, rect: Option<Rect>) {
        match rect {
            Some(r) => {
                self.ctx.save();
                self.rect_path(r, 0.0);
                self.ctx.clip();
            }
            None => self.ctx.restore(),
        }
    }
}
