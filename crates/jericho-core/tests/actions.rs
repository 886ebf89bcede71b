//! Action ids and observation planes: the contract of `abstract_game::actions` on the start of
//! every preset and along random games, ids and plane values worked out by hand from the
//! documented layout, and the view of the two sides.

use abstract_game::actions::{check_actions, check_observation};
use abstract_game::playout::Rng;
use abstract_game::testing::actions::{
    check_action_contract_at_starts, check_perft_through_actions, observation, preset_starts,
};
use jericho_core::prelude::*;
use jericho_core::{Piece, PieceSet};

/// The squares in index order, as the layout numbers them.
const SQUARE_NAMES: [&str; 26] = [
    "a1", "b1", "c1", "d1", "e1", "f1", "g1", "a2", "b2", "c2", "e2", "f2", "g2", "a3", "b3", "c3",
    "e3", "f3", "g3", "a4", "b4", "c4", "d4", "e4", "f4", "g4",
];

const CELLS: usize = 26;

fn all_rules() -> Vec<Rules> {
    Rules::PRESETS
        .iter()
        .flat_map(|p| Side::BOTH.map(|side| p.rules.with_first_player(side)))
        .collect()
}

/// Plane `plane` of an observation.
fn plane(obs: &[f32], plane: usize) -> &[f32] {
    &obs[plane * CELLS..(plane + 1) * CELLS]
}

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

fn place(pos: &Position, text: &str) -> Move {
    pos.parse_move(text).unwrap()
}

#[test]
fn the_contract_holds_at_the_start_of_every_preset() {
    check_action_contract_at_starts::<Position>(&all_rules(), 7);
    for rules in all_rules() {
        let start = Position::new(rules);
        let mut ids = Vec::new();
        start.legal_actions(&mut ids);
        assert_eq!(ids, (0..650).collect::<Vec<_>>(), "{rules:?}");
    }
}

#[test]
fn the_contract_holds_along_random_games() {
    let mut positions = 0;
    let mut passes = 0;
    for (r, rules) in all_rules().into_iter().enumerate() {
        let mut rng = Rng::seed_from_u64(0x4A45_0000 + r as u64);
        for _ in 0..30 {
            let mut pos = Position::new(rules);
            loop {
                // Every id, to catch a stray decode anywhere.
                check_actions(&pos, 1);
                check_observation(&pos);
                positions += 1;
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                if mv == Move::Pass {
                    passes += 1;
                    assert_eq!(pos.move_of_action(650), Some(Move::Pass));
                }
                assert!(pos.action_of(mv) < Position::ACTIONS);
                pos.play(mv).unwrap();
            }
            // Over: no id decodes.
            assert!((0..=651).all(|a| pos.move_of_action(a).is_none()), "{pos}");
        }
    }
    assert!(positions >= 1000, "{positions} positions");
    assert!(passes > 0, "no pass met in {positions} positions");
}

#[test]
fn ids_follow_the_documented_layout() {
    assert_eq!(Position::ACTIONS, 25 * 26 + 1);
    assert_eq!(Position::ACTIONS, 651);
    // The table of squares the ids are built on.
    for (i, name) in SQUARE_NAMES.iter().enumerate() {
        assert_eq!(square(name).index(), i, "{name}");
    }
    let start = Position::default();
    // piece index = (size - 1) * 5 + colour, square index from the table, id = piece * 26 + square.
    for (text, id) in [
        ("1a@a1", 0),            // piece 0, square 0
        ("1b@a1", 26),           // piece 1
        ("1a@g4", 25),           // square 25
        ("3b@c2", 11 * 26 + 9),  // 295
        ("2c@d4", 7 * 26 + 22),  // 204
        ("4d@e2", 18 * 26 + 10), // 478
        ("5e@g4", 24 * 26 + 25), // 649
        ("1e@b3", 4 * 26 + 14),  // 118
    ] {
        let mv = place(&start, text);
        assert_eq!(start.action_of(mv), id, "{text}");
        assert_eq!(start.move_of_action(id), Some(mv), "{text}");
    }
    assert_eq!(start.action_of(Move::Pass), 650);
    // No pass at the start, and nothing beyond.
    assert_eq!(start.move_of_action(650), None);
    assert_eq!(start.move_of_action(651), None);
    assert_eq!(start.move_of_action(usize::MAX), None);

    // After South's 3b@c2: North may not put 3b on c2 (size 3 taken), nor copy it on c3 (the
    // asymmetry rule) or c1 (same file), but may put it on d1 (no shared alignment).
    let mut pos = start;
    pos.play(place(&pos, "3b@c2")).unwrap();
    assert_eq!(pos.move_of_action(11 * 26 + 9), None); // 3b@c2
    assert_eq!(pos.move_of_action(11 * 26 + 15), None); // 3b@c3
    assert_eq!(pos.move_of_action(11 * 26 + 2), None); // 3b@c1
    assert_eq!(
        pos.move_of_action(11 * 26 + 3),
        Some(Move::place("3b".parse().unwrap(), square("d1")))
    );
    // 5a on top of the 3b is allowed: id (4 * 5 + 0) * 26 + 9 = 529.
    assert_eq!(
        pos.move_of_action(529),
        Some(Move::place("5a".parse().unwrap(), square("c2")))
    );
    // With the asymmetry rule off the copy on c3 is legal.
    let mut free = Position::new(Rules::preset("no-asymmetry").unwrap());
    free.play(place(&free, "3b@c2")).unwrap();
    assert!(free.move_of_action(11 * 26 + 15).is_some());
}

/// South to move with nothing left to place: the only move is the pass, id 650.
#[test]
fn a_forced_pass_is_id_650() {
    let mut setup = Setup::default();
    // South's 25 pieces, one on each of the first 25 squares; North still holds all of his.
    for (i, piece) in Piece::ALL.into_iter().enumerate() {
        setup.towers[i].push(piece);
    }
    setup.stocks = BySide::new(PieceSet::EMPTY, PieceSet::FULL);
    setup.to_move = Side::First;
    let pos = Position::from_setup(setup, Rules::default()).unwrap();
    let mut ids = Vec::new();
    pos.legal_actions(&mut ids);
    assert_eq!(ids, vec![650]);
    assert_eq!(pos.move_of_action(650), Some(Move::Pass));
    assert!((0..650).all(|a| pos.move_of_action(a).is_none()));
    check_actions(&pos, 1);
    check_observation(&pos);
    let obs = observation(&pos);
    assert!(
        plane(&obs, 11).iter().all(|&v| v == 0.0),
        "South's stock is empty"
    );
    assert!(
        plane(&obs, 12).iter().all(|&v| v == 1.0),
        "North's stock is full"
    );
    // Planes 0..9: 1a on a1 (size 1/5, colour 0), 5e on g4 (square 24), g4 empty.
    assert_eq!(plane(&obs, 0)[0], 0.25);
    assert_eq!(plane(&obs, 1)[0], 0.2);
    assert_eq!(plane(&obs, 2)[0], 0.0);
    assert_eq!(plane(&obs, 1)[24], 1.0);
    assert_eq!(plane(&obs, 2)[24], 1.0);
    assert_eq!(plane(&obs, 0)[25], 0.0);
    assert_eq!(plane(&obs, 1)[25], 0.0);

    // After the pass North is to move, one pass counted, no last placement.
    let after = pos.after(Move::Pass);
    let obs = observation(&after);
    assert!(plane(&obs, 15).iter().all(|&v| v == 0.5));
    assert!(plane(&obs, 9).iter().all(|&v| v == 0.0));
    assert!(
        plane(&obs, 11).iter().all(|&v| v == 1.0),
        "North's own stock"
    );
    assert!(plane(&obs, 12).iter().all(|&v| v == 0.0));
}

#[test]
fn observation_planes_of_the_start_and_after_two_placements() {
    assert_eq!(
        <Position as Observe>::OBSERVATION_SHAPE,
        [19, 1, 26],
        "19 planes of one row of the 26 squares"
    );
    let start = Position::default();
    let obs = observation(&start);
    // The empty board: planes 0 to 9 are 0 everywhere.
    assert!(obs[..9 * CELLS].iter().all(|&v| v == 0.0));
    assert!(plane(&obs, 9).iter().all(|&v| v == 0.0));
    // South to move: its territory is ranks 1 and 2, squares 0..13.
    for (s, name) in SQUARE_NAMES.iter().enumerate() {
        let south = name.ends_with('1') || name.ends_with('2');
        assert_eq!(south, s < 13, "{name}");
        assert_eq!(plane(&obs, 10)[s], if s < 13 { 1.0 } else { 0.0 }, "{name}");
    }
    // Counters: both stocks full, no monoliths, no passes, South to move.
    for (p, value) in [
        (11, 1.0),
        (12, 1.0),
        (13, 0.0),
        (14, 0.0),
        (15, 0.0),
        (16, 1.0),
    ] {
        assert!(plane(&obs, p).iter().all(|&v| v == value), "plane {p}");
    }

    // South 3b@c2: North to move.
    let mut pos = start;
    pos.play(place(&pos, "3b@c2")).unwrap();
    let obs = observation(&pos);
    let c2 = 9;
    assert_eq!(plane(&obs, 0)[c2], 0.25); // height 1
    assert_eq!(plane(&obs, 1)[c2], 0.6); // size 3
    assert_eq!(plane(&obs, 2)[c2], 0.25); // colour b
    assert_eq!(plane(&obs, 3)[c2], 0.0); // nothing at level 2
    assert_eq!(plane(&obs, 9)[c2], 1.0);
    assert_eq!(plane(&obs, 9).iter().sum::<f32>(), 1.0);
    for s in 0..CELLS {
        assert_eq!(
            plane(&obs, 10)[s],
            if s < 13 { 0.0 } else { 1.0 },
            "North's territory"
        );
    }
    assert_eq!(plane(&obs, 11)[0], 1.0); // North's own stock is full
    assert_eq!(plane(&obs, 12)[0], 24.0 / 25.0); // South has placed one piece
    assert!(plane(&obs, 16).iter().all(|&v| v == 0.0));
    // The stocks by piece index: North's full, South's without 3b (index (3 - 1) * 5 + 1 = 11);
    // the 26th cell is never a piece.
    assert_eq!(plane(&obs, 17)[..25], [1.0; 25]);
    assert_eq!(plane(&obs, 17)[25], 0.0);
    let south: Vec<usize> = (0..26).filter(|&i| plane(&obs, 18)[i] == 1.0).collect();
    assert_eq!(south, (0..25).filter(|&i| i != 11).collect::<Vec<_>>());

    // North 5a@c2: South to move, a tower of two.
    pos.play(place(&pos, "5a@c2")).unwrap();
    let obs = observation(&pos);
    assert_eq!(plane(&obs, 0)[c2], 0.5);
    assert_eq!(plane(&obs, 1)[c2], 0.6);
    assert_eq!(plane(&obs, 2)[c2], 0.25);
    assert_eq!(plane(&obs, 3)[c2], 1.0); // size 5
    assert_eq!(plane(&obs, 4)[c2], 0.0); // colour a
    assert_eq!(plane(&obs, 5)[c2], 0.0);
    assert_eq!(plane(&obs, 9)[c2], 1.0);
    assert_eq!(plane(&obs, 11)[5], 24.0 / 25.0);
    assert_eq!(plane(&obs, 12)[5], 24.0 / 25.0);
    assert!(plane(&obs, 16).iter().all(|&v| v == 1.0));
}

#[test]
fn monoliths_before_are_the_movers_first() {
    // South 2/North 5 before the last turn, North to move: own 5/13, opponent 2/13.
    let setup: Setup = "- * * N - 2/5 1".parse().unwrap();
    let pos = Position::from_setup(setup, Rules::default()).unwrap();
    let obs = observation(&pos);
    assert_eq!(plane(&obs, 13)[7], 5.0 / 13.0);
    assert_eq!(plane(&obs, 14)[7], 2.0 / 13.0);
    assert_eq!(plane(&obs, 15)[7], 0.5);
}

/// The board mirrored across the midline (rank 1 <-> 4, rank 2 <-> 3): South's territory onto
/// North's, every file and diagonal onto a file or diagonal.
fn mirror(s: Square) -> Square {
    Square::from_coords(s.x(), -s.y()).unwrap()
}

/// The position with the sides swapped: the towers mirrored, the stocks and the counts
/// exchanged, the other side to move, under the rules with the other first player.
fn colour_mirror(pos: &Position) -> Position {
    let setup = pos.to_setup();
    let mut towers: [Vec<Piece>; 26] = Default::default();
    for s in Square::ALL {
        towers[mirror(s).index()] = setup.towers[s.index()].clone();
    }
    let BySide([south, north]) = setup.stocks;
    let BySide([before_s, before_n]) = setup.monoliths_before;
    let mirrored = Setup {
        towers,
        stocks: BySide::new(north, south),
        to_move: !setup.to_move,
        last: setup.last.map(|(piece, square)| (piece, mirror(square))),
        monoliths_before: BySide::new(before_n, before_s),
        passes: setup.passes,
    };
    let rules = pos.rules();
    Position::from_setup(mirrored, rules.with_first_player(!rules.first_player)).unwrap()
}

/// Compares two observations of mirrored positions: every plane equal once the squares are
/// mirrored, except plane 16 (South to move), which flips, and the stock planes 17 and 18
/// (indexed by piece, not square), equal as they are.
fn assert_mirrored(a: &[f32], b: &[f32], context: &str) {
    assert_eq!(a[17 * CELLS..], b[17 * CELLS..], "stock planes: {context}");
    for p in 0..17 {
        for s in Square::ALL {
            let (va, vb) = (plane(a, p)[s.index()], plane(b, p)[mirror(s).index()]);
            if p == 16 {
                assert_eq!(va, 1.0 - vb, "plane {p} at {s}: {context}");
            } else {
                assert_eq!(va, vb, "plane {p} at {s}: {context}");
            }
        }
    }
}

#[test]
fn the_start_with_the_first_player_swapped_gives_the_same_own_and_opponent_planes() {
    for preset in Rules::PRESETS {
        let south = Position::new(preset.rules.with_first_player(Side::First));
        let north = Position::new(preset.rules.with_first_player(Side::Second));
        let (a, b) = (observation(&south), observation(&north));
        // Own and opponent counters alike, the territory plane mirrored, only plane 16 differs.
        assert_eq!(a[..10 * CELLS], b[..10 * CELLS]);
        assert_eq!(a[11 * CELLS..16 * CELLS], b[11 * CELLS..16 * CELLS]);
        assert_mirrored(&a, &b, preset.name);
        assert!(plane(&a, 16).iter().all(|&v| v == 1.0));
        assert!(plane(&b, 16).iter().all(|&v| v == 0.0));
    }
}

#[test]
fn a_position_and_its_colour_mirror_observe_and_number_alike() {
    let mut checked = 0;
    for (r, rules) in all_rules().into_iter().enumerate() {
        let mut rng = Rng::seed_from_u64(0x4D49_0000 + r as u64);
        for _ in 0..3 {
            let mut pos = Position::new(rules);
            while !pos.is_over() {
                let other = colour_mirror(&pos);
                assert_eq!(colour_mirror(&other), pos);
                assert_mirrored(&observation(&pos), &observation(&other), &pos.to_string());
                // The legal ids map square by square.
                let (mut ids, mut mirrored) = (Vec::new(), Vec::new());
                pos.legal_actions(&mut ids);
                other.legal_actions(&mut mirrored);
                let mut mapped: Vec<usize> = ids
                    .iter()
                    .map(|&a| match a {
                        650 => 650,
                        a => a / 26 * 26 + mirror(Square::new(a % 26)).index(),
                    })
                    .collect();
                mapped.sort_unstable();
                assert_eq!(mapped, mirrored, "{pos}");
                checked += 1;
                let mv = pos.random_move(&mut rng).unwrap();
                pos.play(mv).unwrap();
            }
        }
    }
    assert!(checked >= 500, "{checked} positions");
}

#[test]
fn perft_through_the_ids_equals_perft() {
    check_perft_through_actions(&preset_starts::<Position>(), 2);
}
