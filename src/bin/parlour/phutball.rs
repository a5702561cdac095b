//! `parlour phutball …`: the win-in-one finder.

use crate::args::{read_input, Args, UsageError};
use parlour::phutball::finder::{find_wins, Wins};
use parlour::phutball::rules::Move;
use parlour::phutball::{notation, position_format};

pub const USAGE: &str = "  \
phutball wins FILE|- [--count] [--budget N]
                             every jump chain that scores at once for the side to move, one per
                             line in notation, or 'none', or 'unknown' (with --count: states searched)
";

pub fn run(args: &[String]) -> Result<String, UsageError> {
    match args.first().map(String::as_str) {
        Some("wins") => {
            let a = Args::parse(&args[1..], &["--budget"], &["--count"])?;
            let budget = a.parsed("--budget", 2_000_000usize, |v| v.parse().ok())?;
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
        Some(other) => Err(UsageError(format!("unknown phutball command '{other}'"))),
        None => Err(UsageError("phutball needs a command".into())),
    }
}
