//! `parlour phutball rival PROGRAM …`: a match against phutball-rust
//! (the public repository TheodoreEhrenborg/phutball-rust), run from a build
//! made outside the project. Nothing of its code is here: the driver starts
//! the program as `PROGRAM play LEFT RIGHT`, with Parlour as its `human`
//! player, writes Parlour's moves to its input and reads its moves from its
//! output.
//!
//! The two programs' rules agree under Parlour's goal-line stop-on-touch,
//! corner goals and no draw by repetition, on the 19×15 board. Every move is
//! checked against both: Parlour's own moves must be accepted by the rival,
//! the rival's must be legal in Parlour, the board the rival prints after
//! each move must be Parlour's, and the rival must name the same winner.
//! Any difference ends the match with an error that names the move.
//!
//! The rival's board is Parlour's turned on its side: its rows A–O are our
//! columns, its columns 1–19 our rows, its Left our Ohs (first to move,
//! attacking column 19, our row 19). Its rows are lettered A–O without a
//! gap, where Parlour's columns skip I, so from J on the same point has
//! another letter.

use crate::args::{Args, UsageError};
use crate::stats::wilson_pct;
use parlour::phutball::ai::{choose_until, Engine, Level};
use parlour::phutball::rules::{Chain, Corner, GoalLine, Move, Options, OwnGoal, Position, Side};
use parlour::phutball::{notation, Pt};
use parlour::util::rng::Rng;
use parlour::Seed;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

pub const USAGE: &str = "  \
phutball rival PROGRAM [--engine SPEC] [--games N] [--seed S] [--time-ms T] [--level L]
                 [--parlour-engine E] [--move-cap N]
                             a match against phutball-rust built outside the project (PROGRAM
                             is its binary), 19x15, Parlour's rules set to match its own
                             (stop on touch, corner goals, repetition allowed); SPEC is its
                             player (default eval6:T); N games (default 2), each seed played
                             with both colours, Parlour's first move a seeded placement near
                             the ball; T ms a move for Parlour (default 1000), level L
                             (default strong); a game reaching N plies (default 300) is a draw;
                             every move is checked against both programs' rules
";

/// The rival's names for Parlour's eight directions (`rules::DIRS`, in
/// order): its columns are our rows, its rows our columns.
const NAMES: [&str; 8] = ["E", "SE", "S", "SW", "W", "NW", "N", "NE"];

/// How long the rival may take over one move before the match gives up.
const PATIENCE: Duration = Duration::from_secs(120);

/// The rules both programs play.
fn options(move_cap: u16) -> Options {
    Options {
        goal_line: GoalLine::StopOnTouch,
        own_goal: OwnGoal::Counts,
        corner: Corner::Goal,
        repetition: false,
        pie: false,
        move_cap,
        ..Options::default()
    }
}

/// A move in the rival's words: a point, or the jumps' directions.
fn to_rival(mv: Move) -> String {
    match mv {
        Move::Jump(chain) => chain
            .dirs()
            .map(|d| NAMES[usize::from(d)])
            .collect::<Vec<_>>()
            .join(" "),
        Move::Place(pt) => format!("{}{}", char::from(b'A' + pt.col), pt.row),
        Move::Swap => "swap".into(),
    }
}

/// A move in the rival's words, read as Parlour's.
fn from_rival(text: &str) -> Result<Move, String> {
    if text.ends_with(|c: char| c.is_ascii_digit()) {
        // Its rows are lettered A–O with no gap (Parlour's skip I).
        let bad = || format!("the rival's move '{text}' is no point");
        let mut chars = text.chars();
        let letter = chars
            .next()
            .filter(char::is_ascii_uppercase)
            .ok_or_else(bad)?;
        let row: u8 = chars.as_str().parse().map_err(|_| bad())?;
        let col = u8::try_from(u32::from(letter) - u32::from('A')).map_err(|_| bad())?;
        return Ok(Move::Place(Pt { col, row }));
    }
    let mut chain = Chain::EMPTY;
    for word in text.split_whitespace() {
        let dir = NAMES
            .iter()
            .position(|&n| n == word)
            .ok_or_else(|| format!("the rival's move '{text}': no direction '{word}'"))?;
        chain = chain
            .push(dir as u8)
            .ok_or_else(|| format!("the rival's move '{text}' is too long"))?;
    }
    Ok(Move::Jump(chain))
}

/// The board as the rival prints it: its rows (our columns) top down, `○`
/// a man, `●` the ball, `+` an empty point.
fn rival_board(p: &Position) -> Vec<String> {
    let dims = p.options.dims;
    (0..dims.cols)
        .map(|col| {
            (1..=dims.rows)
                .map(|row| {
                    let pt = Pt { col, row };
                    if pt == p.ball {
                        '●'
                    } else if p.men.has(pt) {
                        '○'
                    } else {
                        '+'
                    }
                })
                .collect()
        })
        .collect()
}

/// What the rival says, line by line.
enum Said {
    /// A board, its rows.
    Board(Vec<String>),
    /// A move played, by Left (`true`) or Right.
    Played(bool, String),
    /// The game is won, by Left (`true`) or Right.
    Won(bool),
    /// It refused the move it was given.
    Refused,
}

/// The rival program, running one game.
struct Rival {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    rows: usize,
}

impl Rival {
    fn start(program: &str, left: &str, right: &str, rows: usize) -> Result<Rival, String> {
        let mut child = Command::new(program)
            .args(["play", left, right])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Its own complaints (a bad player name, say) reach the terminal.
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {program}: {e}"))?;
        let input = child.stdin.take().ok_or("no input to the rival")?;
        let output = child.stdout.take().ok_or("no output from the rival")?;
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Rival {
            child,
            input,
            lines,
            rows,
        })
    }

    fn line(&self) -> Result<String, String> {
        self.lines.recv_timeout(PATIENCE).map_err(|e| match e {
            RecvTimeoutError::Timeout => "the rival said nothing for two minutes".to_owned(),
            RecvTimeoutError::Disconnected => {
                "the rival stopped (its own words, if any, are above)".to_owned()
            }
        })
    }

    /// The next thing the rival says that matters.
    fn next(&self) -> Result<Said, String> {
        loop {
            let line = self.line()?;
            if line.contains("Invalid move") {
                return Ok(Said::Refused);
            }
            if let Some(rest) = line.trim_start().strip_prefix(">>> ") {
                let (who, text) = rest
                    .split_once(" played: ")
                    .ok_or_else(|| format!("the rival said '{line}'"))?;
                return Ok(Said::Played(who == "Left", text.trim().to_owned()));
            }
            if let Some(who) = line.trim().strip_suffix(" has won!") {
                return Ok(Said::Won(who == "Left"));
            }
            if line.trim_start().starts_with("123456789") {
                let mut rows = Vec::with_capacity(self.rows);
                for _ in 0..self.rows {
                    let row = self.line()?;
                    rows.push(row.chars().skip(1).collect());
                }
                return Ok(Said::Board(rows));
            }
        }
    }

    fn say(&mut self, text: &str) -> Result<(), String> {
        writeln!(self.input, "{text}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("cannot write to the rival: {e}"))
    }
}

impl Drop for Rival {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How Parlour plays its side.
struct Player {
    level: Level,
    engine: Engine,
    time_ms: f64,
}

/// One game's end, for Parlour.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Won,
    Lost,
    Drawn,
}

/// Parlour's first move: a seeded placement within two points of the ball.
fn opening(p: &Position, rng: &mut Rng) -> Option<Move> {
    let near: Vec<Pt> = p.empty_near(p.ball, 2).collect();
    let n = u64::try_from(near.len()).ok().filter(|&n| n > 0)?;
    let i = usize::try_from(rng.below(n)).ok()?;
    near.get(i).map(|&pt| Move::Place(pt))
}

/// Plays one game, Parlour as `ours`; the moves in Parlour's notation.
fn game(
    program: &str,
    spec: &str,
    ours: Side,
    player: &Player,
    rng: &mut Rng,
    move_cap: u16,
) -> Result<(Outcome, Vec<String>), String> {
    let (left, right) = match ours {
        Side::Ohs => ("human", spec),
        Side::Eks => (spec, "human"),
    };
    let mut p = Position::start(options(move_cap));
    let mut rival = Rival::start(program, left, right, usize::from(p.options.dims.cols))?;
    let mut record = Vec::new();
    let mut ours_played = 0;
    let mut said = rival.next()?;
    for played in 0..usize::from(move_cap) {
        match said {
            Said::Board(rows) if rows == rival_board(&p) => {}
            Said::Board(rows) => {
                return Err(format!(
                    "the boards differ after {}: the rival's\n{}\nParlour's\n{}",
                    record.join(" "),
                    rows.join("\n"),
                    rival_board(&p).join("\n")
                ))
            }
            Said::Won(left) => {
                return Err(format!(
                    "the rules differ: the rival says {} won after {}, Parlour saw no goal",
                    if left { "Left" } else { "Right" },
                    record.join(" ")
                ))
            }
            _ => return Err("the rival did not show the board".into()),
        }
        let mine = p.to_move == ours;
        let sent = if mine {
            let mv = match ours_played {
                0 => opening(&p, rng),
                _ => {
                    let start = Instant::now();
                    let limit = player.time_ms;
                    let mut stop = || start.elapsed().as_secs_f64() * 1000.0 >= limit;
                    choose_until(&p, player.level, player.engine, rng, u64::MAX, &mut stop).0
                }
            };
            let mv = mv.ok_or("Parlour found no move")?;
            ours_played += 1;
            let text = to_rival(mv);
            rival.say(&text)?;
            Some((mv, text))
        } else {
            None
        };
        let (left_moved, text) = match rival.next()? {
            Said::Played(left_moved, text) => (left_moved, text),
            Said::Refused => {
                let text = sent.map(|(_, t)| t).unwrap_or_default();
                return Err(format!(
                    "the rules differ: the rival refused Parlour's move '{text}' after {}",
                    record.join(" ")
                ));
            }
            _ => return Err("the rival did not say its move".into()),
        };
        if left_moved != (p.to_move == Side::Ohs) {
            return Err(format!("the rival moved out of turn: {text}"));
        }
        let mv = match sent {
            Some((mv, sent)) if sent == text => mv,
            Some((_, sent)) => return Err(format!("the rival played '{text}' for '{sent}'")),
            None => from_rival(&text)?,
        };
        record.push(notation::format(&p, mv));
        let scored = p.play(mv, played).map_err(|e| {
            format!(
                "the rules differ: the rival's '{text}' is illegal in Parlour ({e}) after {}",
                record.join(" ")
            )
        })?;
        said = rival.next()?;
        if let Some(side) = scored {
            // The rival shows the board, then names the winner.
            let won = match said {
                Said::Board(_) => rival.next()?,
                other => other,
            };
            return match won {
                Said::Won(left) if left == (side == Side::Ohs) => Ok((
                    if side == ours {
                        Outcome::Won
                    } else {
                        Outcome::Lost
                    },
                    record,
                )),
                _ => Err(format!(
                    "the rules differ: {} scored in Parlour after {}, not in the rival",
                    side.name(),
                    record.join(" ")
                )),
            };
        }
    }
    Ok((Outcome::Drawn, record))
}

/// Runs the match.
pub fn rival(raw: &[String]) -> Result<String, UsageError> {
    let a = Args::parse(
        raw,
        &[
            "--engine",
            "--games",
            "--seed",
            "--time-ms",
            "--level",
            "--parlour-engine",
            "--move-cap",
        ],
        &[],
    )?;
    let [program] = a.positional.as_slice() else {
        return Err(UsageError(
            "phutball rival needs the path of a phutball-rust build".into(),
        ));
    };
    let time_ms = a.parsed("--time-ms", 1000f64, |v| {
        v.parse().ok().filter(|t: &f64| *t > 0.0)
    })?;
    let spec = a
        .value("--engine")
        .map_or_else(|| format!("eval6:{time_ms:.0}"), str::to_owned);
    let games = a.number_in("--games", 2usize, 1..=100_000)?;
    let seed = a.parsed("--seed", 1u64, |v| v.parse().ok())?;
    let move_cap = a.number_in("--move-cap", 300u16, 10..=2000)?;
    let level: Level = a
        .value("--level")
        .unwrap_or("strong")
        .parse()
        .map_err(|e| UsageError(format!("--level: {e}")))?;
    let engine = a
        .value("--parlour-engine")
        .map_or(Ok(Engine::STANDARD), |v| {
            v.parse()
                .map_err(|e| UsageError(format!("--parlour-engine: {e}")))
        })?;
    let player = Player {
        level,
        engine,
        time_ms,
    };
    let mut tally = [0usize; 3];
    let mut plies = 0usize;
    for g in 0..games {
        // Each seed is played with both colours.
        let game_seed = seed + (g / 2) as u64;
        let ours = if g % 2 == 0 { Side::Ohs } else { Side::Eks };
        let mut rng = Rng::new(Seed(game_seed));
        let (outcome, record) = game(program, &spec, ours, &player, &mut rng, move_cap)
            .map_err(|e| UsageError(format!("game {} (seed {game_seed}): {e}", g + 1)))?;
        plies += record.len();
        tally[outcome as usize] += 1;
        let said = match outcome {
            Outcome::Won => "won",
            Outcome::Lost => "lost",
            Outcome::Drawn => "drawn",
        };
        eprintln!(
            "game {}: seed {game_seed}, Parlour {}, {said} in {} plies: {}",
            g + 1,
            ours.name(),
            record.len(),
            record.join(" ")
        );
    }
    let ci = |k: usize| wilson_pct(k, games);
    Ok(format!(
        "{games} games, Parlour {level} ({engine}) at {time_ms:.0} ms a move v phutball-rust {spec}, \
         seeds {seed}.., both colours\n\
         Parlour won  {:>5}  (95% CI {})\n\
         Parlour lost {:>5}  (95% CI {})\n\
         drawn        {:>5}  (at {move_cap} plies)\n\
         mean plies a game {:.1}\n\
         every move was legal in both programs, and the boards agreed after each\n",
        tally[0],
        ci(tally[0]),
        tally[1],
        ci(tally[1]),
        tally[2],
        plies as f64 / games as f64,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_back_as_written() {
        let mut p = Position::start(options(300));
        for text in ["H11", "H12", "H13"] {
            let mv = notation::parse(&p, text, 0).expect("a placement");
            assert_eq!(to_rival(mv), text, "A to H are named alike");
            assert_eq!(from_rival(&to_rival(mv)), Ok(mv));
            p.play(mv, 0).expect("legal");
        }
        // Parlour's K is its tenth column; the rival's K its eleventh row.
        let k = notation::parse(&p, "K3", 0).expect("a placement");
        assert_eq!(to_rival(k), "J3");
        assert_eq!(
            from_rival("K3"),
            Ok(Move::Place("L3".parse().expect("a point")))
        );
        let jump = p.jump_moves(8).next().expect("a jump over the men");
        assert_eq!(to_rival(jump), "E");
        assert_eq!(from_rival("E"), Ok(jump));
        assert!(from_rival("E UP").is_err());
    }

    #[test]
    fn the_rivals_board_is_ours_on_its_side() {
        let mut p = Position::start(options(300));
        p.play(Move::Place("H11".parse().expect("a point")), 0)
            .expect("legal");
        let rows = rival_board(&p);
        assert_eq!(rows.len(), 15);
        assert_eq!(rows[7], "+++++++++●○++++++++");
        assert_eq!(rows[0], "+".repeat(19));
    }
}
