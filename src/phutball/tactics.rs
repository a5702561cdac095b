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
//! position in [`position_format`]'s keys, one a
//! field instead of one a line.

use super::finder::{may_stop, Finder, Wins};
use super::notation;
use super::position_format;
use super::rules::{Chain, Move, Position, Side};
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
///
/// "Every legal move" is kept exact with one shortcut, where it is proven
/// to change nothing: against a goal in one, the replies tried are the
/// jumps and the placements that may stop every winning chain
/// ([`may_stop`]); any other placement leaves a chain as it was.
#[derive(Clone, Debug)]
pub struct Prover {
    /// Finder states left to hold, summed over every call.
    pub budget: u64,
    /// The last moves found to force a goal, by how many moves: tried
    /// first, since a move that forces a goal in one position often
    /// does in the next one the prover looks at.
    killers: [Option<Move>; 4],
    /// The finder's working memory, kept between calls.
    finder: Finder,
}

/// The budget ran out before the proof was done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// The most distinct jump results a prover lists from one position.
const ALL_JUMPS: usize = 100_000;

impl Prover {
    /// A prover with `budget` finder states to hold in all.
    pub fn new(budget: u64) -> Prover {
        Prover {
            budget,
            killers: [None; 4],
            finder: Finder::default(),
        }
    }

    /// Every chain that scores at once for the side to move (one for each
    /// result).
    fn wins(&mut self, p: &Position) -> Result<Vec<Chain>, OutOfBudget> {
        if !p.ball_can_jump() {
            return Ok(Vec::new());
        }
        let cap = usize::try_from(self.budget)
            .unwrap_or(usize::MAX)
            .min(2_000_000);
        let report = self.finder.wins(p, cap);
        self.budget = self.budget.saturating_sub(report.held as u64);
        match report.wins {
            Wins::Found(c) => Ok(c),
            Wins::None => Ok(Vec::new()),
            Wins::Unknown(_) => Err(OutOfBudget),
        }
    }

    /// Whether the side to move scores at once.
    fn goal_in_one(&mut self, p: &Position) -> Result<Option<Move>, OutOfBudget> {
        Ok(self.wins(p)?.first().map(|&c| Move::Jump(c)))
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
        let slot = usize::from(n).min(self.killers.len() - 1);
        let killer = self.killers[slot].filter(|&k| result(p, k).is_some());
        for mv in killer.into_iter().chain(Self::moves(p)) {
            if self.move_forces_goal(p, mv, n)? {
                self.killers[slot] = Some(mv);
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
        // Against a goal in one, only the replies that may stop every
        // winning chain need trying.
        if n == 2 {
            let threats = self.wins(&q.turned())?;
            if !threats.is_empty() {
                for reply in may_stop(&q, &threats, ALL_JUMPS) {
                    let Some(r) = result(&q, reply) else {
                        continue;
                    };
                    if self.goal_in_one(&r)?.is_none() {
                        return Ok(false);
                    }
                }
                return Ok(true);
            }
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

    /// Every move by which the side to move in `p` does what `kind` asks,
    /// or `None` when `p` does not ask it: the side to move has a goal in
    /// one (no tactic asks anything then), or the kind's condition fails (a
    /// block needs the opponent's goal in one; the others need none; a win
    /// in three, no win in two; a defence, the opponent's forced goal
    /// within two moves).
    pub fn answers(&mut self, p: &Position, kind: Kind) -> Result<Option<Vec<Move>>, OutOfBudget> {
        if self.goal_in_one(p)?.is_some() {
            return Ok(None);
        }
        let them = p.turned();
        let threatened = self.goal_in_one(&them)?.is_some();
        if threatened != (kind == Kind::Block) {
            return Ok(None);
        }
        let moves = Self::moves(p);
        let answers = match kind {
            Kind::Block => self.stoppers(p, &moves, 1)?,
            Kind::WinIn2 => self.forcing_moves(p, 2)?,
            Kind::WinIn3 => {
                if !self.forcing_moves(p, 2)?.is_empty() {
                    return Ok(None);
                }
                self.forcing_moves(p, 3)?
            }
            Kind::Defence => {
                if !self.forces_goal(&them, 2)? {
                    return Ok(None);
                }
                self.stoppers(p, &moves, 2)?
            }
        };
        Ok(Some(answers))
    }

    /// Every move of the side to move that forces a goal within `n` moves
    /// counting it (none when it scores at once: that is not a move here).
    pub fn forcing_moves(&mut self, p: &Position, n: u8) -> Result<Vec<Move>, OutOfBudget> {
        let mut out = Vec::new();
        for mv in Self::moves(p) {
            if self.move_forces_goal(p, mv, n)? {
                out.push(mv);
            }
        }
        Ok(out)
    }

    /// Classifies `p`: the first of `kinds` (in [`Kind::ALL`]'s order) it
    /// holds for the side to move, with every answer, or `None` when it
    /// holds none of them. A block or a defence whose answers are most
    /// moves is too easy to count, and is none. A position with the
    /// opponent's goal in one is a block or nothing.
    pub fn classify_as(
        &mut self,
        p: &Position,
        kinds: &[Kind],
    ) -> Result<Option<Tactic>, OutOfBudget> {
        let moves = Self::moves(p).len();
        for kind in Kind::ALL.into_iter().filter(|k| kinds.contains(k)) {
            let Some(answers) = self.answers(p, kind)? else {
                continue;
            };
            if answers.is_empty() {
                continue;
            }
            let easy = matches!(kind, Kind::Block | Kind::Defence) && answers.len() * 4 > moves;
            return Ok((!easy).then_some(Tactic {
                kind,
                position: *p,
                answers,
            }));
        }
        Ok(None)
    }

    /// Classifies `p` by every kind, or with `deep` off only blocks and
    /// wins in two (the others take three plies of every move, slow on a
    /// large board).
    pub fn classify(&mut self, p: &Position, deep: bool) -> Result<Option<Tactic>, OutOfBudget> {
        let kinds: &[Kind] = if deep {
            &Kind::ALL
        } else {
            &[Kind::Block, Kind::WinIn2]
        };
        self.classify_as(p, kinds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::phutball::fixtures::position;

    fn prover() -> Prover {
        Prover::new(50_000_000)
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

    /// Whether `mv` forces a goal within two moves, trying every reply.
    fn forces_in_two_by_every_reply(p: &Position, mv: Move) -> bool {
        let mut check = prover();
        let Some(q) = result(p, mv) else {
            return false;
        };
        if check.goal_in_one(&q).unwrap().is_some() {
            return false;
        }
        Prover::moves(&q)
            .into_iter()
            .all(|reply| result(&q, reply).is_none_or(|r| check.goal_in_one(&r).unwrap().is_some()))
    }

    #[test]
    fn trying_only_the_replies_that_may_stop_a_threat_proves_the_same() {
        use crate::phutball::rules::Options;
        use crate::phutball::Dims;
        let mut forcing = 0;
        for seed in 1..=12 {
            let options = Options {
                dims: Dims { rows: 9, cols: 7 },
                ..Options::default()
            };
            let mut p = Position::crowded(options, crate::Seed(seed), 25 + seed % 4 * 5);
            if seed % 2 == 0 {
                p.to_move = Side::Eks;
            }
            for mv in Prover::moves(&p) {
                let fast = prover().move_forces_goal(&p, mv, 2).unwrap();
                assert_eq!(fast, forces_in_two_by_every_reply(&p, mv), "{seed} {mv:?}");
                forcing += usize::from(fast);
            }
        }
        // The positions hold forcing moves, so the comparison means something.
        assert!(forcing >= 5, "{forcing}");
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
