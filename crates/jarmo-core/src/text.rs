//! The position text format.
//!
//! Seven space-separated fields; any number of trailing fields after the board may be left
//! out, and they then take their start values (Black to move, nothing pooled or pending):
//!
//! 1. the board, row 5 first, rows separated by `/`: `b`/`w` an archer of Black/White, `B`/`W` a
//!    marked one, a digit 1-5 a run of empty holes, files `a` to `e` left to right;
//! 2. the side to move, `b` or `w`;
//! 3. archers waiting to return (captured pool or reserve), Black's then White's: `0/0`;
//! 4. unspent return credits, Black's then White's: `0/0`;
//! 5. passes made in succession just before: `0`, `1` or `2`;
//! 6. and 7. the no-shuttling record of Black and White: `-`, or the last step and the length
//!    of its back-and-forth chain, e.g. `c1-d3:2`.
//!
//! The start position is `wwwww/5/5/5/bbbbb b 0/0 0/0 0 - -`.

use core::fmt::{self, Write};
use core::str::FromStr;

use abstract_game::{Game, ParseCellError, Side, TextGame};

use crate::board::Hole;
use crate::moves::Move;
use crate::notation::{MoveError, parse_move};
use crate::position::{Position, Shuttle};
use crate::rules::Rules;
use crate::setup::{Setup, SetupError, validate};

/// Why a position text was refused: its syntax, or the position it describes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// The text has no board field.
    #[error("empty position text")]
    Empty,
    /// The board does not have 5 rows.
    #[error("the board has {found} rows separated by '/'; expected 5")]
    RowCount {
        /// Rows found.
        found: usize,
    },
    /// A board row has a character that is not `b`, `B`, `w`, `W` or a digit 1-5.
    #[error("row {row} of the board: unexpected character {found:?}")]
    BadSquare {
        /// The row number (1-5).
        row: u8,
        /// The character.
        found: char,
    },
    /// A board row does not describe exactly 5 holes.
    #[error("row {row} of the board describes {holes} holes; expected 5")]
    RowLength {
        /// The row number (1-5).
        row: u8,
        /// Holes described.
        holes: usize,
    },
    /// A field other than the board is malformed.
    #[error("field {field} ({name}): cannot read {found:?}")]
    BadField {
        /// 1-based field number.
        field: usize,
        /// What the field holds.
        name: &'static str,
        /// The text found.
        found: String,
    },
    /// A no-shuttling record names a hole that is not one of `a1`..`e5`.
    #[error("field {field} ({name}): {cell}")]
    Cell {
        /// 1-based field number.
        field: usize,
        /// What the field holds.
        name: &'static str,
        /// The hole name that was not understood.
        cell: ParseCellError,
    },
    /// More than seven fields.
    #[error("unexpected text after the seventh field: {found:?}")]
    TrailingText {
        /// The first extra field.
        found: String,
    },
    /// The text is well formed but not a legal position.
    #[error("not a legal position: {0}")]
    Setup(#[from] SetupError),
}

impl FromStr for Setup {
    type Err = TextError;

    /// Parses a position text into an unchecked setup: the syntax is checked, the position is
    /// not (see [`TextGame::from_setup`]).
    fn from_str(text: &str) -> Result<Setup, TextError> {
        parse_setup(text)
    }
}

fn parse_setup(text: &str) -> Result<Setup, TextError> {
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or(TextError::Empty)?;
    let mut setup = Setup::default();
    parse_board(board, &mut setup)?;
    let field_names = [
        "side to move",
        "pool",
        "credits",
        "passes",
        "Black's shuttle record",
        "White's shuttle record",
    ];
    for (k, name) in field_names.into_iter().enumerate() {
        let Some(value) = fields.next() else { break };
        let number = k + 2;
        let bad = || TextError::BadField {
            field: number,
            name,
            found: value.to_string(),
        };
        match number {
            2 => {
                setup.to_move = match value {
                    "b" => Side::First,
                    "w" => Side::Second,
                    _ => return Err(bad()),
                }
            }
            3 => setup.pool.0 = parse_pair(value).ok_or_else(bad)?,
            4 => setup.credits.0 = parse_pair(value).ok_or_else(bad)?,
            5 => {
                setup.passes = value
                    .parse()
                    .ok()
                    .filter(|&n: &u8| n <= 2)
                    .ok_or_else(bad)?
            }
            _ => {
                setup.shuttle.0[number - 6] = match parse_shuttle(value) {
                    Ok(Some(record)) => record,
                    Ok(None) => return Err(bad()),
                    Err(cell) => {
                        return Err(TextError::Cell {
                            field: number,
                            name,
                            cell,
                        });
                    }
                }
            }
        }
    }
    if let Some(extra) = fields.next() {
        return Err(TextError::TrailingText {
            found: extra.to_string(),
        });
    }
    Ok(setup)
}

impl fmt::Display for Setup {
    /// Writes the position text (every field, even those at their start values).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..5u8).rev() {
            let mut empty = 0;
            for file in 0..5u8 {
                let hole = Hole::from_bit(u32::from(row * 5 + file));
                let Some(side) = self.at(hole) else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    write!(f, "{empty}")?;
                    empty = 0;
                }
                f.write_char(archer_char(side, self.is_marked(hole)))?;
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if row > 0 {
                f.write_char('/')?;
            }
        }
        let side = if self.to_move == Side::First {
            'b'
        } else {
            'w'
        };
        let (pool, credits) = (self.pool.0, self.credits.0);
        write!(
            f,
            " {side} {}/{} {}/{} {}",
            pool[0], pool[1], credits[0], credits[1], self.passes
        )?;
        for record in self.shuttle.0 {
            f.write_char(' ')?;
            write_shuttle(f, record)?;
        }
        Ok(())
    }
}

/// The board letter of an archer: `b`/`w`, upper case when marked.
const fn archer_char(side: Side, marked: bool) -> char {
    match (side, marked) {
        (Side::First, false) => 'b',
        (Side::First, true) => 'B',
        (Side::Second, false) => 'w',
        (Side::Second, true) => 'W',
    }
}

fn parse_board(board: &str, setup: &mut Setup) -> Result<(), TextError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 5 {
        return Err(TextError::RowCount { found: rows.len() });
    }
    for (k, text) in rows.iter().enumerate() {
        let row = 4 - k as u8;
        let mut file = 0usize;
        for c in text.chars() {
            let (side, marked) = match c {
                '1'..='5' => {
                    file += c as usize - '0' as usize;
                    continue;
                }
                'b' => (Side::First, false),
                'B' => (Side::First, true),
                'w' => (Side::Second, false),
                'W' => (Side::Second, true),
                _ => {
                    return Err(TextError::BadSquare {
                        row: row + 1,
                        found: c,
                    });
                }
            };
            // A row too long is read to its end first, so the error gives its real length.
            if file < 5 {
                let hole = Hole::from_bit(u32::from(row) * 5 + file as u32);
                setup.archers[side] = setup.archers[side].with(hole);
                if marked {
                    setup.marked = setup.marked.with(hole);
                }
            }
            file += 1;
        }
        if file != 5 {
            return Err(TextError::RowLength {
                row: row + 1,
                holes: file,
            });
        }
    }
    Ok(())
}

fn parse_pair(text: &str) -> Option<[u8; 2]> {
    let (a, b) = text.split_once('/')?;
    Some([a.parse().ok()?, b.parse().ok()?])
}

/// A no-shuttling record, `-` or `c1-d3:2`: `None` when the text is not of that form, an
/// error when it is but names a hole off the board.
fn parse_shuttle(text: &str) -> Result<Option<Shuttle>, ParseCellError> {
    if text == "-" {
        return Ok(Some(Shuttle::NONE));
    }
    let Some((step, count)) = text.split_once(':') else {
        return Ok(None);
    };
    let Some((from, to)) = step.split_once('-') else {
        return Ok(None);
    };
    let (from, to) = (from.parse::<Hole>()?, to.parse::<Hole>()?);
    Ok(count
        .parse::<u8>()
        .ok()
        .filter(|&count| count > 0)
        .map(|count| Shuttle::new(from, to, count)))
}

fn write_shuttle(f: &mut fmt::Formatter<'_>, record: Shuttle) -> fmt::Result {
    match record.last_step() {
        Some((from, to)) => write!(f, "{from}-{to}:{}", record.count()),
        None => f.write_char('-'),
    }
}

/// A text diagram: the board with row and file names, then the pools and credits.
fn diagram(pos: &Position) -> String {
    let mut out = String::new();
    for row in (0..5u8).rev() {
        let _ = write!(out, "{} ", row + 1);
        for file in 0..5u8 {
            let hole = Hole::from_bit(u32::from(row * 5 + file));
            out.push(' ');
            out.push(match pos.at(hole) {
                Some(side) => archer_char(side, pos.is_marked(hole)),
                None => '.',
            });
        }
        out.push('\n');
    }
    out.push_str("   a b c d e\n");
    let [black, white] = Side::BOTH.map(Position::side_name);
    let _ = writeln!(
        out,
        "waiting to return: {black} {}, {white} {}; credits: {black} {}, {white} {}",
        pos.pool[0], pos.pool[1], pos.credits[0], pos.credits[1]
    );
    out
}

impl TextGame for Position {
    type Setup = Setup;
    type SetupError = SetupError;
    type MoveError = MoveError;
    type TextError = TextError;

    const ABOUT: &'static str =
        "Jarmo and Jasir: archers on a 25-hole board (moves like c1-d3, c1xd3, @b1)";
    const NOTATION: &'static [(&'static str, &'static str)] = &[
        ("c1-d3", "step from c1 to the empty hole d3"),
        ("c1xd3", "step from c1 capturing on d3"),
        (
            "d4-b5/b1",
            "step onto the goal row that returns an archer to b1",
        ),
        ("@b1", "drop an archer from the reserve on b1"),
        ("pass", "pass, where the rules allow it"),
    ];

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_move(self, text)
    }

    fn move_to_string(&self, mv: Move) -> String {
        self.notation(mv).to_string()
    }

    fn diagram(&self) -> String {
        diagram(self)
    }

    fn from_setup(setup: Setup, rules: Rules) -> Result<Position, SetupError> {
        validate(setup, rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Holes;

    #[test]
    fn the_start_text_round_trips_through_the_setup() {
        let start = "wwwww/5/5/5/bbbbb b 0/0 0/0 0 - -";
        let setup: Setup = start.parse().unwrap();
        assert_eq!(setup.to_string(), start);
        assert_eq!(setup.at("c1".parse().unwrap()), Some(Side::First));
        assert_eq!(setup.archers[Side::Second], Holes::goal_row(Side::First));
        let pos = Position::from_setup(setup, Rules::JARMO).unwrap();
        assert_eq!(pos, Position::new(Rules::JARMO));
        assert_eq!(pos.to_string(), start);
        assert!(pos.diagram().starts_with("5  w w w w w\n"));
    }

    #[test]
    fn the_default_setup_is_the_empty_board_and_the_default_position_the_jarmo_start() {
        let empty = Setup::default();
        assert_eq!(empty.to_string(), "5/5/5/5/5 b 0/0 0/0 0 - -");
        assert_eq!("5/5/5/5/5".parse::<Setup>(), Ok(empty));
        assert!(Hole::ALL.iter().all(|&hole| empty.at(hole).is_none()));
        assert_eq!(Position::default(), Position::new(Rules::JARMO));
    }
}
