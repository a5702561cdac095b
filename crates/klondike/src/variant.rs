//! The Klondike family: each variant is a configuration of one engine.
//!
//! [`Variant::rules`] (in [`super::rules`], which the variants configure)
//! takes the player's dealing and scoring settings and returns the
//! [`Rules`](super::rules::Rules) of the variant, overriding what the variant fixes
//! (Las Vegas always deals singly, once, for Vegas points). Each variant's
//! page of the in-game rules is `www/rules/klondike/<slug>.txt`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A member of the Klondike family.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// Seven piles, the classic.
    #[default]
    Klondike,
    /// Agnes (Bernauer): reserves, and a base set by the 29th card.
    Agnes,
    /// Easthaven: piles of three, the stock dealt across the piles.
    Easthaven,
    /// Nine Across: nine piles, a base the player chooses, ranks wrap.
    NineAcross,
    /// Somerset (Usk): every card dealt, face up, in ten piles.
    Somerset,
    /// Thumb and Pouch: build on any suit but your own.
    ThumbAndPouch,
    /// Whitehead: all face up, build in colour, suit runs move.
    Whitehead,
    /// Westcliff: ten piles of three.
    Westcliff,
    /// Kuipers: eight piles, dealing singly.
    Kuipers,
    /// Las Vegas: dealing singly, once, for Vegas points.
    LasVegas,
    /// Joker Solitaire: two jokers, wild in their colour.
    Joker,
    /// Double Solitaire: two players, a deck each, shared foundations.
    DoubleSolitaire,
    /// Thoughtful Klondike: every card's place is known.
    Thoughtful,
}

impl Variant {
    /// Every variant, in menu order.
    pub const ALL: [Variant; 13] = [
        Variant::Klondike,
        Variant::Agnes,
        Variant::Easthaven,
        Variant::NineAcross,
        Variant::Somerset,
        Variant::ThumbAndPouch,
        Variant::Whitehead,
        Variant::Westcliff,
        Variant::Kuipers,
        Variant::LasVegas,
        Variant::Joker,
        Variant::DoubleSolitaire,
        Variant::Thoughtful,
    ];

    /// The name in URLs and on the command line.
    pub fn slug(self) -> &'static str {
        match self {
            Variant::Klondike => "klondike",
            Variant::Agnes => "agnes",
            Variant::Easthaven => "easthaven",
            Variant::NineAcross => "nine-across",
            Variant::Somerset => "somerset",
            Variant::ThumbAndPouch => "thumb-and-pouch",
            Variant::Whitehead => "whitehead",
            Variant::Westcliff => "westcliff",
            Variant::Kuipers => "kuipers",
            Variant::LasVegas => "las-vegas",
            Variant::Joker => "joker",
            Variant::DoubleSolitaire => "double-solitaire",
            Variant::Thoughtful => "thoughtful",
        }
    }

    /// The name on screen.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Klondike => "Klondike",
            Variant::Agnes => "Agnes",
            Variant::Easthaven => "Easthaven",
            Variant::NineAcross => "Nine Across",
            Variant::Somerset => "Somerset",
            Variant::ThumbAndPouch => "Thumb and Pouch",
            Variant::Whitehead => "Whitehead",
            Variant::Westcliff => "Westcliff",
            Variant::Kuipers => "Kuipers",
            Variant::LasVegas => "Las Vegas",
            Variant::Joker => "Joker Solitaire",
            Variant::DoubleSolitaire => "Double Solitaire",
            Variant::Thoughtful => "Thoughtful Klondike",
        }
    }

    /// The name on screen for a game of `decks` decks: "Double Easthaven".
    pub fn title(self, decks: u8) -> String {
        match decks {
            2 if self.takes_decks(2) => format!("Double {}", self.name()),
            3 if self.takes_decks(3) => format!("Triple {}", self.name()),
            _ => self.name().to_owned(),
        }
    }

    /// The pages of this variant's rules help (the game's rules pages):
    /// its own, then what the family shares (scoring, controls).
    pub fn rules_pages(self) -> Vec<String> {
        vec![
            format!("klondike/{}", self.slug()),
            "klondike/family".to_owned(),
        ]
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// A name that is no variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.slug()).collect();
        write!(f, "'{}' is not a variant: {}", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.slug() == s)
            .ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::cards::{Rank, Suit};
    use crate::fixtures::{card as c, col};
    use crate::rules::{Column, Fill, Move, MoveError, Passes, Pile, Rules, Scoring, State};
    use parlour_kit::rng::Seed;

    fn deal(v: Variant) -> State {
        let s = State::deal(v.rules(Rules::default()), Seed(7));
        s.check_cards().unwrap();
        s
    }

    /// (cards, face-down) per pile.
    fn shape(s: &State) -> Vec<(usize, usize)> {
        s.tableau
            .iter()
            .map(|c| (c.cards.len(), usize::from(c.down)))
            .collect()
    }

    fn tt(from: u8, to: u8, count: u8) -> Move {
        Move::TableauToTableau { from, to, count }
    }

    /// A position of `v` with these piles and nothing else in play (the
    /// rest of the deck is left out: legality does not need it).
    fn position(v: Variant, piles: Vec<Column>) -> State {
        let mut r = v.rules(Rules::default());
        r.tableau = piles.len() as u8;
        State::new(r, piles, Vec::new())
    }

    #[test]
    fn slugs_read_back_and_junk_is_named() {
        for v in Variant::ALL {
            assert_eq!(v.slug().parse::<Variant>(), Ok(v));
        }
        let err = "spider".parse::<Variant>().unwrap_err().to_string();
        assert!(
            err.starts_with("'spider' is not a variant: klondike, agnes"),
            "{err}"
        );
    }

    #[test]
    fn klondike_kuipers_and_nine_across_deal_triangles() {
        for (v, piles, stock) in [
            (Variant::Klondike, 7, 24),
            (Variant::Thoughtful, 7, 24),
            (Variant::LasVegas, 7, 24),
            (Variant::ThumbAndPouch, 7, 24),
            (Variant::Kuipers, 8, 16),
            (Variant::NineAcross, 9, 7),
        ] {
            let s = deal(v);
            let want: Vec<(usize, usize)> = (0..piles).map(|k| (k + 1, k)).collect();
            assert_eq!(shape(&s), want, "{v}");
            assert_eq!(s.stock.len(), stock, "{v}");
        }
    }

    #[test]
    fn blocks_rows_and_face_up_deals() {
        let e = deal(Variant::Easthaven);
        assert_eq!(shape(&e), vec![(3, 2); 7]);
        assert_eq!(e.stock.len(), 31);
        let w = deal(Variant::Westcliff);
        assert_eq!(shape(&w), vec![(3, 2); 10]);
        assert_eq!(w.stock.len(), 22);
        let s = deal(Variant::Somerset);
        let sizes: Vec<usize> = shape(&s).iter().map(|p| p.0).collect();
        assert_eq!(sizes, [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]);
        assert!(shape(&s).iter().all(|p| p.1 == 0), "all face up");
        assert!(s.stock.is_empty());
        let h = deal(Variant::Whitehead);
        assert_eq!(
            shape(&h),
            (0..7).map(|k| (k + 1, 0)).collect::<Vec<_>>(),
            "Klondike's triangle, face up"
        );
    }

    #[test]
    fn agnes_sets_the_base_with_the_29th_card_and_deals_to_reserves() {
        let mut s = deal(Variant::Agnes);
        assert_eq!(shape(&s), (0..7).map(|k| (k + 1, k)).collect::<Vec<_>>());
        let base = s.base.expect("the 29th card sets the base");
        assert_eq!(s.foundations.iter().sum::<u8>(), 1);
        let up = Suit::ALL
            .into_iter()
            .find(|su| s.foundations[su.index()] == 1)
            .unwrap();
        assert_eq!(s.foundation_top(up.into()).unwrap().rank(), base);
        assert_eq!(s.stock.len(), 23);
        assert_eq!(s.reserves.len(), 7);
        for round in 1..=3 {
            s.play(Move::Deal).unwrap();
            assert!(s.reserves.iter().all(|r| r.len() == round));
        }
        s.play(Move::Deal).unwrap();
        let sizes: Vec<usize> = s.reserves.iter().map(Vec::len).collect();
        assert_eq!(sizes, [4, 4, 3, 3, 3, 3, 3]);
        assert_eq!(s.check(Move::Deal), Err(MoveError::StockEmpty));
        assert_eq!(s.check(Move::Recycle), Err(MoveError::NoRedeal));
        s.check_cards().unwrap();
    }

    #[test]
    fn agnes_reserves_play_and_ranks_wrap() {
        let mut s = position(Variant::Agnes, vec![col(0, "AS"), col(0, "")]);
        s.base = Some(Rank::new(5).unwrap());
        s.reserves[0] = vec![c("2C"), c("KH")];
        // K on A: the ranks wrap.
        s.play(Move::ReserveToTableau(0, 0)).unwrap();
        assert_eq!(s.tableau[0].top(), Some(c("KH")));
        // An empty pile takes only the rank below the base: a 4.
        s.reserves[1] = vec![c("4D")];
        assert_eq!(
            s.check(Move::ReserveToTableau(0, 1)),
            Err(MoveError::NeedsKing(c("2C")))
        );
        assert!(s.check(Move::ReserveToTableau(1, 1)).is_ok());
        // Foundations start from the base and wrap past the King.
        assert!(s.fits_foundation(c("5H")));
        assert!(!s.fits_foundation(c("AH")));
        s.foundations[Suit::Hearts.index()] = 9; // 5 … K
        assert!(s.fits_foundation(c("AH")));
    }

    #[test]
    fn easthaven_deals_across_the_piles_and_the_space_setting_counts() {
        let mut s = deal(Variant::Easthaven);
        s.play(Move::Deal).unwrap();
        assert_eq!(shape(&s), vec![(4, 2); 7], "a face-up card on each pile");
        for _ in 0..3 {
            s.play(Move::Deal).unwrap();
        }
        s.play(Move::Deal).unwrap();
        let sizes: Vec<usize> = shape(&s).iter().map(|p| p.0).collect();
        assert_eq!(sizes, [8, 8, 8, 7, 7, 7, 7], "31 = 4 × 7 + 3");
        assert!(s.stock.is_empty());
        let king_only = position(Variant::Easthaven, vec![col(0, "9H"), col(0, "")]);
        assert_eq!(
            king_only.check(tt(0, 1, 1)),
            Err(MoveError::NeedsKing(c("9H")))
        );
        let any = Rules {
            fill: Fill::Any,
            ..Rules::default()
        };
        let mut r = Variant::Easthaven.rules(any);
        r.tableau = 2;
        let s = State::new(r, vec![col(0, "9H"), col(0, "")], Vec::new());
        assert!(s.check(tt(0, 1, 1)).is_ok());
    }

    #[test]
    fn double_and_triple_easthaven_deal_every_deck_across_more_piles() {
        for (decks, piles, stock) in [(2u8, 8, 80), (3, 12, 120)] {
            let r = Variant::Easthaven.rules(Rules {
                decks,
                ..Rules::default()
            });
            let mut s = State::deal(r, Seed(11));
            s.check_cards().unwrap();
            assert_eq!(s.foundations.len(), 4 * usize::from(decks));
            assert_eq!(shape(&s), vec![(3, 2); piles]);
            assert_eq!(s.stock.len(), stock);
            s.play(Move::Deal).unwrap();
            assert_eq!(shape(&s), vec![(4, 2); piles], "one card on every pile");
            assert_eq!(s.stock.len(), stock - piles);
            s.check_cards().unwrap();
        }
        // Only Easthaven takes more decks; the others keep one.
        let two = Rules {
            decks: 2,
            ..Rules::default()
        };
        assert_eq!(Variant::Westcliff.rules(two).decks, 1);
        assert!(!Variant::Klondike.takes_decks(2));
        assert!(!Variant::Easthaven.takes_decks(4));
        assert_eq!(Variant::Easthaven.title(2), "Double Easthaven");
    }

    #[test]
    fn with_two_decks_a_suit_has_two_foundations_filled_fullest_first() {
        use crate::rules::{Foundation, Pile};
        let r = Variant::Easthaven.rules(Rules {
            decks: 2,
            ..Rules::default()
        });
        let mut r = r;
        r.tableau = 3;
        let piles = vec![col(0, "AH"), col(0, "AH 2H"), col(0, "KS")];
        let mut s = State::new(r, piles, Vec::new());
        let (first, second) = (
            Foundation::of(Suit::Hearts, 0),
            Foundation::of(Suit::Hearts, 1),
        );
        s.play(Move::TableauToFoundation(0)).unwrap();
        assert_eq!(s.foundation_len(first), 1);
        // The second 2♥ has nowhere to go, the second A♥ opens the second foundation.
        assert_eq!(
            s.check(Move::TableauToFoundation(1)),
            Ok(()),
            "2♥ goes on the first A♥"
        );
        s.play(Move::TableauToFoundation(1)).unwrap();
        s.play(Move::TableauToFoundation(1)).unwrap();
        assert_eq!((s.foundation_len(first), s.foundation_len(second)), (2, 1));
        // Taking the 2♥ back from either foundation name works, and the
        // fuller one gives it.
        assert_eq!(
            s.check(Move::FoundationToTableau(second, 2)),
            Err(MoveError::DoesNotFit {
                card: c("AH"),
                onto: c("KS")
            })
        );
        s.play(Move::FoundationToTableau(first, 2)).unwrap_err();
        assert_eq!(Move::FoundationToTableau(second, 2).to_string(), "FH2-T3");
        assert_eq!("FH2-T3".parse(), Ok(Move::FoundationToTableau(second, 2)));
        assert_eq!(Pile::Foundation(second).to_string(), "FH2");
        assert!("FH4-T1".parse::<Move>().is_err());
        // Equal foundations: the card comes off the last, so the fuller stays first.
        let mut e = State::new(r, vec![col(0, ""), col(0, ""), col(0, "3S")], Vec::new());
        e.foundations[first.index()] = 2;
        e.foundations[second.index()] = 2;
        e.play(Move::FoundationToTableau(first, 2)).unwrap();
        assert_eq!(e.tableau[2].cards, [c("3S"), c("2H")]);
        assert_eq!((e.foundation_len(first), e.foundation_len(second)), (2, 1));
        // Won only when all eight are full.
        e.foundations = vec![13; 8];
        e.foundations[7] = 12;
        assert!(!e.is_won());
        e.foundations[7] = 13;
        assert!(e.is_won());
    }

    #[test]
    fn joker_solitaire_deals_54_cards_singly_and_once() {
        let s = deal(Variant::Joker);
        let want: Vec<(usize, usize)> = (0..7).map(|k| (k + 1, k)).collect();
        assert_eq!(shape(&s), want);
        assert_eq!(s.stock.len(), 26);
        assert_eq!((s.rules.draw, s.rules.passes), (1, Passes::Limited(1)));
        let jokers = s
            .stock
            .iter()
            .chain(s.tableau.iter().flat_map(|c| &c.cards));
        assert_eq!(jokers.filter(|c| c.is_joker()).count(), 2);
        let mut extra = s.clone();
        extra.stock.push(Card::RED_JOKER);
        assert_eq!(
            extra.check_cards(),
            Err("the red joker appears too often".into())
        );
        assert!(deal(Variant::Klondike).stock.iter().all(|c| !c.is_joker()));
    }

    #[test]
    fn jokers_are_wild_in_their_colour_on_the_tableau() {
        let mut s = position(
            Variant::Joker,
            vec![
                col(0, "7H"),
                col(1, "2C BJ"),
                col(0, ""),
                col(0, "5H"),
                col(0, "5S"),
                col(0, "QD"),
                col(0, "AH"),
            ],
        );
        // The black joker goes on the red seven as a black six.
        assert_eq!(
            s.check(Move::TableauToFoundation(1)),
            Err(MoveError::NotNextOnFoundation(Card::BLACK_JOKER))
        );
        assert!(s.check(tt(1, 6, 1)).is_err(), "nothing under an Ace");
        s.play(tt(1, 0, 1)).unwrap();
        assert_eq!(
            s.check(tt(4, 0, 1)),
            Err(MoveError::DoesNotFit {
                card: c("5S"),
                onto: Card::BLACK_JOKER
            })
        );
        assert!(s.check(tt(5, 0, 1)).is_err(), "a queen is no five");
        assert!(s.check(tt(3, 0, 1)).is_ok(), "red five on the black six");
        // Into a space it is a King: a red queen goes on it, a red five does not.
        s.play(tt(0, 2, 1)).unwrap();
        assert!(s.check(tt(3, 2, 1)).is_err());
        s.play(tt(5, 2, 1)).unwrap();
        assert_eq!(s.tableau[2].cards, [Card::BLACK_JOKER, c("QD")]);
        // The red joker (on face-down cards here) stands for whatever is wanted.
        let mut r = position(
            Variant::Joker,
            vec![
                col(1, "2C RJ"),
                col(0, "4S"),
                col(0, "9C"),
                col(0, "8D BJ 6H"),
                col(0, "9S"),
            ],
        );
        assert!(r.check(tt(1, 0, 1)).is_ok(), "black four on a red five");
        assert!(r.check(tt(2, 0, 1)).is_ok(), "black nine on a red ten");
        // A run with a joker in it moves whole.
        r.play(tt(3, 4, 3)).unwrap();
        assert_eq!(
            r.tableau[4].cards,
            [c("9S"), c("8D"), Card::BLACK_JOKER, c("6H")]
        );
        let broken = position(Variant::Joker, vec![col(0, "8D BJ 5H"), col(0, "9S")]);
        assert_eq!(
            broken.check(tt(0, 1, 3)),
            Err(MoveError::NotARun(Pile::Tableau(0)))
        );
        // All 52 cards up wins, whatever the jokers are doing.
        r.foundations = vec![13; 4];
        assert!(r.is_won());
    }

    #[test]
    fn double_solitaire_deals_each_player_a_deck_of_their_own() {
        let s = deal(Variant::DoubleSolitaire);
        let idle = s.idle.as_ref().expect("a second player");
        let want: Vec<(usize, usize)> = (0..7).map(|k| (k + 1, k)).collect();
        assert_eq!(shape(&s), want);
        let theirs: Vec<(usize, usize)> = idle
            .tableau
            .iter()
            .map(|c| (c.cards.len(), usize::from(c.down)))
            .collect();
        assert_eq!(theirs, want);
        assert_eq!((s.stock.len(), idle.stock.len()), (24, 24));
        assert_eq!(s.foundations.len(), 8);
        assert_eq!((s.turn, s.played), (0, [0, 0]));
        assert_ne!(s.tableau, idle.tableau, "shuffled apart");
        // Each half holds one whole deck.
        let mut mine: Vec<Card> = s
            .tableau
            .iter()
            .flat_map(|c| c.cards.clone())
            .chain(s.stock.clone())
            .collect();
        parlour_kit::sort::sort_by_key(&mut mine, |c| c.index());
        assert_eq!(mine, Card::deck());
        assert!(!s.rules.from_foundation);
    }

    #[test]
    fn double_solitaire_passes_the_turn_on_a_useless_deal_and_shares_foundations() {
        use crate::rules::Side;
        let mut r = Variant::DoubleSolitaire.rules(Rules::default());
        r.tableau = 2;
        // Player 1: an ace to play, then a stock whose top (the 9♠) fits nowhere.
        let mut s = State::new(r, vec![col(0, "AH"), col(0, "KS")], vec![c("2D"), c("9S")]);
        s.idle = Some(Side {
            tableau: vec![col(0, "2H"), col(0, "KD")],
            stock: vec![c("QC")],
            ..Side::default()
        });
        let fx = s.play(Move::TableauToFoundation(0)).unwrap();
        assert!(!fx.passed);
        assert_eq!(s.played, [1, 0]);
        let fx = s.play(Move::Deal).unwrap();
        assert!(fx.passed, "the 9♠ has nowhere to go");
        assert_eq!(s.turn, 1);
        assert_eq!(
            s.tableau[0].cards,
            [c("2H")],
            "player 2's cards are in play now"
        );
        assert_eq!(s.idle.as_ref().unwrap().waste, [c("9S")]);
        // Player 2 builds on player 1's ace; their useful deal keeps the turn.
        s.play(Move::TableauToFoundation(0)).unwrap();
        assert_eq!(s.played, [1, 1]);
        assert_eq!(s.foundation_top(Suit::Hearts.into()), Some(c("2H")));
        let fx = s.play(Move::Deal).unwrap();
        assert!(!fx.passed, "the Q♣ goes on the K♦");
        assert_eq!(s.turn, 1);
        s.play(Move::WasteToTableau(1)).unwrap();
        // Player 2's stock is spent: only a pass (or a pointless King move) is left.
        assert_eq!(s.turn, 1);
        assert!(s.stock.is_empty() && s.waste.is_empty());
        let fx = s.play(Move::Pass).unwrap();
        assert!(fx.passed);
        assert_eq!(s.turn, 0);
        assert_eq!(
            s.check(Move::Pass),
            Err(MoveError::CannotPass),
            "player 1 can still deal"
        );
        // The 2♦ fits nowhere: back to player 2. Nobody can make progress now.
        assert!(s.play(Move::Deal).unwrap().passed);
        assert_eq!(s.turn, 1);
        assert!(crate::analysis::is_lost(&s));
        assert_eq!(s.leader(), None, "one card each");
        s.played = [52, 10];
        assert!(s.is_won());
        assert_eq!(s.leader(), Some(0));
        assert_eq!(s.check(Move::Pass), Err(MoveError::GameOver));
        let solo = deal(Variant::Klondike);
        assert_eq!(solo.check(Move::Pass), Err(MoveError::CannotPass));
    }

    #[test]
    fn nine_across_lets_the_first_foundation_card_choose_the_base() {
        let mut s = position(
            Variant::NineAcross,
            vec![
                col(0, "7C"),
                col(0, "6D"),
                col(0, "7H"),
                col(0, "AS"),
                col(0, ""),
            ],
        );
        assert_eq!(s.base, None);
        // Before the base is chosen a space takes a King only.
        assert_eq!(s.check(tt(0, 4, 1)), Err(MoveError::NeedsKing(c("7C"))));
        s.play(Move::TableauToFoundation(0)).unwrap();
        assert_eq!(s.base, Some(Rank::new(7).unwrap()));
        assert!(
            s.check(Move::TableauToFoundation(1)).is_err(),
            "6D is not a 7"
        );
        assert!(s.check(Move::TableauToFoundation(2)).is_ok());
        // Now a space takes the rank below the base: a 6.
        assert!(s.check(tt(1, 4, 1)).is_ok());
        // K on A in the tableau.
        let r = s.rules;
        assert!(r.builds_on(c("KD"), c("AS")));
    }

    #[test]
    fn somerset_has_no_stock() {
        let s = deal(Variant::Somerset);
        assert_eq!(s.check(Move::Deal), Err(MoveError::StockEmpty));
    }

    #[test]
    fn thumb_and_pouch_builds_on_any_other_suit() {
        let s = position(
            Variant::ThumbAndPouch,
            vec![col(0, "TH"), col(0, "TD"), col(0, "9H"), col(0, "")],
        );
        assert!(s.check(tt(2, 0, 1)).is_err(), "not on its own suit");
        assert!(s.check(tt(2, 1, 1)).is_ok(), "a red nine on a red ten");
        assert!(s.check(tt(2, 3, 1)).is_ok(), "a space takes any card");
    }

    #[test]
    fn whitehead_builds_in_colour_and_moves_only_suit_runs() {
        let s = position(
            Variant::Whitehead,
            vec![
                col(0, "TD 9H 8D"),
                col(0, "TH 9H 8H"),
                col(0, "TS"),
                col(0, "TC"),
            ],
        );
        assert!(s.rules.builds_on(c("9H"), c("TD")), "same colour");
        assert!(!s.rules.builds_on(c("9H"), c("TS")));
        let j = position(Variant::Whitehead, vec![col(0, "JD"), col(0, "TD 9H 8D")]);
        assert!(matches!(j.check(tt(1, 0, 3)), Err(MoveError::NotARun(_))));
        let j = position(Variant::Whitehead, vec![col(0, "JH"), col(0, "TH 9H 8H")]);
        assert!(j.check(tt(1, 0, 3)).is_ok());
        assert!(s.check(tt(0, 2, 1)).is_err());
    }

    #[test]
    fn westcliff_spaces_take_any_card() {
        let s = position(Variant::Westcliff, vec![col(0, "9H"), col(0, "")]);
        assert!(s.check(tt(0, 1, 1)).is_ok());
    }

    #[test]
    fn fixed_settings_override_the_players() {
        let mine = Rules {
            draw: 3,
            passes: Passes::Limited(3),
            scoring: Scoring::Standard,
            ..Rules::default()
        };
        let k = Variant::Kuipers.rules(mine);
        assert_eq!((k.draw, k.passes), (1, Passes::Unlimited));
        let v = Variant::LasVegas.rules(mine);
        assert_eq!(
            (v.draw, v.passes, v.scoring),
            (1, Passes::Limited(1), Scoring::Vegas)
        );
        assert_eq!(State::deal(v, Seed(1)).points, -52);
        let t = Variant::Thoughtful.rules(mine);
        assert_eq!(
            (t.draw, t.passes),
            (3, Passes::Limited(3)),
            "Thoughtful keeps them"
        );
    }
}
