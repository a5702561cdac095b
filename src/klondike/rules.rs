//! Klondike's rules: the position, moves with their notation, legality,
//! dealing and scoring. Plain Rust; the view and the shell only ask.
//!
//! Everything a variant may change is data in [`Rules`]: the tableau count,
//! the build rule, what an empty pile takes, the foundation base, the draw and
//! the redeal limit, whether cards may come back from the foundations, the
//! decks shuffled together, jokers, and a second player.

use super::cards::{Card, Rank, Suit};
pub use super::variant::Variant;
use crate::shell::position::{BadMoveText, Ending, Seat};
use crate::util::rng::{Rng, Seed};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

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
}

/// One foundation: the suit it takes and, when several decks are in play,
/// which of that suit's foundations it is. Written `FH`, then `FH2`, `FH3`
/// for the second and third hearts foundations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Foundation(u8);

impl Foundation {
    /// The `copy`-th foundation (from 0) of `suit`.
    pub const fn of(suit: Suit, copy: u8) -> Foundation {
        Foundation(copy * 4 + suit as u8)
    }

    /// Its place among the foundations: suits in order, deck by deck.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit it takes.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 % 4) as usize]
    }

    /// Which of its suit's foundations it is, from 0.
    pub const fn copy(self) -> u8 {
        self.0 / 4
    }
}

impl From<Suit> for Foundation {
    fn from(suit: Suit) -> Foundation {
        Foundation::of(suit, 0)
    }
}

impl fmt::Display for Foundation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "F{}", self.suit().letter())?;
        match self.copy() {
            0 => Ok(()),
            n => write!(f, "{}", n + 1),
        }
    }
}

impl FromStr for Foundation {
    type Err = ();
    /// `FH`, `FH2`, `FH3`.
    fn from_str(s: &str) -> Result<Foundation, ()> {
        let rest = s.strip_prefix('F').ok_or(())?;
        let mut chars = rest.chars();
        let suit = chars.next().and_then(Suit::from_letter).ok_or(())?;
        let copy = match chars.as_str() {
            "" => 0,
            n => {
                n.parse::<u8>()
                    .ok()
                    .filter(|n| (2..=MAX_DECKS).contains(n))
                    .ok_or(())?
                    - 1
            }
        };
        Ok(Foundation::of(suit, copy))
    }
}

/// A pile of the layout, for notation and for the view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pile {
    /// The face-down stock.
    Stock,
    /// The face-up waste; only its top card plays.
    Waste,
    /// A foundation.
    Foundation(Foundation),
    /// A tableau pile, 0-based.
    Tableau(u8),
    /// A reserve pile, 0-based: its top card plays, nothing builds on it.
    Reserve(u8),
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pile::Stock => f.write_str("S"),
            Pile::Waste => f.write_str("W"),
            Pile::Foundation(x) => x.fmt(f),
            Pile::Tableau(i) => write!(f, "T{}", i + 1),
            Pile::Reserve(i) => write!(f, "R{}", i + 1),
        }
    }
}

/// A move. Text forms: `D` (deal from the stock), `R` (turn the waste back
/// into the stock), `W-F`, `W-T3`, `T2-F`, `T2-T5` (one card), `T2-T5x3` (a run
/// of three), `FH-T4` (the top heart back from its foundation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Move {
    /// Turn `draw` cards from the stock onto the waste.
    Deal,
    /// Turn the waste over into the stock.
    Recycle,
    /// The waste's top card to its foundation.
    WasteToFoundation,
    /// The waste's top card to a tableau pile.
    WasteToTableau(u8),
    /// A tableau pile's top card to its foundation.
    TableauToFoundation(u8),
    /// A run of `count` face-up cards from one tableau pile to another.
    TableauToTableau {
        /// Source pile.
        from: u8,
        /// Destination pile.
        to: u8,
        /// Cards moved, from the top.
        count: u8,
    },
    /// A foundation's top card back to a tableau pile.
    FoundationToTableau(Foundation, u8),
    /// A reserve pile's top card to its foundation.
    ReserveToFoundation(u8),
    /// A reserve pile's top card to a tableau pile.
    ReserveToTableau(u8, u8),
    /// Double Solitaire: end the turn, when the stock can neither be dealt
    /// nor turned over.
    Pass,
}

impl Move {
    /// The pile the move takes cards from.
    pub fn source(self) -> Pile {
        match self {
            Move::Deal | Move::Pass => Pile::Stock,
            Move::Recycle | Move::WasteToFoundation | Move::WasteToTableau(_) => Pile::Waste,
            Move::TableauToFoundation(i) | Move::TableauToTableau { from: i, .. } => {
                Pile::Tableau(i)
            }
            Move::FoundationToTableau(s, _) => Pile::Foundation(s),
            Move::ReserveToFoundation(r) | Move::ReserveToTableau(r, _) => Pile::Reserve(r),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Deal => f.write_str("D"),
            Move::Recycle => f.write_str("R"),
            Move::Pass => f.write_str("P"),
            Move::WasteToFoundation => f.write_str("W-F"),
            Move::WasteToTableau(t) => write!(f, "W-T{}", t + 1),
            Move::TableauToFoundation(t) => write!(f, "T{}-F", t + 1),
            Move::TableauToTableau { from, to, count: 1 } => write!(f, "T{}-T{}", from + 1, to + 1),
            Move::TableauToTableau { from, to, count } => {
                write!(f, "T{}-T{}x{count}", from + 1, to + 1)
            }
            Move::FoundationToTableau(x, t) => write!(f, "{x}-T{}", t + 1),
            Move::ReserveToFoundation(r) => write!(f, "R{}-F", r + 1),
            Move::ReserveToTableau(r, t) => write!(f, "R{}-T{}", r + 1, t + 1),
        }
    }
}

/// Text that is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMove(pub String);

impl fmt::Display for BadMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a move: expected D, R, W-F, W-T3, T2-F, T2-T5, T2-T5x3, FH-T4, R1-F or R1-T4",
            self.0
        )
    }
}

impl std::error::Error for BadMove {}

fn parse_tableau(s: &str) -> Option<u8> {
    let n: u8 = s.strip_prefix('T')?.parse().ok()?;
    (1..=20).contains(&n).then(|| n - 1)
}

impl FromStr for Move {
    type Err = BadMove;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadMove(s.to_owned());
        match s {
            "D" => return Ok(Move::Deal),
            "R" => return Ok(Move::Recycle),
            "P" => return Ok(Move::Pass),
            "W-F" => return Ok(Move::WasteToFoundation),
            _ => {}
        }
        let (from, to) = s.split_once('-').ok_or_else(bad)?;
        let (to, count) = match to.split_once('x') {
            Some((to, n)) => (
                to,
                Some(n.parse::<u8>().ok().filter(|&n| n >= 1).ok_or_else(bad)?),
            ),
            None => (to, None),
        };
        let reserve = from
            .strip_prefix('R')
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=20).contains(n))
            .map(|n| n - 1);
        let mv = if let Some(r) = reserve {
            if to == "F" {
                Move::ReserveToFoundation(r)
            } else {
                Move::ReserveToTableau(r, parse_tableau(to).ok_or_else(bad)?)
            }
        } else if from == "W" {
            Move::WasteToTableau(parse_tableau(to).ok_or_else(bad)?)
        } else if from.starts_with('F') {
            let x = from.parse().map_err(|()| bad())?;
            Move::FoundationToTableau(x, parse_tableau(to).ok_or_else(bad)?)
        } else {
            let from = parse_tableau(from).ok_or_else(bad)?;
            if to == "F" {
                Move::TableauToFoundation(from)
            } else {
                Move::TableauToTableau {
                    from,
                    to: parse_tableau(to).ok_or_else(bad)?,
                    count: count.unwrap_or(1),
                }
            }
        };
        if count.is_some() && !matches!(mv, Move::TableauToTableau { .. }) {
            return Err(bad());
        }
        Ok(mv)
    }
}

impl TryFrom<String> for Move {
    type Error = BadMove;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Move> for String {
    fn from(m: Move) -> String {
        m.to_string()
    }
}

/// Why a move is illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The pile named does not exist in this layout.
    NoSuchPile(Pile),
    /// There is no card to take.
    Empty(Pile),
    /// The stock is empty; turn the waste over instead.
    StockEmpty,
    /// The stock still has cards, so the waste cannot be turned over.
    StockNotEmpty,
    /// No passes through the stock are left.
    NoPassesLeft,
    /// More cards than the pile has face up.
    NotFaceUp {
        /// The pile.
        pile: Pile,
        /// Cards asked for.
        count: u8,
    },
    /// The cards asked for are not a run the build rule allows.
    NotARun(Pile),
    /// The card does not build on the destination's top card.
    DoesNotFit {
        /// The moving card (the head of a run).
        card: Card,
        /// The destination's top card.
        onto: Card,
    },
    /// An empty pile takes only a King (or a run headed by one).
    NeedsKing(Card),
    /// The card is not the next one its foundation needs.
    NotNextOnFoundation(Card),
    /// Source and destination are the same pile.
    SamePile,
    /// The rules do not allow taking cards back from the foundations.
    FoundationLocked,
    /// The game is won; nothing more to play.
    GameOver,
    /// This layout turns the stock onto piles, never over.
    NoRedeal,
    /// Double Solitaire: a turn ends by passing only once the stock is spent.
    CannotPass,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NoSuchPile(p) => write!(f, "there is no pile {p}"),
            MoveError::Empty(p) => write!(f, "pile {p} is empty"),
            MoveError::StockEmpty => f.write_str("the stock is empty; turn the waste over"),
            MoveError::StockNotEmpty => f.write_str("the stock still has cards"),
            MoveError::NoPassesLeft => f.write_str("no passes through the stock are left"),
            MoveError::NotFaceUp { pile, count } => {
                write!(f, "pile {pile} does not have {count} face-up cards")
            }
            MoveError::NotARun(p) => write!(f, "those cards of {p} are not a run"),
            MoveError::DoesNotFit { card, onto } => {
                write!(f, "the {} does not go on the {}", card.name(), onto.name())
            }
            MoveError::NeedsKing(c) => {
                write!(f, "an empty pile does not take the {}", c.name())
            }
            MoveError::NotNextOnFoundation(c) => {
                write!(f, "the {} is not next on its foundation", c.name())
            }
            MoveError::SamePile => f.write_str("that is the same pile"),
            MoveError::FoundationLocked => f.write_str("cards may not leave the foundations"),
            MoveError::GameOver => f.write_str("the game is won"),
            MoveError::NoRedeal => f.write_str("the stock is dealt once, never turned over"),
            MoveError::CannotPass => {
                f.write_str("you may pass only in a two-player game, once your stock is spent")
            }
        }
    }
}

impl std::error::Error for MoveError {}

/// A tableau pile: its cards bottom first, the first `down` of them face down.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Column {
    /// Bottom card first.
    pub cards: Vec<Card>,
    /// How many of the bottom cards are face down.
    pub down: u8,
}

impl Column {
    /// The face-up cards, bottom first.
    pub fn face_up(&self) -> &[Card] {
        &self.cards[usize::from(self.down).min(self.cards.len())..]
    }

    /// The top card.
    pub fn top(&self) -> Option<Card> {
        self.cards.last().copied()
    }
}

/// What a move did besides moving cards, so the view can announce it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// A face-down card was turned up.
    pub flipped: Option<Card>,
    /// Points the move earned (negative: cost).
    pub points: i32,
    /// Double Solitaire: the move ended the turn; the other player is to play.
    pub passed: bool,
}

/// Double Solitaire: the half of the table of the player who is not to
/// play. [`State`] always holds the player to play's own cards in its
/// `tableau`, `stock` and `waste`; the two halves swap when the turn passes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Side {
    /// Their tableau piles.
    pub tableau: Vec<Column>,
    /// Their stock, top last.
    pub stock: Vec<Card>,
    /// Their waste, top last.
    pub waste: Vec<Card>,
    /// Times they turned their waste over.
    pub recycles: u8,
}

/// A Klondike position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct State {
    /// The rules in force.
    pub rules: Rules,
    /// The tableau piles, left to right.
    pub tableau: Vec<Column>,
    /// The stock, its top (the next card dealt) last.
    pub stock: Vec<Card>,
    /// The waste, its top (the card in play) last.
    pub waste: Vec<Card>,
    /// Cards on each foundation, in [`Foundation::index`] order. With several
    /// decks, a suit's foundations hold their cards fullest first (play keeps
    /// it so), which makes equal positions equal.
    pub foundations: Vec<u8>,
    /// Times the waste was turned back into the stock.
    pub recycles: u8,
    /// Points earned by moves (Standard, Timed and Vegas; time is applied separately).
    pub points: i32,
    /// Moves played.
    pub moves: u32,
    /// The reserve piles, bottom card first (see [`Rules::reserves`]).
    pub reserves: Vec<Vec<Card>>,
    /// The foundations' base rank, once known (see [`BaseRule`]).
    pub base: Option<Rank>,
    /// Double Solitaire: the other player's half of the table.
    pub idle: Option<Side>,
    /// Double Solitaire: whose turn it is, 0 or 1.
    pub turn: u8,
    /// Double Solitaire: cards each player has put on the foundations.
    pub played: [u8; 2],
}

impl State {
    /// Deals a game from `seed`: the deck is shuffled and dealt into the
    /// tableau as [`Rules::shape`] says (Klondike: pile *k* from 1 takes the
    /// next *k* cards, only the last face up); under [`BaseRule::DealtCard`]
    /// the next card goes up to its foundation; the rest is the stock, the
    /// next card of the deck on top.
    pub fn deal(rules: Rules, seed: Seed) -> State {
        if rules.players == 2 {
            // Each player shuffles a deck of their own and deals Klondike.
            let one = Rules {
                players: 1,
                decks: 1,
                ..rules
            };
            let mine = State::deal(one, seed);
            let theirs = State::deal(one, Seed(seed.0 ^ 0x9E37_79B9_7F4A_7C15));
            let mut s = State::new(rules, mine.tableau, mine.stock);
            s.idle = Some(Side {
                tableau: theirs.tableau,
                stock: theirs.stock,
                ..Side::default()
            });
            return s;
        }
        let mut deck: Vec<Card> = (0..rules.decks).flat_map(|_| Card::deck()).collect();
        if rules.jokers {
            deck.extend([Card::BLACK_JOKER, Card::RED_JOKER]);
        }
        Rng::new(seed).shuffle(&mut deck);
        let mut next = deck.into_iter();
        let piles = usize::from(rules.tableau);
        let sizes: Vec<(u8, u8)> = (0..piles)
            .map(|k| {
                let k8 = k as u8;
                let (down, up) = match rules.shape {
                    Shape::Triangle => (k8, 1),
                    Shape::Rows { rows } => (0, (k8 + 1).min(rows)),
                    Shape::Blocks { down, up } => (down, up),
                };
                if rules.face_up {
                    (0, down + up)
                } else {
                    (down, up)
                }
            })
            .collect();
        let mut tableau: Vec<Column> = sizes
            .iter()
            .map(|&(down, _)| Column {
                cards: Vec::new(),
                down,
            })
            .collect();
        match rules.shape {
            // Rows go across the piles, each row starting one pile further right.
            Shape::Rows { rows } => {
                for row in 0..usize::from(rows) {
                    for col in tableau.iter_mut().skip(row) {
                        col.cards.extend(next.next());
                    }
                }
            }
            _ => {
                for (col, &(down, up)) in tableau.iter_mut().zip(&sizes) {
                    col.cards = next.by_ref().take(usize::from(down + up)).collect();
                }
            }
        }
        let mut base_card = None;
        if rules.base_rule == BaseRule::DealtCard {
            base_card = next.next();
        }
        let mut stock: Vec<Card> = next.collect();
        stock.reverse();
        let mut s = State::new(rules, tableau, stock);
        if let Some(c) = base_card {
            s.base = Some(c.rank());
            s.foundations[Foundation::from(c.suit()).index()] = 1;
        }
        s
    }

    /// A fresh game from a given layout (the stock's top last).
    pub fn new(rules: Rules, tableau: Vec<Column>, stock: Vec<Card>) -> State {
        State {
            points: if rules.scoring == Scoring::Vegas {
                -52
            } else {
                0
            },
            rules,
            tableau,
            stock,
            waste: Vec::new(),
            foundations: vec![0; usize::from(rules.decks) * 4],
            recycles: 0,
            moves: 0,
            reserves: vec![Vec::new(); usize::from(rules.reserves)],
            base: match rules.base_rule {
                BaseRule::Fixed => Some(rules.base),
                _ => None,
            },
            idle: None,
            turn: 0,
            played: [0; 2],
        }
    }

    /// Double Solitaire: hands the table to the other player.
    fn pass_turn(&mut self) {
        if let Some(side) = &mut self.idle {
            std::mem::swap(&mut self.tableau, &mut side.tableau);
            std::mem::swap(&mut self.stock, &mut side.stock);
            std::mem::swap(&mut self.waste, &mut side.waste);
            std::mem::swap(&mut self.recycles, &mut side.recycles);
            self.turn ^= 1;
        }
    }

    /// Double Solitaire: whether the turn passes after `mv`: a deal that
    /// turns up a card that cannot be played, a pass, or no move at all.
    fn turn_ends(&self, mv: Move) -> bool {
        let dealt_dud = mv == Move::Deal
            && self.check(Move::WasteToFoundation).is_err()
            && (0..self.tableau.len() as u8).all(|t| self.check(Move::WasteToTableau(t)).is_err());
        dealt_dud || mv == Move::Pass || self.legal_moves().is_empty()
    }

    /// Double Solitaire: the player with more cards up (`None` when level).
    /// Once a player has put all 52 up, or neither can make progress, this
    /// is the winner.
    pub fn leader(&self) -> Option<u8> {
        let [a, b] = self.played;
        (a != b).then_some(u8::from(b > a))
    }

    /// A 64-bit digest of the part of the position that decides what can
    /// happen next: counters that only keep score are dropped, and with
    /// unlimited passes so is the recycle count. (Two positions sharing a
    /// digest — about one chance in 10¹² within a search's budget — would be
    /// taken for one.)
    pub fn digest(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut k = self.clone();
        k.points = 0;
        k.moves = 0;
        if k.rules.passes_allowed() == Passes::Unlimited {
            k.recycles = 0;
        }
        let mut h = std::collections::hash_map::DefaultHasher::new();
        k.hash(&mut h);
        h.finish()
    }

    /// Every card, each once per deck, or the first card that is there too
    /// often or missing.
    pub fn check_cards(&self) -> Result<(), String> {
        let mut seen = [0u8; Card::KINDS];
        let foundation_cards = self.rules.foundations().flat_map(|f| {
            (0..self.foundations[f.index()]).map(move |i| self.foundation_card(f, i))
        });
        for c in self
            .tableau
            .iter()
            .flat_map(|c| c.cards.iter().copied())
            .chain(self.stock.iter().copied())
            .chain(self.waste.iter().copied())
            .chain(self.reserves.iter().flatten().copied())
            .chain(self.idle.iter().flat_map(|s| {
                let piles = s.tableau.iter().flat_map(|c| c.cards.iter());
                piles.chain(&s.stock).chain(&s.waste).copied()
            }))
            .chain(foundation_cards)
        {
            seen[c.index()] += 1;
            if seen[c.index()] > self.rules.copies(c) {
                return Err(format!("the {} appears too often", c.name()));
            }
        }
        let missing = (0..Card::KINDS).filter_map(|i| Card::from_index(i as u8));
        match missing
            .into_iter()
            .find(|&c| seen[c.index()] < self.rules.copies(c))
        {
            Some(c) => Err(format!("the {} is missing", c.name())),
            None => Ok(()),
        }
    }

    /// The `i`-th card (0 = the base) of a foundation.
    fn foundation_card(&self, f: Foundation, i: u8) -> Card {
        let base = self.base.unwrap_or(Rank::ACE);
        let rank = (base.value() - 1 + i) % 13 + 1;
        Card::new(Rank::new(rank).unwrap_or(Rank::ACE), f.suit())
    }

    /// The cards on a foundation (0 where the layout has no such foundation).
    pub fn foundation_len(&self, f: Foundation) -> u8 {
        self.foundations.get(f.index()).copied().unwrap_or(0)
    }

    /// The `i`-th card (0 = the base) of a foundation, if it holds that many.
    pub fn foundation_card_at(&self, f: Foundation, i: u8) -> Option<Card> {
        (i < self.foundation_len(f)).then(|| self.foundation_card(f, i))
    }

    /// The top card of a foundation.
    pub fn foundation_top(&self, f: Foundation) -> Option<Card> {
        let n = self.foundation_len(f);
        (n > 0).then(|| self.foundation_card(f, n - 1))
    }

    /// The fewest cards on any foundation of `suit`: every card of that suit
    /// up to this many is on the foundations, in every deck.
    pub fn lowest_foundation(&self, suit: Suit) -> u8 {
        self.rules
            .suit_foundations(suit)
            .map(|f| self.foundation_len(f))
            .min()
            .unwrap_or(0)
    }

    /// The foundation `card` would go on: the first of its suit that needs it
    /// next. Jokers never go up.
    pub fn foundation_for(&self, card: Card) -> Option<Foundation> {
        if card.is_joker() {
            return None;
        }
        self.rules.suit_foundations(card.suit()).find(|&f| {
            let n = self.foundation_len(f);
            // Under BaseRule::Chosen, the first card up sets the base.
            (n == 0 && self.base.is_none()) || (n < 13 && self.foundation_card(f, n) == card)
        })
    }

    /// Whether `card` is the next card one of its foundations needs.
    pub fn fits_foundation(&self, card: Card) -> bool {
        self.foundation_for(card).is_some()
    }

    /// Whether an empty tableau pile takes a run headed by `card`.
    pub fn fills_empty(&self, card: Card) -> bool {
        match self.rules.fill {
            Fill::King => {
                let base = self.base.unwrap_or(Rank::ACE).value();
                card.rank().value() == (base + 11) % 13 + 1
            }
            Fill::Any => true,
        }
    }

    fn reserve_top(&self, r: u8) -> Result<Card, MoveError> {
        self.reserves
            .get(usize::from(r))
            .ok_or(MoveError::NoSuchPile(Pile::Reserve(r)))?
            .last()
            .copied()
            .ok_or(MoveError::Empty(Pile::Reserve(r)))
    }

    /// Whether every card is on the foundations; in Double Solitaire,
    /// whether a player has put all 52 of theirs up.
    pub fn is_won(&self) -> bool {
        if self.rules.players == 2 {
            return self.played.contains(&52);
        }
        self.foundations.iter().all(|&n| n == 13)
    }

    /// Passes through the stock still allowed after the current one, or `None` if unlimited.
    pub fn passes_left(&self) -> Option<u8> {
        match self.rules.passes_allowed() {
            Passes::Unlimited => None,
            Passes::Limited(n) => Some(n.saturating_sub(1).saturating_sub(self.recycles)),
        }
    }

    fn column(&self, i: u8) -> Result<&Column, MoveError> {
        self.tableau
            .get(usize::from(i))
            .ok_or(MoveError::NoSuchPile(Pile::Tableau(i)))
    }

    /// Checks that the run `cards` (bottom first) may go onto pile `to`.
    fn check_onto_tableau(&self, cards: &[Card], to: u8) -> Result<(), MoveError> {
        let card = cards[0];
        let col = self.column(to)?;
        if self.rules.jokers {
            return self.check_onto_with_jokers(cards, col);
        }
        match col.top() {
            Some(onto) if self.rules.builds_on(card, onto) => Ok(()),
            Some(onto) => Err(MoveError::DoesNotFit { card, onto }),
            None if self.fills_empty(card) => Ok(()),
            None => Err(MoveError::NeedsKing(card)),
        }
    }

    /// [`State::check_onto_tableau`] where jokers play: the moving cards must
    /// continue the run the pile ends with (the longest one: that is what a
    /// joker in it stands for), and a run that starts a pile in a space must
    /// be able to head it. A joker heading a whole pile stands for a King
    /// where spaces take Kings.
    fn check_onto_with_jokers(&self, cards: &[Card], col: &Column) -> Result<(), MoveError> {
        let up = col.face_up();
        let chain = (1..=up.len())
            .rev()
            .map(|k| &up[up.len() - k..])
            .find(|run| Rules::run_head(run).is_some())
            .unwrap_or(&[]);
        let whole: Vec<Card> = chain.iter().chain(cards).copied().collect();
        // The run heads its pile when it goes into a space, or onto a joker
        // that lies at the bottom of one.
        let heads_pile =
            col.cards.is_empty() || (chain.len() == col.cards.len() && whole[0].is_joker());
        let need_king = self.rules.fill == Fill::King && heads_pile;
        let fits = (!up.is_empty() || col.cards.is_empty())
            && Rules::run_head(&whole).is_some_and(|h| !need_king || h.is_none_or(|h| h == 13));
        if fits {
            return Ok(());
        }
        Err(match col.top() {
            Some(onto) => MoveError::DoesNotFit {
                card: cards[0],
                onto,
            },
            None => MoveError::NeedsKing(cards[0]),
        })
    }

    /// Checks a move without playing it. This is the one definition of legality:
    /// [`State::legal_moves`] and [`State::play`] both rely on it.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.is_won() {
            return Err(MoveError::GameOver);
        }
        match mv {
            Move::Deal => {
                if self.stock.is_empty() {
                    return Err(MoveError::StockEmpty);
                }
            }
            Move::Recycle => {
                if self.rules.stock != StockRule::Waste {
                    return Err(MoveError::NoRedeal);
                }
                if !self.stock.is_empty() {
                    return Err(MoveError::StockNotEmpty);
                }
                if self.waste.is_empty() {
                    return Err(MoveError::Empty(Pile::Waste));
                }
                if self.passes_left() == Some(0) {
                    return Err(MoveError::NoPassesLeft);
                }
            }
            Move::WasteToFoundation => {
                let card = *self.waste.last().ok_or(MoveError::Empty(Pile::Waste))?;
                if !self.fits_foundation(card) {
                    return Err(MoveError::NotNextOnFoundation(card));
                }
            }
            Move::Pass => {
                let spent = self.stock.is_empty() && self.check(Move::Recycle).is_err();
                if self.rules.players != 2 || !spent {
                    return Err(MoveError::CannotPass);
                }
            }
            Move::WasteToTableau(to) => {
                let card = *self.waste.last().ok_or(MoveError::Empty(Pile::Waste))?;
                self.check_onto_tableau(&[card], to)?;
            }
            Move::TableauToFoundation(from) => {
                let card = self
                    .column(from)?
                    .top()
                    .ok_or(MoveError::Empty(Pile::Tableau(from)))?;
                if !self.fits_foundation(card) {
                    return Err(MoveError::NotNextOnFoundation(card));
                }
            }
            Move::TableauToTableau { from, to, count } => {
                if from == to {
                    return Err(MoveError::SamePile);
                }
                self.column(to)?;
                let col = self.column(from)?;
                if col.cards.is_empty() {
                    return Err(MoveError::Empty(Pile::Tableau(from)));
                }
                let up = col.face_up();
                if count == 0 || usize::from(count) > up.len() {
                    return Err(MoveError::NotFaceUp {
                        pile: Pile::Tableau(from),
                        count,
                    });
                }
                let run = &up[up.len() - usize::from(count)..];
                if !self.rules.is_run(run) {
                    return Err(MoveError::NotARun(Pile::Tableau(from)));
                }
                self.check_onto_tableau(run, to)?;
            }
            Move::FoundationToTableau(x, to) => {
                if !self.rules.from_foundation {
                    return Err(MoveError::FoundationLocked);
                }
                if x.index() >= self.foundations.len() {
                    return Err(MoveError::NoSuchPile(Pile::Foundation(x)));
                }
                let card = self
                    .foundation_top(x)
                    .ok_or(MoveError::Empty(Pile::Foundation(x)))?;
                self.check_onto_tableau(&[card], to)?;
            }
            Move::ReserveToFoundation(r) => {
                let card = self.reserve_top(r)?;
                if !self.fits_foundation(card) {
                    return Err(MoveError::NotNextOnFoundation(card));
                }
            }
            Move::ReserveToTableau(r, to) => {
                let card = self.reserve_top(r)?;
                self.check_onto_tableau(&[card], to)?;
            }
        }
        Ok(())
    }

    /// Every legal move, in a fixed order: foundation moves first, then
    /// tableau moves, waste moves, foundation returns, and the stock last.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(32);
        self.for_each_candidate(|mv| {
            if self.check(mv).is_ok() {
                out.push(mv);
            }
        });
        out
    }

    fn for_each_candidate(&self, mut f: impl FnMut(Move)) {
        let n = self.tableau.len() as u8;
        f(Move::WasteToFoundation);
        for i in 0..n {
            f(Move::TableauToFoundation(i));
        }
        for r in 0..self.reserves.len() as u8 {
            f(Move::ReserveToFoundation(r));
        }
        for from in 0..n {
            let up = self.tableau[usize::from(from)].face_up().len() as u8;
            for count in (1..=up).rev() {
                for to in 0..n {
                    if to != from {
                        f(Move::TableauToTableau { from, to, count });
                    }
                }
            }
        }
        for to in 0..n {
            f(Move::WasteToTableau(to));
        }
        for r in 0..self.reserves.len() as u8 {
            for to in 0..n {
                f(Move::ReserveToTableau(r, to));
            }
        }
        for x in self.rules.foundations() {
            for to in 0..n {
                f(Move::FoundationToTableau(x, to));
            }
        }
        f(Move::Deal);
        f(Move::Recycle);
        f(Move::Pass);
    }

    fn earn(&mut self, points: i32) -> i32 {
        let before = self.points;
        self.points = match self.rules.scoring {
            Scoring::None => 0,
            Scoring::Standard | Scoring::Timed => (self.points + points).max(0),
            Scoring::Vegas => self.points + points,
        };
        self.points - before
    }

    fn standard(&self, points: i32) -> i32 {
        match self.rules.scoring {
            Scoring::Standard | Scoring::Timed => points,
            _ => 0,
        }
    }

    fn vegas(&self, points: i32) -> i32 {
        if self.rules.scoring == Scoring::Vegas {
            points
        } else {
            0
        }
    }

    /// Puts a card that fits on its foundation (setting a chosen base).
    fn put_on_foundation(&mut self, c: Card) {
        if let Some(f) = self.foundation_for(c) {
            self.base.get_or_insert(c.rank());
            self.foundations[f.index()] += 1;
            if self.rules.players == 2 {
                self.played[usize::from(self.turn)] += 1;
            }
        }
    }

    fn flip(&mut self, i: u8) -> Option<Card> {
        let col = &mut self.tableau[usize::from(i)];
        if col.down > 0 && usize::from(col.down) == col.cards.len() {
            col.down -= 1;
            col.cards.last().copied()
        } else {
            None
        }
    }

    /// Plays a legal move, turning up any face-down card it uncovers.
    pub fn play(&mut self, mv: Move) -> Result<Effects, MoveError> {
        self.check(mv)?;
        let mut points = 0;
        let mut flipped = None;
        match mv {
            Move::Deal => match self.rules.stock {
                StockRule::Waste => {
                    let n = self.stock.len().min(usize::from(self.rules.draw));
                    for _ in 0..n {
                        if let Some(c) = self.stock.pop() {
                            self.waste.push(c);
                        }
                    }
                }
                StockRule::OnPiles => {
                    for col in &mut self.tableau {
                        match self.stock.pop() {
                            // An empty pile's new card is face up too.
                            Some(c) => {
                                col.down = col.down.min(col.cards.len() as u8);
                                col.cards.push(c);
                            }
                            None => break,
                        }
                    }
                }
                StockRule::OnReserves => {
                    for pile in &mut self.reserves {
                        match self.stock.pop() {
                            Some(c) => pile.push(c),
                            None => break,
                        }
                    }
                }
            },
            // The turn passes below.
            Move::Pass => {}
            Move::Recycle => {
                self.recycles = self.recycles.saturating_add(1);
                while let Some(c) = self.waste.pop() {
                    self.stock.push(c);
                }
                points += if self.rules.draw == 1 {
                    self.standard(-100)
                } else if self.rules.draw3_recycle_penalty && self.recycles >= 3 {
                    self.standard(-20)
                } else {
                    0
                };
            }
            Move::WasteToFoundation => {
                if let Some(c) = self.waste.pop() {
                    self.put_on_foundation(c);
                }
                points += self.standard(10) + self.vegas(5);
            }
            Move::ReserveToFoundation(r) => {
                if let Some(c) = self.reserves[usize::from(r)].pop() {
                    self.put_on_foundation(c);
                }
                points += self.standard(10) + self.vegas(5);
            }
            Move::ReserveToTableau(r, to) => {
                if let Some(c) = self.reserves[usize::from(r)].pop() {
                    self.tableau[usize::from(to)].cards.push(c);
                }
                points += self.standard(5);
            }
            Move::WasteToTableau(to) => {
                if let Some(c) = self.waste.pop() {
                    self.tableau[usize::from(to)].cards.push(c);
                }
                points += self.standard(5);
            }
            Move::TableauToFoundation(from) => {
                if let Some(c) = self.tableau[usize::from(from)].cards.pop() {
                    self.put_on_foundation(c);
                }
                flipped = self.flip(from);
                points += self.standard(10) + self.vegas(5);
            }
            Move::TableauToTableau { from, to, count } => {
                let src = &mut self.tableau[usize::from(from)].cards;
                let run = src.split_off(src.len() - usize::from(count));
                self.tableau[usize::from(to)].cards.extend(run);
                flipped = self.flip(from);
            }
            Move::FoundationToTableau(x, to) => {
                if let Some(c) = self.foundation_top(x) {
                    // A suit's foundations stay fullest first: the card comes
                    // off the last one holding as many as `x` (the same card).
                    let n = self.foundation_len(x);
                    let from = self
                        .rules
                        .suit_foundations(x.suit())
                        .rfind(|&f| self.foundation_len(f) == n)
                        .unwrap_or(x);
                    self.foundations[from.index()] -= 1;
                    self.tableau[usize::from(to)].cards.push(c);
                }
                points += self.standard(-15) + self.vegas(-5);
            }
        }
        if flipped.is_some() {
            points += self.standard(5);
        }
        self.moves += 1;
        let points = self.earn(points);
        let mut passed = self.rules.players == 2 && !self.is_won() && self.turn_ends(mv);
        if passed {
            self.pass_turn();
            // A player who cannot move hands the turn straight back.
            if self.legal_moves().is_empty() {
                self.pass_turn();
                passed = false;
            }
        }
        Ok(Effects {
            flipped,
            points,
            passed,
        })
    }

    /// The card a move would take first (the head of a run), if any.
    pub fn moving_card(&self, mv: Move) -> Option<Card> {
        match mv {
            Move::Deal => self.stock.last().copied(),
            Move::Recycle | Move::Pass => None,
            Move::WasteToFoundation | Move::WasteToTableau(_) => self.waste.last().copied(),
            Move::TableauToFoundation(i) => self.tableau.get(usize::from(i))?.top(),
            Move::TableauToTableau { from, count, .. } => {
                let col = self.tableau.get(usize::from(from))?;
                col.cards
                    .len()
                    .checked_sub(usize::from(count))
                    .map(|i| col.cards[i])
            }
            Move::FoundationToTableau(x, _) => self.foundation_top(x),
            Move::ReserveToFoundation(r) | Move::ReserveToTableau(r, _) => {
                self.reserves.get(usize::from(r))?.last().copied()
            }
        }
    }
}

/// The score a game shows, all schemes in one place.
///
/// `points` are those the moves earned, `seconds` the time played, `won`
/// whether the game is over.
pub fn score(scoring: Scoring, points: i32, seconds: u64, won: bool) -> i32 {
    match scoring {
        Scoring::None => 0,
        Scoring::Standard | Scoring::Vegas => points,
        Scoring::Timed => {
            let penalty = i32::try_from(seconds / 10).unwrap_or(i32::MAX / 2) * 2;
            let bonus = if won && seconds >= 30 {
                i32::try_from(700_000 / seconds).unwrap_or(0)
            } else {
                0
            };
            (points - penalty).max(0) + bonus
        }
    }
}

impl crate::shell::position::Position for State {
    type Move = Move;
    type Effect = Effects;
    type Illegal = MoveError;

    fn legal_moves(&self) -> Vec<Move> {
        if self.is_won() {
            return Vec::new();
        }
        State::legal_moves(self)
    }

    fn play(&mut self, mv: Move) -> Result<Effects, MoveError> {
        State::play(self, mv)
    }

    /// Won once every card is up (Double Solitaire: once a player has put
    /// all theirs up, or neither can move and one has more up); drawn when
    /// no move is left otherwise.
    fn ending(&self) -> Option<Ending> {
        let two = self.rules.players == 2;
        if self.is_won() {
            let seat = if two {
                usize::from(self.played[1] == 52)
            } else {
                0
            };
            return Some(Ending::Won(seat));
        }
        if !State::legal_moves(self).is_empty() {
            return None;
        }
        Some(match self.leader() {
            Some(seat) if two => Ending::Won(usize::from(seat)),
            _ => Ending::Drawn,
        })
    }

    fn to_move(&self) -> Seat {
        usize::from(self.turn)
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn read_move(&self, text: &str) -> Result<Move, BadMoveText> {
        let mv: Move = text.parse().map_err(|e| BadMoveText::new(text, e))?;
        self.check(mv).map_err(|e| BadMoveText::new(text, e))?;
        Ok(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::klondike::fixtures::{card as c, col};

    /// A small hand-made position: stock, waste and a few piles, the rest of the deck on foundations.
    fn position(
        rules: Rules,
        tableau: Vec<Column>,
        stock: &str,
        waste: &str,
        foundations: [u8; 4],
    ) -> State {
        let mut s = State::new(rules, tableau, stock.split_whitespace().map(c).collect());
        s.waste = waste.split_whitespace().map(c).collect();
        s.foundations = foundations.to_vec();
        s
    }

    #[test]
    fn a_deal_has_the_triangle_and_every_card_once() {
        let s = State::deal(Rules::default(), Seed(42));
        s.check_cards().unwrap();
        for (k, col) in s.tableau.iter().enumerate() {
            assert_eq!(col.cards.len(), k + 1);
            assert_eq!(usize::from(col.down), k);
            assert_eq!(col.face_up().len(), 1);
        }
        assert_eq!(s.stock.len(), 24);
        assert_eq!(State::deal(Rules::default(), Seed(42)), s, "seeded");
        assert_ne!(State::deal(Rules::default(), Seed(43)), s);
    }

    #[test]
    fn notation_round_trips_and_rejects_junk() {
        for text in [
            "D", "R", "W-F", "W-T3", "T2-F", "T2-T5", "T2-T5x3", "FH-T4", "T7-T1x13",
        ] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
        for bad in [
            "", "X", "W-T0", "W-T", "T1-T2x0", "T1-Fx2", "FX-T1", "W-Fx", "T1--T2", "d",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
        assert_eq!("T1-T2x".parse::<Move>(), Err(BadMove("T1-T2x".into())));
    }

    #[test]
    fn tableau_builds_down_in_alternating_colours() {
        let r = Rules::default();
        assert!(r.builds_on(c("9H"), c("TS")));
        assert!(!r.builds_on(c("9H"), c("TD")), "same colour");
        assert!(!r.builds_on(c("8H"), c("TS")), "rank gap");
        assert!(!r.builds_on(c("JH"), c("TS")), "upwards");
        let s = position(
            r,
            vec![col(0, "TS"), col(1, "2C 9H"), col(0, "")],
            "",
            "",
            [0; 4],
        );
        assert!(s
            .check(Move::TableauToTableau {
                from: 1,
                to: 0,
                count: 1
            })
            .is_ok());
        assert_eq!(
            s.check(Move::TableauToTableau {
                from: 1,
                to: 2,
                count: 1
            }),
            Err(MoveError::NeedsKing(c("9H")))
        );
        assert_eq!(
            s.check(Move::TableauToTableau {
                from: 1,
                to: 0,
                count: 2
            }),
            Err(MoveError::NotFaceUp {
                pile: Pile::Tableau(1),
                count: 2
            })
        );
    }

    #[test]
    fn runs_move_as_a_unit_and_uncover_a_card() {
        let mut s = position(
            Rules::default(),
            vec![col(1, "3D KS QH JC"), col(0, "")],
            "",
            "",
            [0; 4],
        );
        assert!(
            s.check(Move::TableauToTableau {
                from: 0,
                to: 1,
                count: 2
            })
            .is_err(),
            "QH JC is not headed by a king"
        );
        let fx = s
            .play(Move::TableauToTableau {
                from: 0,
                to: 1,
                count: 3,
            })
            .unwrap();
        assert_eq!(fx.flipped, Some(c("3D")));
        assert_eq!(fx.points, 5, "turning a card");
        assert_eq!(s.tableau[1].cards, vec![c("KS"), c("QH"), c("JC")]);
        assert_eq!(s.tableau[0].down, 0);
    }

    #[test]
    fn foundations_build_up_by_suit_from_the_ace_and_give_back() {
        let mut s = position(
            Rules::default(),
            vec![col(0, "AH"), col(0, "3S")],
            "",
            "2H",
            [0; 4],
        );
        assert_eq!(
            s.check(Move::WasteToFoundation),
            Err(MoveError::NotNextOnFoundation(c("2H")))
        );
        s.play(Move::TableauToFoundation(0)).unwrap();
        s.play(Move::WasteToFoundation).unwrap();
        assert_eq!(s.foundation_top(Suit::Hearts.into()), Some(c("2H")));
        assert_eq!(s.points, 20);
        s.play(Move::FoundationToTableau(Suit::Hearts.into(), 1))
            .unwrap();
        assert_eq!(s.tableau[1].top(), Some(c("2H")));
        assert_eq!(s.points, 5, "-15 for a card back from a foundation");
        let mut locked = s.clone();
        locked.rules.from_foundation = false;
        assert_eq!(
            locked.check(Move::FoundationToTableau(Suit::Hearts.into(), 0)),
            Err(MoveError::FoundationLocked)
        );
    }

    #[test]
    fn standard_scoring_table_row_by_row() {
        let r = Rules::default();
        // waste -> tableau +5
        let mut s = position(r, vec![col(0, "TS")], "", "9H", [0; 4]);
        assert_eq!(s.play(Move::WasteToTableau(0)).unwrap().points, 5);
        // waste -> foundation +10
        let mut s = position(r, vec![], "", "AH", [0; 4]);
        assert_eq!(s.play(Move::WasteToFoundation).unwrap().points, 10);
        // tableau -> foundation +10 (plus 5 for the card it turns)
        let mut s = position(r, vec![col(1, "5C AH")], "", "", [0; 4]);
        assert_eq!(s.play(Move::TableauToFoundation(0)).unwrap().points, 15);
        // foundation -> tableau -15, floored at 0 from 0 points
        let mut s = position(r, vec![col(0, "3S")], "", "", [0, 0, 2, 0]);
        s.points = 20;
        assert_eq!(
            s.play(Move::FoundationToTableau(Suit::Hearts.into(), 0))
                .unwrap()
                .points,
            -15
        );
        let mut s = position(r, vec![col(0, "3S")], "", "", [0, 0, 2, 0]);
        assert_eq!(
            s.play(Move::FoundationToTableau(Suit::Hearts.into(), 0))
                .unwrap()
                .points,
            0,
            "never below 0"
        );
        // recycle, draw 1: -100
        let mut s = position(r, vec![], "", "AH 2H", [0; 4]);
        s.points = 150;
        assert_eq!(s.play(Move::Recycle).unwrap().points, -100);
        // recycle, draw 3: free for the first two, -20 from the third recycle on
        let r3 = Rules { draw: 3, ..r };
        let mut s = position(r3, vec![], "", "AH 2H", [0; 4]);
        s.points = 100;
        let costs: Vec<i32> = (0..4)
            .map(|_| {
                let p = s.play(Move::Recycle).unwrap().points;
                while s.play(Move::Deal).is_ok() {}
                p
            })
            .collect();
        assert_eq!(costs, vec![0, 0, -20, -20]);
        let mut s = position(
            Rules {
                draw3_recycle_penalty: false,
                ..r3
            },
            vec![],
            "",
            "AH",
            [0; 4],
        );
        s.recycles = 5;
        assert_eq!(
            s.play(Move::Recycle).unwrap().points,
            0,
            "the Windows penalty is an option"
        );
    }

    #[test]
    fn vegas_scoring_and_its_pass_limits() {
        let r = Rules {
            scoring: Scoring::Vegas,
            ..Rules::default()
        };
        let mut s = State::deal(r, Seed(1));
        assert_eq!(s.points, -52);
        assert_eq!(s.passes_left(), Some(0), "one pass dealing singly");
        while s.play(Move::Deal).is_ok() {}
        assert_eq!(s.check(Move::Recycle), Err(MoveError::NoPassesLeft));
        let r3 = Rules { draw: 3, ..r };
        assert_eq!(
            State::deal(r3, Seed(1)).passes_left(),
            Some(2),
            "three passes by threes"
        );
        let mut s = position(r, vec![col(0, "3S")], "", "AH", [0; 4]);
        s.points = -52;
        assert_eq!(s.play(Move::WasteToFoundation).unwrap().points, 5);
        assert!(
            s.play(Move::FoundationToTableau(Suit::Hearts.into(), 0))
                .is_err(),
            "AH does not go on 3S"
        );
        let mut s = position(r, vec![col(0, "3S")], "", "", [0, 0, 2, 0]);
        s.points = -42;
        assert_eq!(
            s.play(Move::FoundationToTableau(Suit::Hearts.into(), 0))
                .unwrap()
                .points,
            -5
        );
        assert_eq!(s.points, -47, "Vegas may go below zero");
    }

    #[test]
    fn timed_scoring_penalty_and_bonus() {
        assert_eq!(score(Scoring::Timed, 100, 9, false), 100);
        assert_eq!(score(Scoring::Timed, 100, 10, false), 98);
        assert_eq!(score(Scoring::Timed, 100, 125, false), 76);
        assert_eq!(score(Scoring::Timed, 10, 600, false), 0, "never below 0");
        assert_eq!(score(Scoring::Timed, 500, 140, true), 500 - 28 + 5000);
        assert_eq!(
            score(Scoring::Timed, 500, 29, true),
            500 - 4,
            "no bonus under 30 s"
        );
        assert_eq!(score(Scoring::None, 500, 29, true), 0);
    }

    #[test]
    fn stock_deals_by_ones_or_threes_and_limits_passes() {
        let r = Rules {
            draw: 3,
            passes: Passes::Limited(3),
            ..Rules::default()
        };
        let mut s = position(r, vec![], "AH 2H 3H 4H", "", [0; 4]);
        s.play(Move::Deal).unwrap();
        assert_eq!(s.waste, vec![c("4H"), c("3H"), c("2H")]);
        assert_eq!(s.check(Move::Recycle), Err(MoveError::StockNotEmpty));
        s.play(Move::Deal).unwrap();
        assert_eq!(s.check(Move::Deal), Err(MoveError::StockEmpty));
        assert_eq!(s.passes_left(), Some(2));
        s.play(Move::Recycle).unwrap();
        assert_eq!(s.stock.last(), Some(&c("4H")), "the order is restored");
        while s.play(Move::Deal).is_ok() {}
        s.play(Move::Recycle).unwrap();
        while s.play(Move::Deal).is_ok() {}
        assert_eq!(s.check(Move::Recycle), Err(MoveError::NoPassesLeft));
    }

    #[test]
    fn legal_moves_agree_with_check_and_play() {
        for seed in 0..50 {
            let mut s = State::deal(Rules::default(), Seed(seed));
            for _ in 0..60 {
                let moves = s.legal_moves();
                let Some(&mv) =
                    moves.get((seed as usize * 7 + s.moves as usize) % moves.len().max(1))
                else {
                    break;
                };
                s.play(mv).unwrap();
                s.check_cards().unwrap();
            }
        }
    }

    #[test]
    fn winning_is_detected() {
        let mut s = position(
            Rules::default(),
            vec![col(0, "KS")],
            "",
            "",
            [13, 13, 13, 12],
        );
        assert!(!s.is_won());
        s.play(Move::TableauToFoundation(0)).unwrap();
        assert!(s.is_won());
        assert_eq!(s.check(Move::Deal), Err(MoveError::GameOver));
        assert!(s.legal_moves().is_empty());
    }
}
