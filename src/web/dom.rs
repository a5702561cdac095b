//! Small helpers for building DOM and wiring events that unwire themselves.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Event, EventTarget, HtmlButtonElement, HtmlElement};

/// The page's document. Parlour only runs in a window, so its absence is a bug.
pub fn document() -> Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("Parlour runs in a browser window with a document")
}

/// A new element with a class.
pub fn element(tag: &str, class: &str) -> HtmlElement {
    let el = document()
        .create_element(tag)
        .expect("creating a standard element cannot fail")
        .unchecked_into::<HtmlElement>();
    if !class.is_empty() {
        el.set_class_name(class);
    }
    el
}

/// A new element with a class and text.
pub fn text(tag: &str, class: &str, content: &str) -> HtmlElement {
    let el = element(tag, class);
    el.set_text_content(Some(content));
    el
}

/// A `<button type="button">` with visible text and an accessible name.
pub fn button(class: &str, label: &str, accessible: &str) -> HtmlButtonElement {
    let b = element("button", class).unchecked_into::<HtmlButtonElement>();
    b.set_type("button");
    b.set_text_content(Some(label));
    if accessible != label {
        let _ = b.set_attribute("aria-label", accessible);
    }
    b
}

/// Sets an attribute, ignoring the impossible failure for valid names.
pub fn attr(el: &HtmlElement, name: &str, value: &str) {
    let _ = el.set_attribute(name, value);
}

/// An event listener that removes itself when dropped.
pub struct Listener {
    target: EventTarget,
    kind: &'static str,
    closure: Closure<dyn FnMut(Event)>,
}

impl Listener {
    /// Listens for `kind` events on `target`.
    pub fn new(target: &EventTarget, kind: &'static str, f: impl FnMut(Event) + 'static) -> Self {
        let closure = Closure::<dyn FnMut(Event)>::new(f);
        let _ = target.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref());
        Listener {
            target: target.clone(),
            kind,
            closure,
        }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self
            .target
            .remove_event_listener_with_callback(self.kind, self.closure.as_ref().unchecked_ref());
    }
}

/// The page's monotonic clock in milliseconds (0 where it has none).
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}
