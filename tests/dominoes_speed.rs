//! The strong dominoes computer's speed natively and in the browser: the
//! same positions and playout budgets, reported as the longest slice of
//! playouts the page runs in one frame and the time per strong move. A
//! measurement, not a check, so it is ignored in ordinary runs;
//! BENCHMARKS.md has the figures and the commands:
//!
//! ```sh
//! cargo test --release --test dominoes_speed -- --ignored --nocapture
//! CHROMEDRIVER=/usr/bin/chromedriver cargo test --release --target wasm32-unknown-unknown \
//!     --test dominoes_speed -- --include-ignored --nocapture
//! ```

use parlour::dominoes::ai::{choose_with, Level, Search, STRONG_PLAYOUTS};
use parlour::dominoes::rules::{Hand, Rules, Variant};
use parlour::Seed;

/// Positions from greedy-against-greedy hands of `variant`, every fourth move.
fn positions(variant: Variant) -> Vec<Hand> {
    let mut out = Vec::new();
    for seed in 1..=6 {
        let mut h = Hand::deal(Rules::new(variant), Seed(seed));
        let mut k = 0;
        while h.end().is_none() {
            if k % 4 == 0 && h.legal_moves().len() > 1 {
                out.push(h.clone());
            }
            let Some(mv) = choose_with(&h, Level::Greedy, Seed(k), 1) else {
                break;
            };
            h.play(mv).expect("legal");
            k += 1;
        }
    }
    out
}

/// Runs a whole strong move on each position in slices of `slice` playouts,
/// timing each slice with `now` (ms); returns (moves, total ms, worst slice ms).
fn workload(variant: Variant, slice: u32, now: impl Fn() -> f64) -> (usize, f64, f64) {
    let hands = positions(variant);
    let (mut total, mut worst) = (0.0, 0.0f64);
    for h in &hands {
        let mut s = Search::new(h.clone(), Seed(1));
        while s.playouts() < STRONG_PLAYOUTS && h.legal_moves().len() > 1 {
            let t = now();
            s.run(slice);
            let dt = now() - t;
            total += dt;
            worst = worst.max(dt);
        }
    }
    (hands.len(), total, worst)
}

/// The page's first slices (see `src/dominoes/mod.rs`; they then follow the frame rate).
const SLICES: [(Variant, u32); 4] = [
    (Variant::Points, 150),
    (Variant::Muggins, 150),
    (Variant::Star, 50),
    (Variant::TriOminos, 15),
];

#[cfg(not(target_arch = "wasm32"))]
#[test]
#[ignore = "a measurement: run with --ignored --nocapture in release"]
fn dominoes_speed_native() {
    let start = std::time::Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    for (v, slice) in SLICES {
        let (n, total, worst) = workload(v, slice, now);
        println!(
            "native {}: {n} strong moves, {:.1} ms a move, worst slice of {slice} playouts {worst:.1} ms",
            v.slug(),
            total / n as f64
        );
    }
}

#[cfg(target_arch = "wasm32")]
mod wasm {
    use super::*;
    use wasm_bindgen_test::*;
    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    #[ignore]
    fn dominoes_speed_wasm() {
        for (v, slice) in SLICES {
            let (n, total, worst) = workload(v, slice, js_sys::Date::now);
            console_log!(
                "wasm {}: {n} strong moves, {:.1} ms a move, worst slice of {slice} playouts {worst:.1} ms",
                v.slug(),
                total / n as f64
            );
        }
    }
}
