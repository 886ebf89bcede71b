//! An unchecked position, as parsed from text, and its validation into a [`Position`].

use abstract_game::playout::Rng;
use abstract_game::{BySide, Game, Outcome, Side};

use crate::board::{SQUARES, Square};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::rules::Rules;

/// A raw position: every fact of a [`Position`], not yet checked.
///
/// Its `Display` and `FromStr` are the position text (parsing checks the syntax only);
/// [`TextGame::from_setup`](abstract_game::TextGame::from_setup) checks the facts and makes
/// the [`Position`], and [`TextGame::to_setup`](abstract_game::TextGame::to_setup) gives a
/// position's setup back.
///
/// ```
/// use jetan_core::prelude::*;
/// use jetan_core::{Kind, Piece};
/// let mut setup: Setup = "c9/10/10/10/10/10/10/10/P9/C8r o Rr -".parse()?;
/// assert_eq!(setup.at("a1".parse()?).map(|p| p.kind), Some(Kind::Chief));
/// // Black has no Princess, but Orange is to move: Orange cannot have just captured her.
/// assert!(matches!(
///     Position::from_setup(setup.clone(), Rules::default()),
///     Err(SetupError::RoyalMissingFromWrongSide { kind: Kind::Princess, .. })
/// ));
/// setup.board["j10".parse::<Square>()?.index()] = Some(Piece::new(Side::First, Kind::Princess));
/// let pos = Position::from_setup(setup, Rules::default())?;
/// assert_eq!(pos.to_text(), "c8R/10/10/10/10/10/10/10/P9/C8r o Rr -");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 100],
    /// The side to move.
    pub to_move: Side,
    /// Whether each side's Princess may still escape.
    pub escape_left: BySide<bool>,
    /// Plies left in the equal-material countdown, `None` before it starts.
    pub countdown: Option<u16>,
    /// The result, given only when a Chief or a Princess has been captured (the board does
    /// not tell whether a Chief fell to the enemy Chief or to another piece).
    pub result: Option<Outcome>,
}

/// Why a [`Setup`] is not a legal position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// More pieces of a kind than a side starts with (no rule adds pieces).
    #[error("{side} has {count} {kind} pieces; at most {max} are possible", side = Position::side_name(*.side))]
    TooManyPieces {
        /// Whose pieces.
        side: Side,
        /// Which kind.
        kind: Kind,
        /// How many are on the board.
        count: u32,
        /// How many a side starts with.
        max: u8,
    },
    /// More than one Chief or Princess is missing: the game ends with the first capture.
    #[error("more than one Chief or Princess is missing; the game ends at the first such capture")]
    TooManyRoyalsMissing,
    /// The side not to move lost a Chief or Princess: only the side that just moved can have
    /// captured it.
    #[error("{} has no {kind}, but it is not {} to move: only the last move can have captured it", Position::side_name(*.side), Position::side_name(*.side))]
    RoyalMissingFromWrongSide {
        /// The side without the piece.
        side: Side,
        /// The missing piece.
        kind: Kind,
    },
    /// A Chief is missing and the result (win for its captor, or draw) was not given.
    #[error("{} has no Chief: the result must say whether the enemy Chief took it (win) or another piece (draw)", Position::side_name(*.side))]
    ResultMissing {
        /// The side without a Chief.
        side: Side,
    },
    /// The given result cannot follow from the missing piece.
    #[error("the result does not match the capture of {side} {kind}", side = Position::side_name(*.side))]
    ResultMismatch {
        /// The side without the piece.
        side: Side,
        /// The missing piece.
        kind: Kind,
    },
    /// A result was given although no Chief or Princess has been captured (other results
    /// follow from the position).
    #[error("a result is given but no Chief or Princess has been captured")]
    UnexpectedResult,
    /// The countdown holds more plies than the rules' countdown length.
    #[error("the countdown has {value} plies left, more than the rules' {max}")]
    CountdownTooLong {
        /// Plies left as given.
        value: u16,
        /// The rules' countdown length.
        max: u16,
    },
    /// The countdown is running although a side still has more than three pieces.
    #[error("the countdown is running but a side has more than three pieces")]
    CountdownWithoutFewPieces,
    /// Both sides have three pieces or fewer of equal value, so the countdown must be running.
    #[error("both sides have three pieces or fewer of equal value: the countdown must be running")]
    CountdownNotStarted,
}

impl Setup {
    /// The empty board: no pieces, Black ([`Side::First`]) to move, both escapes available,
    /// the countdown not started, no result. The same as `Setup::default()`.
    pub const fn empty() -> Setup {
        Setup {
            board: [None; SQUARES],
            to_move: Side::First,
            escape_left: BySide::new(true, true),
            countdown: None,
            result: None,
        }
    }

    /// The piece on `sq`, if any.
    pub const fn at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts `piece` on an empty square drawn uniformly by `rng` (drawing again while the
    /// square drawn is taken) and returns that square; `None`, drawing nothing, when the board
    /// is full. For random positions in tests and studies.
    pub fn put_at_random(&mut self, piece: Piece, rng: &mut Rng) -> Option<Square> {
        if self.board.iter().all(Option::is_some) {
            return None;
        }
        loop {
            let index = rng.below(SQUARES as u32) as usize;
            if self.board[index].is_none() {
                self.board[index] = Some(piece);
                return Some(Square::ALL[index]);
            }
        }
    }

    /// Draws the side to move, then each Princess's escape (Black's first), by a coin each.
    pub fn toss_turn_and_escapes(&mut self, rng: &mut Rng) {
        self.to_move = Side::BOTH[rng.below(2) as usize];
        self.escape_left = BySide::new(rng.below(2) == 0, rng.below(2) == 0);
    }

    /// The facts of a position.
    fn of_position(pos: &Position) -> Setup {
        let mut board = [None; SQUARES];
        for sq in Square::ALL {
            board[sq.index()] = pos.at(sq);
        }
        Setup {
            board,
            to_move: pos.to_move,
            escape_left: BySide(pos.escape_left),
            countdown: pos.countdown,
            result: if pos.ended_by_capture() {
                pos.result
            } else {
                None
            },
        }
    }

    /// Checks the facts and builds the position under `rules`.
    pub(crate) fn to_position(&self, rules: Rules) -> Result<Position, SetupError> {
        let mut counts = [[0u32; 8]; 2];
        for p in self.board.iter().flatten() {
            counts[p.side.index()][p.kind.index()] += 1;
        }
        for side in Side::BOTH {
            for kind in Kind::ALL {
                let count = counts[side.index()][kind.index()];
                if count > u32::from(kind.initial_count()) {
                    return Err(SetupError::TooManyPieces {
                        side,
                        kind,
                        count,
                        max: kind.initial_count(),
                    });
                }
            }
        }
        let mut pos = Position::empty(rules, self.to_move);
        for (i, piece) in self.board.iter().enumerate() {
            if let Some(p) = *piece {
                pos.put(i, p);
            }
        }
        let mut missing = None;
        for side in Side::BOTH {
            for kind in [Kind::Princess, Kind::Chief] {
                if counts[side.index()][kind.index()] == 0 {
                    if missing.is_some() {
                        return Err(SetupError::TooManyRoyalsMissing);
                    }
                    missing = Some((side, kind));
                }
            }
        }
        pos.escape_left = self.escape_left.0;
        if let Some(n) = self.countdown {
            if n > rules.countdown {
                return Err(SetupError::CountdownTooLong {
                    value: n,
                    max: rules.countdown,
                });
            }
            if pos.piece_count(Side::First) > 3 || pos.piece_count(Side::Second) > 3 {
                return Err(SetupError::CountdownWithoutFewPieces);
            }
        } else if pos.countdown_condition() {
            return Err(SetupError::CountdownNotStarted);
        }
        pos.countdown = self.countdown;
        pos.result = match missing {
            None => {
                if self.result.is_some() {
                    return Err(SetupError::UnexpectedResult);
                }
                pos.material_result()
            }
            Some((side, kind)) => {
                if side != self.to_move {
                    return Err(SetupError::RoyalMissingFromWrongSide { side, kind });
                }
                let win = Outcome::win(!side);
                match (kind, self.result) {
                    (Kind::Princess, None) => Some(win),
                    (Kind::Princess, Some(r)) if r == win => Some(win),
                    (Kind::Chief, None) => return Err(SetupError::ResultMissing { side }),
                    (Kind::Chief, Some(r)) if r == win || r == Outcome::DRAW => Some(r),
                    _ => return Err(SetupError::ResultMismatch { side, kind }),
                }
            }
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }
}

impl Default for Setup {
    /// The empty board: no pieces, Black ([`Side::First`]) to move, both escapes available,
    /// the countdown not started, no result (see [`Setup::empty`]).
    fn default() -> Setup {
        Setup::empty()
    }
}

impl From<&Position> for Setup {
    /// The setup of `pos`, as [`TextGame::to_setup`](abstract_game::TextGame::to_setup) gives.
    fn from(pos: &Position) -> Setup {
        Setup::of_position(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_setup_is_the_empty_board() {
        let setup = Setup::default();
        assert_eq!(setup, Setup::empty());
        assert!(setup.board.iter().all(Option::is_none));
        assert_eq!(setup.to_move, Side::First);
        assert_eq!(setup.escape_left, BySide::new(true, true));
        assert_eq!((setup.countdown, setup.result), (None, None));
        assert_eq!(setup.to_string(), "10/10/10/10/10/10/10/10/10/10 b Rr -");
    }
}
