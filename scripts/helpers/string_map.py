# One swap for scripts/measure-helpers.sh: run in a scratch worktree, never on the project.
p='src/util/string_map.rs'
s=open(p).read()
i=s.index("/// Strings to strings, sorted by key, each key once.")
j=s.index("impl Serialize for StringMap")
s=s[:i]+'''/// std
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StringMap(std::collections::BTreeMap<String, String>);

impl StringMap {
    /// An empty map.
    pub fn new() -> Self {
        StringMap(Default::default())
    }
    /// get
    pub fn get(&self, key: &str) -> Option<&String> {
        self.0.get(key)
    }
    /// insert
    pub fn insert(&mut self, key: String, value: String) -> Option<String> {
        self.0.insert(key, value)
    }
    /// remove
    pub fn remove(&mut self, key: &str) -> Option<String> {
        self.0.remove(key)
    }
    /// iter
    pub fn iter(&self) -> impl Iterator<Item = (&String, &String)> {
        self.0.iter()
    }
    /// len
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// empty
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl FromIterator<(String, String)> for StringMap {
    fn from_iter<I: IntoIterator<Item = (String, String)>>(iter: I) -> Self {
        StringMap(iter.into_iter().collect())
    }
}

impl IntoIterator for StringMap {
    type Item = (String, String);
    type IntoIter = std::collections::btree_map::IntoIter<String, String>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

'''+s[j:]
open(p,'w').write(s)
