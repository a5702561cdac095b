//! Opening a game: the saved game, the URL and a fresh seed, reconciled.
//!
//! A URL that names a game (a deal `seed=`, a `daily=` or a challenge link
//! `play=`) fully determines its rules: every option that changes play is
//! named in the URL or at its default, never borrowed from the player's
//! save; only the player's own display choices (theme, hand, card faces)
//! carry over. When that game is the one saved (a reload of a URL the page
//! wrote itself), the save goes on. Otherwise the save is set aside
//! ([`crate::host::aside`]), not lost: [`resume`] brings it back, and the
//! statistics and streaks go on with whichever game is on screen, so opening
//! a link breaks no streak.
//!
//! A URL that names no game (only options, or nothing) opens the saved
//! game with those options; one that changes a rule deals a fresh game
//! under them, and sets the save aside likewise.

use crate::games::{Entry, GameKind};
use crate::host::params::{apply_options, query_for, ParamProblem, Request};
use crate::host::save::{decode, encode, keep_bad, restore, write, Restored, Store};
use crate::host::{aside, link};
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

/// What a URL asks, as [`asked`] reads it.
enum Asked {
    /// The saved game, as it is or with the URL's options.
    Saved,
    /// Another game, with what opening it says.
    Other(Box<dyn Game>, Vec<String>),
}

/// The values chosen for the options that deal a new game when changed.
fn rule_choices(game: &dyn Game) -> Vec<Option<&'static str>> {
    game.option_specs()
        .iter()
        .filter(|s| s.restarts)
        .map(|s| game.option(s.key))
        .collect()
}

/// Copies onto `to` the options of `from` that `which` picks.
fn copy_options(from: &dyn Game, to: &mut dyn Game, which: impl Fn(bool) -> bool) {
    for spec in from.option_specs().iter().filter(|s| which(s.in_link)) {
        if let Some(value) = from.option(spec.key) {
            // Both games are of one kind: every value fits.
            let _ = to.set_option(spec.key, value);
        }
    }
}

/// Whether `next` is the game `saved` holds: the same query (deal or day,
/// and rules in play) and, for a link, the same moves.
fn same_game(kind: GameKind, saved: &dyn Game, next: &dyn Game, link: bool) -> bool {
    query_for(kind, saved) == query_for(kind, next)
        && (!link || saved.link_body() == next.link_body())
}

/// A game a URL names, dealt, with what opening it says.
type Named = (Box<dyn Game>, Vec<String>);

/// The game a URL names, dealt on a table of its own:
/// its rules are the URL's, the rest at their defaults; the player's display
/// choices come from `saved`. `Ok(None)` when the URL names no game after all (only a
/// daily game this game does not have). Refused options are told in
/// `notices`; a link that cannot be opened is an error.
fn named(
    entry: Entry,
    wanted: &Wanted,
    saved: &dyn Game,
    fresh: Seed,
    notices: &mut Vec<String>,
) -> Result<Option<Named>, String> {
    let link = wanted.play.is_some();
    let mut next = entry.make(fresh);
    copy_options(saved, next.as_mut(), |in_link| !in_link);
    let refused = apply_options(next.as_mut(), &wanted.options);
    if let (true, Some(p)) = (link, refused.first()) {
        return Err(p.to_string());
    }
    notices.extend(refused.iter().map(ParamProblem::to_string));
    let mut said = Vec::new();
    let daily = wanted.daily.map(|day| next.daily(day));
    match (daily, wanted.seed) {
        (Some(Ok(out)), _) => said.extend(out.message),
        (Some(Err(e)), _) if link => return Err(e),
        (daily, seed) => {
            if let Some(Err(e)) = daily {
                notices.push(format!("There is no daily game here: {e}."));
            }
            match seed {
                Some(seed) => next.new_game(seed),
                None if link => return Err("it names no deal (seed=…)".into()),
                None => return Ok(None),
            }
        }
    }
    if let Some(text) = &wanted.play {
        let n = link::open(entry.kind, next.as_mut(), text).map_err(|e| e.to_string())?;
        said.push(if next.can_redo() {
            format!("This link holds a game of {n} moves: press Redo to replay it move by move.")
        } else {
            format!("Opened the game in this link, {n} moves in.")
        });
    }
    Ok(Some((next, said)))
}

/// Reads what `wanted` asks of `saved` (the saved game, or a fresh deal
/// from `fresh` when nothing was saved).
fn asked(
    entry: Entry,
    wanted: &Wanted,
    saved: &mut dyn Game,
    loaded: bool,
    fresh: Seed,
    notices: &mut Vec<String>,
) -> Result<Asked, String> {
    if wanted.seed.is_some() || wanted.daily.is_some() || wanted.play.is_some() {
        if let Some((next, said)) = named(entry, wanted, saved, fresh, notices)? {
            let link = wanted.play.is_some();
            if !loaded || !same_game(entry.kind, saved, next.as_ref(), link) {
                return Ok(Asked::Other(next, said));
            }
            // The saved game goes on, with the URL's display choices.
            let _ = apply_options(saved, &wanted.options);
            return Ok(Asked::Saved);
        }
    }
    let before = rule_choices(saved);
    notices.extend(
        apply_options(saved, &wanted.options)
            .iter()
            .map(ParamProblem::to_string),
    );
    if rule_choices(saved) == before {
        return Ok(Asked::Saved);
    }
    // A rule changed: a fresh deal under the options chosen.
    let mut next = entry.make(fresh);
    copy_options(saved, next.as_mut(), |_| true);
    next.new_game(fresh);
    Ok(Asked::Other(next, Vec::new()))
}

/// Opens `kind`: restores the save under `key`, then opens what is
/// `wanted` (see the module's doc), dealing from `fresh` where no deal is
/// named. The result is written back, so the store always holds what is
/// shown; a save the result replaces is set aside first.
///
/// A challenge link (`wanted.play`) is checked on a table of its own: one
/// that does not open leaves the save as it was, and the player's own game
/// opens with a notice saying why.
pub fn open(
    entry: Entry,
    wanted: &Wanted,
    store: &mut dyn Store,
    key: &str,
    fresh: Seed,
) -> Opened {
    let kind = entry.kind;
    let mut saved = entry.make(fresh);
    let restored = restore(store, key, kind, saved.as_mut());
    let mut notices: Vec<String> = restored.notice(kind.title()).into_iter().collect();
    let loaded = restored == Restored::Loaded;
    // The save as stored: what is set aside, byte for byte.
    let stored = store.get(key).filter(|_| loaded);
    let mut may_save = restored.may_save();
    let game = match asked(entry, wanted, saved.as_mut(), loaded, fresh, &mut notices) {
        Ok(Asked::Saved) => saved,
        Ok(Asked::Other(mut next, said)) => {
            notices.extend(said);
            if let Some(stored) = stored {
                match aside::push(store, key, &stored) {
                    Ok(()) => {
                        // The statistics and streaks go on with the game on screen.
                        let _ = next.adopt_keeps(&saved.save());
                        notices.push(format!(
                            "Your own {} game is set aside: press Resume to go back to it.",
                            kind.title()
                        ));
                    }
                    Err(e) => {
                        may_save = false;
                        notices.push(format!(
                            "Your own {} game stays saved, and this one will not be saved \
                             over it: there is no room to set it aside ({e}).",
                            kind.title()
                        ));
                    }
                }
            }
            next
        }
        Err(why) => {
            notices.insert(
                0,
                format!(
                    "The game in this link could not be opened: {why}. Your own game is \
                     shown instead."
                ),
            );
            saved
        }
    };
    finish(kind, game, notices, may_save, store, key)
}

/// Writes `game` under `key` (when it may be saved) and hands it over.
fn finish(
    kind: GameKind,
    game: Box<dyn Game>,
    mut notices: Vec<String>,
    may_save: bool,
    store: &mut dyn Store,
    key: &str,
) -> Opened {
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

/// Brings back the game set aside most recently from `key`, and sets
/// `current`, the game on screen, aside in its place: pressing Resume twice
/// goes back and forth. The statistics and streaks of `current` go on.
///
/// A game set aside that no longer loads is moved to `key:bad:<n>`, like
/// any unreadable save, and the error says where; `current` stays.
pub fn resume(
    entry: Entry,
    current: &dyn Game,
    store: &mut dyn Store,
    key: &str,
    fresh: Seed,
) -> Result<Opened, String> {
    let kind = entry.kind;
    let title = kind.title();
    let taken = aside::first(store, key).ok_or("No game is set aside.")?;
    let mut game = entry.make(fresh);
    if let Err(problem) = decode(&taken, kind, game.as_mut()) {
        let mut why = format!("The {title} game set aside could not be restored: {problem}.");
        if let Some(k) = keep_bad(store, key, &taken) {
            let _ = aside::remove(store, key, &taken);
            why = format!("{why} It was kept under the storage key '{k}'.");
        }
        return Err(why);
    }
    game.adopt_keeps(&current.save())
        .map_err(|e| format!("The statistics could not be carried over: {e}."))?;
    aside::remove(store, key, &taken).map_err(|e| e.to_string())?;
    if let Err(e) = aside::push(store, key, &encode(kind, current)) {
        // Nothing is lost: the game taken goes back, the one on screen stays.
        let _ = aside::push(store, key, &taken);
        return Err(format!("There is no room to set this game aside: {e}."));
    }
    let notices = vec![format!(
        "Your {title} game is back. The game you were playing is set aside: Resume brings it \
         back."
    )];
    Ok(finish(kind, game, notices, true, store, key))
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
            GameKind::Klondike.entry(),
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
            GameKind::Phutball.entry(),
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
            GameKind::Phutball.entry(),
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
            GameKind::Klondike.entry(),
            &wanted(Some(3), &[]),
            &mut store,
            "k",
            Seed(7),
        );
        let o = open(
            GameKind::Klondike.entry(),
            &wanted(Some(4), &[]),
            &mut store,
            "k",
            Seed(7),
        );
        assert_eq!(o.game.seed(), Seed(4));
        let o = open(
            GameKind::Klondike.entry(),
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
            GameKind::Dominoes.entry(),
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
            GameKind::Phutball.entry(),
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
        let own = open(kind.entry(), &wanted(Some(4), &[]), &mut mine, "p", Seed(1));
        let saved = mine.get("p");
        // A tampered link: a notice, my game, my save untouched.
        let bad = query.replace("seed=9", "seed=8");
        let o = open(kind.entry(), &link(&bad), &mut mine, "p", Seed(1));
        assert!(
            o.notices[0].contains("could not be opened"),
            "{:?}",
            o.notices
        );
        assert_eq!(o.game.seed(), own.game.seed());
        assert_eq!(mine.get("p"), saved);
        // The link as sent: its game, three moves in, saved.
        let o = open(kind.entry(), &link(&query), &mut mine, "p", Seed(1));
        assert_eq!(
            o.notices,
            [
                "Opened the game in this link, 3 moves in.",
                "Your own Phutball game is set aside: press Resume to go back to it."
            ]
        );
        assert_eq!(o.game.seed(), Seed(9));
        assert_eq!(o.game.moves().len(), 3);
        assert_ne!(mine.get("p"), saved);
    }

    #[test]
    fn resume_says_why_when_there_is_nothing_or_the_game_set_aside_is_corrupt() {
        let kind = GameKind::Klondike;
        let mut store = MemoryStore::default();
        let o = open(
            kind.entry(),
            &wanted(Some(3), &[]),
            &mut store,
            "k",
            Seed(1),
        );
        let nothing = resume(kind.entry(), o.game.as_ref(), &mut store, "k", Seed(2));
        assert_eq!(nothing.err().as_deref(), Some("No game is set aside."));
        aside::push(&mut store, "k", "parlour-save 6 klondike !!").unwrap();
        let why = resume(kind.entry(), o.game.as_ref(), &mut store, "k", Seed(2))
            .err()
            .unwrap();
        assert!(
            why.contains("could not be restored") && why.contains("'k:bad:1'"),
            "{why}"
        );
        assert_eq!(
            store.get("k:bad:1").as_deref(),
            Some("parlour-save 6 klondike !!")
        );
        assert_eq!(aside::count(&store, "k"), 0, "taken out of the list");
        assert_eq!(store.get("k"), o.held, "the game on screen stays saved");
    }

    #[test]
    fn a_save_with_no_room_to_be_set_aside_is_never_written_over() {
        /// Refuses every write to the list of games set aside.
        struct NoRoom(MemoryStore);
        impl Store for NoRoom {
            fn get(&self, key: &str) -> Option<String> {
                self.0.get(key)
            }
            fn set(&mut self, key: &str, v: &str) -> Result<(), crate::host::save::StoreError> {
                if key.ends_with(":aside") {
                    return Err(crate::host::save::StoreError(
                        "the quota is exceeded".into(),
                    ));
                }
                self.0.set(key, v)
            }
            fn remove(&mut self, key: &str) {
                self.0.remove(key);
            }
        }
        let mut store = NoRoom(MemoryStore::default());
        open(
            GameKind::Dominoes.entry(),
            &wanted(Some(3), &[]),
            &mut store,
            "d",
            Seed(1),
        );
        let saved = store.get("d");
        let o = open(
            GameKind::Dominoes.entry(),
            &wanted(Some(4), &[]),
            &mut store,
            "d",
            Seed(1),
        );
        assert_eq!(o.game.seed(), Seed(4), "the URL's game is shown");
        assert!(!o.may_save);
        assert!(
            o.notices.iter().any(|n| n.contains("will not be saved")),
            "{:?}",
            o.notices
        );
        assert_eq!(store.get("d"), saved, "and the player's own stays saved");
    }
}
