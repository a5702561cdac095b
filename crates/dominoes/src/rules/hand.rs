//! One hand: the deal, the board, whose turn, what each player may know, and the shell's Position.

use super::*;

/// One hand: the deal, the board, whose turn, the scores so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    pub(super) rules: Rules,
    /// The tiles laid, in order (a short list: searching it beats hashing).
    pub(super) board: Vec<Placed>,
    /// The board's cells, sorted, with each tile's place in `board`: a
    /// binary search finds a cell's tile (searches ask millions of times).
    /// Up and down cells apart, each keyed by one integer (see [`key`]).
    pub(super) index: [Vec<(u64, u8)>; 2],
    pub(super) hands: Vec<Vec<Tile>>,
    pub(super) boneyard: Vec<Tile>,
    pub(super) to_move: usize,
    pub(super) passes: usize,
    pub(super) drawn: u8,
    pub(super) extra: bool,
    pub(super) scores: Vec<i32>,
    pub(super) end: Option<End>,
    pub(super) lead: Option<Tile>,
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
                parlour_kit::sort::sort(&mut h);
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
            index: [Vec::new(), Vec::new()],
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
        let index = &self.index[usize::from(cell.up)];
        let i = index.binary_search_by_key(&key(cell), |e| e.0).ok()?;
        self.board.get(usize::from(index[i].1))
    }

    /// Where `cell` is, as a player would say it: beside a tile it shares
    /// a side with, corner to corner with one it meets at a point, in the
    /// middle of an empty table, or apart from the layout. (Records name
    /// cells by their coordinates: [`cell_text`].)
    pub fn cell_words(&self, cell: Cell) -> String {
        let tile = |c: Cell| self.at(c).map(|p| p.tile);
        if let Some(t) = cell.side_neighbours().into_iter().find_map(tile) {
            return format!("beside the {t}");
        }
        if let Some(t) = cell.corner_neighbours().into_iter().find_map(tile) {
            return format!("corner to corner with the {t}");
        }
        if self.board.iter().all(|p| p.cell == cell) {
            "in the middle of the table".to_owned()
        } else {
            "apart from the layout".to_owned()
        }
    }

    /// Lays `p` on the board (no checks).
    pub(super) fn lay(&mut self, p: Placed) {
        let index = &mut self.index[usize::from(p.cell.up)];
        if let Err(i) = index.binary_search_by_key(&key(p.cell), |e| e.0) {
            index.insert(i, (key(p.cell), self.board.len() as u8));
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
        parlour_kit::sort::sort(&mut all);
        all
    }

    /// The tiles `seat` cannot see: the other hands and the boneyard.
    pub fn unseen_by(&self, seat: usize) -> Vec<Tile> {
        let mut out: Vec<Tile> = (0..self.hands.len())
            .filter(|&s| s != seat)
            .flat_map(|s| self.hands[s].iter().copied())
            .collect();
        out.extend(&self.boneyard);
        parlour_kit::sort::sort(&mut out);
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
                parlour_kit::sort::sort(&mut h.hands[s]);
            }
        }
        h.boneyard = it.collect();
        h
    }
}

/// Who opens, and with which tile: the highest triple dealt; failing any
/// triple, the tile with the most pips (lowest seat first on a tie).
pub(super) fn opener(hands: &[Vec<Tile>]) -> (usize, Option<Tile>) {
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

impl parlour_kit::position::Position for Hand {
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
        parlour_kit::position::read_checked(text, |mv| self.check(mv).map(|_| ()))
    }
}

/// A cell's place in the board's index, as one integer: its two
/// coordinates side by side (whether it points up picks the index). One
/// comparison of integers instead of three of fields.
#[inline]
fn key(cell: Cell) -> u64 {
    (u64::from(cell.q as u32) << 32) | u64::from(cell.r as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_named_by_the_tiles_beside_them() {
        let mut h = Hand::deal(Rules::new(Variant::Points), Seed(1));
        let Some(Move::Place(first)) = h.legal_moves().into_iter().next() else {
            panic!("a lead");
        };
        assert_eq!(h.cell_words(first.at.cell), "in the middle of the table");
        h.play(Move::Place(first)).expect("legal");
        assert_eq!(h.cell_words(first.at.cell), "in the middle of the table");
        let beside = first.at.cell.side_neighbours()[0];
        assert_eq!(
            h.cell_words(beside),
            format!("beside the {}", first.at.tile)
        );
        let corner = first.at.cell.corner_neighbours()[0];
        assert_eq!(
            h.cell_words(corner),
            format!("corner to corner with the {}", first.at.tile)
        );
        let far = Cell {
            q: first.at.cell.q + 9,
            ..first.at.cell
        };
        assert_eq!(h.cell_words(far), "apart from the layout");
    }
}
