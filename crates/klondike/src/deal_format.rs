//! The deal text format: read with precise errors, written back exactly.
//!
//! ```text
//! # Klondike deal, seed 42        (a comment: from # to the end of the line)
//! variant: westcliff              optional, first: the family member (default klondike)
//! decks: 2                        optional, after the variant: decks shuffled together
//! T1: 5C                          one line per tableau pile, bottom card first;
//! T2: 7D 8H                       the last card of each pile is the face-up one,
//! T3: 2S 9D / QC 4H               unless a '/' ends the face-down cards
//! …
//! R1: 4D 9S                       reserve piles (Agnes), bottom first, R1 … Rn
//! foundations: 5H                 cards already on the foundations (Agnes' base card)
//! stock: AS 2D …                  the stock, top card (the first dealt) first
//! player: 2                       Double Solitaire: the second player's piles and
//! T1: …                           stock follow, in the same form
//! ```
//!
//! Cards are a rank from `A23456789TJQK` and a suit from `CDHS`. The piles must
//! come in order `T1` … `Tn` (n = the variant's tableau count), then the
//! reserves `R1` … `Rk` if the variant has any, and with the foundations and
//! the stock hold every card of the deck exactly once (once per deck where
//! the variant takes several: Easthaven with 2 or 3 decks has 8 or 12 piles).
//! Foundation cards must run up by suit from the base (the first card's
//! rank); with several decks a card goes on the first foundation of its suit
//! that needs it. In Double Solitaire each player's section holds their own
//! deck, every card once.

use super::cards::Card;
use super::rules::{Column, Rules, Shape, Side, State, Variant, MAX_DECKS};
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

/// Reads a deal. `rules` carries the dealing and scoring settings; a
/// `variant:` line applies that variant to them.
pub fn parse(text: &str, rules: Rules) -> Result<State, DealError> {
    let mut rules = rules;
    let mut tableau: Vec<Column> = Vec::new();
    let mut reserves: Vec<Vec<Card>> = Vec::new();
    let mut foundations: Option<Vec<Card>> = None;
    let mut stock: Option<Vec<Card>> = None;
    let mut variant = rules.variant;
    let mut named_variant = false;
    // Double Solitaire: the first player's piles and stock, once read.
    let mut first: Option<(Vec<Column>, Vec<Card>)> = None;
    // Per card: how many times it was met, and the line of the last time.
    let mut seen = [(0u8, 0usize); Card::KINDS];
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
        if label == "player" && rules.players == 2 && first.is_none() && rest.trim() == "2" {
            let Some(theirs) = stock.take() else {
                let want = "the first player's 'stock:' line before 'player: 2'";
                return Err(err(line_no, Some(label), want));
            };
            all_there(&rules, &seen)?;
            first = Some((std::mem::take(&mut tableau), theirs));
            seen = [(0, 0); Card::KINDS];
            continue;
        }
        if stock.is_some() {
            if rules.players == 2 && first.is_none() {
                return Err(err(
                    line_no,
                    Some(label),
                    "'player: 2' after the first stock",
                ));
            }
            return Err(err(line_no, Some(label), "nothing after the 'stock:' line"));
        }
        if label == "variant" {
            if !tableau.is_empty() {
                return Err(err(line_no, Some(label), "'variant:' before the piles"));
            }
            if named_variant {
                return Err(err(line_no, Some(label), "one 'variant:' line"));
            }
            named_variant = true;
            let name = rest.trim();
            let v: Variant = name.parse().map_err(|e: super::variant::UnknownVariant| {
                err(line_no, Some(name), e.to_string())
            })?;
            rules = v.rules(rules);
            variant = v;
            continue;
        }
        if label == "decks" {
            let n = rest.trim();
            let decks = n.parse::<u8>().ok().filter(|d| (1..=MAX_DECKS).contains(d));
            match decks {
                _ if !tableau.is_empty() => {
                    return Err(err(line_no, Some(label), "'decks:' before the piles"));
                }
                Some(decks) if variant.takes_decks(decks) => {
                    rules = variant.rules(Rules { decks, ..rules });
                }
                Some(_) => {
                    return Err(err(line_no, Some(n), format!("1: {variant} has one deck")));
                }
                None => {
                    let want = format!("a number of decks, 1 to {MAX_DECKS}");
                    return Err(err(line_no, Some(n), want));
                }
            }
            continue;
        }
        let mut cards = Vec::new();
        let mut down = None;
        for token in rest.split_whitespace() {
            if token == "/" && label.starts_with('T') && down.is_none() {
                down = Some(cards.len() as u8);
                continue;
            }
            let card: Card = token.parse().map_err(|_| {
                err(
                    line_no,
                    Some(token),
                    "a card such as TH (rank A23456789TJQK, suit CDHS)",
                )
            })?;
            if card.is_joker() && !rules.jokers {
                let want = "a card (jokers play only in Joker Solitaire)";
                return Err(err(line_no, Some(token), want));
            }
            let (times, last) = &mut seen[card.index()];
            if *times >= per_side(&rules, card) {
                let each = if rules.decks == 1 {
                    ""
                } else {
                    " of each deck"
                };
                return Err(err(
                    line_no,
                    Some(token),
                    format!("a card not already used{each} (it is on line {last})"),
                ));
            }
            *times += 1;
            *last = line_no;
            cards.push(card);
        }
        let piles = usize::from(rules.tableau);
        let want_pile = format!("T{}", tableau.len() + 1);
        let want_reserve = format!("R{}", reserves.len() + 1);
        let next_label = || {
            if tableau.len() < piles {
                format!("'{want_pile}:' (piles come in order)")
            } else if reserves.len() < usize::from(rules.reserves) {
                format!("'{want_reserve}:' (reserves come in order, after the piles)")
            } else {
                "'foundations:' or 'stock:' after the last pile".to_owned()
            }
        };
        match label {
            "stock" | "foundations" => {
                if tableau.len() < piles || reserves.len() < usize::from(rules.reserves) {
                    return Err(err(line_no, Some(label), next_label()));
                }
                if label == "stock" {
                    stock = Some(cards);
                } else if foundations.replace(cards).is_some() {
                    return Err(err(line_no, Some(label), "one 'foundations:' line"));
                }
            }
            l if l == want_pile && tableau.len() < piles => {
                if cards.is_empty() && !rules.face_up && rules.shape == Shape::Triangle {
                    return Err(err(
                        line_no,
                        None,
                        format!("at least one card on {want_pile}"),
                    ));
                }
                let down = down.unwrap_or(cards.len().saturating_sub(1) as u8);
                tableau.push(Column { cards, down });
            }
            l if l == want_reserve
                && tableau.len() == piles
                && reserves.len() < usize::from(rules.reserves) =>
            {
                reserves.push(cards);
            }
            _ => return Err(err(line_no, Some(label), next_label())),
        }
    }
    let Some(mut stock) = stock else {
        let what = if tableau.len() < usize::from(rules.tableau) {
            format!("pile T{}", tableau.len() + 1)
        } else {
            "a 'stock:' line".to_owned()
        };
        return Err(err(0, None, what));
    };
    all_there(&rules, &seen)?;
    stock.reverse();
    let mut state = match first {
        Some((piles, mut theirs)) => {
            theirs.reverse();
            let mut s = State::new(rules, piles, theirs);
            s.idle = Some(Side {
                tableau,
                stock,
                ..Side::default()
            });
            s
        }
        None if rules.players == 2 => {
            let want = "a 'player: 2' section: the second player's piles and stock";
            return Err(err(0, None, want));
        }
        None => State::new(rules, tableau, stock),
    };
    state.reserves = reserves;
    if let Some(cards) = foundations.filter(|f| !f.is_empty()) {
        let base = cards[0].rank();
        state.base = Some(base);
        for c in cards {
            let Some(f) = state.foundation_for(c) else {
                return Err(err(
                    0,
                    Some(&c.to_string()),
                    format!(
                        "foundation cards that run up by suit from the base, {}",
                        base.name()
                    ),
                ));
            };
            state.foundations[f.index()] += 1;
        }
    }
    state
        .validate()
        .map_err(|e| err(0, None, format!("a deal the rules can play ({e})")))?;
    Ok(state)
}

/// How many of `card` one section of a deal holds: one player's deck in
/// Double Solitaire, else the whole game's.
fn per_side(rules: &Rules, card: Card) -> u8 {
    if rules.players == 2 {
        rules.copies(card).min(1)
    } else {
        rules.copies(card)
    }
}

/// Checks that a section held every card it should, naming the first missing.
fn all_there(rules: &Rules, seen: &[(u8, usize); Card::KINDS]) -> Result<(), DealError> {
    let cards = (0..Card::KINDS as u8).filter_map(Card::from_index);
    let Some(c) = cards
        .into_iter()
        .find(|&c| seen[c.index()].0 < per_side(rules, c))
    else {
        return Ok(());
    };
    let all: usize = (0..Card::KINDS as u8)
        .filter_map(Card::from_index)
        .map(|c| usize::from(per_side(rules, c)))
        .sum();
    let each = if rules.players == 2 {
        " of each player"
    } else {
        ""
    };
    Err(err(
        0,
        None,
        format!("all {all} cards{each}: {c} is missing"),
    ))
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
    if state.rules.variant != Variant::Klondike {
        out.push_str(&format!("variant: {}\n", state.rules.variant));
    }
    if state.rules.decks > 1 && state.rules.variant.takes_decks(state.rules.decks) {
        out.push_str(&format!("decks: {}\n", state.rules.decks));
    }
    // Double Solitaire: the first player's half first, whoever is to play.
    let idle = state.idle.as_ref();
    let (mine, theirs) = match idle {
        Some(side) if state.turn == 1 => (
            (&side.tableau, &side.stock),
            Some((&state.tableau, &state.stock)),
        ),
        _ => (
            (&state.tableau, &state.stock),
            idle.map(|s| (&s.tableau, &s.stock)),
        ),
    };
    print_piles(&mut out, mine.0);
    for (i, r) in state.reserves.iter().enumerate() {
        let cards = join(&mut r.iter());
        let sep = if cards.is_empty() { "" } else { " " };
        out.push_str(&format!("R{}:{sep}{cards}\n", i + 1));
    }
    let on_foundations: Vec<Card> = state
        .rules
        .foundations()
        .flat_map(|f| {
            (0..state.foundation_len(f)).filter_map(move |i| state.foundation_card_at(f, i))
        })
        .collect();
    if !on_foundations.is_empty() {
        out.push_str(&format!(
            "foundations: {}\n",
            join(&mut on_foundations.iter())
        ));
    }
    out.push_str(&format!("stock: {}\n", join(&mut mine.1.iter().rev())));
    if let Some((piles, stock)) = theirs {
        out.push_str("player: 2\n");
        print_piles(&mut out, piles);
        out.push_str(&format!("stock: {}\n", join(&mut stock.iter().rev())));
    }
    out
}

fn join(cards: &mut dyn Iterator<Item = &Card>) -> String {
    cards.map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// The `T1:` … lines of a tableau.
fn print_piles(out: &mut String, tableau: &[Column]) {
    for (i, col) in tableau.iter().enumerate() {
        let down = usize::from(col.down).min(col.cards.len());
        if down + 1 == col.cards.len() {
            out.push_str(&format!("T{}: {}\n", i + 1, join(&mut col.cards.iter())));
        } else {
            let (hidden, shown) = col.cards.split_at(down);
            let hidden = join(&mut hidden.iter());
            let sep = if hidden.is_empty() { "/" } else { " /" };
            out.push_str(&format!(
                "T{}: {hidden}{sep} {}\n",
                i + 1,
                join(&mut shown.iter())
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Suit;
    use crate::rules::Foundation;
    use parlour_kit::rng::Seed;

    #[test]
    fn the_format_parses_what_it_prints() {
        for seed in 0..30 {
            let s = State::deal(Rules::default(), Seed(seed));
            let text = print(&s, Some(&format!("seed {seed}")));
            assert_eq!(parse(&text, Rules::default()), Ok(s));
        }
    }

    #[test]
    fn every_variant_round_trips() {
        for v in Variant::ALL {
            let rules = v.rules(Rules::default());
            let mut s = State::deal(rules, Seed(5));
            if rules.reserves > 0 {
                s.play(super::super::rules::Move::Deal).unwrap();
            }
            let text = print(&s, None);
            let mut back =
                parse(&text, Rules::default()).unwrap_or_else(|e| panic!("{v}: {e}\n{text}"));
            // The format keeps the layout, not the play so far.
            back.moves = s.moves;
            assert_eq!(back, s, "{v}");
        }
        let text = print(
            &State::deal(Variant::Somerset.rules(Rules::default()), Seed(1)),
            None,
        );
        assert!(text.starts_with("variant: somerset\nT1: "), "{text}");
        assert!(text.contains("\nT2: / "), "all face up: {text}");
        let e = parse("variant: spider\n", Rules::default()).unwrap_err();
        assert!(e.to_string().contains("'spider' is not a variant"), "{e}");
        let e = parse("T1: AS\nvariant: agnes\n", Rules::default()).unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn several_decks_round_trip_and_each_card_comes_once_per_deck() {
        let two = Variant::Easthaven.rules(Rules {
            decks: 2,
            ..Rules::default()
        });
        let mut s = State::deal(two, Seed(9));
        let text = print(&s, None);
        assert!(
            text.starts_with("variant: easthaven\ndecks: 2\nT1: "),
            "{text}"
        );
        assert!(
            text.contains("\nT8: ") && !text.contains("\nT9: "),
            "{text}"
        );
        assert_eq!(parse(&text, Rules::default()).as_ref(), Ok(&s));
        // Foundations with two of a suit come back as they were: take A♥ A♥
        // 2♥ 3♥ out of play and put them up, 3 on the first, 1 on the second.
        let hearts = |r: u8| Card::new(crate::cards::Rank::new(r).unwrap(), Suit::Hearts);
        for want in [hearts(1), hearts(1), hearts(2), hearts(3)] {
            if let Some(i) = s.stock.iter().position(|&c| c == want) {
                s.stock.remove(i);
                continue;
            }
            let col = s
                .tableau
                .iter_mut()
                .find(|col| col.cards.contains(&want))
                .unwrap();
            let i = col.cards.iter().position(|&c| c == want).unwrap();
            col.cards.remove(i);
            col.down = col.down.min(col.cards.len().saturating_sub(1) as u8);
        }
        s.foundations[Foundation::of(Suit::Hearts, 0).index()] = 3;
        s.foundations[Foundation::of(Suit::Hearts, 1).index()] = 1;
        s.check_cards().unwrap();
        let text = print(&s, None);
        assert!(text.contains("foundations: AH 2H 3H AH\n"), "{text}");
        assert_eq!(parse(&text, Rules::default()).as_ref(), Ok(&s), "{text}");

        let text = print(&State::deal(two, Seed(9)), None);
        let stock = text.lines().last().unwrap();
        let first = stock.split_whitespace().nth(1).unwrap();
        let e = parse(
            &text.replacen("stock: ", &format!("stock: {first} "), 1),
            Rules::default(),
        )
        .unwrap_err();
        assert!(e.expected.contains("of each deck"), "{e}");
        let e = parse(
            &text.replacen(&format!("stock: {first} "), "stock: ", 1),
            Rules::default(),
        )
        .unwrap_err();
        assert!(e.expected.starts_with("all 104 cards"), "{e}");
        let e = parse(&text.replacen("decks: 2", "decks: 4", 1), Rules::default()).unwrap_err();
        assert_eq!((e.line, e.token.as_deref()), (2, Some("4")));
        let e = parse("decks: 2\n", Rules::default()).unwrap_err();
        assert!(e.to_string().contains("klondike has one deck"), "{e}");
    }

    #[test]
    fn double_solitaire_has_a_section_per_player_each_with_one_deck() {
        let s = State::deal(Variant::DoubleSolitaire.rules(Rules::default()), Seed(4));
        let text = print(&s, None);
        let (one, two) = text.split_once("player: 2\n").expect("two sections");
        assert!(one.starts_with("variant: double-solitaire\nT1: "), "{text}");
        assert!(one.ends_with(&format!("stock: {}\n", join(&mut s.stock.iter().rev()))));
        assert!(
            two.starts_with("T1: ") && two.contains("\nstock: "),
            "{text}"
        );
        assert_eq!(parse(&text, Rules::default()).as_ref(), Ok(&s));
        let e = parse(one, Rules::default()).unwrap_err();
        assert!(e.expected.contains("'player: 2' section"), "{e}");
        // A card twice in one player's half is an error even though two decks play.
        let first = one
            .lines()
            .nth(1)
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap();
        let doubled = text.replacen("stock: ", &format!("stock: {first} "), 1);
        let e = parse(&doubled, Rules::default()).unwrap_err();
        assert!(e.expected.contains("a card not already used"), "{e}");
        let top = s.stock.last().unwrap();
        let short = text.replacen(&format!("stock: {top} "), "stock: ", 1);
        let e = parse(&short, Rules::default()).unwrap_err();
        assert!(e.to_string().contains("of each player"), "{e}");
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

        let e = error_for(|t| t.replacen("T1: ", "T1: BJ ", 1));
        assert_eq!((e.line, e.token.as_deref()), (1, Some("BJ")));
        assert!(e.expected.contains("only in Joker Solitaire"), "{e}");
        let joker = print(
            &State::deal(Variant::Joker.rules(Rules::default()), Seed(3)),
            None,
        );
        let e = parse(&joker.replacen("BJ", "", 1), Rules::default()).unwrap_err();
        assert!(e.expected.starts_with("all 54 cards: BJ is missing"), "{e}");
    }

    #[test]
    fn deal_files_the_rules_cannot_play_are_refused() {
        // A pile whose cards are all face down ("/" last).
        let e = error_for(|t| {
            let first = t.lines().nth(1).unwrap();
            t.replacen(first, &format!("{first} /"), 1)
        });
        assert!(e.expected.contains("none face up"), "{e}");
        // Two variant lines: the second would play on the first one's rules.
        let text = format!(
            "variant: westcliff\nvariant: agnes\n{}",
            print(&State::deal(Rules::default(), Seed(42)), None)
        );
        let e = parse(&text, Rules::default()).unwrap_err();
        assert_eq!((e.line, e.expected.as_str()), (2, "one 'variant:' line"));
    }

    #[test]
    fn plain_klondike_foundations_start_from_the_ace() {
        // A deal whose stock holds both cards, moved onto the foundations.
        let text = (0..)
            .map(|seed| print(&State::deal(Rules::default(), Seed(seed)), None))
            .find(|t| {
                let stock = t.lines().find(|l| l.starts_with("stock:")).unwrap_or("");
                stock.contains(" 5H") && stock.contains(" 6H")
            })
            .unwrap();
        let moved = |cards: &str| {
            let t = text.replacen(" 5H", "", 1).replacen(" 6H", "", 1);
            t.replacen("stock:", &format!("foundations: {cards}\nstock:"), 1)
        };
        let e = parse(&moved("5H 6H"), Rules::default()).unwrap_err();
        assert!(
            e.expected
                .contains("another rank than the rules' base, ace"),
            "{e}"
        );
        // Where a card sets the base (Agnes, Nine Across), any rank may.
        let agnes = moved("5H 6H").replacen("T1:", "variant: agnes\nT1:", 1);
        let e = parse(&agnes, Rules::default());
        assert!(
            e.as_ref()
                .map_or_else(|e| !e.expected.contains("base"), |_| true),
            "{e:?}"
        );
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
