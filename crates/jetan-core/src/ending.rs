//! The rules that end a game of Jetan, as [`Ending`]s for statistics over many games.
//!
//! The position does not store why it ended; the reason follows from what it holds. A decided
//! win with the loser's Princess gone was her capture; with the loser's Chief gone, his capture
//! by the enemy Chief (any other captor draws); with both still there, the value rule of the
//! Proposed variant. A decided draw with a Chief gone was that Chief's capture by another piece;
//! otherwise the countdown ran out. A game that ends because the side to move has no legal move
//! has no decided result at all.

use abstract_game::{Ending, Game, Side};

use crate::piece::Kind;
use crate::position::Position;

/// The enemy Princess was captured: the captor's side wins.
pub const PRINCESS_CAPTURED: Ending =
    Ending::new("princess-captured", "the enemy Princess was captured");
/// A Chief was captured by the enemy Chief: the captor's side wins.
pub const CHIEF_TAKEN_BY_CHIEF: Ending =
    Ending::new("chief-by-chief", "a Chief was captured by the enemy Chief");
/// A Chief was captured by a piece other than the enemy Chief: a draw.
pub const CHIEF_TAKEN_DRAW: Ending = Ending::new(
    "chief-lost-draw",
    "a Chief was captured by a piece other than the enemy Chief (draw)",
);
/// Both sides had three pieces or fewer of unequal value and the higher total won (the
/// Proposed variant's rule).
pub const HIGHER_VALUE: Ending = Ending::new(
    "higher-value",
    "three pieces or fewer each, unequal value: the higher total won",
);
/// The equal-value countdown ran out without a win: a draw.
pub const COUNTDOWN: Ending = Ending::new("countdown", "the equal-value countdown ran out (draw)");
/// The side to move had no legal move: a draw.
pub const NO_MOVE: Ending = Ending::new("no-move", "the side to move had no legal move (draw)");

/// Every ending of Jetan, wins first.
pub const ALL: &[Ending] = &[
    PRINCESS_CAPTURED,
    CHIEF_TAKEN_BY_CHIEF,
    HIGHER_VALUE,
    CHIEF_TAKEN_DRAW,
    COUNTDOWN,
    NO_MOVE,
];

impl Position {
    /// Whether `side` still has a piece of `kind`.
    fn holds(&self, side: Side, kind: Kind) -> bool {
        self.by_side[side.index()] & self.by_kind[kind.index()] != 0
    }

    /// The ending of a finished game (see the module docs), `None` while it goes on.
    pub(crate) fn compute_ending(&self) -> Option<Ending> {
        let outcome = self.outcome()?;
        if self.result.is_none() {
            return Some(NO_MOVE);
        }
        Some(match outcome.winner {
            Some(winner) if !self.holds(!winner, Kind::Princess) => PRINCESS_CAPTURED,
            Some(winner) if !self.holds(!winner, Kind::Chief) => CHIEF_TAKEN_BY_CHIEF,
            Some(_) => HIGHER_VALUE,
            None if Side::BOTH.iter().any(|&s| !self.holds(s, Kind::Chief)) => CHIEF_TAKEN_DRAW,
            None => COUNTDOWN,
        })
    }
}
