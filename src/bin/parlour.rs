//! `parlour`: the command line for analysis — deals, solvers, AI self-play, tile sets.

use parlour::game::Options;
use parlour::klondike::{deal_format, rules::State, rules_from, OPTIONS};
use parlour::{GameKind, Seed};
use std::process::ExitCode;

fn usage() -> String {
    let mut s = String::from(
        "parlour — analysis tools for the Parlour games\n\n\
         Usage: parlour <GAME> <COMMAND> [OPTIONS]\n       parlour --help | --version\n\nGames:\n",
    );
    for kind in GameKind::ALL {
        s.push_str(&format!("  {:<10} {}\n", kind.slug(), kind.blurb()));
    }
    s.push_str(
        "\nCommands:\n  \
         klondike deal --seed N     print the deal of seed N in the deal text format\n  \
         klondike show FILE|-       read a deal file, report the first error precisely, or print it back\n\n\
         Phutball and dominoes commands arrive with their rules engines.\n",
    );
    s
}

/// A command-line mistake, shown with the usage.
struct UsageError(String);

fn flag_value<'a>(args: &'a [String], flag: &str) -> Result<Option<&'a str>, UsageError> {
    match args.iter().position(|a| a == flag) {
        None => Ok(None),
        Some(i) => args
            .get(i + 1)
            .map(|v| Some(v.as_str()))
            .ok_or_else(|| UsageError(format!("{flag} needs a value"))),
    }
}

fn check_flags(args: &[String], known: &[&str]) -> Result<(), UsageError> {
    let mut i = 0;
    while i < args.len() {
        if !known.contains(&args[i].as_str()) {
            return Err(UsageError(format!("unknown argument '{}'", args[i])));
        }
        i += 2;
    }
    Ok(())
}

fn read_input(path: &str) -> Result<String, String> {
    use std::io::Read;
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("stdin: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
    }
}

fn klondike(args: &[String]) -> Result<String, UsageError> {
    match args.first().map(String::as_str) {
        Some("deal") => {
            let rest = &args[1..];
            check_flags(rest, &["--seed"])?;
            let seed: Seed = flag_value(rest, "--seed")?
                .ok_or_else(|| UsageError("klondike deal needs --seed N".into()))?
                .parse()
                .map_err(|e| UsageError(format!("--seed: {e}")))?;
            let rules = rules_from(&Options::defaults(OPTIONS));
            let state = State::deal(rules, seed);
            Ok(deal_format::print(
                &state,
                Some(&format!("Klondike deal, seed {seed}")),
            ))
        }
        Some("show") => {
            let rest = &args[1..];
            let [path] = rest else {
                return Err(UsageError(
                    "klondike show needs one FILE (or - for stdin)".into(),
                ));
            };
            let text = read_input(path).map_err(UsageError)?;
            let rules = rules_from(&Options::defaults(OPTIONS));
            let state =
                deal_format::parse(&text, rules).map_err(|e| UsageError(format!("{path}: {e}")))?;
            Ok(deal_format::print(&state, None))
        }
        Some(other) => Err(UsageError(format!("unknown klondike command '{other}'"))),
        None => Err(UsageError("klondike needs a command".into())),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        None | Some("-h" | "--help" | "help") => Ok(usage()),
        Some("-V" | "--version") => Ok(format!("parlour {}\n", env!("CARGO_PKG_VERSION"))),
        Some(name) => match name.parse::<GameKind>() {
            Ok(GameKind::Klondike) => klondike(&args[1..]),
            Ok(kind) => Err(UsageError(format!(
                "{} has no commands yet; they arrive with its rules engine",
                kind.slug()
            ))),
            Err(e) => Err(UsageError(e.to_string())),
        },
    };
    match result {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(UsageError(e)) => {
            eprintln!("parlour: {e}\n\n{}", usage());
            ExitCode::from(2)
        }
    }
}
