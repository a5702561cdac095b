//! What every game is built on, knowing no particular game: the page-facing
//! contract, options, the way a computer thinks, input gestures, painting,
//! board geometry, undo history and the state codec.

pub mod codec;
pub mod def;
pub mod driver;
pub mod game;
pub mod geom;
pub mod history;
pub mod input;
pub mod options;
pub mod paint;
pub mod position;
pub mod settings;
pub mod think;

pub use game::{Game, Outcome, StateError};
pub use options::{Choice, OptionError, OptionSpec, OptionText};
