//! Tests of Phutball as the shell drives it.

/// A board size for the keys (only its shape matters).
const BOARD: crate::shell::geom::Size = crate::shell::geom::Size { w: 800.0, h: 600.0 };

use super::ai::Level;
use super::def::pace;
use super::*;
use crate::shell::geom::Size;
use crate::shell::input::{Gesture, Key};
use crate::shell::{Game, Outcome};
use crate::util::rng::Seed;

fn pt(s: &str) -> Pt {
    s.parse().unwrap()
}

fn tap(g: &mut Phutball, at: &str) -> Outcome {
    let geo = Geometry::new(g.position().board().options.dims);
    let board = g.board_size(Size::new(1.0, 1.0));
    g.gesture(
        Gesture::Tap {
            at: geo.point(pt(at)),
            count: 1,
        },
        board,
    )
}

#[test]
fn taps_place_men_and_build_a_two_jump_chain() {
    let mut g = Phutball::new(Seed(1));
    // Ohs and Eks place three men in a column above the ball (H10), with gaps.
    for at in ["H11", "A1", "H13"] {
        assert!(tap(&mut g, at).changed);
    }
    assert_eq!(g.status().split(" · ").next(), Some("Eks to move"));
    assert!(
        !tap(&mut g, "H10").changed,
        "tapping the ball starts a chain"
    );
    assert!(!tap(&mut g, "H12").changed, "first landing");
    assert!(!tap(&mut g, "H14").changed, "second landing");
    let out = tap(&mut g, "H14");
    assert!(
        out.changed,
        "tapping the last landing again finishes: {out:?}"
    );
    assert_eq!(g.position().board().ball, pt("H14"));
    assert!(!g.position().board().men.has(pt("H11")) && !g.position().board().men.has(pt("H13")));
    assert_eq!(g.moves(), ["H11", "A1", "H13", "H10-H12-H14"]);
    g.undo();
    assert_eq!(g.position().board().ball, pt("H10"));
    assert!(g.position().board().men.has(pt("H13")));
    g.redo();
    assert_eq!(g.position().board().ball, pt("H14"));
}

#[test]
fn a_goal_ends_the_game() {
    let mut g = Phutball::new(Seed(1));
    g.set_option("board", "9x7").unwrap();
    g.new_game(Seed(1));
    // 9x7: the ball starts on D5; Ohs score on rows 9 and 10.
    for m in ["D6", "A1", "D8"] {
        g.play_text(m).unwrap();
    }
    // Eks to move jump up onto Ohs' scoring row: an own goal.
    g.play_text("D5-D7-D9").unwrap();
    assert_eq!(g.status().split(" · ").next(), Some("Goal! Ohs win"));
    assert!(g.play_text("A2").is_err(), "nothing after a goal");
}

#[test]
fn threefold_repetition_and_the_move_cap_draw() {
    // Ohs put a man above the ball, Eks jump over it, and back: the start
    // position comes round again every four moves; the third time is a draw.
    let mut g = Phutball::new(Seed(1));
    let cycle = ["H11", "H10-H12", "H11", "H12-H10"];
    for (i, m) in cycle.iter().chain(cycle.iter()).enumerate() {
        assert!(
            g.position().result().is_none(),
            "still playing before move {}",
            i + 1
        );
        g.play_text(m).unwrap();
    }
    assert_eq!(g.position().result(), Some(rules::End::Draw));
    assert!(g.status().starts_with("Drawn"));
    // Allowed repetition: no draw.
    let mut free = Phutball::new(Seed(1));
    free.set_option("repetition", "allowed").unwrap();
    free.new_game(Seed(1));
    for m in cycle.iter().chain(cycle.iter()) {
        free.play_text(m).unwrap();
    }
    assert_eq!(free.position().result(), None);
}

#[test]
fn saves_replay_and_refuse_tampering() {
    let mut g = Phutball::new(Seed(4));
    for m in ["H11", "A1"] {
        g.play_text(m).unwrap();
    }
    g.play_text("H10-H12").unwrap();
    let saved = g.save();
    let mut other = Phutball::new(Seed(1));
    other.load(&saved).unwrap();
    assert_eq!(other.position(), g.position());
    let mut bad: crate::shell::record::Record<Option<Setup>, ()> =
        crate::shell::codec::state_from_text(&saved).unwrap();
    bad.moves = vec!["H11".into(), "H11".into()];
    let err = other
        .load(&crate::shell::codec::state_to_text(&bad))
        .unwrap_err()
        .to_string();
    assert!(err.contains("move 2 (H11)"), "{err}");
}

#[test]
fn hints_find_a_goal_in_one_or_a_threat() {
    let mut g = Phutball::new(Seed(1));
    for m in ["H11", "A1", "H13", "A2", "H15", "A3", "H17", "A4", "H19"] {
        g.play_text(m).unwrap();
    }
    // Eks to move; Ohs threaten H10-…-H20.
    let msg = g.hint().message.unwrap();
    assert!(msg.contains("threaten H10-H12-H14-H16-H18-H20"), "{msg}");
    g.play_text("A5").unwrap();
    let msg = g.hint().message.unwrap();
    assert!(msg.starts_with("Hint: H10-H12-H14-H16-H18-H20"), "{msg}");
}

#[test]
fn keyboard_moves_the_cursor_and_places() {
    let mut g = Phutball::new(Seed(1));
    g.key(Key::Up, BOARD);
    g.key(Key::Right, BOARD);
    assert!(g.key(Key::Enter, BOARD).changed);
    assert!(g.position().board().men.has(pt("J11")));
    g.key(Key::Escape, BOARD);
    assert!(g.ui().cursor.is_none());
}

#[test]
fn the_computer_replies_after_a_pause_and_undo_takes_back_both() {
    let mut g = Phutball::new(Seed(5));
    g.set_option("opponent", "strong").unwrap();
    assert!(tap(&mut g, "H11").changed, "the player (Ohs) moves");
    assert!(g.status().starts_with("Eks (computer) thinking…"));
    assert_eq!(
        g.tick(1000.0),
        Outcome::redraw(),
        "the computer waits a moment"
    );
    let mut now = 1000.0;
    let out = loop {
        now += 50.0;
        let out = g.tick(now);
        if out.changed {
            break out;
        }
        assert!(
            now < 1000.0 + pace(Level::Strong).max_ms + 100.0,
            "it moves in its time"
        );
    };
    assert!(
        now >= 1000.0 + pace(Level::Strong).delay_ms,
        "not before the pause"
    );
    assert!(out.message.unwrap().starts_with("Computer: Eks"));
    assert_eq!(g.moves().len(), 2);
    g.undo();
    assert!(g.moves().is_empty(), "the reply and the player's move");
}

#[test]
fn the_computer_can_move_first() {
    let mut g = Phutball::new(Seed(5));
    g.set_option("opponent", "random").unwrap();
    g.set_option("computer", "ohs").unwrap();
    g.tick(0.0);
    assert!(g.tick(pace(Level::Random).delay_ms).changed);
    assert_eq!(g.moves().len(), 1);
}

/// Two men above the ball (H10), with a gap: a two-jump chain to H14 is open.
/// Drags from the ball: the drag starts over `start`, then moves over `path`,
/// and is let go at the last point. Returns the drop's outcome.
fn drag_chain(start: &str, path: &[&str]) -> (Phutball, Outcome) {
    let mut g = Phutball::new(Seed(1));
    for m in ["H11", "A1", "H13"] {
        g.play_text(m).unwrap();
    }
    let geo = Geometry::new(g.position().board().options.dims);
    let board = g.board_size(Size::new(1.0, 1.0));
    let at = |s: &str| geo.point(pt(s));
    g.gesture(Gesture::Press(at("H10")), board);
    g.gesture(
        Gesture::DragStart {
            from: at("H10"),
            at: at(start),
        },
        board,
    );
    for p in path {
        g.gesture(Gesture::DragMove(at(p)), board);
    }
    let last = path.last().copied().unwrap_or(start);
    let out = g.gesture(Gesture::Drop(at(last)), board);
    (g, out)
}

#[test]
fn a_chain_can_be_dragged_through_its_landings() {
    let (g, out) = drag_chain("H10", &["H11", "H12", "H13", "H14"]);
    assert!(out.changed, "{out:?}");
    assert_eq!(g.moves().last().map(String::as_str), Some("H10-H12-H14"));
}

#[test]
fn a_quick_drag_already_over_the_first_landing_keeps_it() {
    // The tracker reports the move that crosses the drag threshold as the
    // drag's start, wherever it is: over H12 already, it is the first landing.
    let (g, out) = drag_chain("H12", &["H14"]);
    assert!(out.changed, "{out:?}");
    assert_eq!(g.moves().last().map(String::as_str), Some("H10-H12-H14"));
}

#[test]
fn the_threat_overlay_and_the_men_a_jump_would_take_are_drawn() {
    use crate::shell::paint::{Op, Recorder};
    let mut g = Phutball::new(Seed(1));
    g.set_option("threats", "on").unwrap();
    for m in ["H11", "A1", "H13", "A2", "H15", "A3", "H17", "A4", "H19"] {
        g.play_text(m).unwrap();
    }
    let board = g.board_size(Size::new(1.0, 1.0));
    let mut r = Recorder::default();
    g.draw(&mut r, board);
    let thick = |r: &Recorder| r.count(|op| matches!(op, Op::Line(..)));
    let with_threats = thick(&r);
    g.set_option("threats", "off").unwrap();
    let mut r2 = Recorder::default();
    g.draw(&mut r2, board);
    assert_eq!(with_threats - thick(&r2), 5, "Ohs' five-jump goal in one");
    // Start a chain: the man on H11 is ringed as the one the jump would take.
    g.play_text("A5").unwrap();
    tap(&mut g, "H10");
    let mut r3 = Recorder::default();
    g.draw(&mut r3, board);
    let ring = geo_point(&g, "H11");
    assert!(r3
        .ops
        .iter()
        .any(|op| matches!(op, Op::StrokeCircle(c, _, _) if *c == ring)));
}

#[test]
fn a_hint_is_drawn_on_the_board_until_a_move_is_played() {
    use crate::shell::paint::{Op, Recorder};
    let mut g = Phutball::new(Seed(1));
    let board = g.board_size(Size::new(1.0, 1.0));
    let drawn = |g: &Phutball| {
        let mut r = Recorder::default();
        g.draw(&mut r, board);
        r.ops
    };
    let before = drawn(&g);
    // The empty board: a man near the ball, drawn as a ringed ghost.
    let msg = g.hint().message.unwrap();
    assert!(msg.contains("Hint: "), "{msg}");
    let with_hint = drawn(&g);
    assert_ne!(before, with_hint, "the hint changes the board");
    let named = msg
        .split("Hint: ")
        .nth(1)
        .and_then(|m| m.split(' ').next())
        .unwrap();
    let ring = geo_point(&g, named);
    assert!(with_hint
        .iter()
        .any(|op| matches!(op, Op::StrokeCircle(c, _, _) if *c == ring)));
    // A jump that scores is drawn as its path.
    for m in [
        "H11", "A1", "H13", "A2", "H15", "A3", "H17", "A4", "H19", "A5",
    ] {
        g.play_text(m).unwrap();
    }
    let lines = |ops: &[Op]| ops.iter().filter(|op| matches!(op, Op::Line(..))).count();
    let plain = lines(&drawn(&g));
    assert!(g.hint().message.unwrap().contains("scores at once"));
    assert_eq!(lines(&drawn(&g)) - plain, 5, "the five jumps");
    // A move played, the hint is gone: the board is drawn as in a game
    // without hints.
    let moves = [
        "H11", "A1", "H13", "A2", "H15", "A3", "H17", "A4", "H19", "A5", "A6",
    ];
    g.play_text("A6").unwrap();
    let mut unhinted = Phutball::new(Seed(1));
    for m in moves {
        unhinted.play_text(m).unwrap();
    }
    assert_eq!(drawn(&g), drawn(&unhinted));
}

fn geo_point(g: &Phutball, s: &str) -> crate::shell::geom::Point {
    Geometry::new(g.position().board().options.dims).point(pt(s))
}

#[test]
fn records_export_and_import_through_the_game_trait() {
    let mut g = Phutball::new(Seed(1));
    for m in ["H11", "A1", "H10-H12"] {
        g.play_text(m).unwrap();
    }
    let records = g.records();
    assert_eq!(
        records.iter().map(|(f, _)| *f).collect::<Vec<_>>(),
        ["Text", "SGF"]
    );
    for (_, text) in &records {
        let mut other = Phutball::new(Seed(2));
        assert!(other.load_record(text).unwrap().changed);
        assert_eq!(other.moves(), g.moves());
    }
    let mut other = Phutball::new(Seed(2));
    other.play_text("A5").unwrap();
    assert!(other.load_record("moves: Z99").is_err());
    assert_eq!(other.moves(), ["A5"], "a bad record changes nothing");
}

#[test]
fn every_level_plays_both_sides_each_move_within_the_tick_bound() {
    for level in ["random", "greedy", "strong"] {
        let mut g = Phutball::new(Seed(5));
        for (k, v) in [("board", "9x7"), ("opponent", level), ("computer", "both")] {
            g.set_option(k, v).unwrap();
        }
        g.new_game(Seed(5));
        let mut now = 0.0;
        while g.position().result().is_none() && g.moves().len() < 40 {
            let before = g.moves().len();
            let mut ticks = 0;
            while g.moves().len() == before {
                g.tick(now);
                // Slow frames: the slices stay small and the time per move
                // runs out in a few dozen ticks.
                now += 100.0;
                ticks += 1;
                assert!(
                    ticks <= crate::shell::think::MAX_TICKS,
                    "{level}: no move within the bound: {}",
                    g.status()
                );
            }
        }
        assert!(
            g.position().result().is_some() || g.moves().len() == 40,
            "{level}"
        );
    }
}

#[test]
fn a_frozen_clock_does_not_stall_the_computer() {
    let mut g = Phutball::new(Seed(2));
    g.set_option("opponent", "strong").unwrap();
    g.set_option("computer", "ohs").unwrap();
    let mut ticks = 0;
    while g.moves().is_empty() {
        g.tick(100.0);
        ticks += 1;
        assert!(ticks <= crate::shell::think::MAX_TICKS);
    }
}

#[test]
fn enter_asks_the_thinking_computer_to_move_now() {
    let mut g = Phutball::new(Seed(2));
    g.set_option("opponent", "strong").unwrap();
    g.set_option("computer", "ohs").unwrap();
    assert!(!g.tick(0.0).changed, "it pauses first");
    assert_eq!(
        g.key(Key::Enter, BOARD).message.as_deref(),
        Some("The computer moves now.")
    );
    assert!(g.tick(1.0).changed, "it moves on the next frame");
}

#[test]
fn a_tap_while_the_computer_thinks_says_so_and_move_now_hurries_it() {
    let mut g = Phutball::new(Seed(2));
    g.set_option("opponent", "expert").unwrap();
    g.set_option("computer", "ohs").unwrap();
    assert!(!g.tick(0.0).changed, "it pauses first");
    assert!(!g.tick(16.0).changed, "and thinks");
    assert!(g.thinking());
    let out = tap(&mut g, "A1");
    assert!(!out.changed);
    assert!(out.message.unwrap().contains("Move now"));
    assert!(!g.tick(17.0).changed, "a tap does not hurry it");
    assert_eq!(
        g.move_now().message.as_deref(),
        Some("The computer moves now.")
    );
    assert!(g.tick(18.0).changed, "it moves on the next frame");
    assert!(!g.thinking());
}

/// A game where Ohs, a person, can score at once: the ball on H18 under a man on H19.
fn one_jump_from_a_win(opponent: &str) -> Phutball {
    let p = position_format::parse("to-move: ohs\nball: H18\nmen: H19\n").unwrap();
    let mut settings = settings::Settings::default();
    crate::shell::settings::Settings::set(&mut settings, "opponent", opponent).unwrap();
    let mut g = Phutball::from_start(Seed(1), settings, Some(Setup::of(&p))).unwrap();
    g.tick(1000.0);
    g
}

#[test]
fn a_person_s_win_rains_confetti_until_a_key_or_its_time_is_up() {
    use crate::shell::paint::{Op, Recorder};
    let board = Size::new(800.0, 1000.0);
    let fills = |g: &Phutball| {
        let mut r = Recorder::default();
        g.draw(&mut r, g.board_size(board));
        r.count(|op| matches!(op, Op::FillRect(..)))
    };
    let mut g = one_jump_from_a_win("human");
    let before = fills(&g);
    g.play_text("H18-H20").unwrap();
    assert!(g.ending().is_some(), "Ohs scored");
    g.tick(1500.0);
    assert!(fills(&g) > before + 10, "confetti over the board");
    // A key ends it, and does nothing else.
    let moves = g.moves();
    assert_eq!(g.key(Key::Right, board), Outcome::redraw());
    assert_eq!(g.moves(), moves);
    let calm = fills(&g);
    assert!(calm < before + 10, "{calm}");
    // Left alone, it stops by itself; undo or reduced motion end it too.
    let mut g = one_jump_from_a_win("human");
    g.play_text("H18-H20").unwrap();
    assert!(g.tick(1100.0).redraw);
    g.tick(1000.0 + crate::shell::cheer::CHEER_MS + 100.0);
    assert!(fills(&g) < before + 10);
    let mut g = one_jump_from_a_win("human");
    g.set_reduced_motion(true);
    g.play_text("H18-H20").unwrap();
    g.tick(1500.0);
    assert!(fills(&g) < before + 10, "no confetti with reduced motion");
}

#[test]
fn a_computer_s_win_is_not_celebrated() {
    use crate::shell::paint::{Op, Recorder};
    // Against the computer playing Ohs (the person is Eks), Ohs' goal is the computer's.
    let p = position_format::parse("to-move: ohs\nball: H18\nmen: H19\n").unwrap();
    let mut settings = settings::Settings::default();
    crate::shell::settings::Settings::set(&mut settings, "opponent", "random").unwrap();
    crate::shell::settings::Settings::set(&mut settings, "computer", "ohs").unwrap();
    let mut g = Phutball::from_start(Seed(1), settings, Some(Setup::of(&p))).unwrap();
    g.tick(1000.0);
    let board = g.board_size(Size::new(800.0, 1000.0));
    let count = |g: &Phutball| {
        let mut r = Recorder::default();
        g.draw(&mut r, board);
        r.count(|op| matches!(op, Op::FillRect(..)))
    };
    let before = count(&g);
    g.play_text("H18-H20").unwrap();
    g.tick(1500.0);
    assert!(g.ending().is_some());
    assert!(count(&g) < before + 10, "no confetti for the computer");
}

#[test]
fn labels_and_goal_captions_stay_legible_on_a_phone() {
    use crate::shell::geom::Fit;
    use crate::shell::paint::{Recorder, TextSizes};
    for dims in ["19x15", "19x19", "13x9", "9x7"] {
        let mut g = Phutball::new(Seed(1));
        g.set_option("board", dims).unwrap();
        // A 360×640 phone's stage, and a desktop's.
        for viewport in [Size::new(360.0, 500.0), Size::new(1280.0, 640.0)] {
            let board = g.board_size(viewport);
            let scale = Fit::new(board, viewport).scale;
            let mut sizes = TextSizes::new(scale);
            g.draw(&mut sizes, board);
            let smallest = sizes.smallest.unwrap();
            assert!(smallest >= 11.0, "{dims} at {viewport:?}: {smallest} px");
        }
        // Every label and caption is drawn, at any scale.
        let mut r = Recorder::default();
        g.draw(&mut r, g.board_size(Size::new(360.0, 500.0)));
        let texts = r.texts();
        assert!(texts.contains(&"Ohs score here") && texts.contains(&"Eks score here"));
        assert!(texts.contains(&"A") && texts.contains(&"0"));
    }
}

#[test]
fn computers_playing_themselves_pause_step_and_resume() {
    let mut g = Phutball::new(Seed(3));
    assert_eq!(g.paused(), None, "a person plays: nothing to pause");
    g.set_option("opponent", "greedy").unwrap();
    g.set_option("computer", "both").unwrap();
    assert_eq!(g.paused(), Some(false));
    let mut now = 0.0;
    let mut run = |g: &mut Phutball, frames: usize| {
        for _ in 0..frames {
            g.tick(now);
            now += 16.0;
        }
        g.moves().len()
    };
    let played = run(&mut g, 200);
    assert!(played > 0, "the computers play");
    g.set_paused(true);
    assert_eq!(g.paused(), Some(true));
    assert!(!g.thinking(), "paused, no Move now");
    let held = run(&mut g, 200);
    assert_eq!(run(&mut g, 200), held, "paused: no move");
    g.step();
    assert_eq!(run(&mut g, 400), held + 1, "a step: one move");
    assert_eq!(g.paused(), Some(true), "and paused again");
    g.set_paused(false);
    assert!(run(&mut g, 400) > held + 1, "resumed");
}

/// A game on the rules' board after tapping each of `points` in turn.
fn tapped(points: &[&str]) -> Phutball {
    let mut g = Phutball::new(Seed(1));
    for at in points {
        tap(&mut g, at);
    }
    g
}

/// The men drawn on `board`: circles in the men's colour.
fn men_drawn(g: &Phutball, board: Size) -> usize {
    let mut rec = crate::shell::paint::Recorder::default();
    g.draw(&mut rec, board);
    let man = crate::shell::paint::Color::rgb(0x1a, 0x1a, 0x1a);
    rec.count(|op| matches!(op, crate::shell::paint::Op::FillCircle(_, _, c) if *c == man))
}

fn said(out: Outcome) -> String {
    out.message.unwrap_or_default()
}

#[test]
fn the_keys_step_back_over_the_game_and_any_other_returns_to_it() {
    let mut g = tapped(&["H11", "A1", "H13"]);
    let board = g.board_size(Size::new(1000.0, 600.0));
    let live = men_drawn(&g, board);
    assert_eq!(
        said(g.key(Key::Char(']'), board)),
        "This is the game as it stands."
    );
    assert!(said(g.key(Key::Char('['), board)).starts_with("Move 2 of 3: Eks A1."));
    assert_eq!(
        men_drawn(&g, board),
        live - 1,
        "the man of move 3 is not yet placed"
    );
    for _ in 0..2 {
        g.key(Key::Left, board);
    }
    assert_eq!(men_drawn(&g, board), 0, "the start: no man");
    assert_eq!(
        said(g.key(Key::Left, board)),
        "This is the start of the game."
    );
    assert!(said(g.key(Key::Right, board)).starts_with("Move 1 of 3: Ohs H11."));
    assert_eq!(said(g.key(Key::Escape, board)), "Back to the game.");
    assert_eq!(men_drawn(&g, board), live);
    // Stepping on from the last move shown returns to the game too.
    g.key(Key::Char('['), board);
    assert_eq!(said(g.key(Key::Right, board)), "Back to the game.");
    assert_eq!(
        g.moves(),
        ["H11", "A1", "H13"],
        "looking back plays nothing"
    );
}

#[test]
fn a_tap_on_the_board_while_looking_back_returns_and_plays_nothing() {
    let mut g = tapped(&["H11", "A1"]);
    let board = g.board_size(Size::new(1000.0, 600.0));
    g.key(Key::Char('['), board);
    assert_eq!(said(tap(&mut g, "C3")), "Back to the game.");
    assert_eq!(g.moves(), ["H11", "A1"]);
    assert!(tap(&mut g, "C3").changed, "then a tap plays");
}

#[test]
fn a_portrait_board_has_a_strip_whose_arrows_step_and_middle_returns() {
    let mut g = tapped(&["H11", "A1", "H13"]);
    let viewport = Size::new(360.0, 520.0);
    let board = g.board_size(viewport);
    let grid = Geometry::new(g.position().board().options.dims).size();
    let strip = board.h - grid.h;
    assert!(strip >= review::STRIP, "{strip}");
    // Tall enough on screen for the row of Move now to float inside it.
    let scale = crate::shell::geom::Fit::new(board, viewport).scale;
    assert!(
        strip * scale >= crate::shell::geom::DOCK_ROOM - 1e-9,
        "{}",
        strip * scale
    );
    let y = grid.h + strip / 2.0;
    let press = |g: &mut Phutball, x: f64| {
        said(g.gesture(
            Gesture::Tap {
                at: crate::shell::geom::Point::new(x, y),
                count: 1,
            },
            board,
        ))
    };
    assert!(press(&mut g, grid.w * 0.05).starts_with("Move 2 of 3"));
    assert!(press(&mut g, grid.w * 0.05).starts_with("Move 1 of 3"));
    assert!(press(&mut g, grid.w * 0.95).starts_with("Move 2 of 3"));
    let mut rec = crate::shell::paint::Recorder::default();
    g.draw(&mut rec, board);
    assert!(
        rec.texts().iter().any(|t| t.contains("Eks A1 · 2 of 3")),
        "{:?}",
        rec.texts()
    );
    assert_eq!(press(&mut g, grid.w * 0.5), "Back to the game.");
}

#[test]
fn a_tap_on_a_move_in_the_list_shows_the_position_after_it() {
    let mut g = tapped(&["H11", "A1", "H13"]);
    let board = g.board_size(Size::new(1000.0, 600.0));
    let mut rec = crate::shell::paint::Recorder::default();
    g.draw(&mut rec, board);
    // The list: the start, then each move, the last one shown.
    let lines: Vec<&str> = rec
        .texts()
        .into_iter()
        .filter(|t| t.starts_with("Start") || t.contains(". "))
        .collect();
    assert_eq!(
        lines,
        ["Start", "  1. Ohs H11", "  2. Eks A1", "  3. Ohs H13"]
    );
    let at = rec
        .ops
        .iter()
        .find_map(|op| match op {
            crate::shell::paint::Op::Text(at, t, _) if t == "  1. Ohs H11" => Some(*at),
            _ => None,
        })
        .expect("the first move's line");
    let out = g.gesture(Gesture::Tap { at, count: 1 }, board);
    assert!(said(out).starts_with("Move 1 of 3: Ohs H11."));
    assert_eq!(men_drawn(&g, board), 1);
}
