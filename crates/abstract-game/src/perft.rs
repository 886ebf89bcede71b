//! Counting move sequences (perft): plain, divided by root move, and over several threads.
//!
//! `perft(n)` is the number of move sequences of length `n` from a position; a finished game has
//! no moves, so sequences stop there. Depth 0 counts the position itself (1).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::Game;

/// perft with bulk counting: the last ply uses [`Game::count_legal_moves`].
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        2 => {
            let mut moves = G::MoveList::default();
            pos.legal_moves(&mut moves);
            moves.iter().map(|&mv| pos.count_after(mv) as u64).sum()
        }
        _ => {
            let mut moves = G::MoveList::default();
            pos.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| perft(&pos.after(mv), depth - 1))
                .sum()
        }
    }
}

/// perft that plays every move down to the leaves, without bulk counting. Slower; it checks
/// that bulk counting agrees with enumeration.
pub fn perft_enumerated<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| perft_enumerated(&pos.after(mv), depth - 1))
        .sum()
}

/// perft split by root move: each legal move with the count of sequences that start with it,
/// in move generation order. Empty at depth 0.
pub fn perft_divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| (mv, perft(&pos.after(mv), depth - 1)))
        .collect()
}

/// [`perft`] that gives up, returning `None`, soon after `stop` is set: it looks at the flag
/// at every node three or more plies above the leaves (a relaxed load, nothing measurable next
/// to the two plies below), and counts the subtrees below those with [`perft`] itself.
pub fn perft_until<G: Game>(pos: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth < 3 {
        return Some(perft(pos, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut total = 0;
    for &mv in moves.iter() {
        total += perft_until(&pos.after(mv), depth - 1, stop)?;
    }
    Some(total)
}

/// One root move counted by [`perft_divide_streaming`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootCount<M> {
    /// The move's index in generation order.
    pub index: usize,
    /// The move.
    pub mv: M,
    /// The number of sequences that start with it.
    pub count: u64,
    /// How many root moves are counted, this one included.
    pub done: usize,
    /// How many root moves there are.
    pub total: usize,
}

/// perft split by root move over `threads` threads (at least one), reporting each root move
/// to `on_count` as soon as it is counted (so in completion order, which is generation order
/// with one thread). Setting `stop` ends the count early: the root moves being counted are
/// dropped and no new one is started.
///
/// Returns the counted root moves in generation order; fewer than all of them when stopped.
pub fn perft_divide_streaming<G: Game>(
    pos: &G,
    depth: u32,
    threads: usize,
    stop: &AtomicBool,
    on_count: &(dyn Fn(RootCount<G::Move>) + Sync),
) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut list = G::MoveList::default();
    pos.legal_moves(&mut list);
    let moves: Vec<G::Move> = list.to_vec();
    let total = moves.len();
    let counts: Vec<Mutex<Option<u64>>> = (0..total).map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1).min(total.max(1)) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= total || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let mv = moves[index];
                    let Some(count) = perft_until(&pos.after(mv), depth - 1, stop) else {
                        break;
                    };
                    *counts[index].lock().unwrap_or_else(|e| e.into_inner()) = Some(count);
                    let done = done.fetch_add(1, Ordering::Relaxed) + 1;
                    on_count(RootCount {
                        index,
                        mv,
                        count,
                        done,
                        total,
                    });
                }
            });
        }
    });
    moves
        .iter()
        .zip(counts)
        .filter_map(|(&mv, c)| {
            c.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .map(|c| (mv, c))
        })
        .collect()
}

/// [`perft_divide`] with the root moves shared among `threads` threads (at least one).
/// `progress(done, total)` is called after each root move is counted.
pub fn perft_divide_threaded<G: Game>(
    pos: &G,
    depth: u32,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<(G::Move, u64)> {
    let never = AtomicBool::new(false);
    perft_divide_streaming(pos, depth, threads, &never, &|c| progress(c.done, c.total))
}

/// [`perft`] over `threads` threads, splitting the root moves.
pub fn perft_threaded<G: Game>(pos: &G, depth: u32, threads: usize) -> u64 {
    if depth <= 1 || threads <= 1 {
        return perft(pos, depth);
    }
    perft_divide_threaded(pos, depth, threads, &|_, _| {})
        .iter()
        .map(|&(_, c)| c)
        .sum()
}
