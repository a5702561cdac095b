//! Richards' tiles: three numbers read clockwise, and the boss.
//!
//! A tile is written `0-1-2`: its side values clockwise from its lowest
//! side, never decreasing. Every set tile has such a reading, so a set holds no
//! mirror images: `0-2-1` (clockwise) is the mirror of `0-1-2` and is refused.
//! The boss, the wild tile, is written `*`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A tile: three values clockwise, or the boss.
///
/// A numbered tile always holds its canonical reading (`a ≤ b ≤ c`), so two
/// equal tiles compare equal whichever rotation they were written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum Tile {
    /// A numbered tile, canonical reading.
    Pips([u8; 3]),
    /// The wild tile.
    Boss,
}

/// Why a tile's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileError {
    /// Not three numbers joined by `-`, nor `*`.
    Syntax(String),
    /// A value above 9.
    TooBig(String),
    /// The clockwise reading is the mirror image of a set tile.
    Mirror {
        /// What was written.
        written: String,
        /// The set tile it mirrors.
        mirror_of: Tile,
    },
}

impl fmt::Display for TileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TileError::Syntax(s) => write!(
                f,
                "'{s}' is not a tile: write three side values clockwise, such as 0-1-2, or * for the boss"
            ),
            TileError::TooBig(s) => write!(f, "'{s}' has a value above 9"),
            TileError::Mirror { written, mirror_of } => write!(
                f,
                "'{written}' is the mirror image of {mirror_of}; mirror images are not in the set"
            ),
        }
    }
}

impl std::error::Error for TileError {}

impl Tile {
    /// The tile whose clockwise reading, from any side, is `values`; `None`
    /// for a mirror image (a reading no rotation makes non-decreasing).
    pub fn from_clockwise(values: [u8; 3]) -> Option<Tile> {
        (0..3)
            .map(|r| rotate(values, r))
            .find(|v| v[0] <= v[1] && v[1] <= v[2])
            .map(Tile::Pips)
    }

    /// The values clockwise from the lowest side (`[0; 3]` for the boss).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub fn values(self) -> [u8; 3] {
        match self {
            Tile::Pips(v) => v,
            Tile::Boss => [0; 3],
        }
    }

    /// The values clockwise, starting `turn` sides further on (0–2).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub fn turned(self, turn: u8) -> [u8; 3] {
        rotate(self.values(), usize::from(turn % 3))
    }

    /// The pips printed on the tile; the boss counts 0.
    pub fn total(self) -> u32 {
        self.values().iter().map(|&v| u32::from(v)).sum()
    }

    /// Whether all three values are equal (never the boss).
    pub fn is_triple(self) -> bool {
        matches!(self, Tile::Pips([a, b, c]) if a == b && b == c)
    }

    /// Whether this is the boss.
    pub fn is_boss(self) -> bool {
        self == Tile::Boss
    }

    /// The turns (0–2) that give different readings: one for a triple.
    pub fn distinct_turns(self) -> &'static [u8] {
        match self {
            Tile::Boss => &[0],
            t if t.is_triple() => &[0],
            _ => &[0, 1, 2],
        }
    }
}

#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn rotate(v: [u8; 3], r: usize) -> [u8; 3] {
    [v[r % 3], v[(r + 1) % 3], v[(r + 2) % 3]]
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tile::Pips([a, b, c]) => write!(f, "{a}-{b}-{c}"),
            Tile::Boss => f.write_str("*"),
        }
    }
}

/// Reads three values written clockwise, `a-b-c` (any rotation).
pub fn parse_values(s: &str) -> Result<[u8; 3], TileError> {
    let parts: Vec<&str> = s.split('-').collect();
    if parts.len() != 3 {
        return Err(TileError::Syntax(s.to_owned()));
    }
    let mut v = [0u8; 3];
    for (slot, p) in v.iter_mut().zip(&parts) {
        if p.len() != 1 || !p.as_bytes()[0].is_ascii_digit() {
            return Err(if p.len() > 1 && p.bytes().all(|b| b.is_ascii_digit()) {
                TileError::TooBig(s.to_owned())
            } else {
                TileError::Syntax(s.to_owned())
            });
        }
        *slot = p.as_bytes()[0] - b'0';
    }
    Ok(v)
}

impl FromStr for Tile {
    type Err = TileError;
    /// Reads `0-1-2` (or any rotation of it, such as `1-2-0`) or `*`.
    fn from_str(s: &str) -> Result<Tile, TileError> {
        let s = s.trim();
        if s == "*" {
            return Ok(Tile::Boss);
        }
        let v = parse_values(s)?;
        Tile::from_clockwise(v).ok_or_else(|| TileError::Mirror {
            written: s.to_owned(),
            mirror_of: Tile::from_clockwise([v[0], v[2], v[1]]).unwrap_or(Tile::Boss),
        })
    }
}

impl TryFrom<String> for Tile {
    type Error = TileError;
    fn try_from(s: String) -> Result<Tile, TileError> {
        s.parse()
    }
}

impl From<Tile> for String {
    fn from(t: Tile) -> String {
        t.to_string()
    }
}

/// The highest value on a set's tiles: 4 for the 35-tile set, 5 for the 56.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pips {
    /// 0–4: 35 tiles.
    Four,
    /// 0–5: 56 tiles.
    Five,
}

impl Pips {
    /// The highest value.
    pub fn max(self) -> u8 {
        match self {
            Pips::Four => 4,
            Pips::Five => 5,
        }
    }
}

/// A set: every non-decreasing triple up to `pips`, and the boss if asked for,
/// in order (triples, doubles and singles mixed, lowest first; the boss last).
pub fn set(pips: Pips, boss: bool) -> Vec<Tile> {
    let m = pips.max();
    let mut out = Vec::new();
    for a in 0..=m {
        for b in a..=m {
            for c in b..=m {
                out.push(Tile::Pips([a, b, c]));
            }
        }
    }
    if boss {
        out.push(Tile::Boss);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn kinds(tiles: &[Tile]) -> (usize, usize, usize) {
        let distinct = |t: &Tile| t.values().iter().collect::<BTreeSet<_>>().len();
        let count = |n| tiles.iter().filter(|t| distinct(t) == n).count();
        (count(1), count(2), count(3))
    }

    #[test]
    fn the_sets_have_the_patent_counts() {
        let four = set(Pips::Four, false);
        assert_eq!(four.len(), 35);
        assert_eq!(kinds(&four), (5, 20, 10));
        assert_eq!(four.iter().map(|t| t.total()).sum::<u32>(), 210);
        let five = set(Pips::Five, false);
        assert_eq!(five.len(), 56);
        assert_eq!(kinds(&five), (6, 30, 20));
        assert_eq!(five.iter().map(|t| t.total()).sum::<u32>(), 420);
        assert_eq!(set(Pips::Four, true).len(), 36);
        assert_eq!(set(Pips::Five, true).len(), 57);
    }

    #[test]
    fn sets_are_unique_and_hold_no_mirror_images() {
        for pips in [Pips::Four, Pips::Five] {
            let tiles = set(pips, true);
            let unique: BTreeSet<Tile> = tiles.iter().copied().collect();
            assert_eq!(unique.len(), tiles.len());
            for t in tiles.iter().filter(|t| !t.is_boss()) {
                let [a, b, c] = t.values();
                let mirror = Tile::from_clockwise([a, c, b]);
                if a != b && b != c {
                    assert_eq!(mirror, None, "{t}'s mirror");
                } else {
                    assert_eq!(mirror, Some(*t), "{t} is its own mirror");
                }
            }
        }
    }

    #[test]
    fn macmahon_counts_rotation_classes() {
        // n(n²+2)/3 classes of three values from n, mirror images apart.
        for n in [5u8, 6] {
            let mut classes = BTreeSet::new();
            for a in 0..n {
                for b in 0..n {
                    for c in 0..n {
                        let min = (0..3).map(|r| rotate([a, b, c], r)).min().unwrap();
                        classes.insert(min);
                    }
                }
            }
            let n = usize::from(n);
            assert_eq!(classes.len(), n * (n * n + 2) / 3);
        }
    }

    #[test]
    fn tiles_read_and_write_in_any_rotation() {
        assert_eq!("0-1-2".parse::<Tile>(), Ok(Tile::Pips([0, 1, 2])));
        assert_eq!("1-2-0".parse::<Tile>(), Ok(Tile::Pips([0, 1, 2])));
        assert_eq!("*".parse::<Tile>(), Ok(Tile::Boss));
        assert_eq!(Tile::Pips([2, 3, 3]).to_string(), "2-3-3");
        let err = "0-2-1".parse::<Tile>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "'0-2-1' is the mirror image of 0-1-2; mirror images are not in the set"
        );
        assert!(matches!("0-1".parse::<Tile>(), Err(TileError::Syntax(_))));
        assert!(matches!("0-1-x".parse::<Tile>(), Err(TileError::Syntax(_))));
        assert!(matches!(
            "0-1-12".parse::<Tile>(),
            Err(TileError::TooBig(_))
        ));
    }

    #[test]
    fn turning_keeps_the_clockwise_order() {
        let t = Tile::Pips([0, 1, 2]);
        assert_eq!(t.turned(1), [1, 2, 0]);
        assert_eq!(t.turned(2), [2, 0, 1]);
        for turn in 0..3 {
            assert_eq!(Tile::from_clockwise(t.turned(turn)), Some(t));
        }
        assert_eq!(Tile::Pips([3, 3, 3]).distinct_turns(), &[0]);
        assert_eq!(Tile::Pips([1, 1, 3]).distinct_turns().len(), 3);
    }
}
