//! The transposition table: the hashes of the positions a search has seen.

/// Slots the table starts with.
const START: usize = 1 << 16;

/// An open-addressed set of 64-bit position hashes. It starts small and
/// doubles while more than half full, up to a cap; at the cap a new hash
/// takes its slot from whatever was there (the search then may see a
/// position twice, which costs time, never a wrong answer).
pub(super) struct Table {
    slots: Vec<u64>,
    cap: usize,
    used: usize,
    peak: usize,
}

impl Table {
    /// An empty table that may grow to `cap` slots (rounded up to a power of two).
    pub(super) fn new(cap: usize) -> Table {
        let cap = cap.max(1024).next_power_of_two();
        Table {
            slots: vec![0; cap.min(START)],
            cap,
            used: 0,
            peak: 0,
        }
    }

    /// Records `hash` (bit 0 set: 0 marks an empty slot); false if it was there already.
    pub(super) fn remember(&mut self, hash: u64) -> bool {
        if self.used * 2 >= self.slots.len() && self.slots.len() < self.cap {
            self.grow();
        }
        let slot = Self::slot(hash, self.slots.len());
        if self.slots[slot] == hash {
            return false;
        }
        if self.slots[slot] == 0 {
            self.used += 1;
        }
        self.slots[slot] = hash;
        true
    }

    /// Whether `hash` is held.
    pub(super) fn contains(&self, hash: u64) -> bool {
        self.slots[Self::slot(hash, self.slots.len())] == hash
    }

    /// The most positions held at once.
    pub(super) fn peak_len(&self) -> usize {
        self.peak.max(self.used)
    }

    /// A hash's slot in a table of `len` (a power of two) slots. Bit 0 of
    /// every hash is set, so it is left out.
    fn slot(hash: u64, len: usize) -> usize {
        (hash >> 1) as usize & (len - 1)
    }

    /// Doubles the table, keeping every position it holds.
    fn grow(&mut self) {
        let mut bigger = vec![0u64; self.slots.len() * 2];
        self.used = 0;
        for &h in self.slots.iter().filter(|&&h| h != 0) {
            let slot = Self::slot(h, bigger.len());
            if bigger[slot] == 0 {
                self.used += 1;
            }
            bigger[slot] = h;
        }
        self.slots = bigger;
    }
}
