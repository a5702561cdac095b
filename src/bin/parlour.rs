//! `parlour`: the command line for analysis — solvers, AI self-play, tile sets.

use parlour::GameKind;
use std::process::ExitCode;

fn usage() -> String {
    let mut s = String::from(
        "parlour — analysis tools for the Parlour games\n\n\
         Usage: parlour <GAME> <COMMAND> [OPTIONS]\n       parlour --help | --version\n\nGames:\n",
    );
    for kind in GameKind::ALL {
        s.push_str(&format!("  {:<10} {}\n", kind.slug(), kind.blurb()));
    }
    s.push_str("\nEach game's commands arrive with its rules engine; `parlour <GAME> --help` lists them.\n");
    s
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None | Some("-h" | "--help" | "help") => {
            print!("{}", usage());
            ExitCode::SUCCESS
        }
        Some("-V" | "--version") => {
            println!("parlour {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some(name) => match name.parse::<GameKind>() {
            Ok(kind) => {
                eprintln!(
                    "parlour {}: no commands yet; they arrive with the {} rules engine.",
                    kind.slug(),
                    kind.title()
                );
                ExitCode::from(2)
            }
            Err(e) => {
                eprintln!("parlour: {e}\n\n{}", usage());
                ExitCode::from(2)
            }
        },
    }
}
