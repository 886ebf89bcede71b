//! Times perft from the start: `cargo run --release -p jersi-core --example jersi_perft -- 3 [no-drop] [enum]`.

use std::time::Instant;

use abstract_game::Rules as _;
use abstract_game::perft::{perft, perft_enumerated};
use jersi_core::{Game, Position, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = args.first().and_then(|d| d.parse().ok()).unwrap_or(2);
    let rules = if args.iter().any(|a| a == "no-drop") {
        Rules::preset("no-drop").expect("a preset")
    } else {
        Rules::default()
    };
    let start = Position::new(rules);
    let t = Instant::now();
    let n = if args.iter().any(|a| a == "enum") {
        perft_enumerated(&start, depth)
    } else {
        perft(&start, depth)
    };
    println!("perft({depth}) = {n} in {:.3} s", t.elapsed().as_secs_f64());
}
