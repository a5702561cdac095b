//! The strong Phutball computer thinking as the page runs it: the shell's
//! scheduler ([`Thinker`]) with the strong level's pace, one slice a frame,
//! each slice timed by the work clock the page gives it. Natively and in the browser,
//! on the same positions: positions searched a second, time a move, and the
//! longest slice (a frame's work). A measurement, not a check, so it is
//! ignored in ordinary runs; BENCHMARKS.md has the figures and the commands:
//!
//! ```sh
//! cargo test --release --test phutball_speed -- --ignored --nocapture
//! CHROMEDRIVER=/usr/bin/chromedriver cargo test --release --target wasm32-unknown-unknown \
//!     --test phutball_speed -- --include-ignored --nocapture
//! ```
//!
//! The crowded workload puts every level on boards crowded with men
//! (lattices of men with the ball among them, where the checks for goals
//! in one are at their dearest): its figures are the worst frame and the
//! longest move against the level's time.

use parlour::phutball::ai::{self, Engine, Level, Mind};
use parlour::phutball::def::pace;
use parlour::phutball::fixtures;
use parlour::phutball::rules::{Options, Position};
use parlour::shell::think::{Think, Thinker, Turn};
use parlour::util::rng::Rng;
use parlour::Seed;

/// Positions where the strong level searches (no win in one, no forced
/// block): every fifth move of seeded greedy games with random moves mixed
/// in, on the rules' 19×15 board.
fn positions() -> Vec<Position> {
    let mut rng = Rng::new(Seed(1));
    let mut out = Vec::new();
    for _ in 0..2 {
        let mut p = Position::start(Options::default());
        for played in 0..60usize {
            if played % 5 == 4 && searches(&p, &mut rng) {
                out.push(p);
            }
            let level = if rng.below(3) == 0 {
                Level::Random
            } else {
                Level::Greedy
            };
            let (mv, _) = ai::choose_until(&p, level, Engine::STANDARD, &mut rng, 1, &mut || false);
            let Some(mv) = mv else { break };
            if !matches!(p.play(mv, played), Ok(None)) {
                break;
            }
        }
    }
    out
}

/// Boards crowded with men where the side to move has no goal in one:
/// four where the opponent has one, four where neither has
/// ([`fixtures::crowded_boards`]).
fn crowded_positions() -> Vec<Position> {
    let (mut threatened, quiet) = fixtures::crowded_boards(4);
    threatened.extend(quiet);
    threatened
}

/// Whether the strong level searches on `p`: its checks find no goal in
/// one and no threat to block.
fn searches(p: &Position, rng: &mut Rng) -> bool {
    let mut mind = ai::mind(p, Level::Strong, rng);
    while matches!(mind, Mind::Checks(_)) {
        mind.step(u32::MAX);
    }
    matches!(mind, Mind::Strong(_))
}

/// What thinking on every position came to.
#[derive(Default)]
struct Figures {
    moves: usize,
    nodes: u64,
    ms: f64,
    worst_slice: f64,
    slices: usize,
    over_50: usize,
    /// The longest move, in ms.
    longest: f64,
}

impl Figures {
    /// Counts one stretch of work done within a frame, `ms` long.
    fn within_frame(&mut self, ms: f64) {
        self.worst_slice = self.worst_slice.max(ms);
        self.over_50 += usize::from(ms > 50.0);
    }
}

/// Thinks about each position as the page does, timing each frame's slice
/// with `now` (ms), which is also the schedulers' work clock.
fn workload(level: Level, now: fn() -> f64) -> Figures {
    workload_on(&positions(), level, now)
}

/// Thinks about each of `positions` as the page does (see [`workload`]).
fn workload_on(positions: &[Position], level: Level, now: fn() -> f64) -> Figures {
    let mut f = Figures::default();
    let mut rng = Rng::new(Seed(2));
    for &p in positions {
        // The page starts the computer's thinking in a frame of its own:
        // the checks for goals in one and the blocks count as a slice.
        let start = now();
        let mut thinker = Thinker::new(ai::mind(&p, level, &mut rng), pace(level)).timed(Some(now));
        f.within_frame(now() - start);
        loop {
            let t = now();
            let turn = thinker.tick(t);
            f.slices += 1;
            f.within_frame(now() - t);
            if !matches!(turn, Turn::Thinking) {
                break;
            }
        }
        f.ms += now() - start;
        f.longest = f.longest.max(now() - start);
        if let Mind::Strong(s) = thinker.search() {
            f.nodes += s.stats().nodes;
        }
        f.moves += 1;
    }
    f
}

fn report(platform: &str, level: Level, f: &Figures) -> String {
    format!(
        "{platform} {level}: {} moves, {:.0} ms a move, {:.0} positions a second, \
         longest {:.0} ms, {} slices, worst slice {:.1} ms, slices over 50 ms: {}",
        f.moves,
        f.ms / f.moves as f64,
        f.nodes as f64 / (f.ms / 1000.0),
        f.longest,
        f.slices,
        f.worst_slice,
        f.over_50
    )
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
#[ignore = "a measurement: run with --ignored --nocapture in release"]
fn phutball_speed_native() {
    let f = workload(Level::Strong, parlour::shell::think::native_clock);
    println!("{}", report("native", Level::Strong, &f));
}

/// Every level on crowded boards (see the module's doc).
fn crowded(platform: &str, now: fn() -> f64) -> Vec<String> {
    let positions = crowded_positions();
    assert_eq!(positions.len(), 8, "crowded positions of both kinds");
    [Level::Greedy, Level::Strong, Level::Expert]
        .into_iter()
        .map(|level| report(platform, level, &workload_on(&positions, level, now)))
        .collect()
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
#[ignore = "a measurement: run with --ignored --nocapture in release"]
fn phutball_crowded_native() {
    for line in crowded("native crowded", parlour::shell::think::native_clock) {
        println!("{line}");
    }
}

#[cfg(target_arch = "wasm32")]
mod wasm {
    use super::*;
    use wasm_bindgen_test::*;
    wasm_bindgen_test_configure!(run_in_browser);

    #[wasm_bindgen_test]
    #[ignore]
    fn phutball_speed_wasm() {
        fn now() -> f64 {
            web_sys::window()
                .and_then(|w| w.performance())
                .map_or(0.0, |p| p.now())
        }
        let f = workload(Level::Strong, now);
        console_log!("{}", report("wasm", Level::Strong, &f));
    }

    #[wasm_bindgen_test]
    #[ignore]
    fn phutball_crowded_wasm() {
        fn now() -> f64 {
            web_sys::window()
                .and_then(|w| w.performance())
                .map_or(0.0, |p| p.now())
        }
        for line in crowded("wasm crowded", now) {
            console_log!("{line}");
        }
    }
}
