//! `parlour klondike …`: deals, deal files and the solver.

use crate::args::{read_input, Args, UsageError};
use crate::clock::{Budget, Stopwatch};
use crate::stats::wilson;
use parlour::klondike::rules::{Passes, Rules, State};
use parlour::klondike::solver::{self, Grade, Limits, Report, Solver, Verdict};
use parlour::klondike::variant::{UnknownVariant, Variant};
use parlour::klondike::{deal_format, settings::Settings};
use parlour::Seed;

pub const USAGE: &str = "  \
klondike deal [--variant NAME] [--decks N] --seed N
                             print the deal of seed N in the deal text format (--decks:
                             easthaven takes 1, 2 or 3)
  klondike show FILE|-       read a deal file, report the first error precisely, or print it back
  klondike solve [--variant NAME] [--draw 1|3] [--passes N|unlimited]
                 [--budget-ms N | --budget-cpu-ms N] [--budget-nodes N] [--table-mb N]
                 [--search best|explicit|general] [--moves] (FILE…|-|--seeds A..B)
                             solve deals: one line each (verdict, nodes, ms); --budget-ms
                             counts wall-clock time (default 10000), --budget-cpu-ms the
                             solving thread's CPU time, the same on a busy machine as on an
                             idle one (Linux), and the times reported are on that clock;
                             --budget-nodes caps the positions searched; with --seeds a
                             summary of verdicts, times and table size follows; a variant the
                             solver cannot play is refused with the reason; the position table
                             takes N MB (default 128, 1–4096); --search explicit uses the
                             explicit search even where the summary search applies, and its
                             summary grades the winnable deals as the page does (easy, medium,
                             hard: see the README's Klondike solver section); --search general
                             the general search (the rules engine's own moves), which is what
                             best uses for the members the other two cannot express
  variants: klondike agnes easthaven nine-across somerset thumb-and-pouch whitehead westcliff
            kuipers las-vegas joker thoughtful
";

fn variant(a: &Args) -> Result<Variant, UsageError> {
    a.value("--variant").map_or(Ok(Variant::Klondike), |v| {
        v.parse()
            .map_err(|e: UnknownVariant| UsageError(format!("--variant: {e}")))
    })
}

fn default_rules() -> Rules {
    Settings::default().rules()
}

pub fn run(args: &[String]) -> Result<String, UsageError> {
    match args.first().map(String::as_str) {
        Some("deal") => {
            let a = Args::parse(&args[1..], &["--seed", "--variant", "--decks"], &[])?;
            let v = variant(&a)?;
            let decks = match a.value("--decks") {
                None => 1,
                Some(n) => n
                    .parse::<u8>()
                    .ok()
                    .filter(|&d| v.takes_decks(d))
                    .ok_or_else(|| {
                        UsageError(format!(
                            "--decks: '{n}' is not a deck count {v} takes ({})",
                            if v == Variant::Easthaven {
                                "1, 2 or 3"
                            } else {
                                "1"
                            }
                        ))
                    })?,
            };
            let seed: Seed = a
                .value("--seed")
                .ok_or_else(|| UsageError("klondike deal needs --seed N".into()))?
                .parse()
                .map_err(|e| UsageError(format!("--seed: {e}")))?;
            if !a.positional.is_empty() {
                return Err(UsageError(format!("unexpected '{}'", a.positional[0])));
            }
            let state = State::deal(
                v.rules(Rules {
                    decks,
                    ..default_rules()
                }),
                seed,
            );
            Ok(deal_format::print(
                &state,
                Some(&format!("{} deal, seed {seed}", v.title(decks))),
            ))
        }
        Some("show") => {
            let a = Args::parse(&args[1..], &[], &[])?;
            let [path] = a.positional.as_slice() else {
                return Err(UsageError(
                    "klondike show needs one FILE (or - for stdin)".into(),
                ));
            };
            let text = read_input(path).map_err(UsageError)?;
            let state = deal_format::parse(&text, default_rules())
                .map_err(|e| UsageError(format!("{path}: {e}")))?;
            Ok(deal_format::print(&state, None))
        }
        Some("solve") => solve(&args[1..]),
        Some(other) => Err(UsageError(format!("unknown klondike command '{other}'"))),
        None => Err(UsageError("klondike needs a command".into())),
    }
}

fn parse_range(s: &str) -> Option<(u64, u64)> {
    let (a, b) = s.split_once("..")?;
    let (a, b) = (a.parse().ok()?, b.parse().ok()?);
    (a <= b).then_some((a, b))
}

/// The most deals one `--seeds` range may name: the summary keeps a time
/// per deal (80 MB at this many).
const MAX_SEEDS: u64 = 10_000_000;

/// What the summary keeps of the deals solved: counts and times, not the
/// deals or their winning lines, so a long run stays small.
#[derive(Default)]
struct Tally {
    won: usize,
    lost: usize,
    unknown: usize,
    times: Vec<f64>,
    peak: usize,
    slowest: (f64, String),
    /// Winnable deals by grade, easy to hard, when the explicit search
    /// solved them (grades measure its effort).
    grades: Option<[usize; 3]>,
}

impl Tally {
    fn add(&mut self, name: &str, report: &Report, ms: f64) {
        match report.verdict {
            Verdict::Winnable(_) => {
                self.won += 1;
                if let Some(g) = self.grades.as_mut() {
                    g[Grade::of_effort(report.nodes) as usize] += 1;
                }
            }
            Verdict::Unwinnable => self.lost += 1,
            _ => self.unknown += 1,
        }
        self.times.push(ms);
        self.peak = self.peak.max(report.peak_table);
        if ms > self.slowest.0 || self.times.len() == 1 {
            self.slowest = (ms, name.to_owned());
        }
    }
}

/// Which of the solver's searches `--search` asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Search {
    /// [`Solver::new`]: the best search that covers the rules.
    Best,
    /// [`Solver::explicit`].
    Explicit,
    /// [`Solver::general`].
    General,
}

fn solve_one(
    state: &State,
    limits: Limits,
    budget: (Budget, f64),
    search: Search,
) -> Result<(Report, f64), UsageError> {
    let watch =
        Stopwatch::start(budget.0).map_err(|e| UsageError(format!("--budget-cpu-ms: {e}")))?;
    let solver = match search {
        Search::Best => Solver::new(state, limits),
        Search::Explicit => Solver::explicit(state, limits),
        Search::General => Solver::general(state, limits),
    };
    let mut solver = solver.map_err(|e| UsageError(e.to_string()))?;
    let report = solver.run_until(budget.1, || watch.ms());
    Ok((report, watch.ms()))
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn solve(raw: &[String]) -> Result<String, UsageError> {
    let a = Args::parse(
        raw,
        &[
            "--draw",
            "--passes",
            "--budget-ms",
            "--budget-cpu-ms",
            "--budget-nodes",
            "--seeds",
            "--variant",
            "--table-mb",
            "--search",
        ],
        &["--moves"],
    )?;
    let v = variant(&a)?;
    let draw = a.parsed("--draw", 1u8, |v| match v {
        "1" => Some(1),
        "3" => Some(3),
        _ => None,
    })?;
    let passes = a.parsed("--passes", Passes::Unlimited, |v| match v {
        "unlimited" => Some(Passes::Unlimited),
        n => n.parse().ok().filter(|&n| n >= 1).map(Passes::Limited),
    })?;
    let ms = |v: &str| v.parse::<f64>().ok().filter(|v| *v > 0.0);
    let budget = match (a.value("--budget-ms"), a.value("--budget-cpu-ms")) {
        (Some(_), Some(_)) => {
            return Err(UsageError(
                "give one time budget: --budget-ms (wall clock) or --budget-cpu-ms (CPU)".into(),
            ))
        }
        (_, Some(_)) => (Budget::Cpu, a.parsed("--budget-cpu-ms", 0.0, ms)?),
        _ => (Budget::Wall, a.parsed("--budget-ms", 10_000.0, ms)?),
    };
    let nodes = a.parsed("--budget-nodes", u64::MAX, |v| v.parse().ok())?;
    let search = a.parsed("--search", Search::Best, |v| match v {
        "best" => Some(Search::Best),
        "explicit" => Some(Search::Explicit),
        "general" => Some(Search::General),
        _ => None,
    })?;
    let rules = v.rules(Rules {
        draw,
        passes,
        ..default_rules()
    });
    // Refuse a variant the solver cannot play before any work.
    solver::supports(&State::deal(rules, Seed(1)))
        .map_err(|e| UsageError(format!("{}: {e}", v.name())))?;
    let table_mb = a.parsed("--table-mb", 128usize, |v| {
        v.parse().ok().filter(|mb| (1..=4096).contains(mb))
    })?;
    let limits = Limits {
        nodes,
        // Eight bytes a slot.
        table_slots: table_mb << 17,
    };
    let seeds = match a.value("--seeds") {
        Some(range) => {
            let (from, to) = parse_range(range).ok_or_else(|| {
                UsageError(format!("--seeds: '{range}' is not a range like 1..1000"))
            })?;
            if to - from >= MAX_SEEDS {
                return Err(UsageError(format!(
                    "--seeds: '{range}' names more than {MAX_SEEDS} deals; split it into runs"
                )));
            }
            Some(from..=to)
        }
        None => None,
    };
    if seeds.is_none() && a.positional.is_empty() {
        return Err(UsageError(
            "klondike solve needs deal files, - or --seeds A..B".into(),
        ));
    }
    // Files are read and checked before any work; seeds are dealt one at a time.
    let mut files = Vec::new();
    for path in &a.positional {
        let text = read_input(path).map_err(UsageError)?;
        let state =
            deal_format::parse(&text, rules).map_err(|e| UsageError(format!("{path}: {e}")))?;
        files.push((path.clone(), state));
    }
    let dealt = seeds
        .into_iter()
        .flatten()
        .map(|s| (format!("seed {s}"), State::deal(rules, Seed(s))));
    let mut out = String::new();
    let mut tally = Tally {
        grades: (search == Search::Explicit).then_some([0; 3]),
        ..Tally::default()
    };
    for (name, state) in dealt.chain(files) {
        let (report, ms) = solve_one(&state, limits, budget, search)?;
        out.push_str(&format!(
            "{name}: {} nodes {} {:.1} ms\n",
            report.verdict.name(),
            report.nodes,
            ms
        ));
        if a.has("--moves") {
            if let Verdict::Winnable(moves) = &report.verdict {
                let line: Vec<String> = moves.iter().map(ToString::to_string).collect();
                out.push_str(&format!("  {}\n", line.join(" ")));
            }
        }
        crate::emit(&out);
        out.clear();
        tally.add(&name, &report, ms);
    }
    if a.value("--seeds").is_some() {
        out.push_str(&summary(tally, rules.draw, rules.passes_allowed(), budget));
    }
    Ok(out)
}

fn summary(tally: Tally, draw: u8, passes: Passes, budget: (Budget, f64)) -> String {
    let Tally {
        won,
        lost,
        unknown,
        mut times,
        peak,
        slowest: (_, slowest),
        grades,
    } = tally;
    let n = times.len();
    let pct = |k: usize| 100.0 * k as f64 / n as f64;
    let (lo, hi) = wilson(won, n);
    times.sort_by(f64::total_cmp);
    let passes = match passes {
        Passes::Unlimited => "unlimited".to_owned(),
        Passes::Limited(p) => p.to_string(),
    };
    let mut s = format!(
        "\nsummary: {n} deals, draw {draw}, passes {passes}, budget {} ms {} time\n\
         winnable   {won:>6} {:6.2}%  (95% CI {:.2}–{:.2}%)\n\
         unwinnable {lost:>6} {:6.2}%\n\
         unknown    {unknown:>6} {:6.2}%\n\
         time ms    median {:.2}  p90 {:.2}  p99 {:.2}  max {:.2} ({slowest})\n\
         peak table {peak} positions\n",
        budget.1,
        budget.0,
        pct(won),
        lo * 100.0,
        hi * 100.0,
        pct(lost),
        pct(unknown),
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        percentile(&times, 0.99),
        times.last().copied().unwrap_or(0.0),
    );
    if let Some([easy, medium, hard]) = grades {
        s.push_str(&format!(
            "grades     easy {easy}  medium {medium}  hard {hard} (winnable deals, by positions searched)\n"
        ));
    }
    if let Some(kb) = peak_rss_kb() {
        s.push_str(&format!(
            "peak memory {:.1} MB (resident)\n",
            kb as f64 / 1024.0
        ));
    }
    s
}
