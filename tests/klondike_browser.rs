//! Klondike end to end in headless Chromium: drag and drop with WebDriver
//! pointer actions, an illegal drop, the keyboard, and a whole game to the win.
//! The page's positions are computed with the crate's own layout code, which
//! is what the page runs.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::{browser, canvas, click, drag, enabled, moves, Browser};
use parlour::klondike::analysis::{self, Prospect};
use parlour::klondike::rules::{Move, Pile};
use parlour::klondike::view::{self, Layout};
use parlour::klondike::Klondike;
use parlour::shell::geom::{Fit, Point, Size};
use parlour::shell::Game;
use parlour::Seed;
use serde_json::Value;
use std::time::Duration;

/// The page's game, mirrored natively so the test knows where every card is.
struct Mirror {
    game: Klondike,
    css: Size,
}

impl Mirror {
    fn new(seed: u64, css: Size) -> Mirror {
        let mut game = Klondike::new(Seed(seed));
        game.set_reduced_motion(true);
        Mirror { game, css }
    }

    fn to_css(&self, board_point: Point) -> Point {
        let layout = Layout::new(self.css, 7, 4);
        Fit::new(layout.board, self.css).to_css(board_point)
    }

    /// Where to press to pick up the head of a move, and where to let go.
    fn path(&self, mv: Move) -> (Point, Point) {
        let s = self.game.state();
        let layout = Layout::new(self.css, 7, 4);
        let sprites = view::scene(s, &layout);
        let head = s.moving_card(mv).expect("a card moves");
        let src = sprites
            .iter()
            .find(|sp| sp.card == head)
            .expect("on the table")
            .rect;
        let grab = Point::new(src.x + src.w / 2.0, src.y + 12.0);
        let to = match mv {
            Move::WasteToFoundation
            | Move::TableauToFoundation(_)
            | Move::ReserveToFoundation(_) => Pile::Foundation(head.suit().into()),
            Move::WasteToTableau(t)
            | Move::ReserveToTableau(_, t)
            | Move::FoundationToTableau(_, t)
            | Move::TableauToTableau { to: t, .. } => Pile::Tableau(t),
            Move::Deal | Move::Recycle | Move::Pass => Pile::Stock,
        };
        let dest = view::pile_rect(&sprites, &layout, to).center();
        (self.to_css(grab), self.to_css(dest))
    }

    fn stock(&self) -> Point {
        self.to_css(Layout::new(self.css, 7, 4).stock.center())
    }
}

async fn open_seed(b: &Browser, seed: u64) {
    b.open("").await;
    b.js("localStorage.clear();").await;
    b.open(&format!("?game=klondike&seed={seed}")).await;
    b.wait_for("the deal", "const s = document.querySelector('.parlour-status'); return !!s && s.textContent.includes('Moves 0');")
        .await;
    // Let the deal animation finish (it never blocks input, but screenshots are nicer).
    tokio::time::sleep(Duration::from_millis(1200)).await;
}

fn seed_with_tableau_move() -> (u64, Move) {
    (1..500)
        .find_map(|seed| {
            let k = Klondike::new(Seed(seed));
            let mv = k
                .state()
                .legal_moves()
                .into_iter()
                .find(|m| matches!(m, Move::TableauToTableau { .. }))?;
            Some((seed, mv))
        })
        .expect("some deal opens with a tableau move")
}

#[tokio::test(flavor = "multi_thread")]
async fn dragging_a_card_moves_it_and_an_illegal_drop_changes_nothing() {
    if !enabled("dragging_a_card_moves_it_and_an_illegal_drop_changes_nothing") {
        return;
    }
    let b = browser(1000, 800).await;
    let (seed, mv) = seed_with_tableau_move();
    open_seed(&b, seed).await;
    let (el, css) = canvas(&b).await;
    let mirror = Mirror::new(seed, css);
    let (from, to) = mirror.path(mv);
    // Illegal: drop the card on a pile it does not fit.
    let Move::TableauToTableau {
        from: src, to: dst, ..
    } = mv
    else {
        unreachable!()
    };
    let wrong = (0..7u8)
        .find(|&t| {
            t != src
                && t != dst
                && mirror
                    .game
                    .state()
                    .check(Move::TableauToTableau {
                        from: src,
                        to: t,
                        count: 1,
                    })
                    .is_err()
        })
        .expect("a pile the card does not fit");
    let layout = Layout::new(css, 7, 4);
    let sprites = view::scene(mirror.game.state(), &layout);
    let onto = view::pile_rect(&sprites, &layout, Pile::Tableau(wrong));
    drag(
        &b,
        &el,
        css,
        from,
        mirror.to_css(Point::new(onto.center().x, onto.y + 12.0)),
    )
    .await;
    b.wait_for(
        "the refusal",
        "return (e => e.checkVisibility() ? e.textContent : '')(document.querySelector('.parlour-message')).startsWith('Not allowed');",
    )
    .await;
    assert_eq!(
        moves(&b).await,
        Vec::<String>::new(),
        "an illegal drop changes nothing"
    );
    assert!(b
        .js("return document.querySelector('.parlour-status').textContent;")
        .await
        .as_str()
        .unwrap()
        .contains("Moves 0"));
    // Legal.
    drag(&b, &el, css, from, to).await;
    b.wait_for("the move", "return window.parlour.moves().length > 0;")
        .await;
    assert_eq!(moves(&b).await.first(), Some(&mv.to_string()));
    assert!(b
        .js("return (e => e.checkVisibility() ? e.textContent : '')(document.querySelector('.parlour-message'));")
        .await
        .as_str()
        .unwrap()
        .starts_with("Moved the"));
    b.assert_clean_console("dragging cards").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_keyboard_plays_a_move() {
    if !enabled("the_keyboard_plays_a_move") {
        return;
    }
    let b = browser(1000, 800).await;
    let (seed, mv) = seed_with_tableau_move();
    let Move::TableauToTableau { from, to, .. } = mv else {
        unreachable!()
    };
    open_seed(&b, seed).await;
    let (el, _) = canvas(&b).await;
    let right = "\u{E014}";
    let left = "\u{E012}";
    let mut keys = right.repeat(6 + usize::from(from));
    keys.push('\u{E007}'); // Enter: pick up
    let steps = i32::from(to) - i32::from(from);
    keys.push_str(&(if steps > 0 { right } else { left }).repeat(steps.unsigned_abs() as usize));
    keys.push('\u{E007}'); // Enter: put down
    el.send_keys(&keys).await.unwrap();
    b.wait_for("the move", "return window.parlour.moves().length > 0;")
        .await;
    assert_eq!(moves(&b).await.first(), Some(&mv.to_string()));
    // D deals from the stock; Ctrl+Z takes it back.
    let before = moves(&b).await.len();
    el.send_keys("d").await.unwrap();
    b.wait_for(
        "a deal",
        &format!("return window.parlour.moves().length > {before};"),
    )
    .await;
    el.send_keys("\u{E009}z\u{E009}").await.unwrap();
    b.wait_for(
        "undo",
        &format!("return window.parlour.moves().length === {before};"),
    )
    .await;
    b.assert_clean_console("keyboard play").await;
    b.close().await;
}

/// A deal that greedy progress wins, and its player moves (auto-moves and the
/// final auto-complete are the game's own).
fn winnable() -> (u64, Vec<Move>) {
    (1..3000)
        .find_map(|seed| {
            let mut k = Klondike::new(Seed(seed));
            k.set_reduced_motion(true);
            let mut line = Vec::new();
            while !analysis::can_auto_complete(k.state()) && !k.state().is_won() {
                match analysis::find_progress(k.state(), 20_000) {
                    Prospect::Progress(moves) => {
                        for mv in moves {
                            k.play(mv).ok()?;
                            line.push(mv);
                        }
                    }
                    _ => return None,
                }
                if line.len() > 90 {
                    return None;
                }
            }
            Some((seed, line))
        })
        .expect("a deal greedy play wins")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_winnable_deal_played_to_the_end_shows_the_win() {
    if !enabled("a_winnable_deal_played_to_the_end_shows_the_win") {
        return;
    }
    let (seed, line) = winnable();
    let b = browser(1100, 900).await;
    open_seed(&b, seed).await;
    let (el, css) = canvas(&b).await;
    let mut mirror = Mirror::new(seed, css);
    for (i, &mv) in line.iter().enumerate() {
        match mv {
            Move::Deal | Move::Recycle | Move::Pass => click(&b, &el, css, mirror.stock()).await,
            _ => {
                let (from, to) = mirror.path(mv);
                drag(&b, &el, css, from, to).await;
            }
        }
        mirror.game.play(mv).unwrap();
        let want = mirror.game.record().len();
        b.wait_for(
            &format!("move {} of {} ({mv})", i + 1, line.len()),
            &format!("return window.parlour.moves().length === {want};"),
        )
        .await;
    }
    b.wait_for(
        "the win",
        "return document.querySelector('.parlour-status').textContent.includes('Won!');",
    )
    .await;
    // The win is in the statistics.
    b.js("document.querySelector('[data-action=stats]').click();")
        .await;
    let won = b
        .js("return [...document.querySelectorAll('.parlour-stats-table tr')].map(r => r.textContent).find(t => t.startsWith('Won'));")
        .await;
    assert_eq!(won, Value::String("Won1".into()));
    b.assert_clean_console("winning").await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn every_variant_opens_from_the_url() {
    use parlour::klondike::variant::Variant;
    if !enabled("every_variant_opens_from_the_url") {
        return;
    }
    let b = browser(1000, 800).await;
    b.open("").await;
    b.js("localStorage.clear();").await;
    for v in Variant::ALL {
        b.open(&format!("?game=klondike&variant={}&seed=5", v.slug()))
            .await;
        let name = if v == Variant::Klondike {
            "Moves 0"
        } else {
            v.name()
        };
        b.wait_for(
            v.slug(),
            &format!(
                "const s = document.querySelector('.parlour-status'); return !!s && s.textContent.includes({name:?}) && !!window.parlour;"
            ),
        )
        .await;
        // The page shows what the URL asked for, and its own rules page.
        let query = b.js("return window.parlour.query();").await;
        let query = query.as_str().unwrap_or_default().to_owned();
        if v == Variant::Klondike {
            assert!(!query.contains("variant="), "{query}");
        } else {
            assert!(query.contains(&format!("variant={}", v.slug())), "{query}");
        }
        // The pages are fetched from rules/ beside parlour.js when the panel opens.
        b.js("document.querySelector('[data-action=rules]').click();")
            .await;
        let page = format!(
            "{}/www/rules/klondike/{}.txt",
            env!("CARGO_MANIFEST_DIR"),
            v.slug()
        );
        let page = std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{page}: {e}"));
        let first_words = page.split('.').next().unwrap_or_default().to_owned();
        b.wait_for(
            &format!("{} rules", v.slug()),
            &format!(
                "const r = document.querySelector('.parlour-rules'); return !!r && r.textContent.includes({first_words:?}) && r.textContent.includes('Scoring. Standard');"
            ),
        )
        .await;
        // One move through the page: a deal from the stock, or any legal move.
        let moves = b.js("return window.parlour.moves().length;").await;
        assert_eq!(moves, Value::from(0), "{}", v.slug());
    }
    // Easthaven's two- and three-deck forms, from the URL too.
    for (decks, title) in [(2, "Double Easthaven"), (3, "Triple Easthaven")] {
        b.open(&format!(
            "?game=klondike&variant=easthaven&decks={decks}&seed=5"
        ))
        .await;
        b.wait_for(
            title,
            &format!(
                "const s = document.querySelector('.parlour-status'); return !!s && s.textContent.includes({title:?}) && !!window.parlour;"
            ),
        )
        .await;
        let query = b.js("return window.parlour.query();").await;
        assert!(
            query
                .as_str()
                .unwrap_or_default()
                .contains(&format!("decks={decks}")),
            "{query}"
        );
    }
    b.assert_clean_console("the variants").await;
    b.close().await;
}

/// The daily deal is found by the winnable-deal search in slices between
/// frames, with its status on screen: pressing Daily returns at once, and
/// the search ends on the day's deal (2026-01-01's is the third tried).
#[tokio::test(flavor = "multi_thread")]
async fn the_daily_deal_is_searched_between_frames_with_its_status_shown() {
    let name = "the_daily_deal_is_searched_between_frames_with_its_status_shown";
    if !enabled(name) {
        return;
    }
    let b = browser(1100, 800).await;
    common::open_fresh(&b, "?game=klondike&seed=5").await;
    b.js("window.parlour.setToday('2026-01-01');").await;
    // Pressed, and read in the same task: the search has only begun.
    let just_after = b
        .js("const t = performance.now(); \
             document.querySelector('[data-action=daily]').click(); \
             return [document.querySelector('.parlour-status').textContent, performance.now() - t];")
        .await;
    let status = just_after[0].as_str().unwrap_or_default();
    assert!(
        status.starts_with("Daily 2026-01-01 · Looking for a winnable deal"),
        "the search shows, not the frame held: {status}"
    );
    eprintln!("{name}: the Daily press took {} ms", just_after[1]);
    b.wait_for(
        "the day's deal",
        "return !document.querySelector('.parlour-status').textContent.includes('Looking for');",
    )
    .await;
    let said = b
        .js("return (e => e.checkVisibility() ? e.textContent : '')(document.querySelector('.parlour-message'));")
        .await;
    assert!(
        said.as_str()
            .unwrap_or_default()
            .contains("found in 3 tries"),
        "{said}"
    );
    assert_eq!(
        b.js("return location.search;").await,
        Value::from("?game=klondike&daily=2026-01-01")
    );
    // Reloaded, the day's game is the one found: no search, the same deal.
    let before = b
        .js("return document.querySelector('.parlour-status').textContent;")
        .await;
    b.open("?game=klondike&daily=2026-01-01").await;
    b.wait_for("the reload", "return !!window.parlour;").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = b
        .js("return document.querySelector('.parlour-status').textContent;")
        .await;
    assert_eq!(before, after);
    b.assert_clean_console(name).await;
    b.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rule_change_asks_before_it_ends_a_game_in_progress() {
    if !enabled("a_rule_change_asks_before_it_ends_a_game_in_progress") {
        return;
    }
    for (w, h) in [(360, 640), (1280, 800)] {
        let b = browser(w, h).await;
        open_seed(&b, 5).await;
        let (el, _) = canvas(&b).await;
        el.send_keys("d").await.unwrap();
        b.wait_for("a deal", "return window.parlour.moves().length > 0;")
            .await;
        let played = moves(&b).await.len();
        common::press(&b, "settings").await;
        // Grouped: the rules, then what applies at once; selects a thumb can hit.
        let headings = b
            .js("return [...document.querySelectorAll('.parlour-settings h3')].map(h => h.textContent);")
            .await;
        assert_eq!(
            headings,
            serde_json::json!(["Rules", "Play and display", "Appearance"])
        );
        let smallest = b
            .js("return Math.min(...[...document.querySelectorAll('.parlour-settings select')].filter(s => s.checkVisibility()).map(s => s.getBoundingClientRect().height));")
            .await;
        assert!(
            smallest.as_f64().unwrap_or(0.0) >= 44.0,
            "{w}x{h}: {smallest}"
        );
        // Only what applies: Klondike's stock options, not Easthaven's or Vegas'.
        const SHOWN: &str = "return [...document.querySelectorAll('.parlour-settings select')].filter(s => s.checkVisibility()).map(s => s.name);";
        let shown = b.js(SHOWN).await;
        let has = |shown: &Value, key: &str| {
            shown
                .as_array()
                .is_some_and(|a| a.contains(&serde_json::json!(key)))
        };
        assert!(has(&shown, "draw") && has(&shown, "passes"), "{shown}");
        for key in ["decks", "space", "vegas-undo", "recycle-penalty"] {
            assert!(!has(&shown, key), "{key}: {shown}");
        }
        let change = "const s = document.querySelector('select[name=variant]'); \
                      s.value = 'agnes'; s.dispatchEvent(new Event('change'));";
        const ASKED: &str = "const c = document.querySelector('.parlour-rule-confirm'); \
                             return c.checkVisibility() ? c.textContent : null;";
        b.js(change).await;
        let asked = b.js(ASKED).await;
        assert!(
            asked
                .as_str()
                .unwrap_or_default()
                .contains("the one in progress ends"),
            "{w}x{h}: {asked}"
        );
        b.screenshot(&format!("settings-confirm-{w}x{h}")).await;
        // Keep playing: nothing changes, the select goes back.
        common::press(&b, "keep-playing").await;
        assert_eq!(b.js(ASKED).await, Value::Null);
        assert_eq!(
            b.js("return document.querySelector('select[name=variant]').value;")
                .await,
            serde_json::json!("klondike")
        );
        assert_eq!(moves(&b).await.len(), played, "the game goes on");
        // Asked and kept a second time: the select goes back to the game's rule again.
        b.js(change).await;
        common::press(&b, "keep-playing").await;
        assert_eq!(
            b.js("return document.querySelector('select[name=variant]').value;")
                .await,
            serde_json::json!("klondike")
        );
        // Asked again and answered: a new game under the new rule.
        b.js(change).await;
        common::press(&b, "deal-anew").await;
        b.wait_for(
            "a new Agnes game",
            "return window.parlour.moves().length === 0 && window.parlour.query().includes('variant=agnes');",
        )
        .await;
        // No move yet: Easthaven is dealt at once, and shows its own options.
        common::press(&b, "settings").await;
        b.js("const s = document.querySelector('select[name=variant]'); \
              s.value = 'easthaven'; s.dispatchEvent(new Event('change'));")
            .await;
        let shown = b.js(SHOWN).await;
        assert!(has(&shown, "decks") && has(&shown, "space"), "{shown}");
        assert!(!has(&shown, "draw") && !has(&shown, "passes"), "{shown}");
        assert_eq!(
            b.js(ASKED).await,
            Value::Null,
            "nothing to lose, nothing asked"
        );
        b.assert_clean_console(&format!("settings at {w}x{h}"))
            .await;
        b.close().await;
    }
}
