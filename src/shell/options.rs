//! A game's options as the shell sees them: each option's URL name, label and
//! choices, and the checked values a game holds.

use crate::shell::codec::StateError;
use crate::util::string_map::StringMap;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One value an option may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The value as written in URLs and saves.
    pub value: &'static str,
    /// The value as shown in the settings panel.
    pub label: &'static str,
}

impl Choice {
    /// A choice from its value and label.
    pub const fn new(value: &'static str, label: &'static str) -> Self {
        Choice { value, label }
    }
}

/// A game option, described for the shell: the settings panel, the URL and the
/// mount API all read and write options through these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The URL parameter name, e.g. `draw`.
    pub key: &'static str,
    /// The settings-panel label.
    pub label: &'static str,
    /// The values it may take.
    pub choices: &'static [Choice],
    /// The value a new player starts with.
    pub default: &'static str,
    /// Whether changing it deals a new game (a rule) or not (a display preference).
    pub restarts: bool,
    /// Whether a link to the game names it: the rules and who plays do; a
    /// preference of the player's own (card colours, a left-handed table)
    /// does not, and is kept with the saves only.
    pub in_link: bool,
}

impl OptionSpec {
    /// Checks that `value` is one of the choices and returns its canonical form.
    pub fn check(&self, value: &str) -> Result<&'static str, OptionError> {
        self.index(value).map(|i| self.choices[i].value)
    }

    /// Which of the choices `value` is.
    pub fn index(&self, value: &str) -> Result<usize, OptionError> {
        self.choices
            .iter()
            .position(|c| c.value == value)
            .ok_or_else(|| OptionError::BadValue {
                key: self.key.to_owned(),
                value: value.to_owned(),
                expected: self
                    .choices
                    .iter()
                    .map(|c| c.value)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

/// Finds the spec for `key` in `specs`.
pub fn find_spec<'a>(specs: &'a [OptionSpec], key: &str) -> Result<&'a OptionSpec, OptionError> {
    specs
        .iter()
        .find(|s| s.key == key)
        .ok_or_else(|| OptionError::UnknownKey(key.to_owned()))
}

/// A game's options as text, always valid for their specs: what saves and
/// URLs hold. Games read their typed settings from it
/// ([`crate::shell::settings::Settings::from_options`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OptionText {
    values: StringMap,
}

impl OptionText {
    /// Every option at its default.
    pub fn defaults(specs: &[OptionSpec]) -> Self {
        OptionText {
            values: specs
                .iter()
                .map(|s| (s.key.to_owned(), s.default.to_owned()))
                .collect(),
        }
    }

    /// The value of `key`, in the canonical form its spec gives.
    pub fn get(&self, specs: &'static [OptionSpec], key: &str) -> Option<&'static str> {
        let spec = find_spec(specs, key).ok()?;
        let value = self.values.get(key).map_or(spec.default, String::as_str);
        spec.check(value).ok()
    }

    /// Sets `key` to `value` after checking both against `specs`.
    pub fn set(&mut self, specs: &[OptionSpec], key: &str, value: &str) -> Result<(), OptionError> {
        let value = find_spec(specs, key)?.check(value)?;
        self.values.insert(key.to_owned(), value.to_owned());
        Ok(())
    }

    /// Every option and its value, in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Checks values that came from outside (a save): every key known, every value
    /// allowed. Missing keys take their defaults, so a newer option does not
    /// invalidate an older save.
    pub fn validated(self, specs: &[OptionSpec]) -> Result<Self, OptionError> {
        let mut out = OptionText::defaults(specs);
        for (k, v) in self.values.iter() {
            out.set(specs, k, v)?;
        }
        Ok(out)
    }
}

/// Why an option could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// The game has no option of that name.
    UnknownKey(String),
    /// The value is not one the option takes.
    BadValue {
        /// The option.
        key: String,
        /// What was given.
        value: String,
        /// The accepted values, comma-separated.
        expected: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownKey(k) => write!(f, "unknown parameter '{k}'"),
            OptionError::BadValue {
                key,
                value,
                expected,
            } => write!(
                f,
                "parameter '{key}' must be one of {expected}, not '{value}'"
            ),
        }
    }
}

impl std::error::Error for OptionError {}

impl From<OptionError> for StateError {
    fn from(e: OptionError) -> Self {
        StateError(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: OptionSpec = OptionSpec {
        key: "draw",
        label: "Draw",
        choices: &[
            Choice {
                value: "1",
                label: "One",
            },
            Choice {
                value: "3",
                label: "Three",
            },
        ],
        default: "3",
        restarts: true,
        in_link: true,
    };

    #[test]
    fn options_keep_only_valid_values() {
        const SPECS: &[OptionSpec] = &[SPEC];
        let mut o = OptionText::defaults(SPECS);
        assert_eq!(o.get(SPECS, "draw"), Some("3"));
        o.set(SPECS, "draw", "1").unwrap();
        assert_eq!(o.get(SPECS, "draw"), Some("1"));
        assert!(o.set(SPECS, "draw", "4").is_err());
        assert!(o.set(SPECS, "pass", "1").is_err());
        assert_eq!(o.get(SPECS, "draw"), Some("1"));
        let read = |pairs: &[(&str, &str)]| -> OptionText {
            let map: std::collections::BTreeMap<String, String> = pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect();
            crate::shell::codec::state_from_text(&crate::shell::codec::state_to_text(&map)).unwrap()
        };
        assert_eq!(
            read(&[]).validated(SPECS).unwrap(),
            OptionText::defaults(SPECS)
        );
        let bad = read(&[("draw", "9")]);
        assert!(bad.validated(SPECS).is_err());
    }

    #[test]
    fn option_specs_check_values() {
        assert_eq!(SPEC.check("1"), Ok("1"));
        let err = SPEC.check("2").unwrap_err();
        assert_eq!(
            err.to_string(),
            "parameter 'draw' must be one of 1, 3, not '2'"
        );
        assert!(find_spec(&[SPEC], "drew").is_err());
    }
}
