//! Jetan: perft with bulk counting and random playouts.
//!
//! `jetan perft/standard depth 5` counts perft(5) of `standard` (1,817,024,548 leaves) and
//! `jetan playouts/standard x1000` plays random games from the start: the README's speed table
//! quotes both.

use abstract_game::{Game, GameRules as _};
use criterion::{Criterion, criterion_group, criterion_main};
use jetan_core::{Position, Rules};
use jgames_benches::{GroupOptions, bench_perft, bench_preset_playouts};

const FEW_SAMPLES: GroupOptions = GroupOptions {
    sample_size: Some(10),
    measurement_time: None,
};

fn perft_bench(c: &mut Criterion) {
    let mut cases: Vec<(&str, Position, u32)> = ["standard", "no-escape", "revisit"]
        .into_iter()
        .map(|name| {
            (
                name,
                Position::new(Rules::preset(name).expect("a preset")),
                4,
            )
        })
        .collect();
    // The README's figure: `standard depth 5`.
    cases.push(("standard", Position::new(Rules::default()), 5));
    bench_perft(c, "jetan perft", &cases, FEW_SAMPLES);
}

fn playout_bench(c: &mut Criterion) {
    bench_preset_playouts::<Position>(c, 1000, 1000, FEW_SAMPLES);
}

criterion_group!(benches, perft_bench, playout_bench);
criterion_main!(benches);
