//! The action ids and the observation planes: the shared contract checks on the start of every
//! preset and along random games, ids worked out by hand from the layout documented on
//! `ActionSpace for Position`, the King's relocation as a follow-up decision, perft through
//! the ids against the library's, and the view symmetry of the observation.

use abstract_game::BySide;
use abstract_game::actions::{observation_len, perft_through_actions};
use abstract_game::perft::perft;
use abstract_game::testing::actions::{
    assert_same_view, assert_sizes, check_action_contract, check_action_contract_at_starts,
    check_perft_through_actions, game_positions as random_games, observation,
};
use jersi_core::prelude::*;
use jersi_core::{Cube, Hex};

fn parse(text: &str, rules: Rules) -> Position {
    Position::from_text(text, rules).expect("position text")
}

/// White's Fool on e4 next to Black's King on e5, Black's home row empty: `e4-e5!!` comes in
/// seven versions, one per cell of row `i`.
const KING_CAPTURE: &str = "7/8/7/8/3Fk4/8/7/8/3K3 w -/- 40 1";

/// Positions along random games under both presets: every position of four games each, up
/// to 150 turns, the last position (often a finished game) included.
fn game_positions() -> Vec<Position> {
    let rules: Vec<Rules> = abstract_game::testing::preset_rules();
    random_games(&rules, 4, 150, |n, game| 100 * n as u64 + game)
}

/// The grid index (row * 11 + column) of `name` from White's view: the row, and the axial
/// column `q + r + 5`, worked out here from the hex coordinates.
fn grid(name: &str) -> usize {
    let sq = Square::from_name(name).unwrap();
    let hex = sq.hex();
    usize::from(sq.row()) * 11 + (hex.q + hex.r + 5) as usize
}

/// The position with the board given a half turn, the colours swapped, the reserves swapped
/// and the other side to move: the same game seen from the other side.
fn mirrored(pos: &Position) -> Position {
    let setup = pos.to_setup();
    let mut cells = [[None; 2]; 69];
    for sq in Square::ALL {
        let hex = sq.hex();
        let turned = Square::from_hex(Hex::new(-hex.q, -hex.r)).expect("the board is symmetric");
        cells[turned.index()] =
            setup.cells[sq.index()].map(|c| c.map(|c| Cube::new(!c.side, c.kind)));
    }
    let mirror = Setup {
        cells,
        to_move: !setup.to_move,
        reserve: BySide::new(setup.reserve[Side::Second], setup.reserve[Side::First]),
        ..setup
    };
    Position::from_setup(mirror, pos.rules()).expect("the mirror of a position is one")
}

#[test]
fn the_sizes_are_the_documented_ones() {
    // 192 planes of 69 cells.
    assert_sizes::<Position>(13_248, [192, 69], [36, 9, 11], 3564);
}

#[test]
fn the_contract_holds_at_every_start_and_at_a_king_capture() {
    let rules: Vec<Rules> = abstract_game::testing::preset_rules();
    check_action_contract_at_starts::<Position>(&rules, 5);
    check_action_contract(&[parse(KING_CAPTURE, Rules::NO_DROP)], 1);
}

#[test]
fn the_contract_holds_along_random_games() {
    let positions = game_positions();
    assert!(positions.len() > 800, "{}", positions.len());
    let mut follow_ups = 0;
    let mut list = Vec::new();
    let sample: Vec<Position> = positions.iter().step_by(5).cloned().collect();
    check_action_contract(&sample, 97);
    for pos in &sample {
        let mut ids = Vec::new();
        pos.legal_actions(&mut ids);
        for &id in &ids {
            pos.follow_up_actions(pos.move_of_action(id).unwrap(), &mut list);
            follow_ups += list.len();
        }
    }
    // Random games do capture Kings; the count keeps the check honest.
    assert!(follow_ups > 0, "no follow-up decision met");
}

#[test]
fn ids_worked_out_by_hand() {
    let start = Position::default();
    let id = |pos: &Position, text: &str| pos.action_of(pos.parse_move(text).unwrap());
    // b8 is cell 14; West is direction 3; no second part: plane 13 * 3.
    assert_eq!(id(&start, "b8-b7"), 39 * 69 + 14);
    assert_eq!(id(&start, "b8-b7"), 2705);
    // e4 is cell 33 and e5 its East neighbour (direction 0): plane 167 + 0 + 2 * 0 + 1.
    assert_eq!(id(&start, "M:e4/W:e5"), 11_625);
    assert_eq!(id(&start, "W:e5/M:e4"), 11_625);
    // One drop of a Wise man on e4: plane 163.
    assert_eq!(id(&start, "W:e4"), 163 * 69 + 33);
    // Two Mountains on e4: plane 164; a Wise man on a Mountain: 165.
    assert_eq!(id(&start, "M:e4/M:e4"), 164 * 69 + 33);
    assert_eq!(id(&start, "M:e4/W:e4"), 165 * 69 + 33);
    // A stack on e3 (cell 32): two cells East (k = 1) is plane 78 + 7; one cell East, then
    // its top East (d2 = 0) is plane 78 + 1.
    let stack = parse("3k3/8/7/8/2(RP)6/8/7/8/3K3 w -/- 40 1", Rules::NO_DROP);
    assert_eq!(id(&stack, "e3=e5"), 85 * 69 + 32);
    assert_eq!(id(&stack, "e3=e4-e5"), 79 * 69 + 32);
    assert_eq!(id(&stack, "e3-e4"), 32);
    // The Rock of e3 steps East onto the lone Rock of e4, building a stack, which then steps
    // one cell West (d2 = 3, n2 = 1: plane 1 + 6) or two cells East (plane 1 + 1).
    let two = parse("3k3/8/7/8/2RR5/8/7/8/3K3 w -/- 40 1", Rules::NO_DROP);
    assert_eq!(id(&two, "e3-e4=e3"), 7 * 69 + 32);
    assert_eq!(id(&two, "e3-e4=e6"), 2 * 69 + 32);
    for text in ["e3-e4=e3", "e3-e4=e6"] {
        let mv = two.parse_move(text).unwrap();
        assert_eq!(two.move_of_action(two.action_of(mv)), Some(mv));
    }
    assert_eq!(start.move_of_action(Position::ACTIONS), None);
    assert_eq!(start.move_of_action(usize::MAX), None);
}

#[test]
fn a_king_capture_with_open_cells_asks_a_follow_up() {
    let pos = parse(KING_CAPTURE, Rules::NO_DROP);
    let capture = pos.parse_move("e4-e5/k:i1").unwrap();
    // e4 is cell 33, East is direction 0, no second part: plane 0.
    assert_eq!(pos.action_of(capture), 33);
    let mut ids = Vec::new();
    pos.legal_actions(&mut ids);
    assert_eq!(ids.iter().filter(|&&id| id == 33).count(), 1);
    let mut follow_ups = Vec::new();
    pos.follow_up_actions(capture, &mut follow_ups);
    // Row i holds cells 62 to 68; the relocation plane is 191.
    let expected: Vec<usize> = (62..69).map(|cell| 191 * 69 + cell).collect();
    assert_eq!(follow_ups, expected);
    for (&follow_up, cell) in follow_ups.iter().zip(62..69) {
        let version = pos.move_of_follow_up(capture, follow_up).unwrap();
        assert_eq!(version.relocation(), Some(Square::ALL[cell]));
        assert_eq!(pos.action_of(version), 33);
        assert_eq!(pos.follow_up_of(version), Some(follow_up));
    }
    assert_eq!(pos.move_of_follow_up(capture, 191 * 69), None);
    // Other turns have no follow-up.
    let quiet = pos.parse_move("e4-d4").unwrap();
    pos.follow_up_actions(quiet, &mut follow_ups);
    assert!(follow_ups.is_empty());
}

#[test]
fn a_single_relocation_cell_needs_no_follow_up() {
    // Row i full of Black's two-cube cells (which cannot take the King) but for i4: only i4 is
    // open.
    let pos = parse(
        "(rp)(rs)(ps)1(rp)(rs)(ps)/8/7/8/3Fk4/8/7/8/3K3 w -/- 40 1",
        Rules::NO_DROP,
    );
    let capture = pos.parse_move("e4-e5/k:i4").unwrap();
    assert_eq!(capture.relocation(), Square::from_name("i4"));
    let mut follow_ups = Vec::new();
    pos.follow_up_actions(capture, &mut follow_ups);
    assert!(follow_ups.is_empty());
    assert_eq!(pos.move_of_action(33), Some(capture));
}

#[test]
fn perft_through_the_ids_equals_perft() {
    let no_drop = Position::new(Rules::NO_DROP);
    check_perft_through_actions(std::slice::from_ref(&no_drop), 2);
    assert_eq!(perft(&no_drop, 2), 51_984);
    let standard = Position::default();
    assert_eq!(perft_through_actions(&standard, 1), 864);
    let capture = parse(KING_CAPTURE, Rules::NO_DROP);
    check_perft_through_actions(std::slice::from_ref(&capture), 3);
    assert!(perft(&capture, 1) > 7);
}

#[test]
fn the_start_planes_worked_out_by_hand() {
    let planes = observation(&Position::default());
    let at = |plane: usize, name: &str| planes[plane * 99 + grid(name)];
    // White to move: its King on a4 (plane 0), Papers on a1 and a7 (plane 4), Black's King on
    // i4 (plane 7), no two-cube cell (planes 14 to 27 empty).
    assert_eq!(at(0, "a4"), 1.0);
    assert_eq!(at(4, "a1"), 1.0);
    assert_eq!(at(4, "a7"), 1.0);
    assert_eq!(at(7, "i4"), 1.0);
    assert_eq!(planes[..7 * 99].iter().sum::<f32>(), 15.0);
    assert_eq!(planes[7 * 99..14 * 99].iter().sum::<f32>(), 15.0);
    assert!(planes[14 * 99..28 * 99].iter().all(|&v| v == 0.0));
    // Full reserves, a full counter, White to move, 69 cells, no follow-up.
    for plane in 28..34 {
        assert!(
            planes[plane * 99..(plane + 1) * 99]
                .iter()
                .all(|&v| v == 1.0),
            "{plane}"
        );
    }
    assert_eq!(planes[34 * 99..35 * 99].iter().sum::<f32>(), 69.0);
    assert!(planes[35 * 99..].iter().all(|&v| v == 0.0));
    // Row a takes columns 4 to 10, row e columns 1 to 9, row i columns 0 to 6.
    assert_eq!(grid("a1"), 4);
    assert_eq!(grid("a7"), 10);
    assert_eq!(grid("e1"), 4 * 11 + 1);
    assert_eq!(grid("i7"), 8 * 11 + 6);
}

#[test]
fn a_stack_shows_its_two_cubes_and_reserves_count() {
    let pos = parse("3k3/8/7/8/2(RP)6/8/7/8/3K3 w MW/mmm 20 5", Rules::default());
    let planes = observation(&pos);
    let at = |plane: usize, name: &str| planes[plane * 99 + grid(name)];
    // Paper (kind 4) on top, Rock (kind 3) below, both the mover's.
    assert_eq!(at(4, "e3"), 1.0);
    assert_eq!(at(14 + 3, "e3"), 1.0);
    assert_eq!(at(3, "e3"), 0.0);
    assert_eq!(planes[28 * 99], 0.25); // one Mountain of four
    assert_eq!(planes[29 * 99], 0.5); // one Wise man of two
    assert_eq!(planes[30 * 99], 0.75); // Black's three Mountains
    assert_eq!(planes[31 * 99], 0.0);
    assert_eq!(planes[32 * 99], 0.5); // 20 turns of 40
}

#[test]
fn each_side_sees_the_mirrored_game_alike() {
    let both_kings = |pos: &&Position| Side::BOTH.iter().all(|&side| pos.king(side).is_some());
    for pos in game_positions().iter().filter(both_kings).step_by(7) {
        let mirror = mirrored(pos);
        // Only plane 33 (White to move) tells the two apart.
        let (a, b) = (observation(pos), observation(&mirror));
        assert_same_view::<Position>(&a, &b, 33, &pos.to_string());
    }
}

#[test]
fn the_follow_up_view_shows_the_board_after_the_main_turn() {
    let pos = parse(KING_CAPTURE, Rules::NO_DROP);
    let capture = pos.parse_move("e4-e5/k:i1").unwrap();
    let mut planes = vec![f32::NAN; observation_len::<Position>()];
    pos.observe_follow_up(capture, &mut planes);
    let at = |plane: usize, name: &str| planes[plane * 99 + grid(name)];
    // White's Fool (kind 1) now on e5, Black's King off the board, the flag set, White still
    // the one choosing.
    assert_eq!(at(1, "e5"), 1.0);
    assert_eq!(at(1, "e4"), 0.0);
    assert!(planes[7 * 99..8 * 99].iter().all(|&v| v == 0.0));
    assert!(planes[35 * 99..].iter().all(|&v| v == 1.0));
    assert!(planes[33 * 99..34 * 99].iter().all(|&v| v == 1.0));
    assert!(planes.iter().all(|v| v.is_finite()));
}
