//! The dominoes settings: what the URL, the settings panel and the text
//! formats say, and the typed [`Rules`] and seats they make.

use super::ai::Level;
use super::rules::{Matching, Reach, Rules, Stuck, Variant};
use super::tile::Pips;
use crate::shell::{Choice, OptionSpec, Options};

const SEAT_CHOICES: &[Choice] = &[
    Choice::new("person", "A person"),
    Choice::new("random", "Computer: random"),
    Choice::new("greedy", "Computer: greedy"),
    Choice::new("strong", "Computer: strong"),
];

const fn seat(key: &'static str, label: &'static str, default: &'static str) -> OptionSpec {
    OptionSpec {
        key,
        label,
        choices: SEAT_CHOICES,
        default,
        restarts: true,
    }
}

/// Every dominoes setting.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "rules",
        label: "Game",
        choices: &[
            Choice::new("points", "Points"),
            Choice::new("muggins", "Muggins"),
            Choice::new("star", "Star"),
            Choice::new("triominos", "Tri-Ominos (modern)"),
        ],
        default: "points",
        restarts: true,
    },
    OptionSpec {
        key: "pips",
        label: "Set",
        choices: &[
            Choice::new("4", "0–4 pips (35 tiles)"),
            Choice::new("5", "0–5 pips (56 tiles)"),
        ],
        default: "4",
        restarts: true,
    },
    OptionSpec {
        key: "boss",
        label: "Boss tile",
        choices: &[
            Choice::new("off", "Without"),
            Choice::new("on", "With the boss"),
        ],
        default: "off",
        restarts: true,
    },
    OptionSpec {
        key: "players",
        label: "Players",
        choices: &[
            Choice::new("2", "Two"),
            Choice::new("3", "Three"),
            Choice::new("4", "Four"),
        ],
        default: "2",
        restarts: true,
    },
    seat("p1", "Player 1", "person"),
    seat("p2", "Player 2", "strong"),
    seat("p3", "Player 3", "strong"),
    seat("p4", "Player 4", "strong"),
    OptionSpec {
        key: "reach",
        label: "A tile goes",
        choices: &[
            Choice::new("previous", "Touching the last tile laid"),
            Choice::new("anywhere", "Anywhere on the layout"),
        ],
        default: "previous",
        restarts: true,
    },
    OptionSpec {
        key: "match",
        label: "Sides that must match",
        choices: &[
            Choice::new("every", "Every side it touches"),
            Choice::new("played", "Only the side played against"),
        ],
        default: "every",
        restarts: true,
    },
    OptionSpec {
        key: "stuck",
        label: "Unable to play",
        choices: &[
            Choice::new("pass", "Pass"),
            Choice::new("draw", "Draw from the boneyard, then pass"),
        ],
        default: "pass",
        restarts: true,
    },
    OptionSpec {
        key: "zero",
        label: "Muggins: 0 + 0",
        choices: &[
            Choice::new("five", "Counts as a multiple of five"),
            Choice::new("none", "Does not"),
        ],
        default: "five",
        restarts: true,
    },
    OptionSpec {
        key: "target",
        label: "Match",
        choices: &[
            Choice::new("auto", "One hand (Tri-Ominos: to 400)"),
            Choice::new("one", "One hand"),
            Choice::new("100", "Hands to 100"),
            Choice::new("200", "Hands to 200"),
            Choice::new("400", "Hands to 400"),
        ],
        default: "auto",
        restarts: true,
    },
    OptionSpec {
        key: "faces",
        label: "Tile faces",
        choices: &[
            Choice::new("pips", "Pips, as Richards drew them"),
            Choice::new("numerals", "Numerals"),
        ],
        default: "pips",
        restarts: false,
    },
    OptionSpec {
        key: "ghosts",
        label: "Show legal cells",
        choices: &[Choice::new("on", "On"), Choice::new("off", "Off")],
        default: "on",
        restarts: false,
    },
];

/// The rules the settings describe. Tri-Ominos keeps its own reach, stuck
/// rule and set (0–5, no boss), whatever the Richards settings say.
pub fn rules_from(o: &Options) -> Rules {
    let get = |k| o.get(OPTIONS, k).unwrap_or_default();
    let variant = match get("rules") {
        "muggins" => Variant::Muggins,
        "star" => Variant::Star,
        "triominos" => Variant::TriOminos,
        _ => Variant::Points,
    };
    let mut r = Rules::new(variant);
    let players = get("players").parse().unwrap_or(2);
    r = r.with_players(players).unwrap_or(r);
    r.matching = if get("match") == "played" {
        Matching::PlayedSide
    } else {
        Matching::EverySide
    };
    r.zero_is_five = get("zero") != "none";
    r.target = match get("target") {
        "one" => None,
        "auto" => r.target,
        t => t.parse().ok(),
    };
    if variant != Variant::TriOminos {
        r.pips = if get("pips") == "5" {
            Pips::Five
        } else {
            Pips::Four
        };
        r.boss = get("boss") == "on";
        r.reach = if get("reach") == "anywhere" {
            Reach::Anywhere
        } else {
            Reach::Previous
        };
        r.stuck = if get("stuck") == "draw" {
            Stuck::Draw
        } else {
            Stuck::Pass
        };
    }
    r
}

/// Who sits at each seat: `None` for a person, or the computer's level.
pub fn seats_from(o: &Options, players: usize) -> Vec<Option<Level>> {
    ["p1", "p2", "p3", "p4"]
        .iter()
        .take(players)
        .map(|k| o.get(OPTIONS, k).and_then(|v| v.parse().ok()))
        .collect()
}

/// The settings that define the rules, in text-format order.
pub const RULE_KEYS: [&str; 9] = [
    "rules", "pips", "boss", "players", "reach", "match", "stuck", "zero", "target",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn with(pairs: &[(&str, &str)]) -> Rules {
        let mut o = Options::defaults(OPTIONS);
        for (k, v) in pairs {
            o.set(OPTIONS, k, v).unwrap();
        }
        rules_from(&o)
    }

    #[test]
    fn defaults_are_the_sources() {
        let r = with(&[]);
        assert_eq!(r, Rules::new(Variant::Points));
        assert_eq!(r.reach, Reach::Previous);
        assert_eq!(r.matching, Matching::EverySide);
        assert_eq!(r.stuck, Stuck::Pass);
        assert!(r.zero_is_five);
        assert!(!r.boss);
        assert_eq!(r.target, None);
        assert_eq!(r.players(), 2);
    }

    #[test]
    fn every_setting_reaches_the_rules() {
        let r = with(&[
            ("rules", "muggins"),
            ("pips", "5"),
            ("boss", "on"),
            ("players", "4"),
            ("reach", "anywhere"),
            ("match", "played"),
            ("stuck", "draw"),
            ("zero", "none"),
            ("target", "200"),
        ]);
        assert_eq!(r.variant, Variant::Muggins);
        assert_eq!(r.pips, Pips::Five);
        assert!(r.boss);
        assert_eq!(r.players(), 4);
        assert_eq!(r.reach, Reach::Anywhere);
        assert_eq!(r.matching, Matching::PlayedSide);
        assert_eq!(r.stuck, Stuck::Draw);
        assert!(!r.zero_is_five);
        assert_eq!(r.target, Some(200));
    }

    #[test]
    fn tri_ominos_keeps_its_own_rules() {
        let r = with(&[("rules", "triominos"), ("boss", "on"), ("pips", "4")]);
        assert_eq!(r.variant, Variant::TriOminos);
        assert_eq!((r.pips, r.boss), (Pips::Five, false));
        assert_eq!((r.reach, r.stuck), (Reach::Anywhere, Stuck::Draw));
        assert_eq!(r.target, Some(400));
        assert_eq!(
            with(&[("rules", "triominos"), ("target", "one")]).target,
            None
        );
        assert!(r.check().is_ok());
    }

    #[test]
    fn seats_read_people_and_levels() {
        let mut o = Options::defaults(OPTIONS);
        o.set(OPTIONS, "p1", "greedy").unwrap();
        o.set(OPTIONS, "p3", "person").unwrap();
        let seats = seats_from(&o, 3);
        assert_eq!(seats, vec![Some(Level::Greedy), Some(Level::Strong), None]);
    }
}
