//! `Shell<D>`: the page-facing [`Game`] implemented once, for every game
//! that declares a [`GameDef`].
//!
//! The shell owns the seed, the settings, the record of moves and the moves
//! taken back. The position is always the start replayed through the rules,
//! so undo, redo, saves and records share one mechanism and a save can never
//! hold an impossible position. When a computer is to move, the shell runs
//! its search in slices between frames ([`Thinker`]) and plays its move like
//! any other. It also keeps each game's clock and the page's frame time, and
//! tells the game of every moment its statistics count ([`Event`]).

use crate::shell::codec::StateError;
use crate::shell::daily::Dailies;
use crate::shell::def::{
    Action, Change, Dealt, EffectOf, Event, GameDef, IllegalOf, Loaded, MoveOf, View,
};
use crate::shell::drag::Drag;
use crate::shell::game::{Cue, Game, Outcome};
use crate::shell::geom::Size;
use crate::shell::input::Gesture;
use crate::shell::position::{BadMoveText, Ending, Position};
use crate::shell::record::{read_mark, replay_canonical, walk, BY_GAME};
use crate::shell::think::{Thinker, Turn};
use crate::util::rng::Seed;
use std::ops::ControlFlow;
use table::{Pause, Screen, Table};

mod link;
pub use link::{check_link_body, MAX_LINK_MOVES};
mod page;
mod table;

/// What the page says while a computer thinks and a person tries to move.
pub(crate) const THINKING: &str = "The computer is thinking… Move now (or Enter) hurries it.";

/// The most moves the game makes by itself after one move.
const MAX_FOLLOW_UPS: usize = 1_000;

/// The longest frame the clock counts: a tab in the background stops it.
pub(crate) const MAX_FRAME_MS: f64 = 2_000.0;

/// Who chose a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Who {
    Person,
    Computer,
    /// The game itself, on its clock ([`GameDef::tick`]).
    Game,
}

/// A game declared by `D`, hosted.
#[derive(Debug)]
pub struct Shell<D: GameDef> {
    table: Table<D>,
    ui: D::Ui,
    /// The computer's thinking, and the number of moves it is thinking after.
    thinker: Option<(usize, Thinker<D::Mind>)>,
    /// The settings the player chose: those that change how a game is set
    /// up wait here for the next game, so the game in play (and its save)
    /// keeps the settings it was dealt with.
    chosen: D::Settings,
}

impl<D: GameDef> Shell<D> {
    /// A new game with default settings, dealt from `seed`.
    pub fn new(seed: Seed) -> Self {
        Self::with_settings(seed, D::Settings::default())
    }

    /// A new game with `settings`, dealt from `seed`. Settings that cannot
    /// deal a game (none of the declared ones) fall back to the defaults.
    pub fn with_settings(seed: Seed, settings: D::Settings) -> Self {
        Self::fresh(seed, settings, D::Start::default()).dealt(Dealt::Restored)
    }

    /// A fresh deal, before the game is told of it: from `start` under
    /// `settings`, or where those deal no game, the usual start under the
    /// defaults.
    fn fresh(seed: Seed, settings: D::Settings, start: D::Start) -> Self {
        let (settings, start, position) = match D::setup(&settings, seed, &start) {
            Ok(p) => (settings, start, p),
            Err(_) => {
                let (d, s) = (D::Settings::default(), D::Start::default());
                let p = D::setup(&d, seed, &s)
                    .unwrap_or_else(|e| panic!("the default settings deal no game: {e}"));
                (d, s, p)
            }
        };
        Self::assemble(seed, settings, start, position, Vec::new(), Vec::new())
    }

    /// A game at `position`, reached by `moves`, with fresh screen state,
    /// no computer thinking, no time played and no statistics yet.
    fn assemble(
        seed: Seed,
        settings: D::Settings,
        start: D::Start,
        position: D::Position,
        moves: Vec<String>,
        undone: Vec<String>,
    ) -> Self {
        Shell {
            chosen: settings.clone(),
            table: Table {
                seed,
                settings,
                start,
                position,
                moves,
                undone,
                said: String::new(),
                stats: D::Stats::default(),
                elapsed_ms: 0.0,
                daily: None,
                dailies: Dailies::default(),
                screen: Screen::default(),
                drag: None,
                helper: None,
            },
            ui: D::Ui::default(),
            thinker: None,
        }
    }

    /// Tells the game how it came to be on the table.
    fn dealt(mut self, how: Dealt) -> Self {
        D::dealt(&self.table.view(), &mut self.ui, how);
        self
    }

    /// Replaces this game by the deal of `seed`, keeping the statistics and
    /// the screen.
    fn deal(&mut self, seed: Seed, how: Dealt) {
        // A new game takes the settings chosen; a deal the game chose keeps
        // the settings it searched under.
        let settings = match how {
            Dealt::New => self.chosen.clone(),
            _ => self.table.settings.clone(),
        };
        self.deal_from(seed, settings, D::Start::default(), how);
    }

    /// Replaces this game by a fresh one from `start`, keeping the
    /// settings chosen, the statistics and the screen.
    fn deal_from(&mut self, seed: Seed, settings: D::Settings, start: D::Start, how: Dealt) {
        let mut next = Self::fresh(seed, settings, start);
        next.chosen = self.chosen.clone();
        self.replace(next, how);
    }

    /// Replaces this game by `next`, keeping the statistics and the screen,
    /// and tells the game `how` it came.
    fn replace(&mut self, mut next: Self, how: Dealt) {
        next.table.stats = std::mem::take(&mut self.table.stats);
        next.table.dailies = std::mem::take(&mut self.table.dailies);
        next.table.screen = self.table.screen;
        next.table.screen.cheer = None;
        next.table.helper = self.table.helper.take();
        *self = next.dealt(how);
    }

    /// A game read from a record, dealt from the record's seed or else
    /// `seed`: every move is checked.
    pub fn from_loaded(seed: Seed, loaded: Loaded<D>) -> Result<Self, StateError> {
        let Loaded {
            seed: named,
            settings,
            start,
            moves,
        } = loaded;
        let seed = named.unwrap_or(seed);
        let (position, moves) = replay_canonical::<D>(&settings, seed, &start, &moves)?;
        Ok(
            Self::assemble(seed, settings, start, position, moves, Vec::new())
                .dealt(Dealt::Restored),
        )
    }

    /// A game that starts from `start` under `settings`.
    pub fn from_start(seed: Seed, settings: D::Settings, start: D::Start) -> Result<Self, String> {
        let position = D::setup(&settings, seed, &start)?;
        Ok(
            Self::assemble(seed, settings, start, position, Vec::new(), Vec::new())
                .dealt(Dealt::Restored),
        )
    }

    /// The position now.
    pub fn position(&self) -> &D::Position {
        &self.table.position
    }

    /// The settings in force.
    pub fn settings(&self) -> &D::Settings {
        &self.table.settings
    }

    /// Where the game started.
    pub fn start(&self) -> &D::Start {
        &self.table.start
    }

    /// The moves so far, in notation (what [`Game::moves`] copies).
    pub fn played(&self) -> &[String] {
        &self.table.moves
    }

    /// Screen-only state, for tests of a game's input mapping.
    pub fn ui(&self) -> &D::Ui {
        &self.ui
    }

    /// What the game's view and input mapping see.
    pub fn view(&self) -> View<'_, D> {
        self.table.view()
    }

    /// Screen-only state and the view together, for a game's own helpers.
    pub fn parts(&mut self) -> (View<'_, D>, &mut D::Ui) {
        (self.table.view(), &mut self.ui)
    }

    /// Plays a move, then the moves the game makes by itself after it
    /// ([`GameDef::follow_up`]); clears the moves taken back.
    pub fn play(&mut self, mv: MoveOf<D>) -> Result<EffectOf<D>, IllegalOf<D>> {
        self.play_as(mv, false, true).map(|(effect, _)| effect)
    }

    /// Plays `mv` (marked when the game made it by itself) and, with
    /// `follow`, the game's own moves after it; clears the moves taken
    /// back, counts a first move and lets the game bring its screen up to
    /// date. Returns what the move did and the position before it.
    fn play_as(
        &mut self,
        mv: MoveOf<D>,
        by_game: bool,
        follow: bool,
    ) -> Result<(EffectOf<D>, D::Position), IllegalOf<D>> {
        let before = self.table.position.clone();
        let began = self.table.began();
        let effect = self.advance(mv, by_game)?;
        self.table.undone.clear();
        if follow {
            self.follow_ups();
        }
        if !began && self.table.began() {
            self.table.count(Some(&before), Event::Began);
        }
        D::after_move(&self.table.view(), &mut self.ui, &before, Change::Played);
        Ok((effect, before))
    }

    /// Plays the moves the game makes by itself ([`GameDef::follow_up`]).
    fn follow_ups(&mut self) {
        for _ in 0..MAX_FOLLOW_UPS {
            let Some(next) = D::follow_up(&self.table.settings, &self.table.position) else {
                break;
            };
            if self.advance(next, true).is_err() {
                break;
            }
        }
    }

    /// Plays a move onto the record (marked when the game made it by
    /// itself), counting the game's end.
    fn advance(&mut self, mv: MoveOf<D>, by_game: bool) -> Result<EffectOf<D>, IllegalOf<D>> {
        let t = &mut self.table;
        let mut text = t.position.move_text(mv);
        if by_game {
            text.push(BY_GAME);
        }
        let was_over = t.position.ending().is_some();
        let effect = t.position.play(mv)?;
        t.moves.push(text);
        if !was_over && t.position.ending().is_some() {
            if let Some(Ending::Won(seat)) = t.position.ending() {
                t.count_daily(seat);
                if !D::CELEBRATES_ITSELF
                    && !t.screen.reduced_motion
                    && D::is_person(&t.settings, seat)
                {
                    t.screen.cheer = Some(t.screen.now);
                }
            }
            t.count(None, Event::Ended);
        }
        Ok(effect)
    }

    /// Plays exactly the move a record's text names (as [`Game::moves`]
    /// writes them, `*` for the game's own): no follow-ups, so a copy of a
    /// game is kept in step move by move. Clears the moves taken back.
    pub fn play_text(&mut self, text: &str) -> Result<(), BadMoveText> {
        let (notation, by_game) = read_mark::<D>(text).map_err(|e| BadMoveText::new(text, e))?;
        let mv = self.table.position.read_move(notation)?;
        self.play_as(mv, by_game, false)
            .map_err(|e| BadMoveText::new(text, e))?;
        Ok(())
    }

    /// Whether a computer is to move now.
    pub fn computer_to_move(&self) -> bool {
        self.table.computer_to_move()
    }

    /// Whether the computers, playing by themselves, wait to be let go on.
    fn watch_paused(&self) -> bool {
        self.table.screen.pause == Pause::Paused && !D::has_person(&self.table.settings)
    }

    /// Asks the thinking computer to play its best move so far now.
    pub(super) fn hurry(&mut self) -> Outcome {
        match self.thinker.as_mut() {
            Some((_, t)) => {
                t.hurry();
                Outcome::say("The computer moves now.")
            }
            None => Outcome::nothing(),
        }
    }

    /// The seed of the computer's search for the next move.
    fn move_seed(&self) -> Seed {
        Seed(self.table.seed.0 ^ (self.table.moves.len() as u64).wrapping_mul(0x9E37_79B9))
    }

    /// Plays `mv` and says what it did, or why it was refused. A move the
    /// game makes on its clock is told only when it ends the game.
    fn moved(&mut self, mv: MoveOf<D>, who: Who) -> Outcome {
        // A daily game not yet won, to tell of its win.
        let t = &self.table;
        let daily = t.daily.filter(|&day| !t.dailies.won(day));
        match self.play_as(mv, who == Who::Game, true) {
            Ok((effect, before)) => {
                let sound = Some(match self.table.position.ending() {
                    Some(_) => Cue::End,
                    None => Cue::Move,
                });
                if who == Who::Game && self.table.position.ending().is_none() {
                    return Outcome {
                        message: None,
                        sound,
                        ..Outcome::moved("")
                    };
                }
                let mut said = D::narrate(
                    &self.table.view(),
                    &self.ui,
                    &before,
                    mv,
                    &effect,
                    who == Who::Computer,
                );
                if let Some(day) = daily.filter(|&day| self.table.dailies.won(day)) {
                    said.push_str(&self.table.dailies.told(day));
                }
                self.table.said = said.clone();
                Outcome {
                    sound,
                    ..Outcome::moved(said)
                }
            }
            Err(e) => Outcome::say(format!("Not allowed: {e}.")),
        }
    }

    fn act(&mut self, action: Action<MoveOf<D>>) -> Outcome {
        match action {
            Action::Play(_) if self.computer_to_move() => Outcome::say(THINKING),
            action => self.perform(action),
        }
    }

    /// Carries out `action` for whoever is to move (for scripted play: a
    /// person's input waits while a computer is to move).
    pub fn perform(&mut self, action: Action<MoveOf<D>>) -> Outcome {
        self.carry_out(action, Who::Person)
    }

    fn carry_out(&mut self, action: Action<MoveOf<D>>, who: Who) -> Outcome {
        match action {
            Action::Nothing => Outcome::nothing(),
            Action::Redraw => Outcome::redraw(),
            Action::Say(text) => Outcome::say(text),
            Action::Play(mv) => self.moved(mv, who),
            Action::Deal(seed, text) => {
                // The deal a search chose for a daily game is that day's.
                let daily = self.table.daily;
                self.deal(seed, Dealt::Chosen);
                self.table.daily = daily;
                Outcome::moved(text)
            }
        }
    }

    /// Lets the computers play until a person is to move or the game ends,
    /// as the page's clock would at sixty frames a second (for tests and
    /// scripted play).
    pub fn run_computers(&mut self) {
        let mut now = self.table.screen.now;
        for _ in 0..1_000_000 {
            if !self.computer_to_move() {
                return;
            }
            now += 1000.0 / 60.0;
            self.tick(now);
        }
    }

    /// Runs the computer's thinking for one frame.
    fn think(&mut self, now_ms: f64) -> Outcome {
        if !self.computer_to_move() {
            self.thinker = None;
            return Outcome::nothing();
        }
        if self.watch_paused() {
            return Outcome::nothing();
        }
        let after = self.table.moves.len();
        if self.thinker.as_ref().is_none_or(|(n, _)| *n != after) {
            let t = &self.table;
            let mind = D::mind(&t.settings, &t.position, self.move_seed());
            let thinker = Thinker::new(mind, D::pace(&t.settings)).timed(t.screen.work_clock);
            self.thinker = Some((after, thinker));
        }
        let Some((_, thinker)) = self.thinker.as_mut() else {
            return Outcome::nothing();
        };
        match thinker.tick(now_ms) {
            Turn::Thinking => Outcome::redraw(),
            Turn::Play(mv) => {
                self.thinker = None;
                if self.table.screen.pause == Pause::Step {
                    self.table.screen.pause = Pause::Paused;
                }
                let out = self.moved(mv, Who::Computer);
                if out.changed {
                    return out;
                }
                // The rules refused the search's choice (a fault in the
                // search): the first legal move is played, so the game
                // never waits for a move that cannot come.
                match self.table.position.legal_moves().first() {
                    Some(&legal) => self.moved(legal, Who::Computer),
                    None => out,
                }
            }
            Turn::NoMove => {
                self.thinker = None;
                Outcome::say("The computer has no move.")
            }
        }
    }

    /// The first (or last) move a person made: not the game's own, and
    /// not a computer's. Where every seat is a computer's, any move not the
    /// game's own counts. The first is asked as the page refreshes its
    /// buttons, and usually found at the first move; the last is where
    /// undo goes back to.
    fn person_move(&self, first: bool) -> Option<usize> {
        let mut found = None;
        let t = &self.table;
        let anyone = !D::has_person(&t.settings);
        walk::<D>(
            &t.settings,
            t.seed,
            &t.start,
            &t.moves,
            None,
            &mut |i, p, by_game| {
                if !by_game
                    && (anyone || p.ending().is_some() || !D::computer_to_move(&t.settings, p))
                {
                    found = Some(i);
                    if first {
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            },
        )
        .ok()?;
        found
    }

    /// The shell's part of a pointer gesture: the drag of a piece the game
    /// lets a person pick up. `None` when the game handles the gesture.
    fn drag_gesture(&mut self, gesture: Gesture, board: Size) -> Option<Outcome> {
        let drag = &mut self.table.drag;
        match gesture {
            Gesture::Press(at) => {
                *drag = None;
                let (view, ui) = self.parts();
                let grip = D::grab(&view, ui, at)?;
                self.table.drag = Some(Drag::press(grip, at));
                Some(Outcome::nothing())
            }
            Gesture::DragStart { at, .. } => {
                drag.as_mut().filter(|d| !d.returning())?.start(at);
                let (view, ui) = self.parts();
                let action = D::drag_over(&view, ui, true);
                Some(self.act(action))
            }
            Gesture::DragMove(at) => {
                drag.as_mut().filter(|d| d.moving())?.move_to(at);
                let (view, ui) = self.parts();
                let action = D::drag_over(&view, ui, false);
                Some(self.act(action))
            }
            Gesture::Drop(at) => {
                drag.as_mut().filter(|d| d.moving())?.move_to(at);
                let (view, ui) = self.parts();
                let action = D::drop(&view, ui);
                let played = matches!(action, Action::Play(_));
                let out = self.act(action);
                if played && out.changed {
                    self.table.drag = None;
                } else {
                    self.fly_home();
                }
                Some(out.and(Outcome::redraw()))
            }
            Gesture::Cancel => {
                // The game hears of it first, while it still sees the piece
                // (to end a pan, or to say so).
                let moving = drag.as_ref().is_some_and(|d| d.moving());
                let (view, ui) = self.parts();
                let action = D::gesture(&view, ui, gesture, board);
                if moving {
                    self.fly_home();
                } else {
                    self.table.drag = None;
                }
                Some(self.act(action))
            }
            Gesture::Tap { .. } => {
                *drag = None;
                None
            }
            Gesture::Zoom { .. } => None,
        }
    }

    /// Sends the held piece home (at once, with less motion).
    fn fly_home(&mut self) {
        match self.table.drag.as_mut() {
            Some(d) if !self.table.screen.reduced_motion => d.fly_back(),
            _ => self.table.drag = None,
        }
    }

    /// One frame of a piece's flight home.
    fn fly(&mut self, now_ms: f64) -> Outcome {
        let Some(d) = self.table.drag.as_mut().filter(|d| d.returning()) else {
            return Outcome::nothing();
        };
        if !d.fly(now_ms) {
            self.table.drag = None;
        }
        Outcome::redraw()
    }
}
