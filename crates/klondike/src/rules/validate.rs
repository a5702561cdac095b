//! What makes a position one the rules could reach, checked the same way
//! for every position that comes from outside: a save, a deal file, a test.

use super::*;

/// The most tableau piles a game lays out (Triple Easthaven has 12).
pub const MAX_PILES: u8 = 13;
/// The most reserve piles.
pub const MAX_RESERVES: u8 = 8;

/// The most moves a position may say were played.
pub const MAX_MOVES: u32 = 10_000_000;
/// The largest score a position may carry, either way.
pub const MAX_POINTS: u32 = 10_000_000;

/// Why a position cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InvalidPosition {
    /// The rules themselves cannot be played (no piles, a draw of 0, …).
    Rules(&'static str),
    /// The foundations do not match the decks.
    Foundations {
        /// Foundations the decks bring.
        want: usize,
        /// Foundations the position has.
        found: usize,
    },
    /// A foundation holds more than a suit.
    OverfullFoundation(usize),
    /// The rules fix the foundations' base (an Ace in plain Klondike), and
    /// the foundations start from another rank.
    Base(Rank),
    /// The piles do not match the rules.
    Piles {
        /// What kind of pile.
        what: &'static str,
        /// How many the rules lay out.
        want: usize,
        /// How many the position has.
        found: usize,
    },
    /// A pile has cards but none face up (0-based index).
    NoFaceUpCard(usize),
    /// A pile says more cards are face down than it holds.
    TooManyFaceDown(usize),
    /// Double Solitaire's turn or sides do not fit two players.
    Players(&'static str),
    /// A card is missing or there too often.
    Cards(String),
}

impl fmt::Display for InvalidPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidPosition::Rules(why) => write!(f, "the rules cannot be played: {why}"),
            InvalidPosition::Foundations { want, found } => {
                write!(f, "{found} foundations where the decks bring {want}")
            }
            InvalidPosition::Base(base) => write!(
                f,
                "the foundations start from another rank than the rules' base, {}",
                base.name()
            ),
            InvalidPosition::OverfullFoundation(i) => {
                write!(f, "foundation {} holds more than a suit", i + 1)
            }
            InvalidPosition::Piles { what, want, found } => {
                write!(f, "{found} {what} where the rules lay out {want}")
            }
            InvalidPosition::NoFaceUpCard(i) => {
                write!(f, "pile {} has cards but none face up", i + 1)
            }
            InvalidPosition::TooManyFaceDown(i) => {
                write!(f, "pile {} has more face-down cards than cards", i + 1)
            }
            InvalidPosition::Players(why) => f.write_str(why),
            InvalidPosition::Cards(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for InvalidPosition {}

impl Rules {
    /// Whether these rules can be played at all.
    pub fn validate(&self) -> Result<(), InvalidPosition> {
        let bad = |why| Err(InvalidPosition::Rules(why));
        if !(1..=3).contains(&self.draw) {
            return bad("the stock deals 1 to 3 cards at a time");
        }
        if !(1..=MAX_PILES).contains(&self.tableau) {
            return bad("the tableau has 1 to 13 piles");
        }
        if self.reserves > MAX_RESERVES {
            return bad("there are at most 8 reserves");
        }
        if !(1..=MAX_DECKS).contains(&self.decks) {
            return bad("1 to 3 decks are shuffled together");
        }
        if !(1..=2).contains(&self.players) {
            return bad("one or two players play");
        }
        if Rank::new(self.base.value()).is_none() {
            return bad("the foundations' base is a rank, Ace to King");
        }
        Ok(())
    }
}

impl State {
    /// Checks everything a position must be for the rules to play it: its
    /// rules, its piles, its foundations, the players' turn, every card
    /// exactly as often as the decks hold it.
    pub fn validate(&self) -> Result<(), InvalidPosition> {
        let rules = &self.rules;
        rules.validate()?;
        if self.base.is_some_and(|b| Rank::new(b.value()).is_none()) {
            return Err(InvalidPosition::Rules(
                "the foundations' base is a rank, Ace to King",
            ));
        }
        if rules.base_rule == BaseRule::Fixed && self.base != Some(rules.base) {
            return Err(InvalidPosition::Base(rules.base));
        }
        let want = usize::from(rules.decks) * 4;
        if self.foundations.len() != want {
            return Err(InvalidPosition::Foundations {
                want,
                found: self.foundations.len(),
            });
        }
        if let Some(i) = self.foundations.iter().position(|&n| n > 13) {
            return Err(InvalidPosition::OverfullFoundation(i));
        }
        let count = |what, want: u8, found: usize| {
            if found == usize::from(want) {
                Ok(())
            } else {
                Err(InvalidPosition::Piles {
                    what,
                    want: usize::from(want),
                    found,
                })
            }
        };
        count("piles", rules.tableau, self.tableau.len())?;
        count("reserves", rules.reserves, self.reserves.len())?;
        let idle = self.idle.iter().flat_map(|s| s.tableau.iter());
        for (i, c) in self.tableau.iter().chain(idle).enumerate() {
            if usize::from(c.down) > c.cards.len() {
                return Err(InvalidPosition::TooManyFaceDown(i));
            }
            if !c.cards.is_empty() && usize::from(c.down) == c.cards.len() {
                return Err(InvalidPosition::NoFaceUpCard(i));
            }
        }
        match (rules.players, &self.idle) {
            (2, None) => return Err(InvalidPosition::Players("the second player has no side")),
            (1, Some(_)) => return Err(InvalidPosition::Players("one player has two sides")),
            (2, Some(side)) => count(
                "piles of the second player",
                rules.tableau,
                side.tableau.len(),
            )?,
            _ => {}
        }
        if self.turn >= rules.players {
            return Err(InvalidPosition::Players("the turn is not a player's"));
        }
        if self.moves > MAX_MOVES || self.points.unsigned_abs() > MAX_POINTS {
            return Err(InvalidPosition::Rules(
                "the move count or the score is beyond any game",
            ));
        }
        if self.played.iter().any(|&n| n > 52) {
            return Err(InvalidPosition::Players("a player put up more than a deck"));
        }
        self.check_cards().map_err(InvalidPosition::Cards)
    }
}
