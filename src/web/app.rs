//! One Parlour instance in one element: picker, toolbar, canvas, panels,
//! notices, input, persistence and (for the full page) the URL.

use super::assets;
use super::canvas::CanvasPainter;
use super::dom::{self, attr, Listener};
use super::panic;
use super::storage::LocalStore;
use crate::games::GameKind;
use crate::host::params::{parse_query, query_for};
use crate::host::save::{self, save_key, MemoryStore, Store};
use crate::host::session::{self, Wanted};
use crate::shell::geom::{backing_store, Fit, Point, Size};
use crate::shell::input::{wheel_factor, Gesture, GestureTracker, Key, PointerKind};
use crate::shell::{Game, Outcome};
use crate::util::rng::Seed;
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Event, HtmlButtonElement, HtmlCanvasElement, HtmlElement,
    HtmlSelectElement, HtmlTextAreaElement, KeyboardEvent, PointerEvent, ResizeObserver,
    WheelEvent,
};

/// The style sheet, scoped under `.parlour`, injected into each instance so
/// that embedding needs no extra file and touches no host styles.
const CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/parlour.min.css"));

/// Colour around the board (matches the CSS background).
const BACKDROP: &str = "#14181d";

/// What a new instance shows first.
#[derive(Clone, Debug)]
pub enum Start {
    /// Whatever the page URL says (the full page).
    Url,
    /// The picker.
    Picker,
    /// A game, with the given wishes.
    Game(GameKind, Wanted),
}

/// How an instance behaves.
#[derive(Clone, Debug)]
pub struct Config {
    /// The slot that keeps this instance alive; a restart after a panic reuses it.
    pub slot: u32,
    /// Read and write the page URL (only the full page does).
    pub url_sync: bool,
    /// Persist to localStorage under this namespace (`None`: the page's own keys).
    pub persist: Option<Option<String>>,
    /// What to show first.
    pub start: Start,
}

thread_local! {
    static NEXT_ID: Cell<u32> = const { Cell::new(1) };
}

/// The toolbar's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Action {
    New,
    Undo,
    Redo,
    Hint,
    Settings,
    Rules,
    Stats,
    Record,
    Back,
}

impl Action {
    const ALL: [Action; 9] = [
        Action::New,
        Action::Undo,
        Action::Redo,
        Action::Hint,
        Action::Settings,
        Action::Rules,
        Action::Stats,
        Action::Record,
        Action::Back,
    ];

    fn label(self) -> (&'static str, &'static str, &'static str) {
        // (visible text, accessible name, data-action)
        match self {
            Action::New => ("New game", "New game", "new"),
            Action::Undo => ("↶ Undo", "Undo (Ctrl+Z)", "undo"),
            Action::Redo => ("↷ Redo", "Redo (Ctrl+Y)", "redo"),
            Action::Hint => ("Hint", "Hint", "hint"),
            Action::Settings => ("Settings", "Settings", "settings"),
            Action::Rules => ("Rules", "Rules", "rules"),
            Action::Stats => ("Stats", "Statistics", "stats"),
            Action::Record => ("Record", "Game record: export and import", "record"),
            Action::Back => ("← Games", "Back to games", "back"),
        }
    }
}

struct Ui {
    notices: HtmlElement,
    picker: HtmlElement,
    play: HtmlElement,
    title: HtmlElement,
    buttons: Vec<(Action, HtmlButtonElement)>,
    stage: HtmlElement,
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
    status: HtmlElement,
    live: HtmlElement,
    panel: HtmlElement,
}

/// A mounted instance.
pub struct App {
    id: u32,
    me: Weak<RefCell<App>>,
    config: Config,
    shell: HtmlElement,
    ui: Ui,
    game: Option<Box<dyn Game>>,
    store: Box<dyn Store>,
    tracker: GestureTracker,
    fit: Fit,
    board: Size,
    backing: (u32, u32),
    raf: Option<i32>,
    frame_cb: Option<Closure<dyn FnMut(f64)>>,
    clock: Option<(i32, Closure<dyn FnMut()>)>,
    observer: Option<SizeWatch>,
    listeners: Vec<Listener>,
    panel_listeners: Vec<Listener>,
    panel_opener: Option<HtmlElement>,
    current: Rc<Cell<Option<GameKind>>>,
    save_failed: bool,
}

type Shared = Rc<RefCell<App>>;

/// The stage's ResizeObserver and the callback it calls.
type SizeWatch = (ResizeObserver, Closure<dyn FnMut(JsValue)>);

/// Runs `f` on the app if it is still alive and not already busy.
fn with_app(weak: &Weak<RefCell<App>>, f: impl FnOnce(&mut App)) {
    if let Some(app) = weak.upgrade() {
        if let Ok(mut app) = app.try_borrow_mut() {
            let _active = panic::enter(app.id);
            f(&mut app);
        }
    }
}

fn wire(
    app: &Shared,
    target: &web_sys::EventTarget,
    kind: &'static str,
    f: impl Fn(&mut App, &Event) + 'static,
) -> Listener {
    let weak = Rc::downgrade(app);
    Listener::new(target, kind, move |ev| with_app(&weak, |a| f(a, &ev)))
}

/// Whether the player asked the system for less motion.
fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// A fresh seed from the browser's random source, kept short for URLs.
fn fresh_seed() -> Seed {
    let mut bytes = [0u8; 4];
    let got = web_sys::window()
        .and_then(|w| w.crypto().ok())
        .and_then(|c| c.get_random_values_with_u8_array(&mut bytes).ok())
        .is_some();
    let n = if got {
        u32::from_le_bytes(bytes)
    } else {
        (js_sys::Math::random() * f64::from(u32::MAX)) as u32
    };
    Seed(u64::from(n % 999_999_999) + 1)
}

fn build_ui(shell: &HtmlElement) -> Result<Ui, String> {
    let style = dom::element("style", "");
    style.set_text_content(Some(CSS));
    let _ = shell.append_child(&style);

    let notices = dom::element("div", "parlour-notices");
    attr(&notices, "role", "status");
    notices.set_hidden(true);
    let _ = shell.append_child(&notices);

    let picker = dom::element("nav", "parlour-picker");
    attr(&picker, "aria-label", "Choose a game");
    let _ = picker.append_child(&dom::text("h1", "parlour-brand", "Parlour"));
    let _ = picker.append_child(&dom::text(
        "p",
        "parlour-tagline",
        "Three classic table games. Pick one to play.",
    ));
    let list = dom::element("div", "parlour-picks");
    for kind in GameKind::ALL {
        let b = dom::button("parlour-pick", "", &format!("Play {}", kind.title()));
        attr(&b, "data-game", kind.slug());
        let _ = b.append_child(&dom::text("span", "parlour-pick-title", kind.title()));
        let _ = b.append_child(&dom::text("span", "parlour-pick-blurb", kind.blurb()));
        let _ = list.append_child(&b);
    }
    let _ = picker.append_child(&list);
    let _ = shell.append_child(&picker);

    let play = dom::element("section", "parlour-play");
    play.set_hidden(true);
    let bar = dom::element("div", "parlour-toolbar");
    attr(&bar, "aria-label", "Game controls");
    let title = dom::text("h2", "parlour-title", "");
    let _ = bar.append_child(&title);
    let mut buttons = Vec::new();
    for action in Action::ALL {
        let (text, name, data) = action.label();
        let b = dom::button("parlour-button", text, name);
        attr(&b, "data-action", data);
        let _ = bar.append_child(&b);
        buttons.push((action, b));
    }
    let _ = play.append_child(&bar);
    let stage = dom::element("div", "parlour-stage");
    let canvas = dom::element("canvas", "parlour-canvas").unchecked_into::<HtmlCanvasElement>();
    attr(&canvas, "tabindex", "0");
    attr(&canvas, "role", "application");
    let ctx = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        .ok_or("this browser cannot draw on a 2D canvas")?;
    let _ = stage.append_child(&canvas);
    let _ = play.append_child(&stage);
    let status = dom::element("div", "parlour-status");
    let _ = play.append_child(&status);
    let live = dom::element("div", "parlour-sr-only");
    attr(&live, "aria-live", "polite");
    attr(&live, "aria-atomic", "true");
    let _ = play.append_child(&live);
    let _ = shell.append_child(&play);

    let panel = dom::element("div", "parlour-panel");
    attr(&panel, "role", "dialog");
    attr(&panel, "aria-modal", "true");
    panel.set_hidden(true);
    let _ = shell.append_child(&panel);

    Ok(Ui {
        notices,
        picker,
        play,
        title,
        buttons,
        stage,
        canvas,
        ctx,
        status,
        live,
        panel,
    })
}

/// Mounts an instance into `root`.
pub fn mount(root: &HtmlElement, config: Config) -> Result<Shared, String> {
    panic::install();
    let id = NEXT_ID.with(|n| {
        let id = n.get();
        n.set(id + 1);
        id
    });
    let shell = dom::element("div", "parlour");
    attr(&shell, "data-parlour-instance", &id.to_string());
    let ui = build_ui(&shell)?;
    let _ = root.append_child(&shell);
    let store: Box<dyn Store> = match &config.persist {
        Some(_) => Box::new(LocalStore::new()),
        None => Box::new(MemoryStore::default()),
    };
    let current = Rc::new(Cell::new(None));
    let app = Rc::new(RefCell::new(App {
        id,
        me: Weak::new(),
        config: config.clone(),
        shell: shell.clone(),
        ui,
        game: None,
        store,
        tracker: GestureTracker::new(),
        fit: Fit::new(Size::default(), Size::default()),
        board: Size::default(),
        backing: (0, 0),
        raf: None,
        frame_cb: None,
        clock: None,
        observer: None,
        listeners: Vec::new(),
        panel_listeners: Vec::new(),
        panel_opener: None,
        current: current.clone(),
        save_failed: false,
    }));
    app.borrow_mut().me = Rc::downgrade(&app);
    wire_events(&app);
    register_restart(&app, root.clone(), config, current);
    {
        let mut a = app.borrow_mut();
        match a.config.start.clone() {
            Start::Url => a.follow_url(),
            Start::Picker => a.show_picker(),
            Start::Game(kind, wanted) => a.open_game(kind, &wanted, Vec::new()),
        }
    }
    Ok(app)
}

/// Prepares "Start over" for the panic panel: set the broken game's save aside
/// and mount a fresh instance of the same game in the same element.
fn register_restart(
    app: &Shared,
    root: HtmlElement,
    config: Config,
    current: Rc<Cell<Option<GameKind>>>,
) {
    let (id, shell) = {
        let a = app.borrow();
        (a.id, a.shell.clone())
    };
    let old_shell = shell.clone();
    let slot = config.slot;
    let restart: Rc<dyn Fn()> = Rc::new(move || {
        old_shell.remove();
        panic::unregister(id);
        let mut config = config.clone();
        let kind = current.get();
        if let (Some(kind), Some(ns)) = (kind, &config.persist) {
            save::set_aside(&mut LocalStore::new(), &save_key(ns.as_deref(), kind));
        }
        config.start = match kind {
            Some(kind) => Start::Game(kind, Wanted::default()),
            None => Start::Picker,
        };
        if let Ok(fresh) = mount(&root, config) {
            if let Ok(a) = fresh.try_borrow_mut() {
                a.sync_url(false);
            }
            super::keep_alive(slot, fresh);
        }
    });
    panic::register(id, shell, restart);
}

fn wire_events(app: &Shared) {
    let (shell, canvas, picker_buttons, toolbar, panel) = {
        let a = app.borrow();
        let picks: Vec<_> =
            a.ui.picker
                .query_selector_all(".parlour-pick")
                .map(|list| {
                    (0..list.length())
                        .filter_map(|i| list.item(i))
                        .filter_map(|n| n.dyn_into::<HtmlElement>().ok())
                        .collect()
                })
                .unwrap_or_default();
        (
            a.shell.clone(),
            a.ui.canvas.clone(),
            picks,
            a.ui.buttons.clone(),
            a.ui.panel.clone(),
        )
    };
    let mut ls = Vec::new();
    for b in picker_buttons {
        let kind = b
            .get_attribute("data-game")
            .and_then(|g| g.parse::<GameKind>().ok());
        if let Some(kind) = kind {
            ls.push(wire(app, &b, "click", move |a, _| {
                a.open_game(kind, &Wanted::default(), Vec::new());
                a.sync_url(true);
                // Keyboard players carry on from the picker onto the board.
                let _ = a.ui.canvas.focus();
            }));
        }
    }
    for (action, b) in toolbar {
        ls.push(wire(app, &b, "click", move |a, _| a.act(action)));
    }
    ls.push(wire(app, &canvas, "pointerdown", |a, ev| {
        a.pointer(ev, "down")
    }));
    ls.push(wire(app, &canvas, "pointermove", |a, ev| {
        a.pointer(ev, "move")
    }));
    ls.push(wire(app, &canvas, "pointerup", |a, ev| a.pointer(ev, "up")));
    ls.push(wire(app, &canvas, "pointercancel", |a, ev| {
        a.pointer(ev, "cancel")
    }));
    ls.push(wire(app, &canvas, "wheel", |a, ev| a.wheel(ev)));
    ls.push(wire(app, &canvas, "contextmenu", |_, ev| {
        ev.prevent_default()
    }));
    ls.push(wire(app, &canvas, "keydown", |a, ev| a.canvas_key(ev)));
    ls.push(wire(app, &shell, "keydown", |a, ev| {
        if let Some(k) = ev.dyn_ref::<KeyboardEvent>() {
            if k.key() == "Escape" && !a.ui.panel.hidden() {
                a.close_panel();
                ev.prevent_default();
            }
        }
    }));
    ls.push(wire(app, &panel, "click", |a, ev| {
        // A click on the backdrop (the panel itself, not its card) closes it.
        let on_backdrop = ev
            .target()
            .and_then(|t| t.dyn_into::<HtmlElement>().ok())
            .is_some_and(|t| t == a.ui.panel);
        if on_backdrop {
            a.close_panel();
        }
    }));
    if let Some(w) = web_sys::window() {
        ls.push(wire(app, &w, "resize", |a, _| a.request_frame()));
        if app.borrow().config.url_sync {
            ls.push(wire(app, &w, "popstate", |a, _| a.follow_url()));
        }
    }
    // The animation-frame callback and the size observer.
    let weak = Rc::downgrade(app);
    let frame = Closure::<dyn FnMut(f64)>::new(move |now| with_app(&weak, |a| a.frame(now)));
    let weak = Rc::downgrade(app);
    let resized =
        Closure::<dyn FnMut(JsValue)>::new(move |_entries| with_app(&weak, |a| a.request_frame()));
    let observer = ResizeObserver::new(resized.as_ref().unchecked_ref()).ok();
    // A once-a-second clock for the status line (game timers), independent of drawing.
    let weak = Rc::downgrade(app);
    let second = Closure::<dyn FnMut()>::new(move || with_app(&weak, App::second));
    let clock = web_sys::window().and_then(|w| {
        w.set_interval_with_callback_and_timeout_and_arguments_0(
            second.as_ref().unchecked_ref(),
            1000,
        )
        .ok()
    });
    let mut a = app.borrow_mut();
    if let Some(id) = clock {
        a.clock = Some((id, second));
    }
    if let Some(o) = observer {
        o.observe(&a.ui.stage);
        a.observer = Some((o, resized));
    }
    a.frame_cb = Some(frame);
    a.listeners = ls;
}

impl App {
    fn kind(&self) -> Option<GameKind> {
        self.game.as_ref().and(self.current.get())
    }

    fn key_for(&self, kind: GameKind) -> String {
        match &self.config.persist {
            Some(ns) => save_key(ns.as_deref(), kind),
            None => save_key(Some("memory"), kind),
        }
    }

    /// Shows whatever the page URL asks for, with notices for what it cannot.
    fn follow_url(&mut self) {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        let (req, problems) = parse_query(&search);
        let notices: Vec<String> = problems.iter().map(ToString::to_string).collect();
        match req.game {
            Some(kind) => {
                let wanted = Wanted {
                    seed: req.seed,
                    options: req.options,
                };
                self.open_game(kind, &wanted, notices);
                // Write back the canonical URL: bad parameters vanish, the seed appears.
                self.sync_url(false);
            }
            None => {
                self.show_picker();
                self.show_notices(&notices);
                if !problems.is_empty() {
                    self.sync_url(false);
                }
            }
        }
    }

    /// Writes the URL for what is on screen (full page only).
    fn sync_url(&self, push: bool) {
        if !self.config.url_sync {
            return;
        }
        let Some(w) = web_sys::window() else { return };
        let url = match &self.game {
            Some(g) => self
                .current
                .get()
                .map_or_else(String::new, |k| query_for(k, g.as_ref())),
            None => w.location().pathname().unwrap_or_else(|_| "./".into()),
        };
        let current = w.location().search().unwrap_or_default();
        if self.game.is_some() && url == current {
            return;
        }
        if let Ok(h) = w.history() {
            let _ = if push {
                h.push_state_with_url(&JsValue::NULL, "", Some(&url))
            } else {
                h.replace_state_with_url(&JsValue::NULL, "", Some(&url))
            };
        }
    }

    fn show_picker(&mut self) {
        self.close_panel();
        self.game = None;
        self.current.set(None);
        self.tracker = GestureTracker::new();
        self.ui.play.set_hidden(true);
        self.ui.picker.set_hidden(false);
        self.show_notices(&[]);
        if let Some(first) = self
            .ui
            .picker
            .query_selector(".parlour-pick")
            .ok()
            .flatten()
        {
            if let Ok(b) = first.dyn_into::<HtmlElement>() {
                let _ = b.focus();
            }
        }
    }

    fn open_game(&mut self, kind: GameKind, wanted: &Wanted, mut notices: Vec<String>) {
        self.close_panel();
        let key = self.key_for(kind);
        let opened = session::open(kind, wanted, self.store.as_mut(), &key, fresh_seed());
        notices.extend(opened.notices);
        let mut game = opened.game;
        game.set_reduced_motion(prefers_reduced_motion());
        self.game = Some(game);
        self.current.set(Some(kind));
        self.tracker = GestureTracker::new();
        self.ui.picker.set_hidden(true);
        self.ui.play.set_hidden(false);
        self.ui.title.set_text_content(Some(kind.title()));
        attr(
            &self.ui.canvas,
            "aria-label",
            &format!(
                "{} board. Arrow keys move, Enter or Space plays, Escape cancels, Ctrl+Z undoes.",
                kind.title()
            ),
        );
        attr(&self.shell, "data-game", kind.slug());
        self.show_notices(&notices);
        self.refresh();
        self.backing = (0, 0);
        self.request_frame();
    }

    fn show_notices(&self, notices: &[String]) {
        let n = &self.ui.notices;
        n.set_inner_html("");
        for text in notices {
            let _ = n.append_child(&dom::text("p", "parlour-notice", text));
        }
        n.set_hidden(notices.is_empty());
        if !notices.is_empty() {
            let close = dom::button("parlour-dismiss", "×", "Dismiss notices");
            let target = n.clone();
            let click = Closure::<dyn FnMut()>::new(move || {
                target.set_hidden(true);
                target.set_inner_html("");
            });
            close.set_onclick(Some(click.as_ref().unchecked_ref()));
            // The handler is owned by the button: it dies with it.
            click.forget();
            let _ = n.append_child(&close);
        }
    }

    fn add_notice(&self, text: &str) {
        let n = &self.ui.notices;
        let _ = n.insert_before(
            &dom::text("p", "parlour-notice", text),
            n.first_child().as_ref(),
        );
        n.set_hidden(false);
    }

    /// Updates everything around the canvas: status line, button states.
    fn refresh(&self) {
        let Some(g) = &self.game else { return };
        self.ui.status.set_text_content(Some(&g.status()));
        for (action, b) in &self.ui.buttons {
            match action {
                Action::Undo => b.set_disabled(!g.can_undo()),
                Action::Redo => b.set_disabled(!g.can_redo()),
                Action::Stats => b.set_hidden(g.stats().is_none()),
                Action::Record => b.set_hidden(g.records().is_empty()),
                _ => {}
            }
        }
    }

    /// Once a second: let the game's clock run and show it.
    fn second(&mut self) {
        if self.game.is_none() || self.ui.play.hidden() {
            return;
        }
        let now = web_sys::window()
            .and_then(|w| w.performance())
            .map_or(0.0, |p| p.now());
        if let Some(o) = self.game.as_mut().map(|g| g.tick(now)) {
            let wants_frame = o.redraw;
            let changed = o.changed;
            self.apply(Outcome { redraw: false, ..o });
            if changed {
                self.sync_url(false);
            }
            if wants_frame {
                self.request_frame();
            }
        }
        self.refresh();
    }

    fn announce(&self, text: &str) {
        self.ui.live.set_text_content(Some(text));
    }

    fn apply(&mut self, outcome: Outcome) {
        if outcome.changed {
            self.persist();
        }
        if let Some(m) = &outcome.message {
            self.announce(m);
        }
        self.refresh();
        if outcome.redraw || outcome.changed {
            self.request_frame();
        }
    }

    fn persist(&mut self) {
        let (Some(g), Some(kind)) = (&self.game, self.current.get()) else {
            return;
        };
        let key = self.key_for(kind);
        if let Err(e) = save::write(self.store.as_mut(), &key, kind, g.as_ref()) {
            if !self.save_failed {
                self.save_failed = true;
                self.add_notice(&format!("Progress will not be kept: {e}."));
            }
        }
    }

    fn act(&mut self, action: Action) {
        if self.game.is_none() {
            return;
        }
        let outcome = match action {
            Action::New => {
                let seed = fresh_seed();
                if let Some(g) = self.game.as_mut() {
                    g.new_game(seed);
                }
                self.sync_url(false);
                Outcome::moved(format!("New game, deal {seed}."))
            }
            Action::Undo => self.game.as_mut().map(|g| g.undo()).unwrap_or_default(),
            Action::Redo => self.game.as_mut().map(|g| g.redo()).unwrap_or_default(),
            Action::Hint => {
                let o = self.game.as_mut().map(|g| g.hint()).unwrap_or_default();
                if let Some(m) = &o.message {
                    self.ui.status.set_text_content(Some(m));
                }
                self.announce(o.message.as_deref().unwrap_or_default());
                self.request_frame();
                return;
            }
            Action::Settings => return self.open_settings(),
            Action::Rules => return self.open_rules(),
            Action::Stats => return self.open_stats(),
            Action::Record => return self.open_record(),
            Action::Back => {
                self.show_picker();
                self.sync_url(true);
                return;
            }
        };
        self.apply(outcome);
    }

    fn pointer(&mut self, ev: &Event, phase: &str) {
        let Some(pe) = ev.dyn_ref::<PointerEvent>() else {
            return;
        };
        if self.game.is_none() {
            return;
        }
        let rect = self.ui.canvas.get_bounding_client_rect();
        let css = Point::new(
            f64::from(pe.client_x()) - rect.left(),
            f64::from(pe.client_y()) - rect.top(),
        );
        let id = pe.pointer_id();
        let gesture = match phase {
            "down" => {
                if pe.button() != 0 {
                    return;
                }
                ev.prevent_default();
                let _ = self.ui.canvas.focus();
                let _ = self.ui.canvas.set_pointer_capture(id);
                let kind = PointerKind::from_dom(&pe.pointer_type());
                self.tracker.down(id, kind, css, self.fit)
            }
            "move" => self.tracker.moved(id, css, self.fit),
            "up" => self.tracker.up(id, css, ev.time_stamp(), self.fit),
            _ => self.tracker.reset(),
        };
        if let Some(g) = gesture {
            self.send(g);
        }
    }

    fn wheel(&mut self, ev: &Event) {
        let Some(we) = ev.dyn_ref::<WheelEvent>() else {
            return;
        };
        if self.game.is_none() {
            return;
        }
        ev.prevent_default();
        let rect = self.ui.canvas.get_bounding_client_rect();
        let css = Point::new(
            f64::from(we.client_x()) - rect.left(),
            f64::from(we.client_y()) - rect.top(),
        );
        // Lines and pages count as about 40 CSS pixels each.
        let dy = match we.delta_mode() {
            0 => we.delta_y(),
            _ => we.delta_y() * 40.0,
        };
        self.send(Gesture::Zoom {
            at: self.fit.to_board(css),
            factor: wheel_factor(dy),
        });
    }

    fn send(&mut self, gesture: Gesture) {
        let board = self.board;
        if let Some(o) = self.game.as_mut().map(|g| g.gesture(gesture, board)) {
            self.apply(o);
        }
    }

    fn canvas_key(&mut self, ev: &Event) {
        let Some(k) = ev.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        let key = k.key();
        let ctrl = k.ctrl_key() || k.meta_key();
        let action = match (ctrl, key.as_str(), k.shift_key()) {
            (true, "z" | "Z", false) => Some(Action::Undo),
            (true, "y" | "Y", _) | (true, "z" | "Z", true) => Some(Action::Redo),
            _ => None,
        };
        if let Some(action) = action {
            ev.prevent_default();
            return self.act(action);
        }
        if ctrl || k.alt_key() {
            return;
        }
        let Some(key) = Key::from_dom(&key) else {
            return;
        };
        if key == Key::Escape && self.tracker.is_active() {
            ev.prevent_default();
            if let Some(g) = self.tracker.cancel() {
                self.send(g);
            }
            return;
        }
        let board = self.board;
        let Some(outcome) = self.game.as_mut().map(|g| g.key(key, board)) else {
            return;
        };
        if outcome != Outcome::nothing() || matches!(key, Key::Up | Key::Down | Key::Space) {
            ev.prevent_default();
        }
        self.apply(outcome);
    }

    fn open_panel(&mut self, heading: &str, body: &HtmlElement) {
        let panel = &self.ui.panel;
        panel.set_inner_html("");
        let card = dom::element("div", "parlour-panel-card");
        let h = dom::text("h2", "", heading);
        let hid = format!("parlour-panel-title-{}", self.id);
        h.set_id(&hid);
        attr(panel, "aria-labelledby", &hid);
        let _ = card.append_child(&h);
        let _ = card.append_child(body);
        let close = dom::button("parlour-primary", "Close", "Close");
        attr(&close, "data-action", "close");
        let _ = card.append_child(&close);
        let _ = panel.append_child(&card);
        panel.set_hidden(false);
        self.panel_opener = self
            .shell
            .owner_document()
            .and_then(|d| d.active_element())
            .and_then(|e| e.dyn_into::<HtmlElement>().ok());
        let _ = close.focus();
        self.panel_listeners.clear();
    }

    fn close_panel(&mut self) {
        if self.ui.panel.hidden() {
            return;
        }
        self.ui.panel.set_hidden(true);
        self.ui.panel.set_inner_html("");
        self.panel_listeners.clear();
        if let Some(el) = self.panel_opener.take() {
            let _ = el.focus();
        }
    }

    fn open_rules(&mut self) {
        let Some(g) = &self.game else { return };
        let body = dom::element("div", "parlour-rules");
        // One section per page, in order, each filled when its file arrives.
        for page in g.rules_pages() {
            let section = dom::text("div", "", "Loading the rules…");
            let _ = body.append_child(&section);
            assets::fetch_text(&format!("rules/{page}.txt"), move |text| {
                section.set_text_content(None);
                match text {
                    Ok(text) => {
                        for para in crate::util::text_lines::paragraphs(&text) {
                            let _ = section.append_child(&dom::text("p", "", &para));
                        }
                    }
                    Err(why) => {
                        let msg = format!("The rules could not be loaded: {why}.");
                        let _ = section.append_child(&dom::text("p", "", &msg));
                    }
                }
            });
        }
        let title = format!(
            "How to play {}",
            self.current.get().map_or("", GameKind::title)
        );
        self.open_panel(&title, &body);
        self.wire_panel_close();
    }

    fn open_stats(&mut self) {
        let Some(rows) = self.game.as_ref().and_then(|g| g.stats()) else {
            return;
        };
        let body = dom::element("div", "parlour-stats");
        let table = dom::element("table", "parlour-stats-table");
        for (label, value) in rows {
            let tr = dom::element("tr", "");
            let _ = tr.append_child(&dom::text("th", "", &label));
            let _ = tr.append_child(&dom::text("td", "", &value));
            let _ = table.append_child(&tr);
        }
        let _ = body.append_child(&table);
        let reset = dom::button("parlour-button", "Reset statistics", "Reset statistics");
        attr(&reset, "data-action", "reset-stats");
        let _ = body.append_child(&reset);
        self.open_panel("Statistics", &body);
        self.wire_panel_close();
        let weak = self.self_weak();
        self.panel_listeners
            .push(Listener::new(&reset, "click", move |_| {
                with_app(&weak, |a| {
                    let o = a.game.as_mut().map(|g| g.reset_stats()).unwrap_or_default();
                    a.apply(o);
                    a.close_panel();
                    a.open_stats();
                });
            }));
    }

    fn open_record(&mut self) {
        let Some(g) = &self.game else { return };
        let body = dom::element("div", "parlour-record");
        for (format, text) in g.records() {
            let _ = body.append_child(&dom::text("h3", "", format));
            let area = dom::element("textarea", "parlour-record-text")
                .unchecked_into::<HtmlTextAreaElement>();
            area.set_value(&text);
            area.set_read_only(true);
            attr(&area, "aria-label", &format!("The game as {format}"));
            attr(&area, "rows", "4");
            let _ = body.append_child(&area);
        }
        let _ = body.append_child(&dom::text("h3", "", "Load a game"));
        let input =
            dom::element("textarea", "parlour-record-text").unchecked_into::<HtmlTextAreaElement>();
        attr(&input, "aria-label", "Paste a game record (text or SGF)");
        attr(&input, "rows", "4");
        attr(&input, "data-role", "import");
        let _ = body.append_child(&input);
        let message = dom::element("p", "parlour-note");
        attr(&message, "role", "status");
        let load = dom::button("parlour-button", "Load this game", "Load the pasted game");
        attr(&load, "data-action", "load-record");
        let _ = body.append_child(&load);
        let _ = body.append_child(&message);
        self.open_panel("Game record", &body);
        self.wire_panel_close();
        let weak = self.self_weak();
        self.panel_listeners
            .push(Listener::new(&load, "click", move |_| {
                let text = input.value();
                with_app(&weak, |a| {
                    let result = a.game.as_mut().map(|g| g.load_record(&text));
                    match result {
                        Some(Ok(outcome)) => {
                            a.apply(outcome);
                            a.sync_url(false);
                            a.close_panel();
                        }
                        Some(Err(e)) => message.set_text_content(Some(&format!("Not loaded: {e}"))),
                        None => {}
                    }
                });
            }));
    }

    fn open_settings(&mut self) {
        let Some(g) = &self.game else { return };
        let body = dom::element("div", "parlour-settings");
        let mut selects = Vec::new();
        for spec in g.option_specs() {
            let row = dom::element("label", "parlour-setting");
            let _ = row.append_child(&dom::text("span", "", spec.label));
            let select = dom::element("select", "").unchecked_into::<HtmlSelectElement>();
            select.set_name(spec.key);
            for c in spec.choices {
                let opt = dom::text("option", "", c.label);
                attr(&opt, "value", c.value);
                let _ = select.append_child(&opt);
            }
            select.set_value(g.option(spec.key).unwrap_or(spec.default));
            let _ = row.append_child(&select);
            let _ = body.append_child(&row);
            selects.push((spec.key, spec.restarts, select));
        }
        let note = dom::text(
            "p",
            "parlour-note",
            "Rule changes deal a new game; display changes apply at once. Settings are saved.",
        );
        let _ = body.append_child(&note);
        self.open_panel("Settings", &body);
        self.wire_panel_close();
        for (key, restarts, select) in selects {
            let s = select.clone();
            let weak = self.self_weak();
            self.panel_listeners
                .push(Listener::new(&select, "change", move |_| {
                    let value = s.value();
                    with_app(&weak, |a| a.change_option(key, &value, restarts));
                }));
        }
    }

    fn change_option(&mut self, key: &str, value: &str, restarts: bool) {
        let Some(g) = self.game.as_mut() else { return };
        let outcome = match g.set_option(key, value) {
            Ok(()) if restarts => {
                let seed = g.seed();
                g.new_game(seed);
                Outcome::moved(format!("Setting changed; deal {seed} dealt again."))
            }
            Ok(()) => Outcome::moved("Setting changed."),
            Err(e) => Outcome::say(e.to_string()),
        };
        self.sync_url(false);
        self.apply(outcome);
    }

    fn self_weak(&self) -> Weak<RefCell<App>> {
        self.me.clone()
    }

    fn wire_panel_close(&mut self) {
        let weak = self.self_weak();
        if let Some(close) = self
            .ui
            .panel
            .query_selector("[data-action=close]")
            .ok()
            .flatten()
        {
            self.panel_listeners
                .push(Listener::new(&close, "click", move |_| {
                    with_app(&weak, App::close_panel);
                }));
        }
    }

    /// Asks for a redraw on the next animation frame.
    fn request_frame(&mut self) {
        if self.raf.is_some() {
            return;
        }
        let (Some(w), Some(cb)) = (web_sys::window(), self.frame_cb.as_ref()) else {
            return;
        };
        self.raf = w.request_animation_frame(cb.as_ref().unchecked_ref()).ok();
    }

    fn frame(&mut self, now: f64) {
        self.raf = None;
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let ticked = game.tick(now);
        let more = ticked.redraw;
        if ticked.changed || ticked.message.is_some() {
            let changed = ticked.changed;
            self.apply(Outcome {
                redraw: false,
                ..ticked
            });
            if changed {
                // A background search may have dealt another seed.
                self.sync_url(false);
            }
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let rect = self.ui.stage.get_bounding_client_rect();
        let css = Size::new(rect.width(), rect.height());
        let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
        let backing = backing_store(css, dpr);
        if backing != self.backing {
            self.ui.canvas.set_width(backing.0);
            self.ui.canvas.set_height(backing.1);
            self.backing = backing;
        }
        let board = game.board_size(css);
        self.board = board;
        self.fit = Fit::new(board, css);
        let ctx = &self.ui.ctx;
        // Device pixels per CSS pixel, as actually realised after rounding.
        let sx = f64::from(backing.0) / css.w.max(1.0);
        let sy = f64::from(backing.1) / css.h.max(1.0);
        let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        ctx.set_fill_style_str(BACKDROP);
        ctx.fill_rect(0.0, 0.0, f64::from(backing.0), f64::from(backing.1));
        let f = self.fit;
        let _ = ctx.set_transform(
            sx * f.scale,
            0.0,
            0.0,
            sy * f.scale,
            sx * f.offset.x,
            sy * f.offset.y,
        );
        game.draw(&mut CanvasPainter::new(ctx), board);
        if more {
            self.request_frame();
        }
    }

    /// The status line of the game on screen, for hosts and tests.
    pub fn status(&self) -> String {
        self.game.as_ref().map(|g| g.status()).unwrap_or_default()
    }

    /// The moves of the game on screen, in its notation.
    pub fn moves(&self) -> Vec<String> {
        self.game.as_ref().map(|g| g.moves()).unwrap_or_default()
    }

    /// The query string describing the game on screen, or `""` on the picker.
    pub fn query(&self) -> String {
        self.game
            .as_ref()
            .zip(self.current.get())
            .map(|(g, k)| query_for(k, g.as_ref()))
            .unwrap_or_default()
    }

    /// This instance's id, for the panic hook.
    pub fn id(&self) -> u32 {
        self.id
    }

    /// Which game is on screen.
    pub fn game_kind(&self) -> Option<GameKind> {
        self.kind()
    }

    /// Removes the instance: listeners, observer, pending frame, elements.
    pub fn unmount(&mut self) {
        if let (Some(id), Some(w)) = (self.raf.take(), web_sys::window()) {
            let _ = w.cancel_animation_frame(id);
        }
        if let Some((o, _)) = self.observer.take() {
            o.disconnect();
        }
        if let (Some((id, _)), Some(w)) = (self.clock.take(), web_sys::window()) {
            w.clear_interval_with_handle(id);
        }
        self.listeners.clear();
        self.panel_listeners.clear();
        self.frame_cb = None;
        self.shell.remove();
        panic::unregister(self.id);
    }
}
