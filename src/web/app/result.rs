//! The result card: shown once when a game ends (after its celebration),
//! with the result, the game's figures and the ways on: play again, the
//! statistics, share, or close it to look at the board.

use super::chrome::Action;
use super::panels::stats_table;
use super::{with_app, App};
use crate::web::dom::{self, attr, Listener};

impl App {
    /// Shows the result card when the game on screen has just ended and its
    /// own work (a celebration, a search) is done; puts it away and forgets
    /// it once the game is going again (a move undone, a new game).
    pub(super) fn check_end(&mut self) {
        let over = self.game.as_ref().is_some_and(|g| g.ending().is_some());
        if !over {
            // A new game from the toolbar, or an undo, puts the card away
            // (looked for only when the card was shown for this end).
            if std::mem::take(&mut self.end_shown) {
                let card = self.ui.panel.query_selector(".parlour-result");
                if card.ok().flatten().is_some() {
                    self.close_panel();
                }
            }
        } else if !self.end_shown && self.ui.panel.hidden() {
            self.end_shown = true;
            self.open_result();
        }
    }

    fn open_result(&mut self) {
        let Some(g) = &self.game else { return };
        let body = dom::element("div", "parlour-result");
        let _ = body.append_child(&dom::text("p", "parlour-result-line", &g.status()));
        if let Some(last) = self.ui.message.text_content().filter(|t| !t.is_empty()) {
            let _ = body.append_child(&dom::text("p", "parlour-note", &last));
        }
        let stats = g.stats();
        let has_stats = stats.is_some();
        if let Some(rows) = stats {
            let _ = body.append_child(&stats_table(rows));
        }
        let row = dom::element("div", "parlour-result-actions");
        let mut ways = vec![(Action::New, "Play again", "again")];
        if has_stats {
            ways.push((Action::Stats, "Statistics", "result-stats"));
        }
        ways.push((Action::Share, "Share", "result-share"));
        let mut buttons = Vec::new();
        for (i, (action, text, data)) in ways.into_iter().enumerate() {
            let class = if i == 0 {
                "parlour-primary"
            } else {
                "parlour-button"
            };
            let b = dom::button(class, text, text);
            attr(&b, "data-action", data);
            let _ = row.append_child(&b);
            buttons.push((action, b));
        }
        let _ = body.append_child(&row);
        self.open_panel("Game over", &body);
        self.wire_panel_close();
        for (action, b) in &buttons {
            let weak = self.self_weak();
            let action = *action;
            self.panel_listeners
                .push(Listener::new(b, "click", move |_| {
                    with_app(&weak, |a| {
                        a.close_panel();
                        a.act(action);
                    });
                }));
        }
        if let Some((_, again)) = buttons.first() {
            let _ = again.focus();
        }
    }
}
