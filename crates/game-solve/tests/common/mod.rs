//! What the tests of the solver on Jarmo positions share: a plain search that proves values,
//! and the explicit-graph analysis held to a table.

use std::collections::HashMap;

use abstract_game::{Game, PositionIndex, TextGame, Value};
use game_solve::{Table, analyse};
use jarmo_core::{MoveList, Position};

/// The value of `pos` if the game ends within `depth` plies under perfect play (a win or a
/// loss with its exact distance, or a draw reached by the end of the game), `None` otherwise:
/// minimax over the game's moves, every move searched, the results of a position and depth
/// remembered.
pub fn within(
    pos: &Position,
    depth: u8,
    memo: &mut HashMap<(String, u8), Option<Value>>,
) -> Option<Value> {
    if let Some(outcome) = pos.outcome() {
        return Some(match outcome.winner {
            Some(w) if w == pos.side_to_move() => Value::Win(0),
            Some(_) => Value::Loss(0),
            None => Value::Draw,
        });
    }
    if depth == 0 {
        return None;
    }
    if let Some(&v) = memo.get(&(pos.to_text(), depth)) {
        return v;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let (mut quickest_win, mut slowest_loss) = (None::<u8>, Some(0u8));
    let mut all_decided = true;
    let mut some_draw = false;
    for &mv in &moves {
        match within(&pos.after(mv), depth - 1, memo) {
            Some(Value::Loss(d)) => {
                quickest_win = Some(quickest_win.map_or(d + 1, |w| w.min(d + 1)))
            }
            Some(Value::Win(d)) => slowest_loss = slowest_loss.map(|l| l.max(d + 1)),
            Some(Value::Draw) => {
                some_draw = true;
                slowest_loss = None;
            }
            None => {
                all_decided = false;
                slowest_loss = None;
            }
        }
    }
    let v = match (quickest_win, slowest_loss) {
        (Some(w), _) => Some(Value::Win(w)),
        (None, Some(l)) => Some(Value::Loss(l)),
        (None, None) if all_decided && some_draw => Some(Value::Draw),
        _ => None,
    };
    memo.insert((pos.to_text(), depth), v);
    v
}

/// Analyses the explicit graph below `root` (of at most `limit` nodes) and checks that `table`
/// holds each value the analysis proves; the number of values compared.
pub fn agrees_with_the_analysis<I: PositionIndex>(
    table: &Table<I>,
    root: I::Node,
    limit: usize,
    what: &str,
) -> usize {
    let analysis = analyse(table.index(), root, limit).unwrap();
    for &(node, value) in &analysis.values {
        assert_eq!(table.probe_node(node).unwrap(), value, "{what} {node:?}");
    }
    analysis.values.len()
}
