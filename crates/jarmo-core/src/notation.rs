//! Move notation: `c1-d3`, `c1xd3`, `c1xe5/b1` (with a return), `@b1` (a drop), `pass`.

use core::fmt;

use abstract_game::ParseCellError;

use crate::board::Hole;
use crate::moves::Move;
use crate::position::Position;

/// Why a move text was refused: its syntax, or the move it names is not legal here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is empty.
    #[error("empty move text")]
    Empty,
    /// The game is over: no move is legal.
    #[error("the game is over")]
    GameOver,
    /// The text does not follow the notation.
    #[error("{text:?} is not a move: {reason}")]
    Syntax {
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A hole of the move is not one of `a1`..`e5`.
    #[error("{text:?} is not a move: {cell}")]
    Cell {
        /// The text given.
        text: String,
        /// The hole name that was not understood.
        cell: ParseCellError,
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
    /// The step back along a side's last step, after three steps back and forth between the
    /// same two holes: the no-shuttling rule forbids it.
    #[error("{text:?} is forbidden by the no-shuttling rule (a fourth step back and forth)")]
    Shuttling {
        /// The text given.
        text: String,
    },
    /// A capture onto the mover's goal row while another move ends elsewhere: the goal-row
    /// capture restriction forbids it.
    #[error(
        "{text:?} is forbidden by the goal-row capture restriction (another move ends off the goal row)"
    )]
    GoalRowCapture {
        /// The text given.
        text: String,
    },
    /// A well-formed move that is not legal in this position (for another reason than the
    /// rules the other variants name).
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
    /// The notation of `mv` in this position (the position tells captures apart). Its
    /// `Display` is [`TextGame::move_to_string`](abstract_game::TextGame::move_to_string).
    pub fn notation(&self, mv: Move) -> Notation {
        Notation {
            mv,
            capture: self.is_capture(mv),
        }
    }
}

/// Parses a move and checks that it is legal in `pos`.
pub(crate) fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let syntax = |reason| MoveError::Syntax {
        text: text.to_string(),
        reason,
    };
    if text.is_empty() {
        return Err(MoveError::Empty);
    }
    let hole = |name: &str| {
        name.parse::<Hole>().map_err(|cell| MoveError::Cell {
            text: text.to_string(),
            cell,
        })
    };
    let (mv, separator) = if text == "pass" {
        (Move::Pass, None)
    } else if let Some(rest) = text.strip_prefix('@') {
        (Move::Drop(hole(rest)?), None)
    } else {
        // No hole name holds a separator or a '/'.
        let (from, rest) = text.split_at(text.find(['-', 'x']).unwrap_or(text.len()));
        let from = hole(from)?;
        let mut chars = rest.chars();
        let Some(separator) = chars.next() else {
            return Err(syntax("expected '-' or 'x' after the first hole"));
        };
        let (to, return_to) = match chars.as_str().split_once('/') {
            Some((to, back)) => (hole(to)?, Some(hole(back)?)),
            None => (hole(chars.as_str())?, None),
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
    if pos.outcome.is_some() {
        return Err(MoveError::GameOver);
    }
    if !abstract_game::Game::is_legal(pos, mv) {
        if let Move::Step {
            from,
            to,
            return_to: None,
        } = mv
        {
            let mut needs_return = false;
            pos.for_each_move(|m| {
                needs_return |= matches!(m, Move::Step { from: f, to: t, return_to: Some(_) } if f == from && t == to);
            });
            if needs_return {
                return Err(MoveError::MissingReturn {
                    text: text.to_string(),
                });
            }
        }
        let text = text.to_string();
        return Err(match forbidding_rule(pos, mv) {
            Some(Forbidden::Shuttling) => MoveError::Shuttling { text },
            Some(Forbidden::GoalRowCapture) => MoveError::GoalRowCapture { text },
            None => MoveError::Illegal { text },
        });
    }
    if let Some(sep) = separator {
        if (sep == 'x') != pos.is_capture(mv) {
            return Err(MoveError::WrongSeparator {
                text: text.to_string(),
            });
        }
    }
    Ok(mv)
}

/// A rule option that can forbid a move on its own.
enum Forbidden {
    Shuttling,
    GoalRowCapture,
}

/// The rule option without which the illegal `mv` would be legal in `pos`, if there is one.
fn forbidding_rule(pos: &Position, mv: Move) -> Option<Forbidden> {
    use abstract_game::Game;
    let legal_without = |lift: fn(&mut Position)| {
        let mut free = *pos;
        lift(&mut free);
        free.is_legal(mv)
    };
    if pos.rules.no_shuttling && legal_without(|p| p.rules.no_shuttling = false) {
        return Some(Forbidden::Shuttling);
    }
    if pos.rules.goal_row_capture_restriction
        && legal_without(|p| p.rules.goal_row_capture_restriction = false)
    {
        return Some(Forbidden::GoalRowCapture);
    }
    None
}
