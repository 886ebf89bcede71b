//! The author's move notation, and his two-column game records.
//!
//! * cube step `c3-c4`, stack step `c3=c5`; a second action continues from the first
//!   destination: `c3=c5-b6` (stack then its top cube), `a2-b2=d3` (cube building a stack, then
//!   the stack);
//! * `!` right after the destination of a capturing step, `!!` when it captured the King;
//! * drops `M:c4`, `M:c4/W:c5` (upper case White, lower case Black); two drops on different
//!   cells are written lower cell first (in the order `a1`..`i7`), two on one cell bottom first;
//! * a King relocation is appended: `/K:a2` (White's King) or `/k:i6` (Black's).
//!
//! The parser takes moves with or without the `!` marks (when present they must be right) and
//! two drops in either order.

use abstract_game::{Game, ParseCellError, Side};

use crate::board::Square;
use crate::moves::{Drop, Move};
use crate::piece::{Cube, Kind};
use crate::position::{Captures, Position};
use crate::rules::Rules;

/// Why a move text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Nothing to read.
    #[error("empty move text")]
    Empty,
    /// A cell name that is not on the board.
    #[error("{0}")]
    Cell(#[from] ParseCellError),
    /// The text does not have the shape of a turn.
    #[error("cannot read {text:?} as a turn: {reason}")]
    Malformed {
        /// The text.
        text: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// A drop or relocation letter of the wrong colour.
    #[error("{0:?}: wrong colour (drops are the mover's cubes, relocations the enemy King)")]
    WrongColour(String),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Well formed, but not a legal turn here.
    #[error("{0:?} is not a legal turn in this position")]
    Illegal(String),
    /// The turn captures the enemy King and a relocation cell must be named.
    #[error("{0:?} captures the King: name its relocation cell, e.g. {1:?}")]
    MissingRelocation(String, String),
    /// The capture marks do not match the captures.
    #[error("{given:?}: wrong capture marks, the turn is {expected:?}")]
    WrongMarks {
        /// The text given.
        given: String,
        /// The canonical text.
        expected: String,
    },
}

fn malformed(text: &str, reason: &'static str) -> MoveError {
    MoveError::Malformed {
        text: text.to_string(),
        reason,
    }
}

fn square(name: &str) -> Result<Square, MoveError> {
    name.parse::<Square>().map_err(MoveError::from)
}

/// The canonical notation of `mv`, a legal turn of `pos`.
pub(crate) fn write_move(pos: &Position, mv: Move) -> String {
    let mut out = String::with_capacity(24);
    let mut p = pos.clone();
    // One step of the turn, played on `p`: its separator (`-` for a cube, `=` for a stack), its
    // target and its capture mark (`!`, or `!!` when a King is taken).
    let mut step = |out: &mut String, stack: bool, from: Square, to: Square| {
        let mut caps = Captures::default();
        if stack {
            p.stack_step(from.slot(), to.slot(), &mut caps);
        } else {
            p.cube_step(from.slot(), to.slot(), &mut caps);
        }
        out.push_str(&format!("{}{to}", if stack { '=' } else { '-' }));
        if caps.king {
            out.push_str("!!");
        } else if caps.any {
            out.push('!');
        }
    };
    // A move turn: a first step from `from`, then an optional step of the other kind on.
    let mut turn =
        |out: &mut String, stack_first: bool, from: Square, to: Square, then: Option<Square>| {
            out.push_str(&from.to_string());
            step(out, stack_first, from, to);
            if let Some(next) = then {
                step(out, !stack_first, to, next);
            }
        };
    match mv {
        Move::Cube {
            from, to, stack_to, ..
        } => turn(&mut out, false, from, to, stack_to),
        Move::Stack {
            from, to, cube_to, ..
        } => turn(&mut out, true, from, to, cube_to),
        Move::Drop { first, second } => {
            let side = pos.to_move;
            out.push_str(&format!(
                "{}:{}",
                Cube::new(side, first.kind).letter(),
                first.to
            ));
            if let Some(d) = second {
                out.push_str(&format!("/{}:{}", Cube::new(side, d.kind).letter(), d.to));
            }
        }
    }
    if let Some(r) = mv.relocation() {
        out.push_str(&format!(
            "/{}:{r}",
            Cube::new(!pos.to_move, Kind::King).letter()
        ));
    }
    out
}

/// Reads `letter:cell`, checking the letter's colour is `side` and its kind is allowed.
fn placement(
    part: &str,
    side: Side,
    allowed: &[Kind],
    whole: &str,
) -> Result<(Kind, Square), MoveError> {
    let (letter, cell) = part
        .split_once(':')
        .ok_or_else(|| malformed(whole, "expected a letter, ':' and a cell"))?;
    let mut chars = letter.chars();
    let (Some(ch), None) = (chars.next(), chars.next()) else {
        return Err(malformed(whole, "expected a single letter before ':'"));
    };
    let cube = Cube::from_letter(ch).ok_or_else(|| malformed(whole, "unknown cube letter"))?;
    if !allowed.contains(&cube.kind) {
        return Err(malformed(whole, "unexpected cube letter"));
    }
    if cube.side != side {
        return Err(MoveError::WrongColour(whole.to_string()));
    }
    Ok((cube.kind, square(cell)?))
}

/// Splits `c3=c5!` into the cell, the marks and the rest after the marks.
fn cell_and_marks<'a>(s: &'a str, whole: &str) -> Result<(Square, &'a str, &'a str), MoveError> {
    // A cell is a letter and its digits: `e10` is read whole, to be refused as a cell.
    let letter = s.chars().next().map_or(0, char::len_utf8);
    let digits = s[letter..].bytes().take_while(u8::is_ascii_digit).count();
    if letter != 1 || digits == 0 {
        return Err(malformed(whole, "expected a cell name"));
    }
    let (cell, rest) = s.split_at(1 + digits);
    let sq = square(cell)?;
    let marks_len = rest.len() - rest.trim_start_matches('!').len();
    let (marks, rest) = rest.split_at(marks_len);
    if marks.len() > 2 {
        return Err(malformed(whole, "at most two '!' after a cell"));
    }
    Ok((sq, marks, rest))
}

/// Parses a turn into a move, without checking legality.
fn read_move(pos: &Position, text: &str) -> Result<(Move, bool), MoveError> {
    let side = pos.to_move;
    let parts: Vec<&str> = text.split('/').collect();
    if parts[0].contains(':') {
        if parts.len() > 2 {
            return Err(malformed(text, "at most two drops"));
        }
        let allowed = [Kind::Mountain, Kind::Wise];
        let (k1, c1) = placement(parts[0], side, &allowed, text)?;
        let first = Drop::new(k1, c1);
        let second = match parts.get(1) {
            Some(p) => {
                let (k2, c2) = placement(p, side, &allowed, text)?;
                Some(Drop::new(k2, c2))
            }
            None => None,
        };
        return Ok((Move::drops(first, second), false));
    }
    if parts.len() > 2 {
        return Err(malformed(
            text,
            "a step turn has at most a relocation after '/'",
        ));
    }
    let relocate = match parts.get(1) {
        Some(p) => Some(placement(p, !side, &[Kind::King], text)?.1),
        None => None,
    };
    let body = parts[0];
    let (from, marks0, rest) = cell_and_marks(body, text)?;
    if !marks0.is_empty() {
        return Err(malformed(text, "'!' belongs after a destination"));
    }
    let sep1 = rest
        .chars()
        .next()
        .ok_or_else(|| malformed(text, "expected '-' or '=' after the first cell"))?;
    let (to, marks1, rest) = cell_and_marks(&rest[sep1.len_utf8()..], text)?;
    let mut has_marks = !marks1.is_empty();
    let second = match rest.chars().next() {
        None => None,
        Some(sep2) => {
            let (c, marks2, tail) = cell_and_marks(&rest[sep2.len_utf8()..], text)?;
            if !tail.is_empty() {
                return Err(malformed(text, "unexpected text after the second action"));
            }
            has_marks |= !marks2.is_empty();
            Some((sep2, c))
        }
    };
    let mv = match (sep1, second) {
        ('-', None) => Move::cube(from, to, None),
        ('-', Some(('=', s))) => Move::cube(from, to, Some(s)),
        ('=', None) => Move::stack(from, to, None),
        ('=', Some(('-', c))) => Move::stack(from, to, Some(c)),
        _ => {
            return Err(malformed(
                text,
                "a turn is 'x-y', 'x-y=z', 'x=y' or 'x=y-z' (cube then stack, stack then cube)",
            ));
        }
    };
    Ok((mv.with_relocation(relocate), has_marks))
}

/// Parses a turn in the context of `pos`; only a legal turn parses.
pub(crate) fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MoveError::Empty);
    }
    let (mv, has_marks) = read_move(pos, text)?;
    if pos.status().is_some() {
        return Err(MoveError::GameOver);
    }
    let mut list = crate::movegen::MoveList::new();
    pos.legal_moves(&mut list);
    if !list.contains(&mv) {
        if mv.relocation().is_none() {
            if let Some(&with) = list
                .iter()
                .find(|m| m.relocation().is_some() && m.with_relocation(None) == mv)
            {
                return Err(MoveError::MissingRelocation(
                    text.to_string(),
                    write_move(pos, with),
                ));
            }
        }
        if list.is_empty() {
            return Err(MoveError::GameOver);
        }
        return Err(MoveError::Illegal(text.to_string()));
    }
    if has_marks {
        let expected = write_move(pos, mv);
        if expected != text {
            return Err(MoveError::WrongMarks {
                given: text.to_string(),
                expected,
            });
        }
    }
    Ok(mv)
}

/// Why a game record was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A turn number is missing or out of sequence.
    #[error("line {line}: expected turn number {expected}, found {found:?}")]
    Numbering {
        /// 1-based line number.
        line: usize,
        /// The number that should come next.
        expected: u32,
        /// What was found.
        found: String,
    },
    /// A turn number without a move.
    #[error("line {line}: turn {turn} has no move")]
    MissingMove {
        /// 1-based line number.
        line: usize,
        /// The turn number.
        turn: u32,
    },
    /// A move that does not parse or is not legal.
    #[error("turn {turn} ({text}): {error}")]
    Move {
        /// The turn number.
        turn: u32,
        /// The move text.
        text: String,
        /// Why it was refused.
        error: MoveError,
    },
}

/// Reads the author's two-column record format: each line holds turn numbers, each followed by
/// its move; lines starting with `#` are comments. Returns the move texts in order.
pub fn read_record(text: &str) -> Result<Vec<String>, RecordError> {
    let mut moves = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        let mut tokens = line.split_whitespace();
        while let Some(number) = tokens.next() {
            let expected = moves.len() as u32 + 1;
            if number.parse::<u32>().ok() != Some(expected) {
                return Err(RecordError::Numbering {
                    line: i + 1,
                    expected,
                    found: number.to_string(),
                });
            }
            let mv = tokens.next().ok_or(RecordError::MissingMove {
                line: i + 1,
                turn: expected,
            })?;
            moves.push(mv.to_string());
        }
    }
    Ok(moves)
}

/// Replays a game record from the start position of `rules`: the final position and the
/// turns played.
pub fn replay_record(text: &str, rules: Rules) -> Result<(Position, Vec<Move>), RecordError> {
    let mut pos = Position::start(rules);
    let mut played = Vec::new();
    for (i, mv_text) in read_record(text)?.into_iter().enumerate() {
        let mv = parse_move(&pos, &mv_text).map_err(|error| RecordError::Move {
            turn: i as u32 + 1,
            text: mv_text.clone(),
            error,
        })?;
        pos.play_unchecked(mv);
        played.push(mv);
    }
    Ok((pos, played))
}
