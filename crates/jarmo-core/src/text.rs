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

use core::fmt::Write;

use abstract_game::Side;

use crate::board::Hole;
use crate::position::{Position, Shuttle};
use crate::rules::Rules;
use crate::setup::{Setup, SetupError};

/// Why a position text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
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
    /// More than seven fields.
    #[error("unexpected text after the seventh field: {found:?}")]
    TrailingText {
        /// The first extra field.
        found: String,
    },
    /// The text is well formed but not a legal position.
    #[error("not a legal position: {0}")]
    Invalid(#[from] SetupError),
}

impl Setup {
    /// Parses a position text into an unchecked setup.
    pub fn from_text(text: &str) -> Result<Setup, PositionError> {
        let mut fields = text.split_whitespace();
        let board = fields.next().ok_or(PositionError::Empty)?;
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
            let bad = || PositionError::BadField {
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
                3 => setup.pool = parse_pair(value).ok_or_else(bad)?,
                4 => setup.credits = parse_pair(value).ok_or_else(bad)?,
                5 => {
                    setup.passes = value
                        .parse()
                        .ok()
                        .filter(|&n: &u8| n <= 2)
                        .ok_or_else(bad)?
                }
                _ => setup.shuttle[number - 6] = parse_shuttle(value).ok_or_else(bad)?,
            }
        }
        if let Some(extra) = fields.next() {
            return Err(PositionError::TrailingText {
                found: extra.to_string(),
            });
        }
        Ok(setup)
    }

    /// Writes the position text of this setup.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(48);
        for row in (0..5u8).rev() {
            let mut empty = 0;
            for file in 0..5u8 {
                let i = u32::from(row * 5 + file);
                let c = if self.archers[0].contains(i) {
                    'b'
                } else if self.archers[1].contains(i) {
                    'w'
                } else {
                    empty += 1;
                    continue;
                };
                if empty > 0 {
                    let _ = write!(out, "{empty}");
                    empty = 0;
                }
                out.push(if self.marked.contains(i) {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if row > 0 {
                out.push('/');
            }
        }
        let side = if self.to_move == Side::First {
            'b'
        } else {
            'w'
        };
        let _ = write!(
            out,
            " {side} {}/{} {}/{} {}",
            self.pool[0], self.pool[1], self.credits[0], self.credits[1], self.passes
        );
        for record in self.shuttle {
            out.push(' ');
            write_shuttle(&mut out, record);
        }
        out
    }
}

fn parse_board(board: &str, setup: &mut Setup) -> Result<(), PositionError> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 5 {
        return Err(PositionError::RowCount { found: rows.len() });
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
                'b' => (0, false),
                'B' => (0, true),
                'w' => (1, false),
                'W' => (1, true),
                _ => {
                    return Err(PositionError::BadSquare {
                        row: row + 1,
                        found: c,
                    });
                }
            };
            if file >= 5 {
                return Err(PositionError::RowLength {
                    row: row + 1,
                    holes: file + 1,
                });
            }
            let i = u32::from(row) * 5 + file as u32;
            setup.archers[side] = setup.archers[side].with(i);
            if marked {
                setup.marked = setup.marked.with(i);
            }
            file += 1;
        }
        if file != 5 {
            return Err(PositionError::RowLength {
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

fn parse_shuttle(text: &str) -> Option<Shuttle> {
    if text == "-" {
        return Some(Shuttle::default());
    }
    let (from, rest) = Hole::parse_prefix(text)?;
    let rest = rest.strip_prefix('-')?;
    let (to, rest) = Hole::parse_prefix(rest)?;
    let count: u8 = rest.strip_prefix(':')?.parse().ok()?;
    (count > 0).then_some(Shuttle {
        from: from.index() as u8,
        to: to.index() as u8,
        count,
    })
}

fn write_shuttle(out: &mut String, record: Shuttle) {
    match (Hole::new(record.from), Hole::new(record.to)) {
        (Some(from), Some(to)) if record.count > 0 => {
            let _ = write!(out, "{from}-{to}:{}", record.count);
        }
        _ => out.push('-'),
    }
}

impl Position {
    /// Parses and validates a position text under `rules`.
    pub fn from_text(text: &str, rules: Rules) -> Result<Position, PositionError> {
        Ok(Setup::from_text(text)?.validate(rules)?)
    }

    /// The position text.
    pub fn to_text(&self) -> String {
        Setup::from_position(self).to_text()
    }

    /// A text diagram: the board with row and file names, then the pools, credits and side to
    /// move.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for row in (0..5u8).rev() {
            let _ = write!(out, "{} ", row + 1);
            for file in 0..5u8 {
                let i = u32::from(row * 5 + file);
                let c = if self.archers[0].contains(i) {
                    'b'
                } else if self.archers[1].contains(i) {
                    'w'
                } else {
                    '.'
                };
                out.push(' ');
                out.push(if self.marked.contains(i) {
                    c.to_ascii_uppercase()
                } else {
                    c
                });
            }
            out.push('\n');
        }
        out.push_str("   a b c d e\n");
        let _ = writeln!(
            out,
            "waiting to return: Black {}, White {}; credits: Black {}, White {}",
            self.pool[0], self.pool[1], self.credits[0], self.credits[1]
        );
        out
    }
}
