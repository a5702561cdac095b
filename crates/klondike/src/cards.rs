//! Cards, suits and ranks, with their text forms (`TH` is the ten of hearts),
//! and the two jokers of Joker Solitaire (`BJ` black, `RJ` red).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A suit, in the order of the notation letters `CDHS`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    /// ♣
    Clubs,
    /// ♦
    Diamonds,
    /// ♥
    Hearts,
    /// ♠
    Spades,
}

impl Suit {
    /// Every suit, in index order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// 0–3, in `CDHS` order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether the suit is red (diamonds, hearts).
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// The notation letter.
    pub const fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self as usize]
    }

    /// The English name, plural.
    pub const fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self as usize]
    }

    /// The suit of a notation letter.
    pub fn from_letter(c: char) -> Option<Suit> {
        Suit::ALL
            .into_iter()
            .find(|s| s.letter() == c.to_ascii_uppercase())
    }
}

/// A rank, 1 (Ace) to 13 (King).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Rank(u8);

impl TryFrom<u8> for Rank {
    type Error = String;
    fn try_from(n: u8) -> Result<Rank, String> {
        Rank::new(n).ok_or_else(|| format!("{n} is not a rank (1 to 13)"))
    }
}

impl From<Rank> for u8 {
    fn from(r: Rank) -> u8 {
        r.0
    }
}

impl Rank {
    /// The Ace.
    pub const ACE: Rank = Rank(1);
    /// The King.
    pub const KING: Rank = Rank(13);
    const LETTERS: &'static [u8; 13] = b"A23456789TJQK";

    /// A rank from 1–13.
    pub const fn new(n: u8) -> Option<Rank> {
        if n >= 1 && n <= 13 {
            Some(Rank(n))
        } else {
            None
        }
    }

    /// 1–13.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// The notation letter: `A23456789TJQK`.
    pub const fn letter(self) -> char {
        Self::LETTERS[self.0 as usize - 1] as char
    }

    /// How the rank is printed on a card face: `A`, `2` … `10`, `J`, `Q`, `K`.
    pub const fn face(self) -> &'static str {
        [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ][self.0 as usize - 1]
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        [
            "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king",
        ][self.0 as usize - 1]
    }

    /// The rank of a notation letter.
    pub fn from_letter(c: char) -> Option<Rank> {
        let c = c.to_ascii_uppercase() as u8;
        Self::LETTERS
            .iter()
            .position(|&l| l == c)
            .map(|i| Rank(i as u8 + 1))
    }
}

/// One of the 52 cards, packed in a byte: `suit * 13 + rank - 1`, or one of
/// the two jokers (52 black, 53 red). A joker has a colour but no rank of its
/// own: rules code asks [`Card::is_joker`] before [`Card::rank`] (which
/// reports a King for a joker) or [`Card::suit`] (spades or hearts).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Card(u8);

impl Card {
    /// The card of a rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank.0 - 1)
    }

    /// The black joker.
    pub const BLACK_JOKER: Card = Card(52);
    /// The red joker.
    pub const RED_JOKER: Card = Card(53);
    /// Card indices: the 52 cards and the two jokers.
    pub const KINDS: usize = 54;

    /// The card with this index, 0–53 (52 and 53 are the jokers).
    pub const fn from_index(i: u8) -> Option<Card> {
        if (i as usize) < Self::KINDS {
            Some(Card(i))
        } else {
            None
        }
    }

    /// 0–53.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is one of the jokers.
    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The rank (a King for a joker, which has none: see [`Card::is_joker`]).
    pub const fn rank(self) -> Rank {
        if self.is_joker() {
            Rank::KING
        } else {
            Rank(self.0 % 13 + 1)
        }
    }

    /// The suit (spades for the black joker, hearts for the red one).
    pub const fn suit(self) -> Suit {
        match self.0 {
            52 => Suit::Spades,
            53 => Suit::Hearts,
            n => Suit::ALL[(n / 13) as usize],
        }
    }

    /// Whether the card is red (the red joker is).
    pub const fn is_red(self) -> bool {
        self.suit().is_red()
    }

    /// A full deck in index order (clubs A–K, diamonds, hearts, spades).
    pub fn deck() -> [Card; 52] {
        std::array::from_fn(|i| Card(i as u8))
    }

    /// The English name, e.g. "ten of hearts", "red joker".
    pub fn name(self) -> String {
        match self.0 {
            52 => "black joker".to_owned(),
            53 => "red joker".to_owned(),
            _ => format!("{} of {}", self.rank().name(), self.suit().name()),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            52 => f.write_str("BJ"),
            53 => f.write_str("RJ"),
            _ => write!(f, "{}{}", self.rank().letter(), self.suit().letter()),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A token that is not a card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadCard(pub String);

impl fmt::Display for BadCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a card: expected a rank A23456789TJQK and a suit CDHS, like TH (or a joker, BJ or RJ)",
            self.0
        )
    }
}

impl std::error::Error for BadCard {}

impl FromStr for Card {
    type Err = BadCard;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.as_bytes() {
            [b'B' | b'b', b'J' | b'j'] => return Ok(Card::BLACK_JOKER),
            [b'R' | b'r', b'J' | b'j'] => return Ok(Card::RED_JOKER),
            _ => {}
        }
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(r), Some(su), None) => match (Rank::from_letter(r), Suit::from_letter(su)) {
                (Some(r), Some(su)) => Ok(Card::new(r, su)),
                _ => Err(BadCard(s.to_owned())),
            },
            _ => Err(BadCard(s.to_owned())),
        }
    }
}

impl TryFrom<String> for Card {
    type Error = BadCard;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Card> for String {
    fn from(c: Card) -> String {
        c.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text() {
        for c in Card::deck() {
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
            assert_eq!(Card::new(c.rank(), c.suit()), c);
        }
        assert_eq!("TH".parse::<Card>().unwrap().name(), "ten of hearts");
        assert_eq!("th".parse::<Card>().unwrap().to_string(), "TH");
        for bad in ["", "T", "1H", "TX", "THX", "10H"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn jokers_have_a_colour_a_name_and_a_text_form() {
        assert!(Card::RED_JOKER.is_red() && Card::RED_JOKER.is_joker());
        assert!(!Card::BLACK_JOKER.is_red() && Card::BLACK_JOKER.is_joker());
        assert!(!"KS".parse::<Card>().unwrap().is_joker());
        assert_eq!("bj".parse(), Ok(Card::BLACK_JOKER));
        assert_eq!(Card::RED_JOKER.to_string().parse(), Ok(Card::RED_JOKER));
        assert_eq!(Card::BLACK_JOKER.name(), "black joker");
        assert_eq!(Card::from_index(53), Some(Card::RED_JOKER));
        assert_eq!(Card::from_index(54), None);
        assert!("XJ".parse::<Card>().is_err());
    }

    #[test]
    fn colours_and_faces() {
        assert!("AD".parse::<Card>().unwrap().is_red());
        assert!(!"AS".parse::<Card>().unwrap().is_red());
        assert_eq!(Rank::new(10).unwrap().face(), "10");
        assert_eq!(Rank::new(0), None);
        assert_eq!(Rank::new(14), None);
    }

    #[test]
    fn cards_serialise_as_text() {
        let c: Card = "QS".parse().unwrap();
        let text = postcard::to_allocvec(&c).expect("bytes");
        assert_eq!(text, postcard::to_allocvec(&"QS").expect("bytes"));
        assert_eq!(postcard::from_bytes::<Card>(&text).unwrap(), c);
        let zz = postcard::to_allocvec(&"ZZ").expect("bytes");
        assert!(postcard::from_bytes::<Card>(&zz).is_err());
    }
}
