//! The move type.

use crate::board::Hole;

/// One whole move of Jarmo or Jasir.
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

    /// The hole where the move's step or drop ends; `None` for a pass.
    pub const fn destination(self) -> Option<Hole> {
        match self {
            Move::Step { to, .. } => Some(to),
            Move::Drop(hole) => Some(hole),
            Move::Pass => None,
        }
    }
}
