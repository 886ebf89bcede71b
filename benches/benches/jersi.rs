//! Jersi: perft with bulk counting from the start, and uniform random playouts.
//!
//! Targets (one thread, release): perft(3) from the start in at most 3 s, and at least 30,000
//! random games per second from the start (the `standard x500` playout case: turns drawn
//! without listing them, as docs/jersi.md's "Random turns" describes).

use std::time::Duration;

use abstract_game::{Game, Rules as _};
use criterion::{Criterion, criterion_group, criterion_main};
use jersi_core::{Position, Rules};
use jgames_benches::{GroupOptions, bench_perft, bench_playouts, preset_starts};

fn perft_bench(c: &mut Criterion) {
    let cases: Vec<(&str, Position, u32)> = [("standard", 2), ("standard", 3), ("no-drop", 3)]
        .into_iter()
        .map(|(name, depth)| {
            (
                name,
                Position::new(Rules::preset(name).expect("a preset")),
                depth,
            )
        })
        .collect();
    let options = GroupOptions {
        sample_size: Some(10),
        measurement_time: Some(Duration::from_secs(10)),
    };
    bench_perft(c, "jersi perft", &cases, options);
}

fn playout_bench(c: &mut Criterion) {
    let options = GroupOptions {
        sample_size: Some(10),
        measurement_time: None,
    };
    bench_playouts(
        c,
        "jersi playouts",
        &preset_starts::<Position>(),
        500,
        1000,
        options,
    );
}

criterion_group!(benches, perft_bench, playout_bench);
criterion_main!(benches);
