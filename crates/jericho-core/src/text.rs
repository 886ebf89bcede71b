//! The position text and the board diagram.
//!
//! A position is one line of seven space-separated fields:
//!
//! ```text
//! <towers> <South stock> <North stock> <to move> <last placement> <earlier counts> <passes>
//! ```
//!
//! * towers: `-` for an empty board, otherwise `square=pieces` entries joined by commas, pieces
//!   bottom first, e.g. `c2=3b5a,e4=1c`;
//! * stocks: `*` for a full stock, `-` for an empty one, otherwise a size digit followed by the
//!   colours held in that size, e.g. `1abde3c5abcde`;
//! * to move: `S` or `N`;
//! * last placement: the opponent's placement of the last turn, e.g. `5a@c2`, or `-`;
//! * earlier counts: both monolith counts as they stood before the last turn (at the end of the
//!   previous turn of the side to move), `South/North`;
//! * passes: passes in a row that ended the last turns, `0`, `1` or `2`.
//!
//! ```
//! use abstract_game::{Game, TextGame};
//! use jericho_core::{Position, Rules};
//! let start = Position::new(Rules::default());
//! assert_eq!(start.to_text(), "- * * S - 0/0 0");
//! let mut pos = start.clone();
//! pos.play_line("3b@c2 5a@c2").unwrap();
//! assert_eq!(pos.to_text(), "c2=3b5a 1abcde2abcde3acde4abcde5abcde 1abcde2abcde3abcde4abcde5bcde S 5a@c2 0/0 0");
//! assert_eq!(Position::from_text(&pos.to_text(), Rules::default()).unwrap(), pos);
//! ```

use core::fmt::Write as _;

use abstract_game::{Game, Side, TextGame};

use crate::board::{Alignment, Square};
use crate::notation::{MoveError, parse_piece};
use crate::piece::{Piece, PieceSet};
use crate::position::{Move, Position};
use crate::rules::Rules;
use crate::setup::{Setup, SetupError};

/// Why a position text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
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
    /// Unknown square name.
    #[error("no square `{name}` (files a..g, ranks 1..4; d2 and d3 do not exist)")]
    UnknownSquare {
        /// The name.
        name: String,
    },
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
    /// The earlier counts are malformed.
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

fn stock_text(set: PieceSet) -> String {
    if set == PieceSet::FULL {
        return "*".into();
    }
    if set.is_empty() {
        return "-".into();
    }
    let mut out = String::new();
    for size in 1..=5u8 {
        let mut started = false;
        for p in set.iter().filter(|p| p.size() == size) {
            if !started {
                out.push((b'0' + size) as char);
                started = true;
            }
            out.push(p.colour().char());
        }
    }
    out
}

fn parse_stock(text: &str, side: Side) -> Result<PieceSet, PositionError> {
    let bad = |problem| PositionError::BadStock {
        side: Position::SIDE_NAMES[side.index()],
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
            let piece = Piece::new(size, colour).ok_or(bad("sizes are 1..5"))?;
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

/// Reads a position text into an unchecked [`Setup`].
pub fn parse_setup(text: &str) -> Result<Setup, PositionError> {
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != 7 {
        return Err(PositionError::FieldCount {
            found: fields.len(),
        });
    }
    let mut setup = Setup::empty();
    let mut seen = 0u32;
    if fields[0] != "-" {
        for entry in fields[0].split(',') {
            let (name, pieces) =
                entry
                    .split_once('=')
                    .ok_or_else(|| PositionError::TowerEntry {
                        entry: entry.to_owned(),
                    })?;
            let square = Square::from_name(name).ok_or_else(|| PositionError::UnknownSquare {
                name: name.to_owned(),
            })?;
            if seen & square.bit() != 0 {
                return Err(PositionError::DuplicateSquare { square });
            }
            seen |= square.bit();
            let bad = || PositionError::BadTower {
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
    setup.stocks = [
        parse_stock(fields[1], Side::First)?,
        parse_stock(fields[2], Side::Second)?,
    ];
    setup.turn = match fields[3] {
        "S" => Side::First,
        "N" => Side::Second,
        other => {
            return Err(PositionError::BadTurn {
                text: other.to_owned(),
            });
        }
    };
    setup.last = match fields[4] {
        "-" => None,
        other => match crate::notation::parse_syntax(other) {
            Ok(Move::Place { piece, square }) => Some((piece, square)),
            _ => {
                return Err(PositionError::BadLast {
                    text: other.to_owned(),
                });
            }
        },
    };
    let bad_counts = || PositionError::BadCounts {
        text: fields[5].to_owned(),
    };
    let (south, north) = fields[5].split_once('/').ok_or_else(bad_counts)?;
    let count = |t: &str| {
        if t.is_empty() || t.len() > 2 || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad_counts());
        }
        t.parse::<u8>().map_err(|_| bad_counts())
    };
    setup.earlier = [count(south)?, count(north)?];
    setup.passes = match fields[6] {
        "0" => 0,
        "1" => 1,
        "2" => 2,
        other => {
            return Err(PositionError::BadPasses {
                text: other.to_owned(),
            });
        }
    };
    Ok(setup)
}

/// Writes a [`Setup`] as position text.
pub fn setup_text(setup: &Setup) -> String {
    let mut towers = String::new();
    for square in Square::ALL {
        let pieces = &setup.towers[square.index()];
        if pieces.is_empty() {
            continue;
        }
        if !towers.is_empty() {
            towers.push(',');
        }
        let _ = write!(towers, "{square}=");
        for p in pieces {
            let _ = write!(towers, "{p}");
        }
    }
    if towers.is_empty() {
        towers.push('-');
    }
    let last = match setup.last {
        Some((piece, square)) => format!("{piece}@{square}"),
        None => "-".into(),
    };
    format!(
        "{towers} {} {} {} {last} {}/{} {}",
        stock_text(setup.stocks[0]),
        stock_text(setup.stocks[1]),
        if setup.turn == Side::First { "S" } else { "N" },
        setup.earlier[0],
        setup.earlier[1],
        setup.passes
    )
}

impl TextGame for Position {
    type MoveError = MoveError;
    type PositionError = PositionError;

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_legal_move(text)
    }

    fn move_to_string(&self, mv: Move) -> String {
        mv.to_string()
    }

    fn to_text(&self) -> String {
        setup_text(&self.to_setup())
    }

    fn from_text(text: &str, rules: Rules) -> Result<Position, PositionError> {
        Ok(parse_setup(text)?.validate(rules)?)
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
                let cell = match Square::at(x, y) {
                    Some(sq) => self.tower(sq).to_string(),
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
            let names: Vec<&str> = Alignment::ALL
                .iter()
                .filter(|&&a| self.leader(a) == Some(side))
                .map(|a| a.name())
                .collect();
            let _ = writeln!(
                out,
                "{} monoliths: {} [{}] (before the last turn: {}); stock: {}",
                Position::SIDE_NAMES[side.index()],
                self.monoliths(side),
                names.join(" "),
                self.earlier_monoliths(side),
                stock_text(self.stock(side)),
            );
        }
        let last = match self.last_placement() {
            Some(l) => format!("{}@{} (level {})", l.piece, l.square, l.level),
            None => "-".into(),
        };
        let status = match self.outcome() {
            Some(o) => match o.winner {
                Some(side) => format!("game over: {} wins", Position::SIDE_NAMES[side.index()]),
                None => "game over: draw".into(),
            },
            None => format!(
                "{} to move",
                Position::SIDE_NAMES[self.side_to_move().index()]
            ),
        };
        let _ = writeln!(
            out,
            "{status}; last placement: {last}; passes in a row: {}",
            self.passes()
        );
        out
    }
}
