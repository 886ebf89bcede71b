//! Property tests: the shared suite of `abstract_game::testing` over every preset, random
//! option combinations and either first player, and the properties of Jetan's own rules.

use abstract_game::playout::Rng;
use abstract_game::testing::random_position;
use jetan_core::prelude::*;
use jetan_core::{Kind, ValueScale};
use proptest::prelude::*;

/// Rules: a preset, or random options, with either side first.
fn rules() -> impl Strategy<Value = Rules> {
    let preset = (0..Rules::PRESETS.len()).prop_map(|i| Rules::PRESETS[i].rules);
    let options = (
        any::<bool>(),
        any::<bool>(),
        0u16..=12,
        any::<bool>(),
        0..ValueScale::ALL.len(),
        any::<bool>(),
    )
        .prop_map(
            |(revisit, escape, countdown, unequal_wins, value, thoat_jumps)| Rules {
                revisit,
                escape,
                countdown,
                unequal_wins,
                value: ValueScale::ALL[value],
                thoat_jumps,
                ..Rules::default()
            },
        );
    let first = prop_oneof![Just(Side::First), Just(Side::Second)];
    (prop_oneof![preset, options], first).prop_map(|(rules, side)| rules.with_first_player(side))
}

/// Any move between two squares, with or without the escape flag: mostly illegal.
fn any_move() -> impl Strategy<Value = Move> {
    (0usize..100, 0usize..100, any::<bool>()).prop_map(|(from, to, escape)| {
        let (from, to) = (Square::ALL[from], Square::ALL[to]);
        if escape {
            Move::escape(from, to)
        } else {
            Move::new(from, to)
        }
    })
}

abstract_game::game_properties! {
    game: jetan_core::Position,
    rules: rules(),
    moves: any_move(),
    max_plies: 160,
    cases: 96,
    hashed_perft_depth: 3,
    // Rejection sampling (`src/sample.rs`): uniform, but not the list's pick for a seed.
    random_move: uniform,
}

fn position() -> impl Strategy<Value = Position> {
    (rules(), any::<u64>(), 0u32..160)
        .prop_map(|(rules, seed, plies)| random_position::<Position>(rules, seed, plies))
}

fn legal(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Two squares identify a move: no pair comes twice (the escape flag never doubles one).
    #[test]
    fn the_two_squares_identify_a_move(pos in position()) {
        let list = legal(&pos);
        let mut seen = std::collections::HashSet::new();
        for &mv in list.iter() {
            prop_assert!(seen.insert((mv.from(), mv.to())), "{mv:?} twice");
        }
    }

    /// The bare notation without the piece letter parses to the same move, and the capture
    /// mark agrees with `is_capture`.
    #[test]
    fn the_bare_notation_parses_and_marks_captures(pos in position()) {
        for &mv in legal(&pos).iter() {
            let text = pos.move_to_string(mv);
            prop_assert_eq!(pos.parse_move(&text[1..]), Ok(mv), "{}", text);
            prop_assert_eq!(text.contains('x'), pos.is_capture(mv), "{}", text);
            prop_assert_eq!(pos.at(mv.to().unwrap()).is_some(), pos.is_capture(mv), "{}", text);
        }
    }

    /// No rule adds pieces, the material counts what stands on the board, and only a
    /// Princess moves by escape.
    #[test]
    fn material_and_escapes_stay_consistent(seed: u64, rules in rules()) {
        let mut pos = Position::new(rules);
        let mut rng = Rng::seed_from_u64(seed);
        for _ in 0..300 {
            for side in Side::BOTH {
                let value: u32 = pos
                    .pieces_of(side)
                    .iter()
                    .filter_map(|sq| pos.at(sq))
                    .map(|p| u32::from(p.kind.value()))
                    .sum();
                prop_assert_eq!(value, u32::from(pos.material(side)));
                prop_assert!(pos.piece_count(side) <= 20);
            }
            let Some(mv) = pos.random_move(&mut rng) else { break };
            if mv.is_escape() {
                prop_assert_eq!(pos.at(mv.to().unwrap()), None);
                prop_assert_eq!(pos.at(mv.from().unwrap()).map(|p| p.kind), Some(Kind::Princess));
                prop_assert!(pos.escape_available(pos.side_to_move()));
            }
            pos.play_unchecked(mv);
        }
    }
}
