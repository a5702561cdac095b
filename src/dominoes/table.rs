//! The table as the people at the device see it: who sits where, whose hand
//! is on show (the hot-seat cover), which tiles fit where, the camera, the
//! scene to draw and the sentences that narrate a hand.

use super::ai::Level;
use super::lattice::Cell;
use super::play::Match;
use super::rules::{Effect, End, Move, Placed, Placement, Variant};
use super::settings::{Faces as FacesSetting, Ghosts, Settings};
use super::tile::Tile;
use super::view::{Camera, Faces, Layout, Overlay, Scene, SeatLine, TileFace};
use crate::shell::drag::Lift;
use crate::shell::geom::{Point, Size};

/// Screen-only state: never saved.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ui {
    /// The player's camera; `None` fits every tile.
    pub camera: Option<Camera>,
    /// Where the pointer went down on the table (a pan may follow).
    pub pressed: Option<Point>,
    /// The legal placement a dragged tile would snap to where it is.
    pub snap: Option<Placement>,
    /// The last point of a pan of the table.
    pub pan: Option<Point>,
    /// The tray slot selected.
    pub selected: Option<usize>,
    /// How the selected tile is turned.
    pub turn: u8,
    /// The placement chosen by keys or a hint, shown as a preview.
    pub pick: Option<Placement>,
    /// Star: a corner play waiting for its two numbers.
    pub prompt: Option<(Placement, [Option<u8>; 2])>,
    /// Hot seat: whose hand is on show.
    pub revealed: Option<usize>,
    /// The hand the camera was set for.
    pub hand: usize,
}

/// A match and its settings, asked about what the page shows.
#[derive(Clone, Copy)]
pub struct Table<'a> {
    /// The match.
    pub m: &'a Match,
    /// The settings.
    pub settings: &'a Settings,
}

impl Table<'_> {
    /// Who sits at each seat: `None` for a person.
    pub fn seats(&self) -> Vec<Option<Level>> {
        let mut s = self.settings.seats();
        s.resize(self.m.rules().players(), None);
        s
    }

    /// How many people play.
    pub fn people(&self) -> usize {
        self.seats().iter().filter(|s| s.is_none()).count()
    }

    /// The name of seat `s` on screen.
    pub fn seat_name(&self, s: usize) -> String {
        match self.seats().get(s).copied().flatten() {
            None if self.people() == 1 => "You".into(),
            None => format!("Player {}", s + 1),
            Some(l) => format!("Computer {} ({l})", s + 1),
        }
    }

    /// Whether the hand in play has ended.
    pub fn hand_over(&self) -> bool {
        self.m.hand().end().is_some()
    }

    /// The seat to move, when it is a person's turn.
    pub fn person_to_move(&self) -> Option<usize> {
        let s = self.m.hand().to_move();
        (!self.hand_over() && self.seats().get(s) == Some(&None)).then_some(s)
    }

    /// The computer's level, when it is a computer's turn.
    pub fn computer_to_move(&self) -> Option<Level> {
        if self.hand_over() {
            return None;
        }
        self.seats().get(self.m.hand().to_move()).copied().flatten()
    }

    /// Whose hand the tray shows.
    pub fn shown_seat(&self, ui: &Ui) -> Option<usize> {
        let seats = self.seats();
        let people: Vec<usize> = (0..seats.len()).filter(|&s| seats[s].is_none()).collect();
        match people.len() {
            0 => None,
            1 => Some(people[0]),
            _ => ui.revealed.filter(|&s| Some(s) == self.person_to_move()),
        }
    }

    /// Hot seat: the cover is up until the person to move taps.
    pub fn covered(&self, ui: &Ui) -> bool {
        self.people() >= 2
            && self
                .person_to_move()
                .is_some_and(|s| ui.revealed != Some(s))
    }

    /// The tiles in the tray: the hand on show (none while hands are hidden).
    pub fn tray(&self, ui: &Ui) -> Vec<Tile> {
        self.shown_seat(ui)
            .map(|s| self.m.hand().hand(s).to_vec())
            .unwrap_or_default()
    }

    /// The selected tile.
    pub fn selected(&self, ui: &Ui) -> Option<Tile> {
        ui.selected.and_then(|i| self.tray(ui).get(i).copied())
    }

    /// Whether the person whose hand is shown may lay a tile now.
    pub fn may_play(&self, ui: &Ui) -> bool {
        self.person_to_move().is_some()
            && self.person_to_move() == self.shown_seat(ui)
            && !self.covered(ui)
            && ui.prompt.is_none()
    }

    /// Every legal placement of `tile` for the player to move.
    pub fn placements_of(&self, tile: Tile) -> Vec<Placement> {
        self.m
            .hand()
            .placements()
            .into_iter()
            .filter_map(|m| match m {
                Move::Place(p) if p.at.tile == tile => Some(p),
                _ => None,
            })
            .collect()
    }

    /// The regions of the board.
    pub fn layout(&self, ui: &Ui, board: Size) -> Layout {
        Layout::new(board, self.tray(ui).len())
    }

    /// The camera: the player's for this hand, or one that fits every tile.
    pub fn camera(&self, ui: &Ui, board: Size) -> Camera {
        ui.camera
            .filter(|_| ui.hand == self.m.hand_number())
            .unwrap_or_else(|| {
                let cells: Vec<Cell> = self.m.hand().placed().map(|p| p.cell).collect();
                Camera::fit(&cells, self.layout(ui, board).table)
            })
    }

    /// The legal placement of `tile` nearest `at`, turned as the player
    /// asked when that fits.
    pub fn snap(&self, ui: &Ui, tile: Tile, at: Point, board: Size) -> Option<Placement> {
        let lattice = self.camera(ui, board).lattice();
        let reach = lattice.side * 0.8;
        let options = self.placements_of(tile);
        let nearest = options
            .iter()
            .map(|p| (lattice.centroid(p.at.cell).distance(at), p.at.cell))
            .filter(|(d, _)| *d <= reach)
            .min_by(|a, b| a.0.total_cmp(&b.0))?
            .1;
        placement_on(ui, &options, nearest)
    }

    /// What `mv`, played by `seat`, did.
    pub fn describe(&self, seat: usize, mv: Move, e: &Effect) -> String {
        let who = self.seat_name(seat);
        let mut s = match mv {
            Move::Place(p) => format!(
                "{who} laid {} {}",
                p.at.tile,
                self.m.hand().cell_words(p.at.cell)
            ),
            Move::Draw => format!("{who} drew a tile"),
            Move::Pass => format!("{who} passed"),
        };
        if !e.awards.is_empty() {
            let lines: Vec<String> = e.awards.iter().map(|a| a.to_string()).collect();
            let pts = e.points();
            s.push_str(&format!(": {} = {pts}", lines.join(", ")));
        } else if matches!(mv, Move::Place(_)) && self.m.rules().variant == Variant::Star {
            s.push_str(": no score");
        }
        if e.extra_move {
            s.push_str(" · corner play: another move");
        }
        s
    }

    /// How the hand ended, if it has.
    pub fn end_text(&self) -> Option<String> {
        let end = self.m.hand().end()?;
        Some(match end {
            End::Domino { seat, points } => {
                format!("{} went out and scores {points}", self.seat_name(*seat))
            }
            End::Blocked {
                seat: Some(s),
                points,
            } => format!(
                "Blocked: {} has the lowest hand and scores {points}",
                self.seat_name(*s)
            ),
            End::Blocked { seat: None, .. } => "Blocked, and the lowest hands tie: no score".into(),
        })
    }

    /// The status line.
    pub fn status_line(&self) -> String {
        let m = self.m;
        let variant = match m.rules().variant {
            Variant::Points => "Points",
            Variant::Muggins => "Muggins",
            Variant::Star => "Star",
            Variant::TriOminos => "Tri-Ominos",
        };
        let scores: Vec<String> = m.totals().iter().map(i32::to_string).collect();
        let state = match self.end_text() {
            Some(e) => e,
            None => {
                let name = self.seat_name(m.hand().to_move());
                if name == "You" {
                    "your turn".to_owned()
                } else {
                    format!("{name} to play")
                }
            }
        };
        format!(
            "{variant} · hand {} · {state} · {}",
            m.hand_number(),
            scores.join("–")
        )
    }

    /// The scene to draw; `said` is the last move's narration, for the banner.
    pub fn scene(&self, ui: &Ui, board: Size, said: &str, drag: Option<Lift<usize>>) -> Scene {
        let hand = self.m.hand();
        let face = |p: &Placed| TileFace {
            tile: p.tile,
            values: p.tile.turned(p.turn),
        };
        let tray_tiles = self.tray(ui);
        let tray = self.shown_seat(ui).filter(|_| !self.covered(ui)).map(|_| {
            tray_tiles
                .iter()
                .enumerate()
                .map(|(i, &t)| TileFace {
                    tile: t,
                    values: t.turned(if ui.selected == Some(i) { ui.turn } else { 0 }),
                })
                .collect()
        });
        let ghosts = match self.selected(ui) {
            Some(t) if self.settings.ghosts == Ghosts::On && self.may_play(ui) => {
                let mut cells: Vec<Cell> =
                    self.placements_of(t).iter().map(|p| p.at.cell).collect();
                cells.dedup();
                cells
            }
            _ => Vec::new(),
        };
        let preview = drag
            .and(ui.snap)
            .or(ui.pick)
            .or(ui.prompt.map(|p| p.0))
            .map(|p| (p.at.cell, face(&p.at)));
        let dragging = drag.filter(|_| ui.snap.is_none()).and_then(|d| {
            let t = tray_tiles.get(*d.piece).copied()?;
            Some((
                d.ghost,
                TileFace {
                    tile: t,
                    values: t.turned(ui.turn),
                },
            ))
        });
        let totals = self.m.totals();
        let seats = (0..hand.hands().len())
            .map(|s| SeatLine {
                name: self.seat_name(s),
                score: totals[s],
                tiles: hand.hand(s).len(),
                to_move: hand.end().is_none() && hand.to_move() == s,
            })
            .collect();
        let button = if self.may_play(ui) && !hand.can_place() {
            Some(if hand.legal_moves() == [Move::Draw] {
                "Draw a tile".to_owned()
            } else {
                "Pass".to_owned()
            })
        } else {
            None
        };
        let banner = if button.is_some() {
            "No tile of yours fits.".to_owned()
        } else if said.is_empty() {
            self.status_line()
        } else {
            said.to_owned()
        };
        Scene {
            camera: self.camera(ui, board),
            placed: hand.placed().map(|p| (p.cell, face(p))).collect(),
            on_corners: hand.rules().variant.on_corners(),
            faces: match self.settings.faces {
                FacesSetting::Numerals => Faces::Numerals,
                FacesSetting::Pips => Faces::Pips,
            },
            ghosts,
            preview,
            tray,
            selected: ui.selected,
            dragging,
            seats,
            banner,
            button,
            overlay: self.overlay(ui),
            theme: Default::default(),
        }
    }

    fn overlay(&self, ui: &Ui) -> Option<Overlay> {
        if let Some((_, picks)) = ui.prompt {
            return Some(Overlay::Corner {
                picks,
                max: self.m.rules().pips.max(),
            });
        }
        if self.hand_over() {
            let m = self.m;
            let totals = m.totals();
            let mut lines: Vec<String> = (0..totals.len())
                .map(|s| {
                    format!(
                        "{}: {} this hand, {} in all",
                        self.seat_name(s),
                        m.hand().scores()[s],
                        totals[s]
                    )
                })
                .collect();
            let (title, action) = if m.is_over() {
                let title = match m.winner() {
                    Some(w) if self.seat_name(w) == "You" => "You win!".to_owned(),
                    Some(w) => format!("{} wins", self.seat_name(w)),
                    None => "A tie".to_owned(),
                };
                (
                    title,
                    "Game over: the result card has Play again.".to_owned(),
                )
            } else {
                (
                    format!("Hand {} is over", m.hand_number()),
                    "Tap for the next hand.".to_owned(),
                )
            };
            if let Some(e) = self.end_text() {
                lines.insert(0, e);
            }
            return Some(Overlay::HandOver {
                title,
                lines,
                action,
            });
        }
        if self.covered(ui) {
            let s = self.person_to_move()?;
            return Some(Overlay::Cover {
                name: self.seat_name(s),
            });
        }
        None
    }
}

/// Of `options`, the one on `cell` turned as the player asked, or else the
/// first one on `cell`.
pub fn placement_on(ui: &Ui, options: &[Placement], cell: Cell) -> Option<Placement> {
    let mut here = options.iter().filter(|p| p.at.cell == cell);
    let first = here.clone().next().copied();
    here.find(|p| p.at.turn == ui.turn).copied().or(first)
}
