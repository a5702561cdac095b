//! Opening a URL never costs a player their game (issue 35): a link, a deal
//! or a daily game fully determines the rules it opens under, and the save
//! it displaces is set aside for Resume, its statistics and streaks going on.
//!
//! The property test opens random URLs over random saves of each game:
//! 10,000 pairs a game here, and any number on demand with
//! `PARLOUR_PAIRS=1000000 cargo test --release --test links_keep_saves -- --ignored`.
#![cfg(not(target_arch = "wasm32"))]

#[path = "common/mod.rs"]
mod common;

use parlour::dominoes::def::DominoesDef;
use parlour::games::{new_game, GameKind};
use parlour::host::aside;
use parlour::host::link::query_with_moves;
use parlour::host::params::{parse_query, query_for};
use parlour::host::save::{self, save_key, MemoryStore, Store};
use parlour::host::session::{open, resume, Opened, Wanted};
use parlour::klondike::def::KlondikeDef;
use parlour::phutball::PhutballDef;
use parlour::shell::def::GameDef;
use parlour::shell::driver::Shell;
use parlour::shell::position::Position;
use parlour::util::rng::Rng;
use parlour::{Game, Seed};

fn wanted(query: &str) -> Wanted {
    Wanted::from(parse_query(query).0)
}

/// A game of `D` dealt from `seed` under `options`, with `n` moves by the
/// rules chosen by `rng`.
fn played<D: GameDef>(seed: u64, options: &[(&str, &str)], n: usize, rng: &mut Rng) -> Shell<D> {
    let mut g = Shell::<D>::new(Seed(seed));
    for (k, v) in options {
        g.set_option(k, v).unwrap();
    }
    g.new_game(Seed(seed));
    for _ in 0..n {
        let legal = g.position().legal_moves();
        if legal.is_empty() || g.position().ending().is_some() {
            break;
        }
        let mv = legal[rng.below(legal.len() as u64) as usize];
        if g.play(mv).is_err() {
            break;
        }
    }
    g
}

fn boxed(
    kind: GameKind,
    seed: u64,
    options: &[(&str, &str)],
    n: usize,
    rng: &mut Rng,
) -> Box<dyn Game> {
    match kind {
        GameKind::Klondike => Box::new(played::<KlondikeDef>(seed, options, n, rng)),
        GameKind::Phutball => Box::new(played::<PhutballDef>(seed, options, n, rng)),
        GameKind::Dominoes => Box::new(played::<DominoesDef>(seed, options, n, rng)),
    }
}

fn row(game: &dyn Game, label: &str) -> Option<String> {
    let rows = game.stats()?;
    rows.into_iter().find(|(l, _)| l == label).map(|(_, v)| v)
}

#[test]
fn a_friends_phutball_link_on_another_board_opens_on_its_board_and_my_game_comes_back() {
    let kind = GameKind::Phutball;
    let key = save_key(None, kind);
    let mut rng = Rng::new(Seed(1));
    // My game on the 9×7 teaching board, four moves in, saved.
    let mine = boxed(kind, 4, &[("board", "9x7")], 4, &mut rng);
    let mut store = MemoryStore::default();
    save::write(&mut store, &key, kind, mine.as_ref()).unwrap();
    let my_save = store.get(&key).unwrap();
    // A friend's game on the rules' 19×15, whose link names no board.
    let theirs = boxed(kind, 9, &[], 6, &mut rng);
    let query = query_with_moves(kind, theirs.as_ref());
    assert!(!query.contains("board="), "{query}");
    let o = open(kind.entry(), &wanted(&query), &mut store, &key, Seed(77));
    assert_eq!(o.game.in_play("board"), Some("19x15"), "{:?}", o.notices);
    assert_eq!(o.game.moves(), theirs.moves());
    assert!(
        o.notices.iter().any(|n| n.contains("set aside")),
        "{:?}",
        o.notices
    );
    assert_eq!(
        aside::list(&store, &key),
        std::slice::from_ref(&my_save),
        "byte for byte"
    );
    // Back to mine, exactly; the friend's game is set aside in its turn.
    let back = resume(kind.entry(), o.game.as_ref(), &mut store, &key, Seed(5)).unwrap();
    assert_eq!(back.game.save(), mine.save());
    assert_eq!(store.get(&key), Some(my_save));
    assert_eq!(aside::count(&store, &key), 1);
}

#[test]
fn a_link_whose_moves_do_not_replay_leaves_the_save_untouched() {
    let kind = GameKind::Phutball;
    let key = save_key(None, kind);
    let mut rng = Rng::new(Seed(2));
    let mine = boxed(kind, 4, &[("board", "9x7")], 4, &mut rng);
    let mut store = MemoryStore::default();
    save::write(&mut store, &key, kind, mine.as_ref()).unwrap();
    let before = store.clone();
    let theirs = boxed(kind, 9, &[], 6, &mut rng);
    let query = query_with_moves(kind, theirs.as_ref());
    // Cut short: the check fails.
    let cut = &query[..query.len() - 3];
    let o = open(kind.entry(), &wanted(cut), &mut store, &key, Seed(77));
    assert!(
        o.notices[0].contains("could not be opened"),
        "{:?}",
        o.notices
    );
    assert_eq!(o.game.save(), mine.save(), "my game on screen");
    assert_eq!(store, before, "nothing written, nothing set aside");
}

#[test]
fn a_klondike_link_under_draw_one_keeps_my_draw_three_game_and_my_streak() {
    let kind = GameKind::Klondike;
    let key = save_key(None, kind);
    // A won draw-1 game (a streak of one), then a draw-3 game in progress.
    let mut k = common::won_klondike(30);
    assert_eq!(row(&k, "Current streak").as_deref(), Some("1"));
    k.set_option("draw", "3").unwrap();
    k.new_game(Seed(8));
    let legal = k.position().legal_moves();
    k.play(legal[0]).unwrap();
    let mut store = MemoryStore::default();
    save::write(&mut store, &key, kind, &k).unwrap();
    let my_save = store.get(&key).unwrap();
    // A friend's draw-1 game, shared with its moves.
    let mut rng = Rng::new(Seed(3));
    let theirs = boxed(kind, 12, &[], 5, &mut rng);
    let query = query_with_moves(kind, theirs.as_ref());
    assert!(!query.contains("draw="), "{query}");
    let o = open(kind.entry(), &wanted(&query), &mut store, &key, Seed(77));
    assert_eq!(o.game.in_play("draw"), Some("1"), "the sender's rules");
    assert!(o.game.can_redo(), "a solitaire's link replays");
    // The draw-1 streak is still one: opening the link broke nothing.
    assert_eq!(row(o.game.as_ref(), "Current streak").as_deref(), Some("1"));
    assert_eq!(aside::list(&store, &key), std::slice::from_ref(&my_save));
    // A seed URL and a daily URL also set the game on screen aside.
    let o2 = open(
        kind.entry(),
        &wanted("?game=klondike&seed=5"),
        &mut store,
        &key,
        Seed(1),
    );
    assert_eq!(
        (o2.game.seed(), o2.game.in_play("draw")),
        (Seed(5), Some("1"))
    );
    assert_eq!(aside::count(&store, &key), 2);
    // Resume twice: the friend's game, then mine, each exactly.
    let r1 = resume(kind.entry(), o2.game.as_ref(), &mut store, &key, Seed(2)).unwrap();
    assert_eq!(r1.game.moves(), o.game.moves());
    let r2 = resume(kind.entry(), r1.game.as_ref(), &mut store, &key, Seed(2)).unwrap();
    let r3 = resume(kind.entry(), r2.game.as_ref(), &mut store, &key, Seed(2)).unwrap();
    assert!(r3.game.moves().len() <= 1, "the seed-5 deal or mine");
    let all: Vec<String> = aside::list(&store, &key);
    assert!(
        all.contains(&my_save) || store.get(&key).as_deref() == Some(&my_save),
        "my game is still here"
    );
}

#[test]
fn a_seed_url_of_the_saved_game_goes_on_with_it() {
    for kind in GameKind::ALL {
        let key = save_key(None, kind);
        let mut rng = Rng::new(Seed(4));
        let mine = boxed(kind, 21, &[], 3, &mut rng);
        let mut store = MemoryStore::default();
        save::write(&mut store, &key, kind, mine.as_ref()).unwrap();
        let url = query_for(kind, mine.as_ref());
        let o = open(kind.entry(), &wanted(&url), &mut store, &key, Seed(1));
        assert_eq!(o.game.save(), mine.save(), "{kind:?}");
        assert!(o.notices.is_empty(), "{kind:?}: {:?}", o.notices);
        assert_eq!(aside::count(&store, &key), 0);
    }
}

// The property: random saves, random URLs.

/// Random options for `kind`: each option at a random choice, or left.
fn random_options(kind: GameKind, rng: &mut Rng) -> Vec<(&'static str, &'static str)> {
    let probe = new_game(kind, Seed(0));
    let mut out = Vec::new();
    for s in probe.option_specs() {
        if rng.below(3) == 0 {
            out.push((
                s.key,
                s.choices[rng.below(s.choices.len() as u64) as usize].value,
            ));
        }
    }
    out
}

/// A random URL for `kind`, of every shape the page meets.
fn random_url(kind: GameKind, saved: &dyn Game, rng: &mut Rng) -> String {
    let slug = kind.slug();
    let opts = |rng: &mut Rng| -> String {
        random_options(kind, rng)
            .iter()
            .map(|(k, v)| format!("&{k}={v}"))
            .collect()
    };
    // Shapes weighted by how often players meet them; a Klondike daily
    // (a search for a winnable deal) is the dearest to open.
    match rng.below(18) {
        // A friend's link.
        0..=3 => {
            let options = random_options(kind, rng);
            let theirs = boxed(kind, rng.below(50), &options, rng.below(12) as usize, rng);
            query_with_moves(kind, theirs.as_ref())
        }
        // The saved game's own URL (a reload), or its own link.
        4 | 5 => query_for(kind, saved),
        6 => query_with_moves(kind, saved),
        // A deal, with options.
        7..=9 => format!("?game={slug}&seed={}{}", rng.below(60), opts(rng)),
        // A daily game.
        10 => format!(
            "?game={slug}&daily=2026-12-{:02}{}",
            1 + rng.below(28),
            opts(rng)
        ),
        // Options alone.
        11 | 12 => format!("?game={slug}{}", opts(rng)),
        // A link altered in one character, or cut.
        13 | 14 => {
            let theirs = boxed(kind, rng.below(50), &[], rng.below(8) as usize, rng);
            let mut q: Vec<char> = query_with_moves(kind, theirs.as_ref()).chars().collect();
            let i = rng.below(q.len() as u64) as usize;
            match rng.below(2) {
                0 => q[i] = ['A', 'z', '0', '&', '%', '='][rng.below(6) as usize],
                _ => q.truncate(i),
            }
            q.into_iter().collect()
        }
        // Garbage.
        _ => {
            let bytes: String = (0..rng.below(40))
                .map(|_| char::from(b"ab=&%19?play=seed=daily"[rng.below(23) as usize]))
                .collect();
            format!("?game={slug}&{bytes}")
        }
    }
}

/// The same game: deal or day, start and moves, moves to redo, and the
/// rules that deal a new game when changed. (Who plays and the other options
/// that apply at once may change with a URL that names them.)
fn same_game(a: &dyn Game, b: &dyn Game) -> bool {
    let rules = |g: &dyn Game| -> Vec<Option<&'static str>> {
        g.option_specs()
            .iter()
            .filter(|s| s.restarts)
            .map(|s| g.in_play(s.key))
            .collect()
    };
    (a.seed(), a.daily_day(), a.link_body(), a.moves(), rules(a))
        == (b.seed(), b.daily_day(), b.link_body(), b.moves(), rules(b))
}

/// Opens `pairs` random (save, URL) pairs of `kind` from `seed`, and
/// checks each: the stored game is still in the store byte for byte (in
/// its place or set aside, where Resume brings it back with its figures),
/// or it is the game on screen, continued.
fn pairs(kind: GameKind, pairs: u64, seed: u64) {
    let key = save_key(None, kind);
    let mut rng = Rng::new(Seed(seed));
    for i in 0..pairs {
        let options = random_options(kind, &mut rng);
        let saved = boxed(
            kind,
            rng.below(60),
            &options,
            rng.below(15) as usize,
            &mut rng,
        );
        let mut store = MemoryStore::default();
        save::write(&mut store, &key, kind, saved.as_ref()).unwrap();
        let stored = store.get(&key).unwrap();
        let url = random_url(kind, saved.as_ref(), &mut rng);
        let Opened { game, notices, .. } = open(
            kind.entry(),
            &wanted(&url),
            &mut store,
            &key,
            Seed(1 + rng.below(1000)),
        );
        let why = || format!("{kind:?} pair {i} (seed {seed}): {url}\n{notices:?}");
        let held = store.get(&key).unwrap_or_default();
        // What is stored under the key is what is on screen.
        assert_eq!(held, save::encode(kind, game.as_ref()), "{}", why());
        if held == stored {
            continue;
        }
        if aside::list(&store, &key).contains(&stored) {
            // Resume brings it back exactly, with the figures it had.
            let back = resume(kind.entry(), game.as_ref(), &mut store, &key, Seed(3)).unwrap();
            assert!(same_game(back.game.as_ref(), saved.as_ref()), "{}", why());
            assert_eq!(back.game.stats(), saved.stats(), "{}", why());
            assert_eq!(
                store.get(&key).as_deref(),
                Some(stored.as_str()),
                "{}",
                why()
            );
            continue;
        }
        assert!(same_game(game.as_ref(), saved.as_ref()), "lost: {}", why());
        assert_eq!(game.stats(), saved.stats(), "{}", why());
    }
}

const SUITE_PAIRS: u64 = 10_000;

#[test]
fn klondike_saves_survive_any_url() {
    pairs(GameKind::Klondike, SUITE_PAIRS, 1);
}

#[test]
fn phutball_saves_survive_any_url() {
    pairs(GameKind::Phutball, SUITE_PAIRS, 2);
}

#[test]
fn dominoes_saves_survive_any_url() {
    pairs(GameKind::Dominoes, SUITE_PAIRS, 3);
}

/// As many pairs as `PARLOUR_PAIRS` asks (a million by default), a game.
#[test]
#[ignore]
fn saves_survive_any_url_soak() {
    let n = std::env::var("PARLOUR_PAIRS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    let seed = std::env::var("PARLOUR_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000);
    let started = std::time::Instant::now();
    for kind in GameKind::ALL {
        pairs(kind, n, seed);
    }
    eprintln!(
        "{n} pairs a game, 3 games, seed {seed}: {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
