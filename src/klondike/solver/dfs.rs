//! A depth-first search in slices over any space of positions, remembering
//! what it has seen in a [`Table`].

use super::Table;
use crate::util::digest_set::DigestSet;

/// What a search needs to know of the positions it walks.
pub(super) trait Space {
    /// A position.
    type Node: Copy;
    /// A move between positions.
    type Step: Copy;
    /// Appends `node`'s moves to `out`, the likeliest to win first.
    fn moves(&mut self, node: &Self::Node, out: &mut Vec<Self::Step>);
    /// Plays `step`.
    fn apply(&self, node: &mut Self::Node, step: Self::Step);
    /// Plays the moves that never need a choice, appending each to `path`.
    fn force(&self, node: &mut Self::Node, path: &mut Vec<Self::Step>);
    /// Whether the position is won (or wins by itself).
    fn won(&self, node: &Self::Node) -> bool;
    /// The position's hash: equal for positions with the same future. Bit 0 is set.
    fn key(&self, node: &Self::Node) -> u64;
    /// Whether [`Space::dominators`] names any.
    const DOMINATES: bool = false;
    /// The keys of positions whose moves include all of `node`'s (so once
    /// one of them is searched, `node` need not be), appended to `out`.
    fn dominators(&self, _node: &Self::Node, _out: &mut Vec<u64>) {}
    /// Keys recorded in the table when `node` is searched, appended to
    /// `out`: each names a set of positions `node` dominates (and is no
    /// position's own key), for their [`Space::dominators`] to name in turn.
    fn marks(&self, _node: &Self::Node, _out: &mut Vec<u64>) {}
}

/// How a search ended.
pub(super) enum Outcome<N, S> {
    /// A win: the won position and the moves from the root that reach it.
    Won(N, Vec<S>),
    /// Every position was searched: no win.
    Exhausted,
    /// The budget ran out.
    OutOfBudget,
}

struct Frame<N> {
    node: N,
    /// Its moves are `steps[start..end]` of the search.
    start: usize,
    end: usize,
    next: usize,
    path_len: usize,
    hash: u64,
}

/// A depth-first search of a [`Space`] from one position.
pub(super) struct Dfs<S: Space> {
    pub(super) space: S,
    root: S::Node,
    stack: Vec<Frame<S::Node>>,
    /// The moves of every frame on the stack, one after another.
    steps: Vec<S::Step>,
    path: Vec<S::Step>,
    /// The positions on the current path: the table may forget one, and
    /// then this keeps the search from walking in a circle.
    on_path: DigestSet,
    pub(super) table: Table,
    pub(super) nodes: u64,
    limit: u64,
    pub(super) outcome: Option<Outcome<S::Node, S::Step>>,
    /// Reused for [`Space::dominators`].
    dominators: Vec<u64>,
}

impl<S: Space> Dfs<S> {
    /// A search of `root` that gives up after `limit` positions, its table
    /// growing to at most `table_slots` slots.
    pub(super) fn new(space: S, root: S::Node, limit: u64, table_slots: usize) -> Dfs<S> {
        let mut s = Dfs {
            space,
            root,
            stack: Vec::new(),
            steps: Vec::new(),
            path: Vec::new(),
            on_path: DigestSet::default(),
            table: Table::new(table_slots),
            nodes: 0,
            limit,
            outcome: None,
            dominators: Vec::new(),
        };
        let mut node = s.root;
        s.space.force(&mut node, &mut s.path);
        if s.space.won(&node) {
            s.outcome = Some(Outcome::Won(node, std::mem::take(&mut s.path)));
        } else {
            let hash = s.space.key(&node);
            s.table.remember(hash);
            s.on_path.insert(hash);
            s.push(node, hash);
        }
        s
    }

    fn push(&mut self, node: S::Node, hash: u64) {
        if S::DOMINATES {
            self.dominators.clear();
            self.space.marks(&node, &mut self.dominators);
            for &mark in &self.dominators {
                self.table.remember(mark);
            }
        }
        let start = self.steps.len();
        self.space.moves(&node, &mut self.steps);
        self.stack.push(Frame {
            node,
            start,
            end: self.steps.len(),
            next: start,
            path_len: self.path.len(),
            hash,
        });
    }

    /// Whether a position whose moves include all of `node`'s was searched already.
    fn dominated(&mut self, node: &S::Node) -> bool {
        self.dominators.clear();
        self.space.dominators(node, &mut self.dominators);
        // A position on the path is in the table too (unless the full table
        // dropped it, which costs time only).
        self.dominators.iter().any(|&h| self.table.contains(h))
    }

    /// Searches up to `slice` more positions; true once the search is over.
    pub(super) fn run(&mut self, slice: u64) -> bool {
        let stop = self.nodes.saturating_add(slice);
        while self.outcome.is_none() {
            if self.nodes >= self.limit {
                self.outcome = Some(Outcome::OutOfBudget);
                break;
            }
            if self.nodes >= stop {
                return false;
            }
            let Some(top) = self.stack.last_mut() else {
                self.outcome = Some(Outcome::Exhausted);
                break;
            };
            if top.next == top.end {
                let (hash, start) = (top.hash, top.start);
                self.stack.pop();
                self.steps.truncate(start);
                self.on_path.remove(&hash);
                continue;
            }
            let step = self.steps[top.next];
            top.next += 1;
            let mut child = top.node;
            self.path.truncate(top.path_len);
            self.space.apply(&mut child, step);
            self.path.push(step);
            self.nodes += 1;
            self.space.force(&mut child, &mut self.path);
            if self.space.won(&child) {
                self.outcome = Some(Outcome::Won(child, std::mem::take(&mut self.path)));
                break;
            }
            let hash = self.space.key(&child);
            // Most children were searched already: the table answers that
            // at the cost of one look, the dominators at several.
            if self.on_path.contains(&hash)
                || self.table.contains(hash)
                || (S::DOMINATES && self.dominated(&child))
                || !self.table.remember(hash)
            {
                continue;
            }
            self.on_path.insert(hash);
            self.push(child, hash);
        }
        true
    }
}
