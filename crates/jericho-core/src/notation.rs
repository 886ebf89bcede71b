//! Move notation: a placement is `<size><colour>@<square>` (e.g. `3b@c2`), a pass is `pass`.
//!
//! [`TextGame::parse_move`](abstract_game::TextGame::parse_move) reads a move in the context of a
//! position and accepts only legal moves; [`parse_syntax`] reads one without a position.
//!
//! ```
//! use jericho_core::prelude::*;
//! let pos = Position::new(Rules::default());
//! let mv = pos.parse_move("3b@c2").unwrap();
//! assert_eq!(pos.move_to_string(mv), "3b@c2");
//! assert!(pos.parse_move("pass").is_err()); // placements are possible
//! assert!(matches!(pos.parse_move("3b@d2"), Err(MoveError::Cell { .. }))); // no d2
//! assert_eq!(jericho_core::parse_syntax("pass"), Ok(Move::Pass));
//! ```

use core::fmt;

use abstract_game::ParseCellError;

use crate::board::Square;
use crate::movegen::IllegalMove;
use crate::piece::{Colour, Piece};
use crate::position::Move;

/// Why a move text was refused, or the move it names is not legal here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not of the form `<size><colour>@<square>` or `pass`.
    #[error("`{text}` is not a move: expected `<size><colour>@<square>` (like `3b@c2`) or `pass`")]
    Syntax {
        /// The text.
        text: String,
    },
    /// The size is not 1..5.
    #[error("`{text}`: the size must be a digit 1..5")]
    BadSize {
        /// The text.
        text: String,
    },
    /// The colour is not a..e.
    #[error("`{text}`: the colour must be a letter a..e")]
    BadColour {
        /// The text.
        text: String,
    },
    /// The square part names no square (files `a`..`g`, ranks `1`..`4`; `d2` and `d3` do not
    /// exist).
    #[error("`{text}`: {source}")]
    Cell {
        /// The text.
        text: String,
        /// What is wrong with the square part.
        source: ParseCellError,
    },
    /// The game has ended: no move is legal.
    #[error("the game is over")]
    GameOver,
    /// Well formed but not legal here; `reason` names the rule that forbids it (for instance
    /// [`IllegalMove::Asymmetry`]).
    #[error("`{text}` is not legal here: {reason}")]
    Illegal {
        /// The text.
        text: String,
        /// Why.
        reason: IllegalMove,
    },
}

/// Reads a move without looking at any position (so it may be illegal).
pub fn parse_syntax(text: &str) -> Result<Move, MoveError> {
    if text == "pass" {
        return Ok(Move::Pass);
    }
    let syntax = || MoveError::Syntax {
        text: text.to_owned(),
    };
    let (piece_text, square_text) = text.split_once('@').ok_or_else(syntax)?;
    let piece = parse_piece(piece_text).map_err(|e| match e {
        PieceError::Syntax => syntax(),
        PieceError::Size => MoveError::BadSize {
            text: text.to_owned(),
        },
        PieceError::Colour => MoveError::BadColour {
            text: text.to_owned(),
        },
    })?;
    let square: Square = square_text.parse().map_err(|source| MoveError::Cell {
        text: text.to_owned(),
        source,
    })?;
    Ok(Move::place(piece, square))
}

pub(crate) enum PieceError {
    Syntax,
    Size,
    Colour,
}

/// Reads `<size><colour>`, e.g. `3b`.
pub(crate) fn parse_piece(text: &str) -> Result<Piece, PieceError> {
    let mut chars = text.chars();
    let (Some(size), Some(colour), None) = (chars.next(), chars.next(), chars.next()) else {
        return Err(PieceError::Syntax);
    };
    let size = size
        .to_digit(10)
        .filter(|d| (1..=5).contains(d))
        .ok_or(PieceError::Size)?;
    let colour = Colour::from_char(colour).ok_or(PieceError::Colour)?;
    Piece::from_size_colour(size as u8, colour).ok_or(PieceError::Size)
}

impl fmt::Display for Move {
    /// Writes the canonical notation: `3b@c2` or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place { piece, square } => write!(f, "{piece}@{square}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}
