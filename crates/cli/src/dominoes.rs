//! `parlour dominoes …`: sets, deals, positions and AI self-play.

use crate::args::{read_input, Args, UsageError};
use crate::stats::wilson;
use parlour::dominoes::ai::{choose_with, Level, STRONG_PLAYOUTS};
use parlour::dominoes::play::hand_seed;
use parlour::dominoes::record::{parse_position, parse_record, position_text};
use parlour::dominoes::rules::{Hand, Reach, Rules, Variant};
use parlour::dominoes::tile::{set, Pips};
use parlour::Seed;
use std::time::Instant;

pub const USAGE: &str = "  \
dominoes tiles --pips 4|5 [--boss]
                             the set, one tile per line
  dominoes deal [--game G] [--players N] [--pips 4|5] [--boss] [--seed S]
                             a dealt hand in the position format
  dominoes show FILE|-       reads a position or a game record and prints the position
                             reached and the legal moves of the player to move
  dominoes selfplay --game points|muggins|star|triominos --players N --ai LEVEL,LEVEL[,…]
                 [--games N] [--seed S] [--playouts N] [--pips 4|5] [--boss] [--anywhere]
                             seeded hands between levels (random, greedy, strong), seats
                             rotating: win rates with 95% intervals, mean points per hand,
                             and the time per move of each level
";

pub fn run(args: &[String]) -> Result<String, UsageError> {
    match args.first().map(String::as_str) {
        Some("tiles") => tiles(&args[1..]),
        Some("deal") => deal(&args[1..]),
        Some("show") => show(&args[1..]),
        Some("selfplay") => selfplay(&args[1..]),
        Some(other) => Err(UsageError(format!("unknown dominoes command '{other}'"))),
        None => Err(UsageError("dominoes needs a command".into())),
    }
}

fn pips(a: &Args) -> Result<Pips, UsageError> {
    a.parsed("--pips", Pips::Four, |v| match v {
        "4" => Some(Pips::Four),
        "5" => Some(Pips::Five),
        _ => None,
    })
}

fn tiles(raw: &[String]) -> Result<String, UsageError> {
    let a = Args::parse(raw, &["--pips"], &["--boss"])?;
    if a.value("--pips").is_none() {
        return Err(UsageError("dominoes tiles needs --pips 4 or 5".into()));
    }
    Ok(set(pips(&a)?, a.has("--boss"))
        .iter()
        .map(|t| format!("{t}\n"))
        .collect())
}

/// The rules the common flags describe.
fn rules(a: &Args) -> Result<Rules, UsageError> {
    let variant = a.parsed("--game", Variant::Points, |v| {
        Variant::ALL.into_iter().find(|x| x.slug() == v)
    })?;
    let players = a.parsed("--players", 2usize, |v| v.parse().ok())?;
    let mut r = Rules::new(variant)
        .with_players(players)
        .map_err(|e| UsageError(e.to_string()))?;
    if variant != Variant::TriOminos {
        r.pips = pips(a)?;
        r.boss = a.has("--boss");
        if a.has("--anywhere") {
            r.reach = Reach::Anywhere;
        }
    } else if a.has("--boss") || a.value("--pips") == Some("4") {
        return Err(UsageError(
            "Tri-Ominos plays the 0–5 set without a boss".into(),
        ));
    }
    Ok(r)
}

const RULE_FLAGS: [&str; 4] = ["--game", "--players", "--pips", "--seed"];

fn deal(raw: &[String]) -> Result<String, UsageError> {
    let a = Args::parse(raw, &RULE_FLAGS, &["--boss", "--anywhere"])?;
    let seed = a.parsed("--seed", 1u64, |v| v.parse().ok())?;
    Ok(position_text(&Hand::deal(rules(&a)?, Seed(seed))))
}

fn show(raw: &[String]) -> Result<String, UsageError> {
    let a = Args::parse(raw, &[], &[])?;
    let [path] = a.positional.as_slice() else {
        return Err(UsageError(
            "dominoes show needs one FILE (or - for stdin)".into(),
        ));
    };
    let text = read_input(path).map_err(UsageError)?;
    // A record has a seed line; a position has hands.
    let hand = if text.lines().any(|l| l.trim_start().starts_with("seed:")) {
        let (m, _) = parse_record(&text).map_err(|e| UsageError(format!("{path}: {e}")))?;
        m.hand().clone()
    } else {
        parse_position(&text).map_err(|e| UsageError(format!("{path}: {e}")))?
    };
    let mut out = position_text(&hand);
    let moves: Vec<String> = hand.legal_moves().iter().map(|m| m.to_string()).collect();
    out.push_str(&format!(
        "# legal moves ({}): {}\n",
        moves.len(),
        moves.join(" ")
    ));
    Ok(out)
}

/// What one hand between the levels came to.
struct Result1 {
    /// Points by player (index into the level list).
    points: Vec<i32>,
    /// The player with the unique best score.
    winner: Option<usize>,
    /// Milliseconds per move, by player.
    times: Vec<Vec<f64>>,
}

fn play_hand(rules: Rules, levels: &[Level], game: u64, seed: Seed, playouts: u32) -> Result1 {
    let n = levels.len();
    // Seats rotate with the game number, so each level sits everywhere.
    let player_at = |seat: usize| (seat + game as usize) % n;
    let deal_seed = hand_seed(seed, game as usize);
    let mut h = Hand::deal(rules, deal_seed);
    let mut times = vec![Vec::new(); n];
    let mut k = 0u64;
    while h.end().is_none() {
        let p = player_at(h.to_move());
        let start = Instant::now();
        let mv = choose_with(
            &h,
            levels[p],
            Seed(deal_seed.0 ^ k.wrapping_mul(0x9e37_79b9)),
            playouts,
        );
        times[p].push(start.elapsed().as_secs_f64() * 1000.0);
        let Some(mv) = mv else { break };
        if h.play(mv).is_err() {
            break;
        }
        k += 1;
    }
    let mut points = vec![0; n];
    for (seat, &s) in h.scores().iter().enumerate() {
        points[player_at(seat)] = s;
    }
    let best = points.iter().copied().max().unwrap_or(0);
    let at: Vec<usize> = (0..n).filter(|&i| points[i] == best).collect();
    Result1 {
        winner: (at.len() == 1).then(|| at[0]),
        points,
        times,
    }
}

/// The most hands one self-play run plays (each keeps a line of results).
const MAX_GAMES: u64 = 1_000_000;
/// The most threads a run starts.
const MAX_THREADS: usize = 256;

fn selfplay(raw: &[String]) -> Result<String, UsageError> {
    let a = Args::parse(
        raw,
        &[
            "--game",
            "--players",
            "--pips",
            "--seed",
            "--ai",
            "--games",
            "--playouts",
            "--threads",
        ],
        &["--boss", "--anywhere"],
    )?;
    let rules = rules(&a)?;
    let levels: Vec<Level> = a
        .value("--ai")
        .ok_or_else(|| UsageError("selfplay needs --ai LEVEL,LEVEL".into()))?
        .split(',')
        .map(|l| l.parse().map_err(|e| UsageError(format!("--ai: {e}"))))
        .collect::<Result<_, _>>()?;
    if levels.len() != rules.players() {
        return Err(UsageError(format!(
            "--ai names {} levels for {} players",
            levels.len(),
            rules.players()
        )));
    }
    let games = a.number_in("--games", 100u64, 1..=MAX_GAMES)?;
    let seed = Seed(a.parsed("--seed", 1u64, |v| v.parse().ok())?);
    let playouts = a.parsed("--playouts", STRONG_PLAYOUTS, |v| {
        v.parse().ok().filter(|&n| n > 0)
    })?;
    let threads = a.number_in(
        "--threads",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        1..=MAX_THREADS,
    )?;
    let levels_ref = &levels;
    let results: Vec<Result1> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (t as u64..games)
                        .step_by(threads)
                        .map(|g| (g, play_hand(rules, levels_ref, g, seed, playouts)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(u64, Result1)> = handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect();
        all.sort_by_key(|(g, _)| *g);
        all.into_iter().map(|(_, r)| r).collect()
    });
    let n = games as usize;
    let mut out = format!(
        "{games} hands of {} ({} players, 0–{} set{}{}), seed {}, strong {playouts} playouts a move\n",
        rules.variant.slug(),
        rules.players(),
        rules.pips.max(),
        if rules.boss { ", boss" } else { "" },
        if rules.reach == Reach::Anywhere { ", anywhere" } else { "" },
        seed.0
    );
    out.push_str(
        "player  level    wins     win%   95% CI          mean points  ms/move median  p99\n",
    );
    for (i, level) in levels.iter().enumerate() {
        let wins = results.iter().filter(|r| r.winner == Some(i)).count();
        let (lo, hi) = wilson(wins, n);
        let mean = results.iter().map(|r| f64::from(r.points[i])).sum::<f64>() / n as f64;
        let mut t: Vec<f64> = results
            .iter()
            .flat_map(|r| r.times[i].iter().copied())
            .collect();
        t.sort_by(f64::total_cmp);
        let q = |p: f64| {
            t.get(((t.len() as f64 - 1.0) * p).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        out.push_str(&format!(
            "{:<7} {:<8} {wins:>5} {:>7.1}%   {:>5.1}–{:<5.1}%   {mean:>10.1}   {:>10.3} {:>7.3}\n",
            i + 1,
            level.slug(),
            100.0 * wins as f64 / n as f64,
            lo * 100.0,
            hi * 100.0,
            q(0.5),
            q(0.99),
        ));
    }
    let ties = results.iter().filter(|r| r.winner.is_none()).count();
    out.push_str(&format!(
        "ties    {ties:>14} {:>7.1}%\n",
        100.0 * ties as f64 / n as f64
    ));
    Ok(out)
}
