//! The rules that end a game of Jarmo or Jasir, as [`Ending`]s for statistics over many games.
//! Whichever rule ends it, the game is then decided by the scores the outcome carries (except a
//! blocked side under [`Blocked::Loses`](crate::Blocked::Loses), which loses whatever they say).

use abstract_game::{Ending, Game, Side};

use crate::position::Position;

/// A side had every archer it still has on the board standing on the enemy's first row.
pub const ARRIVAL: Ending = Ending::by_points(
    "arrival",
    "a side's archers on the board all stood on the enemy's first row",
);
/// Both sides passed in succession.
pub const PASSES: Ending = Ending::by_points("passes", "both sides passed in succession");
/// The side to move had no step or drop and lost (the `Loses` blocked-side rule).
pub const BLOCKED: Ending = Ending::new("blocked", "the side to move had no move and lost");

/// Every ending of Jarmo and Jasir.
pub const ALL: &[Ending] = &[ARRIVAL, PASSES, BLOCKED];

impl Position {
    /// The ending of a finished game, `None` while it goes on.
    pub(crate) fn compute_ending(&self) -> Option<Ending> {
        self.outcome()?;
        Some(if Side::BOTH.iter().any(|&s| self.has_arrived(s)) {
            ARRIVAL
        } else if self.passes >= 2 {
            PASSES
        } else {
            BLOCKED
        })
    }
}
