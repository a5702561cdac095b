//! What an instance tells the page that embeds it: it is ready, a move was
//! played, the game is over, and the height it would like. Plain Rust,
//! tested natively; `web/` posts each event to the parent window of an
//! iframe and calls the callbacks a host gave `mount()`'s handle.

use crate::games::GameKind;
use crate::shell::geom::Size;
use crate::shell::position::Ending;
use crate::shell::Game;

/// One event for the host page.
#[derive(Clone, Debug, PartialEq)]
pub enum HostEvent {
    /// A game is on screen and answers to the player.
    Ready {
        /// Which game.
        game: GameKind,
    },
    /// A move was played, by a player, a computer or the game itself.
    Move {
        /// Which game.
        game: GameKind,
        /// The move's number in the game, from 1.
        number: usize,
        /// The move in the game's notation (`*` marks a move the game made).
        notation: String,
    },
    /// The game is over.
    GameOver {
        /// Which game.
        game: GameKind,
        /// The seat that won (0 first), or `None` for a draw.
        winner: Option<usize>,
        /// The score by seat, where the game keeps one.
        scores: Vec<i32>,
        /// The status line, a sentence for people.
        status: String,
    },
    /// The height, in CSS pixels, at which the instance shows its board
    /// whole at its present width: what an iframe's height should be.
    Height {
        /// CSS pixels.
        px: u32,
    },
}

/// A value in an event.
#[derive(Clone, Debug, PartialEq)]
pub enum Field {
    /// Text.
    Text(String),
    /// A number.
    Number(f64),
    /// A list of numbers.
    Numbers(Vec<i32>),
    /// Nothing (JavaScript `null`).
    Null,
}

impl HostEvent {
    /// Every event type, as its `type` field names it.
    pub const TYPES: [&'static str; 4] = ["ready", "move", "gameover", "height"];

    /// The event's `type` field.
    pub fn kind(&self) -> &'static str {
        match self {
            HostEvent::Ready { .. } => "ready",
            HostEvent::Move { .. } => "move",
            HostEvent::GameOver { .. } => "gameover",
            HostEvent::Height { .. } => "height",
        }
    }

    /// The event's fields besides `source` and `type`.
    pub fn fields(&self) -> Vec<(&'static str, Field)> {
        let game = |g: &GameKind| ("game", Field::Text(g.slug().to_owned()));
        match self {
            HostEvent::Ready { game: g } => vec![game(g)],
            HostEvent::Move {
                game: g,
                number,
                notation,
            } => vec![
                game(g),
                ("number", Field::Number(*number as f64)),
                ("move", Field::Text(notation.clone())),
            ],
            HostEvent::GameOver {
                game: g,
                winner,
                scores,
                status,
            } => vec![
                game(g),
                (
                    "winner",
                    winner.map_or(Field::Null, |w| Field::Number(w as f64)),
                ),
                ("scores", Field::Numbers(scores.clone())),
                ("status", Field::Text(status.clone())),
            ],
            HostEvent::Height { px } => vec![("height", Field::Number(f64::from(*px)))],
        }
    }
}

/// Watches the game on screen between actions and says what the host
/// should hear: each move once, in order, and the end once.
#[derive(Debug, Default)]
pub struct Watcher {
    kind: Option<GameKind>,
    seen: Vec<String>,
    over: bool,
    height: Option<u32>,
}

impl Watcher {
    /// A game was opened: it is ready. Moves already played (a restored
    /// save) are not told again.
    pub fn opened(&mut self, kind: GameKind, game: &dyn Game) -> Vec<HostEvent> {
        self.kind = Some(kind);
        self.seen = game.moves();
        self.over = game.ending().is_some();
        vec![HostEvent::Ready { game: kind }]
    }

    /// After an action: every move played since the last look (after an
    /// undo, the moves that replaced those taken back), then the end if it
    /// has just come.
    pub fn after(&mut self, game: &dyn Game) -> Vec<HostEvent> {
        let Some(kind) = self.kind else {
            return Vec::new();
        };
        let now = game.moves();
        let kept = self
            .seen
            .iter()
            .zip(&now)
            .take_while(|(a, b)| a == b)
            .count();
        let mut out: Vec<HostEvent> = now[kept..]
            .iter()
            .enumerate()
            .map(|(i, m)| HostEvent::Move {
                game: kind,
                number: kept + i + 1,
                notation: m.clone(),
            })
            .collect();
        self.seen = now;
        let ending = game.ending();
        if let (Some(end), false) = (ending, self.over) {
            out.push(HostEvent::GameOver {
                game: kind,
                winner: match end {
                    Ending::Won(seat) => Some(seat),
                    Ending::Drawn => None,
                },
                scores: game.scores(),
                status: game.status(),
            });
        }
        self.over = ending.is_some();
        out
    }

    /// The height the instance would like, when it differs from the last
    /// told: `chrome` is the height of everything but the board's stage,
    /// `stage_width` the stage's width and `board` the board's own size.
    pub fn height(&mut self, chrome: f64, stage_width: f64, board: Size) -> Option<HostEvent> {
        let px = preferred_height(chrome, stage_width, board);
        (self.height != Some(px)).then(|| {
            self.height = Some(px);
            HostEvent::Height { px }
        })
    }
}

/// The height at which a board of `board`'s proportions fills a stage
/// `stage_width` wide, plus the `chrome` around it, in whole CSS pixels.
pub fn preferred_height(chrome: f64, stage_width: f64, board: Size) -> u32 {
    let board_h = if board.w > 0.0 {
        board.h * stage_width.max(0.0) / board.w
    } else {
        0.0
    };
    let total = (chrome.max(0.0) + board_h).ceil();
    if total.is_finite() {
        total.min(f64::from(u32::MAX)) as u32
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dominoes::Dominoes;
    use crate::games::new_game;
    use crate::phutball::Phutball;
    use crate::util::rng::Seed;

    fn moves_of(events: &[HostEvent]) -> Vec<(usize, String)> {
        events
            .iter()
            .filter_map(|e| match e {
                HostEvent::Move {
                    number, notation, ..
                } => Some((*number, notation.clone())),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn each_move_is_told_once_and_an_undone_one_is_replaced() {
        let mut game = Phutball::new(Seed(1));
        let mut w = Watcher::default();
        assert_eq!(
            w.opened(GameKind::Phutball, &game),
            vec![HostEvent::Ready {
                game: GameKind::Phutball
            }]
        );
        game.play_text("H11").unwrap();
        game.play_text("H12").unwrap();
        assert_eq!(
            moves_of(&w.after(&game)),
            vec![(1, "H11".into()), (2, "H12".into())]
        );
        assert!(w.after(&game).is_empty(), "nothing new, nothing told");
        game.undo();
        game.play_text("J12").unwrap();
        assert_eq!(moves_of(&w.after(&game)), vec![(2, "J12".into())]);
    }

    #[test]
    fn the_end_is_told_once_with_the_winner() {
        let mut game = Phutball::new(Seed(1));
        let mut w = Watcher::default();
        w.opened(GameKind::Phutball, &game);
        // Eks lines men up below the ball (H10) to its goal; Ohs plays apart.
        for row in 1..=9 {
            game.play_text(&format!("A{}", row + 1)).unwrap();
            game.play_text(&format!("H{}", 10 - row)).unwrap();
        }
        game.play_text("A11").unwrap();
        assert!(w.after(&game).iter().all(|e| e.kind() == "move"));
        assert_eq!(game.ending(), None);
        game.play_text("H10-H0").unwrap();
        let told = w.after(&game);
        let over: Vec<_> = told.iter().filter(|e| e.kind() == "gameover").collect();
        assert_eq!(over.len(), 1, "{told:?}");
        match over[0] {
            HostEvent::GameOver { winner, .. } => assert_eq!(*winner, Some(1), "Eks"),
            e => panic!("{e:?}"),
        }
        assert!(w.after(&game).is_empty(), "the end is told once");
    }

    #[test]
    fn a_restored_game_tells_only_what_comes_after() {
        let mut first = Phutball::new(Seed(1));
        first.play_text("H11").unwrap();
        first.play_text("H12").unwrap();
        let mut game = Phutball::new(Seed(9));
        game.load(&first.save()).unwrap();
        let mut w = Watcher::default();
        w.opened(GameKind::Phutball, &game);
        assert!(w.after(&game).is_empty());
        game.play_text("J12").unwrap();
        assert_eq!(moves_of(&w.after(&game)), vec![(3, "J12".into())]);
    }

    #[test]
    fn scores_are_by_seat_where_a_game_keeps_them() {
        let dominoes = Dominoes::new(Seed(4));
        assert_eq!(
            dominoes.scores().len(),
            dominoes.position().rules().players()
        );
        assert_eq!(new_game(GameKind::Klondike, Seed(4)).scores(), vec![0]);
        assert!(Phutball::new(Seed(4)).scores().is_empty());
    }

    #[test]
    fn every_game_has_fields_named_as_documented() {
        for kind in GameKind::ALL {
            let game = new_game(kind, Seed(2));
            let mut w = Watcher::default();
            let ready = w.opened(kind, game.as_ref());
            assert_eq!(ready[0].kind(), "ready");
            assert_eq!(
                ready[0].fields(),
                vec![("game", Field::Text(kind.slug().into()))]
            );
        }
        for e in [
            HostEvent::Height { px: 3 },
            HostEvent::Ready {
                game: GameKind::Klondike,
            },
        ] {
            assert!(HostEvent::TYPES.contains(&e.kind()));
        }
    }

    #[test]
    fn the_height_fits_the_board_to_the_width_and_is_told_when_it_changes() {
        let board = Size::new(400.0, 300.0);
        assert_eq!(preferred_height(50.0, 800.0, board), 650);
        assert_eq!(preferred_height(50.0, 800.0, Size::new(0.0, 0.0)), 50);
        assert_eq!(preferred_height(f64::NAN, f64::INFINITY, board), 0);
        let mut w = Watcher::default();
        assert_eq!(
            w.height(50.0, 800.0, board),
            Some(HostEvent::Height { px: 650 })
        );
        assert_eq!(w.height(50.0, 800.0, board), None);
        assert_eq!(
            w.height(50.0, 400.0, board),
            Some(HostEvent::Height { px: 350 })
        );
    }
}
