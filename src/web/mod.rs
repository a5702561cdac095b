//! The web layer (wasm32, feature `page`): a game's page, its mount API and
//! the browser glue.
//!
//! Nothing outside this module touches web-sys; the games reach the browser
//! only through the [`crate::shell::Game`] trait that [`app`] drives. Each
//! game's page is a program of its own (`src/bin/<game>.rs`) that names its
//! [`Entry`] here, so its module carries that game and no other.

pub(crate) mod app;
/// The allocator: Talc instead of the standard dlmalloc, the same job in
/// fewer bytes of the module (the page is single-threaded wasm).
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

mod assets;
mod canvas;
mod dom;
mod panic;
mod sound;
mod storage;
mod worker;

use crate::games::Entry;
use crate::host::session::Wanted;
use crate::util::rng::Seed;
use crate::util::string_map::StringMap;
use app::{Config, Persist, Start};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

type Shared = Rc<RefCell<app::App>>;

thread_local! {
    /// The mounted instances by slot (a few at most: a list will do).
    static INSTANCES: RefCell<Vec<(u32, Shared)>> = const { RefCell::new(Vec::new()) };
    /// The page's one counter: each slot and each instance built in one
    /// (a restart builds another) gets the next number.
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
}

/// The next number for a slot or an instance.
fn next_id() -> u32 {
    NEXT_ID.with(|n| {
        let s = n.get();
        n.set(s + 1);
        s
    })
}

/// Keeps an instance alive in `slot`, replacing whatever was there.
fn keep_alive(slot: u32, app: Shared) {
    INSTANCES.with(|i| {
        if let Ok(mut i) = i.try_borrow_mut() {
            i.retain(|(s, _)| *s != slot);
            i.push((slot, app));
        }
    });
}

fn lookup(slot: u32) -> Option<Shared> {
    INSTANCES.with(|i| {
        i.try_borrow()
            .ok()
            .and_then(|i| i.iter().find(|(s, _)| *s == slot).map(|(_, a)| a.clone()))
    })
}

/// A game page's entry point: `entry`'s full-window app when the page has an
/// element with id `parlour-app`; otherwise nothing, and the host calls
/// [`mount`].
pub fn start(entry: Entry) {
    panic::install();
    let Some(root) = dom::document().get_element_by_id("parlour-app") else {
        return;
    };
    let Ok(root) = root.dyn_into::<HtmlElement>() else {
        return;
    };
    // The full page, not a host's page: its site may run offline.
    crate::site::register_offline_worker();
    let slot = next_id();
    let config = Config {
        entry,
        slot,
        url_sync: true,
        persist: Persist::Page,
        start: Start::Url,
        notices: Vec::new(),
    };
    match app::mount(&root, config) {
        Ok(app) => {
            keep_alive(slot, app);
            // The full-window page's handle, for the console and for tests.
            let _ = js_sys::Reflect::set(
                &js_sys::global(),
                &JsValue::from_str("parlour"),
                &JsValue::from(Parlour { slot }),
            );
        }
        Err(e) => panic::show_error_panel(&root, &e, None),
    }
}

/// What a host page may pass to [`mount`]. Every field is optional.
#[derive(Debug, Default)]
struct MountOptions {
    /// `"klondike"`, `"phutball"` or `"dominoes"`: the module's own game, if
    /// given (each game's module mounts its own game only).
    game: Option<String>,
    /// A particular deal.
    seed: Option<u64>,
    /// Game options by URL name, e.g. `{ draw: "3" }`.
    options: Option<StringMap>,
    /// Keep games in localStorage under this name; without it nothing is stored.
    save_key: Option<String>,
}

/// The option names [`MountOptions`] reads.
const MOUNT_KEYS: [&str; 4] = ["game", "seed", "options", "saveKey"];

impl MountOptions {
    /// Reads the host's plain object, naming the first field that is wrong.
    /// (Read by hand: serde-wasm-bindgen's general reader cost the first
    /// load 15 KB gzipped, most of it the float printer its error messages
    /// link in.)
    fn read(value: &JsValue) -> Result<MountOptions, String> {
        if value.is_undefined() || value.is_null() {
            return Ok(MountOptions::default());
        }
        let obj = value
            .dyn_ref::<js_sys::Object>()
            .filter(|_| value.is_object())
            .ok_or("options must be an object")?;
        for key in js_sys::Object::keys(obj).iter() {
            let key = key.as_string().unwrap_or_default();
            if !MOUNT_KEYS.contains(&key.as_str()) {
                return Err(format!(
                    "unknown option '{key}': expected {}",
                    MOUNT_KEYS.join(", ")
                ));
            }
        }
        let field = |name: &str| {
            js_sys::Reflect::get(obj, &JsValue::from_str(name))
                .ok()
                .filter(|v| !v.is_undefined() && !v.is_null())
        };
        let text = |name: &str| -> Result<Option<String>, String> {
            field(name)
                .map(|v| v.as_string().ok_or(format!("'{name}' must be a string")))
                .transpose()
        };
        let seed = field("seed")
            .map(|v| {
                v.as_f64()
                    .filter(|n| n.fract() == 0.0 && (0.0..=9_007_199_254_740_991.0).contains(n))
                    .map(|n| n as u64)
                    .ok_or("'seed' must be a whole number from 0 to 2^53 - 1")
            })
            .transpose()?;
        let options = field("options")
            .map(|v| -> Result<StringMap, String> {
                let map = v
                    .dyn_ref::<js_sys::Object>()
                    .filter(|_| v.is_object())
                    .ok_or("'options' must be an object of strings")?;
                let entries = js_sys::Object::entries(map);
                if entries.length() as usize > crate::util::string_map::MAX_ENTRIES {
                    return Err("'options' has too many entries".into());
                }
                entries
                    .iter()
                    .map(|pair| {
                        let pair = js_sys::Array::from(&pair);
                        let key = pair.get(0).as_string().unwrap_or_default();
                        let value = pair.get(1);
                        value
                            .as_string()
                            .map(|v| (key.clone(), v))
                            .ok_or(format!("option '{key}' must be a string"))
                    })
                    .collect()
            })
            .transpose()?;
        Ok(MountOptions {
            game: text("game")?,
            seed,
            options,
            save_key: text("saveKey")?,
        })
    }
}

fn config_from(entry: Entry, m: MountOptions, slot: u32) -> Result<Config, String> {
    if let Some(key) = &m.save_key {
        let ok = !key.is_empty()
            && key.len() <= 64
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !ok {
            return Err(format!(
                "saveKey '{key}' must be 1–64 letters, digits, '-' or '_'"
            ));
        }
    }
    let own = entry.kind.slug();
    if let Some(name) = m.game.as_deref().filter(|name| *name != own) {
        let known = name
            .parse::<crate::games::GameKind>()
            .map_err(|e| e.to_string())?;
        return Err(format!(
            "this is {own}.js, which mounts {} only: import {}.js to mount '{name}'",
            entry.kind.title(),
            known.slug()
        ));
    }
    let options: Vec<(String, String)> = m.options.unwrap_or_default().into_iter().collect();
    // The mount API is strict: a bad option is the host's bug, so say so.
    let mut probe = entry.make(Seed(0));
    for (k, v) in &options {
        probe.set_option(k, v).map_err(|e| e.to_string())?;
    }
    Ok(Config {
        entry,
        slot,
        url_sync: false,
        persist: m.save_key.map_or(Persist::Memory, Persist::Named),
        start: Start::Game(Wanted {
            seed: m.seed.map(Seed),
            options,
            play: None,
            daily: None,
        }),
        notices: Vec::new(),
    })
}

/// Checks what a host passed to [`mount`]: an HTML element that is in the
/// document, so that the instance can be seen, measured and sized.
fn host_element(element: JsValue) -> Result<HtmlElement, String> {
    if element.is_null() || element.is_undefined() {
        return Err("the first argument must be an HTML element, not null or undefined".into());
    }
    let element = element
        .dyn_into::<HtmlElement>()
        .map_err(|_| "the first argument must be an HTML element".to_owned())?;
    if !element.is_connected() {
        return Err("the element is not in the document: append it to the page, then mount".into());
    }
    Ok(element)
}

/// A game mounted in a host element, returned by [`mount`] (and the full
/// page's `window.parlour`).
#[wasm_bindgen]
pub struct Parlour {
    slot: u32,
}

/// Puts an instance of `entry`'s game into `element`, an HTML element in
/// the document. Each game's module exports it as `mount(element, options)`.
///
/// `options` is a plain object: `{ game, seed, options, saveKey }`, all
/// optional (`game`, if given, must be the module's own). Fails with a
/// readable message when they are wrong, or when `element` is not an HTML
/// element in the document (`null`, a detached element): then nothing is
/// mounted.
pub fn mount(entry: Entry, element: JsValue, options: JsValue) -> Result<Parlour, JsError> {
    let element =
        host_element(element).map_err(|e| JsError::new(&format!("parlour.mount: {e}")))?;
    let element = &element;
    let opts = MountOptions::read(&options)
        .map_err(|e| JsError::new(&format!("parlour.mount: bad options: {e}")))?;
    let slot = next_id();
    let config =
        config_from(entry, opts, slot).map_err(|e| JsError::new(&format!("parlour.mount: {e}")))?;
    let app =
        app::mount(element, config).map_err(|e| JsError::new(&format!("parlour.mount: {e}")))?;
    keep_alive(slot, app);
    Ok(Parlour { slot })
}

#[wasm_bindgen]
impl Parlour {
    fn with<T>(&self, f: impl FnOnce(&mut app::App) -> T) -> Result<T, JsError> {
        let app =
            lookup(self.slot).ok_or_else(|| JsError::new("this Parlour instance was unmounted"))?;
        let mut a = app
            .try_borrow_mut()
            .map_err(|_| JsError::new("this Parlour instance is busy or has failed"))?;
        let _active = panic::enter(a.id());
        Ok(f(&mut a))
    }

    /// Removes the instance and everything it added to the page.
    pub fn unmount(&self) -> Result<(), JsError> {
        self.with(|a| a.unmount())?;
        INSTANCES.with(|i| {
            if let Ok(mut i) = i.try_borrow_mut() {
                i.retain(|(s, _)| *s != self.slot);
            }
        });
        Ok(())
    }

    /// The game on screen (`"klondike"`, …), or `undefined` before it opens.
    pub fn game(&self) -> Result<Option<String>, JsError> {
        self.with(|a| a.game_kind().map(|k| k.slug().to_owned()))
    }

    /// The status line of the game on screen.
    pub fn status(&self) -> Result<String, JsError> {
        self.with(|a| a.status())
    }

    /// The moves played so far in the game on screen, in its notation
    /// (Klondike `T2-T5x3`, Phutball `H10-H12`; a `*` marks automatic moves).
    pub fn moves(&self) -> Result<Vec<String>, JsError> {
        self.with(|a| a.moves())
    }

    /// The smallest thing a player may tap on the board as last drawn (a
    /// card's visible strip, a point, a tile), as `[width, height]` in CSS
    /// pixels; `undefined` before the game opens.
    #[wasm_bindgen(js_name = smallestTarget)]
    pub fn smallest_target(&self) -> Result<Option<Vec<f64>>, JsError> {
        self.with(|a| a.smallest_target())
    }

    /// The smallest text on the board as last drawn, in CSS pixels;
    /// `undefined` before the game opens or when it draws no text.
    #[wasm_bindgen(js_name = smallestText)]
    pub fn smallest_text(&self) -> Result<Option<f64>, JsError> {
        self.with(|a| a.smallest_text())
    }

    /// The URL query that would show this game, e.g. `?game=phutball&seed=7`.
    pub fn query(&self) -> Result<String, JsError> {
        self.with(|a| a.query())
    }

    /// Calls `callback` with each event of type `kind` from now on: `"ready"`
    /// (a game is on screen), `"move"`, `"gameover"` or `"height"`. Each
    /// event is an object `{ source: "parlour", type, … }` (README: "Events
    /// for the host"), the same a framed page posts to its parent.
    pub fn on(&self, kind: &str, callback: js_sys::Function) -> Result<(), JsError> {
        self.with(|a| a.listen(kind, callback))?
            .map_err(|e| JsError::new(&format!("parlour.on: {e}")))
    }

    /// Stops calling `callback` for events of type `kind`.
    pub fn off(&self, kind: &str, callback: js_sys::Function) -> Result<(), JsError> {
        self.with(|a| a.unlisten(kind, &callback))?
            .map_err(|e| JsError::new(&format!("parlour.off: {e}")))
    }

    /// Takes `date` (`YYYY-MM-DD`, UTC) as today in place of the device's
    /// clock: the day whose daily game the Daily button deals, and the day
    /// a daily game must be won on to count towards the streak. For hosts
    /// that keep their own calendar, and for tests.
    #[wasm_bindgen(js_name = setToday)]
    pub fn set_today(&self, date: &str) -> Result<(), JsError> {
        let day: crate::shell::daily::Day = date
            .parse()
            .map_err(|e| JsError::new(&format!("setToday: {e}")))?;
        self.with(|a| a.set_today(day))
    }

    /// Raises a Rust panic inside this instance, so that hosts and tests can
    /// see the error panel and its "Start over" button at work. With `when`
    /// `"restart"` the panic comes instead while the next instance on the
    /// page is built (this one's "Start over", if no `mount()` comes
    /// first); `"now"` or nothing is at once.
    #[wasm_bindgen(js_name = simulatePanic)]
    pub fn simulate_panic(&self, message: &str, when: Option<String>) -> Result<(), JsError> {
        match when.as_deref() {
            None | Some("now") => self.with(|_| panic!("{message}")),
            Some("restart") => {
                self.with(|_| ())?;
                panic::panic_at_next_build(message.to_owned());
                Ok(())
            }
            Some(other) => Err(JsError::new(&format!(
                "simulatePanic: when must be \"now\" or \"restart\", not '{other}'"
            ))),
        }
    }
}
