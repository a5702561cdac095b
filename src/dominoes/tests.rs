//! Rules fixtures: legality, scoring, turn order and the end of a hand.

use super::lattice::Cell;
use super::rules::*;
use super::tile::{Pips, Tile};

fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

fn tiles(s: &str) -> Vec<Tile> {
    s.split_whitespace().map(t).collect()
}

fn placed(mv: &str) -> Placed {
    match mv.parse::<Move>().unwrap() {
        Move::Place(p) => p.at,
        other => panic!("{other}"),
    }
}

/// A hand in play: `board` in the order laid, seat 1 to move.
fn position(rules: Rules, board: &str, mine: &str, theirs: &str) -> Hand {
    let board: Vec<Placed> = board.split_whitespace().map(placed).collect();
    Hand::from_position(
        rules,
        vec![tiles(mine), tiles(theirs)],
        vec![],
        board,
        0,
        vec![0, 0],
    )
}

fn play(h: &mut Hand, mv: &str) -> Result<Effect, PlayError> {
    h.play(mv.parse().unwrap())
}

fn star() -> Rules {
    Rules::new(Variant::Star)
}

#[test]
fn star_scores_the_sources_examples() {
    // 2-3-3 beside 1-3-3: 8 + 7 = 15 scores 15.
    let mut h = position(star(), "2-3-3@0,0u", "1-3-3 3-3-4", "0-0-0");
    let e = play(&mut h, "1-3-3@0,0d").unwrap();
    assert_eq!(
        e.awards,
        vec![Award::Meeting {
            with: t("2-3-3"),
            sum: 15
        }]
    );
    assert_eq!(e.points(), 15);
    assert_eq!(h.scores(), &[15, 0]);
    // 2-3-3 beside 3-3-4: 18 scores nothing (the 3s still meet).
    let mut h = position(star(), "2-3-3@0,0u", "1-3-3 3-3-4", "0-0-0");
    let e = play(&mut h, "3-4-3@0,0d").unwrap();
    assert_eq!(e.points(), 0);
}

#[test]
fn points_needs_equal_sides_and_muggins_multiples_of_five() {
    let points = Rules::new(Variant::Points);
    let h = position(points, "2-3-3@0,0u", "1-3-3", "0-0-0");
    // 1-3-3 turned so that 1 faces the 3: refused.
    let err = h.check("3-3-1@0,0d".parse().unwrap()).unwrap_err();
    assert!(matches!(err, PlayError::Mismatch(_)), "{err}");
    assert!(h.check("1-3-3@0,0d".parse().unwrap()).is_ok());

    let muggins = Rules::new(Variant::Muggins);
    // 3 + 2 = 5: 0-2-3 read with its 2 on the touching side (side 2 of a down cell).
    let h = position(muggins, "2-3-3@0,0u", "0-2-3", "0-0-0");
    assert!(h.check("3-0-2@0,0d".parse().unwrap()).is_ok());
    assert!(h.check("0-2-3@0,0d".parse().unwrap()).is_err(), "3 + 3");
    // 0 + 0 counts as five by default, and not when the option says so.
    let h = position(muggins, "0-0-0@0,0u", "0-0-1", "4-4-4");
    assert!(h.check("1-0-0@0,0d".parse().unwrap()).is_ok());
    let mut strict = muggins;
    strict.zero_is_five = false;
    let h = position(strict, "0-0-0@0,0u", "0-0-1", "4-4-4");
    assert!(h.check("1-0-0@0,0d".parse().unwrap()).is_err());
}

#[test]
fn every_touching_side_must_match_unless_only_the_played_side_counts() {
    // A pocket: down(0,0) lies between up(0,0) (its side 2) and up(1,0) (its side 1).
    let mut rules = Rules::new(Variant::Points);
    rules.reach = Reach::Anywhere;
    let board = "1-1-1@0,0u 2-2-2@1,0u";
    let both: Move = "1-2-1@0,0d".parse().unwrap(); // 2 against 2, 1 against 1
    let one: Move = "2-1-1@0,0d".parse().unwrap(); // 1 against 2, 1 against 1
    let none: Move = "1-1-2@0,0d".parse().unwrap(); // 1 against 2, 2 against 1
    let h = position(rules, board, "1-1-2", "0-0-0");
    assert!(h.check(both).is_ok());
    assert!(matches!(h.check(one), Err(PlayError::Mismatch(_))));
    assert!(h.check(none).is_err());
    rules.matching = Matching::PlayedSide;
    let h = position(rules, board, "1-1-2", "0-0-0");
    assert!(h.check(both).is_ok());
    assert!(h.check(one).is_ok(), "one matching side is enough");
    assert!(h.check(none).is_err());
}

#[test]
fn a_tile_must_touch_the_previous_turns_tile() {
    let rules = Rules::new(Variant::Points);
    let mut h = position(rules, "1-1-1@0,0u", "1-1-2 1-1-3", "1-1-4 0-0-0");
    play(&mut h, "1-1-4@0,0d").unwrap_err(); // not in seat 1's hand
    play(&mut h, "2-1-1@0,0d").unwrap();
    // Seat 2 must touch 1-1-2 at 0,0d, not 1-1-1.
    let err = play(&mut h, "1-1-4@-1,0d").unwrap_err();
    assert!(err.to_string().contains("last tile laid, at 0,0d"), "{err}");
    // Anywhere: any tile of the layout will do.
    let mut rules = rules;
    rules.reach = Reach::Anywhere;
    let mut h = position(rules, "1-1-1@0,0u 1-1-2@0,0d", "1-1-3", "1-1-4 0-0-0");
    assert!(play(&mut h, "1-1-3@-1,0d").is_ok());
}

#[test]
fn the_highest_triple_leads_and_the_boss_may_lead() {
    let rules = Rules::new(Variant::Points);
    let h = Hand::from_parts(
        rules,
        vec![tiles("0-0-0 1-2-3 *"), tiles("3-3-3 0-1-2")],
        vec![],
    );
    assert_eq!(h.to_move(), 1, "3-3-3 is the highest triple");
    assert_eq!(h.lead(), Some(t("3-3-3")));
    let moves: Vec<String> = h.legal_moves().iter().map(Move::to_string).collect();
    assert_eq!(moves, ["3-3-3@0,0u"]);
    let h = Hand::from_parts(rules, vec![tiles("4-4-4 *"), tiles("3-3-3")], vec![]);
    let moves: Vec<String> = h.legal_moves().iter().map(Move::to_string).collect();
    assert_eq!(moves, ["4-4-4@0,0u", "*@0,0u"]);
    let err = h.check("3-3-3@0,0u".parse().unwrap()).unwrap_err();
    assert_eq!(err, PlayError::NotInHand(t("3-3-3")));
}

#[test]
fn corner_plays_need_the_right_numbers_and_earn_another_move() {
    // up(0,0) holds 1-2-3: its vertex (0,0) lies between its sides 2 (3) and 0 (1).
    // down(-1,-1) meets it only there, its vertex 1, between its sides 0 and 1.
    let mut h = position(star(), "1-2-3@0,0u", "1-3-4 4-4-4", "0-0-0");
    let corner = Cell::down(-1, -1);
    assert!(Cell::up(0, 0).corner_neighbours().contains(&corner));
    let err = play(&mut h, "1-3-4@-1,-1d").unwrap_err();
    assert!(
        err.to_string()
            .contains("must name the corner's numbers (1 and 3)"),
        "{err}"
    );
    let err = play(&mut h, "1-3-4@-1,-1d=1,4").unwrap_err();
    assert!(err.to_string().contains("does not hold 1 and 4"), "{err}");
    let e = play(&mut h, "1-3-4@-1,-1d=3,1").unwrap();
    assert!(e.extra_move);
    assert_eq!(h.to_move(), 0, "the same player moves again");
    assert!(h.extra_move());
    // The corner's pairs must agree: 4-4-4 has 4+4 there.
    let h = position(star(), "1-2-3@0,0u", "4-4-4", "0-0-0");
    let err = h.check("4-4-4@-1,-1d=4,4".parse().unwrap()).unwrap_err();
    assert!(err.to_string().contains("corner holds 4+4"), "{err}");
    // The legal moves carry the declaration.
    let h = position(star(), "1-2-3@0,0u", "1-3-4", "0-0-0");
    assert!(h
        .legal_moves()
        .contains(&"1-3-4@-1,-1d=1,3".parse().unwrap()));
}

#[test]
fn the_boss_is_wild_then_counts_nothing() {
    let mut rules = star();
    rules.boss = true;
    // The boss beside 2-3-3 (8) holds 2: it scores 10.
    let mut h = position(rules, "2-3-3@0,0u", "* 4-4-4", "0-1-4 0-0-0");
    let e = play(&mut h, "*@0,0d").unwrap();
    assert_eq!(
        e.awards,
        vec![Award::Meeting {
            with: t("2-3-3"),
            sum: 10
        }]
    );
    // 0-1-4 (5) beside the boss: the boss counts 0, so 5 scores 5.
    let e = play(&mut h, "4-0-1@0,1u").unwrap();
    assert_eq!(
        e.awards,
        vec![Award::Meeting {
            with: Tile::Boss,
            sum: 5
        }]
    );
    // Boss sides match anything in Points.
    let mut points = Rules::new(Variant::Points);
    points.boss = true;
    let h = position(points, "*@0,0u", "0-1-2", "4-4-4");
    assert_eq!(h.placements().len(), 9, "three cells, three turns");
}

#[test]
fn a_player_who_cannot_play_passes_and_a_blocked_hand_ends() {
    let rules = Rules::new(Variant::Points);
    let mut h = position(rules, "4-4-4@0,0u", "0-0-1 0-1-1", "0-0-2");
    assert_eq!(h.legal_moves(), vec![Move::Pass]);
    let err = h.check(Move::Draw).unwrap_err();
    assert!(matches!(err, PlayError::MustPlay(_)));
    play(&mut h, "pass").unwrap();
    assert_eq!(h.to_move(), 1);
    play(&mut h, "pass").unwrap();
    // Hands 0+0+1 + 0+1+1 = 3 and 2: seat 2 scores 3 − 2 = 1.
    assert_eq!(
        h.end(),
        Some(&End::Blocked {
            seat: Some(1),
            points: 1
        })
    );
    assert_eq!(h.scores(), &[0, 1]);
    assert!(h.legal_moves().is_empty());
}

#[test]
fn going_out_scores_the_pips_left() {
    let rules = Rules::new(Variant::Points);
    let mut h = position(rules, "1-1-1@0,0u", "1-1-2", "2-3-4 0-0-5");
    play(&mut h, "2-1-1@0,0d").unwrap();
    assert_eq!(
        h.end(),
        Some(&End::Domino {
            seat: 0,
            points: 14
        })
    );
    assert_eq!(h.scores(), &[14, 0]);
}

#[test]
fn drawing_when_the_rules_allow_it() {
    let mut rules = Rules::new(Variant::Points);
    rules.stuck = Stuck::Draw;
    let board: Vec<Placed> = vec![placed("4-4-4@0,0u")];
    let mut h = Hand::from_position(
        rules,
        vec![tiles("0-0-1"), tiles("0-0-2")],
        tiles("0-0-3 1-4-4"),
        board,
        0,
        vec![0, 0],
    );
    assert_eq!(h.legal_moves(), vec![Move::Draw]);
    play(&mut h, "draw").unwrap();
    assert_eq!(h.hand(0), &tiles("0-0-1 1-4-4")[..]);
    assert_eq!(h.to_move(), 0, "a draw keeps the turn");
    assert!(h.legal_moves().iter().all(|m| matches!(m, Move::Place(_))));
}

#[test]
fn tri_ominos_matches_corners_and_scores_bonuses() {
    let rules = Rules::new(Variant::TriOminos);
    assert_eq!(rules.pips, Pips::Five);
    // The opening triple scores its corners and 10.
    let mut h = Hand::from_parts(rules, vec![tiles("5-5-5 1-5-5"), tiles("0-0-0")], vec![]);
    let e = play(&mut h, "5-5-5@0,0u").unwrap();
    assert_eq!(e.points(), 25);
    // down(0,0) shares vertices (1,0) and (0,1) with up(0,0): both 5.
    // Its vertices: (0,1), (1,1), (1,0): 5, x, 5.
    let mut h = position(rules, "5-5-5@0,0u", "1-5-5 2-2-2", "0-0-0");
    assert!(h.check("5-2-2@0,0d".parse().unwrap()).is_err());
    let e = play(&mut h, "5-1-5@0,0d").unwrap();
    assert_eq!(e.awards, vec![Award::Corners(11)]);
    // Drawing costs 5, passing 10.
    let mut h = Hand::from_position(
        rules,
        vec![tiles("0-0-1"), tiles("0-0-2")],
        tiles("0-0-3"),
        vec![placed("5-5-5@0,0u")],
        0,
        vec![0, 0],
    );
    assert_eq!(play(&mut h, "draw").unwrap().points(), -5);
    assert_eq!(play(&mut h, "pass").unwrap().points(), -10);
}

#[test]
fn tri_ominos_hexagons_and_bridges() {
    let rules = Rules::new(Variant::TriOminos);
    // Five triples of 1 around vertex (0,0) ... the sixth closes the hexagon.
    let around = "1-1-1@0,0u 1-1-1@-1,0d 1-1-1@-1,0u 1-1-1@-1,-1d 1-1-1@0,-1u";
    let board: Vec<Placed> = around.split_whitespace().map(placed).collect();
    let mut h = Hand::from_position(
        rules,
        vec![tiles("1-1-1 0-0-0"), tiles("0-0-0")],
        vec![],
        board,
        0,
        vec![0, 0],
    );
    // down(0,-1) closes the ring, and all its corners meet 1s. (A fixture:
    // the set has one 1-1-1, but the rules do not care.)
    assert!(h.check("0-0-0@0,-1d".parse().unwrap()).is_err());
    let e = play(&mut h, "1-1-1@0,-1d").unwrap();
    assert_eq!(e.awards, vec![Award::Corners(3), Award::Hexagon]);
    // A bridge: a side against one tile, the opposite corner on another.
    // down(0,0) lies against up(0,0) by its side (1,0)–(0,1); the opposite
    // vertex (1,1) is the first corner of up(1,1).
    let board: Vec<Placed> = ["3-2-2@0,0u", "4-4-4@1,1u"]
        .iter()
        .map(|m| placed(m))
        .collect();
    let mut h = Hand::from_position(
        rules,
        vec![tiles("2-2-4"), tiles("0-0-0")],
        vec![],
        board,
        0,
        vec![0, 0],
    );
    let e = play(&mut h, "2-4-2@0,0d").unwrap();
    assert_eq!(e.awards, vec![Award::Corners(8), Award::Bridge]);
    assert_eq!(e.points(), 48);
    assert_eq!(h.scores()[0], 48 + 25, "and going out: 25, and 0 pips left");
}

#[test]
fn legal_move_counts_on_fixed_positions() {
    // Perft-style counts, checked against a brute force over every cell, tile,
    // turn and declaration, and pinned.
    let rules = Rules::new(Variant::Points);
    let h = position(rules, "0-1-2@0,0u", "0-1-2 0-0-1 1-1-1 0-2-2", "4-4-4");
    // Free sides of up(0,0): left (0) → down(-1,0), right (1) → down(0,0), bottom (2) → down(0,-1).
    assert_eq!(h.legal_moves().len(), count_by_brute_force(&h));
    assert_eq!(h.legal_moves().len(), PINNED[0]);
    let star = position(star(), "0-1-2@0,0u", "0-1-2 0-0-1 1-1-1 0-2-2", "4-4-4");
    assert_eq!(star.legal_moves().len(), count_by_brute_force(&star));
    assert_eq!(star.legal_moves().len(), PINNED[1]);
    let mut anywhere = Rules::new(Variant::Muggins);
    anywhere.reach = Reach::Anywhere;
    let m = position(
        anywhere,
        "0-1-2@0,0u 3-4-4@0,0d",
        "0-1-4 2-3-3 1-1-3",
        "4-4-4",
    );
    assert_eq!(m.legal_moves().len(), count_by_brute_force(&m));
    assert_eq!(m.legal_moves().len(), PINNED[2]);
    let tri = Hand::from_position(
        Rules::new(Variant::TriOminos),
        vec![tiles("0-1-2 2-2-5 1-2-3 0-0-0"), tiles("5-5-5")],
        vec![],
        vec![placed("2-2-2@0,0u")],
        0,
        vec![0, 0],
    );
    assert_eq!(tri.legal_moves().len(), count_by_brute_force(&tri));
    assert_eq!(tri.legal_moves().len(), PINNED[3]);
}

/// The counts above, pinned. The first by hand: 0-1-2 on up(0,0) shows 0
/// left, 1 right, 2 below; a 0 against the left fits 4 ways (0-1-2 once,
/// 0-0-1 twice, 0-2-2 once), a 1 against the right 3, a 2 below 3. The last:
/// only 2-2-5 puts two 2s against 2-2-2, once per side.
const PINNED: [usize; 4] = [10, 31, 8, 3];

/// Every tile, cell near the board and turn, checked one by one.
fn count_by_brute_force(h: &Hand) -> usize {
    let mut hand = h.hand(h.to_move()).to_vec();
    hand.dedup();
    let mut n = 0;
    for q in -4..4 {
        for r in -4..4 {
            for cell in [Cell::up(q, r), Cell::down(q, r)] {
                for &tile in &hand {
                    for &turn in tile.distinct_turns() {
                        let at = Placed { tile, cell, turn };
                        let ok = (0..=5)
                            .flat_map(|a| (a..=5).map(move |b| Some([a, b])))
                            .chain([None])
                            .any(|corner| h.check(Move::Place(Placement { at, corner })).is_ok());
                        n += usize::from(ok);
                    }
                }
            }
        }
    }
    n
}

#[test]
fn tri_ominos_deals_nine_or_seven_and_leaves_a_boneyard() {
    for (players, each) in [(2, 9), (3, 7), (4, 7)] {
        let rules = Rules::new(Variant::TriOminos)
            .with_players(players)
            .unwrap();
        let h = Hand::deal(rules, crate::util::rng::Seed(4));
        assert!(h.hands().iter().all(|x| x.len() == each));
        assert_eq!(h.boneyard().len(), 56 - players * each);
    }
    let points = Rules::new(Variant::Points).with_players(3).unwrap();
    let h = Hand::deal(points, crate::util::rng::Seed(4));
    assert!(h.hands().iter().all(|x| x.len() == 11));
    assert_eq!(h.boneyard().len(), 2, "35 = 3 × 11 + 2");
    assert!(Rules::new(Variant::Points).with_players(5).is_err());
    let mut boss = Rules::new(Variant::TriOminos);
    boss.boss = true;
    assert!(boss.check().is_err());
}

#[test]
fn keeps_the_position_traits_contract() {
    for variant in [
        Variant::Points,
        Variant::Muggins,
        Variant::Star,
        Variant::TriOminos,
    ] {
        let h = Hand::deal(Rules::new(variant), crate::util::rng::Seed(3));
        crate::shell::position::check_contract(&h, 30);
    }
}
