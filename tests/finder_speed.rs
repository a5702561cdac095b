//! How long the win-in-one finder takes on positions from real games: every
//! position of 100 seeded greedy-against-random games, natively. A
//! measurement, ignored in ordinary runs:
//!
//! ```sh
//! cargo test --release --test finder_speed -- --ignored --nocapture
//! ```
#![cfg(not(target_arch = "wasm32"))]

use parlour::phutball::ai::{choose, Level};
use parlour::phutball::finder::find_wins;
use parlour::phutball::rules::{Options, Position, Side};
use parlour::util::rng::Rng;
use parlour::Seed;
use std::time::Instant;

#[test]
#[ignore = "a measurement: run with --ignored --nocapture in release"]
fn finder_speed_on_game_positions() {
    let mut rng = Rng::new(Seed(11));
    let mut micros = Vec::new();
    let mut nodes = Vec::new();
    for _ in 0..100 {
        let mut p = Position::start(Options::default());
        for played in 0..300 {
            for side in [Side::Ohs, Side::Eks] {
                let mut q = p;
                q.to_move = side;
                let t = Instant::now();
                let r = find_wins(&q, 2_000_000);
                micros.push(t.elapsed().as_secs_f64() * 1e6);
                nodes.push(r.nodes);
            }
            let level = if p.to_move == Side::Ohs {
                Level::Greedy
            } else {
                Level::Random
            };
            let Some(mv) = choose(&p, level, &mut rng, 1000).0 else {
                break;
            };
            if p.play(mv, played).map_or(true, |g| g.is_some()) {
                break;
            }
        }
    }
    micros.sort_by(f64::total_cmp);
    nodes.sort_unstable();
    let pick = |q: f64| micros[((micros.len() - 1) as f64 * q) as usize];
    println!(
        "finder: {} positions, median {:.1} µs, p99 {:.1} µs, max {:.1} µs; states median {}, max {}",
        micros.len(),
        pick(0.5),
        pick(0.99),
        micros.last().copied().unwrap_or(0.0),
        nodes[nodes.len() / 2],
        nodes.last().copied().unwrap_or(0)
    );
}

/// The finder's worst case: men on most points, where the number of chains
/// explodes. The budget (states held) bounds time and memory: the page's
/// Hint holds at most 200,000 states, the command line 2,000,000.
#[test]
#[ignore = "a measurement: run with --ignored --nocapture in release"]
fn finder_on_dense_positions() {
    for budget in [20_000, 200_000, 2_000_000] {
        let mut micros = Vec::new();
        for seed in 0..20 {
            let p = Position::crowded(Options::default(), Seed(seed), 85);
            let t = Instant::now();
            let r = find_wins(&p, budget);
            micros.push(t.elapsed().as_secs_f64() * 1e6);
            assert!(r.held <= budget);
        }
        micros.sort_by(f64::total_cmp);
        println!(
            "dense, budget {budget}: 20 positions, median {:.1} ms, max {:.1} ms",
            micros[micros.len() / 2] / 1000.0,
            micros.last().copied().unwrap_or(0.0) / 1000.0
        );
    }
}
