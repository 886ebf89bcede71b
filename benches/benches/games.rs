//! Every game of the registry, measured the same way: for each preset's start position, perft
//! at the first depth with a million leaves or more (at most depth 8), and batches of 100
//! random games. A game added to the registry is measured here without a line of its own; the
//! per-game files add the cases that the figures in the docs quote.

use abstract_game::Game;
use criterion::{Criterion, criterion_group, criterion_main};
use jgames_benches::{GroupOptions, bench_perft, bench_playouts, perft_cases, preset_starts};

fn every_game(c: &mut Criterion) {
    let options = GroupOptions {
        sample_size: Some(10),
        measurement_time: None,
    };
    jgames_registry::for_each_game!(|G| {
        let starts = preset_starts::<G>();
        let cases = perft_cases(&starts, 1_000_000, 8);
        bench_perft(c, &format!("{} perft", G::NAME), &cases, options);
        bench_playouts(
            c,
            &format!("{} playouts", G::NAME),
            &starts,
            100,
            1000,
            options,
        );
    });
}

criterion_group!(benches, every_game);
criterion_main!(benches);
