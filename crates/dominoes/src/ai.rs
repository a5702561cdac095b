//! Computer players.
//!
//! - **random**: any legal move.
//! - **greedy**: the move that scores most now; among equals, the one that
//!   keeps most plays open for it, then the heaviest tile (fewer pips left
//!   in hand if the hand is lost).
//! - **strong**: determinised Monte Carlo search. Each playout guesses the
//!   hidden tiles afresh (the other hands and the boneyard are redealt from
//!   what this player cannot see, so it never peeks), picks a first move by
//!   UCB1, and plays the hand out with a fast score-seeking policy. The move
//!   played most often wins. When nothing is hidden, every guess is the
//!   truth; and when, besides, the end is near (two players, the boneyard
//!   empty), an exact alpha-beta search to the last tile decides instead.
//!   [`Search`] runs in slices, so the page never freezes.

use super::rules::{Hand, Move};
use parlour_kit::rng::{Rng, Seed};
use parlour_kit::think::{Progress, Ready, Think};
use std::fmt;
use std::str::FromStr;

/// How well a computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Any legal move.
    Random,
    /// The best move now.
    Greedy,
    /// Monte Carlo search over guesses at the hidden tiles.
    Strong,
}

impl Level {
    /// The name used in settings and on the command line.
    pub fn slug(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Strong => "strong",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        match s {
            "random" => Ok(Level::Random),
            "greedy" => Ok(Level::Greedy),
            "strong" => Ok(Level::Strong),
            _ => Err(format!("'{s}' is not a level: random, greedy or strong")),
        }
    }
}

/// Playouts a strong move uses by default.
pub const STRONG_PLAYOUTS: u32 = 600;

/// Chooses a move for the player to move, all at once.
pub fn choose(hand: &Hand, level: Level, seed: Seed) -> Option<Move> {
    choose_with(hand, level, seed, STRONG_PLAYOUTS)
}

/// [`choose`] with a playout budget for the strong level.
pub fn choose_with(hand: &Hand, level: Level, seed: Seed, playouts: u32) -> Option<Move> {
    let moves = hand.legal_moves();
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let mut rng = Rng::new(seed);
    match level {
        Level::Random => Some(moves[rng.below(moves.len() as u64) as usize]),
        Level::Greedy => greedy(hand, &moves),
        Level::Strong => {
            let mut s = Search::new(hand.clone(), seed);
            s.run(playouts);
            s.best()
        }
    }
}

fn greedy(hand: &Hand, moves: &[Move]) -> Option<Move> {
    let seat = hand.to_move();
    moves.iter().copied().max_by_key(|&mv| {
        let mut after = hand.clone();
        let points = after.play(mv).map(|e| e.points()).unwrap_or(i32::MIN);
        let open = if after.end().is_some() {
            usize::MAX
        } else {
            // As if it were this player's turn again.
            let mut mine = after.clone();
            mine.set_to_move(seat);
            mine.placements().len()
        };
        let weight = match mv {
            Move::Place(p) => p.at.tile.total(),
            _ => 0,
        };
        (points, open, weight)
    })
}

/// A strong move in the making: statistics per root move.
#[derive(Clone, Debug)]
pub struct Search {
    root: Hand,
    seat: usize,
    moves: Vec<Move>,
    visits: Vec<u32>,
    value: Vec<f64>,
    rng: Rng,
    done: u32,
}

/// Positions the exact endgame search may visit before it gives up.
pub const ENDGAME_NODES: u32 = 5_000;

/// The exact best move when nothing is hidden from `seat` (two players, the
/// boneyard empty, so the other hand is known) and the end is near enough to
/// search to the last tile within `budget` positions: alpha-beta on the
/// final point margin. `None` when the information is hidden or the budget
/// runs out.
pub fn exact(hand: &Hand, budget: u32) -> Option<(Move, i32)> {
    if hand.hands().len() != 2 || !hand.boneyard().is_empty() || hand.end().is_some() {
        return None;
    }
    let seat = hand.to_move();
    let mut nodes = 0u32;
    let moves = hand.legal_moves();
    let mut best: Option<(Move, i32)> = None;
    let mut alpha = i32::MIN + 1;
    for mv in moves {
        let mut h = hand.clone();
        h.play_legal(mv);
        let v = margin(&h, seat, alpha, i32::MAX, &mut nodes, budget)?;
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((mv, v));
            alpha = alpha.max(v);
        }
    }
    best
}

/// The final margin for `seat` with both sides playing their best, within
/// the window `alpha`..`beta`; `None` past the budget.
fn margin(
    h: &Hand,
    seat: usize,
    mut alpha: i32,
    mut beta: i32,
    nodes: &mut u32,
    budget: u32,
) -> Option<i32> {
    *nodes += 1;
    if *nodes > budget {
        return None;
    }
    if h.end().is_some() {
        let s = h.scores();
        return Some(s[seat] - s[1 - seat]);
    }
    let maximise = h.to_move() == seat;
    let mut best = if maximise { i32::MIN } else { i32::MAX };
    for mv in h.legal_moves() {
        let mut next = h.clone();
        next.play_legal(mv);
        let v = margin(&next, seat, alpha, beta, nodes, budget)?;
        if maximise {
            best = best.max(v);
            alpha = alpha.max(v);
        } else {
            best = best.min(v);
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}

impl Search {
    /// A search for the player to move in `root`. When nothing is hidden
    /// and the end is near, the exact endgame search decides at once.
    pub fn new(root: Hand, seed: Seed) -> Search {
        let moves = match exact(&root, ENDGAME_NODES) {
            Some((mv, _)) => vec![mv],
            None => root.legal_moves(),
        };
        let n = moves.len();
        Search {
            seat: root.to_move(),
            root,
            moves,
            visits: vec![0; n],
            value: vec![0.0; n],
            rng: Rng::new(seed),
            done: 0,
        }
    }

    /// Playouts run so far.
    pub fn playouts(&self) -> u32 {
        self.done
    }

    /// Runs `n` more playouts.
    pub fn run(&mut self, n: u32) {
        if self.moves.len() <= 1 {
            return;
        }
        for _ in 0..n {
            let i = self.pick();
            let seed = Seed(self.rng.next_u64());
            let mut h = self.root.determinised(self.seat, seed);
            h.play_legal(self.moves[i]);
            let v = playout(&mut h, self.seat, &mut self.rng);
            self.visits[i] += 1;
            self.value[i] += v;
            self.done += 1;
        }
    }

    /// Whether more playouts could still change the answer: not with one
    /// move or none, nor once the playout budget is spent.
    pub fn settled(&self, budget: u32) -> bool {
        self.moves.len() <= 1 || self.done >= budget
    }

    /// UCB1 over the root moves; values are point margins, so the
    /// exploration term is scaled to a typical margin.
    fn pick(&mut self) -> usize {
        if let Some(i) = self.visits.iter().position(|&v| v == 0) {
            return i;
        }
        let ln = f64::from(self.done.max(1)).ln();
        let scale = 20.0;
        (0..self.moves.len())
            .max_by(|&a, &b| {
                let u = |i: usize| {
                    let n = f64::from(self.visits[i]);
                    self.value[i] / n + scale * (2.0 * ln / n).sqrt()
                };
                u(a).total_cmp(&u(b))
            })
            .unwrap_or(0)
    }

    /// The move tried most (the best mean on a tie); the only move when
    /// there is one.
    pub fn best(&self) -> Option<Move> {
        (0..self.moves.len())
            .max_by(|&a, &b| {
                let mean = |i: usize| self.value[i] / f64::from(self.visits[i].max(1));
                self.visits[a]
                    .cmp(&self.visits[b])
                    .then(mean(a).total_cmp(&mean(b)))
                    .then(b.cmp(&a))
            })
            .map(|i| self.moves[i])
    }
}

/// Plays the hand out and returns `seat`'s margin over the best other seat.
fn playout(h: &mut Hand, seat: usize, rng: &mut Rng) -> f64 {
    while h.end().is_none() {
        let moves = h.legal_moves();
        let Some(&first) = moves.first() else {
            break;
        };
        // Mostly the scoring or heaviest play; sometimes any play.
        let mv = if moves.len() == 1 {
            first
        } else if rng.below(4) == 0 {
            moves[rng.below(moves.len() as u64) as usize]
        } else {
            let points = h.points_of_moves(&moves);
            let key = |i: usize| match moves[i] {
                Move::Place(p) => points[i] * 64 + p.at.tile.total() as i32,
                _ => 0,
            };
            (0..moves.len())
                .max_by_key(|&i| key(i))
                .map_or(first, |i| moves[i])
        };
        h.play_legal(mv);
    }
    let s = h.scores();
    let best_other = (0..s.len())
        .filter(|&i| i != seat)
        .map(|i| s[i])
        .max()
        .unwrap_or(0);
    f64::from(s[seat] - best_other)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Rules, Variant};

    #[test]
    fn every_level_plays_legal_moves_to_the_end() {
        for variant in Variant::ALL {
            for level in [Level::Random, Level::Greedy, Level::Strong] {
                let mut h = Hand::deal(Rules::new(variant), Seed(5));
                let mut n = 0;
                while h.end().is_none() {
                    let mv = choose_with(&h, level, Seed(n), 40).unwrap();
                    h.play(mv).unwrap();
                    n += 1;
                    assert!(n < 500);
                }
            }
        }
    }

    #[test]
    fn the_search_is_deterministic() {
        let h = Hand::deal(Rules::new(Variant::Star), Seed(9));
        let a = choose_with(&h, Level::Strong, Seed(1), 100);
        let b = choose_with(&h, Level::Strong, Seed(1), 100);
        assert_eq!(a, b);
    }

    #[test]
    fn the_endgame_search_finds_the_forced_win() {
        use crate::rules::Placed;
        use crate::tile::Tile;
        let t = |s: &str| -> Tile { s.parse().unwrap() };
        let p = |s: &str| -> Placed {
            match s.parse::<Move>().unwrap() {
                Move::Place(p) => p.at,
                _ => unreachable!(),
            }
        };
        // Seat 1 holds 1-1-2 and 4-4-4; only 1-1-2 fits against 1-1-1, and
        // then seat 2 is stuck: 1-1-2 first, whatever comes.
        let rules = Rules::new(Variant::Points);
        let h = Hand::from_position(
            rules,
            vec![vec![t("1-1-2"), t("4-4-4")], vec![t("0-0-3")]],
            vec![],
            vec![p("1-1-1@0,0u")],
            0,
            vec![0, 0],
        );
        let (mv, v) = exact(&h, 1000).unwrap();
        assert!(
            matches!(mv, Move::Place(p) if p.at.tile == t("1-1-2")),
            "{mv}"
        );
        // Both pass; seat 2's 3 pips against seat 1's 12: seat 2 scores 9.
        assert_eq!(v, -9);
        // Hidden tiles (a boneyard) or a small budget: no answer.
        let hidden = Hand::from_position(
            rules,
            vec![vec![t("1-1-2")], vec![t("0-0-3")]],
            vec![t("2-2-2")],
            vec![p("1-1-1@0,0u")],
            0,
            vec![0, 0],
        );
        assert!(exact(&hidden, 1000).is_none());
        assert!(exact(&h, 1).is_none());
    }

    #[test]
    fn levels_read_and_write() {
        for l in [Level::Random, Level::Greedy, Level::Strong] {
            assert_eq!(l.slug().parse::<Level>(), Ok(l));
        }
        assert!("expert".parse::<Level>().is_err());
    }
}

/// A computer's thinking about one move, run in slices by the shell's
/// [`Thinker`](parlour_kit::think::Thinker): the strong level's playouts, or a move
/// the other levels choose at once.
#[derive(Clone, Debug)]
pub enum Mind {
    /// The strong level's search, [`STRONG_PLAYOUTS`] playouts at most.
    Search(Box<Search>),
    /// A move already chosen.
    Ready(Ready<Move>),
}

impl Mind {
    /// Starts thinking for the player to move in `hand` at `level`.
    pub fn new(hand: &Hand, level: Level, seed: Seed) -> Mind {
        match level {
            Level::Strong => Mind::Search(Box::new(Search::new(hand.clone(), seed))),
            _ => Mind::Ready(Ready(choose(hand, level, seed))),
        }
    }
}

impl Think for Mind {
    type Move = Move;

    fn step(&mut self, work: u32) -> Progress {
        match self {
            Mind::Search(s) => {
                if !s.settled(STRONG_PLAYOUTS) {
                    s.run(work.min(STRONG_PLAYOUTS - s.playouts()));
                }
                if s.settled(STRONG_PLAYOUTS) {
                    Progress::Done
                } else {
                    Progress::Working
                }
            }
            Mind::Ready(r) => r.step(work),
        }
    }

    fn best(&self) -> Option<Move> {
        match self {
            Mind::Search(s) => s.best(),
            Mind::Ready(r) => r.best(),
        }
    }
}
