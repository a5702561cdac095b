//! The instance's elements: the toolbar's actions, and building the
//! toolbar, canvas, notices and panel.

use super::CSS;
use crate::web::dom::{self, attr};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlButtonElement, HtmlCanvasElement, HtmlElement};

/// The toolbar's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Action {
    New,
    Undo,
    Redo,
    Hint,
    Daily,
    Resume,
    Settings,
    Rules,
    Stats,
    Record,
    Share,
    Back,
}

impl Action {
    const ALL: [Action; 12] = [
        Action::New,
        Action::Undo,
        Action::Redo,
        Action::Hint,
        Action::Daily,
        Action::Resume,
        Action::Settings,
        Action::Rules,
        Action::Stats,
        Action::Record,
        Action::Share,
        Action::Back,
    ];

    pub(super) fn label(self) -> (&'static str, &'static str, &'static str) {
        // (visible text, accessible name, data-action)
        match self {
            Action::New => ("New game", "New game", "new"),
            Action::Undo => ("Undo", "Undo (Ctrl+Z)", "undo"),
            Action::Redo => ("Redo", "Redo (Ctrl+Y)", "redo"),
            Action::Hint => ("Hint", "Hint", "hint"),
            Action::Daily => (
                "Daily",
                "Daily game: today's, the same for everyone",
                "daily",
            ),
            Action::Resume => (
                "Resume",
                "Resume your game set aside when a link opened",
                "resume",
            ),
            Action::Settings => ("Settings", "Settings", "settings"),
            Action::Rules => ("Rules", "Rules", "rules"),
            Action::Stats => ("Stats", "Statistics", "stats"),
            Action::Record => ("Record", "Game record: export and import", "record"),
            Action::Share => ("Share", "Share a link to this game", "share"),
            Action::Back => ("← Games", "Back to games", "back"),
        }
    }

    /// The icon's SVG path (24×24, stroked) for the actions that stay on the
    /// toolbar of a phone; the others wait behind the menu button there.
    fn icon(self) -> Option<&'static str> {
        match self {
            Action::New => Some("M12 5v14M5 12h14"),
            Action::Undo => Some("M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3"),
            Action::Redo => Some("m15 14 5-5-5-5m5 5H10a6 6 0 0 0 0 12h3"),
            Action::Hint => Some("M9 18h6m-5 4h4M12 2a7 7 0 0 0-4 12.7V16h8v-1.3A7 7 0 0 0 12 2z"),
            _ => None,
        }
    }
}

/// The menu button's icon: three bars.
const MENU_ICON: &str = "M4 6h16M4 12h16M4 18h16";

/// A stroked 24×24 icon, hidden from assistive technology (its button has a name).
fn icon(path: &str) -> HtmlElement {
    let span = dom::element("span", "parlour-icon");
    attr(&span, "aria-hidden", "true");
    span.set_inner_html(&format!(
        "<svg viewBox=\"0 0 24 24\" width=\"22\" height=\"22\" fill=\"none\" \
         stroke=\"currentColor\" stroke-width=\"2\" stroke-linecap=\"round\" \
         stroke-linejoin=\"round\"><path d=\"{path}\"/></svg>"
    ));
    span
}

/// A toolbar button: an icon (shown on a phone) and a text label (shown on
/// wider screens), named for assistive technology either way.
fn tool_button(text: &str, name: &str, icon_path: Option<&str>) -> HtmlButtonElement {
    // (The visible text differs from `name`, so `button` sets the aria-label.)
    let b = dom::button("parlour-button", "", name);
    if let Some(path) = icon_path {
        let _ = b.append_child(&icon(path));
    }
    let _ = b.append_child(&dom::text("span", "parlour-label", text));
    b
}

pub(super) struct Ui {
    pub(super) notices: HtmlElement,
    pub(super) play: HtmlElement,
    pub(super) title: HtmlElement,
    pub(super) buttons: Vec<(Action, HtmlButtonElement)>,
    pub(super) toolbar: HtmlElement,
    pub(super) menu_button: HtmlButtonElement,
    pub(super) stage: HtmlElement,
    pub(super) canvas: HtmlCanvasElement,
    pub(super) ctx: CanvasRenderingContext2d,
    pub(super) status: HtmlElement,
    /// What the game last said, on screen (the live region says it to a
    /// screen reader, so this line is hidden from one).
    pub(super) message: HtmlElement,
    /// Shown while a computer thinks: asks it to play now.
    pub(super) move_now: HtmlButtonElement,
    /// Shown while the computers play by themselves: pause or resume them.
    pub(super) pause: HtmlButtonElement,
    /// Shown while they are paused: one move.
    pub(super) step: HtmlButtonElement,
    /// The row that holds those three, docked where it covers least of
    /// the board ([`crate::shell::geom::Fit::dock`]).
    pub(super) watch: HtmlElement,
    pub(super) live: HtmlElement,
    pub(super) panel: HtmlElement,
}

/// Gives the document Parlour's style sheet, once: a constructed sheet,
/// adopted, which a Content-Security-Policy allows without `'unsafe-inline'`
/// or a hash (it is the CSSOM, not inline style). A browser without
/// constructed sheets gets a `<style>` element in the instance instead.
fn adopt_styles(shell: &HtmlElement) {
    let adopted = web_sys::window()
        .and_then(|w| w.document())
        .zip(web_sys::CssStyleSheet::new().ok())
        .filter(|(doc, _)| js_sys::Reflect::has(doc, &"adoptedStyleSheets".into()) == Ok(true))
        .is_some_and(|(doc, sheet)| {
            let sheets = doc.adopted_style_sheets();
            // Once a document: a sheet of ours is marked by its first rule.
            let ours = sheets.iter().any(|s| {
                s.unchecked_ref::<web_sys::CssStyleSheet>()
                    .css_rules()
                    .ok()
                    .and_then(|r| r.item(0))
                    .is_some_and(|r| r.css_text().starts_with(".parlour"))
            });
            ours || (sheet.replace_sync(CSS).is_ok() && {
                sheets.push(&sheet);
                doc.set_adopted_style_sheets(&sheets);
                true
            })
        });
    if !adopted {
        let style = dom::element("style", "");
        style.set_text_content(Some(CSS));
        let _ = shell.append_child(&style);
    }
}

pub(super) fn build_ui(shell: &HtmlElement, id: u32) -> Result<Ui, String> {
    adopt_styles(shell);

    let notices = dom::element("div", "parlour-notices");
    attr(&notices, "role", "status");
    notices.set_hidden(true);
    let _ = shell.append_child(&notices);

    let play = dom::element("section", "parlour-play");
    play.set_hidden(true);
    let bar = dom::element("div", "parlour-toolbar");
    attr(&bar, "aria-label", "Game controls");
    let title = dom::text("h2", "parlour-title", "");
    let _ = bar.append_child(&title);
    // On a phone the actions without an icon sit in a menu behind this
    // button; on a wider screen the menu shows inline and the button hides.
    let menu_button = tool_button("More", "More actions", Some(MENU_ICON));
    menu_button.set_class_name("parlour-button parlour-menu-button");
    attr(&menu_button, "aria-haspopup", "true");
    attr(&menu_button, "aria-expanded", "false");
    attr(&menu_button, "aria-controls", &format!("parlour-menu-{id}"));
    let menu = dom::element("div", "parlour-menu");
    attr(&menu, "id", &format!("parlour-menu-{id}"));
    let mut buttons = Vec::new();
    for action in Action::ALL {
        let (text, name, data) = action.label();
        let b = tool_button(text, name, action.icon());
        attr(&b, "data-action", data);
        let _ = match action.icon() {
            Some(_) => bar.append_child(&b),
            None => menu.append_child(&b),
        };
        buttons.push((action, b));
    }
    let _ = bar.append_child(&menu_button);
    let _ = bar.append_child(&menu);
    let _ = play.append_child(&bar);
    let stage = dom::element("div", "parlour-stage");
    let canvas = dom::element("canvas", "parlour-canvas").unchecked_into::<HtmlCanvasElement>();
    attr(&canvas, "tabindex", "0");
    attr(&canvas, "role", "application");
    // Opaque: every frame paints every pixel (the backdrop first), so the
    // browser need not blend the canvas into the page.
    let opaque = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&opaque, &"alpha".into(), &false.into());
    let ctx = canvas
        .get_context_with_context_options("2d", &opaque)
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        .ok_or("this browser cannot draw on a 2D canvas")?;
    let _ = stage.append_child(&canvas);
    // Over the board, so that it comes and goes without moving it.
    let move_now = dom::button("parlour-button parlour-move-now", "Move now", "Move now");
    attr(&move_now, "data-action", "move-now");
    move_now.set_hidden(true);
    // With, for computer against computer, Pause and Step: one row at the
    // board's foot.
    let watch = dom::element("div", "parlour-watch");
    let _ = watch.append_child(&move_now);
    let pause = dom::button("parlour-button", "Pause", "Pause");
    attr(&pause, "data-action", "pause");
    let step = dom::button("parlour-button", "Step", "Step: one move");
    attr(&step, "data-action", "step");
    let _ = watch.append_child(&pause);
    let _ = watch.append_child(&step);
    pause.set_hidden(true);
    step.set_hidden(true);
    let _ = stage.append_child(&watch);
    let _ = play.append_child(&stage);
    let message = dom::element("div", "parlour-message");
    attr(&message, "aria-hidden", "true");
    let _ = play.append_child(&message);
    let status = dom::element("div", "parlour-status");
    let _ = play.append_child(&status);
    let live = dom::element("div", "parlour-sr-only");
    attr(&live, "aria-live", "polite");
    attr(&live, "aria-atomic", "true");
    let _ = play.append_child(&live);
    let _ = shell.append_child(&play);

    let panel = dom::element("div", "parlour-panel");
    attr(&panel, "role", "dialog");
    attr(&panel, "aria-modal", "true");
    panel.set_hidden(true);
    let _ = shell.append_child(&panel);

    Ok(Ui {
        notices,
        play,
        title,
        buttons,
        toolbar: bar,
        menu_button,
        stage,
        canvas,
        ctx,
        status,
        message,
        move_now,
        pause,
        step,
        watch,
        live,
        panel,
    })
}
