//! Which moves are legal, and playing them: the single truth the view, the hints and the solver ask.

use super::*;

impl State {
    pub(super) fn column(&self, i: u8) -> Result<&Column, MoveError> {
        self.tableau
            .get(usize::from(i))
            .ok_or(MoveError::NoSuchPile(Pile::Tableau(i)))
    }

    /// Checks that the run `cards` (bottom first) may go onto pile `to`,
    /// whose run at the top ([`Rules::top_run`]) `runs` holds if given.
    fn check_onto_tableau(
        &self,
        cards: &[Card],
        to: u8,
        runs: Option<&TopRuns>,
    ) -> Result<(), MoveError> {
        let card = cards[0];
        let col = self.column(to)?;
        if self.rules.jokers {
            let chain = match runs {
                Some(runs) if !TopRuns::meet(runs.of(to), card) => return Err(misfit(col, card)),
                Some(runs) => runs.of(to),
                None => self.rules.top_run(col.face_up()),
            };
            return self.check_onto_with_jokers(cards, col, chain);
        }
        match col.top() {
            Some(onto) if self.rules.builds_on(card, onto) => Ok(()),
            Some(onto) => Err(MoveError::DoesNotFit { card, onto }),
            None if self.fills_empty(card) => Ok(()),
            None => Err(MoveError::NeedsKing(card)),
        }
    }

    /// [`State::check_onto_tableau`] where jokers play: the moving cards must
    /// continue the run the pile ends with (the longest one: that is what a
    /// joker in it stands for), and a run that starts a pile in a space must
    /// be able to head it. A joker heading a whole pile stands for a King
    /// where spaces take Kings.
    fn check_onto_with_jokers(
        &self,
        cards: &[Card],
        col: &Column,
        chain: &[Card],
    ) -> Result<(), MoveError> {
        let up = col.face_up();
        // The run heads its pile when it goes into a space, or onto a joker
        // that lies at the bottom of one.
        let heads_pile = col.cards.is_empty()
            || (chain.len() == col.cards.len() && chain.first().is_some_and(|c| c.is_joker()));
        let need_king = self.rules.fill == Fill::King && heads_pile;
        // The pile's run and the moving one, together: a run holds at most
        // thirteen cards, so a longer whole never fits.
        let whole_fits = || {
            let mut buffer = [cards[0]; 13];
            buffer
                .get_mut(..chain.len() + cards.len())
                .and_then(|whole| {
                    let (low, high) = whole.split_at_mut(chain.len());
                    low.copy_from_slice(chain);
                    high.copy_from_slice(cards);
                    Rules::run_head(whole)
                })
                .is_some_and(|h| !need_king || h.is_none_or(|h| h == 13))
        };
        if (!up.is_empty() || col.cards.is_empty()) && whole_fits() {
            return Ok(());
        }
        Err(misfit(col, cards[0]))
    }

    /// Checks a move without playing it. This is the one definition of legality:
    /// [`State::legal_moves`] and [`State::play`] both rely on it.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        self.check_with(mv, None)
    }

    /// [`State::check`], with each pile's run at the top worked out
    /// already where `runs` is given ([`State::legal_moves`] asks of every
    /// pile for every move it tries).
    fn check_with(&self, mv: Move, runs: Option<&TopRuns>) -> Result<(), MoveError> {
        if self.is_won() {
            return Err(MoveError::GameOver);
        }
        match mv {
            Move::Deal => {
                if self.stock.is_empty() {
                    return Err(MoveError::StockEmpty);
                }
            }
            Move::Recycle => {
                if self.rules.stock != StockRule::Waste {
                    return Err(MoveError::NoRedeal);
                }
                if !self.stock.is_empty() {
                    return Err(MoveError::StockNotEmpty);
                }
                if self.waste.is_empty() {
                    return Err(MoveError::Empty(Pile::Waste));
                }
                if self.passes_left() == Some(0) {
                    return Err(MoveError::NoPassesLeft);
                }
            }
            Move::WasteToFoundation => {
                let card = *self.waste.last().ok_or(MoveError::Empty(Pile::Waste))?;
                if !self.fits_foundation(card) {
                    return Err(MoveError::NotNextOnFoundation(card));
                }
            }
            Move::Pass => {
                let spent = self.stock.is_empty() && self.check(Move::Recycle).is_err();
                if self.rules.players != 2 || !spent {
                    return Err(MoveError::CannotPass);
                }
            }
            Move::WasteToTableau(to) => {
                let card = *self.waste.last().ok_or(MoveError::Empty(Pile::Waste))?;
                self.check_onto_tableau(&[card], to, runs)?;
            }
            Move::TableauToFoundation(from) => {
                let card = self
                    .column(from)?
                    .top()
                    .ok_or(MoveError::Empty(Pile::Tableau(from)))?;
                if !self.fits_foundation(card) {
                    return Err(MoveError::NotNextOnFoundation(card));
                }
            }
            Move::TableauToTableau { from, to, count } => {
                if from == to {
                    return Err(MoveError::SamePile);
                }
                self.column(to)?;
                let col = self.column(from)?;
                if col.cards.is_empty() {
                    return Err(MoveError::Empty(Pile::Tableau(from)));
                }
                let up = col.face_up();
                if count == 0 || usize::from(count) > up.len() {
                    return Err(MoveError::NotFaceUp {
                        pile: Pile::Tableau(from),
                        count,
                    });
                }
                let run = &up[up.len() - usize::from(count)..];
                let is_run = runs
                    .and_then(|runs| runs.moves(from, count))
                    .unwrap_or_else(|| self.rules.is_run(run));
                if !is_run {
                    return Err(MoveError::NotARun(Pile::Tableau(from)));
                }
                self.check_onto_tableau(run, to, runs)?;
            }
            Move::FoundationToTableau(x, to) => {
                if !self.rules.from_foundation {
                    return Err(MoveError::FoundationLocked);
                }
                if x.index() >= self.foundations.len() {
                    return Err(MoveError::NoSuchPile(Pile::Foundation(x)));
                }
                let card = self
                    .foundation_top(x)
                    .ok_or(MoveError::Empty(Pile::Foundation(x)))?;
                self.check_onto_tableau(&[card], to, runs)?;
            }
            Move::ReserveToFoundation(r) => {
                let card = self.reserve_top(r)?;
                if !self.fits_foundation(card) {
                    return Err(MoveError::NotNextOnFoundation(card));
                }
            }
            Move::ReserveToTableau(r, to) => {
                let card = self.reserve_top(r)?;
                self.check_onto_tableau(&[card], to, runs)?;
            }
        }
        Ok(())
    }

    /// Every legal move, in a fixed order: foundation moves first, then
    /// tableau moves, waste moves, foundation returns, and the stock last.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(32);
        let runs = self.rules.jokers.then(|| TopRuns::new(self));
        self.for_each_candidate(|mv| {
            let hopeless = match (&runs, mv) {
                (Some(runs), Move::TableauToTableau { from, to, count }) => {
                    !runs.may_move(from, count, to)
                }
                _ => false,
            };
            if !hopeless && self.check_with(mv, runs.as_ref()).is_ok() {
                out.push(mv);
            }
        });
        out
    }

    /// How many cards from the top of pile `from` may move as one run
    /// ([`Rules::top_run`]; an empty pile's is 0).
    pub(super) fn movable_run(&self, from: u8) -> usize {
        self.column(from)
            .map_or(0, |col| self.rules.top_run(col.face_up()).len())
    }

    pub(super) fn for_each_candidate(&self, mut f: impl FnMut(Move)) {
        let n = self.tableau.len() as u8;
        f(Move::WasteToFoundation);
        for i in 0..n {
            f(Move::TableauToFoundation(i));
        }
        for r in 0..self.reserves.len() as u8 {
            f(Move::ReserveToFoundation(r));
        }
        for from in 0..n {
            // Longer runs than the pile's movable one are never legal.
            let run = self.movable_run(from) as u8;
            for count in (1..=run).rev() {
                for to in 0..n {
                    if to != from {
                        f(Move::TableauToTableau { from, to, count });
                    }
                }
            }
        }
        for to in 0..n {
            f(Move::WasteToTableau(to));
        }
        for r in 0..self.reserves.len() as u8 {
            for to in 0..n {
                f(Move::ReserveToTableau(r, to));
            }
        }
        for x in self.rules.foundations() {
            for to in 0..n {
                f(Move::FoundationToTableau(x, to));
            }
        }
        f(Move::Deal);
        f(Move::Recycle);
        f(Move::Pass);
    }

    pub(super) fn earn(&mut self, points: i32) -> i32 {
        let before = self.points;
        self.points = match self.rules.scoring {
            Scoring::None => 0,
            Scoring::Standard | Scoring::Timed => self.points.saturating_add(points).max(0),
            Scoring::Vegas => self.points.saturating_add(points),
        };
        self.points.saturating_sub(before)
    }

    pub(super) fn standard(&self, points: i32) -> i32 {
        match self.rules.scoring {
            Scoring::Standard | Scoring::Timed => points,
            _ => 0,
        }
    }

    pub(super) fn vegas(&self, points: i32) -> i32 {
        if self.rules.scoring == Scoring::Vegas {
            points
        } else {
            0
        }
    }

    /// Puts a card that fits on its foundation (setting a chosen base).
    pub(super) fn put_on_foundation(&mut self, c: Card) {
        if let Some(f) = self.foundation_for(c) {
            self.base.get_or_insert(c.rank());
            self.foundations[f.index()] += 1;
            if self.rules.players == 2 {
                let up = &mut self.played[usize::from(self.turn)];
                *up = up.saturating_add(1);
            }
        }
    }

    pub(super) fn flip(&mut self, i: u8) -> Option<Card> {
        let col = &mut self.tableau[usize::from(i)];
        if col.down > 0 && usize::from(col.down) == col.cards.len() {
            col.down -= 1;
            col.cards.last().copied()
        } else {
            None
        }
    }

    /// Plays a legal move, turning up any face-down card it uncovers.
    pub fn play(&mut self, mv: Move) -> Result<Effects, MoveError> {
        self.check(mv)?;
        let mut points = 0;
        let mut flipped = None;
        match mv {
            Move::Deal => match self.rules.stock {
                StockRule::Waste => {
                    let n = self.stock.len().min(usize::from(self.rules.draw));
                    for _ in 0..n {
                        if let Some(c) = self.stock.pop() {
                            self.waste.push(c);
                        }
                    }
                }
                StockRule::OnPiles => {
                    for col in &mut self.tableau {
                        match self.stock.pop() {
                            // An empty pile's new card is face up too.
                            Some(c) => {
                                col.down = col.down.min(col.cards.len() as u8);
                                col.cards.push(c);
                            }
                            None => break,
                        }
                    }
                }
                StockRule::OnReserves => {
                    for pile in &mut self.reserves {
                        match self.stock.pop() {
                            Some(c) => pile.push(c),
                            None => break,
                        }
                    }
                }
            },
            // The turn passes below.
            Move::Pass => {}
            Move::Recycle => {
                self.recycles = self.recycles.saturating_add(1);
                while let Some(c) = self.waste.pop() {
                    self.stock.push(c);
                }
                points += if self.rules.draw == 1 {
                    self.standard(-100)
                } else if self.rules.draw3_recycle_penalty && self.recycles >= 3 {
                    self.standard(-20)
                } else {
                    0
                };
            }
            Move::WasteToFoundation => {
                if let Some(c) = self.waste.pop() {
                    self.put_on_foundation(c);
                }
                points += self.standard(10) + self.vegas(5);
            }
            Move::ReserveToFoundation(r) => {
                if let Some(c) = self.reserves[usize::from(r)].pop() {
                    self.put_on_foundation(c);
                }
                points += self.standard(10) + self.vegas(5);
            }
            Move::ReserveToTableau(r, to) => {
                if let Some(c) = self.reserves[usize::from(r)].pop() {
                    self.tableau[usize::from(to)].cards.push(c);
                }
                points += self.standard(5);
            }
            Move::WasteToTableau(to) => {
                if let Some(c) = self.waste.pop() {
                    self.tableau[usize::from(to)].cards.push(c);
                }
                points += self.standard(5);
            }
            Move::TableauToFoundation(from) => {
                if let Some(c) = self.tableau[usize::from(from)].cards.pop() {
                    self.put_on_foundation(c);
                }
                flipped = self.flip(from);
                points += self.standard(10) + self.vegas(5);
            }
            Move::TableauToTableau { from, to, count } => {
                let src = &mut self.tableau[usize::from(from)].cards;
                let run = src.split_off(src.len() - usize::from(count));
                self.tableau[usize::from(to)].cards.extend(run);
                flipped = self.flip(from);
            }
            Move::FoundationToTableau(x, to) => {
                if let Some(c) = self.foundation_top(x) {
                    // A suit's foundations stay fullest first: the card comes
                    // off the last one holding as many as `x` (the same card).
                    let n = self.foundation_len(x);
                    let from = self
                        .rules
                        .suit_foundations(x.suit())
                        .rfind(|&f| self.foundation_len(f) == n)
                        .unwrap_or(x);
                    self.foundations[from.index()] -= 1;
                    self.tableau[usize::from(to)].cards.push(c);
                }
                points += self.standard(-15) + self.vegas(-5);
            }
        }
        if flipped.is_some() {
            points += self.standard(5);
        }
        self.moves = self.moves.saturating_add(1);
        let points = self.earn(points);
        let mut passed = self.rules.players == 2 && !self.is_won() && self.turn_ends(mv);
        if passed {
            self.pass_turn();
            // A player who cannot move hands the turn straight back.
            if self.legal_moves().is_empty() {
                self.pass_turn();
                passed = false;
            }
        }
        Ok(Effects {
            flipped,
            points,
            passed,
        })
    }

    /// The card a move would take first (the head of a run), if any.
    pub fn moving_card(&self, mv: Move) -> Option<Card> {
        match mv {
            Move::Deal => self.stock.last().copied(),
            Move::Recycle | Move::Pass => None,
            Move::WasteToFoundation | Move::WasteToTableau(_) => self.waste.last().copied(),
            Move::TableauToFoundation(i) => self.tableau.get(usize::from(i))?.top(),
            Move::TableauToTableau { from, count, .. } => {
                let col = self.tableau.get(usize::from(from))?;
                col.cards
                    .len()
                    .checked_sub(usize::from(count))
                    .map(|i| col.cards[i])
            }
            Move::FoundationToTableau(x, _) => self.foundation_top(x),
            Move::ReserveToFoundation(r) | Move::ReserveToTableau(r, _) => {
                self.reserves.get(usize::from(r))?.last().copied()
            }
        }
    }
}

/// The score a game shows, all schemes in one place.
///
/// `points` are those the moves earned, `seconds` the time played, `won`
/// whether the game is over.
pub fn score(scoring: Scoring, points: i32, seconds: u64, won: bool) -> i32 {
    match scoring {
        Scoring::None => 0,
        Scoring::Standard | Scoring::Vegas => points,
        Scoring::Timed => {
            let penalty = i32::try_from(seconds / 10).unwrap_or(i32::MAX / 2) * 2;
            let bonus = if won && seconds >= 30 {
                i32::try_from(700_000 / seconds).unwrap_or(0)
            } else {
                0
            };
            (points - penalty).max(0) + bonus
        }
    }
}

impl parlour_kit::position::Position for State {
    type Move = Move;
    type Effect = Effects;
    type Illegal = MoveError;

    fn legal_moves(&self) -> Vec<Move> {
        if self.is_won() {
            return Vec::new();
        }
        State::legal_moves(self)
    }

    fn play(&mut self, mv: Move) -> Result<Effects, MoveError> {
        State::play(self, mv)
    }

    /// Won once every card is up (Double Solitaire: once a player has put
    /// all theirs up, or neither can move and one has more up); drawn when
    /// no move is left otherwise.
    fn ending(&self) -> Option<Ending> {
        let two = self.rules.players == 2;
        if self.is_won() {
            let seat = if two {
                usize::from(self.played[1] == 52)
            } else {
                0
            };
            return Some(Ending::Won(seat));
        }
        if !State::legal_moves(self).is_empty() {
            return None;
        }
        Some(match self.leader() {
            Some(seat) if two => Ending::Won(usize::from(seat)),
            _ => Ending::Drawn,
        })
    }

    fn to_move(&self) -> Seat {
        usize::from(self.turn)
    }

    fn move_text(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn read_move(&self, text: &str) -> Result<Move, BadMoveText> {
        parlour_kit::position::read_checked(text, |mv| self.check(mv))
    }
}

/// Why `card` may not go onto `col`.
fn misfit(col: &Column, card: Card) -> MoveError {
    match col.top() {
        Some(onto) => MoveError::DoesNotFit { card, onto },
        None => MoveError::NeedsKing(card),
    }
}

/// Each tableau pile's run at the top ([`Rules::top_run`]), and which of
/// its tops [`Rules::is_run`] lets move, worked out once for all the moves
/// [`State::legal_moves`] tries (where jokers play, what may go onto a pile
/// depends on its whole run, not only its top card).
struct TopRuns<'a> {
    runs: Vec<&'a [Card]>,
    /// Bit `k` of a pile's: its top `k` face-up cards are a run, for each
    /// `k` up to the length of its run at the top (the counts
    /// [`State::legal_moves`] tries).
    movable: Vec<u64>,
}

impl<'a> TopRuns<'a> {
    fn new(state: &'a State) -> TopRuns<'a> {
        let runs: Vec<&[Card]> = state
            .tableau
            .iter()
            .map(|col| state.rules.top_run(col.face_up()))
            .collect();
        let movable = state
            .tableau
            .iter()
            .zip(&runs)
            .map(|(col, run)| {
                let up = col.face_up();
                (1..=run.len().min(63))
                    .filter(|&k| state.rules.is_run(&up[up.len() - k..]))
                    .fold(0, |bits, k| bits | 1 << k)
            })
            .collect();
        TopRuns { runs, movable }
    }

    /// Whether the top `count` face-up cards of pile `from` (a pile that
    /// exists, with that many face-up cards) are a run, where worked out.
    fn moves(&self, from: u8, count: u8) -> Option<bool> {
        let from = usize::from(from);
        (usize::from(count) <= self.runs[from].len().min(63))
            .then(|| self.movable[from] >> count & 1 == 1)
    }

    /// Whether a run whose bottom card is `card` could continue `chain`
    /// where the two meet: colours alternate, and two natural cards fall by
    /// one. A move onto a pile where they do not is never legal (the whole
    /// run [`State::check`] tests asks the same of every pair of cards);
    /// most moves fail here, before that test.
    fn meet(chain: &[Card], card: Card) -> bool {
        chain.last().is_none_or(|&below| {
            below.is_red() != card.is_red()
                && (below.is_joker()
                    || card.is_joker()
                    || below.rank().value() == card.rank().value() + 1)
        })
    }

    /// Whether `count` cards of pile `from`'s run at the top could go onto
    /// pile `to` as far as [`TopRuns::meet`] can tell (true where it
    /// cannot: piles that do not exist, or more cards than the run holds).
    fn may_move(&self, from: u8, count: u8, to: u8) -> bool {
        let (Some(run), Some(onto)) = (
            self.runs.get(usize::from(from)),
            self.runs.get(usize::from(to)),
        ) else {
            return true;
        };
        run.len()
            .checked_sub(usize::from(count))
            .and_then(|bottom| run.get(bottom))
            .is_none_or(|&card| TopRuns::meet(onto, card))
    }

    /// Pile `to`'s (a pile that exists: [`State::column`] found it).
    fn of(&self, to: u8) -> &'a [Card] {
        self.runs[usize::from(to)]
    }
}
