//! The value of a position once its captures have settled, for searches that judge leaves
//! by one number without a search of their own (MCTS's cut-off playouts).
//!
//! A position in the middle of an exchange is judged wrongly by a static evaluation: the
//! piece just taken will be taken back. Alpha-beta settles its leaves with a quiescence
//! search inside its own node budget; this is the same idea as a free function, so that any
//! evaluation can be settled: the side to move may stand on the evaluation or play a capture
//! (a move with [`Evaluate::move_priority`] above 0), up to a few plies deep, by alpha-beta.

use abstract_game::{EVAL_BOUND, Evaluate, Game};

/// The most plies of captures [`settled_value`] plays.
pub const SETTLE_PLIES: u32 = 6;

/// The value of `pos` for its side to move, on the scale of `evaluate`, after the best line of
/// captures of at most `plies` plies for both sides (each may stop capturing at any ply and
/// keep the evaluation of the position reached). A finished game scores `±EVAL_BOUND` (0 for
/// a draw); the value is clamped to `±EVAL_BOUND`. Without captures it is `evaluate(pos)`.
///
/// ```
/// use abstract_game::nim::Nim;
/// use game_search::settled_value;
/// // Nim has no captures: the evaluation (0) as it stands; a finished game is a loss.
/// assert_eq!(settled_value(&Nim::at(3, 2), 6, &|_: &Nim| 0), 0);
/// assert_eq!(settled_value(&Nim::at(0, 0), 6, &|_: &Nim| 0), -abstract_game::EVAL_BOUND);
/// ```
pub fn settled_value<G: Game + Evaluate>(pos: &G, plies: u32, evaluate: &dyn Fn(&G) -> i32) -> i32 {
    settle(pos, plies, -EVAL_BOUND - 1, EVAL_BOUND + 1, evaluate)
}

fn settle<G: Game + Evaluate>(
    pos: &G,
    plies: u32,
    mut alpha: i32,
    beta: i32,
    evaluate: &dyn Fn(&G) -> i32,
) -> i32 {
    if let Some(outcome) = pos.outcome() {
        return match outcome.winner {
            None => 0,
            Some(w) if w == pos.side_to_move() => EVAL_BOUND,
            Some(_) => -EVAL_BOUND,
        };
    }
    let stand = evaluate(pos).clamp(-EVAL_BOUND, EVAL_BOUND);
    if stand >= beta || plies == 0 {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut best = stand;
    for mv in captures(pos) {
        let score = -settle(&pos.after(mv), plies - 1, -beta, -alpha, evaluate);
        if score > best {
            best = score;
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
    }
    best
}

/// The captures of `pos`. Out of line, so that the game's stack-allocated move list is not
/// part of every frame of the recursion.
#[inline(never)]
fn captures<G: Game + Evaluate>(pos: &G) -> Vec<G::Move> {
    let mut list = G::MoveList::default();
    pos.legal_moves(&mut list);
    list.iter()
        .copied()
        .filter(|&mv| pos.move_priority(mv) > 0)
        .collect()
}
