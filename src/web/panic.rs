//! A Rust panic never leaves a dead canvas: every live instance shows an error
//! panel with the message and a "Start over" button.
//!
//! After a panic the instance's state may be half-updated (and, with
//! `panic = "abort"`, its borrows are never released), so the panel touches
//! none of it: "Start over" runs a restart closure prepared at mount time that
//! builds a brand-new instance in the same element.

use super::dom::{self, attr};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Once;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

struct Registered {
    id: u32,
    shell: HtmlElement,
    restart: Rc<dyn Fn()>,
}

thread_local! {
    static LIVE: RefCell<Vec<Registered>> = const { RefCell::new(Vec::new()) };
    static ACTIVE: Cell<Option<u32>> = const { Cell::new(None) };
    static AT_NEXT_BUILD: Cell<Option<String>> = const { Cell::new(None) };
}

/// Makes the next instance built (a mount, or a "Start over") panic with
/// `message` part-way through: how hosts and tests see a panic while an
/// instance is built stop that instance only.
pub fn panic_at_next_build(message: String) {
    AT_NEXT_BUILD.with(|m| m.set(Some(message)));
}

/// Raises the panic [`panic_at_next_build`] asked for, if any: called once
/// while each instance is built.
pub fn building() {
    if let Some(message) = AT_NEXT_BUILD.with(Cell::take) {
        panic!("{message}");
    }
}

/// Marks instance `id` as the one running code until the guard drops, so that a
/// panic stops only that instance. (With `panic = "abort"` the guard never
/// drops after a panic, which is fine: the hook has read it by then.)
pub fn enter(id: u32) -> ActiveGuard {
    let previous = ACTIVE.with(|a| a.replace(Some(id)));
    ActiveGuard { previous }
}

/// Restores the previously active instance on drop.
pub struct ActiveGuard {
    previous: Option<u32>,
}

impl Drop for ActiveGuard {
    fn drop(&mut self) {
        ACTIVE.with(|a| a.set(self.previous));
    }
}

/// Registers an instance's outer element and how to restart it.
pub fn register(id: u32, shell: HtmlElement, restart: Rc<dyn Fn()>) {
    LIVE.with(|l| {
        if let Ok(mut l) = l.try_borrow_mut() {
            l.retain(|r| r.id != id);
            l.push(Registered { id, shell, restart });
        }
    });
}

/// Forgets an instance (it was unmounted).
pub fn unregister(id: u32) {
    LIVE.with(|l| {
        if let Ok(mut l) = l.try_borrow_mut() {
            l.retain(|r| r.id != id);
        }
    });
}

/// Installs the panic hook (once per page).
pub fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let message = info.to_string();
            web_sys::console::error_1(&format!("Parlour panicked: {message}").into());
            let active = ACTIVE.with(Cell::get);
            let shown = LIVE.with(|l| match l.try_borrow() {
                Ok(live) => {
                    // The instance that was running stops; if none is known, all do.
                    let hit: Vec<&Registered> = live
                        .iter()
                        .filter(|r| active.is_none_or(|id| r.id == id))
                        .collect();
                    for r in &hit {
                        show_error_panel(&r.shell, &message, Some(r.restart.clone()));
                    }
                    !hit.is_empty()
                }
                Err(_) => false,
            });
            if !shown {
                if let Some(body) = dom::document().body() {
                    show_error_panel(&body, &message, None);
                }
            }
        }));
    });
}

/// Reloads the page: "Start over" where no instance can be restarted.
pub fn reload() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}

/// Puts the error panel over `shell`. With no restart, "Start over" reloads the page.
pub fn show_error_panel(shell: &HtmlElement, message: &str, restart: Option<Rc<dyn Fn()>>) {
    if shell
        .query_selector(".parlour-error")
        .ok()
        .flatten()
        .is_some()
    {
        return;
    }
    let panel = dom::element("div", "parlour-error");
    attr(&panel, "role", "alert");
    let _ = panel.append_child(&dom::text("h2", "", "Something went wrong"));
    let _ = panel.append_child(&dom::text(
        "p",
        "",
        "Parlour hit an internal error and stopped this game. Your saved game is kept aside, \
         so nothing is lost.",
    ));
    let _ = panel.append_child(&dom::text("pre", "parlour-error-message", message));
    let again = dom::button(
        "parlour-primary",
        "Start over",
        "Start over with a new game",
    );
    let click = Closure::<dyn FnMut()>::new(move || match &restart {
        Some(r) => r(),
        None => reload(),
    });
    again.set_onclick(Some(click.as_ref().unchecked_ref()));
    // The panel lives until its instance restarts; the closure must outlive it.
    click.forget();
    let _ = panel.append_child(&again);
    let _ = shell.append_child(&panel);
    let _ = again.focus();
}
