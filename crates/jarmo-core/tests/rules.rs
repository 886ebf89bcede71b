//! One test per rule, each on a hand-made position.

use abstract_game::{ParseCellError, PlayError};
use jarmo_core::prelude::*;
use jarmo_core::{BLACK, WHITE};

fn pos(text: &str, preset: &str) -> Position {
    Position::from_text(text, Rules::preset(preset).unwrap())
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(p: &Position) -> Vec<String> {
    let mut list = jarmo_core::MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.notation(m).to_string()).collect();
    v.sort();
    v
}

fn play(p: &mut Position, text: &str) {
    let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
    p.play(mv).unwrap();
}

/// Plays `text`, a move the list of legal moves holds as written.
fn play_listed(p: &mut Position, text: &str) {
    assert!(legal(p).iter().any(|m| m == text), "{text} not listed");
    play(p, text);
}

fn hole(name: &str) -> Hole {
    name.parse().unwrap()
}

#[test]
fn jarmo_moves_backward_and_jasir_does_not() {
    // c3 touches d1 and a2 (backward), b3 (lateral), a4 and e4 (forward).
    let text = "w4/5/2b2/5/5 b";
    assert_eq!(
        legal(&pos(text, "jarmo")),
        ["c3-a2", "c3-a4", "c3-b3", "c3-d1", "c3-e4"]
    );
    assert_eq!(legal(&pos(text, "jasir")), ["c3-a4", "c3-b3", "c3-e4"]);
}

#[test]
fn an_archer_on_the_enemy_first_row_never_moves_but_can_be_captured_backward() {
    // Black b5 has arrived; White a3 may capture it backward (a3-b5) in Jarmo only.
    let text = "1b3/5/w1b2/5/5";
    let black = pos(&format!("{text} b"), "jarmo");
    assert!(legal(&black).iter().all(|m| !m.starts_with("b5")));
    assert!(legal(&pos(&format!("{text} w"), "jarmo")).contains(&"a3xb5".to_string()));
    assert!(!legal(&pos(&format!("{text} w"), "jasir")).contains(&"a3xb5".to_string()));
}

#[test]
fn a_capture_marks_the_archer_and_fills_the_owners_pool() {
    let mut p = pos("w4/5/3w1/5/2b1b b", "jarmo");
    play(&mut p, "c1xd3");
    assert_eq!(p.to_text(), "w4/5/3B1/5/4b w 0/1 0/0 0 c1-d3:1 -");
    assert!(p.marked().contains(hole("d3")));
    assert!(p.is_marked(hole("d3")));
    assert_eq!(p.at(hole("d3")), Some(BLACK));
    assert_eq!(p.at(hole("c1")), None);
}

#[test]
fn a_marked_archer_arriving_returns_a_captured_archer_to_a_chosen_hole() {
    let mut p = pos("w4/3B1/5/5/b4 b 1/0 0/0 0 - -", "jarmo");
    let moves = legal(&p);
    for h in ["b1", "c1", "d1", "e1"] {
        assert!(moves.contains(&format!("d4-b5/{h}")), "{moves:?}");
    }
    assert!(!moves.contains(&"d4-b5".to_string()));
    assert!(matches!(
        p.parse_move("d4-b5"),
        Err(MoveError::MissingReturn { .. })
    ));
    play(&mut p, "d4-b5/c1");
    assert_eq!(p.to_text(), "wB3/5/5/5/b1b2 w 0/0 0/0 0 d4-b5:1 -");
}

#[test]
fn a_credit_earned_with_an_empty_pool_is_lost() {
    let mut p = pos("w4/3B1/5/5/b4 b", "jarmo");
    play_listed(&mut p, "d4-b5");
    assert_eq!(p.credits(BLACK), 0);
}

#[test]
fn an_unmarked_archer_capturing_onto_the_goal_row_earns_a_return() {
    let mut p = pos("1w2w/3b1/5/5/b4 b 1/0 0/0 0 - -", "jarmo");
    play(&mut p, "d4xb5/e1");
    assert_eq!(p.pool(BLACK), 0);
    assert_eq!(p.pool(WHITE), 1);
    assert_eq!(p.to_text(), "1B2w/5/5/5/b3b w 0/1 0/0 0 d4-b5:1 -");
}

#[test]
fn a_credit_waits_for_an_empty_hole_even_the_one_just_vacated() {
    // Black's first row is full (White archers have arrived on c1, d1, e1).
    let mut p = pos("w4/3B1/5/5/bbwww b 1/0 0/0 0 - -", "jarmo");
    play_listed(&mut p, "d4-b5");
    assert_eq!((p.credits(BLACK), p.pool(BLACK)), (1, 1));
    play(&mut p, "a5-b3");
    // a1 is vacated by the move itself: the return must use it.
    assert!(matches!(
        p.parse_move("a1-c2"),
        Err(MoveError::MissingReturn { .. })
    ));
    assert!(legal(&p).contains(&"a1xb3/a1".to_string()));
    play(&mut p, "a1-c2/a1");
    assert_eq!((p.credits(BLACK), p.pool(BLACK)), (0, 0));
}

#[test]
fn a_pass_never_spends_a_credit() {
    // Jasir: a3 can only go forward to b5, held by its own arrived archer.
    let mut p = pos("1b2w/5/b4/5/5 b 1/0 1/0 0 - -", "jasir");
    assert_eq!(legal(&p), ["pass"]);
    play(&mut p, "pass");
    assert_eq!((p.credits(BLACK), p.pool(BLACK)), (1, 1));
    assert_eq!(p.passes(), 1);
}

#[test]
fn the_goal_row_capture_restriction() {
    // Only a capture onto the goal row: allowed.
    assert_eq!(legal(&pos("1w2w/5/b4/5/5 b", "jasir-reserve")), ["a3xb5"]);
    // Another move ends off the goal row: the capture is refused.
    let refused = pos("1w2w/3b1/b4/5/5 b", "jasir-reserve");
    assert_eq!(legal(&refused), ["d4-c4"]);
    assert!(matches!(
        refused.parse_move("a3xb5"),
        Err(MoveError::GoalRowCapture { .. })
    ));
    assert!(matches!(
        refused.parse_move("a3-a4"),
        Err(MoveError::Illegal { .. })
    ));
    // A drop ends off the goal row too.
    assert_eq!(
        legal(&pos("1w2w/5/b4/5/5 b 1/0", "jasir-reserve")),
        ["@a1", "@b1", "@c1", "@d1", "@e1"]
    );
    // Without the option the capture stays legal.
    assert_eq!(
        legal(&pos("1w2w/3b1/b4/5/5 b", "jasir")),
        ["a3xb5", "d4-c4", "d4xb5"]
    );
}

#[test]
fn reserve_rule_keeps_captured_marked_archers_only() {
    let mut p = pos("w4/5/3W1/5/2b1b b", "jasir-reserve");
    play(&mut p, "c1xd3");
    assert_eq!(p.pool(WHITE), 1);
    // White may now drop on any empty hole of row 5.
    let moves = legal(&p);
    for h in ["b5", "c5", "d5", "e5"] {
        assert!(moves.contains(&format!("@{h}")), "{moves:?}");
    }
    let mut q = pos("w4/5/3w1/5/2b1b b", "jasir-reserve");
    play(&mut q, "c1xd3");
    assert_eq!(q.pool(WHITE), 0);
}

#[test]
fn two_passes_in_succession_end_the_game() {
    let text = "3b1/5/w3b/5/1w3 b";
    let mut p = pos(text, "jasir");
    assert_eq!(legal(&p), ["pass"]);
    play(&mut p, "pass");
    assert_eq!(legal(&p), ["pass"]);
    play(&mut p, "pass");
    let outcome = p.outcome().expect("over");
    assert_eq!(p.ending(), Some(jarmo_core::ending::PASSES));
    assert_eq!(outcome.winner, None);
    assert_eq!(outcome.scores.unwrap().0, [3, 3]);
    assert!(legal(&p).is_empty());
}

/// `p` is over (`why`, for the message) with `winner` and the points `scores` (Black's
/// first).
fn assert_ended(p: &Position, why: &str, winner: Option<Side>, scores: [u32; 2]) {
    let outcome = p.outcome().expect(why);
    assert_eq!(outcome.winner, winner);
    assert_eq!(outcome.scores.unwrap().0, scores);
}

#[test]
fn a_blocked_side_loses_when_the_rule_says_so() {
    let p = pos("3b1/5/w3b/5/1w3 b", "jasir-basic");
    assert_ended(&p, "Black is blocked", Some(WHITE), [3, 3]);
}

#[test]
fn no_shuttling_forbids_the_fourth_back_and_forth_step() {
    let line = "c1-d3 a5-b3 d3-c1 b3-a5 c1-d3 a5-b3";
    let mut p = Position::new(Rules::JARMO);
    for m in line.split_whitespace() {
        play(&mut p, m);
    }
    assert!(!legal(&p).contains(&"d3-c1".to_string()));
    assert!(legal(&p).contains(&"d3-d2".to_string()));
    assert_eq!(p.shuttle(BLACK).count(), 3);
    assert_eq!(p.shuttle(BLACK).last_step(), Some((hole("c1"), hole("d3"))));
    assert_eq!(p.shuttle(WHITE).last_step(), Some((hole("a5"), hole("b3"))));
    assert_eq!(Position::new(Rules::JARMO).shuttle(BLACK).last_step(), None);
    // Off, the step is legal.
    let mut q = Position::new(Rules {
        no_shuttling: false,
        ..Rules::JARMO
    });
    for m in line.split_whitespace() {
        play(&mut q, m);
    }
    assert!(legal(&q).contains(&"d3-c1".to_string()));
    // Another move in between breaks the pattern.
    let mut r = Position::new(Rules::JARMO);
    for m in "c1-d3 a5-b3 d3-c1 b3-a5 e1-c2 e5-c4 c1-d3 c4-e5".split_whitespace() {
        play(&mut r, m);
    }
    assert!(legal(&r).contains(&"d3-c1".to_string()));
    // The rule binds White too: its fourth step a5-b3-a5-b3-a5 is refused.
    let mut w = Position::new(Rules::JARMO);
    for m in "c1-d3 a5-b3 d3-c1 b3-a5 e1-c2 a5-b3 c1-d3".split_whitespace() {
        play(&mut w, m);
    }
    assert!(matches!(
        w.parse_move("b3-a5"),
        Err(MoveError::Shuttling { .. })
    ));
}

#[test]
fn the_game_ends_when_a_side_has_all_its_archers_arrived() {
    let mut p = pos("w4/3b1/5/5/5 b", "jarmo");
    play(&mut p, "d4-b5");
    let outcome = p.outcome().expect("Black has arrived");
    assert_eq!(p.ending(), Some(jarmo_core::ending::ARRIVAL));
    assert_eq!(outcome.winner, Some(BLACK));
    assert_eq!(outcome.scores.unwrap().0, [2, 1]);
}

#[test]
fn a_side_without_archers_on_the_board_has_arrived() {
    let mut p = pos("5/5/3w1/5/2b2 b", "jasir-basic");
    play(&mut p, "c1xd3");
    assert_ended(&p, "White has no archer left", Some(BLACK), [1, 0]);
}

#[test]
fn reserve_archers_count_as_not_arrived() {
    // Black's only archer on the board has arrived, but one waits in reserve.
    let p = pos("1b2w/5/5/5/5 b 1/0", "jasir-reserve");
    assert!(p.outcome().is_none());
    let q = pos("1b2w/5/5/5/5 b 0/0", "jasir-reserve");
    assert!(q.outcome().is_some());
}

#[test]
fn white_may_move_first() {
    let p = Position::new(Rules::JARMO.with_first_player(WHITE));
    assert_eq!(p.side_to_move(), WHITE);
    assert!(legal(&p).iter().all(|m| m.as_bytes()[1] == b'5'));
}

#[test]
fn illegal_moves_are_refused_and_leave_the_position_unchanged() {
    let mut p = Position::new(Rules::JARMO);
    let before = p;
    assert_eq!(
        p.play(Move::step(hole("a1"), hole("a2"))),
        Err(PlayError::Illegal)
    );
    assert_eq!(p.play(Move::Pass), Err(PlayError::Illegal));
    assert_eq!(p.play(Move::Drop(hole("c1"))), Err(PlayError::Illegal));
    assert_eq!(p, before);
    assert_eq!(p.zobrist(), before.zobrist());
}

#[test]
fn the_separator_must_match_the_move() {
    let p = pos("w4/5/3w1/5/2b1b b", "jarmo");
    let err = |text: &str| p.parse_move(text).unwrap_err();
    assert!(matches!(err("c1-d3"), MoveError::WrongSeparator { .. }));
    assert!(p.parse_move("c1xd3").is_ok());
    assert!(matches!(err("e1xc2"), MoveError::WrongSeparator { .. }));
    assert!(matches!(err("e1-e2"), MoveError::Illegal { .. }));
    assert!(matches!(
        err("z9-a1"),
        MoveError::Cell { cell, .. } if cell == ParseCellError::new("hole", "z9")
    ));
    assert!(matches!(err(""), MoveError::Empty));
}

#[test]
fn moves_are_refused_once_the_game_is_over() {
    let mut p = pos("3b1/5/w3b/5/1w3 b", "jasir");
    play(&mut p, "pass");
    play(&mut p, "pass");
    assert!(p.is_over());
    assert_eq!(p.parse_move("pass"), Err(MoveError::GameOver));
    assert_eq!(p.parse_move("d5-c3"), Err(MoveError::GameOver));
    assert_eq!(
        p.parse_move("pass").unwrap_err().to_string(),
        "the game is over"
    );
    // The syntax is read first.
    assert!(matches!(p.parse_move("c1"), Err(MoveError::Syntax { .. })));
    let mut arrived = pos("w4/3b1/5/5/5 b", "jarmo");
    play(&mut arrived, "d4-b5");
    assert_eq!(arrived.parse_move("a5-b3"), Err(MoveError::GameOver));
}

#[test]
fn a_hole_name_off_the_board_is_named_in_the_error() {
    let p = Position::new(Rules::JARMO);
    for (text, name) in [
        ("z9-a1", "z9"),
        ("c1-d6", "d6"),
        ("c1-d3x", "d3x"),
        ("d4-b5/b0", "b0"),
        ("d4-b5/", ""),
        ("@f1", "f1"),
        ("c1d3", "c1d3"),
    ] {
        match p.parse_move(text) {
            Err(MoveError::Cell { text: given, cell }) => {
                assert_eq!(given, text);
                assert_eq!(cell, ParseCellError::new("hole", name), "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    assert_eq!(
        p.parse_move("c1-d6").unwrap_err().to_string(),
        r#""c1-d6" is not a move: "d6" is not a hole"#
    );
    assert!(matches!(p.parse_move("c1"), Err(MoveError::Syntax { .. })));
    // In a no-shuttling record of the position text.
    let err =
        Position::from_text("wwwww/5/5/5/bbbbb b 0/0 0/0 0 c1-d6:1 -", Rules::JARMO).unwrap_err();
    assert_eq!(
        err,
        TextError::Cell {
            field: 6,
            name: "Black's shuttle record",
            cell: ParseCellError::new("hole", "d6"),
        }
    );
    assert_eq!(
        err.to_string(),
        r#"field 6 (Black's shuttle record): "d6" is not a hole"#
    );
    for bad in ["c1d3:1", "c1-d3", "c1-d3:0", "c1-d3:x"] {
        let text = format!("wwwww/5/5/5/bbbbb b 0/0 0/0 0 - {bad}");
        assert!(
            matches!(
                Position::from_text(&text, Rules::JARMO),
                Err(TextError::BadField { field: 7, .. })
            ),
            "{bad}"
        );
    }
}

#[test]
fn position_text_errors_say_what_is_wrong() {
    let rules = Rules::JARMO;
    for (text, needle) in [
        ("", "empty"),
        ("wwwww/5/5/5", "rows"),
        ("wwwwx/5/5/5/bbbbb", "character"),
        ("wwww/5/5/5/bbbbb", "4 holes"),
        ("wwwww/5/5/5/bbbbb x", "side to move"),
        ("wwwww/5/5/5/bbbbb b 1/0", "at most 5"),
        ("wwwww/5/5/5/bbbbb b 0/0 0/0 0 a1-a2:1 -", "not a line"),
        ("wwwww/5/5/5/bbbbb b 0/0 0/0 0 - - extra", "unexpected text"),
    ] {
        let err = Position::from_text(text, rules)
            .expect_err(text)
            .to_string();
        assert!(err.contains(needle), "{text:?}: {err}");
    }
    assert!(Position::from_text("wwwww/5/5/5/bbbbb b 0/0 1/0", Rules::JASIR_BASIC).is_err());
}

#[test]
fn captures_are_never_compulsory() {
    let p = pos("w4/5/3w1/5/2b1b b", "jarmo");
    let moves = legal(&p);
    assert!(moves.contains(&"c1xd3".to_string()));
    for quiet in ["c1-a2", "c1-e2", "e1-c2"] {
        assert!(moves.contains(&quiet.to_string()), "{moves:?}");
    }
}

#[test]
fn the_presets_set_the_options_of_the_rules_table() {
    use jarmo_core::{Blocked, Direction, ReturnRule};
    let table = [
        (
            "jarmo",
            Direction::Jarmo,
            ReturnRule::Seed,
            false,
            Blocked::Pass,
            true,
        ),
        (
            "jasir",
            Direction::Jasir,
            ReturnRule::Seed,
            false,
            Blocked::Pass,
            true,
        ),
        (
            "jasir-reserve",
            Direction::Jasir,
            ReturnRule::Reserve,
            true,
            Blocked::Loses,
            false,
        ),
        (
            "jasir-basic",
            Direction::Jasir,
            ReturnRule::None,
            false,
            Blocked::Loses,
            false,
        ),
    ];
    for (name, direction, return_rule, restriction, blocked, no_shuttling) in table {
        let rules = Rules::preset(name).unwrap();
        assert_eq!(
            rules,
            Rules {
                direction,
                return_rule,
                goal_row_capture_restriction: restriction,
                blocked,
                no_shuttling,
                first_player: BLACK,
            },
            "{name}"
        );
    }
}

#[test]
fn at_most_one_archer_returns_per_move() {
    // Two credits and two pooled archers: a step still returns a single archer.
    let mut p = pos("w4/5/2B2/5/5 b 2/0 2/0 0 - -", "jarmo");
    let moves = legal(&p);
    assert!(
        moves.iter().all(|m| m.matches('/').count() == 1),
        "{moves:?}"
    );
    // c3 has five lines; a step to d1 leaves four free holes, the others five.
    assert_eq!(moves.len(), 4 * 5 + 4);
    play(&mut p, "c3-a4/c1");
    assert_eq!((p.credits(BLACK), p.pool(BLACK)), (1, 1));
    assert_eq!(p.to_text(), "w4/B4/5/5/2b2 w 1/0 1/0 0 c3-a4:1 -");
}

#[test]
fn credits_accumulate_and_wait_for_the_pool_to_refill() {
    // Black's first row is full (White archers have arrived on c1, d1, e1); one archer of Black
    // is in the captured pool, and two marked archers are about to arrive.
    let mut p = pos("w4/3B1/4B/5/bbwww b 1/0 0/0 0 - -", "jarmo");
    play(&mut p, "d4-b5");
    assert_eq!((p.credits(BLACK), p.pool(BLACK)), (1, 1));
    play(&mut p, "a5-b3");
    play(&mut p, "e3-d5");
    // A second credit while the first still waits.
    assert_eq!((p.credits(BLACK), p.pool(BLACK)), (2, 1));
    play(&mut p, "b3-b2");
    // a1 is vacated: one credit is spent, the other stays although the pool is now empty.
    assert!(legal(&p).iter().all(|m| m.contains('/')));
    play(&mut p, "a1-c2/a1");
    assert_eq!((p.credits(BLACK), p.pool(BLACK)), (1, 0));
    // With the pool empty, a step that vacates a first-row hole returns nothing.
    let mut q = p;
    play(&mut q, "b2-c4");
    assert!(legal(&q).contains(&"a1-b3".to_string()));
    assert_eq!(q.credits(BLACK), 1);
    // White captures a Black archer: the pool refills and the waiting credit must be spent.
    play(&mut p, "b2xc2");
    assert_eq!((p.credits(BLACK), p.pool(BLACK)), (1, 1));
    assert_eq!(legal(&p), ["a1-b3/a1", "a1xc2/a1", "b1-a3/b1", "b1-d2/b1"]);
    play(&mut p, "b1-d2/b1");
    assert_eq!((p.credits(BLACK), p.pool(BLACK)), (0, 0));
}

#[test]
fn the_end_is_checked_after_the_return_placement() {
    // Black's last archer off the goal row arrives, but the archer it returns stands on row 1:
    // Black has not arrived, and the game goes on.
    let mut p = pos("w4/3B1/5/5/5 b 1/0 0/0 0 - -", "jarmo");
    play(&mut p, "d4-b5/a1");
    assert!(p.outcome().is_none());
    assert_eq!(p.to_text(), "wB3/5/5/5/b4 w 0/0 0/0 0 d4-b5:1 -");
}

#[test]
fn no_shuttling_counts_captures_and_refuses_a_capture() {
    // Black c1 captures back and forth between c1 and d3; White feeds it new victims.
    let start = "5/3w1/3w1/w1w1w/2b2 b";
    let line = "c1xd3 a2-c1 d3xc1 d4-d3 c1xd3 e2-c1";
    let mut p = pos(start, "jarmo");
    for m in line.split_whitespace() {
        play(&mut p, m);
    }
    assert_eq!(p.shuttle(BLACK).count(), 3);
    assert!(matches!(
        p.parse_move("d3xc1"),
        Err(MoveError::Shuttling { .. })
    ));
    let mut q = Position::from_text(
        start,
        Rules {
            no_shuttling: false,
            ..Rules::JARMO
        },
    )
    .unwrap();
    for m in line.split_whitespace() {
        play(&mut q, m);
    }
    assert!(q.parse_move("d3xc1").is_ok());
}

#[test]
fn a_drop_or_a_pass_breaks_the_shuttle_chain() {
    let rules = Rules {
        return_rule: jarmo_core::ReturnRule::Reserve,
        ..Rules::JARMO
    };
    let start = "w3w/5/5/5/2b2 b 1/0";
    let white = ["e5-c4", "a5-b3", "c4-e5", "b3-a5"];
    // c1-d3, d3-c1, c1-d3: the fourth step back is refused.
    let mut p = Position::from_text(start, rules).unwrap();
    for (black, white) in ["c1-d3", "d3-c1", "c1-d3"].iter().zip(white) {
        play(&mut p, black);
        play(&mut p, white);
    }
    assert!(!legal(&p).contains(&"d3-c1".to_string()));
    // With a drop in the middle of the chain it stays legal.
    let mut p = Position::from_text(start, rules).unwrap();
    for (black, white) in ["c1-d3", "d3-c1", "@a1", "c1-d3"].iter().zip(white) {
        play(&mut p, black);
        play(&mut p, white);
    }
    assert!(legal(&p).contains(&"d3-c1".to_string()));
    // A pass clears the record of the side that passes.
    let mut p = pos("1b2w/5/b4/5/5 b 0/0 0/0 0 b1-a3:2 -", "jasir");
    play(&mut p, "pass");
    assert_eq!(p.shuttle(BLACK), jarmo_core::Shuttle::NONE);
}

#[test]
fn a_side_that_can_only_drop_is_not_blocked() {
    // Black's one archer on the board has arrived; one waits in reserve.
    let p = pos("b3w/5/5/5/5 b 1/0", "jasir-reserve");
    assert!(p.outcome().is_none());
    assert_eq!(legal(&p), ["@a1", "@b1", "@c1", "@d1", "@e1"]);
}

#[test]
fn a_blocked_side_loses_even_when_ahead_on_points() {
    // Black has 3 points to White's 1, but its a3 archer cannot move in Jasir.
    let p = pos("1b2w/5/b4/5/5 b", "jasir-basic");
    assert_ended(&p, "Black is blocked", Some(WHITE), [3, 1]);
}

#[test]
fn a_dropped_archer_is_unmarked() {
    let mut p = pos("w4/5/3W1/5/2b1b b", "jasir-reserve");
    play(&mut p, "c1xd3");
    play(&mut p, "@c5");
    assert!(!p.is_marked(hole("c5")));
    assert_eq!(p.to_text(), "w1w2/5/3B1/5/4b b 0/0 0/0 0 - -");
}

#[test]
fn trailing_fields_of_the_position_text_may_be_left_out() {
    let full = "w4/5/2b2/5/5 b 0/0 0/0 0 - -";
    for text in ["w4/5/2b2/5/5", "w4/5/2b2/5/5 b", "w4/5/2b2/5/5 b 0/0 0/0"] {
        assert_eq!(pos(text, "jarmo").to_text(), full, "{text}");
    }
    assert_eq!(
        pos("w4/5/2b2/5/5 w 0/0 0/0 1", "jarmo").to_text(),
        "w4/5/2b2/5/5 w 0/0 0/0 1 - -"
    );
}

#[test]
fn under_the_none_rule_captured_archers_never_come_back() {
    let mut p = pos("w4/5/3w1/5/2b1b b", "jasir-basic");
    play(&mut p, "c1xd3");
    assert_eq!((p.pool(BLACK), p.pool(WHITE)), (0, 0));
    // A marked archer arriving on the goal row returns nothing.
    let mut q = pos("w4/3B1/5/5/b4 b", "jasir-basic");
    assert!(legal(&q).contains(&"d4-b5".to_string()));
    play(&mut q, "d4-b5");
    assert_eq!(q.credits(BLACK), 0);
    // A pool is refused in the position text.
    assert!(Position::from_text("w4/3B1/5/5/b4 b 1/0", Rules::JASIR_BASIC).is_err());
}

#[test]
fn passes_are_refused_when_a_blocked_side_loses() {
    // Under `Loses` nobody ever passes, so a text claiming passes is not a reachable position.
    for preset in ["jasir-reserve", "jasir-basic"] {
        let rules = Rules::preset(preset).unwrap();
        for passes in ["1", "2"] {
            let text = format!("w4/5/2b2/5/5 b 0/0 0/0 {passes} - -");
            assert!(
                Position::from_text(&text, rules).is_err(),
                "{preset} {text}"
            );
        }
        assert!(Position::from_text("w4/5/2b2/5/5 b 0/0 0/0 0 - -", rules).is_ok());
    }
    assert!(Position::from_text("w4/5/2b2/5/5 b 0/0 0/0 1 - -", Rules::JARMO).is_ok());
}

#[test]
fn a_shuttle_ban_can_leave_a_side_blocked() {
    // Black a3's only line left is back to b1 (b5 holds its own arrived archer), and that step
    // would be the fourth of a b1-a3 shuttle.
    let text = "1b3/5/b3w/5/5 b 0/0 0/0 0 b1-a3:3 -";
    assert_eq!(legal(&pos(text, "jarmo")), ["pass"]);
    assert!(matches!(
        pos(text, "jarmo").parse_move("a3-b1"),
        Err(MoveError::Shuttling { .. })
    ));
    let loses = Rules {
        blocked: jarmo_core::Blocked::Loses,
        ..Rules::JARMO
    };
    let p = Position::from_text(text, loses).unwrap();
    assert_eq!(p.outcome().expect("blocked").winner, Some(WHITE));
    assert_eq!(p.ending(), Some(jarmo_core::ending::BLOCKED));
    // Without the record, a3-b1 is legal.
    assert_eq!(legal(&pos("1b3/5/b3w/5/5 b", "jarmo")), ["a3-b1"]);
}

#[test]
fn piece_counts_are_the_archers_on_the_board() {
    // Five archers a side on their first rows (a1..e1, a5..e5), none in a pool.
    for rules in [Rules::default(), Rules::preset("jasir").unwrap()] {
        assert_eq!(Position::new(rules).piece_counts(), [5, 5]);
    }
}

#[test]
fn the_points_now_are_those_the_end_would_give() {
    // Five archers each, none arrived: a point each.
    let start = Position::new(Rules::JARMO);
    assert_eq!(start.points_now().map(|s| s.0), Some([5, 5]));
    // Two archers each, one of them arrived (two points) and one not (one point).
    let p = pos("3b1/5/w3b/5/1w3 b", "jarmo");
    assert_eq!(p.points_now().map(|s| s.0), Some([3, 3]));
}
