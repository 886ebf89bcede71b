//! Move notation: `c1-d3`, `c1xd3`, `c1xe5/b1` (with a return), `@b1` (a drop), `pass`.

use core::fmt;

use crate::board::Hole;
use crate::moves::Move;
use crate::position::Position;

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is empty.
    #[error("empty move text")]
    Empty,
    /// The text does not follow the notation.
    #[error("{text:?} is not a move: {reason}")]
    Syntax {
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// `-` written for a capture or `x` for a step onto an empty hole.
    #[error(
        "{text:?}: the separator does not match the move (use 'x' for a capture, '-' otherwise)"
    )]
    WrongSeparator {
        /// The text given.
        text: String,
    },
    /// The step must put a returning archer back; the hole was not given.
    #[error("{text:?}: this step returns an archer; append the hole, e.g. /a1")]
    MissingReturn {
        /// The text given.
        text: String,
    },
    /// A well-formed move that is not legal in this position.
    #[error("{text:?} is not legal in this position")]
    Illegal {
        /// The text given.
        text: String,
    },
}

/// A move written in the notation, ready for `Display`. Build one with
/// [`Position::notation`].
#[derive(Clone, Copy, Debug)]
pub struct Notation {
    mv: Move,
    capture: bool,
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mv {
            Move::Pass => f.write_str("pass"),
            Move::Drop(hole) => write!(f, "@{hole}"),
            Move::Step {
                from,
                to,
                return_to,
            } => {
                let sep = if self.capture { 'x' } else { '-' };
                write!(f, "{from}{sep}{to}")?;
                if let Some(hole) = return_to {
                    write!(f, "/{hole}")?;
                }
                Ok(())
            }
        }
    }
}

impl Position {
    /// The notation of `mv` in this position (the position tells captures apart).
    pub fn notation(&self, mv: Move) -> Notation {
        let capture = match mv {
            Move::Step { to, .. } => self.archers(!self.to_move).contains(to.index() as u32),
            _ => false,
        };
        Notation { mv, capture }
    }

    /// Parses a move and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let syntax = |reason| MoveError::Syntax {
            text: text.to_string(),
            reason,
        };
        if text.is_empty() {
            return Err(MoveError::Empty);
        }
        let (mv, separator) = if text == "pass" {
            (Move::Pass, None)
        } else if let Some(rest) = text.strip_prefix('@') {
            match Hole::parse_prefix(rest) {
                Some((hole, "")) => (Move::Drop(hole), None),
                Some(_) => return Err(syntax("unexpected text after the drop hole")),
                None => return Err(syntax("a drop is '@' and a hole a1..e5")),
            }
        } else {
            let (from, rest) =
                Hole::parse_prefix(text).ok_or_else(|| syntax("expected a hole a1..e5 first"))?;
            let mut chars = rest.chars();
            let separator = match chars.next() {
                Some(c @ ('-' | 'x')) => c,
                _ => return Err(syntax("expected '-' or 'x' after the first hole")),
            };
            let (to, rest) = Hole::parse_prefix(chars.as_str())
                .ok_or_else(|| syntax("expected a hole a1..e5 after the separator"))?;
            let return_to = if rest.is_empty() {
                None
            } else {
                match rest.strip_prefix('/').and_then(Hole::parse_prefix) {
                    Some((hole, "")) => Some(hole),
                    _ => return Err(syntax("a return is written '/' and a hole a1..e5")),
                }
            };
            (
                Move::Step {
                    from,
                    to,
                    return_to,
                },
                Some(separator),
            )
        };
        if !abstract_game::Game::is_legal(self, mv) {
            if let Move::Step {
                from,
                to,
                return_to: None,
            } = mv
            {
                let mut needs_return = false;
                self.for_each_move(|m| {
                    needs_return |= matches!(m, Move::Step { from: f, to: t, return_to: Some(_) } if f == from && t == to);
                });
                if needs_return {
                    return Err(MoveError::MissingReturn {
                        text: text.to_string(),
                    });
                }
            }
            return Err(MoveError::Illegal {
                text: text.to_string(),
            });
        }
        if let Some(sep) = separator {
            if (sep == 'x') != self.notation(mv).capture {
                return Err(MoveError::WrongSeparator {
                    text: text.to_string(),
                });
            }
        }
        Ok(mv)
    }
}

impl abstract_game::TextGame for Position {
    type MoveError = MoveError;
    type PositionError = crate::PositionError;

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        Position::parse_move(self, text)
    }

    fn move_to_string(&self, mv: Move) -> String {
        self.notation(mv).to_string()
    }

    fn to_text(&self) -> String {
        Position::to_text(self)
    }

    fn from_text(text: &str, rules: crate::Rules) -> Result<Position, crate::PositionError> {
        Position::from_text(text, rules)
    }

    fn diagram(&self) -> String {
        Position::diagram(self)
    }
}
