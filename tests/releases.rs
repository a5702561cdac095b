//! What earlier releases wrote still opens in this one: the URLs (the
//! single page's `/?game=…` with a deal, a challenge link, a daily game, a
//! game the site does not know) and the saves in localStorage, under the
//! same keys. The saves in `tests/data/saves-release-40.txt` were written by
//! the release of stop 40 (one module for every game, before the page per
//! game): a key, the save, the URL it showed and its moves, tab-separated.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{browser, enabled, Browser};
use parlour::games::GameKind;
use parlour::host::link;
use parlour::shell::driver::Shell;
use parlour::shell::position::Position;
use parlour::{Game, Seed};
use serde_json::{json, Value};

/// One save an earlier release wrote, and what it showed.
struct OldSave {
    key: String,
    save: String,
    query: String,
    moves: Vec<String>,
}

fn old_saves() -> Vec<OldSave> {
    let text = include_str!("data/saves-release-40.txt");
    text.lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 4, "{line}");
            OldSave {
                key: fields[0].to_owned(),
                save: fields[1].to_owned(),
                query: fields[2].to_owned(),
                moves: fields[3].split_whitespace().map(str::to_owned).collect(),
            }
        })
        .collect()
}

async fn js_text(b: &Browser, script: &str) -> String {
    b.js(script).await.as_str().unwrap_or_default().to_owned()
}

/// Waits for the full page's game and returns its moves.
async fn game_moves(b: &Browser, what: &str) -> Value {
    b.wait_for(
        what,
        "return !!window.parlour && !!document.querySelector('.parlour canvas') \
         && !!window.parlour.game();",
    )
    .await;
    b.js("return window.parlour.moves();").await
}

#[tokio::test(flavor = "multi_thread")]
async fn saves_written_by_the_last_release_open_with_their_moves() {
    let name = "saves_written_by_the_last_release_open_with_their_moves";
    if !enabled(name) {
        return;
    }
    let b = browser(1000, 800).await;
    b.open("").await;
    b.js("localStorage.clear(); localStorage.setItem('parlour:appearance', 'theme=light\\n');")
        .await;
    for old in old_saves() {
        b.js(&format!(
            "localStorage.setItem({:?}, {:?});",
            old.key, old.save
        ))
        .await;
    }
    // The picker wears the stored theme too.
    b.open("").await;
    b.wait_for(
        "the picker in the light theme",
        "return document.querySelector('.parlour').dataset.theme === 'light';",
    )
    .await;
    for old in old_saves() {
        let game = old.key.trim_start_matches("parlour:");
        // The URL an earlier release's picker wrote: the game alone.
        b.open(&format!("?game={game}")).await;
        let moves = game_moves(&b, &format!("{game} restored")).await;
        let moves: Vec<String> = serde_json::from_value(moves).expect("moves");
        // The game goes on from its moves (the computer may move at once).
        assert!(moves.starts_with(&old.moves), "{game}'s moves: {moves:?}");
        assert_eq!(js_text(&b, "return location.search;").await, old.query);
        let notices = js_text(
            &b,
            "const n = document.querySelector('.parlour-notices'); \
             return n.hidden ? '' : n.textContent;",
        )
        .await;
        assert_eq!(notices, "", "{game}: nothing to tell");
        assert_eq!(
            js_text(
                &b,
                "return document.querySelector('.parlour').dataset.theme;"
            )
            .await,
            "light",
            "{game}: the stored theme"
        );
        // Still stored under the same key: byte for byte, unless the game went on.
        // (Read before the moves: a computer's move comes after both, or between.)
        let stored = js_text(&b, &format!("return localStorage.getItem({:?});", old.key)).await;
        let now: Vec<String> =
            serde_json::from_value(b.js("return window.parlour.moves();").await).expect("moves");
        if now == old.moves {
            assert_eq!(stored, old.save, "{game}'s save");
        } else {
            assert!(stored.starts_with("parlour-save 6 "), "{game}'s save");
        }
        b.screenshot(&format!("release-save-{game}")).await;
    }
    b.assert_clean_console(name).await;
    b.js("localStorage.clear();").await;
    b.close().await;
}

/// A challenge link to a Phutball game on the 9×7 board, three moves in.
fn phutball_link() -> (String, Vec<String>) {
    let mut g = Shell::<parlour::phutball::PhutballDef>::new(Seed(12));
    g.set_option("board", "9x7").expect("a board");
    g.new_game(Seed(12));
    for _ in 0..3 {
        let mv = g.position().legal_moves()[0];
        g.play(mv).expect("a legal move");
    }
    let query = link::share(GameKind::Phutball, &g).expect("a short link");
    (query, g.moves())
}

#[tokio::test(flavor = "multi_thread")]
async fn every_kind_of_url_an_earlier_release_wrote_still_opens() {
    let name = "every_kind_of_url_an_earlier_release_wrote_still_opens";
    if !enabled(name) {
        return;
    }
    let b = browser(1000, 800).await;
    b.open("").await;
    b.js("localStorage.clear();").await;
    // A deal, with options: on the game's own page, under the same query
    // (as the page has always written it: without options at their defaults).
    for (old, page, query) in [
        (
            "?game=klondike&seed=7&draw=1",
            "klondike.html",
            "?game=klondike&seed=7",
        ),
        (
            "?game=klondike&seed=7&draw=3",
            "klondike.html",
            "?game=klondike&seed=7&draw=3",
        ),
        (
            "index.html?game=dominoes&seed=3&rules=star",
            "dominoes.html",
            "?game=dominoes&seed=3&rules=star",
        ),
    ] {
        b.open(old).await;
        game_moves(&b, old).await;
        assert_eq!(js_text(&b, "return location.search;").await, query);
        assert!(
            js_text(&b, "return location.pathname;")
                .await
                .ends_with(page),
            "{old}"
        );
        assert!(b.js("return window.parlour.status();").await.is_string());
    }
    // A challenge link: the friend's game, move for move.
    let (query, moves) = phutball_link();
    b.open(&query).await;
    assert_eq!(game_moves(&b, "the link's game").await, json!(moves));
    // A daily game.
    b.open("?game=phutball&daily=2026-11-30").await;
    game_moves(&b, "the daily game").await;
    assert!(
        js_text(&b, "return location.search;")
            .await
            .contains("daily=2026-11-30"),
        "the daily game's URL"
    );
    // A game the site does not know: the picker, which says so.
    b.open("?game=nonsense").await;
    b.wait_for(
        "the picker's notice",
        "const n = document.querySelector('.parlour-notices'); \
         return !!n && !n.hidden && n.textContent.includes(\"'nonsense'\");",
    )
    .await;
    assert_eq!(
        b.js("return document.querySelectorAll('.parlour-pick').length;")
            .await,
        json!(3)
    );
    assert_eq!(js_text(&b, "return location.search;").await, "");
    b.screenshot("release-url-nonsense").await;
    // The same on a game's own page: it goes to the picker.
    b.open("klondike.html?game=nonsense").await;
    b.wait_for(
        "the picker's notice from a game's page",
        "const n = document.querySelector('.parlour-notices'); \
         return !!document.querySelector('.parlour-picker') && !!n && !n.hidden \
           && n.textContent.includes(\"'nonsense'\");",
    )
    .await;
    b.assert_clean_console(name).await;
    b.js("localStorage.clear();").await;
    b.close().await;
}
