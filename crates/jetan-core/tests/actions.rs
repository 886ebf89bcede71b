//! The action ids and the observation planes: the shared contract checks on the start of every
//! preset and along random games, ids and plane values worked out by hand from the layout
//! documented on `ActionSpace for Position` and `Observe for Position`, and the view
//! symmetry (a position and its colour-mirrored counterpart look alike to their movers).

use abstract_game::BySide;
use abstract_game::testing::actions::{
    assert_same_view, assert_sizes, check_action_contract, check_action_contract_at_starts,
    check_direct_decode, check_perft_through_actions, game_positions as random_games, observation,
    preset_starts,
};
use jetan_core::prelude::*;
use jetan_core::{Kind, Piece};

/// Every preset, with Black and with Orange first.
fn all_rules() -> Vec<Rules> {
    let mut out = Vec::new();
    for preset in Rules::PRESETS {
        for first in Side::BOTH {
            out.push(preset.rules.with_first_player(first));
        }
    }
    out
}

/// Positions along random games under every rule set of [`all_rules`]: every position of
/// three games each, up to 120 plies per game, the last position (often a finished game)
/// included.
fn game_positions() -> Vec<Position> {
    random_games(&all_rules(), 3, 120, |n, game| 1000 * n as u64 + game)
}

/// The value of plane `plane` at row `row`, column `column`.
fn at(planes: &[f32], plane: usize, row: usize, column: usize) -> f32 {
    planes[plane * 100 + row * 10 + column]
}

/// The 100 values of plane `plane`.
fn plane(planes: &[f32], plane: usize) -> &[f32] {
    &planes[plane * 100..(plane + 1) * 100]
}

/// The position with the board given a half turn, the colours of the pieces swapped, the
/// other side to move, the escapes and the result swapped: the same game seen from the other
/// side.
fn mirrored(pos: &Position) -> Position {
    let setup = pos.to_setup();
    let mut board = [None; 100];
    for (square, piece) in setup.board.iter().enumerate() {
        board[99 - square] = piece.map(|p| Piece::new(!p.side, p.kind));
    }
    let mirror = Setup {
        board,
        to_move: !setup.to_move,
        escape_left: BySide::new(
            setup.escape_left[Side::Second],
            setup.escape_left[Side::First],
        ),
        countdown: setup.countdown,
        result: setup.result.map(|outcome| match outcome.winner {
            Some(side) => Outcome::win(!side),
            None => outcome,
        }),
    };
    Position::from_setup(mirror, pos.rules()).expect("the mirror of a position is one")
}

/// The id of the mirrored move of the move with id `id`, by the documented rule: square `s`
/// becomes `99 - s`, a normal plane `p` becomes `47 - p`, the escape plane stays.
fn mirrored_id(id: usize) -> usize {
    let (plane, square) = (id / 100, id % 100);
    let plane = if plane == 48 { 48 } else { 47 - plane };
    plane * 100 + 99 - square
}

fn parse(text: &str) -> Position {
    Position::from_text(text, Rules::default()).expect("position text")
}

#[test]
fn the_sizes_are_the_documented_ones() {
    // 49 planes of 100 squares.
    assert_sizes::<Position>(4900, [49, 100], [21, 10, 10], 2100);
}

#[test]
fn the_contract_holds_at_every_start() {
    check_action_contract_at_starts::<Position>(&all_rules(), 7);
}

#[test]
fn the_contract_holds_along_random_games() {
    let positions = game_positions();
    assert!(positions.len() > 1000, "{}", positions.len());
    let (mut escapes, mut finished) = (0, 0);
    check_action_contract(&positions, 7);
    let mut moves = MoveList::new();
    for (n, pos) in positions.iter().enumerate() {
        pos.legal_moves(&mut moves);
        finished += usize::from(pos.outcome().is_some());
        // Every normal move ends within three king steps, every escape beyond them.
        for &mv in &moves {
            let distance = mv.from().unwrap().distance(mv.to().unwrap());
            if mv.is_escape() {
                escapes += 1;
                assert!(distance > 3, "{mv:?} in {pos:?}");
            } else {
                assert!((1..=3).contains(&distance), "{mv:?} in {pos:?}");
            }
        }
        // Every id, not only every seventh: the direct decode is the scan of the moves.
        if n % 10 == 0 {
            check_direct_decode(pos);
        }
    }
    assert!(
        escapes > 1000 && finished > 0,
        "{escapes} escapes, {finished} ended"
    );
}

#[test]
fn ids_worked_out_by_hand() -> Result<(), Box<dyn std::error::Error>> {
    let start = Position::default();
    let id = |pos: &Position, text: &str| -> Result<usize, MoveError> {
        let mv = pos.parse_move(text)?;
        let id = pos.action_of(mv);
        assert_eq!(pos.move_of_action(id), Some(mv), "{text}");
        Ok(id)
    };
    // e2 is square 14, the step (0, 1) plane (1 + 3) * 7 + 3 - 1 = 30.
    assert_eq!(id(&start, "Pe2-e3")?, 3014);
    // a2 is 10, the step (1, 2) plane (2 + 3) * 7 + 1 + 3 - 1 = 38.
    assert_eq!(id(&start, "Ta2-b4")?, 3810);
    // The escape by its destination, f6 = 5 * 10 + 5.
    assert_eq!(id(&start, "Rf1-f6!")?, 4855);
    // Ids of no legal move.
    assert_eq!(start.move_of_action(1784), None); // e9-e8: not Black's piece
    assert_eq!(start.move_of_action(4900), None);
    assert_eq!(start.move_of_action(usize::MAX), None);
    assert_eq!(id(&start, "Rf1-e5!")?, 4844); // e5 = 44, safe and four ranks away
    assert_eq!(start.move_of_action(4815), None); // f2 holds a Panthan
    let no_escape = Position::new(Rules::preset("no-escape").unwrap());
    assert_eq!(no_escape.move_of_action(4855), None);

    // Orange's ids use the same absolute squares.
    let mut pos = start.clone();
    pos.play(pos.parse_move("Pe2-e3")?)?;
    // e9 is 84, the step (0, -1) plane (-1 + 3) * 7 + 3 = 17.
    assert_eq!(id(&pos, "Pe9-e8")?, 1784);
    assert_eq!(id(&pos, "Re10-e5!")?, 4844);
    assert_eq!(pos.move_of_action(3014), None); // e2 is empty now
    let orange_first = Position::new(Rules::default().with_first_player(Side::Second));
    assert_eq!(id(&orange_first, "Pe9-e8")?, 1784);

    // The corners of the offsets, from a Chief on e5 (square 44).
    let open = parse("9c/10/10/10/10/4C5/10/10/P9/R8r b Rr -");
    assert_eq!(id(&open, "Ce5-b2")?, 44); // (-3, -3): plane 0
    assert_eq!(id(&open, "Ce5-h8")?, 4744); // (3, 3): plane 48 - 1
    assert_eq!(id(&open, "Ce5-e8")?, 4444); // (0, 3): plane 6 * 7 + 3 - 1
    assert_eq!(id(&open, "Ce5-b5")?, 2144); // (-3, 0): plane 3 * 7
    assert_eq!(id(&open, "Ce5-d5")?, 2344); // (-1, 0): plane 3 * 7 + 2, the last before (0, 0)
    assert_eq!(id(&open, "Ce5-f5")?, 2444); // (1, 0): plane 3 * 7 + 4 - 1, the first after
    assert_eq!(id(&open, "Ce5-h5")?, 2644); // (3, 0): plane 3 * 7 + 6 - 1
    assert_eq!(id(&open, "Ce5-h2")?, 644); // (3, -3): plane 6
    assert_eq!(id(&open, "Pa2-b3")?, 3110); // (1, 1): plane 4 * 7 + 4 - 1
    assert_eq!(id(&open, "Pa2-b2")?, 2410); // (1, 0)
    assert_eq!(open.move_of_action(2010), None); // a2 to the west is off the board
    Ok(())
}

#[test]
fn the_start_planes_worked_out_by_hand() {
    let start = observation(&Position::default());
    // Black to move: row r, column c is the square r * 10 + c.
    assert_eq!(at(&start, 0, 1, 4), 1.0); // own Panthan on e2
    assert_eq!(at(&start, 0, 1, 0), 0.0); // a2 holds a Thoat,
    assert_eq!(at(&start, 1, 1, 0), 1.0); // so it is in the own Thoat plane
    assert_eq!(at(&start, 2, 0, 0), 1.0); // own Warrior on a1
    assert_eq!(at(&start, 6, 0, 4), 1.0); // own Chief on e1
    assert_eq!(at(&start, 7, 0, 5), 1.0); // own Princess on f1
    assert_eq!(at(&start, 8, 8, 4), 1.0); // Orange's Panthan on e9
    assert_eq!(at(&start, 14, 9, 5), 1.0); // Orange's Chief on f10
    assert_eq!(at(&start, 15, 9, 4), 1.0); // Orange's Princess on e10
    for kind in 0..16 {
        assert_eq!(at(&start, kind, 4, 4), 0.0); // e5 is empty
    }
    let count = |planes: &[f32], range: core::ops::Range<usize>| -> f32 {
        range.map(|p| plane(planes, p).iter().sum::<f32>()).sum()
    };
    assert_eq!(count(&start, 0..8), 20.0);
    assert_eq!(count(&start, 8..16), 20.0);
    assert_eq!(count(&start, 7..8), 1.0);
    assert!(plane(&start, 16).iter().all(|&v| v == 1.0)); // Black may escape
    assert!(plane(&start, 17).iter().all(|&v| v == 1.0)); // so may Orange
    assert!(plane(&start, 18).iter().all(|&v| v == 0.0)); // no countdown
    assert!(plane(&start, 19).iter().all(|&v| v == 0.0));
    assert!(plane(&start, 20).iter().all(|&v| v == 1.0)); // Black to move

    // Orange first: the board turned, Orange's Princess on e10 (94) in cell 99 - 94 = 5, the
    // own and opponent planes those of Black's start.
    let orange = observation(&Position::new(
        Rules::default().with_first_player(Side::Second),
    ));
    assert_eq!(at(&orange, 7, 0, 5), 1.0);
    assert_eq!(at(&orange, 6, 0, 4), 1.0); // Orange's Chief on f10, 99 - 95 = 4
    assert_eq!(at(&orange, 15, 9, 4), 1.0); // Black's Princess on f1, 99 - 5 = 94
    assert_eq!(orange[..20 * 100], start[..20 * 100]);
    assert!(plane(&orange, 20).iter().all(|&v| v == 0.0));

    // Without the escape rule nobody may escape.
    let no_escape = observation(&Position::new(Rules::preset("no-escape").unwrap()));
    assert!(plane(&no_escape, 16).iter().all(|&v| v == 0.0));
    assert!(plane(&no_escape, 17).iter().all(|&v| v == 0.0));
    assert_eq!(no_escape[..16 * 100], start[..16 * 100]);
}

#[test]
fn the_counters_worked_out_by_hand() {
    // Only Black's escape is left, Orange to move: own (Orange) 0, opponent 1.
    let one = observation(&parse(
        "wadfrcfdaw/tppppppppt/10/10/10/10/10/10/TPPPPPPPPT/WADFCRFDAW o R -",
    ));
    assert!(plane(&one, 16).iter().all(|&v| v == 0.0));
    assert!(plane(&one, 17).iter().all(|&v| v == 1.0));
    assert!(plane(&one, 20).iter().all(|&v| v == 0.0));
    // Two pieces each of equal value: the countdown runs, 7 of 10 plies left.
    let countdown = observation(&parse("c8r/10/10/10/10/10/10/10/10/C8R b Rr 7"));
    assert!(plane(&countdown, 18).iter().all(|&v| v == 0.7));
    assert!(plane(&countdown, 19).iter().all(|&v| v == 1.0));
    assert_eq!(at(&countdown, 6, 0, 0), 1.0); // own Chief on a1
    assert_eq!(at(&countdown, 15, 9, 9), 1.0); // Orange's Princess on j10
    assert_eq!(plane(&countdown, 0).iter().sum::<f32>(), 0.0);
    // Run down to 0: the game is drawn, plane 18 is 0 and plane 19 tells it has started.
    let over = observation(&parse("c8r/10/10/10/10/10/10/10/10/C8R b Rr 0"));
    assert!(plane(&over, 18).iter().all(|&v| v == 0.0));
    assert!(plane(&over, 19).iter().all(|&v| v == 1.0));
}

#[test]
fn a_mirrored_position_looks_alike_to_its_mover() {
    let mut positions = game_positions();
    positions.push(parse("4c5/10/10/10/10/10/10/10/1P8/C8r b Rr - orange"));
    positions.push(parse("c8r/10/10/10/10/10/10/10/10/C8R b R 4"));
    let mut ids = Vec::new();
    let mut mirror_ids = Vec::new();
    for pos in &positions {
        let mirror = mirrored(pos);
        let (seen, mirror_seen) = (observation(pos), observation(&mirror));
        assert_same_view::<Position>(&seen, &mirror_seen, 20, &format!("{pos:?}"));
        // The mirrored moves have the turned ids.
        pos.legal_actions(&mut ids);
        mirror.legal_actions(&mut mirror_ids);
        let mut turned: Vec<usize> = ids.iter().map(|&id| mirrored_id(id)).collect();
        turned.sort_unstable();
        assert_eq!(turned, mirror_ids, "{pos:?}");
    }
    // The start is its own mirror with the first player swapped.
    let start = Position::default();
    assert_eq!(
        mirrored(&start).to_text(),
        Position::new(Rules::default().with_first_player(Side::Second)).to_text()
    );
    // The mirror of a piece: Black's Princess on f1 is Orange's on e10.
    assert_eq!(
        mirrored(&start).at("e10".parse().unwrap()),
        Some(Piece::new(Side::Second, Kind::Princess))
    );
}

#[test]
fn perft_through_the_ids_equals_perft() {
    check_perft_through_actions(&preset_starts::<Position>(), 2);
}
