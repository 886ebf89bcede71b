//! The position text (one line, the `Display` and `FromStr` of [`Setup`]) and the board
//! diagram. The format is described in the crate docs.

use core::fmt::{self, Write as _};
use core::str::FromStr;

use abstract_game::{BySide, Side};

use crate::board::{ROW_LENGTHS, Square};
use crate::piece::{BLACK, Cube, Kind, WHITE};
use crate::position::Position;
use crate::setup::{Reserve, Setup, SetupError};

/// Why a position text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// Not five space-separated fields.
    #[error("expected 5 fields (board, side, reserves, counter, turn), found {0}")]
    FieldCount(usize),
    /// The board does not have 9 rows.
    #[error("expected 9 rows separated by '/', found {0}")]
    RowCount(usize),
    /// A row describes the wrong number of cells.
    #[error("row {row} describes {found} cells, it has {expected}")]
    RowLength {
        /// The row letter.
        row: char,
        /// Cells described.
        found: usize,
        /// Cells in the row.
        expected: usize,
    },
    /// A character that is neither a cube, a digit nor a bracket.
    #[error("row {row}: unexpected character {ch:?}")]
    BadChar {
        /// The row letter.
        row: char,
        /// The character.
        ch: char,
    },
    /// A `(` without two cubes and a `)`.
    #[error("row {0}: a two-cube cell must be written (xy)")]
    BadPair(char),
    /// The side field is not `w` or `b`.
    #[error("side to move must be 'w' or 'b', found {0:?}")]
    BadSide(String),
    /// The reserve field is malformed.
    #[error("reserves must look like MMMMWW/mmmmww ('-' when empty), found {0:?}")]
    BadReserve(String),
    /// The counter is not a number.
    #[error("no-capture counter must be a number, found {0:?}")]
    BadCounter(String),
    /// The turn number is not a number.
    #[error("turn number must be a number, found {0:?}")]
    BadTurn(String),
    /// The text is well formed but the position is not legal.
    #[error("illegal position: {0}")]
    Setup(#[from] SetupError),
}

impl fmt::Display for Setup {
    /// Writes the position text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..9u8).rev() {
            let mut empties = 0;
            for n in 1..=ROW_LENGTHS[row as usize] {
                let sq = Square::from_coords(row, n).expect("a cell of the row");
                match self.at(sq) {
                    [None, _] => empties += 1,
                    [Some(b), top] => {
                        if empties > 0 {
                            write!(f, "{empties}")?;
                            empties = 0;
                        }
                        match top {
                            None => f.write_char(b.letter())?,
                            Some(t) => write!(f, "({}{})", b.letter(), t.letter())?,
                        }
                    }
                }
            }
            if empties > 0 {
                write!(f, "{empties}")?;
            }
            if row > 0 {
                f.write_char('/')?;
            }
        }
        f.write_str(if self.to_move == WHITE { " w " } else { " b " })?;
        for side in Side::BOTH {
            write_reserve(f, side, self.reserve[side])?;
            if side == WHITE {
                f.write_char('/')?;
            }
        }
        write!(f, " {} {}", self.turns_to_draw, self.turn_number)
    }
}

/// Writes a reserve: one letter per cube, `-` when empty.
fn write_reserve(out: &mut impl fmt::Write, side: Side, reserve: Reserve) -> fmt::Result {
    if reserve.is_empty() {
        return out.write_char('-');
    }
    for _ in 0..reserve.mountains {
        out.write_char(Cube::new(side, Kind::Mountain).letter())?;
    }
    for _ in 0..reserve.wise {
        out.write_char(Cube::new(side, Kind::Wise).letter())?;
    }
    Ok(())
}

impl FromStr for Setup {
    type Err = TextError;

    /// Reads a position text, checking its syntax only (the rules are checked by
    /// [`TextGame::from_setup`](abstract_game::TextGame::from_setup)).
    fn from_str(text: &str) -> Result<Setup, TextError> {
        parse_setup(text)
    }
}

/// Reads a position text into a setup.
fn parse_setup(text: &str) -> Result<Setup, TextError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(TextError::FieldCount(fields.len()));
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    if rows.len() != 9 {
        return Err(TextError::RowCount(rows.len()));
    }
    let mut cells = [[None; 2]; 69];
    for (i, row_text) in rows.iter().enumerate() {
        let row = 8 - i as u8;
        let row_char = (b'a' + row) as char;
        let expected = ROW_LENGTHS[row as usize] as usize;
        let mut n = 0usize;
        let mut chars = row_text.chars();
        let mut put = |n: usize, content: [Option<Cube>; 2]| -> Result<(), TextError> {
            if n >= expected {
                return Err(TextError::RowLength {
                    row: row_char,
                    found: n + 1,
                    expected,
                });
            }
            let sq = Square::from_coords(row, n as u8 + 1).expect("checked against the row length");
            cells[sq.index()] = content;
            Ok(())
        };
        while let Some(ch) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                if d == 0 {
                    return Err(TextError::BadChar { row: row_char, ch });
                }
                n += d as usize;
                if n > expected {
                    return Err(TextError::RowLength {
                        row: row_char,
                        found: n,
                        expected,
                    });
                }
            } else if ch == '(' {
                let b = chars.next().and_then(Cube::from_letter);
                let t = chars.next().and_then(Cube::from_letter);
                let close = chars.next();
                match (b, t, close) {
                    (Some(b), Some(t), Some(')')) => {
                        put(n, [Some(b), Some(t)])?;
                        n += 1;
                    }
                    _ => return Err(TextError::BadPair(row_char)),
                }
            } else if let Some(cube) = Cube::from_letter(ch) {
                put(n, [Some(cube), None])?;
                n += 1;
            } else {
                return Err(TextError::BadChar { row: row_char, ch });
            }
        }
        if n != expected {
            return Err(TextError::RowLength {
                row: row_char,
                found: n,
                expected,
            });
        }
    }
    let to_move = match fields[1] {
        "w" => WHITE,
        "b" => BLACK,
        other => return Err(TextError::BadSide(other.to_string())),
    };
    let reserve =
        parse_reserve(fields[2]).ok_or_else(|| TextError::BadReserve(fields[2].into()))?;
    let turns_to_draw = fields[3]
        .parse::<u16>()
        .map_err(|_| TextError::BadCounter(fields[3].into()))?;
    let turn_number = fields[4]
        .parse::<u32>()
        .map_err(|_| TextError::BadTurn(fields[4].into()))?;
    Ok(Setup {
        cells,
        to_move,
        reserve,
        turns_to_draw,
        turn_number,
    })
}

fn parse_reserve(field: &str) -> Option<BySide<Reserve>> {
    let (white, black) = field.split_once('/')?;
    let mut reserve = BySide::new(Reserve::EMPTY, Reserve::EMPTY);
    for (side, part) in [(WHITE, white), (BLACK, black)] {
        if part == "-" {
            continue;
        }
        if part.is_empty() {
            return None;
        }
        for ch in part.chars() {
            let cube = Cube::from_letter(ch)?;
            if cube.side != side || !cube.kind.is_reserve_kind() {
                return None;
            }
            let r = &mut reserve[side];
            let slot = if cube.kind == Kind::Wise {
                &mut r.wise
            } else {
                &mut r.mountains
            };
            *slot = slot.checked_add(1)?;
            if *slot > 9 {
                return None;
            }
        }
    }
    Some(reserve)
}

/// A multi-line picture of the board, row `i` at the top, as White sees it.
pub(crate) fn diagram(pos: &Position) -> String {
    let mut out = String::new();
    for row in (0..9u8).rev() {
        let mut line = String::new();
        line.push((b'a' + row) as char);
        for n in 1..=ROW_LENGTHS[row as usize] {
            let sq = Square::from_coords(row, n).expect("a cell of the row");
            let col = 4 + 2 * (sq.x2() + 8) as usize;
            while line.len() < col {
                line.push(' ');
            }
            match pos.at(sq) {
                [None, _] => line.push('.'),
                [Some(b), None] => line.push(b.letter()),
                [Some(b), Some(t)] => {
                    line.push(b.letter());
                    line.push(t.letter());
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let reserve = |side: Side| {
        let mut s = String::new();
        let left = Reserve::new(
            pos.reserve(side, Kind::Mountain),
            pos.reserve(side, Kind::Wise),
        );
        let _ = write_reserve(&mut s, side, left);
        s
    };
    let _ = writeln!(
        out,
        "turn {}, reserves {} / {}, no-capture counter {}",
        pos.turn_number,
        reserve(WHITE),
        reserve(BLACK),
        pos.turns_to_draw
    );
    out
}
