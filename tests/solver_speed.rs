//! The solver's speed natively and in the browser (the summary search on
//! Klondike, at 200,000 positions a deal and on two deals of millions, on
//! Agnes and on Nine Across, the general search on the
//! members only it covers, and the explicit search on Easthaven and
//! Whitehead, in the worker's first round and at its deeper round's
//! longest, and the general search's deeper round on Joker Solitaire): the
//! same deals and budgets,
//! reported as positions per millisecond. A measurement, not a check, so it is
//! ignored in ordinary runs; BENCHMARKS.md has the figures and the commands:
//!
//! ```sh
//! cargo test --release --test solver_speed -- --ignored --nocapture
//! WASM_BINDGEN_TEST_TIMEOUT=300 CHROMEDRIVER=/usr/bin/chromedriver cargo test --release \
//!     --target wasm32-unknown-unknown --test solver_speed -- --include-ignored --nocapture
//! ```

use parlour::klondike::rules::{Rules, State};
use parlour::klondike::solver::{solve, Limits, Report, Verdict};
use parlour::klondike::variant::Variant;
use parlour::Seed;

/// Solves each of `deals` by `solver` within `nodes` positions; returns
/// (positions searched, verdicts as text: w winnable, l lost, ? unknown).
fn solve_all(
    deals: impl Iterator<Item = State>,
    nodes: u64,
    solver: fn(&State, Limits) -> Report,
) -> (u64, String) {
    solve_all_in(deals, nodes, 1 << 17, solver)
}

/// [`solve_all`] with a table of up to `table_slots` slots.
fn solve_all_in(
    deals: impl Iterator<Item = State>,
    nodes: u64,
    table_slots: usize,
    solver: fn(&State, Limits) -> Report,
) -> (u64, String) {
    let mut searched = 0;
    let mut verdicts = String::new();
    for s in deals {
        let r = solver(&s, Limits { nodes, table_slots });
        searched += r.nodes;
        verdicts.push(match r.verdict {
            Verdict::Winnable(_) => 'w',
            Verdict::Unwinnable => 'l',
            Verdict::Unknown => '?',
        });
    }
    (searched, verdicts)
}

/// The benchmark deals: Klondike by threes, seeds 1 to 40, at 200,000
/// positions each, by the best search for the rules (the summary search).
fn workload() -> (u64, String) {
    solve_all((1..=40).map(by_threes), 200_000, solve_klondike)
}

/// Klondike deal `seed` by threes (with no pass limit, as by default).
fn by_threes(seed: u64) -> State {
    let rules = Rules {
        draw: 3,
        ..Rules::default()
    };
    State::deal(rules, Seed(seed))
}

/// [`solve`] on Klondike's own rules, which the summary search covers.
fn solve_klondike(s: &State, limits: Limits) -> Report {
    solve(s, limits).expect("Klondike is supported")
}

/// The summary search where its table outgrows the cache and it looks
/// children up together (from 2^20 slots): Klondike by threes, deals 6041
/// (won) and 9085 (lost), which take 2.4 and 3.4 million positions, with
/// the worker's table, as the worker judges a hard deal.
fn long_klondike_workload() -> (u64, String) {
    use parlour::klondike::remote::WORKER_TABLE_SLOTS;
    let deals = [6041, 9085].into_iter().map(by_threes);
    solve_all_in(deals, u64::MAX, WORKER_TABLE_SLOTS, solve_klondike)
}

/// The general search's benchmark, the search the worker runs for Agnes,
/// Easthaven, Nine Across and Joker Klondike: ten deals of each at 50,000
/// positions.
fn general_workload() -> (u64, String) {
    use parlour::klondike::solver::solve_general;
    let deals = deals_of(
        &[
            Variant::Agnes,
            Variant::Easthaven,
            Variant::NineAcross,
            Variant::Joker,
        ],
        10,
    );
    solve_all(deals, 50_000, |s, l| {
        solve_general(s, l).expect("a one-player member")
    })
}

/// The summary search on the members it took over from the general search
/// (issue 39), as the worker runs it: Agnes (another base, ranks that wrap,
/// reserves fed by the stock) and Nine Across (a base the player chooses,
/// thirteen searches in turns), twenty deals of each at 200,000 positions.
fn family_workload() -> (u64, String) {
    as_the_worker_runs(&[Variant::Agnes, Variant::NineAcross])
}

/// The explicit search on Easthaven with one deck (its stock dealt onto the
/// piles), which it took over from the general search, as the worker runs
/// it: twenty deals at 200,000 positions.
fn easthaven_workload() -> (u64, String) {
    as_the_worker_runs(&[Variant::Easthaven])
}

/// The explicit search on Whitehead (every card face up, building in one
/// colour), its two phases in turns and one position in eight kept on
/// its deep walks: twenty deals at 200,000 positions.
fn whitehead_workload() -> (u64, String) {
    as_the_worker_runs(&[Variant::Whitehead])
}

/// The worker's deeper round at its longest on Whitehead: deal 334, which
/// it leaves undecided, so it takes all of its positions, with the
/// worker's table.
fn deeper_whitehead_workload() -> (u64, String) {
    use parlour::klondike::remote::DEEPER_NODES;
    at_the_deeper_rounds_longest(Variant::Whitehead, 334, DEEPER_NODES, solve_explicitly)
}

/// The same on Easthaven: deal 14.
fn deeper_easthaven_workload() -> (u64, String) {
    use parlour::klondike::remote::DEEPER_NODES;
    at_the_deeper_rounds_longest(Variant::Easthaven, 14, DEEPER_NODES, solve_explicitly)
}

/// [`solve`] on a member the explicit search covers (Whitehead, Easthaven
/// with one deck).
fn solve_explicitly(s: &State, limits: Limits) -> Report {
    solve(s, limits).expect("the explicit search covers it")
}

/// The general search's deeper round at its longest on Joker Solitaire:
/// deal 100, which it leaves undecided (the longest of deals 1-100
/// natively).
fn deeper_joker_workload() -> (u64, String) {
    use parlour::klondike::remote::GENERAL_DEEPER_NODES;
    use parlour::klondike::solver::solve_general;
    at_the_deeper_rounds_longest(Variant::Joker, 100, GENERAL_DEEPER_NODES, |s, l| {
        solve_general(s, l).expect("a one-player member")
    })
}

/// Deal `seed` of `variant`, by `solver`, within a deeper round's `nodes`
/// positions and the worker's table.
fn at_the_deeper_rounds_longest(
    variant: Variant,
    seed: u64,
    nodes: u64,
    solver: fn(&State, Limits) -> Report,
) -> (u64, String) {
    use parlour::klondike::remote::WORKER_TABLE_SLOTS;
    let deal = State::deal(variant.rules(Rules::default()), Seed(seed));
    solve_all_in(std::iter::once(deal), nodes, WORKER_TABLE_SLOTS, solver)
}

/// Deals 1 to 20 of each of `variants` at 200,000 positions each, by
/// [`solve`] (the best search for the rules), as the worker calls it.
fn as_the_worker_runs(variants: &'static [Variant]) -> (u64, String) {
    solve_all(deals_of(variants, 20), 200_000, |s, l| {
        solve(s, l).expect("a search covers every member measured")
    })
}

/// Deals 1 to `last` of each of `variants`, each with its own rules.
fn deals_of(variants: &'static [Variant], last: u64) -> impl Iterator<Item = State> {
    variants.iter().flat_map(move |v| {
        (1..=last).map(move |seed| State::deal(v.rules(Rules::default()), Seed(seed)))
    })
}

/// Runs `work` and reports it as `name`, timed by `now` (milliseconds).
fn measure(name: &str, now: impl Fn() -> f64, work: Work) -> String {
    let start = now();
    let (nodes, verdicts) = work();
    let ms = now() - start;
    format!(
        "{name}: {nodes} positions in {ms:.0} ms = {:.0} positions/ms ({verdicts})",
        nodes as f64 / ms
    )
}

/// A workload: it returns the positions searched and the verdicts.
type Work = fn() -> (u64, String);

/// Every workload, by the name its line is reported under.
const WORKLOADS: [(&str, Work); 9] = [
    ("", workload),
    ("long klondike", long_klondike_workload),
    ("general", general_workload),
    ("family", family_workload),
    ("easthaven", easthaven_workload),
    ("whitehead", whitehead_workload),
    ("deeper whitehead", deeper_whitehead_workload),
    ("deeper easthaven", deeper_easthaven_workload),
    ("deeper joker", deeper_joker_workload),
];

/// The report line of workload `name` run where `place` says.
fn measure_named(place: &str, name: &str, now: impl Fn() -> f64) -> String {
    let (_, work) = WORKLOADS
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a workload of that name");
    let label = if name.is_empty() {
        place.to_string()
    } else {
        format!("{place} {name}")
    };
    measure(&label, now, *work)
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
#[ignore = "a measurement: run with --ignored --nocapture in release"]
fn solver_speed_native() {
    let start = std::time::Instant::now();
    let now = || start.elapsed().as_secs_f64() * 1000.0;
    for (name, _) in WORKLOADS {
        println!("{}", measure_named("native", name, now));
    }
}

/// In the browser each workload is a test of its own, which first lets
/// the page answer the test runner: all in one, they held the page past
/// the 30 s ChromeDriver waits for it.
#[cfg(target_arch = "wasm32")]
mod wasm {
    use wasm_bindgen_test::*;
    wasm_bindgen_test_configure!(run_in_browser);

    /// Waits for the page's next task, so that it answers ChromeDriver
    /// before the next workload holds it (the runner runs tests that never
    /// wait back to back, as one task).
    async fn next_task() {
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            let window = web_sys::window().expect("a page");
            window.set_timeout_with_callback(&resolve).expect("a timer");
        });
        wasm_bindgen_futures::JsFuture::from(promise)
            .await
            .expect("the timer fires");
    }

    macro_rules! in_the_browser {
        ($($test:ident: $name:literal),* $(,)?) => {$(
            #[wasm_bindgen_test]
            #[ignore]
            async fn $test() {
                next_task().await;
                console_log!("{}", super::measure_named("wasm", $name, js_sys::Date::now));
            }
        )*};
    }

    in_the_browser! {
        solver_speed_wasm_1_klondike: "",
        solver_speed_wasm_2_general: "general",
        solver_speed_wasm_3_family: "family",
        solver_speed_wasm_4_easthaven: "easthaven",
        solver_speed_wasm_5_whitehead: "whitehead",
        solver_speed_wasm_6_deeper_whitehead: "deeper whitehead",
        solver_speed_wasm_7_deeper_easthaven: "deeper easthaven",
        solver_speed_wasm_8_deeper_joker: "deeper joker",
        solver_speed_wasm_9_long_klondike: "long klondike",
    }
}
