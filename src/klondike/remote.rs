//! The solver asked from another thread: the page's Web Worker, which runs
//! the summary search (and, for the members it does not cover, the
//! explicit search, for longer than the page's own, or the general search)
//! so that the page's own module need not carry them.
//!
//! The page posts a [`question`]: the position as save text (postcard in
//! base64, as both sides are this crate at the same version). Still, the
//! worker checks what it is sent as it would a save, and a question it
//! cannot take gets a plain refusal. The worker's [`answer`] is a line in
//! [`Answer`]'s notation, which the page reads with [`read_answer`] and the
//! moves' own parser (on a refusal, the page judges the position itself).
//! Decoding a verdict as postcard would cost the page's module a few
//! hundred bytes more.

use super::coach;
use super::solver::{self, Found, Judgement, Limits, Solver};
use crate::klondike::rules::{Move, State};
use crate::shell::codec::{state_from_text, state_to_text};
use std::fmt;

/// Milliseconds the worker searches a position before answering "unknown":
/// enough for all but about one deal in a thousand (BENCHMARKS.md, "In the
/// browser"), in a thread of its own, so the page never waits on it.
pub const WORKER_MS: f64 = 30_000.0;

/// What the worker answers, written as text: `won` and the moves of a win
/// in the rules' notation, one after another (none where the position is
/// won already), `lost`, `unknown`, `deeper`, or `refused` and why. The page
/// judges each position anew after a move, and its hints keep to the line
/// while the game follows it ([`super::plan::Plan`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The search's verdict, and where the position is won, the winning
    /// line (its first move is the verdict's).
    Solved(Judgement, Vec<Move>),
    /// Undecided within the first [`Round`]'s positions, with time to
    /// spare: a question for the [`Round::Deeper`] one may decide it.
    Deeper,
    /// The question could not be taken, and why.
    Refused(String),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Refused(why) => write!(f, "refused {why}"),
            Answer::Deeper => f.write_str("deeper"),
            Answer::Solved(j, line) => match j.found {
                Found::Winnable => {
                    f.write_str("won")?;
                    let moves = if line.is_empty() {
                        j.first.as_slice()
                    } else {
                        &line[..]
                    };
                    moves.iter().try_for_each(|mv| write!(f, " {mv}"))
                }
                Found::Unwinnable => f.write_str("lost"),
                Found::Unknown => f.write_str("unknown"),
            },
        }
    }
}

/// The most slots the worker's table grows to: 64 MB, in a thread of its own
/// that only hard deals fill (most deals take a few thousand positions).
pub const WORKER_TABLE_SLOTS: usize = 1 << 23;

/// Which of the worker's two searches of a position a question asks for.
/// The summary search has one, within [`WORKER_MS`]. The explicit and the
/// general search count positions, so that a verdict is the same on every
/// machine: a first round of a second or two, so that a hint need not
/// wait, then, for a position it leaves undecided, a deeper one, while the
/// indicator says it is still checking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    /// Within [`WORKER_NODES`] (the general search's [`GENERAL_NODES`]).
    First,
    /// Within [`DEEPER_NODES`] ([`GENERAL_DEEPER_NODES`]).
    Deeper,
}

/// How a question for [`Round::Deeper`] begins (save text never has a space).
const DEEPER: &str = "deeper ";

/// The question the worker is posted: the position, as save text, asked
/// for `round`.
pub fn question(state: &State, round: Round) -> String {
    let text = state_to_text(state);
    match round {
        Round::First => text,
        Round::Deeper => format!("{DEEPER}{text}"),
    }
}

/// The worker's side: reads a question, searches (reading `clock`, in
/// milliseconds, between slices), and writes the answer.
pub fn answer(question: &str, clock: impl Fn() -> f64) -> String {
    let (round, text) = match question.strip_prefix(DEEPER) {
        Some(text) => (Round::Deeper, text),
        None => (Round::First, question),
    };
    match state_from_text::<State>(text) {
        Err(e) => Answer::Refused(e.0),
        Ok(state) => solve(&state, round, clock),
    }
    .to_string()
}

fn solve(state: &State, round: Round, clock: impl Fn() -> f64) -> Answer {
    if let Err(e) = state.validate() {
        return Answer::Refused(format!("the position cannot be played: {e}"));
    }
    let deadline = clock() + WORKER_MS;
    let budget = match round {
        Round::First => JUDGING,
        Round::Deeper => JUDGING_DEEPER,
    };
    match searcher(state, budget, WORKER_TABLE_SLOTS) {
        Ok((mut solver, deepens)) => {
            let verdict = solver.run_until(deadline, &clock).verdict;
            if verdict == solver::Verdict::Unknown
                && deepens
                && round == Round::First
                && clock() < deadline
            {
                return Answer::Deeper;
            }
            let mut judged: Judgement = (&verdict).into();
            let line = match verdict {
                solver::Verdict::Winnable(line) => coach::coached_line(state, line, wins_by),
                _ => Vec::new(),
            };
            judged.first = line.first().copied();
            Answer::Solved(judged, line)
        }
        Err(e) => Answer::Refused(e.to_string()),
    }
}

/// Positions the worker's explicit search walks, where the summary search
/// does not cover the rules: a budget of positions, so that its verdict is
/// the same on every machine, and one that keeps a hint waiting for it a
/// second or two.
pub const WORKER_NODES: u64 = 1_000_000;

/// Positions the worker's general search walks (the members neither other
/// search expresses): fewer, as each costs it about three times as much.
pub const GENERAL_NODES: u64 = 300_000;

/// Positions the worker's explicit search walks in its [`Round::Deeper`]:
/// at most about twelve seconds in Chromium on the machine of BENCHMARKS.md
/// ("The worker's deeper round"), well within [`WORKER_MS`].
pub const DEEPER_NODES: u64 = 12_000_000;

/// Positions each of the worker's searches may walk.
#[derive(Clone, Copy)]
struct Budget {
    summary: u64,
    explicit: u64,
    /// (Read only where the build has the general search.)
    #[cfg_attr(not(feature = "general-search"), allow(dead_code))]
    general: u64,
}

/// The worker's budget for judging a position, in its first round.
const JUDGING: Budget = Budget {
    summary: u64::MAX,
    explicit: WORKER_NODES,
    general: GENERAL_NODES,
};

/// Positions the worker's general search walks in its [`Round::Deeper`]
/// (with one deck: Joker Solitaire): they decide 24 of the 78 deals of
/// 1-100 its first round leaves, in about 15 seconds in Chromium at most
/// (BENCHMARKS.md, "The worker's deeper round").
pub const GENERAL_DEEPER_NODES: u64 = 3_000_000;

/// The worker's budget in its deeper round.
const JUDGING_DEEPER: Budget = Budget {
    summary: u64::MAX,
    explicit: DEEPER_NODES,
    general: GENERAL_DEEPER_NODES,
};

/// The worker's search of `state`: the summary search where it covers the
/// rules, else the explicit search, else the general one, each within its
/// share of `budget`; and whether a [`Round::Deeper`] has more positions
/// for it (the explicit search's, and the general search's with one deck).
fn searcher(
    state: &State,
    budget: Budget,
    table_slots: usize,
) -> Result<(Solver, bool), solver::Unsupported> {
    let limits = |nodes| Limits { nodes, table_slots };
    if let Some(s) = Solver::summary(state, limits(budget.summary)) {
        return Ok((s, false));
    }
    let explicit = Solver::explicit_or_rows(state, limits(budget.explicit)).map(|s| (s, true));
    #[cfg(feature = "general-search")]
    let explicit = explicit.or_else(|_| {
        // With two or three decks (Easthaven), the deeper round decided
        // none of deals 1-20 its first round left: it would only keep
        // the indicator checking.
        let deepens = state.rules.decks == 1;
        Solver::general(state, limits(budget.general)).map(|s| (s, deepens))
    });
    explicit
}

/// Positions the worker searches to check that a natural move keeps a deal
/// winnable, before it offers it instead of the solver's first move: a
/// budget of positions, not time, so a hint is the same on any machine.
pub const COACH_NODES: u64 = 20_000;

/// The winning line the worker's search finds at `next` within
/// [`COACH_NODES`], if it finds one.
fn wins_by(next: &State) -> Option<Vec<Move>> {
    let budget = Budget {
        summary: COACH_NODES,
        explicit: COACH_NODES,
        general: COACH_NODES,
    };
    let (mut s, _) = searcher(next, budget, 1 << 16).ok()?;
    match s.run_until(f64::INFINITY, || 0.0).verdict {
        solver::Verdict::Winnable(line) => Some(line),
        _ => None,
    }
}

/// A helper's port that answers in the asker's own thread, at once: for
/// native play that judges as the page with its workers does (the browser
/// tests' mirrors of the page's game). Give a game
/// `Helper::new(Rc::new(Here))` ([`crate::shell::Game::set_helper`]).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug, Default)]
pub struct Here;

#[cfg(not(target_arch = "wasm32"))]
impl crate::shell::helper::Port for Here {
    fn post(
        &self,
        desk: u32,
        message: &str,
        _replacing: bool,
        mail: &crate::shell::helper::Mailbox,
    ) -> bool {
        let start = std::time::Instant::now();
        let clock = || start.elapsed().as_secs_f64() * 1000.0;
        if let Some(reply) = crate::shell::helper::reply(message, |q| answer(q, clock)) {
            mail.deliver(desk, &reply);
        }
        true
    }

    fn close(&self, _desk: u32) {}
}

/// A helper that answers here, at once ([`Here`]).
#[cfg(not(target_arch = "wasm32"))]
pub fn here() -> crate::shell::helper::Helper {
    crate::shell::helper::Helper::new(std::rc::Rc::new(Here))
}

/// The page's side: reads the worker's answer (refusals included), or
/// `None` if it is not one: the verdict and, where the position is won, the
/// winning line.
pub fn read_answer(text: &str) -> Option<Answer> {
    if let Some(why) = text.strip_prefix("refused ") {
        return Some(Answer::Refused(why.to_owned()));
    }
    let mut words = text.split(' ');
    let found = match words.next()? {
        "won" => Found::Winnable,
        "lost" => Found::Unwinnable,
        "unknown" => Found::Unknown,
        "deeper" => return words.next().is_none().then_some(Answer::Deeper),
        _ => return None,
    };
    let line = words
        .map(|w| w.parse().ok())
        .collect::<Option<Vec<Move>>>()?;
    if found != Found::Winnable && !line.is_empty() {
        return None;
    }
    let first = line.first().copied();
    Some(Answer::Solved(Judgement { found, first }, line))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::klondike::rules::Rules;
    use crate::util::rng::Seed;
    use std::cell::Cell;

    fn deal(seed: u64, draw: u8) -> State {
        State::deal(
            Rules {
                draw,
                ..Rules::default()
            },
            Seed(seed),
        )
    }

    #[test]
    fn a_question_gets_the_verdict_the_solver_gives_here() {
        for (seed, draw) in [(536, 3), (1, 3), (2, 1)] {
            let state = deal(seed, draw);
            let got =
                read_answer(&answer(&question(&state, Round::First), || 0.0)).expect("decodes");
            let limits = Limits {
                nodes: u64::MAX,
                table_slots: WORKER_TABLE_SLOTS,
            };
            let want = crate::klondike::solver::solve(&state, limits).expect("supported");
            // The line is the solver's, or one from a more natural first
            // move that keeps the deal winnable, as the worker picks it;
            // it wins.
            let mut judged: Judgement = (&want.verdict).into();
            let line = match want.verdict {
                solver::Verdict::Winnable(line) => coach::coached_line(&state, line, wins_by),
                _ => Vec::new(),
            };
            judged.first = line.first().copied();
            let mut played = state.clone();
            for &mv in &line {
                played.play(mv).expect("the line plays");
            }
            assert_eq!(
                played.is_won(),
                judged.found == Found::Winnable,
                "deal {seed}"
            );
            assert_eq!(got, Answer::Solved(judged, line), "deal {seed}");
        }
    }

    #[test]
    fn the_clock_ends_a_search_with_unknown() {
        // Deal 536 by threes takes over a hundred thousand positions; a clock
        // that leaps past the budget at each look stops it at the first.
        let ms = Cell::new(0.0);
        let clock = || {
            ms.set(ms.get() + WORKER_MS + 1.0);
            ms.get()
        };
        match read_answer(&answer(&question(&deal(536, 3), Round::First), clock)) {
            Some(Answer::Solved(
                Judgement {
                    found: Found::Unknown,
                    first: None,
                },
                line,
            )) if line.is_empty() => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_position_the_first_round_leaves_undecided_is_asked_deeper() {
        use crate::klondike::variant::Variant;
        // Whitehead deal 269, the explicit search's: won in about 1,060,000
        // positions, just past the first round's million. Joker Solitaire
        // deal 1, the general search's: won in about 549,000, past its
        // first round's 300,000.
        let deal =
            |variant: Variant, seed| State::deal(variant.rules(Rules::default()), Seed(seed));
        for (state, name) in [
            (deal(Variant::Whitehead, 269), "Whitehead 269"),
            (deal(Variant::Joker, 1), "Joker 1"),
        ] {
            let ask = |round| read_answer(&answer(&question(&state, round), || 0.0));
            assert_eq!(ask(Round::First), Some(Answer::Deeper), "{name}");
            assert_won_by(&state, ask(Round::Deeper), name);
        }
        // With two decks the general search has no deeper round: its
        // first round's "unknown" stands.
        let rules = Variant::Easthaven.rules(Rules {
            decks: 2,
            ..Rules::default()
        });
        let two_decks = State::deal(rules, Seed(1));
        let first = read_answer(&answer(&question(&two_decks, Round::First), || 0.0));
        assert!(
            matches!(first, Some(Answer::Solved(ref j, _)) if j.found == Found::Unknown),
            "{first:?}"
        );
        // A first round the clock ends is unknown: no deeper round would
        // have more time.
        let state = deal(Variant::Whitehead, 269);
        let ms = Cell::new(0.0);
        let clock = || {
            ms.set(ms.get() + WORKER_MS + 1.0);
            ms.get()
        };
        let first = read_answer(&answer(&question(&state, Round::First), clock));
        assert!(
            matches!(first, Some(Answer::Solved(ref j, _)) if j.found == Found::Unknown),
            "{first:?}"
        );
    }

    #[test]
    fn bad_questions_are_refused_in_words() {
        let refused = |text: &str| match read_answer(&answer(text, || 0.0)) {
            Some(Answer::Refused(why)) => why,
            other => panic!("{other:?}"),
        };
        assert!(refused("").contains("does not decode"));
        assert!(refused("%%").contains("not base64"));
        let mut bytes = postcard::to_allocvec(&deal(1, 3)).expect("encodes");
        bytes.push(0);
        let text = crate::shell::codec::base64_encode(&bytes);
        assert!(refused(&text).contains("too many"));
        let mut state = deal(1, 3);
        state.tableau[0].cards.push(state.stock[0]);
        assert!(refused(&question(&state, Round::First)).contains("cannot be played"));
        // Double Solitaire is a two-player game, not a patience to solve.
        let double = crate::klondike::variant::Variant::DoubleSolitaire;
        let state = State::deal(double.rules(Rules::default()), Seed(3));
        assert!(refused(&question(&state, Round::First)).contains("two players"));
    }

    #[test]
    fn members_the_summary_search_does_not_cover_are_judged_too() {
        use crate::klondike::variant::Variant;
        // Whitehead deal 68: beyond the page's own budget, within the worker's
        // (won in about 511,000 positions).
        let whitehead = State::deal(Variant::Whitehead.rules(Rules::default()), Seed(68));
        let here = crate::klondike::solver::solve_explicit(
            &whitehead,
            Limits {
                nodes: super::super::table::JUDGE_NODES,
                table_slots: super::super::table::JOB_TABLE_SLOTS,
            },
        );
        assert_eq!(here.map(|r| r.verdict), Ok(solver::Verdict::Unknown));
        // Agnes (ranks that wrap, reserves) by the summary search, and the
        // members neither it nor the explicit search express, by the
        // general search.
        let quick = crate::klondike::fixtures::GENERAL_QUICK_WINS;
        let others = [(Variant::Whitehead, 68), (Variant::Agnes, 4)];
        for (variant, seed) in others.into_iter().chain(quick) {
            let state = State::deal(variant.rules(Rules::default()), Seed(seed));
            let got = read_answer(&answer(&question(&state, Round::First), || 0.0));
            assert_won_by(&state, got, &format!("{variant:?} {seed}"));
        }
    }

    /// Asserts that `got` says `state` is won, by a line that starts with
    /// the verdict's first move and wins when played.
    fn assert_won_by(state: &State, got: Option<Answer>, what: &str) {
        match got {
            Some(Answer::Solved(
                Judgement {
                    found: Found::Winnable,
                    first: Some(mv),
                },
                line,
            )) => {
                assert_eq!(line.first(), Some(&mv), "{what}");
                let mut played = state.clone();
                for &mv in &line {
                    played.play(mv).expect("the line plays");
                }
                assert!(played.is_won(), "{what}: the line wins");
            }
            other => panic!("{what}: {other:?}"),
        }
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn a_helper_here_answers_at_once() {
        use crate::shell::helper::Reply;
        let desk = here().desk();
        let ticket = desk
            .ask(|| question(&deal(3, 1), Round::First))
            .expect("asked");
        let lost = Judgement {
            found: Found::Unwinnable,
            first: None,
        };
        assert_eq!(
            desk.answer(&ticket),
            Reply::Answered(Answer::Solved(lost, Vec::new()).to_string())
        );
    }

    #[test]
    fn answers_read_back_as_written() {
        use crate::klondike::rules::Move;
        let solved = |found, line: Vec<Move>| {
            let first = line.first().copied();
            Answer::Solved(Judgement { found, first }, line)
        };
        for a in [
            solved(Found::Winnable, vec![Move::WasteToTableau(3)]),
            solved(
                Found::Winnable,
                vec![
                    Move::Deal,
                    Move::WasteToFoundation,
                    Move::TableauToFoundation(2),
                ],
            ),
            solved(Found::Winnable, Vec::new()),
            solved(Found::Unwinnable, Vec::new()),
            solved(Found::Unknown, Vec::new()),
            Answer::Deeper,
            Answer::Refused("the rules cannot be played: no piles".into()),
        ] {
            assert_eq!(read_answer(&a.to_string()), Some(a));
        }
    }

    #[test]
    fn an_answer_that_is_not_one_is_an_error() {
        for bad in [
            "",
            "won xyz",
            "won T1-T2 zz",
            "won  T1-T2",
            "lost 3",
            "lost D",
            "maybe",
            "deeper T1-T2",
            "deeper ",
        ] {
            assert_eq!(read_answer(bad), None, "{bad:?}");
        }
    }
}
