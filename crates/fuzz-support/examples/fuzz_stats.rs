//! Runs a play target's body on every input of some folders (the committed seeds and what
//! the fuzzer found, say) and prints the length of their games: how many reach 100 plies, the
//! longest, the mean, and the time per input.
//!
//! ```sh
//! cargo run --release -p fuzz-support --example fuzz_stats -- jersi_play fuzz/corpus/jersi_play fuzz/work/jersi_play
//! ```

use std::time::Instant;

use fuzz_support::targets;

fn main() {
    let mut args = std::env::args().skip(1);
    let target = args
        .next()
        .expect("a play target: jarmo_play, jetan_play, jersi_play or jericho_play");
    let body: fn(&[u8]) -> u32 = match target.as_str() {
        "jarmo_play" => targets::play::<jarmo_core::Position>,
        "jetan_play" => targets::play::<jetan_core::Position>,
        "jersi_play" => targets::play::<jersi_core::Position>,
        "jericho_play" => targets::play::<jericho_core::Position>,
        other => panic!("{other} is not a play target"),
    };
    let mut lengths = Vec::new();
    let start = Instant::now();
    for dir in args {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir}: {e}")) {
            let bytes = std::fs::read(entry.expect("an entry").path()).expect("a readable input");
            lengths.push(body(&bytes));
        }
    }
    let n = lengths.len().max(1);
    let long = lengths.iter().filter(|&&p| p >= 100).count();
    let max = lengths.iter().copied().max().unwrap_or(0);
    let mean = lengths.iter().map(|&p| f64::from(p)).sum::<f64>() / n as f64;
    println!(
        "{target}: {} inputs, {long} games of 100 plies or more, longest {max}, mean {mean:.1}, {:.2} ms an input",
        lengths.len(),
        start.elapsed().as_secs_f64() * 1000.0 / n as f64
    );
}
