//! Foundations, piles and moves, with their text forms, and why a move is illegal.

use super::*;

/// One foundation: the suit it takes and, when several decks are in play,
/// which of that suit's foundations it is. Written `FH`, then `FH2`, `FH3`
/// for the second and third hearts foundations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Foundation(pub(super) u8);

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

pub(super) fn parse_tableau(s: &str) -> Option<u8> {
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
