//! A first-in, first-out queue for the breadth-first searches.
//!
//! It only grows: taken items leave an empty slot behind. The searches are
//! bounded by budgets, so the memory is bounded too, and the code is a sliver
//! of `VecDeque`'s in the wasm module.

/// A queue: push at the back, take from the front.
#[derive(Clone, Debug)]
pub struct Fifo<T> {
    slots: Vec<Option<T>>,
    head: usize,
}

impl<T> Default for Fifo<T> {
    fn default() -> Self {
        Fifo {
            slots: Vec::new(),
            head: 0,
        }
    }
}

impl<T> Fifo<T> {
    /// An empty queue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `item` at the back.
    pub fn push(&mut self, item: T) {
        self.slots.push(Some(item));
    }

    /// Takes the item at the front.
    pub fn pop(&mut self) -> Option<T> {
        let item = self.slots.get_mut(self.head)?.take();
        self.head += 1;
        item
    }

    /// Items waiting.
    pub fn len(&self) -> usize {
        self.slots.len() - self.head
    }

    /// Whether none are waiting.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_in_first_out() {
        let mut q = Fifo::new();
        q.push(1);
        q.push(2);
        assert_eq!(q.pop(), Some(1));
        q.push(3);
        assert_eq!(q.len(), 2);
        assert_eq!(q.pop(), Some(2));
        assert_eq!(q.pop(), Some(3));
        assert_eq!(q.pop(), None);
        assert!(q.is_empty());
    }
}
