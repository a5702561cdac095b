//! Triangular dominoes: whole hands in every rule set, computers against
//! computers and a person (moving by Hint) against the strong computer.

use crate::common::{
    canvas, enabled, moves, open_browser, open_fresh, press, said, status, tap_on, until_unstalled,
    Browser, Device, SEEN_MESSAGE,
};
use parlour::dominoes::rules::Move;
use parlour::dominoes::{corner_buttons, Dominoes};
use parlour::shell::geom::Fit;
use parlour::shell::Game;
use parlour::Seed;
use std::time::Duration;

/// The computer's longest think (its time limit and the pause before it
/// plays), with room for a loaded machine: no change for longer is a stall.
const STALL: Duration = Duration::from_secs(15);
/// A whole hand, at most.
const HAND: Duration = Duration::from_secs(240);

/// The end of a hand, as the status line says it.
const HAND_OVER: &str = "const s = document.querySelector('.parlour-status').textContent; \
     return s.includes('went out') || s.includes('Blocked')";

pub fn game(pairs: &[(&str, &str)], seed: u64) -> Dominoes {
    let mut d = Dominoes::new(Seed(seed));
    for (k, v) in pairs {
        d.set_option(k, v).expect("a valid option");
    }
    d.new_game(Seed(seed));
    d
}

fn query(pairs: &[(&str, &str)], seed: u64) -> String {
    crate::common::game_query("dominoes", seed, pairs)
}

fn hand_over(d: &Dominoes) -> bool {
    d.position().hand().end().is_some()
}

/// Plays into `mirror` the page's moves it has not seen yet.
fn follow(mirror: &mut Dominoes, page: &[String]) {
    let seen = mirror.moves().len();
    for text in &page[seen.min(page.len())..] {
        mirror
            .play_text(text)
            .unwrap_or_else(|e| panic!("the page's move {text} is legal in the mirror: {e}"));
    }
}

/// Computers only: the page plays a whole hand by itself, exactly as the
/// crate does natively.
async fn computers_play_a_hand(name: &str, pairs: &[(&str, &str)], seed: u64) {
    if !enabled(name) {
        return;
    }
    let mut mirror = game(pairs, seed);
    mirror.run_computers();
    assert!(hand_over(&mirror), "{name}: the native hand ends");
    let b = open_browser(Device::Desktop {
        width: 1100,
        height: 800,
    })
    .await;
    open_fresh(&b, &query(pairs, seed)).await;
    until_unstalled(&b, name, HAND_OVER, STALL, HAND).await;
    assert_eq!(
        moves(&b).await,
        mirror.moves(),
        "{name}: the same hand as natively"
    );
    b.assert_clean_console(name).await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn points_strong_against_greedy_plays_a_whole_hand() {
    computers_play_a_hand(
        "points_strong_against_greedy_plays_a_whole_hand",
        &[("rules", "points"), ("p1", "strong"), ("p2", "greedy")],
        4,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn muggins_strong_against_strong_plays_a_whole_hand() {
    computers_play_a_hand(
        "muggins_strong_against_strong_plays_a_whole_hand",
        &[("rules", "muggins"), ("p1", "strong"), ("p2", "strong")],
        5,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn star_three_players_with_the_boss_play_a_whole_hand() {
    computers_play_a_hand(
        "star_three_players_with_the_boss_play_a_whole_hand",
        &[
            ("rules", "star"),
            ("boss", "on"),
            ("players", "3"),
            ("p1", "greedy"),
            ("p2", "strong"),
            ("p3", "random"),
        ],
        6,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn tri_ominos_four_players_play_a_whole_hand() {
    computers_play_a_hand(
        "tri_ominos_four_players_play_a_whole_hand",
        &[
            ("rules", "triominos"),
            ("target", "one"),
            ("players", "4"),
            ("p1", "strong"),
            ("p2", "random"),
            ("p3", "greedy"),
            ("p4", "strong"),
        ],
        7,
    )
    .await;
}

/// The person's line when every move is Hint's, and how many corner plays it holds.
fn hinted_hand(pairs: &[(&str, &str)], seed: u64) -> (Dominoes, usize) {
    let mut d = game(pairs, seed);
    let mut corners = 0;
    loop {
        d.run_computers();
        if hand_over(&d) {
            return (d, corners);
        }
        let mv = d.hint_move().expect("a hint on the person's turn");
        corners += usize::from(matches!(mv, Move::Place(p) if p.corner.is_some()));
        assert!(d.play_hand(mv).changed);
    }
}

/// Plays the person's turns by Hint through the page, from where the page
/// and `mirror` stand, while the computers play theirs, to the hand's end
/// (true) or for `limit` turns (false).
pub async fn hand_by_hint(
    b: &Browser,
    mirror: &mut Dominoes,
    name: &str,
    device: Device,
    limit: usize,
) -> bool {
    let mut turns = 0;
    loop {
        until_unstalled(
            b,
            name,
            &format!("{HAND_OVER} || s.includes('your turn');"),
            STALL,
            HAND,
        )
        .await;
        follow(mirror, &moves(b).await);
        if hand_over(mirror) {
            break true;
        }
        if turns == limit {
            break false;
        }
        turns += 1;
        assert!(turns < 80, "{name}: the hand goes on and on");
        person_move(b, mirror, device).await;
    }
}

/// A person plays Hint's move each turn, through the page: the Hint button,
/// then a tap on the hinted cell (or a drag of the hinted tile there, on a
/// touch screen), the corner prompt's digits tapped when it asks, and the
/// banner's button to draw or pass.
async fn person_plays_by_hint(name: &str, device: Device, pairs: &[(&str, &str)], seed: u64) {
    let b = open_browser(device).await;
    open_fresh(&b, &query(pairs, seed)).await;
    let mut mirror = game(pairs, seed);
    assert!(hand_by_hint(&b, &mut mirror, name, device, usize::MAX).await);
    assert!(
        status(&b).await.contains("went out") || status(&b).await.contains("Blocked"),
        "{name}: {}",
        status(&b).await
    );
    b.assert_clean_console(name).await;
    b.close().await;
}

async fn person_move(b: &Browser, mirror: &mut Dominoes, device: Device) {
    let before = moves(b).await.len();
    let mv = mirror.hint_move().expect("a hint");
    press(b, "hint").await;
    assert!(said(b).await.starts_with("Hint"), "{}", said(b).await);
    let (el, css) = canvas(b).await;
    let board = mirror.board_size(css);
    let fit = Fit::new(board, css);
    let touch = device.touch();
    match mv {
        Move::Place(p) => {
            let cell = fit.to_css(mirror.cell_point(p.at.cell, board));
            let slot = mirror.tray().iter().position(|&t| t == p.at.tile);
            match slot {
                Some(slot) if touch => {
                    let from = fit.to_css(mirror.tray_point(slot, board));
                    crate::common::drag_on(b, &el, css, from, cell, true).await;
                }
                _ => tap_on(b, &el, css, cell, touch).await,
            }
            if let Some([x, y]) = p.corner {
                // The prompt comes filled in with the corner's numbers: Play confirms them.
                let shows = format!("A corner-to-corner play: the corner shows {x} and {y}.");
                b.wait_for(
                    "the corner prompt",
                    &format!("return {SEEN_MESSAGE}.startsWith({shows:?});"),
                )
                .await;
                let max = mirror.position().rules().pips.max();
                let (_, play, _) = corner_buttons(board, max);
                tap_on(b, &el, css, fit.to_css(play.center()), touch).await;
            }
        }
        Move::Draw | Move::Pass => {
            tap_on(b, &el, css, fit.to_css(mirror.banner_point(board)), touch).await;
        }
    }
    b.wait_for(
        &format!("the person's {mv}"),
        &format!("return window.parlour.moves().length > {before};"),
    )
    .await;
    let page = moves(b).await;
    assert_eq!(page[before], mv.to_string(), "the page played Hint's move");
    follow(mirror, &page);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_person_plays_star_with_the_boss_by_hint_against_the_strong_computer() {
    let name = "a_person_plays_star_with_the_boss_by_hint_against_the_strong_computer";
    if !enabled(name) {
        return;
    }
    let pairs: &[(&str, &str)] = &[("rules", "star"), ("boss", "on")];
    // A deal whose hinted line has a corner play for the prompt.
    let seed = (1..60)
        .find(|&s| hinted_hand(pairs, s).1 > 0)
        .expect("a deal with a hinted corner play");
    person_plays_by_hint(
        name,
        Device::Desktop {
            width: 1100,
            height: 800,
        },
        pairs,
        seed,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn on_a_phone_a_person_plays_points_by_hint_with_touch_drags() {
    let name = "on_a_phone_a_person_plays_points_by_hint_with_touch_drags";
    if !enabled(name) {
        return;
    }
    person_plays_by_hint(name, Device::Phone, &[("boss", "on")], 8).await;
}
