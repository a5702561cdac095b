//! `parlour phutball …`: the win-in-one finder.

use crate::args::{read_input, Args, UsageError};
use crate::stats::wilson;
use parlour::phutball::finder::{find_wins, Wins};
use parlour::phutball::rules::Move;
use parlour::phutball::{notation, position_format};

pub const USAGE: &str = "  \
phutball wins FILE|- [--count] [--budget N]
                             every jump chain that scores at once for the side to move, one per
                             line in notation, or 'none', or 'unknown' (with --count: states searched);
                             the search holds at most N states (default 2000000, at most 10000000),
                             about 220 bytes each
  phutball selfplay --ohs LEVEL --eks LEVEL [--games N] [--seed S] [--nodes N] [--time-ms T]
                 [--board RxC]
                             seeded games between levels (random, greedy, strong): win rates with
                             95% intervals, mean length, the strong level's nodes per second;
                             the strong level stops at N nodes (default 20000) or T ms per move
";

pub fn run(args: &[String]) -> Result<String, UsageError> {
    match args.first().map(String::as_str) {
        Some("wins") => {
            let a = Args::parse(&args[1..], &["--budget"], &["--count"])?;
            let budget = a.number_in("--budget", 2_000_000usize, 1..=10_000_000)?;
            let [path] = a.positional.as_slice() else {
                return Err(UsageError(
                    "phutball wins needs one FILE (or - for stdin)".into(),
                ));
            };
            let text = read_input(path).map_err(UsageError)?;
            let p =
                position_format::parse(&text).map_err(|e| UsageError(format!("{path}: {e}")))?;
            let report = find_wins(&p, budget);
            let mut out = String::new();
            match &report.wins {
                Wins::Found(chains) => {
                    for &c in chains {
                        out.push_str(&notation::format(&p, Move::Jump(c)));
                        out.push('\n');
                    }
                }
                Wins::None => out.push_str("none\n"),
                Wins::Unknown(_) => out.push_str("unknown\n"),
            }
            if a.has("--count") {
                out.push_str(&format!("nodes {}\n", report.nodes));
            }
            Ok(out)
        }
        Some("selfplay") => selfplay(&args[1..]),
        Some(other) => Err(UsageError(format!("unknown phutball command '{other}'"))),
        None => Err(UsageError("phutball needs a command".into())),
    }
}

fn selfplay(raw: &[String]) -> Result<String, UsageError> {
    use parlour::phutball::ai::{choose_until, Level};
    use parlour::phutball::rules::{Options, Position, Side};
    use parlour::util::rng::Rng;
    use parlour::Seed;
    use std::time::Instant;
    let a = Args::parse(
        raw,
        &[
            "--ohs",
            "--eks",
            "--games",
            "--seed",
            "--nodes",
            "--board",
            "--time-ms",
        ],
        &[],
    )?;
    let time_ms = a.parsed("--time-ms", 0f64, |v| {
        v.parse().ok().filter(|t: &f64| *t > 0.0)
    })?;
    let level = |flag: &str| -> Result<Level, UsageError> {
        a.value(flag)
            .ok_or_else(|| UsageError(format!("selfplay needs {flag} LEVEL")))?
            .parse()
            .map_err(|e| UsageError(format!("{flag}: {e}")))
    };
    let (ohs, eks) = (level("--ohs")?, level("--eks")?);
    let games = a.number_in("--games", 100usize, 1..=1_000_000)?;
    let seed = a.parsed("--seed", 1u64, |v| v.parse().ok())?;
    let nodes = a.parsed("--nodes", 20_000u64, |v| v.parse().ok().filter(|&n| n > 0))?;
    let dims = a.parsed("--board", parlour::phutball::Dims::STANDARD, |v| {
        let (r, c) = v.split_once('x')?;
        let d = parlour::phutball::Dims {
            rows: r.parse().ok()?,
            cols: c.parse().ok()?,
        };
        (5..=19)
            .contains(&d.rows)
            .then_some(d)
            .filter(|d| (5..=19).contains(&d.cols))
    })?;
    let mut rng = Rng::new(Seed(seed));
    let (mut ohs_wins, mut eks_wins, mut draws, mut total_moves) = (0usize, 0usize, 0usize, 0usize);
    let (mut strong_nodes, mut strong_ms) = (0u64, 0f64);
    for _ in 0..games {
        let mut p = Position::start(Options {
            dims,
            move_cap: 300,
            ..Options::default()
        });
        let mut result = None;
        for played in 0..usize::from(p.options.move_cap) {
            // Two random opening moves, so that seeded games differ.
            let lvl = if played < 2 {
                Level::Random
            } else if p.to_move == Side::Ohs {
                ohs
            } else {
                eks
            };
            let start = Instant::now();
            let mut stop = || time_ms > 0.0 && start.elapsed().as_secs_f64() * 1000.0 >= time_ms;
            let (mv, stats) = choose_until(&p, lvl, &mut rng, nodes, &mut stop);
            if lvl == Level::Strong {
                strong_nodes += stats.nodes;
                strong_ms += start.elapsed().as_secs_f64() * 1000.0;
            }
            let Some(mv) = mv else { break };
            total_moves += 1;
            if let Ok(Some(side)) = p.play(mv, played) {
                result = Some(side);
                break;
            }
        }
        match result {
            Some(Side::Ohs) => ohs_wins += 1,
            Some(Side::Eks) => eks_wins += 1,
            None => draws += 1,
        }
    }
    let pct = |k: usize| 100.0 * k as f64 / games as f64;
    let ci = |k: usize| {
        let (lo, hi) = wilson(k, games);
        format!("{:.1}–{:.1}%", lo * 100.0, hi * 100.0)
    };
    let mut out = format!(
        "{games} games, Ohs {ohs} v Eks {eks}, board {dims}, seed {seed}, strong budget {nodes} nodes\n\
         Ohs win  {ohs_wins:>5} {:5.1}%  (95% CI {})\n\
         Eks win  {eks_wins:>5} {:5.1}%  (95% CI {})\n\
         draws    {draws:>5} {:5.1}%\n\
         mean moves per game {:.1}\n",
        pct(ohs_wins),
        ci(ohs_wins),
        pct(eks_wins),
        ci(eks_wins),
        pct(draws),
        total_moves as f64 / games as f64,
    );
    if strong_ms > 0.0 {
        out.push_str(&format!(
            "strong: {strong_nodes} nodes in {strong_ms:.0} ms = {:.0} nodes/s\n",
            strong_nodes as f64 / strong_ms * 1000.0
        ));
    }
    Ok(out)
}
