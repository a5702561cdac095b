//! The Phutball board: sizes, points and their names, and the position on it.

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

/// Where the ball and the men are.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The board.
    pub dims: Dims,
    /// The ball.
    pub ball: Pt,
    /// The men, sorted.
    pub men: Vec<Pt>,
}

/// Why a move or a position is not allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhutballError {
    /// The point is off the board or on a goal line.
    OffBoard(Pt),
    /// A man or the ball is already there.
    Occupied(Pt),
}

impl fmt::Display for PhutballError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PhutballError::OffBoard(p) => write!(f, "{p} is not a playing point of this board"),
            PhutballError::Occupied(p) => write!(f, "{p} is already occupied"),
        }
    }
}

impl std::error::Error for PhutballError {}

impl Position {
    /// The starting position: an empty board with the ball in the centre.
    pub fn start(dims: Dims) -> Self {
        Position {
            dims,
            ball: dims.centre(),
            men: Vec::new(),
        }
    }

    /// Whether a man stands on `p`.
    pub fn has_man(&self, p: Pt) -> bool {
        self.men.binary_search(&p).is_ok()
    }

    /// Places a man on `p`.
    pub fn place(&mut self, p: Pt) -> Result<(), PhutballError> {
        if !self.dims.is_playing(p) {
            return Err(PhutballError::OffBoard(p));
        }
        if p == self.ball {
            return Err(PhutballError::Occupied(p));
        }
        match self.men.binary_search(&p) {
            Ok(_) => Err(PhutballError::Occupied(p)),
            Err(i) => {
                self.men.insert(i, p);
                Ok(())
            }
        }
    }

    /// Checks a position that came from outside.
    pub fn validate(&self) -> Result<(), PhutballError> {
        if !self.dims.contains(self.ball) {
            return Err(PhutballError::OffBoard(self.ball));
        }
        for (i, &m) in self.men.iter().enumerate() {
            if !self.dims.is_playing(m) {
                return Err(PhutballError::OffBoard(m));
            }
            if m == self.ball || self.men[..i].last().is_some_and(|&prev| prev >= m) {
                return Err(PhutballError::Occupied(m));
            }
        }
        Ok(())
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

    #[test]
    fn placement_rules() {
        let mut p = Position::start(Dims::STANDARD);
        let k10: Pt = "K10".parse().unwrap();
        p.place(k10).unwrap();
        assert_eq!(p.place(k10), Err(PhutballError::Occupied(k10)));
        assert!(p.place("H10".parse().unwrap()).is_err(), "the ball's point");
        assert!(p.place("A20".parse().unwrap()).is_err(), "goal line");
        assert!(p.place("A0".parse().unwrap()).is_err(), "goal line");
        assert!(p.place(Pt { col: 15, row: 3 }).is_err(), "off the side");
        assert!(p.validate().is_ok());
    }

    #[test]
    fn validate_rejects_duplicates_and_strays() {
        let mut p = Position::start(Dims::STANDARD);
        p.men = vec!["A1".parse().unwrap(), "A1".parse().unwrap()];
        assert!(p.validate().is_err());
        p.men = vec![Pt { col: 20, row: 1 }];
        assert!(p.validate().is_err());
    }
}
