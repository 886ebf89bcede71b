//! Property tests: legality, notation and text round-trips, hashes, counts, perft with and
//! without bulk counting, whole random games, and refusal of illegal moves and garbage text.

use abstract_game::perft::{perft, perft_enumerated};
use abstract_game::playout::Rng;
use abstract_game::{Game, Rules as _, Side, TextGame};
use jericho_core::{Move, MoveList, Piece, Position, Rules, Square};
use proptest::prelude::*;

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (0..Rules::PRESETS.len(), any::<bool>()).prop_map(|(i, north)| {
        Rules::preset(Rules::PRESETS[i])
            .unwrap()
            .with_first_player(if north { Side::Second } else { Side::First })
    })
}

/// A position reached by `plies` random moves (fewer if the game ends).
fn reach(rules: Rules, seed: u64, plies: u32) -> Position {
    let mut rng = Rng::seed_from_u64(seed);
    let mut pos = Position::new(rules);
    for _ in 0..plies {
        match pos.random_move(&mut rng) {
            Some(mv) => pos.play_unchecked(mv),
            None => break,
        }
    }
    pos
}

fn position_strategy() -> impl Strategy<Value = Position> {
    (rules_strategy(), any::<u64>(), 0u32..70).prop_map(|(r, s, p)| reach(r, s, p))
}

fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    let rules = pos.rules();
    prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
    let text = pos.to_text();
    let again = Position::from_text(&text, rules);
    prop_assert!(again.is_ok(), "{}: {:?}", text, again);
    let again = again.unwrap();
    // from_text recomputes every leader from scratch: equality checks the incremental ones.
    prop_assert_eq!(&again, pos);
    prop_assert_eq!(again.to_text(), text);
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    prop_assert_eq!(pos.count_legal_moves(), moves.len());
    prop_assert_eq!(moves.is_empty(), pos.outcome().is_some());
    if let Some(o) = pos.outcome() {
        prop_assert!(o.winner.is_some() || pos.passes() == 2);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn every_generated_move_is_legal_parses_back_and_plays(pos in position_strategy()) {
        check_position(&pos)?;
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &mv in moves.iter() {
            prop_assert!(pos.check_move(mv).is_ok());
            let text = pos.move_to_string(mv);
            prop_assert_eq!(pos.parse_move(&text), Ok(mv), "{}", text);
            let mut next = pos;
            prop_assert!(next.play(mv).is_ok());
            prop_assert_eq!(next, pos.after(mv));
            prop_assert_eq!(next.zobrist(), next.zobrist_from_scratch());
            prop_assert_eq!(pos.count_after(mv), next.count_legal_moves(), "{}", text);
        }
    }

    #[test]
    fn random_games_end_in_a_valid_state(rules in rules_strategy(), seed in any::<u64>()) {
        let mut rng = Rng::seed_from_u64(seed);
        let mut pos = Position::new(rules);
        let mut plies = 0;
        while let Some(mv) = pos.random_move(&mut rng) {
            prop_assert!(pos.is_legal(mv), "{}", mv);
            pos.play_unchecked(mv);
            plies += 1;
            check_position(&pos)?;
            prop_assert!(plies <= 102, "a game has at most 50 placements and passes between");
        }
        prop_assert!(pos.outcome().is_some());
        prop_assert!(plies >= 9, "no game is decided before ply 9");
    }

    #[test]
    fn bulk_counting_agrees_with_enumeration(pos in position_strategy()) {
        prop_assert_eq!(perft(&pos, 1), perft_enumerated(&pos, 1));
        prop_assert_eq!(perft(&pos, 2), perft_enumerated(&pos, 2));
    }

    #[test]
    fn illegal_moves_are_refused_and_change_nothing(
        pos in position_strategy(),
        tries in proptest::collection::vec((0usize..25, 0usize..26, 0u8..20), 1..40),
    ) {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for (p, s, pass) in tries {
            let mv = if pass == 0 {
                Move::Pass
            } else {
                Move::place(Piece::from_index(p).unwrap(), Square::new(s).unwrap())
            };
            let legal = moves.contains(&mv);
            prop_assert_eq!(pos.is_legal(mv), legal);
            let mut copy = pos;
            let played = copy.play(mv);
            prop_assert_eq!(played.is_ok(), legal);
            if !legal {
                prop_assert_eq!(copy, pos);
                prop_assert!(pos.parse_move(&mv.to_string()).is_err());
                let mut line = pos;
                prop_assert!(line.play_line(&mv.to_string()).is_err());
                prop_assert_eq!(line, pos);
            }
        }
    }

    #[test]
    fn garbage_text_is_refused_or_round_trips(text in "\\PC{0,80}", rules in rules_strategy()) {
        if let Ok(pos) = Position::from_text(&text, rules) {
            check_position(&pos)?;
        }
        let start = Position::new(rules);
        if let Ok(mv) = start.parse_move(&text) {
            prop_assert_eq!(start.move_to_string(mv), text);
        }
    }

    #[test]
    fn mutated_position_texts_are_refused_or_round_trip(
        pos in position_strategy(),
        edits in proptest::collection::vec((any::<prop::sample::Index>(), "[-=,@/*0-9a-gSN ]"), 1..4),
    ) {
        let mut text: Vec<char> = pos.to_text().chars().collect();
        for (at, replacement) in edits {
            let i = at.index(text.len());
            text.splice(i..=i, replacement.chars());
        }
        let text: String = text.into_iter().collect();
        match Position::from_text(&text, pos.rules()) {
            Ok(parsed) => check_position(&parsed)?,
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn garbage_moves_are_refused(pos in position_strategy(), text in "[0-9a-z@ ]{0,8}") {
        match pos.parse_move(&text) {
            Ok(mv) => {
                prop_assert!(pos.is_legal(mv));
                prop_assert_eq!(pos.move_to_string(mv), text);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
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
