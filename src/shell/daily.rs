//! The daily game: one deal a day, the same for everyone on that date (UTC),
//! and the streak of days on which a player won it.
//!
//! A [`Day`] is a date of the proleptic Gregorian calendar, counted in days
//! from 1970-01-01 and written `YYYY-MM-DD` (in URLs too: `daily=2026-12-01`).
//! Each game says what its daily is ([`GameDef::daily`]); the shell deals it
//! from [`Day::seed`] and keeps the [`Dailies`] won.
//!
//! [`GameDef::daily`]: crate::shell::def::GameDef::daily

use crate::util::rng::{Rng, Seed};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The game of a day, as a game declares it ([`GameDef::daily`]).
///
/// [`GameDef::daily`]: crate::shell::def::GameDef::daily
#[derive(Clone, Debug, PartialEq)]
pub struct DailyDeal<S> {
    /// The seed it is dealt from: the day's, or one the game searched on to.
    pub seed: Seed,
    /// Where it starts.
    pub start: S,
    /// The challenge, in a few words ("a deal that can be won").
    pub challenge: &'static str,
}

/// A date, as days since 1970-01-01.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Day(pub i32);

/// Where the days' seeds start in the generator's stream: far from the
/// small numbers players type as seeds.
const DAILY_STREAM: u64 = 0xDA11_0000_0000_0000;

/// The first and last years a [`Day`] is read for.
const YEARS: std::ops::RangeInclusive<i32> = 1970..=9999;

/// Why a text is not a date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DayError(pub String);

impl fmt::Display for DayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a date: expected YYYY-MM-DD, from 1970 to 9999",
            self.0
        )
    }
}

impl std::error::Error for DayError {}

/// Days before the first of March of year `y` (March-based years put the
/// leap day last), counted from 1970-01-01.
fn days_from_civil(y: i32, m: u32, d: u32) -> i32 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy as i32;
    era * 146_097 + doe - 719_468
}

fn days_in_month(y: i32, m: u32) -> u32 {
    match m {
        2 if y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Day {
    /// The day of a year, month (1–12) and day of the month, if it exists.
    pub fn from_ymd(y: i32, m: u32, d: u32) -> Option<Day> {
        let real =
            YEARS.contains(&y) && (1..=12).contains(&m) && (1..=days_in_month(y, m)).contains(&d);
        real.then(|| Day(days_from_civil(y, m, d)))
    }

    /// The day `ms` milliseconds after 1970-01-01T00:00Z falls on (UTC).
    pub fn from_unix_ms(ms: f64) -> Day {
        Day((ms / 86_400_000.0).floor() as i32)
    }

    /// Year, month and day of the month.
    pub fn ymd(self) -> (i32, u32, u32) {
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let y = yoe + era * 400 + i32::from(m <= 2);
        (y, m, d)
    }

    /// The first day a date is read for: 1970-01-01.
    pub const FIRST: Day = Day(0);

    /// The last day a date is read for: 9999-12-31.
    pub const LAST: Day = Day(2_932_896);

    /// Whether the day lies between [`Day::FIRST`] and [`Day::LAST`], the
    /// dates a URL or a save may name.
    pub fn in_range(self) -> bool {
        (Day::FIRST..=Day::LAST).contains(&self)
    }

    /// Checks a day read from outside (a save): refused outside
    /// [`Day::FIRST`]..=[`Day::LAST`].
    pub fn checked(self) -> Result<Day, String> {
        if self.in_range() {
            Ok(self)
        } else {
            Err(format!(
                "the daily game's date is day {} of the calendar, outside {}..{}",
                self.0,
                Day::FIRST,
                Day::LAST
            ))
        }
    }

    /// The day after.
    pub fn next(self) -> Day {
        Day(self.0 + 1)
    }

    /// The seed every game deals the day's game from: the same everywhere
    /// and for ever, and unlike the small numbers players type as seeds.
    pub fn seed(self) -> Seed {
        let mut rng = Rng::new(Seed((self.0 as u64).wrapping_add(DAILY_STREAM)));
        Seed(rng.next_u64() >> 11)
    }

    /// The status line of `day`'s game.
    pub fn status(self, status: &str) -> String {
        format!("Daily {self} · {status}")
    }

    /// What dealing `day`'s game says.
    pub fn dealt(self, challenge: &str) -> String {
        format!("The daily game of {self}: {challenge}.")
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = self.ymd();
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

impl FromStr for Day {
    type Err = DayError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || DayError(s.chars().take(40).collect());
        let b = s.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(bad());
        }
        let num = |r: std::ops::Range<usize>| {
            b[r].iter().try_fold(0u32, |n, &c| {
                c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0'))
            })
        };
        let (Some(y), Some(m), Some(d)) = (num(0..4), num(5..7), num(8..10)) else {
            return Err(bad());
        };
        Day::from_ymd(y as i32, m, d).ok_or_else(bad)
    }
}

/// The daily games a player has won, saved with the game's statistics:
/// runs of days won one after another, so a streak of any length costs a
/// few bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dailies {
    /// Runs as (first day, days), oldest first, with at least one day not
    /// won between two runs.
    runs: Vec<(Day, u32)>,
}

impl Dailies {
    /// Counts a win of `day`'s game; a day already won counts once.
    pub fn win(&mut self, day: Day) {
        if self.won(day) {
            return;
        }
        // The first run that starts after the day.
        let at = self.runs.partition_point(|&(first, _)| first <= day);
        let before = at
            .checked_sub(1)
            .filter(|&i| self.runs[i].0 .0 + self.runs[i].1 as i32 == day.0);
        let after = self
            .runs
            .get(at)
            .is_some_and(|&(first, _)| first.0 == day.0 + 1);
        match (before, after) {
            (Some(i), true) => {
                let (_, len) = self.runs.remove(at);
                self.runs[i].1 += len + 1;
            }
            (Some(i), false) => self.runs[i].1 += 1,
            (None, true) => self.runs[at] = (day, self.runs[at].1 + 1),
            (None, false) => self.runs.insert(at, (day, 1)),
        }
    }

    /// The run of days won that ends on `day` (0 if `day` was not won).
    fn run_to(&self, day: Day) -> u32 {
        let at = self.runs.partition_point(|&(first, _)| first <= day);
        match at.checked_sub(1).map(|i| self.runs[i]) {
            Some((first, len)) if day.0 - first.0 < len as i32 => (day.0 - first.0 + 1) as u32,
            _ => 0,
        }
    }

    /// The streak as of `today`: the run of days won up to today, or up to
    /// yesterday while today's game waits to be won.
    pub fn streak(&self, today: Day) -> u32 {
        self.run_to(today).max(self.run_to(Day(today.0 - 1)))
    }

    /// Daily games won in all.
    pub fn total(&self) -> u32 {
        self.runs.iter().map(|&(_, len)| len).sum()
    }

    /// The longest streak.
    pub fn best(&self) -> u32 {
        self.runs.iter().map(|&(_, len)| len).max().unwrap_or(0)
    }

    /// Whether `day`'s game was won.
    pub fn won(&self, day: Day) -> bool {
        self.run_to(day) > 0
    }

    /// The statistics' rows: games won, the streak as of `today` (when the
    /// date is known) and the longest.
    pub fn rows(&self, today: Option<Day>) -> Vec<(String, String)> {
        let mut rows = vec![("Daily games won".to_owned(), self.total().to_string())];
        if let Some(today) = today {
            rows.push(("Daily streak".to_owned(), self.streak(today).to_string()));
        }
        rows.push(("Longest daily streak".to_owned(), self.best().to_string()));
        rows
    }

    /// What the win of `day`'s game adds to its narration.
    pub fn told(&self, day: Day) -> String {
        let streak = self.streak(day);
        let s = if streak == 1 { "" } else { "s" };
        format!(" Daily streak: {streak} day{s}.")
    }

    /// Checks what a save says: runs in order, apart, not empty, and each
    /// within the dates a daily game can have ([`Day::FIRST`]..=[`Day::LAST`]),
    /// so that every count and streak drawn from them is a real one.
    pub fn check(&self) -> Result<(), String> {
        let apart = self
            .runs
            .windows(2)
            .all(|w| i64::from(w[0].0 .0) + i64::from(w[0].1) < i64::from(w[1].0 .0));
        let dated = self.runs.iter().all(|&(first, len)| {
            len > 0
                && first.in_range()
                && i64::from(first.0) + i64::from(len) - 1 <= i64::from(Day::LAST.0)
        });
        if apart && dated {
            Ok(())
        } else {
            Err("the daily games won do not add up".into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> Day {
        s.parse().unwrap()
    }

    #[test]
    fn dates_read_and_write_back() {
        assert_eq!(day("1970-01-01"), Day(0));
        assert_eq!(day("2000-03-01").0 - day("2000-02-28").0, 2, "2000 is leap");
        for s in ["2026-12-01", "2024-02-29", "9999-12-31", "2100-02-28"] {
            assert_eq!(day(s).to_string(), s);
        }
        for n in (0..=day("9999-12-31").0).step_by(997) {
            let d = Day(n);
            assert_eq!(d.to_string().parse::<Day>(), Ok(d), "{n}");
        }
        assert_eq!(Day::from_unix_ms(1_764_547_200_000.0), day("2025-12-01"));
        assert_eq!(Day::from_unix_ms(1_764_547_199_999.0), day("2025-11-30"));
    }

    #[test]
    fn impossible_dates_are_refused() {
        for s in [
            "",
            "2026-1-01",
            "2026-13-01",
            "2026-00-10",
            "2026-02-29",
            "2100-02-29",
            "1969-12-31",
            "+026-12-01",
            "2026-12-1x",
            "2026/12/01",
            "2026-12-010",
            "２０２６-12-01",
        ] {
            let e = s.parse::<Day>().unwrap_err();
            assert!(e.to_string().contains("YYYY-MM-DD"), "{s}: {e}");
        }
    }

    #[test]
    fn the_range_ends_are_the_dates_read() {
        assert_eq!(Day::FIRST, day("1970-01-01"));
        assert_eq!(Day::LAST, day("9999-12-31"));
        assert!(Day::LAST.checked().is_ok());
        assert!(Day(Day::LAST.0 + 1).checked().is_err());
        assert!(Day(-1).checked().is_err());
    }

    #[test]
    fn a_tampered_record_of_dailies_is_refused() {
        // As a tampered save held them: a date before 1970, a run longer
        // than the calendar, and a run running past 9999-12-31.
        for runs in [
            vec![(Day(-2_147_483_000), 1)],
            vec![(Day(20_000), u32::MAX)],
            vec![(Day(Day::LAST.0 - 1), 3)],
            vec![(Day(i32::MAX), 1)],
        ] {
            let d = Dailies { runs };
            assert!(d.check().is_err(), "{d:?}");
        }
        let ok = Dailies {
            runs: vec![(Day(20_000), 3), (Day(Day::LAST.0 - 1), 2)],
        };
        assert_eq!(ok.check(), Ok(()));
        assert_eq!(ok.total(), 5);
    }

    #[test]
    fn each_day_has_its_own_seed() {
        let seeds: std::collections::HashSet<_> = (0..20_000).map(|n| Day(n).seed()).collect();
        assert_eq!(seeds.len(), 20_000);
        assert_eq!(day("2026-12-01").seed(), day("2026-12-01").seed());
    }

    #[test]
    fn streaks_count_days_won_one_after_another() {
        let mut w = Dailies::default();
        let d = day("2026-11-28");
        w.win(d);
        w.win(d.next());
        w.win(d.next());
        assert_eq!((w.total(), w.best()), (2, 2), "a day counts once");
        assert_eq!(w.streak(d.next()), 2);
        assert_eq!(w.streak(d.next().next()), 2, "today's game still to win");
        assert_eq!(w.streak(d.next().next().next()), 0, "a day missed");
        // A missed day later won by a link joins the two runs.
        let later = Day(d.0 + 3);
        w.win(later);
        assert_eq!((w.streak(later), w.best()), (1, 2));
        w.win(Day(d.0 + 2));
        assert_eq!((w.streak(later), w.best(), w.total()), (4, 4, 4));
        assert!(w.won(later) && !w.won(Day(d.0 - 1)));
        assert_eq!(w.check(), Ok(()));
    }

    #[test]
    fn a_long_streak_costs_one_run() {
        let mut w = Dailies::default();
        for n in 0..1000 {
            w.win(Day(20_000 + n));
        }
        assert_eq!(w.runs, [(Day(20_000), 1000)]);
        assert_eq!(
            (w.total(), w.best(), w.streak(Day(21_000))),
            (1000, 1000, 1000)
        );
        for n in 0..10 {
            w.win(Day(30_000 + 2 * n));
        }
        assert_eq!((w.runs.len(), w.total(), w.best()), (11, 1010, 1000));
        assert_eq!(w.check(), Ok(()));
        let touching = Dailies {
            runs: vec![(Day(3), 1), (Day(4), 1)],
        };
        assert!(touching.check().is_err(), "runs that touch are one run");
        let empty = Dailies {
            runs: vec![(Day(3), 0)],
        };
        assert!(empty.check().is_err());
    }
}
