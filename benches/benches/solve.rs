//! The retrograde solver on Jasir-basic: a probe of a table in memory (what an engine pays at
//! every node), the rank behind it, and the solve of the endgames of at most two archers a
//! side (positions a second).
//!
//! The probe is measured on the endgame table: the cost of a probe does not depend on the
//! size of the table, only on ranking the position and reading one byte (the full table is
//! 3.2 GB; the same code reads it).
//!
//! Then the endgames of keyed positions (Jasir with marks, credits, passes and shuttle
//! records): gathering and solving those of material 3, and a probe, which is a binary search
//! among the keys of the position's wave, so it grows with the logarithm of the table's size
//! (about 25 steps in the largest tables built, 1.5 times the 17 steps here).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use abstract_game::playout::Rng;
use abstract_game::{PositionIndex, Solvable};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use game_solve::{KeyedIndex, Table};
use jarmo_core::{JasirBasicIndex, Position, Rules};

/// The layers of at most `most` archers a side.
fn endgame(index: &JasirBasicIndex, most: u32) -> Vec<bool> {
    (0..index.layer_count())
        .map(|l| {
            let node = index.unrank(l, 0);
            node.archers.iter().all(|a| a.count_ones() <= most)
        })
        .collect()
}

/// Probes each of `games` in `table` as an engine does (from memory), adding up the bytes.
fn probe_all<I: PositionIndex>(table: &Table<I>, games: &[I::Game]) -> u64 {
    games
        .iter()
        .map(|g| table.probe_loaded(g).map_or(0, |v| v.to_byte() as u64))
        .sum()
}

fn solve_bench(c: &mut Criterion) {
    let index = Position::position_index(Rules::JASIR_BASIC).expect("jasir-basic is solvable");
    let wanted = endgame(&index, 2);
    let positions: u64 = (0..index.layer_count())
        .filter(|&l| wanted[l])
        .map(|l| index.layer_len(l))
        .sum();
    let never = AtomicBool::new(false);
    let mut group = c.benchmark_group("solve jasir-basic");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(positions));
    for threads in [1, 2] {
        group.bench_function(BenchmarkId::new("two archers a side", threads), |b| {
            b.iter(|| {
                Table::solve_where(index.clone(), |l| wanted[l], threads, &never, &mut |_| {})
                    .expect("the endgame solves")
            })
        });
    }
    group.finish();

    let table = Table::solve_where(index.clone(), |l| wanted[l], 2, &never, &mut |_| {})
        .expect("the endgame solves");
    let mut rng = Rng::seed_from_u64(1);
    let layers: Vec<usize> = (0..index.layer_count()).filter(|&l| wanted[l]).collect();
    let nodes: Vec<_> = (0..4096)
        .map(|_| {
            let layer = layers[rng.below(layers.len() as u32) as usize];
            index.unrank(layer, rng.next_u64() % index.layer_len(layer))
        })
        .collect();
    let games: Vec<Position> = nodes.iter().map(|&n| index.game_of(n)).collect();
    let mut group = c.benchmark_group("probe jasir-basic");
    group.throughput(Throughput::Elements(nodes.len() as u64));
    group.bench_function("rank", |b| {
        b.iter(|| nodes.iter().map(|&n| index.rank(n).1).sum::<u64>())
    });
    group.bench_function("probe node", |b| {
        b.iter(|| {
            nodes
                .iter()
                .map(|&n| table.probe_node(n).map_or(0, |v| v.to_byte() as u64))
                .sum::<u64>()
        })
    });
    group.bench_function("probe position (engines)", |b| {
        b.iter(|| probe_all(&table, &games))
    });
    group.finish();
}

fn keyed_bench(c: &mut Criterion) {
    let never = AtomicBool::new(false);
    let build = || {
        let positions = Position::endgames(Rules::JASIR, 3).expect("jarmo has endgames");
        let index = KeyedIndex::gather(positions, 2, &never, &mut |_| {}).expect("closed");
        Table::solve(index, 2, &never, &mut |_| {}).expect("the endgame solves")
    };
    let table = build();
    let mut group = c.benchmark_group("solve jasir endgames");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(table.index().len()));
    group.bench_function("material 3, gathered and solved", |b| b.iter(build));
    group.finish();

    let index = table.index();
    let mut rng = Rng::seed_from_u64(2);
    let games: Vec<Position> = (0..4096)
        .map(|_| {
            let layer = 3;
            index.game_of(index.unrank(layer, rng.next_u64() % index.layer_len(layer)))
        })
        .collect();
    let mut group = c.benchmark_group("probe jasir endgames");
    group.throughput(Throughput::Elements(games.len() as u64));
    group.bench_function("probe position (engines)", |b| {
        b.iter(|| probe_all(&table, &games))
    });
    group.finish();
}

criterion_group!(benches, solve_bench, keyed_bench);
criterion_main!(benches);
