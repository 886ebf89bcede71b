//! One test per rule, each on a small hand-made position written in the position text.

use abstract_game::{Game, Outcome, ParseCellError, TextGame};
use jersi_core::{
    BLACK, GameRules, Kind, MoveError, MoveList, Position, Rules, Setup, SetupError, Square, WHITE,
    ending,
};

/// The board field of a position text holding `cells` (name, cubes bottom first).
fn board(cells: &[(&str, &str)]) -> String {
    let lengths = [7, 8, 7, 8, 9, 8, 7, 8, 7];
    let mut rows = Vec::new();
    for row in (0..9).rev() {
        let mut s = String::new();
        let mut gap = 0;
        for n in 1..=lengths[row] {
            let name = format!("{}{}", (b'a' + row as u8) as char, n);
            match cells.iter().find(|(c, _)| *c == name) {
                None => gap += 1,
                Some((_, cubes)) => {
                    if gap > 0 {
                        s += &gap.to_string();
                        gap = 0;
                    }
                    if cubes.len() == 1 {
                        s += cubes;
                    } else {
                        s += &format!("({cubes})");
                    }
                }
            }
        }
        if gap > 0 {
            s += &gap.to_string();
        }
        rows.push(s);
    }
    rows.join("/")
}

/// A position with `cells` plus the Kings at a1 and i7 unless placed, and `rest` (side,
/// reserves, counter, turn).
fn position(cells: &[(&str, &str)], rest: &str) -> Position {
    let mut all: Vec<(&str, &str)> = cells.to_vec();
    if !cells.iter().any(|(_, c)| c.contains('K')) {
        all.push(("a1", "K"));
    }
    if !cells.iter().any(|(_, c)| c.contains('k')) {
        all.push(("i7", "k"));
    }
    let text = format!("{} {rest}", board(&all));
    Position::from_text(&text, Rules::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The cell named `name`.
fn cell(name: &str) -> Square {
    Square::from_name(name).unwrap()
}

/// The kinds of the cubes on the cell named `name`, `[bottom, top]`.
fn kinds(pos: &Position, name: &str) -> [Option<Kind>; 2] {
    pos.at(cell(name)).map(|cube| cube.map(|c| c.kind))
}

fn white(cells: &[(&str, &str)]) -> Position {
    position(cells, "w -/- 40 1")
}

fn turns(pos: &Position) -> Vec<String> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().map(|&m| pos.move_to_string(m)).collect()
}

fn legal(pos: &Position, text: &str) -> bool {
    turns(pos).iter().any(|t| t == text)
}

fn play(pos: &Position, text: &str) -> Position {
    let mut p = pos.clone();
    let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(mv).unwrap();
    p
}

// --- Captures -------------------------------------------------------------------------------

#[test]
fn every_capture_pair() {
    let letters = ['K', 'F', 'W', 'R', 'P', 'S'];
    let beats = |a: char, d: char| match a {
        'R' => "SFKW".contains(d),
        'P' => "RFKW".contains(d),
        'S' => "PFKW".contains(d),
        'F' => "RPSFK".contains(d),
        _ => false,
    };
    for a in letters {
        for d in letters {
            let att = a.to_string();
            let def = d.to_ascii_lowercase().to_string();
            // The missing King of each side is added far away by `position`.
            let pos = white(&[("e5", att.as_str()), ("e6", def.as_str())]);
            let capture = if d == 'K' { "e5-e6!!" } else { "e5-e6!" };
            let captures = turns(&pos).iter().any(|t| t.starts_with(capture));
            assert_eq!(captures, beats(a, d), "{a} on {d}");
            assert!(
                !legal(&pos, "e5-e6"),
                "{a} may not simply share a cell with an enemy {d}"
            );
        }
    }
}

#[test]
fn nothing_captures_a_mountain_and_mountains_never_move() {
    // A lone enemy Mountain is climbed, not captured.
    let pos = white(&[("e5", "R"), ("e6", "m"), ("d4", "M")]);
    assert!(legal(&pos, "e5-e6"));
    assert!(!turns(&pos).iter().any(|t| t.starts_with("d4")));
    let after = play(&pos, "e5-e6");
    assert_eq!(
        after.to_text().split(' ').next().unwrap(),
        board(&[("e6", "mR"), ("d4", "M"), ("a1", "K"), ("i7", "k")])
    );
}

#[test]
fn enemy_cube_on_a_mountain_is_captured_alone() {
    let pos = white(&[("e5", "R"), ("e6", "Ms")]);
    let after = play(&pos, "e5-e6!");
    // The Rock on top of the Mountain.
    assert_eq!(
        kinds(&after, "e6"),
        [Some(Kind::Mountain), Some(Kind::Rock)]
    );
}

#[test]
fn a_stack_captures_the_whole_unit_but_not_on_a_mountain() {
    let pos = white(&[("e4", "SR"), ("e5", "ps"), ("d4", "Ms")]);
    assert!(legal(&pos, "e4=e5!"));
    let after = play(&pos, "e4=e5!");
    assert_eq!(kinds(&after, "e5")[1], Some(Kind::Rock));
    // d4 holds a Black Scissors on a Mountain: the stack may not go there, its top may.
    assert!(!legal(&pos, "e4=d4!"));
    assert!(legal(&pos, "e4-d4!"));
}

#[test]
fn a_stack_is_captured_when_its_top_is_beaten() {
    let pos = white(&[("e5", "P"), ("e6", "rs")]);
    // Paper does not beat the Scissors on top, even though it beats the Rock below.
    assert!(!legal(&pos, "e5-e6!"));
    let pos = white(&[("e5", "P"), ("e6", "sr")]);
    let after = play(&pos, "e5-e6!");
    let expected = board(&[("e6", "P"), ("a1", "K"), ("i7", "k")]);
    assert_eq!(after.to_text().split(' ').next().unwrap(), expected);
    assert_eq!(
        after.captured(BLACK, Kind::Rock),
        4,
        "no Black Rock is left on the board"
    );
}

// --- Stacking -------------------------------------------------------------------------------

#[test]
fn stacking_rules_for_cube_steps() {
    let pos = white(&[
        ("e5", "R"),
        ("e6", "P"),
        ("e4", "K"),
        ("d5", "PS"),
        ("f5", "MM"),
        ("f4", "M"),
    ]);
    assert!(legal(&pos, "e5-e6"), "onto an own lone cube builds a stack");
    assert!(!legal(&pos, "e5-e4"), "never onto the own King");
    assert!(!legal(&pos, "e5-d5"), "never onto an own two-cube cell");
    assert!(!legal(&pos, "e5-f5"), "never onto two Mountains");
    assert!(legal(&pos, "e5-f4"), "onto an own lone Mountain: climbing");
    assert!(legal(&pos, "e4-e5"), "the King may be the mover, on top");
    // A cube on a Mountain is not a stack: no stack step after climbing.
    assert!(!turns(&pos).iter().any(|t| t.starts_with("e5-f4=")));
}

#[test]
fn a_cube_on_a_mountain_moves_alone() {
    let pos = white(&[("e5", "MR")]);
    assert!(legal(&pos, "e5-e6"));
    assert!(!turns(&pos).iter().any(|t| t.contains('=')));
    let after = play(&pos, "e5-e6");
    assert_eq!(kinds(&after, "e5")[0], Some(Kind::Mountain));
}

#[test]
fn cube_step_then_stack_step_only_after_building() {
    let pos = white(&[("e4", "R"), ("e5", "P"), ("c3", "S")]);
    assert!(legal(&pos, "e4-e5=e7"));
    assert!(
        legal(&pos, "e4-e5=e4"),
        "the stack may step onto the cell the cube left"
    );
    assert!(!turns(&pos).iter().any(|t| t.starts_with("c3-c4=")));
}

#[test]
fn stack_steps_one_or_two_cells_with_an_empty_middle() {
    let pos = white(&[("e5", "PR"), ("e6", "S"), ("f5", "m"), ("d4", "s")]);
    assert!(!legal(&pos, "e5=e6"), "never onto own cubes");
    assert!(!legal(&pos, "e5=e7"), "never across a cube");
    assert!(!legal(&pos, "e5=f5"), "never onto a Mountain");
    assert!(!legal(&pos, "e5=g5"), "never across a Mountain");
    assert!(legal(&pos, "e5=d4!"));
    assert!(!legal(&pos, "e5=c3"), "never across an enemy cube");
    assert!(legal(&pos, "e5=c5"), "two cells over an empty middle cell");
}

#[test]
fn stack_step_then_top_cube_step_in_any_direction() {
    let pos = white(&[("e5", "PR"), ("e3", "S")]);
    assert!(legal(&pos, "e5=e7-e6"));
    assert!(legal(&pos, "e5=e6-e5"), "back to the cell the stack left");
    assert!(legal(&pos, "e5=e4-e3"), "onto another own cube");
    let pos = white(&[("e5", "PR"), ("e7", "M")]);
    assert!(legal(&pos, "e5=e6-e7"), "up a Mountain");
}

// --- Drops ----------------------------------------------------------------------------------

#[test]
fn drop_targets() {
    let pos = position(
        &[
            ("e5", "R"),
            ("e6", "M"),
            ("e4", "K"),
            ("d4", "r"),
            ("d5", "MR"),
            ("f5", "W"),
        ],
        "w MW/- 40 1",
    );
    assert!(legal(&pos, "W:e5"), "a Wise man on an own cube");
    assert!(legal(&pos, "W:e6"), "a Wise man on an own Mountain");
    assert!(legal(&pos, "W:f5"), "a Wise man on an own Wise man");
    assert!(!legal(&pos, "W:e4"), "never on the King");
    assert!(!legal(&pos, "W:d4"), "never on an enemy cube");
    assert!(!legal(&pos, "W:d5"), "never on two cubes");
    assert!(legal(&pos, "M:e6"), "a Mountain on an own lone Mountain");
    assert!(!legal(&pos, "M:e5"), "a Mountain only on a Mountain");
    assert!(legal(&pos, "M:c3"));
}

#[test]
fn second_drop_is_near_and_checked_after_the_first() {
    let pos = position(&[], "w MMW/- 40 1");
    assert!(
        legal(&pos, "M:e5/M:e5"),
        "Mountain on the Mountain just dropped"
    );
    assert!(
        legal(&pos, "M:e5/W:e5"),
        "Wise man on the Mountain just dropped"
    );
    assert!(!legal(&pos, "W:e5/M:e5"), "no Mountain on a Wise man");
    assert!(legal(&pos, "M:e5/M:e6"));
    assert!(
        !legal(&pos, "M:e5/M:e7"),
        "the second drop must be adjacent"
    );
    let one_each = position(&[], "w MW/- 40 1");
    assert!(!legal(&one_each, "M:e5/M:e6"), "only one Mountain left");
    let wise_pair = position(&[], "w WW/- 40 1");
    assert!(legal(&wise_pair, "W:e5/W:e5"));
}

#[test]
fn two_drops_on_two_cells_are_one_turn_in_either_order() {
    let pos = position(&[], "w MW/- 40 1");
    let a = pos.parse_move("W:e6/M:e5").unwrap();
    let b = pos.parse_move("M:e5/W:e6").unwrap();
    assert_eq!(a, b);
    assert_eq!(pos.move_to_string(a), "M:e5/W:e6");
    assert_eq!(
        turns(&pos)
            .iter()
            .filter(|t| t.contains("e5") && t.contains("e6") && t.contains('/'))
            .count(),
        2
    );
}

#[test]
fn black_drops_are_lower_case() {
    let pos = position(&[], "b -/mw 40 2");
    assert!(pos.parse_move("m:e5").is_ok());
    assert!(matches!(
        pos.parse_move("M:e5"),
        Err(MoveError::WrongColour(_))
    ));
}

#[test]
fn no_drop_variant_has_no_drops() {
    let pos = Position::new(Rules::preset("no-drop").unwrap());
    assert!(!turns(&pos).iter().any(|t| t.contains(':')));
    assert_eq!(pos.reserve(WHITE, Kind::Mountain), 0);
}

// --- King capture and relocation ------------------------------------------------------------

#[test]
fn a_captured_king_is_relocated_on_its_home_row() {
    // Black's King on e5 is captured by the White Rock; row i: i1 empty, i2 Black Rock (one cube
    // of the King's colour), i3 White Mountain (lone Mountain), i4 White Rock (enemy cube),
    // i5 Black stack, i6 Black Mountain under a Black Paper, i7 Black Mountain.
    let pos = white(&[
        ("e4", "R"),
        ("e5", "k"),
        ("i2", "r"),
        ("i3", "M"),
        ("i4", "R"),
        ("i5", "rs"),
        ("i6", "mp"),
        ("i7", "m"),
    ]);
    let captures: Vec<String> = turns(&pos)
        .into_iter()
        .filter(|t| t.starts_with("e4-e5!!"))
        .collect();
    assert_eq!(
        captures,
        [
            "e4-e5!!/k:i1",
            "e4-e5!!/k:i2",
            "e4-e5!!/k:i3",
            "e4-e5!!/k:i7"
        ]
    );
    assert!(matches!(
        pos.parse_move("e4-e5"),
        Err(MoveError::MissingRelocation(..))
    ));
    let after = play(&pos, "e4-e5/k:i2");
    assert_eq!(
        after.king(BLACK).map(|s| s.to_string()),
        Some("i2".to_string())
    );
    assert_eq!(after.top(cell("i2")).map(|c| c.kind), Some(Kind::King));
}

#[test]
fn relocation_is_decided_after_the_whole_turn() {
    // The stack captures the King on h4, then its top may step onto row i, which takes that
    // cell away from the relocation choices.
    let pos = white(&[("f3", "RP"), ("h4", "k")]);
    let all = turns(&pos);
    let count = |prefix: &str| all.iter().filter(|t| t.starts_with(prefix)).count();
    assert_eq!(count("f3=h4!!/k:"), 7);
    assert_eq!(count("f3=h4!!-i4/k:"), 6);
    assert!(!legal(&pos, "f3=h4!!-i4/k:i4"));
    assert!(legal(&pos, "f3=h4!!-i4/k:i5"));
    assert!(matches!(
        pos.parse_move("f3=h4-i4/k:i4"),
        Err(MoveError::Illegal(_))
    ));
}

#[test]
fn a_king_that_cannot_be_relocated_loses() {
    let full: Vec<(String, String)> = (1..=7)
        .map(|n| (format!("i{n}"), if n <= 4 { "R" } else { "P" }.to_string()))
        .collect();
    let mut cells: Vec<(&str, &str)> = full.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    cells.push(("e4", "S"));
    cells.push(("e5", "k"));
    cells.push(("a7", "K"));
    let pos = white(&cells);
    // Every cell of row i holds a White Rock: the White King is far away, so the game goes on.
    assert!(legal(&pos, "e4-e5!!"));
    let after = play(&pos, "e4-e5!!");
    assert_eq!(after.king(BLACK), None);
    assert_eq!(after.outcome(), Some(Outcome::win(WHITE)));
    assert_eq!(after.ending(), Some(ending::KING_LOST));
}

// --- Counter --------------------------------------------------------------------------------

#[test]
fn the_counter_drops_each_turn_and_resets_on_captures() {
    let pos = position(&[("e4", "R"), ("e5", "s"), ("c3", "P")], "w -/- 7 9");
    let quiet = play(&pos, "c3-c4");
    assert_eq!(quiet.no_capture_counter(), 6);
    assert_eq!(quiet.turn_number(), 10);
    let capture = play(&pos, "e4-e5!");
    assert_eq!(capture.no_capture_counter(), 40);
}

#[test]
fn capturing_a_lone_king_does_not_reset_the_counter() {
    let lone = position(&[("e4", "R"), ("e5", "k")], "w -/- 7 9");
    assert_eq!(play(&lone, "e4-e5!!/k:i1").no_capture_counter(), 6);
    let on_mountain = position(&[("e4", "R"), ("e5", "Mk")], "w -/- 7 9");
    assert_eq!(
        play(&on_mountain, "e4-e5!!/k:i1").no_capture_counter(),
        6,
        "a King on a Mountain counts as lone"
    );
    let topping = position(&[("e4", "R"), ("e5", "rk")], "w -/- 7 9");
    assert_eq!(
        play(&topping, "e4-e5!!/k:i1").no_capture_counter(),
        40,
        "a stack topped by the King resets"
    );
}

#[test]
fn counter_at_zero_draws() {
    let pos = position(&[("c3", "P")], "w -/- 0 81");
    assert_eq!(pos.outcome(), Some(Outcome::DRAW));
    assert_eq!(pos.ending(), Some(ending::NO_CAPTURE_LIMIT));
    assert!(turns(&pos).is_empty());
    let last = position(&[("c3", "P")], "w -/- 1 80");
    assert_eq!(play(&last, "c3-c4").outcome(), Some(Outcome::DRAW));
    let off = Position::from_text(
        &format!("{} w -/- 0 81", board(&[("a1", "K"), ("i7", "k")])),
        Rules {
            no_capture_limit: 0,
            ..Rules::default()
        },
    )
    .unwrap();
    assert_eq!(off.outcome(), None, "limit 0 switches the rule off");
}

// --- End of the game ------------------------------------------------------------------------

#[test]
fn king_arrivals_win() {
    let white_arrived = position(&[("i3", "K")], "b -/- 40 2");
    assert_eq!(white_arrived.outcome(), Some(Outcome::win(WHITE)));
    let white_on_stack = position(&[("i3", "RK")], "b -/- 40 2");
    assert_eq!(white_on_stack.outcome(), Some(Outcome::win(WHITE)));
    let black_arrived = position(&[("a3", "Mk")], "w -/- 40 2");
    assert_eq!(black_arrived.outcome(), Some(Outcome::win(BLACK)));
    assert_eq!(black_arrived.ending(), Some(ending::KING_ARRIVAL));
    // White is checked first when both Kings have arrived.
    let both = position(&[("a3", "k"), ("i3", "K")], "w -/- 40 2");
    assert_eq!(both.outcome(), Some(Outcome::win(WHITE)));
}

#[test]
fn only_where_the_king_ends_the_turn_counts() {
    let pos = white(&[("g3", "RK"), ("a7", "R")]);
    // g3=i4 brings the King to row i; stepping it back out in the same turn is no arrival.
    let through = play(&pos, "g3=i4-h4");
    assert_eq!(through.outcome(), None);
    let arrived = play(&pos, "g3=i4");
    assert_eq!(arrived.outcome(), Some(Outcome::win(WHITE)));
}

#[test]
fn no_legal_turn_loses() {
    // White's King (added on a1) is walled in by double Mountains and has no reserve.
    let pos = position(&[("a2", "mm"), ("b1", "mm"), ("b2", "MM")], "w -/- 40 30");
    assert!(turns(&pos).is_empty());
    assert_eq!(pos.outcome(), Some(Outcome::win(BLACK)));
    assert_eq!(pos.ending(), Some(ending::NO_MOVE));
}

// --- Notation -------------------------------------------------------------------------------

#[test]
fn capture_marks_are_optional_but_must_be_right() {
    let pos = white(&[("e4", "R"), ("e5", "s"), ("c3", "P")]);
    assert_eq!(pos.parse_move("e4-e5"), pos.parse_move("e4-e5!"));
    let err = |text: &str| pos.parse_move(text).unwrap_err();
    assert!(matches!(err("c3-c4!"), MoveError::WrongMarks { .. }));
    assert!(matches!(err("e4-e5!!"), MoveError::WrongMarks { .. }));
    assert!(matches!(err("e4-e9"), MoveError::Illegal(_)));
    assert!(matches!(err("z4-e5"), MoveError::Cell(_)));
    assert!(matches!(err("e4+e5"), MoveError::Malformed { .. }));
}

#[test]
fn bad_cells_and_finished_games_are_refused_by_name() {
    let pos = white(&[("e4", "R")]);
    assert_eq!(
        pos.parse_move("z4-e5"),
        Err(MoveError::Cell(ParseCellError::new("square", "z4")))
    );
    assert_eq!(
        pos.parse_move("e4-e10").unwrap_err().to_string(),
        r#""e10" is not a square"#
    );
    // White's King on Black's home row: White has won, no turn parses.
    let over = white(&[("i1", "K"), ("e4", "R")]);
    assert_eq!(over.outcome(), Some(Outcome::win(WHITE)));
    assert_eq!(over.parse_move("e4-e5"), Err(MoveError::GameOver));
}

#[test]
fn the_defaults_are_the_empty_setup_and_the_start() {
    let setup = Setup::default();
    assert_eq!(setup, Setup::EMPTY);
    assert!(setup.cells.iter().all(|cell| *cell == [None, None]));
    assert_eq!(setup.to_move, WHITE);
    assert!(setup.reserve[WHITE].is_empty() && setup.reserve[BLACK].is_empty());
    assert_eq!((setup.turns_to_draw, setup.turn_number), (40, 1));
    assert_eq!(
        Position::from_setup(setup, Rules::default()),
        Err(SetupError::NoKings)
    );
    assert_eq!(Position::default(), Position::new(Rules::default()));
}

#[test]
fn positions_refuse_illegal_cells() {
    for (e5, legal, why) in [
        ("Kr", false, "the King is never a bottom"),
        ("Rm", false, "no Mountain on a cube"),
        ("Rp", false, "no mixed stacks"),
        ("mR", true, "any cube on any Mountain"),
    ] {
        let text = format!(
            "{} w -/- 40 1",
            board(&[("a1", "K"), ("i7", "k"), ("e5", e5)])
        );
        assert_eq!(
            Position::from_text(&text, Rules::default()).is_ok(),
            legal,
            "{why}"
        );
    }
}

// --- Further rules: Mountains, stacks, relocation, the order of the end conditions ----------

#[test]
fn enemy_cube_on_an_enemy_mountain_is_captured_alone() {
    // A Black Scissors on a Black Mountain: the Rock takes the Scissors and stands on the
    // Mountain; a stack may not attack it at all.
    let pos = white(&[("e5", "R"), ("e6", "ms"), ("d5", "PR")]);
    let after = play(&pos, "e5-e6!");
    assert_eq!(
        after.to_text().split(' ').next().unwrap(),
        board(&[("e6", "mR"), ("d5", "PR"), ("a1", "K"), ("i7", "k")])
    );
    assert_eq!(
        after.count_on_board(jersi_core::Cube::new(BLACK, Kind::Mountain)),
        1
    );
    assert_eq!(
        after.count_on_board(jersi_core::Cube::new(BLACK, Kind::Scissors)),
        0
    );
    assert!(!turns(&pos).iter().any(|t| t.starts_with("d5=e6")));
}

#[test]
fn the_built_stack_may_capture() {
    let pos = white(&[("e4", "R"), ("e5", "P"), ("e7", "s"), ("d5", "p")]);
    assert!(
        legal(&pos, "e4-e5=e7!"),
        "the new stack attacks with its top, the Rock"
    );
    assert!(
        !legal(&pos, "e4-e5=d5!"),
        "the Rock on top does not beat a Paper"
    );
    // The King may build a stack (on top) and ride it.
    let king = white(&[("e4", "K"), ("e5", "R")]);
    assert!(legal(&king, "e4-e5=e7"));
}

#[test]
fn the_top_cube_may_capture_after_the_stack_step() {
    let pos = white(&[("e5", "PR"), ("e8", "s"), ("f7", "ms")]);
    assert!(legal(&pos, "e5=e7-e8!"));
    let after = play(&pos, "e5=e7-f7!");
    assert_eq!(
        after.to_text().split(' ').next().unwrap(),
        board(&[
            ("e7", "P"),
            ("e8", "s"),
            ("f7", "mR"),
            ("a1", "K"),
            ("i7", "k")
        ])
    );
}

#[test]
fn a_stack_topped_by_a_non_fighter_moves_but_captures_nothing() {
    let pos = position(&[("e5", "RW"), ("e6", "s"), ("d5", "f")], "w -/- 40 1");
    assert!(legal(&pos, "e5=e4"));
    assert!(!turns(&pos).iter().any(|t| t.contains('!')));
}

#[test]
fn never_drop_on_an_enemy_mountain() {
    let pos = position(&[("e6", "m"), ("e5", "Mr")], "w MW/- 40 1");
    assert!(!legal(&pos, "M:e6"), "a Mountain only on an own Mountain");
    assert!(!legal(&pos, "W:e6"), "a Wise man only on an own cube");
    assert!(!legal(&pos, "W:e5"), "never on two cubes");
    assert!(legal(&pos, "M:e7"));
}

#[test]
fn black_relocates_whites_king_with_an_upper_case_k() {
    let pos = position(&[("e5", "r"), ("e4", "K")], "b -/- 40 2");
    let relocations: Vec<String> = turns(&pos)
        .into_iter()
        .filter(|t| t.starts_with("e5-e4!!"))
        .collect();
    assert_eq!(relocations.len(), 7, "every cell of row a is empty");
    let after = play(&pos, "e5-e4!!/K:a4");
    assert_eq!(
        after.king(WHITE).map(|s| s.to_string()).as_deref(),
        Some("a4")
    );
    assert!(matches!(
        pos.parse_move("e5-e4!!/k:a4"),
        Err(MoveError::WrongColour(_))
    ));
}

#[test]
fn end_conditions_are_checked_in_the_rules_order() {
    // 2 before 3: the King arrives on the turn that runs the counter down to 0.
    let arrival = position(&[("h3", "K")], "w -/- 1 79");
    let after = play(&arrival, "h3-i3");
    assert_eq!(after.no_capture_counter(), 0);
    assert_eq!(after.outcome(), Some(Outcome::win(WHITE)));

    // 1 before 3: a King that cannot be put back loses even when the counter reaches 0 (a lone
    // King's capture does not reset it).
    let full: Vec<(String, String)> = (1..=7)
        .map(|n| (format!("i{n}"), if n <= 4 { "R" } else { "P" }.to_string()))
        .collect();
    let mut cells: Vec<(&str, &str)> = full.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    cells.extend([("e4", "S"), ("e5", "k"), ("a7", "K")]);
    let pos = position(&cells, "w -/- 1 79");
    let after = play(&pos, "e4-e5!!");
    assert_eq!(after.no_capture_counter(), 0);
    assert_eq!(after.outcome(), Some(Outcome::win(WHITE)));

    // 3 before 4: Black, walled in without a reserve, has no legal turn; with the counter at 0
    // the game is a draw, not Black's loss.
    let walled = [("i6", "mm"), ("h7", "Mm"), ("h8", "mM")];
    let drawn = position(&walled, "b -/- 0 80");
    assert!(turns(&drawn).is_empty());
    assert_eq!(drawn.outcome(), Some(Outcome::DRAW));
    assert_eq!(drawn.ending(), Some(ending::NO_CAPTURE_LIMIT));
    let lost = position(&walled, "b -/- 5 80");
    assert!(turns(&lost).is_empty());
    assert_eq!(lost.outcome(), Some(Outcome::win(WHITE)));
}

#[test]
fn the_no_capture_limit_is_an_option() {
    let rules = Rules {
        no_capture_limit: 3,
        ..Rules::default()
    };
    let start = Position::new(rules);
    assert_eq!(start.no_capture_counter(), 3);
    let text = format!(
        "{} w -/- 3 1",
        board(&[
            ("a1", "K"),
            ("i7", "k"),
            ("e4", "R"),
            ("e5", "s"),
            ("c3", "P"),
            ("g3", "p")
        ])
    );
    let pos = Position::from_text(&text, rules).unwrap();
    let mut p = pos.clone();
    p.play_line("c3-c4 g3-g4").unwrap();
    assert_eq!(p.no_capture_counter(), 1);
    let reset = play(&p, "e4-e5!");
    assert_eq!(
        reset.no_capture_counter(),
        3,
        "a capture puts the counter back at the limit"
    );
    p.play_line("c4-c5").unwrap();
    assert_eq!(p.outcome(), Some(Outcome::DRAW), "three quiet turns draw");
    assert!(
        Position::from_text(&text.replace(" 3 1", " 4 1"), rules).is_err(),
        "the counter never exceeds the limit"
    );
}

#[test]
fn two_drops_on_two_cells_are_counted_once_at_the_start() {
    // The rules file: the author's engine lists 1,291 turns because it prints every two-drop
    // on two different cells in both orders; 864 are distinct. So there are 1,291 - 864 = 427
    // such two-drops, each listed once here.
    let start = Position::new(Rules::default());
    let mut list = MoveList::new();
    start.legal_moves(&mut list);
    let two_cells = list
        .iter()
        .filter(|m| {
            matches!(m, jersi_core::Move::Drop { first, second: Some(second) } if first.to != second.to)
        })
        .count();
    assert_eq!(two_cells, 1_291 - 864);
}

#[test]
fn piece_counts_add_the_board_and_the_reserve() {
    // 21 cubes a side: 15 on the board (King, 2 Fools, 4 each of Rock, Paper, Scissors) and
    // 6 in the reserve (4 Mountains, 2 Wise men).
    let start = jersi_core::Position::new(Default::default());
    assert_eq!(start.piece_counts(), [21, 21]);
}
