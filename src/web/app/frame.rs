//! The canvas's frames, as one part of an instance.

use super::SizeWatch;
use crate::shell::geom::{Dock, Fit, Size};
use crate::web::canvas::Pictures;
use wasm_bindgen::prelude::*;

/// The canvas's frames: the board's fit in the stage, the backing store's
/// size, the frame asked for, and the callbacks that drive it (the frame,
/// a tick a second, the stage's size watch).
pub(super) struct Frame {
    pub(super) fit: Fit,
    pub(super) board: Size,
    pub(super) backing: (u32, u32),
    pub(super) raf: Option<i32>,
    pub(super) frame_cb: Option<Closure<dyn FnMut(f64)>>,
    pub(super) clock: Option<(i32, Closure<dyn FnMut()>)>,
    pub(super) observer: Option<SizeWatch>,
    /// The pictures the game's drawing keeps (its cards).
    pub(super) pictures: Pictures,
    /// Where the row of Move now, Pause and Step was last docked.
    pub(super) dock: Option<Dock>,
}

impl Frame {
    /// No frame asked for yet, the board unmeasured.
    pub(super) fn new() -> Frame {
        Frame {
            fit: Fit::new(Size::default(), Size::default()),
            board: Size::default(),
            backing: (0, 0),
            raf: None,
            frame_cb: None,
            clock: None,
            observer: None,
            pictures: Pictures::default(),
            dock: None,
        }
    }
}
