//! Pointer and keys to moves: choosing and turning a tile in the tray,
//! laying it by a tap or a drag that snaps to legal cells, the corner prompt
//! of Star, the hot-seat cover, the banner's draw and pass, panning and
//! zooming the table.

use super::play::Play;
use super::rules::{Move, Placement};
use super::table::{placement_on, Table, Ui};
use super::view;
use crate::shell::def::Action;
use crate::shell::drag::{Grip, Lift};
use crate::shell::geom::{Point, Size};
use crate::shell::input::{Gesture, Key};

type Act = Action<Play>;

fn say(text: impl Into<String>) -> Act {
    Action::Say(text.into())
}

fn play(mv: Move) -> Act {
    Action::Play(Play::Hand(mv))
}

impl Table<'_> {
    fn set_camera(&self, ui: &mut Ui, camera: view::Camera) {
        ui.camera = Some(camera);
        ui.hand = self.m.hand_number();
    }

    fn select(&self, ui: &mut Ui, slot: usize) -> Act {
        let Some(&t) = self.tray(ui).get(slot) else {
            return Action::Nothing;
        };
        if ui.selected == Some(slot) {
            return self.turn_tile(ui, 1);
        }
        ui.selected = Some(slot);
        ui.turn = 0;
        ui.pick = None;
        let n = self.placements_of(t).len();
        say(if !self.may_play(ui) {
            format!("{t} selected.")
        } else if n == 0 {
            format!("{t} fits nowhere now.")
        } else {
            format!("{t}: {n} ways to lay it. Tap a cell, or drag it there.")
        })
    }

    /// Turns the selected tile `steps` thirds of a turn clockwise.
    fn turn_tile(&self, ui: &mut Ui, steps: u8) -> Act {
        let Some(t) = self.selected(ui) else {
            return Action::Nothing;
        };
        if t.distinct_turns().len() == 1 {
            return say(format!("{t} looks the same every way round."));
        }
        ui.turn = (ui.turn + steps) % 3;
        // A preview turns too, if the cell takes the new turn.
        if let Some(cell) = ui.pick.map(|p| p.at.cell) {
            ui.pick = placement_on(ui, &self.placements_of(t), cell);
        }
        let [a, b, c] = t.turned(ui.turn);
        say(format!("Turned: {a}-{b}-{c}."))
    }

    /// Lays a placement chosen on screen: straight away, or via the corner prompt.
    pub(super) fn lay(&self, ui: &mut Ui, p: Placement) -> Act {
        if let Some([a, b]) = p.corner {
            // The rules ask the player to name the corner's numbers; the
            // tiles already show them, so the prompt comes filled in, to be
            // confirmed (or changed).
            ui.prompt = Some((Placement { corner: None, ..p }, [Some(a), Some(b)]));
            ui.snap = None;
            return say(format!(
                "A corner-to-corner play: the corner shows {a} and {b}. Enter or Play names them \
                 and lays the tile."
            ));
        }
        play(Move::Place(p))
    }

    fn prompt_tap(&self, ui: &mut Ui, at: Point, board: Size) -> Act {
        let Some((p, mut picks)) = ui.prompt else {
            return Action::Nothing;
        };
        let (digits, ok, cancel) = view::corner_buttons(board, self.m.rules().pips.max());
        if cancel.contains(at) {
            ui.prompt = None;
            return say("Corner play cancelled.");
        }
        if ok.contains(at) {
            return self.prompt_play(ui);
        }
        if let Some((row, v, _)) = digits.iter().find(|d| d.2.contains(at)) {
            picks[usize::from(*row)] = Some(*v);
            ui.prompt = Some((p, picks));
            return Action::Redraw;
        }
        Action::Nothing
    }

    fn prompt_play(&self, ui: &mut Ui) -> Act {
        let Some((p, picks)) = ui.prompt else {
            return Action::Nothing;
        };
        let [Some(a), Some(b)] = picks else {
            return say("Pick both numbers first.");
        };
        let mv = Move::Place(Placement {
            corner: Some([a.min(b), a.max(b)]),
            ..p
        });
        if let Err(e) = self.m.hand().check(mv) {
            return say(format!("Not allowed: {e}."));
        }
        play(mv)
    }

    fn banner_button(&self, ui: &Ui) -> Act {
        if !self.may_play(ui) {
            return Action::Nothing;
        }
        match self.m.hand().legal_moves().as_slice() {
            [m @ (Move::Draw | Move::Pass)] => play(*m),
            _ => Action::Nothing,
        }
    }

    fn reveal(&self, ui: &mut Ui) -> Act {
        ui.revealed = self.person_to_move();
        say("Your tiles are showing.")
    }

    fn tap(&self, ui: &mut Ui, at: Point, count: u8, board: Size) -> Act {
        if ui.prompt.is_some() {
            return self.prompt_tap(ui, at, board);
        }
        if self.hand_over() {
            return Action::Play(Play::NextHand);
        }
        if self.covered(ui) {
            return self.reveal(ui);
        }
        let layout = self.layout(ui, board);
        if layout.banner_button().contains(at) {
            return self.banner_button(ui);
        }
        if let Some(slot) = layout.tray_hit(at, self.tray(ui).len()) {
            return self.select(ui, slot);
        }
        if !layout.table.contains(at) {
            return Action::Nothing;
        }
        let cell = self.camera(ui, board).lattice().cell_at(at);
        if let Some(t) = self.selected(ui).filter(|_| self.may_play(ui)) {
            if let Some(p) = placement_on(ui, &self.placements_of(t), cell) {
                return self.lay(ui, p);
            }
        }
        if count == 2 {
            ui.camera = None;
            return say("The table is fitted to the tiles.");
        }
        match self.m.hand().at(cell) {
            Some(p) => say(format!(
                "The {}, {}.",
                p.tile,
                self.m.hand().cell_words(cell)
            )),
            None => Action::Nothing,
        }
    }

    /// What a press at `at` picks up: a tile of the tray, while the
    /// player may lay one.
    pub fn grab(&self, ui: &mut Ui, at: Point, board: Size) -> Option<Grip<usize>> {
        if ui.prompt.is_some() || !self.may_play(ui) {
            return None;
        }
        let layout = self.layout(ui, board);
        let n = self.tray(ui).len();
        let slot = layout.tray_hit(at, n)?;
        Some(Grip {
            piece: slot,
            home: layout.tray_slot(slot, n),
        })
    }

    /// The held tile moved: it snaps to the nearest legal place in reach.
    pub fn drag_over(&self, ui: &mut Ui, lift: Lift<usize>, start: bool, board: Size) -> Act {
        let slot = *lift.piece;
        let Some(&tile) = self.tray(ui).get(slot) else {
            return Action::Nothing;
        };
        if start {
            if ui.selected != Some(slot) {
                ui.turn = 0;
            }
            ui.selected = Some(slot);
            ui.pick = None;
        }
        ui.snap = self.snap(ui, tile, lift.ghost, board);
        Action::Redraw
    }

    /// The held tile was dropped: laid where it snaps, or back to the hand.
    pub fn drop(&self, ui: &mut Ui, lift: Lift<usize>, board: Size) -> Act {
        ui.snap = None;
        let Some(&tile) = self.tray(ui).get(*lift.piece) else {
            return Action::Nothing;
        };
        match self.snap(ui, tile, lift.ghost, board) {
            Some(p) => self.lay(ui, p),
            None => say(format!("{tile} does not fit there.")),
        }
    }

    /// What a pointer gesture asks for; `drag` is the tile the shell's
    /// drag holds, if any.
    pub fn gesture(
        &self,
        ui: &mut Ui,
        gesture: Gesture,
        board: Size,
        drag: Option<Lift<usize>>,
    ) -> Act {
        match gesture {
            Gesture::Press(at) => {
                let layout = self.layout(ui, board);
                ui.pressed = (ui.prompt.is_none() && layout.table.contains(at)).then_some(at);
                Action::Nothing
            }
            Gesture::DragStart { at, .. } => match ui.pressed.take() {
                Some(from) => {
                    let camera = self.camera(ui, board);
                    self.set_camera(ui, camera);
                    ui.pan = Some(from);
                    self.gesture(ui, Gesture::DragMove(at), board, drag)
                }
                None => Action::Nothing,
            },
            Gesture::DragMove(at) => match (ui.pan, ui.camera.as_mut()) {
                (Some(last), Some(cam)) => {
                    cam.pan(at.x - last.x, at.y - last.y);
                    ui.pan = Some(at);
                    Action::Redraw
                }
                _ => Action::Nothing,
            },
            Gesture::Drop(_) => {
                ui.pan = None;
                Action::Nothing
            }
            Gesture::Cancel => {
                ui.pressed = None;
                ui.pan = None;
                ui.snap = None;
                if drag.is_some() {
                    return say("Back in the hand.");
                }
                Action::Redraw
            }
            Gesture::Tap { at, count } => {
                ui.pressed = None;
                self.tap(ui, at, count, board)
            }
            Gesture::Zoom { at, factor } => {
                if let Some(lift) = drag.filter(|d| !d.returning) {
                    // The wheel turns a tile in the hand.
                    let out = self.turn_tile(ui, if factor < 1.0 { 1 } else { 2 });
                    let tile = self.tray(ui)[*lift.piece];
                    ui.snap = self.snap(ui, tile, lift.ghost, board);
                    return out;
                }
                let mut cam = self.camera(ui, board);
                cam.zoom_about(at, factor);
                self.set_camera(ui, cam);
                Action::Redraw
            }
        }
    }

    fn prompt_key(&self, ui: &mut Ui, key: Key) -> Act {
        match key {
            Key::Escape => {
                ui.prompt = None;
                say("Corner play cancelled.")
            }
            Key::Enter => self.prompt_play(ui),
            Key::Char(c) if c.is_ascii_digit() => {
                let v = c as u8 - b'0';
                if let Some((p, mut picks)) = ui.prompt {
                    if v <= self.m.rules().pips.max() {
                        // Both named already: typing starts the pair over.
                        if picks.iter().all(Option::is_some) {
                            picks = [None, None];
                        }
                        let slot = usize::from(picks[0].is_some());
                        picks[slot] = Some(v);
                        ui.prompt = Some((p, picks));
                        if let (1, [Some(a), Some(_)]) = (slot, picks) {
                            return say(format!("Corner {a}+{v}: Enter plays."));
                        }
                    }
                }
                Action::Redraw
            }
            _ => Action::Nothing,
        }
    }

    /// Up and Down step through the places the selected tile fits.
    fn step_pick(&self, ui: &mut Ui, key: Key) -> Act {
        let Some(t) = self.selected(ui) else {
            return say("Pick a tile with the left and right arrows first.");
        };
        let all = self.placements_of(t);
        if all.is_empty() || !self.may_play(ui) {
            return say(format!("{t} cannot be laid now."));
        }
        let at = ui.pick.and_then(|p| all.iter().position(|q| *q == p));
        let i = match (key, at) {
            (_, None) => 0,
            (Key::Up, Some(i)) => (i + all.len() - 1) % all.len(),
            (_, Some(i)) => (i + 1) % all.len(),
        };
        let p = all[i];
        ui.pick = Some(p);
        ui.turn = p.at.turn;
        let [a, b, c] = p.at.tile.turned(p.at.turn);
        say(format!(
            "{a}-{b}-{c} {} ({} of {}). Enter lays it.",
            self.m.hand().cell_words(p.at.cell),
            i + 1,
            all.len()
        ))
    }

    /// What a key asks for.
    pub fn key(&self, ui: &mut Ui, key: Key, board: Size) -> Act {
        if ui.prompt.is_some() {
            return self.prompt_key(ui, key);
        }
        if self.hand_over() {
            return match key {
                Key::Enter | Key::Space => Action::Play(Play::NextHand),
                _ => Action::Nothing,
            };
        }
        if self.covered(ui) {
            return match key {
                Key::Enter | Key::Space => self.reveal(ui),
                _ => Action::Nothing,
            };
        }
        let n = self.tray(ui).len();
        match key {
            Key::Left | Key::Right if n > 0 => {
                let cur = ui.selected.unwrap_or(0);
                let next = match (key, ui.selected) {
                    (_, None) => 0,
                    (Key::Left, _) => (cur + n - 1) % n,
                    _ => (cur + 1) % n,
                };
                ui.selected = None;
                self.select(ui, next)
            }
            Key::Up | Key::Down => self.step_pick(ui, key),
            Key::Enter => match ui.pick {
                Some(p) if self.may_play(ui) => self.lay(ui, p),
                _ => self.banner_button(ui),
            },
            Key::Char('r') | Key::Space => self.turn_tile(ui, 1),
            Key::Char('f') => {
                ui.camera = None;
                say("The table is fitted to the tiles.")
            }
            Key::Char('+') | Key::Char('=') | Key::Char('-') => {
                let factor = if key == Key::Char('-') { 0.8 } else { 1.25 };
                let mut cam = self.camera(ui, board);
                let c = self.layout(ui, board).table.center();
                cam.zoom_about(c, factor);
                self.set_camera(ui, cam);
                Action::Redraw
            }
            Key::Char('p') | Key::Char('d') => self.banner_button(ui),
            Key::Escape => {
                ui.selected = None;
                ui.pick = None;
                Action::Redraw
            }
            _ => Action::Nothing,
        }
    }

    /// Shows `mv`, Hint's suggestion, as a preview to lay with Enter.
    pub fn show_hint(&self, ui: &mut Ui, mv: Move) -> Act {
        match mv {
            Move::Place(p) => {
                let points = self.m.hand().check(mv).map(|e| e.points()).unwrap_or(0);
                ui.selected = self.tray(ui).iter().position(|&t| t == p.at.tile);
                ui.turn = p.at.turn;
                ui.pick = Some(p);
                let [a, b, c] = p.at.tile.turned(p.at.turn);
                let corner = p.corner.map_or(String::new(), |[x, y]| {
                    format!(" corner to corner, naming {x} and {y}")
                });
                say(format!(
                    "Hint: lay {a}-{b}-{c} {}{corner} (scores {points}). Enter lays it.",
                    self.m.hand().cell_words(p.at.cell)
                ))
            }
            Move::Draw => say("Hint: nothing fits, so draw a tile."),
            Move::Pass => say("Hint: nothing fits, so pass."),
        }
    }
}
