//! Moves as text.
//!
//! - `1-2-0@0,-1d`: the values as they lie on the cell's sides (or corners),
//!   in [`Cell::vertices`] order, then `@`, the cell `q,r` and `u` (up) or
//!   `d` (down). The tile is whichever set tile reads so clockwise.
//! - `*@0,-1d`: the boss.
//! - `…=2,3`: a corner-to-corner play in Star, naming the corner's numbers.
//! - `draw`, `pass`.

use super::lattice::Cell;
use super::rules::{cell_text, Move, Placed, Placement};
use super::tile::{parse_values, Tile, TileError};
use std::fmt;
use std::str::FromStr;

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Draw => f.write_str("draw"),
            Move::Pass => f.write_str("pass"),
            Move::Place(Placement { at, corner }) => {
                if at.tile.is_boss() {
                    f.write_str("*")?;
                } else {
                    let [a, b, c] = at.tile.turned(at.turn);
                    write!(f, "{a}-{b}-{c}")?;
                }
                write!(f, "@{}", cell_text(at.cell))?;
                if let Some([a, b]) = corner {
                    write!(f, "={a},{b}")?;
                }
                Ok(())
            }
        }
    }
}

/// Why a move's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveTextError {
    /// The tile part.
    Tile(TileError),
    /// The cell part.
    Cell(String),
    /// The corner declaration.
    Corner(String),
    /// Nothing like a move.
    Syntax(String),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Tile(e) => e.fmt(f),
            MoveTextError::Cell(s) => write!(
                f,
                "'{s}' is not a cell: write q,r and u or d, such as 0,-1d"
            ),
            MoveTextError::Corner(s) => write!(
                f,
                "'{s}' is not a corner declaration: write =a,b with two numbers"
            ),
            MoveTextError::Syntax(s) => write!(
                f,
                "'{s}' is not a move: write a tile and its cell (1-2-0@0,-1d), draw or pass"
            ),
        }
    }
}

impl std::error::Error for MoveTextError {}

/// Reads a cell: `q,r` then `u` or `d`.
pub fn parse_cell(s: &str) -> Result<Cell, MoveTextError> {
    let bad = || MoveTextError::Cell(s.to_owned());
    let (body, up) = if let Some(b) = s.strip_suffix('u') {
        (b, true)
    } else if let Some(b) = s.strip_suffix('d') {
        (b, false)
    } else {
        return Err(bad());
    };
    let (q, r) = body.split_once(',').ok_or_else(bad)?;
    let q: i32 = q.parse().map_err(|_| bad())?;
    let r: i32 = r.parse().map_err(|_| bad())?;
    // unsigned_abs: i32::MIN has no i32 absolute value.
    if q.unsigned_abs() > 1000 || r.unsigned_abs() > 1000 {
        return Err(bad());
    }
    Ok(Cell { q, r, up })
}

impl FromStr for Move {
    type Err = MoveTextError;
    fn from_str(s: &str) -> Result<Move, MoveTextError> {
        let s = s.trim();
        match s {
            "draw" => return Ok(Move::Draw),
            "pass" => return Ok(Move::Pass),
            _ => {}
        }
        let (tile_part, rest) = s
            .split_once('@')
            .ok_or_else(|| MoveTextError::Syntax(s.to_owned()))?;
        let (cell_part, corner_part) = match rest.split_once('=') {
            Some((c, d)) => (c, Some(d)),
            None => (rest, None),
        };
        let cell = parse_cell(cell_part)?;
        let (tile, turn) = if tile_part == "*" {
            (Tile::Boss, 0)
        } else {
            let values = parse_values(tile_part).map_err(MoveTextError::Tile)?;
            let tile: Tile = tile_part.parse().map_err(MoveTextError::Tile)?;
            let turn = (0..3).find(|&t| tile.turned(t) == values).unwrap_or(0);
            (tile, turn)
        };
        let corner = corner_part
            .map(|d| {
                let bad = || MoveTextError::Corner(d.to_owned());
                let (a, b) = d.split_once(',').ok_or_else(bad)?;
                let a: u8 = a.parse().map_err(|_| bad())?;
                let b: u8 = b.parse().map_err(|_| bad())?;
                Ok([a.min(b), a.max(b)])
            })
            .transpose()?;
        Ok(Move::Place(Placement {
            at: Placed { tile, cell, turn },
            corner,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip() {
        for text in [
            "1-2-0@0,-1d",
            "*@3,4u",
            "4-4-4@0,0u",
            "0-1-1@-2,5d=1,1",
            "draw",
            "pass",
        ] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(mv.to_string(), text);
        }
        let Move::Place(p) = "1-2-0@0,-1d".parse().unwrap() else {
            panic!()
        };
        assert_eq!(p.at.tile, Tile::Pips([0, 1, 2]));
        assert_eq!(p.at.turn, 1);
        assert_eq!(p.at.cell, Cell::down(0, -1));
    }

    #[test]
    fn arithmetic_on_input_does_not_wrap() {
        // i32::MIN once slipped past the bound: its abs() overflows.
        for text in [
            "1-2-0@-2147483648,0u",
            "1-2-0@0,-2147483648d",
            "1-2-0@1001,0u",
        ] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
        assert!("1-2-0@-1000,1000u".parse::<Move>().is_ok());
    }

    #[test]
    fn bad_moves_say_what_is_wrong() {
        let err = |s: &str| s.parse::<Move>().unwrap_err().to_string();
        assert!(err("0-2-1@0,0u").contains("mirror image of 0-1-2"));
        assert!(err("0-1-2@0,0x").contains("is not a cell"));
        assert!(err("0-1-2@0,0u=1").contains("corner declaration"));
        assert!(err("hello").contains("is not a move"));
        assert!(err("0-1@0,0u").contains("is not a tile"));
    }
}
