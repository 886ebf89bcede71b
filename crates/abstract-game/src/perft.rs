//! Counting move sequences (perft): plain, divided by root move, and over several threads.
//!
//! `perft(n)` is the number of move sequences of length `n` from a position; a finished game has
//! no moves, so sequences stop there. Depth 0 counts the position itself (1).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// [`perft_divide`] with the root moves shared among `threads` threads (at least one).
/// `progress(done, total)` is called after each root move is counted.
pub fn perft_divide_threaded<G: Game>(
    pos: &G,
    depth: u32,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<(G::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut list = G::MoveList::default();
    pos.legal_moves(&mut list);
    let moves: Vec<G::Move> = list.to_vec();
    let total = moves.len();
    let counts: Vec<Mutex<u64>> = (0..total).map(|_| Mutex::new(0)).collect();
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1).min(total.max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total {
                        break;
                    }
                    let count = perft(&pos.after(moves[i]), depth - 1);
                    *counts[i].lock().unwrap_or_else(|e| e.into_inner()) = count;
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                }
            });
        }
    });
    moves
        .iter()
        .zip(counts)
        .map(|(&mv, c)| (mv, c.into_inner().unwrap_or_else(|e| e.into_inner())))
        .collect()
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
