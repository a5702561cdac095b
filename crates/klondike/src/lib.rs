//! Klondike solitaire and the family the rules name, as one engine: no
//! screen, no clock, no page.
//!
//! - [`cards`]: cards, ranks and suits, and their text (`QS`, `TD`);
//! - [`rules`]: the position, moves with a typed [`rules::MoveError`],
//!   scoring, and every deal mode; a position implements the rules-level
//!   [`Position`](parlour_kit::position::Position) trait;
//! - [`variant`]: each member of the family as a configuration of the rules;
//! - [`deal_format`]: deals and positions as text, read with precise errors;
//! - [`analysis`]: hints, lost games and safe moves to the foundations;
//! - [`solver`]: whether a deal can be won, and its winning line.
//!
//! ```
//! use parlour_kit::position::Position as _;
//! use parlour_kit::rng::Seed;
//! use parlour_klondike::rules::{Rules, State};
//!
//! // Deal 42 under the standard rules: the legal moves are the single
//! // truth, each a small `Copy` value with a text notation.
//! let deal = State::deal(Rules::default(), Seed(42));
//! let moves = deal.legal_moves();
//! assert!(!moves.is_empty());
//! let text = deal.move_text(moves[0]);
//! assert_eq!(deal.read_move(&text), Ok(moves[0]));
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod cards;
pub mod coach;
pub mod deal_format;
pub mod rules;
pub mod solver;
pub mod variant;

/// Shorthands for writing positions in tests and examples.
pub mod fixtures {
    use super::cards::Card;
    use super::rules::{Column, Rules, State};

    /// A card from its text form.
    ///
    /// # Panics
    ///
    /// On a text that is no card.
    pub fn card(s: &str) -> Card {
        s.parse().expect("a card in test notation")
    }

    /// Deals of the members only the general search plays (Nine Across
    /// before its base is chosen), each with a seed it wins within a few
    /// hundred thousand positions (the default rules otherwise).
    pub const GENERAL_QUICK_WINS: [(super::variant::Variant, u64); 3] = [
        (super::variant::Variant::Easthaven, 1),
        (super::variant::Variant::NineAcross, 9),
        (super::variant::Variant::Joker, 34),
    ];

    /// A tableau pile from its cards (bottom first), the first `down` face down.
    pub fn col(down: u8, cards: &str) -> Column {
        Column {
            cards: cards.split_whitespace().map(card).collect(),
            down,
        }
    }

    /// A full deck that cannot be won: the seven of spades lies face down
    /// under the two red eights, the only cards it could go on; they cannot
    /// reach their foundations without it either, and every face-up card is
    /// black with its red holders buried.
    pub fn needed_card_buried_under_both_holders() -> State {
        let piles = [
            (3, "7S 8H 8D 9S"),
            (2, "TH TD 8S"),
            (2, "9H 9D JS"),
            (2, "QH QD TS"),
            (2, "JH JD QS"),
            (2, "KH KD KS"),
        ];
        let mut s = State::new(
            Rules {
                tableau: 6,
                ..Rules::default()
            },
            piles.iter().map(|&(d, cs)| col(d, cs)).collect(),
            vec![],
        );
        s.foundations = vec![13, 7, 7, 6];
        s.check_cards().expect("every card once");
        s
    }
}
