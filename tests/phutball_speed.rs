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

use parlour::phutball::ai::{self, Engine, Level, Mind};
use parlour::phutball::def::pace;
use parlour::phutball::rules::{Options, Position};
use parlour::shell::think::{Thinker, Turn};
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
            if played % 5 == 4 {
                if let Mind::Strong(_) = ai::mind(&p, Level::Strong, &mut rng) {
                    out.push(p);
                }
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

/// What thinking on every position came to.
#[derive(Default)]
struct Figures {
    moves: usize,
    nodes: u64,
    ms: f64,
    worst_slice: f64,
    slices: usize,
    over_50: usize,
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
    let mut f = Figures::default();
    let mut rng = Rng::new(Seed(2));
    for p in positions() {
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
        if let Mind::Strong(s) = thinker.search() {
            f.nodes += s.stats().nodes;
        }
        f.moves += 1;
    }
    f
}

fn report(platform: &str, f: &Figures) -> String {
    format!(
        "{platform} strong: {} moves, {:.0} ms a move, {:.0} positions a second, \
         {} slices, worst slice {:.1} ms, slices over 50 ms: {}",
        f.moves,
        f.ms / f.moves as f64,
        f.nodes as f64 / (f.ms / 1000.0),
        f.slices,
        f.worst_slice,
        f.over_50
    )
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
#[ignore = "a measurement: run with --ignored --nocapture in release"]
fn phutball_speed_native() {
    fn now() -> f64 {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_secs_f64()
            * 1000.0
    }
    let f = workload(Level::Strong, now);
    println!("{}", report("native", &f));
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
        console_log!("{}", report("wasm", &f));
    }
}
