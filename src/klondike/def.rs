//! Klondike's declaration: how a game is dealt, what the game does by
//! itself, and where its view, input mapping, narration and statistics live.

use super::analysis;
use super::input;
use super::narrate;
use super::rules::{Effects, Move, Pile, Scoring, State};
use super::settings::Deals;
use super::settings::{AutoMove, Settings, VegasUndo};
use super::show;
use super::stats::Stats;
use super::table::Ui;
use super::view::Layout;
use crate::shell::daily::DailyDeal;
use crate::shell::def::{Action, Change, Dealt, Event, GameDef, View};
use crate::shell::drag::Grip;
use crate::shell::geom::{Point, Size};
use crate::shell::input::{Gesture, Key};
use crate::shell::paint::Painter;
use crate::shell::think::{Pace, Ready};
use crate::util::rng::Seed;

pub use super::kind::KlondikeDef;

/// Klondike has no computer player; the pace is never used.
const NO_PACE: Pace = Pace {
    first_slice: 1,
    max_slice: 1,
    delay_ms: 0.0,
    max_ms: 0.0,
};

impl GameDef for KlondikeDef {
    type Position = State;
    type Settings = Settings;
    /// A deal laid out by hand or read from a deal file, instead of the
    /// seed's shuffle.
    type Start = Option<State>;
    type Ui = Ui;
    type Mind = Ready<Move>;
    /// Cards picked up: the pile and how many from its top.
    type Piece = (Pile, u8);
    type Stats = Stats;

    /// Safe cards go up by themselves, and the game finishes itself.
    const MAKES_MOVES_ITSELF: bool = true;
    const LINK_REPLAYS: bool = true;
    const CELEBRATES_ITSELF: bool = true;

    fn setup(settings: &Settings, seed: Seed, start: &Option<State>) -> Result<State, String> {
        match start {
            Some(deal) => {
                deal.validate().map_err(|e| e.to_string())?;
                Ok(deal.clone())
            }
            None => Ok(State::deal(settings.rules(), seed)),
        }
    }

    /// The first deal from the day's seed on that the solver proves
    /// winnable within the winnable-deal search's budget: node counts, not
    /// time, so every machine finds the same deal. The daily deals under
    /// "winnable deals only", so that search finds it, in slices between
    /// frames with its "Looking for a winnable deal…" status, from the day's
    /// seed on (see [`Ui::dealt`](super::table::Ui::dealt)).
    fn daily(settings: &mut Settings, seed: Seed) -> Option<DailyDeal<Option<State>>> {
        settings.deals = Deals::Winnable;
        Some(DailyDeal {
            seed,
            start: None,
            challenge: "a deal that can be won",
        })
    }

    /// Undo is offered unless Vegas scoring forbids it.
    fn may_undo(settings: &Settings) -> bool {
        !(settings.rules().scoring == Scoring::Vegas && settings.vegas_undo == VegasUndo::Forbidden)
    }

    fn mind(_: &Settings, _: &State, _: Seed) -> Ready<Move> {
        Ready(None)
    }

    fn pace(_: &Settings) -> Pace {
        NO_PACE
    }

    fn applies(settings: &Settings, key: &str) -> bool {
        settings.applies(key)
    }

    fn board_size(game: &View<Self>, _: &Ui, viewport: Size) -> Size {
        Layout::board_for(viewport, game.position)
    }

    fn smallest_target(game: &View<Self>, _: &Ui, board: Size) -> Option<Size> {
        Some(show::smallest_target(game, board))
    }

    fn draw(game: &View<Self>, ui: &Ui, painter: &mut dyn Painter, board: Size) {
        show::draw(game, ui, painter, board);
    }

    fn gesture(game: &View<Self>, ui: &mut Ui, gesture: Gesture, _: Size) -> Action<Move> {
        input::gesture(game, ui, gesture)
    }

    fn grab(game: &View<Self>, ui: &mut Ui, at: Point) -> Option<Grip<(Pile, u8)>> {
        input::grab(game, ui, at)
    }

    fn drag_over(_: &View<Self>, ui: &mut Ui, start: bool) -> Action<Move> {
        if start {
            ui.hint = None;
        }
        Action::Redraw
    }

    fn drop(game: &View<Self>, _: &mut Ui) -> Action<Move> {
        input::drop(game)
    }

    fn key(game: &View<Self>, ui: &mut Ui, key: Key, _: Size) -> Action<Move> {
        input::key(game, ui, key)
    }

    /// With auto-move on, a card that no other card could need goes up to
    /// its foundation by itself.
    fn follow_up(settings: &Settings, position: &State) -> Option<Move> {
        (settings.auto_move == AutoMove::On)
            .then(|| analysis::safe_move(position))
            .flatten()
    }

    fn after_move(game: &View<Self>, ui: &mut Ui, before: &State, change: Change) {
        ui.after_move(game, before, change);
    }

    fn dealt(game: &View<Self>, ui: &mut Ui, how: Dealt) {
        ui.dealt(game, how);
    }

    fn tick(game: &View<Self>, ui: &mut Ui) -> Action<Move> {
        ui.tick(game)
    }

    fn narrate(
        game: &View<Self>,
        ui: &Ui,
        before: &State,
        mv: Move,
        effect: &Effects,
        _: bool,
    ) -> String {
        narrate::narrate(game, ui, before, mv, *effect)
    }

    fn count(stats: &mut Stats, settings: &Settings, state: &State, elapsed_ms: f64, e: Event) {
        stats.count(settings, state, elapsed_ms, e);
    }

    /// The statistics of the mode in play; none for two players.
    fn stats(game: &View<Self>) -> Option<Vec<(String, String)>> {
        let rules = &game.position.rules;
        (rules.players == 1).then(|| game.stats.rows(rules))
    }

    fn scores(game: &View<Self>) -> Vec<i32> {
        vec![super::stats::score(game.position, game.elapsed_ms)]
    }

    fn hint(game: &View<Self>, ui: &mut Ui) -> Action<Move> {
        narrate::hint(game, ui)
    }

    fn status(game: &View<Self>, ui: &Ui) -> String {
        show::status(game, ui)
    }

    fn rules_pages(settings: &Settings) -> Vec<String> {
        settings.rules().variant.rules_pages()
    }
}
