//! A quick hasher for the searches' own keys (positions, men), where std's
//! default, built to resist chosen keys from the network, costs a fifth of
//! a Phutball search's time. No key here comes from an adversary: a
//! player can only choose positions the search would reach anyway.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A map keyed by a search's own values.
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// A set of a search's own values.
pub type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;

/// Multiplies in each word and rotates between them (the scheme of the
/// Rust compiler's own "Fx" hasher), then mixes the high bits down at the
/// end (a multiply carries bits only upwards, and the table picks buckets
/// by the low bits).
#[derive(Clone, Copy, Debug, Default)]
pub struct FastHasher(u64);

/// An odd constant with well-spread bits (2^64 over the golden ratio).
const K: u64 = 0x9E37_79B9_7F4A_7C15;

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(K);
    }
}

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        let h = (self.0 ^ (self.0 >> 32)).wrapping_mul(K);
        h ^ (h >> 29)
    }

    /// Byte by byte: the keys hashed often (men, points) write whole
    /// numbers instead.
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(u64::from(b));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn equal_keys_hash_alike_and_near_keys_apart() {
        let b = BuildHasherDefault::<FastHasher>::default();
        assert_eq!(b.hash_one([1u32, 2, 3]), b.hash_one([1u32, 2, 3]));
        // Keys one bit apart land in different low bits (the bucket).
        let mut low = HashSet::new();
        for bit in 0..64 {
            low.insert(b.hash_one(1u64 << bit) & 0xFFFF);
        }
        assert!(low.len() > 60, "{}", low.len());
    }

    #[test]
    fn maps_and_sets_work() {
        let mut m = FastMap::default();
        m.insert((3u8, [7u32; 21]), 1);
        assert_eq!(m.get(&(3, [7; 21])), Some(&1));
        let mut s = FastSet::default();
        assert!(s.insert("a"));
        assert!(!s.insert("a"));
    }
}
