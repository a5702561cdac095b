//! The Phutball board: sizes, and points with their names.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Column letters: as on a Go board, `I` is skipped.
const LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// The board's dimensions in points: `rows` playing rows (plus the goal rows
/// 0 and `rows + 1`) by `cols` columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dims {
    /// Playing rows, numbered 1 to `rows` from Ohs' side.
    pub rows: u8,
    /// Columns, lettered from A.
    pub cols: u8,
}

impl Dims {
    /// The 19×15 board of the rules.
    pub const STANDARD: Dims = Dims { rows: 19, cols: 15 };

    /// The centre point, where the ball starts.
    pub fn centre(self) -> Pt {
        Pt {
            col: self.cols / 2,
            row: self.rows / 2 + 1,
        }
    }

    /// Whether `p` is on the board, goal rows included.
    pub fn contains(self, p: Pt) -> bool {
        p.col < self.cols && p.row <= self.rows + 1
    }

    /// Whether `p` is on a playing row, where men may stand.
    pub fn is_playing(self, p: Pt) -> bool {
        p.col < self.cols && (1..=self.rows).contains(&p.row)
    }

    /// Whether a game can go on with the ball on `p`: on a goal line or
    /// beyond, a goal has been scored.
    pub fn check_ball(self, p: Pt) -> Result<(), String> {
        if self.is_playing(p) {
            Ok(())
        } else if self.contains(p) {
            Err(format!(
                "the ball on {p} is on a goal line: that game is over"
            ))
        } else {
            Err(format!("the ball on {p} is off this {self} board"))
        }
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

/// A point of the board: a column index from 0 (column A) and a row from 0
/// (Eks' goal line) to `rows + 1` (Ohs' goal line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pt {
    /// Column, 0 = A.
    pub col: u8,
    /// Row, 0 and `rows + 1` being the goal lines.
    pub row: u8,
}

impl fmt::Display for Pt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match LETTERS.get(usize::from(self.col)) {
            Some(&l) => write!(f, "{}{}", l as char, self.row),
            None => write!(f, "?{}", self.row),
        }
    }
}

/// A point name that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadPoint(pub String);

impl fmt::Display for BadPoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a point: expected a column letter A–T (no I) and a row 0–20, like K10",
            self.0
        )
    }
}

impl std::error::Error for BadPoint {}

impl FromStr for Pt {
    type Err = BadPoint;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadPoint(s.to_owned());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        let col = LETTERS
            .iter()
            .position(|&l| l as char == letter)
            .ok_or_else(bad)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let row: u8 = digits.parse().map_err(|_| bad())?;
        if row > 20 {
            return Err(bad());
        }
        Ok(Pt {
            col: col as u8,
            row,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ball_starts_on_h10() {
        assert_eq!(Dims::STANDARD.centre().to_string(), "H10");
        assert_eq!(Dims { rows: 19, cols: 19 }.centre().to_string(), "K10");
    }

    #[test]
    fn point_names_round_trip_and_skip_i() {
        for s in ["A1", "H10", "J14", "P19", "T0", "K20"] {
            assert_eq!(s.parse::<Pt>().unwrap().to_string(), s);
        }
        assert_eq!("J1".parse::<Pt>().unwrap().col, 8);
        for bad in ["I5", "A", "A21", "5A", "A1x", "", "Ä1"] {
            assert!(bad.parse::<Pt>().is_err(), "{bad}");
        }
    }
}
