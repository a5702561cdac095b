//! The solver's speed natively and in the browser: the same deals and budgets,
//! reported as positions per millisecond. A measurement, not a check, so it is
//! ignored in ordinary runs; BENCHMARKS.md has the figures and the commands:
//!
//! ```sh
//! cargo test --release --test solver_speed -- --ignored --nocapture
//! CHROMEDRIVER=/usr/bin/chromedriver cargo test --release --target wasm32-unknown-unknown \
//!     --test solver_speed -- --include-ignored
//! ```

use parlour::klondike::rules::{Rules, State};
use parlour::klondike::solver::{solve, Limits, Verdict};
use parlour::Seed;

/// Solves the benchmark deals; returns (positions searched, verdicts as text).
fn workload() -> (u64, String) {
    let mut nodes = 0;
    let mut verdicts = String::new();
    for seed in 1..=40 {
        let s = State::deal(
            Rules {
                draw: 3,
                ..Rules::default()
            },
            Seed(seed),
        );
        let r = solve(
            &s,
            Limits {
                nodes: 200_000,
                table_slots: 1 << 17,
            },
        )
        .expect("Klondike is supported");
        nodes += r.nodes;
        // w: winnable, l: lost (unwinnable), ?: unknown.
        verdicts.push(match r.verdict {
            Verdict::Winnable(_) => 'w',
            Verdict::Unwinnable => 'l',
            Verdict::Unknown => '?',
        });
    }
    (nodes, verdicts)
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
#[ignore = "a measurement: run with --ignored --nocapture in release"]
fn solver_speed_native() {
    let start = std::time::Instant::now();
    let (nodes, verdicts) = workload();
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    println!(
        "native: {nodes} positions in {ms:.0} ms = {:.0} positions/ms ({verdicts})",
        nodes as f64 / ms
    );
}

#[cfg(target_arch = "wasm32")]
mod wasm {
    use wasm_bindgen_test::*;
    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    #[ignore]
    fn solver_speed_wasm() {
        let now = || js_sys::Date::now();
        let start = now();
        let (nodes, verdicts) = super::workload();
        let ms = now() - start;
        console_log!(
            "wasm: {nodes} positions in {ms:.0} ms = {:.0} positions/ms ({verdicts})",
            nodes as f64 / ms
        );
    }
}
