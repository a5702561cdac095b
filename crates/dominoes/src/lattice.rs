//! The triangular lattice: cells and their neighbours.
//!
//! Vertices use axial coordinates `(q, r)`, `r` growing upwards. The up cell
//! `(q, r)` has vertices `(q, r)`, `(q+1, r)`, `(q, r+1)`; the down cell `(q, r)`
//! has `(q+1, r)`, `(q, r+1)`, `(q+1, r+1)`.

use serde::{Deserialize, Serialize};

/// A lattice vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Vertex {
    /// Along the horizontal axis.
    pub q: i32,
    /// Along the axis 60° up from it.
    pub r: i32,
}

/// A triangular cell: pointing up or down.
#[derive(Clone, Copy, Debug, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    /// Axial q of the cell's anchor vertex.
    pub q: i32,
    /// Axial r of the cell's anchor vertex.
    pub r: i32,
    /// Whether the cell points up.
    pub up: bool,
}

impl PartialEq for Cell {
    /// Field by field, inlined: searches compare cells millions of times, and
    /// a size-optimised build would otherwise call `memcmp` for each.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn eq(&self, other: &Cell) -> bool {
        (self.q ^ other.q) | (self.r ^ other.r) | i32::from(self.up ^ other.up) == 0
    }
}

impl std::hash::Hash for Cell {
    /// The same fields [`PartialEq`] compares.
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (self.q, self.r, self.up).hash(h);
    }
}

impl Cell {
    /// An up-pointing cell.
    pub const fn up(q: i32, r: i32) -> Cell {
        Cell { q, r, up: true }
    }

    /// A down-pointing cell.
    pub const fn down(q: i32, r: i32) -> Cell {
        Cell { q, r, up: false }
    }

    /// The three vertices, clockwise on screen starting from the left-most
    /// vertex of the cell's horizontal side.
    pub fn vertices(self) -> [Vertex; 3] {
        let v = |q, r| Vertex { q, r };
        let (q, r) = (self.q, self.r);
        if self.up {
            // Base left, apex, base right: clockwise with y pointing down.
            [v(q, r), v(q, r + 1), v(q + 1, r)]
        } else {
            // Top left, top right, bottom apex.
            [v(q, r + 1), v(q + 1, r + 1), v(q + 1, r)]
        }
    }

    /// The three cells across a side, in the order of the sides
    /// `vertices[0]–vertices[1]`, `vertices[1]–vertices[2]`, `vertices[2]–vertices[0]`.
    pub fn side_neighbours(self) -> [Cell; 3] {
        let (q, r) = (self.q, self.r);
        if self.up {
            [Cell::down(q - 1, r), Cell::down(q, r), Cell::down(q, r - 1)]
        } else {
            [Cell::up(q, r + 1), Cell::up(q + 1, r), Cell::up(q, r)]
        }
    }

    /// The nine cells that share only a corner with this one, vertex by
    /// vertex (no allocation: searches ask this a great deal).
    pub fn corner_neighbours(self) -> [Cell; 9] {
        let sides = self.side_neighbours();
        let mut out = [self; 9];
        let mut n = 0;
        for v in self.vertices() {
            for c in cells_at(v) {
                // Around one vertex: the cell itself and its two side
                // neighbours there; the other three touch only at v.
                if c != self && !sides.contains(&c) && n < 9 {
                    out[n] = c;
                    n += 1;
                }
            }
        }
        out
    }
}

/// The six cells around a vertex.
pub fn cells_at(v: Vertex) -> [Cell; 6] {
    let (q, r) = (v.q, v.r);
    [
        Cell::up(q, r),
        Cell::up(q - 1, r),
        Cell::up(q, r - 1),
        Cell::down(q - 1, r),
        Cell::down(q, r - 1),
        Cell::down(q - 1, r - 1),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn some_cells() -> Vec<Cell> {
        (-4..4)
            .flat_map(|q| (-4..4).flat_map(move |r| [Cell::up(q, r), Cell::down(q, r)]))
            .collect()
    }

    #[test]
    fn side_neighbours_are_mutual_and_share_two_vertices() {
        for cell in some_cells() {
            let verts = cell.vertices();
            for (i, n) in cell.side_neighbours().into_iter().enumerate() {
                assert_ne!(n.up, cell.up);
                assert!(n.side_neighbours().contains(&cell), "{cell:?} / {n:?}");
                let shared = [verts[i], verts[(i + 1) % 3]];
                assert!(
                    shared.iter().all(|v| n.vertices().contains(v)),
                    "{cell:?} side {i}"
                );
            }
        }
    }

    #[test]
    fn every_cell_has_nine_corner_neighbours() {
        for cell in some_cells() {
            let corners = cell.corner_neighbours();
            assert_eq!(corners.len(), 9, "{cell:?}");
            for c in corners {
                let shared = c
                    .vertices()
                    .iter()
                    .filter(|v| cell.vertices().contains(v))
                    .count();
                assert_eq!(shared, 1);
            }
        }
    }
}
