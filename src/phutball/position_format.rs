//! The position text format, read with precise errors:
//!
//! ```text
//! to-move: ohs            # or eks; Ohs attack rows 19/20, Eks rows 1/0
//! ball: H11
//! men: D4 E5 F6 F8 G9 H10 H12 J14 K16 K18
//! board: 19x15            # optional; 19x15, 19x19, 13x9 or 9x7
//! own-goal: illegal       # any rule option, by its URL name
//! ```

use super::rules::{Position, Side};
use super::settings::Settings;
use super::Pt;
use crate::shell::settings::Settings as _;

/// Where and why a position file is wrong.
pub type PositionError = crate::util::text_lines::LineError;

use crate::util::text_lines::line_error as err;

/// Reads a position.
pub fn parse(text: &str) -> Result<Position, PositionError> {
    let mut settings = Settings::default();
    let mut to_move = None;
    let mut ball: Option<(usize, Pt)> = None;
    let mut men: Vec<(usize, Pt)> = Vec::new();
    for (line_no, key, value) in crate::util::text_lines::key_values(text)? {
        match key {
            "to-move" => {
                to_move = Some(match value {
                    "ohs" | "Ohs" => Side::Ohs,
                    "eks" | "Eks" => Side::Eks,
                    other => {
                        return Err(err(
                            line_no,
                            format!("to-move must be ohs or eks, not '{other}'"),
                        ))
                    }
                })
            }
            "ball" => {
                let p: Pt = value
                    .parse()
                    .map_err(|e: super::BadPoint| err(line_no, e.to_string()))?;
                ball = Some((line_no, p));
            }
            "men" => {
                for token in value.split_whitespace() {
                    let p: Pt = token
                        .parse()
                        .map_err(|e: super::BadPoint| err(line_no, e.to_string()))?;
                    men.push((line_no, p));
                }
            }
            _ => settings
                .set(key, value)
                .map_err(|e| err(line_no, e.to_string()))?,
        }
    }
    let to_move = to_move.ok_or_else(|| err(0, "expected a 'to-move:' line"))?;
    let (ball_line, ball) = ball.ok_or_else(|| err(0, "expected a 'ball:' line"))?;
    let mut p = Position::start(settings.rules());
    p.to_move = to_move;
    let dims = p.options.dims;
    dims.check_ball(ball).map_err(|e| err(ball_line, e))?;
    p.ball = ball;
    for (line, m) in men {
        if !dims.is_playing(m) {
            return Err(err(
                line,
                format!("a man on {m} is not on a playing point of this {dims} board"),
            ));
        }
        if m == ball || p.men.has(m) {
            return Err(err(
                line,
                format!("{m} is listed twice (or is the ball's point)"),
            ));
        }
        p.men.set(m);
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ball_on_a_goal_line_is_refused() {
        let e = parse("to-move: eks\nball: H0\nmen: H5\n").unwrap_err();
        assert!(e.to_string().contains("goal line"), "{e}");
        let setup = crate::phutball::Setup {
            ball: "H20".parse().unwrap(),
            men: Vec::new(),
            to_move: crate::phutball::rules::Side::Eks,
        };
        let e = setup.position(Default::default()).unwrap_err();
        assert!(e.contains("goal line"), "{e}");
    }

    #[test]
    fn the_example_parses() {
        let p = parse(
            "to-move: ohs            # or eks\nball: H11\nmen: D4 E5 F6 F8 G9 H10 H12 J14 K16 K18\nboard: 19x15\n",
        )
        .unwrap();
        assert_eq!(p.men.count(), 10);
        assert_eq!(p.ball.to_string(), "H11");
        assert_eq!(p.to_move, Side::Ohs);
    }

    #[test]
    fn options_follow_as_key_value_lines() {
        let p = parse("to-move: eks\nball: D5\nown-goal: illegal\nboard: 9x7\nmen:\n").unwrap();
        assert_eq!(p.options.own_goal, super::super::rules::OwnGoal::Illegal);
        assert_eq!(p.options.dims.cols, 7);
    }

    #[test]
    fn errors_are_precise() {
        let e = parse("to-move: ohs\nball: I9\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("'I9' is not a point"), "{e}");
        let e = parse("to-move: both\n").unwrap_err();
        assert_eq!(
            (e.line, e.message.as_str()),
            (1, "to-move must be ohs or eks, not 'both'")
        );
        let e = parse("to-move: ohs\nball: H10\nmen: H10\n").unwrap_err();
        assert_eq!(e.line, 3);
        let e = parse("to-move: ohs\nball: H10\nmen: A0\n").unwrap_err();
        assert!(e.message.contains("not on a playing point"));
        let e = parse("to-move: ohs\nball: H10\nflavour: mint\n").unwrap_err();
        assert!(e.message.contains("unknown parameter 'flavour'"), "{e}");
        assert_eq!(
            parse("ball: H10").unwrap_err().message,
            "expected a 'to-move:' line"
        );
        assert!(parse("nonsense").is_err());
    }
}
