//! Where the triangular lattice's cells are drawn: the lattice placed in
//! board space, and which cell a point of the board is in. The cells and
//! their neighbours are the engine's ([`parlour_dominoes::lattice`]).

use crate::shell::geom::Point;
pub use parlour_dominoes::lattice::{cells_at, Cell, Vertex};

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
