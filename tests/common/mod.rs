//! Shared support for the end-to-end browser tests: build `dist/` with Trunk,
//! serve it from a sub-folder of a static server on 127.0.0.1, and drive
//! headless Chromium through chromedriver with fantoccini.
//!
//! These tests run when `PARLOUR_E2E=1` (the test command in the README sets
//! it, after installing Trunk, wasm-bindgen-cli, wasm-opt, Chromium and
//! chromedriver). Plain `cargo test` skips them with a note, so the native
//! suite needs none of those tools.
#![allow(dead_code)]

use fantoccini::actions::{
    InputSource, MouseActions, PointerAction, TouchActions, MOUSE_BUTTON_LEFT,
};
use fantoccini::elements::Element;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder};
use parlour::shell::geom::{Point, Size};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The sub-folder the site is served from, to prove relative URLs work.
pub const PREFIX: &str = "/some/sub-folder/";

/// Whether the browser tests run (PARLOUR_E2E=1), silently.
pub fn browser_tests_on() -> bool {
    std::env::var("PARLOUR_E2E").is_ok_and(|v| v == "1")
}

/// Whether the browser tests should run. Prints why not when they should not.
pub fn enabled(test: &str) -> bool {
    let on = browser_tests_on();
    if !on {
        eprintln!("{test}: skipped (set PARLOUR_E2E=1, as the README's test command does)");
    }
    on
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The release site's folder: built once for the whole suite by the test
/// command (scripts/test.sh sets `PARLOUR_SITE` to it), or else once per test
/// process (`scripts/build-site.sh --release`).
pub fn dist() -> &'static Path {
    static DIST: OnceLock<PathBuf> = OnceLock::new();
    DIST.get_or_init(|| {
        if let Some(built) = std::env::var_os("PARLOUR_SITE") {
            let built = root().join(built);
            assert!(
                built.join("index.html").is_file(),
                "PARLOUR_SITE={} holds no built site",
                built.display()
            );
            return built;
        }
        let out = root().join("target").join("e2e-dist");
        let status = Command::new(root().join("scripts/build-site.sh"))
            .arg("--release")
            .arg(&out)
            .current_dir(root())
            .status()
            .expect("scripts/build-site.sh runs (trunk: scripts/ensure-tools.sh web)");
        assert!(status.success(), "the site's build failed");
        out
    })
}

/// The game a picker URL (`?game=phutball&…` at the site's root) names,
/// whose page the picker sends it on to.
pub fn redirected_game(path: &str) -> Option<&'static str> {
    let query = path
        .strip_prefix('?')
        .or_else(|| path.strip_prefix("index.html?"))?;
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix("game="))
        .and_then(|name| {
            ["klondike", "phutball", "dominoes"]
                .into_iter()
                .find(|g| *g == name)
        })
}

fn mime(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript",
        Some("wasm") => "application/wasm",
        Some("css") => "text/css",
        Some("svg") => "image/svg+xml",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

/// What a test server serves: the built site, or another folder a test
/// puts in its place (a next release), and whether it answers at all.
#[derive(Default)]
struct Served {
    dir: Option<PathBuf>,
    offline: bool,
}

/// A static server of the site on a loopback port of its own (an origin of
/// its own: its own storage and service worker), for a test that switches
/// what it serves or turns it off. Other tests share [`site`].
#[derive(Clone)]
pub struct Server {
    /// The site's base URL, ending in [`PREFIX`].
    pub base: String,
    state: std::sync::Arc<std::sync::Mutex<Served>>,
}

impl Server {
    /// Starts serving the built site.
    pub fn start() -> Server {
        let site = dist().to_path_buf();
        let state = std::sync::Arc::new(std::sync::Mutex::new(Served::default()));
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
        let port = listener.local_addr().expect("local address").port();
        let shared = state.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (dir, offline) = match shared.lock() {
                    Ok(s) => (s.dir.clone().unwrap_or_else(|| site.clone()), s.offline),
                    Err(_) => (site.clone(), false),
                };
                if !offline {
                    std::thread::spawn(move || serve_one(stream, &dir));
                }
            }
        });
        Server {
            base: format!("http://127.0.0.1:{port}{PREFIX}"),
            state,
        }
    }

    /// Serves `dir` in place of the built site from now on (`None`: the site).
    pub fn serve_from(&self, dir: Option<PathBuf>) {
        if let Ok(mut s) = self.state.lock() {
            s.dir = dir;
        }
    }

    /// Turns the server off (`true`: every connection is closed unanswered,
    /// as with no network) or back on.
    pub fn offline(&self, offline: bool) {
        if let Ok(mut s) = self.state.lock() {
            s.offline = offline;
        }
    }
}

fn serve_one(mut stream: TcpStream, dir: &Path) {
    let mut reader = BufReader::new(match stream.try_clone() {
        Ok(s) => s,
        Err(_) => return,
    });
    let mut request = String::new();
    if reader.read_line(&mut request).is_err() {
        return;
    }
    // Drain the headers.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let target = request.split_whitespace().nth(1).unwrap_or("/");
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let file = path
        .strip_prefix(PREFIX)
        .filter(|rest| !rest.split('/').any(|seg| seg == ".."))
        .map(|rest| {
            let rest = if rest.is_empty() { "index.html" } else { rest };
            dir.join(rest)
        });
    let response = match file.and_then(|f| std::fs::read(&f).ok().map(|body| (f, body))) {
        Some((f, body)) => {
            let mut head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
                mime(&f),
                body.len()
            )
            .into_bytes();
            head.extend(body);
            head
        }
        None => {
            b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_vec()
        }
    };
    let _ = stream.write_all(&response);
}

/// Serves `dist()` under [`PREFIX`] on a free loopback port; returns the site's base URL.
pub fn site() -> &'static str {
    static SITE: OnceLock<Server> = OnceLock::new();
    &SITE.get_or_init(Server::start).base
}

/// A chromedriver process, killed on drop.
pub struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port for a chromedriver. Tests run in parallel threads, so ports are
/// handed out from one counter (an OS-chosen port is released before
/// chromedriver binds it, and two tests could be handed the same one). They
/// stay below Linux's ephemeral range (32768 up), where Chromium's own
/// DevTools listeners land: a driver that lost its port to one of those
/// would leave us talking to Chromium instead.
fn free_port() -> u16 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let base = 12_000 + std::process::id() % 10_000;
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let port = (12_000 + (base - 12_000 + n) % 20_000) as u16;
        if TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
}

/// A browser session with its driver.
pub struct Browser {
    /// The WebDriver client.
    pub client: Client,
    _driver: Driver,
}

/// Starts chromedriver and a headless Chromium with a window of this size and
/// a device pixel ratio of 2, so that HiDPI handling is exercised. A session
/// that fails to start (a loaded machine) is tried again with a new driver.
pub async fn browser(width: u32, height: u32) -> Browser {
    open_browser(Device::HiDpi { width, height }).await
}

/// The screen a test browser emulates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Device {
    /// A desktop window of this size in CSS pixels, device pixel ratio 1
    /// (a common monitor), mouse. The whole games use it: painting the
    /// canvas at twice the ratio took twice the CPU for the same game (82 s
    /// against 39 s for a draw-1 win), and the phone's ratio of 3 and
    /// [`Device::HiDpi`] already cover HiDPI painting.
    Desktop {
        /// Width in CSS pixels.
        width: u32,
        /// Height in CSS pixels.
        height: u32,
    },
    /// A HiDPI desktop window of this size in CSS pixels, device pixel ratio 2, mouse.
    HiDpi {
        /// Width in CSS pixels.
        width: u32,
        /// Height in CSS pixels.
        height: u32,
    },
    /// A phone: 360×640 CSS pixels, device pixel ratio 3, touch.
    Phone,
}

impl Device {
    /// Whether gestures on this device are touches.
    pub fn touch(self) -> bool {
        self == Device::Phone
    }
}

/// Starts chromedriver and a headless Chromium emulating `device`.
pub async fn open_browser(device: Device) -> Browser {
    let mut last = String::new();
    for _ in 0..3 {
        match try_browser(device).await {
            Ok(b) => return b,
            Err(e) => {
                last = e;
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
    }
    panic!("a WebDriver session: {last}");
}

async fn try_browser(device: Device) -> Result<Browser, String> {
    let port = free_port();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver is installed (scripts/ensure-tools.sh browser)");
    let mut driver = Driver { child, port };
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if Instant::now() >= deadline {
            return Err("chromedriver did not start".into());
        }
        if !matches!(driver.child.try_wait(), Ok(None)) {
            return Err(format!("chromedriver exited at start (port {port} taken?)"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut args = vec![
        "--headless=new".to_owned(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
    ];
    let mut chrome = json!({ "binary": "/usr/bin/chromium" });
    match device {
        Device::Desktop { width, height } | Device::HiDpi { width, height } => {
            let ratio = if matches!(device, Device::HiDpi { .. }) {
                2
            } else {
                1
            };
            args.push(format!("--force-device-scale-factor={ratio}"));
            args.push(format!("--window-size={width},{height}"));
        }
        Device::Phone => {
            args.push("--window-size=360,640".into());
            chrome["mobileEmulation"] = json!({
                "deviceMetrics": { "width": 360, "height": 640, "pixelRatio": 3.0, "touch": true },
                "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/148.0 Mobile Safari/537.36",
            });
        }
    }
    chrome["args"] = json!(args);
    let caps = json!({
        "goog:chromeOptions": chrome,
        "goog:loggingPrefs": { "browser": "ALL" },
    });
    let caps = match caps {
        Value::Object(map) => map,
        _ => unreachable!(),
    };
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .map_err(|e| e.to_string())?;
    Ok(Browser {
        client,
        _driver: driver,
    })
}

impl Browser {
    /// Opens `path` relative to the site.
    ///
    /// A URL of the picker's that names a game (`?game=klondike&…`, the
    /// form every earlier release wrote) goes on to that game's page: this
    /// waits until it is there.
    pub async fn open(&self, path: &str) {
        self.open_at(site(), path).await;
    }

    /// Opens `path` relative to `base`, a [`Server`]'s (see [`Browser::open`]).
    pub async fn open_at(&self, base: &str, path: &str) {
        self.client
            .goto(&format!("{base}{path}"))
            .await
            .expect("navigation");
        if let Some(game) = redirected_game(path) {
            self.wait_for(
                &format!("the picker to send {path} on to {game}.html"),
                &format!("return location.pathname.endsWith('/{game}.html');"),
            )
            .await;
        }
    }

    /// Saves what the browser shows as a PNG under `target/screenshots/`
    /// (to look at; the tests check the page itself).
    pub async fn screenshot(&self, name: &str) {
        let dir = root().join("target").join("screenshots");
        let png = self.client.screenshot().await.expect("a screenshot");
        std::fs::create_dir_all(&dir).expect("a folder for screenshots");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("the screenshot written");
    }

    /// Runs a script (the body of a function) and returns its value.
    pub async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Runs an async script; the body gets `done` (the WebDriver callback).
    pub async fn js_async(&self, script: &str) -> Value {
        self.client
            .execute_async(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("async script failed: {e}\n{script}"))
    }

    /// Waits until `script` returns true.
    pub async fn wait_for(&self, what: &str, script: &str) {
        self.wait_for_within(what, script, Duration::from_secs(20))
            .await;
    }

    /// Waits until `script` returns `want`, for at most `limit`; a time-out
    /// tells what it returned last.
    pub async fn wait_for_text(&self, what: &str, script: &str, want: &str, limit: Duration) {
        let deadline = Instant::now() + limit;
        loop {
            let last = match self.client.execute(script, vec![]).await {
                Ok(Value::String(text)) if text == want => return,
                Ok(other) => other.to_string(),
                Err(e) => format!("(the script failed: {e})"),
            };
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}: wanted {want:?}, last saw {last}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Waits until `script` returns true, for at most `limit`.
    ///
    /// A script that fails counts as false until the deadline (a page may
    /// be navigating: the picker sends a game's URL on to its page), and
    /// the last failure is told if the wait times out.
    pub async fn wait_for_within(&self, what: &str, script: &str, limit: Duration) {
        let deadline = Instant::now() + limit;
        let mut failed: Option<String>;
        loop {
            match self.client.execute(script, vec![]).await {
                Ok(Value::Bool(true)) => return,
                Ok(_) => failed = None,
                Err(e) => failed = Some(e.to_string()),
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}{}",
                failed.map_or_else(String::new, |e| format!(" (the script failed: {e})"))
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// The browser console messages since the last call.
    pub async fn console(&self) -> Vec<(String, String)> {
        let logs = self
            .client
            .issue_cmd(Chromedriver {
                path: "se/log",
                body: json!({"type": "browser"}),
            })
            .await
            .expect("chromedriver returns the browser log");
        logs.as_array()
            .map(|entries| {
                entries
                    .iter()
                    .map(|e| {
                        (
                            e["level"].as_str().unwrap_or_default().to_owned(),
                            e["message"].as_str().unwrap_or_default().to_owned(),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Asserts that the console has no errors or warnings since the last call.
    pub async fn assert_clean_console(&self, when: &str) {
        let bad: Vec<_> = self
            .console()
            .await
            .into_iter()
            .filter(|(level, _)| level == "SEVERE" || level == "WARNING")
            .collect();
        assert!(bad.is_empty(), "console errors {when}: {bad:#?}");
    }

    /// Asserts that every resource the page loaded came from its own origin.
    pub async fn assert_same_origin(&self) {
        let foreign = self
            .js("return performance.getEntriesByType('resource')
                   .map(e => e.name).filter(n => new URL(n).origin !== location.origin);")
            .await;
        assert_eq!(foreign, json!([]), "requests outside the page's origin");
    }

    /// Ends the session.
    pub async fn close(self) {
        let _ = self.client.close().await;
    }
}

impl Browser {
    /// Turns the network off or on for this browser: Chromium's own offline
    /// emulation, and `server` answering nothing, so no request can reach
    /// the site by any path.
    pub async fn network(&self, server: &Server, on: bool) {
        server.offline(!on);
        self.client
            .issue_cmd(Chromedriver {
                path: "chromium/network_conditions",
                body: json!({"network_conditions": {
                    "offline": !on,
                    "latency": 0,
                    "download_throughput": 1_000_000_000,
                    "upload_throughput": 1_000_000_000,
                }}),
            })
            .await
            .expect("chromedriver emulates the network");
    }

    /// Waits until the site's offline worker controls the page.
    pub async fn wait_for_offline_worker(&self) {
        self.wait_for(
            "the offline worker",
            "return !!navigator.serviceWorker.controller;",
        )
        .await;
    }
}

impl Browser {
    /// Runs a Chrome DevTools Protocol command on the page and returns its result.
    pub async fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.client
            .issue_cmd(Chromedriver {
                path: "goog/cdp/execute",
                body: json!({"cmd": cmd, "params": params}),
            })
            .await
            .unwrap_or_else(|e| panic!("{cmd}: {e}"))
    }
}

/// A chromedriver command outside the W3C protocol, so not in fantoccini:
/// a POST of `body` to `session/<id>/<path>` (the browser's log, Chromium's
/// network emulation, a DevTools Protocol command).
#[derive(Debug)]
struct Chromedriver {
    path: &'static str,
    body: Value,
}

impl WebDriverCompatibleCommand for Chromedriver {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/{}",
            session.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _url: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

/// Reads a whole response body; used by the static-server self-test.
pub fn http_get(url: &str) -> (String, Vec<u8>) {
    let rest = url.strip_prefix("http://").expect("http URL");
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let mut s = TcpStream::connect(host).expect("connect");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .expect("send");
    let mut all = Vec::new();
    s.read_to_end(&mut all).expect("read");
    let split = all
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(all.len(), |i| i + 4);
    (
        String::from_utf8_lossy(&all[..split]).into_owned(),
        all[split..].to_vec(),
    )
}

/// A point in CSS pixels relative to the element's centre, as WebDriver wants it.
fn offset(css: Size, p: Point) -> (f64, f64) {
    (p.x - css.w / 2.0, p.y - css.h / 2.0)
}

/// Drags with the mouse from `from` to `to` (CSS pixels within `el`), in two moves.
pub async fn drag(b: &Browser, el: &Element, css: Size, from: Point, to: Point) {
    drag_on(b, el, css, from, to, false).await;
}

/// The steps of a drag from `from` to `to` (CSS pixels within `el`), in two moves.
fn drag_steps(el: &Element, css: Size, from: Point, to: Point) -> Vec<PointerAction> {
    let (fx, fy) = offset(css, from);
    let (tx, ty) = offset(css, to);
    vec![
        PointerAction::MoveToElement {
            element: el.clone(),
            duration: None,
            x: fx,
            y: fy,
        },
        PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        },
        PointerAction::MoveToElement {
            element: el.clone(),
            duration: Some(Duration::from_millis(60)),
            x: (fx + tx) / 2.0,
            y: (fy + ty) / 2.0,
        },
        PointerAction::MoveToElement {
            element: el.clone(),
            duration: Some(Duration::from_millis(60)),
            x: tx,
            y: ty,
        },
        PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        },
    ]
}

/// The steps of a tap at `at`, then a pause past the double-tap window.
fn tap_steps(el: &Element, css: Size, at: Point) -> Vec<PointerAction> {
    let (x, y) = offset(css, at);
    vec![
        PointerAction::MoveToElement {
            element: el.clone(),
            duration: None,
            x,
            y,
        },
        PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        },
        PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        },
        PointerAction::Pause {
            duration: Duration::from_millis(400),
        },
    ]
}

/// Performs pointer steps with the mouse, or with a finger when `touch`.
async fn perform(b: &Browser, steps: Vec<PointerAction>, touch: bool) {
    if touch {
        let mut a = TouchActions::new("finger".into());
        for s in steps {
            a = a.then(s);
        }
        b.client.perform_actions(a).await.unwrap();
    } else {
        let mut a = MouseActions::new("mouse".into());
        for s in steps {
            a = a.then(s);
        }
        b.client.perform_actions(a).await.unwrap();
    }
}

/// Drags from `from` to `to` (CSS pixels within `el`), with a finger when `touch`.
pub async fn drag_on(b: &Browser, el: &Element, css: Size, from: Point, to: Point, touch: bool) {
    perform(b, drag_steps(el, css, from, to), touch).await;
}

/// Taps or clicks at `at` (CSS pixels within `el`), then waits out the double-tap window.
pub async fn tap_on(b: &Browser, el: &Element, css: Size, at: Point, touch: bool) {
    perform(b, tap_steps(el, css, at), touch).await;
}

/// Clicks at `at` (CSS pixels within `el`), then waits out the double-tap window.
pub async fn click(b: &Browser, el: &Element, css: Size, at: Point) {
    tap_on(b, el, css, at, false).await;
}

/// The page's canvas and its size in CSS pixels.
pub async fn canvas(b: &Browser) -> (Element, Size) {
    let el = b
        .client
        .find(fantoccini::Locator::Css(".parlour canvas"))
        .await
        .expect("the page has a canvas");
    let size = b
        .js("const r = document.querySelector('.parlour canvas').getBoundingClientRect(); return [r.width, r.height];")
        .await;
    (
        el,
        Size::new(
            size[0].as_f64().unwrap_or_default(),
            size[1].as_f64().unwrap_or_default(),
        ),
    )
}

/// The moves the page has recorded, in the game's notation.
pub async fn moves(b: &Browser) -> Vec<String> {
    let v = b
        .js("return window.parlour ? window.parlour.moves() : null;")
        .await;
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The text of the first element matching `selector`, or "".
pub async fn text_of(b: &Browser, selector: &str) -> String {
    b.js(&format!(
        "const e = document.querySelector({selector:?}); return e ? e.textContent : '';"
    ))
    .await
    .as_str()
    .unwrap_or_default()
    .to_owned()
}

/// The status line.
pub async fn status(b: &Browser) -> String {
    text_of(b, ".parlour-status").await
}

/// Waits for the result card a game's end brings (with its Play again
/// button) and returns its text.
pub async fn result_card(b: &Browser, name: &str) -> String {
    b.wait_for(
        &format!("{name}: the result card"),
        "const p = document.querySelector('.parlour-panel'); \
         return !!p && p.checkVisibility() && !!p.querySelector('[data-action=again]');",
    )
    .await;
    text_of(b, ".parlour-panel").await
}

/// What the page last said, as the player sees it in the message line
/// (checked to be what its screen-reader live region says too).
pub async fn said(b: &Browser) -> String {
    // Both read in one script, so that a message arriving between two
    // reads cannot make them differ.
    let both = b
        .js(&format!(
            "return [{SEEN_MESSAGE}, document.querySelector('.parlour-sr-only').textContent];"
        ))
        .await;
    let text = |i: usize| both[i].as_str().unwrap_or_default().to_owned();
    let seen = text(0);
    assert_eq!(
        seen,
        text(1),
        "the message line shows what the live region says"
    );
    seen
}

/// A script expression: the message line's text if it is on screen, or
/// nothing.
pub const SEEN_MESSAGE: &str =
    "(e => e.checkVisibility() ? e.textContent : '')(document.querySelector('.parlour-message'))";

/// Opens the site with empty storage, then `query`, and waits for the game.
pub async fn open_fresh(b: &Browser, query: &str) {
    b.open("").await;
    b.js("localStorage.clear();").await;
    b.open(query).await;
    b.wait_for(
        "the game",
        "return !!window.parlour && !!document.querySelector('.parlour canvas');",
    )
    .await;
}

/// Clicks a toolbar button by its `data-action`.
pub async fn press(b: &Browser, action: &str) {
    let found = b
        .js(&format!(
            "const e = document.querySelector('[data-action={action}]'); if (e) e.click(); return !!e;"
        ))
        .await;
    assert_eq!(found, Value::Bool(true), "a '{action}' button");
}

/// Waits until `done` (a script body returning a boolean) holds, failing if the
/// page stalls: the status line and the move count unchanged for longer than
/// `stall`. `limit` bounds the whole wait.
pub async fn until_unstalled(
    b: &Browser,
    what: &str,
    done: &str,
    stall: Duration,
    limit: Duration,
) {
    let start = Instant::now();
    let mut last = (String::new(), usize::MAX);
    let mut since = Instant::now();
    loop {
        if b.js(done).await == Value::Bool(true) {
            return;
        }
        let now = (status(b).await, moves(b).await.len());
        if now != last {
            last = now;
            since = Instant::now();
        }
        assert!(
            since.elapsed() <= stall,
            "{what}: stalled for {stall:?} at '{}' after {} moves",
            last.0,
            last.1
        );
        assert!(
            start.elapsed() <= limit,
            "{what}: not done within {limit:?}"
        );
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

/// Presses at the first of `points` (CSS pixels within `el`), moves through
/// the rest and lets go at the last: a drag along a path, with a finger when `touch`.
pub async fn perform_path(b: &Browser, el: &Element, css: Size, points: &[Point], touch: bool) {
    let mut steps = Vec::new();
    for (i, &p) in points.iter().enumerate() {
        let (x, y) = offset(css, p);
        steps.push(PointerAction::MoveToElement {
            element: el.clone(),
            duration: (i > 0).then(|| Duration::from_millis(80)),
            x,
            y,
        });
        if i == 0 {
            steps.push(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            });
        }
    }
    steps.push(PointerAction::Up {
        button: MOUSE_BUTTON_LEFT,
    });
    perform(b, steps, touch).await;
}

/// The page's query for `game` dealt from `seed` with these options.
pub fn game_query(game: &str, seed: u64, pairs: &[(&str, &str)]) -> String {
    let mut q = format!("?game={game}&seed={seed}");
    for (k, v) in pairs {
        q.push_str(&format!("&{k}={v}"));
    }
    q
}

/// A Klondike game of deal `seed` won with the solver's line (safe cards
/// not moved by themselves): a player with one win, a streak of one.
pub fn won_klondike(seed: u64) -> parlour::klondike::Klondike {
    use parlour::klondike::solver::{self, Verdict};
    use parlour::Game;
    let mut k = parlour::klondike::Klondike::new(parlour::Seed(seed));
    k.set_option("auto-move", "off").expect("an option");
    k.set_option("auto-complete", "off").expect("an option");
    k.new_game(parlour::Seed(seed));
    let Verdict::Winnable(line) = solver::solve(k.position(), solver::Limits::default())
        .expect("a deal the solver takes")
        .verdict
    else {
        panic!("deal {seed} is winnable")
    };
    for mv in line {
        k.play(mv).expect("the solver's move");
    }
    assert!(k.position().is_won(), "deal {seed} won");
    k
}

/// A Klondike game of deal `seed` that turns the stock over and over
/// (safe cards not moved by themselves) until it holds `moves` moves: the
/// longest games by count.
pub fn klondike_through_the_stock(seed: u64, moves: usize) -> parlour::klondike::Klondike {
    use parlour::klondike::rules::Move;
    use parlour::Game;
    let mut k = parlour::klondike::Klondike::new(parlour::Seed(seed));
    k.set_option("auto-move", "off").expect("an option");
    k.new_game(parlour::Seed(seed));
    while k.played().len() < moves {
        let mv = if k.position().stock.is_empty() {
            Move::Recycle
        } else {
            Move::Deal
        };
        k.play(mv).expect("the stock turns");
    }
    k
}
