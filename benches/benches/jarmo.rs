//! Jarmo/Jasir: perft with bulk counting and random playouts, for every preset.
//!
//! Two cases give the figures of the README's speed table: `jarmo perft deep/jasir-reserve
//! depth 9` (952,725,803 leaves) and `jarmo playouts/jarmo x1000` (random games of `jarmo`
//! from the start).

use std::time::Duration;

use abstract_game::Game;
use criterion::{Criterion, criterion_group, criterion_main};
use jarmo_core::{Position, Rules};
use jgames_benches::{GroupOptions, bench_perft, bench_playouts, preset_starts};

fn perft_bench(c: &mut Criterion) {
    let cases = [
        ("jarmo", Position::new(Rules::JARMO), 7),
        ("jasir", Position::new(Rules::JASIR), 7),
        ("jasir-reserve", Position::new(Rules::JASIR_RESERVE), 7),
        ("jasir-basic", Position::new(Rules::JASIR_BASIC), 7),
    ];
    bench_perft(
        c,
        "jarmo perft",
        &cases,
        GroupOptions {
            sample_size: Some(20),
            ..GroupOptions::default()
        },
    );
    // The README's figure: a count of about a second and a half, measured a few times.
    bench_perft(
        c,
        "jarmo perft deep",
        &[("jasir-reserve", Position::new(Rules::JASIR_RESERVE), 9)],
        GroupOptions {
            sample_size: Some(10),
            measurement_time: Some(Duration::from_secs(20)),
        },
    );
}

fn playout_bench(c: &mut Criterion) {
    let starts = preset_starts::<Position>();
    bench_playouts(
        c,
        "jarmo playouts",
        &starts,
        1000,
        1000,
        GroupOptions::default(),
    );
}

criterion_group!(benches, perft_bench, playout_bench);
criterion_main!(benches);
