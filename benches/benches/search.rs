//! The search engines: MCTS iterations per second and alpha-beta nodes per second, on a toy
//! game (two-heap subtraction Nim, defined here) and MCTS from the start of Jarmo.
//!
//! Each measured search starts from an empty tree or table, so every sample does the same work.

use std::hint::black_box;
use std::time::Duration;

use abstract_game::{Evaluate, Game, Outcome, Rules, Side};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_search::{AlphaBeta, AlphaBetaOptions, Budget, Engine, Mcts, MctsOptions};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct NimRules;

impl Rules for NimRules {
    const PRESETS: &'static [&'static str] = &["standard"];
    fn preset(name: &str) -> Option<Self> {
        (name == "standard").then_some(NimRules)
    }
}

/// Two heaps; a move takes 1, 2 or 3 stones from one; whoever takes the last stone wins.
#[derive(Clone, Copy, Debug)]
struct Nim {
    heaps: [u8; 2],
    to_move: Side,
}

impl Game for Nim {
    type Move = (u8, u8);
    type Rules = NimRules;
    type MoveList = arrayvec::ArrayVec<(u8, u8), 6>;
    const NAME: &'static str = "nim";
    const SIDE_NAMES: [&'static str; 2] = ["First", "Second"];

    fn new(_: NimRules) -> Nim {
        Nim {
            heaps: [40, 37],
            to_move: Side::First,
        }
    }
    fn rules(&self) -> NimRules {
        NimRules
    }
    fn side_to_move(&self) -> Side {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        for heap in 0..2u8 {
            for take in 1..=self.heaps[heap as usize].min(3) {
                moves.push((heap, take));
            }
        }
    }
    fn play_unchecked(&mut self, (heap, take): (u8, u8)) {
        let heap = &mut self.heaps[usize::from(heap & 1)];
        *heap = heap.saturating_sub(take);
        self.to_move = !self.to_move;
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.heaps == [0, 0]).then(|| Outcome::win(!self.to_move))
    }
    fn zobrist(&self) -> u64 {
        self.zobrist_from_scratch()
    }
    fn zobrist_from_scratch(&self) -> u64 {
        u64::from(self.heaps[0]) << 8 | u64::from(self.heaps[1]) << 1 | self.to_move.index() as u64
    }
}

impl Evaluate for Nim {
    fn evaluate(&self) -> i32 {
        // Something to compute: the residue difference, as a game's heuristic would.
        i32::from(self.heaps[0] % 4) - i32::from(self.heaps[1] % 4)
    }
}

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
    let cases = [
        ("nim 40+37", Nim::new(NimRules)),
        (
            "nim 7+5",
            Nim {
                heaps: [7, 5],
                to_move: Side::First,
            },
        ),
    ];
    bench_mcts(c, "search mcts", &cases, 20_000);
    bench_alphabeta(c, "search alphabeta", &cases[..1], Budget::nodes(300_000));
}

fn jarmo_bench(c: &mut Criterion) {
    let cases = [(
        "jarmo start",
        jarmo_core::Position::new(jarmo_core::Rules::JARMO),
    )];
    bench_mcts(c, "search mcts", &cases, 5_000);
}

criterion_group!(benches, nim_bench, jarmo_bench);
criterion_main!(benches);
