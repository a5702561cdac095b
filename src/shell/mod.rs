//! What every game is built on, knowing no particular game: the page-facing
//! contract ([`game`]), the rules-level trait ([`position`]), what a game
//! declares ([`def`]) and the generic shell that hosts it ([`driver`]), the
//! way a computer thinks ([`think`]), typed settings ([`settings`],
//! [`options`]), input gestures, painting, board geometry and the save codec.

pub mod cheer;
pub mod codec;
pub mod daily;
pub mod def;
pub mod drag;
pub mod driver;
pub mod game;
pub mod geom;
pub mod helper;
pub mod input;
pub mod options;
pub mod paint;
pub mod record;
pub mod settings;
pub mod theme;

/// The rules-level trait and the computer's sliced search come from the
/// engines' kit ([`parlour_kit`]), so that the engines need no shell.
pub use parlour_kit::{position, think};

pub use codec::StateError;
pub use game::{Cue, Game, Outcome};
pub use options::{Choice, OptionError, OptionSpec, OptionText};
