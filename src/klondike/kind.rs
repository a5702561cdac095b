//! Klondike as the shell knows it: the type its declaration
//! ([`super::def`]) is made on, and the game as the screen's files see it.
//! A leaf, so that the declaration imports the screen's files and none of
//! them imports the declaration.

use crate::shell::def::View;

/// Klondike's declaration (its `GameDef` is in [`super::def`]).
#[derive(Clone, Copy, Debug)]
pub struct KlondikeDef;

/// The game as Klondike's screen files see it: read-only.
pub type Game<'a> = View<'a, KlondikeDef>;
