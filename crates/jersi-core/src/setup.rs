//! A raw, unchecked position, validated into a [`Position`].

use abstract_game::Side;

use crate::board::Square;
use crate::piece::{Cube, Kind, can_stack};
use crate::position::Position;
use crate::rules::Rules;

/// A position as parsed, not yet checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// `[bottom, top]` of each cell, in the order of [`Square::ALL`]. A lone cube is a bottom.
    #[cfg_attr(feature = "serde", serde(with = "cells_serde"))]
    pub cells: [[Option<Cube>; 2]; 69],
    /// The side to move.
    pub side: Side,
    /// `[side][0 Mountains, 1 Wise men]` in the reserves.
    pub reserve: [[u8; 2]; 2],
    /// Turns left before the no-capture draw.
    pub counter: u16,
    /// The number of the turn to be played, from 1.
    pub turn: u32,
}

/// Why a [`Setup`] is not a legal position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A cell has a top cube but no bottom cube.
    #[error("cell {0} has a top cube but no bottom cube")]
    TopWithoutBottom(Square),
    /// Two cubes that may not share a cell.
    #[error("cell {square}: {top} may not stand on {bottom}")]
    IllegalStack {
        /// The cell.
        square: Square,
        /// The bottom cube.
        bottom: Cube,
        /// The top cube.
        top: Cube,
    },
    /// More cubes of a kind (on the board and in the reserve) than the side owns.
    #[error("{} has {count} cubes of kind {kind:?} but owns at most {max}", side_name(*side))]
    TooMany {
        /// The side.
        side: Side,
        /// The kind.
        kind: Kind,
        /// How many the setup shows.
        count: u8,
        /// How many the rules give.
        max: u8,
    },
    /// Neither King is on the board.
    #[error("neither King is on the board")]
    NoKings,
    /// The no-capture counter is above the limit of the rules.
    #[error("no-capture counter {counter} is above the limit {limit}")]
    CounterAboveLimit {
        /// The counter.
        counter: u16,
        /// The limit (0 when the rule is off).
        limit: u16,
    },
    /// The turn number is 0.
    #[error("the turn number must be at least 1")]
    ZeroTurn,
}

/// "White" or "Black".
fn side_name(side: Side) -> &'static str {
    if side == Side::First {
        "White"
    } else {
        "Black"
    }
}

impl Setup {
    /// The setup of an existing position.
    pub fn from_position(pos: &Position) -> Setup {
        let mut cells = [[None; 2]; 69];
        for (i, sq) in Square::ALL.iter().enumerate() {
            let (b, t) = pos.cubes(*sq);
            cells[i] = [b, t];
        }
        Setup {
            cells,
            side: pos.side,
            reserve: pos.reserve,
            counter: pos.counter,
            turn: pos.turn,
        }
    }

    /// Checks the setup against `rules` and builds the position.
    pub fn into_position(self, rules: Rules) -> Result<Position, SetupError> {
        let mut counts = [[0u8; 7]; 2];
        for (i, cell) in self.cells.iter().enumerate() {
            let square = Square::ALL[i];
            match *cell {
                [None, Some(_)] => return Err(SetupError::TopWithoutBottom(square)),
                [Some(bottom), Some(top)] if !can_stack(bottom, top) => {
                    return Err(SetupError::IllegalStack {
                        square,
                        bottom,
                        top,
                    });
                }
                _ => {}
            }
            for cube in cell.iter().flatten() {
                let c = &mut counts[cube.side.index()][cube.kind.index()];
                *c = c.saturating_add(1);
            }
        }
        for side in Side::BOTH {
            for kind in Kind::ALL {
                let reserve = match kind {
                    Kind::Mountain => self.reserve[side.index()][0],
                    Kind::Wise => self.reserve[side.index()][1],
                    _ => 0,
                };
                let count = counts[side.index()][kind.index()].saturating_add(reserve);
                let max = rules.material(kind);
                if count > max {
                    return Err(SetupError::TooMany {
                        side,
                        kind,
                        count,
                        max,
                    });
                }
            }
        }
        if counts[0][Kind::King.index()] == 0 && counts[1][Kind::King.index()] == 0 {
            return Err(SetupError::NoKings);
        }
        if self.counter > rules.no_capture_limit {
            return Err(SetupError::CounterAboveLimit {
                counter: self.counter,
                limit: rules.no_capture_limit,
            });
        }
        if self.turn == 0 {
            return Err(SetupError::ZeroTurn);
        }
        let mut pos = Position::empty(rules);
        for (i, cell) in self.cells.iter().enumerate() {
            let code = |c: Option<Cube>| c.map_or(0, Cube::code);
            pos.set_cell(Square::ALL[i].slot(), [code(cell[0]), code(cell[1])]);
        }
        for side in Side::BOTH {
            pos.set_reserve(side, Kind::Mountain, self.reserve[side.index()][0]);
            pos.set_reserve(side, Kind::Wise, self.reserve[side.index()][1]);
        }
        pos.set_counter(self.counter);
        pos.turn = self.turn;
        pos.side = self.side;
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }
}

/// Serde for the 69 cells as a sequence (serde derives stop at arrays of 32).
#[cfg(feature = "serde")]
mod cells_serde {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::piece::Cube;

    type Cells = [[Option<Cube>; 2]; 69];

    pub(super) fn serialize<S: Serializer>(cells: &Cells, s: S) -> Result<S::Ok, S::Error> {
        cells.as_slice().serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Cells, D::Error> {
        let v = Vec::<[Option<Cube>; 2]>::deserialize(d)?;
        let n = v.len();
        v.try_into()
            .map_err(|_| D::Error::custom(format!("expected 69 cells, found {n}")))
    }
}
