//! What every page of the site does in the browser, a game's or the
//! picker's: ask for the offline worker (`sw.js`, [`crate::host::offline`]),
//! so that after one visit every page loads and plays with the network off.

use wasm_bindgen::prelude::*;

/// Registers `sw.js`, beside the page, as the site's service worker. A
/// page served without it (Trunk's development server serves one page) or
/// where service workers are off goes on as before: the failure is quiet.
pub fn register_offline_worker() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let container = window.navigator().service_worker();
    let quiet = Closure::<dyn FnMut(JsValue)>::new(|_| {});
    let _ = container.register("sw.js").catch(&quiet);
    // Called at most once, and the page lives as long as it.
    quiet.forget();
}
