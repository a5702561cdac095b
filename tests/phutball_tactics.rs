//! The committed Phutball tactics suite: every line reads, a sample of its
//! answers is proven again from scratch, and the standard engine answers
//! most of it at a fixed number of positions a move (a deterministic
//! measure, unlike a clock), clearly more than the classic engine.
#![cfg(not(target_arch = "wasm32"))]

use parlour::phutball::ai::{choose_until, Engine, Level};
use parlour::phutball::tactics::{Kind, Prover, Tactic};
use parlour::util::rng::Rng;
use parlour::Seed;

fn suite() -> Vec<Tactic> {
    let text = include_str!("data/phutball-tactics.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.parse().unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn the_suite_has_every_kind_and_at_least_two_hundred_positions() {
    let suite = suite();
    assert!(suite.len() >= 200, "{}", suite.len());
    for kind in Kind::ALL {
        assert!(
            suite.iter().filter(|t| t.kind == kind).count() >= 20,
            "{kind}"
        );
    }
}

#[test]
fn a_sample_of_the_answers_is_proven_again() {
    for t in suite().iter().step_by(15) {
        let deep = matches!(t.kind, Kind::WinIn3 | Kind::Defence);
        let again = Prover { budget: 50_000_000 }
            .classify(&t.position, deep)
            .expect("within budget")
            .expect("a tactic");
        assert_eq!(again.kind, t.kind, "{t}");
        assert_eq!(again.answers.len(), t.answers.len(), "{t}");
        assert!(again.answers.iter().all(|&m| t.is_answer(m)), "{t}");
    }
}

/// The share of the suite's every other position `engine` answers at
/// `nodes` positions a move.
fn solved(engine: Engine, nodes: u64) -> f64 {
    let suite = suite();
    let sample: Vec<&Tactic> = suite.iter().step_by(2).collect();
    let right = sample
        .iter()
        .filter(|t| {
            let mut rng = Rng::new(Seed(1));
            let (mv, _) = choose_until(
                &t.position,
                Level::Strong,
                engine,
                &mut rng,
                nodes,
                &mut || false,
            );
            mv.is_some_and(|m| t.is_answer(m))
        })
        .count();
    right as f64 / sample.len() as f64
}

#[test]
fn the_standard_engine_answers_most_tactics_and_more_than_the_classic() {
    let standard = solved(Engine::STANDARD, 2_000);
    let classic = solved(Engine::CLASSIC, 2_000);
    // Measured: 93% and 77% of the whole suite (BENCHMARKS.md).
    assert!(standard >= 0.88, "standard {standard:.3}");
    assert!(
        standard >= classic + 0.08,
        "standard {standard:.3}, classic {classic:.3}"
    );
}
