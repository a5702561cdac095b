//! The page's helper ([`crate::shell::helper`]): the Klondike solver's
//! summary search in Web Workers, `solver_worker` (`src/bin`), which Trunk
//! builds beside `klondike.js`. Each instance has its own helper, whose
//! port is its [`Workers`]. A desk's worker is started when its first
//! question is asked, so it costs the first load nothing; each desk (each
//! Klondike table on the page) has its own, so two games on one page never
//! stop each other's searches, and a desk that closes stops its worker.
//!
//! A question that replaces one still being searched stops that desk's
//! worker (a search cannot be interrupted otherwise) and starts a fresh one.
//! If a worker cannot be started or fails, the helper is gone and the games
//! judge positions themselves, with the search the page carries.

use super::{assets, dom::Listener};
use crate::shell::helper::{Mailbox, Port};
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use web_sys::{Event, MessageEvent, Worker};

/// The worker's loader, beside the page's module.
const LOADER: &str = "solver_worker_loader.js";

/// A desk's worker and what listens to it.
struct Running {
    desk: u32,
    worker: Worker,
    _heard: [Listener; 2],
}

/// The page's workers, one per desk: the port of an instance's helper.
#[derive(Default)]
pub struct Workers {
    running: RefCell<Vec<Running>>,
}

impl Port for Workers {
    fn post(&self, desk: u32, message: &str, replacing: bool, mail: &Mailbox) -> bool {
        if replacing {
            self.close(desk);
        }
        let mut running = self.running.borrow_mut();
        if !running.iter().any(|w| w.desk == desk) {
            match start(desk, mail) {
                Some(w) => running.push(w),
                None => return false,
            }
        }
        running
            .iter()
            .find(|w| w.desk == desk)
            .is_some_and(|w| w.worker.post_message(&message.into()).is_ok())
    }

    /// Stops `desk`'s worker, if it has one.
    fn close(&self, desk: u32) {
        self.running.borrow_mut().retain(|w| {
            if w.desk == desk {
                w.worker.terminate();
            }
            w.desk != desk
        });
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        for w in self.running.get_mut().iter() {
            w.worker.terminate();
        }
    }
}

/// A new worker for `desk`, whose answers go to `mail`, if the page may
/// start one (an embedding page's policy may forbid it, or the loader may
/// sit on another origin).
fn start(desk: u32, mail: &Mailbox) -> Option<Running> {
    let worker = Worker::new(&assets::url(LOADER)).ok()?;
    let (m1, m2) = (mail.clone(), mail.clone());
    let answered = Listener::new(&worker, "message", move |ev| heard(&m1, desk, ev));
    let failed = Listener::new(&worker, "error", move |ev| heard(&m2, desk, ev));
    Some(Running {
        desk,
        worker,
        _heard: [answered, failed],
    })
}

/// What a desk's worker says: a message with its answer, or an error
/// (which has no text), after which the helper is gone and nothing more is
/// posted to any of its workers.
fn heard(mail: &Mailbox, desk: u32, ev: Event) {
    match ev.unchecked_ref::<MessageEvent>().data().as_string() {
        Some(answer) => mail.deliver(desk, &answer),
        None => mail.fail(),
    }
}
