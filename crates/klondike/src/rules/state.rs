//! The position: piles, the deal, and what it says about itself.

use super::*;

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
    /// Cards on each foundation, in [`Foundation::index`](crate::rules::Foundation::index) order. With several
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
    pub(super) fn pass_turn(&mut self) {
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
    pub(super) fn turn_ends(&self, mv: Move) -> bool {
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

    /// How high `card` stands on its foundation, counted from the base (the
    /// base is 1, the card below it 13 where ranks wrap); `None` while the
    /// base is still to be chosen.
    pub fn height(&self, card: Card) -> Option<u8> {
        let base = self.base?;
        Some((card.rank().value() + 13 - base.value()) % 13 + 1)
    }

    /// The `i`-th card (0 = the base) of a foundation.
    pub(super) fn foundation_card(&self, f: Foundation, i: u8) -> Card {
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

    pub(super) fn reserve_top(&self, r: u8) -> Result<Card, MoveError> {
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
}
