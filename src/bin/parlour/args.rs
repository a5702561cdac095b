//! A small argument reader: flags with values, switches, and positional words.

use std::collections::BTreeMap;

/// A command-line mistake, shown with the usage.
pub struct UsageError(pub String);

/// Parsed arguments of one command.
pub struct Args {
    values: BTreeMap<String, String>,
    switches: Vec<String>,
    /// Words that are not flags, in order.
    pub positional: Vec<String>,
}

impl Args {
    /// Reads `raw` given the flags that take a value and the switches that do not.
    pub fn parse(raw: &[String], valued: &[&str], switches: &[&str]) -> Result<Args, UsageError> {
        let mut out = Args {
            values: BTreeMap::new(),
            switches: Vec::new(),
            positional: Vec::new(),
        };
        let mut it = raw.iter();
        while let Some(a) = it.next() {
            if valued.contains(&a.as_str()) {
                let v = it
                    .next()
                    .ok_or_else(|| UsageError(format!("{a} needs a value")))?;
                out.values.insert(a.clone(), v.clone());
            } else if switches.contains(&a.as_str()) {
                out.switches.push(a.clone());
            } else if a.starts_with("--") {
                return Err(UsageError(format!("unknown argument '{a}'")));
            } else {
                out.positional.push(a.clone());
            }
        }
        Ok(out)
    }

    /// The value of a flag, if given.
    pub fn value(&self, flag: &str) -> Option<&str> {
        self.values.get(flag).map(String::as_str)
    }

    /// Whether a switch was given.
    pub fn has(&self, switch: &str) -> bool {
        self.switches.iter().any(|s| s == switch)
    }

    /// The value of a flag parsed with `parse`, or `default`.
    pub fn parsed<T>(
        &self,
        flag: &str,
        default: T,
        parse: impl Fn(&str) -> Option<T>,
    ) -> Result<T, UsageError> {
        match self.value(flag) {
            None => Ok(default),
            Some(v) => parse(v).ok_or_else(|| UsageError(format!("{flag}: '{v}' is not valid"))),
        }
    }

    /// A number in `range`, or `default` when the flag is absent; anything
    /// else is refused with the range it must be in.
    pub fn number_in<T>(
        &self,
        flag: &str,
        default: T,
        range: std::ops::RangeInclusive<T>,
    ) -> Result<T, UsageError>
    where
        T: std::str::FromStr + PartialOrd + std::fmt::Display,
    {
        match self.value(flag) {
            None => Ok(default),
            Some(v) => v.parse().ok().filter(|n| range.contains(n)).ok_or_else(|| {
                UsageError(format!(
                    "{flag}: '{v}' is not a number from {} to {}",
                    range.start(),
                    range.end()
                ))
            }),
        }
    }
}

/// Reads a file, or standard input for `-`.
pub fn read_input(path: &str) -> Result<String, String> {
    use std::io::Read;
    if path == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("stdin: {e}"))?;
        Ok(text)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
    }
}
