//! The position text (the `Display` and `FromStr` of [`Setup`]), the board diagram, and the
//! [`TextGame`] implementation.
//!
//! A position is one line of four or five fields separated by spaces:
//!
//! ```text
//! wadfrcfdaw/tppppppppt/10/10/10/10/10/10/TPPPPPPPPT/WADFCRFDAW b Rr -
//! ```
//!
//! 1. the board, rank 10 first, ranks separated by `/`, each rank from file `a` to `j`: a
//!    piece letter (upper case Black, lower case Orange) or a number of empty squares (1-10);
//! 2. the side to move, `b` or `o`;
//! 3. the escapes still available: `R` (Black's Princess), `r` (Orange's), both, or `-`;
//! 4. the equal-material countdown: `-` before it starts, else the plies left;
//! 5. only once a Chief or a Princess has been captured: the result, `black`, `orange` or
//!    `draw` (the board cannot tell whether a Chief fell to the enemy Chief).

use core::fmt::{self, Write as _};

use abstract_game::{BySide, Game, Outcome, Side, TextGame};

use crate::board::{SIZE, Square};
use crate::notation::{self, MoveError};
use crate::piece::Piece;
use crate::position::{Move, Position};
use crate::rules::Rules;
use crate::setup::{Setup, SetupError};

/// Why a position text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// Too few or too many fields.
    #[error("expected 4 or 5 space-separated fields, found {0}")]
    FieldCount(usize),
    /// The board field does not have ten ranks.
    #[error("the board has {0} ranks; it needs 10 separated by '/'")]
    RankCount(usize),
    /// A rank does not hold exactly ten squares.
    #[error("rank {rank} describes {squares} squares; it needs 10")]
    RankLength {
        /// The rank (1-10).
        rank: u8,
        /// How many squares it describes (at least).
        squares: usize,
    },
    /// A character of the board field is neither a piece letter nor a digit.
    #[error("rank {rank}: {found:?} is neither a piece letter (PTWADFCR, ptwadfcr) nor a count")]
    BadBoardChar {
        /// The rank (1-10).
        rank: u8,
        /// The character.
        found: char,
    },
    /// An empty-square count is not a number from 1 to 10 written without a leading zero.
    #[error("rank {rank}: empty-square count {count:?} must be 1 to 10")]
    BadEmptyCount {
        /// The rank (1-10).
        rank: u8,
        /// The count as written.
        count: String,
    },
    /// The side field is not `b` or `o`.
    #[error("side to move {0:?} must be 'b' or 'o'")]
    BadSide(String),
    /// The escapes field is not `-`, `R`, `r` or `Rr`.
    #[error("escapes {0:?} must be '-', 'R', 'r' or 'Rr'")]
    BadEscapes(String),
    /// The countdown field is not `-` or a number of plies.
    #[error("countdown {0:?} must be '-' or a number of plies")]
    BadCountdown(String),
    /// The result field is not `black`, `orange` or `draw`.
    #[error("result {0:?} must be 'black', 'orange' or 'draw'")]
    BadResult(String),
    /// The facts are readable but not a legal position.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Reads the board field.
fn parse_board(field: &str, setup: &mut Setup) -> Result<(), TextError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != SIZE as usize {
        return Err(TextError::RankCount(ranks.len()));
    }
    for (row, text) in ranks.iter().enumerate() {
        let rank = SIZE - 1 - row as u8;
        let label = rank + 1;
        let mut file = 0usize;
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            if c.is_ascii_digit() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let digits = &text[start..i];
                // "010" and "0" are refused as written, not as a number.
                let count = match digits.parse::<usize>() {
                    Ok(n @ 1..=10) if !digits.starts_with('0') => n,
                    _ => {
                        return Err(TextError::BadEmptyCount {
                            rank: label,
                            count: digits.to_owned(),
                        });
                    }
                };
                file = file.saturating_add(count);
            } else {
                let ch = text[i..].chars().next().unwrap_or('?');
                let piece = if ch.is_ascii() {
                    Piece::from_char(ch)
                } else {
                    None
                }
                .ok_or(TextError::BadBoardChar {
                    rank: label,
                    found: ch,
                })?;
                if file < SIZE as usize {
                    let sq = Square::from_coords(file as u8, rank).map_or(0, Square::index);
                    setup.board[sq] = Some(piece);
                }
                file += 1;
                i += ch.len_utf8();
            }
            if file > SIZE as usize {
                return Err(TextError::RankLength {
                    rank: label,
                    squares: file,
                });
            }
        }
        if file != SIZE as usize {
            return Err(TextError::RankLength {
                rank: label,
                squares: file,
            });
        }
    }
    Ok(())
}

/// Parses a position text into an unchecked [`Setup`].
fn parse_text(text: &str) -> Result<Setup, TextError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(4..=5).contains(&fields.len()) {
        return Err(TextError::FieldCount(fields.len()));
    }
    let mut setup = Setup::empty();
    parse_board(fields[0], &mut setup)?;
    setup.to_move = match fields[1] {
        "b" => Side::First,
        "o" => Side::Second,
        other => return Err(TextError::BadSide(other.to_owned())),
    };
    setup.escape_left = match fields[2] {
        "-" => BySide::new(false, false),
        "R" => BySide::new(true, false),
        "r" => BySide::new(false, true),
        "Rr" => BySide::new(true, true),
        other => return Err(TextError::BadEscapes(other.to_owned())),
    };
    setup.countdown = match fields[3] {
        "-" => None,
        n if !n.is_empty() && n.len() <= 5 && n.bytes().all(|b| b.is_ascii_digit()) => Some(
            n.parse()
                .map_err(|_| TextError::BadCountdown(n.to_owned()))?,
        ),
        other => return Err(TextError::BadCountdown(other.to_owned())),
    };
    if let Some(&result) = fields.get(4) {
        setup.result = Some(match result {
            "black" => Outcome::win(Side::First),
            "orange" => Outcome::win(Side::Second),
            "draw" => Outcome::DRAW,
            other => return Err(TextError::BadResult(other.to_owned())),
        });
    }
    Ok(setup)
}

/// Writes the position text of `setup`.
fn write_text(setup: &Setup, out: &mut fmt::Formatter<'_>) -> fmt::Result {
    for rank in (0..SIZE).rev() {
        let mut empty = 0;
        for file in 0..SIZE {
            let sq = Square::from_coords(file, rank).map_or(0, Square::index);
            match setup.board[sq] {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        write!(out, "{empty}")?;
                        empty = 0;
                    }
                    out.write_char(p.char())?;
                }
            }
        }
        if empty > 0 {
            write!(out, "{empty}")?;
        }
        if rank > 0 {
            out.write_char('/')?;
        }
    }
    out.write_str(match setup.to_move {
        Side::First => " b ",
        Side::Second => " o ",
    })?;
    out.write_str(match setup.escape_left.0 {
        [false, false] => "-",
        [true, false] => "R",
        [false, true] => "r",
        [true, true] => "Rr",
    })?;
    match setup.countdown {
        None => out.write_str(" -")?,
        Some(n) => write!(out, " {n}")?,
    }
    if let Some(result) = setup.result {
        out.write_str(match result.winner {
            Some(Side::First) => " black",
            Some(Side::Second) => " orange",
            None => " draw",
        })?;
    }
    Ok(())
}

impl core::str::FromStr for Setup {
    type Err = TextError;

    /// Parses a position text, checking its syntax only.
    fn from_str(text: &str) -> Result<Setup, TextError> {
        parse_text(text)
    }
}

impl fmt::Display for Setup {
    /// Writes the position text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_text(self, f)
    }
}

/// A multi-line board for people: rank 10 at the top, Black's pieces in upper case, Orange's
/// in lower case, `.` for an empty square; then the plies left in a running countdown.
fn diagram(pos: &Position) -> String {
    let mut out = String::new();
    for rank in (0..SIZE).rev() {
        let _ = write!(out, "{:>2} ", rank + 1);
        for file in 0..SIZE {
            let c = Square::from_coords(file, rank)
                .and_then(|sq| pos.at(sq))
                .map_or('.', Piece::char);
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("    a b c d e f g h i j\n");
    if let (Some(n), None) = (pos.countdown, pos.outcome()) {
        let _ = writeln!(out, "{n} plies left in the countdown");
    }
    out
}

impl TextGame for Position {
    type Setup = Setup;
    type SetupError = SetupError;
    type MoveError = MoveError;
    type TextError = TextError;

    const ABOUT: &'static str =
        "Jetan: Martian chess on a 10x10 board (moves like Pe2-e3, Fd1xa4, Rf1-f6!)";
    const NOTATION: &'static [(&'static str, &'static str)] = &[
        (
            "Pe2-e3",
            "the piece on e2 (a Panthan) moves to the empty e3",
        ),
        ("Fd1xa4", "the Flier on d1 captures on a4"),
        ("Rf1-f6!", "the Princess escapes from f1 to f6"),
        ("e2-e3", "the piece letter may be left out"),
    ];

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn move_to_string(&self, mv: Move) -> String {
        notation::move_to_string(self, mv)
    }

    /// A multi-line board for people: rank 10 at the top, Black's pieces in upper case,
    /// Orange's in lower case, `.` for an empty square; then the plies left in a running countdown.
    fn diagram(&self) -> String {
        diagram(self)
    }

    fn from_setup(setup: Setup, rules: Rules) -> Result<Position, SetupError> {
        setup.to_position(rules)
    }
}
