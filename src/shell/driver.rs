//! `Shell<D>`: the page-facing [`Game`] implemented once, for every game
//! that declares a [`GameDef`].
//!
//! The shell owns the seed, the settings, the record of moves and the moves
//! taken back. The position is always the start replayed through the rules,
//! so undo, redo, saves and records share one mechanism and a save can never
//! hold an impossible position. When a computer is to move, the shell runs
//! its search in slices between frames ([`Thinker`]) and plays its move like
//! any other.

use crate::shell::codec::{state_from_text, state_to_text};
use crate::shell::def::{Action, EffectOf, GameDef, Loaded, MoveOf, View};
use crate::shell::game::{Game, Outcome, StateError};
use crate::shell::geom::Size;
use crate::shell::input::{Gesture, Key};
use crate::shell::options::{OptionError, OptionSpec, OptionText};
use crate::shell::paint::Painter;
use crate::shell::position::{BadMoveText, Position};
use crate::shell::settings::Settings;
use crate::shell::think::{Thinker, Turn};
use crate::util::rng::Seed;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;

/// What is saved: the deal, the settings, the start and the moves in notation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Record<S, T> {
    pub(crate) seed: Seed,
    pub(crate) options: OptionText,
    pub(crate) start: S,
    pub(crate) moves: Vec<String>,
    pub(crate) undone: Vec<String>,
    /// What the game keeps across games (nothing, for some: no bytes).
    pub(crate) stats: T,
}

/// What the page says while a computer thinks and a person taps.
const THINKING: &str = "The computer is thinking… (Enter: move now)";

/// The mark the record puts after a move the game made by itself.
const BY_GAME: char = '*';

/// The most moves the game makes by itself after one move.
const MAX_FOLLOW_UPS: usize = 1_000;

/// A recorded move's notation, and whether the game made it by itself.
fn split_mark(text: &str) -> (&str, bool) {
    match text.strip_suffix(BY_GAME) {
        Some(notation) => (notation, true),
        None => (text, false),
    }
}

/// A game declared by `D`, hosted.
#[derive(Clone, Debug)]
pub struct Shell<D: GameDef> {
    seed: Seed,
    settings: D::Settings,
    start: D::Start,
    position: D::Position,
    moves: Vec<String>,
    undone: Vec<String>,
    ui: D::Ui,
    /// The computer's thinking, and the number of moves it is thinking after.
    thinker: Option<(usize, Thinker<D::Mind>)>,
    /// The narration of the last move.
    said: String,
    stats: D::Stats,
}

impl<D: GameDef> Shell<D> {
    /// A new game with default settings, dealt from `seed`.
    pub fn new(seed: Seed) -> Self {
        Self::with_settings(seed, D::Settings::default())
    }

    /// A new game with `settings`, dealt from `seed`. Settings that cannot
    /// deal a game (none of the declared ones) fall back to the defaults.
    pub fn with_settings(seed: Seed, settings: D::Settings) -> Self {
        let start = D::Start::default();
        let (settings, position) = match D::setup(&settings, seed, &start) {
            Ok(p) => (settings, p),
            Err(_) => {
                let d = D::Settings::default();
                let p = D::setup(&d, seed, &start)
                    .unwrap_or_else(|e| panic!("the default settings deal no game: {e}"));
                (d, p)
            }
        };
        Self::assemble(seed, settings, start, position, Vec::new(), Vec::new())
    }

    /// A game at `position`, reached by `moves`, with fresh screen state,
    /// no computer thinking and no statistics yet.
    fn assemble(
        seed: Seed,
        settings: D::Settings,
        start: D::Start,
        position: D::Position,
        moves: Vec<String>,
        undone: Vec<String>,
    ) -> Self {
        Shell {
            seed,
            settings,
            start,
            position,
            moves,
            undone,
            ui: D::Ui::default(),
            thinker: None,
            said: String::new(),
            stats: D::Stats::default(),
        }
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
        let position = Self::replay(&settings, seed, &start, &moves)?;
        Ok(Self::assemble(
            seed,
            settings,
            start,
            position,
            moves,
            Vec::new(),
        ))
    }

    /// A game that starts from `start` under `settings`.
    pub fn from_start(seed: Seed, settings: D::Settings, start: D::Start) -> Result<Self, String> {
        let position = D::setup(&settings, seed, &start)?;
        Ok(Self::assemble(
            seed,
            settings,
            start,
            position,
            Vec::new(),
            Vec::new(),
        ))
    }

    /// The position now.
    pub fn position(&self) -> &D::Position {
        &self.position
    }

    /// The settings in force.
    pub fn settings(&self) -> &D::Settings {
        &self.settings
    }

    /// Where the game started.
    pub fn start(&self) -> &D::Start {
        &self.start
    }

    /// The moves so far, in notation (what [`Game::moves`] copies).
    pub fn played(&self) -> &[String] {
        &self.moves
    }

    /// Screen-only state, for tests of a game's input mapping.
    pub fn ui(&self) -> &D::Ui {
        &self.ui
    }

    /// What the game's view and input mapping see.
    pub fn view(&self) -> View<'_, D> {
        View {
            settings: &self.settings,
            seed: self.seed,
            start: &self.start,
            position: &self.position,
            moves: &self.moves,
            computer_to_move: self.computer_to_move(),
            said: &self.said,
        }
    }

    /// Screen-only state and the view together, for a game's own helpers.
    pub fn parts(&mut self) -> (View<'_, D>, &mut D::Ui) {
        let computer_to_move = self.computer_to_move();
        (
            View {
                settings: &self.settings,
                seed: self.seed,
                start: &self.start,
                position: &self.position,
                moves: &self.moves,
                computer_to_move,
                said: &self.said,
            },
            &mut self.ui,
        )
    }

    /// Plays a move, then the moves the game makes by itself after it
    /// ([`GameDef::follow_up`]); clears the moves taken back.
    pub fn play(
        &mut self,
        mv: MoveOf<D>,
    ) -> Result<EffectOf<D>, <D::Position as Position>::Illegal> {
        let effect = self.advance(mv, false)?;
        self.undone.clear();
        for _ in 0..MAX_FOLLOW_UPS {
            let Some(next) = D::follow_up(&self.settings, &self.position) else {
                break;
            };
            if self.advance(next, true).is_err() {
                break;
            }
        }
        Ok(effect)
    }

    /// Plays a move onto the record (marked when the game made it by
    /// itself), counting the game's end.
    fn advance(
        &mut self,
        mv: MoveOf<D>,
        by_game: bool,
    ) -> Result<EffectOf<D>, <D::Position as Position>::Illegal> {
        let mut text = self.position.move_text(mv);
        if by_game {
            text.push(BY_GAME);
        }
        let was_over = self.position.ending().is_some();
        let effect = self.position.play(mv)?;
        self.moves.push(text);
        if !was_over && self.position.ending().is_some() {
            D::count_end(&mut self.stats, &self.settings, &self.position, true);
        }
        D::after_move(&mut self.ui, &self.position);
        Ok(effect)
    }

    /// Plays exactly the move a record's text names (as [`Game::moves`]
    /// writes them, `*` for the game's own): no follow-ups, so a copy of a
    /// game is kept in step move by move. Clears the moves taken back.
    pub fn play_text(&mut self, text: &str) -> Result<(), BadMoveText> {
        let (notation, by_game) = split_mark(text);
        let mv = self.position.read_move(notation)?;
        self.advance(mv, by_game)
            .map_err(|e| BadMoveText::new(text, e))?;
        self.undone.clear();
        Ok(())
    }

    /// Whether a computer is to move now.
    pub fn computer_to_move(&self) -> bool {
        self.position.ending().is_none() && D::computer_to_move(&self.settings, &self.position)
    }

    /// The seed of the computer's search for the next move.
    fn move_seed(&self) -> Seed {
        Seed(self.seed.0 ^ (self.moves.len() as u64).wrapping_mul(0x9E37_79B9))
    }

    /// Plays `mv` and says what it did, or why it was refused.
    fn moved(&mut self, mv: MoveOf<D>, by_computer: bool) -> Outcome {
        let before = self.position.clone();
        match self.play(mv) {
            Ok(effect) => {
                self.said = D::narrate(
                    &self.settings,
                    &before,
                    mv,
                    &effect,
                    &self.position,
                    by_computer,
                );
                Outcome::moved(self.said.clone())
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
        match action {
            Action::Nothing => Outcome::nothing(),
            Action::Redraw => Outcome::redraw(),
            Action::Say(text) => Outcome::say(text),
            Action::Play(mv) => self.moved(mv, false),
        }
    }

    /// Lets the computers play until a person is to move or the game ends,
    /// as the page's clock would at sixty frames a second (for tests and
    /// scripted play).
    pub fn run_computers(&mut self) {
        let mut now = 0.0;
        for _ in 0..1_000_000 {
            if !self.computer_to_move() {
                return;
            }
            now += 1000.0 / 60.0;
            self.tick(now);
        }
    }

    /// The position after `moves` from the start that `settings`, `seed` and
    /// `start` give, every move read and played through the rules.
    fn replay(
        settings: &D::Settings,
        seed: Seed,
        start: &D::Start,
        moves: &[String],
    ) -> Result<D::Position, StateError> {
        Self::walk(settings, seed, start, moves, |_, _, _| {
            ControlFlow::Continue(())
        })
    }

    /// Replays `moves` as [`Shell::replay`] does; `visit` sees each position
    /// before its move (the move's index, the position, whether the game
    /// made the move itself) and may end the walk there. Returns the
    /// position the walk ended at.
    fn walk(
        settings: &D::Settings,
        seed: Seed,
        start: &D::Start,
        moves: &[String],
        mut visit: impl FnMut(usize, &D::Position, bool) -> ControlFlow<()>,
    ) -> Result<D::Position, StateError> {
        let mut p = D::setup(settings, seed, start).map_err(StateError)?;
        for (i, text) in moves.iter().enumerate() {
            let (notation, by_game) = split_mark(text);
            if visit(i, &p, by_game).is_break() {
                break;
            }
            let mv = p
                .read_move(notation)
                .map_err(|e| StateError(format!("move {} ({text}): {}", i + 1, e.reason)))?;
            p.play(mv)
                .map_err(|e| StateError(format!("move {} ({text}): {e}", i + 1)))?;
        }
        Ok(p)
    }

    /// The first (or last) move a person made: not the game's own, and
    /// not a computer's. Where every seat is a computer's, any move not the
    /// game's own counts. The first is asked as the page refreshes its
    /// buttons, and usually found at the first move; the last is where
    /// undo goes back to.
    fn person_move(&self, first: bool) -> Option<usize> {
        let mut found = None;
        let anyone = !D::has_person(&self.settings);
        let settings = &self.settings;
        Self::walk(
            settings,
            self.seed,
            &self.start,
            &self.moves,
            |i, p, by_game| {
                if !by_game && (anyone || p.ending().is_some() || !D::computer_to_move(settings, p))
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
}

impl<D: GameDef> Game for Shell<D> {
    fn seed(&self) -> Seed {
        self.seed
    }

    fn new_game(&mut self, seed: Seed) {
        let stats = std::mem::take(&mut self.stats);
        *self = Self::with_settings(seed, self.settings.clone());
        self.stats = stats;
    }

    fn option_specs(&self) -> &'static [OptionSpec] {
        D::Settings::SPECS
    }

    fn option(&self, key: &str) -> Option<&'static str> {
        self.settings.get(key)
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        self.settings.set(key, value)
    }

    fn board_size(&self, viewport: Size) -> Size {
        D::board_size(&self.view(), &self.ui, viewport)
    }

    fn draw(&self, painter: &mut dyn Painter, board: Size) {
        D::draw(&self.view(), &self.ui, painter, board);
    }

    fn gesture(&mut self, gesture: Gesture, board: Size) -> Outcome {
        if self.computer_to_move() {
            return match gesture {
                Gesture::Tap { .. } => Outcome::say(THINKING),
                _ => Outcome::nothing(),
            };
        }
        let (view, ui) = self.parts();
        let action = D::gesture(&view, ui, gesture, board);
        self.act(action)
    }

    fn key(&mut self, key: Key, board: Size) -> Outcome {
        let thinking = self.computer_to_move();
        if thinking {
            match key {
                Key::Enter | Key::Space => {
                    return match self.thinker.as_mut() {
                        Some((_, t)) => {
                            t.hurry();
                            Outcome::say("The computer moves now.")
                        }
                        None => Outcome::nothing(),
                    };
                }
                Key::Backspace => return Outcome::say(THINKING),
                _ => {}
            }
        }
        let (view, ui) = self.parts();
        let action = D::key(&view, ui, key, board);
        self.act(action)
    }

    fn tick(&mut self, now_ms: f64) -> Outcome {
        if !self.computer_to_move() {
            self.thinker = None;
            return Outcome::nothing();
        }
        let after = self.moves.len();
        if self.thinker.as_ref().is_none_or(|(n, _)| *n != after) {
            let mind = D::mind(&self.settings, &self.position, self.move_seed());
            self.thinker = Some((after, Thinker::new(mind, D::pace(&self.settings))));
        }
        let Some((_, thinker)) = self.thinker.as_mut() else {
            return Outcome::nothing();
        };
        match thinker.tick(now_ms) {
            Turn::Thinking => Outcome::redraw(),
            Turn::Play(mv) => {
                self.thinker = None;
                self.moved(mv, true)
            }
            Turn::NoMove => {
                self.thinker = None;
                Outcome::say("The computer has no move.")
            }
        }
    }

    fn moves(&self) -> Vec<String> {
        self.moves.clone()
    }

    fn records(&self) -> Vec<(&'static str, String)> {
        D::records(&self.view())
    }

    fn load_record(&mut self, text: &str) -> Result<Outcome, String> {
        let loaded = D::read_record(text, &self.settings)?;
        let stats = self.stats.clone();
        *self = Self::from_loaded(self.seed, loaded).map_err(|e| e.to_string())?;
        self.stats = stats;
        let n = self.moves.len();
        Ok(Outcome::moved(format!("Loaded a game of {n} moves.")))
    }

    fn can_undo(&self) -> bool {
        D::may_undo(&self.settings) && self.person_move(true).is_some()
    }

    /// Takes back the last move a person made, and the computers' replies to it.
    fn undo(&mut self) -> Outcome {
        if !D::may_undo(&self.settings) {
            return Outcome::nothing();
        }
        let Some(to) = self.person_move(false) else {
            return Outcome::nothing();
        };
        let position = match Self::replay(&self.settings, self.seed, &self.start, &self.moves[..to])
        {
            Ok(p) => p,
            Err(e) => return Outcome::say(e.to_string()),
        };
        let ended = std::mem::replace(&mut self.position, position);
        if ended.ending().is_some() && self.position.ending().is_none() {
            D::count_end(&mut self.stats, &self.settings, &ended, false);
        }
        let taken = self.moves.split_off(to);
        let first = taken.first().cloned().unwrap_or_default();
        // The replies: the other players' moves after the person's, not the game's own.
        let replies = taken.iter().skip(1).filter(|t| !split_mark(t).1).count();
        self.undone.extend(taken.into_iter().rev());
        self.thinker = None;
        self.said.clear();
        D::after_move(&mut self.ui, &self.position);
        Outcome::moved(match replies {
            0 => format!("Took back {first}."),
            1 => "Took back your move and the computer's reply.".to_owned(),
            _ => "Took back your move and the replies to it.".to_owned(),
        })
    }

    fn can_redo(&self) -> bool {
        D::may_undo(&self.settings) && !self.undone.is_empty()
    }

    fn redo(&mut self) -> Outcome {
        if !self.can_redo() {
            return Outcome::nothing();
        }
        let Some(first) = self.undone.last().cloned() else {
            return Outcome::nothing();
        };
        // The move, and the moves the game made by itself after it.
        let mut replayed = 0;
        while let Some(text) = self.undone.pop() {
            let (notation, by_game) = split_mark(&text);
            if replayed > 0 && !by_game {
                self.undone.push(text);
                break;
            }
            let played = self
                .position
                .read_move(notation)
                .map_err(|e| e.reason)
                .and_then(|mv| self.advance(mv, by_game).map_err(|e| e.to_string()));
            if let Err(e) = played {
                self.undone.push(text.clone());
                return Outcome::say(format!("Cannot redo {text}: {e}."));
            }
            replayed += 1;
        }
        Outcome::moved(format!("Played {} again.", split_mark(&first).0))
    }

    fn hint(&mut self) -> Outcome {
        let (view, ui) = self.parts();
        let action = D::hint(&view, ui);
        self.act(action)
    }

    fn status(&self) -> String {
        D::status(&self.view())
    }

    fn rules_pages(&self) -> Vec<String> {
        D::rules_pages(&self.settings)
    }

    fn stats(&self) -> Option<Vec<(String, String)>> {
        D::stats(&self.view(), &self.stats)
    }

    fn reset_stats(&mut self) -> Outcome {
        self.stats = D::Stats::default();
        Outcome::moved("The statistics are reset.")
    }

    fn save(&self) -> String {
        state_to_text(&Record {
            seed: self.seed,
            options: self.settings.to_options(),
            start: self.start.clone(),
            moves: self.moves.clone(),
            undone: self.undone.clone(),
            stats: self.stats.clone(),
        })
    }

    fn load(&mut self, state: &str) -> Result<(), StateError> {
        let rec: Record<D::Start, D::Stats> = state_from_text(state)?;
        let settings = D::Settings::from_options(&rec.options)?;
        // One replay through the moves and then the moves taken back (they
        // must replay too), keeping the position after the moves.
        let played = rec.moves.len();
        let mut all = rec.moves.clone();
        all.extend(rec.undone.iter().rev().cloned());
        let mut position = None;
        let end = Self::walk(&settings, rec.seed, &rec.start, &all, |i, p, _| {
            if i == played {
                position = Some(p.clone());
            }
            ControlFlow::Continue(())
        })?;
        let position = position.unwrap_or(end);
        *self = Self::assemble(
            rec.seed, settings, rec.start, position, rec.moves, rec.undone,
        );
        self.stats = rec.stats;
        Ok(())
    }
}
