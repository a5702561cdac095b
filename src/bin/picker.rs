//! The picker's program (`index.html`): it carries no game's code.
//!
//! The picker itself is plain HTML, a link per game's page. This program
//! does the four things HTML cannot:
//! - a URL that names a game (`?game=klondike&seed=7`, a challenge link, a
//!   daily game: every URL earlier releases wrote) goes on to that game's
//!   page with the same query, replacing this page in the history;
//! - a URL the site cannot read (`?game=nonsense`) is told on screen, and
//!   the address is cleaned;
//! - the player's stored theme colours the picker, as it does the games;
//! - the offline worker is asked for ([`parlour::site`]).

#[cfg(target_arch = "wasm32")]
fn main() {
    use parlour::host::appearance::{appearance_key, Appearance};
    use parlour::host::params::parse_query;
    use parlour::shell::theme::SystemPrefs;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::JsValue;

    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let search = location.search().unwrap_or_default();
    let (req, problems) = parse_query(&search);
    if let Some(kind) = req.game {
        let _ = location.replace(&format!("{}.html{search}", kind.slug()));
        return;
    }
    parlour::site::register_offline_worker();
    let Some(document) = window.document() else {
        return;
    };
    let Some(root) = document
        .query_selector(".parlour")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };

    // The theme, as the games resolve it (a record that cannot be read is
    // named by the game that reads it next; here the default serves).
    let matches = |query: &str| {
        window
            .match_media(query)
            .ok()
            .flatten()
            .is_some_and(|m| m.matches())
    };
    let stored = window
        .local_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item(&appearance_key(None)).ok().flatten());
    let choice = stored
        .as_deref()
        .and_then(|text| Appearance::parse(text).ok())
        .unwrap_or_default()
        .theme;
    let theme = choice.resolve(SystemPrefs {
        light: matches("(prefers-color-scheme: light)"),
        more_contrast: matches("(prefers-contrast: more), (forced-colors: active)"),
    });
    let _ = root.set_attribute("data-theme", theme.slug());

    if problems.is_empty() {
        return;
    }
    // What the URL got wrong, on screen, with a button to dismiss it.
    if let Some(notices) = root
        .query_selector(".parlour-notices")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        for problem in &problems {
            if let Ok(p) = document.create_element("p") {
                p.set_class_name("parlour-notice");
                p.set_text_content(Some(&problem.to_string()));
                let _ = notices.append_child(&p);
            }
        }
        if let Ok(close) = document.create_element("button") {
            close.set_class_name("parlour-dismiss");
            close.set_text_content(Some("×"));
            let _ = close.set_attribute("aria-label", "Dismiss notices");
            let target = notices.clone();
            let hide = wasm_bindgen::closure::Closure::once_into_js(move || {
                target.set_hidden(true);
            });
            let _ = close.add_event_listener_with_callback("click", hide.unchecked_ref());
            let _ = notices.append_child(&close);
        }
        notices.set_hidden(false);
    }
    if let (Ok(history), Ok(path)) = (window.history(), location.pathname()) {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&path));
    }
}

/// Natively there is no page: the command line is `parlour`.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("this program runs only as index.html's module; the command line is `parlour`");
    std::process::exit(2);
}
