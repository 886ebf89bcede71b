//! `game_search::settled_value`, the capture-settled evaluation that judges MCTS's cut-off
//! playouts, against a deliberately plain reference: full minimax over the captures, no
//! pruning, on positions of random games of every game.

use abstract_game::playout::Rng;
use abstract_game::{EVAL_BOUND, Evaluate, Game};
use game_search::settled_value;

/// The value of `pos` for its side to move when both sides may stop capturing at any ply
/// (keeping the evaluation) or play any capture, at most `plies` of them: every line tried.
fn reference<G: Game + Evaluate>(pos: &G, plies: u32) -> i32 {
    if let Some(outcome) = pos.outcome() {
        return match outcome.winner {
            None => 0,
            Some(w) if w == pos.side_to_move() => EVAL_BOUND,
            Some(_) => -EVAL_BOUND,
        };
    }
    let mut value = pos.evaluate().clamp(-EVAL_BOUND, EVAL_BOUND);
    if plies > 0 {
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        for &mv in moves.iter() {
            if pos.move_priority(mv) > 0 {
                value = value.max(-reference(&pos.after(mv), plies - 1));
            }
        }
    }
    value
}

/// Compares on positions of random games from the start (every third ply): how many were
/// compared, and at how many the captures changed the value.
fn compare<G: Game + Evaluate>(rules: G::Rules, games: u64, plies: u32) -> (usize, usize) {
    let (mut seen, mut changed) = (0, 0);
    for seed in 0..games {
        let mut rng = Rng::seed_from_u64(seed);
        let mut pos = G::new(rules);
        let mut ply = 0;
        while !pos.is_over() && ply < 120 {
            if ply % 3 == 0 {
                let own = settled_value(&pos, plies, &|p: &G| p.evaluate());
                assert_eq!(own, reference(&pos, plies), "seed {seed}, ply {ply}");
                assert_eq!(
                    settled_value(&pos, 0, &|p: &G| p.evaluate()),
                    pos.evaluate()
                );
                seen += 1;
                // Standing is always allowed: never below the evaluation.
                assert!(own >= pos.evaluate());
                if own != pos.evaluate() {
                    changed += 1;
                }
            }
            let Some(mv) = pos.random_move(&mut rng) else {
                break;
            };
            pos.play_unchecked(mv);
            ply += 1;
        }
    }
    (seen, changed)
}

#[test]
fn settled_values_equal_plain_minimax_over_the_captures() {
    for (game, (seen, changed)) in [
        (
            "jarmo",
            compare::<jgames_registry::jarmo_core::Position>(Default::default(), 6, 3),
        ),
        (
            "jetan",
            compare::<jgames_registry::jetan_core::Position>(Default::default(), 4, 3),
        ),
        (
            "jersi",
            compare::<jgames_registry::jersi_core::Position>(Default::default(), 3, 2),
        ),
    ] {
        // The comparison must have met positions where captures change something.
        assert!(
            seen > 20 && changed > 5,
            "{game}: {seen} positions, {changed} changed by captures"
        );
    }
}

#[test]
fn a_game_without_captures_is_judged_as_it_stands() {
    let mut rng = Rng::seed_from_u64(1);
    let mut pos = jgames_registry::jericho_core::Position::default();
    while !pos.is_over() {
        let value = settled_value(&pos, 6, &|p: &jgames_registry::jericho_core::Position| {
            p.evaluate()
        });
        assert_eq!(value, pos.evaluate());
        let Some(mv) = pos.random_move(&mut rng) else {
            break;
        };
        pos.play_unchecked(mv);
    }
}
