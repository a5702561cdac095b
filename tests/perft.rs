//! Perft-style counts: how many move sequences of each depth the rules allow
//! from fixed positions, pinned in `tests/perft/<game>.txt`. A change to a
//! move generator that changes any count fails here; if the change is meant,
//! regenerate the files with
//!
//! ```text
//! PARLOUR_BLESS=1 cargo test --release --test perft
//! ```
//!
//! and say in the commit why the counts moved.

use parlour::dominoes::rules::{Hand, Rules as DominoRules, Variant as DominoVariant};
use parlour::klondike::rules::{Rules, State};
use parlour::klondike::variant::Variant;
use parlour::phutball::contest::Contest;
use parlour::phutball::rules::{Options as PhutballOptions, Position as Board};
use parlour::phutball::Dims;
use parlour::shell::position::{perft, Position};
use parlour::Seed;

/// One line of a count file: `<position> <depth> <count>`.
fn line<P: Position>(name: &str, p: &P, depth: u32) -> String {
    format!("{name} {depth} {}", perft(p, depth))
}

/// Compares the counts with the pinned file, or rewrites it when blessing.
fn check(game: &str, lines: Vec<String>) {
    let path = format!("{}/tests/perft/{game}.txt", env!("CARGO_MANIFEST_DIR"));
    let mut text = String::from("# position depth count (tests/perft.rs)\n");
    for l in &lines {
        text.push_str(l);
        text.push('\n');
    }
    if std::env::var_os("PARLOUR_BLESS").is_some() {
        std::fs::write(&path, &text).expect("write the counts");
        return;
    }
    let pinned = std::fs::read_to_string(&path).expect("the pinned counts");
    assert_eq!(
        text, pinned,
        "{game}: the counts moved (see this file's docs)"
    );
}

#[test]
fn klondike_counts() {
    let mut lines = Vec::new();
    for variant in [Variant::Klondike, Variant::Westcliff, Variant::Agnes] {
        for (seed, draw) in [(1, 1), (2, 3)] {
            let mut rules = variant.rules(Rules::default());
            rules.draw = draw;
            let s = State::deal(rules, Seed(seed));
            for depth in 1..=7 {
                lines.push(line(
                    &format!("{}-draw{draw}-seed{seed}", variant.slug()),
                    &s,
                    depth,
                ));
            }
        }
    }
    check("klondike", lines);
}

#[test]
fn phutball_counts() {
    let small = PhutballOptions {
        dims: Dims { rows: 9, cols: 7 },
        ..PhutballOptions::default()
    };
    let mut lines = Vec::new();
    let start = Contest::new(small);
    for depth in 1..=3 {
        lines.push(line("9x7-start", &start, depth));
    }
    // A middle game: men around the ball, so that chains branch.
    let mut board = Board::start(small);
    for m in ["D4", "D6", "E5", "C5", "E6", "C4", "D7", "B3"] {
        board.men.set(m.parse().expect("a point"));
    }
    let middle = Contest::from(board);
    for depth in 1..=3 {
        lines.push(line("9x7-middle", &middle, depth));
    }
    let standard = Contest::new(PhutballOptions::default());
    for depth in 1..=2 {
        lines.push(line("19x15-start", &standard, depth));
    }
    check("phutball", lines);
}

#[test]
fn dominoes_counts() {
    let mut lines = Vec::new();
    for variant in [
        DominoVariant::Points,
        DominoVariant::Muggins,
        DominoVariant::Star,
        DominoVariant::TriOminos,
    ] {
        let h = Hand::deal(DominoRules::new(variant), Seed(5));
        for depth in 1..=4 {
            lines.push(line(&format!("{}-seed5", variant.slug()), &h, depth));
        }
    }
    check("dominoes", lines);
}
