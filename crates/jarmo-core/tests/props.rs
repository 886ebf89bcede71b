//! Property tests of the invariants every game crate keeps.

use abstract_game::Game;
use abstract_game::perft::{perft, perft_enumerated};
use abstract_game::playout::{Rng, random_playout};
use jarmo_core::rules::{Blocked, Direction, ReturnRule};
use jarmo_core::{Hole, Move, MoveList, Position, Rules};
use proptest::prelude::*;

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        0u8..3,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(ret, jasir, restriction, loses, shuttle, white_first)| Rules {
                direction: if jasir {
                    Direction::Jasir
                } else {
                    Direction::Jarmo
                },
                return_rule: [ReturnRule::Seed, ReturnRule::Reserve, ReturnRule::None]
                    [ret as usize],
                goal_row_capture_restriction: restriction,
                blocked: if loses { Blocked::Loses } else { Blocked::Pass },
                no_shuttling: shuttle,
                white_first,
            },
        )
}

/// A position reached by `plies` random moves under `rules`.
fn random_position(rules: Rules, seed: u64, plies: u32) -> Position {
    let mut pos = Position::new(rules);
    let mut rng = Rng::seed_from_u64(seed);
    let mut moves = MoveList::new();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u32) as usize];
        pos.play_unchecked(mv);
    }
    pos
}

fn position_strategy() -> impl Strategy<Value = Position> {
    (rules_strategy(), any::<u64>(), 0u32..120).prop_map(|(r, s, p)| random_position(r, s, p))
}

fn hole_strategy() -> impl Strategy<Value = Hole> {
    (0u8..25).prop_map(|i| Hole::new(i).unwrap())
}

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
    assert_eq!(
        seen.len(),
        n,
        "every legal move is drawn: {}",
        pos.to_text()
    );
    for &mv in moves.iter() {
        // 2000 expected per move; 5 standard deviations is about 220.
        let got = seen[&mv];
        assert!(
            (1780..=2220).contains(&got),
            "{mv:?} drawn {got} times in {}",
            pos.to_text()
        );
    }
}

#[test]
fn draws_are_uniform_with_and_without_returns() {
    assert_uniform_draws(&Position::new(Rules::JARMO));
    // Returns multiply some steps by the free holes; drops add moves of their own.
    assert_uniform_draws(
        &Position::from_text("w4/3B1/5/5/b4 b 1/0 0/0 0 - -", Rules::JARMO).unwrap(),
    );
    assert_uniform_draws(
        &Position::from_text("1w2w/3b1/5/b4/5 b 1/0 1/0 0 - -", Rules::JARMO).unwrap(),
    );
    assert_uniform_draws(
        &Position::from_text("1w2w/5/b4/5/5 b 1/0", Rules::JASIR_RESERVE).unwrap(),
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn generated_moves_are_legal_playable_and_round_trip(pos in position_strategy()) {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        prop_assert_eq!(pos.count_legal_moves(), moves.len());
        prop_assert_eq!(pos.outcome().is_some(), moves.is_empty());
        for &mv in moves.iter() {
            prop_assert!(pos.is_legal(mv));
            let text = pos.notation(mv).to_string();
            prop_assert_eq!(pos.parse_move(&text), Ok(mv), "{}", text);
            let mut next = pos;
            prop_assert!(next.play(mv).is_ok());
            prop_assert_eq!(next.zobrist(), next.zobrist_from_scratch());
            prop_assert_eq!(next, pos.after(mv));
        }
    }

    #[test]
    fn drawn_moves_are_legal(pos in position_strategy(), seed: u64) {
        let mut rng = Rng::seed_from_u64(seed);
        match pos.random_move(&mut rng) {
            Some(mv) => prop_assert!(pos.is_legal(mv)),
            None => prop_assert!(pos.outcome().is_some()),
        }
    }

    #[test]
    fn a_drawn_move_is_the_same_draw_as_from_the_list(pos in position_strategy(), seed: u64) {
        // Drawing without a list takes the `k`-th move of the list's order for the same `k`.
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let drawn = pos.random_move(&mut Rng::seed_from_u64(seed));
        let picked = (!moves.is_empty())
            .then(|| moves[Rng::seed_from_u64(seed).below(moves.len() as u32) as usize]);
        prop_assert_eq!(drawn, picked);
    }

    #[test]
    fn position_text_round_trips(pos in position_strategy()) {
        let text = pos.to_text();
        let back = Position::from_text(&text, pos.rules()).expect("own text parses");
        prop_assert_eq!(back, pos);
        prop_assert_eq!(back.to_text(), text);
        prop_assert_eq!(back.zobrist(), pos.zobrist());
        prop_assert_eq!(back.outcome(), pos.outcome());
    }

    #[test]
    fn bulk_counts_equal_enumeration(pos in position_strategy()) {
        prop_assert_eq!(perft(&pos, 2), perft_enumerated(&pos, 2));
    }

    #[test]
    fn random_games_end_or_reach_the_cap(rules in rules_strategy(), seed: u64) {
        let start = Position::new(rules);
        let result = random_playout(&start, &mut Rng::seed_from_u64(seed), 400);
        prop_assert!(result.outcome.is_some() || result.plies == 400);
        // Replaying the same game checks the hash and the text at every step.
        let mut rng = Rng::seed_from_u64(seed);
        let mut pos = start;
        for _ in 0..result.plies {
            let mv = pos.random_move(&mut rng).expect("the game goes on");
            pos.play(mv).expect("a drawn move is legal");
            prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
            let reparsed = Position::from_text(&pos.to_text(), rules);
            prop_assert_eq!(reparsed, Ok(pos));
        }
        prop_assert_eq!(pos.outcome(), result.outcome);
    }

    #[test]
    fn arbitrary_moves_are_refused_or_legal(pos in position_strategy(), mv in move_strategy()) {
        let mut after = pos;
        match after.play(mv) {
            Ok(()) => prop_assert!(pos.is_legal(mv)),
            Err(_) => {
                prop_assert!(!pos.is_legal(mv));
                prop_assert_eq!(after, pos);
                prop_assert_eq!(after.zobrist(), pos.zobrist());
            }
        }
    }

    #[test]
    fn unchecked_play_of_arbitrary_moves_never_panics(
        pos in position_strategy(),
        moves in proptest::collection::vec(move_strategy(), 1..8),
    ) {
        // The trait leaves the state unspecified after an illegal move, but it must not panic.
        let mut pos = pos;
        for mv in moves {
            pos.play_unchecked(mv);
            let _ = pos.count_legal_moves();
            let _ = pos.notation(mv).to_string();
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            let _ = pos.random_move(&mut Rng::seed_from_u64(1));
            let _ = pos.to_text();
        }
    }

    #[test]
    fn arbitrary_move_text_never_panics(pos in position_strategy(), text in "\\PC{0,12}|[a-f@x/1-6-]{0,9}") {
        if let Ok(mv) = pos.parse_move(&text) {
            prop_assert!(pos.is_legal(mv));
            prop_assert_eq!(pos.notation(mv).to_string(), text);
        }
    }

    #[test]
    fn arbitrary_position_text_never_panics(text in "[wWbB1-6/]{0,30}( [bw]( [0-6]/[0-6]( [0-3]/[0-3]( [0-3]( [a-e][1-5]-[a-e][1-5]:[0-4]|-){0,2})?)?)?)?") {
        if let Ok(pos) = Position::from_text(&text, Rules::JARMO) {
            let again = Position::from_text(&pos.to_text(), Rules::JARMO).expect("round trip");
            prop_assert_eq!(again, pos);
        }
    }
}
