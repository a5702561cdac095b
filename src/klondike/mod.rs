//! Klondike solitaire: the whole game in the shell.
//!
//! [`rules`] holds the position, moves and scoring; [`analysis`] finds hints,
//! lost games and safe foundation moves; [`deal_format`] reads and writes
//! deals as text; [`view`] lays out, hit-tests and draws; [`anim`] moves cards
//! smoothly. This module ties them to the shell's [`Game`] trait: options,
//! input, undo and redo by replay, the clock and the statistics.

pub mod analysis;
pub mod anim;
pub mod cards;
pub mod deal_format;
pub mod rules;
pub mod settings;
pub mod solver;
pub mod variant;
pub mod view;

use crate::shell::geom::{Point, Rect, Size};
use crate::shell::input::{Gesture, Key};
use crate::shell::paint::Painter;
use crate::shell::settings::Settings as _;
use crate::shell::think::{Pace, Thinker, Turn as Thought};
use crate::shell::{Game, OptionError, OptionSpec, Outcome, StateError};
use crate::util::digest_set::DigestSet;
use crate::util::rng::Seed;
use anim::{Celebration, Flight};
use cards::{Card, Suit};
use rules::{Effects, Move, MoveError, Passes, Pile, Rules, Scoring, State};
use serde::{Deserialize, Serialize};
use settings::{AutoComplete, AutoMove, Deals, Deck, Indicator, Settings, VegasTotal, VegasUndo};
use std::fmt;
use std::str::FromStr;
use view::{Layout, Look, Sprite, CARD};

/// A move in the record, and whether the game played it by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Turn {
    mv: Move,
    auto: bool,
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.mv, if self.auto { "*" } else { "" })
    }
}

impl FromStr for Turn {
    type Err = rules::BadMove;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.strip_suffix('*') {
            Some(m) => Ok(Turn {
                mv: m.parse()?,
                auto: true,
            }),
            None => Ok(Turn {
                mv: s.parse()?,
                auto: false,
            }),
        }
    }
}

impl Serialize for Turn {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Turn {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Statistics of one deal mode.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModeStats {
    /// Games in which a move was made.
    pub played: u32,
    /// Games won.
    pub won: u32,
    /// Wins in a row, up to now.
    pub streak: u32,
    /// The longest run of wins.
    pub best_streak: u32,
    /// The best score of a won game.
    pub best_score: Option<i32>,
    /// The fastest won game, in seconds.
    pub best_seconds: Option<u64>,
}

/// What is saved: the deal, the moves, the clock and the statistics. The
/// current position is not saved; it is rebuilt by replaying the moves, so a
/// save can never hold a position the rules could not reach.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    seed: Seed,
    options: Settings,
    deal: State,
    played: Vec<Turn>,
    undone: Vec<Vec<Turn>>,
    elapsed_ms: f64,
    vegas_carry: i32,
    counted: bool,
    win_recorded: bool,
    /// Statistics per dealing mode, in the order first played (a handful).
    stats: Vec<(String, ModeStats)>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    pile: Pile,
    count: u8,
    offset: Point,
    at: Point,
}

/// Screen-only state: never saved.
#[derive(Clone, Debug, Default)]
struct Ui {
    now: f64,
    last_tick: Option<f64>,
    reduced_motion: bool,
    pressed: Option<Drag>,
    drag: Option<Drag>,
    cursor: Option<(Pile, u8)>,
    held: Option<(Pile, u8)>,
    hint: Option<(Move, Option<f64>)>,
    flight: Option<Flight>,
    celebration: Option<Celebration>,
    autoplay: bool,
    next_auto: f64,
    lost: bool,
    /// The board size of the last gesture or key: animations started by
    /// the clock (the auto-complete) lay cards out on it.
    board: Size,
    /// "Winnable deals only": the seed being tried and its solver.
    search: Option<Job>,
    /// The optional indicator: a solver on the current position, then its answer.
    judge: Option<Job>,
    verdict: Option<&'static str>,
}

/// A solver running in slices between frames, paced by the shell's think
/// scheduler like a computer player.
struct Job {
    seed: Seed,
    tries: u32,
    thinker: Thinker<solver::Solver>,
}

impl Job {
    fn new(seed: Seed, tries: u32, solver: solver::Solver) -> Job {
        Job {
            seed,
            tries,
            thinker: Thinker::new(solver, JOB_PACE),
        }
    }
}

impl Clone for Job {
    fn clone(&self) -> Self {
        // A clone starts its search afresh; searches are deterministic, so it ends the same.
        Job::new(self.seed, self.tries, self.thinker.search().restarted())
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

/// Positions searched in the first frame: a few milliseconds. Later slices
/// follow the frame rate.
const SLICE_NODES: u64 = 4_000;
/// How the solver's jobs are paced: no pause (they move no card), slices
/// sized to the frame rate, and an end set by their node budgets.
const JOB_PACE: Pace = Pace {
    first_slice: SLICE_NODES as u32,
    max_slice: 40_000,
    delay_ms: 0.0,
    max_ms: f64::INFINITY,
};
/// Positions a "winnable deals only" try may search before the next seed.
const TRY_NODES: u64 = 150_000;
/// Positions the indicator may search.
const JUDGE_NODES: u64 = 400_000;

fn job_limits(nodes: u64) -> solver::Limits {
    solver::Limits {
        nodes,
        table_slots: 1 << 17,
    }
}

/// A game of Klondike.
#[derive(Clone, Debug)]
pub struct Klondike {
    rec: Record,
    state: State,
    ui: Ui,
}

const HINT_MS: f64 = 2500.0;
/// Positions the solver may search for a hint (a few milliseconds).
const HINT_NODES: u64 = 30_000;
const MOVE_MS: f64 = 160.0;
const AUTO_MS: f64 = 110.0;

fn mode_key(rules: &Rules) -> String {
    let passes = match rules.passes_allowed() {
        Passes::Unlimited => "unlimited".to_owned(),
        Passes::Limited(n) => n.to_string(),
    };
    match rules.variant {
        variant::Variant::Klondike => format!("draw {}, passes {passes}", rules.draw),
        v => format!(
            "{}, draw {}, passes {passes}",
            v.title(rules.decks),
            rules.draw
        ),
    }
}

/// `text` with an ASCII first letter in capitals ("draw 1, …" → "Draw 1, …").
fn capitalised(text: &str) -> String {
    let mut s = text.to_owned();
    if let Some(first) = s.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    s
}

fn replay(deal: &State, turns: &[Turn]) -> Result<State, StateError> {
    let mut s = deal.clone();
    for (i, t) in turns.iter().enumerate() {
        s.play(t.mv)
            .map_err(|e| StateError(format!("move {} ({}) is illegal: {e}", i + 1, t.mv)))?;
    }
    Ok(s)
}

fn pile_name(p: Pile) -> String {
    match p {
        Pile::Stock => "the stock".into(),
        Pile::Waste => "the waste".into(),
        Pile::Foundation(f) => format!("the {} foundation", f.suit().name().trim_end_matches('s')),
        Pile::Tableau(i) => format!("pile {}", i + 1),
        Pile::Reserve(i) => format!("reserve {}", i + 1),
    }
}

fn seconds_text(ms: f64) -> String {
    let s = (ms / 1000.0) as u64;
    format!("{}:{:02}", s / 60, s % 60)
}

impl Klondike {
    /// A new game dealt from `seed` with default options.
    pub fn new(seed: Seed) -> Self {
        let options = Settings::default();
        let deal = State::deal(options.rules(), seed);
        Klondike {
            rec: Record {
                seed,
                options,
                deal: deal.clone(),
                played: Vec::new(),
                undone: Vec::new(),
                elapsed_ms: 0.0,
                vegas_carry: 0,
                counted: false,
                win_recorded: false,
                stats: Vec::new(),
            },
            state: deal,
            ui: Ui::default(),
        }
    }

    /// The current position.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The moves played so far, in notation (`*` marks moves the game made itself).
    pub fn record(&self) -> Vec<String> {
        self.rec.played.iter().map(ToString::to_string).collect()
    }

    /// Plays a move as the player would, with auto-moves after it.
    pub fn play(&mut self, mv: Move) -> Result<Effects, MoveError> {
        let layout = self.layout();
        let before = self.displayed(&layout);
        let fx = self.state.play(mv)?;
        self.after_player_move(mv, before, &layout);
        Ok(fx)
    }

    fn look(&self) -> Look {
        Look {
            four_colour: self.rec.options.deck == Deck::FourColour,
            see_through: self.state.rules.variant == variant::Variant::Thoughtful,
        }
    }

    fn layout(&self) -> Layout {
        let board = self.ui.board;
        let board = if board.is_empty() {
            Layout::board_for(Size::new(16.0, 9.0), &self.state)
        } else {
            board
        };
        Layout::of(board, &self.state)
    }

    /// Whether games count in the statistics: not two players' games.
    fn keeps_stats(&self) -> bool {
        self.state.rules.players == 1
    }

    fn stats_mut(&mut self) -> &mut ModeStats {
        let key = mode_key(&self.state.rules);
        let i = match self.rec.stats.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                self.rec.stats.push((key, ModeStats::default()));
                self.rec.stats.len() - 1
            }
        };
        &mut self.rec.stats[i].1
    }

    fn seconds(&self) -> u64 {
        (self.rec.elapsed_ms / 1000.0) as u64
    }

    /// The move the last Hint outlined, while it is still outlined: for
    /// scripted play.
    pub fn hinted(&self) -> Option<Move> {
        self.ui.hint.map(|(mv, _)| mv)
    }

    /// The score shown, every scheme included.
    pub fn score(&self) -> i32 {
        rules::score(
            self.state.rules.scoring,
            self.state.points,
            self.seconds(),
            self.state.is_won(),
        )
    }

    /// Where each card is drawn right now (mid-flight cards where they are).
    fn displayed(&self, layout: &Layout) -> Vec<(Card, Rect)> {
        let sprites = view::scene(&self.state, layout);
        sprites
            .iter()
            .map(|sp| (sp.card, self.drawn_rect(sp, &sprites, layout)))
            .collect()
    }

    fn dragged_rect(&self, sp: &Sprite, sprites: &[Sprite], layout: &Layout) -> Option<Rect> {
        let d = self.ui.drag?;
        if sp.pile != d.pile {
            return None;
        }
        let len = sprites.iter().filter(|s| s.pile == d.pile).count();
        let first = len.checked_sub(usize::from(d.count))?;
        if sp.index < first {
            return None;
        }
        let (_, fan_up) = layout.fan(0, 2);
        let step = (sp.index - first) as f64 * fan_up.max(CARD.h * 0.2);
        Some(Rect::new(
            d.at.x - d.offset.x,
            d.at.y - d.offset.y + step,
            CARD.w,
            CARD.h,
        ))
    }

    fn drawn_rect(&self, sp: &Sprite, sprites: &[Sprite], layout: &Layout) -> Rect {
        if let Some(r) = self.dragged_rect(sp, sprites, layout) {
            return r;
        }
        self.ui
            .flight
            .as_ref()
            .and_then(|f| f.rect(sp.card, sp.rect, self.ui.now))
            .unwrap_or(sp.rect)
    }

    /// Starts cards gliding from where they were drawn to where they are now.
    fn fly_from(&mut self, before: Vec<(Card, Rect)>, layout: &Layout) {
        if self.ui.reduced_motion {
            self.ui.flight = None;
            return;
        }
        let now: Vec<Sprite> = view::scene(&self.state, layout);
        let moved = before.into_iter().filter(|(card, r)| {
            now.iter()
                .find(|sp| sp.card == *card)
                .is_some_and(|sp| sp.rect != *r)
        });
        self.ui.flight = Some(Flight::new(moved.map(|(c, r)| (c, r, 0.0)), MOVE_MS));
    }

    fn deal_animation(&mut self) {
        if self.ui.reduced_motion {
            return;
        }
        let layout = self.layout();
        let stock = layout.stock;
        let order = self
            .state
            .tableau
            .iter()
            .flat_map(|c| c.cards.iter().copied())
            .enumerate()
            .map(|(i, c)| (c, stock, i as f64 * 22.0));
        self.ui.flight = Some(Flight::new(order, 260.0));
    }

    fn describe(before: &State, mv: Move, fx: Effects) -> String {
        let card = before.moving_card(mv).map(Card::name).unwrap_or_default();
        let mut text = match mv {
            Move::Deal if before.rules.stock != rules::StockRule::Waste => {
                "Dealt a card onto each pile.".to_owned()
            }
            Move::Deal => {
                let n = before.stock.len().min(usize::from(before.rules.draw));
                if n == 1 {
                    format!("Dealt the {card}.")
                } else {
                    format!("Dealt {n} cards.")
                }
            }
            Move::Recycle => "Turned the waste over into the stock.".to_owned(),
            Move::Pass => "Passed.".to_owned(),
            Move::WasteToFoundation
            | Move::TableauToFoundation(_)
            | Move::ReserveToFoundation(_) => {
                format!("Moved the {card} to its foundation.")
            }
            Move::WasteToTableau(t)
            | Move::ReserveToTableau(_, t)
            | Move::FoundationToTableau(_, t)
            | Move::TableauToTableau { to: t, .. } => {
                let onto = before.tableau[usize::from(t)]
                    .top()
                    .map(|c| format!("onto the {}", c.name()))
                    .unwrap_or_else(|| format!("to the empty pile {}", t + 1));
                match mv {
                    Move::TableauToTableau { count, .. } if count > 1 => {
                        format!("Moved {count} cards from the {card} {onto}.")
                    }
                    _ => format!("Moved the {card} {onto}."),
                }
            }
        };
        if let Some(c) = fx.flipped {
            text.push_str(&format!(" Turned up the {}.", c.name()));
        }
        if fx.passed {
            text.push_str(&format!(" Player {} to play.", (before.turn ^ 1) + 1));
        }
        text
    }

    /// Lays out the deal of `seed` as a fresh game (statistics and the Vegas total carry over).
    fn deal_seed(&mut self, seed: Seed, carry: i32) {
        let deal = State::deal(self.rec.options.rules(), seed);
        self.rec = Record {
            seed,
            options: self.rec.options,
            deal: deal.clone(),
            played: Vec::new(),
            undone: Vec::new(),
            elapsed_ms: 0.0,
            vegas_carry: carry,
            counted: false,
            win_recorded: false,
            stats: std::mem::take(&mut self.rec.stats),
        };
        self.state = deal;
        let board = self.ui.board;
        self.ui = Ui {
            reduced_motion: self.ui.reduced_motion,
            now: self.ui.now,
            last_tick: self.ui.last_tick,
            ..Ui::default()
        };
        self.ui.board = board;
    }

    /// Starts (or continues) looking for a winnable deal from `seed`.
    fn start_search(&mut self, seed: Seed, tries: u32) {
        self.ui.search = solver::Solver::new(&self.state, job_limits(TRY_NODES))
            .ok()
            .map(|solver| Job::new(seed, tries, solver));
    }

    /// Whether a search for a winnable deal is running.
    pub fn searching(&self) -> bool {
        self.ui.search.is_some()
    }

    fn cancel_search(&mut self) -> Outcome {
        match self.ui.search.take() {
            Some(job) => {
                self.deal_animation();
                self.judge();
                Outcome::moved(format!(
                    "Stopped looking after {} deals; deal {} may not be winnable.",
                    job.tries, job.seed
                ))
            }
            None => Outcome::nothing(),
        }
    }

    /// Starts the optional indicator's solver on the current position.
    fn judge(&mut self) {
        self.ui.verdict = None;
        self.ui.judge = None;
        if self.rec.options.indicator == Indicator::On && !self.state.is_won() {
            self.ui.judge = solver::Solver::new(&self.state, job_limits(JUDGE_NODES))
                .ok()
                .map(|solver| Job::new(self.rec.seed, 1, solver));
        }
    }

    /// Runs the background solvers for one frame's worth of work.
    fn run_jobs(&mut self, now: f64, out: &mut Outcome) {
        if let Some(job) = self.ui.search.as_mut() {
            out.redraw = true;
            if let Thought::Play(found) = job.thinker.tick(now) {
                let (seed, tries) = (job.seed, job.tries);
                if found == solver::Found::Winnable {
                    self.ui.search = None;
                    self.deal_animation();
                    self.judge();
                    out.changed = true;
                    out.message = Some(format!("Deal {seed} can be won (found in {tries} tries)."));
                } else {
                    let next = Seed(seed.0.wrapping_add(1));
                    let carry = self.rec.vegas_carry;
                    self.deal_seed(next, carry);
                    self.start_search(next, tries + 1);
                }
            }
            return;
        }
        if let Some(job) = self.ui.judge.as_mut() {
            out.redraw = true;
            if let Thought::Play(found) = job.thinker.tick(now) {
                self.ui.verdict = Some(match found {
                    solver::Found::Winnable => "Still winnable",
                    solver::Found::Unwinnable => "Cannot be won",
                    solver::Found::Unknown => "Winnable?",
                });
                self.ui.judge = None;
            }
        }
    }

    fn hint_text(state: &State, mv: Move) -> String {
        match mv {
            Move::Deal => "deal from the stock.".to_owned(),
            Move::Recycle => "turn the waste over.".to_owned(),
            Move::Pass => "pass the turn (tap your stock).".to_owned(),
            _ => {
                let said = Self::describe(state, mv, Effects::default());
                match said.strip_prefix("Moved") {
                    Some(rest) => format!("move{rest}"),
                    None => said,
                }
            }
        }
    }

    fn after_player_move(&mut self, mv: Move, before: Vec<(Card, Rect)>, layout: &Layout) {
        self.rec.played.push(Turn { mv, auto: false });
        self.rec.undone.clear();
        if !self.rec.counted {
            self.rec.counted = true;
            if self.keeps_stats() {
                self.stats_mut().played += 1;
            }
        }
        if self.auto_move() {
            while let Some(m) = analysis::safe_move(&self.state) {
                if self.state.play(m).is_err() {
                    break;
                }
                self.rec.played.push(Turn { mv: m, auto: true });
            }
        }
        self.ui.hint = None;
        self.fly_from(before, layout);
        self.settle();
        if self.rec.options.auto_complete == AutoComplete::On
            && analysis::can_auto_complete(&self.state)
        {
            self.ui.autoplay = true;
            self.ui.next_auto = self.ui.now + AUTO_MS;
        }
    }

    /// Checks for a win or a lost game after any change.
    fn settle(&mut self) {
        if self.state.is_won() {
            self.ui.lost = false;
            self.ui.autoplay = false;
            if !self.rec.win_recorded {
                self.rec.win_recorded = true;
                if self.keeps_stats() {
                    self.count_win();
                }
                if !self.ui.reduced_motion {
                    self.ui.celebration = Some(Celebration::default());
                }
            }
        } else {
            self.ui.lost = analysis::is_lost_beyond(&self.state, self.marks(), self.auto_move());
        }
        self.judge();
    }

    /// Double Solitaire, once over: who won, and the cards each put up.
    fn match_result(&self) -> Option<(String, String)> {
        if self.state.rules.players != 2 || !(self.state.is_won() || self.ui.lost) {
            return None;
        }
        let title = match self.state.leader() {
            Some(p) => format!("Player {} wins!", p + 1),
            None => "A draw!".to_owned(),
        };
        let [a, b] = self.state.played;
        Some((title, format!("Cards up {a}–{b}")))
    }

    /// Adds the win just made to the statistics of its mode.
    fn count_win(&mut self) {
        let score = self.score();
        let seconds = self.seconds();
        let scored = self.state.rules.scoring != Scoring::None;
        let st = self.stats_mut();
        st.won += 1;
        st.streak += 1;
        st.best_streak = st.best_streak.max(st.streak);
        if scored {
            st.best_score = Some(st.best_score.map_or(score, |b| b.max(score)));
        }
        st.best_seconds = Some(st.best_seconds.map_or(seconds, |b| b.min(seconds)));
    }

    fn move_outcome(&mut self, mv: Move, layout: &Layout, before: Vec<(Card, Rect)>) -> Outcome {
        let snapshot = self.state.clone();
        match self.state.play(mv) {
            Ok(fx) => {
                self.after_player_move(mv, before, layout);
                let mut text = Self::describe(&snapshot, mv, fx);
                if let Some((title, detail)) = self.match_result() {
                    text.push_str(&format!(" {title} {detail}."));
                } else if self.state.is_won() {
                    text.push_str(" You won!");
                } else if self.ui.lost {
                    text.push_str(" No useful move is left: undo, or deal a new game.");
                }
                Outcome::moved(text)
            }
            Err(e) => Outcome::say(format!("Not allowed: {e}.")),
        }
    }

    fn stock_move(&self) -> Move {
        if self.state.check(Move::Pass).is_ok() {
            Move::Pass
        } else if self.state.stock.is_empty() {
            Move::Recycle
        } else {
            Move::Deal
        }
    }

    /// The best place for the cards at `pile` (`count` from the top): the
    /// foundation, else a pile that has cards, else an empty pile.
    fn best_move(&self, pile: Pile, count: u8) -> Option<Move> {
        let n = self.state.tableau.len() as u8;
        let mut targets: Vec<Pile> = Vec::new();
        if count == 1 {
            targets.extend(self.state.rules.foundations().map(Pile::Foundation));
        }
        let (full, empty): (Vec<u8>, Vec<u8>) =
            (0..n).partition(|&t| !self.state.tableau[usize::from(t)].cards.is_empty());
        targets.extend(full.into_iter().chain(empty).map(Pile::Tableau));
        targets
            .into_iter()
            .filter(|&t| t != pile)
            .filter_map(|t| view::move_between(pile, count, t))
            .find(|&mv| self.state.check(mv).is_ok())
            // A king alone on a pile gains nothing by moving to another empty pile.
            .filter(|mv| match *mv {
                Move::TableauToTableau { from, to, count } => {
                    let src = &self.state.tableau[usize::from(from)];
                    !(self.state.tableau[usize::from(to)].cards.is_empty()
                        && src.down == 0
                        && usize::from(count) == src.cards.len())
                }
                _ => true,
            })
    }

    fn foundation_move(&self, pile: Pile) -> Option<Move> {
        let mv = match pile {
            Pile::Waste => Move::WasteToFoundation,
            Pile::Tableau(i) => Move::TableauToFoundation(i),
            _ => return None,
        };
        self.state.check(mv).is_ok().then_some(mv)
    }

    fn tap(&mut self, at: Point, count: u8, layout: &Layout) -> Outcome {
        let sprites = view::scene(&self.state, layout);
        let before = self.displayed(layout);
        let pile = view::pile_at(&self.state, layout, &sprites, at);
        if pile == Some(Pile::Stock) {
            return self.move_outcome(self.stock_move(), layout, before);
        }
        let Some(sp) = view::sprite_at(&sprites, at) else {
            return Outcome::nothing();
        };
        let Some((pile, n)) = view::grab(&self.state, &sp) else {
            return Outcome::say(format!("The {} is face down.", sp.card.name()));
        };
        let mv = if count >= 2 {
            self.foundation_move(pile)
        } else {
            self.best_move(pile, n)
        };
        match mv {
            Some(mv) => self.move_outcome(mv, layout, before),
            None => Outcome::say(format!("The {} has nowhere to go.", sp.card.name())),
        }
    }

    fn drop(&mut self, d: Drag, layout: &Layout) -> Outcome {
        let sprites = view::scene(&self.state, layout);
        let before = self.displayed(layout);
        self.ui.drag = None;
        let dragged = Rect::new(d.at.x - d.offset.x, d.at.y - d.offset.y, CARD.w, CARD.h);
        match view::drop_target(&self.state, layout, &sprites, d.pile, d.count, dragged) {
            Some(mv) => self.move_outcome(mv, layout, before),
            None => {
                // Fly back, and say why the nearest pile refused.
                self.fly_from(before, layout);
                let target = view::pile_at(&self.state, layout, &sprites, dragged.center())
                    .filter(|&p| p != d.pile)
                    .and_then(|p| view::move_between(d.pile, d.count, p));
                let why = target
                    .and_then(|mv| self.state.check(mv).err())
                    .map(|e| format!("Not allowed: {e}."))
                    .unwrap_or_else(|| "Put back.".to_owned());
                Outcome::say(why)
            }
        }
    }

    fn cancel_drag(&mut self, layout: &Layout) -> Outcome {
        if self.ui.drag.is_none() {
            self.ui.pressed = None;
            return Outcome::nothing();
        }
        let before = self.displayed(layout);
        self.ui.drag = None;
        self.ui.pressed = None;
        self.fly_from(before, layout);
        Outcome::say("Move cancelled.")
    }

    /// The keyboard's order of piles: stock, waste, foundations, tableau.
    fn pile_order(&self) -> Vec<Pile> {
        let mut v = vec![Pile::Stock, Pile::Waste];
        v.extend(self.state.rules.foundations().map(Pile::Foundation));
        v.extend((0..self.state.reserves.len() as u8).map(Pile::Reserve));
        v.extend((0..self.state.tableau.len() as u8).map(Pile::Tableau));
        v
    }

    fn face_up_len(&self, pile: Pile) -> u8 {
        match pile {
            Pile::Tableau(i) => self.state.tableau[usize::from(i)].face_up().len() as u8,
            Pile::Waste => u8::from(!self.state.waste.is_empty()),
            Pile::Foundation(s) => u8::from(self.state.foundations[s.index()] > 0),
            Pile::Reserve(i) => u8::from(!self.state.reserves[usize::from(i)].is_empty()),
            Pile::Stock => 0,
        }
    }

    fn describe_focus(&self, pile: Pile, depth: u8) -> String {
        let cards: Vec<Card> = match pile {
            Pile::Stock => {
                return format!("The stock, {} cards. Enter deals.", self.state.stock.len());
            }
            Pile::Waste => self.state.waste.last().copied().into_iter().collect(),
            Pile::Foundation(s) => self.state.foundation_top(s).into_iter().collect(),
            Pile::Tableau(i) => self.state.tableau[usize::from(i)].cards.clone(),
            Pile::Reserve(i) => self.state.reserves[usize::from(i)]
                .last()
                .copied()
                .into_iter()
                .collect(),
        };
        match cards
            .len()
            .checked_sub(usize::from(depth.max(1)))
            .and_then(|i| cards.get(i))
        {
            Some(c) if depth > 1 => format!(
                "{}: {} cards from the {}.",
                pile_name(pile),
                depth,
                c.name()
            ),
            Some(c) => format!("{}: the {}.", pile_name(pile), c.name()),
            None => format!("{}: empty.", pile_name(pile)),
        }
    }

    fn key_press(&mut self, key: Key) -> Outcome {
        let layout = self.layout();
        let order = self.pile_order();
        let (pile, depth) = self.ui.cursor.unwrap_or((Pile::Stock, 1));
        let at = order.iter().position(|&p| p == pile).unwrap_or(0);
        let top_row = 2 + Suit::ALL.len();
        let column_under = |i: usize| -> usize {
            // Stock and waste sit over piles 1 and 2, the foundations over the last four.
            let piles = self.state.tableau.len();
            let col = if i < 2 { i } else { piles - 4 + (i - 2) };
            top_row + col.min(piles - 1)
        };
        let focus = |k: &mut Klondike, p: Pile, d: u8| {
            k.ui.cursor = Some((p, d));
            Outcome::say(k.describe_focus(p, d))
        };
        match key {
            Key::Left | Key::Right => {
                let len = order.len();
                let next = if key == Key::Left {
                    (at + len - 1) % len
                } else {
                    (at + 1) % len
                };
                let p = order[next];
                let d = u8::from(self.face_up_len(p) > 0);
                focus(self, p, d.max(1))
            }
            Key::Up => {
                if let Pile::Tableau(i) = pile {
                    if depth < self.face_up_len(pile) {
                        return focus(self, pile, depth + 1);
                    }
                    let piles = self.state.tableau.len();
                    let above = match usize::from(i) {
                        0 => 0,
                        1 => 1,
                        c if c >= piles - 4 => 2 + (c - (piles - 4)),
                        _ => 1,
                    };
                    focus(self, order[above], 1)
                } else {
                    Outcome::nothing()
                }
            }
            Key::Down => match pile {
                Pile::Tableau(_) if depth > 1 => focus(self, pile, depth - 1),
                Pile::Tableau(_) => Outcome::nothing(),
                _ => {
                    let p = order[column_under(at)];
                    focus(self, p, 1)
                }
            },
            Key::Enter | Key::Space => {
                let before = self.displayed(&layout);
                if let Some((from, count)) = self.ui.held.take() {
                    if from == pile {
                        return Outcome::say("Put back.");
                    }
                    return match view::move_between(from, count, pile) {
                        Some(mv) => self.move_outcome(mv, &layout, before),
                        None => Outcome::say(format!("Cards cannot go to {}.", pile_name(pile))),
                    };
                }
                if pile == Pile::Stock {
                    return self.move_outcome(self.stock_move(), &layout, before);
                }
                let up = self.face_up_len(pile);
                if up == 0 {
                    return Outcome::say(format!("Nothing to pick up on {}.", pile_name(pile)));
                }
                let count = depth.clamp(1, up);
                self.ui.held = Some((pile, count));
                Outcome::say(format!(
                    "Picked up {}. Move to a pile and press Enter; Escape puts it back.",
                    self.describe_focus(pile, count).trim_end_matches('.')
                ))
            }
            Key::Escape => {
                if self.ui.held.take().is_some() {
                    Outcome::say("Put back.")
                } else {
                    self.ui.cursor = None;
                    Outcome::redraw()
                }
            }
            Key::Char('d') => {
                let before = self.displayed(&layout);
                self.move_outcome(self.stock_move(), &layout, before)
            }
            Key::Char('f') => match self.foundation_move(pile) {
                Some(mv) => {
                    let before = self.displayed(&layout);
                    self.move_outcome(mv, &layout, before)
                }
                None => Outcome::say("That card cannot go to a foundation now."),
            },
            Key::Char(_) | Key::Backspace => Outcome::nothing(),
        }
    }

    /// Whether safe cards go up by themselves after each move.
    fn auto_move(&self) -> bool {
        self.rec.options.auto_move == AutoMove::On
    }

    /// The best the game has reached (see [`analysis::Marks`]).
    fn marks(&self) -> analysis::Marks {
        let mut marks = analysis::Marks::of(&self.rec.deal);
        self.replayed(|s| marks.raise(s));
        marks
    }

    /// Calls `visit` with every position the game has been in: the deal
    /// replayed through the moves played.
    fn replayed(&self, mut visit: impl FnMut(&State)) {
        let mut s = self.rec.deal.clone();
        visit(&s);
        for t in &self.rec.played {
            if s.play(t.mv).is_err() {
                break;
            }
            visit(&s);
        }
    }

    /// A legal move to a position the game has not been in yet, for a hint
    /// when the search for progress runs out of budget: never a step back.
    fn fresh_move(&self) -> Option<Move> {
        let mut seen = DigestSet::default();
        self.replayed(|s| {
            seen.insert(s.digest());
        });
        self.state.legal_moves().into_iter().find(|&mv| {
            let mut next = self.state.clone();
            analysis::play_as_game(&mut next, mv, self.auto_move()).is_ok()
                && !seen.contains(&next.digest())
        })
    }

    fn rebuild(&mut self) -> Result<(), StateError> {
        self.state = replay(&self.rec.deal, &self.rec.played)?;
        Ok(())
    }

    fn vegas_undo_forbidden(&self) -> bool {
        self.state.rules.scoring == Scoring::Vegas
            && self.rec.options.vegas_undo == VegasUndo::Forbidden
    }

    /// The status line: first what is happening now (a win, no moves
    /// left, a search, the solver's verdict), so that a narrow screen that
    /// cuts the line off keeps it; then the variant, score, time, moves and
    /// stock.
    fn status_line(&self) -> String {
        let mut parts = Vec::new();
        if let Some((title, _)) = self.match_result() {
            parts.push(title);
        } else if self.state.is_won() {
            parts.push("Won!".to_owned());
        } else if self.ui.lost {
            parts.push("No moves left".into());
        }
        if let Some(job) = &self.ui.search {
            parts.push(format!(
                "Looking for a winnable deal… ({} tried)",
                job.tries
            ));
        } else if let Some(v) = self.ui.verdict {
            parts.push(v.into());
        } else if self.ui.judge.is_some() {
            parts.push("Checking…".into());
        }
        let variant = self.state.rules.variant;
        if variant != variant::Variant::Klondike {
            parts.push(variant.title(self.state.rules.decks));
        }
        if self.state.rules.players == 2 {
            let [a, b] = self.state.played;
            if !self.state.is_won() && !self.ui.lost {
                parts.push(format!("Player {} to play", self.state.turn + 1));
            }
            parts.push(format!("Up {a}–{b}"));
        }
        match self.state.rules.scoring {
            Scoring::None => {}
            Scoring::Vegas => {
                let points = self.state.points;
                if self.rec.options.vegas_total == VegasTotal::On {
                    parts.push(format!(
                        "Vegas ${points} (total ${})",
                        self.rec.vegas_carry + points
                    ));
                } else {
                    parts.push(format!("Vegas ${points}"));
                }
            }
            _ => parts.push(format!("Score {}", self.score())),
        }
        parts.push(format!("Time {}", seconds_text(self.rec.elapsed_ms)));
        parts.push(format!("Moves {}", self.state.moves));
        parts.push(match self.state.passes_left() {
            _ if self.state.stock.is_empty() && self.state.waste.is_empty() => {
                "Stock empty".to_owned()
            }
            _ if self.state.rules.stock != rules::StockRule::Waste => {
                format!("Stock {}", self.state.stock.len())
            }
            None => "Passes unlimited".to_owned(),
            Some(n) => format!("Passes left {n}"),
        });
        if self.rec.options.deals == Deals::Winnable || self.rec.options.indicator == Indicator::On
        {
            if let Err(e) = solver::supports(&self.state) {
                parts.push(format!("No solver here: {e}"));
            }
        }
        parts.join(" · ")
    }
}

impl Game for Klondike {
    fn seed(&self) -> Seed {
        self.rec.seed
    }

    fn new_game(&mut self, seed: Seed) {
        if self.rec.counted && !self.rec.win_recorded && self.keeps_stats() {
            self.stats_mut().streak = 0;
        }
        let carry = if self.state.rules.scoring == Scoring::Vegas
            && self.rec.options.vegas_total == VegasTotal::On
        {
            self.rec.vegas_carry + self.state.points
        } else {
            0
        };
        self.deal_seed(seed, carry);
        if self.rec.options.deals == Deals::Winnable {
            self.start_search(seed, 1);
        } else {
            self.deal_animation();
            self.judge();
        }
    }

    fn option_specs(&self) -> &'static [OptionSpec] {
        Settings::SPECS
    }

    fn option(&self, key: &str) -> Option<&'static str> {
        self.rec.options.get(key)
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        self.rec.options.set(key, value)
    }

    fn board_size(&self, viewport: Size) -> Size {
        Layout::board_for(viewport, &self.state)
    }

    fn draw(&self, p: &mut dyn Painter, board: Size) {
        let layout = Layout::of(board, &self.state);
        view::draw_table(
            p,
            &layout,
            self.state.rules.stock == rules::StockRule::Waste,
        );
        if self.state.stock.is_empty() && self.state.passes_left() == Some(0) {
            view::draw_no_redeal(p, layout.stock);
        }
        view::draw_idle_side(p, &self.state, &layout, self.look());
        let sprites = view::scene(&self.state, &layout);
        let look = self.look();
        let celebrating = self
            .ui
            .celebration
            .as_ref()
            .filter(|c| !c.done(self.ui.now));
        let mut on_top: Vec<(Card, Rect, bool)> = Vec::new();
        for sp in &sprites {
            if let Some(c) = celebrating {
                if !c.launched(sp.card, self.ui.now) {
                    view::draw_card(p, sp.card, sp.rect, sp.face_up, look);
                } else if let Some(r) = c.rect(sp.card, &layout, self.ui.now) {
                    on_top.push((sp.card, r, true));
                }
                continue;
            }
            let r = self.drawn_rect(sp, &sprites, &layout);
            if r == sp.rect {
                view::draw_card(p, sp.card, r, sp.face_up, look);
            } else {
                on_top.push((sp.card, r, sp.face_up));
            }
        }
        // Flying cards, then dragged cards, above everything else.
        let dragging: Vec<Card> = sprites
            .iter()
            .filter(|sp| self.dragged_rect(sp, &sprites, &layout).is_some())
            .map(|sp| sp.card)
            .collect();
        crate::util::sort::sort_by_key(&mut on_top, |(c, _, _)| dragging.contains(c));
        for (card, r, up) in on_top {
            view::draw_card(p, card, r, up, look);
        }
        if let Some((mv, _)) = self.ui.hint {
            if let Some(card) = self.state.moving_card(mv) {
                if let Some(sp) = sprites.iter().find(|s| s.card == card) {
                    view::draw_outline(p, sp.rect, true);
                }
            }
            if let Some(to) = hint_target(mv) {
                view::draw_outline(p, view::pile_rect(&sprites, &layout, to), true);
            }
        }
        if let Some((pile, depth)) = self.ui.cursor {
            view::draw_outline(p, view::focus_rect(&sprites, &layout, pile, depth), false);
        }
        if let Some((pile, count)) = self.ui.held {
            view::draw_outline(p, view::focus_rect(&sprites, &layout, pile, count), true);
        }
        if let Some(job) = &self.ui.search {
            view::draw_banner(
                p,
                board,
                "Finding a winnable deal…",
                &format!("{} deals tried · tap or press Escape to stop", job.tries),
            );
            view::draw_spinner(p, board, self.ui.now);
            return;
        }
        if let Some((title, detail)) = self.match_result().filter(|_| celebrating.is_none()) {
            view::draw_banner(p, board, &title, &detail);
        } else if self.state.is_won() && celebrating.is_none() {
            let detail = match self.state.rules.scoring {
                Scoring::None => format!(
                    "in {} and {} moves",
                    seconds_text(self.rec.elapsed_ms),
                    self.state.moves
                ),
                _ => format!(
                    "Score {} · {}",
                    self.score(),
                    seconds_text(self.rec.elapsed_ms)
                ),
            };
            view::draw_banner(p, board, "You won!", &detail);
        } else if self.ui.lost {
            view::draw_banner(
                p,
                board,
                "No useful moves left",
                "Undo, or start a new game.",
            );
        }
    }

    fn gesture(&mut self, gesture: Gesture, board: Size) -> Outcome {
        self.ui.board = board;
        if self.searching() {
            return match gesture {
                Gesture::Tap { .. } => self.cancel_search(),
                _ => Outcome::nothing(),
            };
        }
        let layout = Layout::of(board, &self.state);
        match gesture {
            Gesture::Press(at) => {
                self.ui.held = None;
                let sprites = view::scene(&self.state, &layout);
                self.ui.pressed = view::sprite_at(&sprites, at).and_then(|sp| {
                    let (pile, count) = view::grab(&self.state, &sp)?;
                    Some(Drag {
                        pile,
                        count,
                        offset: Point::new(at.x - sp.rect.x, at.y - sp.rect.y),
                        at,
                    })
                });
                Outcome::nothing()
            }
            Gesture::DragStart { at, .. } => match self.ui.pressed.take() {
                Some(d) => {
                    self.ui.drag = Some(Drag { at, ..d });
                    self.ui.hint = None;
                    Outcome::redraw()
                }
                None => Outcome::nothing(),
            },
            Gesture::DragMove(at) => match self.ui.drag.as_mut() {
                Some(d) => {
                    d.at = at;
                    Outcome::redraw()
                }
                None => Outcome::nothing(),
            },
            Gesture::Drop(at) => match self.ui.drag {
                Some(d) => self.drop(Drag { at, ..d }, &layout),
                None => Outcome::nothing(),
            },
            Gesture::Cancel => self.cancel_drag(&layout),
            Gesture::Tap { at, count } => {
                self.ui.pressed = None;
                self.tap(at, count, &layout)
            }
            Gesture::Zoom { .. } => Outcome::nothing(),
        }
    }

    fn key(&mut self, key: Key, board: Size) -> Outcome {
        self.ui.board = board;
        if self.searching() {
            return match key {
                Key::Escape | Key::Enter | Key::Space => self.cancel_search(),
                _ => Outcome::nothing(),
            };
        }
        self.key_press(key)
    }

    fn tick(&mut self, now: f64) -> Outcome {
        let dt = self
            .ui
            .last_tick
            .map_or(0.0, |t| (now - t).clamp(0.0, 2000.0));
        self.ui.last_tick = Some(now);
        self.ui.now = now;
        if self.rec.counted && !self.state.is_won() {
            self.rec.elapsed_ms += dt;
        }
        let mut out = Outcome::nothing();
        self.run_jobs(now, &mut out);
        if let Some(f) = self.ui.flight.as_mut() {
            f.start_at(now);
            if f.done(now) {
                self.ui.flight = None;
            }
            out.redraw = true;
        }
        if let Some(c) = self.ui.celebration.as_mut() {
            c.start_at(now);
            if c.done(now) {
                self.ui.celebration = None;
            }
            out.redraw = true;
        }
        if let Some((_, until)) = self.ui.hint.as_mut() {
            let end = *until.get_or_insert(now + HINT_MS);
            if now >= end {
                self.ui.hint = None;
            }
            out.redraw = true;
        }
        if self.ui.autoplay {
            out.redraw = true;
            while self.ui.autoplay && (self.ui.reduced_motion || now >= self.ui.next_auto) {
                let layout = self.layout();
                let before = self.displayed(&layout);
                match analysis::auto_complete_move(&self.state) {
                    Some(mv) if self.state.play(mv).is_ok() => {
                        self.rec.played.push(Turn { mv, auto: true });
                        self.fly_from(before, &layout);
                        self.ui.next_auto = now + AUTO_MS;
                        out.changed = true;
                        self.settle();
                        if self.state.is_won() {
                            out.message = Some("You won!".into());
                        }
                    }
                    _ => self.ui.autoplay = false,
                }
                if !self.ui.reduced_motion {
                    break;
                }
            }
        }
        out
    }

    fn set_reduced_motion(&mut self, on: bool) {
        self.ui.reduced_motion = on;
        if on {
            self.ui.flight = None;
            self.ui.celebration = None;
        }
    }

    fn can_undo(&self) -> bool {
        !self.rec.played.is_empty() && !self.vegas_undo_forbidden()
    }

    fn undo(&mut self) -> Outcome {
        if !self.can_undo() {
            return Outcome::nothing();
        }
        let layout = self.layout();
        let before = self.displayed(&layout);
        let mut group = Vec::new();
        while let Some(t) = self.rec.played.pop() {
            group.push(t);
            if !t.auto {
                break;
            }
        }
        group.reverse();
        let what = group.first().map(|t| t.mv.to_string()).unwrap_or_default();
        self.rec.undone.push(group);
        if let Err(e) = self.rebuild() {
            return Outcome::say(e.to_string());
        }
        self.ui.autoplay = false;
        self.ui.held = None;
        self.ui.hint = None;
        self.ui.celebration = None;
        self.fly_from(before, &layout);
        self.settle();
        Outcome::moved(format!("Took back {what}."))
    }

    fn can_redo(&self) -> bool {
        !self.rec.undone.is_empty() && !self.vegas_undo_forbidden()
    }

    fn redo(&mut self) -> Outcome {
        if !self.can_redo() {
            return Outcome::nothing();
        }
        let layout = self.layout();
        let before = self.displayed(&layout);
        let Some(group) = self.rec.undone.pop() else {
            return Outcome::nothing();
        };
        for t in &group {
            if let Err(e) = self.state.play(t.mv) {
                let _ = self.rebuild();
                return Outcome::say(format!("Cannot redo {}: {e}.", t.mv));
            }
            self.rec.played.push(*t);
        }
        self.fly_from(before, &layout);
        self.settle();
        let what = group.first().map(|t| t.mv.to_string()).unwrap_or_default();
        Outcome::moved(format!("Played {what} again."))
    }

    fn hint(&mut self) -> Outcome {
        // The solver first: the next move of a winning line, or the news that there is none.
        let limits = solver::Limits {
            nodes: HINT_NODES,
            table_slots: 1 << 16,
        };
        if let Ok(report) = solver::solve(&self.state, limits) {
            match report.verdict {
                solver::Verdict::Winnable(line) => {
                    if let Some(&mv) = line.first() {
                        self.ui.hint = Some((mv, None));
                        return Outcome::say(format!(
                            "Hint (on a winning line): {}",
                            Self::hint_text(&self.state, mv)
                        ));
                    }
                }
                solver::Verdict::Unwinnable if !self.state.is_won() => {
                    return Outcome::say(
                        "This position can no longer be won, whatever you play. Undo to go back.",
                    );
                }
                _ => {}
            }
        }
        match analysis::find_progress_beyond(
            &self.state,
            self.marks(),
            self.auto_move(),
            analysis::BUDGET,
        ) {
            analysis::Prospect::Progress(line) => {
                let mv = line[0];
                self.ui.hint = Some((mv, None));
                Outcome::say(format!("Hint: {}", Self::hint_text(&self.state, mv)))
            }
            analysis::Prospect::Stuck if self.state.is_won() => Outcome::say("The game is won."),
            analysis::Prospect::Stuck => {
                self.ui.lost = true;
                Outcome::say("No useful move is left. Undo, or start a new deal.")
            }
            analysis::Prospect::Unknown => match self.fresh_move() {
                Some(mv) => {
                    self.ui.hint = Some((mv, None));
                    Outcome::say(format!("Hint: try to {}", Self::hint_text(&self.state, mv)))
                }
                None => Outcome::say(
                    "No sure progress found, and every move leads back to where you have been.",
                ),
            },
        }
    }

    fn status(&self) -> String {
        self.status_line()
    }

    fn rules_pages(&self) -> Vec<String> {
        self.state.rules.variant.rules_pages()
    }

    fn moves(&self) -> Vec<String> {
        self.rec.played.iter().map(Turn::to_string).collect()
    }

    fn save(&self) -> String {
        crate::shell::codec::state_to_text(&self.rec)
    }

    fn load(&mut self, state: &str) -> Result<(), StateError> {
        let rec: Record = crate::shell::codec::state_from_text(state)?;
        rec.deal.check_cards().map_err(StateError)?;
        if !rec.elapsed_ms.is_finite() || rec.elapsed_ms < 0.0 {
            return Err(StateError("the clock is not a time".into()));
        }
        let state = replay(&rec.deal, &rec.played)?;
        // The redo list must replay too, or a later redo would fail.
        let mut after = state.clone();
        for group in rec.undone.iter().rev() {
            for t in group {
                after
                    .play(t.mv)
                    .map_err(|e| StateError(format!("redo move {} is illegal: {e}", t.mv)))?;
            }
        }
        self.rec = rec;
        self.state = state;
        let board = self.ui.board;
        self.ui = Ui {
            reduced_motion: self.ui.reduced_motion,
            ..Ui::default()
        };
        self.ui.board = board;
        self.settle_quietly();
        Ok(())
    }

    fn stats(&self) -> Option<Vec<(String, String)>> {
        if !self.keeps_stats() {
            return None;
        }
        let key = mode_key(&self.state.rules);
        let st = self
            .rec
            .stats
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, s)| s.clone())
            .unwrap_or_default();
        let rate = (st.won * 100 + st.played / 2)
            .checked_div(st.played)
            .map_or_else(|| "–".to_owned(), |r| format!("{r}%"));
        let opt = |v: Option<String>| v.unwrap_or_else(|| "–".to_owned());
        Some(vec![
            ("Mode".into(), capitalised(&key)),
            ("Played".into(), st.played.to_string()),
            ("Won".into(), st.won.to_string()),
            ("Win rate".into(), rate),
            ("Current streak".into(), st.streak.to_string()),
            ("Best streak".into(), st.best_streak.to_string()),
            (
                "Best score".into(),
                opt(st.best_score.map(|s| s.to_string())),
            ),
            (
                "Best time".into(),
                opt(st.best_seconds.map(|s| seconds_text(s as f64 * 1000.0))),
            ),
        ])
    }

    fn reset_stats(&mut self) -> Outcome {
        self.rec.stats.clear();
        Outcome::moved("Statistics reset.")
    }
}

impl Klondike {
    /// Recomputes the lost flag without starting celebrations (after a load).
    fn settle_quietly(&mut self) {
        self.ui.lost = analysis::is_lost_beyond(&self.state, self.marks(), self.auto_move());
        self.judge();
    }
}

fn hint_target(mv: Move) -> Option<Pile> {
    match mv {
        Move::WasteToTableau(t)
        | Move::TableauToTableau { to: t, .. }
        | Move::FoundationToTableau(_, t) => Some(Pile::Tableau(t)),
        _ => None,
    }
}

#[cfg(test)]
mod tests;

/// Shorthands for writing positions in tests.
#[cfg(test)]
pub(crate) mod fixtures {
    use super::cards::Card;
    use super::rules::{Column, Rules, State};

    /// A card from its text form.
    pub fn card(s: &str) -> Card {
        s.parse().expect("a card in test notation")
    }

    /// A tableau pile from its cards (bottom first), the first `down` face down.
    pub fn col(down: u8, cards: &str) -> Column {
        Column {
            cards: cards.split_whitespace().map(card).collect(),
            down,
        }
    }

    /// A full deck that cannot be won: the seven of spades lies face down
    /// under the two red eights, the only cards it could go on; they cannot
    /// reach their foundations without it either, and every face-up card is
    /// black with its red holders buried.
    pub fn needed_card_buried_under_both_holders() -> State {
        let piles = [
            (3, "7S 8H 8D 9S"),
            (2, "TH TD 8S"),
            (2, "9H 9D JS"),
            (2, "QH QD TS"),
            (2, "JH JD QS"),
            (2, "KH KD KS"),
        ];
        let mut s = State::new(
            Rules {
                tableau: 6,
                ..Rules::default()
            },
            piles.iter().map(|&(d, cs)| col(d, cs)).collect(),
            vec![],
        );
        s.foundations = vec![13, 7, 7, 6];
        s.check_cards().expect("every card once");
        s
    }
}
