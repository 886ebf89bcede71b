//! Property tests: the shared suite of `abstract_game::testing` under every preset and either
//! first player, then what is particular to Jericho (game length, how games end, uniform draws).

use abstract_game::playout::Rng;
use jericho_core::Piece;
use jericho_core::prelude::*;
use proptest::prelude::*;

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (0..Rules::PRESETS.len(), any::<bool>()).prop_map(|(i, north)| {
        Rules::PRESETS[i]
            .rules
            .with_first_player(if north { Side::Second } else { Side::First })
    })
}

/// Any piece on any square, or now and then a pass: mostly illegal in a given position.
fn move_strategy() -> impl Strategy<Value = Move> {
    (0usize..Piece::COUNT, 0usize..Square::COUNT, 0u8..20).prop_map(|(p, s, pass)| {
        if pass == 0 {
            Move::Pass
        } else {
            Move::place(Piece::try_new(p).unwrap(), Square::try_new(s).unwrap())
        }
    })
}

abstract_game::game_properties! {
    game: jericho_core::Position,
    rules: super::rules_strategy(),
    moves: super::move_strategy(),
    max_plies: 104,
    cases: 64,
    hashed_perft_depth: 3,
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_end_in_a_valid_state(rules in rules_strategy(), seed in any::<u64>()) {
        let mut rng = Rng::seed_from_u64(seed);
        let mut pos = Position::new(rules);
        let mut plies = 0;
        while let Some(mv) = pos.random_move(&mut rng) {
            pos.play_unchecked(mv);
            plies += 1;
            prop_assert!(pos.monoliths(Side::First) + pos.monoliths(Side::Second) <= 13);
            prop_assert!(plies <= 102, "a game has at most 50 placements and passes between");
        }
        let outcome = pos.outcome();
        prop_assert!(outcome.is_some());
        prop_assert!(outcome.unwrap().winner.is_some() || pos.passes() == 2);
        prop_assert!(plies >= 9, "no game is decided before ply 9");
    }
}

#[test]
fn random_moves_are_drawn_uniformly() {
    // 650 moves from the start, 130,000 draws: about 200 each.
    let start = Position::new(Rules::default());
    let mut moves = MoveList::new();
    start.legal_moves(&mut moves);
    let mut counts = std::collections::HashMap::new();
    let mut rng = Rng::seed_from_u64(5);
    for _ in 0..130_000 {
        *counts
            .entry(start.random_move(&mut rng).unwrap())
            .or_insert(0u32) += 1;
    }
    assert_eq!(counts.len(), moves.len());
    assert!(
        counts.values().all(|&n| (130..280).contains(&n)),
        "{counts:?}"
    );
    // After a placement the asymmetry rule's forbidden copies are never drawn.
    let after = start.after(start.parse_move("3b@c2").unwrap());
    for _ in 0..20_000 {
        let mv = after.random_move(&mut rng).unwrap();
        assert!(after.is_legal(mv), "{mv}");
    }
}
