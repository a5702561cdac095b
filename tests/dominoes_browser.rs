//! Dominoes in headless Chromium: a tile dragged from the tray to a legal
//! cell lands on the board. Runs with PARLOUR_E2E=1 (see tests/common).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{browser, drag, enabled};
use fantoccini::Locator;
use parlour::dominoes::rules::Move;
use parlour::dominoes::Dominoes;
use parlour::shell::geom::{Fit, Size};
use parlour::shell::Game;
use parlour::Seed;
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn a_tile_dragged_from_the_tray_to_a_legal_cell_is_laid() {
    if !enabled("a_tile_dragged_from_the_tray_to_a_legal_cell_is_laid") {
        return;
    }
    let b = browser(1000, 800).await;
    b.open("").await;
    b.js("localStorage.clear();").await;
    b.open("?game=dominoes&seed=3&p2=greedy").await;
    // The same game, natively: the computer's opening is deterministic.
    let mut mirror = Dominoes::new(Seed(3));
    mirror.set_option("p2", "greedy").unwrap();
    mirror.new_game(Seed(3));
    mirror.run_computers();
    let before = mirror.moves().len();
    b.wait_for(
        "the computer's opening",
        &format!("return !!window.parlour && window.parlour.moves().length === {before};"),
    )
    .await;
    let size = b
        .js("const r = document.querySelector('.parlour canvas').getBoundingClientRect(); return [r.width, r.height];")
        .await;
    let css = Size::new(size[0].as_f64().unwrap(), size[1].as_f64().unwrap());
    let board = mirror.board_size(css);
    let fit = Fit::new(board, css);
    let tray = mirror.tray();
    let (slot, mv) = tray
        .iter()
        .enumerate()
        .find_map(|(i, &t)| {
            mirror
                .position()
                .hand()
                .legal_moves()
                .into_iter()
                .find(|m| matches!(m, Move::Place(p) if p.at.tile == t && p.corner.is_none()))
                .map(|m| (i, m))
        })
        .expect("some tile can be laid");
    let Move::Place(p) = mv else { unreachable!() };
    let from = fit.to_css(mirror.tray_point(slot, board));
    let to = fit.to_css(mirror.cell_point(p.at.cell, board));
    let canvas = b
        .client
        .find(Locator::Css(".parlour canvas"))
        .await
        .unwrap();
    drag(&b, &canvas, css, from, to).await;
    b.wait_for(
        "the tile on the board",
        &format!("return window.parlour.moves().length > {before};"),
    )
    .await;
    let played = b
        .js(&format!("return window.parlour.moves()[{before}];"))
        .await;
    assert_eq!(played, json!(mv.to_string()));
    // The save holds it too: a reload shows the same game.
    b.open("?game=dominoes").await;
    b.wait_for(
        "the restored game",
        &format!(
            "return !!window.parlour && window.parlour.moves()[{before}] === {:?};",
            mv.to_string()
        ),
    )
    .await;
    b.assert_clean_console("dominoes drag").await;
    b.close().await;
}
