//! Which moves are legal: the single truth the view, the hints and the computers ask.

use super::*;

impl Hand {
    /// Every legal move for the player to move, in a fixed order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = self.placements();
        if out.is_empty() && self.end.is_none() {
            if self.can_draw() {
                out.push(Move::Draw);
            } else {
                out.push(Move::Pass);
            }
        }
        out
    }

    /// Every legal tile placement for the player to move.
    pub fn placements(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.end.is_some() {
            return out;
        }
        let hand = &self.hands[self.to_move];
        let mut tiles: Vec<Tile> = hand.clone();
        tiles.dedup();
        if self.board.is_empty() {
            for t in tiles {
                let p = Placed {
                    tile: t,
                    cell: Cell::up(0, 0),
                    turn: 0,
                };
                if self.lead_ok(t).is_ok() {
                    out.push(Move::Place(Placement {
                        at: p,
                        corner: None,
                    }));
                }
            }
            return out;
        }
        for cell in self.candidate_cells() {
            let around = self.around(cell);
            for &t in &tiles {
                for &turn in t.distinct_turns() {
                    let at = Placed {
                        tile: t,
                        cell,
                        turn,
                    };
                    if let Ok(contact) = self.fits(&at, &around) {
                        out.push(Move::Place(Placement {
                            at,
                            corner: contact.corner,
                        }));
                    }
                }
            }
        }
        out
    }

    /// Whether the player to move may lay any tile.
    pub fn can_place(&self) -> bool {
        !self.placements().is_empty()
    }

    pub(super) fn can_draw(&self) -> bool {
        self.rules.stuck == Stuck::Draw
            && !self.boneyard.is_empty()
            && (self.rules.variant != Variant::TriOminos || self.drawn < 3)
    }

    /// Empty cells a tile might go in, sorted.
    pub(super) fn candidate_cells(&self) -> Vec<Cell> {
        let star = self.rules.variant.joins_at_corners();
        let around = |c: Cell, out: &mut Vec<Cell>| {
            out.extend(c.side_neighbours());
            if star {
                out.extend(c.corner_neighbours());
            }
        };
        let mut out = Vec::new();
        match self.rules.reach {
            Reach::Previous => {
                if let Some(c) = self.board.last().map(|p| p.cell) {
                    around(c, &mut out);
                }
            }
            Reach::Anywhere => {
                for c in self.board.iter().map(|p| p.cell) {
                    around(c, &mut out);
                }
            }
        }
        out.retain(|c| self.at(*c).is_none());
        parlour_kit::sort::sort(&mut out);
        out.dedup();
        out
    }

    pub(super) fn lead_ok(&self, t: Tile) -> Result<(), PlayError> {
        match self.lead {
            Some(lead)
                if t != lead && !(t.is_boss() && self.rules.variant != Variant::TriOminos) =>
            {
                Err(PlayError::MustLead(lead))
            }
            _ => Ok(()),
        }
    }

    /// Checks where a tile touches and that every touching side matches.
    pub(super) fn contact(&self, p: &Placed) -> Result<Contact, PlayError> {
        self.fits(p, &self.around(p.cell))
            .map_err(|r| self.explain(r))
    }

    /// What surrounds an empty cell: worked out once, then tried against
    /// every tile and turn.
    pub(super) fn around(&self, cell: Cell) -> Around {
        let anchor = match self.rules.reach {
            Reach::Previous => self.board.last().map(|p| p.cell),
            Reach::Anywhere => None,
        };
        let mut sides = [None; 3];
        for (i, n) in cell.side_neighbours().into_iter().enumerate() {
            if let Some(o) = self.at(n) {
                let j = o
                    .cell
                    .side_neighbours()
                    .iter()
                    .position(|&c| c == cell)
                    .unwrap_or(0);
                sides[i] = Some((*o, j));
            }
        }
        let touching = sides.iter().any(Option::is_some);
        let mut corner = None;
        if self.rules.variant == Variant::Star {
            let vs = cell.vertices();
            let corner_of = |o: &Placed| -> Option<(usize, usize)> {
                let ov = o.cell.vertices();
                let mut shared =
                    (0..3).filter_map(|i| ov.iter().position(|v| *v == vs[i]).map(|j| (i, j)));
                let first = shared.next();
                if shared.next().is_some() {
                    return None;
                }
                first
            };
            let target = match anchor {
                Some(a) => self.at(a).filter(|o| corner_of(o).is_some()),
                None if !touching => self.board.iter().find(|o| corner_of(o).is_some()),
                None => None,
            };
            corner = target.and_then(|o| corner_of(o).map(|(i, j)| (*o, i, j)));
        }
        let mut vertex = [None; 3];
        let mut clash = false;
        if self.rules.variant.on_corners() {
            for (i, v) in cell.vertices().into_iter().enumerate() {
                for c in cells_at(v) {
                    if let Some(o) = self.at(c) {
                        let j = o.cell.vertices().iter().position(|w| *w == v).unwrap_or(0);
                        let want = o.value(j);
                        match vertex[i] {
                            Some((w, _)) if w != want => clash = true,
                            _ => vertex[i] = Some((want, o.tile)),
                        }
                    }
                }
            }
        }
        Around {
            anchor,
            sides,
            corner,
            vertex,
            clash,
        }
    }

    /// Whether `p` fits its cell's surroundings; a [`Refusal`] says why not
    /// without building a message (searches try thousands).
    pub(super) fn fits(&self, p: &Placed, a: &Around) -> Result<Contact, Refusal> {
        if self.rules.variant.on_corners() {
            if !a.sides.iter().any(Option::is_some) {
                return Err(Refusal::Apart);
            }
            for i in 0..3 {
                if let Some((want, tile)) = a.vertex[i] {
                    if a.clash || want != p.value(i) {
                        return Err(Refusal::Vertex {
                            tile,
                            has: want,
                            offered: p.value(i),
                        });
                    }
                }
            }
            return Ok(Contact { corner: None });
        }
        let mut against_anchor = false;
        let mut matched_any = false;
        for (i, side) in a.sides.iter().enumerate() {
            let Some((other, j)) = side else {
                continue;
            };
            let ok = self.sides_match(p.tile, p.value(i), other.tile, other.value(*j));
            let played_against = a.anchor.is_none_or(|c| c == other.cell);
            against_anchor |= played_against;
            match (ok, self.rules.matching) {
                (true, _) => matched_any |= played_against,
                (false, Matching::EverySide) => return Err(Refusal::Side(*other)),
                (false, Matching::PlayedSide) if played_against && a.anchor.is_some() => {
                    return Err(Refusal::Side(*other))
                }
                (false, Matching::PlayedSide) => {}
            }
        }
        if against_anchor {
            return if matched_any {
                Ok(Contact { corner: None })
            } else {
                Err(Refusal::NoSideMatches)
            };
        }
        // No side against the anchor: in Star, a corner meeting may do.
        if let Some((o, i, j)) = a.corner {
            let mine = p.corner_pair(i);
            let theirs = o.corner_pair(j);
            return if p.tile.is_boss() {
                Ok(Contact {
                    corner: Some(theirs),
                })
            } else if o.tile.is_boss() || mine == theirs {
                Ok(Contact { corner: Some(mine) })
            } else {
                Err(Refusal::Corner {
                    mine,
                    theirs,
                    tile: o.tile,
                })
            };
        }
        Err(Refusal::NotTouching(a.anchor))
    }

    /// The message for a refusal.
    pub(super) fn explain(&self, r: Refusal) -> PlayError {
        match r {
            Refusal::Side(o) => PlayError::Mismatch(format!(
                "the side against {} at {} does not match",
                o.tile,
                cell_text(o.cell)
            )),
            Refusal::NoSideMatches => PlayError::Mismatch("no touching side matches".into()),
            Refusal::Corner { mine, theirs, tile } => PlayError::Mismatch(format!(
                "the corner holds {}+{}, but {tile}'s corner holds {}+{}",
                mine[0], mine[1], theirs[0], theirs[1]
            )),
            Refusal::NotTouching(Some(a)) => PlayError::NotTouching(format!(
                "the tile must touch the last tile laid, at {}",
                cell_text(a)
            )),
            Refusal::NotTouching(None) => {
                PlayError::NotTouching("the tile must touch the layout".into())
            }
            Refusal::Apart => {
                PlayError::NotTouching("the tile must lie side to side with the layout".into())
            }
            Refusal::Vertex { tile, has, offered } => PlayError::Mismatch(format!(
                "the corner shared with {tile} holds {has}, not {offered}"
            )),
        }
    }

    pub(super) fn sides_match(&self, a: Tile, x: u8, b: Tile, y: u8) -> bool {
        if a.is_boss() || b.is_boss() {
            return true;
        }
        match self.rules.variant {
            Variant::Muggins => {
                let s = x + y;
                s.is_multiple_of(5) && (s > 0 || self.rules.zero_is_five)
            }
            _ => x == y,
        }
    }

    /// Checks a move without playing it.
    pub fn check(&self, mv: Move) -> Result<Effect, PlayError> {
        if self.end.is_some() {
            return Err(PlayError::HandOver);
        }
        match mv {
            Move::Place(pl) => {
                let p = pl.at;
                if p.turn > 2 {
                    return Err(PlayError::BadTurn);
                }
                if !self.hands[self.to_move].contains(&p.tile) {
                    return Err(PlayError::NotInHand(p.tile));
                }
                if self.at(p.cell).is_some() {
                    return Err(PlayError::Occupied(p.cell));
                }
                if self.board.is_empty() {
                    self.lead_ok(p.tile)?;
                    if p.cell != Cell::up(0, 0) {
                        return Err(PlayError::LeadCell);
                    }
                    return Ok(self.effect_of(mv));
                }
                let contact = self.contact(&p)?;
                if contact.corner != pl.corner {
                    return Err(PlayError::Declaration(match (contact.corner, pl.corner) {
                        (Some([a, b]), None) => format!(
                            "a corner-to-corner play must name the corner's numbers ({a} and {b})"
                        ),
                        (Some(_), Some([a, b])) => {
                            format!("the corner does not hold {a} and {b}")
                        }
                        _ => "only a corner-to-corner play names numbers".into(),
                    }));
                }
                Ok(Effect {
                    awards: self.awards(&p),
                    extra_move: contact.corner.is_some(),
                })
            }
            Move::Draw => {
                if self.can_place() {
                    return Err(PlayError::MustPlay("a tile can be laid".into()));
                }
                if !self.can_draw() {
                    return Err(PlayError::MustPlay("there is nothing to draw".into()));
                }
                Ok(self.effect_of(mv))
            }
            Move::Pass => {
                if self.can_place() {
                    return Err(PlayError::MustPlay("a tile can be laid".into()));
                }
                if self.can_draw() {
                    return Err(PlayError::MustPlay("draw from the boneyard first".into()));
                }
                Ok(self.effect_of(mv))
            }
        }
    }
}
