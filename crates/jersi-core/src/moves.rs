//! The turn type.

use crate::board::Square;
use crate::piece::Kind;

/// A cube dropped from the reserve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Drop {
    /// [`Kind::Mountain`] or [`Kind::Wise`].
    pub kind: Kind,
    /// Where it lands.
    pub to: Square,
}

impl Drop {
    /// A drop of `kind` on `to`.
    pub const fn new(kind: Kind, to: Square) -> Drop {
        Drop { kind, to }
    }
}

/// One whole turn.
///
/// Captures are not stored: they follow from the position. `relocate` is where the turn puts
/// back an enemy King it captured; it is `None` when no King was captured or when no cell of the
/// King's home row could take it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// A cube step `from-to`; if it built a stack, optionally that stack's step `=stack_to`.
    Cube {
        /// The cell whose top cube moves.
        from: Square,
        /// Where the cube lands.
        to: Square,
        /// The destination of the stack it built, if the stack moved too.
        stack_to: Option<Square>,
        /// Where a captured enemy King is put back.
        relocate: Option<Square>,
    },
    /// A stack step `from=to` (1 or 2 cells in a line), optionally followed by its top cube's
    /// step `-cube_to`.
    Stack {
        /// The cell the stack leaves.
        from: Square,
        /// Where the stack lands.
        to: Square,
        /// Where the top cube then steps, if it does.
        cube_to: Option<Square>,
        /// Where a captured enemy King is put back.
        relocate: Option<Square>,
    },
    /// One or two drops from the reserve. For two drops on different cells `first` is on the
    /// lower cell (in the order of [`Square::ALL`]); on one cell `first` is the bottom cube.
    /// [`Move::drops`] builds this order from drops given in any order; a drop turn in the
    /// other order is not among the legal turns.
    Drop {
        /// The first drop.
        first: Drop,
        /// The optional second drop.
        second: Option<Drop>,
    },
}

impl Move {
    /// The cube turn `from-to`, then the built stack's step to `stack_to` if given, with no
    /// King relocation (see [`Move::Cube`]).
    pub const fn cube(from: Square, to: Square, stack_to: Option<Square>) -> Move {
        Move::Cube {
            from,
            to,
            stack_to,
            relocate: None,
        }
    }

    /// The stack turn `from=to`, then its top cube's step to `cube_to` if given, with no King
    /// relocation (see [`Move::Stack`]).
    pub const fn stack(from: Square, to: Square, cube_to: Option<Square>) -> Move {
        Move::Stack {
            from,
            to,
            cube_to,
            relocate: None,
        }
    }

    /// The cell the turn starts from: the origin of its first step (`b8` of `b8-b7=d8`),
    /// `None` for a drop turn.
    ///
    /// ```
    /// use jersi_core::prelude::*;
    /// let pos = Position::new(Rules::default());
    /// let mv = pos.parse_move("b8-b7=d8").unwrap();
    /// assert_eq!(mv.from(), Square::from_name("b8"));
    /// assert_eq!(mv.to(), Square::from_name("d8"));
    /// let drop = pos.parse_move("M:e4/W:e5").unwrap();
    /// assert_eq!((drop.from(), drop.to()), (None, Square::from_name("e5")));
    /// ```
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Cube { from, .. } | Move::Stack { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// Where the turn's last action lands, always `Some`: the destination of the second step
    /// if there is one, else of the first (`d8` of `b8-b7=d8`, `b7` of `b8-b7`); for a drop
    /// turn the cell of the last drop (in the order of [`Move::Drop`]). A King relocation is
    /// not an action of the mover's units and is left out (see [`Move::relocation`]).
    pub const fn to(self) -> Option<Square> {
        Some(self.last_to())
    }

    /// [`Move::to`] without the `Option`.
    pub(crate) const fn last_to(self) -> Square {
        match self {
            Move::Cube {
                to, stack_to: next, ..
            }
            | Move::Stack {
                to, cube_to: next, ..
            } => match next {
                Some(sq) => sq,
                None => to,
            },
            Move::Drop { first, second } => match second {
                Some(d) => d.to,
                None => first.to,
            },
        }
    }

    /// The cell where the first action lands: the first step's destination, or the first
    /// drop's cell.
    pub const fn first_to(self) -> Square {
        match self {
            Move::Cube { to, .. } | Move::Stack { to, .. } => to,
            Move::Drop { first, .. } => first.to,
        }
    }

    /// The King relocation of the turn, if any.
    pub const fn relocation(self) -> Option<Square> {
        match self {
            Move::Cube { relocate, .. } | Move::Stack { relocate, .. } => relocate,
            Move::Drop { .. } => None,
        }
    }

    /// The same turn with its King relocation replaced.
    pub(crate) const fn with_relocation(mut self, cell: Option<Square>) -> Move {
        if let Move::Cube { relocate, .. } | Move::Stack { relocate, .. } = &mut self {
            *relocate = cell;
        }
        self
    }

    /// The drop turn of `first`, then optionally `second`, in the canonical order that
    /// [`Move::Drop`] requires: two drops on different cells are one turn whatever their order,
    /// so the one on the lower cell comes first. Two drops on one cell keep their order (the
    /// first is the bottom cube).
    ///
    /// ```
    /// use jersi_core::{Drop, Kind, Move, Square};
    /// let e5 = Square::from_name("e5").unwrap();
    /// let e6 = Square::from_name("e6").unwrap();
    /// let (m, w) = (Drop::new(Kind::Mountain, e6), Drop::new(Kind::Wise, e5));
    /// assert_eq!(Move::drops(m, Some(w)), Move::drops(w, Some(m)));
    /// assert_eq!(Move::drops(m, Some(w)), Move::Drop { first: w, second: Some(m) });
    /// ```
    pub const fn drops(first: Drop, second: Option<Drop>) -> Move {
        match second {
            Some(s) if s.to.index() < first.to.index() => Move::Drop {
                first: s,
                second: Some(first),
            },
            _ => Move::Drop { first, second },
        }
    }

    /// Whether the turn is a drop.
    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }
}
