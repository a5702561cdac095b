//! The triangular lattice: cells, their neighbours, and where they are drawn.
//!
//! Vertices use axial coordinates `(q, r)`, `r` growing upwards. The up cell
//! `(q, r)` has vertices `(q, r)`, `(q+1, r)`, `(q, r+1)`; the down cell `(q, r)`
//! has `(q+1, r)`, `(q, r+1)`, `(q+1, r+1)`.

use crate::shell::geom::Point;
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

/// Places the lattice in board space: the length of a side and where vertex
/// (0, 0) is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lattice {
    /// Side length in board units.
    pub side: f64,
    /// Where vertex (0, 0) sits.
    pub origin: Point,
}

const ROOT3_2: f64 = 0.866_025_403_784_438_6;

impl Lattice {
    /// Where a vertex is drawn.
    pub fn point(self, v: Vertex) -> Point {
        let (q, r) = (f64::from(v.q), f64::from(v.r));
        Point::new(
            self.origin.x + self.side * (q + r / 2.0),
            self.origin.y - self.side * r * ROOT3_2,
        )
    }

    /// The corners of a cell, in [`Cell::vertices`] order.
    pub fn corners(self, cell: Cell) -> [Point; 3] {
        cell.vertices().map(|v| self.point(v))
    }

    /// The centre of a cell.
    pub fn centroid(self, cell: Cell) -> Point {
        let [a, b, c] = self.corners(cell);
        Point::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0)
    }

    /// The cell that contains `p`.
    pub fn cell_at(self, p: Point) -> Cell {
        let rf = (self.origin.y - p.y) / (self.side * ROOT3_2);
        let qf = (p.x - self.origin.x) / self.side - rf / 2.0;
        let (q, r) = (qf.floor(), rf.floor());
        let up = (qf - q) + (rf - r) < 1.0;
        Cell {
            q: q as i32,
            r: r as i32,
            up,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const L: Lattice = Lattice {
        side: 60.0,
        origin: Point::new(300.0, 300.0),
    };

    fn some_cells() -> Vec<Cell> {
        (-4..4)
            .flat_map(|q| (-4..4).flat_map(move |r| [Cell::up(q, r), Cell::down(q, r)]))
            .collect()
    }

    #[test]
    fn up_cells_point_up_and_down_cells_down() {
        let [a, apex, b] = L.corners(Cell::up(0, 0));
        assert!(apex.y < a.y && a.y == b.y, "apex above the base on screen");
        let [c, d, bottom] = L.corners(Cell::down(0, 0));
        assert!(bottom.y > c.y && c.y == d.y);
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

    #[test]
    fn hit_test_agrees_with_the_triangles_on_random_points() {
        use crate::util::rng::{Rng, Seed};
        let mut rng = Rng::new(Seed(11));
        let unit = |r: &mut Rng| r.below(1_000_000) as f64 / 1_000_000.0;
        for _ in 0..20_000 {
            let p = Point::new(
                unit(&mut rng) * 1200.0 - 300.0,
                unit(&mut rng) * 900.0 - 200.0,
            );
            let cell = L.cell_at(p);
            // Inside (or on the edge of) the cell's triangle: the same side of
            // each edge as the opposite corner.
            let [a, b, c] = L.corners(cell);
            let side = |u: Point, v: Point, w: Point| {
                (v.x - u.x) * (w.y - u.y) - (v.y - u.y) * (w.x - u.x)
            };
            for (u, v, w) in [(a, b, c), (b, c, a), (c, a, b)] {
                assert!(
                    side(u, v, p) * side(u, v, w) >= -1e-6,
                    "{p:?} not in {cell:?}"
                );
            }
        }
    }

    #[test]
    fn hit_test_finds_each_centroid_and_points_near_corners() {
        for cell in some_cells() {
            assert_eq!(L.cell_at(L.centroid(cell)), cell);
            let centre = L.centroid(cell);
            for corner in L.corners(cell) {
                // 90% of the way from the centre to a corner is still inside.
                let p = Point::new(
                    centre.x + 0.9 * (corner.x - centre.x),
                    centre.y + 0.9 * (corner.y - centre.y),
                );
                assert_eq!(L.cell_at(p), cell);
            }
        }
    }
}
