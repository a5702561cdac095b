//! The suite's smoke run of the fuzz targets: every input of every committed
//! corpus (`fuzz/corpus/<target>/`, the seeds and what AFL++ kept) goes
//! through its target again, natively, with no fuzzer needed. A target
//! panics on a finding, so a corpus that once found a bug keeps it found.
//!
//! `PARLOUR_SEED_CORPUS=1 cargo test -p parlour-fuzz-targets --test corpus` writes the seeds
//! from what the games themselves write.
#![cfg(not(target_arch = "wasm32"))]

use parlour_fuzz_targets::TARGETS;
use std::fs;
use std::path::{Path, PathBuf};

fn corpus(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(target)
}

#[test]
fn every_corpus_input_goes_through_its_target() {
    if std::env::var_os("PARLOUR_SEED_CORPUS").is_some() {
        seeds::write();
    }
    let mut inputs = 0;
    for (name, target) in TARGETS {
        let dir = corpus(name);
        let files = fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let mut here = 0;
        for entry in files {
            let path = entry.expect("a corpus entry").path();
            let data = fs::read(&path).expect("a corpus file");
            target(&data);
            here += 1;
        }
        assert!(here > 0, "{name} has no corpus");
        inputs += here;
    }
    println!("{inputs} corpus inputs replayed");
}

/// The seeds: what the games themselves write, one file each.
mod seeds {
    use super::corpus;
    use parlour::dominoes::{record as drec, Dominoes};
    use parlour::games::GameKind;
    use parlour::host::save;
    use parlour::klondike::rules::Rules;
    use parlour::klondike::variant::Variant;
    use parlour::klondike::{deal_format, Klondike};
    use parlour::phutball::{record as prec, Phutball};
    use parlour::shell::Game;
    use parlour::Seed;

    fn put(target: &str, name: &str, text: &str) {
        let dir = corpus(target);
        std::fs::create_dir_all(&dir).expect("the corpus folder");
        std::fs::write(dir.join(name), text).expect("a seed");
    }

    pub fn write() {
        for (seed, draw) in [(1, 3), (30, 1)] {
            let rules = Rules {
                draw,
                ..Rules::default()
            };
            let state = parlour::klondike::rules::State::deal(rules, Seed(seed));
            use parlour::klondike::remote::{question, Round};
            for (round, name) in [(Round::First, "seed"), (Round::Deeper, "deeper")] {
                put(
                    "solver_question",
                    &format!("{name}-{seed}"),
                    &format!("7 {}", question(&state, round)),
                );
            }
        }
        for v in Variant::ALL {
            let state = parlour::klondike::rules::State::deal(v.rules(Rules::default()), Seed(3));
            put(
                "klondike_deal",
                &format!("seed-{}", v.name()),
                &deal_format::print(&state, None),
            );
        }
        put(
            "phutball_position",
            "seed-1",
            "to-move: eks\nball: H10\nmen: H11 H12 G9\n",
        );
        put(
            "phutball_position",
            "seed-2",
            "to-move: ohs\nball: D5\nboard: 9x7\nmen: D4 D6\n",
        );
        let tactics = include_str!("../../../tests/data/phutball-tactics.txt");
        for (i, line) in tactics
            .lines()
            .filter(|l| !l.starts_with('#'))
            .take(4)
            .enumerate()
        {
            put("phutball_tactic", &format!("seed-{i}"), line);
        }
        let mut p = Phutball::new(Seed(1));
        for m in ["H11", "H12", "H13"] {
            p.play_text(m).expect("a placement");
        }
        put("phutball_record", "seed-text", &prec::to_text(&p.view()));
        put("phutball_record", "seed-sgf", &prec::to_sgf(&p.view()));
        let mut d = Dominoes::new(Seed(4));
        d.run_computers();
        put(
            "dominoes_position",
            "seed-1",
            &drec::position_text(d.position().hand()),
        );
        for (i, (_, r)) in d.records().into_iter().enumerate() {
            put("dominoes_record", &format!("seed-{i}"), &r);
        }
        for (i, m) in [
            "T1-T2",
            "W-F",
            "S",
            "R",
            "H10-H12",
            "swap",
            "1-2-0@0,0u",
            "draw",
            "pass",
            "H11",
        ]
        .iter()
        .enumerate()
        {
            put("move_notation", &format!("seed-{i}"), m);
        }
        for (i, q) in [
            "?game=klondike&seed=42&draw=3",
            "?game=phutball&board=9x7&opponent=strong",
            "?game=dominoes&seed=5",
            "?game=chess&seed=x&%zz=1",
        ]
        .iter()
        .enumerate()
        {
            put("url_query", &format!("seed-{i}"), q);
        }
        put(
            "url_query",
            "seed-link",
            &parlour::host::link::query_with_moves(GameKind::Phutball, &p),
        );
        let mut k = Klondike::new(Seed(9));
        k.play(parlour::klondike::rules::Move::Deal)
            .expect("a deal");
        // The link target's input: a byte that picks the game (by its
        // remainder by three) and its seed, then the game's link body.
        let mut d5 = Dominoes::new(Seed(5));
        d5.run_computers();
        let dir = corpus("link");
        std::fs::create_dir_all(&dir).expect("the corpus folder");
        for (pick, g) in [(9u8, &k as &dyn Game), (1, &p), (5, &d5)] {
            let mut data = vec![pick];
            data.extend(g.link_body());
            std::fs::write(dir.join(format!("seed-{pick}")), data).expect("a seed");
        }
        put(
            "save",
            "seed-klondike",
            &save::encode(GameKind::Klondike, &k),
        );
        put(
            "save",
            "seed-phutball",
            &save::encode(GameKind::Phutball, &p),
        );
        put(
            "save",
            "seed-dominoes",
            &save::encode(GameKind::Dominoes, &d),
        );
    }
}
