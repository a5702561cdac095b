//! Tests of the rules.

use super::*;
use crate::klondike::rules::Rules;
use crate::shell::paint::{Op, Recorder};
use crate::util::rng::Seed;

fn deal() -> State {
    State::deal(Rules::default(), Seed(42))
}

#[test]
fn phone_portrait_gets_a_tall_board_desktop_a_wide_one() {
    let phone = Layout::new(Size::new(360.0, 640.0), 7, 4);
    assert!(phone.board.is_portrait());
    let desk = Layout::new(Size::new(3840.0, 2160.0), 7, 4);
    assert!(!desk.board.is_portrait());
    assert_eq!(phone.board.w, desk.board.w);
}

#[test]
fn piles_do_not_overlap_and_fit_the_board() {
    let l = Layout::new(Size::new(1280.0, 800.0), 7, 4);
    let mut all = vec![l.stock, l.waste];
    all.extend(l.foundations.iter().copied());
    all.extend(l.tableau.iter().copied());
    for (i, a) in all.iter().enumerate() {
        assert!(a.x >= 0.0 && a.x + a.w <= l.board.w && a.y + a.h <= l.board.h);
        for b in &all[i + 1..] {
            assert_eq!(overlap(*a, *b), 0.0, "{a:?} overlaps {b:?}");
        }
    }
}

#[test]
fn the_scene_has_every_card_once_and_long_piles_fit() {
    let s = deal();
    let l = Layout::new(Size::new(1280.0, 700.0), 7, 4);
    let sprites = scene(&s, &l);
    assert_eq!(sprites.len(), 52);
    let mut cards: Vec<Card> = sprites.iter().map(|sp| sp.card).collect();
    cards.sort();
    cards.dedup();
    assert_eq!(cards.len(), 52);
    // A pile of 19 face-up cards still ends on the board.
    let (fd, fu) = l.fan(6, 13);
    assert!(l.tableau[0].y + 6.0 * fd + 12.0 * fu + CARD.h <= l.board.h + 1e-9);
}

#[test]
fn hit_testing_finds_the_top_card_and_what_can_be_grabbed() {
    let s = deal();
    let l = Layout::new(Size::new(1280.0, 800.0), 7, 4);
    let sprites = scene(&s, &l);
    // The face-up card at the end of pile 7.
    let last = sprites
        .iter()
        .rev()
        .find(|sp| sp.pile == Pile::Tableau(6))
        .unwrap();
    let hit = sprite_at(&sprites, last.rect.center()).unwrap();
    assert_eq!(hit.card, s.tableau[6].cards[6]);
    assert_eq!(grab(&s, &hit), Some((Pile::Tableau(6), 1)));
    // A face-down card cannot be grabbed.
    let under = sprite_at(
        &sprites,
        Point::new(l.tableau[6].x + 5.0, l.tableau[6].y + 5.0),
    )
    .unwrap();
    assert!(!under.face_up);
    assert_eq!(grab(&s, &under), None);
    assert_eq!(
        pile_at(&s, &l, &sprites, l.stock.center()),
        Some(Pile::Stock)
    );
    assert_eq!(
        pile_at(&s, &l, &sprites, l.foundations[2].center()),
        Some(Pile::Foundation(Suit::Hearts.into()))
    );
}

#[test]
fn a_drop_near_a_legal_pile_lands_there() {
    use crate::klondike::rules::Column;
    let c = |s: &str| s.parse::<Card>().unwrap();
    let s = State::new(
        Rules::default(),
        vec![
            Column {
                cards: vec![c("9H")],
                down: 0,
            },
            Column {
                cards: vec![c("TS")],
                down: 0,
            },
            Column {
                cards: vec![c("TC")],
                down: 0,
            },
            Column::default(),
        ],
        vec![],
    );
    let l = Layout::new(Size::new(1280.0, 800.0), 4, 4);
    let sprites = scene(&s, &l);
    // Dropped mostly over pile 3 (the ten of clubs), a little over pile 2.
    let mut r = l.tableau[2];
    r.x -= CARD.w * 0.3;
    r.y += 30.0;
    assert_eq!(
        drop_target(&s, &l, &sprites, Pile::Tableau(0), 1, r),
        Some(Move::TableauToTableau {
            from: 0,
            to: 2,
            count: 1
        })
    );
    // Near nothing legal: the empty pile takes only kings.
    let far = Rect::new(l.tableau[3].x, l.tableau[3].y + 40.0, CARD.w, CARD.h);
    assert_eq!(
        drop_target(&s, &l, &sprites, Pile::Tableau(0), 1, far),
        None
    );
    // Onto the card's own pile: no move.
    assert_eq!(
        drop_target(&s, &l, &sprites, Pile::Tableau(0), 1, l.tableau[0]),
        None
    );
}

#[test]
fn cards_draw_with_corner_index_and_four_colours() {
    let mut r = Recorder::default();
    let card: Card = "TD".parse().unwrap();
    draw_card(
        &mut r,
        card,
        Rect::new(0.0, 0.0, CARD.w, CARD.h),
        true,
        Look {
            four_colour: true,
            ..Look::default()
        },
    );
    assert_eq!(r.texts(), vec!["10"]);
    let blue = Color::rgb(0x15, 0x65, 0xc0);
    assert!(r
        .ops
        .iter()
        .any(|op| matches!(op, Op::FillPolygon(_, col) if *col == blue)));
    let mut r = Recorder::default();
    draw_card(
        &mut r,
        card,
        Rect::new(0.0, 0.0, CARD.w, CARD.h),
        false,
        Look::default(),
    );
    assert!(r.texts().is_empty(), "a face-down card shows nothing");
    // Thoughtful Klondike: still a back, but labelled.
    let mut r = Recorder::default();
    let look = Look {
        see_through: true,
        ..Look::default()
    };
    draw_card(
        &mut r,
        card,
        Rect::new(0.0, 0.0, CARD.w, CARD.h),
        false,
        look,
    );
    assert_eq!(r.texts(), vec!["10"]);
    assert!(r
        .ops
        .iter()
        .any(|op| matches!(op, Op::FillRect(_, col) if *col == BACK)));
}

#[test]
fn a_joker_shows_jk_and_stars_in_its_colour() {
    let mut r = Recorder::default();
    let rect = Rect::new(0.0, 0.0, CARD.w, CARD.h);
    draw_card(&mut r, Card::RED_JOKER, rect, true, Look::default());
    assert_eq!(r.texts(), vec!["JK"]);
    let red = ink(Card::RED_JOKER, Look::default());
    let stars = r
        .ops
        .iter()
        .filter(
            |op| matches!(op, Op::FillPolygon(pts, col) if pts.len() == STAR.len() && *col == red),
        )
        .count();
    assert_eq!(stars, 3, "two corners and the centre");
    assert_ne!(red, ink(Card::BLACK_JOKER, Look::default()));
}

#[test]
fn large_indices_and_the_chosen_back_are_drawn() {
    use crate::klondike::settings::Back;
    let card: Card = "TD".parse().unwrap();
    let r = Rect::new(0.0, 0.0, CARD.w, CARD.h);
    // The painter sees the index's size (a card's smallest text).
    let size = |look: Look| {
        let mut s = crate::shell::paint::TextSizes::new(1.0);
        draw_card(&mut s, card, r, true, look);
        s.smallest.unwrap_or(0.0)
    };
    let large = Look {
        large_indices: true,
        ..Look::default()
    };
    assert!(size(large) >= 1.4 * size(Look::default()));
    // Each back its own colour.
    let back = |b: Back| {
        let mut rec = Recorder::default();
        draw_card(
            &mut rec,
            card,
            r,
            false,
            Look {
                back: b,
                ..Look::default()
            },
        );
        match rec.ops.first() {
            Some(Op::FillRect(_, c)) => *c,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(back(Back::Blue), BACK);
    assert_ne!(back(Back::Red), BACK);
    assert_ne!(back(Back::Green), back(Back::Red));
}

#[test]
fn on_a_phone_a_covered_card_shows_a_finger_s_width() {
    use crate::shell::geom::Fit;
    // A 360 × 568 CSS px stage (a phone under the toolbar and status line).
    let css = Size::new(360.0, 568.0);
    let layout = Layout::new(css, 7, 4);
    let fit = Fit::new(layout.board, css);
    let (_, up) = layout.fan(3, 4);
    assert!(up * fit.scale >= 24.0, "{} CSS px", up * fit.scale);
    // A landscape table keeps the tighter fan.
    let wide = Layout::new(Size::new(1280.0, 700.0), 7, 4);
    assert!(wide.fan(3, 4).1 < up);
}

#[test]
fn the_draw_three_fan_uses_the_room_beside_the_waste_in_either_hand() {
    use crate::shell::geom::Fit;
    let css = Size::new(360.0, 568.0);
    for left in [false, true] {
        let mut layout = Layout::new(css, 7, 4);
        if left {
            layout = layout.left_handed();
        }
        let fit = Fit::new(layout.board, css);
        let step = layout.waste_step();
        // Each fanned card shows a full index on a 360 px phone.
        assert!(step * fit.scale >= 20.0, "{} CSS px", step * fit.scale);
        // The fan (two steps past the waste's slot) stays clear of the foundations.
        let mut fanned = layout.waste;
        fanned.x += 2.0 * step * layout.waste_fan;
        for f in &layout.foundations {
            assert_eq!(overlap(fanned, *f), 0.0, "left-handed {left}");
        }
    }
    // With no room beside the waste (eight foundations), the usual fan.
    let crowded = Layout::new(css, 10, 8);
    assert!(crowded.waste_step() <= FAN_WASTE * CARD.w + 1e-9);
}

#[test]
fn a_card_picture_is_kept_for_what_it_shows() {
    let all: Vec<Card> = (0..52).filter_map(Card::from_index).collect();
    let key = |c, up, look| super::draw::picture_key(c, up, look);
    let plain = Look::default();
    // Every face its own picture; every back one picture.
    let mut faces: Vec<u64> = all.iter().map(|&c| key(c, true, plain)).collect();
    faces.sort_unstable();
    faces.dedup();
    assert_eq!(faces.len(), 52);
    assert!(all
        .iter()
        .all(|&c| key(c, false, plain) == key(all[0], false, plain)));
    assert!(!faces.contains(&key(all[0], false, plain)));
    // Backs that show a label are each their own; each look is its own.
    let label = Look {
        see_through: true,
        ..plain
    };
    assert_ne!(key(all[0], false, label), key(all[1], false, label));
    for look in [
        Look {
            four_colour: true,
            ..plain
        },
        Look {
            contrast: true,
            ..plain
        },
        Look {
            large_indices: true,
            ..plain
        },
    ] {
        assert_ne!(key(all[5], true, look), key(all[5], true, plain));
    }
    let red = Look {
        back: crate::klondike::settings::Back::Red,
        ..plain
    };
    assert_ne!(key(all[0], false, red), key(all[0], false, plain));
}
