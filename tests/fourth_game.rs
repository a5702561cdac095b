//! The README's guide to adding a game, followed: tic-tac-toe declared as a
//! `GameDef` in this file alone, hosted by the generic shell, and driven
//! through its saves, undo and redo, records of moves and a computer's turns.
//! If this file needs anything the guide does not mention, the guide is wrong.

use parlour::shell::def::{Action, Event, GameDef, View};
use parlour::shell::drag::Grip;
use parlour::shell::geom::{Point, Rect, Size};
use parlour::shell::input::{Gesture, Key};
use parlour::shell::paint::{Align, Color, Painter, Recorder};
use parlour::shell::position::{BadMoveText, Ending, Position, Seat};
use parlour::shell::think::{Pace, Progress, Think};
use parlour::shell::Game;
use parlour::Seed;
use std::fmt;

/// Cells 0..9, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Board {
    cells: [Option<Seat>; 9],
    to_move: Seat,
}

/// A cell taken by the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mark(u8);

#[derive(Debug)]
enum Illegal {
    Taken(u8),
    Over,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::Taken(c) => write!(f, "cell {c} is taken"),
            Illegal::Over => f.write_str("the game is over"),
        }
    }
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl Position for Board {
    type Move = Mark;
    type Effect = ();
    type Illegal = Illegal;

    fn legal_moves(&self) -> Vec<Mark> {
        if self.ending().is_some() {
            return Vec::new();
        }
        (0..9u8)
            .filter(|&c| self.cells[usize::from(c)].is_none())
            .map(Mark)
            .collect()
    }

    fn play(&mut self, mv: Mark) -> Result<(), Illegal> {
        if self.ending().is_some() {
            return Err(Illegal::Over);
        }
        let cell = self
            .cells
            .get_mut(usize::from(mv.0))
            .filter(|c| c.is_none())
            .ok_or(Illegal::Taken(mv.0))?;
        *cell = Some(self.to_move);
        self.to_move = 1 - self.to_move;
        Ok(())
    }

    fn ending(&self) -> Option<Ending> {
        for line in LINES {
            if let [Some(a), Some(b), Some(c)] = line.map(|i| self.cells[i]) {
                if a == b && b == c {
                    return Some(Ending::Won(a));
                }
            }
        }
        self.cells
            .iter()
            .all(Option::is_some)
            .then_some(Ending::Drawn)
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn move_text(&self, mv: Mark) -> String {
        mv.0.to_string()
    }

    fn read_move(&self, text: &str) -> Result<Mark, BadMoveText> {
        let mv = text
            .parse::<u8>()
            .ok()
            .filter(|&c| c < 9)
            .map(Mark)
            .ok_or_else(|| BadMoveText::new(text, "not a cell from 0 to 8"))?;
        if self.legal_moves().contains(&mv) {
            Ok(mv)
        } else {
            Err(BadMoveText::new(text, "not free"))
        }
    }
}

parlour::setting! {
    /// Who plays O, the second seat.
    pub enum Opponent {
        key: "opponent", label: "Opponent", restarts: false, default: Computer;
        /// Another person.
        Person = "human", "Another player";
        /// The computer.
        Computer = "computer", "The computer";
        /// A computer whose search proposes a taken cell: the shell must
        /// still see a move played.
        Clumsy = "clumsy", "A clumsy computer";
    }
}

parlour::settings! {
    /// Tic-tac-toe's settings.
    pub struct TicSettings {
        /// Who plays O.
        opponent: Opponent,
    }
}

/// The computer: the first free cell of the best line, found a cell a step.
#[derive(Clone, Debug)]
struct Mind {
    board: Board,
    next: u8,
    best: Option<Mark>,
}

impl Think for Mind {
    type Move = Mark;

    fn step(&mut self, work: u32) -> Progress {
        for _ in 0..work {
            if self.next >= 9 {
                return Progress::Done;
            }
            let mv = Mark(self.next);
            self.next += 1;
            let mut after = self.board.clone();
            if after.play(mv).is_ok() && after.ending().is_some() {
                self.best = Some(mv);
                return Progress::Done;
            }
        }
        Progress::Working
    }

    fn best(&self) -> Option<Mark> {
        self.best
    }
}

#[derive(Clone, Debug)]
struct TicTacToe;

/// Games won by X and by O.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
struct Wins([u32; 2]);

const CELL: f64 = 100.0;

/// The pile of stones under the board, to drag from.
const STONES: Rect = Rect {
    x: 0.0,
    y: 3.0 * CELL,
    w: CELL,
    h: CELL,
};

/// The cell under `at`, if any.
fn cell_at(at: Point) -> Option<u8> {
    let (col, row) = ((at.x / CELL).floor(), (at.y / CELL).floor());
    ((0.0..3.0).contains(&col) && (0.0..3.0).contains(&row)).then_some(row as u8 * 3 + col as u8)
}

impl GameDef for TicTacToe {
    type Position = Board;
    type Settings = TicSettings;
    type Start = ();
    type Ui = Option<u8>;
    type Mind = Mind;
    /// A stone picked up from the pile under the board.
    type Piece = ();
    type Stats = Wins;

    /// The last free cell fills itself.
    const MAKES_MOVES_ITSELF: bool = true;

    fn setup(_: &TicSettings, _: Seed, _: &()) -> Result<Board, String> {
        Ok(Board {
            cells: [None; 9],
            to_move: 0,
        })
    }

    fn computer_to_move(settings: &TicSettings, position: &Board) -> bool {
        settings.opponent != Opponent::Person && position.to_move == 1
    }

    /// With one free cell left, the game fills it itself.
    fn follow_up(_: &TicSettings, position: &Board) -> Option<Mark> {
        match position.legal_moves().as_slice() {
            [only] => Some(*only),
            _ => None,
        }
    }

    fn mind(settings: &TicSettings, position: &Board, _: Seed) -> Mind {
        let taken = (0..9).find(|&c| position.cells[usize::from(c)].is_some());
        match (settings.opponent, taken) {
            (Opponent::Clumsy, Some(c)) => Mind {
                board: position.clone(),
                next: 9,
                best: Some(Mark(c)),
            },
            _ => Mind {
                board: position.clone(),
                next: 0,
                best: position.legal_moves().first().copied(),
            },
        }
    }

    fn pace(_: &TicSettings) -> Pace {
        Pace {
            first_slice: 1,
            max_slice: 2,
            delay_ms: 100.0,
            max_ms: 1_000.0,
        }
    }

    fn board_size(_: &View<Self>, _: &Option<u8>, _: Size) -> Size {
        Size::new(3.0 * CELL, 3.0 * CELL)
    }

    fn draw(game: &View<Self>, cursor: &Option<u8>, p: &mut dyn Painter, _: Size) {
        for (i, cell) in game.position.cells.iter().enumerate() {
            let at = Point::new(
                (i % 3) as f64 * CELL + CELL / 2.0,
                (i / 3) as f64 * CELL + CELL / 2.0,
            );
            let mark = match cell {
                Some(0) => "X",
                Some(_) => "O",
                None if *cursor == Some(i as u8) => "·",
                None => continue,
            };
            p.text(at, mark, 40.0, Align::Center, Color::rgb(0, 0, 0));
        }
        if let Some(lift) = game.drag {
            p.text(lift.ghost, "●", 40.0, Align::Center, Color::rgb(0, 0, 0));
        }
        p.stroke_rect(
            Rect::new(0.0, 0.0, 3.0 * CELL, 3.0 * CELL),
            0.0,
            1.0,
            Color::rgb(0, 0, 0),
        );
    }

    /// The pile of stones under the board can be picked up.
    fn grab(_: &View<Self>, _: &mut Option<u8>, at: Point) -> Option<Grip<()>> {
        STONES.contains(at).then(|| Grip {
            piece: (),
            home: STONES.center(),
        })
    }

    /// A stone dropped on a cell takes it.
    fn drop(game: &View<Self>, _: &mut Option<u8>) -> Action<Mark> {
        match game.drag.and_then(|lift| cell_at(lift.ghost)) {
            Some(cell) => Action::Play(Mark(cell)),
            None => Action::Say("Off the board.".into()),
        }
    }

    fn gesture(_: &View<Self>, _: &mut Option<u8>, g: Gesture, _: Size) -> Action<Mark> {
        match g {
            Gesture::Tap { at, .. } => {
                cell_at(at).map_or(Action::Nothing, |c| Action::Play(Mark(c)))
            }
            _ => Action::Nothing,
        }
    }

    fn key(_: &View<Self>, cursor: &mut Option<u8>, key: Key, _: Size) -> Action<Mark> {
        match key {
            Key::Right => {
                *cursor = Some(cursor.map_or(0, |c| (c + 1) % 9));
                Action::Redraw
            }
            Key::Enter => cursor.map_or(Action::Nothing, |c| Action::Play(Mark(c))),
            _ => Action::Nothing,
        }
    }

    fn narrate(
        game: &View<Self>,
        _: &Option<u8>,
        before: &Board,
        mv: Mark,
        _: &(),
        by_computer: bool,
    ) -> String {
        let after = game.position;
        let who = ["X", "O"][before.to_move];
        let who = if by_computer { "Computer: O" } else { who };
        match after.ending() {
            Some(Ending::Won(_)) => format!("{who} took cell {} and won.", mv.0),
            Some(Ending::Drawn) => format!("{who} took cell {}: a draw.", mv.0),
            None => format!("{who} took cell {}.", mv.0),
        }
    }

    fn hint(game: &View<Self>, _: &mut Option<u8>) -> Action<Mark> {
        match game.position.legal_moves().first() {
            Some(m) => Action::Say(format!("Try cell {}.", m.0)),
            None => Action::Say("The game is over.".into()),
        }
    }

    fn status(game: &View<Self>, _: &Option<u8>) -> String {
        match game.position.ending() {
            Some(Ending::Won(s)) => format!("{} won", ["X", "O"][s]),
            Some(Ending::Drawn) => "Drawn".into(),
            None => format!("{} to move", ["X", "O"][game.position.to_move]),
        }
    }

    fn count(wins: &mut Wins, _: &TicSettings, end: &Board, _: f64, event: Event) {
        if let Some(Ending::Won(seat)) = end.ending() {
            let n = &mut wins.0[seat];
            match event {
                Event::Ended => *n += 1,
                Event::Unended => *n = n.saturating_sub(1),
                _ => {}
            }
        }
    }

    fn stats(game: &View<Self>) -> Option<Vec<(String, String)>> {
        let wins = game.stats;
        Some(vec![
            ("X won".into(), wins.0[0].to_string()),
            ("O won".into(), wins.0[1].to_string()),
        ])
    }

    fn rules_pages(_: &TicSettings) -> Vec<String> {
        vec!["tic-tac-toe".into()]
    }
}

type Tic = parlour::shell::driver::Shell<TicTacToe>;

fn tap(g: &mut Tic, cell: u8) -> parlour::Outcome {
    let at = Point::new(
        f64::from(cell % 3) * CELL + 50.0,
        f64::from(cell / 3) * CELL + 50.0,
    );
    let board = g.board_size(Size::new(300.0, 300.0));
    g.gesture(Gesture::Tap { at, count: 1 }, board)
}

/// Ticks the clock until the computer has moved; returns its message.
fn computer_moves(g: &mut Tic, now: &mut f64) -> String {
    for _ in 0..parlour::shell::think::MAX_TICKS {
        *now += 16.0;
        let out = g.tick(*now);
        if out.changed {
            return out.message.unwrap_or_default();
        }
    }
    panic!("the computer never moved");
}

#[test]
fn a_whole_game_against_the_computer_through_the_shell() {
    let mut g = Tic::new(Seed(1));
    let mut now = 0.0;
    assert!(tap(&mut g, 4).changed);
    assert_eq!(g.status(), "O to move");
    // While the computer thinks, a tap waits and Enter hurries it.
    assert!(!tap(&mut g, 0).changed);
    g.tick(now);
    assert_eq!(
        g.key(Key::Enter, Size::new(300.0, 300.0))
            .message
            .as_deref(),
        Some("The computer moves now.")
    );
    let said = computer_moves(&mut g, &mut now);
    assert_eq!(said, "Computer: O took cell 0.");
    assert_eq!(g.stats().unwrap()[0].1, "0");
    assert!(tap(&mut g, 0).message.unwrap().starts_with("Not allowed"));
    tap(&mut g, 3);
    computer_moves(&mut g, &mut now);
    let out = tap(&mut g, 5);
    assert_eq!(out.message.as_deref(), Some("X took cell 5 and won."));
    assert_eq!(g.status(), "X won");
    assert_eq!(g.stats().unwrap()[0], ("X won".to_owned(), "1".to_owned()));
    assert_eq!(g.moves(), ["4", "0", "3", "1", "5"]);
    // A person won: the shell's confetti asks for frames for a moment, then
    // the game is still.
    let cheer = parlour::shell::cheer::CHEER_MS;
    assert!(g.tick(now + 1000.0).redraw);
    g.tick(now + 1000.0 + cheer);
    assert_eq!(g.tick(now + 2000.0 + cheer), parlour::Outcome::nothing());

    // Undo takes back the player's move; once more, the computer's reply too.
    assert_eq!(
        g.undo().message.as_deref(),
        Some("Took back 5."),
        "the computer is not to move after X's move is taken back"
    );
    let out = g.undo();
    assert_eq!(
        out.message.as_deref(),
        Some("Took back your move and the computer's reply.")
    );
    assert_eq!(g.moves(), ["4", "0"]);
    assert_eq!(g.stats().unwrap()[0].1, "0", "the win is taken back");
    assert!(g.redo().changed);
    assert_eq!(
        g.moves(),
        ["4", "0", "3"],
        "X's move again; the computer replies anew"
    );

    // Saves round-trip with the moves taken back; a tampered save is refused.
    let saved = g.save();
    let mut other = Tic::new(Seed(9));
    other.load(&saved).unwrap();
    assert_eq!(other.save(), saved);
    assert_eq!(other.position(), g.position());
    assert!(other.can_redo());
    assert_eq!(other.stats(), g.stats(), "statistics travel with the save");
    let before = other.save();
    assert!(other.load("AAAA").is_err());
    assert_eq!(other.save(), before, "a failed load changes nothing");
}

#[test]
fn settings_keys_and_drawing_go_through_the_shell() {
    let mut g = Tic::new(Seed(2));
    assert_eq!(g.option("opponent"), Some("computer"));
    assert!(g.set_option("opponent", "robot").is_err());
    g.set_option("opponent", "human").unwrap();
    let board = g.board_size(Size::new(300.0, 300.0));
    assert!(!g.key(Key::Right, board).changed);
    assert!(g.key(Key::Enter, board).changed, "X takes cell 0");
    assert!(g
        .key(Key::Enter, board)
        .message
        .unwrap()
        .starts_with("Not allowed"));
    tap(&mut g, 4);
    assert_eq!(g.moves(), ["0", "4"], "a person plays O");
    assert_eq!(g.tick(0.0), parlour::Outcome::nothing());
    let mut rec = Recorder::default();
    g.draw(&mut rec, board);
    assert!(!rec.ops.is_empty());
    assert_eq!(g.hint().message.as_deref(), Some("Try cell 1."));
    assert!(g.load_record("0 1 2").is_err(), "no records declared");
}

#[test]
fn the_game_fills_the_last_cell_itself_and_undo_takes_it_back_with_the_move_before() {
    let mut g = Tic::new(Seed(3));
    g.set_option("opponent", "human").unwrap();
    for cell in [0, 1, 2, 4, 3, 5, 7, 6] {
        assert!(tap(&mut g, cell).changed, "cell {cell}");
    }
    assert_eq!(g.moves().last().map(String::as_str), Some("8*"));
    assert_eq!(g.status(), "Drawn");
    // A copy kept in step move by move, the game's own moves included.
    let mut copy = Tic::new(Seed(3));
    copy.set_option("opponent", "human").unwrap();
    for text in g.moves() {
        copy.play_text(&text).unwrap();
    }
    assert_eq!(copy.position(), g.position());
    assert_eq!(copy.moves(), g.moves());
    // Undo takes back O's move and the cell the game filled after it.
    assert_eq!(g.undo().message.as_deref(), Some("Took back 6."));
    assert_eq!(g.moves().len(), 7);
    assert!(g.redo().changed);
    assert_eq!(g.moves().len(), 9, "the move and the game's own after it");
    assert_eq!(g.status(), "Drawn");
}

#[test]
fn a_stone_dragged_onto_a_cell_takes_it_and_a_refused_one_flies_home() {
    use parlour::shell::input::straight_drag;
    let mut g = Tic::new(Seed(4));
    g.set_option("opponent", "human").unwrap();
    let board = Size::new(3.0 * CELL, 4.0 * CELL);
    let from = STONES.center();
    let drag = |g: &mut Tic, to: Point| {
        straight_drag(from, to)
            .into_iter()
            .map(|gesture| g.gesture(gesture, board))
            .fold(parlour::Outcome::nothing(), parlour::Outcome::and)
    };
    // Onto the middle cell: X takes it, and nothing is left in the hand.
    let out = drag(&mut g, Point::new(1.5 * CELL, 1.5 * CELL));
    assert_eq!(out.message.as_deref(), Some("X took cell 4."));
    assert!(g.view().drag.is_none());
    // Onto the same cell: the rules refuse, and the stone flies home.
    let out = drag(&mut g, Point::new(1.5 * CELL, 1.5 * CELL));
    assert!(out.message.unwrap().starts_with("Not allowed"));
    assert!(g.view().drag.is_some_and(|lift| lift.returning));
    let mut now = 0.0;
    while g.view().drag.is_some() {
        assert!(now < 1_000.0, "the stone lands");
        g.tick(now);
        now += 16.0;
    }
    // Off the board: the game says why; a tap is never a drag.
    let out = drag(&mut g, Point::new(5.0 * CELL, CELL));
    assert_eq!(out.message.as_deref(), Some("Off the board."));
    assert!(
        !g.gesture(Gesture::Tap { at: from, count: 1 }, board)
            .changed
    );
    assert_eq!(g.moves(), ["4"]);
}

#[test]
fn a_computer_whose_choice_the_rules_refuse_still_moves() {
    // Found by the soak: Phutball's random level chose an own goal the
    // rules forbid, and the page asked it again, for ever.
    let mut g = Tic::new(Seed(5));
    g.set_option("opponent", "clumsy").unwrap();
    tap(&mut g, 4);
    let mut now = 0.0;
    let said = computer_moves(&mut g, &mut now);
    assert_eq!(said, "Computer: O took cell 0.", "the first legal cell");
    assert_eq!(g.moves(), ["4", "0"]);
}
