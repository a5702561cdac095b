//! Wiring an instance to the page: its listeners, and a restart after a panic.

use super::input::Phase;
use super::{mount, wire, with_app, App, Config, Persist, Shared, Start};
use crate::games::GameKind;
use crate::host::save::{self, save_key, Store};
use crate::host::session::Wanted;
use crate::web::panic;
use crate::web::storage::LocalStore;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent, ResizeObserver};

/// Prepares "Start over" for the panic panel: set the broken game's save aside
/// and mount a fresh instance of the same game in the same element.
pub(super) fn register_restart(
    app: &Shared,
    root: HtmlElement,
    config: Config,
    current: Rc<Cell<Option<GameKind>>>,
) {
    let (id, shell) = {
        let a = app.borrow();
        (a.id, a.shell.clone())
    };
    let old_shell = shell.clone();
    let slot = config.slot;
    let restart: Rc<dyn Fn()> = Rc::new(move || {
        // A panic while restarting stops this instance only.
        let _active = panic::enter(id);
        old_shell.remove();
        panic::unregister(id);
        let mut config = config.clone();
        let kind = current.get();
        if let (Some(kind), true) = (kind, config.persist.lasts()) {
            let mut store = LocalStore::new();
            let key = save_key(config.persist.namespace(), kind);
            if store.get(&key).is_some() && save::set_aside(&mut store, &key).is_none() {
                // Storage is full: the save stays where it is, untouched, and
                // the new game lives in memory only.
                config.persist = Persist::Memory;
                config.notices.push(format!(
                    "Your saved game could not be moved aside (the browser's storage is \
                     full), so it is kept under {key} as it was, and this new game will \
                     not be saved."
                ));
            }
        }
        config.start = Start::Game(Wanted::default());
        if let Ok(fresh) = mount(&root, config) {
            if let Ok(a) = fresh.try_borrow_mut() {
                a.sync_url(false);
            }
            crate::web::keep_alive(slot, fresh);
        }
    });
    panic::register(id, shell, restart);
}

pub(super) fn wire_events(app: &Shared) {
    let (shell, canvas, toolbar, menu_button, panel) = {
        let a = app.borrow();
        (
            a.shell.clone(),
            a.ui.canvas.clone(),
            a.ui.buttons.clone(),
            a.ui.menu_button.clone(),
            a.ui.panel.clone(),
        )
    };
    let mut ls = Vec::new();
    let move_now = app.borrow().ui.move_now.clone();
    ls.push(wire(app, &move_now, "click", |a, _| {
        let o = a.game.as_mut().map(|g| g.move_now()).unwrap_or_default();
        a.apply(o);
    }));
    let (pause, step) = {
        let a = app.borrow();
        (a.ui.pause.clone(), a.ui.step.clone())
    };
    ls.push(wire(app, &pause, "click", |a, _| {
        let o = a
            .game
            .as_mut()
            .map(|g| {
                let on = g.paused() == Some(false);
                g.set_paused(on)
            })
            .unwrap_or_default();
        a.apply(o);
    }));
    ls.push(wire(app, &step, "click", |a, _| {
        let o = a.game.as_mut().map(|g| g.step()).unwrap_or_default();
        a.apply(o);
    }));
    for (action, b) in toolbar {
        ls.push(wire(app, &b, "click", move |a, _| {
            a.show_menu(false);
            a.act(action);
        }));
    }
    ls.push(wire(app, &menu_button, "click", |a, _| {
        let open = a.ui.menu_button.get_attribute("aria-expanded").as_deref() != Some("true");
        a.show_menu(open);
        if open {
            // Keyboard players land on the menu's first item.
            let first = a.ui.buttons.iter().find(|(_, b)| {
                b.parent_element()
                    .is_some_and(|p| p.class_name() == "parlour-menu")
                    && !b.hidden()
            });
            if let Some((_, b)) = first {
                let _ = b.focus();
            }
        }
    }));
    ls.push(wire(app, &canvas, "pointerdown", |a, ev| {
        a.show_menu(false);
        a.pointer(ev, Phase::Down)
    }));
    ls.push(wire(app, &canvas, "pointermove", |a, ev| {
        a.pointer(ev, Phase::Move)
    }));
    ls.push(wire(app, &canvas, "pointerup", |a, ev| {
        a.pointer(ev, Phase::Up)
    }));
    ls.push(wire(app, &canvas, "pointercancel", |a, ev| {
        a.pointer(ev, Phase::Cancel)
    }));
    ls.push(wire(app, &canvas, "wheel", |a, ev| a.wheel(ev)));
    ls.push(wire(app, &canvas, "contextmenu", |_, ev| {
        ev.prevent_default()
    }));
    ls.push(wire(app, &canvas, "keydown", |a, ev| a.canvas_key(ev)));
    ls.push(wire(app, &shell, "keydown", |a, ev| {
        if let Some(k) = ev.dyn_ref::<KeyboardEvent>() {
            if k.key() == "Escape" && !a.ui.panel.hidden() {
                a.close_panel();
                ev.prevent_default();
            } else if k.key() == "Escape" && a.show_menu(false) {
                let _ = a.ui.menu_button.focus();
                ev.prevent_default();
            }
        }
    }));
    ls.push(wire(app, &panel, "click", |a, ev| {
        // A click on the backdrop (the panel itself, not its card) closes it.
        let on_backdrop = ev
            .target()
            .and_then(|t| t.dyn_into::<HtmlElement>().ok())
            .is_some_and(|t| t == a.ui.panel);
        if on_backdrop {
            a.close_panel();
        }
    }));
    if let Some(w) = web_sys::window() {
        ls.push(wire(app, &w, "resize", |a, _| a.request_frame()));
        if app.borrow().config.url_sync {
            ls.push(wire(app, &w, "popstate", |a, _| a.follow_url()));
        }
    }
    // The animation-frame callback and the size observer.
    let weak = Rc::downgrade(app);
    let frame = Closure::<dyn FnMut(f64)>::new(move |now| with_app(&weak, |a| a.frame(now)));
    let weak = Rc::downgrade(app);
    let resized =
        Closure::<dyn FnMut(JsValue)>::new(move |_entries| with_app(&weak, |a| a.request_frame()));
    let observer = ResizeObserver::new(resized.as_ref().unchecked_ref()).ok();
    // A once-a-second clock for the status line (game timers), independent of drawing.
    let weak = Rc::downgrade(app);
    let second = Closure::<dyn FnMut()>::new(move || with_app(&weak, App::second));
    let clock = web_sys::window().and_then(|w| {
        w.set_interval_with_callback_and_timeout_and_arguments_0(
            second.as_ref().unchecked_ref(),
            1000,
        )
        .ok()
    });
    let mut a = app.borrow_mut();
    if let Some(id) = clock {
        a.frame.clock = Some((id, second));
    }
    if let Some(o) = observer {
        o.observe(&a.ui.stage);
        a.frame.observer = Some((o, resized));
    }
    a.frame.frame_cb = Some(frame);
    a.listeners = ls;
}
