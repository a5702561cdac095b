//! What the game can tell about a position without the full solver: the next
//! useful move (hints), whether any useful move is left (a lost game), and
//! which cards may go to the foundations automatically.
//!
//! "Useful" means irreversible progress: more cards on the foundations than
//! the game has ever had, fewer face down, or fewer in the stock and waste
//! (the game's [`Marks`]). Cycling the stock, shuffling runs between piles or
//! putting back up a card taken down is not progress, so a game where only
//! those remain is lost.

use super::cards::{Card, Rank, Suit};
use super::rules::{Move, MoveError, State};
use parlour_kit::digest_set::DigestSet;
use std::collections::VecDeque;

/// What a search for progress found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prospect {
    /// These moves, in order, make progress (the last one is the useful one).
    Progress(Vec<Move>),
    /// No sequence of moves makes progress: the game is lost (or won).
    Stuck,
    /// The search ran out of budget before deciding.
    Unknown,
}

/// How far a game has come, by the three kinds of irreversible progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    on_foundations: u32,
    face_down: u32,
    in_stock: u32,
}

impl Marks {
    /// The marks of one position, both players' halves in Double Solitaire.
    pub fn of(s: &State) -> Marks {
        let down =
            |piles: &[super::rules::Column]| piles.iter().map(|c| u32::from(c.down)).sum::<u32>();
        let idle = s.idle.iter();
        Marks {
            on_foundations: s.foundations.iter().map(|&n| u32::from(n)).sum(),
            face_down: down(&s.tableau) + idle.clone().map(|i| down(&i.tableau)).sum::<u32>(),
            in_stock: (s.stock.len() + s.waste.len()) as u32
                + idle
                    .map(|i| (i.stock.len() + i.waste.len()) as u32)
                    .sum::<u32>(),
        }
    }

    /// Raises the marks to include position `s`: the most cards ever up,
    /// the fewest ever face down or left in the talon.
    pub fn raise(&mut self, s: &State) {
        let now = Marks::of(s);
        self.on_foundations = self.on_foundations.max(now.on_foundations);
        self.face_down = self.face_down.min(now.face_down);
        self.in_stock = self.in_stock.min(now.in_stock);
    }

    /// Whether `now` goes beyond these marks in some way.
    fn beaten_by(self, now: Marks) -> bool {
        now.on_foundations > self.on_foundations
            || now.face_down < self.face_down
            || now.in_stock < self.in_stock
    }
}

/// Breadth-first search for the shortest line to progress, over at most
/// `budget` positions.
pub fn find_progress(start: &State, budget: usize) -> Prospect {
    find_progress_beyond(start, Marks::of(start), false, budget)
}

/// Plays `mv`, then, when `auto_move` is on, every safe move to a
/// foundation after it, as the game does for the player.
pub fn play_as_game(s: &mut State, mv: Move, auto_move: bool) -> Result<(), MoveError> {
    s.play(mv)?;
    if auto_move {
        while let Some(m) = safe_move(s) {
            if s.play(m).is_err() {
                break;
            }
        }
    }
    Ok(())
}

/// Breadth-first search for the shortest line that beats `marks`, the best
/// the game has reached so far, over at most `budget` positions; with
/// `auto_move`, safe cards go up after each move as the game sends them.
///
/// Against the game's marks rather than the position's own, putting back
/// up a card just taken down is not progress. So a player who follows
/// these lines cannot go round in circles: the rest of a line is still a
/// line from the position its first move reaches, so each line is shorter
/// than the last until a mark is beaten, and marks are bounded. (Without
/// `auto_move` where the game has it on, a line could begin by taking down
/// a card the game at once puts back.)
pub fn find_progress_beyond(
    start: &State,
    marks: Marks,
    auto_move: bool,
    budget: usize,
) -> Prospect {
    if start.is_won() {
        return Prospect::Stuck;
    }
    let mut seen = DigestSet::default();
    let mut queue: VecDeque<(State, Vec<Move>)> = VecDeque::new();
    seen.insert(start.digest());
    queue.push_back((start.clone(), Vec::new()));
    while let Some((s, path)) = queue.pop_front() {
        for mv in s.legal_moves() {
            let mut next = s.clone();
            if play_as_game(&mut next, mv, auto_move).is_err() {
                continue;
            }
            let mut line = path.clone();
            line.push(mv);
            if marks.beaten_by(Marks::of(&next)) {
                return Prospect::Progress(line);
            }
            if seen.len() >= budget {
                return Prospect::Unknown;
            }
            if seen.insert(next.digest()) {
                queue.push_back((next, line));
            }
        }
    }
    Prospect::Stuck
}

/// The budget the game uses for hints.
pub const BUDGET: usize = 20_000;

/// The budget for the check after every move; a position too tangled to
/// decide within it is not called lost.
pub const LOST_BUDGET: usize = 5_000;

/// Whether no useful move is left (and the game is not won). In Double
/// Solitaire, for either player: that ends the game.
pub fn is_lost(s: &State) -> bool {
    is_lost_beyond(s, Marks::of(s), false)
}

/// Whether nothing reachable beats the game's `marks` (and it is not won):
/// then it can never be won.
pub fn is_lost_beyond(s: &State, marks: Marks, auto_move: bool) -> bool {
    !s.is_won() && find_progress_beyond(s, marks, auto_move, LOST_BUDGET) == Prospect::Stuck
}

/// Whether `card` can go to its foundation without ever being needed in the
/// tableau. Ranks count from the foundations' base (the Ace in Klondike):
/// the base and the second rank always (the base never needs a place to
/// go), otherwise once every card that could build on it is on its own
/// foundation, and where cards may come back from the foundations, every
/// card two ranks or more below it too. While the player has yet to choose
/// the base, nothing is.
///
/// Where ranks wrap, the base may hold a card of the rank below it (a King
/// on an Ace): then the base is never safe, nor the second rank until the
/// bases it could hold are up, and where cards may also come back from the
/// foundations, no card is (each may come back down in turn, down to a base
/// that holds a King: the solver's summary search has the argument).
pub fn is_safe_for_foundation(s: &State, card: Card) -> bool {
    if !s.fits_foundation(card) {
        return false;
    }
    let Some(r) = s.height(card) else {
        return false;
    };
    if s.rules.wrap && (r == 1 || s.rules.from_foundation) {
        return false;
    }
    if r == 1 {
        return true;
    }
    // Where jokers play, a joker may yet need any other card to stand on.
    if s.rules.jokers {
        return false;
    }
    if r == 2 && !s.rules.wrap {
        return true;
    }
    let below_rank = (card.rank().value() + 11) % 13 + 1;
    let takers_up = Suit::ALL.into_iter().all(|o| {
        let below = Card::new(Rank::new(below_rank).unwrap_or(Rank::KING), o);
        !s.rules.builds_on(below, card)
            || s.height(below).is_some_and(|h| s.lowest_foundation(o) >= h)
    });
    // Where cards may come back down, one that could be built on this card
    // may come back onto it to hold a card two ranks below, which may come
    // back to hold the next, and so on: those must all be up too.
    takers_up
        && (!s.rules.from_foundation
            || Suit::ALL
                .into_iter()
                .all(|o| s.lowest_foundation(o) + 2 >= r))
}

/// A safe move to a foundation, if there is one (waste first, then piles
/// left to right). The waste's top counts only when cards are dealt
/// singly: dealing by threes, a card left in the waste can be what brings
/// another to the top on a later pass (taking it out shifts the rest), so
/// sending it up unasked can lose a won game (as the solver knows).
pub fn safe_move(s: &State) -> Option<Move> {
    let waste = s
        .waste
        .last()
        .filter(|_| s.rules.draw == 1)
        .filter(|&&c| is_safe_for_foundation(s, c))
        .map(|_| Move::WasteToFoundation);
    waste.or_else(|| {
        (0..s.tableau.len() as u8).find_map(|i| {
            s.tableau[usize::from(i)]
                .top()
                .filter(|&c| is_safe_for_foundation(s, c))
                .map(|_| Move::TableauToFoundation(i))
        })
    })
}

/// Whether the game can finish itself: stock, waste and reserves empty, and
/// every pile a face-up run whose cards fall from the foundations' base up
/// (then some pile's top is always the next card a foundation needs). Where
/// ranks wrap, a run that goes on past the base (a King on an Ace) can hide
/// the card a foundation needs under a King with nowhere to go, so such a
/// pile does not count. Not where jokers play (they stay on the table and
/// can cover a card), nor in Double Solitaire (the card a foundation needs
/// may be the other player's).
pub fn can_auto_complete(s: &State) -> bool {
    let falls = |w: &[Card]| {
        s.rules.builds_on(w[1], w[0])
            && s.height(w[1])
                .zip(s.height(w[0]))
                .is_some_and(|(up, under)| up < under)
    };
    !s.is_won()
        && !s.rules.jokers
        && s.rules.players == 1
        && s.stock.is_empty()
        && s.waste.is_empty()
        && s.reserves.iter().all(Vec::is_empty)
        && s.tableau
            .iter()
            .all(|c| c.down == 0 && c.cards.windows(2).all(falls))
}

/// The next move of an auto-complete: the lowest card (counted from the
/// base) that can go up.
pub fn auto_complete_move(s: &State) -> Option<Move> {
    (0..s.tableau.len() as u8)
        .filter_map(|i| {
            let c = s.tableau[usize::from(i)].top()?;
            // Counted from the base, where it is not the Ace.
            s.fits_foundation(c).then_some((s.height(c), i))
        })
        .min()
        .map(|(_, i)| Move::TableauToFoundation(i))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Passes, Rules};
    use parlour_kit::rng::Seed;

    use crate::fixtures::{card as c, col};

    #[test]
    fn a_fresh_deal_has_progress() {
        for seed in 0..20 {
            let s = State::deal(Rules::default(), Seed(seed));
            assert!(
                matches!(find_progress(&s, BUDGET), Prospect::Progress(_)),
                "seed {seed}"
            );
        }
    }

    #[test]
    fn cycling_the_stock_is_not_progress() {
        // Nothing in the stock or tableau can ever move usefully.
        let mut s = State::new(
            Rules::default(),
            vec![col(1, "3C 5H"), col(1, "4C 7D")],
            vec![c("9S"), c("9C")],
        );
        s.foundations = vec![0, 0, 0, 0];
        // The stock cards fit nowhere; the piles' tops do not build on each other.
        assert_eq!(find_progress(&s, BUDGET), Prospect::Stuck);
        assert!(is_lost(&s));
    }

    #[test]
    fn progress_may_need_the_stock_first() {
        let s = State::new(
            Rules::default(),
            vec![col(1, "3C 5H")],
            vec![c("AS"), c("9C")],
        );
        match find_progress(&s, BUDGET) {
            Prospect::Progress(line) => {
                assert_eq!(line.last(), Some(&Move::WasteToFoundation));
                assert!(line.contains(&Move::Deal));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_card_back_and_forth_is_not_progress() {
        // The 2H can go down onto the 3S and back up: no progress either way.
        let mut s = State::new(Rules::default(), vec![col(1, "QD 3S")], vec![]);
        s.foundations = vec![0, 0, 2, 0];
        assert!(is_lost(&s));
    }

    #[test]
    fn limited_passes_run_out() {
        let buried = |passes| {
            let mut s = State::new(
                Rules {
                    passes,
                    ..Rules::default()
                },
                vec![col(0, "KS")],
                vec![],
            );
            s.waste = vec![c("AS"), c("9C")];
            s
        };
        assert!(
            is_lost(&buried(Passes::Limited(1))),
            "no redeal: the ace stays buried"
        );
        match find_progress(&buried(Passes::Unlimited), BUDGET) {
            Prospect::Progress(line) => assert_eq!(
                line,
                vec![Move::Recycle, Move::Deal, Move::WasteToFoundation]
            ),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn safety_of_foundation_moves() {
        let mut s = State::new(Rules::default(), vec![], vec![]);
        s.foundations = vec![2, 1, 2, 2]; // C:2 D:A H:2 S:2
        assert!(is_safe_for_foundation(&s, c("2D")));
        assert!(
            !is_safe_for_foundation(&s, c("3C")),
            "the 2D may still need it"
        );
        s.foundations = vec![2, 2, 2, 2];
        assert!(is_safe_for_foundation(&s, c("3C")));
        assert!(is_safe_for_foundation(&s, c("3H")));
        s.foundations = vec![3, 2, 1, 2];
        assert!(
            !is_safe_for_foundation(&s, c("4C")),
            "the 3H may still need it"
        );
        // Both black tens are up, but the nine of diamonds may need one to
        // come back down onto the jack of hearts.
        s.foundations = vec![10, 7, 10, 10];
        assert!(!is_safe_for_foundation(&s, c("JH")));
        s.foundations = vec![10, 9, 10, 10];
        assert!(is_safe_for_foundation(&s, c("JH")));
        s.rules.from_foundation = false;
        s.foundations = vec![10, 7, 10, 10];
        assert!(
            is_safe_for_foundation(&s, c("JH")),
            "no card comes back down"
        );
    }

    #[test]
    fn where_ranks_wrap_an_ace_may_be_a_kings_room() {
        use crate::rules::BaseRule;
        // Base 5: the fives are the Aces, the fours the Kings.
        let wrapping = |from_foundation| Rules {
            wrap: true,
            base: Rank::new(5).expect("a rank"),
            base_rule: BaseRule::Fixed,
            from_foundation,
            ..Rules::default()
        };
        let mut s = State::new(wrapping(false), vec![], vec![]);
        s.foundations = vec![0, 0, 1, 1];
        assert!(
            !is_safe_for_foundation(&s, c("5C")),
            "it may hold a red four"
        );
        assert!(
            !is_safe_for_foundation(&s, c("6H")),
            "the five of clubs may go on it to hold a four"
        );
        s.foundations = vec![1, 0, 1, 1];
        assert!(
            is_safe_for_foundation(&s, c("6H")),
            "both black fives are up"
        );
        // Where cards may come back down, any card may be wanted again, down
        // to an Ace that holds a King.
        s.rules = wrapping(true);
        assert!(!is_safe_for_foundation(&s, c("6H")));
        s.foundations = vec![6, 6, 6, 5];
        assert!(!is_safe_for_foundation(&s, c("TS")));
    }

    #[test]
    fn where_ranks_wrap_the_game_finishes_itself_only_from_runs_that_do_not() {
        use crate::rules::BaseRule;
        let rules = Rules {
            wrap: true,
            base: Rank::new(5).expect("a rank"),
            base_rule: BaseRule::Fixed,
            ..Rules::default()
        };
        // Base 5: a red four (a King) on a black five (an Ace) over the six
        // of hearts, the rest up but the five of clubs' suit and the fours.
        let mut s = State::new(rules, vec![col(0, "6H 5C 4D"), col(0, "4S")], vec![]);
        s.foundations = vec![0, 12, 1, 12];
        assert!(
            !can_auto_complete(&s),
            "the five of clubs lies under a King"
        );
        s.tableau = vec![col(0, "6H 5C"), col(0, "4S"), col(0, "4D")];
        assert!(can_auto_complete(&s));
        assert_eq!(auto_complete_move(&s), Some(Move::TableauToFoundation(0)));
    }

    #[test]
    fn auto_complete_plays_lowest_first() {
        let mut s = State::new(
            Rules::default(),
            vec![col(0, "2H"), col(0, "AS"), col(0, "AH")],
            vec![],
        );
        s.foundations = vec![13, 13, 0, 12];
        assert!(can_auto_complete(&s));
        // Only the ace of hearts fits now (spades wait for their king).
        assert_eq!(auto_complete_move(&s), Some(Move::TableauToFoundation(2)));
        s.foundations = vec![13, 13, 1, 0];
        assert_eq!(
            auto_complete_move(&s),
            Some(Move::TableauToFoundation(1)),
            "the ace before the two"
        );
        s.stock.push(c("KS"));
        assert!(!can_auto_complete(&s));
        // Not where the next card may lie in the other player's half, nor
        // where jokers play.
        s.stock.clear();
        for (rules, why) in [
            (
                Rules {
                    players: 2,
                    ..Rules::default()
                },
                "two players",
            ),
            (
                Rules {
                    jokers: true,
                    ..Rules::default()
                },
                "jokers",
            ),
        ] {
            let mut other = s.clone();
            other.rules = rules;
            assert!(!can_auto_complete(&other), "{why}");
        }
    }
}
