//! Property tests over positions reached by seeded random play.

use abstract_game::perft::{perft, perft_enumerated};
use abstract_game::playout::{Rng, random_playout};
use abstract_game::{Game, PlayError, Rules as _, TextGame};
use jersi_core::{Move, MoveList, Position, Rules};
use proptest::prelude::*;

fn rules_of(variant: u8) -> Rules {
    match variant % 3 {
        0 => Rules::default(),
        1 => Rules::preset("no-drop").unwrap(),
        // Without the no-capture draw, random games last long enough to meet.
        _ => Rules {
            no_capture_limit: 0,
            ..Rules::default()
        },
    }
}

/// The position after up to `plies` random turns, checking the hash after every turn.
fn random_position(seed: u64, plies: u32, variant: u8) -> Position {
    let mut rng = Rng::seed_from_u64(seed);
    let mut pos = Position::new(rules_of(variant));
    let mut list = MoveList::new();
    for _ in 0..plies {
        pos.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let mv = list[rng.below(list.len() as u32) as usize];
        pos.play(mv).unwrap();
        assert_eq!(
            pos.zobrist(),
            pos.zobrist_from_scratch(),
            "{}",
            pos.to_text()
        );
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_turn_is_playable_and_round_trips(seed: u64, plies in 0u32..200, variant in 0u8..3) {
        let pos = random_position(seed, plies, variant);
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        prop_assert_eq!(pos.count_legal_moves(), list.len());
        prop_assert_eq!(pos.outcome().is_some(), list.is_empty());
        for &mv in list.iter() {
            let text = pos.move_to_string(mv);
            prop_assert_eq!(pos.parse_move(&text), Ok(mv), "{}", text);
            let mut next = pos.clone();
            prop_assert!(next.play(mv).is_ok());
            prop_assert_eq!(next.zobrist(), next.zobrist_from_scratch());
            prop_assert_eq!(next.side_to_move(), !pos.side_to_move());
        }
    }

    #[test]
    fn position_text_round_trips(seed: u64, plies in 0u32..150, variant in 0u8..3) {
        let pos = random_position(seed, plies, variant);
        let text = pos.to_text();
        let back = Position::from_text(&text, pos.rules()).unwrap();
        prop_assert_eq!(&back, &pos);
        prop_assert_eq!(back.to_text(), text);
        prop_assert_eq!(back.zobrist(), pos.zobrist());
        prop_assert!(!pos.diagram().is_empty());
    }

    #[test]
    fn illegal_turns_are_refused_and_change_nothing(
        seed: u64,
        plies in 1u32..80,
        other in 0u32..80,
        variant in 0u8..3,
    ) {
        let pos = random_position(seed, plies, variant);
        let elsewhere = random_position(seed ^ 0x5555, other, variant);
        let mut here = MoveList::new();
        pos.legal_moves(&mut here);
        let mut there = MoveList::new();
        elsewhere.legal_moves(&mut there);
        for &mv in there.iter().filter(|m| !here.contains(m)).take(50) {
            let mut p = pos.clone();
            let result = p.play(mv);
            prop_assert!(matches!(result, Err(PlayError::Illegal | PlayError::GameOver)));
            prop_assert_eq!(&p, &pos);
            let text = elsewhere.move_to_string(mv);
            prop_assert!(pos.parse_move(&text).is_err() || here.contains(&pos.parse_move(&text).unwrap()));
        }
    }

    #[test]
    fn garbage_is_refused(text in "\\PC{0,40}", seed: u64, plies in 0u32..40) {
        let pos = random_position(seed, plies, 0);
        let before = pos.clone();
        if let Ok(mv) = pos.parse_move(&text) {
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            prop_assert!(list.contains(&mv));
        }
        prop_assert_eq!(&pos, &before);
        if let Ok(p) = Position::from_text(&text, Rules::default()) {
            prop_assert_eq!(Position::from_text(&p.to_text(), Rules::default()).unwrap(), p);
        }
    }

    #[test]
    fn mangled_position_texts_are_refused_or_round_trip(seed: u64, plies in 0u32..60, cut in 0usize..120, ch in "[KFWRPSMkfwrpsm()/0-9 wb-]") {
        let pos = random_position(seed, plies, 0);
        let mut text = pos.to_text();
        let at = cut.min(text.len());
        text.insert_str(at, &ch);
        if let Ok(p) = Position::from_text(&text, Rules::default()) {
            prop_assert_eq!(Position::from_text(&p.to_text(), Rules::default()).unwrap(), p);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn bulk_perft_equals_enumeration(seed: u64, plies in 0u32..60, variant in 0u8..3) {
        let pos = random_position(seed, plies, variant);
        prop_assert_eq!(perft(&pos, 2), perft_enumerated(&pos, 2));
    }

    #[test]
    fn random_games_end_or_hit_the_cap(seed: u64, variant in 0u8..3) {
        let start = Position::new(rules_of(variant));
        let result = random_playout(&start, &mut Rng::seed_from_u64(seed), 400);
        prop_assert!(result.outcome.is_some() || result.plies == 400);
        // Replay the same game by hand and check the final state.
        let mut rng = Rng::seed_from_u64(seed);
        let mut pos = start.clone();
        let mut list = MoveList::new();
        let mut plies = 0;
        while pos.outcome().is_none() && plies < 400 {
            pos.legal_moves(&mut list);
            let mv: Move = list[rng.below(list.len() as u32) as usize];
            pos.play_unchecked(mv);
            plies += 1;
        }
        prop_assert_eq!(plies, result.plies);
        prop_assert_eq!(pos.outcome(), result.outcome);
        prop_assert_eq!(Position::from_text(&pos.to_text(), pos.rules()).unwrap(), pos.clone());
        if pos.outcome().is_some() {
            prop_assert_eq!(pos.count_legal_moves(), 0);
        }
    }
}

/// Any turn value, legal or not, built from raw numbers.
fn arbitrary_turn(raw: [u8; 6]) -> Move {
    use jersi_core::{Drop, Kind, Square};
    let cell = |b: u8| Square::ALL[usize::from(b) % Square::COUNT];
    let maybe = |b: u8| (b % 3 != 0).then(|| cell(b / 3));
    match raw[0] % 3 {
        0 => Move::Cube {
            from: cell(raw[1]),
            to: cell(raw[2]),
            stack_to: maybe(raw[3]),
            relocate: maybe(raw[4]),
        },
        1 => Move::Stack {
            from: cell(raw[1]),
            to: cell(raw[2]),
            cube_to: maybe(raw[3]),
            relocate: maybe(raw[4]),
        },
        _ => Move::Drop {
            first: Drop::new(Kind::ALL[usize::from(raw[5]) % 7], cell(raw[1])),
            second: (raw[3] % 2 == 0)
                .then(|| Drop::new(Kind::ALL[usize::from(raw[5] / 7) % 7], cell(raw[2]))),
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `play_unchecked` with illegal turns leaves an unspecified position, but neither it nor
    /// anything done with the position afterwards panics.
    #[test]
    fn unchecked_illegal_turns_never_panic(
        seed: u64,
        plies in 0u32..60,
        variant in 0u8..3,
        raws in proptest::collection::vec(any::<[u8; 6]>(), 1..12),
    ) {
        let mut pos = random_position(seed, plies, variant);
        let mut list = MoveList::new();
        for raw in raws {
            pos.play_unchecked(arbitrary_turn(raw));
            let _ = pos.outcome();
            pos.legal_moves(&mut list);
            let _ = pos.count_legal_moves();
            for &mv in list.iter().take(20) {
                let _ = pos.move_to_string(mv);
            }
            let _ = Position::from_text(&pos.to_text(), pos.rules());
            let _ = pos.diagram();
        }
    }
}
