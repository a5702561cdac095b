//! The moves the search tries: forced safe moves, the talon's targets, runs, dominance pruning.

use super::*;

impl Explicit {
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn fits_foundation(node: &Node, c: u8) -> bool {
        node.found[suit(c)] + 1 == rank(c)
    }

    /// Whether `c` can go up and never be wanted in the tableau again:
    /// every card that could be built on it is on its foundation already,
    /// and where cards come back from the foundations, every card that could
    /// be built on one of those, and so on ([`Dealing::floors`]: otherwise
    /// one may come back down onto `c` to hold the next). An Ace on a two
    /// never is wanted: it goes up instead.
    pub(super) fn safe(&self, node: &Node, c: u8) -> bool {
        Self::fits_foundation(node, c)
            && (rank(c) <= 2
                || node
                    .found
                    .iter()
                    .zip(&self.deal.floors[usize::from(c)])
                    .all(|(have, need)| have >= need))
    }

    /// Whether `c` may be placed on `onto` in the tableau (see [`Dealing::takers`]).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn builds_on(&self, c: u8, onto: u8) -> bool {
        self.deal.takers[usize::from(onto)] >> c & 1 == 1
    }

    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn takes(&self, pile: &Stack, c: u8) -> bool {
        match pile.len {
            0 => self.deal.fill_any || rank(c) == 13,
            n => self.builds_on(c, pile.cards[usize::from(n) - 1]),
        }
    }

    /// Plays every safe foundation move, recording each.
    pub(super) fn force(&self, node: &mut Node, path: &mut Vec<Step>) {
        loop {
            let mut moved = false;
            for i in 0..self.n_piles() {
                let p = node.piles[i];
                if p.len > 0 && self.safe(node, p.cards[usize::from(p.len) - 1]) {
                    let step = Step::ToFoundation(i as u8);
                    self.apply(node, step);
                    path.push(step);
                    moved = true;
                }
            }
            // Dealing by threes, a card left in the waste can be what brings
            // another to the top on a later pass (taking it out shifts the
            // rest), so only a single-card deal sends the waste's top up
            // unasked.
            if self.deal.draw == 1
                && node.talon.cursor > 0
                && self.safe(node, node.talon.at(node.talon.cursor))
            {
                let step = Step::Talon {
                    target: node.talon.cursor,
                    recycles: 0,
                    to: None,
                };
                self.apply(node, step);
                path.push(step);
                moved = true;
            } else if self.deal.stock().free() {
                // Dealing singly without a pass limit, taking a card out of the
                // stock never hides another, so a safe stock card goes up too.
                let found = self
                    .talon_targets(node)
                    .iter()
                    .copied()
                    .find(|&(t, _)| self.safe(node, node.talon.at(t)));
                if let Some((target, recycles)) = found {
                    let step = Step::Talon {
                        target,
                        recycles,
                        to: None,
                    };
                    self.apply(node, step);
                    path.push(step);
                    moved = true;
                }
            }
            if !moved {
                return;
            }
        }
    }

    /// Whether the rest plays itself: no stock, and every pile one run with
    /// nothing face down. Then the lowest card each suit needs next is always
    /// on top of its pile (the cards above it would be lower still), so
    /// [`Explicit::line`] plays the rest out.
    pub(super) fn won(&self, node: &Node) -> bool {
        node.talon.len == 0
            && node
                .piles
                .iter()
                .all(|p| p.down == 0 && self.run_len(p) == p.len)
    }

    /// The stock positions reachable from here (see [`Talon::targets`]).
    pub(super) fn talon_targets(&self, node: &Node) -> Targets {
        if self.deal.rows {
            return Targets::none();
        }
        node.talon.targets(self.deal.stock())
    }

    /// Whether every pile `step` adds to has room for its cards (a row
    /// adds to the piles the stock's cards reach, from the left).
    pub(super) fn room_for(&self, node: &Node, step: Step) -> bool {
        let room = |to: u8, n: u8| usize::from(node.piles[usize::from(to)].len + n) <= PILE_CAP;
        match step {
            Step::Tableau { to, count, .. } => room(to, count),
            Step::FromFoundation { to, .. } | Step::Talon { to: Some(to), .. } => room(to, 1),
            Step::Row => node.piles[..self.row_len(node)]
                .iter()
                .all(|p| usize::from(p.len) < PILE_CAP),
            Step::Talon { to: None, .. } | Step::ToFoundation(_) => true,
        }
    }

    /// How many piles the next row reaches: all of them, or as many as
    /// the stock has cards left for.
    fn row_len(&self, node: &Node) -> usize {
        self.n_piles().min(usize::from(node.talon.len))
    }

    pub(super) fn apply(&self, node: &mut Node, step: Step) {
        match step {
            Step::Talon {
                target,
                recycles,
                to,
            } => {
                let c = node.talon.take(target, recycles);
                match to {
                    None => node.found[suit(c)] += 1,
                    Some(t) => {
                        let p = &mut node.piles[usize::from(t)];
                        p.cards[usize::from(p.len)] = c;
                        p.len += 1;
                    }
                }
            }
            Step::ToFoundation(i) => {
                let p = &mut node.piles[usize::from(i)];
                p.len -= 1;
                let c = p.cards[usize::from(p.len)];
                if p.down == p.len && p.down > 0 {
                    p.down -= 1;
                }
                node.found[suit(c)] += 1;
            }
            Step::Tableau { from, to, count } => {
                let mut src = node.piles[usize::from(from)];
                let dst = &mut node.piles[usize::from(to)];
                let start = usize::from(src.len - count);
                for k in 0..usize::from(count) {
                    dst.cards[usize::from(dst.len) + k] = src.cards[start + k];
                }
                dst.len += count;
                src.len -= count;
                if src.down == src.len && src.down > 0 {
                    src.down -= 1;
                }
                node.piles[usize::from(from)] = src;
            }
            Step::FromFoundation { suit: s, to } => {
                let r = node.found[usize::from(s)];
                node.found[usize::from(s)] -= 1;
                let c = s * 13 + r - 1;
                let p = &mut node.piles[usize::from(to)];
                p.cards[usize::from(p.len)] = c;
                p.len += 1;
            }
            Step::Row => {
                for i in 0..self.row_len(node) {
                    // The stock's next card is the row's first.
                    let c = node.talon.take(1, 0);
                    let p = &mut node.piles[i];
                    p.cards[usize::from(p.len)] = c;
                    p.len += 1;
                    node.pile_hash[i] = p.hash();
                }
                return;
            }
        }
        let touched = match step {
            Step::Talon { to, .. } => [to, None],
            Step::ToFoundation(i) => [Some(i), None],
            Step::Tableau { from, to, .. } => [Some(from), Some(to)],
            Step::FromFoundation { to, .. } => [Some(to), None],
            Step::Row => [None, None],
        };
        for i in touched.into_iter().flatten() {
            let i = usize::from(i);
            node.pile_hash[i] = node.piles[i].hash();
        }
    }

    /// The cards that could be played right now, as bits: face up in the
    /// tableau, reachable in the stock (`targets`), or on top of a foundation.
    pub(super) fn at_hand(&self, node: &Node, targets: &[(u8, u8)]) -> u64 {
        let tableau = node.piles[..self.n_piles()].iter().flat_map(|p| {
            p.cards[usize::from(p.down)..usize::from(p.len)]
                .iter()
                .copied()
        });
        let talon = targets.iter().map(|&(t, _)| node.talon.at(t));
        let found = (0..4u8).filter_map(|s| match node.found[usize::from(s)] {
            0 => None,
            r => Some(s * 13 + r - 1),
        });
        tableau
            .chain(talon)
            .chain(found)
            .fold(0, |bits, c| bits | 1 << c)
    }

    /// Whether bringing the foundation top `c` down may be the first of
    /// several cards coming down in a row, the last of which takes a card at
    /// hand: some card of a lower rank than `c` on the foundations could
    /// take one. The last card needs every card above it in its suit down
    /// first, and each of those (and it) a holder one rank higher, which may
    /// itself have to come down so: every card of such a row but the last is
    /// of a higher rank.
    pub(super) fn row_holder(&self, node: &Node, at_hand: u64, c: u8) -> bool {
        (0..4u8).any(|s| {
            (1..=node.found[usize::from(s)].min(rank(c) - 1))
                .any(|r| self.holder_for(at_hand, s * 13 + r - 1, c))
        })
    }

    /// Whether a card that builds on `of` (other than `except`) is among
    /// the cards `at_hand` ([`Explicit::at_hand`]).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn holder_for(&self, at_hand: u64, of: u8, except: u8) -> bool {
        self.deal.takers[usize::from(of)] & at_hand & !(1 << except) != 0
    }

    /// Phase two's test for a move of the top `count` cards of pile `from`,
    /// uncovering a card still face up there (`under`): a win never needs it
    /// unless `under` can be used at once — go up, take a card, or move,
    /// alone or at the top of the run it ends, possibly onto the moved
    /// cards' top (face-up cards that are not one run allow that) — since
    /// such a move can always wait until just before that use. (Where the
    /// moved cards build on `under`, a run `under` ends could have moved with
    /// them; where they do not, as in piles dealt face up, only moving them
    /// off lets that run move.)
    pub(super) fn uncovered_is_useful(
        &self,
        node: &Node,
        at_hand: u64,
        from: usize,
        count: u8,
    ) -> bool {
        let src = &node.piles[from];
        let len = usize::from(src.len);
        let rest = len - usize::from(count);
        let (under, head, top) = (src.cards[rest - 1], src.cards[rest], src.cards[len - 1]);
        if Self::fits_foundation(node, under) || self.holder_for(at_hand, under, head) {
            return true;
        }
        // Where the moved cards build on `under`, a longer run it ends could
        // have moved with them (and later split): only `under` itself counts.
        let run = if self.builds_on(head, under) {
            1
        } else {
            let left = Stack {
                len: rest as u8,
                ..*src
            };
            usize::from(self.run_len(&left))
        };
        // Each card of the run `under` ends, with what is on it, elsewhere.
        src.cards[rest - run..rest].iter().any(|&h| {
            self.builds_on(h, top)
                || (0..self.n_piles()).any(|z| z != from && self.takes(&node.piles[z], h))
        })
    }

    /// The moves of `node`, best first, appended to `out`; `scratch` holds
    /// the later groups while the first is written.
    pub(super) fn moves(&self, node: &Node, out: &mut Vec<Step>, scratch: &mut Scratch) {
        let n = self.n_piles();
        let targets = self.talon_targets(node);
        let at_hand = self.at_hand(node, &targets);
        // With a stock still to be dealt onto the piles, a move cannot
        // always wait (a deal may cover what it needs), and no two spaces
        // are alike: the cuts that rest on either are off.
        let ordered = self.ordered(node);
        let first = out; // to a foundation; turning a card
        let Scratch { talon, other, back } = scratch;
        talon.clear();
        other.clear();
        back.clear();
        for i in 0..n {
            let p = &node.piles[i];
            if p.len > 0 && Self::fits_foundation(node, p.cards[usize::from(p.len) - 1]) {
                first.push(Step::ToFoundation(i as u8));
            }
        }
        for from in 0..n {
            let src = &node.piles[from];
            let up = src.len - src.down;
            let (mut fits, k) = self.run_moves(node, from);
            let fits = &mut fits[..k];
            // Longest runs first, then the piles left to right.
            parlour_kit::sort::sort_by_key(fits, |&(count, to)| (std::cmp::Reverse(count), to));
            for &(count, to) in fits.iter() {
                let whole = count == up;
                let step = Step::Tableau {
                    from: from as u8,
                    to,
                    count,
                };
                if whole && src.down > 0 {
                    first.push(step);
                } else if !whole {
                    let under = src.cards[usize::from(src.len - count) - 1];
                    if self.pruned {
                        // Phase one: only if the card it uncovers can go up.
                        if Self::fits_foundation(node, under) {
                            other.push(step);
                        }
                    } else if self.deal.suit_runs
                        || ordered
                        || self.uncovered_is_useful(node, at_hand, from, count)
                    {
                        // No cut when only suit runs move (part of a run may
                        // also move to join a longer run of its suit), nor
                        // while a stock is still to be dealt onto the piles
                        // (a deal may cover what the move needs before its use).
                        other.push(step);
                    }
                } else {
                    other.push(step);
                }
            }
        }
        let free_talon = self.deal.stock().free();
        for &(target, recycles) in targets.iter() {
            let c = node.talon.at(target);
            if Self::fits_foundation(node, c) {
                talon.push(Step::Talon {
                    target,
                    recycles,
                    to: None,
                });
            }
            // Dealing singly without a pass limit a stock card can be had at
            // any time, so it goes to the tableau only to take a card at hand.
            if free_talon && !self.holder_for(at_hand, c, c) {
                continue;
            }
            let mut space_tried = false;
            for to in 0..n {
                if self.takes(&node.piles[to], c) {
                    if node.piles[to].len == 0 {
                        if space_tried {
                            continue;
                        }
                        space_tried = true;
                    }
                    talon.push(Step::Talon {
                        target,
                        recycles,
                        to: Some(to as u8),
                    });
                }
            }
        }
        if self.deal.from_foundation && !self.pruned {
            for s in 0..4u8 {
                let r = node.found[usize::from(s)];
                if r == 0 {
                    continue;
                }
                let c = s * 13 + r - 1;
                // A card comes down only to take another: one must be at
                // hand, or it may start a row of cards coming down
                // ([`Explicit::row_holder`]).
                if !ordered && !self.holder_for(at_hand, c, c) && !self.row_holder(node, at_hand, c)
                {
                    continue;
                }
                let mut space_tried = false;
                for to in 0..n {
                    let p = &node.piles[to];
                    if self.takes(p, c) {
                        if p.len == 0 && !ordered {
                            if space_tried {
                                continue;
                            }
                            space_tried = true;
                        }
                        back.push(Step::FromFoundation {
                            suit: s,
                            to: to as u8,
                        });
                    }
                }
            }
        }
        first.extend_from_slice(talon);
        first.extend_from_slice(other);
        if ordered {
            first.push(Step::Row);
        }
        first.extend_from_slice(back);
    }

    /// The run moves out of pile `from`, as (cards, destination) pairs, and
    /// how many there are. A destination's top card takes at most one
    /// card of the run (the ranks of a run fall by one), so the fitting card
    /// is found by its rank. Every space is alike, so only the first is
    /// offered; and a whole pile with no face-down card never moves into one
    /// (the same position, the piles renumbered). Neither holds while a
    /// stock is still to be dealt onto the piles ([`Explicit::ordered`]).
    pub(super) fn run_moves(&self, node: &Node, from: usize) -> ([(u8, u8); RUN_MOVES], usize) {
        let mut fits = [(0u8, 0u8); RUN_MOVES];
        let src = &node.piles[from];
        let run = self.run_len(src);
        if run == 0 {
            return (fits, 0);
        }
        let ordered = self.ordered(node);
        let up = src.len - src.down;
        let bare = run == up && src.down == 0 && !ordered;
        let bottom = src.cards[usize::from(src.len - run)];
        let mut k = 0;
        let mut space_seen = false;
        for to in 0..self.n_piles() {
            let dst = &node.piles[to];
            if to == from {
                continue;
            }
            if dst.len == 0 {
                if space_seen && !ordered {
                    continue;
                }
                space_seen = true;
                // Into a space: a King heads only the whole run; with any card
                // allowed, the longest run that is not a whole bare pile.
                let count = if self.deal.fill_any {
                    if bare {
                        run - 1
                    } else {
                        run
                    }
                } else if rank(bottom) == 13 && !bare {
                    run
                } else {
                    0
                };
                if count > 0 {
                    fits[k] = (count, to as u8);
                    k += 1;
                    if self.deal.fill_any {
                        // Shorter runs into the space too.
                        for c in 1..count {
                            fits[k] = (c, to as u8);
                            k += 1;
                        }
                    }
                }
                continue;
            }
            let top = dst.cards[usize::from(dst.len) - 1];
            let need = rank(top) - 1;
            let (low, high) = (rank(bottom) + 1 - run, rank(bottom));
            if need < low.max(1) || need > high {
                continue;
            }
            let count = run - (high - need);
            let head = src.cards[usize::from(src.len - count)];
            if self.builds_on(head, top) {
                fits[k] = (count, to as u8);
                k += 1;
            }
        }
        (fits, k)
    }

    /// How many cards at the top of a pile form a run that may move: face
    /// up, each one built on the card under it (and of its suit, when only
    /// suit runs move).
    pub(super) fn run_len(&self, p: &Stack) -> u8 {
        let cards = &p.cards[usize::from(p.down)..usize::from(p.len)];
        match cards.len() {
            0 => 0,
            len => {
                let mut run = 1;
                while run < len && {
                    let (upper, lower) = (cards[len - run], cards[len - run - 1]);
                    self.builds_on(upper, lower)
                        && (!self.deal.suit_runs || suit(upper) == suit(lower))
                } {
                    run += 1;
                }
                run as u8
            }
        }
    }
}
