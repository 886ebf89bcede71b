//! Why a session refused what it was asked: one variant per failure, each saying what and
//! where, so that every front end can pass the message on as it is.

use abstract_game::record::RecordError;
use abstract_game::{ImportError, VariantError};
use game_search::SpecError;

/// Why a [`Session`](crate::Session) (or an engine for it) refused something. The session is
/// unchanged after every refusal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// The variant text names no preset, or a switch the game does not have.
    #[error(transparent)]
    Variant(#[from] VariantError),
    /// The position text was refused.
    #[error("position {text:?}: {reason}")]
    Position {
        /// The text as given.
        text: String,
        /// The game's reason.
        reason: String,
    },
    /// A move text does not parse or is not legal where it is played.
    #[error("move {label} {text:?} ({side} to move): {reason}")]
    Move {
        /// The move's number in the game, as records write it (`1.`, `1...`).
        label: String,
        /// The text as given.
        text: String,
        /// The side that was to move.
        side: &'static str,
        /// The game's reason.
        reason: String,
    },
    /// A move was given after the game had ended.
    #[error("move {label} {text:?}: the game is already over ({result})")]
    MoveAfterEnd {
        /// The move's number in the game.
        label: String,
        /// The text as given.
        text: String,
        /// The result, in words.
        result: String,
    },
    /// The record cannot be read or replayed.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A record in the game's own format cannot be read.
    #[error(transparent)]
    Import(#[from] ImportError),
    /// The record names another variant than the one asked for.
    #[error("the record is of variant {record:?}, not {asked:?}")]
    VariantMismatch {
        /// The record's variant.
        record: String,
        /// The variant asked for.
        asked: String,
    },
    /// The engine text was refused.
    #[error("engine {text:?}: {error}")]
    Engine {
        /// The text as given.
        text: String,
        /// Why.
        error: SpecError,
    },
    /// An engine was asked for a move in a finished game.
    #[error("the game is over")]
    GameOver,
    /// The tables of perfect play could not be read.
    #[error("{path}: {reason}")]
    Tables {
        /// The folder or file.
        path: String,
        /// Why.
        reason: String,
    },
}
