//! How hard a winnable deal is, graded by the effort the explicit search
//! spends before it finds a win.
//!
//! The search tries the moves a player would think of first (cards up,
//! cards turned over, stock cards that fit) before the rest, and backs up
//! only when a line fails. A deal it wins in a few hundred positions is one
//! where the natural moves work with little going back; a deal that needs
//! thousands is one where the win hides behind choices that look wrong or
//! long detours. That effort is counted in positions, not time, so every
//! machine grades a deal alike.

/// A winnable deal's difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grade {
    /// Won in at most [`Grade::EASY_MAX`] positions searched.
    Easy,
    /// Won in at most [`Grade::MEDIUM_MAX`] positions searched.
    Medium,
    /// Won, but only after more than [`Grade::MEDIUM_MAX`] positions.
    Hard,
}

impl Grade {
    /// The most positions an easy deal takes the explicit search to win.
    pub const EASY_MAX: u64 = 200;
    /// The most positions a medium deal takes the explicit search to win.
    pub const MEDIUM_MAX: u64 = 5_000;

    /// The grade of a deal the explicit search won after searching `nodes`
    /// positions (its report's count).
    pub fn of_effort(nodes: u64) -> Grade {
        if nodes <= Grade::EASY_MAX {
            Grade::Easy
        } else if nodes <= Grade::MEDIUM_MAX {
            Grade::Medium
        } else {
            Grade::Hard
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, State};
    use crate::solver::{solve_explicit, Limits, Verdict};
    use parlour_kit::rng::Seed;

    #[test]
    fn effort_bands_meet_at_their_bounds() {
        assert_eq!(Grade::of_effort(0), Grade::Easy);
        assert_eq!(Grade::of_effort(Grade::EASY_MAX), Grade::Easy);
        assert_eq!(Grade::of_effort(Grade::EASY_MAX + 1), Grade::Medium);
        assert_eq!(Grade::of_effort(Grade::MEDIUM_MAX), Grade::Medium);
        assert_eq!(Grade::of_effort(Grade::MEDIUM_MAX + 1), Grade::Hard);
    }

    #[test]
    fn seeded_deals_fall_in_every_band() {
        // Draw three, the first 40 deals: each grade occurs, and a harder
        // grade means a longer search by definition.
        let limits = Limits {
            nodes: 150_000,
            table_slots: 1 << 17,
        };
        let mut seen = [false; 3];
        for seed in 1..=40 {
            let rules = Rules {
                draw: 3,
                ..Rules::default()
            };
            let deal = State::deal(rules, Seed(seed));
            let report = solve_explicit(&deal, limits).expect("Klondike is solvable");
            if let Verdict::Winnable(_) = report.verdict {
                seen[Grade::of_effort(report.nodes) as usize] = true;
            }
        }
        assert_eq!(seen, [true; 3], "easy, medium and hard deals among 40");
    }
}
