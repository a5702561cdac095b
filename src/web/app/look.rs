//! The instance's appearance: the player's stored choices, what the system
//! prefers, and applying the theme to the style sheet and the canvas.

use super::{wire, App, Shared};
use crate::host::appearance::{appearance_key, Appearance};
use crate::shell::theme::{SystemPrefs, Theme};
use crate::web::dom::attr;

/// The media queries that say what the system prefers.
const LIGHT_QUERY: &str = "(prefers-color-scheme: light)";
const CONTRAST_QUERY: &str = "(prefers-contrast: more), (forced-colors: active)";
const REDUCED_MOTION_QUERY: &str = "(prefers-reduced-motion: reduce)";

fn media(query: &str) -> Option<web_sys::MediaQueryList> {
    web_sys::window()?.match_media(query).ok().flatten()
}

/// Whether the system says `query` now.
fn matches(query: &str) -> bool {
    media(query).is_some_and(|m| m.matches())
}

/// Whether the player asked the system for less motion.
pub(super) fn prefers_reduced_motion() -> bool {
    matches(REDUCED_MOTION_QUERY)
}

/// What the system prefers now.
fn system_prefs() -> SystemPrefs {
    SystemPrefs {
        light: matches(LIGHT_QUERY),
        more_contrast: matches(CONTRAST_QUERY),
    }
}

impl App {
    fn appearance_key(&self) -> String {
        appearance_key(self.config.persist.namespace())
    }

    /// Reads the stored appearance (a record that cannot be read is left
    /// where it is, and named), applies it, and follows the system's
    /// preferences as they change.
    pub(super) fn load_appearance(app: &Shared) {
        let mut a = app.borrow_mut();
        let stored = a.saves.store.get(&a.appearance_key());
        a.appearance = match stored.as_deref().map(Appearance::parse) {
            None => Appearance::default(),
            Some(Ok(found)) => found,
            Some(Err(e)) => {
                a.add_notice(&format!(
                    "Your appearance settings could not be read ({e}), so the defaults are \
                     used until you change them."
                ));
                Appearance::default()
            }
        };
        for query in [LIGHT_QUERY, CONTRAST_QUERY] {
            if let Some(list) = media(query) {
                let l = wire(app, &list, "change", |a, _| a.apply_theme());
                a.listeners.push(l);
            }
        }
        // Less motion, asked for while a game is open, applies at once.
        if let Some(list) = media(REDUCED_MOTION_QUERY) {
            let l = wire(app, &list, "change", |a, _| {
                let on = prefers_reduced_motion();
                if let Some(g) = a.game.as_mut() {
                    g.set_reduced_motion(on);
                }
            });
            a.listeners.push(l);
        }
        a.apply_theme();
    }

    /// Draws in the theme the player's choice and the system's preference
    /// give: the style sheet's colours, the canvas around the board, the board.
    pub(super) fn apply_theme(&mut self) {
        let theme = self.appearance.theme.resolve(system_prefs());
        self.theme = theme;
        attr(&self.shell, "data-theme", theme.slug());
        if let Some(g) = self.game.as_mut() {
            g.set_theme(theme);
        }
        self.request_frame();
    }

    /// The player changed the appearance in Settings: keep it and show it.
    pub(super) fn change_appearance(&mut self, appearance: Appearance) {
        self.appearance = appearance;
        let key = self.appearance_key();
        if let Err(e) = self.saves.store.set(&key, &appearance.to_text()) {
            self.add_notice(&format!("The appearance will not be kept: {e}."));
        }
        self.apply_theme();
    }

    /// The colour around the board.
    pub(super) fn backdrop(&self) -> &'static str {
        Theme::backdrop(self.theme)
    }
}
