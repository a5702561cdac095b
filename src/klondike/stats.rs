//! What Klondike keeps from one game to the next: the statistics of each
//! dealing mode and the Vegas running total.

use super::rules::{self, Passes, Rules, Scoring, State};
use super::settings::{stock_to_waste, Settings, VegasTotal};
use super::variant::Variant;
use crate::shell::def::Event;
use crate::util::text_lines::capitalised;
use serde::{Deserialize, Serialize};

/// Statistics of one deal mode.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModeStats {
    /// Games in which a move was made.
    pub played: u32,
    /// Games won.
    pub won: u32,
    /// Wins in a row, up to now.
    pub streak: u32,
    /// The longest run of wins.
    pub best_streak: u32,
    /// The best score of a won game.
    pub best_score: Option<i32>,
    /// The fastest won game, in seconds.
    pub best_seconds: Option<u64>,
}

/// Everything Klondike keeps across games; saved with the game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Statistics per dealing mode, in the order first played (a handful).
    pub modes: Vec<(String, ModeStats)>,
    /// Vegas: the dollars carried from the games before this one.
    pub vegas_carry: i32,
    /// The mode's statistics as they were before this game's win was
    /// counted, so that taking the winning move back restores them exactly.
    before_win: Option<ModeStats>,
}

/// The name of a dealing mode: games in one mode are compared with each other.
pub fn mode_key(rules: &Rules) -> String {
    let passes = match rules.passes_allowed() {
        Passes::Unlimited => "unlimited".to_owned(),
        Passes::Limited(n) => n.to_string(),
    };
    match rules.variant {
        Variant::Klondike => format!("draw {}, passes {passes}", rules.draw),
        v => format!(
            "{}, draw {}, passes {passes}",
            v.title(rules.decks),
            rules.draw
        ),
    }
}

/// The dealing mode as the player reads it: `mode_key` without the draw
/// and the passes where the stock does not go to a waste (Easthaven deals
/// it onto the piles, so "draw 1, passes unlimited" would mean nothing).
/// The key stays as it was, so the statistics saved under it are kept.
pub fn mode_label(rules: &Rules) -> String {
    if stock_to_waste(*rules) {
        capitalised(&mode_key(rules))
    } else {
        rules.variant.title(rules.decks)
    }
}

/// Milliseconds as `m:ss`.
pub fn clock_text(ms: f64) -> String {
    let s = (ms / 1000.0) as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

/// The score a game shows, every scheme included.
pub fn score(state: &State, elapsed_ms: f64) -> i32 {
    rules::score(
        state.rules.scoring,
        state.points,
        (elapsed_ms / 1000.0) as u64,
        state.is_won(),
    )
}

impl Stats {
    /// The statistics of `rules`' mode, added if new.
    fn mode_mut(&mut self, rules: &Rules) -> &mut ModeStats {
        let key = mode_key(rules);
        let i = match self.modes.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                self.modes.push((key, ModeStats::default()));
                self.modes.len() - 1
            }
        };
        &mut self.modes[i].1
    }

    /// The statistics of `rules`' mode (empty if none was played).
    pub fn mode(&self, rules: &Rules) -> ModeStats {
        let key = mode_key(rules);
        self.modes
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, s)| s.clone())
            .unwrap_or_default()
    }

    /// Counts `event` of a game now at `state`, `elapsed_ms` into it. Two
    /// players' games are not counted; the Vegas total carries over all.
    pub fn count(&mut self, settings: &Settings, state: &State, elapsed_ms: f64, event: Event) {
        if let Event::Left { .. } = event {
            self.vegas_carry = if state.rules.scoring == Scoring::Vegas
                && settings.vegas_total == VegasTotal::On
            {
                self.vegas_carry.saturating_add(state.points)
            } else {
                0
            };
        }
        if state.rules.players != 1 {
            return;
        }
        match event {
            Event::Began => {
                let mode = self.mode_mut(&state.rules);
                mode.played = mode.played.saturating_add(1);
            }
            Event::Ended if state.is_won() => {
                let mode = self.mode_mut(&state.rules);
                let before = mode.clone();
                mode.won = mode.won.saturating_add(1);
                mode.streak = mode.streak.saturating_add(1);
                mode.best_streak = mode.best_streak.max(mode.streak);
                if state.rules.scoring != Scoring::None {
                    let score = score(state, elapsed_ms);
                    mode.best_score = Some(mode.best_score.map_or(score, |b| b.max(score)));
                }
                let seconds = (elapsed_ms / 1000.0) as u64;
                mode.best_seconds = Some(mode.best_seconds.map_or(seconds, |b| b.min(seconds)));
                self.before_win = Some(before);
            }
            Event::Unended => {
                if let Some(before) = self.before_win.take() {
                    *self.mode_mut(&state.rules) = before;
                }
            }
            Event::Left { began } => {
                self.before_win = None;
                if began && !state.is_won() {
                    self.mode_mut(&state.rules).streak = 0;
                }
            }
            Event::Ended => {}
        }
    }

    /// The statistics of `rules`' mode as label–value rows.
    pub fn rows(&self, rules: &Rules) -> Vec<(String, String)> {
        let st = self.mode(rules);
        let rate = (u64::from(st.won) * 100 + u64::from(st.played) / 2)
            .checked_div(u64::from(st.played))
            .map_or_else(|| "–".to_owned(), |r| format!("{r}%"));
        let opt = |v: Option<String>| v.unwrap_or_else(|| "–".to_owned());
        vec![
            ("Mode".into(), mode_label(rules)),
            ("Played".into(), st.played.to_string()),
            ("Won".into(), st.won.to_string()),
            ("Win rate".into(), rate),
            ("Current streak".into(), st.streak.to_string()),
            ("Best streak".into(), st.best_streak.to_string()),
            (
                "Best score".into(),
                opt(st.best_score.map(|s| s.to_string())),
            ),
            (
                "Best time".into(),
                opt(st.best_seconds.map(|s| clock_text(s as f64 * 1000.0))),
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_statistics_mode_starts_with_a_capital() {
        let rows = super::Stats::default().rows(&super::Rules::default());
        assert_eq!(rows[0].1, "Draw 1, passes unlimited");
    }

    #[test]
    fn the_mode_names_draw_and_passes_only_where_the_stock_goes_to_a_waste() {
        use super::super::variant::Variant;
        let rules = |variant: Variant, decks: u8| {
            variant.rules(super::Rules {
                decks,
                ..super::Rules::default()
            })
        };
        let label = |variant, decks| super::mode_label(&rules(variant, decks));
        assert_eq!(label(Variant::Easthaven, 1), "Easthaven");
        assert_eq!(label(Variant::Easthaven, 2), "Double Easthaven");
        assert_eq!(label(Variant::Agnes, 1), "Agnes");
        assert_eq!(label(Variant::Somerset, 1), "Somerset");
        assert_eq!(label(Variant::LasVegas, 1), "Las Vegas, draw 1, passes 1");
        assert_eq!(
            label(Variant::Kuipers, 1),
            "Kuipers, draw 1, passes unlimited"
        );
        // The key under which the statistics are saved does not change.
        assert_eq!(
            super::mode_key(&rules(Variant::Easthaven, 1)),
            "Easthaven, draw 1, passes unlimited"
        );
    }
}
