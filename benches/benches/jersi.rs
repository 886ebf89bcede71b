//! Jersi: perft with bulk counting from the start, and uniform random playouts.
//!
//! `jersi perft/standard depth 3` counts perft(3) from the start (497,825,578 turns), and
//! `jersi playouts/standard x500` plays random games from the start (turns drawn without
//! listing them, as docs/jersi.md's "Random turns" describes): the loops behind the README's
//! Jersi figures.

use std::time::Duration;

use abstract_game::{Game, GameRules as _};
use criterion::{Criterion, criterion_group, criterion_main};
use jersi_core::{Position, Rules};
use jgames_benches::{GroupOptions, bench_perft, bench_preset_playouts};

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
    bench_preset_playouts::<Position>(c, 500, 1000, options);
}

criterion_group!(benches, perft_bench, playout_bench);
criterion_main!(benches);
