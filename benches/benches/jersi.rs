//! Jersi: perft with bulk counting from the start, and uniform random playouts.
//!
//! Targets from the issue (one thread, release): perft(3) from the start in at most 3 s, and
//! at least 3,000 random games per second.

use std::hint::black_box;
use std::time::Duration;

use abstract_game::Game;
use abstract_game::Rules as _;
use abstract_game::perft::perft;
use abstract_game::playout::{Rng, random_playout};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jersi_core::{Position, Rules};

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("jersi perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for (preset, depth) in [("standard", 2), ("standard", 3), ("no-drop", 3)] {
        let start = Position::new(Rules::preset(preset).expect("a preset"));
        group.throughput(Throughput::Elements(perft(&start, depth)));
        group.bench_function(format!("{preset} depth {depth}"), |b| {
            b.iter(|| perft(black_box(&start), depth))
        });
    }
    group.finish();
}

fn playout_bench(c: &mut Criterion) {
    const GAMES: u64 = 500;
    let mut group = c.benchmark_group("jersi playouts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(GAMES));
    for preset in Rules::PRESETS {
        let start = Position::new(Rules::preset(preset).expect("a preset"));
        group.bench_function(format!("{preset} x{GAMES}"), |b| {
            let mut rng = Rng::seed_from_u64(7);
            b.iter(|| {
                (0..GAMES)
                    .map(|_| random_playout(black_box(&start), &mut rng, 1000).plies)
                    .sum::<u32>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft_bench, playout_bench);
criterion_main!(benches);
