//! Playing a move: what it scores, and how the hand moves on and ends.

use super::*;

impl Hand {
    /// The score lines of a legal placement (not the opening).
    pub(super) fn awards(&self, p: &Placed) -> Vec<Award> {
        match self.rules.variant {
            Variant::Points | Variant::Muggins => Vec::new(),
            Variant::Star => self
                .met(p.cell)
                .filter_map(|o| star_meeting(p.tile, o).map(|sum| Award::Meeting { with: o, sum }))
                .collect(),
            Variant::TriOminos => {
                let mut a = vec![Award::Corners(p.tile.total())];
                let vs = p.cell.vertices();
                for v in vs {
                    let full = cells_at(v)
                        .iter()
                        .all(|&c| c == p.cell || self.at(c).is_some());
                    if full {
                        a.push(Award::Hexagon);
                    }
                }
                // A bridge: a side touches a tile and the opposite vertex
                // touches another tile at a corner only.
                let sides = p.cell.side_neighbours();
                let bridge = (0..3).any(|i| {
                    self.at(sides[i]).is_some() && {
                        let opposite = vs[(i + 2) % 3];
                        cells_at(opposite)
                            .iter()
                            .any(|c| *c != p.cell && !sides.contains(c) && self.at(*c).is_some())
                    }
                });
                if bridge {
                    a.push(Award::Bridge);
                }
                a
            }
        }
    }

    /// Plays a move and returns what it scored.
    pub fn play(&mut self, mv: Move) -> Result<Effect, PlayError> {
        let effect = self.check(mv)?;
        self.commit(mv, &effect);
        Ok(effect)
    }

    /// Plays a move from this position's [`Hand::legal_moves`] without
    /// checking it again: for searches, which play millions.
    pub fn play_legal(&mut self, mv: Move) -> Effect {
        let effect = self.effect_of(mv);
        self.commit(mv, &effect);
        effect
    }

    /// What a legal move scores, and whether it earns another move.
    pub(super) fn effect_of(&self, mv: Move) -> Effect {
        let tri = self.rules.variant == Variant::TriOminos;
        let awards = match mv {
            Move::Place(pl) if self.board.is_empty() => {
                let t = pl.at.tile;
                match (tri, t.is_triple()) {
                    (true, true) => vec![Award::Corners(t.total()), Award::Opening],
                    (true, false) => vec![Award::Corners(t.total())],
                    _ => Vec::new(),
                }
            }
            Move::Place(pl) => self.awards(&pl.at),
            Move::Draw if tri => vec![Award::Drew],
            Move::Pass if tri => vec![Award::Passed],
            _ => Vec::new(),
        };
        Effect {
            awards,
            extra_move: matches!(mv, Move::Place(pl) if pl.corner.is_some() && !self.board.is_empty()),
        }
    }

    /// The points laying `p` would score (a legal placement, not the opening).
    pub fn points_of(&self, p: &Placed) -> i32 {
        match self.rules.variant {
            Variant::Points | Variant::Muggins => 0,
            _ => self.awards(p).iter().map(|a| a.points()).sum(),
        }
    }

    /// The points of each of `moves` (placements from [`Hand::legal_moves`];
    /// other moves score 0 here), working out each cell's neighbours once.
    pub fn points_of_moves(&self, moves: &[Move]) -> Vec<i32> {
        if self.rules.variant != Variant::Star || self.board.is_empty() {
            return moves
                .iter()
                .map(|m| match m {
                    Move::Place(p) if !self.board.is_empty() => self.points_of(&p.at),
                    _ => 0,
                })
                .collect();
        }
        let mut cell = None;
        let mut met: Vec<Tile> = Vec::new();
        moves
            .iter()
            .map(|m| {
                let Move::Place(p) = m else { return 0 };
                if cell != Some(p.at.cell) {
                    cell = Some(p.at.cell);
                    met = self.met(p.at.cell).collect();
                }
                met.iter()
                    .filter_map(|&o| star_meeting(p.at.tile, o))
                    .sum::<u32>() as i32
            })
            .collect()
    }

    /// Star: the tiles a tile on `cell` would meet, by side or corner.
    pub(super) fn met(&self, cell: Cell) -> impl Iterator<Item = Tile> + '_ {
        let sides = cell.side_neighbours();
        let corners = cell.corner_neighbours();
        self.board
            .iter()
            .filter(move |o| sides.contains(&o.cell) || corners.contains(&o.cell))
            .map(|o| o.tile)
    }

    pub(super) fn commit(&mut self, mv: Move, effect: &Effect) {
        let seat = self.to_move;
        self.scores[seat] += effect.points();
        match mv {
            Move::Place(pl) => {
                let p = pl.at;
                let hand = &mut self.hands[seat];
                if let Some(i) = hand.iter().position(|&t| t == p.tile) {
                    hand.remove(i);
                }
                self.lay(p);
                self.passes = 0;
                self.drawn = 0;
                if self.hands[seat].is_empty() {
                    self.finish_domino(seat);
                } else if effect.extra_move {
                    self.extra = true;
                } else {
                    self.next_turn();
                }
            }
            Move::Draw => {
                if let Some(t) = self.boneyard.pop() {
                    let hand = &mut self.hands[seat];
                    let at = hand.partition_point(|&h| h < t);
                    hand.insert(at, t);
                }
                self.drawn += 1;
            }
            Move::Pass => {
                self.passes += 1;
                self.drawn = 0;
                if self.passes >= self.rules.players() {
                    self.finish_blocked();
                } else {
                    self.next_turn();
                }
            }
        }
    }

    pub(super) fn next_turn(&mut self) {
        self.extra = false;
        self.to_move = (self.to_move + 1) % self.rules.players();
    }

    pub(super) fn finish_domino(&mut self, seat: usize) {
        let left: u32 = self.hands.iter().flatten().map(|t| t.total()).sum();
        let bonus = if self.rules.variant == Variant::TriOminos {
            25
        } else {
            0
        };
        let points = left as i32 + bonus;
        self.scores[seat] += points;
        self.end = Some(End::Domino { seat, points });
    }

    pub(super) fn finish_blocked(&mut self) {
        let totals: Vec<u32> = self
            .hands
            .iter()
            .map(|h| h.iter().map(|t| t.total()).sum())
            .collect();
        let low = totals.iter().copied().min().unwrap_or(0);
        let lows: Vec<usize> = (0..totals.len()).filter(|&i| totals[i] == low).collect();
        let (seat, points) = if lows.len() == 1 {
            let points: u32 = totals.iter().map(|t| t - low).sum();
            self.scores[lows[0]] += points as i32;
            (Some(lows[0]), points as i32)
        } else {
            (None, 0)
        };
        self.end = Some(End::Blocked { seat, points });
    }

    /// Hands the turn to `seat` (for "what if it were my turn" questions).
    pub(crate) fn set_to_move(&mut self, seat: usize) {
        self.to_move = seat % self.hands.len();
        self.extra = false;
    }
}
