//! The game in the shell: tray, drag and drop, prompts, computers, undo, saves.

use super::*;
use crate::shell::input::{straight_drag, Gesture, Key};
use crate::shell::Game;
use crate::util::rng::Seed;
use view::Overlay;

/// What the page shows of `d`'s table.
fn seating(d: &Dominoes) -> Table<'_> {
    Table {
        m: d.position(),
        settings: d.settings(),
    }
}

fn board() -> Size {
    board_size(Size::new(1000.0, 750.0))
}

fn with(pairs: &[(&str, &str)], seed: u64) -> Dominoes {
    let mut d = Dominoes::new(Seed(seed));
    for (k, v) in pairs {
        d.set_option(k, v).unwrap();
    }
    d.new_game(Seed(seed));
    d
}

fn let_computers_play(d: &mut Dominoes) {
    d.run_computers();
}

#[test]
fn dragging_a_tile_onto_a_legal_cell_lays_it() {
    let mut d = with(&[("p2", "greedy")], 3);
    let_computers_play(&mut d);
    let hand = d.position().hand().clone();
    let seat = hand.to_move();
    assert_eq!(seating(&d).shown_seat(d.ui()), Some(seat));
    let tray = d.tray();
    let (slot, p) = tray
        .iter()
        .enumerate()
        .find_map(|(i, &t)| seating(&d).placements_of(t).first().map(|p| (i, *p)))
        .expect("the opener holds the lead tile");
    let played = d.moves().len();
    let layout = seating(&d).layout(d.ui(), board());
    let from = layout.tray_slot(slot, tray.len());
    let to = seating(&d)
        .camera(d.ui(), board())
        .lattice()
        .centroid(p.at.cell);
    let mut last = Outcome::nothing();
    for g in straight_drag(from, to) {
        last = d.gesture(g, board());
    }
    assert!(last.changed, "{last:?}");
    assert_eq!(
        d.position().hand().at(p.at.cell).map(|q| q.tile),
        Some(p.at.tile)
    );
    assert_eq!(d.moves().len(), played + 1);
}

#[test]
fn a_drop_off_the_legal_cells_changes_nothing() {
    let mut d = with(&[("p2", "greedy")], 3);
    let_computers_play(&mut d);
    let layout = seating(&d).layout(d.ui(), board());
    let from = layout.tray_slot(0, d.tray().len());
    let before = d.save();
    let far = Point::new(5.0, layout.table.y + 5.0);
    let mut last = Outcome::nothing();
    for g in straight_drag(from, far) {
        last = d.gesture(g, board());
    }
    assert!(!last.changed);
    assert_eq!(d.save(), before);
}

#[test]
fn tapping_a_tile_then_a_cell_lays_it_and_keys_do_too() {
    let mut d = with(&[("p2", "greedy"), ("reach", "anywhere")], 8);
    let_computers_play(&mut d);
    // Keys: pick the first tile with a place, step to a place, Enter.
    for _ in 0..d.tray().len() {
        d.key(Key::Right, board());
        let out = d.key(Key::Down, board());
        if d.ui().pick.is_some() {
            assert!(out.message.unwrap().contains("Enter lays it"));
            break;
        }
    }
    let p = d.ui().pick.expect("some tile fits");
    let out = d.key(Key::Enter, board());
    assert!(out.changed || d.ui().prompt.is_some(), "{out:?}");
    assert!(d.position().hand().at(p.at.cell).is_some() || d.ui().prompt.is_some());
}

#[test]
fn undo_takes_back_the_players_move_and_the_replies() {
    let mut d = with(&[("p2", "greedy"), ("reach", "anywhere")], 5);
    let_computers_play(&mut d);
    let start = d.position().clone();
    let mv = d.position().hand().legal_moves()[0];
    d.play_hand(mv);
    let_computers_play(&mut d);
    let after = d.position().clone();
    assert!(d.can_undo());
    d.undo();
    assert_eq!(d.position(), &start);
    while d.can_redo() {
        d.redo();
    }
    assert_eq!(d.position(), &after);
}

#[test]
fn saves_round_trip_and_refuse_tampering() {
    let mut d = with(&[("rules", "star"), ("p2", "random")], 6);
    let_computers_play(&mut d);
    let mv = d.position().hand().legal_moves()[0];
    d.play_hand(mv);
    let_computers_play(&mut d);
    let saved = d.save();
    let mut other = Dominoes::new(Seed(1));
    other.load(&saved).unwrap();
    assert_eq!(other.position(), d.position());
    assert_eq!(other.save(), saved);
    let mut rec: crate::shell::record::Record<(), def::Tally> =
        crate::shell::codec::state_from_text(&saved).unwrap();
    rec.moves.push("0-0-0@40,40u".into());
    let err = other
        .load(&crate::shell::codec::state_to_text(&rec))
        .unwrap_err();
    assert!(err.to_string().contains("(0-0-0@40,40u)"), "{err}");
    assert_eq!(other.save(), saved, "a failed load changes nothing");
}

#[test]
fn hot_seat_covers_the_tray_between_people() {
    let mut d = with(&[("p1", "person"), ("p2", "person")], 2);
    assert!(seating(&d).covered(d.ui()));
    let scene = seating(&d).scene(d.ui(), board(), "", None);
    assert!(scene.tray.is_none());
    assert!(matches!(scene.overlay, Some(Overlay::Cover { .. })));
    d.gesture(
        Gesture::Tap {
            at: Point::new(500.0, 300.0),
            count: 1,
        },
        board(),
    );
    assert!(!seating(&d).covered(d.ui()));
    assert!(seating(&d).scene(d.ui(), board(), "", None).tray.is_some());
    let mv = d.position().hand().legal_moves()[0];
    d.play_hand(mv);
    assert!(
        seating(&d).covered(d.ui()),
        "the next person gets the cover"
    );
    assert!(!d.can_undo(), "no undo between people: hands are hidden");
}

#[test]
fn the_corner_prompt_asks_for_both_numbers() {
    // Find a Star position where a person may make a corner play.
    for seed in 0..200 {
        let mut d = with(&[("rules", "star"), ("p2", "greedy")], seed);
        let_computers_play(&mut d);
        for _ in 0..3 {
            let corner = d
                .position()
                .hand()
                .legal_moves()
                .into_iter()
                .find_map(|m| match m {
                    Move::Place(p) if p.corner.is_some() => Some(p),
                    _ => None,
                });
            if let Some(p) = corner {
                let said = {
                    let (view, ui) = d.parts();
                    Table {
                        m: view.position,
                        settings: view.settings,
                    }
                    .lay(ui, p)
                };
                let [a, b] = p.corner.unwrap();
                let shows = format!("the corner shows {a} and {b}");
                assert!(matches!(said, Action::Say(s) if s.contains(&shows)));
                assert_eq!(
                    d.ui().prompt.map(|(_, picks)| picks),
                    Some([Some(a), Some(b)])
                );
                let scene = seating(&d).scene(d.ui(), board(), "", None);
                assert!(matches!(scene.overlay, Some(Overlay::Corner { .. })));
                let wrong = if a == 0 { 1 } else { 0 };
                d.key(Key::Char(char::from(b'0' + wrong)), board());
                d.key(Key::Char(char::from(b'0' + b)), board());
                let out = d.key(Key::Enter, board());
                assert!(out.message.unwrap().starts_with("Not allowed"));
                assert!(d.ui().prompt.is_some());
                d.key(Key::Escape, board());
                let (view, ui) = d.parts();
                let _ = Table {
                    m: view.position,
                    settings: view.settings,
                }
                .lay(ui, p);
                d.key(Key::Char(char::from(b'0' + b)), board());
                d.key(Key::Char(char::from(b'0' + a)), board());
                let out = d.key(Key::Enter, board());
                assert!(out.changed, "{out:?}");
                assert!(out.message.unwrap().contains("another move"));
                assert_eq!(seating(&d).person_to_move(), Some(p_seat(&d)));
                return;
            }
            let Some(mv) = d.position().hand().legal_moves().first().copied() else {
                break;
            };
            d.play_hand(mv);
            let_computers_play(&mut d);
        }
    }
    panic!("no corner play found in 200 deals");
}

fn p_seat(d: &Dominoes) -> usize {
    d.position().hand().to_move()
}

#[test]
fn a_whole_match_between_computers_ends_with_a_winner_counted() {
    let mut d = with(&[("p1", "greedy"), ("p2", "random"), ("target", "100")], 4);
    let mut now = 0.0;
    for _ in 0..200_000 {
        now += 500.0;
        d.tick(now);
        if seating(&d).hand_over() {
            if d.position().is_over() {
                break;
            }
            d.gesture(
                Gesture::Tap {
                    at: Point::new(10.0, 10.0),
                    count: 1,
                },
                board(),
            );
        }
    }
    assert!(d.position().is_over());
    assert!(d.position().totals().iter().any(|&t| t >= 100));
    let rows = d.stats().unwrap();
    assert!(rows.iter().any(|(k, _)| k == "Match total"));
    let won: u32 = rows
        .iter()
        .find(|(k, _)| k == "Matches won")
        .map(|(_, v)| v.split(" · ").map(|n| n.parse::<u32>().unwrap()).sum())
        .unwrap();
    assert_eq!(won, u32::from(d.position().winner().is_some()));
}

#[test]
fn records_export_and_import() {
    let mut d = with(&[("rules", "muggins"), ("p2", "greedy")], 12);
    let_computers_play(&mut d);
    let mv = d.position().hand().legal_moves()[0];
    d.play_hand(mv);
    let_computers_play(&mut d);
    let text = d.records()[0].1.clone();
    assert!(text.contains("rules: muggins"));
    let mut other = Dominoes::new(Seed(99));
    other.load_record(&text).unwrap();
    assert_eq!(other.position(), d.position());
    assert!(other.load_record("seed: x").is_err());
}

#[test]
fn drawing_shows_tiles_and_their_pips_or_numerals() {
    use crate::shell::paint::{Op, Recorder};
    let mut d = with(&[("p2", "greedy")], 3);
    let_computers_play(&mut d);
    let mut r = Recorder::default();
    d.draw(&mut r, board());
    let tray = d.tray();
    let pips: u32 = tray.iter().map(|t| t.total()).sum::<u32>()
        + d.position()
            .hand()
            .placed()
            .map(|p| p.tile.total())
            .sum::<u32>();
    let circles = r.count(|op| matches!(op, Op::FillCircle(..)));
    assert!(circles as u32 >= pips, "{circles} dots for {pips} pips");
    d.set_option("faces", "numerals").unwrap();
    let mut r = Recorder::default();
    d.draw(&mut r, board());
    assert!(r.count(|op| matches!(op, Op::FillCircle(..))) < circles);
    // Each side's number.
    let numbers = |t: &Tile| {
        t.to_string()
            .split('-')
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    let texts = r.texts();
    for t in tray.iter().filter(|t| !t.is_boss()) {
        for n in numbers(t) {
            assert!(texts.contains(&n.as_str()), "{t}: {n}");
        }
    }
}

/// Ticks the page's clock `frame_ms` a frame until the hand ends, and checks
/// that every computer move comes within the shell's tick bound. Returns the
/// number of moves played.
fn computers_finish_the_hand(d: &mut Dominoes, frame_ms: f64) -> usize {
    let mut now = 0.0;
    let mut moves = 0;
    while !seating(d).hand_over() {
        assert!(d.computer_to_move(), "only computers sit here");
        let before = d.position().moves().len();
        let mut ticks = 0;
        while d.position().moves().len() == before {
            d.tick(now);
            now += frame_ms;
            ticks += 1;
            assert!(
                ticks <= crate::shell::think::MAX_TICKS,
                "no move within {} ticks: {}",
                crate::shell::think::MAX_TICKS,
                d.status()
            );
        }
        moves += 1;
    }
    moves
}

#[test]
fn every_computer_level_moves_within_its_bound_in_every_rule_set() {
    // The strong level in every rule set; the other levels and three seats once.
    let tables: [(&str, &[(&str, &str)]); 5] = [
        ("points", &[("p1", "strong"), ("p2", "greedy")]),
        ("muggins", &[("p1", "greedy"), ("p2", "strong")]),
        ("star", &[("p1", "strong"), ("p2", "random")]),
        ("triominos", &[("p1", "random"), ("p2", "strong")]),
        (
            "points",
            &[
                ("players", "3"),
                ("p1", "random"),
                ("p2", "strong"),
                ("p3", "greedy"),
            ],
        ),
    ];
    for (i, (rules, seats)) in tables.into_iter().enumerate() {
        let mut pairs = vec![("rules", rules), ("boss", "on")];
        pairs.extend_from_slice(seats);
        let mut d = with(&pairs, 11 + i as u64);
        let moves = computers_finish_the_hand(&mut d, 16.0);
        assert!(moves > 0, "{rules} {seats:?}");
    }
}

#[test]
fn a_forced_opening_or_pass_never_stalls_the_strong_computer() {
    // The highest triple opens by force in about half of all deals; a frozen
    // clock (no time passing between frames) must not stall it either.
    let mut forced = 0;
    for seed in 1..40 {
        let mut d = with(&[("p1", "strong"), ("p2", "strong")], seed);
        if d.position().hand().legal_moves().len() != 1 {
            continue;
        }
        forced += 1;
        let mut ticks = 0;
        while d.position().moves().is_empty() {
            d.tick(5_000.0);
            ticks += 1;
            assert!(
                ticks <= crate::shell::think::MAX_TICKS,
                "seed {seed} stalls"
            );
        }
        if forced == 3 {
            break;
        }
    }
    assert_eq!(forced, 3, "three deals with a forced opening");
}

#[test]
fn enter_asks_the_thinking_computer_to_play_now() {
    let mut d = with(&[("p1", "strong"), ("p2", "strong")], 3);
    assert_eq!(d.tick(0.0), Outcome::redraw(), "thinking");
    assert!(d.position().moves().is_empty());
    let out = d.key(Key::Enter, board());
    assert_eq!(out.message.as_deref(), Some("The computer moves now."));
    assert!(d.tick(1.0).changed, "it plays on the next frame");
}

#[test]
fn a_star_hand_played_by_hint_and_enter_reaches_its_end_through_corner_plays() {
    // Hint, then Enter (and Enter again at a corner prompt, which comes
    // filled in): the hand goes on to its end, corner plays included.
    let mut corners = 0;
    for seed in 0..30 {
        let mut d = with(&[("rules", "star"), ("p2", "greedy")], seed);
        for _ in 0..200 {
            let_computers_play(&mut d);
            if seating(&d).hand_over() {
                break;
            }
            let before = d.moves().len();
            let said = d.hint().message.unwrap_or_default();
            assert!(said.starts_with("Hint"), "seed {seed}: {said}");
            let mut out = d.key(Key::Enter, board());
            if d.ui().prompt.is_some() {
                assert!(said.contains("corner to corner, naming"), "{said}");
                corners += 1;
                out = d.key(Key::Enter, board());
            }
            if d.moves().len() == before {
                // Draw or pass: the banner's own button.
                let hint = super::def::hint_move(d.position(), before, d.view().seed);
                assert!(
                    matches!(hint, Some(Move::Draw | Move::Pass)),
                    "seed {seed}: {out:?}"
                );
                d.play_text(&hint.expect("a move").to_string())
                    .expect("legal");
            }
            assert!(
                d.moves().len() > before,
                "seed {seed}: the hint's move was made"
            );
        }
        assert!(seating(&d).hand_over(), "seed {seed}: the hand ended");
    }
    assert!(corners > 0, "some hands make a corner play");
}
