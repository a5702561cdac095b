//! Puzzles: positions where Ohs, to move, score in one move, by a chain of
//! jumps that takes some finding. Built from a seed, so the daily puzzle is
//! the same on every machine, and checked by the [`finder`](super::finder).
//!
//! A try lays a winning chain up the board (men to jump over, empty points to
//! land on), scatters other men around it, and keeps the position only if
//! the finder agrees it is a puzzle: a win in one exists, every win takes at
//! least [`MIN_JUMPS`] jumps, and there are few of them.

use super::board::Pt;
use super::finder::{find_wins, Wins};
use super::rules::{Options, Position, Side, DIRS};
use parlour_kit::rng::{Rng, Seed};

/// The fewest jumps of any winning chain: shorter ones are seen at a glance.
pub const MIN_JUMPS: usize = 3;

/// The most winning chains a puzzle may have.
pub const MAX_WINS: usize = 3;

/// The most jumps a laid chain may take before it reaches the goal.
const MAX_LAID: usize = 10;

/// The tries before giving up (each a few hundred microseconds natively).
pub const TRIES: u32 = 5_000;

/// The states the finder may hold checking a try.
const CHECK_STATES: usize = 20_000;

/// The men scattered around the chain (off its landing points), in percent
/// of the playing points.
const SCATTER_PERCENT: u64 = 12;

/// The puzzle of `seed` on a board of `options`: Ohs to move and score in
/// one. `None` if no try of [`TRIES`] made one (a board too small for a
/// chain of [`MIN_JUMPS`] jumps).
pub fn win_in_one(options: Options, seed: Seed) -> Option<Position> {
    let mut rng = Rng::new(seed);
    (0..TRIES).find_map(|_| lay(options, &mut rng).filter(is_puzzle))
}

/// Whether Ohs, to move in `p`, score in one by a chain of at least
/// [`MIN_JUMPS`] jumps, in at most [`MAX_WINS`] ways.
pub fn is_puzzle(p: &Position) -> bool {
    if p.to_move != Side::Ohs {
        return false;
    }
    match find_wins(p, CHECK_STATES).wins {
        // Breadth first: the first chain found is the shortest.
        Wins::Found(chains) => chains.len() <= MAX_WINS && chains[0].len() >= MIN_JUMPS,
        _ => false,
    }
}

/// One try: a chain of jumps laid from a ball in the middle third of the
/// board towards Ohs' goal, and men scattered off its landing points.
fn lay(options: Options, rng: &mut Rng) -> Option<Position> {
    let dims = options.dims;
    let mut p = Position::start(options);
    p.to_move = Side::Ohs;
    let third = u64::from(dims.rows / 3).max(1);
    p.ball = Pt {
        col: rng.below(u64::from(dims.cols)) as u8,
        row: (third + rng.below(third)) as u8,
    };
    let mut landings = vec![p.ball];
    let mut at = p.ball;
    for _ in 0..MAX_LAID {
        // Mostly up the board (up-left, up, up-right), sometimes sideways.
        let dir = [7, 0, 1, 7, 0, 1, 2, 6][rng.below(8) as usize];
        let (dc, dr) = DIRS[dir];
        let over = 1 + rng.below(2) as i16;
        let point = |k: i16| {
            let col = i16::from(at.col) + k * i16::from(dc);
            let row = i16::from(at.row) + k * i16::from(dr);
            let pt = Pt {
                col: u8::try_from(col).ok()?,
                row: u8::try_from(row).ok()?,
            };
            dims.contains(pt).then_some(pt)
        };
        let land = point(over + 1)?;
        let men: Option<Vec<Pt>> = (1..=over).map(point).collect();
        let men = men?;
        let free = |pt: &Pt| dims.is_playing(*pt) && !landings.contains(pt);
        if !men.iter().all(free) || p.men.has(land) || landings.contains(&land) {
            continue;
        }
        for &m in &men {
            p.men.set(m);
        }
        landings.push(land);
        at = land;
        if Side::Ohs.scores_on(dims, land.row) {
            p.scatter(rng, SCATTER_PERCENT, &landings);
            return Some(p);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Dims;

    #[test]
    fn puzzles_are_found_for_every_seed_tried_and_check_out() {
        for n in 0..40 {
            let p = win_in_one(Options::default(), Seed(n)).expect("a puzzle");
            assert!(is_puzzle(&p), "seed {n}");
            assert!(p.options.dims.is_playing(p.ball) && !p.men.has(p.ball));
            assert!(!Side::Ohs.scores_on(p.options.dims, p.ball.row));
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzle() {
        let a = win_in_one(Options::default(), Seed(77));
        assert_eq!(a, win_in_one(Options::default(), Seed(77)));
        assert_ne!(a, win_in_one(Options::default(), Seed(78)));
    }

    #[test]
    fn a_board_too_small_for_a_puzzle_says_so() {
        let tiny = Options {
            dims: Dims { rows: 3, cols: 1 },
            ..Options::default()
        };
        assert_eq!(win_in_one(tiny, Seed(1)), None);
    }

    #[test]
    fn short_or_many_wins_are_no_puzzle() {
        use crate::fixtures::position;
        assert!(!is_puzzle(&position("H16", "H17 H19")), "two jumps");
        let long = position("H10", "H11 H13 H15 H17 H19");
        assert!(is_puzzle(&long), "five jumps, one way");
        // Among laid chains, some score in more ways than a puzzle may.
        let mut rng = Rng::new(Seed(3));
        let many = (0..TRIES)
            .filter_map(|_| lay(Options::default(), &mut rng))
            .find(|p| matches!(find_wins(p, CHECK_STATES).wins, Wins::Found(c) if c.len() > MAX_WINS && c[0].len() >= MIN_JUMPS))
            .expect("a chain with many wins");
        assert!(!is_puzzle(&many));
        let mut eks = long;
        eks.to_move = Side::Eks;
        assert!(!is_puzzle(&eks), "Eks to move");
    }
}
