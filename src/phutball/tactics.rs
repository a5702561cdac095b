//! Tactics: positions whose best moves are proven by exhaustive search, to
//! measure the computer by (`parlour phutball tactics`).
//!
//! Unlike the computer's search, the proofs here try **every** legal move:
//! every empty point and every distinct jump result. A move's worth is only
//! ever "forces a goal within n moves" or not, so the answers are exact
//! within the search's budget, and a position whose proof runs out of budget
//! is left out rather than guessed.
//!
//! A suite is text, one position a line:
//!
//! ```text
//! kind: win-in-2; board: 9x7; to-move: ohs; ball: E4; men: E5 E6; answers: E7 F5
//! ```
//!
//! `kind` and `answers` (moves in notation) are the tactic; the rest is the
//! position in [`position_format`](super::position_format)'s keys, one a
//! field instead of one a line.

use super::finder::{find_wins, Wins};
use super::notation;
use super::position_format;
use super::rules::{Move, Position, Side};
use std::fmt;
use std::str::FromStr;

/// What a tactic asks of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The opponent threatens a goal in one: stop it.
    Block,
    /// Force a goal within two of your moves (and none sooner).
    WinIn2,
    /// Force a goal within three of your moves (and none sooner).
    WinIn3,
    /// The opponent would force a goal within two moves: stop that.
    Defence,
}

impl Kind {
    /// Every kind, in order.
    pub const ALL: [Kind; 4] = [Kind::Block, Kind::WinIn2, Kind::WinIn3, Kind::Defence];

    fn name(self) -> &'static str {
        match self {
            Kind::Block => "block",
            Kind::WinIn2 => "win-in-2",
            Kind::WinIn3 => "win-in-3",
            Kind::Defence => "defence",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| format!("'{s}' is not a kind of tactic"))
    }
}

/// A position, what it asks, and every move that does it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tactic {
    /// What is asked.
    pub kind: Kind,
    /// The position, the side to move to answer.
    pub position: Position,
    /// Every move that does it (jumps to the same result counted once).
    pub answers: Vec<Move>,
}

impl Tactic {
    /// Whether `mv` answers the tactic: it reaches the same result as one of
    /// the answers (a different path to the same landing, with the same men
    /// jumped, is the same move).
    pub fn is_answer(&self, mv: Move) -> bool {
        let Some(after) = result(&self.position, mv) else {
            return false;
        };
        self.answers
            .iter()
            .any(|&a| result(&self.position, a) == Some(after))
    }
}

impl fmt::Display for Tactic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.position;
        let men: Vec<String> = (1..=p.options.dims.rows)
            .flat_map(|row| (0..p.options.dims.cols).map(move |col| super::Pt { col, row }))
            .filter(|&pt| p.men.has(pt))
            .map(|pt| pt.to_string())
            .collect();
        let answers: Vec<String> = self
            .answers
            .iter()
            .map(|&m| notation::format(p, m))
            .collect();
        write!(
            f,
            "kind: {}; board: {}; to-move: {}; ball: {}; men: {}; answers: {}",
            self.kind,
            p.options.dims,
            match p.to_move {
                Side::Ohs => "ohs",
                Side::Eks => "eks",
            },
            p.ball,
            men.join(" "),
            answers.join(" ")
        )
    }
}

impl FromStr for Tactic {
    type Err = String;
    /// Reads one line of a suite.
    fn from_str(line: &str) -> Result<Self, Self::Err> {
        let mut kind = None;
        let mut answers = None;
        let mut position = String::new();
        for field in line.split(';') {
            let (key, value) = field
                .split_once(':')
                .ok_or_else(|| format!("'{}' is not 'key: value'", field.trim()))?;
            match key.trim() {
                "kind" => kind = Some(value.trim().parse::<Kind>()?),
                "answers" => answers = Some(value.trim().to_owned()),
                _ => {
                    position.push_str(field.trim());
                    position.push('\n');
                }
            }
        }
        let kind = kind.ok_or("no kind")?;
        let position = position_format::parse(&position).map_err(|e| e.to_string())?;
        let answers = answers
            .ok_or("no answers")?
            .split_whitespace()
            .map(|t| notation::parse(&position, t, 2).map_err(|e| format!("{t}: {e}")))
            .collect::<Result<Vec<_>, _>>()?;
        if answers.is_empty() {
            return Err("a tactic needs at least one answer".into());
        }
        Ok(Tactic {
            kind,
            position,
            answers,
        })
    }
}

/// The position after `mv`, unless it is illegal or scores for either side.
fn result(p: &Position, mv: Move) -> Option<Position> {
    let mut q = *p;
    match q.play(mv, 2) {
        Ok(None) => Some(q),
        _ => None,
    }
}

/// The empty point farthest from the ball (the first of equals).
fn farthest_empty(p: &Position) -> Option<super::Pt> {
    let far = |pt: &super::Pt| {
        let dc = (i32::from(pt.col) - i32::from(p.ball.col)).abs();
        let dr = (i32::from(pt.row) - i32::from(p.ball.row)).abs();
        dc.max(dr)
    };
    p.empty_points().max_by_key(far)
}

/// The exhaustive prover: every legal move, a shared budget of finder states.
#[derive(Clone, Debug)]
pub struct Prover {
    /// Finder states left to hold, summed over every call.
    pub budget: u64,
}

/// The budget ran out before the proof was done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// The most distinct jump results a prover lists from one position.
const ALL_JUMPS: usize = 100_000;

impl Prover {
    /// Whether the side to move scores at once.
    fn goal_in_one(&mut self, p: &Position) -> Result<Option<Move>, OutOfBudget> {
        if !p.ball_can_jump() {
            return Ok(None);
        }
        let cap = usize::try_from(self.budget)
            .unwrap_or(usize::MAX)
            .min(2_000_000);
        let report = find_wins(p, cap);
        self.budget = self.budget.saturating_sub(report.held as u64);
        match report.wins {
            Wins::Found(c) => Ok(c.first().map(|&c| Move::Jump(c))),
            Wins::None => Ok(None),
            Wins::Unknown(_) => Err(OutOfBudget),
        }
    }

    /// Every legal move that does not score: jump results first, then every
    /// empty point.
    fn moves(p: &Position) -> Vec<Move> {
        let mut out: Vec<Move> = p.jump_moves(ALL_JUMPS).collect();
        out.extend(p.empty_points().map(Move::Place));
        out
    }

    /// Whether the side to move can force a goal within `n` of its moves,
    /// whatever the opponent does.
    pub fn forces_goal(&mut self, p: &Position, n: u8) -> Result<bool, OutOfBudget> {
        if self.goal_in_one(p)?.is_some() {
            return Ok(true);
        }
        if n <= 1 {
            return Ok(false);
        }
        for mv in Self::moves(p) {
            if self.move_forces_goal(p, mv, n)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether `mv` (not itself a goal) forces a goal within `n` moves
    /// counting it: every reply leaves a goal within `n - 1`.
    pub fn move_forces_goal(&mut self, p: &Position, mv: Move, n: u8) -> Result<bool, OutOfBudget> {
        let Some(q) = result(p, mv) else {
            return Ok(false);
        };
        // The opponent scoring at once refutes it.
        if self.goal_in_one(&q)?.is_some() {
            return Ok(false);
        }
        // The farthest placement changes least, so it refutes a threat that
        // is not there: try it before listing every reply.
        if let Some(r) = farthest_empty(&q).and_then(|pt| result(&q, Move::Place(pt))) {
            if !self.forces_goal(&r, n - 1)? {
                return Ok(false);
            }
        }
        for reply in Self::moves(&q) {
            let Some(r) = result(&q, reply) else {
                continue;
            };
            if !self.forces_goal(&r, n - 1)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The moves among `moves` after which the opponent cannot force a goal
    /// within `n` of its moves: a block (n = 1) or a defence (n = 2).
    fn stoppers(&mut self, p: &Position, moves: &[Move], n: u8) -> Result<Vec<Move>, OutOfBudget> {
        let mut out = Vec::new();
        for &mv in moves {
            if let Some(q) = result(p, mv) {
                if !self.forces_goal(&q, n)? {
                    out.push(mv);
                }
            }
        }
        Ok(out)
    }

    /// Classifies `p`: the tactic it holds for the side to move, with every
    /// answer, or `None` when it holds none of the kinds (or, for kinds
    /// whose answers are most moves, when the answer is too easy to count).
    /// With `deep` off only blocks and wins in two are looked for: the
    /// others take three plies of every move, slow on a large board.
    pub fn classify(&mut self, p: &Position, deep: bool) -> Result<Option<Tactic>, OutOfBudget> {
        if self.goal_in_one(p)?.is_some() {
            return Ok(None);
        }
        let moves = Self::moves(p);
        let tactic = |kind, answers: Vec<Move>| {
            (!answers.is_empty()).then_some(Tactic {
                kind,
                position: *p,
                answers,
            })
        };
        // A defence whose answers are most moves is too easy to count.
        let few = |t: &Tactic| t.answers.len() * 4 <= moves.len();
        let them = p.turned();
        if self.goal_in_one(&them)?.is_some() {
            let answers = self.stoppers(p, &moves, 1)?;
            return Ok(tactic(Kind::Block, answers).filter(few));
        }
        let wins: &[(Kind, u8)] = if deep {
            &[(Kind::WinIn2, 2), (Kind::WinIn3, 3)]
        } else {
            &[(Kind::WinIn2, 2)]
        };
        for &(kind, n) in wins {
            let mut answers = Vec::new();
            for &mv in &moves {
                if self.move_forces_goal(p, mv, n)? {
                    answers.push(mv);
                }
            }
            if !answers.is_empty() {
                return Ok(tactic(kind, answers));
            }
        }
        if deep && self.forces_goal(&them, 2)? {
            let answers = self.stoppers(p, &moves, 2)?;
            return Ok(tactic(Kind::Defence, answers).filter(few));
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phutball::fixtures::position;

    fn prover() -> Prover {
        Prover { budget: 50_000_000 }
    }

    #[test]
    fn a_goal_in_one_forces_a_goal_within_one() {
        let mut p = position("H18", "H19");
        p.to_move = Side::Ohs;
        assert_eq!(prover().forces_goal(&p, 1), Ok(true));
        p.to_move = Side::Eks;
        assert_eq!(prover().forces_goal(&p, 1), Ok(false));
    }

    #[test]
    fn a_threat_is_a_block_whose_answers_all_stop_it() {
        // Ohs threaten H10-H12-…-H20; Eks can jump the ball down over H9.
        let mut p = position("H10", "H9 H11 H13 H15 H17 H19");
        p.to_move = Side::Eks;
        let t = prover().classify(&p, true).unwrap().expect("a block");
        assert_eq!(t.kind, Kind::Block);
        let mut check = prover();
        for &mv in &t.answers {
            let mut q = p;
            assert_eq!(q.play(mv, 2), Ok(None));
            assert_eq!(check.goal_in_one(&q), Ok(None), "{mv:?}");
        }
        let back: Tactic = t.to_string().parse().unwrap();
        assert_eq!(back.kind, t.kind);
        assert_eq!(back.position, t.position);
        assert!(t.answers.iter().all(|&a| back.is_answer(a)));
    }

    #[test]
    fn bad_suite_lines_are_refused_with_a_reason() {
        for line in [
            "",
            "kind: win-in-9; board: 9x7; to-move: ohs; ball: E4; men: E5; answers: E6",
            "kind: block; board: 9x7; to-move: ohs; ball: E4; men: E5",
            "kind: block; board: 9x7; to-move: ohs; ball: E4; men: E5; answers: E5",
            "kind: block; board: 9x7; to-move: ohs; ball: E4; men: E5; answers:",
        ] {
            assert!(line.parse::<Tactic>().is_err(), "{line}");
        }
    }
}
