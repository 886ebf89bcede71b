//! The tests of the Monte Carlo search.

use super::*;
use std::sync::atomic::AtomicBool;

#[test]
fn a_cutoff_lets_the_evaluation_decide_playouts() {
    use abstract_game::nim::Nim;
    let pos = Nim::at(40, 37);
    let options = MctsOptions {
        cutoff: Some(1),
        seed: 9,
        ..MctsOptions::DEFAULT
    };
    // Evaluations that call every cut-off playout won for one side, whoever is to move:
    // searched for the side to move at the root, every move then looks won, or lost.
    let root = pos.side_to_move();
    let for_side = |winner: Side| {
        move |p: &Nim| {
            if p.side_to_move() == winner {
                5000
            } else {
                -5000
            }
        }
    };
    let cheerful = Mcts::<Nim>::new(options)
        .with_evaluator(for_side(root))
        .choose(&pos, &Budget::iterations(3000))
        .unwrap()
        .1;
    let gloomy = Mcts::<Nim>::new(options)
        .with_evaluator(for_side(!root))
        .choose(&pos, &Budget::iterations(3000))
        .unwrap()
        .1;
    let value = |score: Score| match score {
        Score::Value(v) => v,
        other => panic!("{other:?}"),
    };
    assert!(value(gloomy.score) < -900, "{:?}", gloomy.score);
    assert!(value(cheerful.score) > 900, "{:?}", cheerful.score);
    // Without a cutoff the evaluation is not used: the search is the plain one.
    let plain = Mcts::<Nim>::new(MctsOptions {
        seed: 9,
        ..MctsOptions::DEFAULT
    })
    .choose(&pos, &Budget::iterations(3000))
    .unwrap();
    let unused = Mcts::<Nim>::new(MctsOptions {
        seed: 9,
        ..MctsOptions::DEFAULT
    })
    .with_evaluator(|_: &Nim| 5000)
    .choose(&pos, &Budget::iterations(3000))
    .unwrap();
    assert_eq!(plain.0, unused.0);
    assert_eq!(plain.1.score, unused.1.score);
    // And a cut-off search is repeatable.
    let again = Mcts::<Nim>::new(options)
        .with_evaluator(for_side(!root))
        .choose(&pos, &Budget::iterations(3000))
        .unwrap()
        .1;
    assert_eq!(again.score, gloomy.score);
}

/// Whether the side to move in a Nim position loses with best play.
fn nim_lost(pos: &abstract_game::nim::Nim) -> bool {
    pos.heaps[0] % 4 == pos.heaps[1] % 4
}

fn guided(minimax: f64, widening: f64, seed: u64) -> MctsOptions {
    MctsOptions {
        minimax: Some(minimax),
        widening: Some(widening),
        seed,
        ..MctsOptions::DEFAULT
    }
}

#[test]
fn the_implicit_minimax_is_exact_where_the_tree_reaches_the_end() {
    use abstract_game::nim::Nim;
    // An evaluation that knows nothing: every judgement of a position still in play is an
    // even chance, so every exact value in the tree comes from the backups of finished
    // games alone.
    for (root, seed) in [(Nim::at(3, 2), 1), (Nim::at(4, 3), 2), (Nim::at(5, 5), 3)] {
        let mut engine = Mcts::<Nim>::new(guided(1.0, 0.0, seed)).with_prior(|_: &Nim| 0);
        engine.choose(&root, &Budget::iterations(20_000)).unwrap();
        let tree = &engine.trees[0];
        let mut exact = 0;
        for (index, pos) in nodes_with_positions_from(tree, 0, &root) {
            let node = &tree.nodes[index];
            // A node is exact once every node below it that is still in play has been
            // expanded: then every leaf under it is a finished game.
            let expanded_all = nodes_with_positions_from(tree, index, &pos)
                .iter()
                .all(|(i, p)| p.is_over() || tree.nodes[*i].num_moves != UNGENERATED);
            if !expanded_all {
                continue;
            }
            // The mover of the node wins exactly when the side to move there loses.
            let expected = if nim_lost(&pos) { 1.0 } else { 0.0 };
            assert_eq!(node.minimax, expected, "{pos:?} from {root:?}");
            exact += 1;
        }
        // The search reached the end everywhere near the root.
        assert!(tree.nodes[0].num_moves != UNGENERATED);
        assert!(exact > 20, "{exact} exact nodes from {root:?}");
        let expected_root = if nim_lost(&root) { 1.0 } else { 0.0 };
        assert_eq!(tree.nodes[0].minimax, expected_root, "{root:?}");
    }
}

/// The nodes of the subtree under `index` (whose position is `pos`) with their positions.
fn nodes_with_positions_from<G: Game>(tree: &Tree<G>, index: usize, pos: &G) -> Vec<(usize, G)> {
    let mut out = Vec::new();
    let mut stack = vec![(index, pos.clone())];
    while let Some((i, p)) = stack.pop() {
        let mut child = tree.nodes[i].first_child;
        while child != NONE {
            let c = &tree.nodes[child as usize];
            if let Some(mv) = c.mv {
                stack.push((child as usize, p.after(mv)));
            }
            child = c.next_sibling;
        }
        out.push((i, p));
    }
    out
}

#[test]
fn widening_tries_the_best_judged_moves_first() {
    use abstract_game::nim::Nim;
    // For the side to move, a position is worth the stones left in the first heap: so the
    // mover likes moves that leave the first heap small, taking from it as much as it can.
    let prior = |p: &Nim| i32::from(p.heaps[0]) * 10;
    let root = Nim::at(30, 30);
    let mut engine = Mcts::<Nim>::new(guided(0.5, 1.0, 4)).with_prior(prior);
    engine.choose(&root, &Budget::iterations(9)).unwrap();
    let tree = &engine.trees[0];
    let mut children = Vec::new();
    let mut child = tree.nodes[0].first_child;
    while child != NONE {
        let c = &tree.nodes[child as usize];
        children.push((c.mv.unwrap(), c.visits));
        child = c.next_sibling;
    }
    assert_eq!(children.len(), 6, "every move made at once");
    // Best judged first: take 3, 2, 1 from the first heap, then the second heap's moves
    // (equal judgements, in the generator's order).
    let order: Vec<(u8, u8)> = children.iter().map(|c| c.0).collect();
    assert_eq!(order, vec![(0, 3), (0, 2), (0, 1), (1, 1), (1, 2), (1, 3)]);
    // Nine iterations: the root is made by the first, and a root visited N times chooses
    // among its first ceil(sqrt(N + 1)) children, at most 3 here.
    assert_eq!(tree.nodes[0].visits, 9);
    assert!(children[3..].iter().all(|c| c.1 == 0), "{children:?}");
    assert!(children[..2].iter().all(|c| c.1 > 0), "{children:?}");
    // Without widening the search is free to try them all.
    let mut wide = Mcts::<Nim>::new(guided(0.5, 0.0, 4)).with_prior(prior);
    wide.choose(&root, &Budget::iterations(60)).unwrap();
    let mut child = wide.trees[0].nodes[0].first_child;
    while child != NONE {
        assert!(wide.trees[0].nodes[child as usize].visits > 0);
        child = wide.trees[0].nodes[child as usize].next_sibling;
    }
}

#[test]
fn a_minimax_weight_of_zero_is_the_plain_search() {
    use abstract_game::nim::Nim;
    let pos = Nim::at(40, 37);
    let plain = Mcts::<Nim>::new(MctsOptions {
        seed: 5,
        ..MctsOptions::DEFAULT
    })
    .choose(&pos, &Budget::iterations(3000))
    .unwrap();
    let unused = Mcts::<Nim>::new(guided(0.0, 2.0, 5))
        .with_prior(|p: &Nim| i32::from(p.heaps[0]))
        .choose(&pos, &Budget::iterations(3000))
        .unwrap();
    assert_eq!(plain.0, unused.0);
    assert_eq!(plain.1.score, unused.1.score);
    assert_eq!(plain.1.pv, unused.1.pv);
    // With a weight the search differs, and is repeatable.
    let run = || {
        Mcts::<Nim>::new(guided(0.5, 2.0, 5))
            .with_prior(|p: &Nim| i32::from(p.heaps[0]))
            .choose(&pos, &Budget::iterations(3000))
            .unwrap()
            .1
    };
    let (a, b) = (run(), run());
    assert_eq!((a.score, a.pv.clone()), (b.score, b.pv));
    assert_ne!(a.pv, plain.1.pv);
}

#[test]
fn a_long_search_reports_as_it_goes() {
    use abstract_game::nim::Nim;
    use std::sync::atomic::Ordering;
    let stop = AtomicBool::new(false);
    let mut seen: Vec<u64> = Vec::new();
    let mut engine = Mcts::<Nim>::default();
    let (mv, last) = engine
        .search(
            &Nim::at(40, 37),
            &Budget::INFINITE,
            Watch::new(&stop, &mut |info| {
                seen.push(info.iterations);
                if seen.len() == 2 {
                    stop.store(true, Ordering::Relaxed);
                }
            }),
        )
        .expect("a move");
    assert!(Nim::at(40, 37).is_legal(mv));
    // Two reports during the search (the second stopped it), then the final one.
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert!(
        seen[0] > 0 && seen[0] < seen[1] && seen[1] <= seen[2],
        "{seen:?}"
    );
    assert_eq!(seen[2], last.iterations);
}

#[test]
fn the_child_order_is_a_permutation() {
    let mut rng = Rng::seed_from_u64(3);
    for n in 1..=200u64 {
        for _ in 0..4 {
            let mut a = u64::from(rng.below(n as u32)) + 1;
            while gcd(a, n) != 1 {
                a += 1;
            }
            let b = u64::from(rng.below(n as u32));
            let mut seen = vec![false; n as usize];
            for k in 0..n {
                seen[((a * k + b) % n) as usize] = true;
            }
            assert!(seen.iter().all(|&s| s), "n {n} a {a} b {b}");
        }
    }
}

#[test]
fn results_count_for_the_winner() {
    let even = draw_points(Side::First, 0);
    assert_eq!(even, EVEN_DRAW);
    assert_eq!(
        points_for(Side::First, Some(Side::First), even),
        POINTS_PER_WIN
    );
    assert_eq!(points_for(Side::First, Some(Side::Second), even), 0);
    assert_eq!(points_for(Side::Second, None, even), POINTS_PER_WIN / 2);
    let chance = Backup::Chance {
        side: Side::First,
        wins: 0.75,
    };
    assert_eq!(chance.points_for(Side::First, even), 768);
    assert_eq!(chance.points_for(Side::Second, even), 256);
}

#[test]
fn a_draw_costs_the_root_side_the_contempt() {
    // 1 / (1 + e^(200/200)) of a win for the root's side, the rest for its opponent.
    let draw = draw_points(Side::Second, 200);
    assert_eq!(draw[Side::Second], 275);
    assert_eq!(draw[Side::First], POINTS_PER_WIN - 275);
    assert_eq!(points_for(Side::Second, None, draw), 275);
    assert_eq!(points_for(Side::First, None, draw), 749);
    assert_eq!(
        points_for(Side::Second, Some(Side::Second), draw),
        POINTS_PER_WIN
    );
    let generous = draw_points(Side::First, -200);
    assert_eq!(generous[Side::First], 749);

    // Playouts that stop at once are draws: the root's value follows the contempt.
    use abstract_game::nim::Nim;
    let pos = Nim::at(30, 30);
    let value = |contempt: i32| {
        let mut engine = Mcts::<Nim>::new(MctsOptions {
            playout_cap: 0,
            contempt: Some(contempt),
            ..MctsOptions::DEFAULT
        });
        match engine
            .choose(&pos, &Budget::iterations(200))
            .unwrap()
            .1
            .score
        {
            Score::Value(v) => v,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(value(0), 0);
    assert!(value(200) < -150, "{}", value(200));
    assert!(value(-200) > 150, "{}", value(-200));
}

#[test]
fn statistics_with_contempt_are_kept_only_for_the_same_side() {
    use abstract_game::nim::Nim;
    let pos = Nim::at(30, 30);
    let reused_after_a_ply = |contempt: i32| {
        let mut engine = Mcts::<Nim>::new(MctsOptions {
            contempt: Some(contempt),
            ..MctsOptions::DEFAULT
        });
        let (mv, _) = engine.choose(&pos, &Budget::iterations(2000)).unwrap();
        let next = pos.after(mv);
        engine.choose(&next, &Budget::iterations(10)).unwrap();
        let after_reply = engine.last_reused();
        engine.choose(&next, &Budget::iterations(10)).unwrap();
        (after_reply, engine.last_reused())
    };
    // Without contempt a draw means the same to both sides: the subtree is kept.
    let (flipped, same) = reused_after_a_ply(0);
    assert!(flipped > 0 && same > 0);
    // With it, the opponent's search starts afresh, then keeps its own tree.
    let (flipped, same) = reused_after_a_ply(100);
    assert_eq!(flipped, 0);
    assert!(same > 0);
}
