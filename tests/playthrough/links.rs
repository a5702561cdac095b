//! A friend's challenge link never costs a player their game (issue 35).
//!
//! For each game, at desktop size and on a phone: the player has a game in
//! progress under rules of their own, opens a friend's link made under
//! other rules, sees on screen that their game is set aside, finishes the
//! friend's game under the friend's rules, then presses Resume and finishes
//! their own, exactly where they left it.

use crate::common::{enabled, moves, open_browser, open_fresh, press, Browser, Device};
use crate::{dominoes, klondike, phutball};
use parlour::games::GameKind;
use parlour::host::link::query_with_moves;
use parlour::shell::Game;
use serde_json::Value;
use std::time::Duration;

const DESKTOP: Device = Device::Desktop {
    width: 1100,
    height: 850,
};

/// Opens a friend's link over the game in progress, checks the notice on
/// screen and the Resume button, and waits for the friend's game.
async fn open_link(b: &Browser, name: &str, query: &str) {
    b.open(query).await;
    b.wait_for(
        "the friend's game",
        "return !!window.parlour && !!document.querySelector('.parlour canvas');",
    )
    .await;
    let shown = b
        .js("const n = document.querySelector('.parlour-notices'); \
             return !n.hidden && n.getBoundingClientRect().height > 0 ? n.textContent : '';")
        .await;
    let shown = shown.as_str().unwrap_or_default();
    assert!(
        shown.contains("game is set aside") && shown.contains("Resume"),
        "{name}: the player sees where their game went: {shown:?}"
    );
    assert!(
        !shown.contains("could not be opened"),
        "{name}: the link opened: {shown:?}"
    );
    b.screenshot(&format!("{name}-link-opened")).await;
}

/// Presses Resume through the page's own controls (the menu, on a phone),
/// and checks the game that comes back is the player's own.
async fn resume(b: &Browser, name: &str, device: Device, own_moves: &[String], own_query: &str) {
    let hidden = b
        .js("return document.querySelector('[data-action=resume]').hidden;")
        .await;
    assert_eq!(hidden, Value::Bool(false), "{name}: Resume is offered");
    if device.touch() {
        let opened = b
            .js("const m = document.querySelector('.parlour-menu-button'); m.click(); return m.getAttribute('aria-expanded');")
            .await;
        assert_eq!(opened.as_str(), Some("true"), "{name}: the menu opens");
    }
    press(b, "resume").await;
    b.wait_for(
        "the player's own game",
        "const n = document.querySelector('.parlour-notices'); \
         return !n.hidden && n.textContent.includes('game is back');",
    )
    .await;
    assert_eq!(
        moves(b).await,
        own_moves,
        "{name}: exactly where it was left"
    );
    let q = b.js("return window.parlour.query();").await;
    assert_eq!(
        q.as_str(),
        Some(own_query),
        "{name}: under the player's own rules"
    );
    b.screenshot(&format!("{name}-resumed")).await;
}

async fn klondike_round(name: &str, device: Device) {
    if !enabled(name) {
        return;
    }
    // The friend: a draw-1 deal that Hint's line wins, five moves in.
    let theirs: &[(&str, &str)] = &[("indicator", "on")];
    let seed = (1..60)
        .find(|&s| {
            matches!(
                klondike::rehearse(theirs, s, 400),
                Some((klondike::End::Won, _))
            )
        })
        .expect("a deal Hint wins");
    let mut friend = klondike::game(theirs, seed);
    for _ in 0..5 {
        let (mv, _) = klondike::next_move(&mut friend);
        friend.play(mv.expect("a move")).expect("legal");
    }
    let link = query_with_moves(GameKind::Klondike, &friend);
    assert!(!link.contains("draw="), "made under draw 1: {link}");
    // The player: draw 3, two moves in.
    let mine: &[(&str, &str)] = &[("draw", "3"), ("indicator", "on")];
    let b = open_browser(device).await;
    open_fresh(&b, &crate::common::game_query("klondike", 8, mine)).await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let mut own = klondike::game(mine, 8);
    assert_eq!(klondike::by_hint(&b, &mut own, name, device, 2).await, None);
    let own_query = b.js("return window.parlour.query();").await;
    let own_query = own_query.as_str().unwrap_or_default().to_owned();
    assert!(own_query.contains("draw=3"), "{own_query}");

    open_link(&b, name, &link).await;
    // The friend's moves replay by Redo, then the player plays on to the win.
    let q = b.js("return window.parlour.query();").await;
    assert!(
        !q.as_str().unwrap_or_default().contains("draw=3"),
        "the friend's rules: {q}"
    );
    while b
        .js("return !document.querySelector('[data-action=redo]').disabled;")
        .await
        == Value::Bool(true)
    {
        press(&b, "redo").await;
    }
    let mut theirs_here = klondike::game(theirs, seed);
    for text in friend.record() {
        theirs_here.play_text(&text).expect("the friend's move");
    }
    assert_eq!(moves(&b).await, theirs_here.record(), "{name}: replayed");
    tokio::time::sleep(Duration::from_millis(600)).await;
    let end = klondike::by_hint(&b, &mut theirs_here, name, device, usize::MAX).await;
    assert_eq!(end, Some(klondike::End::Won), "{name}: the friend's game");
    klondike::shows_end(&b, name, klondike::End::Won).await;
    b.screenshot(&format!("{name}-friend-won")).await;

    resume(&b, name, device, &own.record(), &own_query).await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let end = klondike::by_hint(&b, &mut own, name, device, usize::MAX)
        .await
        .expect("an end");
    klondike::shows_end(&b, name, end).await;
    b.screenshot(&format!("{name}-own-ended")).await;
    b.assert_clean_console(name).await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn klondike_a_friends_link_then_my_own_game_on_a_desktop() {
    klondike_round(
        "klondike_a_friends_link_then_my_own_game_on_a_desktop",
        DESKTOP,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn klondike_a_friends_link_then_my_own_game_on_a_phone() {
    klondike_round(
        "klondike_a_friends_link_then_my_own_game_on_a_phone",
        Device::Phone,
    )
    .await;
}

async fn phutball_round(name: &str, device: Device) {
    if !enabled(name) {
        return;
    }
    let touch = device.touch();
    // The friend: two people on the 9×7 board, six moves in.
    let theirs: &[(&str, &str)] = &[("board", "9x7")];
    let mut friend = phutball::game(theirs);
    for (text, _) in &phutball::NINE_BY_SEVEN[..6] {
        friend.play_text(text).expect("legal");
    }
    let link = query_with_moves(GameKind::Phutball, &friend);
    // The player: 9×7 with a draw after 200 moves, three moves in.
    let mine: &[(&str, &str)] = &[("board", "9x7"), ("move-cap", "200")];
    let b = open_browser(device).await;
    open_fresh(&b, &crate::common::game_query("phutball", 1, mine)).await;
    let mut own = phutball::game(mine);
    for &(text, drag) in &phutball::NINE_BY_SEVEN[..3] {
        phutball::play(&b, &mut own, text, drag, touch).await;
    }
    let own_query = b.js("return window.parlour.query();").await;
    let own_query = own_query.as_str().unwrap_or_default().to_owned();
    assert!(own_query.contains("move-cap=200"), "{own_query}");

    open_link(&b, name, &link).await;
    let q = b.js("return window.parlour.query();").await;
    assert!(
        !q.as_str().unwrap_or_default().contains("move-cap"),
        "the friend's rules: {q}"
    );
    assert_eq!(moves(&b).await, friend.moves());
    let (text, drag) = phutball::NINE_BY_SEVEN[6];
    phutball::play(&b, &mut friend, text, drag, touch).await;
    goal(&b).await;
    b.screenshot(&format!("{name}-friend-won")).await;

    resume(&b, name, device, &own.moves(), &own_query).await;
    for &(text, drag) in &phutball::NINE_BY_SEVEN[3..] {
        phutball::play(&b, &mut own, text, drag, touch).await;
    }
    goal(&b).await;
    b.screenshot(&format!("{name}-own-ended")).await;
    b.assert_clean_console(name).await;
    b.close().await;
}

async fn goal(b: &Browser) {
    b.wait_for(
        "the goal",
        "return document.querySelector('.parlour-status').textContent.startsWith('Goal! Ohs win');",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn phutball_a_friends_link_then_my_own_game_on_a_desktop() {
    phutball_round(
        "phutball_a_friends_link_then_my_own_game_on_a_desktop",
        DESKTOP,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn phutball_a_friends_link_then_my_own_game_on_a_phone() {
    phutball_round(
        "phutball_a_friends_link_then_my_own_game_on_a_phone",
        Device::Phone,
    )
    .await;
}

async fn dominoes_round(name: &str, device: Device) {
    if !enabled(name) {
        return;
    }
    // The friend: Points with the boss against the computer, three turns in.
    let theirs: &[(&str, &str)] = &[("boss", "on")];
    let mut friend = dominoes::game(theirs, 8);
    for _ in 0..3 {
        friend.run_computers();
        let mv = friend.hint_move().expect("the person's turn");
        assert!(friend.play_hand(mv).changed);
    }
    friend.run_computers();
    let link = query_with_moves(GameKind::Dominoes, &friend);
    // The player: Muggins against the computer, two turns in.
    let mine: &[(&str, &str)] = &[("rules", "muggins")];
    let b = open_browser(device).await;
    open_fresh(&b, &crate::common::game_query("dominoes", 5, mine)).await;
    let mut own = dominoes::game(mine, 5);
    assert!(!dominoes::hand_by_hint(&b, &mut own, name, device, 2).await);
    let own_query = b.js("return window.parlour.query();").await;
    let own_query = own_query.as_str().unwrap_or_default().to_owned();
    assert!(own_query.contains("rules=muggins"), "{own_query}");

    open_link(&b, name, &link).await;
    let q = b.js("return window.parlour.query();").await;
    assert!(
        !q.as_str().unwrap_or_default().contains("muggins"),
        "the friend's rules: {q}"
    );
    let mut theirs_here = dominoes::game(theirs, 8);
    for text in friend.moves() {
        theirs_here.play_text(&text).expect("the friend's move");
    }
    assert!(dominoes::hand_by_hint(&b, &mut theirs_here, name, device, usize::MAX).await);
    b.screenshot(&format!("{name}-friend-ended")).await;

    // The computer may still be thinking on the player's own game's turn:
    // the game comes back as it was saved, the computer's move to come.
    let own_moves = own.moves();
    resume(&b, name, device, &own_moves, &own_query).await;
    assert!(dominoes::hand_by_hint(&b, &mut own, name, device, usize::MAX).await);
    b.screenshot(&format!("{name}-own-ended")).await;
    b.assert_clean_console(name).await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn dominoes_a_friends_link_then_my_own_game_on_a_desktop() {
    dominoes_round(
        "dominoes_a_friends_link_then_my_own_game_on_a_desktop",
        DESKTOP,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn dominoes_a_friends_link_then_my_own_game_on_a_phone() {
    dominoes_round(
        "dominoes_a_friends_link_then_my_own_game_on_a_phone",
        Device::Phone,
    )
    .await;
}

/// A game longer than a link holds, restored from its save: Share offers
/// the deal's link and says on screen why it offers no other.
#[tokio::test(flavor = "multi_thread")]
async fn share_offers_no_link_the_receiver_would_refuse() {
    let name = "share_offers_no_link_the_receiver_would_refuse";
    if !enabled(name) {
        return;
    }
    let k =
        crate::common::klondike_through_the_stock(4, parlour::shell::driver::MAX_LINK_MOVES + 1);
    // The player's own long game, as the page saved it.
    let save = parlour::host::save::encode(GameKind::Klondike, &k);
    let b = open_browser(DESKTOP).await;
    open_fresh(&b, "?game=klondike&seed=4&auto-move=off").await;
    b.js(&format!(
        "localStorage.setItem('parlour:klondike', {});",
        serde_json::json!(save)
    ))
    .await;
    b.open("?game=klondike").await;
    b.wait_for(
        "the long game",
        "return !!window.parlour && window.parlour.moves().length > 4000;",
    )
    .await;
    press(&b, "share").await;
    let shown = b
        .js("const p = document.querySelector('.parlour-share'); \
             return [p.textContent, p.querySelectorAll('[data-role=link]').length, \
             p.getBoundingClientRect().height];")
        .await;
    let text = shown[0].as_str().unwrap_or_default();
    assert!(text.contains("too long for a link"), "{text}");
    assert_eq!(shown[1].as_u64(), Some(1), "only the deal's link");
    assert!(shown[2].as_f64().unwrap_or(0.0) > 0.0, "on screen");
    b.screenshot(name).await;
    b.assert_clean_console(name).await;
    b.close().await;
}
