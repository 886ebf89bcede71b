//! Studies against answers known exactly: Nim under random play (its first-mover advantage
//! computed by a plain recursion) and under perfect play; repeatability by seed, whatever the
//! threads or the split into units.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use abstract_game::nim::{Nim, NimRules};
use abstract_game::{Game, GameRules, Side, TextGame};
use game_search::{Budget, EngineSpec};
use game_study::{Cell, Contestant, GameRow, Study, Summary, Unit};

/// The chance that the side to move at `pos` wins when both sides play uniformly random
/// moves: the mean over its moves of 1 for a move that takes the last stone, else one minus
/// the opponent's chance after it.
fn random_win_chance(pos: &Nim, memo: &mut HashMap<[u8; 2], f64>) -> f64 {
    if let Some(&p) = memo.get(&pos.heaps) {
        return p;
    }
    let moves = pos.moves();
    let total: f64 = moves
        .iter()
        .map(|&mv| {
            let next = pos.after(mv);
            if next.is_over() {
                1.0
            } else {
                1.0 - random_win_chance(&next, memo)
            }
        })
        .sum();
    let p = total / moves.len() as f64;
    memo.insert(pos.heaps, p);
    p
}

fn study(spec: &str, budget: Budget, games: u32, cells: usize) -> Study<Nim> {
    let player = Contestant::new(spec.parse::<EngineSpec>().unwrap(), budget);
    let presets = ["small", "big"];
    Study {
        cells: (0..cells)
            .map(|i| Cell {
                variant: presets[i % 2].to_owned(),
                rules: NimRules::PRESETS[i % 2].rules,
                players: [player; 2],
            })
            .collect(),
        games,
        seed: 11,
        opening_plies: 0,
        max_plies: 200,
        repetition: Some(3),
        starts: Vec::new(),
    }
}

#[test]
fn random_play_shows_the_first_movers_exact_chance() {
    for (preset, rules) in NimRules::PRESETS.iter().map(|p| (p.name, p.rules)) {
        let exact = random_win_chance(&Nim::new(rules), &mut HashMap::new());
        let mut s = study("random", Budget::DEFAULT, 3000, 1);
        s.cells[0].rules = rules;
        let rows = s.run(Unit::ALL, 2, &AtomicBool::new(false), &|_| {});
        let summary = Summary::of::<Nim>(&rows).unwrap();
        assert_eq!(summary.games, 3000);
        assert_eq!(summary.draw_rate().unwrap().value, 0.0);
        let first = summary.first_mover_score().unwrap();
        assert!(
            first.interval.contains(exact),
            "{preset}: exact {exact:.4}, measured {}",
            first.percent()
        );
        // The two engines are the same player: A's share is even within its interval.
        assert!(summary.a.score().unwrap().interval.contains(0.5));
    }
}

#[test]
fn perfect_play_loses_every_game_from_equal_heaps() {
    let s = study("alphabeta", Budget::depth(20), 6, 2);
    let rows = s.run(Unit::ALL, 1, &AtomicBool::new(false), &|_| {});
    for cell in 0..2 {
        let cell_rows: Vec<GameRow> = rows.iter().filter(|r| r.cell == cell).cloned().collect();
        let summary = Summary::of::<Nim>(&cell_rows).unwrap();
        assert_eq!(summary.first_mover.losses, 6, "cell {cell}");
        assert_eq!(summary.by_side[1].wins, 6);
        assert_eq!(summary.endings, vec![("win", 6), ("draw", 0)]);
        assert_eq!(summary.completion().unwrap().value, 1.0);
    }
}

#[test]
fn games_start_from_the_given_positions_in_turn_with_both_colours() {
    // Perfect play from three positions: heaps 1 and 0 with the second side to move (it takes
    // the last stone: one ply), 2 and 2 with the first side to move (a loss for it: the
    // opponent copies every move, four plies), 3 and 0 with the first side to move (one ply).
    let texts = ["1 0 1", "2 2 0", "3 0 0"];
    let mut s = study("alphabeta", Budget::depth(20), 8, 1);
    s.starts = vec![
        texts
            .iter()
            .map(|t| Nim::from_text(t, s.cells[0].rules).unwrap())
            .collect(),
    ];
    let rows = s.run(Unit::ALL, 1, &AtomicBool::new(false), &|_| {});
    // Pair k starts from position k mod 3: pairs 0, 1, 2, 3 from the first, second, third
    // and first again.
    let expected = [
        (Side::Second, Side::Second, 1),
        (Side::First, Side::Second, 4),
        (Side::First, Side::First, 1),
        (Side::Second, Side::Second, 1),
    ];
    for row in &rows {
        let (first, winner, plies) = expected[(row.game / 2) as usize];
        assert_eq!(
            (row.first, row.winner, row.plies),
            (first, Some(winner), plies),
            "game {}",
            row.game
        );
        // Engine A moves first in the even games of a pair, second in the odd ones.
        let a_first = row.game % 2 == 0;
        assert_eq!(row.a_side == first, a_first, "game {}", row.game);
    }
}

#[test]
fn units_merge_into_the_whole_study_whatever_the_threads() {
    let s = study("mcts", Budget::iterations(30), 10, 2);
    let never = AtomicBool::new(false);
    let whole = s.run(Unit::ALL, 2, &never, &|_| {});
    assert_eq!(whole.len(), 20);
    assert_eq!(
        s.run(Unit::ALL, 1, &never, &|_| {}),
        whole,
        "threads change nothing"
    );
    let mut merged: Vec<GameRow> = (0..3)
        .flat_map(|index| s.run(Unit { index, count: 3 }, 1, &never, &|_| {}))
        .collect();
    merged.sort_unstable_by_key(|r| (r.cell, r.game));
    assert_eq!(merged, whole);
    // Rows read back from their text are the same rows.
    for row in &whole {
        assert_eq!(GameRow::parse::<Nim>(&row.to_string()).as_ref(), Ok(row));
    }
    // Another seed plays other games.
    let other = Study {
        seed: 12,
        ..s.clone()
    };
    assert_ne!(other.run(Unit::ALL, 2, &never, &|_| {}), whole);
}

#[test]
fn a_stop_keeps_the_games_already_played() {
    let s = study("random", Budget::DEFAULT, 400, 1);
    let stop = AtomicBool::new(false);
    let seen = AtomicUsize::new(0);
    let rows = s.run(Unit::ALL, 2, &stop, &|_| {
        if seen.fetch_add(1, Ordering::Relaxed) == 9 {
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert!(rows.len() >= 10 && rows.len() < 400, "{}", rows.len());
    let again = s.run(Unit::ALL, 1, &AtomicBool::new(false), &|_| {});
    for row in &rows {
        assert_eq!(Some(row), again.iter().find(|r| r.game == row.game));
    }
}
