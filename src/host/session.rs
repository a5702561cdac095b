//! Opening a game: the saved game, the URL and a fresh seed, reconciled.
//!
//! The rule is simple to state: the URL wins where it says something, the save
//! wins where the URL is silent, and a fresh deal fills in the rest. Reloading a
//! page whose URL the shell wrote itself therefore restores the save exactly.

use crate::games::{new_game, GameKind};
use crate::host::link;
use crate::host::params::{apply_options, ParamProblem, Request};
use crate::host::save::{restore, write, Restored, Store};
use crate::shell::daily::Day;
use crate::shell::Game;
use crate::util::rng::Seed;

/// A game ready to show, with the notices the player should read.
pub struct Opened {
    /// Which game it is.
    pub kind: GameKind,
    /// The game.
    pub game: Box<dyn Game>,
    /// What went wrong on the way: bad parameters, an unreadable save.
    pub notices: Vec<String>,
    /// Whether the game may be saved under its key: not over an unreadable
    /// save that could not be moved aside.
    pub may_save: bool,
    /// What the store holds under the key once the game is open: the save
    /// just written, or what was there if nothing could be. A later save
    /// checks that no one else has written since.
    pub held: Option<String>,
}

/// What the URL or the mount options ask of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wanted {
    /// A particular deal.
    pub seed: Option<Seed>,
    /// Option values, unchecked.
    pub options: Vec<(String, String)>,
    /// A challenge link's game ([`crate::host::link`]), unchecked.
    pub play: Option<String>,
    /// The daily game of this day, in place of a deal.
    pub daily: Option<Day>,
}

impl From<Request> for Wanted {
    /// What a URL asks of the game it names.
    fn from(req: Request) -> Wanted {
        Wanted {
            seed: req.seed,
            options: req.options,
            play: req.play,
            daily: req.daily,
        }
    }
}

fn rule_values(game: &dyn Game) -> Vec<Option<&'static str>> {
    game.option_specs()
        .iter()
        .filter(|s| s.restarts)
        .map(|s| game.option(s.key))
        .collect()
}

/// Checks a challenge link on a game of its own, touching nothing: the body
/// to open once the real game is dealt.
fn check_link(kind: GameKind, wanted: &Wanted, text: &str) -> Result<Vec<u8>, String> {
    let mut probe = new_game(kind, Seed(0));
    if let Some(day) = wanted.daily {
        probe.daily(day)?;
    } else {
        let seed = wanted.seed.ok_or("it names no deal (seed=…)")?;
        let refused = apply_options(probe.as_mut(), &wanted.options);
        if let Some(p) = refused.first() {
            return Err(p.to_string());
        }
        probe.new_game(seed);
    }
    let body = link::decode(kind, probe.as_ref(), text).map_err(|e| e.to_string())?;
    probe
        .open_link_body(&body)
        .map_err(|e| link::LinkError::Moves(e).to_string())?;
    Ok(body)
}

/// Opens `kind`: restores the save under `key`, then applies what is `wanted`,
/// dealing anew (from `fresh` unless a seed is wanted) when the save does not
/// match. The result is written back, so the store always holds what is shown.
///
/// A challenge link (`wanted.play`) is checked before anything else: one
/// that does not open leaves the save as it was, and the player's own game
/// opens with a notice saying why.
pub fn open(
    kind: GameKind,
    wanted: &Wanted,
    store: &mut dyn Store,
    key: &str,
    fresh: Seed,
) -> Opened {
    let link_body = match wanted.play.as_deref().map(|t| check_link(kind, wanted, t)) {
        None => None,
        Some(Ok(body)) => Some(body),
        Some(Err(why)) => {
            let mut opened = open(kind, &Wanted::default(), store, key, fresh);
            opened.notices.insert(
                0,
                format!(
                    "The game in this link could not be opened: {why}. Your own game is \
                     shown instead."
                ),
            );
            return opened;
        }
    };
    let mut game = new_game(kind, fresh);
    let mut notices = Vec::new();
    let restored = restore(store, key, kind, game.as_mut());
    notices.extend(restored.notice(kind.title()));
    let loaded = restored == Restored::Loaded;
    let may_save = restored.may_save();

    let rules_before = rule_values(game.as_ref());
    notices.extend(
        apply_options(game.as_mut(), &wanted.options)
            .iter()
            .map(ParamProblem::to_string),
    );
    let rules_changed = rule_values(game.as_ref()) != rules_before;
    let seed_differs = wanted.seed.is_some_and(|s| s != game.seed());
    let fresh_game = !loaded || link_body.is_some();
    match wanted.daily {
        // The day's game, unless it is the game saved.
        Some(day) if fresh_game || game.daily_day() != Some(day) => match game.daily(day) {
            Ok(out) => notices.extend(out.message),
            Err(e) => notices.push(format!("There is no daily game here: {e}.")),
        },
        Some(_) => {}
        None if fresh_game || rules_changed || seed_differs => {
            game.new_game(wanted.seed.unwrap_or(fresh));
        }
        None => {}
    }
    if let Some(body) = link_body {
        // Checked above on a game dealt the same way: it opens here too.
        notices.push(match game.open_link_body(&body) {
            Ok(n) if game.can_redo() => format!(
                "This link holds a game of {n} moves: press Redo to replay it move by move."
            ),
            Ok(n) => format!("Opened the game in this link, {n} moves in."),
            Err(e) => format!("The game in this link could not be opened: {e}."),
        });
    }
    let written = match may_save.then(|| write(store, key, kind, game.as_ref())) {
        Some(Ok(text)) => Some(text),
        Some(Err(e)) => {
            notices.push(format!("Progress will not be kept: {e}."));
            None
        }
        None => None,
    };
    let held = written.or_else(|| store.get(key));
    Opened {
        kind,
        game,
        notices,
        may_save,
        held,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::save::MemoryStore;

    fn wanted(seed: Option<u64>, options: &[(&str, &str)]) -> Wanted {
        Wanted {
            seed: seed.map(Seed),
            options: options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            play: None,
            daily: None,
        }
    }

    #[test]
    fn fresh_store_deals_the_wanted_seed() {
        let mut store = MemoryStore::default();
        let o = open(
            GameKind::Klondike,
            &wanted(Some(42), &[]),
            &mut store,
            "k",
            Seed(7),
        );
        assert_eq!(o.game.seed(), Seed(42));
        assert!(o.notices.is_empty());
        assert!(store.get("k").is_some(), "written back");
        assert_eq!(
            o.held,
            store.get("k"),
            "and what is held is what was written"
        );
    }

    #[test]
    fn reload_with_the_same_url_restores_the_save() {
        let mut store = MemoryStore::default();
        let mut first = open(
            GameKind::Phutball,
            &wanted(Some(3), &[]),
            &mut store,
            "k",
            Seed(7),
        );
        // Make a move so that a fresh deal would differ from the save.
        let board = first
            .game
            .board_size(crate::shell::geom::Size::new(100.0, 100.0));
        let at = crate::shell::geom::Point::new(board.w / 2.0 + 41.0, board.h / 2.0 + 1.0);
        let out = first
            .game
            .gesture(crate::shell::input::Gesture::Tap { at, count: 1 }, board);
        assert!(out.changed, "{out:?}");
        crate::host::save::write(&mut store, "k", first.kind, first.game.as_ref()).unwrap();
        let again = open(
            GameKind::Phutball,
            &wanted(Some(3), &[]),
            &mut store,
            "k",
            Seed(8),
        );
        assert_eq!(again.game.save(), first.game.save());
    }

    #[test]
    fn a_different_seed_or_rule_deals_anew_but_display_options_do_not() {
        let mut store = MemoryStore::default();
        open(
            GameKind::Klondike,
            &wanted(Some(3), &[]),
            &mut store,
            "k",
            Seed(7),
        );
        let o = open(
            GameKind::Klondike,
            &wanted(Some(4), &[]),
            &mut store,
            "k",
            Seed(7),
        );
        assert_eq!(o.game.seed(), Seed(4));
        let o = open(
            GameKind::Klondike,
            &wanted(None, &[("draw", "3")]),
            &mut store,
            "k",
            Seed(9),
        );
        assert_eq!(o.game.seed(), Seed(9), "a rule change deals a fresh game");
        assert_eq!(o.game.option("draw"), Some("3"));
    }

    #[test]
    fn bad_options_and_saves_become_notices() {
        let mut store = MemoryStore::default();
        store.set("k", "garbage").unwrap();
        let o = open(
            GameKind::Dominoes,
            &wanted(None, &[("pips", "9")]),
            &mut store,
            "k",
            Seed(1),
        );
        assert_eq!(o.notices.len(), 2, "{:?}", o.notices);
        assert!(o.notices[0].contains("k:bad:1"));
        assert!(o.notices[1].contains("'pips'"));
        assert_eq!(store.get("k:bad:1").as_deref(), Some("garbage"));
    }

    #[test]
    fn an_unreadable_save_that_cannot_be_moved_is_never_written_over() {
        /// Holds what it was given; refuses every write.
        struct Full(MemoryStore);
        impl Store for Full {
            fn get(&self, key: &str) -> Option<String> {
                self.0.get(key)
            }
            fn set(&mut self, _: &str, _: &str) -> Result<(), crate::host::save::StoreError> {
                Err(crate::host::save::StoreError("full".into()))
            }
            fn remove(&mut self, key: &str) {
                self.0.remove(key);
            }
        }
        let mut inner = MemoryStore::default();
        inner.set("k", "garbage").unwrap();
        let mut store = Full(inner);
        let o = open(
            GameKind::Phutball,
            &wanted(None, &[]),
            &mut store,
            "k",
            Seed(1),
        );
        assert!(!o.may_save);
        assert!(
            o.notices[0].contains("will not be saved over it"),
            "{:?}",
            o.notices
        );
        assert_eq!(store.get("k").as_deref(), Some("garbage"));
    }

    #[test]
    fn a_link_opens_its_game_and_a_tampered_one_keeps_the_save() {
        use crate::host::link::query_with_moves;
        use crate::host::params::parse_query;
        let kind = GameKind::Phutball;
        // Someone's game of three moves, shared by link.
        let mut theirs = crate::phutball::Phutball::new(Seed(9));
        for text in ["H11", "H12", "G10"] {
            theirs.play_text(text).unwrap();
        }
        let query = query_with_moves(kind, &theirs);
        let link = |q: &str| {
            let (req, problems) = parse_query(q);
            assert!(problems.is_empty());
            Wanted::from(req)
        };
        // My own game, saved.
        let mut mine = MemoryStore::default();
        let own = open(kind, &wanted(Some(4), &[]), &mut mine, "p", Seed(1));
        let saved = mine.get("p");
        // A tampered link: a notice, my game, my save untouched.
        let bad = query.replace("seed=9", "seed=8");
        let o = open(kind, &link(&bad), &mut mine, "p", Seed(1));
        assert!(
            o.notices[0].contains("could not be opened"),
            "{:?}",
            o.notices
        );
        assert_eq!(o.game.seed(), own.game.seed());
        assert_eq!(mine.get("p"), saved);
        // The link as sent: its game, three moves in, saved.
        let o = open(kind, &link(&query), &mut mine, "p", Seed(1));
        assert_eq!(o.notices, ["Opened the game in this link, 3 moves in."]);
        assert_eq!(o.game.seed(), Seed(9));
        assert_eq!(o.game.moves().len(), 3);
        assert_ne!(mine.get("p"), saved);
    }
}
