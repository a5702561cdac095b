//! A small map from strings to strings, kept as a sorted list.
//!
//! Settings and stored keys are a dozen entries at most. A sorted `Vec`
//! does the job of a `BTreeMap` here, and in the wasm module it costs a
//! fraction of the B-tree's code. It reads and writes as a serde map, so a
//! JS object (the mount options) reads straight into it.

use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Strings to strings, sorted by key, each key once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StringMap(Vec<(String, String)>);

impl StringMap {
    /// An empty map.
    pub fn new() -> Self {
        StringMap(Vec::new())
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }

    /// The value under `key`.
    pub fn get(&self, key: &str) -> Option<&String> {
        self.find(key).ok().map(|i| &self.0[i].1)
    }

    /// Sets `key` to `value`, returning the value it replaces.
    pub fn insert(&mut self, key: String, value: String) -> Option<String> {
        match self.find(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.0[i].1, value)),
            Err(i) => {
                self.0.insert(i, (key, value));
                None
            }
        }
    }

    /// Removes `key`, returning its value.
    pub fn remove(&mut self, key: &str) -> Option<String> {
        self.find(key).ok().map(|i| self.0.remove(i).1)
    }

    /// The entries in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &String)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl FromIterator<(String, String)> for StringMap {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(iter: I) -> Self {
        let mut m = StringMap::new();
        for (k, v) in iter {
            m.insert(k, v);
        }
        m
    }
}

impl IntoIterator for StringMap {
    type Item = (String, String);
    type IntoIter = std::vec::IntoIter<(String, String)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl Serialize for StringMap {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// The most entries a map read from outside may hold: inserting keeps the
/// keys sorted, so a bound keeps reading it quick (options have a few dozen).
pub const MAX_ENTRIES: usize = 256;

struct MapVisitor;

impl<'de> Visitor<'de> for MapVisitor {
    type Value = StringMap;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a map of strings to strings")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<StringMap, A::Error> {
        let mut m = StringMap::new();
        while let Some((k, v)) = access.next_entry::<String, String>()? {
            if m.len() >= MAX_ENTRIES {
                return Err(serde::de::Error::custom(format!(
                    "more than {MAX_ENTRIES} entries"
                )));
            }
            m.insert(k, v);
        }
        Ok(m)
    }
}

impl<'de> Deserialize<'de> for StringMap {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<StringMap, D::Error> {
        d.deserialize_map(MapVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn a_map_read_from_outside_is_bounded() {
        let big: BTreeMap<String, String> = (0..MAX_ENTRIES + 1)
            .map(|i| (format!("k{i}"), String::new()))
            .collect();
        let text = crate::shell::codec::state_to_text(&big);
        assert!(crate::shell::codec::state_from_text::<StringMap>(&text).is_err());
        let fits: BTreeMap<String, String> = big.into_iter().take(MAX_ENTRIES).collect();
        let text = crate::shell::codec::state_to_text(&fits);
        assert!(crate::shell::codec::state_from_text::<StringMap>(&text).is_ok());
    }

    #[test]
    fn behaves_like_a_btree_map() {
        let mut ours = StringMap::new();
        let mut theirs = BTreeMap::new();
        for (i, k) in ["b", "a", "c", "a", "d", "b"].iter().enumerate() {
            let v = i.to_string();
            assert_eq!(
                ours.insert((*k).into(), v.clone()),
                theirs.insert((*k).to_owned(), v)
            );
        }
        assert_eq!(ours.remove("c"), theirs.remove("c"));
        assert_eq!(ours.remove("zz"), None);
        let a: Vec<(String, String)> = ours.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let b: Vec<(String, String)> = theirs.clone().into_iter().collect();
        assert_eq!(a, b);
        assert_eq!(ours.get("a"), theirs.get("a"));
        assert_eq!(ours.len(), 3);
        // The same bytes as a BTreeMap in a save.
        assert_eq!(
            crate::shell::codec::state_to_text(&ours),
            crate::shell::codec::state_to_text(&theirs)
        );
        let back: StringMap =
            crate::shell::codec::state_from_text(&crate::shell::codec::state_to_text(&theirs))
                .unwrap();
        assert_eq!(back, ours);
    }
}
