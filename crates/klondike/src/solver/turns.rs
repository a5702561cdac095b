//! Depth-first walks in several move orders, taking turns over one table.

use super::dfs::{Dfs, Outcome, Space};
use super::Table;

/// Positions a walk searches before the next takes its turn.
const TURN: u64 = 1024;

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
}

impl<S: Space> Turns<S> {
    /// Walks from `root` in each of `orders` (at least one), the table
    /// growing to at most `table_slots` slots.
    pub(super) fn new(orders: Vec<S>, root: S::Node, table_slots: usize) -> Turns<S> {
        // The first walk's table, which holds the root, is the one they share;
        // each walk holds it only while it runs. The others' own tables
        // serve only to enter their roots, so they start at the smallest size.
        let mut walks: Vec<Dfs<S>> = orders
            .into_iter()
            .enumerate()
            .map(|(i, space)| {
                Dfs::new(
                    space,
                    root.clone(),
                    u64::MAX,
                    if i == 0 { table_slots } else { 0 },
                )
            })
            .collect();
        let table = std::mem::replace(&mut walks[0].table, Table::new(0));
        Turns {
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
        self.outcome = None;
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
            if self.walks.iter().all(|w| w.outcome.is_some()) {
                self.outcome = Some(Outcome::Exhausted);
                break;
            }
            if self.nodes >= stop {
                return false;
            }
            let walk = &mut self.walks[self.turn];
            if walk.outcome.is_none() {
                let before = walk.nodes;
                std::mem::swap(&mut walk.table, &mut self.table);
                walk.run(self.turn_left.min(stop - self.nodes));
                std::mem::swap(&mut walk.table, &mut self.table);
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
