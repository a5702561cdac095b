//! The `key: value` line texts the games read (Phutball positions and
//! records, dominoes positions and records): one reader, one error type.
//!
//! `#` starts a comment that runs to the end of the line; blank lines are
//! skipped; keys and values are trimmed.

use std::fmt;

/// What is wrong with a text, and on which line (from 1; 0 for the text as a whole).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for LineError {}

/// A [`LineError`] on `line` (0: the whole text).
pub fn line_error(line: usize, message: impl Into<String>) -> LineError {
    LineError {
        line,
        message: message.into(),
    }
}

/// `text` with an ASCII first letter in capitals ("draw 1, …" → "Draw 1,
/// …"). ASCII only: Unicode's case tables would cost kilobytes of the
/// first load, and every text capitalised is English.
pub fn capitalised(text: &str) -> String {
    let mut s = text.to_owned();
    if let Some(first) = s.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    s
}

/// The longest text of `key: value` lines read (a record of a long match
/// is a few kilobytes).
pub const MAX_TEXT: usize = 1 << 20;
/// The most `key: value` lines read.
pub const MAX_KEYS: usize = 1_000;

/// The `key: value` lines of `text`, each as (line number from 1, key,
/// value), or the first line that has no `:`. Texts over [`MAX_TEXT`]
/// bytes or [`MAX_KEYS`] lines are refused.
pub fn key_values(text: &str) -> Result<Vec<(usize, &str, &str)>, LineError> {
    if text.len() > MAX_TEXT {
        return Err(line_error(
            0,
            format!("the text is over {} KiB", MAX_TEXT / 1024),
        ));
    }
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        if out.len() == MAX_KEYS {
            return Err(line_error(i + 1, format!("more than {MAX_KEYS} lines")));
        }
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (key, value) = line
            .split_once(':')
            .ok_or_else(|| line_error(i + 1, format!("'{line}' is not a 'key: value' line")))?;
        out.push((i + 1, key.trim(), value.trim()));
    }
    Ok(out)
}

/// The paragraphs of a text whose paragraphs are separated by blank lines
/// (as the pages of the games' rules help are written), each with its inner line breaks kept.
pub fn paragraphs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut para = String::new();
    for line in text.split('\n').chain([""]) {
        if line.trim().is_empty() {
            if !para.is_empty() {
                out.push(std::mem::take(&mut para));
            }
        } else {
            if !para.is_empty() {
                para.push('\n');
            }
            para.push_str(line);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn capitalised_raises_an_ascii_first_letter() {
        assert_eq!(super::capitalised("draw 1, x"), "Draw 1, x");
        assert_eq!(super::capitalised("Westcliff"), "Westcliff");
        assert_eq!(super::capitalised(""), "");
        assert_eq!(super::capitalised("é"), "é");
    }

    use super::*;

    #[test]
    fn rules_text_splits_into_paragraphs_at_blank_lines() {
        assert_eq!(
            paragraphs("One.\nStill one.\n\nTwo.\n\n\n  \nThree.\n"),
            ["One.\nStill one.", "Two.", "Three."]
        );
        assert!(paragraphs("").is_empty());
    }

    #[test]
    fn lines_split_at_the_first_colon_and_comments_and_blanks_go() {
        let text = "a: 1  # one\n\n   # only a comment\nb:x:y\nc:\n";
        assert_eq!(
            key_values(text),
            Ok(vec![(1, "a", "1"), (4, "b", "x:y"), (5, "c", "")])
        );
        let e = key_values("a: 1\nnonsense\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: 'nonsense' is not a 'key: value' line"
        );
        assert_eq!(line_error(0, "no ball").to_string(), "no ball");
    }
}
