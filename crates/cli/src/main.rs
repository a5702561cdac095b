//! `parlour`: the command line for analysis — deals, solvers, AI self-play, tile sets.

mod args;
mod clock;
mod dominoes;
mod klondike;
mod phutball;
mod rival;
mod stats;

use args::UsageError;
use parlour::GameKind;
use std::process::ExitCode;

/// Writes `text` to standard output. A reader that has gone away (`parlour … | head`)
/// ends the program quietly, as for other command-line tools; other write errors are reported.
fn emit(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("parlour: cannot write the output: {e}");
            std::process::exit(1);
        }
        std::process::exit(0);
    }
}

fn usage() -> String {
    let mut s = String::from(
        "parlour — analysis tools for the Parlour games\n\n\
         Usage: parlour <GAME> <COMMAND> [OPTIONS]\n       parlour --help | --version\n\nGames:\n",
    );
    for kind in GameKind::ALL {
        s.push_str(&format!("  {:<10} {}\n", kind.slug(), kind.blurb()));
    }
    s.push_str("\nCommands:\n");
    s.push_str(klondike::USAGE);
    s.push_str(phutball::USAGE);
    s.push_str(rival::USAGE);
    s.push_str(dominoes::USAGE);
    s
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        None | Some("-h" | "--help" | "help") => Ok(usage()),
        Some("-V" | "--version") => Ok(format!("parlour {}\n", env!("CARGO_PKG_VERSION"))),
        Some(name) => match name.parse::<GameKind>() {
            Ok(GameKind::Klondike) => klondike::run(&args[1..]),
            Ok(GameKind::Phutball) => phutball::run(&args[1..]),
            Ok(GameKind::Dominoes) => dominoes::run(&args[1..]),
            Err(e) => Err(UsageError(e.to_string())),
        },
    };
    match result {
        Ok(text) => {
            emit(&text);
            ExitCode::SUCCESS
        }
        Err(UsageError(e)) => {
            eprintln!("parlour: {e}\n\n{}", usage());
            ExitCode::from(2)
        }
    }
}
