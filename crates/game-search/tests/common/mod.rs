//! The test game: subtraction Nim on two heaps (`abstract_game::nim`), with a
//! brute-force solver.

#![allow(dead_code)]

use std::collections::HashMap;

pub use abstract_game::nim::Nim;

/// The exact result for the side to move by brute force: `(wins, plies)`, the distance being
/// the fastest win or the slowest loss.
pub fn solve(a: u8, b: u8, memo: &mut HashMap<(u8, u8), (bool, u32)>) -> (bool, u32) {
    if a == 0 && b == 0 {
        return (false, 0);
    }
    if let Some(&r) = memo.get(&(a, b)) {
        return r;
    }
    let mut fastest_win: Option<u32> = None;
    let mut slowest_loss = 0;
    for (heap, take) in Nim::at(a, b).moves() {
        let (ca, cb) = if heap == 0 {
            (a - take, b)
        } else {
            (a, b - take)
        };
        let (child_wins, plies) = solve(ca, cb, memo);
        if child_wins {
            slowest_loss = slowest_loss.max(plies + 1);
        } else {
            fastest_win = Some(fastest_win.map_or(plies + 1, |w: u32| w.min(plies + 1)));
        }
    }
    let r = match fastest_win {
        Some(w) => (true, w),
        None => (false, slowest_loss),
    };
    memo.insert((a, b), r);
    r
}
