//! A helper that answers a game's questions away from the page's thread.
//!
//! The web build installs one (Web Workers running the Klondike solver's
//! summary search); natively there is none, and a game that finds no helper
//! answers its questions itself. Questions and answers are text in a format
//! the game and the helper share (text, as the page already passes strings
//! to and from the browser: bytes would cost its module more glue).
//!
//! Each asker has its own [`Desk`] (in the page, its own worker): two games
//! on one page never cancel each other's questions. A desk takes **one
//! question at a time**: a new question replaces the one still pending at
//! that desk, whose asker learns it will get no answer and may answer it
//! itself. That suits what it is for, judging the position on screen, which
//! a move makes stale. Each message starts with its question's number and
//! a space, which the helper's [`reply`] repeats, so an answer to a replaced
//! question that arrives late is dropped, never taken for the new one's.

use std::cell::{Cell, RefCell};

/// A question handed to the helper; [`answer`] says what became of it.
#[derive(Debug, PartialEq, Eq)]
pub struct Ticket {
    desk: u32,
    number: u32,
}

/// What became of a question.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// The helper is still at it.
    Waiting,
    /// The helper's answer.
    Answered(String),
    /// There will be no answer: a newer question replaced it, or the helper
    /// failed (and is gone for the rest of the session).
    Unanswered,
}

/// The helper as the web layer installs it.
#[derive(Clone, Copy, Debug)]
pub struct Helper {
    /// Posts a message (a question's number and text) to a desk's helper,
    /// saying whether a question is pending there (which it replaces);
    /// false if it cannot be posted.
    pub post: fn(desk: u32, message: &str, replacing: bool) -> bool,
    /// The desk is gone: whatever serves it may stop.
    pub close: fn(desk: u32),
}

/// One asker's place at the helper: its own question at a time, which
/// another asker's never replaces. Each new desk has a number of its own;
/// a desk dropped closes.
#[derive(Debug)]
pub struct Desk(u32);

impl Default for Desk {
    fn default() -> Self {
        let n = NEXT_DESK.get();
        NEXT_DESK.set(n.wrapping_add(1));
        Desk(n)
    }
}

impl Drop for Desk {
    fn drop(&mut self) {
        // (At a thread's end the registers may be gone already: nothing to do.)
        let _ = DESKS.try_with(|d| {
            if let Ok(mut d) = d.try_borrow_mut() {
                d.retain(|s| s.desk != self.0);
            }
        });
        if let Some(h) = HELPER.try_with(Cell::get).ok().flatten() {
            (h.close)(self.0);
        }
    }
}

/// A desk's last question: its number, whether it awaits its answer, and
/// the answer in, until collected.
#[derive(Debug)]
struct Slot {
    desk: u32,
    number: u32,
    pending: bool,
    answered: Option<String>,
}

thread_local! {
    static HELPER: Cell<Option<Helper>> = const { Cell::new(None) };
    static NEXT_DESK: Cell<u32> = const { Cell::new(1) };
    static NEXT_NUMBER: Cell<u32> = const { Cell::new(1) };
    static DESKS: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
}

/// Installs the helper (the web layer, once a page is mounted).
pub fn install(helper: Helper) {
    HELPER.set(Some(helper));
}

/// Whether a helper is installed.
pub fn present() -> bool {
    HELPER.get().is_some()
}

/// Runs `f` on `desk`'s slot, added if new.
fn slot<T>(desk: u32, f: impl FnOnce(&mut Slot) -> T) -> T {
    DESKS.with_borrow_mut(|d| {
        let i = match d.iter().position(|s| s.desk == desk) {
            Some(i) => i,
            None => {
                d.push(Slot {
                    desk,
                    number: 0,
                    pending: false,
                    answered: None,
                });
                d.len() - 1
            }
        };
        f(&mut d[i])
    })
}

/// Asks the helper, at `desk`, the question `question` writes (only if
/// there is a helper to ask); `None` if there is none or it cannot be
/// reached, and the caller answers it itself.
pub fn ask(desk: &Desk, question: impl FnOnce() -> String) -> Option<Ticket> {
    let helper = HELPER.get()?;
    let number = NEXT_NUMBER.get();
    NEXT_NUMBER.set(number.wrapping_add(1));
    // Pending before it is posted: a helper in this thread may answer at once.
    let replacing = slot(desk.0, |s| {
        let was = s.pending;
        (s.number, s.pending, s.answered) = (number, true, None);
        was
    });
    if (helper.post)(desk.0, &format!("{number} {}", question()), replacing) {
        Some(Ticket {
            desk: desk.0,
            number,
        })
    } else {
        fail();
        None
    }
}

/// What became of the question `ticket` stands for (its answer is given once).
pub fn answer(ticket: &Ticket) -> Reply {
    slot(ticket.desk, |s| {
        match (s.number == ticket.number, s.pending) {
            (true, true) => Reply::Waiting,
            (true, false) => s.answered.take().map_or(Reply::Unanswered, Reply::Answered),
            _ => Reply::Unanswered,
        }
    })
}

/// The web layer's side: a message from `desk`'s helper, written by
/// [`reply`]. The answer to the desk's pending question is kept for its
/// asker; any other is dropped.
pub fn deliver(desk: u32, message: &str) {
    if let Some((number, answer)) = split(message) {
        slot(desk, |s| {
            if s.pending && s.number == number {
                s.pending = false;
                s.answered = Some(answer.to_owned());
            }
        });
    }
}

/// The web layer's side: the helper failed. Every pending question will
/// get no answer, and no more questions are posted.
pub fn fail() {
    HELPER.set(None);
    DESKS.with_borrow_mut(|d| d.iter_mut().for_each(|s| s.pending = false));
}

/// The helper's side: the reply to a posted message, its question answered
/// by `answer`; nothing if the message is not one.
pub fn reply(message: &str, answer: impl FnOnce(&str) -> String) -> Option<String> {
    let (number, question) = split(message)?;
    Some(format!("{number} {}", answer(question)))
}

/// A message's question number and the rest.
fn split(message: &str) -> Option<(u32, &str)> {
    let (number, rest) = message.split_once(' ')?;
    Some((number.parse().ok()?, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// What the test's helper was posted: desk, message, whether it replaced one.
        static LOG: RefCell<Vec<(u32, String, bool)>> = const { RefCell::new(Vec::new()) };
        /// The desks closed.
        static CLOSED: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    }

    /// Installs a helper that records what it is posted.
    fn recording() {
        install(Helper {
            post: |desk, q, replacing| {
                LOG.with_borrow_mut(|l| l.push((desk, q.to_owned(), replacing)));
                true
            },
            close: |desk| CLOSED.with_borrow_mut(|c| c.push(desk)),
        });
    }

    fn posted(i: usize) -> (u32, String, bool) {
        LOG.with_borrow(|l| l[i].clone())
    }

    /// The helper's reply to the `i`th message posted, delivered to its
    /// desk: the question, reversed.
    fn answer_posted(i: usize) {
        let (desk, message, _) = posted(i);
        let r = reply(&message, |q| q.chars().rev().collect()).expect("a message");
        deliver(desk, &r);
    }

    #[test]
    fn with_no_helper_the_asker_answers_itself() {
        assert!(!present());
        assert_eq!(ask(&Desk::default(), || "q".into()), None);
    }

    #[test]
    fn an_answer_goes_to_the_pending_question_once() {
        recording();
        let desk = Desk::default();
        let t = ask(&desk, || "q1".into()).expect("posted");
        assert_eq!(answer(&t), Reply::Waiting);
        let (d, message, replacing) = posted(0);
        assert_eq!((d, replacing), (desk.0, false));
        assert!(message.ends_with(" q1"), "{message}");
        answer_posted(0);
        assert_eq!(answer(&t), Reply::Answered("1q".into()));
        assert_eq!(answer(&t), Reply::Unanswered, "given once");
    }

    #[test]
    fn a_new_question_replaces_the_pending_one_at_its_desk() {
        recording();
        let desk = Desk::default();
        let first = ask(&desk, || "q1".into()).expect("posted");
        let second = ask(&desk, || "q2".into()).expect("posted");
        assert_eq!(answer(&first), Reply::Unanswered);
        assert!(posted(1).2, "the helper is told it replaces one");
        // The first question's answer, late, is not taken for the second's.
        answer_posted(0);
        assert_eq!(answer(&second), Reply::Waiting);
        answer_posted(1);
        // A newer question, answered, does not replace a pending one.
        let third = ask(&desk, || "q3".into()).expect("posted");
        assert!(!posted(2).2);
        assert_eq!(
            answer(&second),
            Reply::Unanswered,
            "uncollected, then replaced"
        );
        // A stray answer, or a message too short to be one, is dropped.
        answer_posted(1);
        deliver(desk.0, "3");
        deliver(desk.0, "x 3");
        assert_eq!(answer(&third), Reply::Waiting);
        answer_posted(2);
        assert_eq!(answer(&third), Reply::Answered("3q".into()));
    }

    #[test]
    fn two_desks_never_replace_each_others_questions() {
        recording();
        let (left, right) = (Desk::default(), Desk::default());
        let a = ask(&left, || "left".into()).expect("posted");
        let b = ask(&right, || "right".into()).expect("posted");
        assert!(!posted(1).2, "the right desk replaced nothing");
        assert_ne!(posted(0).0, posted(1).0, "each to its own desk");
        answer_posted(1);
        answer_posted(0);
        assert_eq!(answer(&a), Reply::Answered("tfel".into()));
        assert_eq!(answer(&b), Reply::Answered("thgir".into()));
        // An answer delivered to the wrong desk is dropped.
        let c = ask(&left, || "again".into()).expect("posted");
        let (_, message, _) = posted(2);
        deliver(right.0, &reply(&message, |q| q.into()).unwrap());
        assert_eq!(answer(&c), Reply::Waiting);
        let gone = left.0;
        drop(left);
        assert_eq!(
            CLOSED.with_borrow(Vec::clone),
            [gone],
            "a dropped desk closes"
        );
    }

    #[test]
    fn a_failed_helper_is_gone() {
        recording();
        let desk = Desk::default();
        let t = ask(&desk, || "q".into()).expect("posted");
        fail();
        assert_eq!(answer(&t), Reply::Unanswered);
        assert!(!present());
        assert_eq!(ask(&desk, || "q".into()), None);
    }

    #[test]
    fn a_helper_that_cannot_post_is_gone() {
        install(Helper {
            post: |_, _, _| false,
            close: |_| {},
        });
        assert_eq!(ask(&Desk::default(), || "q".into()), None);
        assert!(!present());
    }

    #[test]
    fn reply_needs_a_question_number() {
        assert_eq!(reply("abc", |_| String::new()), None);
        assert_eq!(reply("x y", |_| String::new()), None);
        assert_eq!(reply("7 ", |q| q.to_owned()), Some("7 ".into()));
    }
}
