//! Property tests: the shared suite of `abstract_game::testing` under random rule options, and
//! the properties of Jarmo's own rules.

use abstract_game::playout::Rng;
use abstract_game::testing::{positions, run};
use jarmo_core::prelude::*;
use jarmo_core::{Blocked, Direction, ReturnRule};
use proptest::prelude::*;

/// Every preset, and any combination of the options with either side first.
fn rules_strategy() -> impl Strategy<Value = Rules> {
    let options = (
        0u8..3,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(ret, jasir, restriction, loses, shuttle, white)| Rules {
            direction: if jasir {
                Direction::Jasir
            } else {
                Direction::Jarmo
            },
            return_rule: [ReturnRule::Seed, ReturnRule::Reserve, ReturnRule::None][ret as usize],
            goal_row_capture_restriction: restriction,
            blocked: if loses { Blocked::Loses } else { Blocked::Pass },
            no_shuttling: shuttle,
            first_player: if white { Side::Second } else { Side::First },
        });
    let presets = proptest::sample::select(
        Rules::PRESETS
            .iter()
            .map(|preset| preset.rules)
            .collect::<Vec<_>>(),
    );
    prop_oneof![presets, options]
}

fn hole_strategy() -> impl Strategy<Value = Hole> {
    proptest::sample::select(Hole::ALL.to_vec())
}

/// Any move, mostly illegal where it is tried.
fn move_strategy() -> impl Strategy<Value = Move> {
    prop_oneof![
        (
            hole_strategy(),
            hole_strategy(),
            proptest::option::of(hole_strategy())
        )
            .prop_map(|(from, to, return_to)| Move::Step {
                from,
                to,
                return_to
            }),
        hole_strategy().prop_map(Move::Drop),
        Just(Move::Pass),
    ]
}

abstract_game::game_properties! {
    game: Position,
    rules: rules_strategy(),
    moves: move_strategy(),
    max_plies: 120,
    cases: 192,
    hashed_perft_depth: 4,
}

/// Draws many moves from `pos` and checks every legal move comes up about equally often.
fn assert_uniform_draws(pos: &Position) {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let n = moves.len();
    let draws = 2000 * n;
    let mut seen = std::collections::HashMap::new();
    let mut rng = Rng::seed_from_u64(99);
    for _ in 0..draws {
        *seen
            .entry(pos.random_move(&mut rng).unwrap())
            .or_insert(0usize) += 1;
    }
    assert_eq!(seen.len(), n, "every legal move is drawn: {pos}");
    for &mv in moves.iter() {
        // 2000 expected per move; 5 standard deviations is about 220.
        let got = seen[&mv];
        assert!(
            (1780..=2220).contains(&got),
            "{mv:?} drawn {got} times in {pos}"
        );
    }
}

#[test]
fn draws_are_uniform_with_and_without_returns() {
    assert_uniform_draws(&Position::new(Rules::JARMO));
    // Returns multiply some steps by the free holes; drops add moves of their own.
    for (text, rules) in [
        ("w4/3B1/5/5/b4 b 1/0 0/0 0 - -", Rules::JARMO),
        ("1w2w/3b1/5/b4/5 b 1/0 1/0 0 - -", Rules::JARMO),
        ("1w2w/5/b4/5/5 b 1/0", Rules::JASIR_RESERVE),
    ] {
        assert_uniform_draws(&Position::from_text(text, rules).unwrap());
    }
}

/// What the position says about each hole agrees with its sets, its setup, its moves and the
/// five-archer limit; moves start on an own archer and name their holes.
#[test]
fn holes_moves_and_archer_counts_agree() {
    run(192, positions::<Position>(rules_strategy(), 120), |pos| {
        let setup = pos.to_setup();
        for hole in Hole::ALL {
            let side = pos.at(hole);
            assert_eq!(side, setup.at(hole));
            assert_eq!(pos.is_marked(hole), setup.is_marked(hole));
            for s in Side::BOTH {
                assert_eq!(pos.archers(s).contains(hole), side == Some(s));
            }
            assert!(side.is_some() || !pos.is_marked(hole), "{pos}");
        }
        for s in Side::BOTH {
            assert!(
                pos.archers(s).count() + u32::from(pos.pool(s)) <= 5,
                "{pos}"
            );
        }
        let us = pos.side_to_move();
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &mv in moves.iter() {
            match mv {
                Move::Step { from, to, .. } => {
                    assert_eq!((mv.from(), mv.to()), (Some(from), Some(to)));
                    assert_eq!(pos.at(from), Some(us));
                    assert_ne!(pos.at(to), Some(us));
                    assert_eq!(pos.is_capture(mv), pos.at(to) == Some(!us));
                    let sep = if pos.is_capture(mv) { 'x' } else { '-' };
                    assert_eq!(pos.move_to_string(mv).as_bytes()[2] as char, sep);
                }
                Move::Drop(hole) => {
                    assert_eq!((mv.from(), mv.to()), (None, Some(hole)));
                    assert_eq!(pos.at(hole), None);
                    assert!(Holes::home_row(us).contains(hole));
                    assert!(!pos.is_capture(mv));
                }
                Move::Pass => assert_eq!((mv.from(), mv.to()), (None, None)),
            }
        }
    });
}
