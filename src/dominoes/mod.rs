//! F. H. Richards' triangular dominoes (US patent 331,652, 1885), and the
//! modern Tri-Ominos rules as an option.
//!
//! The engine is a crate of its own, [`parlour_dominoes`], re-exported here:
//! [`tile`] holds the tiles and sets; [`rules`] one hand (legality, scoring,
//! the end); [`play`] a match of hands; [`notation`] the moves as text;
//! [`ai`] the computer players. Here, the screen side: [`lattice`] where the
//! triangular board's cells are drawn; [`record`] the records and positions
//! as text; [`settings`] the typed options; [`table`] what the people at the
//! device see (seats, the hot-seat cover, the scene); [`input`] the tray,
//! drag-to-place with snapping and turning, the camera and the corner prompt
//! of Star; [`def`] declares the game to the shell, which hosts it as
//! [`Dominoes`].

pub mod def;
pub mod input;
pub mod lattice;
pub mod record;
pub mod settings;
pub mod table;
#[cfg(test)]
mod tests;
mod view;

// The engine: tiles, the lattice's cells, the rules, a match, the notation
// and the computer players, a crate of its own that knows no screen
// (crates/dominoes).
pub use parlour_dominoes::{ai, notation, play, rules, tile};
pub use view::{board_size, corner_buttons, Layout, SIDE};

use crate::shell::def::Action;
use crate::shell::driver::Shell;
use crate::shell::geom::{Point, Size};
use crate::shell::Outcome;
use def::DominoesDef;
use lattice::Cell;
use play::Play;
use rules::Move;
use table::Table;
use tile::Tile;

/// A game of triangular dominoes, hosted by the shell.
pub type Dominoes = Shell<DominoesDef>;

/// Scripted play (tests, demos): where things are drawn, and moves by value.
impl Shell<DominoesDef> {
    fn seating(&self) -> Table<'_> {
        Table {
            m: self.position(),
            settings: self.settings(),
        }
    }

    /// The tiles in the tray: the hand on show (none while hands are hidden).
    pub fn tray(&self) -> Vec<Tile> {
        self.seating().tray(self.ui())
    }

    /// Where tray slot `slot` is drawn on a board of size `board`.
    pub fn tray_point(&self, slot: usize, board: Size) -> Point {
        self.seating()
            .layout(self.ui(), board)
            .tray_slot(slot, self.tray().len())
    }

    /// Where the banner's button (draw, pass) is drawn on a board of size `board`.
    pub fn banner_point(&self, board: Size) -> Point {
        self.seating()
            .layout(self.ui(), board)
            .banner_button()
            .center()
    }

    /// Where the centre of `cell` is drawn on a board of size `board`.
    pub fn cell_point(&self, cell: Cell, board: Size) -> Point {
        self.seating()
            .camera(self.ui(), board)
            .lattice()
            .centroid(cell)
    }

    /// The move Hint suggests to the player to move (a corner play with its
    /// numbers).
    pub fn hint_move(&self) -> Option<Move> {
        def::hint_move(
            self.position(),
            self.played().len(),
            crate::shell::Game::seed(self),
        )
    }

    /// Plays `mv` in the hand for whoever is to move, as a tap or drag
    /// would; an illegal move changes nothing and says why.
    pub fn play_hand(&mut self, mv: Move) -> Outcome {
        self.perform(Action::Play(Play::Hand(mv)))
    }
}

#[cfg(test)]
mod game_tests;
