//! Phutball as the shell hosts it: its settings, start, computer players,
//! view, input mapping and narration, declared once.

use super::ai::hint::{self, Hint};
use super::contest::Contest;
use super::input::{self, Ui};
use super::rules::{self, Move, Side};
use super::settings::{ComputerSide, Opponent, Settings};
use super::view::{self, Geometry};
use super::{ai, notation, puzzle, record, Setup};
use crate::shell::daily::DailyDeal;
use crate::shell::def::{Action, Change, GameDef, Loaded, View};
use crate::shell::geom::Size;
use crate::shell::input::{Gesture, Key};
use crate::shell::paint::Painter;
use crate::shell::position::{Position as _, Seat};
use crate::shell::think::Pace;
use crate::util::rng::{Rng, Seed};

pub use super::kind::PhutballDef;

/// The longest the greedy level thinks in the page, in milliseconds.
pub const GREEDY_MS: f64 = 1_000.0;

/// How the computer paces its move: a pause so that it can be seen, and
/// slices of work sized to the frame rate: for the strong levels' search,
/// within the level's time per move ([`ai::Level::think_ms`]); the greedy
/// level, which weighs every candidate in a few milliseconds on most
/// boards, within [`GREEDY_MS`] on a crowded one (its jumps first, then
/// its placements, the best weighed by then).
pub fn pace(level: ai::Level) -> Pace {
    /// The pause before any computer's move.
    const DELAY_MS: f64 = 350.0;
    let max_ms = match level {
        ai::Level::Greedy => GREEDY_MS,
        _ => level.think_ms().max(DELAY_MS),
    };
    Pace {
        first_slice: 300,
        max_slice: 40_000,
        delay_ms: DELAY_MS,
        max_ms,
    }
}

impl GameDef for PhutballDef {
    type Position = Contest;
    type Settings = Settings;
    /// A game set up from a position rather than the empty board.
    type Start = Option<Setup>;
    type Ui = Ui;
    type Mind = ai::Mind;
    type Piece = ();
    type Stats = ();

    fn setup(settings: &Settings, _seed: Seed, start: &Option<Setup>) -> Result<Contest, String> {
        let options = settings.rules();
        Ok(match start {
            Some(setup) => Contest::from(setup.position(options)?),
            None => Contest::new(options),
        })
    }

    /// The day's puzzle: Ohs, the player, to move and score in one, with
    /// the strong computer playing Eks should the chance be missed.
    fn daily(settings: &mut Settings, seed: Seed) -> Option<DailyDeal<Option<Setup>>> {
        settings.opponent = Opponent::Strong;
        settings.computer = ComputerSide::Eks;
        let puzzle = puzzle::win_in_one(settings.rules(), seed)?;
        Some(DailyDeal {
            seed,
            start: Some(Setup::of(&puzzle)),
            challenge: "Ohs to play and score in one move",
        })
    }

    fn computer_to_move(settings: &Settings, position: &Contest) -> bool {
        settings.computer_plays(position.board().to_move)
    }

    fn has_person(settings: &Settings) -> bool {
        settings.opponent.level().is_none() || settings.computer != ComputerSide::Both
    }

    /// Seat 0 is Ohs, seat 1 Eks.
    fn is_person(settings: &Settings, seat: Seat) -> bool {
        let side = if seat == 0 { Side::Ohs } else { Side::Eks };
        !settings.computer_plays(side)
    }

    /// The computer's thinking: the random and greedy levels decide at
    /// once, the strong levels search across frames for their time.
    fn mind(settings: &Settings, position: &Contest, seed: Seed) -> ai::Mind {
        let level = settings.opponent.level().unwrap_or(ai::Level::Random);
        ai::mind(position.board(), level, &mut Rng::new(seed))
    }

    fn pace(settings: &Settings) -> Pace {
        pace(settings.opponent.level().unwrap_or(ai::Level::Random))
    }

    fn board_size(game: &View<Self>, _: &Ui, viewport: Size) -> Size {
        let grid = Geometry::new(game.position.board().options.dims).size();
        // On a landscape screen the move list sits beside the board.
        // On a portrait one, the strip to step through them sits under it.
        if viewport.w > viewport.h * 1.1 {
            Size::new(grid.w + view::PANEL_WIDTH, grid.h)
        } else {
            Size::new(grid.w, grid.h + super::review::strip_for(grid, viewport))
        }
    }

    fn draw(game: &View<Self>, ui: &Ui, painter: &mut dyn Painter, board: Size) {
        view::draw_game(game, ui, painter, board);
    }

    fn smallest_target(_: &View<Self>, _: &Ui, _: Size) -> Option<Size> {
        // A tap finds the nearest point: each point's target is a spacing square.
        Some(Size::new(view::SPACING, view::SPACING))
    }

    fn gesture(game: &View<Self>, ui: &mut Ui, gesture: Gesture, _: Size) -> Action<Move> {
        input::gesture(game, ui, gesture)
    }

    fn key(game: &View<Self>, ui: &mut Ui, key: Key, _: Size) -> Action<Move> {
        input::key(game, ui, key)
    }

    fn after_move(_: &View<Self>, ui: &mut Ui, _: &Contest, _: Change) {
        ui.building = None;
    }

    fn narrate(
        game: &View<Self>,
        _: &Ui,
        before: &Contest,
        mv: Move,
        _: &Option<Side>,
        by_computer: bool,
    ) -> String {
        let after = game.position;
        let side = before.board().to_move.name();
        let mut msg = if by_computer {
            "Computer: ".to_owned()
        } else {
            String::new()
        };
        msg += &match mv {
            Move::Place(p) => format!("{side} placed a man on {p}."),
            Move::Jump(_) => format!("{side} jumped {}.", before.move_text(mv)),
            Move::Swap => "The players swapped sides.".to_owned(),
        };
        match after.result() {
            Some(rules::End::Goal(s)) => msg.push_str(&format!(" Goal! {} win.", s.name())),
            Some(rules::End::Draw) => msg.push_str(" The game is drawn."),
            None => {}
        }
        msg
    }

    fn hint(game: &View<Self>, ui: &mut Ui) -> Action<Move> {
        let p = *game.position.board();
        let found = hint::hint(&p);
        let text = |mv| notation::format(&p, mv);
        let say = match &found {
            Hint::Score(chain) => format!("Hint: {} scores at once.", text(Move::Jump(*chain))),
            Hint::Block { threat, answer } => {
                let them = p.turned();
                let threat = notation::format(&them, Move::Jump(*threat));
                let who = them.to_move.name();
                match answer {
                    Some(mv) => format!("{who} threaten {threat}. Hint: {} stops it.", text(*mv)),
                    None => format!("{who} threaten {threat}, and no move near it stops it."),
                }
            }
            Hint::Build(Some(mv)) => format!(
                "No goal in one for either side. Hint: {} gains ground and leaves {} none.",
                text(*mv),
                p.to_move.other().name()
            ),
            Hint::Build(None) => {
                "No goal in one for either side, and every move near the ball gives one away."
                    .to_owned()
            }
            Hint::Tangled => "The position is too tangled to check quickly.".to_owned(),
        };
        ui.hint = Some((game.moves.len(), found));
        Action::Say(say)
    }

    fn status(game: &View<Self>, _: &Ui) -> String {
        let p = game.position.board();
        let mut s = match game.position.result() {
            Some(rules::End::Goal(side)) => format!("Goal! {} win", side.name()),
            Some(rules::End::Draw) => "Drawn".to_owned(),
            None if game.computer_to_move => {
                format!("{} (computer) thinking…", p.to_move.name())
            }
            None => format!("{} to move", p.to_move.name()),
        };
        s.push_str(&format!(
            " · {} men · move {} · {} board",
            p.men.count(),
            game.moves.len() + 1,
            p.options.dims
        ));
        if let Some(last) = game.moves.last() {
            s.push_str(&format!(" · last {last}"));
        }
        if game.position.swapped() {
            s.push_str(" · sides swapped");
        }
        s
    }

    fn rules_pages(_: &Settings) -> Vec<String> {
        vec!["phutball".to_owned()]
    }

    fn records(game: &View<Self>) -> Vec<(&'static str, String)> {
        vec![
            ("Text", record::to_text(game)),
            ("SGF", record::to_sgf(game)),
        ]
    }

    fn read_record(text: &str, _: &Settings) -> Result<Loaded<Self>, String> {
        let g = if record::looks_like_sgf(text) {
            record::from_sgf(text)
        } else {
            record::from_text(text)
        }
        .map_err(|e| e.to_string())?;
        Ok(Loaded {
            seed: None,
            settings: *g.settings(),
            start: g.start().clone(),
            moves: g.played().to_vec(),
        })
    }
}
