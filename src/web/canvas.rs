//! The [`Painter`] for a 2D canvas context, and the canvas's pixel geometry.

use crate::shell::geom::{Fit, Point, Rect, Size};
use crate::shell::paint::{Align, Color, Painter};
use std::f64::consts::TAU;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// Draws through a `CanvasRenderingContext2d` whose transform the shell has set.
pub struct CanvasPainter<'a> {
    ctx: CanvasRenderingContext2d,
    scale: f64,
    visible: Rect,
    /// Device pixels per board unit, across and down, and where the board's
    /// origin falls in device pixels: the transform the shell has set.
    device: (f64, f64, Point),
    /// The pictures kept for [`crate::shell::paint::kept`], if any.
    pictures: Option<&'a mut Pictures>,
}

/// Pictures drawn once into canvases of their own and copied in after
/// ([`Painter::keep`], [`Painter::copy_kept`]), for one device scale.
#[derive(Default)]
pub struct Pictures {
    /// The device pixels per board unit they were drawn at.
    scale: (f64, f64),
    /// Each picture's key, size in device pixels and canvas.
    kept: Vec<(u64, (u32, u32), HtmlCanvasElement)>,
}

impl Pictures {
    /// The most pictures kept: a few packs' faces and backs at two sizes.
    const MOST: usize = 240;
    /// The spare device pixels around each picture, for its edges' antialiasing.
    const EDGE: f64 = 2.0;

    /// The device size of a picture of `rect` at `scale`.
    fn size(rect: Rect, scale: (f64, f64)) -> (u32, u32) {
        let side = |units: f64, k: f64| (units * k + 2.0 * Self::EDGE).ceil().max(1.0) as u32;
        (side(rect.w, scale.0), side(rect.h, scale.1))
    }

    fn find(&self, key: u64, size: (u32, u32)) -> Option<&HtmlCanvasElement> {
        self.kept
            .iter()
            .find(|(k, s, _)| *k == key && *s == size)
            .map(|(_, _, c)| c)
    }
}

impl<'a> CanvasPainter<'a> {
    /// Wraps a context whose transform draws the board by `fit` in a canvas
    /// of `css` pixels, `ratio` device pixels per CSS pixel (across, down),
    /// with `pictures` kept for [`crate::shell::paint::kept`].
    pub fn new(
        ctx: &CanvasRenderingContext2d,
        fit: Fit,
        css: Size,
        ratio: (f64, f64),
        pictures: Option<&'a mut Pictures>,
    ) -> Self {
        let origin = Point::new(ratio.0 * fit.offset.x, ratio.1 * fit.offset.y);
        CanvasPainter {
            ctx: ctx.clone(),
            scale: fit.scale,
            visible: fit.visible(css),
            device: (ratio.0 * fit.scale, ratio.1 * fit.scale, origin),
            pictures,
        }
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
    fn lines(&mut self, lines: &[(Point, Point)], width: f64, color: Color) {
        self.ctx.begin_path();
        for &(from, to) in lines {
            self.ctx.move_to(from.x, from.y);
            self.ctx.line_to(to.x, to.y);
        }
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
    fn scale(&self) -> f64 {
        self.scale
    }
    fn bleed(&self) -> Option<Rect> {
        Some(self.visible)
    }
    fn copy_kept(&mut self, key: u64, rect: Rect) -> bool {
        let (kx, ky, origin) = self.device;
        let Some(pictures) = self.pictures.as_deref() else {
            return false;
        };
        if pictures.scale != (kx, ky) {
            return false;
        }
        let Some(canvas) = pictures.find(key, Pictures::size(rect, (kx, ky))) else {
            return false;
        };
        // Copied pixel for pixel, at whole device pixels (crisp, and the
        // cheapest copy there is), under the board's transform as it stands.
        let x = (origin.x + rect.x * kx - Pictures::EDGE).round();
        let y = (origin.y + rect.y * ky - Pictures::EDGE).round();
        let (w, h) = (f64::from(canvas.width()), f64::from(canvas.height()));
        let _ = self.ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
            canvas,
            (x - origin.x) / kx,
            (y - origin.y) / ky,
            w / kx,
            h / ky,
        );
        true
    }
    fn keep(&mut self, key: u64, rect: Rect) -> Option<Box<dyn Painter + '_>> {
        let (kx, ky, _) = self.device;
        let pictures = self.pictures.as_deref_mut()?;
        if pictures.scale != (kx, ky) || pictures.kept.len() >= Pictures::MOST {
            *pictures = Pictures {
                scale: (kx, ky),
                kept: Vec::new(),
            };
        }
        let size = Pictures::size(rect, (kx, ky));
        let canvas: HtmlCanvasElement = web_sys::window()?
            .document()?
            .create_element("canvas")
            .ok()?
            .dyn_into()
            .ok()?;
        canvas.set_width(size.0);
        canvas.set_height(size.1);
        let ctx: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.dyn_into().ok()?;
        // The board's `rect` lands EDGE device pixels in from the corner.
        let _ = ctx.set_transform(
            kx,
            0.0,
            0.0,
            ky,
            Pictures::EDGE - rect.x * kx,
            Pictures::EDGE - rect.y * ky,
        );
        pictures.kept.push((key, size, canvas));
        Some(Box::new(CanvasPainter {
            ctx,
            scale: self.scale,
            visible: self.visible,
            device: self.device,
            pictures: None,
        }))
    }
}
