//! The rules of a hand as data: the variant and the options a table may choose.

use super::*;

/// Which game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Touching sides show equal pips.
    Points,
    /// Touching sides sum to a multiple of five.
    Muggins,
    /// Side or corner meetings; meetings worth a multiple of five score.
    Star,
    /// The modern descendant: numbers on corners, every play scores.
    TriOminos,
}

impl Variant {
    /// The name used in URLs, records and on the command line.
    pub fn slug(self) -> &'static str {
        match self {
            Variant::Points => "points",
            Variant::Muggins => "muggins",
            Variant::Star => "star",
            Variant::TriOminos => "triominos",
        }
    }

    /// Every variant.
    pub const ALL: [Variant; 4] = [
        Variant::Points,
        Variant::Muggins,
        Variant::Star,
        Variant::TriOminos,
    ];

    /// Whether a tile may join the layout at a corner alone (Star), not
    /// only along a side.
    pub fn joins_at_corners(self) -> bool {
        self == Variant::Star
    }

    /// Whether numbers sit on corners (Tri-Ominos) rather than sides.
    pub fn on_corners(self) -> bool {
        self == Variant::TriOminos
    }
}

/// Where a tile may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reach {
    /// Touching the tile laid last (the source's rule).
    Previous,
    /// Touching any tile of the layout.
    Anywhere,
}

/// Which touching sides must match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Matching {
    /// Every side the new tile touches.
    EverySide,
    /// Only the side it was played against.
    PlayedSide,
}

/// What a player who cannot play does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stuck {
    /// Passes.
    Pass,
    /// Draws from the boneyard while it lasts, then passes.
    Draw,
}

/// Every rule of a hand, typed. [`Rules::new`] gives a variant's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The game.
    pub variant: Variant,
    /// The set: 0–4 or 0–5.
    pub pips: Pips,
    /// Whether the boss is in the set (never in Tri-Ominos).
    pub boss: bool,
    /// Players, 2–4.
    players: u8,
    /// Where a tile may go.
    pub reach: Reach,
    /// Which touching sides must match.
    pub matching: Matching,
    /// What a player who cannot play does.
    pub stuck: Stuck,
    /// Muggins: whether 0 + 0 counts as a multiple of five.
    pub zero_is_five: bool,
    /// Play hands until someone reaches this score; `None` plays one hand.
    pub target: Option<u32>,
}

/// A rule combination that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesError(pub String);

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RulesError {}

impl Rules {
    /// The defaults of RULES.md §3 for `variant`, two players.
    pub fn new(variant: Variant) -> Rules {
        let tri = variant == Variant::TriOminos;
        Rules {
            variant,
            pips: if tri { Pips::Five } else { Pips::Four },
            boss: false,
            players: 2,
            reach: if tri {
                Reach::Anywhere
            } else {
                Reach::Previous
            },
            matching: Matching::EverySide,
            stuck: if tri { Stuck::Draw } else { Stuck::Pass },
            zero_is_five: true,
            target: if tri { Some(400) } else { None },
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Sets the number of players: 2 to 4.
    pub fn with_players(mut self, n: usize) -> Result<Rules, RulesError> {
        match u8::try_from(n) {
            Ok(p @ 2..=4) => {
                self.players = p;
                Ok(self)
            }
            _ => Err(RulesError(format!("{n} players: 2 to 4 can play"))),
        }
    }

    /// Checks combinations the engine cannot honour.
    pub fn check(&self) -> Result<(), RulesError> {
        if self.variant == Variant::TriOminos && self.boss {
            return Err(RulesError("Tri-Ominos has no boss tile".into()));
        }
        Ok(())
    }

    /// The tiles of this game's set.
    pub fn tiles(&self) -> Vec<Tile> {
        set(self.pips, self.boss)
    }

    /// Tiles dealt to each player.
    pub fn hand_size(&self) -> usize {
        if self.variant == Variant::TriOminos {
            return if self.players == 2 { 9 } else { 7 };
        }
        self.tiles().len() / self.players()
    }
}
