//! Challenge links: a game's moves (and its start, when not the deal's own)
//! in one URL parameter, short, versioned, safe in a URL and checked on the
//! way in like a save.
//!
//! `?game=phutball&seed=7&play=1Qx3aBc…`: the `play` value is a version
//! character, then base64url of three check bytes and the game's link body
//! ([`Game::link_body`]). The check covers the link's own query (game, seed
//! and options) and the body, so a link whose moves were edited, cut short,
//! or moved onto another deal is refused with a notice, and the player's own
//! game opens instead.

use crate::games::GameKind;
use crate::host::params::{query_for, PLAY};
use crate::shell::codec::{base64url_decode, base64url_encode};
use crate::shell::driver::check_link_body;
use crate::shell::{Game, StateError};
use std::fmt;

/// The format this build writes (the first character of the value).
const VERSION: char = '1';

/// The longest value read (16 KiB); [`share`] offers no longer link.
pub const MAX_LEN: usize = 16 * 1024;

/// Why a link's game was not opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Written by a newer Parlour, in a format this one does not know.
    Version,
    /// Not base64url, or too short to hold its check.
    Garbled,
    /// Its check does not match: edited, cut short, or on another deal.
    Altered,
    /// Longer than any game.
    TooLong,
    /// The moves do not replay under the rules.
    Moves(StateError),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            LinkError::Version => f.write_str("it was made by a newer version of Parlour"),
            LinkError::Garbled => f.write_str("it is garbled or cut short"),
            LinkError::Altered => f.write_str("it was altered (it does not match its own deal)"),
            LinkError::TooLong => f.write_str("it is longer than any game"),
            LinkError::Moves(e) => write!(f, "its moves do not replay ({e})"),
        }
    }
}

impl std::error::Error for LinkError {}

/// FNV-1a, 32 bits: a check against accidents and casual edits, not a
/// signature (anyone may make a link).
fn fnv(parts: &[&[u8]]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for part in parts {
        for &b in *part {
            h ^= u32::from(b);
            h = h.wrapping_mul(0x0100_0193);
        }
        // A separator, so that moving bytes between parts changes the sum.
        h ^= 0xff;
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

fn check(query: &str, body: &[u8]) -> [u8; 3] {
    let h = fnv(&[query.as_bytes(), body]).to_be_bytes();
    [h[0], h[1], h[2]]
}

/// The `play` value for `game`, a game of `kind`.
pub fn encode(kind: GameKind, game: &dyn Game) -> String {
    let body = game.link_body();
    let mut bytes = check(&query_for(kind, game), &body).to_vec();
    bytes.extend_from_slice(&body);
    format!("{VERSION}{}", base64url_encode(&bytes))
}

/// The query of a link that opens `game` with its moves:
/// [`query_for`] and the `play` parameter.
pub fn query_with_moves(kind: GameKind, game: &dyn Game) -> String {
    format!("{}&{PLAY}={}", query_for(kind, game), encode(kind, game))
}

/// The query of a link to share `game` with its moves, if the receiving
/// page will open it: the value within [`MAX_LEN`] bytes, and the body
/// within what the receiver reads ([`check_link_body`]: at most
/// [`MAX_LINK_MOVES`](crate::shell::driver::MAX_LINK_MOVES) moves). A longer game is [`LinkError::TooLong`]: the
/// page then offers the deal's link only, and says why.
pub fn share(kind: GameKind, game: &dyn Game) -> Result<String, LinkError> {
    let value = encode(kind, game);
    if value.len() > MAX_LEN || check_link_body(&game.link_body()).is_err() {
        return Err(LinkError::TooLong);
    }
    Ok(format!("{}&{PLAY}={value}", query_for(kind, game)))
}

/// Checks a `play` value against `game` (already dealt from the link's seed
/// under its options) and returns the body to open.
pub fn decode(kind: GameKind, game: &dyn Game, text: &str) -> Result<Vec<u8>, LinkError> {
    if text.len() > MAX_LEN {
        return Err(LinkError::TooLong);
    }
    let rest = match text.strip_prefix(VERSION) {
        Some(rest) => rest,
        None if text.starts_with(|c: char| c.is_ascii_digit()) => return Err(LinkError::Version),
        None => return Err(LinkError::Garbled),
    };
    let bytes = base64url_decode(rest).ok_or(LinkError::Garbled)?;
    if bytes.len() < 3 {
        return Err(LinkError::Garbled);
    }
    let (sum, body) = bytes.split_at(3);
    if sum != check(&query_for(kind, game), body) {
        return Err(LinkError::Altered);
    }
    Ok(body.to_vec())
}

/// Opens a `play` value onto `game`: checks it, then plays its moves.
pub fn open(kind: GameKind, game: &mut dyn Game, text: &str) -> Result<usize, LinkError> {
    let body = decode(kind, game, text)?;
    game.open_link_body(&body).map_err(LinkError::Moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dominoes::def::DominoesDef;
    use crate::games::new_game;
    use crate::host::params::{apply_options, parse_query};
    use crate::klondike::def::KlondikeDef;
    use crate::phutball::PhutballDef;
    use crate::shell::def::GameDef;
    use crate::shell::driver::Shell;
    use crate::shell::position::Position;
    use crate::util::rng::Seed;

    /// A game of `D` restored from `save` and dealt again from `seed`, with
    /// `n` moves by the rules, each a different choice among the legal ones
    /// (and the moves the game then makes by itself).
    fn play_some<D: GameDef>(seed: u64, save: &str, n: usize) -> Box<dyn Game> {
        let mut g = Shell::<D>::new(Seed(seed));
        Game::load(&mut g, save).unwrap();
        g.new_game(Seed(seed));
        for i in 0..n {
            let legal = g.position().legal_moves();
            if legal.is_empty() || g.position().ending().is_some() {
                break;
            }
            let mv = legal[(i * 7 + 3) % legal.len()];
            g.play(mv).unwrap_or_else(|_| panic!("a legal move"));
        }
        Box::new(g)
    }

    /// A game of `kind` under `options` with `n` moves played.
    fn played(kind: GameKind, seed: u64, options: &[(&str, &str)], n: usize) -> Box<dyn Game> {
        let mut g = new_game(kind, Seed(seed));
        for (k, v) in options {
            g.set_option(k, v).unwrap();
        }
        g.new_game(Seed(seed));
        let save = g.save();
        match kind {
            GameKind::Klondike => play_some::<KlondikeDef>(seed, &save, n),
            GameKind::Phutball => play_some::<PhutballDef>(seed, &save, n),
            GameKind::Dominoes => play_some::<DominoesDef>(seed, &save, n),
        }
    }

    /// What the receiving page does: read the query, deal, open the link.
    fn receive(kind: GameKind, query: &str) -> Result<Box<dyn Game>, LinkError> {
        let (req, problems) = parse_query(query);
        assert!(problems.is_empty(), "{problems:?}");
        let mut g = new_game(kind, req.seed.unwrap());
        assert!(apply_options(g.as_mut(), &req.options).is_empty());
        g.new_game(req.seed.unwrap());
        open(kind, g.as_mut(), req.play.as_deref().unwrap())?;
        Ok(g)
    }

    #[test]
    fn every_game_round_trips_through_a_link() {
        for (kind, options) in [
            (GameKind::Klondike, &[("draw", "3")][..]),
            (
                GameKind::Phutball,
                &[("opponent", "human"), ("board", "9x7")],
            ),
            (GameKind::Dominoes, &[]),
        ] {
            let g = played(kind, 11, options, 6);
            assert!(!g.moves().is_empty(), "{kind:?} played something");
            let query = query_with_moves(kind, g.as_ref());
            let mut got = receive(kind, &query).unwrap();
            if kind == GameKind::Klondike {
                // A solitaire's link opens at the deal, its moves to replay.
                assert!(got.moves().is_empty() && got.can_redo(), "{query}");
                while got.can_redo() {
                    got.redo();
                }
            }
            assert_eq!(got.moves(), g.moves(), "{kind:?}: {query}");
            assert_eq!(got.status(), g.status(), "{kind:?}");
            // Short: the moves' notation, a third longer in base64.
            let play = query.split("play=").nth(1).unwrap();
            let notation: usize = g.moves().iter().map(|m| m.len() + 1).sum();
            assert!(play.len() <= 12 + notation * 4 / 3, "{kind:?}: {play}");
        }
    }

    #[test]
    fn an_altered_link_is_refused() {
        let kind = GameKind::Phutball;
        let g = played(kind, 3, &[("opponent", "human")], 4);
        let query = query_with_moves(kind, g.as_ref());
        // Another seed, a changed option, an edited or shortened value.
        let other_seed = query.replace("seed=3", "seed=4");
        assert_eq!(receive(kind, &other_seed).err(), Some(LinkError::Altered));
        let other_board = format!("{query}&board=9x7");
        assert_eq!(receive(kind, &other_board).err(), Some(LinkError::Altered));
        let value = query.split("play=").nth(1).unwrap();
        let mut edited: Vec<char> = value.chars().collect();
        let last = edited.len() - 1;
        edited[last] = if edited[last] == 'A' { 'B' } else { 'A' };
        let edited: String = edited.into_iter().collect();
        assert!(receive(kind, &query.replace(value, &edited)).is_err());
        let cut = &value[..value.len() - 2];
        assert!(receive(kind, &query.replace(value, cut)).is_err());
        assert_eq!(
            receive(kind, &query.replace("play=1", "play=9")).err(),
            Some(LinkError::Version)
        );
        assert_eq!(
            receive(kind, &query.replace("play=1", "play=1!")).err(),
            Some(LinkError::Garbled)
        );
    }

    #[test]
    fn moves_that_do_not_replay_are_named_even_with_a_good_check() {
        let kind = GameKind::Klondike;
        let g = new_game(kind, Seed(5));
        // Two deals and a move that is no move, checked properly.
        let start = postcard::to_allocvec(&None::<u8>).unwrap();
        let body = postcard::to_allocvec(&(start, "D D Q9")).unwrap();
        let mut bytes = check(&query_for(kind, g.as_ref()), &body).to_vec();
        bytes.extend_from_slice(&body);
        let text = format!("1{}", base64url_encode(&bytes));
        let mut g = g;
        match open(kind, g.as_mut(), &text) {
            Err(LinkError::Moves(e)) => assert!(e.to_string().contains("move 3"), "{e}"),
            other => panic!("{other:?}"),
        }
        assert!(g.moves().is_empty(), "nothing was played");
    }

    #[test]
    fn share_never_offers_a_link_the_receiver_refuses() {
        use crate::klondike::rules::Move;
        use crate::klondike::Klondike;
        use crate::shell::driver::MAX_LINK_MOVES;
        let kind = GameKind::Klondike;
        // Through the stock and back, over and over: the longest games by count.
        let mut k = Klondike::new(Seed(4));
        k.set_option("auto-move", "off").unwrap();
        k.new_game(Seed(4));
        while k.played().len() < MAX_LINK_MOVES {
            let mv = if k.position().stock.is_empty() {
                Move::Recycle
            } else {
                Move::Deal
            };
            k.play(mv).unwrap();
        }
        let at_the_limit = share(kind, &k).expect("a game of 4,000 moves is shared");
        let mut got = receive(kind, &at_the_limit).expect("and opens");
        while got.can_redo() {
            got.redo();
        }
        assert_eq!(got.moves().len(), MAX_LINK_MOVES);
        k.play(Move::Deal)
            .or_else(|_| k.play(Move::Recycle))
            .unwrap();
        assert_eq!(
            share(kind, &k),
            Err(LinkError::TooLong),
            "one more is not offered"
        );
        let refused = receive(kind, &query_with_moves(kind, &k)).err();
        assert!(
            matches!(refused, Some(LinkError::Moves(_))),
            "as the receiver would refuse it: {refused:?}"
        );
        assert!(LinkError::TooLong
            .to_string()
            .contains("longer than any game"));
    }
}
