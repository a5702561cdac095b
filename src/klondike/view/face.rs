//! The middle of a face-up card: the ace's large pip, the number cards'
//! pips in their standard places, and the court cards' double-ended figures.

use super::draw::{draw_pip_turned, ink, Look};
use super::{Card, Point, Rect};
use crate::shell::paint::{Color, Painter};

/// The court's gold: crowns, borders, trims.
const GOLD: Color = Color::rgb(0xd9, 0xa4, 0x1e);
/// The court's background, inside its frame.
const PANEL: Color = Color::rgb(0xf6, 0xec, 0xcf);
const SKIN: Color = Color::rgb(0xf3, 0xcf, 0xaa);
const WHITE: Color = Color::rgb(0xff, 0xff, 0xff);
/// The court's eyes.
const INK: Color = Color::rgb(0x2a, 0x1e, 0x12);

/// The places of a number card's pips, as (column, row) fractions of the
/// area under the corner indices: columns 0 (left), ½ and 1 (right), rows 0
/// (top) to 1 (bottom), as printed on the standard pack.
fn pip_places(value: u8) -> &'static [(f64, f64)] {
    const T: f64 = 1.0 / 3.0;
    const S: f64 = 2.0 / 3.0;
    match value {
        2 => &[(0.5, 0.0), (0.5, 1.0)],
        3 => &[(0.5, 0.0), (0.5, 0.5), (0.5, 1.0)],
        4 => &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)],
        5 => &[(0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)],
        6 => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.0, 0.5),
            (1.0, 0.5),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        7 => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.5, 0.25),
            (0.0, 0.5),
            (1.0, 0.5),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        8 => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.5, 0.25),
            (0.0, 0.5),
            (1.0, 0.5),
            (0.5, 0.75),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        9 => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.0, T),
            (1.0, T),
            (0.5, 0.5),
            (0.0, S),
            (1.0, S),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        10 => &[
            (0.0, 0.0),
            (1.0, 0.0),
            (0.5, 1.0 / 6.0),
            (0.0, T),
            (1.0, T),
            (0.0, S),
            (1.0, S),
            (0.5, 5.0 / 6.0),
            (0.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[(0.5, 0.5)],
    }
}

/// Draws the middle of face-up `card` (not a joker) in the card's rect `r`,
/// below its corner indices.
pub fn draw_face(p: &mut dyn Painter, card: Card, r: Rect, look: Look) {
    let color = ink(card, look);
    let value = card.rank().value();
    if (11..=13).contains(&value) {
        let frame = Rect::new(r.x + r.w * 0.24, r.y + r.h * 0.41, r.w * 0.52, r.h * 0.53);
        draw_court(p, card, frame, color);
        return;
    }
    if value == 1 {
        draw_pip_turned(
            p,
            card.suit(),
            Point::new(r.x + r.w * 0.5, r.y + r.h * 0.62),
            r.w * 0.42,
            color,
            false,
        );
        return;
    }
    // The pips' area: under the corner indices, inside the card's edges.
    let area = Rect::new(r.x + r.w * 0.3, r.y + r.h * 0.465, r.w * 0.4, r.h * 0.41);
    for &(cx, cy) in pip_places(value) {
        let at = Point::new(area.x + area.w * cx, area.y + area.h * cy);
        // Pips below the middle stand on their heads, as printed.
        draw_pip_turned(p, card.suit(), at, r.w * 0.17, color, cy > 0.5);
    }
}

/// Draws a court card's figure in `frame`: a bust with the rank's headwear,
/// once upright above the middle and once turned below it, as on a printed
/// pack, in the suit's colour.
fn draw_court(p: &mut dyn Painter, card: Card, frame: Rect, color: Color) {
    p.fill_rect(frame, frame.w * 0.06, PANEL);
    let mid = frame.y + frame.h / 2.0;
    for turned in [false, true] {
        // Points from the frame's centre line: `dx` across in frame widths,
        // `dy` from the middle out to the frame's edge (0 to 1).
        let sign = if turned { 1.0 } else { -1.0 };
        let at = |dx: f64, dy: f64| {
            Point::new(
                frame.x + frame.w * (0.5 + dx),
                mid + sign * dy * frame.h / 2.0,
            )
        };
        let u = frame.w;
        let rank = card.rank().value();
        // The robe, from the middle up to rounded shoulders, with a gold
        // hem, a white collar and the suit on the breast.
        p.fill_polygon(
            &[
                at(-0.5, 0.0),
                at(0.5, 0.0),
                at(0.44, 0.3),
                at(0.32, 0.44),
                at(0.1, 0.5),
                at(-0.1, 0.5),
                at(-0.32, 0.44),
                at(-0.44, 0.3),
            ],
            color,
        );
        p.fill_polygon(
            &[at(-0.5, 0.0), at(0.5, 0.0), at(0.48, 0.1), at(-0.48, 0.1)],
            GOLD,
        );
        p.fill_polygon(&[at(-0.16, 0.5), at(0.16, 0.5), at(0.0, 0.3)], WHITE);
        draw_pip_turned(p, card.suit(), at(-0.24, 0.24), u * 0.15, GOLD, turned);
        if rank == 13 {
            // The king's sceptre, across his other shoulder.
            p.line(at(0.18, 0.12), at(0.4, 0.7), u * 0.05, GOLD);
            p.fill_circle(at(0.4, 0.7), u * 0.05, GOLD);
        }
        if rank == 12 {
            // The queen's hair, behind her face.
            p.fill_circle(at(0.0, 0.66), u * 0.2, color);
        }
        // The face, with its eyes.
        p.fill_circle(at(0.0, 0.64), u * 0.15, SKIN);
        for x in [-0.05, 0.05] {
            p.fill_circle(at(x, 0.67), u * 0.018, INK);
        }
        // The headwear.
        match rank {
            13 => p.fill_polygon(
                &[
                    at(-0.16, 0.8),
                    at(0.16, 0.8),
                    at(0.2, 0.99),
                    at(0.1, 0.88),
                    at(0.0, 1.0),
                    at(-0.1, 0.88),
                    at(-0.2, 0.99),
                ],
                GOLD,
            ),
            12 => {
                p.fill_polygon(&[at(-0.14, 0.8), at(0.14, 0.8), at(0.0, 0.93)], GOLD);
                p.fill_circle(at(0.0, 0.93), u * 0.035, GOLD);
            }
            _ => {
                // The jack's cap and its feather.
                p.fill_polygon(
                    &[
                        at(-0.19, 0.78),
                        at(0.19, 0.78),
                        at(0.13, 0.92),
                        at(-0.13, 0.92),
                    ],
                    color,
                );
                p.line(at(0.1, 0.9), at(0.3, 1.0), u * 0.04, GOLD);
            }
        }
    }
    p.line(
        Point::new(frame.x, mid),
        Point::new(frame.x + frame.w, mid),
        1.0,
        color,
    );
    p.stroke_rect(frame, frame.w * 0.06, 1.5, color);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::klondike::cards::{Rank, Suit};
    use crate::klondike::view::CARD;
    use crate::shell::paint::{Op, Recorder};

    /// Every point `card`'s middle is drawn at, in a card at the origin.
    fn drawn(card: Card) -> (Recorder, Vec<Point>) {
        let mut rec = Recorder::default();
        draw_face(&mut rec, card, Rect::from_size(CARD), Look::default());
        let mut pts = Vec::new();
        for op in &rec.ops {
            match op {
                Op::FillPolygon(ps, _) | Op::StrokePolygon(ps, _) => pts.extend(ps),
                Op::FillCircle(c, _, _) | Op::StrokeCircle(c, _, _) => pts.push(*c),
                Op::Line(a, b, _) => pts.extend([*a, *b]),
                Op::FillRect(r, _) | Op::StrokeRect(r, _) => {
                    pts.extend([Point::new(r.x, r.y), Point::new(r.x + r.w, r.y + r.h)])
                }
                Op::Text(p, _, _) => pts.push(*p),
                Op::Clip(_) => {}
            }
        }
        (rec, pts)
    }

    #[test]
    fn faces_stay_below_the_indices_and_inside_the_card() {
        for i in 0..52u8 {
            let card = Card::from_index(i).expect("a card");
            let (_, pts) = drawn(card);
            assert!(!pts.is_empty(), "{card:?} has a middle");
            for p in pts {
                assert!(
                    p.x > CARD.w * 0.1 && p.x < CARD.w * 0.9,
                    "{card:?} at {p:?}"
                );
                // The corner indices' marks end at 0.36 of the height.
                assert!(
                    p.y > CARD.h * 0.33 && p.y < CARD.h * 0.97,
                    "{card:?} at {p:?}"
                );
            }
        }
    }

    #[test]
    fn court_cards_are_figures_not_letters_and_differ_by_rank() {
        let court = |v| {
            let card = Card::new(Rank::new(v).expect("a rank"), Suit::Hearts);
            drawn(card).0
        };
        let (jack, queen, king) = (court(11), court(12), court(13));
        for rec in [&jack, &queen, &king] {
            assert!(rec.texts().is_empty(), "no letter in the middle");
            assert!(rec.count(|op| matches!(op, Op::FillPolygon(..))) >= 8);
        }
        assert_ne!(jack.ops, queen.ops);
        assert_ne!(queen.ops, king.ops);
    }

    #[test]
    fn each_number_card_has_as_many_pips_as_its_value_in_the_area() {
        for value in 2..=10u8 {
            let places = pip_places(value);
            assert_eq!(places.len(), usize::from(value), "the {value}");
            for &(x, y) in places {
                assert!((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y));
            }
            // Symmetric about the card's centre, as printed.
            for &(x, y) in places {
                let turned = (1.0 - x, 1.0 - y);
                assert!(
                    places
                        .iter()
                        .any(|&(a, b)| (a - turned.0).abs() < 1e-9 && (b - turned.1).abs() < 1e-9)
                        || value == 7,
                    "the {value}'s pip at {x},{y} has its turned twin"
                );
            }
        }
    }
}
