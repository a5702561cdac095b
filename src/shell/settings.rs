//! Typed settings: each option is an enum whose URL name, label and choices
//! are written once, in one [`setting!`](crate::setting) declaration, and a
//! game's settings are a struct of them declared with
//! [`settings!`](crate::settings).
//!
//! The settings panel, the URL parameters and the saves read the options'
//! descriptions ([`OptionSpec`]) generated from those declarations; the rules
//! read the typed values, so a choice is matched once, exhaustively, and an
//! unknown value is an error, never a silent default.

use crate::shell::options::{Choice, OptionError, OptionSpec, OptionText};

#[doc(hidden)]
pub use serde as __serde;

/// One option: an enum of its choices.
pub trait Setting: Copy + PartialEq + Default + 'static {
    /// Its description: URL name, label, choices in declaration order, default.
    const SPEC: OptionSpec;
    /// Every value, in the order of `SPEC.choices`.
    const ALL: &'static [Self];

    /// The value's choice: its text and label.
    fn choice(self) -> &'static Choice {
        let i = Self::ALL.iter().position(|&v| v == self).unwrap_or(0);
        &Self::SPEC.choices[i]
    }

    /// The value as written in URLs and saves.
    fn text(self) -> &'static str {
        self.choice().value
    }

    /// The value as shown in the settings panel.
    fn label(self) -> &'static str {
        self.choice().label
    }

    /// Reads a value written by [`Setting::text`].
    fn parse(text: &str) -> Result<Self, OptionError> {
        // The index is found once, for every setting (the macro keeps
        // `ALL` in the order of the choices).
        let i = Self::SPEC.index(text)?;
        Ok(Self::ALL.get(i).copied().unwrap_or_default())
    }
}

/// A game's settings: a struct of [`Setting`]s.
pub trait Settings: Clone + Default + PartialEq + std::fmt::Debug + 'static {
    /// Every option's description, in panel order.
    const SPECS: &'static [OptionSpec];

    /// The value of option `key` as text.
    fn get(&self, key: &str) -> Option<&'static str>;

    /// Sets option `key` from its text.
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// Every option as text (what saves hold).
    fn to_options(&self) -> OptionText {
        let mut o = OptionText::defaults(Self::SPECS);
        for spec in Self::SPECS {
            if let Some(v) = self.get(spec.key) {
                // The value comes from the spec's own choices.
                let _ = o.set(Self::SPECS, spec.key, v);
            }
        }
        o
    }

    /// Reads options as text: every key known, every value allowed; missing
    /// keys take their defaults, so a newer option does not invalidate an
    /// older save.
    fn from_options(options: &OptionText) -> Result<Self, OptionError> {
        let mut s = Self::default();
        for (k, v) in options.iter() {
            s.set(k, v)?;
        }
        Ok(s)
    }

    /// The options whose values differ from their defaults, with labels
    /// (option label, choice label), leaving out the options in `except`.
    fn changed(&self, except: &[&str]) -> Vec<(&'static str, &'static str)> {
        Self::SPECS
            .iter()
            .filter(|spec| !except.contains(&spec.key))
            .filter_map(|spec| {
                let v = self.get(spec.key)?;
                (v != spec.default).then(|| {
                    let label = spec
                        .choices
                        .iter()
                        .find(|c| c.value == v)
                        .map_or(v, |c| c.label);
                    (spec.label, label)
                })
            })
            .collect()
    }
}

/// Declares one option as an enum, its URL name, label, choices and default
/// written once.
///
/// ```
/// parlour::setting! {
///     /// Cards turned from the stock at a time.
///     pub enum Draw {
///         key: "draw", label: "Draw", restarts: true, default: Three;
///         /// One card.
///         One = "1", "One card";
///         /// Three cards.
///         Three = "3", "Three cards";
///     }
/// }
/// use parlour::shell::settings::Setting;
/// assert_eq!(Draw::parse("1"), Ok(Draw::One));
/// assert_eq!(Draw::default().text(), "3");
/// assert!(Draw::parse("2").is_err());
/// ```
#[macro_export]
macro_rules! setting {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            key: $key:literal, label: $label:literal, restarts: $restarts:literal,
            $( link: $link:literal, )? default: $default:ident;
            $( $(#[$vmeta:meta])* $variant:ident = $value:literal, $vlabel:literal; )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )+
        }

        impl $name {
            const CHOICES: &'static [$crate::shell::options::Choice] =
                &[$( $crate::shell::options::Choice::new($value, $vlabel) ),+];
        }

        impl ::core::default::Default for $name {
            fn default() -> Self {
                $name::$default
            }
        }

        impl $crate::shell::settings::Setting for $name {
            const SPEC: $crate::shell::options::OptionSpec = $crate::shell::options::OptionSpec {
                key: $key,
                label: $label,
                choices: $name::CHOICES,
                default: $name::CHOICES[$name::$default as usize].value,
                restarts: $restarts,
                in_link: true $( && $link )?,
            };
            const ALL: &'static [Self] = &[$( $name::$variant ),+];
        }
    };
}

/// Declares a game's settings: a struct whose fields are [`Setting`]s, in
/// panel order, with its [`Settings`] implementation.
#[macro_export]
macro_rules! settings {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $( $(#[$fmeta:meta])* $field:ident: $ty:ty, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        $vis struct $name {
            $( $(#[$fmeta])* pub $field: $ty, )+
        }

        impl $crate::shell::settings::Settings for $name {
            const SPECS: &'static [$crate::shell::options::OptionSpec] =
                &[$( <$ty as $crate::shell::settings::Setting>::SPEC ),+];

            fn get(&self, key: &str) -> Option<&'static str> {
                $(
                    if key == <$ty as $crate::shell::settings::Setting>::SPEC.key {
                        return Some($crate::shell::settings::Setting::text(self.$field));
                    }
                )+
                None
            }

            fn set(
                &mut self,
                key: &str,
                value: &str,
            ) -> Result<(), $crate::shell::options::OptionError> {
                $(
                    if key == <$ty as $crate::shell::settings::Setting>::SPEC.key {
                        self.$field = <$ty as $crate::shell::settings::Setting>::parse(value)?;
                        return Ok(());
                    }
                )+
                Err($crate::shell::options::OptionError::UnknownKey(key.to_owned()))
            }
        }

        /// Saved as the options' text, so a save reads the same whatever
        /// the order of the fields; an unknown value is an error.
        impl $crate::shell::settings::__serde::Serialize for $name {
            fn serialize<S: $crate::shell::settings::__serde::Serializer>(
                &self,
                s: S,
            ) -> Result<S::Ok, S::Error> {
                $crate::shell::settings::__serde::Serialize::serialize(
                    &$crate::shell::settings::Settings::to_options(self),
                    s,
                )
            }
        }

        impl<'de> $crate::shell::settings::__serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::shell::settings::__serde::Deserializer<'de>>(
                d: D,
            ) -> Result<Self, D::Error> {
                let o = <$crate::shell::options::OptionText as $crate::shell::settings::__serde::Deserialize>::deserialize(d)?;
                <$name as $crate::shell::settings::Settings>::from_options(&o)
                    .map_err(<D::Error as $crate::shell::settings::__serde::de::Error>::custom)
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::setting! {
        /// Cards turned at a time.
        pub enum Draw {
            key: "draw", label: "Draw", restarts: true, default: Three;
            /// One.
            One = "1", "One card";
            /// Three.
            Three = "3", "Three cards";
        }
    }

    crate::setting! {
        /// Sounds.
        pub enum Sound {
            key: "sound", label: "Sound", restarts: false, default: Off;
            /// On.
            On = "on", "On";
            /// Off.
            Off = "off", "Off";
        }
    }

    crate::settings! {
        /// A game's settings.
        pub struct Test {
            /// Draw.
            draw: Draw,
            /// Sound.
            sound: Sound,
        }
    }

    #[test]
    fn a_setting_is_written_once_and_read_back() {
        assert_eq!(Draw::SPEC.default, "3");
        assert_eq!(Sound::SPEC.default, "off");
        for &d in Draw::ALL {
            assert_eq!(Draw::parse(d.text()), Ok(d));
        }
        assert_eq!(Draw::One.label(), "One card");
        let err = Draw::parse("2").unwrap_err();
        assert_eq!(
            err.to_string(),
            "parameter 'draw' must be one of 1, 3, not '2'"
        );
    }

    #[test]
    fn settings_read_and_write_their_options_and_refuse_strangers() {
        let mut s = Test::default();
        assert_eq!(Test::SPECS.len(), 2);
        assert_eq!(s.get("draw"), Some("3"));
        s.set("draw", "1").unwrap();
        assert_eq!(s.draw, Draw::One);
        assert!(s.set("draw", "4").is_err());
        assert!(matches!(
            s.set("drew", "1"),
            Err(OptionError::UnknownKey(_))
        ));
        assert_eq!(s.changed(&[]), [("Draw", "One card")]);
        assert!(s.changed(&["draw"]).is_empty());
        let back = Test::from_options(&s.to_options()).unwrap();
        assert_eq!(back, s);
    }
}
