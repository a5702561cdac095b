//! A helper that answers a game's questions away from the page's thread.
//!
//! The page gives each game one ([`crate::shell::Game::set_helper`]: Web
//! Workers running the Klondike solver's summary search, through a
//! [`Port`]); natively there is none, and a game without a helper answers
//! its questions itself. Questions and answers are text in a format
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

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

/// A question handed to the helper; [`Desk::answer`] says what became of it.
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

/// Where a helper's questions go: the page's Web Workers, or natively a
/// stand-in that answers at once.
pub trait Port {
    /// Posts `message` (a question's number and text) to `desk`'s helper,
    /// saying whether a question is pending there (which it replaces); the
    /// helper's answers come back through `mail`. False if it cannot be
    /// posted.
    fn post(&self, desk: u32, message: &str, replacing: bool, mail: &Mailbox) -> bool;

    /// The desk is gone: whatever serves it may stop.
    fn close(&self, desk: u32);
}

/// The way back from a helper: each desk's last question, and its answer
/// once in. What a [`Port`] delivers into.
#[derive(Clone, Default)]
pub struct Mailbox(Rc<RefCell<Desks>>);

/// The desks of one helper.
#[derive(Default)]
struct Desks {
    next_desk: u32,
    next_number: u32,
    /// The helper failed: nothing more is posted.
    failed: bool,
    slots: Vec<Slot>,
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

impl Mailbox {
    /// Runs `f` on `desk`'s slot, added if new.
    fn slot<T>(&self, desk: u32, f: impl FnOnce(&mut Slot) -> T) -> T {
        let mut d = self.0.borrow_mut();
        let i = match d.slots.iter().position(|s| s.desk == desk) {
            Some(i) => i,
            None => {
                d.slots.push(Slot {
                    desk,
                    number: 0,
                    pending: false,
                    answered: None,
                });
                d.slots.len() - 1
            }
        };
        f(&mut d.slots[i])
    }

    /// A message from `desk`'s helper, written by [`reply`]. The answer to
    /// the desk's pending question is kept for its asker; any other is
    /// dropped.
    pub fn deliver(&self, desk: u32, message: &str) {
        if let Some((number, answer)) = split(message) {
            self.slot(desk, |s| {
                if s.pending && s.number == number {
                    s.pending = false;
                    s.answered = Some(answer.to_owned());
                }
            });
        }
    }

    /// The helper failed: every pending question gets no answer, and no
    /// more questions are posted.
    pub fn fail(&self) {
        let mut d = self.0.borrow_mut();
        d.failed = true;
        d.slots.iter_mut().for_each(|s| s.pending = false);
    }
}

/// A helper as a page has one: where its questions go, and the way back.
/// Each game it serves holds a clone, and asks at desks of its own.
#[derive(Clone)]
pub struct Helper {
    port: Rc<dyn Port>,
    mail: Mailbox,
}

impl Helper {
    /// A helper whose questions go to `port`.
    pub fn new(port: Rc<dyn Port>) -> Helper {
        Helper {
            port,
            mail: Mailbox::default(),
        }
    }

    /// A new desk at this helper, with a number of its own.
    pub fn desk(&self) -> Desk {
        let number = {
            let mut d = self.mail.0.borrow_mut();
            d.next_desk = d.next_desk.wrapping_add(1);
            d.next_desk
        };
        Desk {
            number,
            helper: self.clone(),
        }
    }

    /// Whether the helper failed (then its askers answer for themselves).
    pub fn failed(&self) -> bool {
        self.mail.0.borrow().failed
    }
}

impl fmt::Debug for Helper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.failed() {
            "Helper (failed)"
        } else {
            "Helper"
        })
    }
}

/// One asker's place at a helper: its own question at a time, which
/// another asker's never replaces. A desk dropped closes.
#[derive(Debug)]
pub struct Desk {
    number: u32,
    helper: Helper,
}

impl Desk {
    /// Asks the question `question` writes; `None` if the helper cannot be
    /// reached (or failed), and the caller answers it itself.
    pub fn ask(&self, question: impl FnOnce() -> String) -> Option<Ticket> {
        let mail = &self.helper.mail;
        let number = {
            let mut d = mail.0.borrow_mut();
            if d.failed {
                return None;
            }
            d.next_number = d.next_number.wrapping_add(1);
            d.next_number
        };
        // Pending before it is posted: a helper in this thread may answer at once.
        let replacing = mail.slot(self.number, |s| {
            let was = s.pending;
            (s.number, s.pending, s.answered) = (number, true, None);
            was
        });
        let message = format!("{number} {}", question());
        if self
            .helper
            .port
            .post(self.number, &message, replacing, mail)
        {
            Some(Ticket {
                desk: self.number,
                number,
            })
        } else {
            mail.fail();
            None
        }
    }

    /// What became of the question `ticket` stands for (its answer is given
    /// once).
    pub fn answer(&self, ticket: &Ticket) -> Reply {
        if ticket.desk != self.number {
            return Reply::Unanswered;
        }
        self.helper.mail.slot(ticket.desk, |s| {
            match (s.number == ticket.number, s.pending) {
                (true, true) => Reply::Waiting,
                (true, false) => s.answered.take().map_or(Reply::Unanswered, Reply::Answered),
                _ => Reply::Unanswered,
            }
        })
    }
}

impl Drop for Desk {
    fn drop(&mut self) {
        if let Ok(mut d) = self.helper.mail.0.try_borrow_mut() {
            d.slots.retain(|s| s.desk != self.number);
        }
        self.helper.port.close(self.number);
    }
}

/// What a helper running elsewhere says, once, when it listens: a message
/// posted to it before then may be lost, so its first question waits for
/// this word. It has no question number, so it is never taken for an answer.
pub const READY: &str = "ready";

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
    use std::cell::RefCell;

    /// A port that records what it is posted and which desks closed.
    #[derive(Default)]
    struct Recording {
        log: RefCell<Vec<(u32, String, bool)>>,
        closed: RefCell<Vec<u32>>,
        mail: RefCell<Option<Mailbox>>,
    }

    impl Port for Recording {
        fn post(&self, desk: u32, message: &str, replacing: bool, mail: &Mailbox) -> bool {
            self.log
                .borrow_mut()
                .push((desk, message.to_owned(), replacing));
            *self.mail.borrow_mut() = Some(mail.clone());
            true
        }
        fn close(&self, desk: u32) {
            self.closed.borrow_mut().push(desk);
        }
    }

    impl Recording {
        fn posted(&self, i: usize) -> (u32, String, bool) {
            self.log.borrow()[i].clone()
        }

        /// The helper's reply to the `i`th message posted, delivered to its
        /// desk: the question, reversed.
        fn answer_posted(&self, i: usize) {
            let (desk, message, _) = self.posted(i);
            let r = reply(&message, |q| q.chars().rev().collect()).expect("a message");
            self.deliver(desk, &r);
        }

        fn deliver(&self, desk: u32, message: &str) {
            let mail = self.mail.borrow().clone().expect("something was posted");
            mail.deliver(desk, message);
        }
    }

    fn recording() -> (Rc<Recording>, Helper) {
        let port = Rc::new(Recording::default());
        let helper = Helper::new(port.clone());
        (port, helper)
    }

    #[test]
    fn an_answer_goes_to_the_pending_question_once() {
        let (port, helper) = recording();
        let desk = helper.desk();
        let t = desk.ask(|| "q1".into()).expect("posted");
        assert_eq!(desk.answer(&t), Reply::Waiting);
        let (d, message, replacing) = port.posted(0);
        assert_eq!((d, replacing), (desk.number, false));
        assert!(message.ends_with(" q1"), "{message}");
        port.answer_posted(0);
        assert_eq!(desk.answer(&t), Reply::Answered("1q".into()));
        assert_eq!(desk.answer(&t), Reply::Unanswered, "given once");
    }

    #[test]
    fn a_new_question_replaces_the_pending_one_at_its_desk() {
        let (port, helper) = recording();
        let desk = helper.desk();
        let first = desk.ask(|| "q1".into()).expect("posted");
        let second = desk.ask(|| "q2".into()).expect("posted");
        assert_eq!(desk.answer(&first), Reply::Unanswered);
        assert!(port.posted(1).2, "the helper is told it replaces one");
        // The first question's answer, late, is not taken for the second's.
        port.answer_posted(0);
        assert_eq!(desk.answer(&second), Reply::Waiting);
        port.answer_posted(1);
        // A newer question, answered, does not replace a pending one.
        let third = desk.ask(|| "q3".into()).expect("posted");
        assert!(!port.posted(2).2);
        assert_eq!(
            desk.answer(&second),
            Reply::Unanswered,
            "uncollected, then replaced"
        );
        // A stray answer, or a message too short to be one, is dropped.
        port.answer_posted(1);
        port.deliver(desk.number, "3");
        port.deliver(desk.number, "x 3");
        assert_eq!(desk.answer(&third), Reply::Waiting);
        port.answer_posted(2);
        assert_eq!(desk.answer(&third), Reply::Answered("3q".into()));
    }

    #[test]
    fn two_desks_never_replace_each_others_questions() {
        let (port, helper) = recording();
        let (left, right) = (helper.desk(), helper.desk());
        let a = left.ask(|| "left".into()).expect("posted");
        let b = right.ask(|| "right".into()).expect("posted");
        assert!(!port.posted(1).2, "the right desk replaced nothing");
        assert_ne!(port.posted(0).0, port.posted(1).0, "each to its own desk");
        port.answer_posted(1);
        port.answer_posted(0);
        assert_eq!(left.answer(&a), Reply::Answered("tfel".into()));
        assert_eq!(right.answer(&b), Reply::Answered("thgir".into()));
        // An answer delivered to the wrong desk is dropped.
        let c = left.ask(|| "again".into()).expect("posted");
        let (_, message, _) = port.posted(2);
        port.deliver(right.number, &reply(&message, |q| q.into()).unwrap());
        assert_eq!(left.answer(&c), Reply::Waiting);
        let gone = left.number;
        drop(left);
        assert_eq!(*port.closed.borrow(), [gone], "a dropped desk closes");
    }

    #[test]
    fn two_helpers_keep_their_desks_apart() {
        let (one, first) = recording();
        let (_, second) = recording();
        let (a, b) = (first.desk(), second.desk());
        let t = a.ask(|| "q".into()).expect("posted");
        let _ = b.ask(|| "other".into()).expect("posted");
        one.answer_posted(0);
        assert_eq!(a.answer(&t), Reply::Answered("q".into()));
    }

    #[test]
    fn a_failed_helper_is_gone() {
        let (port, helper) = recording();
        let desk = helper.desk();
        let t = desk.ask(|| "q".into()).expect("posted");
        port.mail.borrow().clone().expect("posted").fail();
        assert_eq!(desk.answer(&t), Reply::Unanswered);
        assert!(helper.failed());
        assert_eq!(desk.ask(|| "q".into()), None);
    }

    #[test]
    fn a_helper_that_cannot_post_is_gone() {
        struct Closed;
        impl Port for Closed {
            fn post(&self, _: u32, _: &str, _: bool, _: &Mailbox) -> bool {
                false
            }
            fn close(&self, _: u32) {}
        }
        let helper = Helper::new(Rc::new(Closed));
        assert_eq!(helper.desk().ask(|| "q".into()), None);
        assert!(helper.failed());
    }

    #[test]
    fn reply_needs_a_question_number() {
        assert_eq!(reply("abc", |_| String::new()), None);
        assert_eq!(reply("x y", |_| String::new()), None);
        assert_eq!(reply("7 ", |q| q.to_owned()), Some("7 ".into()));
    }
}
