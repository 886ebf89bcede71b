//! The action ids and observation planes: the contract of `abstract_game::actions` on the
//! start positions and along random games of every preset, ids worked out by hand from the
//! documented layout, and the planes of a few positions.

use abstract_game::actions::check_actions;
use abstract_game::testing::actions::{
    assert_same_view, check_action_contract, check_action_contract_at_starts,
    check_perft_through_actions, game_positions as random_games, observation as observe,
    preset_starts,
};
use jarmo_core::prelude::*;
use jarmo_core::{Shuttle, WHITE};

/// Every preset, with Black first and with White first.
fn all_presets() -> Vec<Rules> {
    let mut out = Vec::new();
    for preset in <Rules as GameRules>::PRESETS {
        out.push(preset.rules);
        out.push(preset.rules.with_first_player(Side::Second));
    }
    out
}

/// Positions along a few random games of `rules` (the start and the end included).
fn game_positions(rules: Rules, games: u64) -> Vec<Position> {
    random_games(&[rules], games, 150, |_, game| game * 104_729 + 3)
}

/// The values of plane `plane` of an observation.
fn plane(obs: &[f32], plane: usize) -> &[f32] {
    &obs[plane * 25..(plane + 1) * 25]
}

fn hole(name: &str) -> Hole {
    name.parse().unwrap()
}

fn step(pos: &Position, text: &str) -> (Move, usize) {
    let mv = pos.parse_move(text).unwrap();
    (mv, pos.action_of(mv))
}

/// Each move of `cases` in `pos` has the id given, and the id decodes to the move.
fn assert_ids(pos: &Position, cases: &[(&str, usize)]) {
    for &(text, id) in cases {
        let (mv, got) = step(pos, text);
        assert_eq!(got, id, "{text}");
        assert_eq!(pos.move_of_action(id), Some(mv), "{text}");
    }
}

#[test]
fn the_contract_holds_at_the_start_of_every_preset() {
    check_action_contract_at_starts::<Position>(&all_presets(), 7);
}

#[test]
fn the_contract_holds_along_random_games_of_every_preset() {
    let mut checked = 0;
    let mut returns = 0;
    let mut drops = 0;
    for rules in all_presets() {
        let positions = game_positions(rules, 8);
        check_action_contract(&positions, 7);
        for pos in positions {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            returns += moves.iter().filter(|mv| mv.return_to().is_some()).count();
            drops += moves
                .iter()
                .filter(|mv| matches!(mv, Move::Drop(_)))
                .count();
            checked += 1;
        }
    }
    assert!(checked >= 1500, "{checked} positions");
    // The random games reach the ids of returns and of drops.
    assert!(returns > 0 && drops > 0, "{returns} returns, {drops} drops");
}

#[test]
fn the_ids_follow_the_documented_layout() {
    // 39 lines, 2 directions, 6 return choices; 5 drops; 1 pass.
    assert_eq!(Position::ACTIONS, 474);
    assert_eq!(Position::ACTIONS, 39 * 2 * 6 + 5 + 1);

    let start = Position::new(Rules::JARMO);
    // c1-d3 is line 5 from its first hole: directed line 10, no return.
    assert_eq!(step(&start, "c1-d3").1, 10 * 6);
    // a1-b3 is line 0 forward; a1-c2 line 1; e1-d3 line 10.
    assert_eq!(step(&start, "a1-b3").1, 0);
    assert_eq!(step(&start, "a1-c2").1, 2 * 6);
    assert_eq!(step(&start, "e1-d3").1, 20 * 6);

    // White moves towards row 1, so along lines from their second hole.
    let white = Position::new(Rules::JARMO.with_first_player(WHITE));
    // b5 to a3: line 20 (a3, b5), second direction: directed line 41.
    assert_eq!(step(&white, "b5-a3").1, 41 * 6);
    // e5 to d3: line 29 (d3, e5), second direction: 59.
    assert_eq!(step(&white, "e5-d3").1, 59 * 6);

    // A pass and the decoded moves of ids no move has.
    assert_eq!(start.action_of(Move::Pass), 473);
    assert_eq!(start.move_of_action(473), None);
    assert_eq!(start.move_of_action(474), None);
    assert_eq!(start.move_of_action(11 * 6), None); // d3-c1: no archer on d3
    assert_eq!(
        start.move_of_action(60),
        Some(Move::step(hole("c1"), hole("d3")))
    );
}

#[test]
fn steps_that_return_an_archer_take_the_file_of_the_return_hole() {
    // Black's marked archer on d4 reaches b5 (line 37, d4 first: directed line 74) and brings
    // an archer back to b1, c1, d1 or e1 (a1 is taken).
    let pos = Position::from_text("w4/3B1/5/5/b4 b 1/0", Rules::JARMO).unwrap();
    assert_ids(
        &pos,
        &[
            ("d4-b5/b1", 74 * 6 + 2),
            ("d4-b5/c1", 74 * 6 + 3),
            ("d4-b5/e1", 74 * 6 + 5),
        ],
    );
    assert_eq!(pos.move_of_action(74 * 6 + 1), None); // a1 is taken
    assert_eq!(pos.move_of_action(74 * 6), None); // the step must return an archer
    // a1-c2 (line 1) returns nothing.
    assert_eq!(step(&pos, "a1-c2").1, 2 * 6);
    check_actions(&pos, 1);

    // White's marked archer on b2 reaches d1 (line 7 (d1, b2), second direction: 15) and
    // brings an archer back to White's first row, row 5.
    let pos = Position::from_text("5/5/5/1W3/b4 w 0/1", Rules::JARMO).unwrap();
    assert_ids(
        &pos,
        &[
            ("b2-d1/a5", 15 * 6 + 1),
            ("b2-d1/c5", 15 * 6 + 3),
            ("b2-d1/e5", 15 * 6 + 5),
        ],
    );
    // b2-b3 is line 12 forward for White's archer: 24.
    assert_eq!(step(&pos, "b2-b3").1, 24 * 6);
    check_actions(&pos, 1);
}

#[test]
fn drops_take_the_file_of_their_hole() {
    let pos = Position::from_text("1w2w/5/b4/5/5 b 1/0", Rules::JASIR_RESERVE).unwrap();
    assert_eq!(pos.action_of(pos.parse_move("@a1").unwrap()), 468);
    assert_eq!(pos.action_of(pos.parse_move("@d1").unwrap()), 471);
    assert_eq!(pos.move_of_action(470), Some(Move::Drop(hole("c1"))));
    check_actions(&pos, 1);

    let pos = Position::from_text("1w3/5/b4/5/5 w 0/1", Rules::JASIR_RESERVE).unwrap();
    assert_eq!(pos.move_of_action(468), Some(Move::Drop(hole("a5"))));
    assert_eq!(pos.move_of_action(469), None); // b5 is taken
    assert_eq!(pos.move_of_action(472), Some(Move::Drop(hole("e5"))));
    check_actions(&pos, 1);
}

#[test]
fn a_blocked_side_passes_with_the_last_id() {
    // Jasir: Black's c5 stands on its goal row and never moves again, and e4's only line
    // that does not lead back ends on c5. White's a5 has moves.
    let pos = Position::from_text("w1b2/4b/5/5/5 b", Rules::JASIR).unwrap();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.as_slice(), [Move::Pass]);
    let mut ids = Vec::new();
    pos.legal_actions(&mut ids);
    assert_eq!(ids, [473]);
    assert_eq!(pos.move_of_action(473), Some(Move::Pass));
}

#[test]
fn the_start_planes_hold_the_rows_and_the_side() {
    let obs = observe(&Position::new(Rules::JARMO));
    assert_eq!(obs.len(), 14 * 25);
    // Own archers on row index 0, the opponent's on row index 4.
    assert_eq!(plane(&obs, 0)[..5], [1.0; 5]);
    assert_eq!(plane(&obs, 0)[5..].iter().sum::<f32>(), 0.0);
    assert_eq!(plane(&obs, 1)[20..], [1.0; 5]);
    assert_eq!(plane(&obs, 1)[..20].iter().sum::<f32>(), 0.0);
    assert_eq!(plane(&obs, 0)[12], 0.0); // c3
    // No marks, pools, credits, passes or records; Black to move.
    for p in (2..=8).chain(10..14) {
        assert!(plane(&obs, p).iter().all(|&v| v == 0.0), "plane {p}");
    }
    assert!(plane(&obs, 9).iter().all(|&v| v == 1.0));
}

#[test]
fn counters_and_records_are_broadcast_and_placed() {
    // Black to move, one archer in Black's pool, one credit of White's, one pass, a marked
    // White archer on d4, Black's record c1-d3:3 and White's b3-a5:1.
    let setup: Setup = "w4/3W1/3b1/5/bb3 b 1/0 0/1 1 c1-d3:3 b3-a5:1"
        .parse()
        .unwrap();
    let pos = Position::from_setup(setup, Rules::JARMO).unwrap();
    let obs = observe(&pos);
    // Black sees the board as it stands: d3 is index 13, d4 18, a5 20.
    assert_eq!(plane(&obs, 0)[13], 1.0);
    assert_eq!(plane(&obs, 1)[18], 1.0);
    assert_eq!(plane(&obs, 3)[18], 1.0);
    assert_eq!(plane(&obs, 2).iter().sum::<f32>(), 0.0);
    assert!(plane(&obs, 4).iter().all(|&v| v == 0.2)); // own pool 1 / 5
    assert!(plane(&obs, 5).iter().all(|&v| v == 0.0));
    assert!(plane(&obs, 6).iter().all(|&v| v == 0.0));
    assert!(plane(&obs, 7).iter().all(|&v| v == 0.2)); // White's credit
    assert!(plane(&obs, 8).iter().all(|&v| v == 0.5)); // one pass
    assert!(plane(&obs, 9).iter().all(|&v| v == 1.0));
    // Records: c1 (2) left, d3 (13) reached, count 3; White's b3 (11) to a5 (20), count 1.
    assert_eq!(plane(&obs, 10)[2], 1.0);
    assert_eq!(plane(&obs, 11)[13], 1.0);
    assert_eq!(plane(&obs, 12)[11], 1.0 / 3.0);
    assert_eq!(plane(&obs, 13)[20], 1.0 / 3.0);
    assert_eq!(plane(&obs, 10).iter().sum::<f32>(), 1.0);

    // The same position with White to move: turned half a turn, own and opponent swapped.
    let white = Position::from_setup(
        Setup {
            to_move: WHITE,
            ..setup
        },
        Rules::JARMO,
    )
    .unwrap();
    let obs = observe(&white);
    // d4 (18) is at 24 - 18 = 6, d3 (13) at 11, a5 (20) at 4.
    assert_eq!(plane(&obs, 0)[6], 1.0);
    assert_eq!(plane(&obs, 2)[6], 1.0);
    assert_eq!(plane(&obs, 0)[4], 1.0);
    assert_eq!(plane(&obs, 1)[11], 1.0);
    assert!(plane(&obs, 4).iter().all(|&v| v == 0.0));
    assert!(plane(&obs, 5).iter().all(|&v| v == 0.2));
    assert!(plane(&obs, 6).iter().all(|&v| v == 0.2));
    assert!(plane(&obs, 9).iter().all(|&v| v == 0.0));
    // Own record (White's b3-a5): b3 (11) at 13, a5 at 4; Black's c1 (2) at 22, d3 at 11.
    assert_eq!(plane(&obs, 10)[13], 1.0 / 3.0);
    assert_eq!(plane(&obs, 11)[4], 1.0 / 3.0);
    assert_eq!(plane(&obs, 12)[22], 1.0);
    assert_eq!(plane(&obs, 13)[11], 1.0);
}

/// The setup with the colours swapped and every hole turned half a turn: the position as the
/// other side would see it. (The lines do not turn onto themselves, so it is not the same
/// game, but it must give the same own and opponent planes.) `None` when a turned
/// no-shuttling record is not a line of the board.
fn colour_mirror(pos: &Position) -> Option<Position> {
    let turn = |h: Hole| Hole::new(24 - h.index());
    let turn_set = |set: Holes| set.into_iter().map(turn).collect::<Holes>();
    let setup = pos.to_setup();
    let swap = |b: BySide<u8>| BySide::new(b[Side::Second], b[Side::First]);
    let turn_shuttle = |s: Shuttle| match s.last_step() {
        Some((from, to)) => Shuttle::new(turn(from), turn(to), s.count()),
        None => Shuttle::NONE,
    };
    let mirrored = Setup {
        archers: BySide::new(
            turn_set(setup.archers[Side::Second]),
            turn_set(setup.archers[Side::First]),
        ),
        marked: turn_set(setup.marked),
        pool: swap(setup.pool),
        credits: swap(setup.credits),
        to_move: !setup.to_move,
        passes: setup.passes,
        shuttle: BySide::new(
            turn_shuttle(setup.shuttle[Side::Second]),
            turn_shuttle(setup.shuttle[Side::First]),
        ),
    };
    Position::from_setup(mirrored, pos.rules()).ok()
}

#[test]
fn both_sides_see_the_start_alike() {
    for preset in <Rules as GameRules>::PRESETS {
        let black = observe(&Position::new(preset.rules));
        let white = observe(&Position::new(preset.rules.with_first_player(WHITE)));
        // Planes 0-8 and 10-13 agree, and plane 9 (the side to move) is 1 in exactly one.
        assert_same_view::<Position>(&black, &white, 9, preset.name);
        assert!(plane(&white, 9).iter().all(|&v| v == 0.0));
    }
}

#[test]
fn a_position_and_its_colour_mirror_give_the_same_view() {
    let mut compared = 0;
    for rules in all_presets() {
        for pos in game_positions(rules, 3) {
            let Some(mirror) = colour_mirror(&pos) else {
                continue;
            };
            assert_same_view::<Position>(&observe(&pos), &observe(&mirror), 9, &pos.to_string());
            compared += 1;
        }
    }
    assert!(compared >= 500, "{compared} positions compared");
}

#[test]
fn perft_through_the_ids_equals_perft() {
    check_perft_through_actions(&preset_starts::<Position>(), 3);
}
