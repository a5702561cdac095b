//! The panels: rules, statistics, records and settings.

use super::{with_app, App};
use crate::games::GameKind;
use crate::host::params::query_for;
use crate::shell::theme::ThemeChoice;
use crate::shell::Outcome;
use crate::web::assets;
use crate::web::dom::{self, attr, Listener};
use std::cell::RefCell;
use std::rc::Weak;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlSelectElement, HtmlTextAreaElement};

impl App {
    pub(super) fn open_panel(&mut self, heading: &str, body: &HtmlElement) {
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

    pub(super) fn close_panel(&mut self) {
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

    pub(super) fn open_rules(&mut self) {
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

    pub(super) fn open_stats(&mut self) {
        self.date_game();
        let Some(rows) = self.game.as_ref().and_then(|g| g.stats()) else {
            return;
        };
        let body = dom::element("div", "parlour-stats");
        let _ = body.append_child(&stats_table(rows));
        let reset = dom::button("parlour-button", "Reset statistics", "Reset statistics");
        attr(&reset, "data-action", "reset-stats");
        let _ = body.append_child(&reset);
        // Asked once more, with Cancel where the first tap landed: a second
        // tap, a slip or a tap steered by a framing page cancels.
        let confirm = dom::element("div", "parlour-confirm");
        confirm.set_hidden(true);
        let _ = confirm.append_child(&dom::text(
            "p",
            "parlour-note",
            "Reset the statistics and the daily streak? This cannot be undone.",
        ));
        let cancel = dom::button("parlour-button", "Cancel", "Keep the statistics");
        attr(&cancel, "data-action", "reset-cancel");
        let _ = confirm.append_child(&cancel);
        let yes = dom::button("parlour-button", "Yes, reset", "Yes, reset the statistics");
        attr(&yes, "data-action", "reset-confirm");
        let _ = confirm.append_child(&yes);
        let _ = body.append_child(&confirm);
        self.open_panel("Statistics", &body);
        self.wire_panel_close();
        let ask = (reset.clone(), confirm.clone(), cancel.clone());
        self.panel_listeners
            .push(Listener::new(&reset, "click", move |_| {
                let (reset, confirm, cancel) = &ask;
                reset.set_hidden(true);
                confirm.set_hidden(false);
                let _ = cancel.focus();
            }));
        let back = (reset, confirm);
        self.panel_listeners
            .push(Listener::new(&cancel, "click", move |_| {
                let (reset, confirm) = &back;
                confirm.set_hidden(true);
                reset.set_hidden(false);
                let _ = reset.focus();
            }));
        let weak = self.self_weak();
        self.panel_listeners
            .push(Listener::new(&yes, "click", move |_| {
                with_app(&weak, |a| {
                    let o = a.game.as_mut().map(|g| g.reset_stats()).unwrap_or_default();
                    a.apply(o);
                    a.close_panel();
                    a.open_stats();
                });
            }));
    }

    pub(super) fn open_record(&mut self) {
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

    pub(super) fn open_settings(&mut self) {
        let Some(g) = &self.game else { return };
        let body = dom::element("div", "parlour-settings");
        let mut selects = Vec::new();
        // Each option's row, shown only while the option means something.
        let mut rows = Vec::new();
        // Asked before a rule change ends a game in progress: at the top,
        // scrolled into view when it asks.
        let confirm = dom::element("div", "parlour-confirm parlour-rule-confirm");
        confirm.set_hidden(true);
        let question = dom::text("p", "parlour-note", "");
        let _ = confirm.append_child(&question);
        let keep = dom::button("parlour-button", "Keep playing", "Keep playing");
        attr(&keep, "data-action", "keep-playing");
        let _ = confirm.append_child(&keep);
        let deal = dom::button("parlour-primary", "Deal a new game", "Deal a new game");
        attr(&deal, "data-action", "deal-anew");
        let _ = confirm.append_child(&deal);
        let _ = body.append_child(&confirm);
        // Two groups: the rules, whose change deals a new game, then what
        // applies at once.
        let groups = [
            (true, "Rules", "A change deals a new game."),
            (false, "Play and display", "A change applies at once."),
        ];
        for (restarts, heading, note) in groups {
            let specs: Vec<_> = g
                .option_specs()
                .iter()
                .filter(|s| s.restarts == restarts)
                .collect();
            if specs.is_empty() {
                continue;
            }
            let _ = body.append_child(&dom::text("h3", "", heading));
            let _ = body.append_child(&dom::text("p", "parlour-note", note));
            for spec in specs {
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
                row.set_hidden(!g.applies(spec.key));
                rows.push((spec.key, row));
                selects.push((spec.key, spec.label, spec.restarts, select));
            }
        }
        // The appearance: every game's, kept apart from the game's options.
        let _ = body.append_child(&dom::text("h3", "", "Appearance"));
        let row = dom::element("label", "parlour-setting");
        let _ = row.append_child(&dom::text("span", "", "Theme"));
        let theme = dom::element("select", "").unchecked_into::<HtmlSelectElement>();
        theme.set_name("theme");
        for c in ThemeChoice::ALL {
            let opt = dom::text("option", "", c.label());
            attr(&opt, "value", c.slug());
            let _ = theme.append_child(&opt);
        }
        theme.set_value(self.appearance.theme.slug());
        let _ = row.append_child(&theme);
        let _ = body.append_child(&row);
        let row = dom::element("label", "parlour-setting");
        let _ = row.append_child(&dom::text("span", "", "Sounds"));
        let sounds = dom::element("select", "").unchecked_into::<HtmlSelectElement>();
        sounds.set_name("sounds");
        for (value, label) in [("off", "Off"), ("on", "On")] {
            let opt = dom::text("option", "", label);
            attr(&opt, "value", value);
            let _ = sounds.append_child(&opt);
        }
        sounds.set_value(if self.appearance.sounds { "on" } else { "off" });
        let _ = row.append_child(&sounds);
        let _ = body.append_child(&row);
        let note = dom::text("p", "parlour-note", "Settings are saved.");
        let _ = body.append_child(&note);
        self.open_panel("Settings", &body);
        self.wire_panel_close();
        let weak = self.self_weak();
        let t = theme.clone();
        self.panel_listeners
            .push(Listener::new(&theme, "change", move |_| {
                // The menu offers only known themes; anything else is ignored.
                if let Ok(choice) = t.value().parse::<ThemeChoice>() {
                    with_app(&weak, |a| {
                        let mut appearance = a.appearance;
                        appearance.theme = choice;
                        a.change_appearance(appearance);
                    });
                }
            }));
        let weak = self.self_weak();
        let s = sounds.clone();
        self.panel_listeners
            .push(Listener::new(&sounds, "change", move |_| {
                with_app(&weak, |a| {
                    let mut appearance = a.appearance;
                    appearance.sounds = s.value() == "on";
                    a.change_appearance(appearance);
                    if appearance.sounds {
                        // A sample, so that the player hears what they chose.
                        a.sounds.play(crate::shell::Cue::Move);
                    }
                });
            }));
        // The rule change waiting for an answer: its select and option. The
        // game keeps the option's value until the answer, so Keep playing
        // reads it back from there.
        let pending: std::rc::Rc<RefCell<Option<(HtmlSelectElement, &'static str)>>> =
            Default::default();
        let show_rows = std::rc::Rc::new(move |a: &App| {
            if let Some(g) = &a.game {
                for (key, row) in rows.iter() {
                    row.set_hidden(!g.applies(key));
                }
            }
        });
        for (key, label, restarts, select) in selects {
            let s = select.clone();
            let weak = self.self_weak();
            let (confirm, question, pending) = (confirm.clone(), question.clone(), pending.clone());
            let show_rows = show_rows.clone();
            self.panel_listeners
                .push(Listener::new(&select, "change", move |_| {
                    let value = s.value();
                    with_app(&weak, |a| {
                        let in_progress = a
                            .game
                            .as_ref()
                            .is_some_and(|g| !g.moves().is_empty() && g.ending().is_none());
                        if restarts && in_progress {
                            question.set_text_content(Some(&format!(
                                "{label}: this deals a new game, and the one in progress ends."
                            )));
                            confirm.set_hidden(false);
                            confirm.scroll_into_view();
                            *pending.borrow_mut() = Some((s.clone(), key));
                        } else {
                            a.change_option(key, &value, restarts);
                            show_rows(a);
                        }
                    });
                }));
        }
        let weak = self.self_weak();
        let (c, p) = (confirm.clone(), pending.clone());
        self.panel_listeners
            .push(Listener::new(&keep, "click", move |_| {
                c.set_hidden(true);
                let Some((select, key)) = p.borrow_mut().take() else {
                    return;
                };
                with_app(&weak, |a| {
                    if let Some(value) = a.game.as_ref().and_then(|g| g.option(key)) {
                        select.set_value(value);
                    }
                });
            }));
        let weak = self.self_weak();
        self.panel_listeners
            .push(Listener::new(&deal, "click", move |_| {
                confirm.set_hidden(true);
                if let Some((select, key)) = pending.borrow_mut().take() {
                    with_app(&weak, |a| {
                        a.change_option(key, &select.value(), true);
                        show_rows(a);
                    });
                }
            }));
    }

    pub(super) fn change_option(&mut self, key: &str, value: &str, restarts: bool) {
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

    pub(super) fn self_weak(&self) -> Weak<RefCell<App>> {
        self.me.clone()
    }

    pub(super) fn wire_panel_close(&mut self) {
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
}

impl App {
    /// Where a link to this game points: this page when it is Parlour's own,
    /// else Parlour's page beside the module (an embedded instance).
    fn link_base(&self) -> String {
        let here = web_sys::window().map(|w| w.location());
        match here {
            Some(l) if self.config.url_sync => format!(
                "{}{}",
                l.origin().unwrap_or_default(),
                l.pathname().unwrap_or_default()
            ),
            _ => assets::url("index.html"),
        }
    }

    /// The Share panel: a link to the deal and, once moves are played, a
    /// link to the game itself, each with a Copy button.
    pub(super) fn open_share(&mut self) {
        let (Some(g), Some(kind)) = (&self.game, self.current.get()) else {
            return;
        };
        let base = self.link_base();
        let mut links = vec![(
            "This deal",
            "Opens the same deal under the same rules, for a friend to try.".to_owned(),
            Some(format!("{base}{}", query_for(kind, g.as_ref()))),
        )];
        if !g.moves().is_empty() {
            let what = match kind {
                GameKind::Klondike => {
                    "Opens this deal with your moves so far, ready to replay with Redo."
                }
                _ => {
                    "Opens this game as it stands, to play by link: make your move, then \
                     share the new link with your opponent."
                }
            };
            // Only a link the receiving page will open.
            let link = crate::host::link::share(kind, g.as_ref()).ok();
            let what = match link {
                Some(_) => what.to_owned(),
                None => format!(
                    "This game is too long for a link (at most {} moves and {} KiB).{}",
                    crate::shell::driver::MAX_LINK_MOVES,
                    crate::host::link::MAX_LEN / 1024,
                    if g.records().is_empty() {
                        ""
                    } else {
                        " Copy it from Record instead."
                    }
                ),
            };
            links.push((
                "This game, move by move",
                what,
                link.map(|q| format!("{base}{q}")),
            ));
        }
        let body = dom::element("div", "parlour-share");
        let mut copies = Vec::new();
        for (title, what, link) in links {
            let _ = body.append_child(&dom::text("h3", "", title));
            let _ = body.append_child(&dom::text("p", "parlour-note", &what));
            let Some(link) = link else { continue };
            let area = dom::element("textarea", "parlour-record-text")
                .unchecked_into::<HtmlTextAreaElement>();
            area.set_value(&link);
            area.set_read_only(true);
            attr(&area, "rows", "2");
            attr(&area, "aria-label", title);
            attr(&area, "data-role", "link");
            let _ = body.append_child(&area);
            let copy = dom::button("parlour-button", "Copy", &format!("Copy: {title}"));
            attr(&copy, "data-action", "copy-link");
            let _ = body.append_child(&copy);
            copies.push((copy, link));
        }
        let said = dom::element("p", "parlour-note");
        attr(&said, "role", "status");
        let _ = body.append_child(&said);
        self.open_panel("Share", &body);
        self.wire_panel_close();
        for (copy, link) in copies {
            let said = said.clone();
            self.panel_listeners
                .push(Listener::new(&copy, "click", move |_| {
                    copy_text(&link, &said)
                }));
        }
    }
}

/// A game's statistics as a table of label–value rows.
pub(super) fn stats_table(rows: Vec<(String, String)>) -> HtmlElement {
    let table = dom::element("table", "parlour-stats-table");
    for (label, value) in rows {
        let tr = dom::element("tr", "");
        let _ = tr.append_child(&dom::text("th", "", &label));
        let _ = tr.append_child(&dom::text("td", "", &value));
        let _ = table.append_child(&tr);
    }
    table
}

/// Puts `text` on the clipboard and says how that went in `said`.
fn copy_text(text: &str, said: &HtmlElement) {
    let Some(clipboard) = web_sys::window().map(|w| w.navigator().clipboard()) else {
        return;
    };
    let (done, refused) = (said.clone(), said.clone());
    let ok = Closure::once_into_js(move |_: JsValue| {
        done.set_text_content(Some("Copied."));
    });
    let err = Closure::once_into_js(move |_: JsValue| {
        refused.set_text_content(Some(
            "The browser would not copy: select the link and copy it yourself.",
        ));
    });
    // `then` called by name: the closures are plain JS functions here.
    let promise = clipboard.write_text(text);
    if let Ok(then) = js_sys::Reflect::get(&promise, &JsValue::from_str("then"))
        .and_then(|t| t.dyn_into::<js_sys::Function>())
    {
        let _ = then.call2(&promise, &ok, &err);
    }
}
