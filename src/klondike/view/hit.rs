//! Hit-testing: the card or pile under a point, what can be picked up, and where a drop lands.

use super::*;

/// The top-most card under `p`, if any.
pub fn sprite_at(sprites: &[Sprite], p: Point) -> Option<Sprite> {
    sprites.iter().rev().find(|s| s.rect.contains(p)).copied()
}

/// The pile whose slot or cards are under `p` (empty piles count by their slot).
pub fn pile_at(state: &State, layout: &Layout, sprites: &[Sprite], p: Point) -> Option<Pile> {
    if let Some(s) = sprite_at(sprites, p) {
        return Some(s.pile);
    }
    let mut piles = vec![Pile::Stock, Pile::Waste];
    piles.extend(state.rules.foundations().map(Pile::Foundation));
    piles.extend((0..state.reserves.len() as u8).map(Pile::Reserve));
    piles.extend((0..state.tableau.len() as u8).map(Pile::Tableau));
    piles
        .into_iter()
        .find(|&pile| layout.slot(pile).contains(p))
}

/// What the player may pick up at a sprite: the pile and how many cards from the top.
pub fn grab(state: &State, sprite: &Sprite) -> Option<(Pile, u8)> {
    match sprite.pile {
        Pile::Stock => None,
        Pile::Waste => (sprite.index + 1 == state.waste.len()).then_some((Pile::Waste, 1)),
        Pile::Foundation(f) => {
            (sprite.index + 1 == usize::from(state.foundation_len(f))).then_some((sprite.pile, 1))
        }
        Pile::Tableau(i) => {
            let col = state.tableau.get(usize::from(i))?;
            (sprite.face_up && sprite.index < col.cards.len())
                .then(|| (sprite.pile, (col.cards.len() - sprite.index) as u8))
        }
        Pile::Reserve(i) => (sprite.index + 1 == state.reserves.get(usize::from(i))?.len())
            .then_some((sprite.pile, 1)),
    }
}

/// The move that takes `count` cards from `from` to `to`, if such a move exists.
pub fn move_between(from: Pile, count: u8, to: Pile) -> Option<Move> {
    Some(match (from, to) {
        (Pile::Waste, Pile::Foundation(_)) if count == 1 => Move::WasteToFoundation,
        (Pile::Waste, Pile::Tableau(t)) if count == 1 => Move::WasteToTableau(t),
        (Pile::Tableau(f), Pile::Foundation(_)) if count == 1 => Move::TableauToFoundation(f),
        (Pile::Tableau(f), Pile::Tableau(t)) => Move::TableauToTableau {
            from: f,
            to: t,
            count,
        },
        (Pile::Foundation(s), Pile::Tableau(t)) if count == 1 => Move::FoundationToTableau(s, t),
        (Pile::Reserve(r), Pile::Foundation(_)) if count == 1 => Move::ReserveToFoundation(r),
        (Pile::Reserve(r), Pile::Tableau(t)) if count == 1 => Move::ReserveToTableau(r, t),
        _ => return None,
    })
}

/// The area that counts as "on" a pile for a drop: its slot down to its last card.
pub(super) fn drop_zone(sprites: &[Sprite], layout: &Layout, pile: Pile) -> Rect {
    let slot = layout.slot(pile);
    let bottom = sprites
        .iter()
        .filter(|s| s.pile == pile)
        .map(|s| s.rect.y + s.rect.h)
        .fold(slot.y + slot.h, f64::max);
    Rect::new(slot.x, slot.y, slot.w, bottom - slot.y)
}

pub(super) fn overlap(a: Rect, b: Rect) -> f64 {
    let w = (a.x + a.w).min(b.x + b.w) - a.x.max(b.x);
    let h = (a.y + a.h).min(b.y + b.h) - a.y.max(b.y);
    if w > 0.0 && h > 0.0 {
        w * h
    } else {
        0.0
    }
}

/// Where a dragged run lands: of the legal destinations, the one the dragged
/// card overlaps most, or failing that the nearest within a card's width.
pub fn drop_target(
    state: &State,
    layout: &Layout,
    sprites: &[Sprite],
    from: Pile,
    count: u8,
    dragged: Rect,
) -> Option<Move> {
    let mut piles: Vec<Pile> = state.rules.foundations().map(Pile::Foundation).collect();
    piles.extend((0..state.tableau.len() as u8).map(Pile::Tableau));
    let centre = dragged.center();
    piles
        .into_iter()
        .filter(|&p| p != from)
        .filter_map(|p| {
            let mv = move_between(from, count, p)?;
            state.check(mv).ok()?;
            let zone = drop_zone(sprites, layout, p);
            let area = overlap(zone, dragged);
            let near = zone.inflate(CARD.w * 0.35).contains(centre);
            (area > 0.0 || near).then(|| (area, -zone.center().distance(centre), mv))
        })
        .max_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)))
        .map(|(_, _, mv)| mv)
}
