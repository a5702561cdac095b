//! The solver's cuts never lose a win: on small random positions its verdict
//! agrees with a plain breadth-first search over the rules engine's own legal
//! moves, for every build rule, run rule, space rule and dealing it accepts.
#![cfg(not(target_arch = "wasm32"))]

use parlour::klondike::cards::{Card, Rank, Suit};
use parlour::klondike::rules::{Build, Column, Fill, Passes, Rules, Runs, State};
use parlour::klondike::solver::{solve, Limits, Verdict};
use parlour::util::rng::Rng;
use parlour::Seed;
use std::collections::HashSet;

/// What exhaustive play found.
#[derive(Debug, PartialEq)]
enum Truth {
    Won,
    Lost,
    TooBig,
}

/// Every position reachable by legal moves, breadth first, up to `budget`.
fn exhaustive(start: &State, budget: usize) -> Truth {
    let mut seen = HashSet::from([start.digest()]);
    let mut queue = vec![start.clone()];
    while let Some(s) = queue.pop() {
        if s.is_won() {
            return Truth::Won;
        }
        for mv in s.legal_moves() {
            let mut next = s.clone();
            if next.play(mv).is_err() {
                continue;
            }
            if seen.insert(next.digest()) {
                if seen.len() > budget {
                    return Truth::TooBig;
                }
                queue.push(next);
            }
        }
    }
    Truth::Lost
}

/// The cards from rank `low` up of every suit, dealt at random onto short
/// piles (up to six cards, mostly all but the top face down) and the stock;
/// the lower ranks are on the foundations.
fn position(rng: &mut Rng, rules: Rules, low: u8) -> State {
    let mut cards: Vec<Card> = Suit::ALL
        .into_iter()
        .flat_map(|s| (low..=13).filter_map(move |r| Rank::new(r).map(|r| Card::new(r, s))))
        .collect();
    rng.shuffle(&mut cards);
    let mut rest = cards.into_iter();
    let tableau: Vec<Column> = (0..rules.tableau)
        .map(|_| {
            let n = rng.below(7) as usize;
            let pile: Vec<Card> = rest.by_ref().take(n).collect();
            // Mostly Klondike's shape, the top card alone face up.
            let down = match pile.len() {
                0 => 0,
                len if rng.below(4) > 0 => len as u8 - 1,
                len => rng.below(len as u64) as u8,
            };
            Column { cards: pile, down }
        })
        .collect();
    let stock: Vec<Card> = rest.collect();
    let mut s = State::new(rules, tableau, stock);
    s.foundations = vec![low - 1; 4];
    s.check_cards().expect("every card once");
    s
}

fn check(name: &str, rules: Rules, low: u8, positions: u64) {
    let mut rng = Rng::new(Seed(0x5eed ^ u64::from(low)));
    let (mut won, mut lost) = (0, 0);
    for i in 0..positions {
        let s = position(&mut rng, rules, low);
        let limits = Limits {
            nodes: 200_000,
            table_slots: 1 << 16,
        };
        let verdict = solve(&s, limits).expect("supported rules").verdict;
        let truth = exhaustive(
            &s,
            std::env::var("SOUND_BUDGET")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(20_000),
        );
        match (&verdict, &truth) {
            (Verdict::Winnable(line), Truth::Won) => {
                let mut replay = s.clone();
                for &mv in line {
                    replay.play(mv).expect("the winning line is legal");
                }
                assert!(replay.is_won(), "{name} #{i}: the line does not win");
                won += 1;
            }
            (Verdict::Unwinnable, Truth::Lost) => lost += 1,
            (Verdict::Unknown, _) | (_, Truth::TooBig) => {
                if std::env::var("SOUND_DEBUG").is_ok() {
                    eprintln!("{name} #{i}: {verdict:?} {truth:?}");
                }
            }
            _ => panic!("{name} #{i}: solver says {verdict:?}, play says {truth:?}\n{s:?}"),
        }
    }
    // Both answers must have been compared often enough to mean something.
    assert!(won >= 5 && lost >= 3, "{name}: {won} won, {lost} lost");
}

fn rules(build: Build, runs: Runs, fill: Fill, draw: u8, passes: Passes) -> Rules {
    Rules {
        build,
        runs,
        fill,
        draw,
        passes,
        tableau: 5,
        // Taking cards back from the foundations would bring every lower
        // card into play and make the exhaustive search too big to finish.
        from_foundation: false,
        ..Rules::default()
    }
}

#[test]
fn alternating_colours_kings_to_spaces() {
    for (draw, passes) in [
        (1, Passes::Unlimited),
        (3, Passes::Unlimited),
        (3, Passes::Limited(2)),
    ] {
        let r = rules(Build::AlternateColour, Runs::Any, Fill::King, draw, passes);
        check("klondike", r, 8, 120);
    }
}

#[test]
fn any_suit_but_its_own() {
    // With any card to a space, too few deals are lost to compare.
    for (draw, passes) in [(1, Passes::Unlimited), (3, Passes::Limited(1))] {
        let r = rules(Build::AnySuitButOwn, Runs::Any, Fill::King, draw, passes);
        check("thumb and pouch", r, 8, 120);
    }
}

#[test]
fn same_colour_with_runs_of_one_suit() {
    let r = rules(
        Build::SameColour,
        Runs::SameSuit,
        Fill::Any,
        1,
        Passes::Unlimited,
    );
    check("whitehead", r, 8, 120);
}
