//! Tests of the rules.

use super::*;

use crate::fixtures::{card as c, col};

/// A small hand-made position: stock, waste and a few piles, the rest of the deck on foundations.
fn position(
    rules: Rules,
    tableau: Vec<Column>,
    stock: &str,
    waste: &str,
    foundations: [u8; 4],
) -> State {
    let mut s = State::new(rules, tableau, stock.split_whitespace().map(c).collect());
    s.waste = waste.split_whitespace().map(c).collect();
    s.foundations = foundations.to_vec();
    s
}

#[test]
fn a_deal_has_the_triangle_and_every_card_once() {
    let s = State::deal(Rules::default(), Seed(42));
    s.check_cards().unwrap();
    for (k, col) in s.tableau.iter().enumerate() {
        assert_eq!(col.cards.len(), k + 1);
        assert_eq!(usize::from(col.down), k);
        assert_eq!(col.face_up().len(), 1);
    }
    assert_eq!(s.stock.len(), 24);
    assert_eq!(State::deal(Rules::default(), Seed(42)), s, "seeded");
    assert_ne!(State::deal(Rules::default(), Seed(43)), s);
}

#[test]
fn notation_round_trips_and_rejects_junk() {
    for text in [
        "D", "R", "W-F", "W-T3", "T2-F", "T2-T5", "T2-T5x3", "FH-T4", "T7-T1x13",
    ] {
        let mv: Move = text.parse().unwrap();
        assert_eq!(mv.to_string(), text);
    }
    for bad in [
        "", "X", "W-T0", "W-T", "T1-T2x0", "T1-Fx2", "FX-T1", "W-Fx", "T1--T2", "d",
    ] {
        assert!(bad.parse::<Move>().is_err(), "{bad}");
    }
    assert_eq!("T1-T2x".parse::<Move>(), Err(BadMove("T1-T2x".into())));
}

#[test]
fn tableau_builds_down_in_alternating_colours() {
    let r = Rules::default();
    assert!(r.builds_on(c("9H"), c("TS")));
    assert!(!r.builds_on(c("9H"), c("TD")), "same colour");
    assert!(!r.builds_on(c("8H"), c("TS")), "rank gap");
    assert!(!r.builds_on(c("JH"), c("TS")), "upwards");
    let s = position(
        r,
        vec![col(0, "TS"), col(1, "2C 9H"), col(0, "")],
        "",
        "",
        [0; 4],
    );
    assert!(s
        .check(Move::TableauToTableau {
            from: 1,
            to: 0,
            count: 1
        })
        .is_ok());
    assert_eq!(
        s.check(Move::TableauToTableau {
            from: 1,
            to: 2,
            count: 1
        }),
        Err(MoveError::NeedsKing(c("9H")))
    );
    assert_eq!(
        s.check(Move::TableauToTableau {
            from: 1,
            to: 0,
            count: 2
        }),
        Err(MoveError::NotFaceUp {
            pile: Pile::Tableau(1),
            count: 2
        })
    );
}

#[test]
fn runs_move_as_a_unit_and_uncover_a_card() {
    let mut s = position(
        Rules::default(),
        vec![col(1, "3D KS QH JC"), col(0, "")],
        "",
        "",
        [0; 4],
    );
    assert!(
        s.check(Move::TableauToTableau {
            from: 0,
            to: 1,
            count: 2
        })
        .is_err(),
        "QH JC is not headed by a king"
    );
    let fx = s
        .play(Move::TableauToTableau {
            from: 0,
            to: 1,
            count: 3,
        })
        .unwrap();
    assert_eq!(fx.flipped, Some(c("3D")));
    assert_eq!(fx.points, 5, "turning a card");
    assert_eq!(s.tableau[1].cards, vec![c("KS"), c("QH"), c("JC")]);
    assert_eq!(s.tableau[0].down, 0);
}

#[test]
fn foundations_build_up_by_suit_from_the_ace_and_give_back() {
    let mut s = position(
        Rules::default(),
        vec![col(0, "AH"), col(0, "3S")],
        "",
        "2H",
        [0; 4],
    );
    assert_eq!(
        s.check(Move::WasteToFoundation),
        Err(MoveError::NotNextOnFoundation(c("2H")))
    );
    s.play(Move::TableauToFoundation(0)).unwrap();
    s.play(Move::WasteToFoundation).unwrap();
    assert_eq!(s.foundation_top(Suit::Hearts.into()), Some(c("2H")));
    assert_eq!(s.points, 20);
    s.play(Move::FoundationToTableau(Suit::Hearts.into(), 1))
        .unwrap();
    assert_eq!(s.tableau[1].top(), Some(c("2H")));
    assert_eq!(s.points, 5, "-15 for a card back from a foundation");
    let mut locked = s.clone();
    locked.rules.from_foundation = false;
    assert_eq!(
        locked.check(Move::FoundationToTableau(Suit::Hearts.into(), 0)),
        Err(MoveError::FoundationLocked)
    );
}

#[test]
fn standard_scoring_table_row_by_row() {
    let r = Rules::default();
    // waste -> tableau +5
    let mut s = position(r, vec![col(0, "TS")], "", "9H", [0; 4]);
    assert_eq!(s.play(Move::WasteToTableau(0)).unwrap().points, 5);
    // waste -> foundation +10
    let mut s = position(r, vec![], "", "AH", [0; 4]);
    assert_eq!(s.play(Move::WasteToFoundation).unwrap().points, 10);
    // tableau -> foundation +10 (plus 5 for the card it turns)
    let mut s = position(r, vec![col(1, "5C AH")], "", "", [0; 4]);
    assert_eq!(s.play(Move::TableauToFoundation(0)).unwrap().points, 15);
    // foundation -> tableau -15, floored at 0 from 0 points
    let mut s = position(r, vec![col(0, "3S")], "", "", [0, 0, 2, 0]);
    s.points = 20;
    assert_eq!(
        s.play(Move::FoundationToTableau(Suit::Hearts.into(), 0))
            .unwrap()
            .points,
        -15
    );
    let mut s = position(r, vec![col(0, "3S")], "", "", [0, 0, 2, 0]);
    assert_eq!(
        s.play(Move::FoundationToTableau(Suit::Hearts.into(), 0))
            .unwrap()
            .points,
        0,
        "never below 0"
    );
    // recycle, draw 1: -100
    let mut s = position(r, vec![], "", "AH 2H", [0; 4]);
    s.points = 150;
    assert_eq!(s.play(Move::Recycle).unwrap().points, -100);
    // recycle, draw 3: free for the first two, -20 from the third recycle on
    let r3 = Rules { draw: 3, ..r };
    let mut s = position(r3, vec![], "", "AH 2H", [0; 4]);
    s.points = 100;
    let costs: Vec<i32> = (0..4)
        .map(|_| {
            let p = s.play(Move::Recycle).unwrap().points;
            while s.play(Move::Deal).is_ok() {}
            p
        })
        .collect();
    assert_eq!(costs, vec![0, 0, -20, -20]);
    let mut s = position(
        Rules {
            draw3_recycle_penalty: false,
            ..r3
        },
        vec![],
        "",
        "AH",
        [0; 4],
    );
    s.recycles = 5;
    assert_eq!(
        s.play(Move::Recycle).unwrap().points,
        0,
        "the Windows penalty is an option"
    );
}

#[test]
fn vegas_scoring_and_its_pass_limits() {
    let r = Rules {
        scoring: Scoring::Vegas,
        ..Rules::default()
    };
    let mut s = State::deal(r, Seed(1));
    assert_eq!(s.points, -52);
    assert_eq!(s.passes_left(), Some(0), "one pass dealing singly");
    while s.play(Move::Deal).is_ok() {}
    assert_eq!(s.check(Move::Recycle), Err(MoveError::NoPassesLeft));
    let r3 = Rules { draw: 3, ..r };
    assert_eq!(
        State::deal(r3, Seed(1)).passes_left(),
        Some(2),
        "three passes by threes"
    );
    let mut s = position(r, vec![col(0, "3S")], "", "AH", [0; 4]);
    s.points = -52;
    assert_eq!(s.play(Move::WasteToFoundation).unwrap().points, 5);
    assert!(
        s.play(Move::FoundationToTableau(Suit::Hearts.into(), 0))
            .is_err(),
        "AH does not go on 3S"
    );
    let mut s = position(r, vec![col(0, "3S")], "", "", [0, 0, 2, 0]);
    s.points = -42;
    assert_eq!(
        s.play(Move::FoundationToTableau(Suit::Hearts.into(), 0))
            .unwrap()
            .points,
        -5
    );
    assert_eq!(s.points, -47, "Vegas may go below zero");
}

#[test]
fn timed_scoring_penalty_and_bonus() {
    assert_eq!(score(Scoring::Timed, 100, 9, false), 100);
    assert_eq!(score(Scoring::Timed, 100, 10, false), 98);
    assert_eq!(score(Scoring::Timed, 100, 125, false), 76);
    assert_eq!(score(Scoring::Timed, 10, 600, false), 0, "never below 0");
    assert_eq!(score(Scoring::Timed, 500, 140, true), 500 - 28 + 5000);
    assert_eq!(
        score(Scoring::Timed, 500, 29, true),
        500 - 4,
        "no bonus under 30 s"
    );
    assert_eq!(score(Scoring::None, 500, 29, true), 0);
}

#[test]
fn stock_deals_by_ones_or_threes_and_limits_passes() {
    let r = Rules {
        draw: 3,
        passes: Passes::Limited(3),
        ..Rules::default()
    };
    let mut s = position(r, vec![], "AH 2H 3H 4H", "", [0; 4]);
    s.play(Move::Deal).unwrap();
    assert_eq!(s.waste, vec![c("4H"), c("3H"), c("2H")]);
    assert_eq!(s.check(Move::Recycle), Err(MoveError::StockNotEmpty));
    s.play(Move::Deal).unwrap();
    assert_eq!(s.check(Move::Deal), Err(MoveError::StockEmpty));
    assert_eq!(s.passes_left(), Some(2));
    s.play(Move::Recycle).unwrap();
    assert_eq!(s.stock.last(), Some(&c("4H")), "the order is restored");
    while s.play(Move::Deal).is_ok() {}
    s.play(Move::Recycle).unwrap();
    while s.play(Move::Deal).is_ok() {}
    assert_eq!(s.check(Move::Recycle), Err(MoveError::NoPassesLeft));
}

#[test]
fn legal_moves_agree_with_check_and_play() {
    for seed in 0..50 {
        let mut s = State::deal(Rules::default(), Seed(seed));
        for _ in 0..60 {
            let moves = s.legal_moves();
            let Some(&mv) = moves.get((seed as usize * 7 + s.moves as usize) % moves.len().max(1))
            else {
                break;
            };
            s.play(mv).unwrap();
            s.check_cards().unwrap();
        }
    }
}

/// Every run move [`State::legal_moves`] lists is one [`State::check`]
/// allows, and none is missing: the candidates it checks stop at the
/// pile's movable run, and no longer count of any pile may move. Random
/// play through every one-player member, jokers and stocks dealt onto the
/// piles included, so that piles hold long face-up stretches.
#[test]
fn legal_moves_list_every_run_move_that_check_allows() {
    use crate::variant::Variant;
    for v in Variant::ALL {
        let rules = v.rules(Rules::default());
        if rules.players != 1 {
            continue;
        }
        for seed in 0..12 {
            let mut s = State::deal(rules, Seed(seed));
            for turn in 0..80usize {
                let n = s.tableau.len() as u8;
                let every: Vec<Move> = (0..n)
                    .flat_map(|from| {
                        let len = s.tableau[usize::from(from)].cards.len() as u8;
                        (1..=len).rev().flat_map(move |count| {
                            (0..n).map(move |to| Move::TableauToTableau { from, to, count })
                        })
                    })
                    .filter(|&mv| s.check(mv).is_ok())
                    .collect();
                let moves = s.legal_moves();
                let listed: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|mv| matches!(mv, Move::TableauToTableau { .. }))
                    .collect();
                assert_eq!(listed, every, "{v:?} seed {seed} turn {turn}");
                let Some(&mv) = moves.get((seed as usize * 7 + turn * 3) % moves.len().max(1))
                else {
                    break;
                };
                s.play(mv).unwrap();
            }
        }
    }
}

/// Where jokers play, [`State::legal_moves`] works each pile's run at the
/// top out once for every move it tries; [`State::check`] works it out for
/// the one move it is asked. Both must agree on every move of every kind,
/// so this compares the two on random piles built to hold runs with jokers
/// in them (at the bottom of a pile, on face-down cards, in the middle, on
/// top, two together), broken runs, spaces and foundations to take cards
/// back from.
#[test]
fn legal_moves_agree_with_check_where_jokers_stand_in_runs() {
    let rules = crate::variant::Variant::Joker.rules(Rules::default());
    let mut rng = Rng::new(Seed(39));
    let random_card = |rng: &mut Rng| match Card::from_index(rng.below(54) as u8) {
        Some(card) => card,
        None => unreachable!("0..54 are cards"),
    };
    for _ in 0..3000 {
        let tableau: Vec<Column> = (0..7)
            .map(|_| {
                let down = rng.below(3) as u8;
                let mut cards: Vec<Card> = (0..down).map(|_| random_card(&mut rng)).collect();
                if rng.below(6) > 0 {
                    let mut rank = 1 + rng.below(13) as u8;
                    let mut red = rng.below(2) == 1;
                    for _ in 0..=rng.below(u64::from(rank).min(7)) {
                        cards.push(if rng.below(4) == 0 {
                            if red {
                                Card::RED_JOKER
                            } else {
                                Card::BLACK_JOKER
                            }
                        } else {
                            let suits = if red {
                                [Suit::Diamonds, Suit::Hearts]
                            } else {
                                [Suit::Clubs, Suit::Spades]
                            };
                            let suit = suits[rng.below(2) as usize];
                            match Rank::new(rank) {
                                Some(r) => Card::new(r, suit),
                                None => unreachable!("ranks stay in 1..=13"),
                            }
                        });
                        rank = rank.saturating_sub(1).max(1);
                        red = !red;
                    }
                }
                if rng.below(4) == 0 {
                    cards.push(random_card(&mut rng));
                }
                let down = down.min(cards.len().saturating_sub(1) as u8);
                Column { cards, down }
            })
            .collect();
        let mut s = State::new(rules, tableau, Vec::new());
        s.waste = vec![random_card(&mut rng)];
        s.foundations = (0..4).map(|_| rng.below(14) as u8).collect();
        let mut every = Vec::new();
        s.for_each_candidate(|mv| {
            if s.check(mv).is_ok() {
                every.push(mv);
            }
        });
        assert_eq!(s.legal_moves(), every, "{:?}", s.tableau);
    }
}

#[test]
fn winning_is_detected() {
    let mut s = position(
        Rules::default(),
        vec![col(0, "KS")],
        "",
        "",
        [13, 13, 13, 12],
    );
    assert!(!s.is_won());
    s.play(Move::TableauToFoundation(0)).unwrap();
    assert!(s.is_won());
    assert_eq!(s.check(Move::Deal), Err(MoveError::GameOver));
    assert!(s.legal_moves().is_empty());
}

#[test]
fn positions_trusted_past_the_card_count_are_refused() {
    let deal = State::deal(Rules::default(), Seed(5));
    assert_eq!(deal.validate(), Ok(()));
    let refused = |edit: &dyn Fn(&mut State)| {
        let mut s = deal.clone();
        edit(&mut s);
        s.validate().expect_err("an impossible position")
    };
    assert!(matches!(
        refused(&|s| s.foundations.truncate(3)),
        InvalidPosition::Foundations { want: 4, found: 3 }
    ));
    assert_eq!(
        refused(&|s| s.tableau[6].down = 7),
        InvalidPosition::NoFaceUpCard(6)
    );
    assert_eq!(
        refused(&|s| s.tableau[0].down = 9),
        InvalidPosition::TooManyFaceDown(0)
    );
    assert!(matches!(
        refused(&|s| s.turn = 2),
        InvalidPosition::Players(_)
    ));
    assert!(matches!(
        refused(&|s| s.rules.draw = 0),
        InvalidPosition::Rules(_)
    ));
    assert!(matches!(
        refused(&|s| s.rules.tableau = 0),
        InvalidPosition::Rules(_)
    ));
    assert!(matches!(
        refused(&|s| s.rules.decks = 200),
        InvalidPosition::Rules(_)
    ));
    // An empty table "won" without a card: the cards are missing.
    assert!(matches!(
        refused(&|s| {
            s.tableau.iter_mut().for_each(|c| *c = Column::default());
            s.stock.clear();
        }),
        InvalidPosition::Cards(_)
    ));
    assert!(matches!(
        refused(&|s| s.foundations[0] = 14),
        InvalidPosition::OverfullFoundation(0)
    ));
    // Numbers that would wrap as the game goes on.
    assert!(matches!(
        refused(&|s| s.moves = u32::MAX),
        InvalidPosition::Rules(_)
    ));
    assert!(matches!(
        refused(&|s| s.points = i32::MIN),
        InvalidPosition::Rules(_)
    ));
    // A rank out of range does not even decode.
    let text = postcard::to_allocvec(&0u8).expect("bytes");
    assert!(postcard::from_bytes::<Rank>(&text).is_err());
}
