//! The page's solver worker: a Web Worker that answers the Klondike table's
//! questions (positions to judge) with the solver's summary search, which
//! the page's own module leaves out to keep its first load small.
//!
//! Trunk builds it from index.html (feature `worker`); the page starts it
//! from `solver_worker_loader.js` the first time it asks
//! (`src/web/worker.rs`). Each message is a question from
//! [`parlour::shell::helper`], answered by
//! [`parlour::klondike::remote::answer`] and posted back.

#[cfg(target_arch = "wasm32")]
fn main() {
    use parlour::klondike::remote;
    use parlour::shell::helper;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |ev: MessageEvent| {
        let message = ev.data().as_string().unwrap_or_default();
        if let Some(reply) = helper::reply(&message, |q| remote::answer(q, js_sys::Date::now)) {
            let _ = replies.post_message(&reply.into());
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    // A question posted while the module loaded may have found no handler:
    // the page holds its first question until this word.
    let _ = scope.post_message(&helper::READY.into());
}

/// Natively there is no worker: the command line solves in its own thread.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("solver_worker runs only as the page's Web Worker (see index.html)");
    std::process::exit(2);
}
