//! Solving one position on the spot, without a table: every position reachable from it,
//! gathered into an explicit graph and solved backwards.
//!
//! This is the second method the tests hold the layered solver to. It shares nothing with it
//! but the game's moves: no layers, no ranks, no seeds; the graph's predecessor lists come from
//! the forward moves, and the values spread from the ends in order of distance with a count of
//! undecided moves per position. It suits endgames (a few pieces), since it keeps every
//! reachable position in a hash map.

use std::collections::HashMap;

use abstract_game::{PositionIndex, Value};

use crate::SolveError;

/// The values of every position reachable from a root.
#[derive(Clone, Debug)]
pub struct Analysis<N> {
    /// The reachable positions and their values; the root first.
    pub values: Vec<(N, Value)>,
}

impl<N: Copy + Eq + core::hash::Hash> Analysis<N> {
    /// The root's value.
    pub fn root(&self) -> Value {
        self.values[0].1
    }

    /// The value of a reachable position.
    pub fn value(&self, node: N) -> Option<Value> {
        self.values
            .iter()
            .find(|(n, _)| *n == node)
            .map(|&(_, v)| v)
    }
}

/// Solves every position reachable from `root`, refusing with
/// [`SolveError::TooManyPositions`] when more than `limit` are.
pub fn analyse<I: PositionIndex>(
    index: &I,
    root: I::Node,
    limit: usize,
) -> Result<Analysis<I::Node>, SolveError> {
    let mut ids: HashMap<I::Node, u32> = HashMap::new();
    let mut nodes = vec![root];
    ids.insert(root, 0);
    let mut parents: Vec<Vec<u32>> = vec![Vec::new()];
    let mut undecided: Vec<u32> = vec![0];
    let mut value: Vec<Option<Value>> = vec![None];
    let mut frontier: Vec<(u32, Value)> = Vec::new();
    let mut next = 0;
    while next < nodes.len() {
        let node = nodes[next];
        let id = next as u32;
        next += 1;
        if let Some(v) = index.terminal(node) {
            value[id as usize] = Some(v);
            frontier.push((id, v));
            continue;
        }
        let mut too_many = false;
        index.children(node, |child| {
            let child_id = *ids.entry(child).or_insert_with(|| {
                nodes.push(child);
                parents.push(Vec::new());
                undecided.push(0);
                value.push(None);
                (nodes.len() - 1) as u32
            });
            parents[child_id as usize].push(id);
            undecided[id as usize] += 1;
            too_many |= nodes.len() > limit;
        });
        if too_many {
            return Err(SolveError::TooManyPositions { limit });
        }
    }
    // Spread by distance: a frontier of positions decided at distance d gives the next.
    frontier.sort_by_key(|&(_, v)| v.distance());
    let mut by_distance: Vec<Vec<u32>> = Vec::new();
    for (id, v) in frontier {
        if let Some(d) = v.distance() {
            let d = usize::from(d);
            by_distance.resize_with(by_distance.len().max(d + 1), Vec::new);
            by_distance[d].push(id);
        } else {
            // A drawn end: its parents can never count it as a win for the opponent.
        }
    }
    let mut d = 0;
    while d < by_distance.len() {
        let level = std::mem::take(&mut by_distance[d]);
        for id in level {
            let v = value[id as usize];
            let d1 = (d + 1) as u8;
            if d1 > Value::MAX_DISTANCE {
                return Err(SolveError::DistanceOverflow { layer: 0 });
            }
            for &p in &parents[id as usize] {
                let p = p as usize;
                if value[p].is_some() {
                    continue;
                }
                match v {
                    Some(Value::Loss(_)) => {
                        value[p] = Some(Value::Win(d1));
                        by_distance.resize_with(by_distance.len().max(d + 2), Vec::new);
                        by_distance[d + 1].push(p as u32);
                    }
                    Some(Value::Win(_)) => {
                        undecided[p] -= 1;
                        if undecided[p] == 0 {
                            value[p] = Some(Value::Loss(d1));
                            by_distance.resize_with(by_distance.len().max(d + 2), Vec::new);
                            by_distance[d + 1].push(p as u32);
                        }
                    }
                    _ => {}
                }
            }
        }
        d += 1;
    }
    Ok(Analysis {
        values: nodes
            .into_iter()
            .zip(value)
            .map(|(n, v)| (n, v.unwrap_or(Value::Draw)))
            .collect(),
    })
}
