//! The rules of one hand: the deal, the board, legal plays, scoring, the end.
//!
//! [`Hand::legal_moves`] is the single truth about what may be played;
//! [`Hand::play`] checks a move against the same rules and returns its score
//! breakdown, or a [`PlayError`] that says what is wrong.

use super::lattice::{cells_at, Cell};
use super::tile::{set, Pips, Tile};
use crate::shell::position::{BadMoveText, Ending, Seat};
use crate::util::rng::{Rng, Seed};
use std::fmt;

/// Which game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Touching sides show equal pips.
    Points,
    /// Touching sides sum to a multiple of five.
    Muggins,
    /// Side or corner meetings; meetings worth a multiple of five score.
    Star,
    /// The modern descendant: numbers on corners, every play scores.
    TriOminos,
}

impl Variant {
    /// The name used in URLs, records and on the command line.
    pub fn slug(self) -> &'static str {
        match self {
            Variant::Points => "points",
            Variant::Muggins => "muggins",
            Variant::Star => "star",
            Variant::TriOminos => "triominos",
        }
    }

    /// Every variant.
    pub const ALL: [Variant; 4] = [
        Variant::Points,
        Variant::Muggins,
        Variant::Star,
        Variant::TriOminos,
    ];

    /// Whether numbers sit on corners (Tri-Ominos) rather than sides.
    pub fn on_corners(self) -> bool {
        self == Variant::TriOminos
    }
}

/// Where a tile may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reach {
    /// Touching the tile laid last (the source's rule).
    Previous,
    /// Touching any tile of the layout.
    Anywhere,
}

/// Which touching sides must match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Matching {
    /// Every side the new tile touches.
    EverySide,
    /// Only the side it was played against.
    PlayedSide,
}

/// What a player who cannot play does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stuck {
    /// Passes.
    Pass,
    /// Draws from the boneyard while it lasts, then passes.
    Draw,
}

/// Every rule of a hand, typed. [`Rules::new`] gives a variant's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The game.
    pub variant: Variant,
    /// The set: 0–4 or 0–5.
    pub pips: Pips,
    /// Whether the boss is in the set (never in Tri-Ominos).
    pub boss: bool,
    /// Players, 2–4.
    players: u8,
    /// Where a tile may go.
    pub reach: Reach,
    /// Which touching sides must match.
    pub matching: Matching,
    /// What a player who cannot play does.
    pub stuck: Stuck,
    /// Muggins: whether 0 + 0 counts as a multiple of five.
    pub zero_is_five: bool,
    /// Play hands until someone reaches this score; `None` plays one hand.
    pub target: Option<u32>,
}

/// A rule combination that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError(pub String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

impl Rules {
    /// The defaults of RULES.md §3 for `variant`, two players.
    pub fn new(variant: Variant) -> Rules {
        let tri = variant == Variant::TriOminos;
        Rules {
            variant,
            pips: if tri { Pips::Five } else { Pips::Four },
            boss: false,
            players: 2,
            reach: if tri {
                Reach::Anywhere
            } else {
                Reach::Previous
            },
            matching: Matching::EverySide,
            stuck: if tri { Stuck::Draw } else { Stuck::Pass },
            zero_is_five: true,
            target: if tri { Some(400) } else { None },
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Sets the number of players: 2 to 4.
    pub fn with_players(mut self, n: usize) -> Result<Rules, RulesError> {
        match u8::try_from(n) {
            Ok(p @ 2..=4) => {
                self.players = p;
                Ok(self)
            }
            _ => Err(RulesError(format!("{n} players: 2 to 4 can play"))),
        }
    }

    /// Checks combinations the engine cannot honour.
    pub fn check(&self) -> Result<(), RulesError> {
        if self.variant == Variant::TriOminos && self.boss {
            return Err(RulesError("Tri-Ominos has no boss tile".into()));
        }
        Ok(())
    }

    /// The tiles of this game's set.
    pub fn tiles(&self) -> Vec<Tile> {
        set(self.pips, self.boss)
    }

    /// Tiles dealt to each player.
    pub fn hand_size(&self) -> usize {
        if self.variant == Variant::TriOminos {
            return if self.players == 2 { 9 } else { 7 };
        }
        self.tiles().len() / self.players()
    }
}

/// A tile on the board: its cell, and the turn that puts its values on the
/// cell's sides (or corners) in [`Cell::vertices`] order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    /// The tile.
    pub tile: Tile,
    /// Where it lies.
    pub cell: Cell,
    /// How far it is turned (0–2).
    pub turn: u8,
}

impl Placed {
    /// The value on the cell's side `i` (or at its vertex `i` in Tri-Ominos).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub fn value(&self, i: usize) -> u8 {
        self.tile.turned(self.turn)[i % 3]
    }

    /// The two values at vertex `i`: the sides before and after it, sorted.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub fn corner_pair(&self, i: usize) -> [u8; 2] {
        let (a, b) = (self.value(i + 2), self.value(i));
        [a.min(b), a.max(b)]
    }
}

/// A move: lay a tile, draw from the boneyard, or pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Lay a tile.
    Place(Placement),
    /// Take a tile from the boneyard.
    Draw,
    /// Pass the turn.
    Pass,
}

/// Laying a tile, with the two numbers declared for a corner-to-corner play in Star.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Where and how.
    pub at: Placed,
    /// Star: the two numbers at the meeting corner, low first.
    pub corner: Option<[u8; 2]>,
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The hand is over.
    HandOver,
    /// The player does not hold the tile.
    NotInHand(Tile),
    /// The cell is taken.
    Occupied(Cell),
    /// The first tile must be this one.
    MustLead(Tile),
    /// The first tile goes on cell 0,0u.
    LeadCell,
    /// The tile touches nothing it may touch.
    NotTouching(String),
    /// A touching side or corner does not match.
    Mismatch(String),
    /// A corner play without the right declaration.
    Declaration(String),
    /// Drawing or passing while a tile can be laid, or drawing with nothing to draw.
    MustPlay(String),
    /// A turn value above 2.
    BadTurn,
    /// The next hand is dealt only once the hand in play has ended.
    HandInPlay,
    /// The match is over: no hand follows.
    MatchOver,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::HandOver => f.write_str("the hand is over"),
            PlayError::NotInHand(t) => write!(f, "{t} is not in the player's hand"),
            PlayError::Occupied(c) => write!(f, "cell {} already holds a tile", cell_text(*c)),
            PlayError::MustLead(t) => write!(f, "the hand opens with {t}"),
            PlayError::LeadCell => f.write_str("the first tile goes on cell 0,0u"),
            PlayError::NotTouching(s)
            | PlayError::Mismatch(s)
            | PlayError::Declaration(s)
            | PlayError::MustPlay(s) => f.write_str(s),
            PlayError::BadTurn => f.write_str("a tile turns 0, 1 or 2 steps"),
            PlayError::HandInPlay => f.write_str("the hand is still in play"),
            PlayError::MatchOver => f.write_str("the match is over"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A cell in the notation: `q,r` and `u` or `d`.
pub fn cell_text(c: Cell) -> String {
    format!("{},{}{}", c.q, c.r, if c.up { 'u' } else { 'd' })
}

/// One line of a play's score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Award {
    /// Star: the new tile and a tile it meets make a multiple of five.
    Meeting {
        /// The tile met.
        with: Tile,
        /// Both tiles' pips (the boss as the rules take it).
        sum: u32,
    },
    /// Tri-Ominos: the tile's corners.
    Corners(u32),
    /// Tri-Ominos: opening with a triple.
    Opening,
    /// Tri-Ominos: a hexagon closed.
    Hexagon,
    /// Tri-Ominos: a bridge.
    Bridge,
    /// Tri-Ominos: a tile drawn.
    Drew,
    /// Tri-Ominos: a pass.
    Passed,
}

impl Award {
    /// The points.
    pub fn points(self) -> i32 {
        match self {
            Award::Meeting { sum, .. } => sum as i32,
            Award::Corners(n) => n as i32,
            Award::Opening => 10,
            Award::Hexagon => 50,
            Award::Bridge => 40,
            Award::Drew => -5,
            Award::Passed => -10,
        }
    }
}

impl fmt::Display for Award {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Award::Meeting { with, sum } => write!(f, "with {with}: {sum}"),
            Award::Corners(n) => write!(f, "corners {n}"),
            Award::Opening => f.write_str("opening triple +10"),
            Award::Hexagon => f.write_str("hexagon +50"),
            Award::Bridge => f.write_str("bridge +40"),
            Award::Drew => f.write_str("drew −5"),
            Award::Passed => f.write_str("passed −10"),
        }
    }
}

/// What a move did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// The score lines, in order.
    pub awards: Vec<Award>,
    /// Star: a corner play earns the same player another move.
    pub extra_move: bool,
}

impl Effect {
    /// The move's points.
    pub fn points(&self) -> i32 {
        self.awards.iter().map(|a| a.points()).sum()
    }
}

/// How a hand ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// A player laid their last tile.
    Domino {
        /// Who.
        seat: usize,
        /// Points for the pips left in the other hands (and 25 in Tri-Ominos).
        points: i32,
    },
    /// Nobody could play.
    Blocked {
        /// The lowest hand, unless two tied for it.
        seat: Option<usize>,
        /// Its points: the difference to each other hand.
        points: i32,
    },
}

/// One hand: the deal, the board, whose turn, the scores so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    rules: Rules,
    /// The tiles laid, in order (a short list: searching it beats hashing).
    board: Vec<Placed>,
    /// The board's cells, sorted, with each tile's place in `board`: a
    /// binary search finds a cell's tile (searches ask millions of times).
    index: Vec<(Cell, u8)>,
    hands: Vec<Vec<Tile>>,
    boneyard: Vec<Tile>,
    to_move: usize,
    passes: usize,
    drawn: u8,
    extra: bool,
    scores: Vec<i32>,
    end: Option<End>,
    lead: Option<Tile>,
}

impl Hand {
    /// Deals a hand from `seed`.
    pub fn deal(rules: Rules, seed: Seed) -> Hand {
        let mut tiles = rules.tiles();
        Rng::new(seed).shuffle(&mut tiles);
        let size = rules.hand_size();
        let hands: Vec<Vec<Tile>> = (0..rules.players())
            .map(|p| {
                let mut h = tiles[p * size..(p + 1) * size].to_vec();
                crate::util::sort::sort(&mut h);
                h
            })
            .collect();
        let boneyard = tiles[rules.players() * size..].to_vec();
        Hand::from_parts(rules, hands, boneyard)
    }

    /// A hand about to open, from given hands and boneyard (the boneyard's
    /// next tile drawn is its last). The opener is found from the hands.
    pub fn from_parts(rules: Rules, hands: Vec<Vec<Tile>>, boneyard: Vec<Tile>) -> Hand {
        let n = hands.len();
        let (to_move, lead) = opener(&hands);
        Hand {
            rules,
            board: Vec::new(),
            index: Vec::new(),
            hands,
            boneyard,
            to_move,
            passes: 0,
            drawn: 0,
            extra: false,
            scores: vec![0; n],
            end: None,
            lead,
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// Whose turn it is (seat 0 first).
    pub fn to_move(&self) -> usize {
        self.to_move
    }
    /// A player's tiles.
    pub fn hand(&self, seat: usize) -> &[Tile] {
        &self.hands[seat]
    }
    /// Every player's tiles.
    pub fn hands(&self) -> &[Vec<Tile>] {
        &self.hands
    }
    /// The undealt tiles (the next drawn last).
    pub fn boneyard(&self) -> &[Tile] {
        &self.boneyard
    }
    /// The tiles on the board, in the order laid.
    pub fn placed(&self) -> impl Iterator<Item = &Placed> + '_ {
        self.board.iter()
    }
    /// The tile on `cell`, if any.
    #[inline]
    pub fn at(&self, cell: Cell) -> Option<&Placed> {
        let i = self.index.binary_search_by(|e| e.0.cmp(&cell)).ok()?;
        self.board.get(usize::from(self.index[i].1))
    }

    /// Lays `p` on the board (no checks).
    fn lay(&mut self, p: Placed) {
        if let Err(i) = self.index.binary_search_by(|e| e.0.cmp(&p.cell)) {
            self.index.insert(i, (p.cell, self.board.len() as u8));
            self.board.push(p);
        }
    }
    /// The tile laid last.
    pub fn last(&self) -> Option<&Placed> {
        self.board.last()
    }
    /// Points scored in this hand so far, by seat.
    pub fn scores(&self) -> &[i32] {
        &self.scores
    }
    /// How the hand ended, once it has.
    pub fn end(&self) -> Option<&End> {
        self.end.as_ref()
    }
    /// The tile that must open the hand, while the board is empty.
    pub fn lead(&self) -> Option<Tile> {
        self.lead.filter(|_| self.board.is_empty())
    }
    /// Whether the player to move is taking the extra move a corner play earned.
    pub fn extra_move(&self) -> bool {
        self.extra
    }
    /// Tiles drawn this turn.
    pub fn drawn(&self) -> u8 {
        self.drawn
    }
    /// Consecutive turns without a tile laid.
    pub fn passes(&self) -> usize {
        self.passes
    }

    /// Every legal move for the player to move, in a fixed order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = self.placements();
        if out.is_empty() && self.end.is_none() {
            if self.can_draw() {
                out.push(Move::Draw);
            } else {
                out.push(Move::Pass);
            }
        }
        out
    }

    /// Every legal tile placement for the player to move.
    pub fn placements(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.end.is_some() {
            return out;
        }
        let hand = &self.hands[self.to_move];
        let mut tiles: Vec<Tile> = hand.clone();
        tiles.dedup();
        if self.board.is_empty() {
            for t in tiles {
                let p = Placed {
                    tile: t,
                    cell: Cell::up(0, 0),
                    turn: 0,
                };
                if self.lead_ok(t).is_ok() {
                    out.push(Move::Place(Placement {
                        at: p,
                        corner: None,
                    }));
                }
            }
            return out;
        }
        for cell in self.candidate_cells() {
            let around = self.around(cell);
            for &t in &tiles {
                for &turn in t.distinct_turns() {
                    let at = Placed {
                        tile: t,
                        cell,
                        turn,
                    };
                    if let Ok(contact) = self.fits(&at, &around) {
                        out.push(Move::Place(Placement {
                            at,
                            corner: contact.corner,
                        }));
                    }
                }
            }
        }
        out
    }

    /// Whether the player to move may lay any tile.
    pub fn can_place(&self) -> bool {
        !self.placements().is_empty()
    }

    fn can_draw(&self) -> bool {
        self.rules.stuck == Stuck::Draw
            && !self.boneyard.is_empty()
            && (self.rules.variant != Variant::TriOminos || self.drawn < 3)
    }

    /// Empty cells a tile might go in, sorted.
    fn candidate_cells(&self) -> Vec<Cell> {
        let star = self.rules.variant == Variant::Star;
        let around = |c: Cell, out: &mut Vec<Cell>| {
            out.extend(c.side_neighbours());
            if star {
                out.extend(c.corner_neighbours());
            }
        };
        let mut out = Vec::new();
        match self.rules.reach {
            Reach::Previous => {
                if let Some(c) = self.board.last().map(|p| p.cell) {
                    around(c, &mut out);
                }
            }
            Reach::Anywhere => {
                for c in self.board.iter().map(|p| p.cell) {
                    around(c, &mut out);
                }
            }
        }
        out.retain(|c| self.at(*c).is_none());
        crate::util::sort::sort(&mut out);
        out.dedup();
        out
    }

    fn lead_ok(&self, t: Tile) -> Result<(), PlayError> {
        match self.lead {
            Some(lead)
                if t != lead && !(t.is_boss() && self.rules.variant != Variant::TriOminos) =>
            {
                Err(PlayError::MustLead(lead))
            }
            _ => Ok(()),
        }
    }

    /// Checks where a tile touches and that every touching side matches.
    fn contact(&self, p: &Placed) -> Result<Contact, PlayError> {
        self.fits(p, &self.around(p.cell))
            .map_err(|r| self.explain(r))
    }

    /// What surrounds an empty cell: worked out once, then tried against
    /// every tile and turn.
    fn around(&self, cell: Cell) -> Around {
        let anchor = match self.rules.reach {
            Reach::Previous => self.board.last().map(|p| p.cell),
            Reach::Anywhere => None,
        };
        let mut sides = [None; 3];
        for (i, n) in cell.side_neighbours().into_iter().enumerate() {
            if let Some(o) = self.at(n) {
                let j = o
                    .cell
                    .side_neighbours()
                    .iter()
                    .position(|&c| c == cell)
                    .unwrap_or(0);
                sides[i] = Some((*o, j));
            }
        }
        let touching = sides.iter().any(Option::is_some);
        let mut corner = None;
        if self.rules.variant == Variant::Star {
            let vs = cell.vertices();
            let corner_of = |o: &Placed| -> Option<(usize, usize)> {
                let ov = o.cell.vertices();
                let mut shared =
                    (0..3).filter_map(|i| ov.iter().position(|v| *v == vs[i]).map(|j| (i, j)));
                let first = shared.next();
                if shared.next().is_some() {
                    return None;
                }
                first
            };
            let target = match anchor {
                Some(a) => self.at(a).filter(|o| corner_of(o).is_some()),
                None if !touching => self.board.iter().find(|o| corner_of(o).is_some()),
                None => None,
            };
            corner = target.and_then(|o| corner_of(o).map(|(i, j)| (*o, i, j)));
        }
        let mut vertex = [None; 3];
        let mut clash = false;
        if self.rules.variant.on_corners() {
            for (i, v) in cell.vertices().into_iter().enumerate() {
                for c in cells_at(v) {
                    if let Some(o) = self.at(c) {
                        let j = o.cell.vertices().iter().position(|w| *w == v).unwrap_or(0);
                        let want = o.value(j);
                        match vertex[i] {
                            Some((w, _)) if w != want => clash = true,
                            _ => vertex[i] = Some((want, o.tile)),
                        }
                    }
                }
            }
        }
        Around {
            anchor,
            sides,
            corner,
            vertex,
            clash,
        }
    }

    /// Whether `p` fits its cell's surroundings; a [`Refusal`] says why not
    /// without building a message (searches try thousands).
    fn fits(&self, p: &Placed, a: &Around) -> Result<Contact, Refusal> {
        if self.rules.variant.on_corners() {
            if !a.sides.iter().any(Option::is_some) {
                return Err(Refusal::Apart);
            }
            for i in 0..3 {
                if let Some((want, tile)) = a.vertex[i] {
                    if a.clash || want != p.value(i) {
                        return Err(Refusal::Vertex {
                            tile,
                            has: want,
                            offered: p.value(i),
                        });
                    }
                }
            }
            return Ok(Contact { corner: None });
        }
        let mut against_anchor = false;
        let mut matched_any = false;
        for (i, side) in a.sides.iter().enumerate() {
            let Some((other, j)) = side else {
                continue;
            };
            let ok = self.sides_match(p.tile, p.value(i), other.tile, other.value(*j));
            let played_against = a.anchor.is_none_or(|c| c == other.cell);
            against_anchor |= played_against;
            match (ok, self.rules.matching) {
                (true, _) => matched_any |= played_against,
                (false, Matching::EverySide) => return Err(Refusal::Side(*other)),
                (false, Matching::PlayedSide) if played_against && a.anchor.is_some() => {
                    return Err(Refusal::Side(*other))
                }
                (false, Matching::PlayedSide) => {}
            }
        }
        if against_anchor {
            return if matched_any {
                Ok(Contact { corner: None })
            } else {
                Err(Refusal::NoSideMatches)
            };
        }
        // No side against the anchor: in Star, a corner meeting may do.
        if let Some((o, i, j)) = a.corner {
            let mine = p.corner_pair(i);
            let theirs = o.corner_pair(j);
            return if p.tile.is_boss() {
                Ok(Contact {
                    corner: Some(theirs),
                })
            } else if o.tile.is_boss() || mine == theirs {
                Ok(Contact { corner: Some(mine) })
            } else {
                Err(Refusal::Corner {
                    mine,
                    theirs,
                    tile: o.tile,
                })
            };
        }
        Err(Refusal::NotTouching(a.anchor))
    }

    /// The message for a refusal.
    fn explain(&self, r: Refusal) -> PlayError {
        match r {
            Refusal::Side(o) => PlayError::Mismatch(format!(
                "the side against {} at {} does not match",
                o.tile,
                cell_text(o.cell)
            )),
            Refusal::NoSideMatches => PlayError::Mismatch("no touching side matches".into()),
            Refusal::Corner { mine, theirs, tile } => PlayError::Mismatch(format!(
                "the corner holds {}+{}, but {tile}'s corner holds {}+{}",
                mine[0], mine[1], theirs[0], theirs[1]
            )),
            Refusal::NotTouching(Some(a)) => PlayError::NotTouching(format!(
                "the tile must touch the last tile laid, at {}",
                cell_text(a)
            )),
            Refusal::NotTouching(None) => {
                PlayError::NotTouching("the tile must touch the layout".into())
            }
            Refusal::Apart => {
                PlayError::NotTouching("the tile must lie side to side with the layout".into())
            }
            Refusal::Vertex { tile, has, offered } => PlayError::Mismatch(format!(
                "the corner shared with {tile} holds {has}, not {offered}"
            )),
        }
    }

    fn sides_match(&self, a: Tile, x: u8, b: Tile, y: u8) -> bool {
        if a.is_boss() || b.is_boss() {
            return true;
        }
        match self.rules.variant {
            Variant::Muggins => {
                let s = x + y;
                s.is_multiple_of(5) && (s > 0 || self.rules.zero_is_five)
            }
            _ => x == y,
        }
    }

    /// Checks a move without playing it.
    pub fn check(&self, mv: Move) -> Result<Effect, PlayError> {
        if self.end.is_some() {
            return Err(PlayError::HandOver);
        }
        match mv {
            Move::Place(pl) => {
                let p = pl.at;
                if p.turn > 2 {
                    return Err(PlayError::BadTurn);
                }
                if !self.hands[self.to_move].contains(&p.tile) {
                    return Err(PlayError::NotInHand(p.tile));
                }
                if self.at(p.cell).is_some() {
                    return Err(PlayError::Occupied(p.cell));
                }
                if self.board.is_empty() {
                    self.lead_ok(p.tile)?;
                    if p.cell != Cell::up(0, 0) {
                        return Err(PlayError::LeadCell);
                    }
                    return Ok(self.effect_of(mv));
                }
                let contact = self.contact(&p)?;
                if contact.corner != pl.corner {
                    return Err(PlayError::Declaration(match (contact.corner, pl.corner) {
                        (Some([a, b]), None) => format!(
                            "a corner-to-corner play must name the corner's numbers ({a} and {b})"
                        ),
                        (Some(_), Some([a, b])) => {
                            format!("the corner does not hold {a} and {b}")
                        }
                        _ => "only a corner-to-corner play names numbers".into(),
                    }));
                }
                Ok(Effect {
                    awards: self.awards(&p),
                    extra_move: contact.corner.is_some(),
                })
            }
            Move::Draw => {
                if self.can_place() {
                    return Err(PlayError::MustPlay("a tile can be laid".into()));
                }
                if !self.can_draw() {
                    return Err(PlayError::MustPlay("there is nothing to draw".into()));
                }
                Ok(self.effect_of(mv))
            }
            Move::Pass => {
                if self.can_place() {
                    return Err(PlayError::MustPlay("a tile can be laid".into()));
                }
                if self.can_draw() {
                    return Err(PlayError::MustPlay("draw from the boneyard first".into()));
                }
                Ok(self.effect_of(mv))
            }
        }
    }

    /// The score lines of a legal placement (not the opening).
    fn awards(&self, p: &Placed) -> Vec<Award> {
        match self.rules.variant {
            Variant::Points | Variant::Muggins => Vec::new(),
            Variant::Star => self
                .met(p.cell)
                .filter_map(|o| star_meeting(p.tile, o).map(|sum| Award::Meeting { with: o, sum }))
                .collect(),
            Variant::TriOminos => {
                let mut a = vec![Award::Corners(p.tile.total())];
                let vs = p.cell.vertices();
                for v in vs {
                    let full = cells_at(v)
                        .iter()
                        .all(|&c| c == p.cell || self.at(c).is_some());
                    if full {
                        a.push(Award::Hexagon);
                    }
                }
                // A bridge: a side touches a tile and the opposite vertex
                // touches another tile at a corner only.
                let sides = p.cell.side_neighbours();
                let bridge = (0..3).any(|i| {
                    self.at(sides[i]).is_some() && {
                        let opposite = vs[(i + 2) % 3];
                        cells_at(opposite)
                            .iter()
                            .any(|c| *c != p.cell && !sides.contains(c) && self.at(*c).is_some())
                    }
                });
                if bridge {
                    a.push(Award::Bridge);
                }
                a
            }
        }
    }

    /// Plays a move and returns what it scored.
    pub fn play(&mut self, mv: Move) -> Result<Effect, PlayError> {
        let effect = self.check(mv)?;
        self.commit(mv, &effect);
        Ok(effect)
    }

    /// Plays a move from this position's [`Hand::legal_moves`] without
    /// checking it again: for searches, which play millions.
    pub fn play_legal(&mut self, mv: Move) -> Effect {
        let effect = self.effect_of(mv);
        self.commit(mv, &effect);
        effect
    }

    /// What a legal move scores, and whether it earns another move.
    fn effect_of(&self, mv: Move) -> Effect {
        let tri = self.rules.variant == Variant::TriOminos;
        let awards = match mv {
            Move::Place(pl) if self.board.is_empty() => {
                let t = pl.at.tile;
                match (tri, t.is_triple()) {
                    (true, true) => vec![Award::Corners(t.total()), Award::Opening],
                    (true, false) => vec![Award::Corners(t.total())],
                    _ => Vec::new(),
                }
            }
            Move::Place(pl) => self.awards(&pl.at),
            Move::Draw if tri => vec![Award::Drew],
            Move::Pass if tri => vec![Award::Passed],
            _ => Vec::new(),
        };
        Effect {
            awards,
            extra_move: matches!(mv, Move::Place(pl) if pl.corner.is_some() && !self.board.is_empty()),
        }
    }

    /// The points laying `p` would score (a legal placement, not the opening).
    pub fn points_of(&self, p: &Placed) -> i32 {
        match self.rules.variant {
            Variant::Points | Variant::Muggins => 0,
            _ => self.awards(p).iter().map(|a| a.points()).sum(),
        }
    }

    /// The points of each of `moves` (placements from [`Hand::legal_moves`];
    /// other moves score 0 here), working out each cell's neighbours once.
    pub fn points_of_moves(&self, moves: &[Move]) -> Vec<i32> {
        if self.rules.variant != Variant::Star || self.board.is_empty() {
            return moves
                .iter()
                .map(|m| match m {
                    Move::Place(p) if !self.board.is_empty() => self.points_of(&p.at),
                    _ => 0,
                })
                .collect();
        }
        let mut cell = None;
        let mut met: Vec<Tile> = Vec::new();
        moves
            .iter()
            .map(|m| {
                let Move::Place(p) = m else { return 0 };
                if cell != Some(p.at.cell) {
                    cell = Some(p.at.cell);
                    met = self.met(p.at.cell).collect();
                }
                met.iter()
                    .filter_map(|&o| star_meeting(p.at.tile, o))
                    .sum::<u32>() as i32
            })
            .collect()
    }

    /// Star: the tiles a tile on `cell` would meet, by side or corner.
    fn met(&self, cell: Cell) -> impl Iterator<Item = Tile> + '_ {
        let sides = cell.side_neighbours();
        let corners = cell.corner_neighbours();
        self.board
            .iter()
            .filter(move |o| sides.contains(&o.cell) || corners.contains(&o.cell))
            .map(|o| o.tile)
    }

    fn commit(&mut self, mv: Move, effect: &Effect) {
        let seat = self.to_move;
        self.scores[seat] += effect.points();
        match mv {
            Move::Place(pl) => {
                let p = pl.at;
                let hand = &mut self.hands[seat];
                if let Some(i) = hand.iter().position(|&t| t == p.tile) {
                    hand.remove(i);
                }
                self.lay(p);
                self.passes = 0;
                self.drawn = 0;
                if self.hands[seat].is_empty() {
                    self.finish_domino(seat);
                } else if effect.extra_move {
                    self.extra = true;
                } else {
                    self.next_turn();
                }
            }
            Move::Draw => {
                if let Some(t) = self.boneyard.pop() {
                    let hand = &mut self.hands[seat];
                    let at = hand.partition_point(|&h| h < t);
                    hand.insert(at, t);
                }
                self.drawn += 1;
            }
            Move::Pass => {
                self.passes += 1;
                self.drawn = 0;
                if self.passes >= self.rules.players() {
                    self.finish_blocked();
                } else {
                    self.next_turn();
                }
            }
        }
    }

    fn next_turn(&mut self) {
        self.extra = false;
        self.to_move = (self.to_move + 1) % self.rules.players();
    }

    fn finish_domino(&mut self, seat: usize) {
        let left: u32 = self.hands.iter().flatten().map(|t| t.total()).sum();
        let bonus = if self.rules.variant == Variant::TriOminos {
            25
        } else {
            0
        };
        let points = left as i32 + bonus;
        self.scores[seat] += points;
        self.end = Some(End::Domino { seat, points });
    }

    fn finish_blocked(&mut self) {
        let totals: Vec<u32> = self
            .hands
            .iter()
            .map(|h| h.iter().map(|t| t.total()).sum())
            .collect();
        let low = totals.iter().copied().min().unwrap_or(0);
        let lows: Vec<usize> = (0..totals.len()).filter(|&i| totals[i] == low).collect();
        let (seat, points) = if lows.len() == 1 {
            let points: u32 = totals.iter().map(|t| t - low).sum();
            self.scores[lows[0]] += points as i32;
            (Some(lows[0]), points as i32)
        } else {
            (None, 0)
        };
        self.end = Some(End::Blocked { seat, points });
    }

    /// Hands the turn to `seat` (for "what if it were my turn" questions).
    pub(crate) fn set_to_move(&mut self, seat: usize) {
        self.to_move = seat % self.hands.len();
        self.extra = false;
    }

    /// Pips left in a hand (the boss counts 0).
    pub fn pips_in_hand(&self, seat: usize) -> u32 {
        self.hands[seat].iter().map(|t| t.total()).sum()
    }

    /// Rebuilds a hand in the middle of play, for the position format. The
    /// board is taken as given; counters start afresh.
    pub fn from_position(
        rules: Rules,
        hands: Vec<Vec<Tile>>,
        boneyard: Vec<Tile>,
        board: Vec<Placed>,
        to_move: usize,
        scores: Vec<i32>,
    ) -> Hand {
        let mut h = Hand::from_parts(rules, hands, boneyard);
        for p in board {
            h.lay(p);
        }
        if !h.board.is_empty() {
            h.to_move = to_move;
        }
        h.scores = scores;
        h
    }

    /// Every tile of the game, wherever it is: hands, boneyard, board.
    pub fn all_tiles(&self) -> Vec<Tile> {
        let mut all: Vec<Tile> = self.hands.iter().flatten().copied().collect();
        all.extend(&self.boneyard);
        all.extend(self.placed().map(|p| p.tile));
        crate::util::sort::sort(&mut all);
        all
    }

    /// The tiles `seat` cannot see: the other hands and the boneyard.
    pub fn unseen_by(&self, seat: usize) -> Vec<Tile> {
        let mut out: Vec<Tile> = (0..self.hands.len())
            .filter(|&s| s != seat)
            .flat_map(|s| self.hands[s].iter().copied())
            .collect();
        out.extend(&self.boneyard);
        crate::util::sort::sort(&mut out);
        out
    }

    /// The same hand with the tiles `seat` cannot see dealt afresh from
    /// `seed` (each hand and the boneyard keep their sizes): one guess at the
    /// hidden information, for the AI.
    pub fn determinised(&self, seat: usize, seed: Seed) -> Hand {
        let mut hidden = self.unseen_by(seat);
        Rng::new(seed).shuffle(&mut hidden);
        let mut h = self.clone();
        let mut it = hidden.into_iter();
        for s in 0..h.hands.len() {
            if s != seat {
                let n = h.hands[s].len();
                h.hands[s] = it.by_ref().take(n).collect();
                crate::util::sort::sort(&mut h.hands[s]);
            }
        }
        h.boneyard = it.collect();
        h
    }
}

/// Star: what a new tile and a tile it meets score together, if anything:
/// their pips when they make a multiple of five. The boss, newly laid, holds
/// whatever makes the sum one; laid earlier, it counts 0.
fn star_meeting(new: Tile, old: Tile) -> Option<u32> {
    let sum = if new.is_boss() {
        old.total().div_ceil(5) * 5
    } else {
        new.total() + old.total()
    };
    (sum > 0 && sum.is_multiple_of(5)).then_some(sum)
}

/// What surrounds an empty cell (see [`Hand::around`]).
#[derive(Clone, Copy, Debug)]
struct Around {
    /// The tile laid last, when plays must touch it.
    anchor: Option<Cell>,
    /// The tile across each side, and the index of its side that faces the cell.
    sides: [Option<(Placed, usize)>; 3],
    /// Star: the tile met only at a corner, and the shared vertex's index in
    /// the cell and in that tile.
    corner: Option<(Placed, usize, usize)>,
    /// Tri-Ominos: the value each vertex must hold, and a tile that holds it.
    vertex: [Option<(u8, Tile)>; 3],
    /// Tri-Ominos: two tiles disagree at a vertex, so nothing fits.
    clash: bool,
}

/// Why a tile does not fit, cheaply; [`Hand::explain`] words it.
#[derive(Clone, Copy, Debug)]
enum Refusal {
    Side(Placed),
    NoSideMatches,
    Corner {
        mine: [u8; 2],
        theirs: [u8; 2],
        tile: Tile,
    },
    NotTouching(Option<Cell>),
    Apart,
    Vertex {
        tile: Tile,
        has: u8,
        offered: u8,
    },
}

/// How a legal placement touches the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Contact {
    /// Star: the corner pair of a corner-to-corner play.
    corner: Option<[u8; 2]>,
}

/// Who opens, and with which tile: the highest triple dealt; failing any
/// triple, the tile with the most pips (lowest seat first on a tie).
fn opener(hands: &[Vec<Tile>]) -> (usize, Option<Tile>) {
    let mut best: Option<(usize, Tile)> = None;
    let key = |t: Tile| (t.is_triple(), t.total(), t);
    for (s, h) in hands.iter().enumerate() {
        for &t in h.iter().filter(|t| !t.is_boss()) {
            if best.is_none_or(|(_, b)| key(t) > key(b)) {
                best = Some((s, t));
            }
        }
    }
    match best {
        Some((s, t)) => (s, Some(t)),
        None => (0, None),
    }
}

impl crate::shell::position::Position for Hand {
    type Move = Move;
    type Effect = Effect;
    type Illegal = PlayError;

    fn legal_moves(&self) -> Vec<Move> {
        if self.end.is_some() {
            return Vec::new();
        }
        Hand::legal_moves(self)
    }

    fn play(&mut self, mv: Move) -> Result<Effect, PlayError> {
        Hand::play(self, mv)
    }

    /// The hand's winner: who went out, or the lowest hand when it blocked
    /// (drawn when two tie for lowest).
    fn ending(&self) -> Option<Ending> {
        Some(match self.end.as_ref()? {
            End::Domino { seat, .. }
            | End::Blocked {
                seat: Some(seat), ..
            } => Ending::Won(*seat),
            End::Blocked { seat: None, .. } => Ending::Drawn,
        })
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn read_move(&self, text: &str) -> Result<Move, BadMoveText> {
        let mv: Move = text.parse().map_err(|e| BadMoveText::new(text, e))?;
        self.check(mv).map_err(|e| BadMoveText::new(text, e))?;
        Ok(mv)
    }
}
