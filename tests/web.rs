//! In-browser tests of the web layer, run in headless Chromium by
//! wasm-bindgen-test: `cargo test --target wasm32-unknown-unknown --features page --test web`.
#![cfg(target_arch = "wasm32")]

use parlour::games::{DOMINOES, KLONDIKE, PHUTBALL};
use parlour::web::mount;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{HtmlCanvasElement, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

fn host(width: u32, height: u32) -> HtmlElement {
    let doc = web_sys::window().unwrap().document().unwrap();
    let el = doc
        .create_element("div")
        .unwrap()
        .unchecked_into::<HtmlElement>();
    el.style()
        .set_property("width", &format!("{width}px"))
        .unwrap();
    el.style()
        .set_property("height", &format!("{height}px"))
        .unwrap();
    doc.body().unwrap().append_child(&el).unwrap();
    el
}

fn options(js: &str) -> JsValue {
    js_sys::JSON::parse(js).unwrap()
}

async fn next_frames() {
    // Two animation frames: one for the resize observer, one for the draw.
    for _ in 0..3 {
        let p = js_sys::Promise::new(&mut |resolve, _| {
            web_sys::window()
                .unwrap()
                .request_animation_frame(&resolve)
                .unwrap();
        });
        wasm_bindgen_futures::JsFuture::from(p).await.unwrap();
    }
}

fn pixel(canvas: &HtmlCanvasElement, x: f64, y: f64) -> [u8; 4] {
    let ctx = canvas
        .get_context("2d")
        .unwrap()
        .unwrap()
        .unchecked_into::<web_sys::CanvasRenderingContext2d>();
    let data = ctx.get_image_data(x, y, 1.0, 1.0).unwrap().data();
    [data[0], data[1], data[2], data[3]]
}

#[wasm_bindgen_test]
async fn mount_draws_a_crisp_canvas_and_unmount_removes_everything() {
    let el = host(400, 300);
    let p = mount(
        DOMINOES,
        el.clone().into(),
        options(r#"{"game":"dominoes","seed":5}"#),
    )
    .unwrap();
    next_frames().await;
    let canvas = el
        .query_selector("canvas")
        .unwrap()
        .unwrap()
        .unchecked_into::<HtmlCanvasElement>();
    let dpr = web_sys::window().unwrap().device_pixel_ratio();
    let css_w = f64::from(canvas.client_width());
    assert!(css_w > 0.0);
    assert_eq!(f64::from(canvas.width()), (css_w * dpr).round());
    // The dominoes table colour at the left of the table, half way down
    // (the tiles gather in the middle): where the board and its layout say.
    let css = parlour::shell::geom::Size::new(css_w, f64::from(canvas.client_height()));
    let board = parlour::dominoes::board_size(css);
    let fit = parlour::shell::geom::Fit::new(board, css);
    let table = parlour::dominoes::Layout::new(board, 17).table;
    let at = fit.to_css(parlour::shell::geom::Point::new(
        table.x + 30.0,
        table.y + table.h / 2.0 + 7.0,
    ));
    let [r, g, b, a] = pixel(&canvas, at.x * dpr, at.y * dpr);
    assert_eq!(a, 255);
    assert!(
        (i32::from(r) - 0x1f).abs() < 40
            && (i32::from(g) - 0x4d).abs() < 40
            && (i32::from(b) - 0x3a).abs() < 40,
        "{r},{g},{b}"
    );
    assert_eq!(p.game().unwrap().as_deref(), Some("dominoes"));
    assert_eq!(p.query().unwrap(), "?game=dominoes&seed=5");
    p.unmount().unwrap();
    assert_eq!(el.child_element_count(), 0, "nothing left behind");
    assert!(p.status().is_err(), "a dead handle says so");
}

#[wasm_bindgen_test]
async fn two_instances_are_independent() {
    let a = host(300, 300);
    let b = host(300, 300);
    let pa = mount(
        PHUTBALL,
        a.clone().into(),
        options(r#"{"game":"phutball","options":{"board":"9x7"}}"#),
    )
    .unwrap();
    let pb = mount(
        PHUTBALL,
        b.clone().into(),
        options(r#"{"game":"phutball"}"#),
    )
    .unwrap();
    next_frames().await;
    assert!(pa.status().unwrap().contains("9x7"));
    assert!(pb.status().unwrap().contains("19x15"));
    pa.unmount().unwrap();
    assert!(
        pb.status().unwrap().contains("19x15"),
        "b survives a's unmount"
    );
    assert_eq!(b.query_selector_all("canvas").unwrap().length(), 1);
    pb.unmount().unwrap();
}

#[wasm_bindgen_test]
fn bad_mount_options_throw_readable_errors() {
    let el = host(100, 100);
    let message = |js: &str| -> String {
        let err = mount(KLONDIKE, el.clone().into(), options(js))
            .err()
            .unwrap_or_else(|| panic!("{js} should fail"));
        let value: JsValue = err.into();
        value
            .dyn_into::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_default()
    };
    assert!(message(r#"{"game":"chess"}"#).contains("unknown game 'chess'"));
    // Each game's module mounts its own game only, and says which to import.
    assert!(message(r#"{"game":"phutball"}"#).contains("import phutball.js"));
    assert!(message(r#"{"game":"klondike","options":{"draw":"7"}}"#).contains("'draw'"));
    assert!(message(r#"{"colour":"red"}"#).contains("colour"));
    assert!(message(r#"{"game":"klondike","saveKey":"a b"}"#).contains("saveKey"));
    assert!(message(r#"{"game":"klondike","seed":"42"}"#).contains("'seed'"));
    assert!(message(r#"{"game":"klondike","seed":-1}"#).contains("'seed'"));
    assert!(message(r#"{"game":"klondike","seed":1.5}"#).contains("'seed'"));
    assert!(message(r#"{"game":"klondike","options":{"draw":3}}"#).contains("'draw'"));
    assert!(message(r#"{"game":"klondike","options":"draw=3"}"#).contains("'options'"));
    assert!(message(r#"{"game":7}"#).contains("'game'"));
    assert!(message("5").contains("must be an object"));
    assert_eq!(el.child_element_count(), 0, "a failed mount adds nothing");
}

#[wasm_bindgen_test]
async fn mount_without_a_game_opens_the_modules_own_and_the_toolbar_is_real_buttons() {
    let el = host(600, 400);
    let p = mount(PHUTBALL, el.clone().into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(p.game().unwrap().as_deref(), Some("phutball"));
    // In the page's order: the four everyday actions, the menu button (shown
    // on a phone), then the menu's actions (inline on a wider screen).
    let list = el.query_selector_all(".parlour-toolbar button").unwrap();
    let labels: Vec<String> = (0..list.length())
        .map(|i| {
            let b = list.item(i).unwrap().unchecked_into::<HtmlElement>();
            b.get_attribute("aria-label").or(b.text_content()).unwrap()
        })
        .collect();
    assert_eq!(
        labels,
        [
            "New game",
            "Undo (Ctrl+Z)",
            "Redo (Ctrl+Y)",
            "Hint",
            "More actions",
            "Daily game: today's, the same for everyone",
            "Resume your game set aside when a link opened",
            "Settings",
            "Rules",
            "Statistics",
            "Game record: export and import",
            "Share a link to this game",
            "Back to games"
        ]
    );
    // Resume waits until a game is set aside.
    let resume = el
        .query_selector("[data-action=resume]")
        .unwrap()
        .unwrap()
        .unchecked_into::<HtmlElement>();
    assert!(resume.hidden(), "nothing is set aside");
    // A mounted game has no picker to go back to.
    let back = el
        .query_selector("[data-action=back]")
        .unwrap()
        .unwrap()
        .unchecked_into::<HtmlElement>();
    assert!(back.hidden(), "no Back in a host's page");
    // Every one is a real button.
    for i in 0..list.length() {
        let b = list.item(i).unwrap().unchecked_into::<HtmlElement>();
        assert_eq!(b.tag_name(), "BUTTON");
    }
    p.unmount().unwrap();
}
