//! The instance's elements: the toolbar's actions, and building the
//! picker, toolbar, canvas, notices and panel.

use super::*;

/// The toolbar's actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Action {
    New,
    Undo,
    Redo,
    Hint,
    Settings,
    Rules,
    Stats,
    Record,
    Back,
}

impl Action {
    const ALL: [Action; 9] = [
        Action::New,
        Action::Undo,
        Action::Redo,
        Action::Hint,
        Action::Settings,
        Action::Rules,
        Action::Stats,
        Action::Record,
        Action::Back,
    ];

    pub(super) fn label(self) -> (&'static str, &'static str, &'static str) {
        // (visible text, accessible name, data-action)
        match self {
            Action::New => ("New game", "New game", "new"),
            Action::Undo => ("↶ Undo", "Undo (Ctrl+Z)", "undo"),
            Action::Redo => ("↷ Redo", "Redo (Ctrl+Y)", "redo"),
            Action::Hint => ("Hint", "Hint", "hint"),
            Action::Settings => ("Settings", "Settings", "settings"),
            Action::Rules => ("Rules", "Rules", "rules"),
            Action::Stats => ("Stats", "Statistics", "stats"),
            Action::Record => ("Record", "Game record: export and import", "record"),
            Action::Back => ("← Games", "Back to games", "back"),
        }
    }
}

pub(super) struct Ui {
    pub(super) notices: HtmlElement,
    pub(super) picker: HtmlElement,
    pub(super) play: HtmlElement,
    pub(super) title: HtmlElement,
    pub(super) buttons: Vec<(Action, HtmlButtonElement)>,
    pub(super) stage: HtmlElement,
    pub(super) canvas: HtmlCanvasElement,
    pub(super) ctx: CanvasRenderingContext2d,
    pub(super) status: HtmlElement,
    pub(super) live: HtmlElement,
    pub(super) panel: HtmlElement,
}

pub(super) fn build_ui(shell: &HtmlElement) -> Result<Ui, String> {
    let style = dom::element("style", "");
    style.set_text_content(Some(CSS));
    let _ = shell.append_child(&style);

    let notices = dom::element("div", "parlour-notices");
    attr(&notices, "role", "status");
    notices.set_hidden(true);
    let _ = shell.append_child(&notices);

    let picker = dom::element("nav", "parlour-picker");
    attr(&picker, "aria-label", "Choose a game");
    let _ = picker.append_child(&dom::text("h1", "parlour-brand", "Parlour"));
    let _ = picker.append_child(&dom::text(
        "p",
        "parlour-tagline",
        "Three classic table games. Pick one to play.",
    ));
    let list = dom::element("div", "parlour-picks");
    for kind in GameKind::ALL {
        let b = dom::button("parlour-pick", "", &format!("Play {}", kind.title()));
        attr(&b, "data-game", kind.slug());
        let _ = b.append_child(&dom::text("span", "parlour-pick-title", kind.title()));
        let _ = b.append_child(&dom::text("span", "parlour-pick-blurb", kind.blurb()));
        let _ = list.append_child(&b);
    }
    let _ = picker.append_child(&list);
    let _ = shell.append_child(&picker);

    let play = dom::element("section", "parlour-play");
    play.set_hidden(true);
    let bar = dom::element("div", "parlour-toolbar");
    attr(&bar, "aria-label", "Game controls");
    let title = dom::text("h2", "parlour-title", "");
    let _ = bar.append_child(&title);
    let mut buttons = Vec::new();
    for action in Action::ALL {
        let (text, name, data) = action.label();
        let b = dom::button("parlour-button", text, name);
        attr(&b, "data-action", data);
        let _ = bar.append_child(&b);
        buttons.push((action, b));
    }
    let _ = play.append_child(&bar);
    let stage = dom::element("div", "parlour-stage");
    let canvas = dom::element("canvas", "parlour-canvas").unchecked_into::<HtmlCanvasElement>();
    attr(&canvas, "tabindex", "0");
    attr(&canvas, "role", "application");
    let ctx = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        .ok_or("this browser cannot draw on a 2D canvas")?;
    let _ = stage.append_child(&canvas);
    let _ = play.append_child(&stage);
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
        picker,
        play,
        title,
        buttons,
        stage,
        canvas,
        ctx,
        status,
        live,
        panel,
    })
}
