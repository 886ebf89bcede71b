//! Times perft from the empty board, one thread:
//! `cargo run --release -p jericho-core --example jericho_perft -- <depth> [preset] [root moves]`.
//! With a number of root moves, only that many first moves are counted (for quick timing).

use std::time::Instant;

use abstract_game::perft::perft;
use abstract_game::{Game, Rules as _};
use jericho_core::{MoveList, Position, Rules};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(3);
    let preset = args.next().unwrap_or_else(|| "standard".into());
    let roots: usize = args
        .next()
        .and_then(|d| d.parse().ok())
        .unwrap_or(usize::MAX);
    let Some(rules) = Rules::preset(&preset) else {
        eprintln!(
            "unknown preset {preset}; known: {}",
            Rules::PRESETS.join(", ")
        );
        std::process::exit(2);
    };
    let start = Instant::now();
    let pos = Position::new(rules);
    let count = if roots == usize::MAX || depth == 0 {
        perft(&pos, depth)
    } else {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        moves
            .iter()
            .take(roots)
            .map(|&mv| perft(&pos.after(mv), depth - 1))
            .sum()
    };
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{preset} perft({depth}) = {count} in {secs:.2} s ({:.1} M leaves/s, one thread)",
        count as f64 / secs / 1e6
    );
}
