//! The static evaluation at the search's quiet leaves, with weights a
//! tuning run can set (`scripts/tune-phutball.sh`).

use super::super::board::Pt;
use super::super::rules::{Position, Side};
use std::fmt;
use std::str::FromStr;

/// The weight of each term, in points of score per row (or per man).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Weights {
    /// Each row of the ball's lead in the race: how much nearer it is to the
    /// goal the side to move scores on than to the other.
    pub race: i32,
    /// Each row of the best single jump towards its goal the side to move
    /// has now.
    pub reach: i32,
    /// Each row of the best single jump towards its goal the opponent would
    /// have from here (counted against the side to move).
    pub threat: i32,
    /// Each man next to the ball (men to jump, for either side).
    pub crowd: i32,
}

impl Weights {
    /// The weights of the first strong level: the race and the mover's reach.
    pub const CLASSIC: Weights = Weights {
        race: 100,
        reach: 40,
        threat: 0,
        crowd: 0,
    };

    /// The weights chosen by self-play (`scripts/tune-phutball.sh`, the
    /// matches in `docs/phutball-tuning.txt`): the mover's reach (by
    /// chains, since issue 38) counts four times the first weights', and
    /// the opponent's counts against it. Reach 160 beat 80 and 120 in
    /// paired self-play (BENCHMARKS.md).
    pub const TUNED: Weights = Weights {
        race: 100,
        reach: 160,
        threat: 40,
        crowd: 0,
    };
}

impl fmt::Display for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{},{},{},{}",
            self.race, self.reach, self.threat, self.crowd
        )
    }
}

impl FromStr for Weights {
    type Err = String;
    /// Four comma-separated integers: race, reach, threat, crowd.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let numbers: Vec<i32> = s
            .split(',')
            .map(|n| n.trim().parse::<i32>())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("'{s}': {e}"))?;
        match numbers.as_slice() {
            &[race, reach, threat, crowd] if numbers.iter().all(|n| n.abs() <= 10_000) => {
                Ok(Weights {
                    race,
                    reach,
                    threat,
                    crowd,
                })
            }
            _ => Err(format!(
                "'{s}': expected four weights (race,reach,threat,crowd), each within ±10000"
            )),
        }
    }
}

/// How many rows `row` is from the rows `side` scores on.
fn rows_to_goal(p: &Position, side: Side, row: u8) -> i32 {
    match side {
        Side::Ohs => i32::from(p.options.dims.rows) - i32::from(row),
        Side::Eks => i32::from(row) - 1,
    }
    .max(0)
}

/// How far the ball is from the rows `side` scores on.
pub fn distance(p: &Position, side: Side) -> i32 {
    rows_to_goal(p, side, p.ball.row)
}

/// The rows the ball gains towards `side`'s goal by going to `to`.
pub fn gain(p: &Position, side: Side, to: Pt) -> i32 {
    distance(p, side) - rows_to_goal(p, side, to.row)
}

/// The position's worth to the side to move, under `w`, with each side's
/// reach its best single jump.
pub fn evaluate(p: &Position, w: &Weights) -> i32 {
    let (me, them) = (p.to_move, p.to_move.other());
    let (mut reach, mut threat, mut crowd) = (0, 0, 0);
    for (_, landing, _) in p.jumps(&p.men, p.ball) {
        crowd += 1;
        reach = reach.max(gain(p, me, landing.at));
        threat = threat.max(gain(p, them, landing.at));
    }
    score(p, w, reach, threat, crowd)
}

/// The position's worth to the side to move, under `w`, given the rows
/// the best move of each side's would gain (`reach` for the side to move,
/// `threat` for the other) and the men next to the ball (`crowd`).
pub fn score(p: &Position, w: &Weights, reach: i32, threat: i32, crowd: i32) -> i32 {
    let (me, them) = (p.to_move, p.to_move.other());
    let race = distance(p, them) - distance(p, me);
    w.race * race + w.reach * reach.max(0) - w.threat * threat.max(0) + w.crowd * crowd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_read_back_what_they_write() {
        let w = Weights {
            race: 100,
            reach: -3,
            threat: 25,
            crowd: 0,
        };
        assert_eq!(w.to_string().parse::<Weights>(), Ok(w));
        assert!("1,2,3".parse::<Weights>().is_err());
        assert!("1,2,3,x".parse::<Weights>().is_err());
        assert!("1,2,3,99999".parse::<Weights>().is_err());
    }

    #[test]
    fn the_race_favours_the_side_the_ball_is_nearer_to_scoring_for() {
        let mut p = crate::fixtures::position("H16", "");
        p.to_move = Side::Ohs;
        let ohs = evaluate(&p, &Weights::CLASSIC);
        p.to_move = Side::Eks;
        let eks = evaluate(&p, &Weights::CLASSIC);
        assert!(ohs > 0 && eks < 0, "{ohs} {eks}");
    }
}
