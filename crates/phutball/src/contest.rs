//! A game of Phutball from its first move: the position, how many moves were
//! played, the positions seen (for the draw by repetition), the move cap, and
//! how it ended. This is what implements the shell's rules-level
//! [`Position`](parlour_kit::position::Position) trait.

use super::board::Pt;
use super::notation;
use super::rules::{End, Men, Move, MoveError, Options, Position, Side};
use parlour_kit::fast_hash::FastMap;
use parlour_kit::position::{BadMoveText, Ending, Seat};

/// A game in play, every rule of its end included.
#[derive(Clone, Debug)]
pub struct Contest {
    position: Position,
    played: usize,
    result: Option<End>,
    seen: FastMap<(Men, Pt, Side), u8>,
    swapped: bool,
    last: Option<(Move, Position)>,
}

impl PartialEq for Contest {
    /// Two games are equal when everything that decides what may happen next
    /// is: the position, the count of moves, each position's repetitions and
    /// the result.
    fn eq(&self, other: &Self) -> bool {
        self.position == other.position
            && self.played == other.played
            && self.result == other.result
            && self.seen == other.seen
            && self.swapped == other.swapped
    }
}

impl Contest {
    /// A game from the start under `options`.
    pub fn new(options: Options) -> Contest {
        Contest::from(Position::start(options))
    }

    /// A game from `position`, with no moves played.
    pub fn from(position: Position) -> Contest {
        let mut seen = FastMap::default();
        seen.insert((position.men, position.ball, position.to_move), 1);
        Contest {
            position,
            played: 0,
            result: None,
            seen,
            swapped: false,
            last: None,
        }
    }

    /// The board now: the men, the ball and the side to move.
    pub fn board(&self) -> &Position {
        &self.position
    }

    /// How the game ended, if it has.
    pub fn result(&self) -> Option<End> {
        self.result
    }

    /// How many moves have been played.
    pub fn played(&self) -> usize {
        self.played
    }

    /// Whether the players have swapped sides (the pie rule).
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// The last move and the position it was played from.
    pub fn last(&self) -> Option<(Move, Position)> {
        self.last
    }

    /// Checks `mv` without playing it.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.result.is_some() {
            return Err(MoveError::GameOver);
        }
        self.position.check(mv, self.played)
    }
}

impl parlour_kit::position::Position for Contest {
    type Move = Move;
    /// The side that scored, if the move was a goal.
    type Effect = Option<Side>;
    type Illegal = MoveError;

    /// The swap (when the pie rule allows it), every placement, and one chain
    /// for each distinct result of jumping (where the ball ends and which men
    /// are left), shortest first.
    fn legal_moves(&self) -> Vec<Move> {
        if self.result.is_some() {
            return Vec::new();
        }
        let p = &self.position;
        let mut out = Vec::new();
        if p.check(Move::Swap, self.played).is_ok() {
            out.push(Move::Swap);
        }
        out.extend(p.empty_points().map(Move::Place));
        out.extend(
            p.jump_moves(usize::MAX)
                .filter(|&mv| p.check(mv, self.played).is_ok()),
        );
        out
    }

    /// Plays `mv`; a goal, the third time a position is seen (unless the
    /// rules allow repetition) and the move cap end the game.
    fn play(&mut self, mv: Move) -> Result<Option<Side>, MoveError> {
        self.check(mv)?;
        let before = self.position;
        let scored = self.position.play(mv, self.played)?;
        self.played = self.played.saturating_add(1);
        if mv == Move::Swap {
            self.swapped = !self.swapped;
        }
        self.last = Some((mv, before));
        let o = self.position.options;
        let p = self.position;
        let count = self.seen.entry((p.men, p.ball, p.to_move)).or_insert(0);
        *count = count.saturating_add(1);
        self.result = match scored {
            Some(side) => Some(End::Goal(side)),
            None if o.repetition && *count >= 3 => Some(End::Draw),
            None if o.move_cap > 0 && self.played >= usize::from(o.move_cap) => Some(End::Draw),
            None => None,
        };
        Ok(scored)
    }

    /// The side that scored wins: Ohs are seat 0, Eks seat 1.
    fn ending(&self) -> Option<Ending> {
        Some(match self.result? {
            End::Goal(side) => Ending::Won(seat_of(side)),
            End::Draw => Ending::Drawn,
        })
    }

    fn to_move(&self) -> Seat {
        seat_of(self.position.to_move)
    }

    fn move_text(&self, mv: Move) -> String {
        notation::format(&self.position, mv)
    }

    fn read_move(&self, text: &str) -> Result<Move, BadMoveText> {
        if self.result.is_some() {
            return Err(BadMoveText::new(text, MoveError::GameOver));
        }
        notation::parse(&self.position, text, self.played).map_err(|e| BadMoveText::new(text, e))
    }
}

/// Ohs move first: seat 0.
fn seat_of(side: Side) -> Seat {
    match side {
        Side::Ohs => 0,
        Side::Eks => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dims;
    use parlour_kit::position::{perft, Position as _};

    fn small() -> Options {
        Options {
            dims: Dims { rows: 9, cols: 7 },
            ..Options::default()
        }
    }

    #[test]
    fn keeps_the_position_traits_contract() {
        parlour_kit::position::check_contract(&Contest::new(small()), 6);
        parlour_kit::position::check_contract(&Contest::new(Options::default()), 3);
    }

    #[test]
    fn the_move_cap_and_repetition_draw() {
        let mut capped = Contest::new(Options {
            move_cap: 3,
            ..Options::default()
        });
        for t in ["A1", "A2", "A3"] {
            let mv = capped.read_move(t).unwrap();
            capped.play(mv).unwrap();
        }
        assert_eq!(capped.ending(), Some(Ending::Drawn));
        assert!(capped.legal_moves().is_empty());
        assert_eq!(
            capped.read_move("A4").map_err(|e| e.reason),
            Err(MoveError::GameOver.to_string())
        );
    }

    #[test]
    fn perft_from_the_start_of_a_small_board() {
        // 9 rows of 7 playing points less the ball: 62 placements and no
        // jump. Then 61 placements each, and a jump after each of the 8
        // placements next to the ball.
        let c = Contest::new(small());
        assert_eq!(perft(&c, 1), 62);
        assert_eq!(perft(&c, 2), 62 * 61 + 8);
    }
}
