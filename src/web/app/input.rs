//! Pointer, wheel and key events to board gestures and keys.

use super::{Action, App};
use crate::shell::geom::Point;
use crate::shell::input::{wheel_factor, Gesture, Key, PointerKind};
use crate::shell::Outcome;
use wasm_bindgen::JsCast;
use web_sys::{Event, KeyboardEvent, PointerEvent, WheelEvent};

/// Where a pointer is in its press: the DOM event that reported it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// `pointerdown`.
    Down,
    /// `pointermove`.
    Move,
    /// `pointerup`.
    Up,
    /// `pointercancel`: the browser took the pointer (a scroll, a call).
    Cancel,
}

impl App {
    pub(super) fn pointer(&mut self, ev: &Event, phase: Phase) {
        let Some(pe) = ev.dyn_ref::<PointerEvent>() else {
            return;
        };
        if self.game.is_none() {
            return;
        }
        let rect = self.ui.canvas.get_bounding_client_rect();
        let css = Point::new(
            f64::from(pe.client_x()) - rect.left(),
            f64::from(pe.client_y()) - rect.top(),
        );
        let id = pe.pointer_id();
        let gesture = match phase {
            Phase::Down => {
                if pe.button() != 0 {
                    return;
                }
                ev.prevent_default();
                let _ = self.ui.canvas.focus();
                let _ = self.ui.canvas.set_pointer_capture(id);
                let kind = PointerKind::from_dom(&pe.pointer_type());
                self.tracker.down(id, kind, css, self.frame.fit)
            }
            Phase::Move => self.tracker.moved(id, css, self.frame.fit),
            Phase::Up => self.tracker.up(id, css, ev.time_stamp(), self.frame.fit),
            Phase::Cancel => self.tracker.reset(),
        };
        if let Some(g) = gesture {
            self.send(g);
        }
    }

    pub(super) fn wheel(&mut self, ev: &Event) {
        let Some(we) = ev.dyn_ref::<WheelEvent>() else {
            return;
        };
        if self.game.is_none() {
            return;
        }
        ev.prevent_default();
        let rect = self.ui.canvas.get_bounding_client_rect();
        let css = Point::new(
            f64::from(we.client_x()) - rect.left(),
            f64::from(we.client_y()) - rect.top(),
        );
        // Lines and pages count as about 40 CSS pixels each.
        let dy = match we.delta_mode() {
            0 => we.delta_y(),
            _ => we.delta_y() * 40.0,
        };
        self.send(Gesture::Zoom {
            at: self.frame.fit.to_board(css),
            factor: wheel_factor(dy),
        });
    }

    pub(super) fn send(&mut self, gesture: Gesture) {
        let board = self.frame.board;
        if let Some(o) = self.game.as_mut().map(|g| g.gesture(gesture, board)) {
            self.apply(o);
        }
    }

    pub(super) fn canvas_key(&mut self, ev: &Event) {
        let Some(k) = ev.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        let key = k.key();
        let ctrl = k.ctrl_key() || k.meta_key();
        let action = match (ctrl, key.as_str(), k.shift_key()) {
            (true, "z" | "Z", false) => Some(Action::Undo),
            (true, "y" | "Y", _) | (true, "z" | "Z", true) => Some(Action::Redo),
            _ => None,
        };
        if let Some(action) = action {
            ev.prevent_default();
            return self.act(action);
        }
        if ctrl || k.alt_key() {
            return;
        }
        let Some(key) = Key::from_dom(&key) else {
            return;
        };
        if key == Key::Escape && self.tracker.is_active() {
            ev.prevent_default();
            if let Some(g) = self.tracker.cancel() {
                self.send(g);
            }
            return;
        }
        let board = self.frame.board;
        let Some(outcome) = self.game.as_mut().map(|g| g.key(key, board)) else {
            return;
        };
        if outcome != Outcome::nothing() || matches!(key, Key::Up | Key::Down | Key::Space) {
            ev.prevent_default();
        }
        self.apply(outcome);
    }
}
