//! The screenshots in `docs/screenshots/`: each game's start, middle and
//! end, at desktop size and on the phone, played through the page as the
//! play-throughs play (Hint's moves, by pointer). Run by
//! `scripts/screenshots.sh`; ignored in the test command (it only takes
//! pictures: the play-throughs check the same games).

use crate::common::{game_query, open_browser, open_fresh, Browser, Device};
use crate::{dominoes, klondike, phutball};
use std::path::PathBuf;
use std::time::Duration;

/// Writes what the page shows to `docs/screenshots/<name>.webp` (WebP at
/// quality 80: a tenth of a PNG's bytes).
pub async fn shot(b: &Browser, name: &str) {
    let taken = b
        .cdp(
            "Page.captureScreenshot",
            serde_json::json!({"format": "webp", "quality": 80}),
        )
        .await;
    let data = taken["data"].as_str().expect("the picture's bytes");
    let url_safe: String = data
        .chars()
        .filter(|&c| c != '=')
        .map(|c| match c {
            '+' => '-',
            '/' => '_',
            c => c,
        })
        .collect();
    let bytes = parlour::shell::codec::base64url_decode(&url_safe).expect("base64");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&dir).expect("the folder");
    std::fs::write(dir.join(format!("{name}.webp")), bytes).expect("written");
}

const DEVICES: [(Device, &str); 2] = [
    (
        Device::HiDpi {
            width: 1280,
            height: 800,
        },
        "desktop",
    ),
    (Device::Phone, "phone"),
];

#[tokio::test(flavor = "multi_thread")]
#[ignore = "run by scripts/screenshots.sh"]
async fn screenshots_of_every_game_for_the_docs() {
    for (device, size) in DEVICES {
        // Klondike: an easy deal dealt singly, won by Hint.
        let name = format!("klondike-{size}");
        let pairs = [("draw", "1"), ("deals", "easy"), ("indicator", "on")];
        let b = open_browser(device).await;
        open_fresh(&b, &game_query("klondike", 9, &pairs)).await;
        let mut mirror = klondike::game(&pairs, 9);
        tokio::time::sleep(Duration::from_millis(1500)).await;
        shot(&b, &format!("{name}-start")).await;
        klondike::by_hint(&b, &mut mirror, &name, device, 14).await;
        shot(&b, &format!("{name}-middle")).await;
        let end = klondike::by_hint(&b, &mut mirror, &name, device, usize::MAX).await;
        assert_eq!(end, Some(klondike::End::Won), "{name}");
        // The end: the result card over the finished table.
        crate::common::result_card(&b, &name).await;
        shot(&b, &format!("{name}-end")).await;
        b.close().await;

        // Phutball: a person by Hint against the strong computer.
        phutball::by_hint_against_the_strong_computer(&format!("phutball-{size}"), device, true)
            .await;

        // The dominoes: a hand of Points by Hint against the computer.
        let name = format!("dominoes-{size}");
        let pairs = [("boss", "on")];
        let b = open_browser(device).await;
        open_fresh(&b, &game_query("dominoes", 8, &pairs)).await;
        let mut mirror = dominoes::game(&pairs, 8);
        tokio::time::sleep(Duration::from_millis(800)).await;
        shot(&b, &format!("{name}-start")).await;
        dominoes::hand_by_hint(&b, &mut mirror, &name, device, 4).await;
        shot(&b, &format!("{name}-middle")).await;
        dominoes::hand_by_hint(&b, &mut mirror, &name, device, usize::MAX).await;
        tokio::time::sleep(Duration::from_millis(800)).await;
        shot(&b, &format!("{name}-end")).await;
        b.close().await;
    }
}
