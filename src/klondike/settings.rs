//! Klondike's settings, each written once: the game of the family, dealing
//! and scoring, what the game does by itself, and how cards look.

use super::rules::{Fill, Passes as PassRule, Rules, Scoring as ScoringRule, State, StockRule};
use super::solver::Grade;
use super::variant::Variant;
use crate::shell::options::{Choice, OptionSpec};
use crate::shell::settings::Setting;
use crate::util::rng::Seed;

/// The variant is a setting: its choices are the family, in menu order.
impl Setting for Variant {
    const SPEC: OptionSpec = OptionSpec {
        key: "variant",
        label: "Game",
        choices: &[
            Choice::new("klondike", "Klondike"),
            Choice::new("agnes", "Agnes"),
            Choice::new("easthaven", "Easthaven"),
            Choice::new("nine-across", "Nine Across"),
            Choice::new("somerset", "Somerset"),
            Choice::new("thumb-and-pouch", "Thumb and Pouch"),
            Choice::new("whitehead", "Whitehead"),
            Choice::new("westcliff", "Westcliff"),
            Choice::new("kuipers", "Kuipers"),
            Choice::new("las-vegas", "Las Vegas"),
            Choice::new("joker", "Joker Solitaire"),
            Choice::new("double-solitaire", "Double Solitaire (two players)"),
            Choice::new("thoughtful", "Thoughtful Klondike"),
        ],
        default: "klondike",
        restarts: true,
        in_link: true,
    };
    const ALL: &'static [Self] = &Variant::ALL;
}

crate::setting! {
    /// Cards dealt from the stock at a time.
    pub enum Draw {
        key: "draw", label: "Deal from the stock", restarts: true, default: One;
        /// One.
        One = "1", "One card at a time";
        /// Three.
        Three = "3", "Three cards at a time";
    }
}

crate::setting! {
    /// Passes through the stock.
    pub enum Passes {
        key: "passes", label: "Passes through the stock", restarts: true, default: Unlimited;
        /// Unlimited.
        Unlimited = "unlimited", "Unlimited";
        /// Three.
        Three = "3", "Three";
        /// One.
        One = "1", "One";
    }
}

crate::setting! {
    /// Easthaven: what an empty pile takes.
    pub enum Space {
        key: "space", label: "Easthaven: a space takes", restarts: true, default: King;
        /// A King or a run headed by one.
        King = "king", "A King or a run headed by one";
        /// Anything.
        Any = "any", "Any card or run";
    }
}

crate::setting! {
    /// Easthaven: decks shuffled together.
    pub enum Decks {
        key: "decks", label: "Easthaven: decks", restarts: true, default: One;
        /// One.
        One = "1", "One (7 piles)";
        /// Two.
        Two = "2", "Two: Double Easthaven, or Gypsy (8 piles)";
        /// Three.
        Three = "3", "Three: Triple Easthaven (12 piles)";
    }
}

crate::setting! {
    /// Which deals are dealt.
    pub enum Deals {
        key: "deals", label: "Deals", restarts: true, default: Any;
        /// Any.
        Any = "any", "Any deal";
        /// Only those the solver wins.
        Winnable = "winnable", "Winnable deals only";
        /// Winnable, and easy by the solver's grade.
        Easy = "easy", "Winnable: easy";
        /// Winnable, and medium by the solver's grade.
        Medium = "medium", "Winnable: medium";
        /// Winnable, and hard by the solver's grade.
        Hard = "hard", "Winnable: hard";
    }
}

impl Deals {
    /// The grade these deals must have, if they are graded.
    pub fn grade(self) -> Option<Grade> {
        match self {
            Deals::Any | Deals::Winnable => None,
            Deals::Easy => Some(Grade::Easy),
            Deals::Medium => Some(Grade::Medium),
            Deals::Hard => Some(Grade::Hard),
        }
    }

    /// Whether a deal the solver won after searching `nodes` positions
    /// is one of these (see [`Grade`]).
    pub fn accept(self, nodes: u64) -> bool {
        self.grade()
            .is_none_or(|grade| grade == Grade::of_effort(nodes))
    }

    /// What the search looks for, for the status line.
    pub fn sought(self) -> &'static str {
        match self {
            Deals::Any | Deals::Winnable => "a winnable deal",
            Deals::Easy => "an easy winnable deal",
            Deals::Medium => "a medium winnable deal",
            Deals::Hard => "a hard winnable deal",
        }
    }
}

crate::setting! {
    /// The scoring scheme.
    pub enum Scoring {
        key: "scoring", label: "Scoring", restarts: true, default: Standard;
        /// None.
        None = "none", "None";
        /// Standard.
        Standard = "standard", "Standard";
        /// Timed.
        Timed = "timed", "Timed";
        /// Vegas.
        Vegas = "vegas", "Vegas";
    }
}

crate::setting! {
    /// Draw three: the Windows penalty for recycling.
    pub enum RecyclePenalty {
        key: "recycle-penalty", label: "Draw three: −20 per recycle from the fourth pass", restarts: true, default: On;
        /// On.
        On = "on", "On (Windows)";
        /// Off.
        Off = "off", "Off";
    }
}

crate::setting! {
    /// Vegas: a running total across games.
    pub enum VegasTotal {
        key: "vegas-total", label: "Vegas: keep a running total", restarts: false, default: Off;
        /// Off.
        Off = "off", "Off";
        /// On.
        On = "on", "On";
    }
}

crate::setting! {
    /// Vegas: whether undo is allowed.
    pub enum VegasUndo {
        key: "vegas-undo", label: "Vegas: undo", restarts: false, default: Allowed;
        /// Allowed.
        Allowed = "allowed", "Allowed";
        /// Forbidden.
        Forbidden = "forbidden", "Forbidden";
    }
}

crate::setting! {
    /// Safe cards go up by themselves.
    pub enum AutoMove {
        key: "auto-move", label: "Move safe cards to the foundations", restarts: false, default: On;
        /// Automatically.
        On = "on", "Automatically";
        /// Never.
        Off = "off", "Never";
    }
}

crate::setting! {
    /// The game finishes itself once every card is face up.
    pub enum AutoComplete {
        key: "auto-complete", label: "Finish automatically once all cards are face up", restarts: false, default: On;
        /// On.
        On = "on", "On";
        /// Off.
        Off = "off", "Off";
    }
}

crate::setting! {
    /// The solver's indicator.
    pub enum Indicator {
        key: "indicator", label: "Show whether the position can still be won", restarts: false, link: false, default: Off;
        /// Off.
        Off = "off", "Off";
        /// On.
        On = "on", "On";
    }
}

crate::setting! {
    /// Card colours.
    pub enum Deck {
        key: "deck", label: "Card colours", restarts: false, link: false, default: TwoColour;
        /// Two.
        TwoColour = "two-colour", "Two colours";
        /// Four.
        FourColour = "four-colour", "Four colours";
    }
}

crate::setting! {
    /// The hand the table is laid out for.
    pub enum Hand {
        key: "hand", label: "Layout", restarts: false, link: false, default: Right;
        /// Right-handed: the stock and the waste top left, the foundations top right.
        Right = "right", "Right-handed: stock on the left";
        /// Left-handed: the stock and the waste top right, the foundations top left.
        Left = "left", "Left-handed: stock on the right";
    }
}

crate::setting! {
    /// The size of the rank in a card's corner.
    pub enum Indices {
        key: "indices", label: "Card corners", restarts: false, link: false, default: Normal;
        /// As printed on a standard deck.
        Normal = "normal", "Standard";
        /// Half as large again, for small screens and older eyes.
        Large = "large", "Large";
    }
}

crate::setting! {
    /// The colour of the cards' backs.
    pub enum Back {
        key: "back", label: "Card backs", restarts: false, link: false, default: Blue;
        /// Blue.
        Blue = "blue", "Blue";
        /// Red.
        Red = "red", "Red";
        /// Green.
        Green = "green", "Green";
    }
}

crate::setting! {
    /// Whether the status line shows the time.
    pub enum Timer {
        key: "timer", label: "Timer", restarts: false, link: false, default: Shown;
        /// Shown.
        Shown = "shown", "Shown";
        /// Hidden (the clock still runs for timed scoring and statistics).
        Hidden = "hidden", "Hidden";
    }
}

crate::setting! {
    /// Whether the status line shows the score.
    pub enum ScoreShown {
        key: "score", label: "Score", restarts: false, link: false, default: Shown;
        /// Shown.
        Shown = "shown", "Shown";
        /// Hidden.
        Hidden = "hidden", "Hidden";
    }
}

crate::settings! {
    /// Klondike's settings, in panel order.
    pub struct Settings {
        /// The game of the family.
        variant: Variant,
        /// Cards dealt at a time.
        draw: Draw,
        /// Passes through the stock.
        passes: Passes,
        /// Easthaven's spaces.
        space: Space,
        /// Easthaven's decks.
        decks: Decks,
        /// Which deals.
        deals: Deals,
        /// The scoring.
        scoring: Scoring,
        /// The recycle penalty.
        recycle_penalty: RecyclePenalty,
        /// Vegas' running total.
        vegas_total: VegasTotal,
        /// Vegas' undo.
        vegas_undo: VegasUndo,
        /// Safe cards up by themselves.
        auto_move: AutoMove,
        /// Finishing by itself.
        auto_complete: AutoComplete,
        /// The indicator.
        indicator: Indicator,
        /// Card colours.
        deck: Deck,
        /// Large corner indices.
        indices: Indices,
        /// Card backs.
        back: Back,
        /// Stock and waste on the left or the right.
        hand: Hand,
        /// The timer in the status line.
        timer: Timer,
        /// The score in the status line.
        score: ScoreShown,
    }
}

impl Settings {
    /// The rules the settings describe: the player's dealing and scoring,
    /// with what the variant fixes.
    pub fn rules(&self) -> Rules {
        let player = Rules {
            draw: match self.draw {
                Draw::One => 1,
                Draw::Three => 3,
            },
            passes: match self.passes {
                Passes::Unlimited => PassRule::Unlimited,
                Passes::Three => PassRule::Limited(3),
                Passes::One => PassRule::Limited(1),
            },
            scoring: match self.scoring {
                Scoring::None => ScoringRule::None,
                Scoring::Standard => ScoringRule::Standard,
                Scoring::Timed => ScoringRule::Timed,
                Scoring::Vegas => ScoringRule::Vegas,
            },
            draw3_recycle_penalty: self.recycle_penalty == RecyclePenalty::On,
            fill: match self.space {
                Space::King => Fill::King,
                Space::Any => Fill::Any,
            },
            decks: match self.decks {
                Decks::One => 1,
                Decks::Two => 2,
                Decks::Three => 3,
            },
            ..Rules::default()
        };
        self.variant.rules(player)
    }

    /// Whether option `key` means anything under these settings: the
    /// stock's options only where the stock goes to a waste, the recycle
    /// penalty only when drawing three with a score that counts it, Vegas'
    /// options only under Vegas scoring, and a rule only where one of its
    /// choices changes the rules (Easthaven's decks under Easthaven).
    pub fn applies(&self, key: &str) -> bool {
        use crate::shell::settings::Settings as _;
        let rules = self.rules();
        let varies = || {
            Self::SPECS
                .iter()
                .find(|s| s.key == key)
                .is_some_and(|spec| {
                    spec.choices.iter().any(|c| {
                        let mut other = *self;
                        other.set(key, c.value).is_ok() && other.rules() != rules
                    })
                })
        };
        match key {
            "draw" | "passes" => stock_to_waste(rules) && varies(),
            "recycle-penalty" => {
                rules.draw > 1
                    && matches!(rules.scoring, ScoringRule::Standard | ScoringRule::Timed)
            }
            "vegas-total" | "vegas-undo" => rules.scoring == ScoringRule::Vegas,
            "space" | "decks" | "scoring" => varies(),
            _ => true,
        }
    }
}

/// Whether `rules` turn a stock onto a waste, so that the draw and the
/// passes mean something: not where the stock is dealt onto the piles or
/// the reserves (Easthaven, Agnes), nor where no stock is left after the
/// deal (Somerset deals every card).
pub fn stock_to_waste(rules: Rules) -> bool {
    rules.stock == StockRule::Waste && !State::deal(rules, Seed(1)).stock.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::settings::Settings as _;

    #[test]
    fn the_variants_choices_follow_the_family() {
        assert_eq!(Variant::ALL.len(), Variant::SPEC.choices.len());
        for (v, c) in Variant::ALL.iter().zip(Variant::SPEC.choices) {
            assert_eq!(v.slug(), c.value);
        }
        assert_eq!(Variant::default().text(), Variant::SPEC.default);
    }

    #[test]
    fn settings_map_to_rules() {
        let mut s = Settings::default();
        assert_eq!(s.rules(), Rules::default());
        for (k, v) in [
            ("draw", "3"),
            ("passes", "3"),
            ("scoring", "vegas"),
            ("recycle-penalty", "off"),
        ] {
            s.set(k, v).unwrap();
        }
        let r = s.rules();
        assert_eq!(r.draw, 3);
        assert_eq!(r.passes, PassRule::Limited(3));
        assert_eq!(r.scoring, ScoringRule::Vegas);
        assert!(!r.draw3_recycle_penalty);
        assert!(s.set("draw", "2").is_err(), "an unknown value is refused");
    }
}

#[cfg(test)]
mod applies_tests {
    use super::*;
    use crate::shell::settings::Settings as _;

    fn with(pairs: &[(&str, &str)]) -> Settings {
        let mut s = Settings::default();
        for (k, v) in pairs {
            s.set(k, v).unwrap();
        }
        s
    }

    #[test]
    fn only_the_options_that_mean_something_apply() {
        let klondike = Settings::default();
        for key in ["draw", "passes", "scoring", "deals", "hand"] {
            assert!(klondike.applies(key), "{key}");
        }
        for key in [
            "space",
            "decks",
            "vegas-total",
            "vegas-undo",
            "recycle-penalty",
        ] {
            assert!(!klondike.applies(key), "{key}");
        }
        assert!(with(&[("draw", "3")]).applies("recycle-penalty"));
        assert!(with(&[("scoring", "vegas")]).applies("vegas-undo"));
        let easthaven = with(&[("variant", "easthaven")]);
        assert!(easthaven.applies("decks") && easthaven.applies("space"));
        assert!(!easthaven.applies("draw") && !easthaven.applies("passes"));
        let somerset = with(&[("variant", "somerset")]);
        assert!(!somerset.applies("draw") && !somerset.applies("decks"));
    }
}
