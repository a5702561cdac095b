//! The page's helper ([`crate::shell::helper`]): the Klondike solver's
//! summary search in Web Workers, `solver_worker` (`src/bin`), which Trunk
//! builds beside `parlour.js`. A desk's worker is started when its first
//! question is asked, so it costs the first load nothing; each desk (each
//! Klondike table on the page) has its own, so two games on one page never
//! stop each other's searches, and a desk that closes stops its worker.
//!
//! A question that replaces one still being searched stops that desk's
//! worker (a search cannot be interrupted otherwise) and starts a fresh one.
//! If a worker cannot be started or fails, the helper is gone and the games
//! judge positions themselves, with the search the page carries.

use super::{assets, dom::Listener};
use crate::shell::helper::{self, Helper};
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use web_sys::{Event, MessageEvent, Worker};

/// The worker's loader, beside `parlour.js`.
const LOADER: &str = "solver_worker_loader.js";

/// A desk's worker and what listens to it.
struct Running {
    desk: u32,
    worker: Worker,
    _heard: [Listener; 2],
}

thread_local! {
    static RUNNING: RefCell<Vec<Running>> = const { RefCell::new(Vec::new()) };
}

/// Installs the helper when a page is mounted, unless one is installed (a
/// page mounted after a worker failed tries anew).
pub fn install() {
    if !helper::present() {
        helper::install(Helper { post, close });
    }
}

/// Stops `desk`'s worker, if it has one.
fn close(desk: u32) {
    RUNNING.with_borrow_mut(|r| {
        r.retain(|w| {
            if w.desk == desk {
                w.worker.terminate();
            }
            w.desk != desk
        })
    });
}

fn post(desk: u32, message: &str, replacing: bool) -> bool {
    if replacing {
        close(desk);
    }
    RUNNING.with_borrow_mut(|r| {
        if !r.iter().any(|w| w.desk == desk) {
            match start(desk) {
                Some(w) => r.push(w),
                None => return false,
            }
        }
        r.iter()
            .find(|w| w.desk == desk)
            .is_some_and(|w| w.worker.post_message(&message.into()).is_ok())
    })
}

/// A new worker for `desk`, if the page may start one (an embedding page's
/// policy may forbid it, or the loader may sit on another origin).
fn start(desk: u32) -> Option<Running> {
    let worker = Worker::new(&assets::url(LOADER)).ok()?;
    let answered = Listener::new(&worker, "message", move |ev| heard(desk, ev));
    let failed = Listener::new(&worker, "error", move |ev| heard(desk, ev));
    Some(Running {
        desk,
        worker,
        _heard: [answered, failed],
    })
}

/// What a desk's worker says: a message with its answer, or an error
/// (which has no text), after which the helper is gone and nothing more is
/// posted to any worker.
fn heard(desk: u32, ev: Event) {
    match ev.unchecked_ref::<MessageEvent>().data().as_string() {
        Some(answer) => helper::deliver(desk, &answer),
        None => helper::fail(),
    }
}
