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
use crate::shell::helper::{Mailbox, Port, READY};
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::JsCast;
use web_sys::{Event, MessageEvent, Worker};

/// The worker's loader, beside the page's module.
const LOADER: &str = "solver_worker_loader.js";

/// A desk's worker and what listens to it.
struct Running {
    desk: u32,
    worker: Worker,
    /// The question posted before the worker said it listens: a message
    /// that reaches a worker still loading its module would be lost.
    waiting: Option<String>,
    _heard: [Listener; 2],
}

/// The page's workers, one per desk: the port of an instance's helper.
#[derive(Default)]
pub struct Workers {
    running: Rc<RefCell<Vec<Running>>>,
}

impl Port for Workers {
    fn post(&self, desk: u32, message: &str, replacing: bool, mail: &Mailbox) -> bool {
        if replacing {
            self.close(desk);
        }
        let mut running = self.running.borrow_mut();
        match running.iter_mut().find(|w| w.desk == desk) {
            // Still loading: the question waits for its word (a newer one
            // replaces it).
            Some(w) if w.waiting.is_some() => {
                w.waiting = Some(message.to_owned());
                true
            }
            Some(w) => w.worker.post_message(&message.into()).is_ok(),
            None => match start(desk, message, mail, Rc::downgrade(&self.running)) {
                Some(w) => {
                    running.push(w);
                    true
                }
                None => false,
            },
        }
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
        for w in self.running.borrow().iter() {
            w.worker.terminate();
        }
    }
}

/// A new worker for `desk`, its first question `message` waiting until it
/// says it listens, its answers going to `mail`, if the page may start one
/// (an embedding page's policy may forbid it, or the loader may sit on
/// another origin).
fn start(
    desk: u32,
    message: &str,
    mail: &Mailbox,
    running: Weak<RefCell<Vec<Running>>>,
) -> Option<Running> {
    let worker = Worker::new(&assets::url(LOADER)).ok()?;
    let m = mail.clone();
    let answered = Listener::new(&worker, "message", move |ev| {
        let data = ev.unchecked_ref::<MessageEvent>().data().as_string();
        match data.as_deref() {
            Some(READY) => ready(&running, desk, &m),
            Some(answer) => m.deliver(desk, answer),
            None => m.fail(),
        }
    });
    let m = mail.clone();
    // An error event has no text: the helper is gone, and nothing more is
    // posted to any of its workers.
    let failed = Listener::new(&worker, "error", move |_: Event| m.fail());
    Some(Running {
        desk,
        worker,
        waiting: Some(message.to_owned()),
        _heard: [answered, failed],
    })
}

/// `desk`'s worker listens: its waiting question goes to it.
fn ready(running: &Weak<RefCell<Vec<Running>>>, desk: u32, mail: &Mailbox) {
    let Some(running) = running.upgrade() else {
        return;
    };
    let mut running = running.borrow_mut();
    let Some(w) = running.iter_mut().find(|w| w.desk == desk) else {
        return;
    };
    if let Some(message) = w.waiting.take() {
        if w.worker.post_message(&message.into()).is_err() {
            drop(running);
            mail.fail();
        }
    }
}
