//! Undo and redo by snapshots.

use serde::{Deserialize, Serialize};

/// Unlimited undo and redo by snapshots: exact by construction, whatever the state holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct History<S> {
    done: Vec<S>,
    undone: Vec<S>,
}

impl<S> Default for History<S> {
    fn default() -> Self {
        History {
            done: Vec::new(),
            undone: Vec::new(),
        }
    }
}

impl<S: Clone> History<S> {
    /// Records `before`, the state just before a move. Clears the redo list.
    pub fn record(&mut self, before: S) {
        self.done.push(before);
        self.undone.clear();
    }

    /// Whether there is a move to take back.
    pub fn can_undo(&self) -> bool {
        !self.done.is_empty()
    }

    /// Whether there is a move to play again.
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// Restores the state before the last move into `current`.
    pub fn undo(&mut self, current: &mut S) -> bool {
        match self.done.pop() {
            Some(prev) => {
                self.undone.push(std::mem::replace(current, prev));
                true
            }
            None => false,
        }
    }

    /// Restores the state after the last undone move into `current`.
    pub fn redo(&mut self, current: &mut S) -> bool {
        match self.undone.pop() {
            Some(next) => {
                self.done.push(std::mem::replace(current, next));
                true
            }
            None => false,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.done.clear();
        self.undone.clear();
    }

    /// How many moves can be taken back.
    pub fn len(&self) -> usize {
        self.done.len()
    }

    /// Whether no move has been recorded.
    pub fn is_empty(&self) -> bool {
        self.done.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_undo_redo_is_exact() {
        let mut h = History::default();
        let mut s = vec![1];
        h.record(s.clone());
        s.push(2);
        h.record(s.clone());
        s.push(3);
        assert!(h.undo(&mut s));
        assert_eq!(s, vec![1, 2]);
        assert!(h.undo(&mut s));
        assert_eq!(s, vec![1]);
        assert!(!h.undo(&mut s));
        assert!(h.redo(&mut s));
        assert!(h.redo(&mut s));
        assert_eq!(s, vec![1, 2, 3]);
        assert!(!h.redo(&mut s));
        h.undo(&mut s);
        h.record(s.clone());
        assert!(!h.can_redo(), "a new move clears redo");
    }
}
