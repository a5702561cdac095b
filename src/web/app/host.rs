//! Telling the host page what happens: each [`HostEvent`] becomes an object
//! `{ source: "parlour", type, … }`, posted to the parent window when the
//! full page runs in an iframe, and passed to the callbacks a host gave
//! the instance's handle.

use super::App;
use crate::host::events::{Field, HostEvent, Watcher};
use wasm_bindgen::{JsCast, JsValue};

/// The callbacks a host gave, by event type.
pub type Hooks = Vec<(&'static str, js_sys::Function)>;

/// What the host page hears of an instance: what it has been told of the
/// game on screen, the events waiting for the next frame, its callbacks, and
/// whether the page runs in another page's frame.
pub struct Link {
    /// What the host has been told of the game on screen.
    pub watcher: Watcher,
    /// Events waiting for the next frame (the game is on screen once drawn).
    pub pending: Vec<HostEvent>,
    /// The host's callbacks.
    pub hooks: Hooks,
    /// Whether the page runs in another page's frame.
    pub in_frame: bool,
}

impl Link {
    /// Nothing told yet, no callbacks.
    pub fn new() -> Link {
        Link {
            watcher: Watcher::default(),
            pending: Vec::new(),
            hooks: Vec::new(),
            in_frame: in_frame(),
        }
    }
}

/// Whether this page runs inside another page's frame.
pub fn in_frame() -> bool {
    web_sys::window().is_some_and(|w| {
        w.parent()
            .ok()
            .flatten()
            .is_some_and(|p| !js_sys::Object::is(&p, &w))
    })
}

fn object(event: &HostEvent) -> JsValue {
    let o = js_sys::Object::new();
    let set = |k: &str, v: JsValue| {
        let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), &v);
    };
    set("source", JsValue::from_str("parlour"));
    set("type", JsValue::from_str(event.kind()));
    for (k, v) in event.fields() {
        set(
            k,
            match v {
                Field::Text(t) => JsValue::from_str(&t),
                Field::Number(n) => JsValue::from_f64(n),
                Field::Numbers(ns) => ns
                    .into_iter()
                    .map(|n| JsValue::from_f64(f64::from(n)))
                    .collect::<js_sys::Array>()
                    .into(),
                Field::Null => JsValue::NULL,
            },
        );
    }
    o.into()
}

impl App {
    /// Sends `events` to whoever listens: the parent window (the full page
    /// in an iframe) and the handle's callbacks. The callbacks run in a
    /// microtask, once this instance is no longer busy, so that they may
    /// call the handle themselves.
    pub(super) fn tell(&self, events: Vec<HostEvent>) {
        if events.is_empty() || !self.listening() {
            return;
        }
        let post = self.posts();
        let parent = post
            .then(|| web_sys::window().and_then(|w| w.parent().ok().flatten()))
            .flatten();
        for event in &events {
            let message = object(event);
            if let Some(parent) = &parent {
                // Moves and scores are nothing private: any host may hear them.
                let _ = parent.post_message(&message, "*");
            }
            for (kind, f) in &self.host.hooks {
                if *kind == event.kind() {
                    later(f, &message);
                }
            }
        }
    }

    /// Whether the full page posts to a parent window.
    fn posts(&self) -> bool {
        self.config.url_sync && self.host.in_frame
    }

    /// Whether anyone hears this instance: a parent window or a callback.
    pub(super) fn listening(&self) -> bool {
        self.posts() || !self.host.hooks.is_empty()
    }

    /// Calls `f` with each event of type `kind` from now on.
    pub fn listen(&mut self, kind: &str, f: js_sys::Function) -> Result<(), String> {
        let kind = known(kind)?;
        self.host.hooks.push((kind, f));
        Ok(())
    }

    /// Stops calling `f` for events of type `kind`.
    pub fn unlisten(&mut self, kind: &str, f: &js_sys::Function) -> Result<(), String> {
        let kind = known(kind)?;
        self.host
            .hooks
            .retain(|(k, g)| !(*k == kind && js_sys::Object::is(g, f)));
        Ok(())
    }
}

/// Calls `f(message)` in a microtask: `Promise.resolve(message).then(f)`.
/// A host's exception is the host's (a rejected promise): it stops nothing here.
fn later(f: &js_sys::Function, message: &JsValue) {
    let resolved = js_sys::Promise::resolve(message);
    if let Ok(then) = js_sys::Reflect::get(&resolved, &JsValue::from_str("then"))
        .and_then(|t| t.dyn_into::<js_sys::Function>())
    {
        let _ = then.call1(&resolved, f);
    }
}

fn known(kind: &str) -> Result<&'static str, String> {
    HostEvent::TYPES
        .into_iter()
        .find(|t| *t == kind)
        .ok_or_else(|| {
            format!(
                "'{kind}' is not an event: expected {}",
                HostEvent::TYPES.join(", ")
            )
        })
}
