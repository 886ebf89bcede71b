//! Shared pieces of the criterion benchmarks in `benches/benches/`, one file per game: every
//! game measures perft with bulk counting and uniform random playouts the same way.
//!
//! The library also compiles the README's example as a doctest.

use std::hint::black_box;
use std::time::Duration;

use abstract_game::Game;
use abstract_game::perft::perft;
use abstract_game::playout::{Rng, random_playout};
use criterion::{Criterion, Throughput};

/// Options of one benchmark group.
#[derive(Clone, Copy, Debug, Default)]
pub struct GroupOptions {
    /// Criterion's sample size (its default of 100 when `None`).
    pub sample_size: Option<usize>,
    /// Criterion's measurement time (its default when `None`).
    pub measurement_time: Option<Duration>,
}

fn configure(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    options: GroupOptions,
) {
    if let Some(n) = options.sample_size {
        group.sample_size(n);
    }
    if let Some(t) = options.measurement_time {
        group.measurement_time(t);
    }
}

/// Benchmarks `perft(depth)` with bulk counting from each named start position; throughput is
/// reported in leaves.
pub fn bench_perft<G: Game>(
    c: &mut Criterion,
    group_name: &str,
    cases: &[(&str, G, u32)],
    options: GroupOptions,
) {
    let mut group = c.benchmark_group(group_name);
    configure(&mut group, options);
    for (name, pos, depth) in cases {
        group.throughput(Throughput::Elements(perft(pos, *depth)));
        group.bench_function(format!("{name} depth {depth}"), |b| {
            b.iter(|| perft(black_box(pos), *depth))
        });
    }
    group.finish();
}

/// Benchmarks batches of `games` uniform random playouts (capped at `max_plies`) from each named
/// start position; throughput is reported in games.
pub fn bench_playouts<G: Game>(
    c: &mut Criterion,
    group_name: &str,
    starts: &[(&str, G)],
    games: u64,
    max_plies: u32,
    options: GroupOptions,
) {
    let mut group = c.benchmark_group(group_name);
    configure(&mut group, options);
    group.throughput(Throughput::Elements(games));
    for (name, start) in starts {
        group.bench_function(format!("{name} x{games}"), |b| {
            let mut rng = Rng::seed_from_u64(1);
            b.iter(|| {
                let mut plies = 0;
                for _ in 0..games {
                    plies += random_playout(black_box(start), &mut rng, max_plies).plies;
                }
                plies
            })
        });
    }
    group.finish();
}

/// The start position of every preset of a game, named by preset.
pub fn preset_starts<G: Game>() -> Vec<(&'static str, G)> {
    use abstract_game::Rules as _;
    G::Rules::PRESETS
        .iter()
        .map(|&name| {
            (
                name,
                G::new(G::Rules::preset(name).expect("listed presets exist")),
            )
        })
        .collect()
}

#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExample;
