//! Triangular dominoes as the shell hosts it: a match of hands under typed
//! settings, computers in slices, the table's view and input, the tally of
//! matches won.

use super::ai::{self, Level};
use super::play::{Match, Play};
use super::record;
use super::rules::{Effect, Move, Variant};
use super::settings::{self, Settings, Sitter};
use super::table::{Table, Ui};
use super::view;
use crate::shell::daily::DailyDeal;
use crate::shell::def::{Action, Change, Event, GameDef, Loaded, View};
use crate::shell::drag::Grip;
use crate::shell::geom::{Point, Size};
use crate::shell::input::{Gesture, Key};
use crate::shell::paint::Painter;
use crate::shell::position::{Ending, Position as _, Seat};
use crate::shell::think::{Pace, Progress, Think};
use crate::util::rng::Seed;
use serde::{Deserialize, Serialize};

/// Dominoes' declaration.
#[derive(Clone, Copy, Debug)]
pub struct DominoesDef;

/// Matches won at each seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally(pub [u32; 4]);

/// A computer's thinking about its move in the hand.
#[derive(Clone, Debug)]
pub struct MatchMind(pub ai::Mind);

impl Think for MatchMind {
    type Move = Play;

    fn step(&mut self, work: u32) -> Progress {
        self.0.step(work)
    }

    fn best(&self) -> Option<Play> {
        self.0.best().map(Play::Hand)
    }
}

/// Milliseconds a computer waits before it plays, so that its moves can be followed.
const COMPUTER_DELAY_MS: f64 = 450.0;

/// How the computers pace their moves: a delay so that each can be followed,
/// and slices of playouts sized to the frame rate. Star and Tri-Ominos
/// playouts weigh several times more (more cells to try), so they start
/// with smaller slices.
pub fn pace(variant: Variant) -> Pace {
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

fn table<'a>(game: &'a View<DominoesDef>) -> Table<'a> {
    Table {
        m: game.position,
        settings: game.settings,
    }
}

/// The moves of each hand, from the record's notation ("next" between hands).
pub fn hands(moves: &[String]) -> Vec<Vec<Move>> {
    let mut out = vec![Vec::new()];
    for text in moves {
        if text == "next" {
            out.push(Vec::new());
        } else if let (Ok(mv), Some(hand)) = (text.parse(), out.last_mut()) {
            hand.push(mv);
        }
    }
    out
}

impl GameDef for DominoesDef {
    type Position = Match;
    type Settings = Settings;
    type Start = ();
    type Ui = Ui;
    type Mind = MatchMind;
    /// A tile dragged from the tray: its slot.
    type Piece = usize;
    type Stats = Tally;

    /// The day's deal of the default game, against the strong computer.
    fn daily(settings: &mut Settings, seed: Seed) -> Option<DailyDeal<()>> {
        settings.p1 = settings::Seat(Sitter::Person);
        settings.p2 = settings::Seat(Sitter::Computer(Level::Strong));
        Some(DailyDeal {
            seed,
            start: (),
            challenge: "the day's deal against the strong computer",
        })
    }

    fn setup(settings: &Settings, seed: Seed, _: &()) -> Result<Match, String> {
        let rules = settings.rules();
        rules.check().map_err(|e| e.to_string())?;
        Ok(Match::new(rules, seed))
    }

    fn computer_to_move(settings: &Settings, m: &Match) -> bool {
        Table { m, settings }.computer_to_move().is_some()
    }

    fn has_person(settings: &Settings) -> bool {
        settings.seats().contains(&None)
    }

    fn is_person(settings: &Settings, seat: Seat) -> bool {
        settings.seats().get(seat) == Some(&None)
    }

    /// Not with two people or more: their hands are hidden from each other.
    fn may_undo(settings: &Settings) -> bool {
        settings.seats().iter().filter(|s| s.is_none()).count() <= 1
    }

    fn mind(settings: &Settings, m: &Match, seed: Seed) -> MatchMind {
        let level = Table { m, settings }
            .computer_to_move()
            .unwrap_or(Level::Random);
        MatchMind(ai::Mind::new(m.hand(), level, seed))
    }

    fn pace(settings: &Settings) -> Pace {
        pace(settings.rules().variant)
    }

    fn board_size(_: &View<Self>, _: &Ui, viewport: Size) -> Size {
        view::board_size(viewport)
    }

    fn smallest_target(game: &View<Self>, ui: &Ui, board: Size) -> Option<Size> {
        Some(view::smallest_target(table(game).camera(ui, board).zoom))
    }

    fn draw(game: &View<Self>, ui: &Ui, painter: &mut dyn Painter, board: Size) {
        let mut scene = table(game).scene(ui, board, game.said, game.drag);
        scene.theme = game.theme;
        view::draw(painter, board, &scene);
    }

    fn gesture(game: &View<Self>, ui: &mut Ui, gesture: Gesture, board: Size) -> Action<Play> {
        table(game).gesture(ui, gesture, board, game.drag)
    }

    fn grab(game: &View<Self>, ui: &mut Ui, at: Point) -> Option<Grip<usize>> {
        table(game).grab(ui, at, game.board)
    }

    fn drag_over(game: &View<Self>, ui: &mut Ui, start: bool) -> Action<Play> {
        match game.drag {
            Some(lift) => table(game).drag_over(ui, lift, start, game.board),
            None => Action::Nothing,
        }
    }

    fn drop(game: &View<Self>, ui: &mut Ui) -> Action<Play> {
        match game.drag {
            Some(lift) => table(game).drop(ui, lift, game.board),
            None => Action::Nothing,
        }
    }

    fn key(game: &View<Self>, ui: &mut Ui, key: Key, board: Size) -> Action<Play> {
        table(game).key(ui, key, board)
    }

    fn after_move(_: &View<Self>, ui: &mut Ui, _: &Match, _: Change) {
        ui.selected = None;
        ui.pick = None;
        ui.snap = None;
        ui.prompt = None;
    }

    fn narrate(
        game: &View<Self>,
        _: &Ui,
        before: &Match,
        mv: Play,
        effect: &Option<Effect>,
        _: bool,
    ) -> String {
        let (settings, after) = (game.settings, game.position);
        let Play::Hand(mv) = mv else {
            return format!("Hand {} is dealt.", after.hand_number());
        };
        let seat = before.hand().to_move();
        let mut text = match effect {
            Some(e) => Table {
                m: before,
                settings,
            }
            .describe(seat, mv, e),
            None => String::new(),
        };
        if let Some(end) = (Table { m: after, settings }).end_text() {
            text.push_str(&format!(". {end}"));
        }
        text
    }

    fn count(tally: &mut Tally, _: &Settings, m: &Match, _: f64, event: Event) {
        if let Some(Ending::Won(w)) = m.ending() {
            if let Some(t) = tally.0.get_mut(w) {
                match event {
                    Event::Ended => *t = t.saturating_add(1),
                    Event::Unended => *t = t.saturating_sub(1),
                    _ => {}
                }
            }
        }
    }

    fn scores(game: &View<Self>) -> Vec<i32> {
        game.position.totals()
    }

    fn stats(game: &View<Self>) -> Option<Vec<(String, String)>> {
        let tally = game.stats;
        let t = table(game);
        let m = game.position;
        let seats = m.rules().players();
        let join = |v: &[i32]| v.iter().map(i32::to_string).collect::<Vec<_>>().join(" · ");
        let mut rows = vec![(
            "Seats".to_owned(),
            (0..seats)
                .map(|s| t.seat_name(s))
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
            tally.0[..seats.min(4)]
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" · "),
        ));
        Some(rows)
    }

    fn hint(game: &View<Self>, ui: &mut Ui) -> Action<Play> {
        let t = table(game);
        if !t.may_play(ui) {
            return Action::Say("A hint comes on your turn.".into());
        }
        match hint_move(game.position, game.moves.len(), game.seed) {
            Some(mv) => t.show_hint(ui, mv),
            None => Action::Nothing,
        }
    }

    fn status(game: &View<Self>, _: &Ui) -> String {
        table(game).status_line()
    }

    fn rules_pages(_: &Settings) -> Vec<String> {
        vec!["dominoes".to_owned()]
    }

    fn records(game: &View<Self>) -> Vec<(&'static str, String)> {
        vec![(
            "Text",
            record::record_text(game.position, &hands(game.moves)),
        )]
    }

    /// The record's rules and deal; who sits where and how tiles look stay
    /// as they are.
    fn read_record(text: &str, current: &Settings) -> Result<Loaded<Self>, String> {
        let (m, plays) = record::parse_record(text).map_err(|e| e.to_string())?;
        let mut moves = Vec::new();
        for (i, hand) in plays.iter().enumerate() {
            if i > 0 {
                moves.push("next".to_owned());
            }
            moves.extend(hand.iter().map(Move::to_string));
        }
        Ok(Loaded {
            seed: Some(m.seed()),
            settings: current.with_rules(m.rules()),
            start: (),
            moves,
        })
    }
}

/// The move Hint suggests to the player to move in `m`, after `played`
/// moves of a game dealt from `seed`.
pub fn hint_move(m: &Match, played: usize, seed: Seed) -> Option<Move> {
    let seed = Seed(seed.0 ^ (played as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
    ai::choose_with(m.hand(), Level::Strong, seed, 240)
}
