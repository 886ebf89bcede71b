//! Jetan: perft with bulk counting and random playouts.
//!
//! Targets from the jetan-core issue (one thread, release): at least 300 million perft leaves
//! per second and 40,000 random playouts per second.

use abstract_game::Game;
use abstract_game::Rules as _;
use abstract_game::perft::perft;
use abstract_game::playout::{Rng, random_playout};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jetan_core::{Position, Rules};
use std::hint::black_box;

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("jetan perft");
    group.sample_size(10);
    for (preset, depth) in [("standard", 4), ("no-escape", 4), ("revisit", 4)] {
        let pos = Position::new(Rules::preset(preset).unwrap());
        group.throughput(Throughput::Elements(perft(&pos, depth)));
        group.bench_function(format!("{preset} depth {depth}"), |b| {
            b.iter(|| perft(black_box(&pos), depth))
        });
    }
    group.finish();
}

fn playout_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("jetan playouts");
    group.sample_size(10);
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
