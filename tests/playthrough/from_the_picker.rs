//! The whole site, as a player meets it (issue 36): from the picker, each
//! game opened from its link, played through the page's own controls to its
//! end, then back to the picker for the next; then the network goes off,
//! the picker reloads, and one more game is played offline.

use crate::common::{enabled, open_browser, press, Browser, Device, Server};
use crate::{dominoes, klondike, phutball};
use std::time::Duration;

const DESKTOP: Device = Device::Desktop {
    width: 1100,
    height: 850,
};

/// Opens `game` from the picker's own link, and waits for its page's game.
async fn pick(b: &Browser, name: &str, game: &str) {
    b.wait_for(
        "the picker",
        "return document.querySelectorAll('.parlour-pick').length === 3;",
    )
    .await;
    b.client
        .find(fantoccini::Locator::Css(&format!(
            ".parlour-pick[data-game={game}]"
        )))
        .await
        .expect("the game's link")
        .click()
        .await
        .expect("a click on the link");
    b.wait_for(
        &format!("{name}: {game}'s page"),
        &format!(
            "return location.pathname.endsWith('/{game}.html') && !!window.parlour \
             && window.parlour.game() === '{game}';"
        ),
    )
    .await;
}

/// Presses a toolbar action, opening the menu first on a phone.
async fn act(b: &Browser, device: Device, action: &str) {
    if device.touch() {
        b.js("const m = document.querySelector('.parlour-menu-button'); \
              if (m.getAttribute('aria-expanded') !== 'true') m.click();")
            .await;
    }
    press(b, action).await;
}

/// Back to the picker, by the page's Back button.
async fn back(b: &Browser, name: &str, device: Device) {
    act(b, device, "back").await;
    b.wait_for(
        &format!("{name}: back at the picker"),
        "return !!document.querySelector('.parlour-picker') && location.search === '';",
    )
    .await;
}

/// The seed of the game on screen, from its URL.
async fn seed(b: &Browser) -> u64 {
    let query = b.js("return window.parlour.query();").await;
    let query = query.as_str().unwrap_or_default().to_owned();
    query
        .split('&')
        .find_map(|p| p.strip_prefix("seed="))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a seed in {query}"))
}

/// The random deal the picker opened, played by Hint to its end. A deal
/// whose hints run on past 400 moves is swapped for another by New game.
async fn klondike_game(b: &Browser, name: &str, device: Device) {
    let mut deal = seed(b).await;
    for _ in 0..5 {
        if klondike::rehearse(&[], deal, 400).is_some() {
            break;
        }
        act(b, device, "new").await;
        let before = deal;
        b.wait_for(
            "a new deal",
            &format!("return !window.parlour.query().includes('seed={before}&') && !window.parlour.query().endsWith('seed={before}');"),
        )
        .await;
        deal = seed(b).await;
    }
    // The deal's animation first.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let mut mirror = klondike::game(&[], deal);
    let end = klondike::by_hint(b, &mut mirror, name, device, usize::MAX)
        .await
        .expect("an end");
    klondike::shows_end(b, name, end).await;
}

/// Phutball on the 9×7 board, chosen in Settings, for two people: the
/// scripted game to Ohs' goal.
async fn phutball_game(b: &Browser, name: &str, device: Device) {
    let on_nine = "return document.querySelector('.parlour-status').textContent.includes('9x7');";
    if b.js(on_nine).await != serde_json::Value::Bool(true) {
        act(b, device, "settings").await;
        b.js(
            "const s = document.querySelector('select[name=board]'); s.value = '9x7'; \
              s.dispatchEvent(new Event('change'));",
        )
        .await;
        b.js("[...document.querySelectorAll('.parlour-panel button')] \
              .find(e => e.textContent === 'Close').click();")
            .await;
        b.wait_for(&format!("{name}: the 9x7 board"), on_nine).await;
    }
    let mut mirror = phutball::game(&[("board", "9x7")]);
    for &(text, drag) in &phutball::NINE_BY_SEVEN {
        phutball::play(b, &mut mirror, text, drag, device.touch()).await;
    }
    b.wait_for(
        &format!("{name}: the goal"),
        "return document.querySelector('.parlour-status').textContent.startsWith('Goal! Ohs win');",
    )
    .await;
}

/// The dominoes the picker opened: Points against the computer, the
/// person's turns by Hint, to the hand's end.
async fn dominoes_game(b: &Browser, name: &str, device: Device) {
    let mut mirror = dominoes::game(&[], seed(b).await);
    assert!(dominoes::hand_by_hint(b, &mut mirror, name, device, usize::MAX).await);
}

async fn site_round(name: &str, device: Device) {
    if !enabled(name) {
        return;
    }
    let server = Server::start();
    let b = open_browser(device).await;
    b.open_at(&server.base, "").await;
    b.js("localStorage.clear();").await;
    b.wait_for_offline_worker().await;
    b.screenshot(&format!("{name}-picker")).await;

    pick(&b, name, "klondike").await;
    klondike_game(&b, name, device).await;
    b.screenshot(&format!("{name}-klondike-ended")).await;
    back(&b, name, device).await;

    pick(&b, name, "phutball").await;
    phutball_game(&b, name, device).await;
    b.screenshot(&format!("{name}-phutball-ended")).await;
    back(&b, name, device).await;

    pick(&b, name, "dominoes").await;
    dominoes_game(&b, name, device).await;
    b.screenshot(&format!("{name}-dominoes-ended")).await;
    back(&b, name, device).await;

    // No network: the picker reloads, and one more game is played.
    b.network(&server, false).await;
    b.client.refresh().await.expect("a reload");
    pick(&b, name, "phutball").await;
    // The finished game comes back; a new one under the same settings.
    act(&b, device, "new").await;
    b.wait_for("a new game", "return window.parlour.moves().length === 0;")
        .await;
    phutball_game(&b, name, device).await;
    b.screenshot(&format!("{name}-offline-phutball-ended"))
        .await;
    b.network(&server, true).await;
    b.assert_clean_console(name).await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn every_game_to_its_end_then_one_offline_on_a_desktop() {
    site_round(
        "from_the_picker_every_game_to_its_end_then_one_offline_on_a_desktop",
        DESKTOP,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn every_game_to_its_end_then_one_offline_on_a_phone() {
    site_round(
        "from_the_picker_every_game_to_its_end_then_one_offline_on_a_phone",
        Device::Phone,
    )
    .await;
}
