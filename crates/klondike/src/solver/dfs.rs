//! A depth-first search in slices over any space of positions, remembering
//! what it has seen in a [`Table`].

use super::Table;
use parlour_kit::digest_set::DigestSet;

/// What a search needs to know of the positions it walks.
pub(super) trait Space {
    /// A position.
    type Node: Clone;
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
    /// The table size (in slots) from which the search looks a position's
    /// children up all at once when it enters it ([`Dfs::look_ahead`]):
    /// worth it once the table is far larger than the cache. Never, unless
    /// a space says so.
    const LOOK_AHEAD_SLOTS: usize = usize::MAX;
    /// The keys of positions whose moves include all of `node`'s (so once
    /// one of them is searched, `node` need not be), appended to `out`.
    fn dominators(&self, _node: &Self::Node, _out: &mut Vec<u64>) {}
    /// Keys recorded in the table when `node` is searched, appended to
    /// `out`: each names a set of positions `node` dominates (and is no
    /// position's own key), for their [`Space::dominators`] to name in turn.
    fn marks(&self, _node: &Self::Node, _out: &mut Vec<u64>) {}
    /// One frame in this many keeps its position while the walk is
    /// deeper (besides the deepest, which always does); the others' are
    /// worked out again, when the walk comes back to them, by playing the
    /// path's moves from the nearest kept one below. That takes a little
    /// time for much less memory where positions are large and walks go
    /// deep. Playing a path's moves with [`Space::apply`] must make the
    /// position the walk made ([`Space::force`] plays by `apply` too).
    const KEEP_EVERY: usize = 1;
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

struct Frame {
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
    stack: Vec<Frame>,
    /// The positions of the frames that keep theirs (see
    /// [`Space::KEEP_EVERY`]), and last the top frame's.
    positions: Vec<S::Node>,
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
    /// With [`Space::LOOK_AHEAD_SLOTS`], the key of each of `steps`' children,
    /// [`WON`], [`SEEN`] if it was in the table when its parent was
    /// entered, or [`UNKNOWN`].
    keys: Vec<u64>,
    /// Forced moves worked out for a child's key, and dropped.
    scratch: Vec<S::Step>,
}

/// In [`Dfs::keys`]: the child is won. (Keys have bit 0 set.)
const WON: u64 = 0;
/// In [`Dfs::keys`]: the child was searched already.
const SEEN: u64 = 2;
/// In [`Dfs::keys`]: the child was not looked at.
const UNKNOWN: u64 = 4;

impl<S: Space> Dfs<S> {
    /// Whether the space ever looks children up together ([`Dfs::look_ahead`]).
    const LOOKS_AHEAD: bool = S::LOOK_AHEAD_SLOTS < usize::MAX;

    /// A search of `root` that gives up after `limit` positions, its table
    /// growing to at most `table_slots` slots.
    pub(super) fn new(space: S, root: S::Node, limit: u64, table_slots: usize) -> Dfs<S> {
        let mut s = Dfs {
            space,
            root,
            stack: Vec::new(),
            positions: Vec::new(),
            steps: Vec::new(),
            path: Vec::new(),
            on_path: DigestSet::default(),
            table: Table::new(table_slots),
            nodes: 0,
            limit,
            outcome: None,
            dominators: Vec::new(),
            keys: Vec::new(),
            scratch: Vec::new(),
        };
        let mut node = s.root.clone();
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
        if Self::LOOKS_AHEAD {
            self.look_ahead(&node, start);
        }
        // The frame below keeps its position only if it is one that does.
        match self.positions.last_mut() {
            Some(below) if !Self::keeps(self.stack.len() - 1) => *below = node,
            _ => self.positions.push(node),
        }
        self.stack.push(Frame {
            start,
            end: self.steps.len(),
            next: start,
            path_len: self.path.len(),
            hash,
        });
    }

    /// Whether the frame at depth `i` (the root's is 0) keeps its position
    /// while the walk is deeper.
    fn keeps(i: usize) -> bool {
        i.is_multiple_of(S::KEEP_EVERY)
    }

    /// After the top frame is popped: the position of the frame now on
    /// top, kept or worked out again from the nearest kept one below.
    fn back_to_top(&mut self) {
        let Some(top) = self.stack.len().checked_sub(1) else {
            self.positions.clear();
            return;
        };
        if Self::keeps(top) {
            self.positions.pop();
            return;
        }
        let kept = top - top % S::KEEP_EVERY;
        let (from, to) = (self.stack[kept].path_len, self.stack[top].path_len);
        let [.., below, last] = &mut self.positions[..] else {
            return;
        };
        let mut node = below.clone();
        for &step in &self.path[from..to] {
            self.space.apply(&mut node, step);
        }
        debug_assert_eq!(self.space.key(&node), self.stack[top].hash);
        *last = node;
    }

    /// Works out the keys of `node`'s children (its moves from `start` on)
    /// and looks them all up at once, once the table has
    /// [`Space::LOOK_AHEAD_SLOTS`]. Far larger than the cache, nearly every
    /// look is a wait for memory, and most children were searched already;
    /// looked up one by one, as the walk comes to them, each wait comes
    /// after the last, while loads issued together are waited for together.
    /// A child the table holds now was searched or is being searched,
    /// whatever the table forgets later, so it is marked [`SEEN`] and
    /// skipped; the rest are looked up again when the walk comes to them, as
    /// the positions searched in between may include them. While the table fits the cache, working the children
    /// out twice costs more than it saves: they are marked [`UNKNOWN`].
    fn look_ahead(&mut self, node: &S::Node, start: usize) {
        if self.table.slots() < S::LOOK_AHEAD_SLOTS {
            self.keys.resize(self.steps.len(), UNKNOWN);
            return;
        }
        for &step in &self.steps[start..] {
            let mut child = node.clone();
            self.space.apply(&mut child, step);
            self.scratch.clear();
            self.space.force(&mut child, &mut self.scratch);
            self.keys.push(if self.space.won(&child) {
                WON
            } else {
                self.space.key(&child)
            });
        }
        let keys = &mut self.keys[start..];
        self.table.touch(keys);
        for key in keys {
            if *key != WON && self.table.contains(*key) {
                *key = SEEN;
            }
        }
    }

    /// Whether `node` (whose key is `hash`) or a position that dominates it
    /// was searched already, as the table and [`Dfs::dominated`] say, with
    /// every look it may take (the marks it leaves if searched included)
    /// loaded at once first.
    fn look_around(&mut self, node: &S::Node, hash: u64) -> bool {
        self.dominators.clear();
        self.space.dominators(node, &mut self.dominators);
        let dominators = self.dominators.len();
        self.space.marks(node, &mut self.dominators);
        self.dominators.push(hash);
        self.table.touch(&self.dominators);
        self.dominators.truncate(dominators);
        self.table.contains(hash) || self.dominators.iter().any(|&h| self.table.contains(h))
    }

    /// Whether a position whose moves include all of `node`'s was searched already.
    fn dominated(&mut self, node: &S::Node) -> bool {
        self.dominators.clear();
        self.space.dominators(node, &mut self.dominators);
        // A position on the path is in the table too (unless the full table
        // dropped it, which costs time only).
        self.dominators.iter().any(|&h| self.table.contains(h))
    }

    /// Gives up once `limit` positions are searched in all (counting those
    /// searched already).
    pub(super) fn limit_to(&mut self, limit: u64) {
        self.limit = limit;
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
                self.back_to_top();
                self.steps.truncate(start);
                if Self::LOOKS_AHEAD {
                    self.keys.truncate(start);
                }
                self.on_path.remove(&hash);
                continue;
            }
            let step = self.steps[top.next];
            let looked = if Self::LOOKS_AHEAD {
                self.keys[top.next]
            } else {
                UNKNOWN
            };
            top.next += 1;
            self.nodes += 1;
            if looked == SEEN {
                continue;
            }
            let mut child = self
                .positions
                .last()
                .expect("the top frame's position is kept")
                .clone();
            self.path.truncate(top.path_len);
            self.space.apply(&mut child, step);
            self.path.push(step);
            self.space.force(&mut child, &mut self.path);
            let won = match looked {
                UNKNOWN => self.space.won(&child),
                key => key == WON,
            };
            if won {
                // The path stays: a caller may pass over this win and go on.
                self.outcome = Some(Outcome::Won(child, self.path.clone()));
                break;
            }
            let hash = match looked {
                UNKNOWN => self.space.key(&child),
                key => key,
            };
            // Most children were searched already: the table answers that
            // at the cost of one look, the dominators at several. A child on
            // the path is in the table too, unless the full table dropped it.
            let seen = if S::DOMINATES && looked != UNKNOWN {
                self.look_around(&child, hash)
            } else {
                self.table.contains(hash) || (S::DOMINATES && self.dominated(&child))
            };
            if seen || self.on_path.contains(&hash) || !self.table.remember(hash) {
                continue;
            }
            self.on_path.insert(hash);
            self.push(child, hash);
        }
        true
    }
}
