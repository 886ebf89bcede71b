//! Which positions of an index can arise in a game: a forward search from the start over the
//! layers, from the highest wave down, that marks every position a move reaches.

use abstract_game::PositionIndex;

use crate::{Counts, Table, TableError};

/// The values of the positions reachable from `roots` (start positions), counted: every
/// position some sequence of legal moves leads to, the roots included. The table must hold
/// every layer they reach.
///
/// The search keeps one bit per position of the index (400 MB for Jasir-basic) and visits
/// each reachable position once, layer by layer: no move climbs to a higher wave, so once the
/// layers above are done, a layer's marks are complete but for the moves inside it, which a
/// stack closes.
pub fn reachable_counts<I: PositionIndex>(
    table: &Table<I>,
    roots: &[I::Node],
) -> Result<Counts, TableError> {
    let index = table.index();
    let mut marks: Vec<Vec<u64>> = (0..index.layer_count())
        .map(|l| vec![0u64; index.layer_len(l).div_ceil(64) as usize])
        .collect();
    let mut order: Vec<usize> = (0..index.layer_count()).collect();
    order.sort_by_key(|&l| std::cmp::Reverse(index.layer_wave(l)));
    for &root in roots {
        let (l, i) = index.rank(root);
        marks[l][(i / 64) as usize] |= 1 << (i % 64);
    }
    let mut counts = Counts::default();
    let mut stack: Vec<u64> = Vec::new();
    for layer in order {
        let len = index.layer_len(layer);
        if marks[layer].iter().all(|&w| w == 0) {
            continue;
        }
        let values = table.layer(layer)?.ok_or(TableError::NotInTable)?;
        // Visits position `i` while the scan stands at `scan`: a position of this layer that
        // it marks behind the scan goes on the stack (the scan finds those ahead).
        let visit = |i: u64, scan: u64, marks: &mut Vec<Vec<u64>>, stack: &mut Vec<u64>| {
            let node = index.unrank(layer, i);
            if index.terminal(node).is_some() {
                return;
            }
            index.children(node, |child| {
                let (l, j) = index.rank(child);
                let (word, bit) = ((j / 64) as usize, 1u64 << (j % 64));
                if marks[l][word] & bit == 0 {
                    marks[l][word] |= bit;
                    if l == layer && j <= scan {
                        stack.push(j);
                    }
                }
            });
        };
        for i in 0..len {
            if marks[layer][(i / 64) as usize] & (1 << (i % 64)) == 0 {
                continue;
            }
            visit(i, i, &mut marks, &mut stack);
            while let Some(j) = stack.pop() {
                visit(j, i, &mut marks, &mut stack);
            }
        }
        for (w, &word) in marks[layer].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let value = values
                    .get(i)
                    .and_then(|&b| abstract_game::Value::from_byte(b))
                    .ok_or(TableError::Corrupt {
                        what: "a stored byte is not a value",
                    })?;
                counts.add(value);
            }
        }
        // The marks of a finished layer are not needed again.
        marks[layer] = Vec::new();
    }
    Ok(counts)
}
