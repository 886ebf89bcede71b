//! Engines that know exact values: the root move from an [`Oracle`], and the score of a
//! known position inside a search.

use std::sync::Arc;

use abstract_game::{Game, Oracle, Value};

use crate::budget::WIN_SCORE;
use crate::{Score, SearchInfo};

/// An oracle shared by an engine, its threads and its clones.
pub struct SharedOracle<G>(pub Arc<dyn Oracle<G>>);

impl<G> SharedOracle<G> {
    /// Shares `oracle`.
    pub fn new(oracle: impl Oracle<G> + 'static) -> SharedOracle<G> {
        SharedOracle(Arc::new(oracle))
    }

    /// The oracle's value of `pos`.
    #[inline]
    pub fn value(&self, pos: &G) -> Option<Value> {
        self.0.value(pos)
    }
}

impl<G> Clone for SharedOracle<G> {
    fn clone(&self) -> SharedOracle<G> {
        SharedOracle(Arc::clone(&self.0))
    }
}

impl<G> core::fmt::Debug for SharedOracle<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SharedOracle")
    }
}

/// The answer an engine gives `pos` without searching, if any: `None` (no move) once the game
/// is over, and the oracle's move ([`oracle_move`]) where it knows the position and its
/// children.
pub(crate) fn settled<G: Game>(
    oracle: Option<&crate::SharedOracle<G>>,
    pos: &G,
) -> Option<crate::Found<G>> {
    if pos.is_over() {
        return Some(None);
    }
    oracle.and_then(|o| oracle_move(&*o.0, pos)).map(Some)
}

/// The best move of `pos` by the oracle's values of the positions after each move, when it
/// knows all of them: the quickest win, else a draw, else the slowest loss. `None` when the
/// oracle does not know `pos` or one of its children (the engine then searches).
pub(crate) fn oracle_move<G: Game>(
    oracle: &dyn Oracle<G>,
    pos: &G,
) -> Option<(G::Move, SearchInfo<G>)> {
    oracle.value(pos)?;
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut best: Option<(G::Move, Value)> = None;
    for &mv in moves.iter() {
        let value = oracle.value(&pos.after(mv))?.before_move()?;
        if best.is_none_or(|(_, b)| value.preference() > b.preference()) {
            best = Some((mv, value));
        }
    }
    let (mv, value) = best?;
    let info = SearchInfo {
        score: score_of(value),
        pv: vec![mv],
        depth: u32::from(value.distance().unwrap_or(0)),
        ..SearchInfo::empty()
    };
    Some((mv, info))
}

/// The search score of an exact value.
pub(crate) fn score_of(value: Value) -> Score {
    match value {
        Value::Win(d) => Score::Win(u32::from(d)),
        Value::Loss(d) => Score::Loss(u32::from(d)),
        Value::Draw => Score::DRAW,
    }
}

/// The internal alpha-beta score of a known win or loss `ply` plies below the root; `None`
/// for a draw (the engine scores it with its contempt).
pub(crate) fn internal_score(value: Value, ply: usize) -> Option<i32> {
    match value {
        Value::Win(d) => Some(WIN_SCORE - (ply as i32 + i32::from(d))),
        Value::Loss(d) => Some(-(WIN_SCORE - (ply as i32 + i32::from(d)))),
        Value::Draw => None,
    }
}
