//! The engines on subtraction Nim, whose solution is known: a position is lost for the side
//! to move exactly when its two heaps are equal modulo 4.

mod common;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use abstract_game::{Game, Side};
use common::{Nim, solve};
use game_search::{
    AlphaBeta, AlphaBetaOptions, Budget, Engine, EngineSpec, Mcts, MctsOptions, Random, Score,
    Watch,
};
use proptest::prelude::*;

fn mcts(seed: u64) -> Mcts<Nim> {
    Mcts::new(MctsOptions {
        seed,
        ..MctsOptions::DEFAULT
    })
}

/// Checks that `pv` is a line of legal moves from `pos`.
fn assert_legal_line(pos: &Nim, pv: &[(u8, u8)]) {
    let mut p = *pos;
    for &mv in pv {
        assert!(
            p.is_legal(mv),
            "{mv:?} illegal in {p:?} (line {pv:?} from {pos:?})"
        );
        p.play_unchecked(mv);
    }
}

// ---------------------------------------------------------------------------------------
// Alpha-beta

/// Checks one alpha-beta answer against the brute-force solution.
fn check_alphabeta_answer(
    pos: &Nim,
    mv: (u8, u8),
    score: Score,
    memo: &mut HashMap<(u8, u8), (bool, u32)>,
) {
    assert!(pos.is_legal(mv));
    let (wins, plies) = solve(pos.heaps[0], pos.heaps[1], memo);
    assert_eq!(
        wins,
        !pos.is_lost(),
        "the solver and the mod-4 rule disagree"
    );
    let child = pos.after(mv);
    if wins {
        assert_eq!(score, Score::Win(plies), "{pos:?}");
        assert!(child.is_lost(), "{pos:?}: {mv:?} does not win");
        // The move wins as fast as possible.
        let (child_wins, child_plies) = solve(child.heaps[0], child.heaps[1], memo);
        assert!(!child_wins);
        assert_eq!(child_plies + 1, plies, "{pos:?}: {mv:?} wins too slowly");
    } else {
        assert_eq!(score, Score::Loss(plies), "{pos:?}");
        let (_, child_plies) = solve(child.heaps[0], child.heaps[1], memo);
        assert_eq!(child_plies + 1, plies, "{pos:?}: {mv:?} loses too fast");
    }
}

#[test]
fn alphabeta_solves_every_small_position() {
    let mut memo = HashMap::new();
    // One engine for all positions: its table carries results from one search to the next.
    let mut shared = AlphaBeta::<Nim>::default();
    for a in 0..=7u8 {
        for b in 0..=7u8 {
            if a == 0 && b == 0 {
                continue;
            }
            let pos = Nim::at(a, b);
            let budget = Budget::depth(u32::from(a + b));
            for engine in [&mut shared, &mut AlphaBeta::default()] {
                let (mv, info) = engine.choose(&pos, &budget).unwrap();
                check_alphabeta_answer(&pos, mv, info.score, &mut memo);
                assert_eq!(info.pv.first(), Some(&mv));
                assert_legal_line(&pos, &info.pv);
                assert!(info.depth >= 1 && info.depth <= u32::from(a + b));
                assert!(info.nodes > 0);
            }
        }
    }
}

#[test]
fn alphabeta_single_heap_takes_to_a_multiple_of_four() {
    let mut engine = AlphaBeta::<Nim>::default();
    for n in 1..=24u8 {
        let pos = Nim::at(n, 0);
        let (mv, info) = engine.choose(&pos, &Budget::INFINITE).unwrap();
        if n % 4 == 0 {
            assert!(info.score.is_loss(), "{n}: {:?}", info.score);
            // A lost single heap lasts: every stone taken one ply... at most n plies.
            assert!(info.score.plies_to_end().unwrap() <= u32::from(n));
        } else {
            assert_eq!(mv, (0, n % 4), "{n}");
            assert!(info.score.is_win());
        }
    }
}

#[test]
fn alphabeta_prefers_the_faster_win_and_the_slower_loss() {
    let (mv, info) = AlphaBeta::<Nim>::default()
        .choose(&Nim::at(3, 0), &Budget::depth(10))
        .unwrap();
    assert_eq!((mv, info.score), ((0, 3), Score::Win(1)));
    // Lost at once whatever the move: the opponent takes the last stone.
    let (_, info) = AlphaBeta::<Nim>::default()
        .choose(&Nim::at(1, 1), &Budget::depth(5))
        .unwrap();
    assert_eq!(info.score, Score::Loss(2));
    // Positions where the winning (or losing) moves differ in distance: the engine must pick
    // the fastest win (the slowest loss).
    let mut memo = HashMap::new();
    let mut tested = 0;
    for a in 0..=9u8 {
        for b in 0..=9u8 {
            let pos = Nim::at(a, b);
            let (wins, _) = solve(a, b, &mut memo);
            let mut distances: Vec<u32> = pos
                .moves()
                .into_iter()
                .map(|mv| pos.after(mv))
                .filter(|c| c.is_lost() == wins)
                .map(|c| solve(c.heaps[0], c.heaps[1], &mut memo).1)
                .collect();
            distances.sort_unstable();
            distances.dedup();
            if distances.len() < 2 {
                continue;
            }
            tested += 1;
            let (mv, info) = AlphaBeta::<Nim>::default()
                .choose(&pos, &Budget::INFINITE)
                .unwrap();
            check_alphabeta_answer(&pos, mv, info.score, &mut memo);
        }
    }
    assert!(
        tested >= 10,
        "only {tested} positions with a choice of distance"
    );
}

#[test]
fn alphabeta_stops_once_the_result_is_proved() {
    let (_, info) = AlphaBeta::<Nim>::default()
        .choose(&Nim::at(2, 1), &Budget::depth(60))
        .unwrap();
    let plies = info.score.plies_to_end().unwrap();
    assert_eq!(info.depth, plies);
}

#[test]
fn alphabeta_depth_budget_is_the_last_iteration() {
    let pos = Nim::at(40, 37);
    for depth in 1..=6 {
        let (mv, info) = AlphaBeta::<Nim>::default()
            .choose(&pos, &Budget::depth(depth))
            .unwrap();
        assert!(pos.is_legal(mv));
        assert_eq!(info.depth, depth);
        assert_eq!(info.score, Score::DRAW, "no result within {depth} plies");
        assert!(info.seldepth <= depth);
        assert!(info.pv.len() <= depth as usize);
        assert_legal_line(&pos, &info.pv);
    }
}

#[test]
fn alphabeta_node_budget_is_respected() {
    let pos = Nim::at(200, 190);
    for nodes in [1, 2, 10, 100, 1_000, 5_000, 20_000] {
        let (mv, info) = AlphaBeta::<Nim>::default()
            .choose(&pos, &Budget::nodes(nodes))
            .unwrap();
        assert!(pos.is_legal(mv));
        assert!(
            info.nodes <= nodes,
            "{} nodes for a budget of {nodes}",
            info.nodes
        );
    }
    // A big budget completes iterations.
    let (_, info) = AlphaBeta::<Nim>::default()
        .choose(&pos, &Budget::nodes(20_000))
        .unwrap();
    assert!(info.depth >= 3, "{info:?}");
}

#[test]
fn alphabeta_is_repeatable() {
    let pos = Nim::at(30, 21);
    let run = || with_table(1).choose(&pos, &Budget::nodes(30_000)).unwrap();
    let (a, ia) = run();
    let (b, ib) = run();
    assert_eq!(a, b);
    assert_eq!(ia, ib);
}

/// Alpha-beta on Nim with a transposition table of `hash_mib` MiB (0: the smallest table).
fn with_table(hash_mib: usize) -> AlphaBeta<Nim> {
    AlphaBeta::new(AlphaBetaOptions {
        hash_mib,
        ..AlphaBetaOptions::DEFAULT
    })
}

#[test]
fn alphabeta_reports_each_iteration() {
    let stop = AtomicBool::new(false);
    let mut depths = Vec::new();
    let result = AlphaBeta::<Nim>::default().search(
        &Nim::at(9, 9),
        &Budget::depth(5),
        Watch::new(&stop, &mut |info| depths.push(info.depth)),
    );
    assert!(result.is_some());
    assert_eq!(depths, [1, 2, 3, 4, 5]);
}

#[test]
fn a_tiny_table_still_gives_exact_results() {
    let mut memo = HashMap::new();
    let mut engine = with_table(0);
    assert_eq!(engine.table_entries(), 2);
    check_full_depth_answers(&mut engine, &[(3, 2), (4, 4), (5, 2), (1, 6)], &mut memo);
}

/// The answers of `engine` searching each Nim position of `heaps` to its full depth (every
/// stone), checked against plain minimax.
fn check_full_depth_answers(
    engine: &mut AlphaBeta<Nim>,
    heaps: &[(u8, u8)],
    memo: &mut HashMap<(u8, u8), (bool, u32)>,
) {
    for &(a, b) in heaps {
        let pos = Nim::at(a, b);
        let (mv, info) = engine
            .choose(&pos, &Budget::depth(u32::from(a + b)))
            .unwrap();
        check_alphabeta_answer(&pos, mv, info.score, memo);
    }
}

#[test]
fn a_move_ordering_hook_keeps_results_exact() {
    // Prefer taking from the second heap, then bigger takes.
    fn hint(_: &Nim, (heap, take): (u8, u8)) -> i32 {
        i32::from(heap) * 10 + i32::from(take)
    }
    let mut memo = HashMap::new();
    let mut engine = AlphaBeta::<Nim>::default().with_move_priority(hint);
    check_full_depth_answers(&mut engine, &[(6, 1), (2, 7), (5, 5)], &mut memo);
}

#[test]
fn an_evaluator_hook_replaces_the_games_evaluation() {
    // Nim's own evaluation is 0 everywhere, so a depth-1 search from 7+5 (no move ends the
    // game) keeps the first move it tries.
    let pos = Nim::at(7, 5);
    let depth1 = Budget::depth(1);
    let (plain, info) = AlphaBeta::<Nim>::default().choose(&pos, &depth1).unwrap();
    assert_eq!((plain, info.score), ((0, 1), Score::Value(0)));
    // Stones in the second heap are good for the side to move: the search empties it as far
    // as it can, and reports the evaluator's value of the position it leaves.
    let mut engine =
        AlphaBeta::<Nim>::default().with_evaluator(|p: &Nim| 10 * i32::from(p.heaps[1]));
    let (mv, info) = engine.choose(&pos, &depth1).unwrap();
    assert_eq!((mv, info.score), ((1, 3), Score::Value(-20)));
    // A clone keeps the hook; results of finished games still come first.
    let (mv, info) = engine.clone().choose(&Nim::at(0, 3), &depth1).unwrap();
    assert_eq!((mv, info.score), ((1, 3), Score::Win(1)));
    // Values beyond the bound are clamped like the game's own.
    let mut wild = AlphaBeta::<Nim>::default().with_evaluator(|_: &Nim| i32::MIN);
    let (_, info) = wild.choose(&pos, &depth1).unwrap();
    assert_eq!(info.score, Score::Value(abstract_game::EVAL_BOUND));
}

/// Every position up to 10 + 10 (the second side to move), searched one after another by one
/// engine: the known result and the fastest win or slowest loss. (The proptest below caught
/// late-move reductions giving Win(9) for Win(7); a result proved with reductions is now
/// searched again in full.)
#[test]
fn alphabeta_finds_the_fastest_win_despite_its_reductions() {
    let mut memo = HashMap::new();
    // One engine for all, so that each search meets the table the others left.
    let mut engine = with_table(1);
    for a in (0..=10).rev() {
        for b in 0..=10 {
            let mut pos = Nim::at(a, b);
            pos.to_move = Side::Second;
            if let Some((mv, info)) = engine.choose(&pos, &Budget::INFINITE) {
                check_alphabeta_answer(&pos, mv, info.score, &mut memo);
            }
        }
    }
}

/// Lazy SMP: with helper threads sharing the table, every small position still gets its exact
/// result and a fastest win or slowest loss (a helper's entries searched with reductions
/// must not stand in the full-width search that looks for the fastest result).
#[test]
fn alphabeta_with_threads_finds_the_exact_results() {
    let mut memo = HashMap::new();
    for threads in [2, 3] {
        let mut engine = AlphaBeta::<Nim>::new(AlphaBetaOptions {
            hash_mib: 1,
            threads,
            ..AlphaBetaOptions::DEFAULT
        });
        for a in (0..=9).rev() {
            for b in 0..=9 {
                let pos = Nim::at(a, b);
                if let Some((mv, info)) = engine.choose(&pos, &Budget::INFINITE) {
                    check_alphabeta_answer(&pos, mv, info.score, &mut memo);
                }
            }
        }
    }
}

/// The helper threads stop with the main one: a node or depth budget ends the whole search,
/// and the reported nodes count every thread's.
#[test]
fn alphabeta_threads_end_with_the_budget() {
    let pos = Nim::at(150, 120);
    let mut one = AlphaBeta::<Nim>::default();
    let mut two = AlphaBeta::<Nim>::new(AlphaBetaOptions {
        threads: 2,
        ..AlphaBetaOptions::DEFAULT
    });
    let (_, alone) = one.choose(&pos, &Budget::nodes(200_000)).unwrap();
    assert_eq!(alone.nodes, 200_000);
    // The main thread stops at the budget; the helpers' nodes come on top (a helper the
    // scheduler never ran before the end adds none, so a few searches are looked at).
    let mut helped = false;
    for _ in 0..5 {
        let (mv, shared) = two.choose(&pos, &Budget::nodes(200_000)).unwrap();
        assert!(pos.is_legal(mv));
        helped |= shared.nodes > 200_000;
    }
    assert!(helped, "the helper thread never searched");
    let (mv, info) = two.choose(&pos, &Budget::depth(3)).unwrap();
    assert!(pos.is_legal(mv) && info.depth == 3);
    // A clone has a table of its own: searching with it leaves this engine's alone.
    let mut copy = two.clone();
    copy.new_game();
    assert_eq!(copy.table_entries(), two.table_entries());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random positions of up to 10 + 10 stones, searched through to the end by one engine
    /// with a small table: always the known result, always a fastest win or a slowest loss.
    #[test]
    fn alphabeta_agrees_with_the_solution(
        positions in proptest::collection::vec((0u8..=10, 0u8..=10, any::<bool>()), 1..6)
    ) {
        let mut memo = HashMap::new();
        let mut engine = with_table(1);
        for (a, b, second) in positions {
            let mut pos = Nim::at(a, b);
            if second {
                pos.to_move = Side::Second;
            }
            match engine.choose(&pos, &Budget::INFINITE) {
                None => prop_assert!(pos.is_over()),
                Some((mv, info)) => check_alphabeta_answer(&pos, mv, info.score, &mut memo),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// MCTS

#[test]
fn mcts_finds_the_winning_move_in_small_positions() {
    for a in 0..=6u8 {
        for b in 0..=6u8 {
            let pos = Nim::at(a, b);
            if pos.is_over() || pos.is_lost() {
                continue;
            }
            let (mv, info) = mcts(11).choose(&pos, &Budget::iterations(4_000)).unwrap();
            assert!(pos.after(mv).is_lost(), "{pos:?}: {mv:?} ({info:?})");
            assert_eq!(info.iterations, 4_000);
            assert_eq!(info.pv.first(), Some(&mv));
            assert_legal_line(&pos, &info.pv);
            assert!(
                info.score.is_win() || info.score > Score::Value(300),
                "{pos:?}: {:?}",
                info.score
            );
        }
    }
}

#[test]
fn mcts_sees_a_lost_position() {
    let (_, info) = mcts(3)
        .choose(&Nim::at(4, 4), &Budget::iterations(20_000))
        .unwrap();
    assert!(info.score < Score::Value(-300), "{:?}", info.score);
}

#[test]
fn mcts_takes_an_immediate_win() {
    let (mv, info) = mcts(1)
        .choose(&Nim::at(0, 2), &Budget::iterations(50))
        .unwrap();
    assert_eq!((mv, info.score), ((1, 2), Score::Win(1)));
}

#[test]
fn mcts_same_seed_same_search() {
    let pos = Nim::at(7, 5);
    for threads in [1, 2, 3] {
        let options = MctsOptions {
            seed: 5,
            threads,
            ..MctsOptions::DEFAULT
        };
        let budget = Budget::iterations(3_001);
        let (a, ia) = Mcts::<Nim>::new(options).choose(&pos, &budget).unwrap();
        let (b, ib) = Mcts::<Nim>::new(options).choose(&pos, &budget).unwrap();
        assert_eq!(a, b);
        assert_eq!(ia, ib);
        assert_eq!(
            ia.iterations, 3_001,
            "the budget is shared by the {threads} trees"
        );
        assert_eq!(ia.nodes, ia.iterations);
    }
    // Another seed searches another tree.
    let budget = Budget::iterations(500);
    let (_, i1) = mcts(1).choose(&Nim::at(20, 13), &budget).unwrap();
    let (_, i2) = mcts(2).choose(&Nim::at(20, 13), &budget).unwrap();
    assert_ne!(
        (i1.score, i1.pv, i1.seldepth),
        (i2.score, i2.pv, i2.seldepth)
    );
}

#[test]
fn mcts_node_budget_counts_iterations() {
    let (mv, info) = mcts(0)
        .choose(&Nim::at(9, 4), &Budget::nodes(777).with_iterations(10_000))
        .unwrap();
    assert!(Nim::at(9, 4).is_legal(mv));
    assert_eq!(info.nodes, 777);
}

#[test]
fn mcts_tree_stops_growing_at_the_node_limit() {
    let mut engine = Mcts::<Nim>::new(MctsOptions {
        max_nodes: 40,
        ..MctsOptions::DEFAULT
    });
    let pos = Nim::at(12, 9);
    let (mv, info) = engine.choose(&pos, &Budget::iterations(3_000)).unwrap();
    assert!(pos.is_legal(mv));
    assert_eq!(info.iterations, 3_000);
    assert_eq!(engine.tree_nodes(), 40);
    // A tree of the root alone still plays legal moves.
    let mut bare = Mcts::<Nim>::new(MctsOptions {
        max_nodes: 1,
        ..MctsOptions::DEFAULT
    });
    let (mv, _) = bare.choose(&pos, &Budget::iterations(100)).unwrap();
    assert!(pos.is_legal(mv));
    assert_eq!(bare.tree_nodes(), 1);
}

#[test]
fn mcts_reuses_the_tree_two_plies_down() {
    let pos = Nim::at(9, 7);
    let mut engine = mcts(4);
    let (mv, info) = engine.choose(&pos, &Budget::iterations(5_000)).unwrap();
    assert_eq!(engine.last_reused(), 0);
    let reply = info.pv[1];
    let next = pos.after(mv).after(reply);
    engine.choose(&next, &Budget::iterations(1_000)).unwrap();
    let kept = engine.last_reused();
    assert!(kept > 0, "nothing kept");
    // The same position again keeps the whole tree: the old visits and the new ones.
    engine.choose(&next, &Budget::iterations(10)).unwrap();
    assert_eq!(engine.last_reused(), kept + 1_000);
    // One ply down works too.
    let (mv, _) = engine.choose(&next, &Budget::iterations(10)).unwrap();
    engine
        .choose(&next.after(mv), &Budget::iterations(10))
        .unwrap();
    assert!(engine.last_reused() > 0);
    // A new game, or reuse turned off, starts from nothing.
    engine.new_game();
    engine.choose(&next, &Budget::iterations(10)).unwrap();
    assert_eq!(engine.last_reused(), 0);
    let mut fresh = Mcts::<Nim>::new(MctsOptions {
        reuse: false,
        ..MctsOptions::DEFAULT
    });
    fresh.choose(&next, &Budget::iterations(100)).unwrap();
    fresh.choose(&next, &Budget::iterations(100)).unwrap();
    assert_eq!(fresh.last_reused(), 0);
    // An unrelated position keeps nothing.
    engine
        .choose(&Nim::at(30, 1), &Budget::iterations(10))
        .unwrap();
    assert_eq!(engine.last_reused(), 0);
}

#[test]
fn mcts_with_reuse_still_plays_the_winning_moves() {
    // A whole game against itself from a won position: the first side keeps winning.
    let mut engine = mcts(8);
    let mut pos = Nim::at(6, 3);
    while !pos.is_over() {
        let (mv, _) = engine.choose(&pos, &Budget::iterations(3_000)).unwrap();
        if pos.to_move == Side::First {
            assert!(pos.after(mv).is_lost(), "{pos:?}: {mv:?}");
        }
        pos.play_unchecked(mv);
    }
    assert_eq!(pos.outcome().unwrap().winner, Some(Side::First));
}

// ---------------------------------------------------------------------------------------
// Random

#[test]
fn random_is_uniform_and_seeded() {
    let pos = Nim::at(5, 5);
    let moves = pos.moves();
    assert_eq!(moves.len(), 6);
    let mut engine = Random::new(9);
    let mut counts = [0u32; 6];
    let mut first = Vec::new();
    for i in 0..6_000 {
        let (mv, info) = engine.choose(&pos, &Budget::default()).unwrap();
        assert_eq!(info.pv, [mv]);
        counts[moves.iter().position(|&m| m == mv).unwrap()] += 1;
        if i < 50 {
            first.push(mv);
        }
    }
    assert!(
        counts.iter().all(|&n| (850..1150).contains(&n)),
        "{counts:?}"
    );
    let mut again = Random::new(9);
    let replay: Vec<_> = (0..50)
        .map(|_| again.choose(&pos, &Budget::default()).unwrap().0)
        .collect();
    assert_eq!(replay, first);
    let mut other = Random::new(10);
    let different: Vec<_> = (0..50)
        .map(|_| other.choose(&pos, &Budget::default()).unwrap().0)
        .collect();
    assert_ne!(different, first);
}

// ---------------------------------------------------------------------------------------
// Every engine

fn all_engines() -> Vec<Box<dyn Engine<Nim>>> {
    [
        "random:seed=1",
        "mcts:iterations=2000,seed=3",
        "mcts:iterations=2000,seed=3,threads=2",
        "alphabeta",
        "alphabeta:depth=3,hash=1",
        "alphabeta:threads=2",
    ]
    .iter()
    .map(|s| s.parse::<EngineSpec>().unwrap().build::<Nim>())
    .collect()
}

#[test]
fn no_move_once_the_game_is_over() {
    for mut engine in all_engines() {
        assert!(engine.choose(&Nim::at(0, 0), &Budget::default()).is_none());
    }
}

#[test]
fn a_stop_flag_set_before_the_search_still_gives_a_legal_move() {
    let stop = AtomicBool::new(true);
    for pos in [Nim::at(13, 8), Nim::at(1, 0), Nim::at(3, 3)] {
        for mut engine in all_engines() {
            for budget in [Budget::default(), Budget::INFINITE] {
                let (mv, info) = engine
                    .search(&pos, &budget, Watch::new(&stop, &mut |_| {}))
                    .unwrap_or_else(|| panic!("{}: no move", engine.name()));
                assert!(pos.is_legal(mv), "{}", engine.name());
                assert!(info.nodes <= 1, "{}: {info:?}", engine.name());
            }
        }
    }
}

#[test]
fn a_short_time_budget_gives_a_legal_move() {
    let pos = Nim::at(150, 120);
    for mut engine in all_engines() {
        let budget = Budget::time(Duration::from_millis(20)).with_depth(127);
        let (mv, _) = engine
            .choose(&pos, &Budget::INFINITE.with_time(Duration::from_millis(20)))
            .unwrap();
        assert!(pos.is_legal(mv), "{}", engine.name());
        let (mv, _) = engine.choose(&pos, &budget).unwrap();
        assert!(pos.is_legal(mv), "{}", engine.name());
    }
}

#[test]
fn a_stop_flag_set_during_the_search_ends_it() {
    let stop = AtomicBool::new(false);
    let pos = Nim::at(200, 100);
    for mut engine in all_engines() {
        let result = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(20));
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            });
            engine.search(&pos, &Budget::INFINITE, Watch::new(&stop, &mut |_| {}))
        });
        let (mv, _) = result.unwrap();
        assert!(pos.is_legal(mv));
        stop.store(false, std::sync::atomic::Ordering::Relaxed);
    }
}

#[test]
fn engine_names_are_their_specs() {
    for engine in all_engines() {
        let spec: EngineSpec = engine.name().parse().unwrap();
        assert_eq!(spec.to_string(), engine.name());
    }
}

/// Plays `first` against `second` from `start`; the winner.
fn play(first: &mut dyn Engine<Nim>, second: &mut dyn Engine<Nim>, start: Nim) -> Side {
    first.new_game();
    second.new_game();
    let mut pos = start;
    while !pos.is_over() {
        let (mv, _) = if pos.to_move == Side::First {
            first.choose(&pos, &Budget::default())
        } else {
            second.choose(&pos, &Budget::default())
        }
        .unwrap();
        assert!(pos.is_legal(mv));
        pos.play_unchecked(mv);
    }
    pos.outcome().unwrap().winner.unwrap()
}

#[test]
fn the_searches_beat_random_from_won_positions() {
    for spec in [
        "alphabeta:depth=20",
        "alphabeta:nodes=100000",
        "mcts:iterations=1500,seed=2",
    ] {
        let mut wins = 0;
        for seed in 0..10 {
            let mut engine = spec.parse::<EngineSpec>().unwrap().build::<Nim>();
            let mut random = Random::new(seed);
            let start = Nim::at(9 + (seed % 3) as u8, 4);
            assert!(!start.is_lost());
            if play(engine.as_mut(), &mut random, start) == Side::First {
                wins += 1;
            }
        }
        assert_eq!(wins, 10, "{spec}");
    }
}
