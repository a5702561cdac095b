//! The dominoes settings, each written once: the rules, who sits where, and
//! how tiles are shown; and the typed [`Rules`] and seats they make.

use super::ai::Level;
use super::rules::{Matching, Reach, Rules, Stuck, Variant};
use super::tile::Pips;
use crate::shell::options::{Choice, OptionSpec};
use crate::shell::settings::Setting;

crate::setting! {
    /// Which game.
    pub enum Game {
        key: "rules", label: "Game", restarts: true, default: Points;
        /// Richards' Points.
        Points = "points", "Points";
        /// Muggins: multiples of five.
        Muggins = "muggins", "Muggins";
        /// Star: corner plays.
        Star = "star", "Star";
        /// The modern Tri-Ominos rules.
        TriOminos = "triominos", "Tri-Ominos (modern)";
    }
}

crate::setting! {
    /// The set.
    pub enum Set {
        key: "pips", label: "Set", restarts: true, default: Four;
        /// 0–4 pips.
        Four = "4", "0–4 pips (35 tiles)";
        /// 0–5 pips.
        Five = "5", "0–5 pips (56 tiles)";
    }
}

crate::setting! {
    /// The boss, Richards' wildcard.
    pub enum Boss {
        key: "boss", label: "Boss tile", restarts: true, default: Off;
        /// Without.
        Off = "off", "Without";
        /// With.
        On = "on", "With the boss";
    }
}

crate::setting! {
    /// How many play.
    pub enum Players {
        key: "players", label: "Players", restarts: true, default: Two;
        /// Two.
        Two = "2", "Two";
        /// Three.
        Three = "3", "Three";
        /// Four.
        Four = "4", "Four";
    }
}

impl Players {
    /// The number.
    pub fn count(self) -> usize {
        match self {
            Players::Two => 2,
            Players::Three => 3,
            Players::Four => 4,
        }
    }
}

crate::setting! {
    /// Where a tile may go.
    pub enum ReachRule {
        key: "reach", label: "A tile goes", restarts: true, default: Previous;
        /// Against the last tile laid.
        Previous = "previous", "Touching the last tile laid";
        /// Anywhere on the layout.
        Anywhere = "anywhere", "Anywhere on the layout";
    }
}

crate::setting! {
    /// Which sides must match.
    pub enum MatchRule {
        key: "match", label: "Sides that must match", restarts: true, default: Every;
        /// Every side a tile touches.
        Every = "every", "Every side it touches";
        /// Only the side played against.
        Played = "played", "Only the side played against";
    }
}

crate::setting! {
    /// A player who cannot lay a tile.
    pub enum StuckRule {
        key: "stuck", label: "Unable to play", restarts: true, default: Pass;
        /// Passes.
        Pass = "pass", "Pass";
        /// Draws, then passes.
        Draw = "draw", "Draw from the boneyard, then pass";
    }
}

crate::setting! {
    /// Muggins: whether 0 + 0 scores.
    pub enum Zero {
        key: "zero", label: "Muggins: 0 + 0", restarts: true, default: Five;
        /// It is a multiple of five.
        Five = "five", "Counts as a multiple of five";
        /// It is not.
        None = "none", "Does not";
    }
}

crate::setting! {
    /// How long a match lasts.
    pub enum Target {
        key: "target", label: "Match", restarts: true, default: Auto;
        /// The game's own: one hand, or 400 in Tri-Ominos.
        Auto = "auto", "One hand (Tri-Ominos: to 400)";
        /// One hand.
        One = "one", "One hand";
        /// To 100.
        To100 = "100", "Hands to 100";
        /// To 200.
        To200 = "200", "Hands to 200";
        /// To 400.
        To400 = "400", "Hands to 400";
    }
}

crate::setting! {
    /// How tiles show their numbers.
    pub enum Faces {
        key: "faces", label: "Tile faces", restarts: false, link: false, default: Pips;
        /// Pips.
        Pips = "pips", "Pips, as Richards drew them";
        /// Numerals.
        Numerals = "numerals", "Numerals";
    }
}

crate::setting! {
    /// Whether the cells a selected tile fits are shown.
    pub enum Ghosts {
        key: "ghosts", label: "Show legal cells", restarts: false, link: false, default: On;
        /// Shown.
        On = "on", "On";
        /// Hidden.
        Off = "off", "Off";
    }
}

/// Who sits at a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sitter {
    /// A person.
    Person,
    /// A computer of this level.
    Computer(Level),
}

const SITTERS: [Sitter; 4] = [
    Sitter::Person,
    Sitter::Computer(Level::Random),
    Sitter::Computer(Level::Greedy),
    Sitter::Computer(Level::Strong),
];

const SEAT_CHOICES: &[Choice] = &[
    Choice::new("person", "A person"),
    Choice::new("random", "Computer: random"),
    Choice::new("greedy", "Computer: greedy"),
    Choice::new("strong", "Computer: strong"),
];

const SEAT_SPECS: [OptionSpec; 4] = [
    seat_spec("p1", "Player 1", "person"),
    seat_spec("p2", "Player 2", "strong"),
    seat_spec("p3", "Player 3", "strong"),
    seat_spec("p4", "Player 4", "strong"),
];

const fn seat_spec(key: &'static str, label: &'static str, default: &'static str) -> OptionSpec {
    OptionSpec {
        key,
        label,
        choices: SEAT_CHOICES,
        default,
        restarts: true,
        in_link: true,
    }
}

/// Who sits at seat `N` (from 0): the four seats share their choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seat<const N: usize>(pub Sitter);

impl<const N: usize> Default for Seat<N> {
    fn default() -> Self {
        Self::parse(SEAT_SPECS[N].default).unwrap_or(Seat(Sitter::Person))
    }
}

impl<const N: usize> Setting for Seat<N> {
    const SPEC: OptionSpec = SEAT_SPECS[N];
    const ALL: &'static [Self] = &[
        Seat(SITTERS[0]),
        Seat(SITTERS[1]),
        Seat(SITTERS[2]),
        Seat(SITTERS[3]),
    ];
}

crate::settings! {
    /// Every dominoes setting, in panel order.
    pub struct Settings {
        /// Which game.
        game: Game,
        /// The set.
        set: Set,
        /// The boss.
        boss: Boss,
        /// How many play.
        players: Players,
        /// Seat 1.
        p1: Seat<0>,
        /// Seat 2.
        p2: Seat<1>,
        /// Seat 3.
        p3: Seat<2>,
        /// Seat 4.
        p4: Seat<3>,
        /// Where a tile goes.
        reach: ReachRule,
        /// Which sides match.
        matching: MatchRule,
        /// A player who cannot play.
        stuck: StuckRule,
        /// Muggins' 0 + 0.
        zero: Zero,
        /// How long a match lasts.
        target: Target,
        /// Tile faces.
        faces: Faces,
        /// Legal cells shown.
        ghosts: Ghosts,
    }
}

/// The settings that define the rules, in text-format order.
pub const RULE_KEYS: [&str; 9] = [
    "rules", "pips", "boss", "players", "reach", "match", "stuck", "zero", "target",
];

impl Settings {
    /// The rules the settings describe. Tri-Ominos keeps its own reach,
    /// stuck rule and set (0–5, no boss), whatever the Richards settings say.
    pub fn rules(&self) -> Rules {
        let variant = match self.game {
            Game::Points => Variant::Points,
            Game::Muggins => Variant::Muggins,
            Game::Star => Variant::Star,
            Game::TriOminos => Variant::TriOminos,
        };
        let mut r = Rules::new(variant);
        r = r.with_players(self.players.count()).unwrap_or(r);
        r.matching = match self.matching {
            MatchRule::Every => Matching::EverySide,
            MatchRule::Played => Matching::PlayedSide,
        };
        r.zero_is_five = self.zero == Zero::Five;
        r.target = match self.target {
            Target::Auto => r.target,
            Target::One => None,
            Target::To100 => Some(100),
            Target::To200 => Some(200),
            Target::To400 => Some(400),
        };
        if variant != Variant::TriOminos {
            r.pips = match self.set {
                Set::Four => Pips::Four,
                Set::Five => Pips::Five,
            };
            r.boss = self.boss == Boss::On;
            r.reach = match self.reach {
                ReachRule::Previous => Reach::Previous,
                ReachRule::Anywhere => Reach::Anywhere,
            };
            r.stuck = match self.stuck {
                StuckRule::Pass => Stuck::Pass,
                StuckRule::Draw => Stuck::Draw,
            };
        }
        r
    }

    /// Who sits at each seat in play: `None` for a person, or the computer's level.
    pub fn seats(&self) -> Vec<Option<Level>> {
        [self.p1.0, self.p2.0, self.p3.0, self.p4.0]
            .into_iter()
            .take(self.players.count())
            .map(|s| match s {
                Sitter::Person => None,
                Sitter::Computer(level) => Some(level),
            })
            .collect()
    }

    /// The settings that give `rules`, the others as in `self`. A rule no
    /// setting describes (a target of 300, from code) keeps its setting.
    pub fn with_rules(&self, rules: &Rules) -> Settings {
        use crate::shell::settings::Settings as _;
        let mut s = *self;
        let pairs = [
            ("rules", rules.variant.slug().to_owned()),
            ("pips", rules.pips.max().to_string()),
            ("boss", if rules.boss { "on" } else { "off" }.to_owned()),
            ("players", rules.players().to_string()),
            (
                "reach",
                match rules.reach {
                    Reach::Anywhere => "anywhere",
                    Reach::Previous => "previous",
                }
                .to_owned(),
            ),
            (
                "match",
                match rules.matching {
                    Matching::PlayedSide => "played",
                    Matching::EverySide => "every",
                }
                .to_owned(),
            ),
            (
                "stuck",
                match rules.stuck {
                    Stuck::Draw => "draw",
                    Stuck::Pass => "pass",
                }
                .to_owned(),
            ),
            (
                "zero",
                if rules.zero_is_five { "five" } else { "none" }.to_owned(),
            ),
            (
                "target",
                rules
                    .target
                    .map_or_else(|| "one".to_owned(), |t| t.to_string()),
            ),
        ];
        for (k, v) in pairs {
            let _ = s.set(k, &v);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::settings::Settings as _;

    fn with(pairs: &[(&str, &str)]) -> Rules {
        let mut s = Settings::default();
        for (k, v) in pairs {
            s.set(k, v).unwrap();
        }
        s.rules()
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
        assert_eq!(Settings::SPECS.len(), 15);
        assert_eq!(Settings::default().get("p2"), Some("strong"));
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
        let back = Settings::default().with_rules(&r);
        assert_eq!(back.rules(), r);
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
        let mut s = Settings::default();
        s.set("p1", "greedy").unwrap();
        s.set("p3", "person").unwrap();
        s.set("players", "3").unwrap();
        assert_eq!(
            s.seats(),
            vec![Some(Level::Greedy), Some(Level::Strong), None]
        );
        assert!(s.set("p4", "robot").is_err(), "an unknown seat is refused");
    }
}
