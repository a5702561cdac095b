//! The site's service worker, which lets every page load and play with the
//! network off after one visit (the decisions are [`parlour::host::offline`]).
//!
//! `sw.js`, which `scripts/offline-release.py` writes for each release,
//! names the release (`self.PARLOUR_RELEASE`: its version and files), loads
//! this program's glue and module, and starts it synchronously: a service
//! worker's listeners must be added while its script first runs, and then
//! this program adds them.
//! - **install:** every file of the release (but the later ones) into the release's own cache;
//!   a file that fails to come fails the install, and the old release stays.
//! - **activate:** the other releases' caches go, and the open pages of this
//!   release are taken under its control.
//! - **fetch:** a read of the site is answered from the release's cache (a
//!   page's query ignored), or else from the network; a file fetched only
//!   when wanted (the sounds, [`parlour::host::offline::LATER`]) is kept in
//!   the cache once fetched.

#[cfg(target_arch = "wasm32")]
fn main() {
    use parlour::host::offline::{answers, cache_name, is_stale, keeps_when_fetched};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::{future_to_promise, JsFuture};
    use web_sys::{CacheQueryOptions, ExtendableEvent, FetchEvent, ServiceWorkerGlobalScope};

    let scope: ServiceWorkerGlobalScope = js_sys::global().unchecked_into();
    let release = js_sys::Reflect::get(&scope, &"PARLOUR_RELEASE".into()).unwrap_or_default();
    let field = |name: &str| js_sys::Reflect::get(&release, &name.into()).unwrap_or_default();
    let (Some(version), Ok(files)) = (
        field("version").as_string(),
        field("files").dyn_into::<js_sys::Array>(),
    ) else {
        web_sys::console::error_1(&"Parlour's offline worker: sw.js names no release".into());
        return;
    };
    let name = cache_name(&version);
    let home = scope.registration().scope();

    let on = |kind: &str, f: Box<dyn Fn(JsValue)>| {
        let f = Closure::<dyn Fn(JsValue)>::new(f);
        let _ = scope.add_event_listener_with_callback(kind, f.as_ref().unchecked_ref());
        // The listeners live as long as the worker.
        f.forget();
    };

    let (sw, cache) = (scope.clone(), name.clone());
    on(
        "install",
        Box::new(move |ev| {
            let ev: ExtendableEvent = ev.unchecked_into();
            let (sw, cache, files) = (sw.clone(), cache.clone(), files.clone());
            let _ = ev.wait_until(&future_to_promise(async move {
                let caches = sw.caches()?;
                let cache: web_sys::Cache = JsFuture::from(caches.open(&cache)).await?.into();
                JsFuture::from(cache.add_all_with_str_sequence(&files)).await
            }));
        }),
    );

    let (sw, current) = (scope.clone(), name.clone());
    on(
        "activate",
        Box::new(move |ev| {
            let ev: ExtendableEvent = ev.unchecked_into();
            let (sw, current) = (sw.clone(), current.clone());
            let _ = ev.wait_until(&future_to_promise(async move {
                let caches = sw.caches()?;
                let names: js_sys::Array = JsFuture::from(caches.keys()).await?.into();
                for old in names.iter().filter_map(|n| n.as_string()) {
                    if is_stale(&old, &current) {
                        JsFuture::from(caches.delete(&old)).await?;
                    }
                }
                JsFuture::from(sw.clients().claim()).await
            }));
        }),
    );

    let sw = scope.clone();
    on(
        "fetch",
        Box::new(move |ev| {
            let ev: FetchEvent = ev.unchecked_into();
            let request = ev.request();
            if !answers(&request.method(), &request.url(), &home) {
                return;
            }
            let (sw, cache, scope_url) = (sw.clone(), name.clone(), home.clone());
            let _ = ev.respond_with(&future_to_promise(async move {
                let caches = sw.caches()?;
                let cache: web_sys::Cache = JsFuture::from(caches.open(&cache)).await?.into();
                let options = CacheQueryOptions::new();
                options.set_ignore_search(true);
                let kept = JsFuture::from(cache.match_with_request_and_options(&request, &options))
                    .await?;
                if !kept.is_undefined() {
                    return Ok(kept);
                }
                let fetched: web_sys::Response = JsFuture::from(sw.fetch_with_request(&request))
                    .await?
                    .into();
                if fetched.ok() && keeps_when_fetched(&request.url(), &scope_url) {
                    if let Ok(copy) = fetched.clone() {
                        let _ = JsFuture::from(cache.put_with_request(&request, &copy)).await;
                    }
                }
                Ok(fetched.into())
            }));
        }),
    );
}

/// Natively there is no service worker.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("this program runs only as the site's service worker (sw.js)");
    std::process::exit(2);
}
