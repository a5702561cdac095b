//! The search over position summaries: Klondike's own rules (building down
//! in alternate colours, any run moving, only Kings to spaces), with the
//! arrangement of the face-up cards forgotten. It also plays the members
//! that differ only where the ranks start, wrap, or where the stock goes
//! (Agnes): see "Other bases, ranks that wrap, and reserves" below.
//!
//! # The summary
//!
//! A pile's cards that have never moved sit where they were dealt: its
//! *locked* cards, bottom first (face down, or face up but not part of the
//! run at the top). The topmost locked card, face up, is the pile's
//! *surface*. Every other face-up card in the tableau is *placed*: it came
//! from the stock, from a foundation or off a surface, and sits on a card one
//! rank higher of the other colour, or (a King) heads a pile of its own.
//!
//! A [`Summary`] keeps the foundations, how many locked cards each pile has
//! left, the placed cards as a set, and the stock and waste. It does not say
//! which card a placed card sits on. That is sound because the arrangements
//! of one summary reach one another and the same positions:
//!
//! - Call a rank and colour a *kind* (two cards each). Some card of kind
//!   `k` is bare in every arrangement of a summary exactly when the visible
//!   cards (surfaces and placed) of kind `k` outnumber the placed cards that
//!   sit on kind `k` (one rank lower, the other colour): each placed card
//!   covers one card of its parent kind, so by counting one of kind `k` is
//!   left bare, and otherwise an arrangement covers them all. Call `k`
//!   *free* then.
//! - If `k` is free, *either* card of kind `k` can be made bare by moving
//!   what covers it (a run headed by a placed card) onto its bare twin: one
//!   tableau move. So "a card of a free kind goes up" is a move of every
//!   arrangement.
//! - Moving a run headed by a placed card onto another card of its parent
//!   kind (or, a King's run, to another space) changes only the
//!   arrangement. Every other tableau move takes a run headed by a surface:
//!   a *reveal* (the surface becomes placed; the locked card under it turns
//!   up or becomes the surface).
//!
//! So each summary move below is playable from every arrangement of its
//! summary and every real move is a summary move or none, and the summary
//! is won exactly when some arrangement is. The search has no pile-to-pile
//! moves of its own: they all happen inside the summary moves.
//!
//! # The moves
//!
//! - [`Step::Up`]: a card of a free kind to its foundation.
//! - [`Step::Reveal`]: a pile's surface, with what is on it, onto a free
//!   card of its parent kind, or a King into a space.
//! - [`Step::Talon`]: a card dealing can bring to the top of the waste, to
//!   its foundation or onto the tableau.
//! - [`Step::Down`]: a foundation's top card back onto the tableau.
//!
//! # The cuts, and why none loses a win
//!
//! - **Safe cards go up unasked.** A tableau card of rank `r` whose every
//!   possible holder (rank `r - 1`, other colour) is on its foundation, and
//!   when cards may come back from the foundations whose same-colour twin's
//!   foundation holds rank `r - 2` too, is never needed in the tableau again
//!   (Blake and Gent's safe-move rule; without worrying back, nothing can
//!   ever be put on it). Likewise the waste's top dealing singly, any
//!   stock card dealing singly without a pass limit, and the stock's last
//!   card dealing by threes without a pass limit when the waste stands
//!   where a pass from the start stops (taking it moves no other card).
//! - **A King at the bottom of a pile never moves into a space**: the same
//!   position. **Another card at the bottom of a pile moves off only when
//!   no pile is empty and a King could take the space** it leaves: until
//!   then the move can wait (the card can move later from where it is, and
//!   only a King can use a space).
//! - **A card goes to the tableau from a foundation, or from the stock when
//!   dealing singly without a pass limit, only to be used at once**: when
//!   no bare card of its kind is there yet and a card could go onto it or
//!   its covered twin could go up ([`Piles::place_enables`]), or, from a
//!   foundation, when it may be the first of several cards coming down in a
//!   row for the last one's use ([`Piles::row_enables`]: its first use is
//!   then the next card coming down). Either move can wait until just
//!   before its first use, since the stock card stays at reach and nothing
//!   goes up onto the foundation card while it is down.
//! - **A tableau card that is not a surface goes up only to be used at
//!   once** ([`Piles::up_enables`]), and, dealing singly without a pass
//!   limit, **a stock card goes up only so** ([`Piles::talon_up_enables`]):
//!   the same argument. The next card of its suit in sight counts as a use
//!   even while cards cover it: those may be waiting for this one. The
//!   summary is won once no locked card is left under a surface and the
//!   stock is empty (or, dealing so, whatever is in it).
//! - **Dominated stock positions**: with the waste standing a whole number
//!   of deals earlier in the same pass, a summary has every move of this one
//!   ([`Space::dominators`]), so this one is not searched after it. With no
//!   pass limit, the same holds for a summary whose waste stands where a
//!   pass from the start does not stop, against the same summary with the
//!   waste where one does: dealing on and turning the waste over, it
//!   reaches every card the other reaches, and taking a card leaves the
//!   waste at the same place from either. A dominated summary is skipped
//!   only once its dominator was searched, and the dominator wins in as few
//!   moves, so a shortest win is never cut off.
//! - **A safe card never comes back down.**
//! - **A summary with locked cards that can never move is lost**
//!   ([`Piles::stuck`]): each of them waits for a card that lies under one
//!   of them (or is up for good) to go up or to take it.
//!
//! Each "can wait" argument is about a winning line: move the step to just
//! before the first move that needs it, and every move in between stays
//! legal (the card's absence only uncovers cards, and the kind it would
//! cover keeps one bare card more); doing so for each such step in turn
//! gives a winning line that uses only the steps the cuts allow. The cuts
//! look at the summary alone, never at the path to it, so they combine
//! soundly with the table of searched summaries.
//!
//! # Other bases, ranks that wrap, and reserves
//!
//! - **A base other than the Ace.** The search counts every rank from the
//!   foundations' base: the base is its Ace and the rank below the base its
//!   King, which is also the rank a space takes. Building and the
//!   foundations are then Klondike's, card for card; [`Piles::natural`]
//!   names each card as the game does for the winning line.
//! - **Ranks that wrap** (Agnes, Nine Across): a King may also sit on an
//!   Ace of the other colour. A placed King then heads a pile *or* sits on
//!   a visible Ace, as the arrangement has it, so which Aces are bare and
//!   whether a space is free are no longer counts of one kind each: a King
//!   left over by the Aces of its parent kind must head a pile. An Ace of
//!   kind `a` can be made bare exactly when the Kings that must head piles
//!   with one such Ace fewer fit in the piles without locked cards, and a
//!   space exists exactly when they fit with one pile to spare
//!   ([`Piles::sight`]). Moving a King's run between a bare Ace and a space
//!   is a tableau move of every arrangement, and from any arrangement one
//!   such move, or two (first a King of the other colour from a pile onto
//!   a bare Ace, then this one into the pile it left), reaches one where
//!   that Ace or space is bare; `line.rs` plays them. An Ace in a King's
//!   own run cannot hold it, which the counts do not see: they may allow a
//!   move no arrangement has, which adds moves and never cuts one, and a
//!   win is checked by playing it. An Ace is never safe (it may be a King's
//!   only room), nor is any card where cards may come back down (each may
//!   come down in turn, down to an Ace that holds a King); with no cards
//!   coming back, a card whose two holders are up is safe as before. A
//!   summary with every card in a run is won only once the lowest card
//!   left can always be made bare and sent up ([`Piles::finish`]).
//! - **Reserves fed by the stock** (Agnes): each deal puts a card on every
//!   reserve pile, only their tops play, and nothing is built on them
//!   (`reserves.rs`). A deal covers every top, so a reserve card's move can
//!   never wait and none is cut (but a safe card's to the tableau); the
//!   cuts that ask what could be played at once count the reserves' tops as
//!   the cards at reach. A safe top goes up unasked: taking it only shows
//!   the card under it. A deal is a move of its own.
//!
//! `tests/solver_soundness.rs` checks every cut against exhaustive play over
//! the rules engine, with each base, with ranks wrapping and not, and with
//! reserves.

use super::dfs::Space;
use super::reserves::{Held, Reserves};
use super::search::mix;
use super::talon::{DealRule, Talon};
use super::{rank, red, suit, MAX_PILES};
use crate::rules::{Build, Fill, Passes, Runs, State, StockRule};

/// Cards in a deck.
const CARDS: usize = 52;
/// Rank-and-colour kinds: two cards each.
const KINDS: usize = 26;
/// The four Kings.
const KINGS: u64 = rank_cards(13);
/// The red cards (diamonds and hearts).
const RED: u64 = 0x3FF_FFFF << 13;

/// The four cards of rank `r`, as bits.
const fn rank_cards(r: u8) -> u64 {
    let r = r as u32 - 1;
    1 << r | 1 << (13 + r) | 1 << (26 + r) | 1 << (39 + r)
}

/// A card's kind: its rank and colour.
const fn kind(c: u8) -> usize {
    (rank(c) as usize - 1) * 2 + red(c) as usize
}

/// The kind a card is built on (one rank higher, the other colour); `None` for a King.
const fn parent_kind(c: u8) -> Option<usize> {
    if rank(c) == 13 {
        None
    } else {
        Some(rank(c) as usize * 2 + !red(c) as usize)
    }
}

/// The other card of `c`'s kind.
pub(super) const fn twin(c: u8) -> u8 {
    (3 - suit(c) as u8) * 13 + rank(c) - 1
}

/// The cards of a set, lowest first.
fn bits(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as u8;
            set &= set - 1;
            c
        })
    })
}

/// Bit `i` of a thirteen-bit mask to bit `2i`: ranks to kinds of one colour.
const fn spread(x: u32) -> u32 {
    let x = (x | x << 8) & 0x00FF_00FF;
    let x = (x | x << 4) & 0x0F0F_0F0F;
    let x = (x | x << 2) & 0x3333_3333;
    (x | x << 1) & 0x5555_5555
}

/// The cards that sit on each kind, as bits.
struct Kinds {
    children: [u64; KINDS],
}

const fn kinds() -> Kinds {
    let mut k = Kinds {
        children: [0; KINDS],
    };
    let mut c = 0;
    while c < CARDS as u8 {
        if let Some(p) = parent_kind(c) {
            k.children[p] |= 1 << c;
        }
        c += 1;
    }
    k
}

static KIND: Kinds = kinds();

/// The two cards each card is built on (none for a King), as bits.
static PARENTS: [u64; CARDS] = parents();

const fn parents() -> [u64; CARDS] {
    let mut out = [0; CARDS];
    let mut c = 0;
    while c < CARDS as u8 {
        if rank(c) < 13 {
            let (a, b) = if red(c) { (0, 3) } else { (1, 2) };
            out[c as usize] = 1 << (a * 13 + rank(c)) | 1 << (b * 13 + rank(c));
        }
        c += 1;
    }
    out
}

/// The cards of each card's suit below it, as bits.
static BELOW: [u64; CARDS] = below();

const fn below() -> [u64; CARDS] {
    let mut out = [0; CARDS];
    let mut c = 0;
    while c < CARDS as u8 {
        out[c as usize] = ((1u64 << (rank(c) - 1)) - 1) << (13 * suit(c) as u32);
        c += 1;
    }
    out
}

/// A move between summaries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// A tableau card (placed or a surface) to its foundation.
    Up(u8),
    /// A pile's surface, with what is on it, onto the tableau.
    Reveal(u8),
    /// Deal (recycling `recycles` times) until the waste shows the card at
    /// `target`, then play it up (`up`) or onto the tableau.
    Talon { target: u8, recycles: u8, up: bool },
    /// A suit's foundation top back onto the tableau.
    Down(u8),
    /// A card onto each reserve pile from the stock.
    Deal,
    /// A reserve pile's top card up (`up`) or onto the tableau.
    Reserve { pile: u8, up: bool },
    /// Before the base is chosen: the placed Kings of the game (`heads`,
    /// as bits) stay heading piles and the rest sit on Aces, and an Ace of
    /// the search's base goes up next, choosing it ([`Stage`]).
    Base { heads: u64 },
    /// A King of the game heading a pile since before the base was chosen
    /// moves onto an Ace of the other colour, leaving a space.
    Unhead(u8),
}

/// Where a game whose base the player chooses stands (Nine Across: the
/// first card up sets it, and until then a space takes a King).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) enum Stage {
    /// The base is known.
    Based,
    /// No card is up yet: a space takes the game's King.
    Choosing,
    /// The heads are fixed ([`Step::Base`]): an Ace goes up next.
    Chosen,
}

/// A position with the arrangement of its face-up cards forgotten.
#[derive(Clone, Copy)]
pub(super) struct Summary {
    pub(super) found: [u8; 4],
    /// Locked cards left in each pile.
    pub(super) height: [u8; MAX_PILES],
    /// The placed cards, as bits.
    pub(super) placed: u64,
    /// The piles' surfaces, as bits: what the heights say, kept with them
    /// so that the many questions about surfaces are a mask each.
    pub(super) surfaces: u64,
    pub(super) talon: Talon,
    /// The cards in the reserves and the stock that feeds them, if the
    /// game has reserves.
    pub(super) held: Held,
    /// Whether the base is known yet.
    pub(super) stage: Stage,
    /// Once it is, the placed Kings of the game (not the search's Kings
    /// unless the base is the Ace) that have headed piles since before:
    /// no space takes them again.
    pub(super) heads: u64,
}

/// What a summary shows at once, worked out for its moves.
struct Sight {
    /// Surfaces and placed cards.
    visible: u64,
    /// The free kinds, as bits.
    free: u32,
    /// Empty piles, or as many as can be made.
    spaces: u32,
    /// The rank a space takes.
    fill: u8,
    /// Piles with no locked card and no head.
    empty: u32,
}

/// The fixed part of a search: the deal's locked cards and the rules.
#[derive(Clone)]
pub(super) struct Piles {
    piles: usize,
    /// Each pile's locked cards, bottom first.
    locked: [[u8; CARDS]; MAX_PILES],
    /// Where each pile's face-up cards began.
    up_from: [u8; MAX_PILES],
    /// The pile each card is locked in, if any.
    home: [u8; CARDS],
    /// The cards each locked card lies on in its pile, as bits.
    beneath: [u64; CARDS],
    /// Each pile's bottom card, as bits: a surface among them is its
    /// pile's last locked card.
    bottoms: u64,
    /// The locked cards dealt face up onto a face-up card of their parent
    /// kind: they go along when it moves, so they need no way out of their own.
    carried: u64,
    deal: DealRule,
    from_foundation: bool,
    /// Ranks wrap: a King may sit on an Ace of the other colour.
    wrap: bool,
    /// The rank a space takes before the base is chosen: the game's King,
    /// in the search's ranks (13 when the base is the Ace or known from
    /// the start).
    first_fill: u8,
    /// The reserves the stock feeds (Agnes), in place of a waste.
    reserves: Option<Reserves>,
    /// Each card's index in the game, by its index here: the search
    /// counts ranks from the foundations' base, so that the base is its
    /// Ace and the rank below the base its King.
    natural: [u8; CARDS],
    /// How [`Space::moves`] orders the moves.
    order: Order,
}

/// The orders the search walks in, in turns ([`super::turns::Turns`]). No order
/// is best for every deal: measured on draw-3 deals 1-1,000 at 1 s, one
/// walk in the plain order left 40 unknown, walks in it and the tallest
/// 31, and in those and the stock order 27 (a further one, stock first
/// with reveals from the left, 28). The low order, walked first, was added
/// later (issue 39): on draw-3 deals 1-2,000 at 20 million positions each
/// it took the positions searched in all from 419.4 to 378.2 million and
/// the deals left unknown from 5 to 3; dealing singly, 232.7 to 215.2
/// million. Walked first but alone it needed 704.5 million, and walked
/// last of the four it gained nothing (419.0 million): it is the first
/// walk's entering positions that others then skip.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// Reveals of the lowest surfaces first (of equal ranks, from the
    /// tallest piles), then cards up, then stock cards onto the tableau,
    /// lowest first, then stock cards up, then foundation cards down: the
    /// order of lonelybot's move generator. It wins at once many deals the
    /// others wander on (draw-1 deal 84: 48 positions, against 5.3
    /// million).
    Low,
    /// Cards up, reveals from left to right, the stock, foundation cards down.
    Plain,
    /// Reveals from the piles with the most locked cards first.
    Tallest,
    /// The stock first, then reveals from the tallest piles.
    Stock,
}

impl Piles {
    /// The summary search of `state`, or `None` if its rules are not
    /// Klondike's own (then another search plays them): building down in
    /// alternate colours, any run moving, only the rank below the base to
    /// a space, one deck, a waste or reserves. The base may be any rank,
    /// once known, and ranks may wrap (Agnes). Where the player is still
    /// to choose the base, see [`Piles::choosing`].
    pub(super) fn new(state: &State) -> Option<(Piles, Summary)> {
        Piles::build(state, state.base?.value(), false)
    }

    /// The search of `state`, whose base is still to be chosen (no card is
    /// up: Nine Across), for the games whose first card up is of rank
    /// `base`: until then a space takes a King, after it the rank below
    /// `base`. Every base's search together cover the game.
    pub(super) fn choosing(state: &State, base: crate::cards::Rank) -> Option<(Piles, Summary)> {
        let fresh = state.base.is_none() && state.foundations.iter().all(|&n| n == 0);
        if !fresh {
            return None;
        }
        Piles::build(state, base.value(), true)
    }

    fn build(state: &State, base: u8, choosing: bool) -> Option<(Piles, Summary)> {
        let r = state.rules;
        let classic = r.build == Build::AlternateColour
            && r.runs == Runs::Any
            && r.fill == Fill::King
            && matches!(r.stock, StockRule::Waste | StockRule::OnReserves)
            && r.decks == 1
            && !r.jokers
            && r.players == 1
            && state.tableau.len() <= MAX_PILES;
        if !classic {
            return None;
        }
        // Ranks counted from the base: the base is the search's Ace.
        let rel = |c: &crate::cards::Card| {
            let c = c.index() as u8;
            (c / 13) * 13 + (rank(c) + 13 - base) % 13
        };
        let mut natural = [0; CARDS];
        for c in 0..CARDS as u8 {
            natural[usize::from((c / 13) * 13 + (rank(c) + 13 - base) % 13)] = c;
        }
        let reserves = match r.stock {
            StockRule::OnReserves => {
                let piles: Vec<Vec<u8>> = state
                    .reserves
                    .iter()
                    .map(|p| p.iter().map(rel).collect())
                    .collect();
                let stock: Vec<u8> = state.stock.iter().map(rel).collect();
                Some(Reserves::new(&piles, &stock)?)
            }
            _ => None,
        };
        let mut piles = Piles {
            piles: state.tableau.len(),
            locked: [[0; CARDS]; MAX_PILES],
            up_from: [0; MAX_PILES],
            home: [u8::MAX; CARDS],
            beneath: [0; CARDS],
            bottoms: 0,
            carried: 0,
            // Reserves are not a waste: no deal rule of the waste's applies.
            deal: if reserves.is_some() {
                DealRule {
                    draw: 1,
                    passes: Passes::Limited(1),
                }
            } else {
                DealRule {
                    draw: r.draw.max(1),
                    passes: r.passes_allowed(),
                }
            },
            from_foundation: r.from_foundation,
            wrap: r.wrap,
            // The game's King, in the search's ranks, while the base is to
            // be chosen; the search's King once it is known.
            first_fill: if choosing { (26 - base) % 13 + 1 } else { 13 },
            reserves: None,
            natural,
            order: Order::Plain,
        };
        let talon: Vec<u8> = match reserves {
            Some(_) => Vec::new(),
            None => state
                .waste
                .iter()
                .chain(state.stock.iter().rev())
                .map(rel)
                .collect(),
        };
        let (reserves, held) = match reserves {
            Some((r, h)) => (Some(r), h),
            None => (None, Held { cards: 0, dealt: 0 }),
        };
        piles.reserves = reserves;
        let cursor = if piles.reserves.is_some() {
            0
        } else {
            state.waste.len() as u8
        };
        let mut sum = Summary {
            found: std::array::from_fn(|i| state.foundations[i]),
            height: [0; MAX_PILES],
            placed: 0,
            surfaces: 0,
            talon: Talon::new(&talon, cursor, state.recycles),
            held,
            stage: if choosing && piles.first_fill != 13 {
                Stage::Choosing
            } else {
                Stage::Based
            },
            heads: 0,
        };
        for (p, col) in state.tableau.iter().enumerate() {
            for (i, c) in col.cards.iter().enumerate() {
                let c = rel(c);
                piles.locked[p][i] = c;
                piles.home[usize::from(c)] = p as u8;
                piles.beneath[usize::from(c)] =
                    col.cards[..i].iter().fold(0, |set, x| set | 1 << rel(x));
                if i > usize::from(col.down) && piles.builds_on(c, rel(&col.cards[i - 1])) {
                    piles.carried |= 1 << c;
                }
            }
            piles.up_from[p] = col.down.min(col.cards.len() as u8);
            sum.height[p] = col.cards.len() as u8;
            piles.settle(&mut sum, p);
            if let Some(&c) = col.cards.first() {
                piles.bottoms |= 1 << rel(&c);
            }
        }
        sum.surfaces = piles.surfaces_of(&sum);
        Some((piles, sum))
    }

    /// Whether the deal has a relaxation ([`super::engine`]): dealt from a
    /// waste by threes or with passes counted. (Agnes's, with every card
    /// of the reserves and the stock at hand at any time, was measured and
    /// left out: on deals 1-300 at 3 million positions it decided 53 lost
    /// but left 55 and 185 unknown, in 4.7% more positions in all.)
    pub(super) fn relaxes(&self) -> bool {
        self.reserves.is_none() && !self.deal.free()
    }

    /// The game's index of the card the search calls `c` (whose ranks count
    /// from the base).
    pub(super) fn natural(&self, c: u8) -> u8 {
        self.natural[usize::from(c)]
    }

    /// The kind a card is built on: one rank higher, the other colour (an
    /// Ace for a King where ranks wrap; none for a King otherwise).
    fn parent_kind(&self, c: u8) -> Option<usize> {
        match parent_kind(c) {
            None if self.wrap => Some(usize::from(!red(c))),
            k => k,
        }
    }

    /// Whether `c` may sit on `under` in the tableau.
    fn builds_on(&self, c: u8, under: u8) -> bool {
        self.parent_kind(c) == Some(kind(under))
    }

    /// The cards that sit on kind `k`, as bits.
    fn children(&self, k: usize) -> u64 {
        match k {
            // The red Kings on the black Aces (kind 0), the black on the red.
            0 if self.wrap => KINGS & RED,
            1 if self.wrap => KINGS & !RED,
            _ => KIND.children[k],
        }
    }

    /// The same search in each move order it walks in ([`Order`]).
    pub(super) fn orders(&self) -> Vec<Piles> {
        [Order::Low, Order::Plain, Order::Tallest, Order::Stock]
            .map(|order| Piles {
                order,
                ..self.clone()
            })
            .into()
    }

    /// Where `step` stands in the order [`Order::Low`]: by kind of move,
    /// then the rank of the card it plays.
    fn low_key(&self, s: &Summary, step: Step) -> (u8, u8) {
        match step {
            Step::Reveal(p) => (0, self.surface(s, usize::from(p)).map_or(0, rank)),
            Step::Up(c) => (1, rank(c)),
            Step::Talon { target, up, .. } => (2 + u8::from(up), rank(s.talon.at(target))),
            Step::Reserve { pile, up } => (
                2 + u8::from(up),
                self.reserves
                    .as_ref()
                    .and_then(|r| r.top(s.held, usize::from(pile)))
                    .map_or(0, rank),
            ),
            Step::Down(f) => (4, s.found[usize::from(f)]),
            Step::Deal => (5, 0),
            Step::Base { .. } => (1, 0),
            Step::Unhead(c) => (0, rank(c)),
        }
    }

    /// How the search deals.
    pub(super) fn deal(&self) -> DealRule {
        self.deal
    }

    /// The placed Kings of the game (the cards a space takes before the
    /// base is chosen), as bits.
    pub(super) fn placed_first_kings(&self, s: &Summary) -> u64 {
        s.placed & rank_cards(self.first_fill)
    }

    /// The pile's surface, if it has locked cards.
    pub(super) fn surface(&self, s: &Summary, p: usize) -> Option<u8> {
        let h = usize::from(s.height[p]);
        (h > 0).then(|| self.locked[p][h - 1])
    }

    /// A summary's hash with `talon` standing for its stock and waste.
    fn key_with(&self, s: &Summary, talon: u64) -> u64 {
        // The heights as bytes, read eight at a time (a pile past the
        // last has height 0).
        let [h0 @ .., h8, h9] = s.height;
        let heights = u64::from_le_bytes(h0) ^ mix(u64::from(h8) | u64::from(h9) << 8);
        let found = u64::from(u32::from_le_bytes(s.found));
        let held = self.reserves.as_ref().map_or(0, |r| r.key(s.held));
        let choice = match (s.stage, s.heads) {
            (Stage::Based, 0) => 0,
            (stage, heads) => mix(heads ^ (stage as u64) << 56),
        };
        (mix(mix(talon ^ held ^ found << 16) ^ heights) ^ choice) | 1
    }

    /// The piles' surfaces, as bits, worked out from the heights.
    fn surfaces_of(&self, s: &Summary) -> u64 {
        (0..self.piles).fold(0, |set, p| set | self.surface(s, p).map_or(0, |c| 1 << c))
    }

    /// Takes pile `p`'s surface out of the pile's locked cards (it went up
    /// or was placed), settling what it uncovers.
    fn lower(&self, s: &mut Summary, p: usize) {
        if let Some(c) = self.surface(s, p) {
            s.surfaces &= !(1 << c);
        }
        s.height[p] -= 1;
        self.settle(s, p);
        if let Some(c) = self.surface(s, p) {
            s.surfaces |= 1 << c;
        }
    }

    /// Places the pile's surface while it is face up on a face-up locked
    /// card it builds on: the run at the top of a pile is placed cards on one
    /// surface.
    fn settle(&self, s: &mut Summary, p: usize) {
        loop {
            let h = usize::from(s.height[p]);
            if h < 2 || h - 2 < usize::from(self.up_from[p]) {
                return;
            }
            let (top, under) = (self.locked[p][h - 1], self.locked[p][h - 2]);
            if !self.builds_on(top, under) {
                return;
            }
            s.placed |= 1 << top;
            s.height[p] -= 1;
        }
    }

    /// The rank a space takes: the search's King, or the game's while the
    /// base is still to be chosen.
    fn fill(&self, s: &Summary) -> u8 {
        match s.stage {
            Stage::Based => 13,
            Stage::Choosing | Stage::Chosen => self.first_fill,
        }
    }

    fn sight(&self, s: &Summary) -> Sight {
        let visible = s.placed | s.surfaces;
        let piles_used = s.heads.count_ones() + s.surfaces.count_ones();
        let fill = self.fill(s);
        // The placed cards of the rank a space takes (see below), the heads
        // left out: they head their piles for good.
        let fills = s.placed & rank_cards(fill) & !s.heads;
        // The placed cards that sit on a card of their parent kind: all but
        // those and the heads.
        let sitting = s.placed & !fills & !s.heads;
        // Per rank, in parallel: how many of each colour are visible, and
        // how many placed cards of the other colour one rank lower sit on
        // them, as two-bit numbers (high, low) over thirteen-bit masks
        // (where ranks wrap, the Kings' count goes to the Aces).
        let suit = |set: u64, f: u32| (set >> (13 * f)) as u32 & 0x1FFF;
        let count = |set: u64, a: u32, b: u32| {
            let (x, y) = (suit(set, a), suit(set, b));
            (x & y, x ^ y)
        };
        let more =
            |(ah, al): (u32, u32), (bh, bl): (u32, u32)| (ah & !bh) | (!(ah ^ bh) & al & !bl);
        let wrap = u32::from(self.wrap);
        let up = |x: u32| ((x << 1) | ((x >> 12) * wrap)) & 0x1FFF;
        let below = |(h, l): (u32, u32)| (up(h), up(l));
        let black = more(count(visible, 0, 3), below(count(sitting, 1, 2)));
        let red = more(count(visible, 1, 2), below(count(sitting, 0, 3)));
        let mut free = spread(black) | spread(red) << 1;
        let empty = (self.piles as u32).saturating_sub(piles_used);
        if !self.wrap {
            return Sight {
                visible,
                free,
                spaces: empty.saturating_sub(fills.count_ones()),
                fill,
                empty,
            };
        }
        // Where ranks wrap, a placed card of the rank a space takes (a
        // King) heads a pile or sits on a visible card of its parent kind
        // (an Ace) of the other colour, as the arrangement has it: a space
        // or such an Ace can be made bare whenever the Kings that must then
        // head piles (those the Aces of their parent kind left over cannot
        // hold) fit in the piles that have no locked cards. Arrangement
        // moves (a King's run from a pile to a bare Ace, or back) reach
        // each such arrangement, in at most two moves. The Aces counted are
        // those in view; one that lies in the King's own run cannot hold
        // it, so the count may allow an arrangement no position has: that
        // adds moves, never removes one, and a win is checked by playing it.
        let parents = visible & rank_cards(fill % 13 + 1);
        // Kings red and black, and the Aces that hold them: black and red.
        let (kr, kb) = ((fills & RED).count_ones(), (fills & !RED).count_ones());
        let (ab, ar) = ((parents & !RED).count_ones(), (parents & RED).count_ones());
        let heads = |ab: u32, ar: u32| kr.saturating_sub(ab) + kb.saturating_sub(ar);
        let black_parent = usize::from(fill % 13) * 2;
        free &= !(3 << black_parent);
        if ab > 0 && heads(ab - 1, ar) <= empty {
            free |= 1 << black_parent;
        }
        if ar > 0 && heads(ab, ar - 1) <= empty {
            free |= 2 << black_parent;
        }
        Sight {
            visible,
            free,
            spaces: empty.saturating_sub(heads(ab, ar)),
            fill,
            empty,
        }
    }

    /// The heads the game's Kings may keep once the base is chosen, each
    /// as a [`Step::Base`]: every set of the placed ones that fits in the
    /// piles without locked cards while the rest sit on the game's Aces in
    /// view (of the other colour). Before the base is chosen a space takes
    /// them, so the arrangement moves reach each such set; after, none
    /// goes back to a space, so the set is part of the summary.
    fn head_choices(&self, s: &Summary, sight: &Sight, out: &mut Vec<Step>) {
        let kings = s.placed & rank_cards(sight.fill);
        let aces = sight.visible & rank_cards(sight.fill % 13 + 1);
        let (black, red) = ((aces & !RED).count_ones(), (aces & RED).count_ones());
        let mut heads = kings;
        loop {
            let rest = kings & !heads;
            if (rest & RED).count_ones() <= black
                && (rest & !RED).count_ones() <= red
                && heads.count_ones() <= sight.empty
            {
                out.push(Step::Base { heads });
            }
            if heads == 0 {
                return;
            }
            heads = (heads - 1) & kings;
        }
    }

    /// Whether `c` has somewhere to go in the tableau.
    fn lands(&self, sight: &Sight, c: u8) -> bool {
        let space = rank(c) == sight.fill && sight.spaces > 0;
        space
            || self
                .parent_kind(c)
                .is_some_and(|k| sight.free >> k & 1 == 1)
    }

    /// The cards that fit their foundations, as bits.
    fn next_up(s: &Summary) -> u64 {
        (0..4)
            .filter(|&f| s.found[f] < 13)
            .fold(0, |set, f| set | 1 << (f as u8 * 13 + s.found[f]))
    }

    fn fits(s: &Summary, c: u8) -> bool {
        s.found[suit(c)] + 1 == rank(c)
    }

    /// Whether `c`, fitting its foundation, is never needed in the tableau again.
    ///
    /// Where ranks wrap, an Ace may hold a King, and every card below `c`
    /// may come back down, the last of them an Ace to hold a King: then
    /// only a card whose holders are up for good is safe (no card comes
    /// back from the foundations, and `c` is at least a two).
    fn safe(&self, s: &Summary, c: u8) -> bool {
        s.stage == Stage::Based && self.safe_with(&s.found, c)
    }

    /// [`Piles::safe`] once the base is known, with the foundations at `found`.
    fn safe_with(&self, found: &[u8; 4], c: u8) -> bool {
        let r = rank(c);
        if self.wrap {
            let other = if red(c) { [0, 3] } else { [1, 2] };
            return !self.from_foundation && r >= 2 && other.iter().all(|&t| found[t] + 1 >= r);
        }
        if r <= 2 {
            return true;
        }
        let own = suit(c);
        let twin = 3 - own;
        (0..4).all(|t| {
            if t == own {
                true
            } else if t == twin {
                !self.from_foundation || found[t] + 2 >= r
            } else {
                found[t] + 1 >= r
            }
        })
    }

    /// Whether putting `c` onto the tableau (from a foundation, or from the
    /// stock dealing singly without a pass limit) lets a move be played at
    /// once that could not be played before: no bare card of its kind is
    /// there yet, and a card could go onto it (a surface, a stock card, a
    /// foundation's top) or its twin could go up (what covers the twin
    /// moving onto it). Otherwise the move can wait until just before that
    /// use: the card stays at reach, and nothing goes up onto it meanwhile.
    fn place_enables(&self, s: &Summary, sight: &Sight, reach: u64, c: u8) -> bool {
        if sight.free >> kind(c) & 1 == 1 {
            return false;
        }
        let children = self.children(kind(c));
        let t = twin(c);
        s.surfaces & children != 0
            || children & reach != 0
            || (self.from_foundation
                && (0..4).any(|f| {
                    let r = s.found[f];
                    r > 0 && children >> (f as u8 * 13 + r - 1) & 1 == 1
                }))
            || (sight.visible >> t & 1 == 1 && Self::fits(s, t))
    }

    /// Whether bringing the foundation top `c` down may be the first of
    /// several cards coming down in a row, the last of which has a use at
    /// once as [`Piles::place_enables`] asks: a card on the foundations, of a
    /// kind with no bare card, that a surface or a card at reach could go
    /// onto, or whose twin could go up. To come down, that card needs every
    /// card above it in its suit down first, and each of those (and it) a
    /// holder one rank higher, which may itself have to come down so: every
    /// card of such a row but the last is of a higher rank. So `c` can start
    /// one only if some card of a lower rank than `c` has such a use (where
    /// ranks wrap, a King's holder may be an Ace: any card). Coming down
    /// changes no surface, no card at reach and no twin's foundation, so the
    /// use is there already. `tests/solver_soundness.rs` has a win that
    /// needs it: a red five on its own four, face down, needing a black six
    /// that lies under a black seven on each black foundation.
    fn row_enables(&self, s: &Summary, sight: &Sight, reach: u64, c: u8) -> bool {
        let below = if self.wrap { 14 } else { rank(c) };
        (0..4u8).any(|f| {
            (1..=s.found[usize::from(f)].min(below - 1)).any(|r| {
                let e = f * 13 + r - 1;
                let t = twin(e);
                e != c
                    && sight.free >> kind(e) & 1 == 0
                    && (self.children(kind(e)) & (s.surfaces | reach) != 0
                        || (sight.visible >> t & 1 == 1 && Self::fits(s, t)))
            })
        })
    }

    /// Whether no pile is empty and a King could move into one if it were:
    /// a surface with locked cards under it, a stock card at reach, or a
    /// foundation's top; where ranks wrap, also a placed King, which may
    /// sit on an Ace that is wanted bare.
    fn king_waits(&self, s: &Summary, sight: &Sight, reach: u64) -> bool {
        let kings = rank_cards(sight.fill);
        sight.spaces == 0
            && (s.surfaces & !self.bottoms & kings != 0
                || reach & kings != 0
                || (self.from_foundation && s.found.contains(&sight.fill))
                || (self.wrap && s.placed & kings != 0))
    }

    /// Whether sending the placed card `c` up lets a move be played that
    /// could not be played before: the next card of its suit up (or, in the
    /// tableau, toward it: see below), or a card onto the card `c` sat on
    /// (or a King into the space it leaves), or that card up.
    ///
    /// The next card of the suit counts once it is in sight, bare or not:
    /// if cards on it must go up first, each of them and `c` would wait for
    /// the others (neither lets a card be played alone), and a cut that
    /// waited for a bare next card lost such wins (the soundness test found
    /// one: J♦ and J♠ both placed, J♠ on Q♦, each waiting for the other).
    fn up_enables(&self, s: &Summary, sight: &Sight, reach: u64, c: u8) -> bool {
        let mut after = *s;
        after.found[suit(c)] += 1;
        after.placed &= !(1 << c);
        let then = self.sight(&after);
        if rank(c) < 13 {
            let next = c + 1;
            let next_up = then.visible >> next & 1 == 1 || reach >> next & 1 == 1;
            if next_up {
                return true;
            }
        }
        // The cards that had nowhere to go and have somewhere now: the kind
        // `c` sat on is bare now, or a space (where ranks wrap, a bare Ace
        // may also come of the space, its King moving there).
        let opened = |x: u8| !self.lands(sight, x) && self.lands(&then, x);
        // A King at the bottom of a pile gains nothing by a space; where
        // ranks wrap it may go onto an Ace, which makes a space.
        let pointless = |x: u8| rank(x) == then.fill && !self.wrap && self.bottoms >> x & 1 == 1;
        let lands = bits(after.surfaces).any(|x| opened(x) && !pointless(x))
            || bits(reach).any(opened)
            || (self.from_foundation
                && (0..4).any(|f| {
                    let r = after.found[f];
                    r > 0 && opened(f as u8 * 13 + r - 1)
                }));
        // A card of a kind bare now (the kind `c` sat on) going up.
        let bared = !sight.free & then.free;
        let bared_up = (0..4).any(|f| {
            let r = after.found[f];
            r < 13 && {
                let p = f as u8 * 13 + r;
                bared >> kind(p) & 1 == 1 && then.visible >> p & 1 == 1
            }
        });
        lands || bared_up
    }

    /// DealRule singly without a pass limit, whether sending the stock card
    /// `c` up lets a card be played at once: the first card above it in its
    /// suit that is not in the stock is in sight in the tableau (the ones
    /// between go up from the stock first; if cards on it must go up first,
    /// they may be waiting for this one, as in [`Piles::up_enables`]).
    /// Otherwise the move can wait: the card stays at reach, and nothing
    /// else depends on its foundation.
    fn talon_up_enables(&self, s: &Summary, sight: &Sight, c: u8) -> bool {
        let stock = s.talon.held;
        let mut next = c;
        while rank(next) < 13 {
            next += 1;
            if stock >> next & 1 == 0 {
                return sight.visible >> next & 1 == 1;
            }
        }
        false
    }

    /// Whether some locked cards can never move, so the summary is lost.
    ///
    /// A locked card moves first as its pile's surface: up, once every
    /// lower card of its suit is up, or onto a bare card of its parent kind
    /// (a King into a space: Kings are left out here), unless it was dealt
    /// face up onto a face-up card of its parent kind (then it goes along
    /// when that card moves, and is left out too). Start from every other
    /// locked card and keep those whose ways out are all shut by the set
    /// kept so far: a lower card of the suit lies under a kept card or is
    /// kept itself, and each card of the parent kind lies under a kept card
    /// or is up for good (cards never come back down). What is left when
    /// nothing more drops out can never move: before the first of them
    /// moved, every card under one of them would still be locked, so that
    /// first move was not open to it.
    fn stuck(&self, s: &Summary) -> bool {
        let locked =
            bits(s.surfaces).fold(0u64, |set, c| set | 1 << c | self.beneath[usize::from(c)]);
        let up: u64 = (0..4).fold(0, |set, f| set | ((1u64 << s.found[f]) - 1) << (13 * f));
        let gone = if self.from_foundation { 0 } else { up };
        let kings = KINGS | rank_cards(self.first_fill);
        let mut kept = locked & !kings & !self.carried;
        loop {
            let mut under = 0;
            let mut rest = kept;
            while rest != 0 {
                under |= self.beneath[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            let mut still = 0;
            let mut rest = kept;
            while rest != 0 {
                let c = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                let lower = BELOW[usize::from(c)] & !up;
                let parents = PARENTS[usize::from(c)];
                if lower & (under | kept) != 0 && parents & !(gone | under) == 0 {
                    still |= 1 << c;
                }
            }
            if still == kept {
                return kept != 0;
            }
            kept = still;
        }
    }

    /// The steps that finish a won summary: the lowest card left goes up,
    /// from the tableau or the stock, until none is left.
    pub(super) fn finish(&self, s: &Summary) -> Option<Vec<Step>> {
        let mut s = *s;
        let mut out = Vec::new();
        while s.found.iter().any(|&r| r < 13) {
            let f = (0..4).min_by_key(|&f| s.found[f])?;
            let c = f as u8 * 13 + s.found[f];
            let step = match s
                .talon
                .targets(self.deal)
                .iter()
                .find(|&&(t, _)| s.talon.at(t) == c)
            {
                Some(&(target, recycles)) => Step::Talon {
                    target,
                    recycles,
                    up: true,
                },
                // Where ranks wrap, the Ace may be under a King with
                // nowhere to go: then this is no way to finish.
                None if self.wrap && self.sight(&s).free >> kind(c) & 1 == 0 => return None,
                None => Step::Up(c),
            };
            self.apply(&mut s, step);
            out.push(step);
        }
        Some(out)
    }

    /// The safe card that goes up next unasked, if any.
    fn forced(&self, s: &Summary) -> Option<Step> {
        let next = Self::next_up(s);
        let fits = |c: u8| next >> c & 1 == 1;
        // The sight is worked out only for a card in view that is safe.
        let mut sight = None;
        for c in bits(next & (s.placed | s.surfaces)) {
            if self.safe(s, c)
                && sight.get_or_insert_with(|| self.sight(s)).free >> kind(c) & 1 == 1
            {
                return Some(Step::Up(c));
            }
        }
        if let Some(r) = &self.reserves {
            // Taking a reserve's top only shows the card under it.
            return (0..r.piles()).find_map(|pile| {
                let c = r.top(s.held, pile)?;
                (fits(c) && self.safe(s, c)).then_some(Step::Reserve {
                    pile: pile as u8,
                    up: true,
                })
            });
        }
        let t = &s.talon;
        let up = |target: u8| {
            let c = t.at(target);
            (fits(c) && self.safe(s, c)).then_some(c)
        };
        if self.deal.draw != 1 {
            // DealRule by threes, a card left in the waste can be what
            // brings another to the top on a later pass, except the last:
            // with no pass limit and the waste where a pass from the start
            // stops, taking it moves no other card and loses no stop.
            let last = t.len;
            let free_last = self.deal.passes == Passes::Unlimited
                && last > 0
                && t.aligned(self.deal)
                && up(last).is_some();
            return free_last.then(|| {
                let recycles = t
                    .targets(self.deal)
                    .iter()
                    .find(|&&(target, _)| target == last)
                    .map_or(0, |&(_, r)| r);
                Step::Talon {
                    target: last,
                    recycles,
                    up: true,
                }
            });
        }
        if t.cursor > 0 && up(t.cursor).is_some() {
            return Some(Step::Talon {
                target: t.cursor,
                recycles: 0,
                up: true,
            });
        }
        if self.deal.free() {
            // Taking a card out never hides another then. Of the cards that
            // may go up, the first dealing reaches (as [`Talon::targets`]
            // lists them: from the waste's top on, then round from the
            // start), found without listing every card.
            if t.held & Self::next_up(s) == 0 {
                return None;
            }
            let first = t.cursor.max(1);
            let reach = |target: u8| {
                if target >= first {
                    target - first
                } else {
                    target + t.len
                }
            };
            let target = (1..=t.len)
                .filter(|&target| up(target).is_some())
                .min_by_key(|&target| reach(target))?;
            return Some(Step::Talon {
                target,
                recycles: u8::from(target < first),
                up: true,
            });
        }
        None
    }
}

impl Space for Piles {
    type Node = Summary;
    type Step = Step;

    fn moves(&mut self, s: &Summary, out: &mut Vec<Step>) {
        let base = out.len();
        if self.stuck(s) {
            return;
        }
        let sight = self.sight(s);
        // The cards that fit their foundations.
        let next = Self::next_up(s);
        let fits = |c: u8| next >> c & 1 == 1;
        let targets = s.talon.targets(self.deal);
        // The cards dealing can bring to the top, as bits: dealing singly
        // without a pass limit, all of them.
        let reach = if self.deal.free() {
            s.talon.held
        } else {
            targets
                .iter()
                .fold(0u64, |set, &(t, _)| set | 1 << s.talon.at(t))
        } | self.reserves.as_ref().map_or(0, |r| r.tops(s.held));
        let aces_up = |out: &mut Vec<Step>| {
            for c in bits(rank_cards(1) & sight.visible) {
                if sight.free >> kind(c) & 1 == 1 {
                    out.push(Step::Up(c));
                }
            }
            for &(target, recycles) in targets.iter() {
                if rank(s.talon.at(target)) == 1 {
                    out.push(Step::Talon {
                        target,
                        recycles,
                        up: true,
                    });
                }
            }
        };
        match s.stage {
            // The first card up, which chooses the base: any Ace.
            Stage::Chosen => return aces_up(out),
            // Which of the game's Kings keep heading piles once it is up.
            Stage::Choosing => {
                let mut any = Vec::new();
                aces_up(&mut any);
                if !any.is_empty() {
                    self.head_choices(s, &sight, out);
                }
            }
            Stage::Based => {
                for f in 0..4 {
                    let r = s.found[f];
                    if r == 13 {
                        continue;
                    }
                    let c = f as u8 * 13 + r;
                    if sight.visible >> c & 1 == 1
                        && sight.free >> kind(c) & 1 == 1
                        && (s.placed >> c & 1 == 0 || self.up_enables(s, &sight, reach, c))
                    {
                        out.push(Step::Up(c));
                    }
                }
                // A head leaves its pile only to make a space, as a
                // pile's last locked card does (below).
                if s.heads != 0 && self.king_waits(s, &sight, reach) {
                    for c in bits(s.heads) {
                        if self
                            .parent_kind(c)
                            .is_some_and(|k| sight.free >> k & 1 == 1)
                        {
                            out.push(Step::Unhead(c));
                        }
                    }
                }
            }
        }
        let first_reveal = out.len();
        for p in 0..self.piles {
            let Some(c) = self.surface(s, p) else {
                continue;
            };
            // A King at the bottom of its pile gains nothing by moving; any
            // other card there only makes a space, wanted only when there is
            // none and a King is waiting for one.
            let last = s.height[p] == 1;
            let useful =
                !last || (self.parent_kind(c).is_some() && self.king_waits(s, &sight, reach));
            if useful && self.lands(&sight, c) {
                out.push(Step::Reveal(p as u8));
            }
        }
        if self.order != Order::Plain {
            out[first_reveal..].sort_by_key(|step| match step {
                Step::Reveal(p) => std::cmp::Reverse(s.height[usize::from(*p)]),
                _ => std::cmp::Reverse(0),
            });
        }
        for &(target, recycles) in targets.iter() {
            let c = s.talon.at(target);
            if s.stage == Stage::Based
                && fits(c)
                && (!self.deal.free() || self.talon_up_enables(s, &sight, c))
            {
                out.push(Step::Talon {
                    target,
                    recycles,
                    up: true,
                });
            }
            // A safe card is never wanted in the tableau.
            if self.lands(&sight, c)
                && !(fits(c) && self.safe(s, c))
                && (!self.deal.free() || self.place_enables(s, &sight, reach, c))
            {
                out.push(Step::Talon {
                    target,
                    recycles,
                    up: false,
                });
            }
        }
        if let Some(r) = &self.reserves {
            // A reserve's top may be covered by the next deal: no move of
            // it can wait, so none is cut but a safe card's to the tableau.
            for pile in 0..r.piles() {
                let Some(c) = r.top(s.held, pile) else {
                    continue;
                };
                let pile = pile as u8;
                if fits(c) {
                    out.push(Step::Reserve { pile, up: true });
                }
                if self.lands(&sight, c) && !(fits(c) && self.safe(s, c)) {
                    out.push(Step::Reserve { pile, up: false });
                }
            }
            if r.stock_left(s.held) > 0 {
                out.push(Step::Deal);
            }
        }
        if self.order == Order::Stock {
            // A stable sort: the reveals keep their order behind the stock.
            out[first_reveal..].sort_by_key(|step| {
                !matches!(step, Step::Talon { .. } | Step::Reserve { .. } | Step::Deal)
            });
        }
        if self.from_foundation {
            for f in 0..4 {
                let r = s.found[f];
                if r == 0 {
                    continue;
                }
                let c = f as u8 * 13 + r - 1;
                let mut down = s.found;
                down[f] -= 1;
                if !(s.stage == Stage::Based && self.safe_with(&down, c))
                    && self.lands(&sight, c)
                    && (self.place_enables(s, &sight, reach, c)
                        || self.row_enables(s, &sight, reach, c))
                {
                    out.push(Step::Down(f as u8));
                }
            }
        }
        if self.order == Order::Low {
            // A stable sort: reveals of equal rank keep the tallest first.
            out[base..].sort_by_key(|&step| self.low_key(s, step));
        }
    }

    fn apply(&self, s: &mut Summary, step: Step) {
        match step {
            Step::Up(c) => {
                s.found[suit(c)] += 1;
                s.stage = Stage::Based;
                s.heads &= !(1 << c);
                if s.placed >> c & 1 == 1 {
                    s.placed &= !(1 << c);
                } else {
                    self.lower(s, usize::from(self.home[usize::from(c)]));
                }
            }
            Step::Reveal(p) => {
                let p = usize::from(p);
                if let Some(c) = self.surface(s, p) {
                    s.placed |= 1 << c;
                    self.lower(s, p);
                }
            }
            Step::Talon {
                target,
                recycles,
                up,
            } => {
                let c = s.talon.take(target, recycles);
                if up {
                    s.found[suit(c)] += 1;
                    s.stage = Stage::Based;
                } else {
                    s.placed |= 1 << c;
                }
            }
            Step::Down(f) => {
                let f = usize::from(f);
                s.found[f] -= 1;
                s.placed |= 1 << (f as u8 * 13 + s.found[f]);
            }
            Step::Deal => {
                if let Some(r) = &self.reserves {
                    r.deal(&mut s.held);
                }
            }
            Step::Base { heads } => {
                s.heads = heads;
                s.stage = Stage::Chosen;
            }
            Step::Unhead(c) => s.heads &= !(1 << c),
            Step::Reserve { pile, up } => {
                if let Some(c) = self
                    .reserves
                    .as_ref()
                    .and_then(|r| r.take(&mut s.held, usize::from(pile)))
                {
                    if up {
                        s.found[suit(c)] += 1;
                    } else {
                        s.placed |= 1 << c;
                    }
                }
            }
        }
        debug_assert_eq!(s.surfaces, self.surfaces_of(s));
    }

    fn force(&self, s: &mut Summary, path: &mut Vec<Step>) {
        while let Some(step) = self.forced(s) {
            self.apply(s, step);
            path.push(step);
        }
    }

    /// No locked card under a surface, no card in a reserve, and no stock
    /// or waste (or, dealing singly without a pass limit, any): every pile
    /// is one run, and the lowest card left is always on top of one or at
    /// reach in the stock, and fits ([`Piles::finish`] plays them). Where
    /// ranks wrap, a run may hold a King on an Ace: then the summary is won
    /// once they can all be played so.
    fn won(&self, s: &Summary) -> bool {
        s.stage == Stage::Based
            && (s.talon.len == 0 || self.deal.free())
            && s.held.cards == 0
            && s.height[..self.piles].iter().all(|&h| h <= 1)
            && (!self.wrap || self.finish(s).is_some())
    }

    const DOMINATES: bool = true;

    /// 8 MB, a quarter of the machines' last-level cache: from there most
    /// of a summary's children are in the table, and looking them up
    /// together pays (draw-1 deal 17: 2.6-2.7 s so against 2.9 s never;
    /// draw-3 deal 401: 4.1 s against 5.0 s). It was 32 MB, the whole
    /// cache, till a profile of draw-3 deal 3849 (5.5 million positions)
    /// showed a third of the time on single looks at a table of 16 MB: the
    /// cache is shared, and a table that size mostly misses. Run side by
    /// side on twelve draw-3 deals of 0.6-1.5 s, 8 MB took 0.885 of the
    /// time (median ratio); on deals 1-2,000 the median stayed 0.10-0.11
    /// ms, and p99 went from 1,217 to 1,031 ms by threes and from 721 to
    /// 592 ms singly. Looking ahead from 2 MB or from the start did no
    /// better on those deals. Earlier, on deals 1-300 by threes, whose
    /// tables mostly fit the cache, looking ahead with any table made the
    /// median deal slower (0.21-0.24 ms against 0.17-0.21 ms): hence a
    /// threshold at all.
    const LOOK_AHEAD_SLOTS: usize = 1 << 20;

    /// The same position with the waste standing earlier in the same
    /// pass, a whole number of deals back: dealing on reaches this one.
    ///
    /// And, with no pass limit and the waste where a pass from the start
    /// stops, the same position with the waste standing anywhere else:
    /// from there dealing on and turning the waste over reaches every card
    /// this one reaches (marked by [`Space::marks`]).
    fn dominators(&self, s: &Summary, out: &mut Vec<u64>) {
        let t = &s.talon;
        if self.deal.passes == Passes::Unlimited && t.aligned(self.deal) {
            // Its key already stands for every such place. (Dealing singly,
            // the waste stands at every place a pass stops.)
            if self.deal.draw > 1 {
                out.push(self.key_with(s, t.any_cursor_key()));
            }
            return;
        }
        let mut earlier = *s;
        let mut cursor = t.cursor;
        while cursor >= self.deal.draw && out.len() < 8 {
            cursor -= self.deal.draw;
            earlier.talon.cursor = cursor;
            out.push(self.key(&earlier));
        }
    }

    /// With no pass limit, a position whose waste stands where a pass from
    /// the start does not stop dominates the same position with the waste
    /// standing where one does.
    fn marks(&self, s: &Summary, out: &mut Vec<u64>) {
        let t = &s.talon;
        if self.deal.passes == Passes::Unlimited && !t.aligned(self.deal) {
            out.push(self.key_with(s, t.any_cursor_key()));
        }
    }

    fn key(&self, s: &Summary) -> u64 {
        self.key_with(s, s.talon.key(self.deal))
    }
}
