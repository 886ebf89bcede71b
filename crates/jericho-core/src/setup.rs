//! A raw, unchecked position ([`Setup`]) and its validation into a [`Position`].

use abstract_game::{BySide, Game, Side};

use crate::board::{Square, Squares};
use crate::piece::{Piece, PieceSet, Tower};
use crate::position::{NO_SQUARE, Position};
use crate::rules::Rules;

/// Everything a position text says, unchecked: its `Display` writes the position text and its
/// `FromStr` reads it (checking the syntax only); [`TextGame::from_setup`] checks the rest and
/// builds the [`Position`].
///
/// ```
/// use jericho_core::prelude::*;
/// let setup: Setup = "c2=3b * * N - 0/0 0".parse().unwrap();
/// assert_eq!(setup.at("c2".parse().unwrap()).len(), 1);
/// assert_eq!(setup.to_move, Side::Second);
/// // South's stock is full although a 3b is on the board: three copies of 3b.
/// assert!(matches!(
///     Position::from_setup(setup, Rules::default()),
///     Err(SetupError::PieceCount { count: 3, .. })
/// ));
/// // The start: the empty board, both stocks full.
/// let start = Position::default().to_setup();
/// assert_eq!(start.to_string(), "- * * S - 0/0 0");
/// assert_eq!(Position::from_setup(start.clone(), Rules::default()).unwrap().to_setup(), start);
/// // The default setup holds no piece at all, so it is no position.
/// assert_eq!(Setup::default().to_string(), "- - - S - 0/0 0");
/// assert!(Position::from_setup(Setup::default(), Rules::default()).is_err());
/// ```
///
/// [`TextGame::from_setup`]: abstract_game::TextGame::from_setup
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The pieces on each square (indexed by [`Square::index`]), bottom first.
    pub towers: [Vec<Piece>; 26],
    /// Each side's stock.
    pub stocks: BySide<PieceSet>,
    /// The side to move.
    pub to_move: Side,
    /// The opponent's placement of the last turn (piece and square), if the last turn was one.
    pub last: Option<(Piece, Square)>,
    /// Each side's monolith count as it stood before the last turn (at the end of the previous
    /// turn of the side to move). The side to move has won when this count and its count now
    /// are both 7 or more.
    pub monoliths_before: BySide<u8>,
    /// Passes in a row that ended the last turns (0, 1 or 2).
    pub passes: u8,
}

impl Default for Setup {
    /// The empty board: no piece on it and none in either stock, South to move, no last
    /// placement, no monoliths before, no passes. Not a position as it is (every piece must be
    /// somewhere); the start position's setup is
    /// [`Position::default().to_setup()`](abstract_game::TextGame::to_setup).
    fn default() -> Setup {
        Setup {
            towers: Default::default(),
            stocks: BySide::new(PieceSet::EMPTY, PieceSet::EMPTY),
            to_move: Side::First,
            last: None,
            monoliths_before: BySide::new(0, 0),
            passes: 0,
        }
    }
}

/// Why a [`Setup`] is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A tower has more than four pieces.
    #[error("the tower on {square} has {height} pieces (at most 4)")]
    TowerTooTall {
        /// The square.
        square: Square,
        /// Its height.
        height: usize,
    },
    /// Two pieces of a tower share a size.
    #[error("the tower on {square} has two pieces of size {size}")]
    SizeRepeated {
        /// The square.
        square: Square,
        /// The repeated size.
        size: u8,
    },
    /// Two pieces of a tower share a colour.
    #[error("the tower on {square} has two pieces of colour {colour}")]
    ColourRepeated {
        /// The square.
        square: Square,
        /// The repeated colour letter.
        colour: char,
    },
    /// A stock sets bits that stand for no piece (bit 25 and above).
    #[error("the {side} stock sets bits beyond the 25 pieces ({bits:#x})")]
    StockBits {
        /// The side whose stock it is, as its name.
        side: &'static str,
        /// The stock's stray bits.
        bits: u32,
    },
    /// A piece does not appear exactly twice over the board and both stocks.
    #[error("{piece} appears {count} times on the board and in the stocks (it must be exactly 2)")]
    PieceCount {
        /// The piece.
        piece: Piece,
        /// How many copies were found.
        count: u32,
    },
    /// The last placement's piece is not on top of its square.
    #[error("the last placement {piece}@{square} is not the top of the tower on {square}")]
    LastNotOnTop {
        /// The piece.
        piece: Piece,
        /// The square.
        square: Square,
    },
    /// The side that made the last placement still holds that piece.
    #[error("{side} made the last placement with {piece} but still holds it")]
    LastStillHeld {
        /// The piece.
        piece: Piece,
        /// The side that is not to move, as its name.
        side: &'static str,
    },
    /// A last placement is given although the last turn was a pass.
    #[error("a last placement is given but the last turn was a pass")]
    LastAfterPass,
    /// More than two passes in a row.
    #[error("{passes} passes in a row (at most 2)")]
    TooManyPasses {
        /// The count given.
        passes: u8,
    },
    /// A monolith count above 13, or counts adding up to more than 13.
    #[error("monolith counts {south}/{north} are impossible (13 monoliths in all)")]
    MonolithCounts {
        /// South's count.
        south: u8,
        /// North's count.
        north: u8,
    },
}

impl Setup {
    /// The pieces on `square`, bottom first (unchecked: possibly too many or clashing).
    #[inline]
    pub fn at(&self, square: Square) -> &[Piece] {
        &self.towers[square.index()]
    }

    /// Checks the setup and builds the position under `rules`.
    pub(crate) fn build(&self, rules: Rules) -> Result<Position, SetupError> {
        let mut towers = [Tower::EMPTY; 26];
        let mut occupied = Squares::EMPTY;
        let mut copies = [0u32; 25];
        for square in Square::ALL {
            let pieces = &self.towers[square.index()];
            if pieces.len() > 4 {
                return Err(SetupError::TowerTooTall {
                    square,
                    height: pieces.len(),
                });
            }
            let mut tower = Tower::EMPTY;
            for &p in pieces {
                if tower.has_size(p.size()) {
                    return Err(SetupError::SizeRepeated {
                        square,
                        size: p.size(),
                    });
                }
                if tower.has_colour(p.colour()) {
                    return Err(SetupError::ColourRepeated {
                        square,
                        colour: p.colour().char(),
                    });
                }
                tower = tower.with(p);
                copies[p.index()] += 1;
            }
            if !tower.is_empty() {
                occupied = occupied.with(square);
            }
            towers[square.index()] = tower;
        }
        for side in Side::BOTH {
            let stray = self.stocks[side].0 & !PieceSet::FULL.0;
            if stray != 0 {
                return Err(SetupError::StockBits {
                    side: Position::side_name(side),
                    bits: stray,
                });
            }
            for p in self.stocks[side].iter() {
                copies[p.index()] += 1;
            }
        }
        if let Some(piece) = Piece::ALL.into_iter().find(|p| copies[p.index()] != 2) {
            return Err(SetupError::PieceCount {
                piece,
                count: copies[piece.index()],
            });
        }
        if self.passes > 2 {
            return Err(SetupError::TooManyPasses {
                passes: self.passes,
            });
        }
        let last = match self.last {
            None => NO_SQUARE,
            Some((piece, square)) => {
                if self.passes > 0 {
                    return Err(SetupError::LastAfterPass);
                }
                if towers[square.index()].top() != Some(piece) {
                    return Err(SetupError::LastNotOnTop { piece, square });
                }
                let mover = !self.to_move;
                if self.stocks[mover].contains(piece) {
                    return Err(SetupError::LastStillHeld {
                        piece,
                        side: Position::side_name(mover),
                    });
                }
                square.index() as u8
            }
        };
        let BySide([south, north]) = self.monoliths_before;
        if south > 13 || north > 13 || south + north > 13 {
            return Err(SetupError::MonolithCounts { south, north });
        }
        let mut pos = Position {
            towers,
            occupied,
            stocks: self.stocks.0.map(|set| set.0),
            lead: [0; 2],
            hash: 0,
            rules,
            turn: self.to_move,
            last,
            earlier: self.monoliths_before.0,
            passes: self.passes,
        };
        pos.refresh_leads();
        pos.hash = pos.compute_hash();
        Ok(pos)
    }
}

impl From<&Position> for Setup {
    /// The raw facts of `pos` (what [`to_setup`](abstract_game::TextGame::to_setup) returns).
    fn from(pos: &Position) -> Setup {
        Setup {
            towers: core::array::from_fn(|s| pos.towers[s].pieces().to_vec()),
            stocks: BySide(pos.stocks.map(PieceSet)),
            to_move: pos.turn,
            last: pos.last_placement().map(|l| (l.piece, l.square)),
            monoliths_before: BySide(pos.earlier),
            passes: pos.passes,
        }
    }
}
