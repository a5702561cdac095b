//! `parlour phutball …`: the win-in-one finder.

use crate::args::{read_input, Args, UsageError};
use crate::stats::wilson_pct;
use parlour::phutball::finder::{find_wins, Wins};
use parlour::phutball::rules::Move;
use parlour::phutball::{notation, position_format};

pub const USAGE: &str = "  \
phutball wins FILE|- [--count] [--budget N]
                             every jump chain that scores at once for the side to move, one per
                             line in notation, or 'none', or 'unknown' (with --count: states searched);
                             the search holds at most N states (default 2000000, at most 10000000),
                             at most 128 bytes each (about 230 MB by default)
  phutball selfplay --ohs LEVEL --eks LEVEL [--games N] [--seed S] [--nodes N] [--time-ms T]
                 [--ohs-time-ms T] [--eks-time-ms T] [--board RxC] [--ohs-engine E] [--eks-engine E]
                 [--crowd P]
                             seeded games between levels (random, greedy, strong, expert): win
                             rates with 95% intervals, mean length, each searching side's nodes
                             per second and mean depth; a search stops at N nodes (default 20000)
                             or T ms per move (--ohs-time-ms, --eks-time-ms: one side's own);
                             --crowd P: each game starts with men on about P% of the points;
                             the share of games ending in a goal within 200 plies is shown;
                             E is the search's engine: standard (the default), two (also forced
                             goals in two and the landings of jumps a man would make), made (only
                             those landings), chains (not the landings of the ball's chains),
                             landings (reach by single jumps), threats (no landing points either)
                             or classic (no threat search, the first weights), optionally followed by
                             :RACE,REACH,THREAT,CROWD
  phutball tactics find [--board RxC] [--games N] [--seed S] [--budget N] [--shallow]
                 [--kinds K,K] [--play LEVEL] [--nodes N] [--crowd P] [--min-men M] [--per-game K]
                             tactics from seeded games (block, win-in-2, win-in-3, defence; with
                             --shallow only the first two; --kinds: these), the first K (default
                             1) of each kind in each game, each with every answer proven by
                             exhaustive search, one per line; the games are greedy's with random
                             moves now and then, or with --play the level's own (strong or
                             expert at N positions a move, default 20000); --crowd P: each game
                             starts with men on about P% of the points (default 0); --min-men:
                             only positions with at least M men on the board
  phutball tactics verify FILE [--budget N]
                             proves each line's answers again, all of them and only them, for
                             the line's kind; fails on any difference
  phutball tactics solve FILE [--time-ms T] [--nodes N] [--level L] [--engine E]
                             the share of each kind the computer answers at T ms a move
                             (default 1000, strong, standard), or at N positions a move
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
        Some("tactics") => tactics(&args[1..]),
        Some("rival") => crate::rival::rival(&args[1..]),
        Some(other) => Err(UsageError(format!("unknown phutball command '{other}'"))),
        None => Err(UsageError("phutball needs a command".into())),
    }
}

/// A board's size as ROWSxCOLS, each 5 to 19.
fn board(v: &str) -> Option<parlour::phutball::Dims> {
    let (r, c) = v.split_once('x')?;
    let d = parlour::phutball::Dims {
        rows: r.parse().ok()?,
        cols: c.parse().ok()?,
    };
    (5..=19)
        .contains(&d.rows)
        .then_some(d)
        .filter(|d| (5..=19).contains(&d.cols))
}

fn selfplay(raw: &[String]) -> Result<String, UsageError> {
    use parlour::phutball::ai::{choose_until, Engine, Level};
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
            "--ohs-time-ms",
            "--eks-time-ms",
            "--ohs-engine",
            "--eks-engine",
            "--crowd",
        ],
        &[],
    )?;
    let positive = |v: &str| v.parse().ok().filter(|t: &f64| *t > 0.0);
    let time_ms = a.parsed("--time-ms", 0f64, positive)?;
    // Each side's own limit, by default the shared one.
    let side_ms = [
        a.parsed("--ohs-time-ms", time_ms, positive)?,
        a.parsed("--eks-time-ms", time_ms, positive)?,
    ];
    let level = |flag: &str| -> Result<Level, UsageError> {
        a.value(flag)
            .ok_or_else(|| UsageError(format!("selfplay needs {flag} LEVEL")))?
            .parse()
            .map_err(|e| UsageError(format!("{flag}: {e}")))
    };
    let (ohs, eks) = (level("--ohs")?, level("--eks")?);
    let engine = |flag: &str| -> Result<Engine, UsageError> {
        a.value(flag).map_or(Ok(Engine::STANDARD), |v| {
            v.parse().map_err(|e| UsageError(format!("{flag}: {e}")))
        })
    };
    let (ohs_engine, eks_engine) = (engine("--ohs-engine")?, engine("--eks-engine")?);
    let games = a.number_in("--games", 100usize, 1..=1_000_000)?;
    let seed = a.parsed("--seed", 1u64, |v| v.parse().ok())?;
    let nodes = a.parsed("--nodes", 20_000u64, |v| v.parse().ok().filter(|&n| n > 0))?;
    let dims = a.parsed("--board", parlour::phutball::Dims::STANDARD, board)?;
    let crowd = a.number_in("--crowd", 0u64, 0..=60)?;
    let mut rng = Rng::new(Seed(seed));
    let (mut ohs_wins, mut eks_wins, mut draws, mut total_moves) = (0usize, 0usize, 0usize, 0usize);
    // Games that end in a goal within 200 plies.
    let mut converted = 0usize;
    // Each side's search: nodes, milliseconds, the sum of the depths
    // reached, and the moves searched.
    let mut searched = [(0u64, 0f64, 0u64, 0u64); 2];
    for _ in 0..games {
        let options = Options {
            dims,
            move_cap: 300,
            ..Options::default()
        };
        // A crowded start: men on about `crowd`% of the points.
        let mut p = match crowd {
            0 => Position::start(options),
            _ => Position::crowded(options, Seed(rng.below(u64::MAX)), crowd),
        };
        let mut result = None;
        let mut plies = 0;
        for played in 0..usize::from(p.options.move_cap) {
            plies = played + 1;
            // Two random opening moves, so that seeded games differ.
            let (lvl, engine) = if played < 2 {
                (Level::Random, Engine::STANDARD)
            } else if p.to_move == Side::Ohs {
                (ohs, ohs_engine)
            } else {
                (eks, eks_engine)
            };
            let side = usize::from(p.to_move == Side::Eks);
            let limit = side_ms[side];
            let start = Instant::now();
            let mut stop = || limit > 0.0 && start.elapsed().as_secs_f64() * 1000.0 >= limit;
            let (mv, stats) = choose_until(&p, lvl, engine, &mut rng, nodes, &mut stop);
            if lvl.think_ms() > 0.0 && played >= 2 && stats.nodes > 1 {
                let s = &mut searched[side];
                s.0 += stats.nodes;
                s.1 += start.elapsed().as_secs_f64() * 1000.0;
                s.2 += u64::from(stats.depth);
                s.3 += 1;
            }
            let Some(mv) = mv else { break };
            total_moves += 1;
            if let Ok(Some(side)) = p.play(mv, played) {
                result = Some(side);
                break;
            }
        }
        converted += usize::from(result.is_some() && plies <= 200);
        match result {
            Some(Side::Ohs) => ohs_wins += 1,
            Some(Side::Eks) => eks_wins += 1,
            None => draws += 1,
        }
    }
    let pct = |k: usize| 100.0 * k as f64 / games as f64;
    // A searching level with its engine.
    let named = |level: Level, engine: Engine| {
        if level.think_ms() > 0.0 {
            format!("{level} ({engine})")
        } else {
            level.to_string()
        }
    };
    let ci = |k: usize| wilson_pct(k, games);
    let mut out = format!(
        "{games} games, Ohs {} v Eks {}, board {dims}, seed {seed}, \
         search budget {nodes} nodes or {} / {} ms\n\
         Ohs win  {ohs_wins:>5} {:5.1}%  (95% CI {})\n\
         Eks win  {eks_wins:>5} {:5.1}%  (95% CI {})\n\
         draws    {draws:>5} {:5.1}%\n\
         mean moves per game {:.1}\n\
         a goal within 200 plies {converted:>5} {:5.1}%\n",
        named(ohs, ohs_engine),
        named(eks, eks_engine),
        side_ms[0],
        side_ms[1],
        pct(ohs_wins),
        ci(ohs_wins),
        pct(eks_wins),
        ci(eks_wins),
        pct(draws),
        total_moves as f64 / games as f64,
        pct(converted),
    );
    for (name, (nodes, ms, depths, moves)) in ["Ohs", "Eks"].into_iter().zip(searched) {
        if moves > 0 && ms > 0.0 {
            out.push_str(&format!(
                "{name} search: {nodes} nodes in {ms:.0} ms = {:.0} nodes/s, \
                 mean depth {:.2} over {moves} searched moves\n",
                nodes as f64 / ms * 1000.0,
                depths as f64 / moves as f64
            ));
        }
    }
    Ok(out)
}

fn tactics(raw: &[String]) -> Result<String, UsageError> {
    use parlour::phutball::ai::{choose_until, Engine, Level};
    use parlour::phutball::rules::{Options, Position};
    use parlour::phutball::tactics::{Kind, Prover, Tactic};
    use parlour::util::rng::Rng;
    use parlour::Seed;
    use std::collections::{BTreeMap, HashSet};
    use std::time::Instant;
    let a = Args::parse(
        raw.get(1..).unwrap_or_default(),
        &[
            "--board",
            "--games",
            "--seed",
            "--budget",
            "--time-ms",
            "--level",
            "--engine",
            "--nodes",
            "--kinds",
            "--play",
            "--min-men",
            "--per-game",
            "--crowd",
        ],
        &["--shallow"],
    )?;
    let deep = !a.has("--shallow");
    let budget = a.parsed("--budget", 50_000_000u64, |v| {
        v.parse().ok().filter(|&n| n > 0)
    })?;
    let read_suite = || -> Result<Vec<Tactic>, UsageError> {
        let [path] = a.positional.as_slice() else {
            return Err(UsageError("tactics needs one FILE (or - for stdin)".into()));
        };
        let text = read_input(path).map_err(UsageError)?;
        text.lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|(i, l)| {
                l.parse::<Tactic>()
                    .map_err(|e| UsageError(format!("{path}:{}: {e}", i + 1)))
            })
            .collect()
    };
    match raw.first().map(String::as_str) {
        Some("find") => {
            let dims = a.parsed("--board", parlour::phutball::Dims::STANDARD, board)?;
            let games = a.number_in("--games", 10usize, 1..=100_000)?;
            let seed = a.parsed("--seed", 1u64, |v| v.parse().ok())?;
            let kinds: Vec<Kind> = match a.value("--kinds") {
                Some(list) => list
                    .split(',')
                    .map(|k| {
                        k.trim()
                            .parse()
                            .map_err(|e| UsageError(format!("--kinds: {e}")))
                    })
                    .collect::<Result<_, _>>()?,
                None if deep => Kind::ALL.to_vec(),
                None => vec![Kind::Block, Kind::WinIn2],
            };
            let play: Option<Level> = a
                .value("--play")
                .map(|l| l.parse().map_err(|e| UsageError(format!("--play: {e}"))))
                .transpose()?;
            let nodes = a.parsed("--nodes", 20_000u64, |v| v.parse().ok().filter(|&n| n > 0))?;
            let min_men = a.parsed("--min-men", 0u32, |v| v.parse().ok())?;
            let per_game = a.number_in("--per-game", 1usize, 1..=1_000)?;
            let crowd = a.number_in("--crowd", 0u64, 0..=60)?;
            let mut rng = Rng::new(Seed(seed));
            let mut seen = HashSet::new();
            let mut out = String::new();
            for _ in 0..games {
                let mut found: BTreeMap<Kind, usize> = BTreeMap::new();
                let options = Options {
                    dims,
                    ..Options::default()
                };
                // A crowded start: men on about `crowd`% of the points.
                let mut p = match crowd {
                    0 => Position::start(options),
                    _ => Position::crowded(options, Seed(rng.below(u64::MAX)), crowd),
                };
                for played in 0..200usize {
                    if p.men.count() >= min_men && seen.insert(p) {
                        let mut prover = Prover::new(budget);
                        if let Ok(Some(t)) = prover.classify_as(&p, &kinds) {
                            let n = found.entry(t.kind).or_default();
                            if *n < per_game {
                                *n += 1;
                                out.push_str(&format!("{t}\n"));
                            }
                        }
                    }
                    // The level's own play, or greedy's with random moves
                    // now and then, so games wander.
                    let (level, budget) = match play {
                        Some(level) => (level, nodes),
                        None if rng.below(4) == 0 => (Level::Random, 1),
                        None => (Level::Greedy, 1),
                    };
                    let (mv, _) =
                        choose_until(&p, level, Engine::STANDARD, &mut rng, budget, &mut || false);
                    let Some(mv) = mv else { break };
                    if !matches!(p.play(mv, played), Ok(None)) {
                        break;
                    }
                }
            }
            Ok(out)
        }
        Some("verify") => {
            let suite = read_suite()?;
            for (i, t) in suite.iter().enumerate() {
                let mut prover = Prover::new(budget);
                let again = prover
                    .answers(&t.position, t.kind)
                    .map_err(|_| UsageError(format!("tactic {}: out of budget", i + 1)))?;
                let same = again.as_ref().is_some_and(|a| {
                    a.len() == t.answers.len() && a.iter().all(|&m| t.is_answer(m))
                });
                if !same {
                    let proven = again.map(|a| {
                        let moves: Vec<String> = a
                            .iter()
                            .map(|&m| notation::format(&t.position, m))
                            .collect();
                        moves.join(" ")
                    });
                    return Err(UsageError(format!(
                        "tactic {}: proven answers {proven:?}, the suite says {t}",
                        i + 1,
                    )));
                }
            }
            Ok(format!("{} tactics verified\n", suite.len()))
        }
        Some("solve") => {
            let suite = read_suite()?;
            let nodes = a.parsed("--nodes", 0u64, |v| v.parse().ok().filter(|&n| n > 0))?;
            let time_ms = if nodes > 0 {
                f64::INFINITY
            } else {
                a.parsed("--time-ms", 1000f64, |v| {
                    v.parse().ok().filter(|t: &f64| *t > 0.0)
                })?
            };
            let level: Level = a
                .value("--level")
                .unwrap_or("strong")
                .parse()
                .map_err(|e| UsageError(format!("--level: {e}")))?;
            let engine: Engine = a
                .value("--engine")
                .unwrap_or("standard")
                .parse()
                .map_err(|e| UsageError(format!("--engine: {e}")))?;
            let mut tally: BTreeMap<(String, Kind), (usize, usize)> = BTreeMap::new();
            let mut missed = Vec::new();
            for (i, t) in suite.iter().enumerate() {
                let start = Instant::now();
                let mut stop = || start.elapsed().as_secs_f64() * 1000.0 >= time_ms;
                let mut rng = Rng::new(Seed(1));
                let budget = if nodes > 0 { nodes } else { u64::MAX };
                let (mv, _) = choose_until(&t.position, level, engine, &mut rng, budget, &mut stop);
                let entry = tally
                    .entry((t.position.options.dims.to_string(), t.kind))
                    .or_default();
                entry.1 += 1;
                match mv {
                    Some(m) if t.is_answer(m) => entry.0 += 1,
                    Some(m) => {
                        missed.push(format!("{} ({})", i + 1, notation::format(&t.position, m)))
                    }
                    None => missed.push(format!("{} (no move)", i + 1)),
                }
            }
            let mut out = if nodes > 0 {
                format!("{level} ({engine}) at {nodes} positions a move\n")
            } else {
                format!("{level} ({engine}) at {time_ms} ms a move\n")
            };
            let (mut solved, mut total) = (0, 0);
            for ((board, kind), (s, n)) in &tally {
                out.push_str(&format!(
                    "{board:>6} {kind:<9} {s:>4} / {n:<4} {:5.1}%\n",
                    100.0 * *s as f64 / *n as f64
                ));
                solved += s;
                total += n;
            }
            out.push_str(&format!(
                "   all           {solved:>4} / {total:<4} {:5.1}%\n",
                100.0 * solved as f64 / total.max(1) as f64
            ));
            if !missed.is_empty() {
                out.push_str(&format!(
                    "missed (tactic, move played): {}\n",
                    missed.join(", ")
                ));
            }
            Ok(out)
        }
        Some(other) => Err(UsageError(format!("unknown tactics command '{other}'"))),
        None => Err(UsageError(
            "tactics needs a command: find, verify or solve".into(),
        )),
    }
}
