//! What surrounds an empty cell, and how a tile meets it (Star's corner meetings).

use super::*;

/// Star: what a new tile and a tile it meets score together, if anything:
/// their pips when they make a multiple of five. The boss, newly laid, holds
/// whatever makes the sum one; laid earlier, it counts 0.
pub(super) fn star_meeting(new: Tile, old: Tile) -> Option<u32> {
    let sum = if new.is_boss() {
        old.total().div_ceil(5) * 5
    } else {
        new.total() + old.total()
    };
    (sum > 0 && sum.is_multiple_of(5)).then_some(sum)
}

/// What surrounds an empty cell (see [`Hand::around`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Around {
    /// The tile laid last, when plays must touch it.
    pub(super) anchor: Option<Cell>,
    /// The tile across each side, and the index of its side that faces the cell.
    pub(super) sides: [Option<(Placed, usize)>; 3],
    /// Star: the tile met only at a corner, and the shared vertex's index in
    /// the cell and in that tile.
    pub(super) corner: Option<(Placed, usize, usize)>,
    /// Tri-Ominos: the value each vertex must hold, and a tile that holds it.
    pub(super) vertex: [Option<(u8, Tile)>; 3],
    /// Tri-Ominos: two tiles disagree at a vertex, so nothing fits.
    pub(super) clash: bool,
}

/// Why a tile does not fit, cheaply; [`Hand::explain`] words it.
#[derive(Clone, Copy, Debug)]
pub(super) enum Refusal {
    Side(Placed),
    NoSideMatches,
    Corner {
        mine: [u8; 2],
        theirs: [u8; 2],
        tile: Tile,
    },
    NotTouching(Option<Cell>),
    Apart,
    Vertex {
        tile: Tile,
        has: u8,
        offered: u8,
    },
}

/// How a legal placement touches the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Contact {
    /// Star: the corner pair of a corner-to-corner play.
    pub(super) corner: Option<[u8; 2]>,
}
