//! Property tests of the shell's invariants: URLs never break the page, saves
//! round-trip, undo restores exactly, and no save text can crash a load.
#![cfg(not(target_arch = "wasm32"))]

use parlour::games::{new_game, GameKind};
use parlour::host::params::{parse_query, query_for};
use parlour::host::save::{self, MemoryStore, Store};
use parlour::host::session::{open, Wanted};
use parlour::shell::geom::{Point, Size};
use parlour::shell::input::{Gesture, Key};
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
        2 => (0..Key::SAMPLE.len() as u8).prop_map(Step::Key),
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
                let key = Key::SAMPLE[usize::from(k)];
                game.key(key, board);
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
        // What a link carries: the rules and who plays, not a player's own
        // preferences (those stay out of every URL the game writes).
        let specs: Vec<_> = game.option_specs().iter().filter(|s| s.in_link).copied().collect();
        let spec = specs[pick.index(specs.len())];
        let choice = spec.choices[pick.index(spec.choices.len())];
        game.set_option(spec.key, choice.value).unwrap();
        game.new_game(Seed(seed));
        let query = query_for(kind, game.as_ref());
        // The same game with every preference changed has the same URL.
        let mut fussy = new_game(kind, Seed(seed));
        fussy.load(&game.save()).unwrap();
        for own in game.option_specs().iter().filter(|s| !s.in_link) {
            let other = own.choices.iter().find(|c| c.value != own.default).unwrap();
            fussy.set_option(own.key, other.value).unwrap();
        }
        prop_assert_eq!(query_for(kind, fussy.as_ref()), query.clone());
        let (req, problems) = parse_query(&query);
        prop_assert!(problems.is_empty());
        let mut store = MemoryStore::default();
        let kind = req.game.unwrap();
        let opened = open(kind.entry(), &Wanted::from(req), &mut store, "k", Seed(0));
        prop_assert_eq!(opened.game.save(), game.save());
    }

    #[test]
    fn saves_round_trip_after_any_play(kind in kind(), seed in any::<u64>(), steps in prop::collection::vec(step(), 0..40)) {
        let mut game = new_game(kind, Seed(seed));
        play(game.as_mut(), &steps);
        let mut store = MemoryStore::default();
        save::write(&mut store, "k", kind, game.as_ref()).unwrap();
        let mut other = new_game(kind, Seed(0));
        prop_assert_eq!(save::restore(&mut store, "k", kind, other.as_mut()), save::Restored::Loaded);
        prop_assert_eq!(other.save(), game.save());
    }

    #[test]
    fn undo_to_the_start_restores_the_exact_state(kind in kind(), seed in any::<u64>(), steps in prop::collection::vec(step(), 0..40)) {
        let mut game = new_game(kind, Seed(seed));
        let (status, records) = (game.status(), game.records());
        play(game.as_mut(), &steps);
        while game.can_undo() {
            game.undo();
        }
        // Bookkeeping is part of the save (the redo list, statistics); compare
        // what the position shows and records.
        prop_assert!(game.moves().is_empty(), "{:?}", game.moves());
        prop_assert_eq!(game.status(), status);
        prop_assert_eq!(game.records(), records);
    }

    #[test]
    fn no_stored_text_crashes_a_load(kind in kind(), junk in ".{0,200}", envelope in prop::bool::ANY) {
        let mut store = MemoryStore::default();
        let text = if envelope {
            format!("parlour-save 2 {} {}", kind.slug(), junk.replace(' ', ""))
        } else {
            junk.clone()
        };
        store.set(&save::save_key(None, kind), &text).unwrap();
        let opened = open(kind.entry(), &Wanted::default(), &mut store, &save::save_key(None, kind), Seed(1));
        prop_assert_eq!(opened.kind, kind);
        // Nothing is lost: a refused save is kept aside, byte for byte.
        if !opened.notices.is_empty() {
            let kept = format!("{}:bad:1", save::save_key(None, kind));
            prop_assert_eq!(store.get(&kept), Some(text));
        }
    }
}

mod klondike {
    use parlour::klondike::cards::Suit;
    use parlour::klondike::rules::{Foundation, Move, Rules, State};
    use parlour::klondike::variant::Variant;
    use parlour::klondike::{deal_format, Klondike};
    use parlour::shell::geom::{Point, Size};
    use parlour::shell::input::{straight_drag, Gesture, Key};
    use parlour::shell::Game;
    use parlour::Seed;
    use proptest::prelude::*;

    /// Any move, legal or not, including piles that do not exist.
    fn any_move() -> impl Strategy<Value = Move> {
        prop_oneof![
            Just(Move::Deal),
            Just(Move::Recycle),
            Just(Move::WasteToFoundation),
            (0u8..9).prop_map(Move::WasteToTableau),
            (0u8..9).prop_map(Move::TableauToFoundation),
            (0u8..9, 0u8..9, 0u8..15).prop_map(|(from, to, count)| Move::TableauToTableau {
                from,
                to,
                count
            }),
            (0u8..12, 0u8..13).prop_map(|(f, t)| Move::FoundationToTableau(
                Foundation::of(Suit::ALL[usize::from(f % 4)], f / 4),
                t
            )),
        ]
    }

    #[derive(Clone, Debug)]
    enum Act {
        Play(Move),
        Legal(prop::sample::Index),
        Tap(f64, f64, u8),
        Drag(f64, f64, f64, f64),
        Key(u8),
        Undo,
        Redo,
    }

    fn act() -> impl Strategy<Value = Act> {
        prop_oneof![
            2 => any_move().prop_map(Act::Play),
            4 => any::<prop::sample::Index>().prop_map(Act::Legal),
            2 => (0.0..1.0f64, 0.0..1.0f64, 1u8..3).prop_map(|(x, y, n)| Act::Tap(x, y, n)),
            2 => (0.0..1.0f64, 0.0..1.0f64, 0.0..1.0f64, 0.0..1.0f64).prop_map(|(a, b, c, d)| Act::Drag(a, b, c, d)),
            2 => (0..Key::SAMPLE.len() as u8).prop_map(Act::Key),
            1 => Just(Act::Undo),
            1 => Just(Act::Redo),
        ]
    }

    fn run(k: &mut Klondike, acts: &[Act]) {
        let board = k.board_size(Size::new(800.0, 700.0));
        let at = |x: f64, y: f64| Point::new(x * board.w, y * board.h);
        for a in acts {
            match a {
                Act::Play(mv) => {
                    let _ = k.play(*mv);
                }
                Act::Legal(i) => {
                    let moves = k.state().legal_moves();
                    if !moves.is_empty() {
                        k.play(moves[i.index(moves.len())])
                            .expect("legal_moves are legal");
                    }
                }
                Act::Tap(x, y, n) => {
                    k.gesture(
                        Gesture::Tap {
                            at: at(*x, *y),
                            count: *n,
                        },
                        board,
                    );
                }
                Act::Drag(a, b, c, d) => {
                    let (from, to) = (at(*a, *b), at(*c, *d));
                    for g in straight_drag(from, to) {
                        k.gesture(g, board);
                    }
                }
                Act::Key(n) => {
                    let key = Key::SAMPLE[usize::from(*n)];
                    k.key(key, board);
                }
                Act::Undo => {
                    k.undo();
                }
                Act::Redo => {
                    k.redo();
                }
            }
            k.state().check_cards().expect("52 distinct cards, always");
        }
    }

    fn game(seed: u64, draw3: bool) -> Klondike {
        variant_game(seed, draw3, Variant::Klondike)
    }

    fn variant_game(seed: u64, draw3: bool, v: Variant) -> Klondike {
        decks_game(seed, draw3, v, 1)
    }

    fn decks_game(seed: u64, draw3: bool, v: Variant, decks: u8) -> Klondike {
        let mut k = Klondike::new(Seed(seed));
        k.set_reduced_motion(true);
        if draw3 {
            k.set_option("draw", "3").unwrap();
        }
        k.set_option("decks", &decks.to_string()).unwrap();
        k.set_option("variant", v.slug()).unwrap();
        k.new_game(Seed(seed));
        k
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn any_input_keeps_every_card_and_undo_to_start_restores_the_deal(
            seed in 0u64..1000, draw3 in any::<bool>(), acts in prop::collection::vec(act(), 0..60)
        ) {
            let mut k = game(seed, draw3);
            let start = k.state().clone();
            run(&mut k, &acts);
            while k.can_undo() {
                k.undo();
            }
            prop_assert_eq!(k.state(), &start);
        }

        #[test]
        fn every_variant_keeps_every_card_and_undoes_to_the_deal(
            seed in 0u64..1000,
            v in prop::sample::select(Variant::ALL.to_vec()),
            decks in 1u8..=3,
            acts in prop::collection::vec(act(), 0..50),
        ) {
            let mut k = decks_game(seed, false, v, decks);
            prop_assert_eq!(k.state().rules.variant, v);
            let want = match v {
                Variant::Easthaven => decks,
                Variant::DoubleSolitaire => 2,
                _ => 1,
            };
            prop_assert_eq!(k.state().rules.decks, want);
            let start = k.state().clone();
            run(&mut k, &acts);
            let saved = k.save();
            let mut other = game(0, true);
            other.load(&saved).unwrap();
            prop_assert_eq!(other.state(), k.state());
            while k.can_undo() {
                k.undo();
            }
            prop_assert_eq!(k.state(), &start);
        }

        #[test]
        fn saves_round_trip(seed in 0u64..1000, acts in prop::collection::vec(act(), 0..40)) {
            let mut k = game(seed, false);
            run(&mut k, &acts);
            let saved = k.save();
            let mut other = game(0, true);
            other.load(&saved).unwrap();
            prop_assert_eq!(other.state(), k.state());
            prop_assert_eq!(other.save(), saved);
        }

        #[test]
        fn the_deal_format_parses_what_it_prints(
            seed in any::<u64>(),
            v in prop::sample::select(Variant::ALL.to_vec()),
            decks in 1u8..=3,
        ) {
            let s = State::deal(v.rules(Rules { decks, ..Rules::default() }), Seed(seed));
            prop_assert_eq!(deal_format::parse(&deal_format::print(&s, None), Rules::default()), Ok(s));
        }

        #[test]
        fn deal_parsing_never_panics(text in "[TSDtock0-9: AKQJHC#\n]{0,300}") {
            let _ = deal_format::parse(&text, Rules::default());
        }
    }
}

mod phutball {

    use parlour::phutball::rules::{Move, Options, Position};
    use parlour::phutball::{Dims, Phutball, Pt};
    use parlour::shell::Game;
    use parlour::Seed;
    use proptest::prelude::*;

    fn position(dims: Dims, ball: (u8, u8), men: &[(u8, u8)]) -> Position {
        let mut p = Position::start(Options {
            dims,
            ..Options::default()
        });
        p.ball = Pt {
            col: ball.0 % dims.cols,
            row: 1 + ball.1 % dims.rows,
        };
        for &(c, r) in men {
            let pt = Pt {
                col: c % dims.cols,
                row: 1 + r % dims.rows,
            };
            if pt != p.ball {
                p.men.set(pt);
            }
        }
        p
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn jumps_keep_one_ball_remove_exactly_the_men_jumped_and_never_touch_goal_rows(
            ball in (0u8..19, 0u8..19),
            men in prop::collection::vec((0u8..19, 0u8..19), 0..80),
            big in any::<bool>(),
        ) {
            let dims = if big { Dims::STANDARD } else { Dims { rows: 9, cols: 7 } };
            let p = position(dims, ball, &men);
            for (chain, end, left) in p.jump_results(usize::MAX).into_iter().take(200) {
                let (path, after) = p.follow(chain).unwrap();
                prop_assert_eq!(*path.last().unwrap(), end);
                prop_assert_eq!(after, left);
                // Exactly the men jumped are gone: each jump takes at least one, none is added.
                prop_assert!(after.count() + chain.len() as u32 <= p.men.count());
                prop_assert!(after.iter().all(|m| p.men.has(m)));
                // The ball never stands on a man, and no man is on a goal row.
                prop_assert!(!after.has(end));
                prop_assert!(after.iter().all(|m| m.row >= 1 && m.row <= dims.rows));
                let mut q = p;
                prop_assert!(q.play(Move::Jump(chain), 2).is_ok());
                prop_assert_eq!(q.ball, end);
            }
        }

        #[test]
        fn undo_restores_the_position(moves in prop::collection::vec((0u8..15, 0u8..19, any::<bool>()), 0..30)) {
            let mut g = Phutball::new(Seed(1));
            let mut positions = vec![g.position().clone()];
            for (c, r, jump) in moves {
                let p = *g.position().board();
                let mv = if jump {
                    match p.jump_results(usize::MAX).first() {
                        Some(&(chain, _, _)) => Move::Jump(chain),
                        None => continue,
                    }
                } else {
                    Move::Place(Pt { col: c, row: 1 + r % 19 })
                };
                if g.play(mv).is_ok() {
                    positions.push(g.position().clone());
                }
            }
            while g.can_undo() {
                positions.pop();
                g.undo();
                prop_assert_eq!(g.position(), positions.last().unwrap());
            }
        }
    }
}

mod dominoes {
    use parlour::dominoes::rules::{Hand, Reach, Rules, Stuck, Variant};
    use parlour::dominoes::tile::Pips;
    use parlour::dominoes::Dominoes;
    use parlour::shell::Game;
    use parlour::Seed;
    use proptest::prelude::*;

    fn rules() -> impl Strategy<Value = Rules> {
        (
            0usize..4,
            2usize..5,
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(|(v, players, five, boss, anywhere, draw)| {
                let variant = Variant::ALL[v];
                let mut r = Rules::new(variant).with_players(players).unwrap();
                if variant != Variant::TriOminos {
                    r.pips = if five { Pips::Five } else { Pips::Four };
                    r.boss = boss;
                    r.reach = if anywhere {
                        Reach::Anywhere
                    } else {
                        Reach::Previous
                    };
                    r.stuck = if draw { Stuck::Draw } else { Stuck::Pass };
                }
                r
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn every_tile_exists_exactly_once_throughout_a_hand(
            rules in rules(),
            seed in any::<u64>(),
            picks in prop::collection::vec(any::<prop::sample::Index>(), 0..80),
        ) {
            let mut h = Hand::deal(rules, Seed(seed));
            let mut set = rules.tiles();
            set.sort();
            for pick in picks {
                prop_assert_eq!(h.all_tiles(), set.clone());
                let moves = h.legal_moves();
                if moves.is_empty() {
                    prop_assert!(h.end().is_some());
                    break;
                }
                h.play(moves[pick.index(moves.len())]).unwrap();
            }
            prop_assert_eq!(h.all_tiles(), set);
        }

        #[test]
        fn undo_restores_the_exact_game(
            seed in any::<u64>(),
            picks in prop::collection::vec(any::<prop::sample::Index>(), 1..30),
        ) {
            let mut d = Dominoes::new(Seed(seed));
            d.set_option("p2", "random").unwrap();
            d.set_option("reach", "anywhere").unwrap();
            d.new_game(Seed(seed));
            let mut now = 0.0;
            let mut settle = |d: &mut Dominoes| {
                for _ in 0..10_000 {
                    now += 1000.0;
                    if !d.tick(now).changed && d.position().hand().to_move() == 0 {
                        break;
                    }
                }
            };
            settle(&mut d);
            let state = |d: &Dominoes| (d.position().clone(), d.played().to_vec());
            let start = state(&d);
            let mut states = vec![start.clone()];
            for pick in picks {
                if d.position().hand().end().is_some() {
                    break;
                }
                let moves = d.position().hand().legal_moves();
                d.play_hand(moves[pick.index(moves.len())]);
                settle(&mut d);
                states.push(state(&d));
            }
            // Back step by step: each undo lands on the state before it.
            states.pop();
            while let Some(expected) = states.pop() {
                prop_assert!(d.can_undo());
                d.undo();
                prop_assert_eq!(state(&d), expected);
            }
            prop_assert_eq!(state(&d), start);
            prop_assert!(!d.can_undo());
        }
    }
}
