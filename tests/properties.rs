//! Property tests of the shell's invariants: URLs never break the page, saves
//! round-trip, undo restores exactly, and no save text can crash a load.
#![cfg(not(target_arch = "wasm32"))]

use parlour::game::{new_game, GameKind};
use parlour::geom::{Point, Size};
use parlour::input::{Gesture, Key};
use parlour::params::{parse_query, query_for};
use parlour::save::{self, MemoryStore, Store};
use parlour::session::{open, Wanted};
use parlour::Seed;
use proptest::prelude::*;

fn kind() -> impl Strategy<Value = GameKind> {
    prop::sample::select(GameKind::ALL.to_vec())
}

#[derive(Clone, Debug)]
enum Step {
    Tap(f64, f64),
    Key(u8),
    Undo,
    Redo,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => (0.0..1.0f64, 0.0..1.0f64).prop_map(|(x, y)| Step::Tap(x, y)),
        2 => (0u8..7).prop_map(Step::Key),
        1 => Just(Step::Undo),
        1 => Just(Step::Redo),
    ]
}

fn play(game: &mut dyn parlour::Game, steps: &[Step]) {
    let board = game.board_size(Size::new(800.0, 600.0));
    for s in steps {
        match *s {
            Step::Tap(x, y) => {
                let at = Point::new(x * board.w, y * board.h);
                game.gesture(Gesture::Tap { at, count: 1 }, board);
            }
            Step::Key(k) => {
                let key = [
                    Key::Left,
                    Key::Right,
                    Key::Up,
                    Key::Down,
                    Key::Enter,
                    Key::Space,
                    Key::Escape,
                ][usize::from(k)];
                game.key(key);
            }
            Step::Undo => {
                game.undo();
            }
            Step::Redo => {
                game.redo();
            }
        }
    }
}

proptest! {
    #[test]
    fn any_query_string_parses_without_panicking(q in ".{0,80}") {
        let (req, problems) = parse_query(&q);
        // Whatever was accepted is valid; whatever was not is explained.
        if req.game.is_none() {
            prop_assert!(req.options.is_empty());
        }
        for p in problems {
            prop_assert!(!p.to_string().is_empty());
        }
    }

    #[test]
    fn the_url_of_a_game_opens_the_same_game(kind in kind(), seed in any::<u64>(), pick in any::<prop::sample::Index>()) {
        let mut game = new_game(kind, Seed(seed));
        let specs = game.option_specs();
        let spec = specs[pick.index(specs.len())];
        let choice = spec.choices[pick.index(spec.choices.len())];
        game.set_option(spec.key, choice.value).unwrap();
        game.new_game(Seed(seed));
        let (req, problems) = parse_query(&query_for(game.as_ref()));
        prop_assert!(problems.is_empty());
        let mut store = MemoryStore::default();
        let wanted = Wanted { seed: req.seed, options: req.options };
        let opened = open(req.game.unwrap(), &wanted, &mut store, "k", Seed(0));
        prop_assert_eq!(opened.game.save(), game.save());
    }

    #[test]
    fn saves_round_trip_after_any_play(kind in kind(), seed in any::<u64>(), steps in prop::collection::vec(step(), 0..40)) {
        let mut game = new_game(kind, Seed(seed));
        play(game.as_mut(), &steps);
        let mut store = MemoryStore::default();
        save::write(&mut store, "k", game.as_ref()).unwrap();
        let mut other = new_game(kind, Seed(0));
        prop_assert_eq!(save::restore(&mut store, "k", other.as_mut()), save::Restored::Loaded);
        prop_assert_eq!(other.save(), game.save());
    }

    #[test]
    fn undo_to_the_start_restores_the_exact_state(kind in kind(), seed in any::<u64>(), steps in prop::collection::vec(step(), 0..40)) {
        let mut game = new_game(kind, Seed(seed));
        let start = game.save();
        play(game.as_mut(), &steps);
        while game.can_undo() {
            game.undo();
        }
        // The history itself is part of the save; compare everything else.
        let strip = |mut v: serde_json::Value| { v.as_object_mut().map(|o| o.remove("history")); v };
        prop_assert_eq!(strip(game.save()), strip(start));
    }

    #[test]
    fn no_stored_text_crashes_a_load(kind in kind(), junk in ".{0,200}", json_junk in prop::bool::ANY) {
        let mut store = MemoryStore::default();
        let text = if json_junk {
            format!(r#"{{"format":1,"game":"{}","state":{}}}"#, kind.slug(), serde_json::Value::String(junk.clone()))
        } else {
            junk.clone()
        };
        store.set(&save::save_key(None, kind), &text).unwrap();
        let opened = open(kind, &Wanted::default(), &mut store, &save::save_key(None, kind), Seed(1));
        prop_assert_eq!(opened.game.kind(), kind);
        // Nothing is lost: a refused save is kept aside, byte for byte.
        if !opened.notices.is_empty() {
            let kept = format!("{}:bad:1", save::save_key(None, kind));
            prop_assert_eq!(store.get(&kept), Some(text));
        }
    }
}
