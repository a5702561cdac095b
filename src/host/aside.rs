//! Games set aside: the saves that a URL displaced, kept so that opening a
//! link, a deal or a daily game never costs a player the game they had.
//!
//! They live beside the game's own save, under `<key>:aside`: one save a
//! line (a save is one line of text, see [`crate::host::save`]), the most
//! recent first, at most [`MAX_ASIDE`]. "Resume" in the page's menu takes
//! the first back ([`crate::host::session::resume`]).

use crate::host::save::{Store, StoreError};

/// The most games kept aside for one save key; past it the oldest goes.
pub const MAX_ASIDE: usize = 8;

/// The key the games set aside from `key` live under.
pub fn aside_key(key: &str) -> String {
    format!("{key}:aside")
}

/// The saves set aside from `key`, the most recent first.
pub fn list(store: &dyn Store, key: &str) -> Vec<String> {
    store
        .get(&aside_key(key))
        .map(|v| {
            v.lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// How many games are set aside from `key`.
pub fn count(store: &dyn Store, key: &str) -> usize {
    list(store, key).len()
}

fn write_list(store: &mut dyn Store, key: &str, saves: &[String]) -> Result<(), StoreError> {
    if saves.is_empty() {
        store.remove(&aside_key(key));
        Ok(())
    } else {
        store.set(&aside_key(key), &saves.join("\n"))
    }
}

/// Sets `save` aside, first in the list: a save already there moves up
/// instead of being kept twice, and past [`MAX_ASIDE`] the oldest goes. On
/// error (the store is full) the list is as it was.
pub fn push(store: &mut dyn Store, key: &str, save: &str) -> Result<(), StoreError> {
    let mut saves = list(store, key);
    saves.retain(|s| s != save);
    saves.insert(0, save.to_owned());
    saves.truncate(MAX_ASIDE);
    write_list(store, key, &saves)
}

/// The most recent save set aside, without taking it.
pub fn first(store: &dyn Store, key: &str) -> Option<String> {
    list(store, key).into_iter().next()
}

/// Takes `save` out of the list.
pub fn remove(store: &mut dyn Store, key: &str, save: &str) -> Result<(), StoreError> {
    let mut saves = list(store, key);
    saves.retain(|s| s != save);
    write_list(store, key, &saves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::save::MemoryStore;

    #[test]
    fn saves_stack_most_recent_first_once_each_and_at_most_eight() {
        let mut store = MemoryStore::default();
        assert_eq!(count(&store, "k"), 0);
        for i in 0..10 {
            push(&mut store, "k", &format!("save {i}")).unwrap();
        }
        let saves = list(&store, "k");
        assert_eq!(saves.len(), MAX_ASIDE);
        assert_eq!(saves[0], "save 9");
        assert_eq!(saves[7], "save 2");
        push(&mut store, "k", "save 5").unwrap();
        assert_eq!(list(&store, "k")[..2], ["save 5", "save 9"]);
        assert_eq!(count(&store, "k"), MAX_ASIDE, "not kept twice");
        remove(&mut store, "k", "save 5").unwrap();
        assert_eq!(first(&store, "k").as_deref(), Some("save 9"));
        for s in list(&store, "k") {
            remove(&mut store, "k", &s).unwrap();
        }
        assert_eq!(store.get("k:aside"), None, "an empty list leaves no key");
    }
}
