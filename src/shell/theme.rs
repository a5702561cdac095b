//! Themes: the player's choice of light, dark or high contrast, and what it
//! resolves to once the system's own preference is known.

use std::fmt;
use std::str::FromStr;

/// How the page is drawn: what a view reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Dark chrome around the game's own table colours.
    #[default]
    Dark,
    /// Light chrome around the game's own table colours.
    Light,
    /// Black, white and yellow, with the table's lines at full strength.
    Contrast,
}

impl Theme {
    /// The name the style sheet knows it by (`data-theme` on the instance).
    pub fn slug(self) -> &'static str {
        match self {
            Theme::Dark => "dark",
            Theme::Light => "light",
            Theme::Contrast => "contrast",
        }
    }

    /// The colour around the board, matching the style sheet's background.
    pub fn backdrop(self) -> &'static str {
        match self {
            Theme::Dark => "#14181d",
            Theme::Light => "#e9edf1",
            Theme::Contrast => "#000000",
        }
    }
}

/// What the player picked: a theme, or whatever the system prefers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ThemeChoice {
    /// Follow `prefers-color-scheme` and `prefers-contrast`.
    #[default]
    System,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
    /// Always high contrast.
    Contrast,
}

/// What the system says it prefers, as the browser reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SystemPrefs {
    /// `prefers-color-scheme: light`.
    pub light: bool,
    /// `prefers-contrast: more` (or forced colours).
    pub more_contrast: bool,
}

impl ThemeChoice {
    /// Every choice, in the order a menu lists them.
    pub const ALL: [ThemeChoice; 4] = [
        ThemeChoice::System,
        ThemeChoice::Light,
        ThemeChoice::Dark,
        ThemeChoice::Contrast,
    ];

    /// The value stored and shown in a menu's `value`.
    pub fn slug(self) -> &'static str {
        match self {
            ThemeChoice::System => "system",
            ThemeChoice::Light => "light",
            ThemeChoice::Dark => "dark",
            ThemeChoice::Contrast => "contrast",
        }
    }

    /// The words a menu shows.
    pub fn label(self) -> &'static str {
        match self {
            ThemeChoice::System => "As the system",
            ThemeChoice::Light => "Light",
            ThemeChoice::Dark => "Dark",
            ThemeChoice::Contrast => "High contrast",
        }
    }

    /// The theme to draw with, given what the system prefers.
    pub fn resolve(self, system: SystemPrefs) -> Theme {
        match self {
            ThemeChoice::Light => Theme::Light,
            ThemeChoice::Dark => Theme::Dark,
            ThemeChoice::Contrast => Theme::Contrast,
            ThemeChoice::System if system.more_contrast => Theme::Contrast,
            ThemeChoice::System if system.light => Theme::Light,
            ThemeChoice::System => Theme::Dark,
        }
    }
}

/// A theme name that is not one of [`ThemeChoice::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "unknown theme '{}': expected system, light, dark or contrast",
            self.0
        )
    }
}

impl std::error::Error for UnknownTheme {}

impl FromStr for ThemeChoice {
    type Err = UnknownTheme;

    fn from_str(s: &str) -> Result<Self, UnknownTheme> {
        ThemeChoice::ALL
            .into_iter()
            .find(|c| c.slug() == s)
            .ok_or_else(|| UnknownTheme(s.chars().take(40).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_choice_follows_the_system() {
        let none = SystemPrefs::default();
        let light = SystemPrefs {
            light: true,
            more_contrast: false,
        };
        let contrast = SystemPrefs {
            light: true,
            more_contrast: true,
        };
        assert_eq!(ThemeChoice::System.resolve(none), Theme::Dark);
        assert_eq!(ThemeChoice::System.resolve(light), Theme::Light);
        assert_eq!(ThemeChoice::System.resolve(contrast), Theme::Contrast);
        // A choice of the player's own wins over the system's.
        assert_eq!(ThemeChoice::Dark.resolve(contrast), Theme::Dark);
        assert_eq!(ThemeChoice::Light.resolve(none), Theme::Light);
    }

    #[test]
    fn names_round_trip_and_a_bad_one_is_named() {
        for c in ThemeChoice::ALL {
            assert_eq!(c.slug().parse::<ThemeChoice>(), Ok(c));
        }
        let err = "sepia".parse::<ThemeChoice>().unwrap_err();
        assert!(err.to_string().contains("'sepia'"), "{err}");
    }
}
