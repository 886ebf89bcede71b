//! Property tests: invariants of move generation, play, notation and position text on
//! positions reached by seeded random play under every preset.

use abstract_game::perft::{perft, perft_enumerated};
use abstract_game::playout::Rng;
use abstract_game::{Game, PlayError, Rules as _, Side};
use jetan_core::{Move, MoveList, Position, Rules, Square};
use proptest::prelude::*;

/// The position after up to `plies` random moves from the start of `preset`.
fn random_position(seed: u64, plies: u32, preset: usize, orange_first: bool) -> Position {
    let rules = Rules::preset(Rules::PRESETS[preset % Rules::PRESETS.len()]).unwrap();
    let first = if orange_first {
        Side::Second
    } else {
        Side::First
    };
    let mut pos = Position::new(rules.with_first(first));
    let mut rng = Rng::seed_from_u64(seed);
    let mut list = MoveList::new();
    for _ in 0..plies {
        pos.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        pos.play_unchecked(list[rng.below(list.len() as u32) as usize]);
    }
    pos
}

fn position() -> impl Strategy<Value = Position> {
    (any::<u64>(), 0u32..160, 0usize..4, any::<bool>())
        .prop_map(|(seed, plies, preset, orange)| random_position(seed, plies, preset, orange))
}

fn legal(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_generated_move_is_legal_and_playable(pos in position()) {
        let list = legal(&pos);
        let mut seen = std::collections::HashSet::new();
        for &mv in list.iter() {
            prop_assert!(seen.insert((mv.from(), mv.to())), "{mv:?} twice");
            prop_assert!(pos.is_legal(mv));
            let mut next = pos.clone();
            prop_assert_eq!(next.play(mv), Ok(()));
            prop_assert_eq!(next.side_to_move(), !pos.side_to_move());
        }
        prop_assert_eq!(pos.count_legal_moves(), list.len());
        prop_assert_eq!(list.is_empty(), pos.outcome().is_some());
    }

    #[test]
    fn notation_round_trips(pos in position()) {
        for &mv in legal(&pos).iter() {
            let text = pos.move_to_string(mv);
            prop_assert_eq!(pos.parse_move(&text), Ok(mv), "{}", text);
            // The bare form without the piece letter.
            prop_assert_eq!(pos.parse_move(&text[1..]), Ok(mv), "{}", text);
        }
    }

    #[test]
    fn position_text_round_trips(pos in position()) {
        let text = pos.to_text();
        let back = Position::from_text(&text, pos.rules()).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&back, &pos);
        prop_assert_eq!(back.to_text(), text);
        prop_assert_eq!(back.zobrist(), pos.zobrist());
        prop_assert_eq!(back.outcome(), pos.outcome());
    }

    #[test]
    fn incremental_hash_matches_after_every_move(seed: u64, preset in 0usize..4) {
        let mut pos = random_position(seed, 0, preset, seed % 2 == 0);
        let mut rng = Rng::seed_from_u64(seed ^ 0x55);
        for _ in 0..200 {
            prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
            let list = legal(&pos);
            if list.is_empty() {
                break;
            }
            pos.play_unchecked(list[rng.below(list.len() as u32) as usize]);
        }
        prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
    }

    #[test]
    fn bulk_counting_matches_enumeration(pos in position()) {
        prop_assert_eq!(perft(&pos, 2), perft_enumerated(&pos, 2));
        prop_assert_eq!(perft(&pos, 1), legal(&pos).len() as u64);
    }

    #[test]
    fn random_games_end_or_hit_the_cap_in_a_valid_state(seed: u64, preset in 0usize..4) {
        let pos = random_position(seed, 1000, preset, seed % 3 == 0);
        let over = pos.outcome().is_some();
        prop_assert!(over || !legal(&pos).is_empty());
        let back = Position::from_text(&pos.to_text(), pos.rules());
        prop_assert_eq!(back.as_ref(), Ok(&pos));
        if over {
            prop_assert_eq!(pos.count_legal_moves(), 0);
            let mut p = pos.clone();
            if let Some(&mv) = legal(&random_position(seed, 0, preset, false)).first() {
                prop_assert_eq!(p.play(mv), Err(PlayError::GameOver));
            }
            prop_assert_eq!(p, pos);
        }
    }

    #[test]
    fn illegal_moves_are_refused_and_change_nothing(pos in position(), from in 0usize..100, to in 0usize..100, escape: bool) {
        let (f, t) = (Square::from_index(from).unwrap(), Square::from_index(to).unwrap());
        let mv = if escape { Move::escape(f, t) } else { Move::new(f, t) };
        let is_legal = legal(&pos).contains(&mv);
        let mut p = pos.clone();
        let result = p.play(mv);
        prop_assert_eq!(result.is_ok(), is_legal);
        if !is_legal {
            prop_assert_eq!(&p, &pos);
            let text = format!("{f}-{t}{}", if escape { "!" } else { "" });
            prop_assert!(pos.parse_move(&text).is_err(), "{}", text);
        }
    }

    #[test]
    fn garbage_move_text_is_refused(pos in position(), text in "\\PC{0,12}") {
        let before = pos.clone();
        if let Ok(mv) = pos.parse_move(&text) {
            prop_assert!(legal(&pos).contains(&mv));
        }
        prop_assert_eq!(pos, before);
    }

    #[test]
    fn mangled_position_text_is_refused_or_round_trips(pos in position(), at in 0usize..100, byte in 32u8..127) {
        let mut text = pos.to_text().into_bytes();
        let i = at % text.len();
        text[i] = byte;
        let text = String::from_utf8(text).unwrap();
        if let Ok(p) = Position::from_text(&text, pos.rules()) {
            let again = p.to_text();
            prop_assert_eq!(Position::from_text(&again, pos.rules()), Ok(p.clone()));
            prop_assert_eq!(p.zobrist(), p.zobrist_from_scratch());
        }
    }

    #[test]
    fn garbage_position_text_is_refused(text in "\\PC{0,90}") {
        let _ = Position::from_text(&text, Rules::default());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `random_move` draws the same move as picking uniformly from the generated list.
    #[test]
    fn random_move_is_the_same_draw_as_from_the_list(pos in position(), seed: u64) {
        let list = legal(&pos);
        let mut a = Rng::seed_from_u64(seed);
        let mut b = Rng::seed_from_u64(seed);
        let drawn = pos.random_move(&mut a);
        let expected = (!list.is_empty()).then(|| list[b.below(list.len() as u32) as usize]);
        prop_assert_eq!(drawn, expected);
    }
}
