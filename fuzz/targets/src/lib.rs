//! The fuzz targets: one function for every parser and save decoder, each
//! taking arbitrary bytes. A target that accepts its input also plays,
//! draws, hints and exports what it read, and checks the export reads back
//! the same; any panic is a finding. The fuzzer (`fuzz/`, AFL++ through
//! cargo-afl: `scripts/fuzz.sh`) and the suite's replay of the committed
//! corpora (`fuzz/targets/tests/corpus.rs`) both call these. Native only:
//! a crate of its own, outside the library.

#![forbid(unsafe_code)]

use parlour::dominoes::{record as dominoes_record, Dominoes};
use parlour::games::{new_game, GameKind};
use parlour::host::params::{apply_options, parse_query, query_for};
use parlour::host::save::{self, MemoryStore};
use parlour::host::session::{open, Wanted};
use parlour::klondike::remote;
use parlour::klondike::rules::{Move as CardMove, Rules, State};
use parlour::klondike::{deal_format, Klondike};
use parlour::phutball::{notation, position_format, record as phutball_record, Phutball, Setup};
use parlour::shell::geom::{Point, Size};
use parlour::shell::helper;
use parlour::shell::input::{Gesture, Key};
use parlour::shell::paint::Recorder;
use parlour::shell::position::Position as _;
use parlour::shell::Game;
use parlour::util::rng::Seed;

/// A fuzz target: arbitrary bytes in, a panic on a finding.
pub type Target = fn(&[u8]);

/// Every target, by the name its fuzz binary and corpus folder have.
pub const TARGETS: [(&str, Target); 11] = [
    ("klondike_deal", klondike_deal),
    ("phutball_position", phutball_position),
    ("phutball_record", phutball_record),
    ("dominoes_position", dominoes_position),
    ("dominoes_record", dominoes_record),
    ("move_notation", move_notation),
    ("url_query", url_query),
    ("save", save),
    ("link", link),
    ("phutball_tactic", phutball_tactic),
    ("solver_question", solver_question),
];

/// The input as text, if it is UTF-8 (every format here is text).
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// How often a target plays what it read. Playing (taps, keys, the
/// computer's ticks), drawing and above all hinting cost many times the
/// parsing they follow wherever a search is involved: Klondike's solver and
/// progress analysis (10–20 ms on a valid deal), the dominoes playouts.
/// Played on every input, the Klondike deal target ran at 60 executions a
/// second once its corpus was mostly valid deals.
#[derive(Clone, Copy)]
enum Play {
    /// Every input: Phutball, whose play and hint are cheap.
    Always,
    /// Inputs whose length is a multiple of [`PLAY_ONE_IN`]; the parse,
    /// the checks and the round trip run on every input, and the fuzzer's
    /// coverage feedback still leads it into the playing code.
    Sometimes,
}

/// One input in this many is played under [`Play::Sometimes`].
const PLAY_ONE_IN: usize = 16;

/// Plays a few of the moves a game offers through its own input, draws it
/// and asks for a hint: what a player would do with what was read.
fn exercise(game: &mut dyn Game, data: &[u8], play: Play) {
    if matches!(play, Play::Sometimes) && !data.len().is_multiple_of(PLAY_ONE_IN) {
        return;
    }
    let board = game.board_size(Size::new(800.0, 600.0));
    for (i, &b) in data.iter().take(8).enumerate() {
        let at = Point::new(
            f64::from(b) / 255.0 * board.w,
            f64::from(data[(i + 1) % data.len()]) / 255.0 * board.h,
        );
        game.gesture(Gesture::Tap { at, count: 1 }, board);
        game.key([Key::Right, Key::Enter][i % 2], board);
        game.tick(i as f64 * 16.0);
    }
    game.hint();
    game.draw(&mut Recorder::default(), board);
    let _ = game.status();
}

/// A Klondike deal file: read, checked, printed and read back the same,
/// then played.
pub fn klondike_deal(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let Ok(state) = deal_format::parse(t, Rules::default()) else {
        return;
    };
    assert_eq!(
        state.validate(),
        Ok(()),
        "a parsed deal is a valid position"
    );
    let printed = deal_format::print(&state, None);
    let back = deal_format::parse(&printed, state.rules).expect("a printed deal reads back");
    assert_eq!(back, state, "a deal round-trips");
    let mut game = Klondike::from_start(Seed(1), Default::default(), Some(state))
        .expect("a valid deal starts a game");
    exercise(&mut game, data, Play::Sometimes);
}

/// A Phutball position file: read, started, exported as a record and read
/// back the same.
pub fn phutball_position(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let Ok(p) = position_format::parse(t) else {
        return;
    };
    let mut settings = parlour::phutball::settings::Settings::default();
    let _ = parlour::shell::settings::Settings::set(
        &mut settings,
        "board",
        &p.options.dims.to_string(),
    );
    let Ok(mut game) = Phutball::from_start(Seed(1), settings, Some(Setup::of(&p))) else {
        return;
    };
    let exported = phutball_record::to_text(&game.view());
    let back = phutball_record::from_text(&exported).expect("an exported position reads back");
    assert_eq!(back.position(), game.position(), "a position round-trips");
    exercise(&mut game, data, Play::Always);
}

/// A line of a Phutball tactics suite: read, written and read back the
/// same, each answer an answer.
pub fn phutball_tactic(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let Ok(tactic) = t.parse::<parlour::phutball::tactics::Tactic>() else {
        return;
    };
    let back: parlour::phutball::tactics::Tactic = tactic
        .to_string()
        .parse()
        .expect("a written tactic reads back");
    assert_eq!((back.kind, back.position), (tactic.kind, tactic.position));
    assert!(tactic.answers.iter().all(|&m| back.is_answer(m)));
}

/// A Phutball record (text or SGF) through the page's import, then each
/// export read back to the same moves.
pub fn phutball_record(data: &[u8]) {
    import_record(data, Phutball::new, Play::Always);
}

/// A record through the page's import into a game from `fresh`; each of
/// the game's exports then imports into another as the same moves.
fn import_record<G: Game>(data: &[u8], fresh: impl Fn(Seed) -> G, play: Play) {
    let Some(t) = text(data) else { return };
    let mut game = fresh(Seed(1));
    if game.load_record(t).is_err() {
        return;
    }
    for (format, record) in game.records() {
        let mut other = fresh(Seed(2));
        other
            .load_record(&record)
            .unwrap_or_else(|e| panic!("the {format} record does not read back: {e}"));
        assert_eq!(
            other.moves(),
            game.moves(),
            "the {format} record round-trips"
        );
    }
    exercise(&mut game, data, play);
}

/// A dominoes position: read, written and read back the same.
pub fn dominoes_position(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let Ok(hand) = dominoes_record::parse_position(t) else {
        return;
    };
    let written = dominoes_record::position_text(&hand);
    let back = dominoes_record::parse_position(&written).expect("a written position reads back");
    assert_eq!(
        dominoes_record::position_text(&back),
        written,
        "a position round-trips"
    );
    let _ = hand.legal_moves();
}

/// A dominoes match record through the page's import, then its export.
pub fn dominoes_record(data: &[u8]) {
    import_record(data, Dominoes::new, Play::Sometimes);
}

/// Every game's move notation, read at a starting position: a move read is
/// written and read back as the same move.
pub fn move_notation(data: &[u8]) {
    let Some(t) = text(data) else { return };
    if let Ok(mv) = t.parse::<CardMove>() {
        assert_eq!(
            mv.to_string().parse::<CardMove>(),
            Ok(mv),
            "a card move round-trips"
        );
    }
    let deal = State::deal(Rules::default(), Seed(7));
    if let Ok(mv) = deal.read_move(t) {
        assert_eq!(deal.read_move(&deal.move_text(mv)).ok(), Some(mv));
    }
    let start = parlour::phutball::rules::Position::start(Default::default());
    if let Ok(mv) = notation::parse(&start, t, 0) {
        let written = notation::format(&start, mv);
        assert_eq!(
            notation::parse(&start, &written, 0).ok(),
            Some(mv),
            "{written}"
        );
    }
    if let Ok(mv) = t.parse::<parlour::dominoes::rules::Move>() {
        assert_eq!(
            mv.to_string().parse().ok(),
            Some(mv),
            "a tile move round-trips"
        );
    }
}

/// A URL query: parsed, applied to the game it names, and the game's own
/// query parses to the same game.
pub fn url_query(data: &[u8]) {
    let Some(t) = text(data) else { return };
    let (request, _) = parse_query(t);
    let kind = request.game.unwrap_or(GameKind::Klondike);
    let wanted = Wanted::from(request);
    let mut store = MemoryStore::default();
    let mut opened = open(kind.entry(), &wanted, &mut store, "fuzz", Seed(1));
    let query = query_for(kind, opened.game.as_ref());
    let (again, problems) = parse_query(&query);
    assert!(
        problems.is_empty(),
        "the game's own query is clean: {query}"
    );
    let mut other = new_game(kind, again.seed.unwrap_or(Seed(0)));
    assert!(apply_options(other.as_mut(), &again.options).is_empty());
    exercise(opened.game.as_mut(), data, Play::Sometimes);
}

/// A stored save, for each game: decoded (or refused), and a save decoded
/// saves again as the same text.
pub fn save(data: &[u8]) {
    let Some(t) = text(data) else { return };
    for kind in GameKind::ALL {
        let mut game = new_game(kind, Seed(1));
        if save::decode(t, kind, game.as_mut()).is_err() {
            continue;
        }
        let again = save::encode(kind, game.as_ref());
        let mut other = new_game(kind, Seed(2));
        save::decode(&again, kind, other.as_mut()).expect("a save of a loaded game loads");
        assert_eq!(other.save(), game.save(), "a loaded save round-trips");
        exercise(game.as_mut(), data, Play::Sometimes);
    }
}

/// A challenge link's body: the first byte picks the game, the rest is
/// played onto a fresh deal as a link's body (the framing's check is
/// skipped, so that the fuzzer reaches the decoder); a body that opens must
/// go out as a link and come back as the same game.
pub fn link(data: &[u8]) {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let kind = GameKind::ALL[usize::from(pick) % GameKind::ALL.len()];
    let mut game = new_game(kind, Seed(u64::from(pick)));
    if game.open_link_body(body).is_err() {
        assert!(
            game.moves().is_empty() && !game.can_redo(),
            "a refused link plays nothing"
        );
        return;
    }
    let query = parlour::host::link::query_with_moves(kind, game.as_ref());
    let (request, problems) = parse_query(&query);
    assert!(problems.is_empty(), "the game's own link is clean: {query}");
    let mut again = new_game(kind, request.seed.unwrap_or(Seed(0)));
    assert!(apply_options(again.as_mut(), &request.options).is_empty());
    again.new_game(request.seed.unwrap_or(Seed(0)));
    let play = request.play.unwrap_or_default();
    parlour::host::link::open(kind, again.as_mut(), &play).expect("the game's own link opens");
    assert_eq!(again.moves(), game.moves(), "a link round-trips");
    assert_eq!(again.can_redo(), game.can_redo());
    exercise(again.as_mut(), data, Play::Sometimes);
}

/// A message to the page's solver worker, through the worker's whole side:
/// the question's number, the question read and checked, a brief search.
/// Every message gets a reply the page can read (a refusal at worst), and
/// the page's reader takes any text as an answer without panicking.
pub fn solver_question(data: &[u8]) {
    // A clock that leaps at each look ends any search after its first slice.
    let ms = std::cell::Cell::new(0.0);
    let clock = || {
        ms.set(ms.get() + 1e10);
        ms.get()
    };
    let Some(message) = text(data) else { return };
    if let Some(reply) = helper::reply(message, |q| remote::answer(q, clock)) {
        let (_, answer) = reply
            .split_once(' ')
            .expect("a reply repeats the question's number");
        remote::read_answer(answer).expect("the page reads the worker's every answer");
    }
    let _ = remote::read_answer(message);
}

#[cfg(test)]
mod tests {
    use super::*;

    const TACTIC: &str =
        "kind: win-in-2; board: 9x7; to-move: eks; ball: D5; men: B3 D4 B6; answers: D2";

    #[test]
    fn every_target_takes_what_the_games_write() {
        let k = Klondike::new(Seed(3));
        klondike_deal(deal_format::print(k.state(), None).as_bytes());
        let mut p = Phutball::new(Seed(3));
        p.play_text("H11").unwrap();
        phutball_record(phutball_record::to_text(&p.view()).as_bytes());
        phutball_record(phutball_record::to_sgf(&p.view()).as_bytes());
        phutball_position(b"to-move: eks\nball: H10\nmen: H11 H12\n");
        let d = Dominoes::new(Seed(3));
        dominoes_position(dominoes_record::position_text(d.position().hand()).as_bytes());
        for (_, r) in d.records() {
            dominoes_record(r.as_bytes());
        }
        for m in ["T1-T2", "W-F", "H10-H12", "1-2-0@0,0u", "H11"] {
            move_notation(m.as_bytes());
        }
        for round in [remote::Round::First, remote::Round::Deeper] {
            solver_question(format!("7 {}", remote::question(k.state(), round)).as_bytes());
        }
        url_query(b"?game=phutball&seed=4&board=9x7");
        phutball_tactic(TACTIC.as_bytes());
        save(save::encode(GameKind::Klondike, &k).as_bytes());
        for (_, target) in TARGETS {
            target(b"");
            target(&[0xff, 0xfe, b'\n']);
        }
    }
}
