//! The page's helper ([`crate::shell::helper`]): the Klondike solver's
//! summary search in a Web Worker, `solver_worker` (`src/bin`), which Trunk
//! builds beside `parlour.js`. It is started when the first question is
//! asked, so it costs the first load nothing.
//!
//! A question that replaces one still being searched stops the worker (a
//! search cannot be interrupted otherwise) and starts a fresh one. If the
//! worker cannot be started or fails, the helper is gone and the game judges
//! positions itself, with the search the page carries.

use super::{assets, dom::Listener};
use crate::shell::helper;
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use web_sys::{Event, MessageEvent, Worker};

/// The worker's loader, beside `parlour.js`.
const LOADER: &str = "solver_worker_loader.js";

/// A worker and what listens to it.
struct Running {
    worker: Worker,
    _heard: [Listener; 2],
}

thread_local! {
    static RUNNING: RefCell<Option<Running>> = const { RefCell::new(None) };
}

/// Installs the helper when a page is mounted, unless one is installed (a
/// page mounted after a worker failed tries a new one).
pub fn install() {
    if !helper::present() {
        helper::install(post);
    }
}

fn post(message: &str, replacing: bool) -> bool {
    RUNNING.with(|r| {
        let mut r = r.borrow_mut();
        if replacing {
            if let Some(old) = r.take() {
                old.worker.terminate();
            }
        }
        if r.is_none() {
            *r = start();
        }
        r.as_ref()
            .is_some_and(|r| r.worker.post_message(&message.into()).is_ok())
    })
}

/// A new worker, if the page may start one (an embedding page's policy may
/// forbid it, or the loader may sit on another origin).
fn start() -> Option<Running> {
    let worker = Worker::new(&assets::url(LOADER)).ok()?;
    let answered = Listener::new(&worker, "message", heard);
    let failed = Listener::new(&worker, "error", heard);
    Some(Running {
        worker,
        _heard: [answered, failed],
    })
}

/// What the worker says: a message with its answer, or an error (which has
/// no text), after which the helper is gone and nothing more is posted to
/// the worker.
fn heard(ev: Event) {
    match ev.unchecked_ref::<MessageEvent>().data().as_string() {
        Some(answer) => helper::deliver(&answer),
        None => helper::fail(),
    }
}
