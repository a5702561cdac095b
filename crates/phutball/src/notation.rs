//! Move notation: a placement is its point (`K10`), a jump chain the ball's
//! start and each landing (`H11-H13-K15`), the pie-rule swap is `swap`.

use super::board::{BadPoint, Pt};
use super::rules::{Chain, Move, MoveError, Position};
use std::fmt;

/// Why a text is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// A point could not be read.
    BadPoint(BadPoint),
    /// A chain must start where the ball is.
    NotFromBall {
        /// The ball's point.
        ball: Pt,
        /// The chain's first point.
        found: Pt,
    },
    /// No single jump goes from one point of the chain to the next.
    NoJump {
        /// From here …
        from: Pt,
        /// … to here.
        to: Pt,
    },
    /// The move reads well but the rules refuse it.
    Illegal(MoveError),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::BadPoint(e) => e.fmt(f),
            NotationError::NotFromBall { ball, found } => {
                write!(f, "a chain starts at the ball ({ball}), not at {found}")
            }
            NotationError::NoJump { from, to } => write!(f, "no jump goes from {from} to {to}"),
            NotationError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for NotationError {}

/// Writes a move played from `position`.
pub fn format(position: &Position, mv: Move) -> String {
    match mv {
        Move::Place(p) => p.to_string(),
        Move::Swap => "swap".to_owned(),
        Move::Jump(chain) => {
            let mut out = position.ball.to_string();
            match position.follow(chain) {
                Ok((path, _)) => {
                    for p in path {
                        out.push('-');
                        out.push_str(&p.to_string());
                    }
                }
                Err(_) => out.push_str("-?"),
            }
            out
        }
    }
}

/// Reads a move to be played from `position`, checking it against the rules.
pub fn parse(position: &Position, text: &str, moves_played: usize) -> Result<Move, NotationError> {
    let text = text.trim();
    let mv = if text.eq_ignore_ascii_case("swap") {
        Move::Swap
    } else if text.contains('-') {
        let points = text
            .split('-')
            .map(|t| t.trim().parse::<Pt>().map_err(NotationError::BadPoint))
            .collect::<Result<Vec<_>, _>>()?;
        let (&first, rest) = points
            .split_first()
            .ok_or(NotationError::Illegal(MoveError::EmptyChain))?;
        if first != position.ball {
            return Err(NotationError::NotFromBall {
                ball: position.ball,
                found: first,
            });
        }
        let mut men = position.men;
        let mut at = first;
        let mut chain = Chain::EMPTY;
        for &to in rest {
            let (dir, landing, left) = position
                .jumps(&men, at)
                .find(|(_, l, _)| l.at == to)
                .ok_or(NotationError::NoJump { from: at, to })?;
            // The jumped men are off before the next jump.
            men = left;
            at = landing.at;
            chain = chain
                .push(dir)
                .ok_or(NotationError::Illegal(MoveError::TooLong))?;
        }
        Move::Jump(chain)
    } else {
        Move::Place(text.parse().map_err(NotationError::BadPoint)?)
    };
    position
        .check(mv, moves_played)
        .map_err(NotationError::Illegal)?;
    Ok(mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::fixtures::position;

    #[test]
    fn notation_round_trips() {
        let p = position("K6", "J7 H8 G10 H11");
        for text in ["K6-G9-G11-J11", "K6-G9", "A1", "P19"] {
            let mv = parse(&p, text, 0).unwrap();
            assert_eq!(format(&p, mv), text);
        }
        assert_eq!(
            parse(&p, "swap", 1),
            Err(NotationError::Illegal(MoveError::NoSwap))
        );
    }

    #[test]
    fn bad_notation_gets_precise_errors() {
        let p = position("K6", "J7 H8 G10 H11");
        assert_eq!(
            parse(&p, "H10-G9", 0),
            Err(NotationError::NotFromBall {
                ball: "K6".parse().unwrap(),
                found: "H10".parse().unwrap()
            })
        );
        assert_eq!(
            parse(&p, "K6-G9-G12", 0),
            Err(NotationError::NoJump {
                from: "G9".parse().unwrap(),
                to: "G12".parse().unwrap()
            })
        );
        assert!(matches!(
            parse(&p, "I9", 0),
            Err(NotationError::BadPoint(_))
        ));
        assert!(matches!(
            parse(&p, "J7", 0),
            Err(NotationError::Illegal(MoveError::Occupied(_)))
        ));
        assert!(parse(&p, "K6-", 0).is_err());
        assert_eq!(
            parse(&p, "K6-G9-J9", 0).unwrap_err().to_string(),
            "no jump goes from G9 to J9"
        );
    }
}
