//! What a game declares, after boardgame.io's one game object: its position
//! type, its typed settings, how it starts from settings and a seed, who its
//! computer players are and how they think, its view, its input mapping and
//! its narration. [`Shell`](crate::shell::driver::Shell) does the rest, once
//! for every game: the record of moves, undo and redo by replay, saves,
//! records, the computer's turns.

use crate::shell::daily::DailyDeal;
use crate::shell::drag::{Grip, Lift};
use crate::shell::geom::{Point, Size};
use crate::shell::helper::Helper;
use crate::shell::input::{Gesture, Key};
use crate::shell::paint::Painter;
use crate::shell::position::{Position, Seat};
use crate::shell::settings::Settings;
use crate::shell::theme::Theme;
use crate::shell::think::WorkClock;
use crate::shell::think::{Pace, Think};
use crate::util::rng::Seed;
use serde::{de::DeserializeOwned, Serialize};
use std::fmt;

/// A game's move type.
pub type MoveOf<D> = <<D as GameDef>::Position as Position>::Move;
/// What a game's move did.
pub type EffectOf<D> = <<D as GameDef>::Position as Position>::Effect;
/// Why a game's rules refused a move.
pub type IllegalOf<D> = <<D as GameDef>::Position as Position>::Illegal;

/// What a gesture, a key or a hint asks of the shell.
#[derive(Clone, Debug, PartialEq)]
pub enum Action<M> {
    /// Nothing to do.
    Nothing,
    /// Only the picture changed (a selection, a drag in progress).
    Redraw,
    /// Tell the player something; nothing was played.
    Say(String),
    /// Play this move through the rules (from [`GameDef::tick`]: a move
    /// the game makes by itself, such as a card of an auto-complete).
    Play(M),
    /// Deal the game from this seed instead, and say this: the game chose
    /// the deal itself (a winnable one) before any move was played, so
    /// nothing is counted as begun or left.
    Deal(Seed, String),
}

/// A moment in a game's life that its statistics may count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The first move of a fresh game was played.
    Began,
    /// The game has just ended.
    Ended,
    /// The move that ended the game was taken back.
    Unended,
    /// A new game replaces this one; `began` says whether a move was played.
    Left {
        /// Whether any move of the game was played.
        began: bool,
    },
}

/// How a game came to be on the table, for [`GameDef::dealt`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dealt {
    /// The player asked for a new game.
    New,
    /// The game picked this deal itself ([`Action::Deal`]).
    Chosen,
    /// A saved or recorded game was restored, or the page opened.
    Restored,
}

/// What changed the position, for [`GameDef::after_move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A move was played, with the game's own follow-ups.
    Played,
    /// Moves were taken back.
    Undone,
    /// Moves taken back were played again.
    Redone,
}

/// The game as a game's view and input mapping see it: read-only.
pub struct View<'a, D: GameDef> {
    /// The settings in force.
    pub settings: &'a D::Settings,
    /// The seed the game was dealt from.
    pub seed: Seed,
    /// Where the game started, when not from the settings and seed alone.
    pub start: &'a D::Start,
    /// The position now.
    pub position: &'a D::Position,
    /// The moves so far, in notation, oldest first.
    pub moves: &'a [String],
    /// A computer is to move: input waits for it.
    pub computer_to_move: bool,
    /// What the last move did, as narrated (empty after an undo or a new game).
    pub said: &'a str,
    /// What the game keeps from one game to the next.
    pub stats: &'a D::Stats,
    /// Milliseconds played in this game: the clock runs from the first
    /// move until the game ends.
    pub elapsed_ms: f64,
    /// The page's clock at the last frame, in milliseconds.
    pub now: f64,
    /// The player asked for less motion: no animations.
    pub reduced_motion: bool,
    /// The theme to draw in.
    pub theme: Theme,
    /// The board size of the last gesture, key or frame (empty before any).
    pub board: Size,
    /// The piece being dragged or flying home, if any.
    pub drag: Option<Lift<'a, D::Piece>>,
    /// The page's clock to time a search's slices by (none natively).
    pub work_clock: Option<WorkClock>,
    /// The page's helper, to answer questions away from its thread (none
    /// natively).
    pub helper: Option<&'a Helper>,
}

/// A game read from a record: what it was set up with and its moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded<D: GameDef> {
    /// The seed the record was dealt from, when it names one.
    pub seed: Option<Seed>,
    /// The settings the record names.
    pub settings: D::Settings,
    /// Where it starts.
    pub start: D::Start,
    /// Its moves, in notation.
    pub moves: Vec<String>,
}

/// Everything a game declares. Each game implements this once, on a unit
/// type, and is hosted as `Shell<ItsDef>`.
pub trait GameDef: Sized + Clone + fmt::Debug + 'static {
    /// The rules-level position.
    type Position: Position + fmt::Debug;
    /// The typed settings.
    type Settings: Settings;
    /// A start other than the usual one (a position set up by hand, a deal
    /// read from a file); `Default` is the usual start from the settings
    /// and seed. It is saved with the game.
    type Start: Clone + Default + PartialEq + fmt::Debug + Serialize + DeserializeOwned;
    /// Screen-only state (a selection, a cursor, a move being built): never
    /// saved, reset with each new game.
    type Ui: Default + fmt::Debug;
    /// A computer player's search for one move.
    type Mind: Think<Move = MoveOf<Self>> + Clone + fmt::Debug;
    /// What a drag carries (cards from a pile, a tile from the hand);
    /// `()` for a game without drags.
    type Piece: Clone + fmt::Debug;
    /// What the game keeps from one game to the next (a tally of wins):
    /// saved with the game, counted as games end.
    type Stats: Clone + Default + PartialEq + fmt::Debug + Serialize + DeserializeOwned;

    /// Whether the game makes moves by itself ([`GameDef::follow_up`],
    /// [`GameDef::tick`]): only then may a record mark a move as the game's
    /// own (`*`).
    const MAKES_MOVES_ITSELF: bool = false;

    /// Whether a challenge link's game opens at its start with its moves
    /// ready to replay by Redo (a solitaire's win, to watch), rather than
    /// after its moves (a game played by link, to answer).
    const LINK_REPLAYS: bool = false;

    /// Whether the game draws its own win celebration (Klondike's cascade);
    /// otherwise the shell's confetti falls when a person wins.
    const CELEBRATES_ITSELF: bool = false;

    /// The first position of a game under `settings`, dealt from `seed` or
    /// laid out as `start` says.
    fn setup(
        settings: &Self::Settings,
        seed: Seed,
        start: &Self::Start,
    ) -> Result<Self::Position, String>;

    /// The game of the day dealt from the day's `seed` (see
    /// [`crate::shell::daily`]), the same on every machine: `settings`
    /// arrive as the defaults with the player's own display choices, and
    /// the game sets what its daily is played under (its strongest
    /// computer, say). `None`: the game has no daily.
    fn daily(_settings: &mut Self::Settings, _seed: Seed) -> Option<DailyDeal<Self::Start>> {
        None
    }

    /// Whether a computer is to move in `position` (the shell asks only
    /// while the game has not ended).
    fn computer_to_move(_settings: &Self::Settings, _position: &Self::Position) -> bool {
        false
    }

    /// Whether some seat is a person's: undo then takes back the computers'
    /// replies too, to the person's last move.
    fn has_person(_settings: &Self::Settings) -> bool {
        true
    }

    /// Whether `seat` is a person's: a win there is celebrated.
    fn is_person(settings: &Self::Settings, _seat: Seat) -> bool {
        Self::has_person(settings)
    }

    /// Whether undo and redo are offered (not where hands are hidden from
    /// the other people at the device).
    fn may_undo(_settings: &Self::Settings) -> bool {
        true
    }

    /// The computer's search for a move at `position`. `seed` differs from
    /// move to move and game to game, and is the same on every replay.
    fn mind(settings: &Self::Settings, position: &Self::Position, seed: Seed) -> Self::Mind;

    /// How the computer paces its moves under `settings`.
    fn pace(settings: &Self::Settings) -> Pace;

    /// Whether option `key` means anything with the other `settings` as
    /// they are (Easthaven's decks only under Easthaven): the settings panel
    /// shows only the options that do.
    fn applies(_settings: &Self::Settings, _key: &str) -> bool {
        true
    }

    /// The board's size in board units for a viewport of this shape.
    fn board_size(game: &View<Self>, ui: &Self::Ui, viewport: Size) -> Size;

    /// The smallest thing a player may tap on the board now (a card's
    /// visible strip, a point, a tile), in board units, so that touch
    /// targets can be checked; `None` when nothing can be tapped.
    fn smallest_target(_game: &View<Self>, _ui: &Self::Ui, _board: Size) -> Option<Size> {
        None
    }

    /// Draws the whole board.
    fn draw(game: &View<Self>, ui: &Self::Ui, painter: &mut dyn Painter, board: Size);

    /// What a pointer gesture asks for. Called only while a person is to move.
    fn gesture(
        game: &View<Self>,
        ui: &mut Self::Ui,
        gesture: Gesture,
        board: Size,
    ) -> Action<MoveOf<Self>>;

    /// What can be picked up at `at`, if anything: asked on each press
    /// while a person is to move. The shell then owns the drag (see
    /// [`crate::shell::drag`]); a press on nothing reaches
    /// [`GameDef::gesture`] (to pan a table, say).
    fn grab(_game: &View<Self>, _ui: &mut Self::Ui, _at: Point) -> Option<Grip<Self::Piece>> {
        None
    }

    /// The held piece moved to where `game.drag` says (`start`: its first
    /// move after the press): what the view shows changes (a snap to a
    /// legal place, say).
    fn drag_over(_game: &View<Self>, _ui: &mut Self::Ui, _start: bool) -> Action<MoveOf<Self>> {
        Action::Redraw
    }

    /// The piece was dropped where `game.drag` says: the move it plays, or
    /// why it cannot go there (any other action: the piece flies home).
    fn drop(_game: &View<Self>, _ui: &mut Self::Ui) -> Action<MoveOf<Self>> {
        Action::Nothing
    }

    /// What a key asks for. While a computer is to move, Enter and Space
    /// hurry it and never reach the game.
    fn key(game: &View<Self>, ui: &mut Self::Ui, key: Key, board: Size) -> Action<MoveOf<Self>>;

    /// A move the game makes by itself after any move is played (a forced
    /// move, a safe card to its foundation): played at once, recorded with
    /// a `*`, and taken back and replayed with the move before it.
    fn follow_up(_settings: &Self::Settings, _position: &Self::Position) -> Option<MoveOf<Self>> {
        None
    }

    /// Brings `ui` up to date after the position changed: clears what the
    /// change left stale, starts animations from `before` (where the
    /// position was). Called once for a move and its follow-ups, an undo
    /// or a redo.
    fn after_move(
        _game: &View<Self>,
        _ui: &mut Self::Ui,
        _before: &Self::Position,
        _change: Change,
    ) {
    }

    /// Sets `ui` up for a game just dealt or restored (a deal animation, a
    /// background search).
    fn dealt(_game: &View<Self>, _ui: &mut Self::Ui, _how: Dealt) {}

    /// Called once a frame with the page's clock in `game.now`: runs
    /// animations and background work, and may play a move of the game's
    /// own ([`Action::Play`]) or choose another deal ([`Action::Deal`]).
    fn tick(_game: &View<Self>, _ui: &mut Self::Ui) -> Action<MoveOf<Self>> {
        Action::Nothing
    }

    /// One sentence saying what `mv` did: `before` is where it was played,
    /// `game.position` where it led (after the game's own follow-ups),
    /// `by_computer` whether a computer chose it.
    fn narrate(
        game: &View<Self>,
        ui: &Self::Ui,
        before: &Self::Position,
        mv: MoveOf<Self>,
        effect: &EffectOf<Self>,
        by_computer: bool,
    ) -> String;

    /// Counts `event` of a game now at `position`, `elapsed_ms` into it.
    fn count(
        _stats: &mut Self::Stats,
        _settings: &Self::Settings,
        _position: &Self::Position,
        _elapsed_ms: f64,
        _event: Event,
    ) {
    }

    /// The statistics as label–value rows (from `game.stats`), if the game
    /// keeps any.
    fn stats(_game: &View<Self>) -> Option<Vec<(String, String)>> {
        None
    }

    /// The score by seat, for games that keep one (a solitaire has one
    /// seat); empty for games decided by who wins alone.
    fn scores(_game: &View<Self>) -> Vec<i32> {
        Vec::new()
    }

    /// A suggestion for the player to move (it may show it in `ui`).
    fn hint(game: &View<Self>, ui: &mut Self::Ui) -> Action<MoveOf<Self>>;

    /// One line for the status bar.
    fn status(game: &View<Self>, ui: &Self::Ui) -> String;

    /// The rules pages for these settings (paths under `rules/`).
    fn rules_pages(settings: &Self::Settings) -> Vec<String>;

    /// The game as records to copy: (format name, text).
    fn records(_game: &View<Self>) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// Reads a record in any of the formats of [`GameDef::records`];
    /// `current` are the settings in force (for what a record does not say,
    /// such as who sits where).
    fn read_record(_text: &str, _current: &Self::Settings) -> Result<Loaded<Self>, String> {
        Err("this game has no records".into())
    }
}
