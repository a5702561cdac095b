//! The Klondike table: layout and card positions (pure, tested natively),
//! hit-testing, drop targets, and drawing cards as vectors.

mod draw;
mod face;
mod hit;
mod layout;

#[cfg(test)]
use draw::STAR;
pub use draw::*;
pub use hit::*;
pub use layout::*;

use super::cards::{Card, Suit};
use super::rules::{Move, Pile, State};
use crate::shell::geom::{Point, Rect, Size};
use crate::shell::paint::{Align, Color, Painter};

/// A card's size in board units (the poker-card ratio, 5:7).
pub const CARD: Size = Size::new(100.0, 140.0);
const GAP: f64 = 12.0;
const MARGIN: f64 = 16.0;
const MIN_HEIGHT: f64 = 600.0;
const MAX_HEIGHT: f64 = 1800.0;
const FAN_DOWN: f64 = 0.12;
const FAN_UP: f64 = 0.28;
/// The face-up fan on a portrait table (see [`Layout::fan`]).
const FAN_UP_TALL: f64 = 0.4;
const FAN_WASTE: f64 = 0.24;
/// The widest the waste fans, where the top row has room (see
/// [`Layout::waste_step`]).
const FAN_WASTE_ROOMY: f64 = 0.5;
/// Double Solitaire: the height of the waiting player's strip, in card heights.
const STRIP: f64 = 1.45;
/// The veil over the waiting player's strip.
const VEIL: Color = Color::rgba(0x14, 0x18, 0x1d, 120);

const FELT: Color = Color::rgb(0x1f, 0x6b, 0x3a);
const FELT_DARK: Color = Color::rgb(0x1c, 0x63, 0x35);
const SLOT: Color = Color::rgba(255, 255, 255, 70);
/// Opaque, so that the overlapping shapes of a pip do not show their seams.
const SLOT_PIP: Color = Color::rgb(0x4f, 0x8c, 0x64);
const FACE: Color = Color::rgb(0xfd, 0xfd, 0xfa);
const EDGE: Color = Color::rgba(0, 0, 0, 90);
const BACK: Color = Color::rgb(0x1d, 0x4e, 0x89);
const BACK_LINE: Color = Color::rgba(255, 255, 255, 70);
const FOCUS: Color = Color::rgb(0xff, 0xd8, 0x6b);
const HINT: Color = Color::rgb(0x7c, 0xe3, 0xff);
/// The label on a see-through face-down card: the face's colour, dimmed.
const SEE_THROUGH: Color = Color::rgba(0xfd, 0xfd, 0xfa, 190);

#[cfg(test)]
mod tests;
