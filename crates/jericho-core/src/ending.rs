//! The rules that end a game of Jericho, as [`Ending`]s for statistics over many games.

use abstract_game::{Ending, Game};

use crate::position::Position;

/// A player held 7 monoliths or more at the end of his turn and still did after the
/// opponent's: he won.
pub const MONOLITHS: Ending = Ending::new(
    "monoliths",
    "a player kept 7 monoliths or more through the opponent's turn",
);
/// Both players passed in succession without a winner: a draw.
pub const PASSES: Ending = Ending::new("passes", "both players passed in succession (draw)");

/// Every ending of Jericho.
pub const ALL: &[Ending] = &[MONOLITHS, PASSES];

impl Position {
    /// The ending of a finished game, `None` while it goes on.
    pub(crate) fn compute_ending(&self) -> Option<Ending> {
        let outcome = self.outcome()?;
        Some(match outcome.winner {
            Some(_) => MONOLITHS,
            None => PASSES,
        })
    }
}
