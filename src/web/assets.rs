//! Static files that sit next to `parlour.js` and load only when wanted
//! (the rules pages), so that they cost the first load nothing.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Url, XmlHttpRequest};

#[wasm_bindgen]
extern "C" {
    /// `import.meta` of the generated module, `parlour.js`.
    type ImportMeta;
    #[wasm_bindgen(thread_local_v2, js_namespace = import, js_name = meta)]
    static IMPORT_META: ImportMeta;
    #[wasm_bindgen(method, getter)]
    fn url(this: &ImportMeta) -> String;
}

/// The address of `path` beside `parlour.js`, wherever the host page put it.
pub fn url(path: &str) -> String {
    let base = IMPORT_META.with(ImportMeta::url);
    Url::new_with_base(path, &base).map_or_else(|_| path.to_owned(), |u| u.href())
}

/// Fetches the text at `path` (beside `parlour.js`) and hands it, or a
/// sentence saying why it could not be had, to `done`, exactly once.
pub fn fetch_text(path: &str, done: impl FnOnce(Result<String, String>) + 'static) {
    let address = url(path);
    let Ok(xhr) = XmlHttpRequest::new() else {
        return done(Err("this browser cannot load files".into()));
    };
    if xhr.open("GET", &address).is_err() {
        return done(Err(format!("{address} cannot be requested")));
    }
    let request = xhr.clone();
    // `loadend` fires once whatever happens (loaded, failed, aborted), and a
    // one-shot closure frees itself when called.
    let on_end = Closure::once_into_js(move || {
        let status = request.status().unwrap_or(0);
        done(match request.response_text() {
            Ok(Some(text)) if status == 200 || (status == 0 && !text.is_empty()) => Ok(text),
            _ if status == 0 => Err(format!("{address} could not be reached")),
            _ => Err(format!("{address} answered {status}")),
        })
    });
    xhr.set_onloadend(Some(on_end.unchecked_ref()));
    // `send` throws only when the request was not opened or is already sent;
    // network failures arrive as `loadend`.
    let _ = xhr.send();
}
