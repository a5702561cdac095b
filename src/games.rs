//! The registry: every game Parlour hosts, by name, and how to make one.
//!
//! It sits above the games and below the host and the page: the shell knows
//! no particular game, the games know the shell, and only this file (and what
//! is built on it) knows the list.

use crate::shell::Game;
use crate::util::rng::Seed;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The games Parlour hosts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    /// Klondike solitaire and its family.
    Klondike,
    /// Philosopher's Football.
    Phutball,
    /// F. H. Richards' triangular dominoes.
    Dominoes,
}

impl GameKind {
    /// Every game, in picker order.
    pub const ALL: [GameKind; 3] = [GameKind::Klondike, GameKind::Phutball, GameKind::Dominoes];

    /// The name used in URLs, saves and on the command line.
    pub const fn slug(self) -> &'static str {
        match self {
            GameKind::Klondike => "klondike",
            GameKind::Phutball => "phutball",
            GameKind::Dominoes => "dominoes",
        }
    }

    /// The name shown to players.
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Klondike => "Klondike",
            GameKind::Phutball => "Phutball",
            GameKind::Dominoes => "Triangular dominoes",
        }
    }

    /// One line for the game picker.
    pub const fn blurb(self) -> &'static str {
        match self {
            GameKind::Klondike => "The classic patience, with its whole family of variants.",
            GameKind::Phutball => "Philosopher's Football: place men, jump the ball to your goal.",
            GameKind::Dominoes => "F. H. Richards' 1885 triangles: Points, Muggins and Star.",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// A text that names no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game '{}': expected klondike, phutball or dominoes",
            self.0
        )
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameKind {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.slug() == s)
            .ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

/// One game as a page carries it: which game, and how to deal one.
///
/// A page's module names only its own entry ([`KLONDIKE`], [`PHUTBALL`] or
/// [`DOMINOES`]), so the other games' code never reaches its download: the
/// linker keeps what is named. [`GameKind::entry`] names all three, for the
/// command line and the tests.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Which game.
    pub kind: GameKind,
    make: fn(Seed) -> Box<dyn Game>,
}

impl Entry {
    /// A game of this kind dealt from `seed`, with default options.
    pub fn make(self, seed: Seed) -> Box<dyn Game> {
        (self.make)(seed)
    }
}

/// Klondike's entry.
pub const KLONDIKE: Entry = Entry {
    kind: GameKind::Klondike,
    make: |seed| Box::new(crate::klondike::Klondike::new(seed)),
};

/// Phutball's entry.
pub const PHUTBALL: Entry = Entry {
    kind: GameKind::Phutball,
    make: |seed| Box::new(crate::phutball::Phutball::new(seed)),
};

/// The dominoes' entry.
pub const DOMINOES: Entry = Entry {
    kind: GameKind::Dominoes,
    make: |seed| Box::new(crate::dominoes::Dominoes::new(seed)),
};

impl GameKind {
    /// This game's entry (which links every game into the program: a page
    /// names its own entry instead).
    pub const fn entry(self) -> Entry {
        match self {
            GameKind::Klondike => KLONDIKE,
            GameKind::Phutball => PHUTBALL,
            GameKind::Dominoes => DOMINOES,
        }
    }
}

/// Creates a game of `kind` dealt from `seed`, with default options.
pub fn new_game(kind: GameKind, seed: Seed) -> Box<dyn Game> {
    kind.entry().make(seed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::text_lines::paragraphs;

    #[test]
    fn kinds_round_trip_through_slugs() {
        for k in GameKind::ALL {
            assert_eq!(k.slug().parse::<GameKind>(), Ok(k));
        }
        assert!("chess".parse::<GameKind>().is_err());
    }

    /// The picker (index.html) is plain HTML: it lists every game, with its
    /// title and blurb, linking to the game's own page, whose module is the
    /// game's program.
    #[test]
    fn the_picker_lists_every_game_and_each_has_its_page_and_program() {
        let root = env!("CARGO_MANIFEST_DIR");
        let read = |file: &str| {
            std::fs::read_to_string(format!("{root}/{file}"))
                .unwrap_or_else(|e| panic!("{file}: {e}"))
        };
        let picker = read("index.html");
        assert_eq!(
            picker.matches("class=\"parlour-pick\"").count(),
            GameKind::ALL.len()
        );
        for kind in GameKind::ALL {
            let slug = kind.slug();
            for wanted in [
                format!("href=\"{slug}.html\""),
                format!("aria-label=\"Play {}\"", kind.title()),
                format!(">{}</span>", kind.title()),
                format!(">{}</span>", kind.blurb()),
            ] {
                assert!(picker.contains(&wanted), "index.html lacks {wanted}");
            }
            let page = read(&format!("{slug}.html"));
            assert!(
                page.contains(&format!("data-bin=\"{slug}\"")),
                "{slug}.html"
            );
            let program = read(&format!("src/bin/{slug}.rs"));
            let entry = slug.to_uppercase();
            assert!(
                program.contains(&format!("game_page!(parlour::games::{entry})")),
                "src/bin/{slug}.rs"
            );
        }
    }

    /// The text of a rules page, as the page fetches it from `rules/`.
    fn rules_page(page: &str) -> String {
        let path = format!("{}/www/rules/{page}.txt", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    #[test]
    fn every_game_and_variant_has_its_rules_pages_and_no_page_is_orphaned() {
        let variants = crate::klondike::variant::Variant::ALL.map(|v| v.rules_pages());
        let games = GameKind::ALL.map(|k| new_game(k, Seed(1)).rules_pages());
        let mut used = std::collections::BTreeSet::new();
        for pages in games.into_iter().chain(variants) {
            let paras: Vec<String> = pages
                .iter()
                .flat_map(|p| paragraphs(&rules_page(p)))
                .collect();
            assert!(paras.len() >= 2, "{pages:?}");
            assert!(
                paras.iter().all(|p| p.trim() == p && !p.contains('\r')),
                "{pages:?}"
            );
            used.extend(pages);
        }
        let dir = format!("{}/www/rules", env!("CARGO_MANIFEST_DIR"));
        let mut files = std::collections::BTreeSet::new();
        for entry in std::fs::read_dir(&dir)
            .unwrap()
            .chain(std::fs::read_dir(format!("{dir}/klondike")).unwrap())
        {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                let rel = path.strip_prefix(&dir).unwrap().with_extension("");
                files.insert(rel.to_string_lossy().into_owned());
            }
        }
        assert_eq!(files, used);
    }

    #[test]
    fn every_game_draws_its_table_in_black_for_high_contrast() {
        use crate::shell::geom::Size;
        use crate::shell::paint::{Color, Op, Recorder};
        use crate::shell::theme::Theme;
        let black = Color::rgb(0, 0, 0);
        let white = Color::rgb(255, 255, 255);
        for kind in GameKind::ALL {
            let mut g = new_game(kind, Seed(3));
            // Portrait: the board alone, without side panels.
            let board = g.board_size(Size::new(400.0, 700.0));
            let table = |g: &dyn Game| {
                let mut r = Recorder::default();
                g.draw(&mut r, board);
                r.ops.into_iter().find_map(|op| match op {
                    Op::FillRect(_, c) => Some(c),
                    _ => None,
                })
            };
            let usual = table(g.as_ref());
            assert!(usual.is_some() && usual != Some(black), "{kind:?}");
            g.set_theme(Theme::Contrast);
            let contrast = table(g.as_ref());
            assert!(
                contrast == Some(black) || contrast == Some(white),
                "{kind:?}: {contrast:?}"
            );
            g.set_theme(Theme::Light);
            assert_eq!(table(g.as_ref()), usual, "{kind:?}: light keeps the table");
        }
    }
}
