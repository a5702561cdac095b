//! Phutball (Philosopher's Football).
//!
//! [`rules`] holds the position, moves and every rule option; [`notation`]
//! reads and writes moves; [`finder`] lists the wins in one; [`view`] draws
//! the Go-style board. This module ties them to the shell: placing men and
//! building jump chains by pointer or keyboard, undo and redo by replay,
//! draws by repetition and the move cap.

pub mod ai;
mod board;
pub mod contest;
pub mod finder;
pub mod notation;
pub mod position_format;
pub mod record;
pub mod rules;
mod view;

pub use board::{BadPoint, Dims, Pt};
pub use view::{Geometry, SPACING};

use crate::shell::geom::Size;
use crate::shell::input::{Gesture, Key};
use crate::shell::paint::Painter;
use crate::shell::position::Position as _;
use crate::shell::think::{Pace, Ready, Thinker, Turn};
use crate::shell::{Choice, Game, OptionError, OptionSpec, Options, Outcome, StateError};
use crate::util::rng::Seed;
use contest::Contest;
use rules::{Chain, Corner, GoalLine, Men, Move, OwnGoal, Position, Side};
use serde::{Deserialize, Serialize};

/// Phutball's settings, as the shell sees them.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "opponent",
        label: "Opponent",
        choices: &[
            Choice::new("human", "Another player on this device"),
            Choice::new("random", "Computer: random"),
            Choice::new("greedy", "Computer: greedy"),
            Choice::new("strong", "Computer: strong"),
        ],
        default: "human",
        restarts: false,
    },
    OptionSpec {
        key: "computer",
        label: "The computer plays",
        choices: &[
            Choice::new("eks", "Eks (you move first)"),
            Choice::new("ohs", "Ohs (it moves first)"),
            Choice::new("both", "Both sides (watch it play itself)"),
        ],
        default: "eks",
        restarts: false,
    },
    OptionSpec {
        key: "threats",
        label: "Show goals in one for both sides",
        choices: &[Choice::new("off", "Off"), Choice::new("on", "On")],
        default: "off",
        restarts: false,
    },
    OptionSpec {
        key: "board",
        label: "Board",
        choices: &[
            Choice::new("19x15", "19 × 15 (the rules)"),
            Choice::new("19x19", "19 × 19 (Go board)"),
            Choice::new("13x9", "13 × 9 (teaching)"),
            Choice::new("9x7", "9 × 7 (teaching)"),
        ],
        default: "19x15",
        restarts: true,
    },
    OptionSpec {
        key: "goal-line",
        label: "A chain reaching a goal line",
        choices: &[
            Choice::new(
                "stop-on-line",
                "May go on from rows 1 and 19; stops on 0 and 20",
            ),
            Choice::new("stop-on-touch", "Stops on touching rows 1, 19, 0 or 20"),
            Choice::new("continue", "May go on even from 0 and 20"),
        ],
        default: "stop-on-line",
        restarts: true,
    },
    OptionSpec {
        key: "own-goal",
        label: "Ending on your own goal",
        choices: &[
            Choice::new("counts", "Scores for the opponent"),
            Choice::new("illegal", "Is illegal"),
        ],
        default: "counts",
        restarts: true,
    },
    OptionSpec {
        key: "corner",
        label: "Landing past a side edge and a goal line at once",
        choices: &[
            Choice::new("illegal", "Illegal"),
            Choice::new("goal", "A goal"),
        ],
        default: "illegal",
        restarts: true,
    },
    OptionSpec {
        key: "handicap",
        label: "Handicap (ball starts nearer Eks' goal)",
        choices: &[
            Choice::new("0", "None"),
            Choice::new("1", "1 row"),
            Choice::new("2", "2 rows"),
            Choice::new("3", "3 rows"),
            Choice::new("-1", "1 row the other way"),
            Choice::new("-2", "2 rows the other way"),
            Choice::new("-3", "3 rows the other way"),
        ],
        default: "0",
        restarts: true,
    },
    OptionSpec {
        key: "pie",
        label: "Pie rule (the second player may swap sides)",
        choices: &[Choice::new("off", "Off"), Choice::new("on", "On")],
        default: "off",
        restarts: true,
    },
    OptionSpec {
        key: "repetition",
        label: "A position repeated three times",
        choices: &[
            Choice::new("draw", "Is a draw"),
            Choice::new("allowed", "Is allowed"),
        ],
        default: "draw",
        restarts: true,
    },
    OptionSpec {
        key: "move-cap",
        label: "Draw after",
        choices: &[
            Choice::new("400", "400 moves"),
            Choice::new("200", "200 moves"),
            Choice::new("none", "No limit"),
        ],
        default: "400",
        restarts: true,
    },
];

/// The rule options the settings describe.
pub fn rules_from(o: &Options) -> rules::Options {
    let get = |k| o.get(OPTIONS, k).unwrap_or_default();
    rules::Options {
        dims: match get("board") {
            "19x19" => Dims { rows: 19, cols: 19 },
            "13x9" => Dims { rows: 13, cols: 9 },
            "9x7" => Dims { rows: 9, cols: 7 },
            _ => Dims::STANDARD,
        },
        goal_line: match get("goal-line") {
            "stop-on-touch" => GoalLine::StopOnTouch,
            "continue" => GoalLine::Continue,
            _ => GoalLine::StopOnLine,
        },
        own_goal: if get("own-goal") == "illegal" {
            OwnGoal::Illegal
        } else {
            OwnGoal::Counts
        },
        corner: if get("corner") == "goal" {
            Corner::Goal
        } else {
            Corner::Illegal
        },
        handicap: get("handicap").parse().unwrap_or(0),
        pie: get("pie") == "on",
        repetition: get("repetition") != "allowed",
        move_cap: get("move-cap").parse().unwrap_or(0),
    }
}

/// What is saved: the options and the moves, in notation. Positions are
/// rebuilt by replaying, so a save cannot hold an impossible position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    seed: Seed,
    options: Options,
    /// A game set up from a position rather than the empty board.
    #[serde(default)]
    setup: Option<Setup>,
    moves: Vec<String>,
    undone: Vec<String>,
}

/// A starting position other than the empty board: the ball, the men and
/// who moves first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The ball's point.
    pub ball: Pt,
    /// The men, in any order.
    pub men: Vec<Pt>,
    /// Who moves first.
    pub to_move: Side,
}

impl Setup {
    /// The setup of a position.
    pub fn of(p: &Position) -> Setup {
        Setup {
            ball: p.ball,
            men: p.men.iter().collect(),
            to_move: p.to_move,
        }
    }

    /// Lays the setup out under `options`, checking every point.
    pub fn position(&self, options: rules::Options) -> Result<Position, String> {
        let mut p = Position::start(options);
        let dims = options.dims;
        if !dims.contains(self.ball) {
            return Err(format!(
                "the ball on {} is off this {dims} board",
                self.ball
            ));
        }
        p.ball = self.ball;
        p.to_move = self.to_move;
        for &m in &self.men {
            if !dims.is_playing(m) || m == self.ball || p.men.has(m) {
                return Err(format!(
                    "a man on {m} is off the playing rows, on the ball, or listed twice"
                ));
            }
            p.men.set(m);
        }
        Ok(p)
    }
}

/// A chain being built by the player, one landing at a time.
#[derive(Clone, Debug, PartialEq)]
struct Building {
    chain: Chain,
    path: Vec<Pt>,
    men: Men,
    ended: bool,
}

/// A game of Phutball.
#[derive(Clone, Debug)]
pub struct Phutball {
    rec: Record,
    game: Contest,
    building: Option<Building>,
    cursor: Option<Pt>,
    now: f64,
    /// The computer's thinking, and the position it is thinking about.
    thinker: Option<(Position, Thinker<Ready<Move>>)>,
}

/// Positions the strong computer searches per move in the page: a few
/// dozen milliseconds, inside one frame.
const PAGE_NODES: u64 = 8_000;
/// How the computer paces its move: a pause so that it can be seen.
const PACE: Pace = Pace {
    first_slice: 1,
    max_slice: 1,
    delay_ms: 350.0,
    max_ms: 350.0,
};

impl Phutball {
    /// A new game with default options. Phutball deals nothing at random; the
    /// seed is kept so that a shared link names the same game.
    pub fn new(seed: Seed) -> Self {
        let options = Options::defaults(OPTIONS);
        let game = Contest::new(rules_from(&options));
        Phutball {
            rec: Record {
                seed,
                options,
                setup: None,
                moves: Vec::new(),
                undone: Vec::new(),
            },
            game,
            building: None,
            cursor: None,
            now: 0.0,
            thinker: None,
        }
    }

    /// The computer's level, if it plays the side to move now.
    fn computer_to_move(&self) -> Option<ai::Level> {
        let level: ai::Level = self.rec.options.get(OPTIONS, "opponent")?.parse().ok()?;
        let plays = match self.rec.options.get(OPTIONS, "computer")? {
            "both" => true,
            "ohs" => self.game.position().to_move == Side::Ohs,
            _ => self.game.position().to_move == Side::Eks,
        };
        (self.game.result().is_none() && plays).then_some(level)
    }

    /// The computer's choice for the side to move: the strong level searches
    /// [`PAGE_NODES`] positions, inside one frame.
    fn computer_mind(&self, level: ai::Level) -> Ready<Move> {
        let seed = self.rec.seed.0 ^ (self.rec.moves.len() as u64).wrapping_mul(0x9E37_79B9);
        let mut rng = crate::util::rng::Rng::new(Seed(seed));
        Ready(ai::choose(self.game.position(), level, &mut rng, PAGE_NODES).0)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// A game that starts from `setup` (the position format's ball, men and
    /// side to move) under these settings.
    pub fn from_setup(seed: Seed, options: Options, setup: Setup) -> Result<Phutball, String> {
        let position = setup.position(rules_from(&options))?;
        let mut g = Phutball::new(seed);
        g.rec.options = options;
        g.rec.setup = Some(setup);
        g.game = Contest::from(position);
        Ok(g)
    }

    /// The starting position, when the game was set up from one.
    pub fn setup(&self) -> Option<&Setup> {
        self.rec.setup.as_ref()
    }

    /// The moves so far, in notation.
    pub fn moves(&self) -> &[String] {
        &self.rec.moves
    }

    /// Plays a move given in notation.
    pub fn play_text(&mut self, text: &str) -> Result<(), notation::NotationError> {
        let mv = notation::parse(self.game.position(), text, self.rec.moves.len())?;
        self.play(mv).map_err(notation::NotationError::Illegal)
    }

    /// Plays a move.
    pub fn play(&mut self, mv: Move) -> Result<(), rules::MoveError> {
        let text = notation::format(self.game.position(), mv);
        self.game.play(mv)?;
        self.rec.moves.push(text);
        self.rec.undone.clear();
        self.building = None;
        Ok(())
    }

    fn replay(rec: &Record) -> Result<Contest, StateError> {
        let mut g = match &rec.setup {
            Some(setup) => Contest::from(
                setup
                    .position(rules_from(&rec.options))
                    .map_err(StateError)?,
            ),
            None => Contest::new(rules_from(&rec.options)),
        };
        for (i, text) in rec.moves.iter().enumerate() {
            let mv = notation::parse(g.position(), text, i)
                .map_err(|e| StateError(format!("move {} ({text}): {e}", i + 1)))?;
            g.play(mv)
                .map_err(|e| StateError(format!("move {} ({text}): {e}", i + 1)))?;
        }
        Ok(g)
    }

    fn moved(&mut self, mv: Move) -> Outcome {
        let side = self.game.position().to_move;
        let before = *self.game.position();
        match self.play(mv) {
            Ok(()) => {
                let text = notation::format(&before, mv);
                let mut msg = match mv {
                    Move::Place(p) => format!("{} placed a man on {p}.", side.name()),
                    Move::Jump(_) => format!("{} jumped {text}.", side.name()),
                    Move::Swap => "The players swapped sides.".to_owned(),
                };
                match self.game.result() {
                    Some(rules::Outcome::Goal(s)) => {
                        msg.push_str(&format!(" Goal! {} win.", s.name()))
                    }
                    Some(rules::Outcome::Draw) => msg.push_str(" The game is drawn."),
                    None => {}
                }
                Outcome::moved(msg)
            }
            Err(e) => Outcome::say(format!("Not allowed: {e}.")),
        }
    }

    /// Asks the computer thinking now to play its best move at once.
    fn hurry(&mut self) -> Outcome {
        match self.thinker.as_mut() {
            Some((_, t)) => {
                t.hurry();
                Outcome::say("The computer moves now.")
            }
            None => Outcome::nothing(),
        }
    }

    /// A drag building a chain is over `at`: a landing there extends it.
    fn drag_over(&mut self, at: crate::shell::geom::Point) -> Outcome {
        let Some(b) = &self.building else {
            return Outcome::nothing();
        };
        let p = *self.game.position();
        let end = self.chain_end(b);
        match Geometry::new(p.options.dims).hit(at) {
            Some(pt) if !b.ended && p.jumps(&b.men, end).iter().any(|(_, l, _)| l.at == pt) => {
                self.extend_chain(pt)
            }
            _ => Outcome::nothing(),
        }
    }

    fn start_chain(&mut self) -> Outcome {
        let p = self.game.position();
        if p.jumps(&p.men, p.ball).is_empty() {
            return Outcome::say("No man is next to the ball: there is nothing to jump.");
        }
        self.building = Some(Building {
            chain: Chain::EMPTY,
            path: Vec::new(),
            men: p.men,
            ended: false,
        });
        Outcome::say("Choose where the ball lands; tap the last landing again to finish, or the ball to cancel.")
    }

    fn chain_end(&self, b: &Building) -> Pt {
        b.path.last().copied().unwrap_or(self.game.position().ball)
    }

    fn extend_chain(&mut self, to: Pt) -> Outcome {
        let Some(b) = self.building.clone() else {
            return Outcome::nothing();
        };
        let from = self.chain_end(&b);
        if b.ended {
            return Outcome::say("The chain has reached a goal line: finish it.");
        }
        let p = *self.game.position();
        let Some((dir, landing, men)) = p
            .jumps(&b.men, from)
            .into_iter()
            .find(|(_, l, _)| l.at == to)
        else {
            return Outcome::say(format!("No jump goes from {from} to {to}."));
        };
        let Some(chain) = b.chain.push(dir) else {
            return Outcome::say("The chain is as long as it can be: finish it.");
        };
        let mut path = b.path;
        path.push(landing.at);
        self.building = Some(Building {
            chain,
            path,
            men,
            ended: landing.ends,
        });
        Outcome::say(format!("The ball lands on {}.", landing.at))
    }

    fn finish_chain(&mut self) -> Outcome {
        match self.building.take() {
            Some(b) if !b.chain.is_empty() => self.moved(Move::Jump(b.chain)),
            _ => Outcome::redraw(),
        }
    }

    fn act_on(&mut self, at: Pt) -> Outcome {
        if self.game.result().is_some() {
            return Outcome::say("The game is over: start a new one, or undo.");
        }
        if let Some(b) = self.building.clone() {
            let end = self.chain_end(&b);
            if at == end && !b.chain.is_empty() {
                return self.finish_chain();
            }
            if at == self.game.position().ball && b.chain.is_empty() {
                self.building = None;
                return Outcome::say("Chain cancelled.");
            }
            if b.path.len() >= 2 && at == b.path[b.path.len() - 2] {
                return self.step_back();
            }
            return self.extend_chain(at);
        }
        if at == self.game.position().ball {
            return self.start_chain();
        }
        self.moved(Move::Place(at))
    }

    fn step_back(&mut self) -> Outcome {
        let Some(b) = self.building.take() else {
            return Outcome::nothing();
        };
        // Rebuild the chain without its last jump.
        let dirs: Vec<u8> = b.chain.dirs().collect();
        self.start_chain();
        let p = *self.game.position();
        for &d in &dirs[..dirs.len().saturating_sub(1)] {
            let (from, men) = match &self.building {
                Some(b) => (self.chain_end(b), b.men),
                None => (p.ball, p.men),
            };
            if let Ok((landing, _)) = p.jump_once(&men, from, d) {
                let _ = self.extend_chain(landing.at);
            }
        }
        Outcome::say("Took back one jump.")
    }

    /// Every point a chain from `from` could still reach (the whole jump tree).
    fn reachable(&self, from: Pt, men: Men) -> Vec<Pt> {
        let p = *self.game.position();
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        let mut stack = vec![(from, men)];
        while let Some((at, m)) = stack.pop() {
            if seen.len() > 20_000 {
                break;
            }
            for (_, l, next) in p.jumps(&m, at) {
                if seen.insert((l.at, next)) {
                    if !out.contains(&l.at) {
                        out.push(l.at);
                    }
                    if !l.ends {
                        stack.push((l.at, next));
                    }
                }
            }
        }
        out
    }
}

impl Game for Phutball {
    fn seed(&self) -> Seed {
        self.rec.seed
    }

    fn new_game(&mut self, seed: Seed) {
        self.rec = Record {
            seed,
            options: self.rec.options.clone(),
            setup: None,
            moves: Vec::new(),
            undone: Vec::new(),
        };
        self.game = Contest::new(rules_from(&self.rec.options));
        self.building = None;
        self.cursor = None;
        self.thinker = None;
    }

    fn tick(&mut self, now: f64) -> Outcome {
        self.now = now;
        let Some(level) = self.computer_to_move() else {
            self.thinker = None;
            return Outcome::nothing();
        };
        let position = *self.game.position();
        if self.thinker.as_ref().is_none_or(|(p, _)| *p != position) {
            let mind = self.computer_mind(level);
            self.thinker = Some((position, Thinker::new(mind, PACE)));
        }
        let Some((_, thinker)) = self.thinker.as_mut() else {
            return Outcome::nothing();
        };
        match thinker.tick(now) {
            Turn::Thinking => Outcome::redraw(),
            Turn::Play(mv) => {
                self.thinker = None;
                let mut out = self.moved(mv);
                if let Some(m) = out.message.as_mut() {
                    *m = format!("Computer: {m}");
                }
                out
            }
            Turn::NoMove => {
                self.thinker = None;
                Outcome::say("The computer has no move.")
            }
        }
    }

    fn option_specs(&self) -> &'static [OptionSpec] {
        OPTIONS
    }

    fn option(&self, key: &str) -> Option<&'static str> {
        self.rec.options.get(OPTIONS, key)
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        self.rec.options.set(OPTIONS, key, value)
    }

    fn board_size(&self, viewport: Size) -> Size {
        let grid = Geometry::new(self.game.position().options.dims).size();
        // On a landscape screen the move list sits beside the board.
        if viewport.w > viewport.h * 1.1 {
            Size::new(grid.w + view::PANEL_WIDTH, grid.h)
        } else {
            grid
        }
    }

    fn draw(&self, painter: &mut dyn Painter, board: Size) {
        let p = self.game.position();
        let grid = Geometry::new(p.options.dims).size();
        if board.w > grid.w {
            let lines: Vec<String> = self
                .rec
                .moves
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    format!(
                        "{:>3}. {} {m}",
                        i + 1,
                        if i % 2 == 0 { "Ohs" } else { "Eks" }
                    )
                })
                .collect();
            let rules: Vec<String> = OPTIONS
                .iter()
                .filter(|spec| !matches!(spec.key, "opponent" | "computer" | "board" | "threats"))
                .filter_map(|spec| {
                    let v = self.option(spec.key)?;
                    (v != spec.default).then(|| {
                        let label = spec
                            .choices
                            .iter()
                            .find(|c| c.value == v)
                            .map_or(v, |c| c.label);
                        format!("{}: {label}", spec.label)
                    })
                })
                .collect();
            view::draw_panel(painter, grid.w, board, &lines, &rules);
        }
        let mut marks = view::Marks {
            cursor: self.cursor,
            ..view::Marks::default()
        };
        match &self.building {
            Some(b) => {
                let end = self.chain_end(b);
                marks.men = Some(b.men);
                marks.path = std::iter::once(p.ball)
                    .chain(b.path.iter().copied())
                    .collect();
                if !b.ended {
                    let jumps = p.jumps(&b.men, end);
                    marks.landings = jumps.iter().map(|(_, l, _)| l.at).collect();
                    // The men each next jump would take.
                    for (d, l, _) in &jumps {
                        let (dc, dr) = rules::DIRS[usize::from(*d)];
                        for k in 1..=i16::from(l.over) {
                            let c = i16::from(end.col) + k * i16::from(dc);
                            let r = i16::from(end.row) + k * i16::from(dr);
                            marks.would_take.push(Pt {
                                col: c as u8,
                                row: r as u8,
                            });
                        }
                    }
                    marks.reachable = self.reachable(end, b.men);
                }
            }
            None => {
                if let Some((mv, before)) = self.game.last() {
                    match mv {
                        Move::Place(pt) => marks.last_placed = Some(pt),
                        Move::Jump(c) => {
                            if let Ok((path, _)) = before.follow(c) {
                                marks.path = std::iter::once(before.ball).chain(path).collect();
                            }
                        }
                        Move::Swap => {}
                    }
                }
            }
        }
        if self.option("threats") == Some("on") && self.game.result().is_none() {
            for side in [Side::Ohs, Side::Eks] {
                let mut q = *p;
                q.to_move = side;
                if let finder::Wins::Found(chains) = finder::find_wins(&q, 5_000).wins {
                    for c in chains.into_iter().take(3) {
                        if let Ok((path, _)) = q.follow(c) {
                            let line = std::iter::once(q.ball).chain(path).collect();
                            marks.threats.push((side, line));
                        }
                    }
                }
            }
        }
        view::draw(painter, p, &marks);
    }

    fn gesture(&mut self, gesture: Gesture, _board: Size) -> Outcome {
        if self.computer_to_move().is_some() {
            return match gesture {
                Gesture::Tap { .. } => Outcome::say("The computer is thinking… (Enter: move now)"),
                _ => Outcome::nothing(),
            };
        }
        let geo = Geometry::new(self.game.position().options.dims);
        match gesture {
            Gesture::Tap { at, .. } => match geo.hit(at) {
                Some(p) => {
                    self.cursor = None;
                    self.act_on(p)
                }
                None => Outcome::nothing(),
            },
            // A chain can be dragged: from the ball, through each landing, let go to play it.
            Gesture::DragStart { from, at } => {
                if self.game.result().is_none()
                    && geo.hit(from) == Some(self.game.position().ball)
                    && self.building.is_none()
                {
                    let started = self.start_chain();
                    // A quick drag may already be over the first landing.
                    let moved = self.drag_over(at);
                    if moved.message.is_some() {
                        moved
                    } else {
                        started
                    }
                } else {
                    Outcome::nothing()
                }
            }
            Gesture::DragMove(at) => self.drag_over(at),
            Gesture::Drop(_) => {
                if self.building.as_ref().is_some_and(|b| !b.chain.is_empty()) {
                    self.finish_chain()
                } else {
                    self.building = None;
                    Outcome::redraw()
                }
            }
            Gesture::Cancel => {
                self.building = None;
                Outcome::say("Chain cancelled.")
            }
            Gesture::Press(_) | Gesture::Zoom { .. } => Outcome::nothing(),
        }
    }

    fn key(&mut self, key: Key, _board: Size) -> Outcome {
        if self.computer_to_move().is_some() && matches!(key, Key::Enter | Key::Space) {
            return self.hurry();
        }
        if self.computer_to_move().is_some() && key == Key::Backspace {
            return Outcome::say("The computer is thinking… (Enter: move now)");
        }
        let dims = self.game.position().options.dims;
        let c = self.cursor.unwrap_or(self.game.position().ball);
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
            Key::Enter | Key::Space => return self.act_on(c),
            Key::Backspace => return self.step_back(),
            Key::Escape => {
                self.cursor = None;
                return if self.building.take().is_some() {
                    Outcome::say("Chain cancelled.")
                } else {
                    Outcome::redraw()
                };
            }
            Key::Char(_) => return Outcome::nothing(),
        };
        self.cursor = Some(moved);
        let what = if moved == self.game.position().ball {
            " (the ball)".to_owned()
        } else if self.game.position().men.has(moved) {
            " (a man)".to_owned()
        } else {
            String::new()
        };
        Outcome::say(format!("Cursor on {moved}{what}."))
    }

    fn can_undo(&self) -> bool {
        !self.rec.moves.is_empty()
    }

    fn undo(&mut self) -> Outcome {
        let out = self.undo_one();
        // Against the computer, take back its reply and the player's move together.
        if out.changed && self.computer_to_move().is_some() && !self.rec.moves.is_empty() {
            let again = self.undo_one();
            if again.changed {
                return Outcome::moved("Took back your move and the computer's reply.");
            }
        }
        out
    }

    fn can_redo(&self) -> bool {
        !self.rec.undone.is_empty()
    }

    fn redo(&mut self) -> Outcome {
        self.redo_one()
    }

    fn hint(&mut self) -> Outcome {
        self.hint_text()
    }

    fn status(&self) -> String {
        self.status_text()
    }

    fn rules_pages(&self) -> Vec<String> {
        vec!["phutball".to_owned()]
    }

    fn moves(&self) -> Vec<String> {
        self.rec.moves.clone()
    }

    fn save(&self) -> String {
        crate::shell::codec::state_to_text(&self.rec)
    }

    fn load(&mut self, state: &str) -> Result<(), StateError> {
        self.load_saved(state)
    }

    fn records(&self) -> Vec<(&'static str, String)> {
        vec![
            ("Text", record::to_text(self)),
            ("SGF", record::to_sgf(self)),
        ]
    }

    fn load_record(&mut self, text: &str) -> Result<Outcome, String> {
        let read = if text.trim_start().starts_with('(') {
            record::from_sgf(text)
        } else {
            record::from_text(text)
        };
        let mut g = read.map_err(|e| e.to_string())?;
        g.rec.seed = self.rec.seed;
        let n = g.rec.moves.len();
        *self = g;
        Ok(Outcome::moved(format!("Loaded a game of {n} moves.")))
    }
}

impl Phutball {
    fn undo_one(&mut self) -> Outcome {
        let Some(last) = self.rec.moves.pop() else {
            return Outcome::nothing();
        };
        match Self::replay(&self.rec) {
            Ok(g) => {
                self.game = g;
                self.rec.undone.push(last.clone());
                self.building = None;
                Outcome::moved(format!("Took back {last}."))
            }
            Err(e) => {
                self.rec.moves.push(last);
                Outcome::say(e.to_string())
            }
        }
    }

    fn redo_one(&mut self) -> Outcome {
        let Some(text) = self.rec.undone.pop() else {
            return Outcome::nothing();
        };
        let undone = std::mem::take(&mut self.rec.undone);
        let out = match self.play_text(&text) {
            Ok(()) => Outcome::moved(format!("Played {text} again.")),
            Err(e) => Outcome::say(format!("Cannot redo {text}: {e}.")),
        };
        self.rec.undone = undone;
        out
    }

    fn hint_text(&mut self) -> Outcome {
        let p = *self.game.position();
        let r = finder::find_wins(&p, 200_000);
        match r.wins {
            finder::Wins::Found(chains) => {
                let text = notation::format(&p, Move::Jump(chains[0]));
                Outcome::say(format!("Hint: {text} scores at once."))
            }
            finder::Wins::None => {
                let mut threat = p;
                threat.to_move = p.to_move.other();
                match finder::find_wins(&threat, 200_000).wins {
                    finder::Wins::Found(c) => Outcome::say(format!(
                        "No goal in one for you, but {} threaten {}: block it.",
                        threat.to_move.name(),
                        notation::format(&threat, Move::Jump(c[0]))
                    )),
                    _ => Outcome::say("No goal in one for either side: build towards the goal."),
                }
            }
            finder::Wins::Unknown(_) => {
                Outcome::say("The position is too tangled to check quickly.")
            }
        }
    }

    fn status_text(&self) -> String {
        let p = self.game.position();
        let mut s = match self.game.result() {
            Some(rules::Outcome::Goal(side)) => format!("Goal! {} win", side.name()),
            Some(rules::Outcome::Draw) => "Drawn".to_owned(),
            None if self.computer_to_move().is_some() => {
                format!("{} (computer) to move", p.to_move.name())
            }
            None => format!("{} to move", p.to_move.name()),
        };
        s.push_str(&format!(
            " · {} men · move {} · {} board",
            p.men.count(),
            self.rec.moves.len() + 1,
            p.options.dims
        ));
        if let Some(last) = self.rec.moves.last() {
            s.push_str(&format!(" · last {last}"));
        }
        if self.game.swapped() {
            s.push_str(" · sides swapped");
        }
        s
    }

    fn load_saved(&mut self, state: &str) -> Result<(), StateError> {
        let mut rec: Record = crate::shell::codec::state_from_text(state)?;
        rec.options = rec.options.validated(OPTIONS)?;
        let game = Self::replay(&rec)?;
        // The redo list must replay too.
        let mut probe = rec.clone();
        for text in rec.undone.iter().rev() {
            probe.moves.push(text.clone());
        }
        Self::replay(&probe)?;
        self.rec = rec;
        self.game = game;
        self.building = None;
        Ok(())
    }
}

#[cfg(test)]
mod tests;

/// Shorthands for writing positions in tests.
#[cfg(test)]
pub(crate) mod fixtures {
    use super::rules::{Options, Position};

    /// A default-board position: the ball and the men by their point names, Ohs to move.
    pub fn position(ball: &str, men: &str) -> Position {
        let mut p = Position::start(Options::default());
        p.ball = ball.parse().expect("a point");
        for m in men.split_whitespace() {
            p.men.set(m.parse().expect("a point"));
        }
        p
    }
}
