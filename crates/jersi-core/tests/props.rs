//! Property tests: the shared suite of `abstract_game::testing`, then the properties of the
//! Jersi rules themselves, over positions reached by seeded random play.

use abstract_game::testing::{positions, run};
use jersi_core::prelude::*;
use jersi_core::{Cube, Drop, Kind};
use proptest::prelude::*;

/// Every preset, and random option combinations (no-capture limits that are off, short or
/// long, with or without the reserve).
fn rules() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::STANDARD),
        Just(Rules::NO_DROP),
        (any::<bool>(), prop_oneof![Just(0u16), 1u16..8, 8u16..100]).prop_map(
            |(reserve, no_capture_limit)| Rules {
                reserve,
                no_capture_limit,
                handicap: None,
            }
        ),
    ]
}

/// Any turn value, legal or not, built from raw numbers.
fn arbitrary_turn(raw: [u8; 6]) -> Move {
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

fn arbitrary_turns() -> impl Strategy<Value = Move> {
    any::<[u8; 6]>().prop_map(arbitrary_turn)
}

abstract_game::game_properties! {
    game: Position,
    rules: rules(),
    moves: arbitrary_turns(),
    max_plies: 200,
    cases: 128,
    hashed_perft_depth: 2,
    // `random_move` is rejection sampling (the `draw` module), not a pick from the list.
    random_move: uniform,
}

/// The cubes of `side` and `kind` on the board and in the reserve.
fn material(pos: &Position, side: Side, kind: Kind) -> u8 {
    pos.count_on_board(Cube::new(side, kind)) + pos.reserve(side, kind)
}

/// The cells a step turn's notation names, without marks and relocation.
fn written_cells(text: &str) -> Vec<String> {
    let body = text.split('/').next().unwrap_or("");
    body.split(['-', '='])
        .map(|c| c.trim_end_matches('!').to_string())
        .collect()
}

/// No turn creates a cube; captures only remove enemy cubes; drops move a reserve cube of the
/// mover to the board. The turn number and the side to move advance together.
#[test]
fn material_only_moves_from_the_reserve_or_is_captured() {
    run(48, positions::<Position>(rules(), 150), |pos| {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &mv in moves.iter().step_by(moves.len().div_ceil(40).max(1)) {
            let next = pos.after(mv);
            assert_eq!(next.turn_number(), pos.turn_number() + 1);
            assert_eq!(next.side_to_move(), !pos.side_to_move());
            for side in Side::BOTH {
                for kind in Kind::ALL {
                    let (before, after) = (material(&pos, side, kind), material(&next, side, kind));
                    assert!(after <= before, "{mv:?} created a {kind:?} in {pos}");
                    assert!(before <= pos.rules().material(kind));
                    if side == pos.side_to_move() {
                        assert_eq!(after, before, "{mv:?} lost an own cube in {pos}");
                    }
                    let reserve = pos.reserve(side, kind);
                    if !mv.is_drop() || side != pos.side_to_move() {
                        assert_eq!(next.reserve(side, kind), reserve);
                    }
                }
            }
        }
    });
}

/// Two drops are listed in the canonical order of [`Move::drops`]; `is_capture` agrees with
/// the capture marks of the notation, and `from`/`to` with the cells it names.
#[test]
fn turns_agree_with_their_notation() {
    run(48, positions::<Position>(rules(), 150), |pos| {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &mv in moves.iter() {
            let text = pos.move_to_string(mv);
            assert_eq!(pos.is_capture(mv), text.contains('!'), "{text} in {pos}");
            match mv {
                Move::Drop { first, second } => {
                    assert_eq!(Move::drops(first, second), mv, "{text}");
                    assert_eq!(mv.from(), None);
                    assert_eq!(mv.to(), Some(second.unwrap_or(first).to));
                }
                _ => {
                    let cells = written_cells(&text);
                    assert_eq!(mv.from().map(|c| c.to_string()).as_ref(), cells.first());
                    assert_eq!(
                        mv.to().map(|c| c.to_string()).as_ref(),
                        cells.last(),
                        "{text}"
                    );
                    assert_eq!(mv.first_to().to_string(), cells[1], "{text}");
                }
            }
        }
    });
}
