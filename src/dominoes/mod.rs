//! F. H. Richards' triangular dominoes (US patent 331,652, 1885), and the
//! modern Tri-Ominos rules as an option.
//!
//! [`tile`] holds the tiles and sets; [`lattice`] the triangular board;
//! [`rules`] one hand (legality, scoring, the end); [`play`] a match of
//! hands; [`notation`] and [`record`] the text formats; [`ai`] the computer
//! players; [`settings`] the typed options. This module ties them to the
//! shell: the tray, drag-to-place with snapping and turning, the camera,
//! hot-seat covers, the corner prompt of Star, and the computer's turns in
//! slices.

pub mod ai;
pub mod lattice;
pub mod notation;
pub mod play;
pub mod record;
pub mod rules;
pub mod settings;
#[cfg(test)]
mod tests;
pub mod tile;
mod view;

pub use settings::OPTIONS;
pub use view::{board_size, corner_buttons, Layout, SIDE};

use crate::shell::geom::{Point, Size};
use crate::shell::history::History;
use crate::shell::input::{Gesture, Key};
use crate::shell::paint::Painter;
use crate::shell::think::{Pace, Thinker, Turn};
use crate::shell::{Game, OptionError, OptionSpec, Options, Outcome, StateError};
use crate::util::rng::{Rng, Seed};
use ai::{Level, Mind};
use lattice::Cell;
use play::Match;
use rules::{cell_text, Effect, End, Move, Placed, Placement, Variant};
use serde::{Deserialize, Serialize};
use settings::{rules_from, seats_from};
use tile::Tile;
use view::{Camera, Faces, Overlay, Scene, SeatLine, TileFace};

/// A match and the moves of each hand: what undo restores.
#[derive(Clone, Debug, PartialEq)]
struct Table {
    m: Match,
    /// Moves of the hands that have ended.
    past: Vec<Vec<Move>>,
}

impl Table {
    fn new(o: &Options, seed: Seed) -> Table {
        Table {
            m: Match::new(rules_from(o), seed),
            past: Vec::new(),
        }
    }

    /// Every hand's moves, the one in play last.
    fn plays(&self) -> Vec<Vec<Move>> {
        let mut all = self.past.clone();
        all.push(self.m.moves().to_vec());
        all
    }

    fn next_hand(&mut self) -> bool {
        let moves = self.m.moves().to_vec();
        if self.m.next_hand() {
            self.past.push(moves);
            true
        } else {
            false
        }
    }
}

/// What is saved: the deal, the moves, and the matches won.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    seed: Seed,
    options: Options,
    plays: Vec<Vec<String>>,
    tally: Vec<u32>,
}

/// What the pointer went down on.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Press {
    Tray(usize),
    Table(Point),
}

/// A tile on its way from the tray.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Drag {
    slot: usize,
    at: Point,
    snap: Option<Placement>,
}

/// Screen-only state: never saved.
#[derive(Clone, Debug, Default)]
struct Ui {
    camera: Option<Camera>,
    pressed: Option<Press>,
    drag: Option<Drag>,
    pan: Option<Point>,
    selected: Option<usize>,
    turn: u8,
    /// The placement chosen by keys or a hint, shown as a preview.
    pick: Option<Placement>,
    /// Star: a corner play waiting for its two numbers.
    prompt: Option<(Placement, [Option<u8>; 2])>,
    /// Hot seat: whose hand is on show.
    revealed: Option<usize>,
    banner: String,
    /// The computer to move, thinking.
    thinker: Option<Thinker<Mind>>,
}

/// How the computers pace their moves: a delay so that each can be followed,
/// and slices of playouts sized to the frame rate. Star and Tri-Ominos
/// playouts weigh several times more (more cells to try), so they start
/// with smaller slices.
fn pace(variant: Variant) -> Pace {
    Pace {
        first_slice: match variant {
            Variant::Points | Variant::Muggins => 150,
            Variant::Star => 50,
            Variant::TriOminos => 15,
        },
        max_slice: 400,
        delay_ms: COMPUTER_DELAY_MS,
        max_ms: 10_000.0,
    }
}

/// Milliseconds a computer waits before it plays, so that its moves can be followed.
const COMPUTER_DELAY_MS: f64 = 450.0;
/// The frame interval [`Dominoes::run_computers`] pretends: sixty a second.
const FRAME_MS: f64 = 1000.0 / 60.0;

/// A game of triangular dominoes in the shell.
#[derive(Clone, Debug)]
pub struct Dominoes {
    seed: Seed,
    options: Options,
    table: Table,
    history: History<Table>,
    tally: Vec<u32>,
    ui: Ui,
}

impl PartialEq for Dominoes {
    fn eq(&self, other: &Self) -> bool {
        self.seed == other.seed
            && self.options == other.options
            && self.table == other.table
            && self.tally == other.tally
    }
}

impl Dominoes {
    /// A new game dealt from `seed`, default settings.
    pub fn new(seed: Seed) -> Self {
        let options = Options::defaults(OPTIONS);
        Dominoes {
            seed,
            table: Table::new(&options, seed),
            options,
            history: History::default(),
            tally: vec![0; 4],
            ui: Ui::default(),
        }
    }

    /// The match in play.
    pub fn table(&self) -> &Match {
        &self.table.m
    }

    /// Where tray slot `slot` is drawn on a board of size `board`: for
    /// scripted input (tests, demos).
    pub fn tray_point(&self, slot: usize, board: Size) -> Point {
        self.layout(board).tray_slot(slot, self.tray().len())
    }

    /// Where the banner's button (draw, pass, next hand) is drawn on a board
    /// of size `board`: for scripted input.
    pub fn banner_point(&self, board: Size) -> Point {
        self.layout(board).banner_button().center()
    }

    /// Where the centre of `cell` is drawn on a board of size `board`.
    pub fn cell_point(&self, cell: Cell, board: Size) -> Point {
        self.camera(board).lattice().centroid(cell)
    }

    /// Lets the computers play until a person is to move or the hand ends,
    /// as the page's clock would (for tests and scripted play).
    pub fn run_computers(&mut self) {
        let mut now = 0.0;
        for _ in 0..1_000_000 {
            if self.computer_to_move().is_none() {
                return;
            }
            now += FRAME_MS;
            self.tick(now);
        }
    }

    /// The move Hint suggests to the player to move (a corner play with its
    /// numbers), for scripted play.
    pub fn hint_move(&self) -> Option<Move> {
        ai::choose_with(self.table.m.hand(), Level::Strong, self.move_seed(), 240)
    }

    /// Plays `mv` for whoever is to move, as a tap or drag would; an illegal
    /// move changes nothing and says why.
    pub fn play(&mut self, mv: Move) -> Outcome {
        self.apply(mv)
    }

    fn seats(&self) -> Vec<Option<Level>> {
        seats_from(&self.options, self.table.m.rules().players())
    }

    fn people(&self) -> usize {
        self.seats().iter().filter(|s| s.is_none()).count()
    }

    fn seat_name(&self, s: usize) -> String {
        match self.seats().get(s).copied().flatten() {
            None if self.people() == 1 => "You".into(),
            None => format!("Player {}", s + 1),
            Some(l) => format!("Computer {} ({l})", s + 1),
        }
    }

    fn hand_over(&self) -> bool {
        self.table.m.hand().end().is_some()
    }

    /// The seat to move, when it is a person's turn.
    fn person_to_move(&self) -> Option<usize> {
        let s = self.table.m.hand().to_move();
        (!self.hand_over() && self.seats().get(s) == Some(&None)).then_some(s)
    }

    /// The computer's level, when it is a computer's turn.
    fn computer_to_move(&self) -> Option<Level> {
        let s = self.table.m.hand().to_move();
        if self.hand_over() {
            return None;
        }
        self.seats().get(s).copied().flatten()
    }

    /// Whose hand the tray shows.
    fn shown_seat(&self) -> Option<usize> {
        let seats = self.seats();
        let people: Vec<usize> = (0..seats.len()).filter(|&s| seats[s].is_none()).collect();
        match people.len() {
            0 => None,
            1 => Some(people[0]),
            _ => self
                .ui
                .revealed
                .filter(|&s| Some(s) == self.person_to_move()),
        }
    }

    /// Hot seat: the cover is up until the person to move taps.
    fn covered(&self) -> bool {
        self.people() >= 2
            && self
                .person_to_move()
                .is_some_and(|s| self.ui.revealed != Some(s))
    }

    /// The tiles in the tray: the hand on show (none while hands are hidden).
    pub fn tray(&self) -> Vec<Tile> {
        self.shown_seat()
            .map(|s| self.table.m.hand().hand(s).to_vec())
            .unwrap_or_default()
    }

    /// Whether the person whose hand is shown may lay a tile now.
    fn may_play(&self) -> bool {
        self.person_to_move().is_some()
            && self.person_to_move() == self.shown_seat()
            && !self.covered()
            && self.ui.prompt.is_none()
    }

    /// Every legal placement of `tile` for the player to move.
    fn placements_of(&self, tile: Tile) -> Vec<Placement> {
        self.table
            .m
            .hand()
            .placements()
            .into_iter()
            .filter_map(|m| match m {
                Move::Place(p) if p.at.tile == tile => Some(p),
                _ => None,
            })
            .collect()
    }

    fn layout(&self, board: Size) -> Layout {
        Layout::new(board, self.tray().len())
    }

    /// The camera: the player's, or one that fits every tile.
    fn camera(&self, board: Size) -> Camera {
        self.ui.camera.unwrap_or_else(|| {
            let cells: Vec<Cell> = self.table.m.hand().placed().map(|p| p.cell).collect();
            Camera::fit(&cells, self.layout(board).table)
        })
    }

    /// The legal placement of the selected tile nearest `at`, turned as the
    /// player asked when that fits.
    fn snap(&self, tile: Tile, at: Point, board: Size) -> Option<Placement> {
        let lattice = self.camera(board).lattice();
        let reach = lattice.side * 0.8;
        let options = self.placements_of(tile);
        let nearest = options
            .iter()
            .map(|p| (lattice.centroid(p.at.cell).distance(at), p.at.cell))
            .filter(|(d, _)| *d <= reach)
            .min_by(|a, b| a.0.total_cmp(&b.0))?
            .1;
        self.placement_on(&options, nearest)
    }

    /// Of `options`, the one on `cell` turned as the player asked, or else
    /// the first one on `cell`.
    fn placement_on(&self, options: &[Placement], cell: Cell) -> Option<Placement> {
        let mut here = options.iter().filter(|p| p.at.cell == cell);
        let first = here.clone().next().copied();
        here.find(|p| p.at.turn == self.ui.turn).copied().or(first)
    }

    fn describe(&self, seat: usize, mv: Move, e: &Effect) -> String {
        let who = self.seat_name(seat);
        let mut s = match mv {
            Move::Place(p) => format!("{who} laid {} at {}", p.at.tile, cell_text(p.at.cell)),
            Move::Draw => format!("{who} drew a tile"),
            Move::Pass => format!("{who} passed"),
        };
        if !e.awards.is_empty() {
            let lines: Vec<String> = e.awards.iter().map(|a| a.to_string()).collect();
            let pts = e.points();
            s.push_str(&format!(": {} = {pts}", lines.join(", ")));
        } else if matches!(mv, Move::Place(_)) && self.table.m.rules().variant == Variant::Star {
            s.push_str(": no score");
        }
        if e.extra_move {
            s.push_str(" · corner play: another move");
        }
        s
    }

    fn end_text(&self) -> Option<String> {
        let end = self.table.m.hand().end()?;
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

    /// Plays `mv` for the player to move and says what it did.
    fn apply(&mut self, mv: Move) -> Outcome {
        let seat = self.table.m.hand().to_move();
        let before = self.table.clone();
        let was_over = self.table.m.is_over();
        let effect = match self.table.m.play(mv) {
            Ok(e) => e,
            Err(e) => return Outcome::say(format!("Not allowed: {e}.")),
        };
        if self.seats().get(seat) == Some(&None) {
            self.history.record(before);
        }
        self.count_win(was_over);
        self.ui.selected = None;
        self.ui.pick = None;
        self.ui.drag = None;
        self.ui.prompt = None;
        self.ui.thinker = None;
        let mut text = self.describe(seat, mv, &effect);
        if let Some(end) = self.end_text() {
            text.push_str(&format!(". {end}"));
        }
        self.ui.banner = text.clone();
        Outcome::moved(text)
    }

    /// Counts a match won, when the last move ended it.
    fn count_win(&mut self, was_over: bool) {
        if was_over || !self.table.m.is_over() {
            return;
        }
        if let Some(t) = self.table.m.winner().and_then(|w| self.tally.get_mut(w)) {
            *t += 1;
        }
    }

    fn reset_ui(&mut self) {
        let camera = self.ui.camera;
        self.ui = Ui {
            camera,
            ..Ui::default()
        };
    }

    /// The scene to draw.
    fn scene(&self, board: Size) -> Scene {
        let hand = self.table.m.hand();
        let on_corners = hand.rules().variant.on_corners();
        let face = |p: &Placed| TileFace {
            tile: p.tile,
            values: p.tile.turned(p.turn),
        };
        let tray = self.shown_seat().filter(|_| !self.covered()).map(|_| {
            self.tray()
                .iter()
                .enumerate()
                .map(|(i, &t)| TileFace {
                    tile: t,
                    values: t.turned(if self.ui.selected == Some(i) {
                        self.ui.turn
                    } else {
                        0
                    }),
                })
                .collect()
        });
        let selected_tile = self.ui.selected.and_then(|i| self.tray().get(i).copied());
        let ghosts = match (selected_tile, self.option("ghosts")) {
            (Some(t), Some("on")) if self.may_play() => {
                let mut cells: Vec<Cell> =
                    self.placements_of(t).iter().map(|p| p.at.cell).collect();
                cells.dedup();
                cells
            }
            _ => Vec::new(),
        };
        let preview = self
            .ui
            .drag
            .and_then(|d| d.snap)
            .or(self.ui.pick)
            .or(self.ui.prompt.map(|p| p.0))
            .map(|p| (p.at.cell, face(&p.at)));
        let dragging = self.ui.drag.filter(|d| d.snap.is_none()).and_then(|d| {
            let t = self.tray().get(d.slot).copied()?;
            Some((
                d.at,
                TileFace {
                    tile: t,
                    values: t.turned(self.ui.turn),
                },
            ))
        });
        let totals = self.table.m.totals();
        let seats = (0..hand.hands().len())
            .map(|s| SeatLine {
                name: self.seat_name(s),
                score: totals[s],
                tiles: hand.hand(s).len(),
                to_move: hand.end().is_none() && hand.to_move() == s,
            })
            .collect();
        let button = if self.may_play() && !hand.can_place() {
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
        } else if self.ui.banner.is_empty() {
            self.status_line()
        } else {
            self.ui.banner.clone()
        };
        Scene {
            camera: self.camera(board),
            placed: hand.placed().map(|p| (p.cell, face(p))).collect(),
            on_corners,
            faces: if self.option("faces") == Some("numerals") {
                Faces::Numerals
            } else {
                Faces::Pips
            },
            ghosts,
            preview,
            tray,
            selected: self.ui.selected,
            dragging,
            seats,
            banner,
            button,
            overlay: self.overlay(),
        }
    }

    fn overlay(&self) -> Option<Overlay> {
        if let Some((_, picks)) = self.ui.prompt {
            return Some(Overlay::Corner {
                picks,
                max: self.table.m.rules().pips.max(),
            });
        }
        if self.hand_over() {
            let m = &self.table.m;
            let totals = m.totals();
            let lines = (0..totals.len())
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
                (title, "New game from the toolbar.".to_owned())
            } else {
                (
                    format!("Hand {} is over", m.hand_number()),
                    "Tap for the next hand.".to_owned(),
                )
            };
            let mut lines: Vec<String> = lines;
            if let Some(e) = self.end_text() {
                lines.insert(0, e);
            }
            return Some(Overlay::HandOver {
                title,
                lines,
                action,
            });
        }
        if self.covered() {
            let s = self.person_to_move()?;
            return Some(Overlay::Cover {
                name: self.seat_name(s),
            });
        }
        None
    }

    fn status_line(&self) -> String {
        let m = &self.table.m;
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
                let s = m.hand().to_move();
                let name = self.seat_name(s);
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

    fn next_hand(&mut self) -> Outcome {
        let before = self.table.clone();
        if self.table.next_hand() {
            if self.people() >= 1 {
                self.history.record(before);
            }
            self.reset_ui();
            self.ui.camera = None;
            Outcome::moved(format!("Hand {} is dealt.", self.table.m.hand_number()))
        } else {
            Outcome::nothing()
        }
    }

    fn select(&mut self, slot: usize) -> Outcome {
        let tiles = self.tray();
        let Some(&t) = tiles.get(slot) else {
            return Outcome::nothing();
        };
        if self.ui.selected == Some(slot) {
            return self.turn_tile(1);
        }
        self.ui.selected = Some(slot);
        self.ui.turn = 0;
        self.ui.pick = None;
        let n = self.placements_of(t).len();
        Outcome::say(if !self.may_play() {
            format!("{t} selected.")
        } else if n == 0 {
            format!("{t} fits nowhere now.")
        } else {
            format!("{t}: {n} ways to lay it. Tap a cell, or drag it there.")
        })
    }

    /// Turns the selected tile `steps` thirds of a turn clockwise.
    fn turn_tile(&mut self, steps: u8) -> Outcome {
        let Some(t) = self.ui.selected.and_then(|i| self.tray().get(i).copied()) else {
            return Outcome::nothing();
        };
        let turns = t.distinct_turns();
        if turns.len() == 1 {
            return Outcome::say(format!("{t} looks the same every way round."));
        }
        self.ui.turn = (self.ui.turn + steps) % 3;
        // A preview turns too, if the cell takes the new turn.
        let cell = self.ui.pick.map(|p| p.at.cell);
        if let Some(cell) = cell {
            self.ui.pick = self.placement_on(&self.placements_of(t), cell);
        }
        let [a, b, c] = t.turned(self.ui.turn);
        Outcome::say(format!("Turned: {a}-{b}-{c}."))
    }

    /// Lays a placement chosen on screen: straight away, or via the corner prompt.
    fn lay(&mut self, p: Placement) -> Outcome {
        if p.corner.is_some() {
            self.ui.prompt = Some((Placement { corner: None, ..p }, [None, None]));
            self.ui.drag = None;
            return Outcome::say("A corner-to-corner play: name the two numbers at the corner.");
        }
        self.apply(Move::Place(p))
    }

    fn prompt_tap(&mut self, at: Point, board: Size) -> Outcome {
        let Some((p, mut picks)) = self.ui.prompt else {
            return Outcome::nothing();
        };
        let (digits, play, cancel) = view::corner_buttons(board, self.table.m.rules().pips.max());
        if cancel.contains(at) {
            self.ui.prompt = None;
            return Outcome::say("Corner play cancelled.");
        }
        if play.contains(at) {
            return self.prompt_play();
        }
        if let Some((row, v, _)) = digits.iter().find(|d| d.2.contains(at)) {
            picks[usize::from(*row)] = Some(*v);
            self.ui.prompt = Some((p, picks));
            return Outcome::redraw();
        }
        Outcome::nothing()
    }

    fn prompt_play(&mut self) -> Outcome {
        let Some((p, picks)) = self.ui.prompt else {
            return Outcome::nothing();
        };
        let [Some(a), Some(b)] = picks else {
            return Outcome::say("Pick both numbers first.");
        };
        let mv = Move::Place(Placement {
            corner: Some([a.min(b), a.max(b)]),
            ..p
        });
        if let Err(e) = self.table.m.hand().check(mv) {
            return Outcome::say(format!("Not allowed: {e}."));
        }
        self.apply(mv)
    }

    fn banner_button(&mut self) -> Outcome {
        if !self.may_play() {
            return Outcome::nothing();
        }
        match self.table.m.hand().legal_moves().as_slice() {
            [m @ (Move::Draw | Move::Pass)] => self.apply(*m),
            _ => Outcome::nothing(),
        }
    }

    fn tap(&mut self, at: Point, count: u8, board: Size) -> Outcome {
        if self.ui.prompt.is_some() {
            return self.prompt_tap(at, board);
        }
        if self.hand_over() {
            return self.next_hand();
        }
        if self.covered() {
            self.ui.revealed = self.person_to_move();
            return Outcome::say("Your tiles are showing.");
        }
        let layout = self.layout(board);
        if layout.banner_button().contains(at) {
            return self.banner_button();
        }
        if let Some(slot) = layout.tray_hit(at, self.tray().len()) {
            return self.select(slot);
        }
        if layout.table.contains(at) {
            let cell = self.camera(board).lattice().cell_at(at);
            if let Some(t) = self.ui.selected.and_then(|i| self.tray().get(i).copied()) {
                if self.may_play() {
                    if let Some(p) = self.placement_on(&self.placements_of(t), cell) {
                        return self.lay(p);
                    }
                }
            }
            if count == 2 {
                self.ui.camera = None;
                return Outcome::say("The table is fitted to the tiles.");
            }
            return match self.table.m.hand().at(cell) {
                Some(p) => Outcome::say(format!("{} at {}.", p.tile, cell_text(cell))),
                None => Outcome::nothing(),
            };
        }
        Outcome::nothing()
    }

    fn replay(
        options: &Options,
        seed: Seed,
        plays: &[Vec<String>],
    ) -> Result<(Table, History<Table>), StateError> {
        let mut table = Table::new(options, seed);
        let mut history = History::default();
        let seats = seats_from(options, table.m.rules().players());
        for (h, moves) in plays.iter().enumerate() {
            if h > 0 && !table.next_hand() {
                return Err(StateError(format!("hand {} was never dealt", h + 1)));
            }
            for (i, text) in moves.iter().enumerate() {
                let mv: Move = text.parse().map_err(|e| {
                    StateError(format!("hand {}, move {} ({text}): {e}", h + 1, i + 1))
                })?;
                let before = table.clone();
                let person = seats.get(table.m.hand().to_move()) == Some(&None);
                table.m.play(mv).map_err(|e| {
                    StateError(format!("hand {}, move {} ({text}): {e}", h + 1, i + 1))
                })?;
                if person {
                    history.record(before);
                }
            }
        }
        Ok((table, history))
    }

    /// The moves to save.
    fn record(&self) -> Record {
        Record {
            seed: self.seed,
            options: self.options.clone(),
            plays: self
                .table
                .plays()
                .iter()
                .map(|h| h.iter().map(Move::to_string).collect())
                .collect(),
            tally: self.tally.clone(),
        }
    }

    /// A seed for the computer's next move: the same game replays the same way.
    fn move_seed(&self) -> Seed {
        let n = (self.table.past.iter().map(Vec::len).sum::<usize>() + self.table.m.moves().len())
            as u64;
        let mut r = Rng::new(Seed(self.seed.0 ^ n.wrapping_mul(0x2545_f491_4f6c_dd1d)));
        Seed(r.next_u64())
    }
}

impl Game for Dominoes {
    fn seed(&self) -> Seed {
        self.seed
    }

    fn new_game(&mut self, seed: Seed) {
        self.seed = seed;
        self.table = Table::new(&self.options, seed);
        self.history.clear();
        self.ui = Ui::default();
    }

    fn option_specs(&self) -> &'static [OptionSpec] {
        OPTIONS
    }

    fn option(&self, key: &str) -> Option<&'static str> {
        self.options.get(OPTIONS, key)
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        self.options.set(OPTIONS, key, value)
    }

    fn board_size(&self, viewport: Size) -> Size {
        board_size(viewport)
    }

    fn draw(&self, painter: &mut dyn Painter, board: Size) {
        view::draw(painter, board, &self.scene(board));
    }

    fn gesture(&mut self, gesture: Gesture, board: Size) -> Outcome {
        match gesture {
            Gesture::Press(at) => {
                let layout = self.layout(board);
                self.ui.pressed = match layout.tray_hit(at, self.tray().len()) {
                    Some(slot) if self.ui.prompt.is_none() => Some(Press::Tray(slot)),
                    _ if layout.table.contains(at) => Some(Press::Table(at)),
                    _ => None,
                };
                Outcome::nothing()
            }
            Gesture::DragStart { at, .. } => match self.ui.pressed.take() {
                Some(Press::Tray(slot)) if self.may_play() => {
                    if self.ui.selected != Some(slot) {
                        self.ui.turn = 0;
                    }
                    self.ui.selected = Some(slot);
                    self.ui.pick = None;
                    let tile = self.tray()[slot];
                    self.ui.drag = Some(Drag {
                        slot,
                        at,
                        snap: self.snap(tile, at, board),
                    });
                    Outcome::redraw()
                }
                Some(Press::Table(from)) if self.ui.prompt.is_none() => {
                    self.ui.camera = Some(self.camera(board));
                    self.ui.pan = Some(from);
                    self.gesture(Gesture::DragMove(at), board)
                }
                _ => Outcome::nothing(),
            },
            Gesture::DragMove(at) => {
                if let Some(mut d) = self.ui.drag {
                    let tile = self.tray()[d.slot];
                    d.at = at;
                    d.snap = self.snap(tile, at, board);
                    self.ui.drag = Some(d);
                    return Outcome::redraw();
                }
                if let (Some(last), Some(cam)) = (self.ui.pan, self.ui.camera.as_mut()) {
                    cam.pan(at.x - last.x, at.y - last.y);
                    self.ui.pan = Some(at);
                    return Outcome::redraw();
                }
                Outcome::nothing()
            }
            Gesture::Drop(at) => {
                self.ui.pan = None;
                let Some(d) = self.ui.drag.take() else {
                    return Outcome::nothing();
                };
                let tile = self.tray()[d.slot];
                match self.snap(tile, at, board) {
                    Some(p) => self.lay(p),
                    None => Outcome::say(format!("{tile} does not fit there.")),
                }
            }
            Gesture::Cancel => {
                self.ui.pressed = None;
                self.ui.pan = None;
                if self.ui.drag.take().is_some() {
                    return Outcome::say("Back in the hand.");
                }
                Outcome::redraw()
            }
            Gesture::Tap { at, count } => {
                self.ui.pressed = None;
                self.tap(at, count, board)
            }
            Gesture::Zoom { at, factor } => {
                if let Some(mut d) = self.ui.drag {
                    // The wheel turns a tile in the hand.
                    let out = self.turn_tile(if factor < 1.0 { 1 } else { 2 });
                    let tile = self.tray()[d.slot];
                    d.snap = self.snap(tile, d.at, board);
                    self.ui.drag = Some(d);
                    return out;
                }
                let mut cam = self.camera(board);
                cam.zoom_about(at, factor);
                self.ui.camera = Some(cam);
                Outcome::redraw()
            }
        }
    }

    fn key(&mut self, key: Key, board: Size) -> Outcome {
        if self.computer_to_move().is_some() && matches!(key, Key::Enter | Key::Space) {
            return match self.ui.thinker.as_mut() {
                Some(t) => {
                    t.hurry();
                    Outcome::say("The computer plays now.")
                }
                None => Outcome::nothing(),
            };
        }
        if self.ui.prompt.is_some() {
            return match key {
                Key::Escape => {
                    self.ui.prompt = None;
                    Outcome::say("Corner play cancelled.")
                }
                Key::Enter => self.prompt_play(),
                Key::Char(c) if c.is_ascii_digit() => {
                    let v = c as u8 - b'0';
                    if let Some((p, mut picks)) = self.ui.prompt {
                        if v <= self.table.m.rules().pips.max() {
                            let slot = usize::from(picks[0].is_some());
                            picks[slot] = Some(v);
                            if slot == 1 && picks[0].is_some() && picks[1].is_some() {
                                self.ui.prompt = Some((p, picks));
                                return Outcome::say(format!(
                                    "Corner {}+{v}: Enter plays.",
                                    picks[0].unwrap_or(0)
                                ));
                            }
                            self.ui.prompt = Some((p, picks));
                        }
                    }
                    Outcome::redraw()
                }
                _ => Outcome::nothing(),
            };
        }
        if self.hand_over() {
            return match key {
                Key::Enter | Key::Space => self.next_hand(),
                _ => Outcome::nothing(),
            };
        }
        if self.covered() {
            return match key {
                Key::Enter | Key::Space => {
                    self.ui.revealed = self.person_to_move();
                    Outcome::say("Your tiles are showing.")
                }
                _ => Outcome::nothing(),
            };
        }
        let n = self.tray().len();
        match key {
            Key::Left | Key::Right if n > 0 => {
                let cur = self.ui.selected.unwrap_or(0);
                let next = match (key, self.ui.selected) {
                    (_, None) => 0,
                    (Key::Left, _) => (cur + n - 1) % n,
                    _ => (cur + 1) % n,
                };
                self.ui.selected = None;
                self.select(next)
            }
            Key::Up | Key::Down => {
                let Some(t) = self.ui.selected.and_then(|i| self.tray().get(i).copied()) else {
                    return Outcome::say("Pick a tile with the left and right arrows first.");
                };
                let all = self.placements_of(t);
                if all.is_empty() || !self.may_play() {
                    return Outcome::say(format!("{t} cannot be laid now."));
                }
                let at = self.ui.pick.and_then(|p| all.iter().position(|q| *q == p));
                let i = match (key, at) {
                    (_, None) => 0,
                    (Key::Up, Some(i)) => (i + all.len() - 1) % all.len(),
                    (_, Some(i)) => (i + 1) % all.len(),
                };
                let p = all[i];
                self.ui.pick = Some(p);
                self.ui.turn = p.at.turn;
                let [a, b, c] = p.at.tile.turned(p.at.turn);
                Outcome::say(format!(
                    "{a}-{b}-{c} at {} ({} of {}). Enter lays it.",
                    cell_text(p.at.cell),
                    i + 1,
                    all.len()
                ))
            }
            Key::Enter => match self.ui.pick {
                Some(p) if self.may_play() => self.lay(p),
                _ => self.banner_button(),
            },
            Key::Char('r') | Key::Space => self.turn_tile(1),
            Key::Char('f') => {
                self.ui.camera = None;
                Outcome::say("The table is fitted to the tiles.")
            }
            Key::Char('+') | Key::Char('=') | Key::Char('-') => {
                let factor = if key == Key::Char('-') { 0.8 } else { 1.25 };
                let mut cam = self.camera(board);
                let c = self.layout(board).table.center();
                cam.zoom_about(c, factor);
                self.ui.camera = Some(cam);
                Outcome::redraw()
            }
            Key::Char('p') | Key::Char('d') => self.banner_button(),
            Key::Escape => {
                self.ui.selected = None;
                self.ui.pick = None;
                Outcome::redraw()
            }
            _ => Outcome::nothing(),
        }
    }

    fn tick(&mut self, now: f64) -> Outcome {
        let Some(level) = self.computer_to_move() else {
            self.ui.thinker = None;
            return Outcome::nothing();
        };
        let seed = self.move_seed();
        let variant = self.table.m.rules().variant;
        let hand = self.table.m.hand();
        let thinker = self
            .ui
            .thinker
            .get_or_insert_with(|| Thinker::new(Mind::new(hand, level, seed), pace(variant)));
        match thinker.tick(now) {
            Turn::Thinking => Outcome::redraw(),
            Turn::Play(mv) => self.apply(mv),
            // Draw and Pass are moves, so a hand in play always has one.
            Turn::NoMove => {
                self.ui.thinker = None;
                Outcome::say("The computer has no move.")
            }
        }
    }

    fn stats(&self) -> Option<Vec<(String, String)>> {
        let m = &self.table.m;
        let seats = m.rules().players();
        let join = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(" · ");
        let mut rows = vec![(
            "Seats".to_owned(),
            (0..seats)
                .map(|s| self.seat_name(s))
                .collect::<Vec<_>>()
                .join(" · "),
        )];
        for (i, h) in m.past().iter().enumerate() {
            rows.push((format!("Hand {}", i + 1), join(&h.scores)));
        }
        rows.push((
            format!("Hand {} (now)", m.hand_number()),
            join(m.hand().scores()),
        ));
        rows.push(("Match total".into(), join(&m.totals())));
        rows.push((
            "Target".into(),
            m.rules()
                .target
                .map_or("one hand".into(), |t| t.to_string()),
        ));
        rows.push((
            "Matches won".into(),
            self.tally[..seats]
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" · "),
        ));
        Some(rows)
    }

    fn reset_stats(&mut self) -> Outcome {
        self.tally = vec![0; 4];
        Outcome::moved("The tally of matches won is reset.")
    }

    fn moves(&self) -> Vec<String> {
        self.table
            .plays()
            .iter()
            .flatten()
            .map(Move::to_string)
            .collect()
    }

    fn records(&self) -> Vec<(&'static str, String)> {
        vec![(
            "Text",
            record::record_text(&self.table.m, &self.table.plays()),
        )]
    }

    fn load_record(&mut self, text: &str) -> Result<Outcome, String> {
        let (m, plays) = record::parse_record(text).map_err(|e| e.to_string())?;
        let mut options = record::options_for(m.rules());
        for k in ["p1", "p2", "p3", "p4", "faces", "ghosts"] {
            if let Some(v) = self.options.get(OPTIONS, k) {
                let _ = options.set(OPTIONS, k, v);
            }
        }
        let plays: Vec<Vec<String>> = plays
            .iter()
            .map(|h| h.iter().map(Move::to_string).collect())
            .collect();
        let (table, history) = Self::replay(&options, m.seed(), &plays).map_err(|e| e.0)?;
        self.seed = m.seed();
        self.options = options;
        self.table = table;
        self.history = history;
        self.ui = Ui::default();
        Ok(Outcome::moved("The record is loaded."))
    }

    fn can_undo(&self) -> bool {
        self.people() <= 1 && self.history.can_undo()
    }

    fn undo(&mut self) -> Outcome {
        if !self.can_undo() {
            return Outcome::nothing();
        }
        let was_over = self.table.m.is_over();
        let winner = self.table.m.winner();
        self.history.undo(&mut self.table);
        if was_over && !self.table.m.is_over() {
            if let Some(t) = winner.and_then(|w| self.tally.get_mut(w)) {
                *t = t.saturating_sub(1);
            }
        }
        self.reset_ui();
        Outcome::moved("Took back your last move and the replies to it.")
    }

    fn can_redo(&self) -> bool {
        self.people() <= 1 && self.history.can_redo()
    }

    fn redo(&mut self) -> Outcome {
        if !self.can_redo() {
            return Outcome::nothing();
        }
        let was_over = self.table.m.is_over();
        self.history.redo(&mut self.table);
        self.count_win(was_over);
        self.reset_ui();
        Outcome::moved("Played again.")
    }

    fn hint(&mut self) -> Outcome {
        if !self.may_play() {
            return Outcome::say("A hint comes on your turn.");
        }
        let hand = self.table.m.hand();
        let Some(mv) = self.hint_move() else {
            return Outcome::nothing();
        };
        match mv {
            Move::Place(p) => {
                let points = hand.check(mv).map(|e| e.points()).unwrap_or(0);
                self.ui.selected = self.tray().iter().position(|&t| t == p.at.tile);
                self.ui.turn = p.at.turn;
                self.ui.pick = Some(p);
                let [a, b, c] = p.at.tile.turned(p.at.turn);
                Outcome::say(format!(
                    "Hint: lay {a}-{b}-{c} at {} (scores {points}). Enter lays it.",
                    cell_text(p.at.cell)
                ))
            }
            Move::Draw => Outcome::say("Hint: nothing fits, so draw a tile."),
            Move::Pass => Outcome::say("Hint: nothing fits, so pass."),
        }
    }

    fn status(&self) -> String {
        self.status_line()
    }

    fn rules_pages(&self) -> Vec<String> {
        vec!["dominoes".to_owned()]
    }

    fn save(&self) -> String {
        crate::shell::codec::state_to_text(&self.record())
    }

    fn load(&mut self, state: &str) -> Result<(), StateError> {
        let rec: Record = crate::shell::codec::state_from_text(state)?;
        let options = rec.options.validated(OPTIONS)?;
        if rec.tally.len() != 4 {
            return Err(StateError("the tally needs four seats".into()));
        }
        let (table, history) = Self::replay(&options, rec.seed, &rec.plays)?;
        self.seed = rec.seed;
        self.options = options;
        self.table = table;
        self.history = history;
        self.tally = rec.tally;
        self.ui = Ui::default();
        Ok(())
    }
}

#[cfg(test)]
mod game_tests;
