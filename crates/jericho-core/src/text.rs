//! The position text (the `Display`/`FromStr` of [`Setup`]) and the board diagram; the format
//! is described in the crate documentation.

use core::fmt::{self, Write as _};
use core::str::FromStr;

use abstract_game::{BySide, Game, ParseCellError, Side, TextGame};

use crate::board::{Alignment, Square, Squares};
use crate::notation::{MoveError, parse_piece, parse_syntax};
use crate::piece::{Piece, PieceSet};
use crate::position::{Move, Position};
use crate::rules::Rules;
use crate::setup::{Setup, SetupError};

/// Why a position text was refused: its syntax, or (as [`TextError::Setup`]) a well-formed text
/// describing an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// Not seven fields.
    #[error("expected 7 space-separated fields, found {found}")]
    FieldCount {
        /// Fields found.
        found: usize,
    },
    /// A tower entry is not `square=pieces`.
    #[error("tower entry `{entry}` is not of the form `square=pieces` (e.g. `c2=3b5a`)")]
    TowerEntry {
        /// The entry.
        entry: String,
    },
    /// A tower entry names no square (files `a`..`g`, ranks `1`..`4`; `d2` and `d3` do not
    /// exist).
    #[error("{0}")]
    Cell(#[from] ParseCellError),
    /// The same square appears twice.
    #[error("square {square} is listed twice")]
    DuplicateSquare {
        /// The square.
        square: Square,
    },
    /// A tower lists a bad piece.
    #[error("the tower on {square}: `{text}` is not a list of pieces like `3b5a`")]
    BadTower {
        /// The square.
        square: Square,
        /// The pieces text.
        text: String,
    },
    /// A stock field is malformed.
    #[error("{side} stock `{text}`: {problem}")]
    BadStock {
        /// South or North.
        side: &'static str,
        /// The field.
        text: String,
        /// What is wrong.
        problem: &'static str,
    },
    /// The side to move is not `S` or `N`.
    #[error("side to move `{text}` must be `S` or `N`")]
    BadTurn {
        /// The field.
        text: String,
    },
    /// The last placement field is malformed.
    #[error("last placement `{text}` must be `-` or like `3b@c2`")]
    BadLast {
        /// The field.
        text: String,
    },
    /// The monolith counts before the last turn are malformed.
    #[error("monolith counts `{text}` must be two numbers 0..13 like `3/2`")]
    BadCounts {
        /// The field.
        text: String,
    },
    /// The pass count is malformed.
    #[error("pass count `{text}` must be 0, 1 or 2")]
    BadPasses {
        /// The field.
        text: String,
    },
    /// Well formed but inconsistent.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Writes a stock: `*` when full, `-` when empty, otherwise sizes each followed by colours.
fn write_stock(out: &mut impl fmt::Write, set: PieceSet) -> fmt::Result {
    if set == PieceSet::FULL {
        return out.write_char('*');
    }
    if set.is_empty() {
        return out.write_char('-');
    }
    for size in 1..=5u8 {
        let mut started = false;
        for p in set.iter().filter(|p| p.size() == size) {
            if !started {
                out.write_char((b'0' + size) as char)?;
                started = true;
            }
            out.write_char(p.colour().char())?;
        }
    }
    Ok(())
}

fn parse_stock(text: &str, side: Side) -> Result<PieceSet, TextError> {
    let bad = |problem| TextError::BadStock {
        side: Position::side_name(side),
        text: text.to_owned(),
        problem,
    };
    match text {
        "*" => return Ok(PieceSet::FULL),
        "-" => return Ok(PieceSet::EMPTY),
        _ => {}
    }
    let mut set = PieceSet::EMPTY;
    let mut size = None;
    let mut letters_since_size = true;
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            if !(1..=5).contains(&d) {
                return Err(bad("sizes are 1..5"));
            }
            if !letters_since_size {
                return Err(bad("a size lists no colours"));
            }
            size = Some(d as u8);
            letters_since_size = false;
        } else {
            let colour = crate::Colour::from_char(c).ok_or(bad("colours are a..e"))?;
            let size = size.ok_or(bad("a colour comes before any size"))?;
            let piece = Piece::from_size_colour(size, colour).ok_or(bad("sizes are 1..5"))?;
            if set.contains(piece) {
                return Err(bad("a piece is listed twice"));
            }
            set = set.with(piece);
            letters_since_size = true;
        }
    }
    if !letters_since_size {
        return Err(bad("a size lists no colours"));
    }
    Ok(set)
}

/// Reads a position text into an unchecked [`Setup`] (the syntax only).
fn parse_setup(text: &str) -> Result<Setup, TextError> {
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != 7 {
        return Err(TextError::FieldCount {
            found: fields.len(),
        });
    }
    let mut setup = Setup::default();
    let mut seen = Squares::EMPTY;
    if fields[0] != "-" {
        for entry in fields[0].split(',') {
            let (name, pieces) = entry.split_once('=').ok_or_else(|| TextError::TowerEntry {
                entry: entry.to_owned(),
            })?;
            let square: Square = name.parse()?;
            if seen.contains(square) {
                return Err(TextError::DuplicateSquare { square });
            }
            seen = seen.with(square);
            let bad = || TextError::BadTower {
                square,
                text: pieces.to_owned(),
            };
            if pieces.is_empty() || !pieces.is_ascii() || pieces.len() % 2 != 0 {
                return Err(bad());
            }
            let tower = &mut setup.towers[square.index()];
            for i in (0..pieces.len()).step_by(2) {
                tower.push(parse_piece(&pieces[i..i + 2]).map_err(|_| bad())?);
            }
        }
    }
    setup.stocks = BySide::new(
        parse_stock(fields[1], Side::First)?,
        parse_stock(fields[2], Side::Second)?,
    );
    setup.to_move = match fields[3] {
        "S" => Side::First,
        "N" => Side::Second,
        other => {
            return Err(TextError::BadTurn {
                text: other.to_owned(),
            });
        }
    };
    setup.last = match fields[4] {
        "-" => None,
        other => match parse_syntax(other) {
            Ok(Move::Place { piece, square }) => Some((piece, square)),
            _ => {
                return Err(TextError::BadLast {
                    text: other.to_owned(),
                });
            }
        },
    };
    let bad_counts = || TextError::BadCounts {
        text: fields[5].to_owned(),
    };
    let (south, north) = fields[5].split_once('/').ok_or_else(bad_counts)?;
    let count = |t: &str| {
        if t.is_empty() || t.len() > 2 || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad_counts());
        }
        t.parse::<u8>().map_err(|_| bad_counts())
    };
    setup.monoliths_before = BySide::new(count(south)?, count(north)?);
    setup.passes = match fields[6] {
        "0" => 0,
        "1" => 1,
        "2" => 2,
        other => {
            return Err(TextError::BadPasses {
                text: other.to_owned(),
            });
        }
    };
    Ok(setup)
}

/// Writes a [`Setup`] as position text.
fn write_setup(out: &mut impl fmt::Write, setup: &Setup) -> fmt::Result {
    let mut any = false;
    for square in Square::ALL {
        let pieces = setup.at(square);
        if pieces.is_empty() {
            continue;
        }
        if any {
            out.write_char(',')?;
        }
        any = true;
        write!(out, "{square}=")?;
        for p in pieces {
            write!(out, "{p}")?;
        }
    }
    if !any {
        out.write_char('-')?;
    }
    out.write_char(' ')?;
    write_stock(out, setup.stocks[Side::First])?;
    out.write_char(' ')?;
    write_stock(out, setup.stocks[Side::Second])?;
    out.write_str(if setup.to_move == Side::First {
        " S "
    } else {
        " N "
    })?;
    match setup.last {
        Some((piece, square)) => write!(out, "{piece}@{square}")?,
        None => out.write_char('-')?,
    }
    write!(
        out,
        " {}/{} {}",
        setup.monoliths_before[Side::First],
        setup.monoliths_before[Side::Second],
        setup.passes
    )
}

impl fmt::Display for Setup {
    /// Writes the position text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_setup(f, self)
    }
}

impl FromStr for Setup {
    type Err = TextError;

    /// Reads a position text, checking its syntax only: validate the result with
    /// [`TextGame::from_setup`].
    fn from_str(text: &str) -> Result<Setup, TextError> {
        parse_setup(text)
    }
}

impl TextGame for Position {
    type Setup = Setup;
    type SetupError = SetupError;
    type MoveError = MoveError;
    type TextError = TextError;

    const ABOUT: &'static str = "Jericho: towers placed on a line network (moves like 3b@c2, pass)";
    const NOTATION: &'static [(&'static str, &'static str)] = &[
        ("3b@c2", "place the black piece of size 3 on c2"),
        ("pass", "pass"),
    ];

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = parse_syntax(text)?;
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        self.check_move(mv).map_err(|reason| MoveError::Illegal {
            text: text.to_owned(),
            reason,
        })?;
        Ok(mv)
    }

    fn move_to_string(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn diagram(&self) -> String {
        const CELL: usize = 10;
        let mut out = String::new();
        out.push_str("    ");
        for file in ['a', 'b', 'c', 'd', 'e', 'f', 'g'] {
            let _ = write!(out, "{file:<CELL$}");
        }
        out = out.trim_end().to_owned();
        out.push('\n');
        for (rank, y) in [(4, 2), (3, 1), (2, -1), (1, -2)] {
            if rank == 2 {
                let _ = writeln!(out, "    {}", "-".repeat(CELL * 6 + 2));
            }
            let mut line = format!("{rank}   ");
            for x in -3..=3 {
                let cell = match Square::from_coords(x, y) {
                    Some(sq) => self.at(sq).to_string(),
                    None => String::new(),
                };
                let _ = write!(line, "{cell:<CELL$}");
            }
            let mut line = line.trim_end().to_owned();
            if rank == 4 {
                line.push_str("   North");
            } else if rank == 1 {
                line.push_str("   South");
            }
            out.push_str(&line);
            out.push('\n');
        }
        for side in Side::BOTH {
            let mut stock = String::new();
            let _ = write_stock(&mut stock, self.stock(side));
            let names: Vec<&str> = Alignment::ALL
                .iter()
                .filter(|&&a| self.leader(a) == Some(side))
                .map(|a| a.name())
                .collect();
            let _ = writeln!(
                out,
                "{} monoliths: {} [{}] (before the last turn: {}); stock: {}",
                Position::side_name(side),
                self.monoliths(side),
                names.join(" "),
                self.earlier_monoliths(side),
                stock,
            );
        }
        let last = match self.last_placement() {
            Some(l) => format!("{}@{} (level {})", l.piece, l.square, l.level),
            None => "-".into(),
        };
        let _ = writeln!(
            out,
            "last placement: {last}; passes in a row: {}",
            self.passes()
        );
        out
    }

    fn from_setup(setup: Setup, rules: Rules) -> Result<Position, SetupError> {
        setup.build(rules)
    }
}
