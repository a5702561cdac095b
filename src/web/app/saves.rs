//! The games an instance keeps in storage, as one part of it.

use crate::games::GameKind;
use crate::host::save::{self, Store};
use crate::shell::Game;
use crate::util::text_lines::capitalised;

/// The games kept in storage: the store, and what this instance knows of
/// what it wrote there.
pub(super) struct Saves {
    pub(super) store: Box<dyn Store>,
    /// Saving failed once (the player was told; not again).
    pub(super) save_failed: bool,
    /// Whether this game may be saved (see [`crate::host::session::Opened::may_save`]).
    pub(super) may_save: bool,
    /// What this instance last wrote or read under its save key: a save it
    /// does not find there was written by another tab or instance.
    pub(super) last_saved: Option<String>,
}

impl Saves {
    /// Writes `game` under `key`, unless it may not be saved or another tab
    /// or instance wrote there since this one last did (then it stops
    /// saving). Returns what the player must be told, once.
    pub(super) fn keep(&mut self, key: &str, kind: GameKind, game: &dyn Game) -> Option<String> {
        if !self.may_save {
            return None;
        }
        let last = self.last_saved.as_deref();
        match save::write_over(self.store.as_mut(), key, kind, game, last) {
            Ok(text) => {
                self.last_saved = Some(text);
                None
            }
            Err(save::WriteError::Moved) => {
                self.may_save = false;
                let text = capitalised(&save::WriteError::Moved.to_string());
                Some(format!("{text}."))
            }
            Err(save::WriteError::Store(e)) => (!std::mem::replace(&mut self.save_failed, true))
                .then(|| format!("Progress will not be kept: {e}.")),
        }
    }
}
