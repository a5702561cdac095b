//! A helper that answers a game's questions away from the page's thread.
//!
//! The web build installs one (a Web Worker running the Klondike solver's
//! summary search); natively there is none, and a game that finds no helper
//! answers its questions itself. Questions and answers are text in a format
//! the game and the helper share (text, as the page already passes strings
//! to and from the browser: bytes would cost its module more glue).
//!
//! The helper takes **one question at a time**: a new question replaces the
//! one still pending, whose asker learns it will get no answer and may
//! answer it itself. That suits what it is for, judging the position on
//! screen, which a move makes stale. Each message starts with its
//! question's number and a space, which the helper's [`reply`] repeats, so
//! an answer to a replaced question that arrives late is dropped, never
//! taken for the new one's.

use std::cell::{Cell, RefCell};

/// A question handed to the helper; [`answer`] says what became of it.
#[derive(Debug, PartialEq, Eq)]
pub struct Ticket(u32);

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

/// Posts a message (a question's number and text) to the helper, saying
/// whether a question is pending (which it replaces); false if it cannot be
/// posted.
pub type Post = fn(&str, bool) -> bool;

thread_local! {
    static POST: Cell<Option<Post>> = const { Cell::new(None) };
    /// The last question's number, and whether it awaits its answer.
    static ISSUED: Cell<(u32, bool)> = const { Cell::new((0, false)) };
    /// The answer in to the last question, until collected.
    static ANSWERED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs the helper (the web layer, once a page is mounted).
pub fn install(post: Post) {
    POST.set(Some(post));
}

/// Whether a helper is installed.
pub fn present() -> bool {
    POST.get().is_some()
}

/// Asks the helper the question `question` writes (only if there is a
/// helper to ask); `None` if there is none or it cannot be reached, and the
/// caller answers it itself.
pub fn ask(question: impl FnOnce() -> String) -> Option<Ticket> {
    let post = POST.get()?;
    let (last, pending) = ISSUED.get();
    let ticket = last.wrapping_add(1);
    // Pending before it is posted: a helper in this thread may answer at once.
    ISSUED.set((ticket, true));
    ANSWERED.set(None);
    if post(&format!("{ticket} {}", question()), pending) {
        Some(Ticket(ticket))
    } else {
        fail();
        None
    }
}

/// What became of the question `ticket` stands for (its answer is given once).
pub fn answer(ticket: &Ticket) -> Reply {
    match ISSUED.get() {
        (last, true) if last == ticket.0 => Reply::Waiting,
        (last, false) if last == ticket.0 => {
            ANSWERED.take().map_or(Reply::Unanswered, Reply::Answered)
        }
        _ => Reply::Unanswered,
    }
}

/// The web layer's side: a message from the helper, written by [`reply`].
/// The answer to the pending question is kept for its asker; any other is
/// dropped.
pub fn deliver(message: &str) {
    if let Some((ticket, answer)) = split(message) {
        if ISSUED.get() == (ticket, true) {
            ISSUED.set((ticket, false));
            ANSWERED.set(Some(answer.to_owned()));
        }
    }
}

/// The web layer's side: the helper failed. The pending question will get
/// no answer, and no more questions are posted.
pub fn fail() {
    POST.set(None);
    ISSUED.set((ISSUED.get().0, false));
}

/// The helper's side: the reply to a posted message, its question answered
/// by `answer`; nothing if the message is not one.
pub fn reply(message: &str, answer: impl FnOnce(&str) -> String) -> Option<String> {
    let (ticket, question) = split(message)?;
    Some(format!("{ticket} {}", answer(question)))
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
        /// What the test's helper was posted, and whether each replaced one.
        static LOG: RefCell<Vec<(String, bool)>> = const { RefCell::new(Vec::new()) };
    }

    type Log = &'static std::thread::LocalKey<RefCell<Vec<(String, bool)>>>;

    /// Installs a helper that records what it is posted.
    fn recording() -> Log {
        install(|q, replacing| {
            LOG.with_borrow_mut(|l| l.push((q.to_owned(), replacing)));
            true
        });
        &LOG
    }

    /// The helper's reply to the `i`th message posted: the question, reversed.
    fn reply_to(log: &Log, i: usize) -> String {
        let message = log.with_borrow(|l| l[i].0.clone());
        reply(&message, |q| q.chars().rev().collect()).expect("a message")
    }

    #[test]
    fn with_no_helper_the_asker_answers_itself() {
        assert!(!present());
        assert_eq!(ask(|| "q".into()), None);
    }

    #[test]
    fn an_answer_goes_to_the_pending_question_once() {
        let log = recording();
        let t = ask(|| "q1".into()).expect("posted");
        assert_eq!(answer(&t), Reply::Waiting);
        assert_eq!(
            log.with_borrow(Vec::clone),
            vec![("1 q1".to_owned(), false)]
        );
        deliver(&reply_to(&log, 0));
        assert_eq!(answer(&t), Reply::Answered("1q".into()));
        assert_eq!(answer(&t), Reply::Unanswered, "given once");
    }

    #[test]
    fn a_new_question_replaces_the_pending_one() {
        let log = recording();
        let first = ask(|| "q1".into()).expect("posted");
        let second = ask(|| "q2".into()).expect("posted");
        assert_eq!(answer(&first), Reply::Unanswered);
        assert!(
            log.with_borrow(|l| l[1].1),
            "the helper is told it replaces one"
        );
        // The first question's answer, late, is not taken for the second's.
        deliver(&reply_to(&log, 0));
        assert_eq!(answer(&second), Reply::Waiting);
        deliver(&reply_to(&log, 1));
        // A newer question, answered, does not replace a pending one.
        let third = ask(|| "q3".into()).expect("posted");
        assert!(!log.with_borrow(|l| l[2].1));
        assert_eq!(
            answer(&second),
            Reply::Unanswered,
            "uncollected, then replaced"
        );
        // A stray answer, or a message too short to be one, is dropped.
        deliver(&reply_to(&log, 1));
        deliver("3");
        deliver("x 3");
        assert_eq!(answer(&third), Reply::Waiting);
        deliver(&reply_to(&log, 2));
        assert_eq!(answer(&third), Reply::Answered("3q".into()));
    }

    #[test]
    fn a_failed_helper_is_gone() {
        let _log = recording();
        let t = ask(|| "q".into()).expect("posted");
        fail();
        assert_eq!(answer(&t), Reply::Unanswered);
        assert!(!present());
        assert_eq!(ask(|| "q".into()), None);
    }

    #[test]
    fn a_helper_that_cannot_post_is_gone() {
        install(|_, _| false);
        assert_eq!(ask(|| "q".into()), None);
        assert!(!present());
    }

    #[test]
    fn reply_needs_a_question_number() {
        assert_eq!(reply("abc", |_| String::new()), None);
        assert_eq!(reply("x y", |_| String::new()), None);
        assert_eq!(reply("7 ", |q| q.to_owned()), Some("7 ".into()));
    }
}
