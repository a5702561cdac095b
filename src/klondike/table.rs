//! Klondike's screen-only state and what moves it: cards that glide and
//! fly, the finishing celebration, a hint's outline, the auto-complete's
//! pace, and the solver's background jobs (the winnable-deal search and the
//! optional indicator).

use super::analysis;
use super::anim::{Celebration, Flight};
use super::cards::Card;
use super::coach;
use super::remote::{Answer, Round};
use super::rules::{Move, Pile, State};
use super::settings::{AutoComplete, AutoMove, Deals, Deck, Hand, Indicator, Indices};
use super::solver::{self, Found, Judgement, Solver};
use super::variant::Variant;
use super::view::{self, Layout, Look, Sprite, CARD};
use crate::shell::def::{Action, Change, Dealt};
use crate::shell::geom::{Rect, Size};
use crate::shell::helper::{Desk, Reply, Ticket};
use crate::shell::settings::Setting;
use crate::shell::theme::Theme;
use crate::shell::think::{Pace, Thinker, Turn, WorkClock};
use crate::util::rng::Seed;
use std::fmt;

pub use super::kind::Game;

/// Screen-only state: never saved.
#[derive(Debug, Default)]
pub struct Ui {
    /// The keyboard's focus: a pile and how many cards from its top.
    pub cursor: Option<(Pile, u8)>,
    /// Cards picked up with the keyboard.
    pub held: Option<(Pile, u8)>,
    /// The hinted move, and when its outline fades.
    pub hint: Option<(Move, Option<f64>)>,
    /// Hint was pressed while the position was being judged: it answers
    /// when the verdict comes.
    hint_due: bool,
    flight: Option<Flight>,
    celebration: Option<Celebration>,
    /// The game is finishing itself, one card at a time.
    autoplay: bool,
    next_auto: f64,
    /// No useful move is left.
    pub lost: bool,
    /// "Winnable deals only": the seed being tried and its solver.
    pub search: Option<Job>,
    /// The solver judging the current position, then its answer, and from
    /// the page's helper, where it is won, the winning line.
    judge: Option<Judge>,
    verdict: Option<Judgement>,
    line: Vec<Move>,
    /// The winning line the hints keep to while the game follows it.
    pub plan: Option<coach::Plan>,
    /// This table's place at the page's helper: another table's questions
    /// (a second game on the page) never replace its own.
    desk: Option<Desk>,
}

/// Who judges the position on screen.
#[derive(Debug)]
enum Judge {
    /// A solver here, in slices between frames: the explicit search, within
    /// [`JUDGE_NODES`].
    Here(Job),
    /// The page's helper: a search in a worker (see [`Round`]), within
    /// [`super::remote::WORKER_MS`].
    Away(Ticket, Round),
}

/// A solver running in slices between frames, paced by the shell's think
/// scheduler like a computer player.
pub struct Job {
    /// The deal it works on.
    pub seed: Seed,
    /// Deals tried so far, this one included.
    pub tries: u32,
    thinker: Thinker<Solver>,
}

impl Job {
    fn new(seed: Seed, tries: u32, solver: Solver, clock: Option<WorkClock>) -> Job {
        Job {
            seed,
            tries,
            thinker: Thinker::new(solver, JOB_PACE).timed(clock),
        }
    }

    /// A job on `state` within `nodes` positions, if the solver takes it.
    /// It runs the explicit search, the one the web build has, so a game
    /// played natively offers the same deals and verdicts as the page.
    fn on(
        state: &State,
        seed: Seed,
        tries: u32,
        nodes: u64,
        clock: Option<WorkClock>,
    ) -> Option<Job> {
        let limits = solver::Limits {
            nodes,
            table_slots: JOB_TABLE_SLOTS,
        };
        Solver::explicit(state, limits)
            .ok()
            .map(|s| Job::new(seed, tries, s, clock))
    }
}

impl fmt::Debug for Job {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Job {{ seed: {}, tries: {}, nodes: {} }}",
            self.seed,
            self.tries,
            self.thinker.search().nodes()
        )
    }
}

/// How the solver's jobs are paced: no pause (they move no card), a first
/// slice of a few milliseconds, later slices sized to the frame rate, and an
/// end set by their node budgets.
pub(super) const JOB_PACE: Pace = Pace {
    first_slice: 4_000,
    max_slice: 40_000,
    delay_ms: 0.0,
    max_ms: f64::INFINITY,
};
/// Positions a "winnable deals only" try may search before the next seed.
pub(super) const TRY_NODES: u64 = 150_000;
/// The most slots a background job's transposition table grows to.
pub(super) const JOB_TABLE_SLOTS: usize = 1 << 17;
/// Positions the indicator may search here.
pub(super) const JUDGE_NODES: u64 = 400_000;
/// How long a hint stays outlined.
const HINT_MS: f64 = 2500.0;
/// How long a card takes to glide to its place.
const MOVE_MS: f64 = 160.0;
/// The pause between the auto-complete's cards.
const AUTO_MS: f64 = 110.0;

/// The layout of the board the player last touched (a default one before).
pub fn layout(g: &Game) -> Layout {
    let board = if g.board.is_empty() {
        Layout::board_for(Size::new(16.0, 9.0), g.position)
    } else {
        g.board
    };
    layout_on(g, board)
}

/// The layout of the game on a board of this size, for the player's hand.
pub fn layout_on(g: &Game, board: Size) -> Layout {
    Layout::of(board, g.position, g.settings.hand == Hand::Left)
}

/// How cards are drawn under the settings.
pub fn look(g: &Game) -> Look {
    Look {
        four_colour: g.settings.deck == Deck::FourColour,
        see_through: g.position.rules.variant == Variant::Thoughtful,
        contrast: g.theme == Theme::Contrast,
        large_indices: g.settings.indices == Indices::Large,
        back: g.settings.back,
    }
}

/// Whether safe cards go up by themselves after each move.
pub fn auto_move(g: &Game) -> bool {
    g.settings.auto_move == AutoMove::On
}

/// The best the game has reached (see [`analysis::Marks`]).
pub fn marks(g: &Game) -> analysis::Marks {
    let mut marks = None;
    g.replayed(|s| match marks.as_mut() {
        None => marks = Some(analysis::Marks::of(s)),
        Some(m) => m.raise(s),
    });
    marks.unwrap_or_else(|| analysis::Marks::of(g.position))
}

/// Where the cards the shell's drag holds are drawn, if `sp` is one of them.
pub fn dragged_rect(g: &Game, sp: &Sprite, sprites: &[Sprite], layout: &Layout) -> Option<Rect> {
    let lift = g.drag?;
    let (pile, count) = *lift.piece;
    if sp.pile != pile {
        return None;
    }
    let len = sprites.iter().filter(|s| s.pile == pile).count();
    let first = len.checked_sub(usize::from(count))?;
    if sp.index < first {
        return None;
    }
    let (_, fan_up) = layout.fan(0, 2);
    let step = (sp.index - first) as f64 * fan_up.max(CARD.h * 0.2);
    Some(Rect::new(lift.ghost.x, lift.ghost.y + step, CARD.w, CARD.h))
}

impl Ui {
    /// Where `sp` is drawn now: dragged, in flight, or in its place.
    pub fn drawn_rect(&self, g: &Game, sp: &Sprite, sprites: &[Sprite], layout: &Layout) -> Rect {
        if let Some(r) = dragged_rect(g, sp, sprites, layout) {
            return r;
        }
        self.flight
            .as_ref()
            .and_then(|f| f.rect(sp.card, sp.rect, g.now))
            .unwrap_or(sp.rect)
    }

    /// Where each card of `state` is drawn right now.
    fn displayed(&self, g: &Game, state: &State, layout: &Layout) -> Vec<(Card, Rect)> {
        let sprites = view::scene(state, layout);
        sprites
            .iter()
            .map(|sp| (sp.card, self.drawn_rect(g, sp, &sprites, layout)))
            .collect()
    }

    /// The celebration, while it runs.
    pub fn celebrating(&self, now: f64) -> Option<&Celebration> {
        self.celebration.as_ref().filter(|c| !c.done(now))
    }

    /// Ends the celebration at once (any key or tap); whether one ran.
    pub fn skip_celebration(&mut self, now: f64) -> bool {
        let running = self.celebrating(now).is_some();
        self.celebration = None;
        running
    }

    /// Starts cards gliding from where they were drawn in `before` to where
    /// they are now.
    fn fly_from(&mut self, g: &Game, before: &State, layout: &Layout) {
        if g.reduced_motion {
            self.flight = None;
            return;
        }
        let from = self.displayed(g, before, layout);
        let now = view::scene(g.position, layout);
        let moved = from.into_iter().filter(|(card, r)| {
            now.iter()
                .find(|sp| sp.card == *card)
                .is_some_and(|sp| sp.rect != *r)
        });
        self.flight = Some(Flight::new(moved.map(|(c, r)| (c, r, 0.0)), MOVE_MS));
    }

    /// Deals the tableau from the stock, card after card.
    fn deal_animation(&mut self, g: &Game) {
        if g.reduced_motion {
            return;
        }
        let stock = layout(g).stock;
        let order = g
            .position
            .tableau
            .iter()
            .flat_map(|c| c.cards.iter().copied())
            .enumerate()
            .map(|(i, c)| (c, stock, i as f64 * 22.0));
        self.flight = Some(Flight::new(order, 260.0));
    }

    /// Brings everything up to date after the position changed from `before`.
    pub fn after_move(&mut self, g: &Game, before: &State, change: Change) {
        self.fly_from(g, before, &layout(g));
        self.hint = None;
        if change != Change::Played {
            self.held = None;
            self.autoplay = false;
        }
        if change == Change::Undone {
            self.celebration = None;
        }
        self.settle(g, before.is_won());
        if change == Change::Played
            && g.settings.auto_complete == AutoComplete::On
            && !g.position.is_won()
            && analysis::can_auto_complete(g.position)
        {
            self.autoplay = true;
            self.next_auto = g.now + AUTO_MS;
        }
    }

    /// Checks for a win or a lost game, and restarts the indicator.
    fn settle(&mut self, g: &Game, was_won: bool) {
        if g.position.is_won() {
            self.lost = false;
            self.autoplay = false;
            if !was_won && !g.reduced_motion {
                self.celebration = Some(Celebration::default());
            }
        } else {
            self.lost = analysis::is_lost_beyond(g.position, marks(g), auto_move(g));
        }
        self.judge(g);
    }

    /// Sets up for a game just dealt or restored. A new game under
    /// "winnable deals only" (a daily game too) searches from its seed on;
    /// so does one restored before its first move, which may have been
    /// saved while the search ran (from a deal found, it finds that one).
    pub fn dealt(&mut self, g: &Game, how: Dealt) {
        let fresh = how == Dealt::New || (how == Dealt::Restored && g.moves.is_empty());
        if fresh && g.settings.deals != Deals::Any {
            self.search = Job::on(g.position, g.seed, 1, TRY_NODES, g.work_clock);
            if self.search.is_some() {
                return;
            }
        }
        if how != Dealt::Restored {
            self.deal_animation(g);
        }
        self.settle(g, true);
    }

    /// Starts judging the current position: for the indicator, when it is
    /// on, and for hints, whenever the page's helper can do it (it costs the
    /// page nothing).
    fn judge(&mut self, g: &Game) {
        self.verdict = None;
        self.line.clear();
        self.judge = None;
        self.hint_due = false;
        if g.position.is_won() {
            return;
        }
        // The table's own desk at the page's helper, from its first question.
        if self.desk.is_none() {
            self.desk = g.helper.map(|h| h.desk());
        }
        self.judge = self.ask(g, Round::First);
        if self.judge.is_none() {
            self.judge_here(g);
        }
    }

    /// Asks the page's helper, at the table's desk, to judge the position
    /// in `round`; `None` where there is no helper to ask.
    fn ask(&self, g: &Game, round: Round) -> Option<Judge> {
        self.desk
            .as_ref()
            .and_then(|d| d.ask(|| super::remote::question(g.position, round)))
            .map(|t| Judge::Away(t, round))
    }

    /// Judges the position here, if the indicator shows the verdict.
    fn judge_here(&mut self, g: &Game) {
        self.judge = None;
        if g.settings.indicator == Indicator::On {
            self.judge = Job::on(g.position, g.seed, 1, JUDGE_NODES, g.work_clock).map(Judge::Here);
        }
    }

    /// The indicator's words for the position, once it has a verdict.
    pub fn verdict(&self) -> Option<&'static str> {
        Some(match self.verdict?.found {
            Found::Winnable => "Still winnable",
            Found::Unwinnable => "Cannot be won",
            Found::Unknown => "Winnable?",
        })
    }

    /// The solver's verdict on the position on screen, if it has one.
    pub fn known(&self) -> Option<Judgement> {
        self.verdict
    }

    /// The winning line the page's helper gave with its verdict, if any.
    pub fn known_line(&self) -> &[Move] {
        &self.line
    }

    /// Whether the position is still being judged, for the indicator and
    /// for hints (which wait for the verdict).
    pub fn checking(&self) -> bool {
        self.judge.is_some() && !self.checking_further()
    }

    /// Whether the page's helper is searching on, in its deeper round, a
    /// position its first round left undecided: the indicator says so, and
    /// Hint answers meanwhile as for a position not known to be winnable.
    pub fn checking_further(&self) -> bool {
        matches!(self.judge, Some(Judge::Away(_, Round::Deeper)))
    }

    /// Has Hint answer once the position's verdict comes: the page's
    /// helper's (its search is stronger than the page's own), or the
    /// indicator's, so that a hint does not depend on how soon it is asked.
    pub fn hint_when_judged(&mut self) {
        self.hint_due = true;
    }

    /// Whether the game is finishing itself, card after card.
    pub fn autoplaying(&self) -> bool {
        self.autoplay
    }

    /// One frame of judging; whether it goes on.
    fn judging(&mut self, g: &Game) -> bool {
        // The page gives its helper once the game is open: a position not
        // yet judged by it (judged here, or not at all with the indicator
        // off) is asked of it then, as it would have been from the start.
        if self.desk.is_none() && g.helper.is_some() && self.verdict.is_none() {
            self.judge(g);
        }
        match self.judge.as_mut() {
            None => return false,
            Some(Judge::Here(job)) => {
                let Turn::Play(_) = job.thinker.tick(g.now) else {
                    return true;
                };
                self.verdict = job.thinker.search().report().map(|r| (&r.verdict).into());
            }
            Some(Judge::Away(ticket, round)) => {
                let round = *round;
                let reply = self
                    .desk
                    .as_ref()
                    .map_or(Reply::Unanswered, |d| d.answer(ticket));
                let answer = match reply {
                    Reply::Waiting => return true,
                    Reply::Answered(text) => super::remote::read_answer(&text),
                    Reply::Unanswered => None,
                };
                match (answer, round) {
                    (Some(Answer::Solved(verdict, line)), _) => {
                        (self.verdict, self.line) = (Some(verdict), line);
                    }
                    (Some(Answer::Deeper), Round::First) => {
                        // Not known within the first round: that is the
                        // verdict until the deeper round's comes.
                        self.verdict = Some(Judgement {
                            found: Found::Unknown,
                            first: None,
                        });
                        self.judge = self.ask(g, Round::Deeper);
                        return self.judge.is_some();
                    }
                    // The deeper round could not end: the first's verdict stands.
                    (_, Round::Deeper) => {}
                    (Some(Answer::Refused(_)) | None, Round::First) => {
                        // The helper could not judge it: judge it here.
                        (self.verdict, self.line) = (None, Vec::new());
                        self.judge_here(g);
                        return self.judge.is_some();
                    }
                }
            }
        }
        self.judge = None;
        false
    }

    /// Stops the winnable-deal search, dealing the deal it was trying.
    pub fn stop_search(&mut self) -> Action<Move> {
        match self.search.take() {
            Some(job) => Action::Deal(
                job.seed,
                format!(
                    "Stopped looking after {} deals; deal {} may not be winnable.",
                    job.tries, job.seed
                ),
            ),
            None => Action::Nothing,
        }
    }

    /// One frame: the background solvers, the animations, the hint's
    /// outline and the auto-complete's next card.
    pub fn tick(&mut self, g: &Game) -> Action<Move> {
        let now = g.now;
        if let Some(job) = self.search.as_mut() {
            if let Turn::Play(found) = job.thinker.tick(now) {
                let (seed, tries) = (job.seed, job.tries);
                let deals = g.settings.deals;
                if found == Found::Winnable && deals.accept(job.thinker.search().nodes()) {
                    self.search = None;
                    let graded = deals
                        .grade()
                        .map_or(String::new(), |_| format!(", graded {}", deals.text()));
                    return Action::Deal(
                        seed,
                        format!("Deal {seed} can be won{graded} (found in {tries} tries)."),
                    );
                }
                let next = Seed(seed.0.wrapping_add(1));
                let deal = State::deal(g.settings.rules(), next);
                self.search = Job::on(&deal, next, tries + 1, TRY_NODES, g.work_clock);
            }
            return Action::Redraw;
        }
        let mut busy = self.judging(g);
        if self.hint_due && !self.checking() {
            self.hint_due = false;
            return super::narrate::hint(g, self);
        }
        if g.reduced_motion {
            self.flight = None;
            self.celebration = None;
        }
        if let Some(f) = self.flight.as_mut() {
            busy = true;
            f.start_at(now);
            if f.done(now) {
                self.flight = None;
            }
        }
        if let Some(c) = self.celebration.as_mut() {
            busy = true;
            c.start_at(now);
            if c.done(now) {
                self.celebration = None;
            }
        }
        if let Some((_, until)) = self.hint.as_mut() {
            busy = true;
            if now >= *until.get_or_insert(now + HINT_MS) {
                self.hint = None;
            }
        }
        if self.autoplay && (g.reduced_motion || now >= self.next_auto) {
            match analysis::auto_complete_move(g.position) {
                Some(mv) if g.position.check(mv).is_ok() => return Action::Play(mv),
                _ => self.autoplay = false,
            }
        }
        if busy || self.autoplay {
            Action::Redraw
        } else {
            Action::Nothing
        }
    }
}

/// Double Solitaire, once over: who won, and the cards each put up.
pub fn match_result(state: &State, lost: bool) -> Option<(String, String)> {
    if state.rules.players != 2 || !(state.is_won() || lost) {
        return None;
    }
    let title = match state.leader() {
        Some(p) => format!("Player {} wins!", p + 1),
        None => "A draw!".to_owned(),
    };
    let [a, b] = state.played;
    Some((title, format!("Cards up {a}–{b}")))
}
