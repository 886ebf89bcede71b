//! The rules that end a game of Jersi, as [`Ending`]s for statistics over many games, in the
//! order the rules check them.

use abstract_game::{Ending, Game};

use crate::piece::Kind;
use crate::position::{HOME_ROWS, Position};

/// A King was captured and could not be relocated: its owner lost.
pub const KING_LOST: Ending = Ending::new(
    "king-lost",
    "a captured King could not be relocated: its owner lost",
);
/// A King ended a turn on the enemy's home row: its owner won.
pub const KING_ARRIVAL: Ending = Ending::new("king-arrival", "a King reached the enemy's home row");
/// The no-capture counter reached 0: a draw.
pub const NO_CAPTURE_LIMIT: Ending = Ending::new(
    "no-capture-limit",
    "the turns without a capture ran out (draw)",
);
/// The side to move had no legal turn: it lost.
pub const NO_MOVE: Ending = Ending::new("no-move", "the side to move had no legal turn and lost");

/// Every ending of Jersi, in the order the rules check them.
pub const ALL: &[Ending] = &[KING_LOST, KING_ARRIVAL, NO_CAPTURE_LIMIT, NO_MOVE];

impl Position {
    /// The ending of a finished game, `None` while it goes on.
    pub(crate) fn compute_ending(&self) -> Option<Ending> {
        let outcome = self.outcome()?;
        let kings = self.kinds[Kind::King.index()];
        let king_of = |side: abstract_game::Side| kings & self.units[side.index()];
        let sides = abstract_game::Side::BOTH;
        Some(if sides.iter().any(|&s| king_of(s) == 0) {
            KING_LOST
        } else if sides
            .iter()
            .any(|&s| king_of(s) & HOME_ROWS[(!s).index()] != 0)
        {
            KING_ARRIVAL
        } else if outcome.winner.is_none() {
            NO_CAPTURE_LIMIT
        } else {
            NO_MOVE
        })
    }
}
