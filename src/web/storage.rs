//! `localStorage` as a [`Store`].

use crate::host::save::{Store, StoreError};
use web_sys::Storage;

/// The page's `localStorage`. Where storage is disabled (some private modes,
/// sandboxed iframes) every read finds nothing and every write reports why.
pub struct LocalStore {
    storage: Option<Storage>,
}

impl LocalStore {
    /// The window's local storage, if the browser allows it.
    pub fn new() -> Self {
        let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
        LocalStore { storage }
    }
}

impl Store for LocalStore {
    fn get(&self, key: &str) -> Option<String> {
        self.storage.as_ref()?.get_item(key).ok().flatten()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), StoreError> {
        let storage = self
            .storage
            .as_ref()
            .ok_or_else(|| StoreError("this browser does not allow local storage here".into()))?;
        storage
            .set_item(key, value)
            .map_err(|_| StoreError("local storage is full or disabled".into()))
    }
    fn remove(&mut self, key: &str) {
        if let Some(s) = &self.storage {
            let _ = s.remove_item(key);
        }
    }
}
