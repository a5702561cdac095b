//! The deal text format: read with precise errors, written back exactly.
//!
//! ```text
//! # Klondike deal, seed 42        (a comment: from # to the end of the line)
//! T1: 5C                          one line per tableau pile, bottom card first;
//! T2: 7D 8H                       the last card of each pile is the face-up one
//! …
//! T7: 2S 9D QC 4H 6S TD KH
//! stock: AS 2D …                  the stock, top card (the first dealt) first
//! ```
//!
//! Cards are a rank from `A23456789TJQK` and a suit from `CDHS`. The piles must
//! come in order `T1` … `Tn` (n = the rules' tableau count) and, with the
//! stock, hold every card of the deck exactly once.

use super::cards::Card;
use super::rules::{Column, Rules, State};
use std::fmt;

/// Where and why a deal file is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealError {
    /// 1-based line number (0 when the problem is the file as a whole).
    pub line: usize,
    /// The offending token, if one is to blame.
    pub token: Option<String>,
    /// What was expected instead.
    pub expected: String,
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        match &self.token {
            Some(t) => write!(f, "unexpected '{t}': expected {}", self.expected),
            None => write!(f, "expected {}", self.expected),
        }
    }
}

impl std::error::Error for DealError {}

fn err(line: usize, token: Option<&str>, expected: impl Into<String>) -> DealError {
    DealError {
        line,
        token: token.map(str::to_owned),
        expected: expected.into(),
    }
}

/// Reads a deal under `rules`.
pub fn parse(text: &str, rules: Rules) -> Result<State, DealError> {
    let piles = usize::from(rules.tableau);
    let mut tableau: Vec<Column> = Vec::with_capacity(piles);
    let mut stock: Option<Vec<Card>> = None;
    let mut seen = [0usize; 52];
    for (n, raw) in text.lines().enumerate() {
        let line_no = n + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (label, rest) = line.split_once(':').ok_or_else(|| {
            err(
                line_no,
                line.split_whitespace().next(),
                "a label such as 'T1:' or 'stock:'",
            )
        })?;
        let label = label.trim();
        let mut cards = Vec::new();
        for token in rest.split_whitespace() {
            let card: Card = token.parse().map_err(|_| {
                err(
                    line_no,
                    Some(token),
                    "a card such as TH (rank A23456789TJQK, suit CDHS)",
                )
            })?;
            if seen[card.index()] != 0 {
                return Err(err(
                    line_no,
                    Some(token),
                    format!(
                        "a card not already used (it is on line {})",
                        seen[card.index()]
                    ),
                ));
            }
            seen[card.index()] = line_no;
            cards.push(card);
        }
        if stock.is_some() {
            return Err(err(line_no, Some(label), "nothing after the 'stock:' line"));
        }
        if label == "stock" {
            if tableau.len() != piles {
                return Err(err(
                    line_no,
                    Some(label),
                    format!("pile T{} before the stock", tableau.len() + 1),
                ));
            }
            stock = Some(cards);
            continue;
        }
        let want = format!("T{}", tableau.len() + 1);
        if label != want || tableau.len() == piles {
            let expected = if tableau.len() == piles {
                "'stock:' after the last pile".to_owned()
            } else {
                format!("'{want}:' (piles come in order)")
            };
            return Err(err(line_no, Some(label), expected));
        }
        if cards.is_empty() {
            return Err(err(line_no, None, format!("at least one card on {want}")));
        }
        let down = (cards.len() - 1) as u8;
        tableau.push(Column { cards, down });
    }
    let Some(mut stock) = stock else {
        let what = if tableau.len() < piles {
            format!("pile T{}", tableau.len() + 1)
        } else {
            "a 'stock:' line".to_owned()
        };
        return Err(err(0, None, what));
    };
    if let Some(i) = seen.iter().position(|&l| l == 0) {
        let missing = Card::from_index(i as u8)
            .map(|c| c.to_string())
            .unwrap_or_default();
        return Err(err(0, None, format!("all 52 cards: {missing} is missing")));
    }
    stock.reverse();
    Ok(State::new(rules, tableau, stock))
}

/// Writes the layout of `state` (its tableau and stock) in the deal format.
pub fn print(state: &State, comment: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(c) = comment {
        for line in c.lines() {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
    }
    let join = |cards: &mut dyn Iterator<Item = &Card>| {
        cards.map(ToString::to_string).collect::<Vec<_>>().join(" ")
    };
    for (i, col) in state.tableau.iter().enumerate() {
        out.push_str(&format!("T{}: {}\n", i + 1, join(&mut col.cards.iter())));
    }
    out.push_str(&format!("stock: {}\n", join(&mut state.stock.iter().rev())));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Seed;

    #[test]
    fn the_format_parses_what_it_prints() {
        for seed in 0..30 {
            let s = State::deal(Rules::default(), Seed(seed));
            let text = print(&s, Some(&format!("seed {seed}")));
            assert_eq!(parse(&text, Rules::default()), Ok(s));
        }
    }

    #[test]
    fn comments_and_blank_lines_are_ignored() {
        let s = State::deal(Rules::default(), Seed(1));
        let text = print(&s, None)
            .replace("T3:", "\n# hello\nT3:")
            .replace('\n', "   # trailing\n");
        assert_eq!(parse(&text, Rules::default()), Ok(s));
    }

    fn error_for(edit: impl Fn(String) -> String) -> DealError {
        let text = edit(print(&State::deal(Rules::default(), Seed(3)), None));
        parse(&text, Rules::default()).unwrap_err()
    }

    #[test]
    fn errors_name_the_line_the_token_and_what_was_expected() {
        let e = error_for(|t| t.replacen("T2: ", "T2: XX ", 1));
        assert_eq!((e.line, e.token.as_deref()), (2, Some("XX")));
        assert!(
            e.to_string()
                .starts_with("line 2: unexpected 'XX': expected a card"),
            "{e}"
        );

        let e = error_for(|t| t.replacen("T3:", "T4:", 1));
        assert_eq!((e.line, e.token.as_deref()), (3, Some("T4")));
        assert!(e.expected.contains("'T3:'"));

        let e = error_for(|t| t.replacen("T1:", "T1", 1));
        assert_eq!(e.line, 1);
        assert!(e.expected.contains("label"));

        let e = error_for(|t| {
            let first = t.split_whitespace().nth(1).unwrap().to_owned();
            t.replacen("stock: ", &format!("stock: {first} "), 1)
        });
        assert_eq!(e.line, 8);
        assert!(e.expected.contains("line 1"), "{e}");

        let e = error_for(|t| t.lines().take(7).collect::<Vec<_>>().join("\n"));
        assert_eq!(e.expected, "a 'stock:' line");

        let e = error_for(|t| {
            let mut lines: Vec<&str> = t.lines().collect();
            let stock = lines.pop().unwrap();
            let shorter: Vec<&str> = stock.split_whitespace().take(5).collect();
            let s = shorter.join(" ");
            lines.push(&s);
            lines.join("\n")
        });
        assert!(e.expected.starts_with("all 52 cards"), "{e}");
    }

    #[test]
    fn no_input_panics() {
        for text in [
            "",
            ":",
            "stock:",
            "T1:\nstock:",
            "T1: AS\nT1: 2S",
            "#only",
            "T9: AS",
            "\u{0}:\u{0}",
        ] {
            assert!(parse(text, Rules::default()).is_err(), "{text:?}");
        }
    }
}
