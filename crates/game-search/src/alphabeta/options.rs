//! The options of an alpha-beta search.

#[cfg(doc)]
use crate::AlphaBeta;
use crate::Budget;

/// The options of [`AlphaBeta`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaOptions {
    /// The size of the transposition table in MiB, counted as 24 bytes an entry (rounded
    /// down to a power of two of entries; 0 keeps a table of one bucket of two).
    pub hash_mib: usize,
    /// The default budget, used where the budget of a call leaves a limit unset.
    pub budget: Budget,
    /// Whether tables of perfect play are used where a front end finds them (see
    /// [`Engine::set_oracle`](crate::Engine::set_oracle)).
    pub tables: bool,
    /// What a draw costs the searching side, on the evaluation's scale (see
    /// [`SearchHints::contempt`](abstract_game::SearchHints::contempt), the value when `None`).
    pub contempt: Option<i32>,
    /// The threads of a search (at least 1): the others search the same position at once
    /// and share the table with it (Lazy SMP).
    pub threads: usize,
}

impl AlphaBetaOptions {
    /// The default options: a 16 MiB table, no default budget of its own (so
    /// [`AlphaBeta::DEFAULT_DEPTH`] when the call sets none either).
    pub const DEFAULT: AlphaBetaOptions = AlphaBetaOptions {
        hash_mib: 16,
        budget: Budget::DEFAULT,
        contempt: None,
        threads: 1,
        tables: true,
    };
}

impl Default for AlphaBetaOptions {
    fn default() -> AlphaBetaOptions {
        AlphaBetaOptions::DEFAULT
    }
}
