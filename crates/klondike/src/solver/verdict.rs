//! What the solver is asked and answers: limits, verdicts, reports, and what it cannot search.

use super::*;

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The position can be won; these moves (in the rules' notation) win it.
    Winnable(Vec<Move>),
    /// No sequence of moves wins: the search was exhaustive.
    Unwinnable,
    /// The budget ran out first.
    Unknown,
}

impl Verdict {
    /// A one-word name: `winnable`, `unwinnable` or `unknown`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Winnable(_) => "winnable",
            Verdict::Unwinnable => "unwinnable",
            Verdict::Unknown => "unknown",
        }
    }
}

/// The solver's answer and what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The answer.
    pub verdict: Verdict,
    /// Positions searched.
    pub nodes: u64,
    /// The most positions the table held at once.
    pub peak_table: usize,
}

/// Rules the solver cannot express.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported(pub String);

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the solver does not support {}", self.0)
    }
}

impl std::error::Error for Unsupported {}

/// Limits on a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Positions to search before answering [`Verdict::Unknown`].
    pub nodes: u64,
    /// The most slots the transposition table may grow to (rounded up to a
    /// power of two; eight bytes each). It starts small and doubles while
    /// more than half full; once at this size, new positions replace old.
    pub table_slots: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            nodes: 2_000_000,
            table_slots: 1 << 21,
        }
    }
}

/// Whether some search of [`Solver::new`] can take `state`'s rules, or the
/// plain reason none can: every one-player member of the family with the
/// feature `general-search`, else those of [`explicit_supports`] and
/// Easthaven with one deck.
pub fn supports(state: &State) -> Result<(), Unsupported> {
    #[cfg(feature = "general-search")]
    return super::general::General::new(state).map(|_| ());
    #[cfg(not(feature = "general-search"))]
    explicit_takes(state, Stocks::WasteOrRows)
}

/// Whether the explicit search ([`Solver::explicit`], the one the page has
/// in its own module) can take `state`'s rules, or the plain reason it
/// cannot. Where it can, so can the summary search for Klondike's own build
/// rules; where it cannot, [`Solver::new`] searches with the general search,
/// except for a stock dealt onto the piles with one deck (Easthaven), which
/// [`Solver::new`]'s explicit search takes.
pub fn explicit_supports(state: &State) -> Result<(), Unsupported> {
    explicit_takes(state, Stocks::Waste)
}

/// The stocks the explicit search is asked to take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stocks {
    /// A stock dealt to a waste only: [`Solver::explicit`], whose choices
    /// (the page's deals) must stay as earlier releases made them.
    Waste,
    /// A waste, or a stock dealt a card onto each pile (Easthaven):
    /// [`Solver::new`]'s explicit search.
    WasteOrRows,
}

/// Whether the explicit search can take `state`'s rules with `stocks`, or
/// the plain reason it cannot.
pub(super) fn explicit_takes(state: &State, stocks: Stocks) -> Result<(), Unsupported> {
    let r = state.rules;
    if state.base != Some(Rank::ACE) || r.wrap {
        return Err(Unsupported(
            "foundations that start from another rank than the Ace, or ranks that wrap".into(),
        ));
    }
    let taken = match r.stock {
        StockRule::Waste => true,
        StockRule::OnPiles => stocks == Stocks::WasteOrRows,
        StockRule::OnReserves => false,
    };
    if !taken {
        return Err(Unsupported(
            "a stock dealt onto the piles or onto reserves".into(),
        ));
    }
    if r.players != 1 {
        return Err(Unsupported("two players".into()));
    }
    if r.decks != 1 {
        return Err(Unsupported("more than one deck".into()));
    }
    if r.jokers {
        return Err(Unsupported("jokers".into()));
    }
    if state.tableau.len() > MAX_PILES {
        return Err(Unsupported(format!("more than {MAX_PILES} tableau piles")));
    }
    Ok(())
}

/// Solves `state` to the end of the node budget.
pub fn solve(state: &State, limits: Limits) -> Result<Report, Unsupported> {
    Ok(finish(Solver::new(state, limits)?))
}

/// Solves `state` with the explicit search alone (see [`Solver::explicit`]).
pub fn solve_explicit(state: &State, limits: Limits) -> Result<Report, Unsupported> {
    Ok(finish(Solver::explicit(state, limits)?))
}

/// Solves `state` with the general search alone (see [`Solver::general`]).
#[cfg(feature = "general-search")]
pub fn solve_general(state: &State, limits: Limits) -> Result<Report, Unsupported> {
    Ok(finish(Solver::general(state, limits)?))
}

pub(super) fn finish(mut s: Solver) -> Report {
    loop {
        if let Some(r) = s.run(u64::MAX) {
            return r;
        }
    }
}

/// A verdict without its line: what a solver run in slices by the shell's
/// [`Thinker`](parlour_kit::think::Thinker) answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// A win exists.
    Winnable,
    /// No win exists.
    Unwinnable,
    /// The budget ran out first.
    Unknown,
}

impl From<&Verdict> for Found {
    fn from(v: &Verdict) -> Found {
        match v {
            Verdict::Winnable(_) => Found::Winnable,
            Verdict::Unwinnable => Found::Unwinnable,
            Verdict::Unknown => Found::Unknown,
        }
    }
}

/// A verdict as a game keeps it for the position on screen: what was found,
/// and the first move of a win (none where the position is won already).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// What the solver found.
    pub found: Found,
    /// The move that starts a win, if one was found.
    pub first: Option<Move>,
}

impl From<&Verdict> for Judgement {
    fn from(v: &Verdict) -> Judgement {
        Judgement {
            found: v.into(),
            first: match v {
                Verdict::Winnable(line) => line.first().copied(),
                _ => None,
            },
        }
    }
}

/// A solver is a search like a computer player's: the shell's think
/// scheduler runs it in slices of positions sized to the frame rate, and
/// always ends it (an unfinished search answers [`Found::Unknown`]).
impl parlour_kit::think::Think for Solver {
    type Move = Found;

    fn step(&mut self, work: u32) -> parlour_kit::think::Progress {
        match self.run(u64::from(work)) {
            Some(_) => parlour_kit::think::Progress::Done,
            None => parlour_kit::think::Progress::Working,
        }
    }

    fn best(&self) -> Option<Found> {
        Some(
            self.report()
                .map_or(Found::Unknown, |r| Found::from(&r.verdict)),
        )
    }
}
