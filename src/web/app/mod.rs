//! One Parlour instance in one element: toolbar, canvas, panels, notices,
//! input, persistence and (for the full page) the URL.

mod chrome;
mod events;
mod frame;
mod host;
mod input;
mod look;
mod panels;
mod result;
mod saves;

use super::canvas::CanvasPainter;
use super::dom::{self, attr, Listener};
use super::panic;
use super::storage::LocalStore;
use crate::games::{Entry, GameKind};
use crate::host::aside;
use crate::host::params::{parse_query, query_for, ParamProblem};
use crate::host::save::{save_key, MemoryStore, Store};
use crate::host::session::{self, Wanted};
use crate::shell::daily::Day;
use crate::shell::geom::{backing_store, Fit, Size};
use crate::shell::helper::Helper;
use crate::shell::input::GestureTracker;
use crate::shell::paint::TextSizes;
use crate::shell::{Game, Outcome};
use crate::util::rng::Seed;
use crate::util::text_lines::capitalised;
use chrome::{build_ui, Action, Ui};
use events::{register_restart, wire_events};
use frame::Frame;
use look::prefers_reduced_motion;
use saves::Saves;
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Event, HtmlElement, ResizeObserver};

/// The style sheet, scoped under `.parlour`, injected into each instance so
/// that embedding needs no extra file and touches no host styles.
const CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/parlour.min.css"));

/// What a new instance shows first.
#[derive(Clone, Debug)]
pub enum Start {
    /// Whatever the page URL says (the full page).
    Url,
    /// The game, with the given wishes.
    Game(Wanted),
}

/// Where an instance keeps its games and choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Persist {
    /// The page's own keys in localStorage (`parlour:klondike`): the full page.
    Page,
    /// localStorage under a host's save key (`parlour:<key>:klondike`).
    Named(String),
    /// Nowhere lasting: this instance's memory (a mounted game without a save key).
    Memory,
}

impl Persist {
    /// The namespace of the keys (`None`: the page's own).
    pub fn namespace(&self) -> Option<&str> {
        match self {
            Persist::Page => None,
            Persist::Named(key) => Some(key),
            Persist::Memory => Some("memory"),
        }
    }

    /// Whether the games outlive the page (in localStorage).
    pub fn lasts(&self) -> bool {
        *self != Persist::Memory
    }
}

/// How an instance behaves.
#[derive(Clone, Debug)]
pub struct Config {
    /// The game this instance plays.
    pub entry: Entry,
    /// The slot that keeps this instance alive; a restart after a panic reuses it.
    pub slot: u32,
    /// Read and write the page URL (only the full page does).
    pub url_sync: bool,
    /// Where the games are kept.
    pub persist: Persist,
    /// What to show first.
    pub start: Start,
    /// What to tell the player as the first game opens.
    pub notices: Vec<String>,
}

/// A mounted instance: its parts, each with one job.
pub struct App {
    id: u32,
    me: Weak<RefCell<App>>,
    config: Config,
    shell: HtmlElement,
    /// The chrome: toolbar, notices, status line, panel ([`chrome`]).
    ui: Ui,
    game: Option<Box<dyn Game>>,
    tracker: GestureTracker,
    /// The canvas's frames: when one is due, and how the board fits.
    frame: Frame,
    /// The games kept in storage.
    saves: Saves,
    /// What the host page hears ([`host`]).
    host: host::Link,
    listeners: Vec<Listener>,
    panel_listeners: Vec<Listener>,
    panel_opener: Option<HtmlElement>,
    current: Rc<Cell<Option<GameKind>>>,
    /// The player's appearance choices.
    appearance: crate::host::appearance::Appearance,
    /// The sound effects fetched so far.
    sounds: crate::web::sound::Sounds,
    /// The theme they resolve to now.
    theme: crate::shell::theme::Theme,
    /// The date the host or a test set as today, in place of the clock's.
    today: Option<Day>,
    /// The helper that answers the games' questions in Web Workers.
    helper: Helper,
    /// The result card was shown for the game's end on screen.
    end_shown: bool,
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

/// Mounts an instance into `root`.
pub fn mount(root: &HtmlElement, config: Config) -> Result<Shared, String> {
    panic::install();
    let id = super::next_id();
    // A panic while this instance is built stops this instance only.
    let _active = panic::enter(id);
    let shell = dom::element("div", "parlour");
    attr(&shell, "data-parlour-instance", &id.to_string());
    // Until its restart is ready (below), "Start over" reloads the page.
    panic::register(id, shell.clone(), Rc::new(panic::reload));
    let ui = build_ui(&shell, id)?;
    let _ = root.append_child(&shell);
    panic::building();
    let store: Box<dyn Store> = if config.persist.lasts() {
        Box::new(LocalStore::new())
    } else {
        Box::new(MemoryStore::default())
    };
    let current = Rc::new(Cell::new(None));
    let app = Rc::new(RefCell::new(App {
        id,
        me: Weak::new(),
        config: config.clone(),
        shell: shell.clone(),
        ui,
        game: None,
        tracker: GestureTracker::new(),
        frame: Frame::new(),
        saves: Saves {
            store,
            save_failed: false,
            may_save: true,
            last_saved: None,
        },
        host: host::Link::new(),
        listeners: Vec::new(),
        panel_listeners: Vec::new(),
        panel_opener: None,
        current: current.clone(),
        appearance: Default::default(),
        sounds: Default::default(),
        theme: Default::default(),
        today: None,
        end_shown: false,
        helper: Helper::new(Rc::new(super::worker::Workers::default())),
    }));
    app.borrow_mut().me = Rc::downgrade(&app);
    wire_events(&app);
    register_restart(&app, root.clone(), config, current);
    {
        let mut a = app.borrow_mut();
        match a.config.start.clone() {
            Start::Url => a.follow_url(),
            Start::Game(wanted) => {
                let notices = std::mem::take(&mut a.config.notices);
                a.open_game(&wanted, notices);
            }
        }
    }
    App::load_appearance(&app);
    Ok(app)
}

impl App {
    fn kind(&self) -> Option<GameKind> {
        self.game.as_ref().and(self.current.get())
    }

    fn key_for(&self, kind: GameKind) -> String {
        save_key(self.config.persist.namespace(), kind)
    }

    /// Shows whatever the page URL asks for, with notices for what it cannot.
    /// A URL for another game, or for none the site knows, goes to that
    /// game's page or to the picker (`index.html`), which says why.
    fn follow_url(&mut self) {
        let Some(location) = web_sys::window().map(|w| w.location()) else {
            return;
        };
        let search = location.search().unwrap_or_default();
        let own = self.config.entry.kind;
        let (mut req, mut problems) = parse_query(&search);
        let unknown = problems
            .iter()
            .any(|p| matches!(p, ParamProblem::UnknownGame(_)));
        if req.game.is_none() && !unknown {
            // This page's own game, unless the URL names another.
            let rest = search.strip_prefix('?').unwrap_or(&search);
            (req, problems) = parse_query(&format!("?game={own}&{rest}"));
        }
        let elsewhere = match req.game {
            Some(kind) if kind != own => Some(format!("{}.html", kind.slug())),
            // A game the site does not know: the picker says so.
            None => Some("./".to_owned()),
            Some(_) => None,
        };
        if let Some(page) = elsewhere {
            let _ = location.replace(&format!("{page}{search}"));
            return;
        }
        let notices: Vec<String> = problems.iter().map(ToString::to_string).collect();
        self.open_game(&Wanted::from(req), notices);
        // Write back the canonical URL: bad parameters vanish, the seed appears.
        self.sync_url(false);
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

    /// Leaves for the picker: the site's front page (full page only).
    fn leave_for_picker(&self) {
        if let Some(w) = web_sys::window() {
            let _ = w.location().set_href("./");
        }
    }

    fn open_game(&mut self, wanted: &Wanted, notices: Vec<String>) {
        self.close_panel();
        let entry = self.config.entry;
        let key = self.key_for(entry.kind);
        let opened = session::open(entry, wanted, self.saves.store.as_mut(), &key, fresh_seed());
        self.show_opened(opened, notices);
    }

    /// Brings back the game set aside most recently (a link, a deal or a
    /// daily game displaced it), setting the game on screen aside instead.
    fn resume(&mut self) {
        let (Some(kind), Some(g)) = (self.current.get(), self.game.as_ref()) else {
            return;
        };
        let key = self.key_for(kind);
        let entry = self.config.entry;
        match session::resume(
            entry,
            g.as_ref(),
            self.saves.store.as_mut(),
            &key,
            fresh_seed(),
        ) {
            Ok(opened) => {
                self.show_opened(opened, Vec::new());
                self.sync_url(false);
            }
            Err(why) => self.show_notices(&[why]),
        }
    }

    /// Puts an opened game on screen, with `notices` and its own.
    fn show_opened(&mut self, opened: session::Opened, mut notices: Vec<String>) {
        let kind = opened.kind;
        notices.extend(opened.notices);
        // An unreadable save that could not be moved aside is never written over.
        self.saves.may_save = opened.may_save;
        self.saves.last_saved = opened.held;
        let mut game = opened.game;
        game.set_reduced_motion(prefers_reduced_motion());
        game.set_theme(self.theme);
        // The computers' and solvers' slices are timed by the page's clock.
        game.set_work_clock(Some(dom::now_ms));
        game.set_helper(self.helper.clone());
        game.set_today(self.today());
        self.host.pending = self.host.watcher.opened(kind, game.as_ref());
        self.game = Some(game);
        self.current.set(Some(kind));
        self.tracker = GestureTracker::new();
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
        self.frame.backing = (0, 0);
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

    /// Opens or closes the phone toolbar's menu; says whether it was open.
    fn show_menu(&self, open: bool) -> bool {
        let was = self
            .ui
            .menu_button
            .get_attribute("aria-expanded")
            .as_deref()
            == Some("true");
        self.ui.toolbar.set_class_name(if open {
            "parlour-toolbar parlour-open"
        } else {
            "parlour-toolbar"
        });
        attr(
            &self.ui.menu_button,
            "aria-expanded",
            if open { "true" } else { "false" },
        );
        was
    }

    /// Updates everything around the canvas: status line, button states.
    fn refresh(&self) {
        let Some(g) = &self.game else { return };
        self.ui.status.set_text_content(Some(&g.status()));
        self.ui.move_now.set_hidden(!g.thinking());
        let paused = g.paused();
        self.ui.pause.set_hidden(paused.is_none());
        let label = if paused == Some(true) {
            "Resume"
        } else {
            "Pause"
        };
        self.ui.pause.set_text_content(Some(label));
        attr(&self.ui.pause, "aria-label", label);
        self.ui.step.set_hidden(paused != Some(true));
        for (action, b) in &self.ui.buttons {
            match action {
                Action::Undo => b.set_disabled(!g.can_undo()),
                Action::Redo => b.set_disabled(!g.can_redo()),
                Action::Stats => b.set_hidden(g.stats().is_none()),
                Action::Record => b.set_hidden(g.records().is_empty()),
                // A mounted game has no picker to go back to.
                Action::Back => b.set_hidden(!self.config.url_sync),
                Action::Resume => b.set_hidden(self.current.get().is_none_or(|k| {
                    aside::count(self.saves.store.as_ref(), &self.key_for(k)) == 0
                })),
                _ => {}
            }
        }
    }

    /// Once a second: let the game's clock run and show it.
    fn second(&mut self) {
        if self.game.is_none() || self.ui.play.hidden() {
            return;
        }
        let now = dom::now_ms();
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

    /// Says `text` on screen, in the message line, and to a screen reader.
    /// The line keeps its place when empty, so that a message arriving does
    /// not move the board (nor make the canvas redraw its kept pictures).
    fn announce(&self, text: &str) {
        self.ui.live.set_text_content(Some(text));
        self.ui.message.set_text_content(Some(text));
    }

    fn apply(&mut self, outcome: Outcome) {
        if outcome.changed {
            self.persist();
            if let Some(g) = &self.game {
                let told = self.host.watcher.after(g.as_ref());
                self.tell(told);
            }
        }
        if let Some(m) = &outcome.message {
            self.announce(m);
        }
        if let Some(cue) = outcome.sound.filter(|_| self.appearance.sounds) {
            self.sounds.play(cue);
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
        if let Some(notice) = self.saves.keep(&key, kind, g.as_ref()) {
            self.add_notice(&notice);
        }
    }

    /// Today (UTC): the date set by [`App::set_today`], or the clock's.
    fn today(&self) -> Day {
        self.today
            .unwrap_or_else(|| Day::from_unix_ms(js_sys::Date::now()))
    }

    /// Tells the game on screen today's date (it may have changed since the
    /// game opened), and returns it.
    fn date_game(&mut self) -> Day {
        let today = self.today();
        if let Some(g) = self.game.as_mut() {
            g.set_today(today);
        }
        today
    }

    /// Takes `today` as the date from now on, in place of the clock's.
    pub fn set_today(&mut self, today: Day) {
        self.today = Some(today);
        self.date_game();
        self.refresh();
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
            Action::Daily => {
                let day = self.date_game();
                let o = match self.game.as_mut().map(|g| g.daily(day)) {
                    Some(Ok(o)) => o,
                    Some(Err(e)) => Outcome::say(capitalised(&e)),
                    None => Outcome::nothing(),
                };
                self.sync_url(false);
                o
            }
            Action::Undo => self.game.as_mut().map(|g| g.undo()).unwrap_or_default(),
            Action::Redo => self.game.as_mut().map(|g| g.redo()).unwrap_or_default(),
            Action::Hint => {
                let o = self.game.as_mut().map(|g| g.hint()).unwrap_or_default();
                self.announce(o.message.as_deref().unwrap_or_default());
                self.request_frame();
                return;
            }
            Action::Resume => return self.resume(),
            Action::Settings => return self.open_settings(),
            Action::Rules => return self.open_rules(),
            Action::Stats => return self.open_stats(),
            Action::Record => return self.open_record(),
            Action::Share => return self.open_share(),
            Action::Back => return self.leave_for_picker(),
        };
        self.apply(outcome);
    }
}

impl App {
    /// Asks for a redraw on the next animation frame.
    fn request_frame(&mut self) {
        if self.frame.raf.is_some() {
            return;
        }
        let (Some(w), Some(cb)) = (web_sys::window(), self.frame.frame_cb.as_ref()) else {
            return;
        };
        self.frame.raf = w.request_animation_frame(cb.as_ref().unchecked_ref()).ok();
    }

    fn frame(&mut self, now: f64) {
        self.frame.raf = None;
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
        } else if !more {
            // The game's own work has ended (a solver's verdict is in, say):
            // the status line shows how it ended.
            self.refresh();
        }
        let backdrop = self.backdrop();
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let rect = self.ui.stage.get_bounding_client_rect();
        let css = Size::new(rect.width(), rect.height());
        let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
        let backing = backing_store(css, dpr);
        if backing != self.frame.backing {
            self.ui.canvas.set_width(backing.0);
            self.ui.canvas.set_height(backing.1);
            self.frame.backing = backing;
        }
        let board = game.board_size(css);
        self.frame.board = board;
        self.frame.fit = Fit::new(board, css);
        let ctx = &self.ui.ctx;
        // Device pixels per CSS pixel, as actually realised after rounding.
        let sx = f64::from(backing.0) / css.w.max(1.0);
        let sy = f64::from(backing.1) / css.h.max(1.0);
        let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        ctx.set_fill_style_str(backdrop);
        ctx.fill_rect(0.0, 0.0, f64::from(backing.0), f64::from(backing.1));
        let f = self.frame.fit;
        let _ = ctx.set_transform(
            sx * f.scale,
            0.0,
            0.0,
            sy * f.scale,
            sx * f.offset.x,
            sy * f.offset.y,
        );
        let pictures = Some(&mut self.frame.pictures);
        game.draw(
            &mut CanvasPainter::new(ctx, f, css, (sx, sy), pictures),
            board,
        );
        self.dock_watch(css);
        if more {
            self.request_frame();
        } else {
            self.check_end();
        }
        // The host's events wait for a frame; the height is measured only
        // when someone hears it (it reads the page's layout).
        let mut told = std::mem::take(&mut self.host.pending);
        if self.listening() {
            let chrome = f64::from(self.shell.offset_height()) - css.h;
            told.extend(self.host.watcher.height(chrome, css.w, board));
            self.tell(told);
        }
    }

    /// Docks the row of Move now, Pause and Step, while it shows, where it
    /// covers least of the board (the style sheet places it by its
    /// `data-dock`, which changes only when its place does).
    fn dock_watch(&mut self, stage: Size) {
        let shown = self
            .game
            .as_ref()
            .is_some_and(|g| g.thinking() || g.paused().is_some());
        if !shown {
            return;
        }
        let r = self.ui.watch.get_bounding_client_rect();
        let dock = self
            .frame
            .fit
            .dock(self.frame.board, stage, Size::new(r.width(), r.height()));
        if self.frame.dock == Some(dock) {
            return;
        }
        self.frame.dock = Some(dock);
        attr(&self.ui.watch, "data-dock", dock.name());
    }

    /// The smallest thing a player may tap on the board as drawn, in CSS
    /// pixels (width, height), for tests of touch targets.
    pub fn smallest_target(&self) -> Option<Vec<f64>> {
        let s = self.game.as_ref()?.smallest_target(self.frame.board)?;
        Some(vec![s.w * self.frame.fit.scale, s.h * self.frame.fit.scale])
    }

    /// The smallest text on the board as last drawn, in CSS pixels, for
    /// tests of legibility.
    pub fn smallest_text(&self) -> Option<f64> {
        let mut sizes = TextSizes::new(self.frame.fit.scale);
        self.game.as_ref()?.draw(&mut sizes, self.frame.board);
        sizes.smallest
    }

    /// The status line of the game on screen, for hosts and tests.
    pub fn status(&self) -> String {
        self.game.as_ref().map(|g| g.status()).unwrap_or_default()
    }

    /// The moves of the game on screen, in its notation.
    pub fn moves(&self) -> Vec<String> {
        self.game.as_ref().map(|g| g.moves()).unwrap_or_default()
    }

    /// The query string describing the game on screen, or `""` before it opens.
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
        if let (Some(id), Some(w)) = (self.frame.raf.take(), web_sys::window()) {
            let _ = w.cancel_animation_frame(id);
        }
        if let Some((o, _)) = self.frame.observer.take() {
            o.disconnect();
        }
        if let (Some((id, _)), Some(w)) = (self.frame.clock.take(), web_sys::window()) {
            w.clear_interval_with_handle(id);
        }
        self.listeners.clear();
        self.panel_listeners.clear();
        self.frame.frame_cb = None;
        self.shell.remove();
        panic::unregister(self.id);
    }
}
