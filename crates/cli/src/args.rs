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

/// Reads a file, or standard input for `-`: at most [`MAX_TEXT`] bytes,
/// the most any of the parsers reads. One byte more is read to tell a text
/// at the limit from a longer one, which is refused without reading on, so
/// `/dev/zero` or an endless pipe costs a mebibyte, not all memory.
///
/// [`MAX_TEXT`]: parlour::util::text_lines::MAX_TEXT
pub fn read_input(path: &str) -> Result<String, String> {
    if path == "-" {
        read_bounded(std::io::stdin().lock(), "stdin")
    } else {
        let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
        read_bounded(file, path)
    }
}

/// Reads at most [`MAX_TEXT`](parlour::util::text_lines::MAX_TEXT) bytes of
/// UTF-8 from `from`, named `name` in errors.
fn read_bounded(from: impl std::io::Read, name: &str) -> Result<String, String> {
    use parlour::util::text_lines::MAX_TEXT;
    use std::io::Read;
    let mut bytes = Vec::new();
    from.take(MAX_TEXT as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: {e}"))?;
    if bytes.len() > MAX_TEXT {
        return Err(format!(
            "{name}: longer than {} KiB, more than any game or position; nothing was read past that",
            MAX_TEXT / 1024
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("{name}: not UTF-8 text"))
}
