//! The soak: every game driven through the page-facing trait by a seeded
//! stream of random gestures, keys, frames, undo, redo, hints, new games,
//! setting changes (good and bad), records and save/load cycles. After every
//! action the game's own invariants hold (no card, tile or man lost or
//! duplicated), a computer always moves within its bound, a save loads back
//! to the same save, and taking every move back restores the deal.
//!
//! A short run is part of the suite; the long one (1,000,000 actions a
//! game) is run on demand and its figures are in BENCHMARKS.md:
//!
//! ```sh
//! cargo test --release --test soak -- --ignored --nocapture
//! ```
//!
//! (`SOAK_ACTIONS=N` sets another count for the long runs, and
//! `SOAK_STREAM=K` another stream of deals and actions, so that a long run
//! can be split across cores.)
//!
//! Phutball is also soaked on boards crowded with men, where its checks
//! and searches are at their dearest: every new game starts from one, with
//! a computer level in turn playing one side or both, and the computer's
//! slices timed by a real work clock as in the page. That soak reports the
//! longest single action (a gesture, a key, a frame, an undo, a new game,
//! a load): a measurement, which the long run's figures in BENCHMARKS.md
//! hold against the 50 ms a frame may take.
#![cfg(not(target_arch = "wasm32"))]

use parlour::dominoes::Dominoes;
use parlour::klondike::Klondike;
use parlour::phutball::{fixtures, Phutball, Setup};
use parlour::shell::def::GameDef;
use parlour::shell::driver::Shell;
use parlour::shell::geom::{Point, Size};
use parlour::shell::input::{Gesture, Key};
use parlour::shell::think::{native_clock, WorkClock, MAX_TICKS};
use parlour::shell::Game;
use parlour::util::rng::Rng;
use parlour::Seed;
use std::sync::OnceLock;
use std::time::Instant;

/// What a soak saw.
#[derive(Debug, Default)]
struct Tally {
    actions: u64,
    moves_played: u64,
    computer_moves: u64,
    games: u64,
    loads: u64,
    /// Each kind of action timed, in the order first seen.
    frames: Vec<Frames>,
}

/// How long the actions of one kind took.
#[derive(Debug)]
struct Frames {
    what: &'static str,
    count: u64,
    /// The longest, in ms.
    longest: f64,
    /// How many took over 50 ms.
    over_50: u64,
}

impl Tally {
    /// Runs `f` as one action of the page, one frame's work, and times it.
    fn frame<R>(&mut self, what: &'static str, f: impl FnOnce() -> R) -> R {
        let start = Instant::now();
        let r = f();
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let i = match self.frames.iter().position(|f| f.what == what) {
            Some(i) => i,
            None => {
                self.frames.push(Frames {
                    what,
                    count: 0,
                    longest: 0.0,
                    over_50: 0,
                });
                self.frames.len() - 1
            }
        };
        let f = &mut self.frames[i];
        f.count += 1;
        f.longest = f.longest.max(ms);
        f.over_50 += u64::from(ms > 50.0);
        r
    }
}

/// How a soak deals its new games, and whether its computer's slices are
/// timed by a real work clock (as in the page) or by counted work.
struct Dealing<D: GameDef> {
    /// Starts a fresh game of this seed in place of the current one.
    fresh: fn(&mut Shell<D>, Seed),
    clock: Option<WorkClock>,
}

impl<D: GameDef> Dealing<D>
where
    Shell<D>: Game,
{
    /// New games as the page deals them, the computer's work counted.
    fn plain() -> Self {
        Dealing {
            fresh: |game, seed| game.new_game(seed),
            clock: None,
        }
    }
}

/// A point on the board, now and then just off it.
fn point(rng: &mut Rng, board: Size) -> Point {
    let f = |rng: &mut Rng, len: f64| (rng.below(1_200) as f64 / 1_000.0 - 0.1) * len;
    Point::new(f(rng, board.w), f(rng, board.h))
}

/// Drives `game` through `actions` random actions from `seed`, calling
/// `check` after each. Only settings whose choice keeps a game quick are
/// changed (the computer's level, the board), so a run stays short.
fn soak<D: GameDef>(
    mut game: Shell<D>,
    seed: u64,
    actions: u64,
    dealing: &Dealing<D>,
    check: impl Fn(&Shell<D>),
) -> Tally
where
    Shell<D>: Game,
    D::Position: PartialEq,
{
    let mut rng = Rng::new(Seed(seed));
    let mut tally = Tally::default();
    let mut now = 0.0;
    let viewports = [Size::new(1280.0, 800.0), Size::new(390.0, 844.0)];
    for _ in 0..actions {
        tally.actions += 1;
        // Every game the soak makes or loads thinks by the soak's clock.
        game.set_work_clock(dealing.clock);
        let board = game.board_size(viewports[rng.below(2) as usize]);
        let before = game.moves().len();
        let pick = rng.below(100);
        if std::env::var_os("SOAK_TRACE").is_some() {
            eprintln!(
                "action {pick}: {} | {:?}",
                game.status(),
                game.moves().last()
            );
        }
        match pick {
            0..=29 => {
                let at = point(&mut rng, board);
                let count = 1 + (rng.below(5) == 0) as u8;
                tally.frame("a tap", || game.gesture(Gesture::Tap { at, count }, board));
            }
            30..=44 => {
                // A drag, perhaps cancelled, perhaps interrupted by a frame.
                let from = point(&mut rng, board);
                let to = point(&mut rng, board);
                tally.frame("a press", || game.gesture(Gesture::Press(from), board));
                tally.frame("a drag", || {
                    game.gesture(Gesture::DragStart { from, at: from }, board);
                    game.gesture(Gesture::DragMove(to), board)
                });
                if rng.below(4) == 0 {
                    now += 16.0;
                    tally.frame("a frame", || game.tick(now));
                }
                if rng.below(6) == 0 {
                    tally.frame("a cancel", || game.gesture(Gesture::Cancel, board));
                } else {
                    tally.frame("a drop", || game.gesture(Gesture::Drop(to), board));
                }
            }
            45..=47 => {
                let at = point(&mut rng, board);
                let factor = [0.8, 1.25][rng.below(2) as usize];
                tally.frame("a zoom", || {
                    game.gesture(Gesture::Zoom { at, factor }, board)
                });
            }
            48..=64 => {
                let key = Key::SAMPLE[rng.below(Key::SAMPLE.len() as u64) as usize];
                tally.frame("a key", || game.key(key, board));
            }
            65..=79 => {
                // A few frames; a computer to move must move within its bound.
                let thinking = game.computer_to_move();
                let mut ticks = 0;
                loop {
                    // Slow frames while a computer thinks: its slices shrink
                    // and its time per move runs out sooner, keeping the soak
                    // quick; the bound counts frames either way.
                    now += if thinking { 250.0 } else { 16.0 } + rng.below(30) as f64;
                    let said = tally.frame("a frame", || game.tick(now)).message;
                    if std::env::var_os("SOAK_TRACE").is_some() && said.is_some() {
                        eprintln!("  frame {ticks}: {said:?}");
                    }
                    ticks += 1;
                    if !thinking || !game.computer_to_move() || game.moves().len() > before {
                        break;
                    }
                    assert!(
                        ticks <= MAX_TICKS + 2,
                        "the computer did not move within {MAX_TICKS} frames: {} after {:?}",
                        game.status(),
                        game.moves()
                    );
                }
                if thinking && game.moves().len() > before {
                    tally.computer_moves += 1;
                }
            }
            80..=84 => {
                tally.frame("an undo", || game.undo());
            }
            85..=87 => {
                tally.frame("a redo", || game.redo());
            }
            88..=89 => {
                tally.frame("a hint", || game.hint());
            }
            90..=91 => {
                // A save loads back into another game as the same save.
                let saved = tally.frame("a save", || game.save());
                let mut other = Shell::<D>::new(Seed(rng.next_u64()));
                tally
                    .frame("a load", || other.load(&saved))
                    .expect("a save loads");
                assert_eq!(other.save(), saved, "a save round-trips");
                game = other;
                tally.loads += 1;
            }
            92 => {
                for (_, text) in game.records() {
                    let mut other = Shell::<D>::new(Seed(1));
                    other.load_record(&text).expect("a record reads back");
                    assert_eq!(other.moves(), game.moves(), "a record round-trips");
                }
            }
            93..=94 => {
                let seed = Seed(rng.next_u64());
                tally.frame("a new game", || (dealing.fresh)(&mut game, seed));
                tally.games += 1;
            }
            95..=97 => {
                // A setting: any choice of any option, or a bad one.
                let specs = game.option_specs();
                let spec = &specs[rng.below(specs.len() as u64) as usize];
                let value = match rng.below(spec.choices.len() as u64 + 1) as usize {
                    i if i < spec.choices.len() => spec.choices[i].value,
                    _ => "no-such-choice",
                };
                let _ = tally.frame("a setting", || game.set_option(spec.key, value));
                if spec.restarts && rng.below(2) == 0 {
                    let seed = Seed(rng.next_u64());
                    tally.frame("a new game", || (dealing.fresh)(&mut game, seed));
                    tally.games += 1;
                }
            }
            _ => {
                // Take everything back: the game is at its start.
                let mut guard = 0;
                while game.can_undo() && guard < 10_000 {
                    tally.frame("an undo", || game.undo());
                    guard += 1;
                }
                let fresh = Shell::<D>::from_start(
                    game.seed(),
                    game.settings().clone(),
                    game.start().clone(),
                )
                .expect("the game's own start");
                if game.moves().is_empty() {
                    assert_eq!(
                        game.position(),
                        fresh.position(),
                        "undo to the start restores the deal"
                    );
                }
            }
        }
        tally.moves_played += game.moves().len().saturating_sub(before) as u64;
        check(&game);
    }
    tally
}

fn klondike_check(k: &Klondike) {
    k.state()
        .validate()
        .unwrap_or_else(|e| panic!("an impossible position: {e}"));
}

fn dominoes_check(d: &Dominoes) {
    let hand = d.position().hand();
    let mut all = hand.all_tiles();
    all.dedup();
    assert_eq!(
        all,
        {
            let mut set = hand.rules().tiles();
            parlour::util::sort::sort(&mut set);
            set
        },
        "every tile once"
    );
}

fn phutball_check(p: &Phutball) {
    let b = p.position().board();
    let dims = b.options.dims;
    assert!(
        !b.men.has(b.ball),
        "the ball never shares a point with a man"
    );
    assert!(dims.contains(b.ball), "the ball stays on the board");
}

/// Prints what a soak of `name` saw.
fn report(name: &str, t: &Tally, start: Instant) {
    println!(
        "{name}: {} actions, {} moves played ({} by a computer), {} new games, {} save/load cycles, {:.1} s",
        t.actions,
        t.moves_played,
        t.computer_moves,
        t.games,
        t.loads,
        start.elapsed().as_secs_f64()
    );
}

/// Prints how long a timed soak's actions took, by kind.
fn report_frames(t: &Tally) {
    for f in &t.frames {
        println!(
            "  {}: {} timed, the longest {:.1} ms, {} over 50 ms",
            f.what, f.count, f.longest, f.over_50
        );
    }
}

fn soak_klondike(actions: u64, stream: u64) {
    let start = Instant::now();
    let t = soak(
        Klondike::new(Seed(1 + stream)),
        11 + (stream << 32),
        actions,
        &Dealing::plain(),
        klondike_check,
    );
    report("klondike", &t, start);
}

fn soak_dominoes(actions: u64, stream: u64) {
    let start = Instant::now();
    let t = soak(
        Dominoes::new(Seed(2 + stream)),
        12 + (stream << 32),
        actions,
        &Dealing::plain(),
        dominoes_check,
    );
    report("dominoes", &t, start);
}

fn soak_phutball(actions: u64, stream: u64) {
    let start = Instant::now();
    let t = soak(
        Phutball::new(Seed(3 + stream)),
        13 + (stream << 32),
        actions,
        &Dealing::plain(),
        phutball_check,
    );
    report("phutball", &t, start);
}

/// The computer's levels and sides a crowded soak's new games take in
/// turn: every level, against a person on either side and against itself.
const CROWDED_OPPONENTS: [(&str, &str); 6] = [
    ("greedy", "eks"),
    ("strong", "ohs"),
    ("expert", "eks"),
    ("random", "both"),
    ("strong", "both"),
    ("expert", "both"),
];

/// A new Phutball game on a board crowded with men, half of them with the
/// opponent threatening a goal in one, with the next level and side of
/// [`CROWDED_OPPONENTS`]: what a link to a crowded position opens.
fn crowded_game(game: &mut Phutball, seed: Seed) {
    static BOARDS: OnceLock<Vec<parlour::phutball::rules::Position>> = OnceLock::new();
    let boards = BOARDS.get_or_init(|| {
        let (mut threatened, quiet) = fixtures::crowded_boards(6);
        threatened.extend(quiet);
        threatened
    });
    let board = &boards[(seed.0 % boards.len() as u64) as usize];
    let (level, side) = CROWDED_OPPONENTS[(seed.0 / 7 % CROWDED_OPPONENTS.len() as u64) as usize];
    let mut fresh = Phutball::from_start(seed, *game.settings(), Some(Setup::of(board)))
        .expect("a crowded board sets up");
    fresh.set_option("opponent", level).expect("a level");
    fresh.set_option("computer", side).expect("a side");
    *game = fresh;
}

fn soak_crowded_phutball(actions: u64, stream: u64) {
    let start = Instant::now();
    let mut game = Phutball::new(Seed(5 + stream));
    crowded_game(&mut game, Seed(5 + stream));
    let dealing = Dealing {
        fresh: crowded_game,
        clock: Some(native_clock),
    };
    let t = soak(game, 15 + (stream << 32), actions, &dealing, phutball_check);
    report("phutball on crowded boards", &t, start);
    report_frames(&t);
}

#[test]
fn a_short_soak_of_klondike() {
    soak_klondike(1_000, 0);
}

#[test]
fn a_short_soak_of_the_dominoes() {
    soak_dominoes(1_000, 0);
}

#[test]
fn a_short_soak_of_phutball() {
    soak_phutball(1_000, 0);
}

/// The number in environment variable `name`, or `default`.
fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// Which stream of actions a long soak runs: 0, or `SOAK_STREAM`. Other
/// streams deal other games and draw other actions, so that a long soak
/// can run as several at once, one a core.
fn stream() -> u64 {
    env_number("SOAK_STREAM", 0)
}

/// The long soak's actions a game: a million, or `SOAK_ACTIONS`.
fn long() -> u64 {
    env_number("SOAK_ACTIONS", 1_000_000)
}

#[test]
fn a_short_soak_of_phutball_on_crowded_boards() {
    soak_crowded_phutball(300, 0);
}

#[test]
#[ignore = "the long soak: run on demand in release"]
fn a_million_actions_of_klondike() {
    soak_klondike(long(), stream());
}

#[test]
#[ignore = "the long soak: run on demand in release"]
fn a_million_actions_of_the_dominoes() {
    soak_dominoes(long(), stream());
}

#[test]
#[ignore = "the long soak: run on demand in release"]
fn a_million_actions_of_phutball() {
    soak_phutball(long(), stream());
}

/// The crowded soak's actions are dearer (the computer thinks for real
/// time on every board), so its long run is 20,000 actions, or
/// `SOAK_ACTIONS`.
#[test]
#[ignore = "the long soak: run on demand in release"]
fn a_long_soak_of_phutball_on_crowded_boards() {
    soak_crowded_phutball(env_number("SOAK_ACTIONS", 20_000), stream());
}
