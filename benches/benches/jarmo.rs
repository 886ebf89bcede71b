//! Jarmo/Jasir: perft with bulk counting and random playouts.

use abstract_game::Game;
use abstract_game::Rules as _;
use abstract_game::perft::perft;
use abstract_game::playout::{Rng, random_playout};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jarmo_core::{Position, Rules};
use std::hint::black_box;

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("jarmo perft");
    for (preset, depth) in [("jarmo", 6), ("jasir-basic", 6)] {
        let pos = Position::new(Rules::preset(preset).unwrap());
        group.throughput(Throughput::Elements(perft(&pos, depth)));
        group.bench_function(format!("{preset} depth {depth}"), |b| {
            b.iter(|| perft(black_box(&pos), depth))
        });
    }
    group.finish();
}

fn playout_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("jarmo playouts");
    const GAMES: u64 = 1000;
    group.throughput(Throughput::Elements(GAMES));
    for preset in Rules::PRESETS {
        let start = Position::new(Rules::preset(preset).unwrap());
        group.bench_function(format!("{preset} x{GAMES}"), |b| {
            let mut rng = Rng::seed_from_u64(1);
            b.iter(|| {
                let mut plies = 0;
                for _ in 0..GAMES {
                    plies += random_playout(black_box(&start), &mut rng, 1000).plies;
                }
                plies
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft_bench, playout_bench);
criterion_main!(benches);
