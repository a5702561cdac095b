//! Phutball: a person against each computer level, and a whole game to a
//! goal on the 9×7 board with chains built by taps and by a drag.

use crate::common::{
    canvas, enabled, moves, open_browser, open_fresh, perform_path, status, tap_on,
    until_unstalled, Browser, Device,
};
use parlour::phutball::ai::{self, Level};
use parlour::phutball::{notation, Geometry, Phutball, Pt};
use parlour::shell::geom::{Fit, Point};
use parlour::shell::Game;
use parlour::util::rng::Rng;
use parlour::Seed;
use std::time::Duration;

/// The computer's longest think and its pause, with room for a loaded machine.
const STALL: Duration = Duration::from_secs(10);
/// A whole game, at most.
const GAME: Duration = Duration::from_secs(180);

pub fn game(pairs: &[(&str, &str)]) -> Phutball {
    let mut g = Phutball::new(Seed(1));
    for (k, v) in pairs {
        g.set_option(k, v).expect("a valid option");
    }
    g.new_game(Seed(1));
    g
}

fn query(pairs: &[(&str, &str)]) -> String {
    crate::common::game_query("phutball", 1, pairs)
}

/// The points a move's text names: one for a placement, the ball and each
/// landing for a jump.
fn points(text: &str) -> Vec<Pt> {
    text.split('-')
        .map(|p| p.parse().expect("a point"))
        .collect()
}

/// Where point `p` is drawn on the page.
async fn at(b: &Browser, g: &Phutball, p: Pt) -> Point {
    let (_, css) = canvas(b).await;
    let board = g.board_size(css);
    let geo = Geometry::new(g.position().board().options.dims);
    Fit::new(board, css).to_css(geo.point(p))
}

/// Makes the move `text` through the page: a tap for a placement; for a
/// jump, taps on the ball and each landing, the last one tapped again to
/// finish, or one drag through every landing.
async fn make(b: &Browser, g: &Phutball, text: &str, drag: bool, touch: bool) {
    let (el, css) = canvas(b).await;
    let mut pts = Vec::new();
    for p in points(text) {
        pts.push(at(b, g, p).await);
    }
    if drag {
        perform_path(b, &el, css, &pts, touch).await;
        return;
    }
    for &p in &pts {
        tap_on(b, &el, css, p, touch).await;
    }
    if pts.len() > 1 {
        if let Some(&last) = pts.last() {
            tap_on(b, &el, css, last, touch).await;
        }
    }
}

/// Makes `text`, waits for the page to record it, and follows it natively.
pub async fn play(b: &Browser, mirror: &mut Phutball, text: &str, drag: bool, touch: bool) {
    let before = moves(b).await.len();
    make(b, mirror, text, drag, touch).await;
    b.wait_for(
        &format!("the move {text}"),
        &format!("return window.parlour.moves().length > {before};"),
    )
    .await;
    assert_eq!(moves(b).await[before], text, "the page played {text}");
    mirror.play_text(text).expect("legal in the mirror");
}

/// The scripted 9×7 game for two people to Ohs' goal: a chain by taps,
/// then one by a drag (true: by a drag).
pub const NINE_BY_SEVEN: [(&str, bool); 7] = [
    ("E5", false),
    ("F6", false),
    ("D5-F5-F7", false),
    ("E7", false),
    ("D8", false),
    ("A1", false),
    ("F7-D7-D9", true),
];

/// A scripted game on 9×7 for two people on one device, to Ohs' goal: a
/// two-jump chain by taps, then a two-jump chain to the goal by one drag.
async fn goal_on_nine_by_seven(name: &str, device: Device) {
    let pairs = [("board", "9x7")];
    let b = open_browser(device).await;
    open_fresh(&b, &query(&pairs)).await;
    let mut mirror = game(&pairs);
    let touch = device.touch();
    for (text, drag) in NINE_BY_SEVEN {
        play(&b, &mut mirror, text, drag, touch).await;
    }
    b.wait_for(
        "the goal",
        "return document.querySelector('.parlour-status').textContent.startsWith('Goal! Ohs win');",
    )
    .await;
    assert_eq!(moves(&b).await, mirror.moves());
    b.assert_clean_console(name).await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_on_nine_by_seven_ends_in_a_goal_by_taps_and_a_drag() {
    let name = "a_game_on_nine_by_seven_ends_in_a_goal_by_taps_and_a_drag";
    if enabled(name) {
        goal_on_nine_by_seven(
            name,
            Device::Desktop {
                width: 1000,
                height: 800,
            },
        )
        .await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn on_a_phone_a_game_ends_in_a_goal_by_touch_taps_and_a_touch_drag() {
    let name = "on_a_phone_a_game_ends_in_a_goal_by_touch_taps_and_a_touch_drag";
    if enabled(name) {
        goal_on_nine_by_seven(name, Device::Phone).await;
    }
}

/// A person (Ohs, moving first) plays the greedy computer's choice for
/// themselves against `level` on the rules' board, for `length` moves or to
/// a goal.
async fn person_against(level: &str, length: usize) {
    let name = format!("a_person_plays_phutball_against_the_{level}_computer");
    if !enabled(&name) {
        return;
    }
    let pairs = [("opponent", level), ("computer", "eks")];
    let b = open_browser(Device::Desktop {
        width: 1100,
        height: 800,
    })
    .await;
    open_fresh(&b, &query(&pairs)).await;
    let mut mirror = game(&pairs);
    let mut rng = Rng::new(Seed(7));
    loop {
        until_unstalled(
            &b,
            &name,
            "const s = document.querySelector('.parlour-status').textContent; \
             return s.startsWith('Goal!') || s.startsWith('Drawn') || s.startsWith('Ohs to move');",
            STALL,
            GAME,
        )
        .await;
        let page = moves(&b).await;
        for text in &page[mirror.moves().len()..] {
            mirror
                .play_text(text)
                .expect("the computer's move is legal");
        }
        let s = status(&b).await;
        if !s.starts_with("Ohs to move") || page.len() >= length {
            break;
        }
        let (mv, _) = ai::choose(mirror.position().board(), Level::Greedy, &mut rng, 0);
        let text = notation::format(mirror.position().board(), mv.expect("a move"));
        play(&b, &mut mirror, &text, false, false).await;
    }
    let s = status(&b).await;
    assert!(
        moves(&b).await.len() >= length || s.starts_with("Goal!"),
        "{name}: {s}"
    );
    b.assert_clean_console(&name).await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_person_plays_phutball_against_the_random_computer() {
    person_against("random", 30).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_person_plays_phutball_against_the_greedy_computer() {
    person_against("greedy", 30).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_person_plays_phutball_against_the_strong_computer() {
    person_against("strong", 30).await;
}

/// The expert thinks three seconds a move: a shorter game.
#[tokio::test(flavor = "multi_thread")]
async fn a_person_plays_phutball_against_the_expert_computer() {
    person_against("expert", 12).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_computer_plays_both_sides_of_a_game_by_itself() {
    let name = "the_computer_plays_both_sides_of_a_game_by_itself";
    if !enabled(name) {
        return;
    }
    let b = open_browser(Device::Desktop {
        width: 1000,
        height: 800,
    })
    .await;
    open_fresh(
        &b,
        &query(&[
            ("board", "9x7"),
            ("opponent", "greedy"),
            ("computer", "both"),
        ]),
    )
    .await;
    until_unstalled(
        &b,
        name,
        "const s = document.querySelector('.parlour-status').textContent; \
         return s.startsWith('Goal!') || s.startsWith('Drawn') || window.parlour.moves().length >= 30;",
        STALL,
        GAME,
    )
    .await;
    b.assert_clean_console(name).await;
    b.close().await;
}
