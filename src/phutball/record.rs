//! Game records: the options and the moves, as plain text and as SGF.
//!
//! Text:
//!
//! ```text
//! # Phutball game record
//! board: 19x15            (every option that differs from the default, by its URL name)
//! moves: H11 A1 H10-H12
//! ```
//!
//! SGF (`GM[14]`, Philosopher's Football). The board's lines include the two
//! goal lines, so a 19×15 board is `SZ[15:21]`; points are two letters, column
//! from `a` at the left, line from `a` at the top (Ohs' goal line). The root
//! holds `AB[]` setup stones for men already on the board (none in a game
//! from the start), `BL[]` for the ball's point (our property, documented
//! here), `PL[]` for who moves first, and `RU[]` with the options as
//! `key=value` pairs. A text record may likewise start with the position
//! format's `to-move:`, `ball:` and `men:` lines. Moves follow in
//! order, `B` for Ohs and `W` for Eks: a placement is one point (`;B[hj]`), a
//! jump chain is the ball's point followed by each landing, run together
//! (`;W[hjhhhf]`), and the pie rule's swap is `;W[]SW[]`.

use super::kind::Game;
use super::notation;
use super::rules::{Move, Position, Side};
use super::settings::Settings;
use super::Pt;
use super::{Phutball, Setup};
use crate::shell::settings::Settings as _;
use crate::util::rng::Seed;
use std::fmt;

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError(pub String);

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RecordError {}

fn non_default_options(settings: &Settings) -> Vec<(&'static str, &'static str)> {
    Settings::SPECS
        .iter()
        .filter_map(|spec| {
            let v = settings.get(spec.key)?;
            (v != spec.default).then_some((spec.key, v))
        })
        .collect()
}

/// Writes a game as a text record.
pub fn to_text(game: &Game) -> String {
    let mut out = String::from("# Phutball game record\n");
    for (k, v) in non_default_options(game.settings) {
        out.push_str(&format!("{k}: {v}\n"));
    }
    if let Some(setup) = game.start {
        let side = if setup.to_move == Side::Ohs {
            "ohs"
        } else {
            "eks"
        };
        let men: Vec<String> = setup.men.iter().map(ToString::to_string).collect();
        out.push_str(&format!(
            "to-move: {side}\nball: {}\nmen: {}\n",
            setup.ball,
            men.join(" ")
        ));
    }
    out.push_str("moves:");
    for m in game.moves {
        out.push(' ');
        out.push_str(m);
    }
    out.push('\n');
    out
}

fn replay(
    settings: Settings,
    setup: Option<Setup>,
    moves: &[String],
    seed: Seed,
) -> Result<Phutball, RecordError> {
    let mut g = Phutball::from_start(seed, settings, setup).map_err(RecordError)?;
    for (i, m) in moves.iter().enumerate() {
        g.play_text(m)
            .map_err(|e| RecordError(format!("move {} ({m}): {e}", i + 1)))?;
    }
    Ok(g)
}

/// Reads a text record. A position file (the `to-move:`, `ball:` and `men:`
/// lines of the position format) is a record with no moves.
pub fn from_text(text: &str) -> Result<Phutball, RecordError> {
    let mut settings = Settings::default();
    let mut moves = Vec::new();
    let mut position_lines = String::new();
    let lines =
        crate::util::text_lines::key_values(text).map_err(|e| RecordError(e.to_string()))?;
    for (n, key, value) in lines {
        match key {
            "moves" => moves.extend(value.split_whitespace().map(str::to_owned)),
            "to-move" | "ball" | "men" => {
                position_lines.push_str(&format!("{key}: {value}\n"));
            }
            key => settings
                .set(key, value)
                .map_err(|e| RecordError(format!("line {n}: {e}")))?,
        }
    }
    let setup = if position_lines.is_empty() {
        None
    } else {
        let mut with_board = position_lines;
        if let Some(board) = settings.get("board") {
            with_board.push_str(&format!("board: {board}\n"));
        }
        let p = super::position_format::parse(&with_board)
            .map_err(|e| RecordError(format!("position: {e}")))?;
        Some(Setup::of(&p))
    };
    replay(settings, setup, &moves, Seed(0))
}

fn sgf_point(p: Pt, rows: u8) -> String {
    let line = rows + 1 - p.row;
    format!("{}{}", (b'a' + p.col) as char, (b'a' + line) as char)
}

fn sgf_parse_point(s: &str, rows: u8) -> Option<Pt> {
    let b = s.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
        return None;
    }
    let line = b[1] - b'a';
    (line <= rows + 1).then(|| Pt {
        col: b[0] - b'a',
        row: rows + 1 - line,
    })
}

/// Writes a game as SGF.
pub fn to_sgf(game: &Game) -> String {
    let options = game.settings.rules();
    let start = match game.start {
        Some(setup) => setup
            .position(options)
            .unwrap_or_else(|_| Position::start(options)),
        None => Position::start(options),
    };
    let rows = start.options.dims.rows;
    let ru: Vec<String> = non_default_options(game.settings)
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let mut out = format!(
        "(;GM[14]FF[4]CA[UTF-8]AP[Parlour:{}]SZ[{}:{}]BL[{}]PL[{}]",
        env!("CARGO_PKG_VERSION"),
        start.options.dims.cols,
        rows + 2,
        sgf_point(start.ball, rows),
        if start.to_move == Side::Ohs { 'B' } else { 'W' }
    );
    if start.men.count() > 0 {
        out.push_str("AB");
        for m in start.men.iter() {
            out.push_str(&format!("[{}]", sgf_point(m, rows)));
        }
    }
    if !ru.is_empty() {
        out.push_str(&format!("RU[{}]", ru.join(",")));
    }
    let mut pos = start;
    for (i, text) in game.moves.iter().enumerate() {
        let colour = if pos.to_move == Side::Ohs { 'B' } else { 'W' };
        let Ok(mv) = notation::parse(&pos, text, i) else {
            break;
        };
        match mv {
            Move::Swap => out.push_str(&format!(";{colour}[]SW[]")),
            Move::Place(p) => out.push_str(&format!(";{colour}[{}]", sgf_point(p, rows))),
            Move::Jump(chain) => {
                let mut value = sgf_point(pos.ball, rows);
                if let Ok((path, _)) = pos.follow(chain) {
                    for p in path {
                        value.push_str(&sgf_point(p, rows));
                    }
                }
                out.push_str(&format!(";{colour}[{value}]"));
            }
        }
        if pos.play(mv, i).is_err() {
            break;
        }
    }
    out.push_str(")\n");
    out
}

/// One property: its name and values.
type Prop = (String, Vec<String>);

fn parse_nodes(text: &str) -> Result<Vec<Vec<Prop>>, RecordError> {
    let mut nodes: Vec<Vec<Prop>> = Vec::new();
    let mut chars = text.char_indices().peekable();
    let bad = |at: usize, what: &str| RecordError(format!("SGF, at byte {at}: {what}"));
    while let Some((i, c)) = chars.next() {
        match c {
            '(' | ')' | ' ' | '\n' | '\r' | '\t' => {}
            ';' => nodes.push(Vec::new()),
            c if c.is_ascii_uppercase() => {
                let mut name = c.to_string();
                while let Some(&(_, n)) = chars.peek() {
                    if n.is_ascii_uppercase() {
                        name.push(n);
                        chars.next();
                    } else {
                        break;
                    }
                }
                let mut values = Vec::new();
                while let Some(&(j, '[')) = chars.peek() {
                    chars.next();
                    let mut v = String::new();
                    loop {
                        match chars.next() {
                            Some((_, ']')) => break,
                            Some((_, '\\')) => {
                                if let Some((_, e)) = chars.next() {
                                    v.push(e);
                                }
                            }
                            Some((_, ch)) => v.push(ch),
                            None => return Err(bad(j, "a value is not closed with ']'")),
                        }
                    }
                    values.push(v);
                    while matches!(chars.peek(), Some((_, ' ' | '\n' | '\r' | '\t'))) {
                        chars.next();
                    }
                }
                if values.is_empty() {
                    return Err(bad(i, &format!("property {name} has no value")));
                }
                nodes
                    .last_mut()
                    .ok_or_else(|| bad(i, "a property before the first ';'"))?
                    .push((name, values));
            }
            other => return Err(bad(i, &format!("unexpected '{other}'"))),
        }
    }
    Ok(nodes)
}

/// Whether `text` is SGF rather than a text record: it opens a game tree
/// or a node, or names the game (`GM[`), even without its brackets.
pub fn looks_like_sgf(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('(') || t.starts_with(';') || t.contains("GM[")
}

/// Reads SGF written by [`to_sgf`] (and by other programs that follow its conventions).
pub fn from_sgf(text: &str) -> Result<Phutball, RecordError> {
    let nodes = parse_nodes(text)?;
    let (root, moves_nodes) = nodes
        .split_first()
        .ok_or_else(|| RecordError("SGF: no nodes".into()))?;
    let get = |name: &str| root.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
    if get("GM").and_then(|v| v.first().cloned()).as_deref() != Some("14") {
        return Err(RecordError(
            "SGF: not a Phutball game (GM[14] expected)".into(),
        ));
    }
    let mut settings = Settings::default();
    if let Some(ru) = get("RU").and_then(|v| v.first().cloned()) {
        for pair in ru.split(',').filter(|p| !p.is_empty()) {
            let (k, v) = pair
                .split_once('=')
                .ok_or_else(|| RecordError(format!("SGF: RU entry '{pair}' is not key=value")))?;
            settings
                .set(k, v)
                .map_err(|e| RecordError(format!("SGF: {e}")))?;
        }
    }
    let dims = settings.rules().dims;
    if let Some(sz) = get("SZ").and_then(|v| v.first().cloned()) {
        if sz != format!("{}:{}", dims.cols, dims.rows + 2) {
            return Err(RecordError(format!(
                "SGF: SZ[{sz}] does not match the board {dims}"
            )));
        }
    }
    let point = |s: &str| {
        sgf_parse_point(s, dims.rows)
            .ok_or_else(|| RecordError(format!("SGF: '{s}' is not a point")))
    };
    let men = get("AB")
        .unwrap_or_default()
        .iter()
        .map(|s| point(s))
        .collect::<Result<Vec<_>, _>>()?;
    let default_start = Position::start(settings.rules());
    let ball = match get("BL").and_then(|v| v.first().cloned()) {
        Some(b) => point(&b)?,
        None => default_start.ball,
    };
    let to_move = match get("PL").and_then(|v| v.first().cloned()).as_deref() {
        Some("W") => Side::Eks,
        _ => Side::Ohs,
    };
    let setup = (!men.is_empty() || ball != default_start.ball || to_move != Side::Ohs)
        .then_some(Setup { ball, men, to_move });
    let mut moves = Vec::new();
    let mut pos = match &setup {
        Some(s) => s
            .position(settings.rules())
            .map_err(|e| RecordError(format!("SGF: {e}")))?,
        None => default_start,
    };
    for node in moves_nodes {
        let Some((colour, values)) = node.iter().find(|(n, _)| n == "B" || n == "W") else {
            // A node without a move (a comment, say) is not a move.
            continue;
        };
        let i = moves.len();
        let value = values.first().cloned().unwrap_or_default();
        let text = if node.iter().any(|(n, _)| n == "SW") {
            "swap".to_owned()
        } else {
            let points = (0..value.len() / 2)
                .map(|k| {
                    value
                        .get(2 * k..2 * k + 2)
                        .and_then(|s| sgf_parse_point(s, dims.rows))
                        .ok_or_else(|| {
                            RecordError(format!(
                                "SGF move {}: '{value}' is not a point list",
                                i + 1
                            ))
                        })
                })
                .collect::<Result<Vec<_>, _>>()?;
            if points.is_empty() || value.len() % 2 != 0 {
                return Err(RecordError(format!(
                    "SGF move {}: '{value}' is not a point list",
                    i + 1
                )));
            }
            points
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("-")
        };
        let expected = if pos.to_move == Side::Ohs { "B" } else { "W" };
        if colour != expected {
            return Err(RecordError(format!(
                "SGF move {}: {colour} to play, but it is {expected}'s turn",
                i + 1
            )));
        }
        let mv = notation::parse(&pos, &text, i)
            .map_err(|e| RecordError(format!("SGF move {} ({text}): {e}", i + 1)))?;
        pos.play(mv, i)
            .map_err(|e| RecordError(format!("SGF move {}: {e}", i + 1)))?;
        moves.push(text);
    }
    replay(settings, setup, &moves, Seed(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Phutball {
        let mut settings = Settings::default();
        settings.set("own-goal", "illegal").unwrap();
        let mut g = Phutball::with_settings(Seed(1), settings);
        for m in ["H11", "A1", "H13", "H10-H12-H14", "G15"] {
            g.play_text(m).unwrap();
        }
        g
    }

    #[test]
    fn text_records_round_trip() {
        let g = sample();
        let text = to_text(&g.view());
        assert!(text.contains("own-goal: illegal"));
        assert!(text.contains("moves: H11 A1 H13 H10-H12-H14 G15"));
        let back = from_text(&text).unwrap();
        assert_eq!(back.played(), g.played());
        assert_eq!(back.position(), g.position());
        assert!(from_text("moves: H11 H11")
            .unwrap_err()
            .0
            .contains("move 2 (H11)"));
        assert!(from_text("flavour: mint").is_err());
    }

    #[test]
    fn sgf_round_trips_with_gm_14() {
        let g = sample();
        let sgf = to_sgf(&g.view());
        assert!(sgf.starts_with("(;GM[14]FF[4]"), "{sgf}");
        assert!(
            sgf.contains("SZ[15:21]")
                && sgf.contains("BL[hk]")
                && sgf.contains("RU[own-goal=illegal]"),
            "{sgf}"
        );
        // H10-H12-H14 by Eks (W): the ball's point then each landing.
        assert!(sgf.contains(";W[hkhihg]"), "{sgf}");
        let back = from_sgf(&sgf).unwrap();
        assert_eq!(back.played(), g.played());
        assert_eq!(back.position(), g.position());
    }

    #[test]
    fn set_up_positions_travel_as_position_lines_and_ab_stones() {
        let text = "to-move: eks\nball: H14\nmen: H13 H11 C3\nmoves: H14-H12-H10\n";
        let g = from_text(text).unwrap();
        assert_eq!(g.played(), ["H14-H12-H10"]);
        assert_eq!(g.position().board().ball.to_string(), "H10");
        let sgf = to_sgf(&g.view());
        assert!(sgf.contains("PL[W]") && sgf.contains("AB["), "{sgf}");
        let back = from_sgf(&sgf).unwrap();
        assert_eq!(back.position(), g.position());
        assert_eq!(back.start(), g.start());
        let again = from_text(&to_text(&g.view())).unwrap();
        assert_eq!(again.position(), g.position());
        assert!(from_text("to-move: ohs\nball: H10\nmen: H10\n").is_err());
    }

    #[test]
    fn records_that_did_not_round_trip_now_do() {
        use crate::shell::Game;
        // A move spelt another way is stored as the game writes it, so the
        // record exported imports again.
        let mut g = Phutball::new(Seed(2));
        g.load_record("moves: h11   a1\n").unwrap();
        assert_eq!(g.moves(), ["H11", "A1"]);
        let text = to_text(&g.view());
        assert!(text.contains("moves: H11 A1"), "{text}");
        assert!(from_text(&text).is_ok());
        // A node without a move (a comment) before the pie rule's swap.
        let mut settings = Settings::default();
        settings.set("pie", "on").unwrap();
        let mut pie = Phutball::with_settings(Seed(1), settings);
        pie.play_text("H11").unwrap();
        pie.play_text("swap").unwrap();
        let sgf = to_sgf(&pie.view()).replacen(";B[", ";C[the opening];B[", 1);
        assert!(sgf.contains(";C[the opening]"), "{sgf}");
        let back = from_sgf(&sgf).unwrap();
        assert_eq!(back.played(), pie.played());
        // SGF without its outer brackets is read as SGF, with an SGF message.
        assert!(looks_like_sgf(";GM[14];B[hj]"));
        assert!(looks_like_sgf("GM[14]"));
        assert!(!looks_like_sgf("moves: H11"));
        let mut g = Phutball::new(Seed(3));
        let e = g.load_record("GM[14];B[hj]").unwrap_err();
        assert!(e.contains("SGF"), "{e}");
    }

    #[test]
    fn a_move_marked_as_the_games_own_is_refused_where_the_game_makes_none() {
        // Found by the fuzzer: "H13*" was read as a move Phutball made by
        // itself, which no export writes, so the record did not round-trip.
        use crate::shell::Game;
        let mut g = Phutball::new(Seed(1));
        let e = g.load_record("moves: H11 H12 H13*").unwrap_err();
        assert!(e.contains("makes no move by itself"), "{e}");
        assert!(g.moves().is_empty(), "the game is as it was");
        assert!(g.play_text("H11*").is_err());
    }

    #[test]
    fn bad_sgf_gets_precise_errors() {
        assert!(from_sgf("(;GM[1])").unwrap_err().0.contains("GM[14]"));
        assert!(from_sgf("(;GM[14];B[hj")
            .unwrap_err()
            .0
            .contains("not closed"));
        assert!(from_sgf("(;GM[14];W[ha])")
            .unwrap_err()
            .0
            .contains("W to play"));
        assert!(from_sgf("(;GM[14];B[h])")
            .unwrap_err()
            .0
            .contains("not a point list"));
        assert!(from_sgf("(;GM[14]SZ[19:21])")
            .unwrap_err()
            .0
            .contains("does not match"));
        assert!(
            from_sgf("(;GM[14];B[hk])")
                .unwrap_err()
                .0
                .contains("occupied"),
            "the ball's point"
        );
    }
}
