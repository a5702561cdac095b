//! The page-facing [`Game`], implemented once for every hosted game.

use super::table::Pause;
use super::{Shell, Who, MAX_FRAME_MS, THINKING};
use crate::shell::cheer;
use crate::shell::codec::state_to_text;
use crate::shell::codec::StateError;
use crate::shell::daily::{Dailies, Day};
use crate::shell::def::{Change, Dealt, Event, GameDef};
use crate::shell::game::{Game, Outcome};
use crate::shell::geom::clamp;
use crate::shell::geom::Size;
use crate::shell::helper::Helper;
use crate::shell::input::{Gesture, Key};
use crate::shell::options::{find_spec, OptionError, OptionSpec};
use crate::shell::paint::Painter;
use crate::shell::position::{Ending, Position};
use crate::shell::record::{replay, split_mark, walk, Record};
use crate::shell::settings::Settings;
use crate::shell::theme::Theme;
use crate::shell::think::WorkClock;
use crate::util::rng::Seed;
use crate::util::text_lines::MAX_TEXT;
use std::ops::ControlFlow;

impl<D: GameDef> Game for Shell<D> {
    fn seed(&self) -> Seed {
        self.table.seed
    }

    fn new_game(&mut self, seed: Seed) {
        let began = self.table.began();
        self.table.count(None, Event::Left { began });
        self.deal(seed, Dealt::New);
    }

    /// Deals `day`'s game under the defaults, keeping the player's own
    /// display choices; the settings chosen wait for the next new game.
    fn daily(&mut self, day: Day) -> Result<Outcome, String> {
        let mut settings = D::Settings::default();
        for spec in D::Settings::SPECS.iter().filter(|s| !s.in_link) {
            if let Some(value) = self.chosen.get(spec.key) {
                settings.set(spec.key, value).map_err(|e| e.to_string())?;
            }
        }
        let deal = D::daily(&mut settings, day.seed()).ok_or("this game has no daily game")?;
        let began = self.table.began();
        self.table.count(None, Event::Left { began });
        // The player asked for it: a game may still search on from the
        // day's deal (Klondike's winnable deal), as for any new game.
        self.deal_from(deal.seed, settings, deal.start, Dealt::New);
        self.table.daily = Some(day);
        Ok(Outcome::moved(day.dealt(deal.challenge)))
    }

    fn daily_day(&self) -> Option<Day> {
        self.table.daily
    }

    fn set_today(&mut self, today: Day) {
        self.table.screen.today = Some(today);
    }

    fn option_specs(&self) -> &'static [OptionSpec] {
        D::Settings::SPECS
    }

    /// The choice made, which a game set up otherwise may wait for.
    fn option(&self, key: &str) -> Option<&'static str> {
        self.chosen.get(key)
    }

    fn applies(&self, key: &str) -> bool {
        D::applies(&self.chosen, key)
    }

    /// The setting of the game on the table.
    fn in_play(&self, key: &str) -> Option<&'static str> {
        self.table.settings.get(key)
    }

    /// Chooses a setting. One that changes how a game is set up (its spec
    /// `restarts`) waits for the next new game; the others apply at once.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        self.chosen.set(key, value)?;
        if !find_spec(D::Settings::SPECS, key)?.restarts {
            self.table.settings.set(key, value)?;
        }
        Ok(())
    }

    fn board_size(&self, viewport: Size) -> Size {
        D::board_size(&self.view(), &self.ui, viewport)
    }

    fn smallest_target(&self, board: Size) -> Option<Size> {
        D::smallest_target(&self.view(), &self.ui, board)
    }

    fn draw(&self, painter: &mut dyn Painter, board: Size) {
        D::draw(&self.view(), &self.ui, painter, board);
        let screen = &self.table.screen;
        if let Some(from) = screen.cheer {
            cheer::draw(painter, board, screen.now - from);
        }
    }

    fn gesture(&mut self, gesture: Gesture, board: Size) -> Outcome {
        self.table.screen.board = board;
        // A tap ends the celebration, and does nothing else.
        if self.table.screen.cheer.is_some() && matches!(gesture, Gesture::Tap { .. }) {
            self.table.screen.cheer = None;
            return Outcome::redraw();
        }
        // While the computer thinks, a tap only says so: Move now (or
        // Enter) hurries it, so an eager tap never weakens it unknowingly.
        if self.computer_to_move() {
            return match gesture {
                Gesture::Tap { .. } => Outcome::say(THINKING),
                _ => Outcome::nothing(),
            };
        }
        if let Some(out) = self.drag_gesture(gesture, board) {
            return out;
        }
        let (view, ui) = self.parts();
        let action = D::gesture(&view, ui, gesture, board);
        self.act(action)
    }

    fn key(&mut self, key: Key, board: Size) -> Outcome {
        self.table.screen.board = board;
        // So does any key.
        if self.table.screen.cheer.take().is_some() {
            return Outcome::redraw();
        }
        if self.computer_to_move() {
            match key {
                Key::Enter | Key::Space => return self.hurry(),
                Key::Backspace => return Outcome::say(THINKING),
                _ => {}
            }
        }
        let (view, ui) = self.parts();
        let action = D::key(&view, ui, key, board);
        self.act(action)
    }

    /// Runs the game's clock, the computer's thinking and the game's own
    /// frame work (animations, background searches, moves it makes itself).
    fn tick(&mut self, now_ms: f64) -> Outcome {
        let t = &mut self.table;
        let frame = t
            .screen
            .last_frame
            .map_or(0.0, |last| clamp(now_ms - last, 0.0, MAX_FRAME_MS));
        t.screen.last_frame = Some(now_ms);
        t.screen.now = now_ms;
        if t.began() && t.position.ending().is_none() {
            t.elapsed_ms += frame;
        }
        let flying = self.fly(now_ms);
        let thought = flying.and(self.think(now_ms));
        let (view, ui) = self.parts();
        let action = D::tick(&view, ui);
        let mut out = thought.and(self.carry_out(action, Who::Game));
        // The celebration asks for frames until it is over.
        let screen = &mut self.table.screen;
        if let Some(from) = screen.cheer {
            if screen.reduced_motion || now_ms - from >= cheer::CHEER_MS {
                screen.cheer = None;
            }
            out.redraw = true;
        }
        out
    }

    fn set_reduced_motion(&mut self, on: bool) {
        self.table.screen.reduced_motion = on;
    }

    fn set_theme(&mut self, theme: Theme) {
        self.table.screen.theme = theme;
    }

    fn thinking(&self) -> bool {
        self.computer_to_move() && !self.watch_paused()
    }

    fn paused(&self) -> Option<bool> {
        let t = &self.table;
        // A finished game has nothing left to pause.
        let watched = !D::has_person(&t.settings) && t.position.ending().is_none();
        watched.then_some(t.screen.pause != Pause::Running)
    }

    fn set_paused(&mut self, on: bool) -> Outcome {
        if self.paused().is_none() {
            return Outcome::nothing();
        }
        let mut out = if on {
            self.table.screen.pause = Pause::Paused;
            Outcome::say("Paused. Step plays one move; Resume lets them play on.")
        } else {
            self.table.screen.pause = Pause::Running;
            Outcome::say("Playing on.")
        };
        out.redraw = true;
        out
    }

    fn step(&mut self) -> Outcome {
        if self.paused() != Some(true) {
            return Outcome::nothing();
        }
        self.table.screen.pause = Pause::Step;
        Outcome::redraw()
    }

    fn move_now(&mut self) -> Outcome {
        self.hurry()
    }

    fn set_work_clock(&mut self, clock: Option<WorkClock>) {
        self.table.screen.work_clock = clock;
    }

    fn set_helper(&mut self, helper: Helper) {
        self.table.helper = Some(helper);
    }

    fn link_body(&self) -> Vec<u8> {
        Shell::link_body(self)
    }

    fn open_link_body(&mut self, body: &[u8]) -> Result<usize, StateError> {
        Shell::open_link_body(self, body)
    }

    fn moves(&self) -> Vec<String> {
        self.table.moves.clone()
    }

    fn records(&self) -> Vec<(&'static str, String)> {
        D::records(&self.view())
    }

    fn load_record(&mut self, text: &str) -> Result<Outcome, String> {
        if text.len() > MAX_TEXT {
            return Err(format!(
                "the record is over {} KiB, longer than any game",
                MAX_TEXT / 1024
            ));
        }
        let loaded = D::read_record(text, &self.table.settings)?;
        let next = Self::from_loaded(self.table.seed, loaded).map_err(|e| e.to_string())?;
        let began = self.table.began();
        self.table.count(None, Event::Left { began });
        self.replace(next, Dealt::Restored);
        let n = self.table.moves.len();
        Ok(Outcome::moved(format!("Loaded a game of {n} moves.")))
    }

    fn can_undo(&self) -> bool {
        D::may_undo(&self.table.settings) && self.person_move(true).is_some()
    }

    /// Takes back the last move a person made, and the computers' replies to it.
    fn undo(&mut self) -> Outcome {
        if !D::may_undo(&self.table.settings) {
            return Outcome::nothing();
        }
        let Some(to) = self.person_move(false) else {
            return Outcome::nothing();
        };
        let t = &mut self.table;
        let position = match replay::<D>(&t.settings, t.seed, &t.start, &t.moves[..to]) {
            Ok(p) => p,
            Err(e) => return Outcome::say(e.to_string()),
        };
        let before = std::mem::replace(&mut t.position, position);
        t.screen.cheer = None;
        if before.ending().is_some() && t.position.ending().is_none() {
            t.count(Some(&before), Event::Unended);
        }
        let taken = t.moves.split_off(to);
        let first = taken.first().cloned().unwrap_or_default();
        // The replies: the other players' moves after the person's, not the game's own.
        let replies = taken.iter().skip(1).filter(|t| !split_mark(t).1).count();
        t.undone.extend(taken.into_iter().rev());
        t.said.clear();
        self.thinker = None;
        D::after_move(&self.table.view(), &mut self.ui, &before, Change::Undone);
        Outcome::moved(match replies {
            0 => format!("Took back {}.", split_mark(&first).0),
            1 => "Took back your move and the computer's reply.".to_owned(),
            _ => "Took back your move and the replies to it.".to_owned(),
        })
    }

    fn can_redo(&self) -> bool {
        D::may_undo(&self.table.settings) && !self.table.undone.is_empty()
    }

    fn redo(&mut self) -> Outcome {
        if !self.can_redo() {
            return Outcome::nothing();
        }
        let Some(first) = self.table.undone.last().cloned() else {
            return Outcome::nothing();
        };
        let before = self.table.position.clone();
        // The move, and the moves the game made by itself after it.
        let mut replayed = 0;
        let mut failed = None;
        while let Some(text) = self.table.undone.pop() {
            let (notation, by_game) = split_mark(&text);
            if replayed > 0 && !by_game {
                self.table.undone.push(text);
                break;
            }
            let played = self
                .table
                .position
                .read_move(notation)
                .map_err(|e| e.reason)
                .and_then(|mv| self.advance(mv, by_game).map_err(|e| e.to_string()));
            if let Err(e) = played {
                failed = Some(format!("Cannot redo {text}: {e}."));
                self.table.undone.push(text);
                break;
            }
            replayed += 1;
        }
        D::after_move(&self.table.view(), &mut self.ui, &before, Change::Redone);
        match failed {
            Some(why) => Outcome::say(why),
            None => Outcome::moved(format!("Played {} again.", split_mark(&first).0)),
        }
    }

    fn hint(&mut self) -> Outcome {
        let (view, ui) = self.parts();
        let action = D::hint(&view, ui);
        self.act(action)
    }

    fn status(&self) -> String {
        let status = D::status(&self.view(), &self.ui);
        match self.table.daily {
            Some(day) => day.status(&status),
            None => status,
        }
    }

    fn rules_pages(&self) -> Vec<String> {
        D::rules_pages(&self.table.settings)
    }

    /// The game's own rows, then the daily games' once there is one.
    fn stats(&self) -> Option<Vec<(String, String)>> {
        let mut rows = D::stats(&self.view());
        let t = &self.table;
        if t.daily.is_some() || t.dailies != Dailies::default() {
            let daily = t.dailies.rows(t.screen.today);
            rows.get_or_insert_with(Vec::new).extend(daily);
        }
        rows
    }

    fn ending(&self) -> Option<Ending> {
        self.table.position.ending()
    }

    fn scores(&self) -> Vec<i32> {
        D::scores(&self.view())
    }

    fn reset_stats(&mut self) -> Outcome {
        self.table.stats = D::Stats::default();
        self.table.dailies = Dailies::default();
        Outcome::moved("The statistics are reset.")
    }

    fn adopt_keeps(&mut self, state: &str) -> Result<(), StateError> {
        let rec: Record<D::Start, D::Stats> = Record::read(state)?;
        rec.dailies.check().map_err(StateError)?;
        self.table.stats = rec.stats;
        self.table.dailies = rec.dailies;
        Ok(())
    }

    fn save(&self) -> String {
        let t = &self.table;
        state_to_text(&Record {
            seed: t.seed,
            options: t.settings.to_options(),
            start: t.start.clone(),
            moves: t.moves.clone(),
            undone: t.undone.clone(),
            stats: t.stats.clone(),
            elapsed_ms: t.elapsed_ms,
            daily: t.daily,
            dailies: t.dailies.clone(),
        })
    }

    fn load(&mut self, state: &str) -> Result<(), StateError> {
        let rec: Record<D::Start, D::Stats> = Record::read(state)?;
        if !rec.elapsed_ms.is_finite() || rec.elapsed_ms < 0.0 {
            return Err(StateError("the clock is not a time".into()));
        }
        rec.dailies.check().map_err(StateError)?;
        if let Some(day) = rec.daily {
            day.checked().map_err(StateError)?;
        }
        let settings = D::Settings::from_options(&rec.options)?;
        // One replay through the moves and then the moves taken back (they
        // must replay too), keeping the position after the moves.
        let played = rec.moves.len();
        let mut all = rec.moves.clone();
        all.extend(rec.undone.iter().rev().cloned());
        let mut position = None;
        let end = walk::<D>(
            &settings,
            rec.seed,
            &rec.start,
            &all,
            None,
            &mut |i, p, _| {
                if i == played {
                    position = Some(p.clone());
                }
                ControlFlow::Continue(())
            },
        )?;
        let position = position.unwrap_or(end);
        let mut next = Self::assemble(
            rec.seed, settings, rec.start, position, rec.moves, rec.undone,
        );
        next.table.elapsed_ms = rec.elapsed_ms;
        next.table.screen = self.table.screen;
        next.table.helper = self.table.helper.take();
        next.table.stats = rec.stats;
        next.table.daily = rec.daily;
        next.table.dailies = rec.dailies;
        *self = next.dealt(Dealt::Restored);
        Ok(())
    }
}
