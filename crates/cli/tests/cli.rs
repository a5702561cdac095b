//! The `parlour` command line, run as a user would.
#![cfg(not(target_arch = "wasm32"))]

use std::io::Write;
use std::process::{Command, Stdio};

fn parlour(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn help_lists_the_games() {
    let (code, out, _) = parlour(&["--help"], "");
    assert_eq!(code, 0);
    for game in ["klondike", "phutball", "dominoes"] {
        assert!(out.contains(game), "{out}");
    }
}

#[test]
fn a_deal_prints_and_reads_back() {
    let (code, deal, _) = parlour(&["klondike", "deal", "--seed", "42"], "");
    assert_eq!(code, 0);
    assert!(deal.starts_with("# Klondike deal, seed 42\nT1: "));
    let (code, again, _) = parlour(&["klondike", "show", "-"], &deal);
    assert_eq!(code, 0);
    assert_eq!(
        again,
        deal.lines()
            .skip(1)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
}

#[test]
fn easthaven_deals_with_two_or_three_decks() {
    let (code, deal, _) = parlour(
        &[
            "klondike",
            "deal",
            "--variant",
            "easthaven",
            "--decks",
            "3",
            "--seed",
            "7",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(
        deal.starts_with("# Triple Easthaven deal, seed 7\nvariant: easthaven\ndecks: 3\nT1: "),
        "{deal}"
    );
    assert!(
        deal.contains("\nT12: ") && !deal.contains("\nT13: "),
        "{deal}"
    );
    let (code, again, _) = parlour(&["klondike", "show", "-"], &deal);
    assert_eq!(code, 0);
    assert!(deal.ends_with(&again), "{again}");
    let (code, _, err) = parlour(
        &[
            "klondike",
            "deal",
            "--variant",
            "westcliff",
            "--decks",
            "2",
            "--seed",
            "7",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("--decks: '2' is not a deck count westcliff takes (1)"),
        "{err}"
    );
    // The general search takes it (here within a few positions).
    let (code, out, err) = parlour(&["klondike", "solve", "--budget-nodes", "2000", "-"], &deal);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("-: unknown nodes "), "{out}");
    // Double Solitaire is refused with the reason.
    let (code, _, err) = parlour(
        &[
            "klondike",
            "solve",
            "--variant",
            "double-solitaire",
            "--seeds",
            "1..2",
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("does not support two players"), "{err}");
}

#[test]
fn mistakes_get_precise_messages_and_exit_code_2() {
    let (code, _, err) = parlour(&["klondike", "deal", "--seed", "x"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--seed: 'x' is not a seed"), "{err}");
    let (code, _, err) = parlour(&["klondike", "show", "-"], "T1: AS\nT2: 1H\n");
    assert_eq!(code, 2);
    assert!(err.contains("line 2: unexpected '1H'"), "{err}");
    let (code, _, err) = parlour(&["chess"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown game 'chess'"), "{err}");
    let (code, _, err) = parlour(&["klondike", "deal", "--seed", "1", "--bogus", "2"], "");
    assert_eq!(code, 2);
    assert!(err.contains("'--bogus'"), "{err}");
}

#[test]
fn the_command_line_does_not_trust_its_numbers() {
    // Once a capacity overflow (every deal built first) and a 5 GB wait.
    let (code, out, err) = parlour(
        &["klondike", "solve", "--seeds", "0..18446744073709551615"],
        "",
    );
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("more than 10000000 deals"), "{err}");
    // Once a panic.
    let (code, _, err) = parlour(
        &[
            "dominoes",
            "selfplay",
            "--ai",
            "random,random",
            "--games",
            "2",
            "--threads",
            "100000",
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--threads: '100000' is not a number from 1 to 256"),
        "{err}"
    );
    let (code, _, err) = parlour(
        &[
            "phutball", "selfplay", "--ohs", "random", "--eks", "random", "--games", "0",
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("from 1 to 1000000"), "{err}");
}

#[test]
fn an_endless_input_is_refused_after_the_parsers_limit() {
    // Once read whole before the 1 MiB limit: memory grew until killed.
    for cmd in [
        &["klondike", "show", "/dev/zero"][..],
        &["dominoes", "show", "/dev/zero"],
        &["phutball", "wins", "/dev/zero"],
    ] {
        let (code, _, err) = parlour(cmd, "");
        assert_eq!(code, 2, "{cmd:?}: {err}");
        assert!(err.contains("/dev/zero: longer than 1024 KiB"), "{err}");
    }
    // Standard input, fed more than the limit by a writer that may be cut off.
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args(["klondike", "show", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let block = vec![b'#'; 64 * 1024];
        for _ in 0..64 {
            if stdin.write_all(&block).is_err() {
                break;
            }
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("stdin: longer than 1024 KiB"), "{err}");
}

#[test]
fn the_solver_reads_deals_and_summarises_seed_ranges() {
    let (_, deal, _) = parlour(&["klondike", "deal", "--seed", "4"], "");
    let (code, out, err) = parlour(
        &[
            "klondike",
            "solve",
            "--budget-nodes",
            "20000",
            "--moves",
            "-",
        ],
        &deal,
    );
    assert_eq!(code, 0, "{err}");
    let first = out.lines().next().unwrap();
    assert!(first.starts_with("-: "), "{out}");
    assert!(
        ["winnable", "unwinnable", "unknown"]
            .iter()
            .any(|v| first.contains(v)),
        "{out}"
    );
    let (code, out, _) = parlour(
        &[
            "klondike",
            "solve",
            "--draw",
            "3",
            "--budget-nodes",
            "5000",
            "--seeds",
            "1..3",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out.lines().filter(|l| l.starts_with("seed ")).count(), 3);
    assert!(
        out.contains("summary: 3 deals, draw 3, passes unlimited"),
        "{out}"
    );
    assert!(out.contains("95% CI"), "{out}");
    assert!(out.contains("wall-clock time"), "{out}");
    // A budget of CPU time, named in the summary; one time budget at most.
    let (code, out, _) = parlour(
        &[
            "klondike",
            "solve",
            "--budget-cpu-ms",
            "2000",
            "--seeds",
            "1..2",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains("budget 2000 ms CPU time"), "{out}");
    let (code, _, err) = parlour(
        &[
            "klondike",
            "solve",
            "--budget-cpu-ms",
            "20",
            "--budget-ms",
            "20",
            "--seeds",
            "1..2",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("give one time budget"), "{err}");
    let (code, _, err) = parlour(&["klondike", "solve", "--draw", "2", "--seeds", "1..2"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--draw: '2' is not valid"), "{err}");
    let (code, _, err) = parlour(&["klondike", "solve", "-"], "T1: AS\n");
    assert_eq!(code, 2);
    assert!(err.contains("-: expected pile T2"), "{err}");
    let (code, _, err) = parlour(
        &["klondike", "solve", "--table-mb", "0", "--seeds", "1..2"],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("--table-mb: '0' is not valid"), "{err}");
}

#[test]
fn a_reader_that_stops_early_ends_the_program_quietly() {
    use std::io::{BufRead, BufReader, Read};
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour"))
        .args([
            "klondike",
            "solve",
            "--budget-nodes",
            "3000",
            "--table-mb",
            "1",
        ])
        .args(["--seeds", "1..400"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The pipe's reading end is dropped here, as `| head -1` would.
    assert!(first.starts_with("seed 1: "), "{first}");
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(status.code(), Some(0), "{err}");
}

#[test]
fn phutball_wins_lists_chains_or_none() {
    let pos = "to-move: ohs\nball: H14\nmen: H15 H17 H19\n";
    let (code, out, _) = parlour(&["phutball", "wins", "-", "--count"], pos);
    assert_eq!(code, 0);
    assert!(out.starts_with("H14-H16-H18-H20\nnodes "), "{out}");
    let (code, out, _) = parlour(
        &["phutball", "wins", "-"],
        "to-move: eks\nball: H14\nmen: H15\n",
    );
    assert_eq!(code, 0);
    assert_eq!(out, "none\n");
    let (code, _, err) = parlour(&["phutball", "wins", "-"], "to-move: ohs\nball: I14\n");
    assert_eq!(code, 2);
    assert!(err.contains("line 2: 'I14' is not a point"), "{err}");
}

#[test]
fn phutball_tactics_are_verified_and_solved_and_bad_lines_refused() {
    let suite = "# two tactics\n\
        kind: win-in-2; board: 9x7; to-move: eks; ball: D5; men: B3 D4 B6; answers: D2\n\
        kind: block; board: 9x7; to-move: eks; ball: D5; men: D6 D8; answers: D7\n";
    let (code, out, err) = parlour(&["phutball", "tactics", "verify", "-"], suite);
    assert_eq!(code, 2, "D7 is one block of several: {out}");
    assert!(err.contains("tactic 2"), "{err}");
    let first = suite.lines().take(2).collect::<Vec<_>>().join("\n");
    let (code, out, err) = parlour(&["phutball", "tactics", "verify", "-"], &first);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "1 tactics verified\n");
    let (code, out, err) = parlour(
        &["phutball", "tactics", "solve", "-", "--nodes", "2000"],
        &first,
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("win-in-2     1 / 1"), "{out}");
    let (code, _, err) = parlour(
        &["phutball", "tactics", "solve", "-"],
        "kind: win-in-2; board: 9x7; to-move: eks; ball: D5; men: D4; answers: Z9\n",
    );
    assert_eq!(code, 2);
    assert!(err.contains("-:1: Z9"), "{err}");
}

#[test]
fn phutball_selfplay_reports_win_rates() {
    let (code, out, err) = parlour(
        &[
            "phutball", "selfplay", "--ohs", "greedy", "--eks", "random", "--games", "4", "--seed",
            "7", "--board", "9x7",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("4 games, Ohs greedy v Eks random, board 9x7, seed 7"),
        "{out}"
    );
    assert!(out.contains("95% CI"), "{out}");
    let (code, _, err) = parlour(
        &[
            "phutball", "selfplay", "--ohs", "godlike", "--eks", "random",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("--ohs: 'godlike' is not a level"), "{err}");
}

#[test]
fn phutball_tactics_find_takes_the_kinds_asked_from_crowded_games() {
    let args = [
        "phutball",
        "tactics",
        "find",
        "--board",
        "9x7",
        "--games",
        "3",
        "--seed",
        "3",
        "--kinds",
        "win-in-2,defence",
        "--play",
        "strong",
        "--nodes",
        "500",
        "--crowd",
        "20",
        "--per-game",
        "2",
    ];
    let (code, out, err) = parlour(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(!out.is_empty(), "some tactics");
    for line in out.lines() {
        assert!(
            line.starts_with("kind: win-in-2;") || line.starts_with("kind: defence;"),
            "{line}"
        );
    }
    // What it finds, it verifies.
    let (code, _, err) = parlour(&["phutball", "tactics", "verify", "-"], &out);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = parlour(&["phutball", "tactics", "find", "--kinds", "win-in-9"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--kinds: 'win-in-9' is not a kind"), "{err}");
}

#[test]
fn dominoes_tiles_prints_the_sets() {
    let (code, out, _) = parlour(&["dominoes", "tiles", "--pips", "4"], "");
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 35);
    assert!(out.starts_with("0-0-0\n0-0-1\n"));
    let (_, out, _) = parlour(&["dominoes", "tiles", "--pips", "5", "--boss"], "");
    assert_eq!(out.lines().count(), 57);
    assert!(out.ends_with("5-5-5\n*\n"));
    let (code, _, err) = parlour(&["dominoes", "tiles", "--pips", "7"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--pips: '7' is not valid"), "{err}");
}

#[test]
fn dominoes_positions_deal_show_and_refuse_bad_lines() {
    let (code, deal, _) = parlour(&["dominoes", "deal", "--game", "star", "--seed", "7"], "");
    assert_eq!(code, 0);
    assert!(deal.contains("rules: star\n"), "{deal}");
    let (code, shown, _) = parlour(&["dominoes", "show", "-"], &deal);
    assert_eq!(code, 0);
    assert!(shown.starts_with(&deal), "{shown}");
    assert!(
        shown.contains("# legal moves (1): "),
        "the opening is forced: {shown}"
    );
    let bad = deal.replace("to move: ", "to move: 9\n# ");
    let (code, _, err) = parlour(&["dominoes", "show", "-"], &bad);
    assert_eq!(code, 2);
    assert!(err.contains("is not a seat from 1 to 2"), "{err}");
    // A record replays; an illegal move is named.
    let record = "rules: points\nseed: 3\nplay 1: 0-0-0@5,5u\n";
    let (code, _, err) = parlour(&["dominoes", "show", "-"], record);
    assert_eq!(code, 2);
    assert!(err.contains("line 3: move 1 (0-0-0@5,5u)"), "{err}");
}

#[test]
fn dominoes_selfplay_reports_win_rates() {
    let (code, out, _) = parlour(
        &[
            "dominoes",
            "selfplay",
            "--game",
            "muggins",
            "--players",
            "3",
            "--ai",
            "greedy,random,random",
            "--games",
            "6",
            "--seed",
            "2",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("6 hands of muggins (3 players, 0–4 set), seed 2"),
        "{out}"
    );
    assert_eq!(out.lines().filter(|l| l.contains("random")).count(), 2);
    let (code, _, err) = parlour(
        &[
            "dominoes",
            "selfplay",
            "--game",
            "points",
            "--players",
            "2",
            "--ai",
            "strong",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("--ai names 1 levels for 2 players"), "{err}");
}

/// A stand-in for a phutball-rust build, as a shell script: it shows the
/// start (the ball on H10), then does as `after` says.
fn fake_rival(name: &str, after: &str) -> std::path::PathBuf {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut board = String::from("          1111111111\n 1234567890123456789\n");
    for row in 0..15u8 {
        board.push(char::from(b'A' + row));
        for col in 0..19 {
            board.push(if (row, col) == (7, 9) { '●' } else { '+' });
        }
        board.push('\n');
    }
    let path =
        std::env::temp_dir().join(format!("parlour-fake-rival-{name}-{}", std::process::id()));
    let script = format!("#!/bin/sh\ncat <<'B'\n{board}Side to move: Left\nB\n{after}\n");
    // Written by a shell of its own, never by this process: another test's
    // child forked while this process held the file open for writing would
    // keep it open, and running it would then fail ("Text file busy").
    let mut writer = Command::new("sh")
        .args(["-c", "cat > \"$0\" && chmod 755 \"$0\""])
        .arg(&path)
        .stdin(Stdio::piped())
        .spawn()
        .expect("a shell");
    writer
        .stdin
        .take()
        .expect("the shell's input")
        .write_all(script.as_bytes())
        .expect("the script is written");
    assert!(writer.wait().expect("the shell ends").success());
    path
}

/// What `parlour phutball rival` says, failing, of one game against a
/// stand-in that does as `after` says.
fn rival_fails(name: &str, after: &str) -> String {
    let rival = fake_rival(name, after);
    let path = rival.to_str().expect("a path");
    let (code, _, err) = parlour(
        &["phutball", "rival", path, "--games", "1", "--time-ms", "50"],
        "",
    );
    let _ = std::fs::remove_file(&rival);
    assert_eq!(code, 2, "{err}");
    err
}

#[test]
fn a_rival_that_refuses_parlours_move_stops_the_match_with_the_move_named() {
    let err = rival_fails(
        "refuses",
        "printf 'Enter your move: '\nread m\necho 'Invalid move. Try again.'\nread m",
    );
    assert!(
        err.contains("the rules differ: the rival refused Parlour's move"),
        "{err}"
    );
}

#[test]
fn a_rival_that_reports_another_move_than_parlours_stops_the_match() {
    // Parlour moves first in game 1; the rival says it played a jump.
    let err = rival_fails("jumps", "read m\necho '>>> Left played: E'\nread m");
    assert!(
        err.contains("game 1 (seed 1): the rival played 'E' for '"),
        "{err}"
    );
}
