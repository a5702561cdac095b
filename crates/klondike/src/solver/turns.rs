//! Depth-first walks in several move orders, taking turns over one table.

use super::dfs::{Dfs, Outcome, Space};
use super::Table;

/// Positions a walk searches before the next takes its turn.
const TURN: u64 = 1024;
/// Positions the walks search, all together, before they share one table.
const ALONE: u64 = 1 << 16;

/// A search of one position by several [`Dfs`] walks, each ordering the
/// moves its own way, which take turns and share one table: a position one
/// of them has entered, the others skip.
///
/// That costs a proof nothing: every position is still entered once, by
/// one walk or another, and its moves are all tried by that walk, so when
/// every walk is over the positions entered are closed under the moves. A
/// win is found by whichever order reaches it first: no one order suits
/// every deal, and on a hard one an order may find a win in a few thousand
/// positions that another needs millions for.
///
/// For their first [`ALONE`] positions the walks other than the first keep
/// tables of their own. Sharing costs a win its order: a position another
/// walk has entered is skipped, and the win under it waits until that walk's
/// order gets there (draw-3 deal 9302: the stock-first walk alone wins in 50
/// positions, the four sharing one table in 12 million). Alone, each walk is
/// a whole search of its own, so one that runs out proves the position lost.
/// Then their tables go into the shared one and the walks go on from where
/// they are: every position in it was entered by a walk that searches it
/// through, as before.
pub(super) struct Turns<S: Space> {
    walks: Vec<Dfs<S>>,
    /// The walk whose turn it is, and the positions left in its turn (kept
    /// from call to call, so the turns do not depend on the slices asked for).
    turn: usize,
    turn_left: u64,
    pub(super) table: Table,
    pub(super) nodes: u64,
    /// A win, or [`Outcome::Exhausted`]: the caller keeps the budget.
    pub(super) outcome: Option<Outcome<S::Node, S::Step>>,
    /// Whether the walks still keep tables of their own ([`ALONE`]).
    alone: bool,
}

impl<S: Space> Turns<S> {
    /// Walks from `root` in each of `orders` (at least one), the table
    /// growing to at most `table_slots` slots.
    pub(super) fn new(orders: Vec<S>, root: S::Node, table_slots: usize) -> Turns<S> {
        // The first walk's table, which holds the root, is the one they share;
        // each walk holds it only while it runs. The others keep their own
        // until the walks have searched `ALONE` positions; those start at the
        // smallest size, as most searches end in a few hundred positions.
        let mut walks: Vec<Dfs<S>> = orders
            .into_iter()
            .enumerate()
            .map(|(i, space)| {
                let mut walk = Dfs::new(
                    space,
                    root.clone(),
                    u64::MAX,
                    if i == 0 { table_slots } else { 0 },
                );
                walk.table.raise_cap(table_slots);
                walk
            })
            .collect();
        let table = std::mem::replace(&mut walks[0].table, Table::new(0));
        Turns {
            alone: walks.len() > 1,
            walks,
            turn: 0,
            turn_left: TURN,
            table,
            nodes: 0,
            outcome: None,
        }
    }

    /// The rules the search plays by.
    pub(super) fn space(&self) -> &S {
        &self.walks[0].space
    }

    /// Goes on past the win found (whose position's key is `key`), as if
    /// that position were searched.
    #[cfg(feature = "summary-solver")]
    pub(super) fn pass_over(&mut self, key: u64) {
        self.table.remember(key);
        // While alone, the walks after the first search their own tables.
        if self.alone {
            for walk in &mut self.walks[1..] {
                walk.table.remember(key);
            }
        }
        self.outcome = None;
    }

    /// Puts every walk's own table into the shared one; from then on they
    /// share it.
    fn share(&mut self) {
        self.alone = false;
        for walk in &mut self.walks[1..] {
            let own = std::mem::replace(&mut walk.table, Table::new(0));
            for hash in own.hashes() {
                self.table.remember(hash);
            }
        }
    }

    /// Searches up to `slice` more positions; true once the search is over.
    pub(super) fn run(&mut self, slice: u64) -> bool {
        let stop = self.nodes.saturating_add(slice);
        while self.outcome.is_none() {
            if let Some(won) = self.walks.iter_mut().find_map(|w| match w.outcome {
                Some(Outcome::Won(..)) => w.outcome.take(),
                _ => None,
            }) {
                self.outcome = Some(won);
                break;
            }
            // Alone, one walk that runs out has searched every position.
            let over = |w: &Dfs<S>| w.outcome.is_some();
            if self.walks.iter().all(over) || (self.alone && self.walks.iter().any(over)) {
                self.outcome = Some(Outcome::Exhausted);
                break;
            }
            if self.alone && self.nodes >= ALONE {
                self.share();
            }
            if self.nodes >= stop {
                return false;
            }
            let shares = self.turn == 0 || !self.alone;
            let walk = &mut self.walks[self.turn];
            if walk.outcome.is_none() {
                let before = walk.nodes;
                if shares {
                    std::mem::swap(&mut walk.table, &mut self.table);
                }
                walk.run(self.turn_left.min(stop - self.nodes));
                if shares {
                    std::mem::swap(&mut walk.table, &mut self.table);
                }
                let walked = walk.nodes - before;
                self.nodes += walked;
                self.turn_left -= walked;
                if walk.outcome.is_none() && self.turn_left > 0 {
                    continue;
                }
            }
            self.turn = (self.turn + 1) % self.walks.len();
            self.turn_left = TURN;
        }
        true
    }
}
