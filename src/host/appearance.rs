//! The player's choices about how every game looks, kept in the store beside
//! the saves: one small text record per instance namespace.

use crate::shell::theme::{ThemeChoice, UnknownTheme};
use std::fmt;

/// How the player wants every game to look.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Appearance {
    /// Light, dark, high contrast, or as the system prefers.
    pub theme: ThemeChoice,
    /// Sound effects: off unless the player turns them on (the sounds are
    /// fetched only then).
    pub sounds: bool,
}

/// Why a stored appearance record was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AppearanceError {
    /// A line is not `name=value`.
    NotAPair(usize),
    /// The theme is not one Parlour knows.
    Theme(UnknownTheme),
    /// Sounds are neither `on` nor `off`.
    Sounds(String),
    /// Longer than any record this build writes.
    TooLong,
}

impl fmt::Display for AppearanceError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            AppearanceError::NotAPair(line) => write!(f, "line {line} is not name=value"),
            AppearanceError::Theme(e) => e.fmt(f),
            AppearanceError::Sounds(v) => write!(f, "sounds are \"on\" or \"off\", not \"{v}\""),
            AppearanceError::TooLong => f.write_str("the record is too long"),
        }
    }
}

impl std::error::Error for AppearanceError {}

/// The longest record read; what this build writes is a few dozen bytes.
const MAX_LEN: usize = 1024;

impl Appearance {
    /// The stored form: one `name=value` line per choice.
    pub fn to_text(self) -> String {
        let sounds = if self.sounds { "on" } else { "off" };
        format!("theme={}\nsounds={sounds}\n", self.theme.slug())
    }

    /// Reads the stored form. Names this build does not know are skipped, so
    /// that a record written by a newer build still gives its theme.
    pub fn parse(text: &str) -> Result<Appearance, AppearanceError> {
        if text.len() > MAX_LEN {
            return Err(AppearanceError::TooLong);
        }
        let mut a = Appearance::default();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let (name, value) = line
                .split_once('=')
                .ok_or(AppearanceError::NotAPair(i + 1))?;
            match (name.trim(), value.trim()) {
                ("theme", v) => a.theme = v.parse().map_err(AppearanceError::Theme)?,
                ("sounds", "on") => a.sounds = true,
                ("sounds", "off") => a.sounds = false,
                ("sounds", v) => return Err(AppearanceError::Sounds(v.to_owned())),
                _ => {}
            }
        }
        Ok(a)
    }
}

/// Where an instance keeps its appearance record (see
/// [`save_key`](crate::host::save::save_key) for the saves beside it).
pub fn appearance_key(namespace: Option<&str>) -> String {
    match namespace {
        Some(ns) => format!("parlour:{ns}:appearance"),
        None => "parlour:appearance".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::host::save::save_key;

    #[test]
    fn every_choice_round_trips() {
        for theme in ThemeChoice::ALL {
            for sounds in [false, true] {
                let a = Appearance { theme, sounds };
                assert_eq!(Appearance::parse(&a.to_text()), Ok(a));
            }
        }
        assert!(!Appearance::default().sounds, "sounds are off at first");
        // A record from before sounds keeps them off.
        assert_eq!(
            Appearance::parse("theme=dark\n").map(|a| a.sounds),
            Ok(false)
        );
        assert_eq!(Appearance::parse(""), Ok(Appearance::default()));
    }

    #[test]
    fn unknown_names_are_skipped_and_bad_values_named() {
        let a = Appearance::parse("cards=large\ntheme=contrast\n").unwrap();
        assert_eq!(a.theme, ThemeChoice::Contrast);
        let e = Appearance::parse("theme=sepia").unwrap_err();
        assert!(e.to_string().contains("sepia"), "{e}");
        let e = Appearance::parse("sounds=loud").unwrap_err();
        assert_eq!(e, AppearanceError::Sounds("loud".into()));
        assert!(e.to_string().contains("\"loud\""), "{e}");
        assert_eq!(
            Appearance::parse("theme=dark\ngarbage"),
            Err(AppearanceError::NotAPair(2))
        );
        assert_eq!(
            Appearance::parse(&"x".repeat(2000)),
            Err(AppearanceError::TooLong)
        );
    }

    #[test]
    fn the_key_is_no_game_s_save_key() {
        for ns in [None, Some("shared")] {
            let key = appearance_key(ns);
            for kind in GameKind::ALL {
                assert_ne!(key, save_key(ns, kind));
            }
        }
    }
}
