//! The solver on the Jasir-basic endgames of at most two archers a side, held to two other
//! methods: the explicit-graph analysis of every position reachable from random roots, and a
//! plain full-width search over the game's own moves (`jarmo_core::Position`), depth by depth
//! until the value is proven, for 10,000 random positions.

mod common;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use common::{agrees_with_the_analysis, within};

use abstract_game::playout::Rng;
use abstract_game::{Game, PositionIndex, Solvable, TextGame, Value};
use game_solve::{Table, analyse, verify};
use jarmo_core::{Archers, JasirBasicIndex, Position, Rules};

/// Whether a layer holds at most `most` archers of each side.
fn small(index: &JasirBasicIndex, layer: usize, most: u32) -> bool {
    let node = index.unrank(layer, 0);
    node.archers.iter().all(|a| a.count_ones() <= most)
}

fn endgame(most: u32) -> Table<JasirBasicIndex> {
    let index = Position::position_index(Rules::JASIR_BASIC).unwrap();
    let wanted: Vec<bool> = (0..index.layer_count())
        .map(|l| small(&index, l, most))
        .collect();
    Table::solve_where(
        index,
        |l| wanted[l],
        2,
        &AtomicBool::new(false),
        &mut |_| {},
    )
    .unwrap()
}

/// A node drawn from a random layer of `table`.
fn random_node(table: &Table<JasirBasicIndex>, rng: &mut Rng) -> Archers {
    let index = table.index();
    loop {
        let layer = (rng.next_u64() % index.layer_count() as u64) as usize;
        if table.has_layer(layer) {
            let i = rng.next_u64() % index.layer_len(layer);
            return index.unrank(layer, i);
        }
    }
}

/// The position of a node drawn from a random layer of `table`.
fn random_position(table: &Table<JasirBasicIndex>, rng: &mut Rng) -> Position {
    table.index().game_of(random_node(table, rng))
}

/// `verify` (on two threads) finds every value of `table` right.
fn assert_verifies(table: &Table<JasirBasicIndex>) {
    assert_eq!(
        verify(table, 2, &AtomicBool::new(false), &mut |_, _| {}).unwrap(),
        None
    );
}

#[test]
fn the_layers_agree_with_the_graph_analysis_of_random_roots() {
    let table = endgame(2);
    assert_verifies(&table);
    let mut rng = Rng::seed_from_u64(36);
    let mut compared = 0;
    for _ in 0..40 {
        let root = random_node(&table, &mut rng);
        compared += agrees_with_the_analysis(&table, root, 1_000_000, "jasir-basic");
    }
    assert!(compared > 10_000, "{compared}");
}

#[test]
fn a_plain_search_proves_the_values_of_ten_thousand_random_positions() {
    let table = endgame(2);
    let mut rng = Rng::seed_from_u64(3636);
    let mut memo = HashMap::new();
    let mut by_sign = [0; 3];
    for _ in 0..10_000 {
        let pos = random_position(&table, &mut rng);
        let value = table.probe(&pos).unwrap();
        by_sign[(value.sign() + 1) as usize] += 1;
        match value.distance() {
            Some(d) => {
                assert_eq!(within(&pos, d, &mut memo), Some(value), "{}", pos.to_text());
                if d > 0 {
                    assert_eq!(within(&pos, d - 1, &mut memo), None, "{}", pos.to_text());
                }
            }
            None => {
                // A draw: no forced result within 16 plies, and never a win or a loss.
                let v = within(&pos, 16, &mut memo);
                assert!(
                    v.is_none() || v == Some(Value::Draw),
                    "{}: {v:?}",
                    pos.to_text()
                );
            }
        }
    }
    // Every kind of value was met.
    assert!(by_sign.iter().all(|&n| n > 100), "{by_sign:?}");
}

#[test]
fn a_perfect_line_from_a_won_endgame_wins_in_the_stated_plies() {
    let table = endgame(2);
    let pos = Position::from_text("w4/5/5/5/b4 b", Rules::JASIR_BASIC).unwrap();
    let value = table.probe(&pos).unwrap();
    assert_eq!(value, Value::Loss(4));
    let line = table.perfect_line(&pos, 100).unwrap();
    assert_eq!(line.len(), 4);
    let mut end = pos;
    for mv in line {
        end.play(mv).unwrap();
    }
    assert_eq!(
        end.outcome().and_then(|o| o.winner),
        Some(jarmo_core::WHITE)
    );
}

#[test]
fn engines_with_the_table_keep_the_value_and_win_won_endgames() {
    use game_search::{Budget, EngineSpec, SharedOracle};
    let table = std::sync::Arc::new(endgame(2));
    let mut rng = Rng::seed_from_u64(7);
    let mut won = 0;
    for spec in ["alphabeta:depth=2", "mcts:iterations=50"] {
        let spec: EngineSpec = spec.parse().unwrap();
        let mut engine = spec.build::<Position>();
        engine.set_oracle(SharedOracle(table.clone()));
        let mut opponent = EngineSpec::Random(Default::default()).build::<Position>();
        for _ in 0..30 {
            let mut pos = random_position(&table, &mut rng);
            let Ok(Value::Win(d)) = table.probe(&pos) else {
                continue;
            };
            let winner = pos.side_to_move();
            let mut plies = 0;
            while !pos.is_over() {
                let mover = if pos.side_to_move() == winner {
                    &mut engine
                } else {
                    &mut opponent
                };
                let (mv, info) = mover.choose(&pos, &Budget::DEFAULT).unwrap();
                if pos.side_to_move() == winner {
                    // The move keeps the win, and the engine says how far the end is.
                    let after = table.probe(&pos.after(mv)).unwrap();
                    assert!(matches!(after, Value::Loss(_)), "{}", pos.to_text());
                    assert!(info.score.is_win());
                }
                pos.play(mv).unwrap();
                plies += 1;
            }
            assert!(plies <= usize::from(d), "{plies} > {d}");
            assert_eq!(pos.outcome().and_then(|o| o.winner), Some(winner));
            won += 1;
        }
    }
    assert!(won > 20, "{won}");
}

#[test]
fn alphabeta_to_the_end_agrees_with_the_table_where_it_finishes() {
    use game_search::{Budget, EngineSpec, Score};
    let table = endgame(2);
    let mut rng = Rng::seed_from_u64(11);
    let mut checked = 0;
    while checked < 200 {
        let pos = random_position(&table, &mut rng);
        let value = table.probe(&pos).unwrap();
        let Some(d) = value.distance().filter(|&d| (1..=12).contains(&d)) else {
            continue;
        };
        // No table: the plain engine, deep enough to see the end of every line.
        let mut engine = "alphabeta:tables=off"
            .parse::<EngineSpec>()
            .unwrap()
            .build::<Position>();
        let budget = Budget::depth(u32::from(d) + 2);
        let (mv, info) = engine.choose(&pos, &budget).unwrap();
        let expected = match value {
            Value::Win(d) => Score::Win(u32::from(d)),
            _ => Score::Loss(u32::from(d)),
        };
        assert_eq!(info.score, expected, "{}", pos.to_text());
        if value.sign() > 0 {
            // Its move keeps the win at the same distance.
            assert_eq!(
                table.probe(&pos.after(mv)).unwrap(),
                Value::Loss(d - 1),
                "{}",
                pos.to_text()
            );
        }
        checked += 1;
    }
}

#[test]
fn the_reachable_positions_are_those_the_graph_analysis_gathers() {
    let table = endgame(2);
    let index = table.index();
    let mut rng = Rng::seed_from_u64(99);
    for _ in 0..20 {
        let root = random_node(&table, &mut rng);
        let analysis = analyse(index, root, 1_000_000).unwrap();
        let mut expected = game_solve::Counts::default();
        for &(_, v) in &analysis.values {
            expected.add(v);
        }
        let counts = game_solve::reachable_counts(&table, &[root]).unwrap();
        assert_eq!(counts, expected);
    }
}

/// The deep twin of the checks above, on the endgames of at most three archers a side
/// (9,602,702 positions; the analyses from random roots gather millions each). `cargo test --release -p game-solve
/// --test jasir_basic -- --ignored`.
#[test]
#[ignore]
fn three_archers_a_side_agree_with_the_graph_analysis_and_verify() {
    let table = endgame(3);
    assert_verifies(&table);
    let mut rng = Rng::seed_from_u64(333);
    for _ in 0..10 {
        let root = random_node(&table, &mut rng);
        agrees_with_the_analysis(&table, root, 20_000_000, "jasir-basic");
    }
}
