//! Tests of the Klondike game as the shell drives it.

/// A board size for the keys (only its shape matters).
const BOARD: crate::shell::geom::Size = crate::shell::geom::Size { w: 800.0, h: 600.0 };

use super::def::KlondikeDef;
use super::fixtures::{self, col};
use super::input::stock_move;
use super::rules::{Move, Pile, Rules, State};
use super::settings::Settings;
use super::solver::Found;
use super::stats::Stats;
use super::table::{match_result, JOB_PACE, JUDGE_NODES, TRY_NODES};
use super::view::{self, Layout};
use super::{analysis, solver, Klondike};
use crate::shell::def::GameDef;
use crate::shell::geom::{Point, Rect, Size};
use crate::shell::helper;
use crate::shell::input::{Gesture, Key};
use crate::shell::{Game, Outcome};
use crate::util::rng::Seed;

fn board() -> Size {
    Size::new(804.0, 700.0)
}

fn game(seed: u64) -> Klondike {
    let mut k = Klondike::new(Seed(seed));
    k.set_reduced_motion(true);
    k
}

/// Replaces `k` by a game from the position `s`, under `k`'s settings.
fn set_up(k: &mut Klondike, s: State) {
    *k = Klondike::from_start(Seed(1), *k.settings(), Some(s)).expect("a whole deck");
    k.set_reduced_motion(true);
}

/// Drags from `from` to `to`; the outcome of the drop.
fn drag(k: &mut Klondike, from: Point, to: Point) -> Outcome {
    crate::shell::input::straight_drag(from, to)
        .into_iter()
        .map(|g| k.gesture(g, board()))
        .last()
        .unwrap_or_default()
}

/// Where the top card of tableau pile `pile` is drawn.
fn top_card(k: &Klondike, pile: u8) -> Rect {
    let layout = Layout::for_board(board(), 7, 4);
    view::scene(k.state(), &layout)
        .iter()
        .rev()
        .find(|s| s.pile == Pile::Tableau(pile))
        .expect("a card on the pile")
        .rect
}

/// The first deal whose opening has a tableau-to-tableau move, and that move's piles.
fn opening_with_a_tableau_move() -> (Klondike, u8, u8) {
    (0..200)
        .find_map(|seed| {
            let k = game(seed);
            match k
                .state()
                .legal_moves()
                .into_iter()
                .find(|m| matches!(m, Move::TableauToTableau { .. }))?
            {
                Move::TableauToTableau { from, to, .. } => Some((k, from, to)),
                _ => None,
            }
        })
        .expect("some early deal opens with a tableau move")
}

#[test]
fn tapping_the_stock_deals_and_undo_restores_exactly() {
    let mut k = game(5);
    let start = k.state().clone();
    let layout = Layout::for_board(board(), 7, 4);
    let out = k.gesture(
        Gesture::Tap {
            at: layout.stock.center(),
            count: 1,
        },
        board(),
    );
    assert!(out.changed, "{out:?}");
    assert_eq!(k.state().waste.len(), 1);
    assert!(out.message.unwrap().starts_with("Dealt the"));
    k.undo();
    assert_eq!(*k.state(), start);
    k.redo();
    assert_eq!(k.state().waste.len(), 1);
}

#[test]
fn a_drag_onto_a_legal_pile_moves_and_an_illegal_drop_changes_nothing() {
    let (mut k, from, to) = opening_with_a_tableau_move();
    let layout = Layout::for_board(board(), 7, 4);
    let sprites = view::scene(k.state(), &layout);
    let src = *sprites
        .iter()
        .rev()
        .find(|s| s.pile == Pile::Tableau(from))
        .unwrap();
    let dst = *sprites
        .iter()
        .rev()
        .find(|s| s.pile == Pile::Tableau(to))
        .unwrap();
    let grab_at = src.rect.center();
    // An illegal drop first: onto the stock.
    let before = k.state().clone();
    let out = drag(&mut k, grab_at, layout.stock.center());
    assert!(!out.changed);
    assert_eq!(*k.state(), before);
    // Now onto the destination card.
    let target = Point::new(dst.rect.center().x + 10.0, dst.rect.center().y + 30.0);
    let out = drag(&mut k, grab_at, target);
    assert!(out.changed, "{out:?}");
    assert_eq!(k.state().tableau[usize::from(to)].top(), Some(src.card));
}

#[test]
fn cancelling_a_drag_puts_the_cards_back() {
    let mut k = game(9);
    let top = top_card(&k, 3).center();
    let before = k.state().clone();
    k.gesture(Gesture::Press(top), board());
    assert!(k.view().drag.is_none(), "a press alone lifts nothing");
    k.gesture(Gesture::DragStart { from: top, at: top }, board());
    assert!(k.view().drag.is_some());
    let out = k.gesture(Gesture::Cancel, board());
    assert_eq!(out.message.as_deref(), Some("Move cancelled."));
    assert!(
        k.view().drag.is_none(),
        "with less motion the cards are back at once"
    );
    assert_eq!(*k.state(), before);
    // With motion, they fly home from where they were dropped, then land.
    k.set_reduced_motion(false);
    let away = Point::new(top.x + 200.0, top.y + 150.0);
    let out = drag(&mut k, top, away);
    assert!(!out.changed, "{out:?}");
    let lift = k.view().drag.expect("flying home");
    assert!(lift.returning);
    let mut now = 0.0;
    while k.view().drag.is_some() {
        assert!(now < 1000.0, "the cards land");
        k.tick(now);
        now += 16.0;
    }
    assert_eq!(*k.state(), before);
}

#[test]
fn keyboard_picks_up_and_puts_down() {
    let (mut k, from, to) = opening_with_a_tableau_move();
    // Stock, waste, 4 foundations, then the piles.
    for _ in 0..(6 + usize::from(from)) {
        k.key(Key::Right, BOARD);
    }
    assert_eq!(k.ui().cursor, Some((Pile::Tableau(from), 1)));
    assert!(k
        .key(Key::Enter, BOARD)
        .message
        .unwrap()
        .starts_with("Picked up"));
    let steps = i32::from(to) - i32::from(from);
    for _ in 0..steps.abs() {
        k.key(if steps > 0 { Key::Right } else { Key::Left }, BOARD);
    }
    let out = k.key(Key::Enter, BOARD);
    assert!(out.changed, "{out:?}");
    assert_eq!(
        k.state().moves,
        1 + k.record().iter().filter(|t| t.ends_with('*')).count() as u32
    );
}

#[test]
fn vegas_undo_can_be_forbidden_and_the_total_carries() {
    let mut k = game(3);
    k.set_option("scoring", "vegas").unwrap();
    k.set_option("vegas-total", "on").unwrap();
    k.new_game(Seed(3));
    assert_eq!(
        k.status().split(" · ").next(),
        Some("Vegas $-52 (total $-52)")
    );
    k.play(Move::Deal).unwrap();
    assert!(k.can_undo());
    k.set_option("vegas-undo", "forbidden").unwrap();
    assert!(!k.can_undo());
    k.new_game(Seed(4));
    assert_eq!(
        k.status().split(" · ").next(),
        Some("Vegas $-52 (total $-104)")
    );
}

#[test]
fn saves_replay_and_refuse_tampering() {
    let mut k = game(11);
    for mv in k.state().legal_moves().into_iter().take(1) {
        k.play(mv).unwrap();
    }
    k.play(Move::Deal).unwrap();
    let saved = k.save();
    let mut other = game(1);
    other.load(&saved).unwrap();
    assert_eq!(other.state(), k.state());
    assert_eq!(other.save(), saved);
    let rec: crate::shell::record::Record<Option<State>, Stats> =
        crate::shell::codec::state_from_text(&saved).unwrap();
    // An illegal move in the record is refused with its number.
    let mut bad = rec.clone();
    bad.moves = vec!["W-T1".to_owned(); 3];
    let err = other
        .load(&crate::shell::codec::state_to_text(&bad))
        .unwrap_err()
        .to_string();
    assert!(err.contains("move"), "{err}");
    // A deal with a card twice is refused.
    let mut bad = rec.clone();
    let mut deal = State::deal(Rules::default(), Seed(11));
    deal.stock[0] = deal.stock[1];
    bad.start = Some(deal);
    bad.moves.clear();
    assert!(other
        .load(&crate::shell::codec::state_to_text(&bad))
        .is_err());
    // So is a deal the rules cannot play, which once panicked on loading:
    // too few foundations, a turn past the players, all cards face down.
    let deal = State::deal(Rules::default(), Seed(11));
    let mut few = deal.clone();
    few.foundations.truncate(2);
    let mut turn = deal.clone();
    turn.turn = 5;
    let mut hidden = deal;
    hidden.tableau[3].down = 4;
    for (start, why) in [
        (few, "foundations"),
        (turn, "turn"),
        (hidden, "none face up"),
    ] {
        let mut bad = rec.clone();
        bad.start = Some(start);
        let err = other
            .load(&crate::shell::codec::state_to_text(&bad))
            .unwrap_err()
            .to_string();
        assert!(err.contains(why), "{err}");
    }
    // So is text that is not a save at all.
    assert!(other.load("not-a-save").is_err());
    assert_eq!(other.state(), k.state(), "a failed load changes nothing");
}

#[test]
fn statistics_count_games_wins_and_streaks() {
    let mut k = game(1);
    // A nearly won position: the last king goes up with one move.
    let one_pile = Rules {
        tableau: 1,
        ..Rules::default()
    };
    let mut s = State::new(one_pile, vec![col(0, "KS")], vec![]);
    s.foundations = vec![13, 13, 13, 12];
    set_up(&mut k, s);
    let out = k.gesture(
        Gesture::Tap {
            at: Layout::for_board(board(), 1, 4).tableau[0].center(),
            count: 2,
        },
        board(),
    );
    assert!(out.message.unwrap().contains("You won!"));
    let stats = k.stats().unwrap();
    let get = |name: &str| stats.iter().find(|(k, _)| k == name).unwrap().1.clone();
    assert_eq!(get("Played"), "1");
    assert_eq!(get("Won"), "1");
    assert_eq!(get("Win rate"), "100%");
    assert_eq!(get("Current streak"), "1");
    // Abandoning a started game breaks the streak.
    k.new_game(Seed(2));
    k.play(Move::Deal).unwrap();
    k.new_game(Seed(3));
    let stats = k.stats().unwrap();
    assert_eq!(
        stats.iter().find(|(k, _)| k == "Current streak").unwrap().1,
        "0"
    );
    assert_eq!(
        stats.iter().find(|(k, _)| k == "Best streak").unwrap().1,
        "1"
    );
    k.reset_stats();
    assert_eq!(
        k.stats()
            .unwrap()
            .iter()
            .find(|(k, _)| k == "Played")
            .unwrap()
            .1,
        "0"
    );
}

#[test]
fn auto_complete_finishes_the_game_through_tick() {
    let mut k = game(1);
    k.set_option("auto-move", "off").unwrap();
    let mut s = State::new(
        Rules {
            tableau: 3,
            ..Rules::default()
        },
        vec![col(0, "QS"), col(0, "KS"), col(0, "JS")],
        vec![],
    );
    s.foundations = vec![13, 13, 13, 10];
    set_up(&mut k, s);
    k.play(Move::TableauToFoundation(2)).unwrap();
    assert!(k.ui().autoplaying());
    // With less motion the game puts a card up each frame.
    let mut now = 1000.0;
    for _ in 0..2 {
        assert!(k.tick(now).changed);
        now += 16.0;
    }
    assert!(k.state().is_won());
    assert_eq!(k.record().iter().filter(|m| m.ends_with('*')).count(), 2);
    assert!(k.tick(now).message.is_none(), "nothing more to do");
    // What is happening comes first, so a narrow screen keeps it.
    assert!(k.status().starts_with("Won! · "), "{}", k.status());
    // Nothing is left in the stock or the waste.
    assert!(k.status().contains("Stock empty"), "{}", k.status());
}

#[test]
fn a_variant_without_a_stock_says_so() {
    let mut k = game(1);
    k.set_option("variant", "somerset").unwrap();
    // (Somerset's deals 1 to 3 are lost from the start, and say so first.)
    k.new_game(Seed(4));
    let status = k.status();
    assert!(status.starts_with("Somerset · "), "{status}");
    assert!(status.contains("Stock empty"), "{status}");
    assert!(!status.contains("Passes"), "{status}");
}

#[test]
fn double_solitaire_says_whose_turn_it_is_and_who_won_and_keeps_no_stats() {
    let mut k = game(1);
    k.set_option("variant", "double-solitaire").unwrap();
    k.new_game(Seed(1));
    let status = k.status();
    assert!(
        status.starts_with("Double Solitaire · Player 1 to play · Up 0–0 · "),
        "{status}"
    );
    assert!(k.stats().is_none(), "two players' games are not counted");
    // Deal until the turn passes: the status follows, and tapping the stock
    // is the same deal.
    let mut passed = false;
    for _ in 0..30 {
        let before = k.state().turn;
        k.play(stock_move(k.state())).unwrap();
        if k.state().turn != before {
            passed = true;
            break;
        }
    }
    assert!(passed, "a dud deal ends the turn within 30 deals");
    assert!(k.status().contains("Player 2 to play"), "{}", k.status());
    let mut over = k.state().clone();
    over.played = [12, 52];
    set_up(&mut k, over);
    assert!(
        k.status().starts_with("Player 2 wins! · "),
        "{}",
        k.status()
    );
    assert_eq!(
        match_result(k.state(), k.ui().lost),
        Some(("Player 2 wins!".to_owned(), "Cards up 12–52".to_owned()))
    );
    assert!(k.view().stats.modes.is_empty());
}

#[test]
fn the_clock_runs_only_while_playing() {
    let mut k = game(1);
    k.tick(0.0);
    k.tick(5000.0);
    assert_eq!(k.view().elapsed_ms, 0.0, "not started");
    k.play(Move::Deal).unwrap();
    k.tick(6000.0);
    k.tick(7000.0);
    assert_eq!(k.view().elapsed_ms, 2000.0);
    k.tick(60_000.0);
    assert_eq!(k.view().elapsed_ms, 4000.0, "a sleeping tab does not count");
}

#[test]
fn hints_name_a_useful_move() {
    // Some early deals are winnable within the hint's budget: their hint is on a winning line.
    let winning = (1..20).any(|seed| {
        let mut k = game(seed);
        let msg = k.hint().message.unwrap();
        assert!(
            msg.starts_with("Hint") || msg.contains("cannot be won"),
            "{msg}"
        );
        msg.starts_with("Hint (on a winning line)") && k.ui().hint.is_some()
    });
    assert!(winning);
}

#[test]
fn the_hint_says_when_a_position_cannot_be_won() {
    let s = fixtures::needed_card_buried_under_both_holders();
    let mut k = game(1);
    set_up(&mut k, s);
    // As dealt there is nothing to undo: the way on is a new deal.
    let msg = k.hint().message.unwrap();
    assert!(msg.contains("This deal cannot be won"), "{msg}");
    assert!(
        msg.contains("Start a new deal") && !msg.contains("Undo"),
        "{msg}"
    );
    let mv = k.state().legal_moves()[0];
    k.play(mv).unwrap();
    let msg = k.hint().message.unwrap();
    assert!(msg.contains("can no longer be won"), "{msg}");
    assert!(msg.contains("Undo to go back"), "{msg}");
}

#[test]
fn stuck_points_at_undo_only_once_there_is_a_move_to_undo() {
    let mut k = game(1);
    let said = super::narrate::stuck(&k.view());
    assert!(
        !said.contains("Undo") && said.contains("new deal"),
        "{said}"
    );
    let mv = k.state().legal_moves()[0];
    k.play(mv).unwrap();
    let said = super::narrate::stuck(&k.view());
    assert!(said.contains("Undo"), "{said}");
}

#[test]
fn drawing_shows_every_card_and_the_win_banner() {
    use crate::shell::paint::Recorder;
    let k = game(4);
    let mut r = Recorder::default();
    k.draw(&mut r, board());
    // The seven face-up cards show their ranks; face-down cards and the stock show nothing.
    let texts = r.texts();
    for col in &k.state().tableau {
        let top = col.top().unwrap();
        assert!(texts.contains(&top.rank().face()), "{top} in {texts:?}");
    }
    assert!(texts.len() <= 14);
}

#[test]
fn winnable_deals_only_searches_seeds_in_slices_and_can_be_cancelled() {
    let mut k = game(1);
    k.set_option("deals", "winnable").unwrap();
    k.new_game(Seed(100));
    assert!(k.searching());
    assert!(k.status().contains("Looking for a winnable deal"));
    assert!(searched(&mut k).contains("can be won"));
    let verdict = solver::solve(
        k.state(),
        solver::Limits {
            nodes: TRY_NODES,
            table_slots: 1 << 17,
        },
    )
    .unwrap()
    .verdict;
    assert!(
        matches!(verdict, solver::Verdict::Winnable(_)),
        "{verdict:?}"
    );
    assert!(k.seed() >= Seed(100));
    // Cancelling keeps the deal on screen and says it may not be winnable.
    k.new_game(Seed(500));
    assert!(k.searching());
    let out = k.key(Key::Escape, BOARD);
    assert!(!k.searching());
    assert!(out.message.unwrap().contains("may not be winnable"));
}

/// Runs the deal search `k` started to its end: what it said.
fn searched(k: &mut Klondike) -> String {
    let mut frames = 0;
    let mut said = String::new();
    while k.searching() && frames < 50_000 {
        frames += 1;
        let out = k.tick(f64::from(frames) * 16.0);
        if out.changed {
            said = out.message.unwrap_or(said);
        }
    }
    assert!(!k.searching(), "found within the frame limit");
    said
}

#[test]
fn graded_deals_are_the_first_winnable_ones_of_their_grade() {
    use solver::{Grade, Verdict};
    let limits = solver::Limits {
        nodes: TRY_NODES,
        table_slots: super::table::JOB_TABLE_SLOTS,
    };
    let grade = |seed: u64| {
        let deal = State::deal(Rules::default(), Seed(seed));
        let report = solver::solve_explicit(&deal, limits).unwrap();
        matches!(report.verdict, Verdict::Winnable(_)).then(|| Grade::of_effort(report.nodes))
    };
    for (deals, want) in [
        ("easy", Grade::Easy),
        ("medium", Grade::Medium),
        ("hard", Grade::Hard),
    ] {
        let mut k = game(1);
        k.set_option("deals", deals).unwrap();
        k.new_game(Seed(200));
        assert!(
            k.status().contains(&format!(
                "Looking for a{} {deals} winnable deal",
                if deals == "easy" { "n" } else { "" }
            )),
            "{}",
            k.status()
        );
        let said = searched(&mut k);
        assert!(said.contains(&format!("graded {deals}")), "{said}");
        let found = k.seed().0;
        assert_eq!(grade(found), Some(want), "deal {found} is {deals}");
        for skipped in 200..found {
            assert_ne!(grade(skipped), Some(want), "deal {skipped} was {deals} too");
        }
    }
}

#[test]
fn the_indicator_reports_after_a_few_frames() {
    let mut k = game(1);
    k.set_option("indicator", "on").unwrap();
    k.new_game(Seed(7));
    let mut t = 0.0;
    while k.ui().verdict().is_none() && t < 1e6 {
        t += 16.0;
        k.tick(t);
    }
    let v = k.ui().verdict().unwrap();
    assert!(k.status().contains(v));
}

/// Plays Hint's move up to `limit` times, until Hint has none or the game
/// can finish itself, checking that no position comes round twice. Returns
/// the moves played.
fn follow_hints(k: &mut Klondike, limit: usize) -> usize {
    let mut seen = crate::util::digest_set::DigestSet::default();
    seen.insert(k.state().digest());
    for n in 0..limit {
        if k.state().is_won() || analysis::can_auto_complete(k.state()) {
            return n;
        }
        k.hint();
        let Some(mv) = k.hinted() else {
            return n;
        };
        k.play(mv).unwrap();
        assert!(
            seen.insert(k.state().digest()),
            "move {n} ({mv}) comes back to a position: {}",
            k.status()
        );
    }
    limit
}

fn dealt(variant: &str, seed: u64) -> Klondike {
    let mut k = Klondike::new(Seed(seed));
    k.set_option("variant", variant).unwrap();
    k.new_game(Seed(seed));
    k
}

#[test]
fn following_hints_never_goes_round_in_circles() {
    // Joker Solitaire, seed 1: the three of clubs went down onto a four and
    // up again for ever from move 31 (each was the nearest progress from
    // where it was), until hints measured progress against the game's best.
    follow_hints(&mut dealt("joker", 1), 45);
    // Agnes, seed 1: a card taken down was put straight back up by the
    // auto-move, until the hint's search made the auto-moves too. The
    // auto-move sent up cards an Ace holding a King could need, and the
    // deal was lost; since it keeps them (where cards may come back from the
    // foundations it sends none up), the hints win it: the game finishes
    // itself once every pile is a run.
    let mut k = dealt("agnes", 1);
    let n = follow_hints(&mut k, 200);
    assert!(
        analysis::can_auto_complete(k.state()),
        "after {n} moves: {}",
        k.status()
    );
}

/// Where the search for progress runs out of budget, hints pick a move to
/// a position not yet seen (runs went back and forth between two piles in
/// Agnes, seed 4, from about move 290). Slow: run on demand.
#[test]
#[ignore]
fn following_hints_long_never_revisits_a_position() {
    for (variant, seed) in [("agnes", 4), ("joker", 1)] {
        follow_hints(&mut dealt(variant, seed), 400);
    }
}

#[test]
fn the_solver_indicator_gives_its_verdict_within_a_bounded_number_of_frames() {
    // The page's computer in Klondike is its solver: each frame runs one
    // slice, and the node budget bounds the slices, so a verdict (perhaps
    // "Winnable?") always comes.
    let bound = JUDGE_NODES.div_ceil(u64::from(JOB_PACE.first_slice)) + 2;
    for seed in [1, 17, 30] {
        let mut k = game(seed);
        k.set_option("indicator", "on").unwrap();
        k.new_game(Seed(seed));
        let mut now = 0.0;
        let mut frames = 0;
        while k.ui().verdict().is_none() {
            k.tick(now);
            now += 16.0;
            frames += 1;
            assert!(frames <= bound, "seed {seed}: no verdict in {bound} frames");
        }
    }
}

#[test]
fn keeps_the_position_traits_contract() {
    for variant in crate::klondike::variant::Variant::ALL {
        for seed in [1, 2] {
            let state = State::deal(variant.rules(Rules::default()), Seed(seed));
            crate::shell::position::check_contract(&state, 40);
        }
    }
}

#[test]
fn a_setting_that_changes_the_deal_waits_for_the_next_game() {
    // Found by the soak: changing the variant mid-game changed the save's
    // settings but not the game, so the save replayed another deal.
    let mut k = game(4);
    k.play(stock_move(k.state())).unwrap();
    let dealt = k.state().clone();
    k.set_option("variant", "agnes").unwrap();
    k.set_option("auto-move", "off").unwrap();
    assert_eq!(k.option("variant"), Some("agnes"), "the choice is shown");
    assert_eq!(*k.state(), dealt, "the game in play is unchanged");
    assert_eq!(
        k.settings().auto_move,
        super::settings::AutoMove::Off,
        "other settings apply at once"
    );
    let saved = k.save();
    let mut other = game(9);
    other.load(&saved).expect("the save replays its own deal");
    assert_eq!(other.state(), k.state());
    k.new_game(Seed(5));
    assert_eq!(k.state().rules.variant, super::variant::Variant::Agnes);
}

#[test]
fn a_left_handed_table_has_its_stock_top_right_and_plays_the_same() {
    let mut k = game(5);
    k.set_option("hand", "left").unwrap();
    let usual = Layout::for_board(board(), 7, 4);
    let left = usual.clone().left_handed();
    // The top row mirrored, the tableau as it was.
    assert!((left.stock.x + left.stock.w - (board().w - usual.stock.x)).abs() < 1e-9);
    assert!(left.stock.x > left.waste.x && left.waste.x > left.foundations[0].x);
    assert!(left.foundations.iter().all(|f| f.x < board().w / 2.0));
    assert_eq!(left.tableau, usual.tableau);
    // The stock answers where it is drawn, and the old place deals nothing.
    let tap = |k: &mut Klondike, at: Point| k.gesture(Gesture::Tap { at, count: 1 }, board());
    assert!(!tap(&mut k, usual.stock.center()).changed);
    assert!(tap(&mut k, left.stock.center()).changed);
    assert_eq!(k.state().waste.len(), 1);
    // Draw three fans the waste leftwards, away from the stock.
    k.set_option("draw", "3").unwrap();
    k.new_game(Seed(5));
    tap(&mut k, left.stock.center());
    let sprites = view::scene(k.state(), &Layout::of(board(), k.state(), true));
    let xs: Vec<f64> = sprites
        .iter()
        .filter(|s| s.pile == Pile::Waste)
        .map(|s| s.rect.x)
        .collect();
    assert_eq!(xs.len(), 3);
    assert!(xs.windows(2).all(|w| w[1] < w[0]), "{xs:?}");
    assert!(xs.iter().all(|&x| x + view::CARD.w <= left.stock.x + 1e-9));
}

#[test]
fn the_timer_and_the_score_can_be_hidden() {
    let mut k = game(5);
    let status = k.status();
    assert!(
        status.contains("Score") && status.contains("Time"),
        "{status}"
    );
    k.set_option("timer", "hidden").unwrap();
    let status = k.status();
    assert!(
        status.contains("Score") && !status.contains("Time"),
        "{status}"
    );
    k.set_option("score", "hidden").unwrap();
    assert!(!k.status().contains("Score"), "{}", k.status());
    // Vegas money is the score there, and hides with it.
    k.set_option("scoring", "vegas").unwrap();
    k.new_game(Seed(5));
    assert!(!k.status().contains('$'), "{}", k.status());
}

#[test]
fn preferences_stay_out_of_links_but_in_the_save() {
    use crate::games::GameKind;
    use crate::host::params::query_for;
    let mut k = game(5);
    for (key, value) in [
        ("hand", "left"),
        ("indices", "large"),
        ("back", "red"),
        ("timer", "hidden"),
        ("score", "hidden"),
        ("deck", "four-colour"),
    ] {
        k.set_option(key, value).unwrap();
    }
    assert_eq!(query_for(GameKind::Klondike, &k), "?game=klondike&seed=5");
    let mut again = game(1);
    again.load(&k.save()).unwrap();
    assert_eq!(again.option("hand"), Some("left"));
    assert_eq!(again.option("back"), Some("red"));
}

#[test]
fn a_key_or_a_tap_ends_the_win_s_cascade() {
    let won = |k: &mut Klondike| {
        let mut s = State::new(
            Rules {
                tableau: 1,
                ..Rules::default()
            },
            vec![col(0, "KS")],
            vec![],
        );
        s.foundations = vec![13, 13, 13, 12];
        set_up(k, s);
        k.set_reduced_motion(false);
        k.tick(1000.0);
        k.play(Move::TableauToFoundation(0)).unwrap();
        assert!(k.state().is_won());
        k.tick(1100.0);
        assert!(k.ui().celebrating(1100.0).is_some(), "the cascade runs");
    };
    let mut k = game(1);
    won(&mut k);
    assert_eq!(k.key(Key::Right, BOARD), Outcome::redraw());
    assert!(k.ui().celebrating(1100.0).is_none(), "a key ended it");
    won(&mut k);
    let tap = Gesture::Tap {
        at: Point::new(5.0, 5.0),
        count: 1,
    };
    assert_eq!(k.gesture(tap, board()), Outcome::redraw());
    assert!(k.ui().celebrating(1100.0).is_none(), "a tap ended it");
}

/// What choosing the daily deal costs on the page (a search run at once,
/// not in slices): the days of 2026. Figures in BENCHMARKS.md.
#[test]
#[ignore = "a measurement: cargo test --release --lib klondike::tests::daily_cost -- --ignored --nocapture"]
fn daily_cost() {
    use crate::shell::daily::Day;
    let mut times = Vec::new();
    let mut tries = Vec::new();
    for n in 0..365 {
        let day = Day(20_454 + n);
        let t = std::time::Instant::now();
        let mut s = Settings::default();
        let d = KlondikeDef::daily(&mut s, day.seed()).unwrap();
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        tries.push(d.seed.0 - day.seed().0 + 1);
    }
    times.sort_by(f64::total_cmp);
    tries.sort();
    println!(
        "ms median {:.1} p90 {:.1} max {:.1}; tries median {} max {}",
        times[182], times[328], times[364], tries[182], tries[364]
    );
}

/// A stand-in for the page's worker: it takes the helper's questions and
/// answers the pending one with the summary search when told to (the page's
/// worker answers between frames). Dropped, it fails, as a worker that
/// stopped would, and the helper is gone.
struct Worker {
    port: std::rc::Rc<StandIn>,
    helper: helper::Helper,
}

/// The stand-in's port: the message posted last, its desk, and the way back.
#[derive(Default)]
struct StandIn {
    posted: std::cell::RefCell<Option<(u32, String, helper::Mailbox)>>,
}

impl helper::Port for StandIn {
    fn post(&self, desk: u32, message: &str, _: bool, mail: &helper::Mailbox) -> bool {
        *self.posted.borrow_mut() = Some((desk, message.to_owned(), mail.clone()));
        true
    }
    fn close(&self, _: u32) {}
}

impl Worker {
    fn install() -> Worker {
        let port = std::rc::Rc::new(StandIn::default());
        let helper = helper::Helper::new(port.clone());
        Worker { port, helper }
    }

    /// A game of `seed` whose positions go to this worker.
    fn game(&self, seed: u64) -> Klondike {
        let mut k = game(seed);
        k.set_helper(self.helper.clone());
        k.new_game(Seed(seed));
        k
    }

    /// Answers the message posted last with `text`, as a worker would.
    fn answer_with(&self, text: &str) {
        let (desk, message, mail) = self.port.posted.borrow_mut().take().expect("a question");
        let reply = helper::reply(&message, |_| text.to_owned());
        mail.deliver(desk, &reply.expect("a message"));
    }

    /// Answers the message posted last; whether there was one.
    fn answer(&self) -> bool {
        let Some((desk, message, mail)) = self.port.posted.borrow_mut().take() else {
            return false;
        };
        let reply = helper::reply(&message, |q| crate::klondike::remote::answer(q, || 0.0));
        mail.deliver(desk, &reply.expect("a message"));
        true
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        if let Some((_, _, mail)) = self.port.posted.borrow_mut().take() {
            mail.fail();
        }
    }
}

/// Draw-1 deals 3 and 30: the search here leaves both unknown within the
/// indicator's budget; the summary search decides them (3 is lost, 30 won).
const UNDECIDED_HERE: [u64; 2] = [3, 30];

#[test]
fn with_the_pages_helper_a_fresh_deals_indicator_is_decided() {
    let worker = Worker::install();
    for (seed, want) in UNDECIDED_HERE
        .into_iter()
        .zip(["Cannot be won", "Still winnable"])
    {
        let mut k = worker.game(seed);
        k.set_option("indicator", "on").unwrap();
        k.new_game(Seed(seed));
        k.tick(0.0);
        assert_eq!(
            k.ui().verdict(),
            None,
            "deal {seed}: the answer is still out"
        );
        assert!(k.ui().checking());
        assert!(worker.answer(), "deal {seed}: the helper was asked");
        k.tick(16.0);
        assert_eq!(k.ui().verdict(), Some(want), "deal {seed}");
        assert!(!k.ui().checking());
    }
}

/// Deal 30 with the indicator on, its first round answered `deeper` (its
/// positions ran out with time to spare): the helper is asked again.
fn checked_further(worker: &Worker) -> Klondike {
    let mut k = worker.game(30);
    k.set_option("indicator", "on").unwrap();
    k.new_game(Seed(30));
    k.tick(0.0);
    assert!(k.status().contains("Checking…"), "{}", k.status());
    worker.answer_with("deeper");
    k.tick(16.0);
    assert!(k.ui().checking_further());
    k
}

#[test]
fn a_position_the_helpers_first_round_leaves_undecided_is_checked_further() {
    let worker = Worker::install();
    let mut k = checked_further(&worker);
    assert!(
        !k.ui().checking(),
        "Hint does not wait for the deeper round"
    );
    assert!(k.status().contains("Checking further…"), "{}", k.status());
    let posted = worker.port.posted.borrow().as_ref().map(|p| p.1.clone());
    assert!(
        posted.is_some_and(|m| m.contains(" deeper ")),
        "the deeper round was asked"
    );
    // Meanwhile, Hint answers as for a position not known to be winnable.
    let said = k.hint().message.unwrap_or_default();
    assert!(said.starts_with("Hint"), "{said}");
    assert!(!said.starts_with("Hint (on a winning line)"), "{said}");
    // The deeper round's verdict is the indicator's.
    assert!(worker.answer());
    k.tick(32.0);
    assert!(!k.ui().checking_further());
    assert!(k.status().contains("Still winnable"), "{}", k.status());
    // Once the first hint's outline has faded, Hint keeps to the line.
    k.tick(5_000.0);
    k.tick(5_016.0);
    let said = k.hint().message.unwrap_or_default();
    assert!(said.starts_with("Hint (on a winning line)"), "{said}");
}

#[test]
fn hint_pressed_in_the_first_round_answers_when_it_ends_undecided() {
    let worker = Worker::install();
    let mut k = worker.game(30);
    let waiting = k.hint();
    assert_eq!(waiting.message.as_deref(), Some("Looking for a hint…"));
    worker.answer_with("deeper");
    // It answers with the first round's verdict, not the deeper one's.
    let came = k.tick(16.0).message.unwrap_or_default();
    assert!(k.ui().checking_further());
    assert!(came.starts_with("Hint"), "{came}");
    assert!(!came.starts_with("Hint (on a winning line)"), "{came}");
}

#[test]
fn a_deeper_round_that_never_ends_leaves_the_first_rounds_verdict() {
    let worker = Worker::install();
    let mut k = checked_further(&worker);
    // The worker fails (or a newer question replaced this one).
    drop(worker);
    k.tick(32.0);
    assert!(!k.ui().checking_further());
    assert!(!k.ui().checking());
    assert_eq!(k.ui().verdict(), Some("Winnable?"));
}

#[test]
fn a_hint_follows_the_helpers_winning_line() {
    // Deal 30 singly: too hard for the hint's own short search.
    let mut k = game(30);
    let on_its_own = k.hint().message.unwrap_or_default();
    assert!(
        !on_its_own.starts_with("Hint (on a winning line)"),
        "{on_its_own}"
    );
    let worker = Worker::install();
    let mut k = worker.game(30);
    assert!(worker.answer());
    k.tick(0.0);
    let said = k.hint().message.unwrap_or_default();
    assert!(said.starts_with("Hint (on a winning line)"), "{said}");
    let mv = k.hinted().expect("outlined");
    assert_eq!(k.ui().known().and_then(|j| j.first), Some(mv));
}

#[test]
fn hint_pressed_before_the_helpers_verdict_waits_for_it() {
    // Deal 30 singly: the page's own search has no winning line for it,
    // the helper's has.
    let worker = Worker::install();
    let mut k = worker.game(30);
    let waiting = k.hint();
    assert_eq!(waiting.message.as_deref(), Some("Looking for a hint…"));
    assert_eq!(k.hinted(), None, "nothing outlined yet");
    assert!(worker.answer());
    let came = k.tick(16.0);
    let said = came.message.unwrap_or_default();
    assert!(said.starts_with("Hint (on a winning line)"), "{said}");
    assert_eq!(k.hinted(), k.ui().known().and_then(|j| j.first));
    // Pressed after the verdict, it says the same at once.
    let mut again = worker.game(30);
    assert!(worker.answer());
    again.tick(0.0);
    assert_eq!(again.hint().message.as_deref(), Some(said.as_str()));
    // A move before the verdict comes drops the wait: the next answer is
    // the new position's verdict, not a hint.
    let mut moved = worker.game(30);
    moved.hint();
    let mv = moved
        .state()
        .legal_moves()
        .into_iter()
        .next()
        .expect("a move");
    moved.play(mv).expect("legal");
    worker.answer();
    assert_eq!(moved.tick(32.0).message, None);
}

#[test]
fn a_hint_never_leads_back_to_where_the_game_has_been() {
    // Dealt singly through the whole stock, turning the waste over brings
    // back the deal as it began: a "winning line" that starts so is not
    // offered (lines from two positions can undo each other's first move).
    let worker = Worker::install();
    let mut k = worker.game(30);
    k.set_option("auto-move", "off").expect("an option");
    let mut frame = 0.0;
    while k.state().check(Move::Deal).is_ok() {
        worker.answer();
        k.play(Move::Deal).expect("a card to deal");
        frame += 16.0;
        k.tick(frame);
    }
    worker.answer_with("won R");
    k.tick(frame + 16.0);
    assert_eq!(k.ui().known().and_then(|j| j.first), Some(Move::Recycle));
    let said = k.hint().message.unwrap_or_default();
    assert!(!said.starts_with("Hint (on a winning line)"), "{said}");
    assert_ne!(k.hinted(), Some(Move::Recycle), "{said}");
}

#[test]
fn no_solver_here_shows_only_where_nothing_judges_the_position() {
    let worker = Worker::install();
    for (variant, judged) in [("agnes", true), ("double-solitaire", false)] {
        let mut k = worker.game(5);
        k.set_option("variant", variant).expect("a variant");
        k.set_option("indicator", "on").expect("an option");
        k.new_game(Seed(5));
        k.tick(0.0);
        let asked = k.status();
        assert!(
            !asked.contains("No solver here"),
            "{variant}, while asked: {asked}"
        );
        assert!(worker.answer());
        k.tick(16.0);
        let answered = k.status();
        assert_eq!(
            answered.contains("No solver here"),
            !judged,
            "{variant}: {answered}"
        );
    }
}

#[test]
fn a_winning_hint_turns_a_card_before_it_deals_and_pressed_again_offers_another() {
    use crate::klondike::coach;
    // Seed 7 singly (the solver's line begins at the stock): the helper's
    // hint is the most natural move that still wins.
    let worker = Worker::install();
    let mut k = worker.game(7);
    assert!(worker.answer());
    k.tick(0.0);
    let state = k.state().clone();
    let natural = coach::natural(&state);
    assert!(!natural.is_empty(), "a card to turn or build");
    let said = k.hint().message.unwrap_or_default();
    assert!(said.starts_with("Hint (on a winning line)"), "{said}");
    let mv = k.hinted().expect("outlined");
    assert_ne!(mv, Move::Deal, "{said}");
    assert_eq!(
        coach::rank(&state, mv),
        coach::rank(&state, natural[0]),
        "{said}"
    );
    // Pressed again: the next useful move, then round again.
    let again = k.hint().message.unwrap_or_default();
    assert!(again.starts_with("Another move: "), "{again}");
    let second = k.hinted().expect("outlined");
    assert_ne!(second, mv);
    let mut seen = vec![mv, second];
    for _ in 0..natural.len() + 2 {
        k.hint();
        seen.push(k.hinted().expect("outlined"));
    }
    assert!(seen[2..].contains(&mv), "the cycle comes round: {seen:?}");
}

#[test]
fn a_foundation_hint_outlines_where_the_card_goes() {
    use crate::shell::paint::{Op, Recorder};
    // The first deal whose hint puts a card up.
    let (k, mv) = (1..200)
        .find_map(|seed| {
            let mut k = game(seed);
            k.hint();
            let mv = k.hinted()?;
            matches!(mv, Move::WasteToFoundation | Move::TableauToFoundation(_)).then_some((k, mv))
        })
        .expect("a deal whose hint goes to a foundation");
    let mut r = Recorder::default();
    k.draw(&mut r, board());
    let card = k.state().moving_card(mv).expect("a card moves");
    let f = k.state().foundation_for(card).expect("its foundation");
    let layout = crate::klondike::table::layout_on(&k.view(), board());
    // The hint's outline: the foundation's slot, a little larger.
    let ring = layout.slot(Pile::Foundation(f)).inflate(3.0);
    let outlined = |r: &Recorder| {
        r.ops
            .iter()
            .any(|op| matches!(op, Op::StrokeRect(rect, ..) if *rect == ring))
    };
    assert!(outlined(&r), "the {card:?}'s foundation is outlined");
    // Without the hint, it is not.
    let fresh = game(k.view().seed.0);
    let mut plain = Recorder::default();
    fresh.draw(&mut plain, board());
    assert!(!outlined(&plain));
}

#[test]
fn a_move_makes_the_helper_judge_the_new_position() {
    let worker = Worker::install();
    let mut k = worker.game(30);
    assert!(worker.answer());
    k.tick(0.0);
    let first = k
        .ui()
        .known()
        .and_then(|j| j.first)
        .expect("a win's first move");
    k.play(first).expect("the win's first move is legal");
    assert_eq!(k.ui().known(), None, "the old verdict is stale");
    assert!(worker.answer(), "the new position was posted");
    k.tick(16.0);
    assert_eq!(k.ui().known().map(|j| j.found), Some(Found::Winnable));
}

#[test]
fn when_the_helper_fails_the_game_judges_for_itself() {
    let worker = Worker::install();
    let mut k = worker.game(1);
    k.set_option("indicator", "on").unwrap();
    k.new_game(Seed(1));
    let helper = worker.helper.clone();
    drop(worker);
    let mut now = 0.0;
    let bound = JUDGE_NODES.div_ceil(u64::from(JOB_PACE.first_slice)) + 3;
    for _ in 0..bound {
        k.tick(now);
        now += 16.0;
    }
    assert_eq!(k.ui().verdict(), Some("Still winnable"));
    // Later positions are judged here from the start.
    assert!(helper.failed());
}

#[test]
fn a_dragged_card_is_lifted_over_a_shadow() {
    use crate::shell::paint::{Color, Op, Recorder};
    let mut k = game(9);
    let top = top_card(&k, 3);
    let shadows = |k: &Klondike| {
        let mut r = Recorder::default();
        k.draw(&mut r, board());
        r.count(|op| matches!(op, Op::FillRect(_, c) if *c == Color::rgba(0, 0, 0, 70)))
    };
    assert_eq!(shadows(&k), 0, "nothing lifted at rest");
    let (from, at) = (
        top.center(),
        Point::new(top.center().x + 40.0, top.center().y + 60.0),
    );
    k.gesture(Gesture::Press(from), board());
    k.gesture(Gesture::DragStart { from, at: from }, board());
    k.gesture(Gesture::DragMove(at), board());
    assert_eq!(shadows(&k), 1, "the dragged card casts one shadow");
}

#[test]
fn every_variant_s_targets_are_a_finger_s_width_on_a_phone() {
    use crate::klondike::variant::Variant;
    use crate::shell::geom::Fit;
    // A 360 px phone's stage under the toolbar, message and status lines.
    let css = Size::new(360.0, 520.0);
    for v in Variant::ALL {
        for decks in ["1", "2", "3"] {
            if decks != "1" && v != Variant::Easthaven {
                continue;
            }
            let mut k = game(7);
            k.set_option("variant", v.slug()).unwrap();
            k.set_option("decks", decks).unwrap();
            k.new_game(Seed(7));
            let board = k.board_size(css);
            let scale = Fit::new(board, css).scale;
            let t = k.smallest_target(board).unwrap();
            let (w, h) = (t.w * scale, t.h * scale);
            assert!(
                w >= 24.0 && h >= 24.0,
                "{} ({decks} decks): {w:.1} × {h:.1} px",
                v.slug()
            );
        }
    }
}
