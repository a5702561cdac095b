//! Text formats: positions and game records.
//!
//! Both are `key: value` lines; `#` starts a comment. The rule lines use the
//! URL setting names and values (`rules: star`, `pips: 5`, `boss: on`, …);
//! a missing one takes its default.
//!
//! A **position** adds:
//!
//! ```text
//! hand 1: 0-0-1 2-3-4 *      the tiles of each seat, in any order (- for none)
//! boneyard: 1-1-1            the undealt tiles, the next drawn last (optional)
//! board: 4-4-4@0,0u 4-4-2@0,0d   the board in the order laid, as moves
//! to move: 2                 whose turn (default 1)
//! scores: 0 15               points so far this hand (default 0s)
//! ```
//!
//! Every tile of the set must appear exactly once across hands, boneyard and
//! board. A **record** adds `seed: N` and one `play N:` line of moves per
//! hand; the hands are dealt from the seed, so a record replays exactly.

use super::lattice::Cell;
use super::play::Match;
use super::rules::{Hand, Move, Placed, Placement, Rules};
use super::settings::{Settings, RULE_KEYS};
use super::tile::Tile;
use crate::shell::settings::Settings as _;
use crate::util::rng::Seed;

/// What is wrong with a text, and on which line (from 1; 0 for the whole text).
pub type FormatError = crate::util::text_lines::LineError;

use crate::util::text_lines::line_error as err;

/// The `key: value` lines of a text, with their line numbers; the rule
/// lines are read into settings on the way.
struct Lines {
    settings: Settings,
    /// The other lines: key, line number, value.
    rest: Vec<(String, usize, String)>,
}

fn read_lines(text: &str) -> Result<Lines, FormatError> {
    let mut settings = Settings::default();
    let mut rest: Vec<(String, usize, String)> = Vec::new();
    for (n, key, value) in crate::util::text_lines::key_values(text)? {
        if RULE_KEYS.contains(&key) {
            settings
                .set(key, value)
                .map_err(|e| err(n, e.to_string()))?;
        } else if rest.iter().any(|r| r.0 == key) {
            return Err(err(n, format!("'{key}' appears twice")));
        } else {
            rest.push((key.to_owned(), n, value.to_owned()));
        }
    }
    Ok(Lines { settings, rest })
}

impl Lines {
    fn take(&mut self, key: &str) -> Option<(usize, String)> {
        let i = self.rest.iter().position(|r| r.0 == key)?;
        let (_, n, v) = self.rest.remove(i);
        Some((n, v))
    }

    fn finish(self) -> Result<(), FormatError> {
        match self.rest.into_iter().next() {
            Some((k, n, _)) => Err(err(n, format!("unknown line '{k}'"))),
            None => Ok(()),
        }
    }
}

fn rules_text(rules: &Rules) -> String {
    let s = Settings::default().with_rules(rules);
    RULE_KEYS
        .iter()
        .map(|k| format!("{k}: {}\n", s.get(k).unwrap_or("")))
        .collect()
}

fn tiles_text(tiles: &[Tile]) -> String {
    if tiles.is_empty() {
        return "-".into();
    }
    tiles
        .iter()
        .map(Tile::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The most tiles one line of a position lists: the largest set.
const MAX_TILES: usize = 56;
/// The largest score a position may give: far beyond any match, and far
/// from overflowing as the hand goes on.
const MAX_SCORE: u32 = 1_000_000;
/// The most moves one hand of a record lists.
const MAX_MOVES: usize = 5_000;

fn parse_tiles(n: usize, s: &str) -> Result<Vec<Tile>, FormatError> {
    if s == "-" || s.is_empty() {
        return Ok(Vec::new());
    }
    if s.split_whitespace().nth(MAX_TILES).is_some() {
        return Err(err(
            n,
            format!("more than {MAX_TILES} tiles, the largest set"),
        ));
    }
    s.split_whitespace()
        .map(|t| {
            t.parse()
                .map_err(|e: super::tile::TileError| err(n, e.to_string()))
        })
        .collect()
}

fn parse_moves(n: usize, s: &str) -> Result<Vec<Move>, FormatError> {
    if s.split_whitespace().nth(MAX_MOVES).is_some() {
        return Err(err(n, format!("more than {MAX_MOVES} moves in one line")));
    }
    s.split_whitespace()
        .map(|m| {
            m.parse()
                .map_err(|e: super::notation::MoveTextError| err(n, e.to_string()))
        })
        .collect()
}

/// Writes a hand as a position.
pub fn position_text(hand: &Hand) -> String {
    let mut s = String::from("# Parlour dominoes position\n");
    s.push_str(&rules_text(hand.rules()));
    for (i, h) in hand.hands().iter().enumerate() {
        s.push_str(&format!("hand {}: {}\n", i + 1, tiles_text(h)));
    }
    s.push_str(&format!("boneyard: {}\n", tiles_text(hand.boneyard())));
    let board: Vec<String> = hand
        .placed()
        .map(|p| {
            Move::Place(Placement {
                at: *p,
                corner: None,
            })
            .to_string()
        })
        .collect();
    s.push_str(&format!("board: {}\n", board.join(" ")));
    s.push_str(&format!("to move: {}\n", hand.to_move() + 1));
    let scores: Vec<String> = hand.scores().iter().map(i32::to_string).collect();
    s.push_str(&format!("scores: {}\n", scores.join(" ")));
    s
}

/// Reads a position.
pub fn parse_position(text: &str) -> Result<Hand, FormatError> {
    let mut lines = read_lines(text)?;
    let rules = lines.settings.rules();
    rules.check().map_err(|e| err(0, e.to_string()))?;
    let mut hands = Vec::new();
    for seat in 1..=rules.players() {
        let (n, v) = lines
            .take(&format!("hand {seat}"))
            .ok_or_else(|| err(0, format!("no 'hand {seat}:' line")))?;
        hands.push(parse_tiles(n, &v)?);
    }
    let boneyard = match lines.take("boneyard") {
        Some((n, v)) => parse_tiles(n, &v)?,
        None => Vec::new(),
    };
    let mut board: Vec<Placed> = Vec::new();
    if let Some((n, v)) = lines.take("board") {
        let moves = parse_moves(n, &v)?;
        if moves.len() > MAX_TILES {
            return Err(err(
                n,
                format!("more than {MAX_TILES} tiles, the largest set"),
            ));
        }
        for mv in moves {
            let Move::Place(p) = mv else {
                return Err(err(n, "the board lists tiles, not draws or passes"));
            };
            if board.iter().any(|b| b.cell == p.at.cell) {
                return Err(err(
                    n,
                    format!("two tiles on {}", super::rules::cell_text(p.at.cell)),
                ));
            }
            board.push(p.at);
        }
    }
    let to_move = match lines.take("to move") {
        Some((n, v)) => match v.parse::<usize>() {
            Ok(s) if (1..=rules.players()).contains(&s) => Some((n, s - 1)),
            _ => {
                return Err(err(
                    n,
                    format!("'{v}' is not a seat from 1 to {}", rules.players()),
                ))
            }
        },
        None => None,
    };
    let scores = match lines.take("scores") {
        Some((n, v)) => {
            let s: Vec<i32> = v
                .split_whitespace()
                .map(|x| {
                    x.parse::<i32>()
                        .ok()
                        .filter(|s| s.unsigned_abs() <= MAX_SCORE)
                        .ok_or_else(|| {
                            err(
                                n,
                                format!("'{x}' is not a score (at most {MAX_SCORE} either way)"),
                            )
                        })
                })
                .collect::<Result<_, _>>()?;
            if s.len() != rules.players() {
                return Err(err(
                    n,
                    format!("{} scores for {} players", s.len(), rules.players()),
                ));
            }
            s
        }
        None => vec![0; rules.players()],
    };
    lines.finish()?;
    // Every tile of the set exactly once.
    let mut seen: Vec<Tile> = hands.iter().flatten().copied().collect();
    seen.extend(&boneyard);
    seen.extend(board.iter().map(|p| p.tile));
    crate::util::sort::sort(&mut seen);
    let set = rules.tiles();
    for w in seen.windows(2) {
        if w[0] == w[1] {
            return Err(err(0, format!("{} appears twice", w[0])));
        }
    }
    if let Some(t) = seen.iter().find(|t| !set.contains(t)) {
        return Err(err(0, format!("{t} is not in this set")));
    }
    if let Some(t) = set.iter().find(|t| !seen.contains(t)) {
        return Err(err(0, format!("{t} is missing")));
    }
    if !board.is_empty() && !board.iter().any(|p| p.cell == Cell::up(0, 0)) {
        return Err(err(0, "the board has no tile on 0,0u"));
    }
    if let Some(loose) = unjoined(&board, rules.variant.joins_at_corners()) {
        return Err(err(
            0,
            format!(
                "the tile on {} is not joined to the tile on 0,0u",
                super::rules::cell_text(loose)
            ),
        ));
    }
    let hand = Hand::from_position(
        rules,
        hands,
        boneyard,
        board,
        to_move.map_or(0, |(_, s)| s),
        scores,
    );
    // On an empty board the rules say who opens; a record cannot overrule them.
    match to_move {
        Some((n, seat)) if hand.to_move() != seat => Err(err(
            n,
            format!(
                "seat {}: on an empty board seat {} opens",
                seat + 1,
                hand.to_move() + 1
            ),
        )),
        _ => Ok(hand),
    }
}

/// The first tile of `board` not joined to the tile on 0,0u through tiles
/// that share a side (or, where tiles may meet at corners, a corner).
fn unjoined(board: &[Placed], corners: bool) -> Option<Cell> {
    let cells: Vec<Cell> = board.iter().map(|p| p.cell).collect();
    let mut reached = vec![false; cells.len()];
    let mut todo: Vec<usize> = cells
        .iter()
        .position(|&c| c == Cell::up(0, 0))
        .into_iter()
        .collect();
    while let Some(i) = todo.pop() {
        if std::mem::replace(&mut reached[i], true) {
            continue;
        }
        let c = cells[i];
        let touching = |d: &Cell| {
            c.side_neighbours().contains(d) || (corners && c.corner_neighbours().contains(d))
        };
        todo.extend((0..cells.len()).filter(|&j| !reached[j] && touching(&cells[j])));
    }
    cells
        .into_iter()
        .zip(reached)
        .find(|(_, r)| !r)
        .map(|(c, _)| c)
}

/// Writes a match as a record.
pub fn record_text(m: &Match, hands: &[Vec<Move>]) -> String {
    let mut s = String::from("# Parlour dominoes record\n");
    s.push_str(&rules_text(m.rules()));
    s.push_str(&format!("seed: {}\n", m.seed().0));
    for (i, moves) in hands.iter().enumerate() {
        let text: Vec<String> = moves.iter().map(Move::to_string).collect();
        s.push_str(&format!("play {}: {}\n", i + 1, text.join(" ")));
    }
    s
}

/// Reads a record and replays it: the match, and the moves of each hand.
pub fn parse_record(text: &str) -> Result<(Match, Vec<Vec<Move>>), FormatError> {
    let mut lines = read_lines(text)?;
    let rules = lines.settings.rules();
    rules.check().map_err(|e| err(0, e.to_string()))?;
    let (n, seed) = lines
        .take("seed")
        .ok_or_else(|| err(0, "no 'seed:' line"))?;
    let seed: Seed = seed
        .parse()
        .map_err(|_| err(n, format!("'{seed}' is not a seed")))?;
    let mut m = Match::new(rules, seed);
    let mut all = Vec::new();
    for h in 1.. {
        let Some((n, v)) = lines.take(&format!("play {h}")) else {
            break;
        };
        if h > 1 && !m.next_hand() {
            return Err(err(n, format!("hand {} never began", h)));
        }
        let moves = parse_moves(n, &v)?;
        for (i, &mv) in moves.iter().enumerate() {
            m.play_move(mv)
                .map_err(|e| err(n, format!("move {} ({mv}): {e}", i + 1)))?;
        }
        all.push(moves);
    }
    lines.finish()?;
    Ok((m, all))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dominoes::ai::{choose_with, Level};
    use crate::dominoes::rules::Variant;

    #[test]
    fn positions_round_trip() {
        let mut h = Hand::deal(Rules::new(Variant::Star), Seed(3));
        for i in 0..6 {
            let mv = choose_with(&h, Level::Greedy, Seed(i), 1).unwrap();
            h.play(mv).unwrap();
        }
        let text = position_text(&h);
        let back = parse_position(&text).unwrap();
        assert_eq!(position_text(&back), text);
        assert_eq!(back.legal_moves(), h.legal_moves());
    }

    #[test]
    fn positions_the_rules_cannot_reach_are_refused() {
        let mut h = Hand::deal(Rules::new(Variant::Points), Seed(3));
        for i in 0..4 {
            let mv = choose_with(&h, Level::Greedy, Seed(i), 1).unwrap();
            h.play(mv).unwrap();
        }
        let text = position_text(&h);
        // A disconnected board: the last tile laid moved far away.
        let last = h
            .placed()
            .last()
            .map(|p| super::super::rules::cell_text(p.cell))
            .unwrap();
        let far = text.replacen(&format!("@{last}"), "@40,40u", 1);
        assert_ne!(far, text, "the board line names {last}");
        let e = parse_position(&far).unwrap_err().to_string();
        assert!(e.contains("not joined"), "{e}");
        // On an empty board the rules name the opener; a record cannot.
        let fresh = Hand::deal(Rules::new(Variant::Points), Seed(3));
        let text = position_text(&fresh);
        let other = (fresh.to_move() + 1) % 2 + 1;
        let wrong = text.replace(
            &format!("to move: {}", fresh.to_move() + 1),
            &format!("to move: {other}"),
        );
        let e = parse_position(&wrong).unwrap_err().to_string();
        assert!(e.contains("opens"), "{e}");
        assert_eq!(
            parse_position(&text).map(|h| h.to_move()),
            Ok(fresh.to_move())
        );
    }

    #[test]
    fn quadratic_loops_on_input_are_bounded() {
        use std::time::Instant;
        let good = position_text(&Hand::deal(Rules::new(Variant::Points), Seed(1)));
        let t = Instant::now();
        let many = "0-0-0 ".repeat(200_000);
        let huge = good.replacen("hand 1: ", &format!("hand 1: {many}"), 1);
        let e = parse_position(&huge).unwrap_err().to_string();
        assert!(e.contains("over 1024 KiB"), "{e}");
        let long = good.replacen("hand 1: ", &format!("hand 1: {}", "0-0-0 ".repeat(60)), 1);
        let e = parse_position(&long).unwrap_err().to_string();
        assert!(e.contains("more than 56 tiles"), "{e}");
        let rich = good.replace("scores: 0 0", "scores: 2147483647 0");
        let e = parse_position(&rich).unwrap_err().to_string();
        assert!(e.contains("is not a score"), "{e}");
        let keys: String = (0..2_000).map(|i| format!("k{i}: v\n")).collect();
        let e = parse_position(&keys).unwrap_err().to_string();
        assert!(e.contains("more than 1000 lines"), "{e}");
        // Each refusal is quick (a generous bound: this is not a benchmark).
        assert!(t.elapsed().as_secs() < 5);
    }

    #[test]
    fn records_replay() {
        let rules = Rules::new(Variant::Muggins);
        let mut m = Match::new(rules, Seed(8));
        let mut moves = Vec::new();
        let mut i = 0;
        while m.hand().end().is_none() {
            let mv = choose_with(m.hand(), Level::Random, Seed(i), 1).unwrap();
            m.play_move(mv).unwrap();
            moves.push(mv);
            i += 1;
        }
        let text = record_text(&m, &[moves.clone()]);
        let (back, hands) = parse_record(&text).unwrap();
        assert_eq!(back, m);
        assert_eq!(hands, vec![moves]);
    }

    #[test]
    fn bad_texts_say_where() {
        let good = position_text(&Hand::deal(Rules::new(Variant::Points), Seed(1)));
        let e = parse_position(&good.replace("rules: points", "rules: chess")).unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        let dup = good.replacen("hand 1: ", "hand 1: 4-4-4 ", 1);
        let msg = parse_position(&dup).unwrap_err().to_string();
        assert!(msg.contains("appears twice"), "{msg}");
        let short = good.replace("boneyard:", "boneyard: -\n# ");
        let msg = parse_position(&short).unwrap_err().to_string();
        assert!(msg.contains("is missing"), "{msg}");
        let e = parse_record("seed: 1\nplay 1: 0-2-1@0,0u\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("mirror"), "{e}");
        let e = parse_record("seed: 1\nplay 1: 0-1-2@5,5u\n").unwrap_err();
        assert!(e.message.starts_with("move 1 (0-1-2@5,5u)"), "{e}");
        let e = parse_record("seed: 1\ncolour: red\n").unwrap_err();
        assert_eq!(e.to_string(), "line 2: unknown line 'colour'");
    }
}
