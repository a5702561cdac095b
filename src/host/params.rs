//! The page's URL parameters: what is on screen, in a form that can be shared.
//!
//! `?game=klondike&seed=42&draw=3` names the game, the deal and any option
//! that differs from the default. Parsing never fails: whatever cannot be
//! understood is dropped with a [`ParamProblem`] the page shows as a notice.

use crate::games::{GameKind, UnknownGame};
use crate::shell::daily::{Day, DayError};
use crate::shell::{Game, OptionError};
use crate::util::rng::{Seed, SeedError};
use std::fmt;

/// What a URL asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    /// The game to show; `None` shows the picker.
    pub game: Option<GameKind>,
    /// The deal to show; `None` keeps the saved game or deals a fresh one.
    pub seed: Option<Seed>,
    /// Game options, in URL order, not yet checked against the game.
    pub options: Vec<(String, String)>,
    /// A challenge link's game (see [`crate::host::link`]), not yet checked.
    pub play: Option<String>,
    /// The daily game of this day (`daily=2026-12-01`) instead of a deal.
    pub daily: Option<Day>,
}

/// A parameter that was ignored, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamProblem {
    /// `game=` named no game.
    UnknownGame(UnknownGame),
    /// `seed=` was not a number.
    BadSeed(SeedError),
    /// `daily=` was not a date.
    BadDay(DayError),
    /// A game option was unknown or had a bad value.
    Option(OptionError),
    /// Game options were given without a game.
    NoGame(String),
    /// A `%` escape that is not two hex digits, or bytes that are not UTF-8.
    Malformed(String),
    /// More parameters than any game has options: the rest were ignored.
    TooMany(usize),
}

/// The most parameters a query is read for (every game has fewer options).
pub const MAX_PARAMS: usize = 64;

impl fmt::Display for ParamProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamProblem::TooMany(n) => write!(
                f,
                "Ignored the last {n} parameters: a link holds at most {MAX_PARAMS}."
            ),
            ParamProblem::UnknownGame(e) => write!(f, "Ignored parameter 'game': {e}."),
            ParamProblem::BadSeed(e) => write!(f, "Ignored parameter 'seed': {e}."),
            ParamProblem::BadDay(e) => write!(f, "Ignored parameter 'daily': {e}."),
            ParamProblem::Option(OptionError::UnknownKey(k)) => {
                write!(f, "Ignored unknown parameter '{k}'.")
            }
            ParamProblem::Option(OptionError::BadValue {
                key,
                value,
                expected,
            }) => write!(
                f,
                "Ignored parameter '{key}': '{value}' is not one of {expected}; using the default."
            ),
            ParamProblem::NoGame(k) => {
                write!(f, "Ignored parameter '{k}': it needs a game=… parameter.")
            }
            ParamProblem::Malformed(raw) => {
                write!(f, "Ignored a malformed parameter: '{raw}'.")
            }
        }
    }
}

/// Decodes `application/x-www-form-urlencoded` text: `+` is a space, `%XX` a byte.
pub fn percent_decode(raw: &str) -> Option<String> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes.get(i + 1..i + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok()
}

/// Encodes a value for a query string, leaving only unreserved characters bare.
pub fn percent_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for b in value.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The URL parameter that holds a challenge link's game ([`crate::host::link`]).
pub const PLAY: &str = "play";

/// Parses a query string, with or without its leading `?`.
pub fn parse_query(query: &str) -> (Request, Vec<ParamProblem>) {
    let mut req = Request::default();
    let mut problems = Vec::new();
    let query = query.strip_prefix('?').unwrap_or(query);
    let pairs: Vec<&str> = query.split('&').filter(|p| !p.is_empty()).collect();
    if pairs.len() > MAX_PARAMS {
        problems.push(ParamProblem::TooMany(pairs.len() - MAX_PARAMS));
    }
    for pair in pairs.into_iter().take(MAX_PARAMS) {
        let (raw_key, raw_value) = pair.split_once('=').unwrap_or((pair, ""));
        let (Some(key), Some(value)) = (percent_decode(raw_key), percent_decode(raw_value)) else {
            problems.push(ParamProblem::Malformed(pair.to_owned()));
            continue;
        };
        match key.as_str() {
            "game" => match value.parse() {
                Ok(kind) => req.game = Some(kind),
                Err(e) => problems.push(ParamProblem::UnknownGame(e)),
            },
            "seed" => match value.parse() {
                Ok(seed) => req.seed = Some(seed),
                Err(e) => problems.push(ParamProblem::BadSeed(e)),
            },
            "daily" => match value.parse() {
                Ok(day) => req.daily = Some(day),
                Err(e) => problems.push(ParamProblem::BadDay(e)),
            },
            PLAY => req.play = Some(value),
            _ => req.options.push((key, value)),
        }
    }
    if req.game.is_none() {
        for (key, _) in req.options.drain(..) {
            problems.push(ParamProblem::NoGame(key));
        }
    }
    (req, problems)
}

/// Applies the requested options to `game`, returning the ones it refused.
pub fn apply_options(game: &mut dyn Game, options: &[(String, String)]) -> Vec<ParamProblem> {
    options
        .iter()
        .filter_map(|(k, v)| game.set_option(k, v).err().map(ParamProblem::Option))
        .collect()
}

/// The query string that describes `game`, a game of `kind`: its name, seed and every option
/// of the game on the table ([`Game::in_play`]) that differs from the default and belongs in a
/// link (not the player's own preferences); for a daily game, its name and day. Opened, it
/// deals the same game again: every rule it leaves out is at its default.
pub fn query_for(kind: GameKind, game: &dyn Game) -> String {
    if let Some(day) = game.daily_day() {
        return format!("?game={}&daily={day}", kind.slug());
    }
    let mut q = format!("?game={}&seed={}", kind.slug(), game.seed());
    for spec in game.option_specs().iter().filter(|s| s.in_link) {
        if let Some(value) = game.in_play(spec.key).filter(|v| *v != spec.default) {
            q.push('&');
            q.push_str(spec.key);
            q.push('=');
            q.push_str(&percent_encode(value));
        }
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::new_game;

    #[test]
    fn a_query_is_read_for_at_most_64_parameters() {
        let long: String = (0..10_000).map(|i| format!("&k{i}=v")).collect();
        let (_, problems) = parse_query(&format!("?game=klondike{long}"));
        assert_eq!(problems.len(), 1, "one notice, not thousands");
        assert_eq!(problems[0], ParamProblem::TooMany(10_001 - MAX_PARAMS));
        assert!(problems[0].to_string().contains("at most 64"));
    }

    #[test]
    fn a_full_query_parses() {
        let (req, problems) = parse_query("?game=klondike&draw=3&seed=42");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(req.game, Some(GameKind::Klondike));
        assert_eq!(req.seed, Some(Seed(42)));
        assert_eq!(req.options, vec![("draw".to_owned(), "3".to_owned())]);
    }

    #[test]
    fn bad_parameters_are_named_and_dropped() {
        let (req, problems) = parse_query("game=chess&seed=abc&%zz=1");
        assert_eq!(req, Request::default());
        let text: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert!(
            text[0].contains("'game'") && text[0].contains("chess"),
            "{text:?}"
        );
        assert!(
            text[1].contains("'seed'") && text[1].contains("abc"),
            "{text:?}"
        );
        assert!(text[2].contains("%zz"), "{text:?}");
    }

    #[test]
    fn options_without_a_game_are_reported() {
        let (_, problems) = parse_query("draw=3");
        assert_eq!(problems, vec![ParamProblem::NoGame("draw".into())]);
    }

    #[test]
    fn percent_coding_round_trips() {
        for s in ["19x15", "a b&c=d", "é", ""] {
            assert_eq!(percent_decode(&percent_encode(s)).as_deref(), Some(s));
        }
        assert_eq!(percent_decode("a+b%21").as_deref(), Some("a b!"));
        assert_eq!(percent_decode("%4"), None);
        assert_eq!(percent_decode("%ff"), None, "not UTF-8");
    }

    #[test]
    fn query_for_names_only_non_default_options() {
        for kind in GameKind::ALL {
            let mut game = new_game(kind, Seed(5));
            assert_eq!(
                query_for(kind, game.as_ref()),
                format!("?game={kind}&seed=5")
            );
            let spec = game.option_specs()[0];
            let other = spec
                .choices
                .iter()
                .find(|c| c.value != spec.default)
                .unwrap();
            game.set_option(spec.key, other.value).unwrap();
            // A rule chosen waits for the next game: the URL tells the game on the table.
            if spec.restarts {
                assert_eq!(
                    query_for(kind, game.as_ref()),
                    format!("?game={kind}&seed=5")
                );
                game.new_game(Seed(5));
            }
            let (req, problems) = parse_query(&query_for(kind, game.as_ref()));
            assert!(problems.is_empty());
            assert_eq!(
                req.options,
                vec![(spec.key.to_owned(), other.value.to_owned())]
            );
        }
    }

    #[test]
    fn apply_options_reports_each_refusal() {
        let mut game = new_game(GameKind::Klondike, Seed(1));
        let problems = apply_options(
            game.as_mut(),
            &[("draw".into(), "7".into()), ("colour".into(), "x".into())],
        );
        assert_eq!(problems.len(), 2);
        assert!(problems[0].to_string().contains("'draw'"));
        assert!(problems[1].to_string().contains("'colour'"));
    }
}
