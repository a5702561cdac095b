//! Pointer and keys to moves: placing a man by a tap or Enter, building a
//! jump chain one landing at a time (by taps, or by dragging the ball through
//! its landings), and the keyboard cursor.

use super::ai::hint::Hint;
use super::contest::Contest;
use super::geometry::Geometry;
use super::kind::Game;
use super::rules::{Chain, Men, Move, Position};
use super::Pt;
use crate::shell::def::Action;
use crate::shell::geom::{Point, Rect};
use crate::shell::input::{Gesture, Key};
use std::cell::RefCell;

/// A chain being built by the player, one landing at a time.
#[derive(Clone, Debug, PartialEq)]
pub struct Building {
    /// The jumps so far.
    pub chain: Chain,
    /// Where the ball landed after each.
    pub path: Vec<Pt>,
    /// The men still on the board.
    pub men: Men,
    /// The last landing ends the chain (a goal line).
    pub ended: bool,
}

impl Building {
    /// Where the ball is now: the last landing, or its point.
    pub fn end(&self, p: &Position) -> Pt {
        self.path.last().copied().unwrap_or(p.ball)
    }
}

/// Screen-only state: the chain being built, the keyboard cursor and the
/// hint on the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ui {
    /// The chain being built.
    pub building: Option<Building>,
    /// The keyboard cursor.
    pub cursor: Option<Pt>,
    /// The last hint, drawn while the position it was given for (after
    /// this many moves) is on the board.
    pub hint: Option<(usize, Hint)>,
    /// Looking back: the board shows the position after this many moves
    /// (see [`super::review`]).
    pub review: Option<usize>,
    /// Where the move list's lines were last drawn, and the moves each
    /// shows: what a tap on the list picks.
    pub lines: RefCell<Vec<(Rect, usize)>>,
}

type Act = Action<Move>;

impl Ui {
    fn start_chain(&mut self, p: &Position) -> Act {
        if p.jumps(&p.men, p.ball).next().is_none() {
            return Action::Say("No man is next to the ball: there is nothing to jump.".into());
        }
        self.building = Some(Building {
            chain: Chain::EMPTY,
            path: Vec::new(),
            men: p.men,
            ended: false,
        });
        Action::Say("Choose where the ball lands; tap the last landing again to finish, or the ball to cancel.".into())
    }

    fn extend_chain(&mut self, p: &Position, to: Pt) -> Act {
        let Some(b) = self.building.clone() else {
            return Action::Nothing;
        };
        let from = b.end(p);
        if b.ended {
            return Action::Say("The chain has reached a goal line: finish it.".into());
        }
        let Some((dir, landing, men)) = p.jumps(&b.men, from).find(|(_, l, _)| l.at == to) else {
            return Action::Say(format!("No jump goes from {from} to {to}."));
        };
        let Some(chain) = b.chain.push(dir) else {
            return Action::Say("The chain is as long as it can be: finish it.".into());
        };
        let mut path = b.path;
        path.push(landing.at);
        self.building = Some(Building {
            chain,
            path,
            men,
            ended: landing.ends,
        });
        Action::Say(format!("The ball lands on {}.", landing.at))
    }

    fn finish_chain(&mut self) -> Act {
        match self.building.take() {
            Some(b) if !b.chain.is_empty() => Action::Play(Move::Jump(b.chain)),
            _ => Action::Redraw,
        }
    }

    fn step_back(&mut self, p: &Position) -> Act {
        let Some(b) = self.building.take() else {
            return Action::Nothing;
        };
        // Rebuild the chain without its last jump.
        let dirs: Vec<u8> = b.chain.dirs().collect();
        self.start_chain(p);
        for &d in &dirs[..dirs.len().saturating_sub(1)] {
            let (from, men) = match &self.building {
                Some(b) => (b.end(p), b.men),
                None => (p.ball, p.men),
            };
            if let Ok((landing, _)) = p.jump_once(&men, from, d) {
                let _ = self.extend_chain(p, landing.at);
            }
        }
        Action::Say("Took back one jump.".into())
    }

    /// A tap or Enter on `at`: place a man, or start, extend, finish or
    /// cancel a chain.
    fn act_on(&mut self, game: &Contest, at: Pt) -> Act {
        if game.result().is_some() {
            return Action::Say("The game is over: start a new one, or undo.".into());
        }
        let p = game.board();
        if let Some(b) = self.building.clone() {
            if at == b.end(p) && !b.chain.is_empty() {
                return self.finish_chain();
            }
            if at == p.ball && b.chain.is_empty() {
                self.building = None;
                return Action::Say("Chain cancelled.".into());
            }
            if b.path.len() >= 2 && at == b.path[b.path.len() - 2] {
                return self.step_back(p);
            }
            return self.extend_chain(p, at);
        }
        if at == p.ball {
            return self.start_chain(p);
        }
        Action::Play(Move::Place(at))
    }

    /// A drag building a chain is over `at`: a landing there extends it.
    fn drag_over(&mut self, p: &Position, at: Point) -> Act {
        let Some(b) = &self.building else {
            return Action::Nothing;
        };
        let end = b.end(p);
        match Geometry::new(p.options.dims).hit(at) {
            Some(pt) if !b.ended && p.jumps(&b.men, end).any(|(_, l, _)| l.at == pt) => {
                self.extend_chain(p, pt)
            }
            _ => Action::Nothing,
        }
    }
}

/// What a pointer gesture asks for.
pub fn gesture(game: &Game, ui: &mut Ui, gesture: Gesture) -> Act {
    let contest = game.position;
    let p = contest.board();
    let geo = Geometry::new(p.options.dims);
    let looking = super::review::looking_at(ui, game.moves.len()).is_some();
    match gesture {
        Gesture::Tap { at, .. } => {
            if let Some(act) = super::review::tap(game, ui, at) {
                return act;
            }
            match geo.hit(at) {
                Some(pt) => {
                    ui.cursor = None;
                    ui.act_on(contest, pt)
                }
                None => Action::Nothing,
            }
        }
        Gesture::DragStart { .. } if looking => super::review::back(ui),
        // A chain can be dragged: from the ball, through each landing, let go to play it.
        Gesture::DragStart { from, at } => {
            if contest.result().is_none() && geo.hit(from) == Some(p.ball) && ui.building.is_none()
            {
                let started = ui.start_chain(p);
                // A quick drag may already be over the first landing.
                match ui.drag_over(p, at) {
                    Action::Nothing => started,
                    moved => moved,
                }
            } else {
                Action::Nothing
            }
        }
        Gesture::DragMove(at) => ui.drag_over(p, at),
        Gesture::Drop(_) => {
            if ui.building.as_ref().is_some_and(|b| !b.chain.is_empty()) {
                ui.finish_chain()
            } else {
                ui.building = None;
                Action::Redraw
            }
        }
        Gesture::Cancel => {
            ui.building = None;
            Action::Say("Chain cancelled.".into())
        }
        Gesture::Press(_) | Gesture::Zoom { .. } => Action::Nothing,
    }
}

/// What a key asks for: arrows move the cursor, Enter or Space acts on its
/// point, Backspace takes back a jump, Escape cancels.
pub fn key(game: &Game, ui: &mut Ui, key: Key) -> Act {
    if let Some(act) = super::review::key(game, ui, key) {
        return act;
    }
    if super::review::looking_at(ui, game.moves.len()).is_some() {
        // The board shows the past: the keys act on the game, so it returns.
        return super::review::back(ui);
    }
    let p = game.position.board();
    let dims = p.options.dims;
    let c = ui.cursor.unwrap_or(p.ball);
    let moved = match key {
        Key::Left => Pt {
            col: c.col.saturating_sub(1),
            ..c
        },
        Key::Right => Pt {
            col: (c.col + 1).min(dims.cols - 1),
            ..c
        },
        Key::Up => Pt {
            row: (c.row + 1).min(dims.rows + 1),
            ..c
        },
        Key::Down => Pt {
            row: c.row.saturating_sub(1),
            ..c
        },
        Key::Enter | Key::Space => return ui.act_on(game.position, c),
        Key::Backspace => return ui.step_back(p),
        Key::Escape => {
            ui.cursor = None;
            return if ui.building.take().is_some() {
                Action::Say("Chain cancelled.".into())
            } else {
                Action::Redraw
            };
        }
        Key::Char(_) => return Action::Nothing,
    };
    ui.cursor = Some(moved);
    let what = if moved == p.ball {
        " (the ball)"
    } else if p.men.has(moved) {
        " (a man)"
    } else {
        ""
    };
    Action::Say(format!("Cursor on {moved}{what}."))
}
