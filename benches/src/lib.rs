//! Shared pieces of the criterion benchmarks in `benches/benches/`, one file per game: every
//! game measures perft with bulk counting and uniform random playouts the same way.
//!
//! The library also compiles the README's example as a doctest.

use std::hint::black_box;
use std::time::Duration;

use abstract_game::Game;
use abstract_game::perft::perft;
use abstract_game::playout::Rng;
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
                    plies += black_box(start).playout(&mut rng, max_plies).plies;
                }
                plies
            })
        });
    }
    group.finish();
}

/// [`bench_playouts`] from the start of every preset of `G`, in the group `<game> playouts`.
pub fn bench_preset_playouts<G: Game>(
    c: &mut Criterion,
    games: u64,
    max_plies: u32,
    options: GroupOptions,
) {
    let group_name = format!("{} playouts", G::NAME);
    bench_playouts(
        c,
        &group_name,
        &preset_starts::<G>(),
        games,
        max_plies,
        options,
    );
}

/// The start position of every preset of a game, named by preset.
pub fn preset_starts<G: Game>() -> Vec<(&'static str, G)> {
    use abstract_game::GameRules as _;
    G::Rules::PRESETS
        .iter()
        .map(|preset| (preset.name, G::new(preset.rules)))
        .collect()
}

/// The smallest depth whose perft from `pos` has at least `leaves` leaves (at most `max`), and
/// that perft: a case that takes about the same time in every game.
pub fn depth_for_leaves<G: Game>(pos: &G, leaves: u64, max: u32) -> (u32, u64) {
    let mut depth = 1;
    loop {
        let count = perft(pos, depth);
        if count >= leaves || depth >= max {
            return (depth, count);
        }
        depth += 1;
    }
}

/// A perft case for each named start: the depth of [`depth_for_leaves`] with `leaves` and
/// `max`.
pub fn perft_cases<G: Game>(
    starts: &[(&'static str, G)],
    leaves: u64,
    max: u32,
) -> Vec<(&'static str, G, u32)> {
    starts
        .iter()
        .map(|(name, pos)| (*name, pos.clone(), depth_for_leaves(pos, leaves, max).0))
        .collect()
}

#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExample;
