//! The tests of the alpha-beta search.

use super::heuristics::{from_table, reduction};
use super::*;
use abstract_game::nim::Nim;

#[test]
fn a_draw_costs_the_root_side_the_contempt() {
    let engine = AlphaBeta::<Nim>::new(AlphaBetaOptions {
        contempt: Some(30),
        ..AlphaBetaOptions::DEFAULT
    });
    let pos = Nim::at(0, 0);
    // The root's side moves at even plies: a draw is -30 for it, +30 for its opponent.
    assert_eq!(engine.result_score(&pos, None, 0), -30);
    assert_eq!(engine.result_score(&pos, None, 1), 30);
    assert_eq!(engine.result_score(&pos, None, 4), -30);
    let even = AlphaBeta::<Nim>::default();
    assert_eq!(
        even.result_score(&pos, None, 3),
        0,
        "Nim's own contempt is 0"
    );
    let mover = pos.side_to_move();
    assert_eq!(engine.result_score(&pos, Some(mover), 2), WIN_SCORE - 2);
    assert_eq!(engine.result_score(&pos, Some(!mover), 2), -(WIN_SCORE - 2));
}

#[test]
fn late_quiet_moves_are_reduced_by_a_growing_depth_leaving_one_ply() {
    for index in 0..200 {
        assert_eq!(reduction(2, index), 0, "no reduction below depth 3");
    }
    for depth in 3..40 {
        for index in 0..FULL_DEPTH_MOVES {
            assert_eq!(
                reduction(depth, index),
                0,
                "the first moves are searched in full"
            );
        }
        let mut last = 0;
        for index in FULL_DEPTH_MOVES..300 {
            let r = reduction(depth, index);
            assert!(r >= last, "reductions grow with the move's rank");
            assert!(depth - 1 - r >= 1, "at least one ply is left");
            last = r;
        }
        assert!(last >= 1, "late moves at depth {depth} are reduced");
    }
    assert!(reduction(12, 100) > reduction(4, 100), "and with the depth");
}

#[test]
fn stored_results_are_relative_to_the_node() {
    // A win 7 plies from the root, seen from a node 3 plies down, is a win in 4 there.
    let at_root = WIN_SCORE - 7;
    let stored = to_table(at_root, 3);
    assert_eq!(stored, WIN_SCORE - 4);
    assert_eq!(from_table(stored, 3), at_root);
    // Read back 5 plies down it is a win 9 plies from the root.
    assert_eq!(from_table(stored, 5), WIN_SCORE - 9);
    assert_eq!(to_table(-at_root, 3), -(WIN_SCORE - 4));
    assert_eq!(from_table(to_table(-at_root, 3), 3), -at_root);
    for v in [0, 1, -1, EVAL_BOUND, -EVAL_BOUND] {
        assert_eq!(to_table(v, 9), v);
        assert_eq!(from_table(v, 9), v);
    }
}
