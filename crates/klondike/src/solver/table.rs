//! The transposition table: the hashes of the positions a search has seen.

/// Slots the table starts with.
const START: usize = 1 << 16;
/// The slots a hash may take: its own and the next ones, this many in all.
/// Half full, a window is this full once in billions of hashes.
const PROBE: usize = 32;

/// An open-addressed set of 64-bit position hashes. It starts small and
/// doubles while more than half full, up to a cap. Below the cap it
/// forgets nothing: a hash whose slot is taken goes to the next free one
/// (linear probing; nothing is ever removed, so a look for a hash stops at
/// the first free slot), and one that finds its [`PROBE`] slots all taken
/// makes the table grow. At the cap, such a hash takes the first of them
/// from whatever was there: the search may then see that position twice,
/// which costs time, never a wrong answer.
pub(super) struct Table {
    slots: Vec<u64>,
    cap: usize,
    used: usize,
}

impl Table {
    /// An empty table that may grow to `cap` slots (rounded up to a power of two).
    pub(super) fn new(cap: usize) -> Table {
        let cap = cap.max(1024).next_power_of_two();
        Table {
            slots: vec![0; cap.min(START)],
            cap,
            used: 0,
        }
    }

    /// Records `hash` (bit 0 set: 0 marks an empty slot); false if it was there already.
    pub(super) fn remember(&mut self, hash: u64) -> bool {
        if self.used * 2 >= self.slots.len() && self.slots.len() < self.cap {
            self.grow();
        }
        loop {
            let first = self.first(hash);
            for slot in window(first, self.slots.len()) {
                match self.slots[slot] {
                    0 => {
                        self.slots[slot] = hash;
                        self.used += 1;
                        return true;
                    }
                    held if held == hash => return false,
                    _ => {}
                }
            }
            if self.slots.len() < self.cap {
                self.grow();
            } else {
                self.slots[first] = hash;
                return true;
            }
        }
    }

    /// Lets the table grow to `cap` slots (rounded up to a power of two) from now on.
    pub(super) fn raise_cap(&mut self, cap: usize) {
        self.cap = self.cap.max(cap.next_power_of_two());
    }

    /// Whether `hash` is held.
    pub(super) fn contains(&self, hash: u64) -> bool {
        window(self.first(hash), self.slots.len())
            .map(|slot| self.slots[slot])
            .take_while(|&held| held != 0)
            .any(|held| held == hash)
    }

    /// Loads the first slot of each hash, all at once, so that the looks
    /// that follow find them in the cache.
    pub(super) fn touch(&self, hashes: &[u64]) {
        let mut x = 0;
        for &h in hashes {
            x ^= self.slots[self.first(h)];
        }
        std::hint::black_box(x);
    }

    /// Every hash held.
    #[cfg(feature = "summary-solver")]
    pub(super) fn hashes(&self) -> impl Iterator<Item = u64> + '_ {
        self.slots.iter().copied().filter(|&h| h != 0)
    }

    /// The slots it has now.
    pub(super) fn slots(&self) -> usize {
        self.slots.len()
    }

    /// The most positions held at once.
    pub(super) fn peak_len(&self) -> usize {
        self.used
    }

    /// A hash's own slot. Bit 0 of every hash is set, so it is left out.
    fn first(&self, hash: u64) -> usize {
        (hash >> 1) as usize & (self.slots.len() - 1)
    }

    /// Doubles the table, keeping every position it holds.
    fn grow(&mut self) {
        let bigger = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, bigger);
        self.used = 0;
        for h in old.into_iter().filter(|&h| h != 0) {
            self.remember(h);
        }
    }
}

/// The slots a hash whose own slot is `first` may take, in a table of
/// `len` (a power of two) slots.
fn window(first: usize, len: usize) -> impl Iterator<Item = usize> {
    (first..first + PROBE).map(move |slot| slot & (len - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_sharing_a_slot_are_all_remembered_below_the_cap() {
        let mut t = Table::new(1 << 20);
        // Every hash here has slot 0 in any table: they differ above bit 40.
        let hashes: Vec<u64> = (1..=PROBE as u64).map(|i| i << 40 | 1).collect();
        for &h in &hashes {
            assert!(t.remember(h), "{h:#x} is new");
        }
        for &h in &hashes {
            assert!(t.contains(h));
            assert!(!t.remember(h), "{h:#x} was seen");
        }
        assert_eq!(t.peak_len(), PROBE);
    }

    #[test]
    fn growing_keeps_every_hash() {
        let mut t = Table::new(1 << 20);
        let hashes: Vec<u64> = (0..100_000u64)
            .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
            .collect();
        for &h in &hashes {
            assert!(t.remember(h));
        }
        assert!(hashes.iter().all(|&h| t.contains(h)));
        assert_eq!(t.peak_len(), hashes.len());
    }

    #[test]
    fn at_the_cap_a_full_window_gives_up_its_first_slot() {
        let mut t = Table::new(1024);
        let full: Vec<u64> = (1..=PROBE as u64).map(|i| i << 40 | 1).collect();
        for &h in &full {
            t.remember(h);
        }
        let late = (PROBE as u64 + 1) << 40 | 1;
        assert!(t.remember(late));
        assert!(t.contains(late));
        assert!(!t.contains(full[0]), "the first slot's hash was forgotten");
        assert!(full[1..].iter().all(|&h| t.contains(h)));
    }
}
