//! Klondike solitaire and its family.
//!
//! [`rules`] holds the position, moves and scoring; [`analysis`] finds hints,
//! lost games and safe foundation moves; [`solver`] decides whether a deal
//! can be won; [`deal_format`] reads and writes deals as text. The game is
//! hosted by the shell ([`Klondike`]); [`def`] declares it: [`view`] lays
//! out, hit-tests and draws cards, [`show`] draws the board and the status
//! line, [`input`] maps taps, drags and keys to moves, [`table`] keeps the
//! screen-only state (animations, the solver's background jobs),
//! [`narrate`] says what happened, and [`stats`] keeps the statistics.

pub mod analysis;
pub mod anim;
pub mod cards;
pub mod deal_format;
pub mod def;
pub mod input;
mod kind;
pub mod narrate;
pub mod rules;
pub mod settings;
pub mod show;
pub mod solver;
pub mod stats;
pub mod table;
pub mod variant;
pub mod view;

use crate::shell::driver::Shell;
use rules::{Move, State};

/// A game of Klondike, hosted by the shell.
pub type Klondike = Shell<def::KlondikeDef>;

impl Shell<def::KlondikeDef> {
    /// The current position.
    pub fn state(&self) -> &State {
        self.position()
    }

    /// The moves played so far, in notation (`*` marks moves the game made itself).
    pub fn record(&self) -> Vec<String> {
        self.played().to_vec()
    }

    /// The move the last Hint outlined, while it is still outlined: for
    /// scripted play.
    pub fn hinted(&self) -> Option<Move> {
        self.ui().hint.map(|(mv, _)| mv)
    }

    /// The score shown, every scheme included.
    pub fn score(&self) -> i32 {
        stats::score(self.position(), self.view().elapsed_ms)
    }

    /// Whether a search for a winnable deal is running.
    pub fn searching(&self) -> bool {
        self.ui().search.is_some()
    }
}

#[cfg(test)]
mod tests;

/// Shorthands for writing positions in tests.
#[cfg(test)]
pub(crate) mod fixtures {
    use super::cards::Card;
    use super::rules::{Column, Rules, State};

    /// A card from its text form.
    pub fn card(s: &str) -> Card {
        s.parse().expect("a card in test notation")
    }

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
