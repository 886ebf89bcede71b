//! The move type.

use crate::board::Hole;

/// One whole move of Jarmo or Jasir.
///
/// With the `serde` feature a move is (de)serialised as an enum of holes, each hole as its
/// index (`{"Step":{"from":2,"to":13,"return_to":null}}`, `{"Drop":1}`, `"Pass"`); an index of
/// 25 or more is refused, so no stored move names a hole off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// An archer steps along a line (capturing whatever enemy archer stands on `to`), and a
    /// captured archer of the mover comes back on `return_to` when a return credit is spent.
    Step {
        /// Where the archer stands.
        from: Hole,
        /// Where it arrives.
        to: Hole,
        /// The own-first-row hole where a returning archer is put, if the move spends a credit.
        return_to: Option<Hole>,
    },
    /// Under the `Reserve` return rule: a reserve archer is put on an empty own-first-row hole.
    Drop(Hole),
    /// The side to move has no other legal move.
    Pass,
}

impl Move {
    /// A step without a return.
    pub const fn step(from: Hole, to: Hole) -> Move {
        Move::Step {
            from,
            to,
            return_to: None,
        }
    }

    /// The hole the archer leaves: `Some` for a step, `None` for a drop or a pass.
    pub const fn from(self) -> Option<Hole> {
        match self {
            Move::Step { from, .. } => Some(from),
            Move::Drop(_) | Move::Pass => None,
        }
    }

    /// The hole where the step or the drop lands; `None` for a pass. (An archer brought back
    /// by a step lands on [`return_to`](Move::return_to).)
    pub const fn to(self) -> Option<Hole> {
        match self {
            Move::Step { to, .. } => Some(to),
            Move::Drop(hole) => Some(hole),
            Move::Pass => None,
        }
    }

    /// The hole where a captured archer comes back, for a step that spends a return credit.
    pub const fn return_to(self) -> Option<Hole> {
        match self {
            Move::Step { return_to, .. } => return_to,
            Move::Drop(_) | Move::Pass => None,
        }
    }
}
