//! The search engines: MCTS iterations per second and alpha-beta nodes per second, on a toy
//! game (two-heap subtraction Nim, `abstract_game::nim`, whose evaluation is 0, so
//! the alpha-beta figure is the search's own cost) and from the start of each of the four
//! games (with its evaluation: the figures `docs/engines.md` quotes).
//!
//! Each measured search starts from an empty tree or table, so every sample does the same work.

use std::hint::black_box;
use std::time::Duration;

use abstract_game::nim::Nim;
use abstract_game::{Evaluate, Game};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_search::{AlphaBeta, AlphaBetaOptions, Budget, Engine, Mcts, MctsOptions};

/// MCTS from each position with a fresh tree; throughput in iterations.
fn bench_mcts<G: Game>(c: &mut Criterion, group_name: &str, cases: &[(&str, G)], iterations: u64) {
    let mut group = c.benchmark_group(group_name);
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    group.throughput(Throughput::Elements(iterations));
    for (name, pos) in cases {
        group.bench_function(format!("{name} x{iterations}"), |b| {
            b.iter(|| {
                let mut engine = Mcts::<G>::new(MctsOptions {
                    seed: 1,
                    ..MctsOptions::DEFAULT
                });
                engine.choose(black_box(pos), &Budget::iterations(iterations))
            })
        });
    }
    group.finish();
}

/// Alpha-beta from each position with a cleared table; throughput in nodes.
fn bench_alphabeta<G: Game + Evaluate>(
    c: &mut Criterion,
    group_name: &str,
    cases: &[(&str, G)],
    budget: Budget,
) {
    let mut group = c.benchmark_group(group_name);
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for (name, pos) in cases {
        let mut engine = AlphaBeta::<G>::new(AlphaBetaOptions {
            hash_mib: 1,
            ..AlphaBetaOptions::DEFAULT
        });
        let nodes = engine
            .choose(pos, &budget)
            .map_or(1, |(_, info)| info.nodes.max(1));
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name} {nodes} nodes"), |b| {
            b.iter(|| {
                engine.new_game();
                engine.choose(black_box(pos), &budget)
            })
        });
    }
    group.finish();
}

fn nim_bench(c: &mut Criterion) {
    let cases = [("nim 40+37", Nim::at(40, 37)), ("nim 7+5", Nim::at(7, 5))];
    bench_mcts(c, "search mcts", &cases, 20_000);
    bench_alphabeta(c, "search alphabeta", &cases[..1], Budget::nodes(300_000));
}

fn games_bench(c: &mut Criterion) {
    fn both<G: Game + Evaluate>(c: &mut Criterion, pos: G, iterations: u64, nodes: u64) {
        let cases = [(format!("{} start", G::NAME), pos)];
        let cases: Vec<(&str, G)> = cases.iter().map(|(n, p)| (n.as_str(), p.clone())).collect();
        bench_mcts(c, "search mcts", &cases, iterations);
        bench_alphabeta(c, "search alphabeta", &cases, Budget::nodes(nodes));
    }
    both(
        c,
        jarmo_core::Position::new(jarmo_core::Rules::JARMO),
        20_000,
        1_000_000,
    );
    both(c, jetan_core::Position::default(), 5_000, 1_000_000);
    both(
        c,
        jersi_core::Position::new(jersi_core::Rules::default()),
        500,
        300_000,
    );
    both(
        c,
        jericho_core::Position::new(jericho_core::Rules::default()),
        10_000,
        500_000,
    );
}

criterion_group!(benches, nim_bench, games_bench);
criterion_main!(benches);
