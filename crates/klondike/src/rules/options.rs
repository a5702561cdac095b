//! The rules of one game as data: what a variant may change.

use super::*;

/// How many times the waste may be turned back into the stock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Passes {
    /// As often as the player likes.
    Unlimited,
    /// This many passes through the stock in all (1 means no redeal).
    Limited(u8),
}

/// The scoring scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scoring {
    /// No score.
    None,
    /// The Windows table.
    Standard,
    /// Standard, less 2 points per 10 seconds, with a bonus for a win.
    Timed,
    /// Pay 52 per game, win 5 per card on the foundations.
    Vegas,
}

/// How tableau piles build down.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Build {
    /// Down in alternating colours (Klondike).
    AlternateColour,
    /// Down in any suit but the card's own.
    AnySuitButOwn,
    /// Down in the same colour.
    SameColour,
    /// Down in the same suit.
    SameSuit,
}

/// What an empty tableau pile takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Fill {
    /// Only a King, or a run headed by one — more exactly, the rank just
    /// below the foundations' base (a King when they start from the Ace).
    King,
    /// Any card or run.
    Any,
}

/// How the tableau is dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shape {
    /// Pile *k* (from 1) gets *k* cards, only the last face up (Klondike).
    Triangle,
    /// Rows dealt across the piles, each row one pile shorter from the
    /// left: `rows` rows, so pile *k* gets min(*k*, `rows`) cards (Somerset).
    Rows {
        /// How many rows.
        rows: u8,
    },
    /// Every pile gets `down` face-down cards and `up` face-up ones.
    Blocks {
        /// Face-down cards per pile.
        down: u8,
        /// Face-up cards per pile.
        up: u8,
    },
}

/// Which runs move as a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Runs {
    /// Any run the build rule allows.
    Any,
    /// Only runs in one suit (single cards follow the build rule).
    SameSuit,
}

/// Where the stock's cards go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StockRule {
    /// `draw` at a time onto the waste, turned back as the passes allow.
    Waste,
    /// One card face up onto each tableau pile, left to right (Easthaven).
    OnPiles,
    /// One card face up onto each reserve pile (Agnes).
    OnReserves,
}

/// Where the foundations' base rank comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BaseRule {
    /// [`Rules::base`].
    Fixed,
    /// The card dealt after the tableau goes up and sets it (Agnes).
    DealtCard,
    /// The first card the player puts on a foundation sets it (Nine Across).
    Chosen,
}

/// The rules of one game, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// Cards turned from the stock at a time: 1 or 3.
    pub draw: u8,
    /// Passes through the stock (Vegas scoring overrides this; see [`Rules::passes_allowed`]).
    pub passes: Passes,
    /// The scoring scheme.
    pub scoring: Scoring,
    /// Standard scoring, draw 3: a recycle that starts the fourth pass or a later one costs 20.
    pub draw3_recycle_penalty: bool,
    /// The number of tableau piles.
    pub tableau: u8,
    /// The build rule.
    pub build: Build,
    /// What an empty pile takes.
    pub fill: Fill,
    /// The rank each foundation starts with, under [`BaseRule::Fixed`].
    pub base: Rank,
    /// Whether cards may come back from the foundations.
    pub from_foundation: bool,
    /// How the tableau is dealt.
    pub shape: Shape,
    /// Every card dealt face up.
    pub face_up: bool,
    /// Which runs move as a unit.
    pub runs: Runs,
    /// Ranks wrap round, King to Ace, on the tableau and the foundations.
    pub wrap: bool,
    /// Where the stock's cards go.
    pub stock: StockRule,
    /// Reserve piles the stock is dealt onto (their top cards play).
    pub reserves: u8,
    /// Where the foundations' base comes from.
    pub base_rule: BaseRule,
    /// The family member these rules make (for the view and the rules text).
    pub variant: Variant,
    /// Full decks shuffled together, 1 to [`MAX_DECKS`]; each brings four
    /// foundations.
    pub decks: u8,
    /// The two jokers are shuffled in (see [`Rules::run_head`]).
    pub jokers: bool,
    /// Players: 1, or 2 for Double Solitaire (each with a deck, a tableau
    /// and a stock of their own, around shared foundations; see [`Side`]).
    pub players: u8,
}

/// The most decks a game shuffles together (Triple Easthaven).
pub const MAX_DECKS: u8 = 3;

impl Default for Rules {
    fn default() -> Self {
        Rules {
            draw: 1,
            passes: Passes::Unlimited,
            scoring: Scoring::Standard,
            draw3_recycle_penalty: true,
            tableau: 7,
            build: Build::AlternateColour,
            fill: Fill::King,
            base: Rank::ACE,
            from_foundation: true,
            shape: Shape::Triangle,
            face_up: false,
            runs: Runs::Any,
            wrap: false,
            stock: StockRule::Waste,
            reserves: 0,
            base_rule: BaseRule::Fixed,
            variant: Variant::Klondike,
            decks: 1,
            jokers: false,
            players: 1,
        }
    }
}

impl Rules {
    /// The pass limit in force: Vegas allows one pass dealing singly and three
    /// dealing by threes, whatever the setting says.
    pub fn passes_allowed(&self) -> Passes {
        match self.scoring {
            Scoring::Vegas => Passes::Limited(if self.draw == 1 { 1 } else { 3 }),
            _ => self.passes,
        }
    }

    /// How many of `card` a game holds: one a deck, and each joker once
    /// where jokers play.
    pub fn copies(&self, card: Card) -> u8 {
        match (card.is_joker(), self.jokers) {
            (false, _) => self.decks,
            (true, jokers) => u8::from(jokers),
        }
    }

    /// Every foundation of a game under these rules, suit order first.
    pub fn foundations(&self) -> impl Iterator<Item = Foundation> {
        (0..self.decks * 4).map(Foundation)
    }

    /// The foundations of one suit, one a deck, first to last.
    pub fn suit_foundations(&self, suit: Suit) -> impl DoubleEndedIterator<Item = Foundation> {
        (0..self.decks).map(move |copy| Foundation::of(suit, copy))
    }

    /// Whether `card` may be placed on `onto` in the tableau.
    pub fn builds_on(&self, card: Card, onto: Card) -> bool {
        let next = onto.rank().value() == card.rank().value() + 1
            || (self.wrap && card.rank() == Rank::KING && onto.rank() == Rank::ACE);
        if !next {
            return false;
        }
        match self.build {
            Build::AlternateColour => card.is_red() != onto.is_red(),
            Build::AnySuitButOwn => card.suit() != onto.suit(),
            Build::SameColour => card.is_red() == onto.is_red(),
            Build::SameSuit => card.suit() == onto.suit(),
        }
    }

    /// With jokers: whether `cards` (bottom first) are a run when each joker
    /// stands for a card of its own colour, and if so the rank the first card
    /// has or stands for (`Some(None)`: any rank at all, the cards being only
    /// jokers). Colours alternate and ranks fall by one, so every natural
    /// card fixes the rank at the bottom: its rank plus its height.
    pub fn run_head(cards: &[Card]) -> Option<Option<u8>> {
        let colours = cards.windows(2).all(|w| w[0].is_red() != w[1].is_red());
        let mut head = None;
        for (i, c) in cards.iter().enumerate().filter(|(_, c)| !c.is_joker()) {
            let h = c.rank().value() + i as u8;
            if *head.get_or_insert(h) != h {
                return None;
            }
        }
        let fits = match head {
            Some(h) => h <= 13 && usize::from(h) >= cards.len(),
            None => cards.len() <= 13,
        };
        (colours && fits).then_some(head)
    }

    /// Whether `count` cards from the top of a face-up run may move as a
    /// unit: each builds on the one below, and [`Runs`] agrees.
    pub fn is_run(&self, cards: &[Card]) -> bool {
        if self.jokers && cards.iter().any(|c| c.is_joker()) {
            return Self::run_head(cards).is_some();
        }
        cards.windows(2).all(|w| {
            self.builds_on(w[1], w[0]) && (self.runs == Runs::Any || w[0].suit() == w[1].suit())
        })
    }

    /// The longest run [`Rules::is_run`] accepts at the top of the face-up
    /// cards `up` (bottom first): what may move as one, and what a joker
    /// in it stands within. Every shorter top is a run too (each is part
    /// of the longer), so where `up` is not one run whole, the run grows
    /// from the top card by card until a card breaks it.
    pub fn top_run<'a>(&self, up: &'a [Card]) -> &'a [Card] {
        if self.is_run(up) {
            return up;
        }
        let len = (1..up.len())
            .take_while(|&k| self.is_run(&up[up.len() - k..]))
            .last()
            .unwrap_or(0);
        &up[up.len() - len..]
    }
}

/// Each variant as a configuration of the rules.
impl Variant {
    /// Whether the variant can be played with `decks` decks: Easthaven with
    /// one, two (Double Easthaven, also called Gypsy) or three; the others
    /// with one.
    pub fn takes_decks(self, decks: u8) -> bool {
        decks == 1 || (self == Variant::Easthaven && (1..=MAX_DECKS).contains(&decks))
    }

    /// The rules of this variant. `player` carries the player's dealing,
    /// scoring, space and deck settings; the variant overrides what it fixes.
    pub fn rules(self, player: Rules) -> Rules {
        let mut r = Rules {
            variant: self,
            fill: Fill::King,
            decks: 1,
            jokers: false,
            players: 1,
            ..player
        };
        match self {
            Variant::Klondike | Variant::Thoughtful => {}
            Variant::Agnes => {
                r.base_rule = BaseRule::DealtCard;
                r.wrap = true;
                r.stock = StockRule::OnReserves;
                r.reserves = 7;
                r.fill = Fill::King;
            }
            Variant::Easthaven => {
                // Seven piles for one deck, eight for two, twelve for three.
                if self.takes_decks(player.decks) {
                    r.decks = player.decks;
                }
                r.tableau = [7, 8, 12][usize::from(r.decks - 1)];
                r.shape = Shape::Blocks { down: 2, up: 1 };
                r.stock = StockRule::OnPiles;
                // Only Easthaven offers the space setting.
                r.fill = player.fill;
            }
            Variant::NineAcross => {
                r.tableau = 9;
                r.base_rule = BaseRule::Chosen;
                r.wrap = true;
                r.draw = 1;
                r.passes = Passes::Unlimited;
                r.fill = Fill::King;
            }
            Variant::Somerset => {
                r.tableau = 10;
                r.shape = Shape::Rows { rows: 8 };
                r.face_up = true;
                r.fill = Fill::King;
            }
            Variant::ThumbAndPouch => {
                r.build = Build::AnySuitButOwn;
                r.fill = Fill::Any;
            }
            Variant::Whitehead => {
                r.face_up = true;
                r.build = Build::SameColour;
                r.runs = Runs::SameSuit;
                r.fill = Fill::Any;
            }
            Variant::Westcliff => {
                r.tableau = 10;
                r.shape = Shape::Blocks { down: 2, up: 1 };
                r.fill = Fill::Any;
            }
            Variant::Kuipers => {
                r.tableau = 8;
                r.draw = 1;
                r.passes = Passes::Unlimited;
            }
            Variant::LasVegas => {
                r.draw = 1;
                r.passes = Passes::Limited(1);
                r.scoring = Scoring::Vegas;
            }
            // Kansil's game is dealt as Las Vegas is, singly and once.
            Variant::Joker => {
                r.jokers = true;
                r.draw = 1;
                r.passes = Passes::Limited(1);
            }
            // Two decks' worth of foundations, shared; no score but the cards
            // each player puts up, and none may come back.
            Variant::DoubleSolitaire => {
                r.players = 2;
                r.decks = 2;
                r.from_foundation = false;
                r.scoring = Scoring::None;
            }
        }
        r
    }
}
