//! The games' sound effects ([`Cue`]), played when the player has turned
//! them on: each file (`www/sounds/`, beside the page) is fetched at its
//! first use, not in the first load, and kept for the next.

use super::assets;
use crate::shell::Cue;
use wasm_bindgen::prelude::*;
use web_sys::HtmlAudioElement;

/// The sounds fetched so far, one player each.
#[derive(Default)]
pub struct Sounds {
    kept: Vec<(Cue, HtmlAudioElement)>,
    /// Swallows a refused play (a browser that allows no sound yet), which
    /// would otherwise reach the console as an unhandled rejection.
    quiet: Option<Closure<dyn FnMut(JsValue)>>,
}

impl Sounds {
    /// Plays `cue` from its start (fetching it, the first time).
    pub fn play(&mut self, cue: Cue) {
        let found = self
            .kept
            .iter()
            .find(|(c, _)| *c == cue)
            .map(|(_, a)| a.clone());
        let audio = match found {
            Some(a) => a,
            None => {
                let Ok(a) = HtmlAudioElement::new_with_src(&assets::url(cue.file())) else {
                    return;
                };
                a.set_volume(0.6);
                self.kept.push((cue, a.clone()));
                a
            }
        };
        audio.set_current_time(0.0);
        if let Ok(playing) = audio.play() {
            let quiet = self
                .quiet
                .get_or_insert_with(|| Closure::new(|_: JsValue| {}));
            let _ = playing.catch(quiet);
        }
    }
}
