//! A match: hands dealt one after another from one seed until a player
//! reaches the target (or a single hand, without one).

use super::rules::{Effect, End, Hand, Move, PlayError, Rules};
use parlour_kit::position::{BadMoveText, Ending, Position, Seat};
use parlour_kit::rng::{Rng, Seed};
use std::fmt;

/// A move in a match: one in the hand in play, or dealing the next hand
/// once that one has ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// A move in the hand.
    Hand(Move),
    /// Deal the next hand.
    NextHand,
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Play::Hand(mv) => mv.fmt(f),
            Play::NextHand => f.write_str("next"),
        }
    }
}

/// A hand that has ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandResult {
    /// Points each seat scored in it.
    pub scores: Vec<i32>,
    /// How it ended.
    pub end: End,
}

/// A match in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    rules: Rules,
    seed: Seed,
    past: Vec<HandResult>,
    hand: Hand,
    moves: Vec<Move>,
}

impl Match {
    /// The first hand of a match dealt from `seed`.
    pub fn new(rules: Rules, seed: Seed) -> Match {
        Match {
            rules,
            seed,
            past: Vec::new(),
            hand: Hand::deal(rules, hand_seed(seed, 0)),
            moves: Vec::new(),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The match seed.
    pub fn seed(&self) -> Seed {
        self.seed
    }
    /// The hand in play (or just ended).
    pub fn hand(&self) -> &Hand {
        &self.hand
    }
    /// The moves of the hand in play.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// The hands that have ended, not counting the one in play.
    pub fn past(&self) -> &[HandResult] {
        &self.past
    }
    /// Which hand this is, from 1.
    pub fn hand_number(&self) -> usize {
        self.past.len() + 1
    }

    /// Plays a move in the hand.
    pub fn play_move(&mut self, mv: Move) -> Result<Effect, PlayError> {
        let effect = self.hand.play(mv)?;
        self.moves.push(mv);
        Ok(effect)
    }

    /// Match totals: every ended hand and the one in play.
    pub fn totals(&self) -> Vec<i32> {
        let mut t = self.hand.scores().to_vec();
        for h in &self.past {
            for (a, b) in t.iter_mut().zip(&h.scores) {
                *a += b;
            }
        }
        t
    }

    /// Whether the match is over: its hand has ended, and there is no target
    /// or someone has reached it.
    pub fn is_over(&self) -> bool {
        self.hand.end().is_some()
            && match self.rules.target {
                None => true,
                Some(t) => self.totals().iter().any(|&s| s >= t as i32),
            }
    }

    /// The seat with the highest total once the match is over; `None` on a
    /// tie for first or while it runs.
    pub fn winner(&self) -> Option<usize> {
        if !self.is_over() {
            return None;
        }
        let t = self.totals();
        let best = *t.iter().max()?;
        let at: Vec<usize> = (0..t.len()).filter(|&i| t[i] == best).collect();
        (at.len() == 1).then(|| at[0])
    }

    /// Deals the next hand, if the hand in play has ended and the match goes on.
    pub fn next_hand(&mut self) -> bool {
        let Some(end) = self.hand.end().cloned() else {
            return false;
        };
        if self.is_over() {
            return false;
        }
        self.past.push(HandResult {
            scores: self.hand.scores().to_vec(),
            end,
        });
        self.hand = Hand::deal(self.rules, hand_seed(self.seed, self.past.len()));
        self.moves.clear();
        true
    }
}

impl Position for Match {
    type Move = Play;
    /// What a move in the hand scored; nothing for a deal.
    type Effect = Option<Effect>;
    type Illegal = PlayError;

    fn legal_moves(&self) -> Vec<Play> {
        if self.is_over() {
            Vec::new()
        } else if self.hand.end().is_some() {
            vec![Play::NextHand]
        } else {
            self.hand
                .legal_moves()
                .into_iter()
                .map(Play::Hand)
                .collect()
        }
    }

    fn play(&mut self, mv: Play) -> Result<Option<Effect>, PlayError> {
        match mv {
            Play::Hand(mv) => self.play_move(mv).map(Some),
            Play::NextHand if self.is_over() => Err(PlayError::MatchOver),
            Play::NextHand if self.next_hand() => Ok(None),
            Play::NextHand => Err(PlayError::HandInPlay),
        }
    }

    /// The match's winner, once it is over (drawn on a tie for first).
    fn ending(&self) -> Option<Ending> {
        self.is_over().then(|| match self.winner() {
            Some(seat) => Ending::Won(seat),
            None => Ending::Drawn,
        })
    }

    fn to_move(&self) -> Seat {
        self.hand.to_move()
    }

    fn move_text(&self, mv: Play) -> String {
        mv.to_string()
    }

    fn read_move(&self, text: &str) -> Result<Play, BadMoveText> {
        let refuse = |e: PlayError| BadMoveText::new(text, e);
        if text.trim() == "next" {
            return if self.is_over() {
                Err(refuse(PlayError::MatchOver))
            } else if self.hand.end().is_none() {
                Err(refuse(PlayError::HandInPlay))
            } else {
                Ok(Play::NextHand)
            };
        }
        let mv: Move = text.parse().map_err(|e| BadMoveText::new(text, e))?;
        self.hand.check(mv).map_err(refuse)?;
        Ok(Play::Hand(mv))
    }
}

/// The seed of hand `n` (from 0) of a match.
pub fn hand_seed(seed: Seed, n: usize) -> Seed {
    if n == 0 {
        return seed;
    }
    let mut r = Rng::new(Seed(
        seed.0 ^ (n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
    ));
    Seed(r.next_u64())
}
