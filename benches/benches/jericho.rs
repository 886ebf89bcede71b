//! Jericho: perft with bulk counting from the empty board, and random playouts.
//!
//! `jericho perft deep/standard depth 4` times perft(4) from the empty board on one thread
//! (148,400,262,400 leaves, ten samples of a few seconds each): the figure `docs/jericho.md`
//! quotes.

use std::time::Duration;

use abstract_game::{Game, GameRules as _};
use criterion::{Criterion, criterion_group, criterion_main};
use jericho_core::{Position, Rules};
use jgames_benches::{GroupOptions, bench_perft, bench_preset_playouts};

fn perft_bench(c: &mut Criterion) {
    let shallow: Vec<(&str, Position, u32)> = ["standard", "no-asymmetry"]
        .into_iter()
        .map(|name| {
            (
                name,
                Position::new(Rules::preset(name).expect("a preset")),
                3,
            )
        })
        .collect();
    bench_perft(c, "jericho perft", &shallow, GroupOptions::default());
    let deep = [("standard", Position::new(Rules::default()), 4)];
    let options = GroupOptions {
        sample_size: Some(10),
        measurement_time: Some(Duration::from_secs(30)),
    };
    bench_perft(c, "jericho perft deep", &deep, options);
}

fn playout_bench(c: &mut Criterion) {
    bench_preset_playouts::<Position>(c, 1000, 1000, GroupOptions::default());
}

criterion_group!(benches, perft_bench, playout_bench);
criterion_main!(benches);
