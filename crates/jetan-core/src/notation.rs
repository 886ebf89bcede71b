//! Move notation: `Pe2-e3`, `Fd1xa4`, `Rf1-f6!`.
//!
//! A move is written `<letter><from><-|x><to>`, with `x` for a capture and a trailing `!` for
//! the Princess's escape. Letters: `P` Panthan, `T` Thoat, `W` Warrior, `A` Padwar, `D` Dwar,
//! `F` Flier, `C` Chief, `R` Princess. Parsing also accepts the bare `e2-e3` form: the two
//! squares always identify the move.

use abstract_game::{Game, Side};

use crate::board::Square;
use crate::piece::Kind;
use crate::position::{Move, MoveList, Position};

/// Why a move text was refused: it is not a move, or not a legal one here. Where one rule of
/// the game forbids the move, the variant names the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not of the form `[letter]<from><-|x><to>[!]`.
    #[error("cannot read {text:?} as a move: {problem}")]
    Syntax {
        /// The text given.
        text: String,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// The game is over (a capture or the material rules decided it, or the side to move has
    /// no legal move): no move is legal, whatever the text.
    #[error("the game is over")]
    GameOver,
    /// No piece stands on the start square.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The piece on the start square belongs to the side not to move.
    #[error(
        "the piece on {square} is {}'s, but it is {} to move",
        Position::side_name(*.owner),
        Position::side_name(!*.owner)
    )]
    NotYourPiece {
        /// The start square.
        square: Square,
        /// The piece's owner.
        owner: Side,
    },
    /// The letter names another kind than the piece on the start square.
    #[error("the piece on {square} is a {actual}, not a {written}")]
    WrongPiece {
        /// The start square.
        square: Square,
        /// The kind the letter names.
        written: Kind,
        /// The kind on the square.
        actual: Kind,
    },
    /// `x` was written for a move to an empty square, or `-` for a capture.
    #[error("{to} is {}: write {}", if *.capture_written { "empty" } else { "occupied by an enemy piece" }, if *.capture_written { "'-'" } else { "'x'" })]
    CaptureMark {
        /// The destination.
        to: Square,
        /// Whether `x` was written.
        capture_written: bool,
    },
    /// `!` was written for a normal move, or left out of an escape.
    #[error("{}", if *.escape_written { "'!' marks the Princess's escape, but this is a normal move" } else { "this is the Princess's escape: mark it with '!'" })]
    EscapeMark {
        /// Whether `!` was written.
        escape_written: bool,
    },
    /// No piece ends its move on a piece of its own side.
    #[error("the {kind} on {from} cannot move to {to}: it holds a friendly piece")]
    OwnPiece {
        /// The moving piece.
        kind: Kind,
        /// The start square.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// The Princess never captures.
    #[error("the Princess on {from} cannot move to {to}: the Princess never captures")]
    PrincessCaptures {
        /// The start square.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// The Princess may not end on a square where an enemy piece could capture her.
    #[error("the Princess on {from} cannot move to {to}: the square is threatened")]
    Threatened {
        /// The start square.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// An escape was written, but the Princess has used hers or the rules have none.
    #[error("the Princess on {from} cannot escape to {to}: her escape is used up or not allowed")]
    NoEscape {
        /// The start square.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// The piece has no path from the start square to the destination now.
    #[error("the {kind} on {from} cannot move to {to}")]
    Illegal {
        /// The moving piece.
        kind: Kind,
        /// The start square.
        from: Square,
        /// The destination.
        to: Square,
    },
}

fn syntax(text: &str, problem: &'static str) -> MoveError {
    MoveError::Syntax {
        text: text.to_owned(),
        problem,
    }
}

/// The parts of a move text.
struct Parsed {
    letter: Option<Kind>,
    from: Square,
    capture: bool,
    to: Square,
    escape: bool,
}

fn split(text: &str) -> Result<Parsed, MoveError> {
    let mut rest = text;
    let mut letter = None;
    if let Some(c) = rest.chars().next().filter(char::is_ascii_uppercase) {
        letter = Some(Kind::from_letter(c).ok_or_else(|| syntax(text, "unknown piece letter"))?);
        rest = &rest[1..];
    } else if let Some(c) = rest.chars().next().filter(char::is_ascii_lowercase) {
        // Orange's letters are lower case in the diagram, so `pe9-e8` is read as `Pe9-e8`.
        // Files share some letters (`a`, `c`, `d`, `f`): a letter is only taken when the text
        // does not start with a square and a square follows the letter.
        let kind = Kind::from_letter(c.to_ascii_uppercase());
        if let Some(kind) = kind.filter(|_| {
            Square::parse_prefix(rest).is_none() && Square::parse_prefix(&rest[1..]).is_some()
        }) {
            letter = Some(kind);
            rest = &rest[1..];
        }
    }
    let (from, n) =
        Square::parse_prefix(rest).ok_or_else(|| syntax(text, "expected a start square"))?;
    rest = &rest[n..];
    let capture = match rest.as_bytes().first() {
        Some(b'-') => false,
        Some(b'x') => true,
        _ => return Err(syntax(text, "expected '-' or 'x' after the start square")),
    };
    rest = &rest[1..];
    let (to, n) =
        Square::parse_prefix(rest).ok_or_else(|| syntax(text, "expected a destination square"))?;
    rest = &rest[n..];
    let escape = match rest {
        "" => false,
        "!" => true,
        _ => return Err(syntax(text, "unexpected text after the destination")),
    };
    Ok(Parsed {
        letter,
        from,
        capture,
        to,
        escape,
    })
}

/// Parses a move in `pos`; only a legal move parses, and none once the game is over.
pub(crate) fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    if pos.outcome().is_some() {
        return Err(MoveError::GameOver);
    }
    let p = split(text.trim())?;
    let piece = pos.at(p.from).ok_or(MoveError::NoPiece(p.from))?;
    if piece.side != pos.to_move {
        return Err(MoveError::NotYourPiece {
            square: p.from,
            owner: piece.side,
        });
    }
    if let Some(written) = p.letter.filter(|&k| k != piece.kind) {
        return Err(MoveError::WrongPiece {
            square: p.from,
            written,
            actual: piece.kind,
        });
    }
    let (from, to) = (p.from, p.to);
    let target = pos.at(to);
    match target {
        Some(t) if t.side == piece.side => {
            return Err(MoveError::OwnPiece {
                kind: piece.kind,
                from,
                to,
            });
        }
        Some(_) if piece.kind == Kind::Princess => {
            return Err(MoveError::PrincessCaptures { from, to });
        }
        _ => {}
    }
    if p.capture != target.is_some() {
        return Err(MoveError::CaptureMark {
            to,
            capture_written: p.capture,
        });
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let Some(&mv) = moves
        .iter()
        .find(|m| (m.origin(), m.target()) == (from, to))
    else {
        return Err(if piece.kind == Kind::Princess && pos.is_threatened(to) {
            MoveError::Threatened { from, to }
        } else if piece.kind == Kind::Princess && p.escape {
            MoveError::NoEscape { from, to }
        } else {
            MoveError::Illegal {
                kind: piece.kind,
                from,
                to,
            }
        });
    };
    if mv.is_escape() != p.escape {
        return Err(MoveError::EscapeMark {
            escape_written: p.escape,
        });
    }
    Ok(mv)
}

/// The canonical notation of `mv` in `pos`, e.g. `Pe2-e3`, `Fd1xa4` or `Rf1-f6!`.
pub(crate) fn move_to_string(pos: &Position, mv: Move) -> String {
    let (from, to) = (mv.origin(), mv.target());
    let letter = pos.at(from).map_or('?', |p| p.kind.letter());
    let sep = if pos.at(to).is_some() { 'x' } else { '-' };
    let bang = if mv.is_escape() { "!" } else { "" };
    format!("{letter}{from}{sep}{to}{bang}")
}
