//! The solver a position gets: the summary search for Klondike's own rules,
//! the explicit search for the family members it cannot summarise.

#[cfg(feature = "summary-solver")]
use super::line::line;
#[cfg(feature = "summary-solver")]
use super::summary::{Piles, Summary};
use super::*;

/// The summary search with what it needs to spell out its win.
#[cfg(feature = "summary-solver")]
struct Summarised {
    dfs: Dfs<Piles>,
    /// The position searched, for the winning line's real moves.
    state: State,
    root: Summary,
}

/// The explicit search in its two phases (see [`Explicit::pruned`]).
struct Phased {
    dfs: Dfs<Explicit>,
    limits: Limits,
    /// Positions phase one searched, once phase two has begun.
    spent: u64,
    /// The most positions phase one's table held.
    peak: usize,
}

enum Engine {
    #[cfg(feature = "summary-solver")]
    Summary(Box<Summarised>),
    Explicit(Box<Phased>),
}

/// A search in progress. Call [`Solver::run`] until it returns a report.
pub struct Solver {
    engine: Engine,
    limits: Limits,
    done: Option<Report>,
}

impl Solver {
    /// Prepares a search of `state`.
    pub fn new(state: &State, limits: Limits) -> Result<Solver, Unsupported> {
        #[cfg(feature = "summary-solver")]
        if supports(state).is_ok() {
            if let Some(s) = Summarised::new(state, limits) {
                return Ok(Solver {
                    engine: Engine::Summary(Box::new(s)),
                    limits,
                    done: None,
                });
            }
        }
        Solver::explicit(state, limits)
    }

    /// The explicit search alone, whatever the rules. The game uses it for
    /// its hints, indicator and deal choices: the web build has no other
    /// search yet, so the game natively (and its tests) answers as the page
    /// does, and choices that must stay the same in every release (the
    /// daily deal) are made as they were before the summary search existed.
    pub fn explicit(state: &State, limits: Limits) -> Result<Solver, Unsupported> {
        // (Explicit::new checks that the rules are supported.)
        Ok(Solver {
            engine: Engine::Explicit(Box::new(Phased::new(state, limits)?)),
            limits,
            done: None,
        })
    }

    /// A new search of the same position with the same limits.
    pub fn restarted(&self) -> Solver {
        let engine = match &self.engine {
            #[cfg(feature = "summary-solver")]
            Engine::Summary(s) => Engine::Summary(Box::new(s.restarted(self.limits))),
            Engine::Explicit(e) => Engine::Explicit(Box::new(e.restarted())),
        };
        Solver {
            engine,
            limits: self.limits,
            done: None,
        }
    }

    /// The report, once the search has ended.
    pub fn report(&self) -> Option<&Report> {
        self.done.as_ref()
    }

    /// The most positions the table has held at once so far.
    pub fn peak_table(&self) -> usize {
        match &self.engine {
            #[cfg(feature = "summary-solver")]
            Engine::Summary(s) => s.dfs.table.peak_len(),
            Engine::Explicit(e) => e.peak.max(e.dfs.table.peak_len()),
        }
    }

    /// Positions searched so far.
    pub fn nodes(&self) -> u64 {
        match &self.engine {
            #[cfg(feature = "summary-solver")]
            Engine::Summary(s) => s.dfs.nodes,
            Engine::Explicit(e) => e.spent + e.dfs.nodes,
        }
    }

    /// Searches up to `slice` more positions. Returns the report once the
    /// search is over (won, exhausted or out of budget), `None` if it should
    /// be called again.
    pub fn run(&mut self, slice: u64) -> Option<Report> {
        if self.done.is_none() {
            self.done = match &mut self.engine {
                #[cfg(feature = "summary-solver")]
                Engine::Summary(s) => s.run(slice),
                Engine::Explicit(e) => e.run(slice),
            };
        }
        self.done.clone()
    }
}

#[cfg(feature = "summary-solver")]
impl Summarised {
    /// The summary search of `state`, if its rules are Klondike's own.
    fn new(state: &State, limits: Limits) -> Option<Summarised> {
        let (piles, root) = Piles::new(state)?;
        Some(Summarised {
            dfs: Dfs::new(piles, root, limits.nodes, limits.table_slots),
            state: state.clone(),
            root,
        })
    }

    /// A new search of the same position with `limits`.
    fn restarted(&self, limits: Limits) -> Summarised {
        Summarised {
            dfs: Dfs::new(
                self.dfs.space.clone(),
                self.root,
                limits.nodes,
                limits.table_slots,
            ),
            state: self.state.clone(),
            root: self.root,
        }
    }

    fn run(&mut self, slice: u64) -> Option<Report> {
        if !self.dfs.run(slice) {
            return None;
        }
        let verdict = match self.dfs.outcome.as_ref()? {
            Outcome::Won(end, path) => {
                match line(&self.dfs.space, &self.state, self.root, path, end) {
                    Some(moves) => Verdict::Winnable(moves),
                    // A summary move the real position could not play: a bug,
                    // which the soundness tests would catch; claim nothing.
                    None => Verdict::Unknown,
                }
            }
            Outcome::Exhausted => Verdict::Unwinnable,
            Outcome::OutOfBudget => Verdict::Unknown,
        };
        Some(Report {
            verdict,
            nodes: self.dfs.nodes,
            peak_table: self.dfs.table.peak_len(),
        })
    }
}

impl Phased {
    fn new(state: &State, limits: Limits) -> Result<Phased, Unsupported> {
        Ok(Phased::begin(Explicit::new(state)?, limits, 0, 0))
    }

    /// A search of `space` from its root, after `spent` positions that
    /// held at most `peak` in the table.
    fn begin(space: Explicit, limits: Limits, spent: u64, peak: usize) -> Phased {
        let root = space.root;
        let left = limits.nodes.saturating_sub(spent);
        Phased {
            dfs: Dfs::new(space, root, left, limits.table_slots),
            limits,
            spent,
            peak,
        }
    }

    /// A new search of the same position with the same limits.
    fn restarted(&self) -> Phased {
        Phased::begin(self.dfs.space.phase(true), self.limits, 0, 0)
    }

    fn run(&mut self, slice: u64) -> Option<Report> {
        let stop = (self.spent + self.dfs.nodes).saturating_add(slice);
        loop {
            if !self
                .dfs
                .run(stop.saturating_sub(self.spent + self.dfs.nodes))
            {
                return None;
            }
            let verdict = match self.dfs.outcome.as_ref()? {
                Outcome::Won(won, path) => {
                    Verdict::Winnable(self.dfs.space.line(*won, path.clone()))
                }
                Outcome::Exhausted if self.dfs.space.pruned => {
                    // Phase one found no win; search everything to prove it.
                    let space = self.dfs.space.phase(false);
                    let spent = self.spent + self.dfs.nodes;
                    let peak = self.peak.max(self.dfs.table.peak_len());
                    *self = Phased::begin(space, self.limits, spent, peak);
                    continue;
                }
                Outcome::Exhausted => Verdict::Unwinnable,
                Outcome::OutOfBudget => Verdict::Unknown,
            };
            return Some(Report {
                verdict,
                nodes: self.spent + self.dfs.nodes,
                peak_table: self.peak.max(self.dfs.table.peak_len()),
            });
        }
    }
}
