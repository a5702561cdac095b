//! Phutball's settings, each written once: who plays, what is shown, and
//! every rule option of [`rules::Options`].

use super::ai::Level;
use super::rules::{self, Corner, GoalLine, OwnGoal};
use super::Dims;
use crate::shell::settings::Settings as _;

crate::setting! {
    /// Who the opponent is.
    pub enum Opponent {
        key: "opponent", label: "Opponent", restarts: false, default: Human;
        /// Two people at one device.
        Human = "human", "Another player on this device";
        /// The computer's random level.
        Random = "random", "Computer: random";
        /// The computer's greedy level.
        Greedy = "greedy", "Computer: greedy";
        /// The computer's strong level.
        Strong = "strong", "Computer: strong";
        /// The computer's expert level.
        Expert = "expert", "Computer: expert";
    }
}

impl Opponent {
    /// The computer's level, unless the opponent is a person.
    pub fn level(self) -> Option<Level> {
        match self {
            Opponent::Human => None,
            Opponent::Random => Some(Level::Random),
            Opponent::Greedy => Some(Level::Greedy),
            Opponent::Strong => Some(Level::Strong),
            Opponent::Expert => Some(Level::Expert),
        }
    }
}

crate::setting! {
    /// Which side a computer opponent plays.
    pub enum ComputerSide {
        key: "computer", label: "The computer plays", restarts: false, default: Eks;
        /// Eks: the person moves first.
        Eks = "eks", "Eks (you move first)";
        /// Ohs: the computer moves first.
        Ohs = "ohs", "Ohs (it moves first)";
        /// Both sides.
        Both = "both", "Both sides (watch it play itself)";
    }
}

crate::setting! {
    /// Whether the goals in one are marked for both sides.
    pub enum Threats {
        key: "threats", label: "Show goals in one for both sides", restarts: false, link: false, default: Off;
        /// Not shown.
        Off = "off", "Off";
        /// Shown.
        On = "on", "On";
    }
}

crate::setting! {
    /// The board.
    pub enum Board {
        key: "board", label: "Board", restarts: true, default: Standard;
        /// The rules' 19 × 15.
        Standard = "19x15", "19 × 15 (the rules)";
        /// A Go board.
        Go = "19x19", "19 × 19 (Go board)";
        /// A small board for learning.
        Teaching13 = "13x9", "13 × 9 (teaching)";
        /// The smallest board.
        Teaching9 = "9x7", "9 × 7 (teaching)";
    }
}

impl Board {
    /// Its rows and columns.
    pub fn dims(self) -> Dims {
        match self {
            Board::Standard => Dims::STANDARD,
            Board::Go => Dims { rows: 19, cols: 19 },
            Board::Teaching13 => Dims { rows: 13, cols: 9 },
            Board::Teaching9 => Dims { rows: 9, cols: 7 },
        }
    }
}

crate::setting! {
    /// A chain reaching a goal line.
    pub enum GoalLineRule {
        key: "goal-line", label: "A chain reaching a goal line", restarts: true, default: StopOnLine;
        /// See [`GoalLine::StopOnLine`].
        StopOnLine = "stop-on-line", "May go on from rows 1 and 19; stops on 0 and 20";
        /// See [`GoalLine::StopOnTouch`].
        StopOnTouch = "stop-on-touch", "Stops on touching rows 1, 19, 0 or 20";
        /// See [`GoalLine::Continue`].
        Continue = "continue", "May go on even from 0 and 20";
    }
}

crate::setting! {
    /// Ending a move on one's own goal.
    pub enum OwnGoalRule {
        key: "own-goal", label: "Ending on your own goal", restarts: true, default: Counts;
        /// It scores for the opponent.
        Counts = "counts", "Scores for the opponent";
        /// It may not be played.
        Illegal = "illegal", "Is illegal";
    }
}

crate::setting! {
    /// Landing past a side edge and a goal line at once.
    pub enum CornerRule {
        key: "corner", label: "Landing past a side edge and a goal line at once", restarts: true, default: Illegal;
        /// Illegal.
        Illegal = "illegal", "Illegal";
        /// A goal.
        Goal = "goal", "A goal";
    }
}

crate::setting! {
    /// Rows the ball starts nearer Eks' goal (negative: nearer Ohs').
    pub enum Handicap {
        key: "handicap", label: "Handicap (ball starts nearer Eks' goal)", restarts: true, default: None;
        /// None.
        None = "0", "None";
        /// One row.
        One = "1", "1 row";
        /// Two rows.
        Two = "2", "2 rows";
        /// Three rows.
        Three = "3", "3 rows";
        /// One row the other way.
        BackOne = "-1", "1 row the other way";
        /// Two rows the other way.
        BackTwo = "-2", "2 rows the other way";
        /// Three rows the other way.
        BackThree = "-3", "3 rows the other way";
    }
}

impl Handicap {
    /// The rows, signed.
    pub fn rows(self) -> i8 {
        match self {
            Handicap::None => 0,
            Handicap::One => 1,
            Handicap::Two => 2,
            Handicap::Three => 3,
            Handicap::BackOne => -1,
            Handicap::BackTwo => -2,
            Handicap::BackThree => -3,
        }
    }
}

crate::setting! {
    /// The pie rule.
    pub enum Pie {
        key: "pie", label: "Pie rule (the second player may swap sides)", restarts: true, default: Off;
        /// Not played.
        Off = "off", "Off";
        /// The second player may swap.
        On = "on", "On";
    }
}

crate::setting! {
    /// A position repeated three times.
    pub enum Repetition {
        key: "repetition", label: "A position repeated three times", restarts: true, default: Draw;
        /// Draws the game.
        Draw = "draw", "Is a draw";
        /// Is allowed.
        Allowed = "allowed", "Is allowed";
    }
}

crate::setting! {
    /// The move cap.
    pub enum MoveCap {
        key: "move-cap", label: "Draw after", restarts: true, default: Four;
        /// 400 moves.
        Four = "400", "400 moves";
        /// 200 moves.
        Two = "200", "200 moves";
        /// No limit.
        None = "none", "No limit";
    }
}

impl MoveCap {
    /// Moves after which the game is drawn; 0 for none.
    pub fn moves(self) -> u16 {
        match self {
            MoveCap::Four => 400,
            MoveCap::Two => 200,
            MoveCap::None => 0,
        }
    }
}

crate::settings! {
    /// Phutball's settings, in panel order.
    pub struct Settings {
        /// Who the opponent is.
        opponent: Opponent,
        /// Which side the computer plays.
        computer: ComputerSide,
        /// Whether threats are shown.
        threats: Threats,
        /// The board.
        board: Board,
        /// A chain reaching a goal line.
        goal_line: GoalLineRule,
        /// Ending on one's own goal.
        own_goal: OwnGoalRule,
        /// Landing in a corner.
        corner: CornerRule,
        /// The handicap.
        handicap: Handicap,
        /// The pie rule.
        pie: Pie,
        /// Repetition.
        repetition: Repetition,
        /// The move cap.
        move_cap: MoveCap,
    }
}

impl Settings {
    /// The rule options these settings describe.
    pub fn rules(&self) -> rules::Options {
        rules::Options {
            dims: self.board.dims(),
            goal_line: match self.goal_line {
                GoalLineRule::StopOnLine => GoalLine::StopOnLine,
                GoalLineRule::StopOnTouch => GoalLine::StopOnTouch,
                GoalLineRule::Continue => GoalLine::Continue,
            },
            own_goal: match self.own_goal {
                OwnGoalRule::Counts => OwnGoal::Counts,
                OwnGoalRule::Illegal => OwnGoal::Illegal,
            },
            corner: match self.corner {
                CornerRule::Illegal => Corner::Illegal,
                CornerRule::Goal => Corner::Goal,
            },
            handicap: self.handicap.rows(),
            pie: self.pie == Pie::On,
            repetition: self.repetition == Repetition::Draw,
            move_cap: self.move_cap.moves(),
        }
    }

    /// Whether the computer plays `side`.
    pub fn computer_plays(&self, side: rules::Side) -> bool {
        self.opponent.level().is_some()
            && match self.computer {
                ComputerSide::Both => true,
                ComputerSide::Ohs => side == rules::Side::Ohs,
                ComputerSide::Eks => side == rules::Side::Eks,
            }
    }
}

/// Whether the threats overlay is on.
pub fn threats_shown(settings: &Settings) -> bool {
    settings.threats == Threats::On
}

/// The options shown in the side panel: the rules that differ from the
/// defaults (who plays, the board and the overlay are shown elsewhere).
pub fn changed_rules(settings: &Settings) -> Vec<String> {
    settings
        .changed(&["opponent", "computer", "board", "threats"])
        .into_iter()
        .map(|(option, choice)| format!("{option}: {choice}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_rules_defaults() {
        assert_eq!(Settings::default().rules(), rules::Options::default());
    }

    #[test]
    fn every_choice_reaches_the_rules() {
        for spec in Settings::SPECS {
            let mut seen = Vec::new();
            for c in spec.choices {
                let mut s = Settings::default();
                s.set(spec.key, c.value).unwrap();
                assert_eq!(s.get(spec.key), Some(c.value));
                seen.push((s.rules(), s.opponent, s.computer, s.threats));
            }
            seen.dedup();
            assert_eq!(seen.len(), spec.choices.len(), "{}", spec.key);
        }
    }
}
