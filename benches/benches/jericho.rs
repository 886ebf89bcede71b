//! Jericho: perft with bulk counting from the empty board, and random playouts.
//!
//! The target is perft(4) from the empty board, one thread, in at most 8 seconds;
//! `jericho perft/standard depth 4` measures it (ten samples of a few seconds each).

use abstract_game::Game;
use abstract_game::Rules as _;
use abstract_game::perft::perft;
use abstract_game::playout::{Rng, random_playout};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use jericho_core::{Position, Rules};
use std::hint::black_box;
use std::time::Duration;

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("jericho perft");
    for preset in ["standard", "no-asymmetry"] {
        let pos = Position::new(Rules::preset(preset).unwrap());
        let depth = 3;
        group.throughput(Throughput::Elements(perft(&pos, depth)));
        group.bench_function(format!("{preset} depth {depth}"), |b| {
            b.iter(|| perft(black_box(&pos), depth))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("jericho perft deep");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    let pos = Position::new(Rules::default());
    group.throughput(Throughput::Elements(148_400_262_400));
    group.bench_function("standard depth 4", |b| b.iter(|| perft(black_box(&pos), 4)));
    group.finish();
}

fn playout_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("jericho playouts");
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
