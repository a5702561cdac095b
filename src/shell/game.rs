//! The one trait the page drives every game through, and the replies it gets.
//!
//! The page (input, persistence, embedding) knows nothing of cards, balls or
//! tiles. It holds a `Box<dyn Game>` and talks to it through [`Game`]: options
//! as text, gestures and keys in board coordinates, drawing through a
//! [`Painter`], undo and redo, and the state as save text.

use crate::shell::codec::StateError;
use crate::shell::daily::Day;
use crate::shell::geom::Size;
use crate::shell::helper::Helper;
use crate::shell::input::{Gesture, Key};
use crate::shell::options::{OptionError, OptionSpec};
use crate::shell::paint::Painter;
use crate::shell::position::Ending;
use crate::shell::theme::Theme;
use crate::shell::think::WorkClock;
use crate::util::rng::Seed;

/// What handling an input or action did, so the shell knows whether to redraw,
/// save, and what to announce.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The picture changed: redraw on the next animation frame.
    pub redraw: bool,
    /// The game state changed: save it.
    pub changed: bool,
    /// A sentence for the status line and the screen-reader live region.
    pub message: Option<String>,
    /// The sound effect for what happened, played if the player wants them.
    pub sound: Option<Cue>,
}

/// A sound effect: what kind of thing just happened. The later kinds win
/// where two things happen at once ([`Outcome::and`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cue {
    /// A move was played: a card, man or tile put down.
    Move,
    /// The game ended.
    End,
}

impl Cue {
    /// Every cue.
    pub const ALL: [Cue; 2] = [Cue::Move, Cue::End];

    /// The file that sounds it, beside the page (`www/sounds/`).
    pub fn file(self) -> &'static str {
        match self {
            Cue::Move => "sounds/move.wav",
            Cue::End => "sounds/end.wav",
        }
    }
}

impl Outcome {
    /// Nothing happened.
    pub fn nothing() -> Self {
        Self::default()
    }

    /// Only the picture changed (a highlight, a drag in progress).
    pub fn redraw() -> Self {
        Outcome {
            redraw: true,
            ..Self::default()
        }
    }

    /// The state changed; `message` describes it.
    pub fn moved(message: impl Into<String>) -> Self {
        Outcome {
            redraw: true,
            changed: true,
            message: Some(message.into()),
            sound: None,
        }
    }

    /// Both outcomes: redraw or save if either asks, and the first message.
    pub fn and(self, other: Outcome) -> Outcome {
        Outcome {
            redraw: self.redraw || other.redraw,
            changed: self.changed || other.changed,
            message: self.message.or(other.message),
            sound: self.sound.max(other.sound),
        }
    }

    /// Nothing changed but the player should be told something.
    pub fn say(message: impl Into<String>) -> Self {
        Outcome {
            redraw: true,
            changed: false,
            message: Some(message.into()),
            sound: None,
        }
    }
}

/// The contract between the shell and a game.
///
/// Every method is cheap and never blocks: long searches (solvers, AIs) run in
/// slices through [`Game::tick`].
pub trait Game {
    /// The seed the current game was dealt from.
    fn seed(&self) -> Seed;

    /// Starts a new game from `seed` with the current options.
    fn new_game(&mut self, seed: Seed);

    /// Deals the game of `day`, the same for everyone (see
    /// [`crate::shell::daily`]), and says what it is; refused by a game
    /// without a daily game.
    fn daily(&mut self, _day: Day) -> Result<Outcome, String> {
        Err("this game has no daily game".into())
    }

    /// The day whose daily game this is, if it is one.
    fn daily_day(&self) -> Option<Day> {
        None
    }

    /// Today's date (UTC), as the page's clock has it: a daily game counts
    /// towards the streak only when won on its own day.
    fn set_today(&mut self, _today: Day) {}

    /// The options this game has.
    fn option_specs(&self) -> &'static [OptionSpec];

    /// The current value of option `key`, in its text form.
    fn option(&self, key: &str) -> Option<&'static str>;

    /// The value of option `key` in the game on the table, which a rule
    /// chosen since (one that waits for the next game) has not changed yet.
    /// Links and URLs name these: they describe the game on screen.
    fn in_play(&self, key: &str) -> Option<&'static str> {
        self.option(key)
    }

    /// Where the computers play by themselves: whether they are paused
    /// (`None` where a person plays or the game is over: there is nothing
    /// to pause).
    fn paused(&self) -> Option<bool> {
        None
    }

    /// Pauses the computers playing by themselves, or lets them go on.
    fn set_paused(&mut self, _on: bool) -> Outcome {
        Outcome::nothing()
    }

    /// Paused, lets the computers play one move.
    fn step(&mut self) -> Outcome {
        Outcome::nothing()
    }

    /// Whether option `key` means anything with the options chosen now; the
    /// settings panel shows only the options that do.
    fn applies(&self, _key: &str) -> bool {
        true
    }

    /// Sets option `key`. Options whose spec says `restarts` take effect from
    /// the next [`Game::new_game`]; the shell deals one straight after.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// The board's size in board units for a viewport of the given shape. The
    /// shell scales the board uniformly to fit, so only the aspect ratio of
    /// `viewport` matters; a game may offer a portrait layout for phones.
    fn board_size(&self, viewport: Size) -> Size;

    /// The smallest thing a player may tap on the board now, in board units
    /// (see [`GameDef::smallest_target`](crate::shell::def::GameDef::smallest_target)).
    fn smallest_target(&self, _board: Size) -> Option<Size> {
        None
    }

    /// Draws the whole board, `board` being what [`Game::board_size`] returned.
    fn draw(&self, painter: &mut dyn Painter, board: Size);

    /// Handles a pointer gesture in board coordinates.
    fn gesture(&mut self, gesture: Gesture, board: Size) -> Outcome;

    /// Handles a key press (the page keeps Ctrl+Z and Ctrl+Y for undo and
    /// redo); `board` is what [`Game::board_size`] returned.
    fn key(&mut self, key: Key, board: Size) -> Outcome;

    /// Advances clocks, animations and time-sliced work to `now_ms` (a
    /// monotonic clock in milliseconds). `redraw` in the result asks for
    /// another frame; `changed` means moves were played (an auto-complete)
    /// and the game should be saved.
    fn tick(&mut self, _now_ms: f64) -> Outcome {
        Outcome::nothing()
    }

    /// The player prefers reduced motion: skip or shorten animations.
    fn set_reduced_motion(&mut self, _on: bool) {}

    /// The theme to draw in.
    fn set_theme(&mut self, _theme: Theme) {}

    /// The page's clock (milliseconds, monotonic) to time the computers'
    /// and solvers' slices of work by; natively there is none, and slices
    /// follow the frames ([`crate::shell::think::Thinker::timed`]).
    fn set_work_clock(&mut self, _clock: Option<WorkClock>) {}

    /// The page's helper, to answer the game's questions away from the
    /// page's thread ([`crate::shell::helper`]); natively there is none.
    fn set_helper(&mut self, _helper: Helper) {}

    /// Whether a computer player is thinking about its move: the page then
    /// offers Move now.
    fn thinking(&self) -> bool {
        false
    }

    /// Asks the thinking computer to play its best move so far now.
    fn move_now(&mut self) -> Outcome {
        Outcome::nothing()
    }

    /// The game as the body of a link that replays it: its start, when not
    /// the deal's own, and its moves (framed and checked by `host::link`).
    fn link_body(&self) -> Vec<u8> {
        Vec::new()
    }

    /// Replaces the game by the one in a link's body, dealt from this game's
    /// seed under its settings, every move checked; returns how many moves
    /// it played.
    fn open_link_body(&mut self, _body: &[u8]) -> Result<usize, StateError> {
        Err(StateError("this game cannot be opened from a link".into()))
    }

    /// Statistics for the current mode, as label–value rows, if the game keeps any.
    fn stats(&self) -> Option<Vec<(String, String)>> {
        None
    }

    /// Forgets the statistics.
    fn reset_stats(&mut self) -> Outcome {
        Outcome::nothing()
    }

    /// Takes what the game keeps from one game to the next (statistics,
    /// streaks, the daily games won) from another game's save text
    /// ([`Game::save`]), leaving this game's own play as it is: a game
    /// brought back from aside goes on with the player's latest figures.
    /// On error nothing changes.
    fn adopt_keeps(&mut self, _state: &str) -> Result<(), StateError> {
        Ok(())
    }

    /// How the game ended, once it has.
    fn ending(&self) -> Option<Ending> {
        None
    }

    /// The score by seat, where the game keeps one (see
    /// [`GameDef::scores`](crate::shell::def::GameDef::scores)).
    fn scores(&self) -> Vec<i32> {
        Vec::new()
    }

    /// The moves played so far, oldest first, in the game's notation.
    fn moves(&self) -> Vec<String> {
        Vec::new()
    }

    /// The game as records to copy, one per format: (format name, text).
    fn records(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// Replaces the game with one read from a record in any of the formats of
    /// [`Game::records`]. On error the game is unchanged.
    fn load_record(&mut self, _text: &str) -> Result<Outcome, String> {
        Err("this game has no records".into())
    }

    /// Whether [`Game::undo`] would do anything.
    fn can_undo(&self) -> bool;
    /// Takes back the last move.
    fn undo(&mut self) -> Outcome;
    /// Whether [`Game::redo`] would do anything.
    fn can_redo(&self) -> bool;
    /// Plays again the last move taken back.
    fn redo(&mut self) -> Outcome;

    /// Suggests a move, or says there is none.
    fn hint(&mut self) -> Outcome;

    /// One line for the status bar: score, time, whose turn, …
    fn status(&self) -> String;

    /// The pages of the rules help, in reading order: paths under `rules/`
    /// without `.txt` (`klondike/westcliff`). The pages are static files of
    /// plain paragraphs separated by blank lines (`www/rules/`), fetched when
    /// the player opens the rules, so that they cost the first load nothing.
    fn rules_pages(&self) -> Vec<String>;

    /// The whole state, options included, as save text (postcard bytes in
    /// base64; see [`crate::shell::codec`]).
    fn save(&self) -> String;

    /// Replaces the whole state with a saved one (text from [`Game::save`]).
    /// On error the game is unchanged.
    fn load(&mut self, state: &str) -> Result<(), StateError>;
}
