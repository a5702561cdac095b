//! A stable insertion sort for the short lists the games sort (a hand of
//! tiles, seven piles, a dozen jumps).
//!
//! The standard library's sorts are fast on long slices but each element
//! type gets its own copy of a large algorithm; in the wasm module that added
//! up to tens of kilobytes. These few lines cost little per type.

/// Sorts `v` by `key`, keeping equal elements in order. Quadratic: for short slices.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && key(&v[j - 1]) > key(&v[j]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts `v`, keeping equal elements in order. Quadratic: for short slices.
pub fn sort<T: Ord>(v: &mut [T]) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j - 1] > v[j] {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::{Rng, Seed};

    #[test]
    fn sorts_like_the_standard_library_and_is_stable() {
        let mut rng = Rng::new(Seed(1));
        for len in 0..40 {
            let v: Vec<(u8, usize)> = (0..len).map(|i| ((rng.below(5)) as u8, i)).collect();
            let mut ours = v.clone();
            sort_by_key(&mut ours, |p| p.0);
            let mut std = v.clone();
            std.sort_by_key(|p| p.0);
            assert_eq!(ours, std, "stable by key");
            let mut a = v.clone();
            sort(&mut a);
            let mut b = v;
            b.sort();
            assert_eq!(a, b);
        }
    }
}
