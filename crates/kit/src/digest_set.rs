//! A set of 64-bit digests: positions already hashed by a search.
//!
//! The digests are well mixed already, so the set uses them as they are
//! instead of hashing them again; the searches share the one kind of set,
//! so the wasm module holds one copy of its code.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// A set of digests.
pub type DigestSet = HashSet<u64, BuildHasherDefault<AsIs>>;

/// A hasher that passes a `u64` digest through unchanged.
#[derive(Clone, Copy, Debug, Default)]
pub struct AsIs(u64);

impl Hasher for AsIs {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_go_in_and_out() {
        let mut s = DigestSet::default();
        assert!(s.insert(0x9E37_79B9_7F4A_7C15));
        assert!(!s.insert(0x9E37_79B9_7F4A_7C15));
        assert!(s.contains(&0x9E37_79B9_7F4A_7C15));
        assert!(s.remove(&0x9E37_79B9_7F4A_7C15));
        assert!(s.is_empty());
    }
}
