//! What a hosted game is, apart from its screen-only state and its
//! thinking: the part a [`View`] shows.

use crate::shell::daily::{Dailies, Day};
use crate::shell::def::{Event, GameDef, View};
use crate::shell::drag::Drag;
use crate::shell::geom::Size;
use crate::shell::helper::Helper;
use crate::shell::position::{Position, Seat};
use crate::shell::theme::Theme;
use crate::shell::think::WorkClock;
use crate::util::rng::Seed;

/// The page's side of a game: its frame clock, the player's motion setting
/// and the board's size. Kept from one game to the next.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Screen {
    pub(super) now: f64,
    pub(super) last_frame: Option<f64>,
    pub(super) reduced_motion: bool,
    pub(super) theme: Theme,
    pub(super) board: Size,
    /// When the shell's win celebration began (the frame clock), while it runs.
    pub(super) cheer: Option<f64>,
    /// Today's date, as the page's clock has it (none natively).
    pub(super) today: Option<Day>,
    /// The page's clock to time the computers' and solvers' slices by
    /// (none natively).
    pub(super) work_clock: Option<WorkClock>,
    /// Computer against computer: running, paused, or playing one move.
    pub(super) pause: Pause,
}

/// Whether a game the computers play by themselves goes on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Pause {
    /// It plays on.
    #[default]
    Running,
    /// It waits.
    Paused,
    /// It plays one move, then waits.
    Step,
}

/// Everything of a game but its screen-only state and its thinking: what a
/// [`View`] shows.
#[derive(Clone, Debug)]
pub(super) struct Table<D: GameDef> {
    pub(super) seed: Seed,
    pub(super) settings: D::Settings,
    pub(super) start: D::Start,
    pub(super) position: D::Position,
    pub(super) moves: Vec<String>,
    pub(super) undone: Vec<String>,
    /// The narration of the last move.
    pub(super) said: String,
    pub(super) stats: D::Stats,
    pub(super) elapsed_ms: f64,
    /// The day whose daily game this is, if it is one.
    pub(super) daily: Option<Day>,
    /// The daily games won: kept, like the statistics, from game to game.
    pub(super) dailies: Dailies,
    pub(super) screen: Screen,
    /// The piece a person holds or that flies home.
    pub(super) drag: Option<Drag<D::Piece>>,
    /// The page's helper (none natively): kept from one game to the next.
    pub(super) helper: Option<Helper>,
}

impl<D: GameDef> Table<D> {
    pub(super) fn view(&self) -> View<'_, D> {
        View {
            settings: &self.settings,
            seed: self.seed,
            start: &self.start,
            position: &self.position,
            moves: &self.moves,
            computer_to_move: self.computer_to_move(),
            said: &self.said,
            stats: &self.stats,
            elapsed_ms: self.elapsed_ms,
            now: self.screen.now,
            reduced_motion: self.screen.reduced_motion,
            theme: self.screen.theme,
            board: self.screen.board,
            drag: self.drag.as_ref().and_then(|d| d.lift(self.screen.now)),
            work_clock: self.screen.work_clock,
            helper: self.helper.as_ref(),
        }
    }

    pub(super) fn computer_to_move(&self) -> bool {
        // The game's own answer first: it is cheap, where an ending may ask
        // for every legal move (Klondike's does), and every view asks this.
        D::computer_to_move(&self.settings, &self.position) && self.position.ending().is_none()
    }

    /// Whether a move of this game was played (and perhaps taken back).
    pub(super) fn began(&self) -> bool {
        !self.moves.is_empty() || !self.undone.is_empty()
    }

    /// Counts a daily game won by a person on its own day (any day where
    /// the date is not known).
    pub(super) fn count_daily(&mut self, winner: Seat) {
        let Some(day) = self.daily else { return };
        let on_its_day = self.screen.today.is_none_or(|today| today == day);
        if on_its_day && D::is_person(&self.settings, winner) {
            self.dailies.win(day);
        }
    }

    pub(super) fn count(&mut self, position: Option<&D::Position>, event: Event) {
        let position = position.unwrap_or(&self.position);
        D::count(
            &mut self.stats,
            &self.settings,
            position,
            self.elapsed_ms,
            event,
        );
    }
}
