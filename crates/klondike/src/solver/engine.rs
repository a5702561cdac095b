//! The solver a position gets: the summary search for Klondike's own rules,
//! the explicit search for the family members it cannot summarise.

#[cfg(feature = "summary-solver")]
use super::line::line;
#[cfg(feature = "summary-solver")]
use super::summary::{Piles, Summary};
#[cfg(feature = "summary-solver")]
use super::turns::Turns;
use super::*;

/// The summary search with what it needs to spell out its win.
#[cfg(feature = "summary-solver")]
struct Summarised {
    dfs: Turns<Piles>,
    /// The same deal dealt singly with no pass limit, searched alongside
    /// once the deal proves hard.
    relaxed: Relaxation,
    /// Positions the relaxation searched, and the most its table held.
    relaxed_nodes: u64,
    relaxed_peak: usize,
    /// Whether the turn is the relaxation's, and the positions left in it
    /// (kept from call to call, so the turns do not depend on the slices
    /// the caller asks for).
    relaxing: bool,
    turn_left: u64,
    limits: Limits,
    /// The position searched, for the winning line's real moves.
    state: State,
    root: Summary,
    /// Whether a win was passed over that no arrangement could play.
    doubtful: bool,
}

/// Positions searched between looks at the clock in [`Solver::run_until`].
pub const TIMED_SLICE: u64 = 20_000;

/// Positions the summary search walks alone before its relaxation joins it.
#[cfg(feature = "summary-solver")]
const RELAX_AFTER: u64 = 100_000;
/// Positions the deal's own search walks in its turn.
#[cfg(feature = "summary-solver")]
const OWN_TURN: u64 = 4096;
/// Positions the relaxation walks in its turn: 64 times the deal's own
/// share. When the relaxation is lost it is usually far cheaper to prove
/// than the deal itself (deal 436 by threes: 5.1 million positions against
/// 27 million), and its positions cost about 0.7 of the deal's (its
/// summaries forget the waste); when it is won, it usually is within a few
/// hundred thousand positions, and then it stops. On the 270 draw-3 deals
/// of seeds 1-10,000 that took 300 ms or more, a share of 64 instead of 8
/// took 0.926 of the time at the median, side by side, and put 98 of them
/// over 1 s instead of 107 (BENCHMARKS.md, "The relaxation's share, by
/// time").
#[cfg(feature = "summary-solver")]
const RELAX_TURN: u64 = 64 * OWN_TURN;
/// Positions each phase walks in its turn, where the two take turns
/// ([`TwoPhase::phases_in_turns`]).
const PHASE_TURN: u64 = 256;

/// A deal's relaxation: the same deal dealt singly with no pass limit.
///
/// Dealing so, any stock card can be brought to the top at any time, and
/// dealing moves no other card. So every line of play of the deal, dealt
/// by threes or with passes counted, is a line of the relaxation too (the
/// same moves, with the stock dealt round to each card played from it): if
/// the relaxation is lost, so is the deal. Its summaries forget the waste,
/// and it proves many hard deals lost in a fraction of the positions (deal
/// 536 by threes: 49,516 positions instead of 475,371). Its win says
/// nothing of the deal. It runs in turns with the deal's own search
/// ([`RELAX_TURN`], [`OWN_TURN`]), each with half the table space, from
/// [`RELAX_AFTER`] positions on.
#[cfg(feature = "summary-solver")]
enum Relaxation {
    Later,
    Running(Box<Turns<Piles>>),
    /// It found a win or ran out of positions, or the deal is its own relaxation.
    Over,
}

/// A space searched in two phases: first without the moves wins rarely
/// need (its failure proves nothing), then with every move.
pub(super) trait TwoPhase: Space + Sized {
    /// Whether this is phase one.
    fn pruned(&self) -> bool;
    /// The same space in phase two.
    fn unpruned(&self) -> Self;
    /// The position searched.
    fn root(&self) -> Self::Node;
    /// The winning line, in the rules' moves, from the root through `path` to `won`.
    fn line(&self, won: &Self::Node, path: &[Self::Step]) -> Vec<Move>;
    /// Whether no move was ever left out but by the space's sound cuts, so
    /// that a search with nothing left proves the position lost.
    fn complete(&self) -> bool {
        true
    }
    /// Whether phase one leaves out moves that wins often need, so that
    /// phase two should walk in turns with it from the start rather than
    /// wait for it to be over.
    fn phases_in_turns(&self) -> bool {
        false
    }
}

impl TwoPhase for Explicit {
    fn pruned(&self) -> bool {
        self.pruned
    }

    fn unpruned(&self) -> Explicit {
        self.phase(false)
    }

    fn root(&self) -> Node {
        self.root
    }

    fn line(&self, won: &Node, path: &[Step]) -> Vec<Move> {
        Explicit::line(self, *won, path.to_vec())
    }

    fn complete(&self) -> bool {
        !self.clipped()
    }

    /// Where only runs of one suit move (Whitehead), part of a run moving
    /// to join a longer run of its suit is an everyday move, which phase
    /// one leaves out: it is then often searched to its end, millions of
    /// positions, before phase two finds a win in a few thousand.
    fn phases_in_turns(&self) -> bool {
        self.deal.suit_runs
    }
}

/// A search in its two phases (see [`TwoPhase`], [`Explicit::pruned`]).
struct Phased<S: Space = Explicit> {
    /// Phase one, or phase two once phase one is over.
    dfs: Dfs<S>,
    /// Phase two, while it takes turns with phase one.
    second: Option<Dfs<S>>,
    /// Whether `second` has the turn.
    second_turn: bool,
    /// Positions each phase walks in its turn ([`PHASE_TURN`]).
    turn: u64,
    /// Positions left in the turn.
    turn_left: u64,
    limits: Limits,
    /// Positions phase one searched, once phase two has begun.
    spent: u64,
    /// The most positions phase one's table held.
    peak: usize,
}

enum Engine {
    #[cfg(feature = "summary-solver")]
    Summary(Box<Summarised>),
    #[cfg(feature = "summary-solver")]
    Bases(Box<Bases>),
    Explicit(Box<Phased>),
    #[cfg(feature = "general-search")]
    General(Box<Phased<General>>),
}

/// A search in progress. Call [`Solver::run`] until it returns a report.
pub struct Solver {
    engine: Engine,
    done: Option<Report>,
}

impl Solver {
    /// Prepares a search of `state`: the summary search where it covers the
    /// rules, else the explicit search, else the general search (see
    /// [`supports`]).
    pub fn new(state: &State, limits: Limits) -> Result<Solver, Unsupported> {
        if let Some(s) = Solver::summary(state, limits) {
            return Ok(s);
        }
        #[cfg(feature = "general-search")]
        return Solver::explicit_or_rows(state, limits).or_else(|_| Solver::general(state, limits));
        #[cfg(not(feature = "general-search"))]
        Solver::explicit_or_rows(state, limits)
    }

    /// The general search alone: the rules engine's own positions and
    /// moves, cutting only positions seen before (`general.rs`).
    #[cfg(feature = "general-search")]
    pub fn general(state: &State, limits: Limits) -> Result<Solver, Unsupported> {
        Ok(Solver {
            engine: Engine::General(Box::new(Phased::begin(General::new(state)?, limits, 0, 0))),
            done: None,
        })
    }

    /// The summary search of `state`, if it covers the rules (Klondike's
    /// own, from any base once it is known, with ranks that wrap or not and
    /// a waste or reserves; none without the feature `summary-solver`).
    pub fn summary(state: &State, limits: Limits) -> Option<Solver> {
        #[cfg(feature = "summary-solver")]
        return match Summarised::new(state, limits) {
            Some(s) => Some(Solver {
                engine: Engine::Summary(Box::new(s)),
                done: None,
            }),
            None => Bases::new(state, limits).map(|b| Solver {
                engine: Engine::Bases(Box::new(b)),
                done: None,
            }),
        };
        #[cfg(not(feature = "summary-solver"))]
        {
            let _ = (state, limits);
            None
        }
    }

    /// The explicit search alone, whatever the rules. The game uses it for
    /// its hints, indicator and deal choices: the web build has no other
    /// search yet, so the game natively (and its tests) answers as the page
    /// does, and choices that must stay the same in every release (the
    /// daily deal) are made as they were before the summary search existed.
    pub fn explicit(state: &State, limits: Limits) -> Result<Solver, Unsupported> {
        Solver::explicit_of(state, limits, Stocks::Waste)
    }

    /// The explicit search, also where the stock is dealt a card onto each
    /// pile (Easthaven with one deck): the one [`Solver::new`] and the
    /// page's solver worker run where the summary search cannot. Only
    /// [`Solver::explicit`] leaves that stock out, so that the deals the
    /// page chooses with it stay the ones earlier releases chose.
    pub fn explicit_or_rows(state: &State, limits: Limits) -> Result<Solver, Unsupported> {
        Solver::explicit_of(state, limits, Stocks::WasteOrRows)
    }

    /// The explicit search with its phases taking turns of `turn`
    /// positions (where they take turns), for tests of the turns.
    #[cfg(test)]
    pub(super) fn explicit_in_turns_of(
        state: &State,
        limits: Limits,
        turn: u64,
    ) -> Result<Solver, Unsupported> {
        let mut phased = Phased::new(state, limits, Stocks::Waste)?;
        phased.turn = turn;
        phased.turn_left = turn;
        Ok(Solver {
            engine: Engine::Explicit(Box::new(phased)),
            done: None,
        })
    }

    fn explicit_of(state: &State, limits: Limits, stocks: Stocks) -> Result<Solver, Unsupported> {
        // (Explicit::new checks that the rules are supported.)
        Ok(Solver {
            engine: Engine::Explicit(Box::new(Phased::new(state, limits, stocks)?)),
            done: None,
        })
    }

    /// The report, once the search has ended.
    pub fn report(&self) -> Option<&Report> {
        self.done.as_ref()
    }

    /// The most positions the table has held at once so far.
    pub fn peak_table(&self) -> usize {
        match &self.engine {
            #[cfg(feature = "summary-solver")]
            Engine::Summary(s) => s.peak_table(),
            #[cfg(feature = "summary-solver")]
            Engine::Bases(b) => b.peak_table(),
            Engine::Explicit(e) => e.peak_table(),
            #[cfg(feature = "general-search")]
            Engine::General(g) => g.peak_table(),
        }
    }

    /// Positions searched so far.
    pub fn nodes(&self) -> u64 {
        match &self.engine {
            #[cfg(feature = "summary-solver")]
            Engine::Summary(s) => s.nodes(),
            #[cfg(feature = "summary-solver")]
            Engine::Bases(b) => b.nodes,
            Engine::Explicit(e) => e.nodes(),
            #[cfg(feature = "general-search")]
            Engine::General(g) => g.nodes(),
        }
    }

    /// Runs the search to its end, or until `clock` (milliseconds) reaches
    /// `deadline`, when the verdict is unknown. The clock is read between
    /// slices of [`TIMED_SLICE`] positions (a few milliseconds each).
    pub fn run_until(&mut self, deadline: f64, clock: impl Fn() -> f64) -> Report {
        loop {
            if let Some(report) = self.run(TIMED_SLICE) {
                return report;
            }
            if clock() >= deadline {
                return Report {
                    verdict: Verdict::Unknown,
                    nodes: self.nodes(),
                    peak_table: self.peak_table(),
                };
            }
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
                #[cfg(feature = "summary-solver")]
                Engine::Bases(b) => b.run(slice),
                Engine::Explicit(e) => e.run(slice),
                #[cfg(feature = "general-search")]
                Engine::General(g) => g.run(slice),
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
        Some(Summarised::of(piles, root, state, limits))
    }

    /// The search of `piles` from `root`, which is `state`.
    fn of(piles: Piles, root: Summary, state: &State, limits: Limits) -> Summarised {
        let relaxes = piles.relaxes();
        let slots = if relaxes {
            limits.table_slots / 2
        } else {
            limits.table_slots
        };
        Summarised {
            dfs: Turns::new(piles.orders(), root, slots),
            relaxed: if relaxes {
                Relaxation::Later
            } else {
                Relaxation::Over
            },
            relaxed_nodes: 0,
            relaxed_peak: 0,
            relaxing: false,
            turn_left: 0,
            limits,
            state: state.clone(),
            root,
            doubtful: false,
        }
    }

    /// Positions searched so far, the relaxation's included.
    fn nodes(&self) -> u64 {
        self.dfs.nodes + self.relaxed_nodes
    }

    /// The most positions either table has held.
    fn peak_table(&self) -> usize {
        self.dfs.table.peak_len().max(self.relaxed_peak)
    }

    fn report(&self, verdict: Verdict) -> Report {
        Report {
            verdict,
            nodes: self.nodes(),
            peak_table: self.peak_table(),
        }
    }

    /// Searches up to `slice` more positions, the deal's own search and
    /// (once it has joined in) its relaxation taking turns; the report once
    /// either decides the deal or the budget is spent.
    fn run(&mut self, slice: u64) -> Option<Report> {
        let stop = self.nodes().saturating_add(slice).min(self.limits.nodes);
        loop {
            let left = stop.saturating_sub(self.nodes());
            if left == 0 {
                return (self.nodes() >= self.limits.nodes).then(|| self.report(Verdict::Unknown));
            }
            if self.turn_left == 0 {
                self.relaxing = !self.relaxing && matches!(self.relaxed, Relaxation::Running(_));
                self.turn_left = if self.relaxing { RELAX_TURN } else { OWN_TURN };
            }
            let turn = self.turn_left.min(left);
            if !self.relaxing {
                self.turn_left -= turn;
                if self.dfs.run(turn) {
                    match self.verdict() {
                        Some(report) => return Some(report),
                        None => continue,
                    }
                }
                if matches!(self.relaxed, Relaxation::Later) && self.dfs.nodes >= RELAX_AFTER {
                    self.relaxed = self.relax();
                }
                continue;
            }
            let Relaxation::Running(r) = &mut self.relaxed else {
                self.turn_left = 0;
                continue;
            };
            let before = r.nodes;
            let over = r.run(turn);
            self.relaxed_nodes += r.nodes - before;
            self.relaxed_peak = self.relaxed_peak.max(r.table.peak_len());
            self.turn_left -= turn;
            if over {
                if let Some(Outcome::Exhausted) = r.outcome {
                    return Some(self.report(Verdict::Unwinnable));
                }
                self.relaxed = Relaxation::Over;
                self.turn_left = 0;
                self.dfs.table.raise_cap(self.limits.table_slots);
            }
        }
    }

    /// The relaxation's search, from the position searched.
    fn relax(&self) -> Relaxation {
        let mut state = self.state.clone();
        state.rules.draw = 1;
        state.rules.passes = Passes::Unlimited;
        match Piles::new(&state) {
            Some((piles, root)) => Relaxation::Running(Box::new(Turns::new(
                piles.orders(),
                root,
                self.limits.table_slots / 2,
            ))),
            None => Relaxation::Over,
        }
    }

    /// The answer of the deal's own search, once it is over.
    ///
    /// A win no arrangement can play (where ranks wrap, the counts may
    /// let a King sit on an Ace in its own run) is not one: the search
    /// goes on past it (`None`), and can then no longer prove the deal lost.
    fn verdict(&mut self) -> Option<Report> {
        let verdict = match &self.dfs.outcome {
            Some(Outcome::Won(end, path)) => {
                match line(self.dfs.space(), &self.state, self.root, path, end) {
                    Some(moves) => Verdict::Winnable(moves),
                    None => {
                        let key = self.dfs.space().key(end);
                        self.dfs.pass_over(key);
                        self.doubtful = true;
                        return None;
                    }
                }
            }
            Some(Outcome::Exhausted) if !self.doubtful => Verdict::Unwinnable,
            Some(Outcome::Exhausted | Outcome::OutOfBudget) | None => Verdict::Unknown,
        };
        Some(self.report(verdict))
    }
}

/// A game whose base the player is still to choose (Nine Across, before its
/// first card goes up): the summary search of each base's games, in turns.
/// It is won as soon as one of them is, and lost once all are.
#[cfg(feature = "summary-solver")]
struct Bases {
    /// The searches not yet over, each of its own base.
    searches: Vec<Summarised>,
    /// Whose turn it is, and the positions left in it.
    turn: usize,
    turn_left: u64,
    /// Positions searched by all of them, and the most any table held.
    nodes: u64,
    peak: usize,
    /// Whether a search ended without a verdict.
    undecided: bool,
    limits: Limits,
}

/// Positions each base's search walks in its turn.
#[cfg(feature = "summary-solver")]
const BASE_TURN: u64 = 4096;

#[cfg(feature = "summary-solver")]
impl Bases {
    /// The searches of `state`'s games, one for each base, if the player is
    /// still to choose it and the summary search covers the rest of the
    /// rules. Each table may take an eighth of the space: most deals are
    /// decided long before they grow so far.
    fn new(state: &State, limits: Limits) -> Option<Bases> {
        let each = Limits {
            nodes: limits.nodes,
            table_slots: (limits.table_slots / 8).max(1 << 16),
        };
        let searches: Vec<Summarised> = (1..=13)
            .filter_map(crate::cards::Rank::new)
            .map(|base| {
                let (piles, root) = Piles::choosing(state, base)?;
                Some(Summarised::of(piles, root, state, each))
            })
            .collect::<Option<_>>()?;
        Some(Bases {
            searches,
            turn: 0,
            turn_left: BASE_TURN,
            nodes: 0,
            peak: 0,
            undecided: false,
            limits,
        })
    }

    fn peak_table(&self) -> usize {
        self.searches
            .iter()
            .map(Summarised::peak_table)
            .fold(self.peak, usize::max)
    }

    fn report(&self, verdict: Verdict) -> Report {
        Report {
            verdict,
            nodes: self.nodes,
            peak_table: self.peak_table(),
        }
    }

    /// Searches up to `slice` more positions, a base's search at a time.
    fn run(&mut self, slice: u64) -> Option<Report> {
        let stop = self.nodes.saturating_add(slice).min(self.limits.nodes);
        loop {
            if self.searches.is_empty() {
                return Some(self.report(if self.undecided {
                    Verdict::Unknown
                } else {
                    Verdict::Unwinnable
                }));
            }
            let left = stop.saturating_sub(self.nodes);
            if left == 0 {
                return (self.nodes >= self.limits.nodes).then(|| self.report(Verdict::Unknown));
            }
            if self.turn >= self.searches.len() {
                self.turn = 0;
            }
            let search = &mut self.searches[self.turn];
            let before = search.nodes();
            let over = search.run(self.turn_left.min(left));
            let walked = search.nodes() - before;
            self.nodes += walked;
            self.turn_left = self.turn_left.saturating_sub(walked);
            let Some(report) = over else {
                if self.turn_left == 0 {
                    self.turn += 1;
                    self.turn_left = BASE_TURN;
                }
                continue;
            };
            match report.verdict {
                Verdict::Winnable(line) => return Some(self.report(Verdict::Winnable(line))),
                // A search that ends unknown (a winning line it could not
                // play: a bug) leaves the game undecided.
                Verdict::Unknown => self.undecided = true,
                Verdict::Unwinnable => {}
            }
            let gone = self.searches.remove(self.turn);
            self.peak = self.peak.max(gone.peak_table());
            self.turn_left = BASE_TURN;
        }
    }
}

impl Phased {
    fn new(state: &State, limits: Limits, stocks: Stocks) -> Result<Phased, Unsupported> {
        Ok(Phased::begin(Explicit::new(state, stocks)?, limits, 0, 0))
    }
}

impl<S: TwoPhase> Phased<S> {
    /// A search of `space` from its root, after `spent` positions that
    /// held at most `peak` in the table. Where the space asks for it
    /// ([`TwoPhase::phases_in_turns`]), phase two walks from the start in
    /// turns with phase one, each with half the table.
    fn begin(space: S, limits: Limits, spent: u64, peak: usize) -> Phased<S> {
        let root = space.root();
        let left = limits.nodes.saturating_sub(spent);
        let in_turns = space.pruned() && space.phases_in_turns();
        let slots = if in_turns {
            limits.table_slots / 2
        } else {
            limits.table_slots
        };
        let second = in_turns.then(|| Dfs::new(space.unpruned(), root.clone(), left, slots));
        Phased {
            dfs: Dfs::new(space, root, left, slots),
            second,
            second_turn: false,
            turn: PHASE_TURN,
            turn_left: PHASE_TURN,
            limits,
            spent,
            peak,
        }
    }

    fn nodes(&self) -> u64 {
        self.spent + self.dfs.nodes + self.second.as_ref().map_or(0, |d| d.nodes)
    }

    fn peak_table(&self) -> usize {
        let second = self.second.as_ref().map_or(0, |d| d.table.peak_len());
        self.peak.max(self.dfs.table.peak_len()).max(second)
    }

    fn report(&self, verdict: Verdict) -> Report {
        Report {
            verdict,
            nodes: self.nodes(),
            peak_table: self.peak_table(),
        }
    }

    fn run(&mut self, slice: u64) -> Option<Report> {
        let stop = self.nodes().saturating_add(slice);
        loop {
            if self.second.is_some() {
                match self.take_turn(stop) {
                    Turn::Over(report) => return Some(report),
                    Turn::Paused => return None,
                    Turn::Next => continue,
                }
            }
            if !self.dfs.run(stop.saturating_sub(self.nodes())) {
                return None;
            }
            match Self::ended(&self.dfs) {
                Some(verdict) => return Some(self.report(verdict)),
                None => {
                    // Phase one found no win; search everything to prove it.
                    let space = self.dfs.space.unpruned();
                    let (spent, peak) = (self.nodes(), self.peak_table());
                    *self = Phased::begin(space, self.limits, spent, peak);
                }
            }
        }
    }

    /// What `walk` came to, once it is over: its verdict, or none where
    /// phase one ran out of positions without a win, which proves nothing
    /// (phase two must search on).
    fn ended(walk: &Dfs<S>) -> Option<Verdict> {
        Some(match walk.outcome.as_ref() {
            Some(Outcome::Won(won, path)) => Verdict::Winnable(walk.space.line(won, path)),
            Some(Outcome::Exhausted) if walk.space.pruned() => return None,
            Some(Outcome::Exhausted) if walk.space.complete() => Verdict::Unwinnable,
            Some(Outcome::Exhausted | Outcome::OutOfBudget) | None => Verdict::Unknown,
        })
    }

    /// While the two phases take turns: the walk whose turn it is searches
    /// up to the end of its turn, of the slice (which ends at `stop`) or of
    /// the budget, whichever comes first.
    fn take_turn(&mut self, stop: u64) -> Turn {
        let done = self.nodes();
        if done >= self.limits.nodes {
            return Turn::Over(self.report(Verdict::Unknown));
        }
        let left = stop.min(self.limits.nodes).saturating_sub(done);
        if left == 0 {
            return Turn::Paused;
        }
        let Some(second) = self.second.as_mut() else {
            return Turn::Next;
        };
        let walk = if self.second_turn {
            second
        } else {
            &mut self.dfs
        };
        let before = walk.nodes;
        let over = walk.run(self.turn_left.min(left));
        self.turn_left -= (walk.nodes - before).min(self.turn_left);
        if !over {
            if self.turn_left == 0 {
                self.second_turn = !self.second_turn;
                self.turn_left = self.turn;
            }
            return Turn::Next;
        }
        if let Some(verdict) = Self::ended(walk) {
            return Turn::Over(self.report(verdict));
        }
        // Phase one found no win: phase two goes on alone, with the whole table.
        let (spent, peak) = (self.spent + self.dfs.nodes, self.peak_table());
        if let Some(mut second) = self.second.take() {
            second.table.raise_cap(self.limits.table_slots);
            second.limit_to(self.limits.nodes.saturating_sub(spent));
            self.dfs = second;
        }
        self.spent = spent;
        self.peak = peak;
        Turn::Next
    }
}

/// What a turn of the two phases came to.
enum Turn {
    /// The search is over.
    Over(Report),
    /// The slice is spent.
    Paused,
    /// The search goes on.
    Next,
}
