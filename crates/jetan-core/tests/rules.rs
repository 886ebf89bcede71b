//! One test per rule, each on a hand-made position built from the position text.

use jetan_core::prelude::*;
use jetan_core::{Kind, ValueScale, ending};

/// Builds a position text from placements such as `"Ce5 Rf1 ce10 rj10"` (upper case Black,
/// lower case Orange) and the other fields, then parses it.
fn text(placements: &str, side: &str, escapes: &str, countdown: &str) -> String {
    let mut grid = [[None::<char>; 10]; 10];
    for token in placements.split_whitespace() {
        let c = token.chars().next().unwrap();
        let sq: Square = token[1..].parse().expect("square");
        grid[sq.rank() as usize][sq.file() as usize] = Some(c);
    }
    let mut board = String::new();
    for rank in (0..10).rev() {
        let mut empty = 0;
        for cell in grid[rank] {
            match cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        board += &empty.to_string();
                        empty = 0;
                    }
                    board.push(c);
                }
            }
        }
        if empty > 0 {
            board += &empty.to_string();
        }
        if rank > 0 {
            board.push('/');
        }
    }
    format!("{board} {side} {escapes} {countdown}")
}

fn pos_with(
    rules: Rules,
    placements: &str,
    side: &str,
    escapes: &str,
    countdown: &str,
) -> Position {
    let t = text(placements, side, escapes, countdown);
    Position::from_text(&t, rules).unwrap_or_else(|e| panic!("{t}: {e}"))
}

fn pos(placements: &str, side: &str) -> Position {
    pos_with(Rules::default(), placements, side, "Rr", "-")
}

/// The position of `placements` under the rules of `preset`, Black to move, both escapes
/// left, no countdown.
fn pos_preset(preset: &str, placements: &str) -> Position {
    pos_with(Rules::preset(preset).unwrap(), placements, "b", "Rr", "-")
}

fn sq(name: &str) -> Square {
    name.parse().expect("square")
}

/// The destinations (with `!` for escapes) of the legal moves from `from`, sorted.
fn dests(pos: &Position, from: &str) -> Vec<String> {
    let mut list = jetan_core::MoveList::new();
    pos.legal_moves(&mut list);
    let mut out: Vec<String> = list
        .iter()
        .filter(|m| m.from() == Some(sq(from)))
        .map(|m| {
            let to = m.to().expect("a Jetan move ends on a square");
            format!("{to}{}", if m.is_escape() { "!" } else { "" })
        })
        .collect();
    out.sort();
    out
}

/// In the position of `placements` with `side` to move, the piece on `from` moves to exactly
/// the squares of `expected` (names separated by spaces, in any order).
fn assert_dests(placements: &str, side: &str, from: &str, expected: &str) {
    assert_eq!(dests(&pos(placements, side), from), names(expected));
}

/// The piece on `from` reaches every square of `reached` and none of `missed` (names
/// separated by spaces, with `!` for escapes).
fn assert_reaches(pos: &Position, from: &str, reached: &str, missed: &str) {
    let d = dests(pos, from);
    for s in reached.split_whitespace() {
        assert!(d.contains(&s.to_owned()), "{from} misses {s}: {d:?}");
    }
    for s in missed.split_whitespace() {
        assert!(!d.contains(&s.to_owned()), "{from} reaches {s}: {d:?}");
    }
}

fn names(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_owned).collect();
    v.sort();
    v
}

/// Royals and a few extra pieces far from the action (rank 10 and a1/j1 corners).
const KINGS: &str = "Ca1 Rj1 Pa2 Pb2 ca10 rj10 pa9 pb9";

#[test]
fn panthan_steps_forward_diagonally_forward_and_sideways_never_back() {
    assert_dests(&format!("{KINGS} Pe5 pe8"), "b", "e5", "d5 f5 d6 e6 f6");
    assert_dests(&format!("{KINGS} Pe5 pe8"), "o", "e8", "d8 f8 d7 e7 f7");
    // Captures any way it steps; blocked by its own pieces.
    assert_dests(
        &format!("{KINGS} Pe5 Pd6 pe6 pf5"),
        "b",
        "e5",
        "d5 e6 f5 f6",
    );
}

#[test]
fn thoat_steps_orthogonally_then_diagonally_without_jumping() {
    assert_dests(
        &format!("{KINGS} Te5"),
        "b",
        "e5",
        "d7 f7 c6 c4 g6 g4 d3 f3 d5 f5 e4 e6",
    );
    // e6 occupied: the knight squares d7 and f7 are lost; d5 and f5 remain via e4.
    assert_dests(
        &format!("{KINGS} Te5 Pe6"),
        "b",
        "e5",
        "c6 c4 g6 g4 d3 f3 d5 f5 e4",
    );
}

#[test]
fn the_thoat_jumps_only_as_an_option() {
    let jumping = Rules::variant("jetan", "standard+thoat-jumps").unwrap();
    let with = |rules: Rules, placements: &str| {
        dests(
            &pos_with(rules, &format!("{KINGS} {placements}"), "b", "Rr", "-"),
            "e5",
        )
    };
    // Its own Panthan on e6 no longer blocks: d7 and f7 come back; e6 itself stays out.
    assert_eq!(
        with(jumping, "Te5 Pe6"),
        names("d7 f7 c6 c4 g6 g4 d3 f3 d5 f5 e4")
    );
    // Walled in on all four sides, it has no move; jumping, it reaches its eight knight squares
    // and takes the Orange Panthan on e4 (over d5 or f5).
    let walled = "Te5 Pe6 Pd5 Pf5 pe4";
    assert_eq!(with(Rules::default(), walled), names(""));
    assert_eq!(with(jumping, walled), names("d7 f7 c6 c4 g6 g4 d3 f3 e4"));
    // It threatens through a blocker as well: an Orange Thoat on e5 behind its own Panthan
    // on e6 keeps the Black Princess off f7 only when it jumps.
    let princess = |rules: Rules| {
        let p = pos_with(rules, "Ca1 Rf9 Pa2 ca10 rj10 te5 pe6", "b", "Rr", "-");
        dests(&p, "f9").contains(&"f7".to_owned())
    };
    assert!(princess(Rules::default()));
    assert!(!princess(jumping));
}

#[test]
fn warrior_and_padwar_make_two_steps_through_empty_squares() {
    // North blocked; the diagonal neighbours d6/f6 are still reached via d5/f5.
    assert_dests(
        &format!("{KINGS} We5 Pe6"),
        "b",
        "e5",
        "e3 c5 g5 d6 f6 d4 f4",
    );
    // f6 holds an enemy, which blocks the way to g7; e7 and g5 are still reached via d6/f4.
    assert_dests(
        &format!("{KINGS} Ae5 pf6"),
        "b",
        "e5",
        "c7 c3 g3 e7 c5 g5 e3",
    );
}

#[test]
fn dwar_makes_three_orthogonal_steps_and_may_turn() {
    let p = pos(&format!("{KINGS} De5"), "b");
    assert_eq!(dests(&p, "e5").len(), 16);
    // Boxed in on three sides: only paths through e6.
    assert_dests(
        &format!("{KINGS} De5 Pd5 Pf5 Pe4"),
        "b",
        "e5",
        "e8 d7 f7 c6 g6",
    );
}

#[test]
fn flier_jumps_three_diagonal_steps() {
    assert_dests(
        &format!("{KINGS} Fe5 Pd6 Pf6 Pd4 Pf4"),
        "b",
        "e5",
        "b8 d8 f8 h8 b6 h6 b4 h4 d2 f2 h2",
    );
}

#[test]
fn chief_makes_three_king_steps_without_jumping() {
    let p = pos("Ce5 Rj1 Pa2 Pa3 ca10 rj10 pa9 pb9", "b");
    assert_eq!(dests(&p, "e5").len(), 48);
    // Surrounded by its own pieces: no move.
    let ring = "Pd4 Pe4 Pf4 Pd5 Pf5 Pd6 Pe6 Pf6";
    let p = pos(&format!("Ce5 {ring} Ra1 cj10 rj8 pa9 pb9"), "b");
    assert!(dests(&p, "e5").is_empty());
}

#[test]
fn no_square_is_visited_twice_by_default_but_revisits_are_an_option() {
    // The Chief's only empty neighbour is e6, and d4 is an enemy piece. Without revisits it
    // cannot come back to e6, nor pass over e5 to reach d4.
    let ring = "Pe4 Pf4 Pd5 Pf5 Pd6 Pf6 pd4";
    let placements = format!("Ce5 {ring} Ra1 cj10 rj8 pa9 pb9");
    assert_reaches(&pos(&placements, "b"), "e5", "", "e6 d4");
    assert_reaches(&pos_preset("revisit", &placements), "e5", "e6 d4", "");
    // A Flier in the corner reaches b2 only by revisiting it.
    let placements = "Fa1 Ce5 Rj1 cj10 rj8 pa9 pb9";
    assert_reaches(&pos(placements, "b"), "a1", "", "b2");
    assert_reaches(&pos_preset("revisit", placements), "a1", "b2", "");
}

#[test]
fn no_piece_ends_on_a_friendly_piece() {
    let p = pos(&format!("{KINGS} Fe5 Fh8 Pb8"), "b");
    assert_reaches(&p, "e5", "", "h8 b8");
    let err = p.parse_move("Fe5-h8").unwrap_err();
    assert!(matches!(err, MoveError::OwnPiece { .. }), "{err}");
}

#[test]
fn princess_jumps_but_never_captures() {
    let p = pos("Ce1 Re5 Pe6 Pe4 pf5 cj10 ra10 pa9", "b");
    // No capture on f5; she jumps over e6 to e8.
    assert_reaches(&p, "e5", "e8", "f5");
    let err = p.parse_move("Re5xf5").unwrap_err();
    assert!(matches!(err, MoveError::PrincessCaptures { .. }), "{err}");
}

#[test]
fn princess_may_not_end_on_a_threatened_square() {
    // The Orange Warrior on h6 threatens f6 (h6-g6-f6) among others.
    let p = pos("Ca1 Re5 wh6 cj10 rj8 pa9", "b");
    assert_reaches(&p, "e5", "e6", "f6");
    assert!(p.is_threatened(sq("f6")));
    assert!(matches!(
        p.parse_move("Re5-f6"),
        Err(MoveError::Threatened { .. })
    ));
    // The enemy Princess threatens nothing.
    let p = pos("Ca1 Re5 rf7 cj10 pa9", "b");
    assert_reaches(&p, "e5", "f6", "");
}

#[test]
fn the_square_she_leaves_no_longer_blocks_the_enemy() {
    // The Warrior on e3 is blocked by the Princess on e4; once she steps to e5 it reaches her.
    let p = pos("Ca1 Re4 we3 cj10 rj8 pa9", "b");
    assert_reaches(&p, "e4", "d5", "e5");
}

#[test]
fn her_new_square_blocks_enemy_paths_through_it() {
    // With revisits, the Orange Chief's only path to e6 would cross e6 twice; with the
    // Princess standing there it is blocked, so e6 is safe for her.
    let ring = "pe4 pf4 pd5 pf5 fd6 ff6 pd4";
    let rules = Rules::preset("revisit").unwrap();
    let p = pos_with(rules, &format!("ce5 {ring} Rg8 Ca1 rj10"), "b", "Rr", "-");
    // But the Chief does threaten e7 (e5-e6-e7).
    assert_reaches(&p, "g8", "e6", "e7");
}

#[test]
fn princess_escapes_once_to_a_square_she_cannot_reach_normally() {
    let p = pos("Ca1 Re5 cj10 rj8 pa9 pb9", "b");
    let d = dests(&p, "e5");
    let escapes: Vec<_> = d.iter().filter(|s| s.ends_with('!')).collect();
    // Empty squares beyond three king steps and not threatened by the Orange pieces.
    assert!(
        escapes
            .iter()
            .all(|s| sq(&s[..s.len() - 1]).distance(sq("e5")) > 3)
    );
    // Not to a threatened square (a9's Panthan covers a8 and b8).
    assert_reaches(&p, "e5", "e9!", "a8!");
    let mut p = p;
    let mv = p.parse_move("Re5-e9!").unwrap();
    p.play(mv).unwrap();
    assert!(!p.escape_available(Side::First));
    assert!(p.to_text().ends_with(" o r -"), "{}", p.to_text());
    // Used up: after Orange moves, no more escapes.
    let mv = p.parse_move("Pa9-a8").unwrap();
    p.play(mv).unwrap();
    assert!(dests(&p, "e9").iter().all(|s| !s.ends_with('!')));
    assert!(matches!(
        p.parse_move("Re9-e1!"),
        Err(MoveError::NoEscape { .. })
    ));
}

#[test]
fn the_escape_can_be_switched_off() {
    let placements = "Ca1 Re5 cj10 rj8 pa9 pb9";
    let off = pos_preset("no-escape", placements);
    let on = pos(placements, "b");
    let normal: Vec<String> = dests(&on, "e5")
        .into_iter()
        .filter(|s| !s.ends_with('!'))
        .collect();
    assert!(normal.len() < dests(&on, "e5").len());
    assert_eq!(dests(&off, "e5"), normal);
}

#[test]
fn the_princess_is_never_obliged_to_move_away_from_a_threat() {
    // The Princess on e5 is threatened by the Warrior on e7; Black may still move the Panthan.
    let p = pos("Ca1 Re5 Pb2 we7 cj10 rj8 pa9", "b");
    assert!(!dests(&p, "b2").is_empty());
}

#[test]
fn capturing_the_princess_wins() {
    let mut p = pos("Ca1 Re5 Pb2 Pc2 we7 cj10 ra10 pa9 pb9", "o");
    let mv = p.parse_move("We7xe5").unwrap();
    assert!(p.is_capture(mv));
    assert!(!p.is_capture(p.parse_move("Pa9-a8").unwrap()));
    p.play(mv).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Second)));
    assert_eq!(p.ending(), Some(ending::PRINCESS_CAPTURED));
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.parse_move("Ca1-d1"), Err(MoveError::GameOver));
    // The position text records the result; it round-trips.
    let t = p.to_text();
    assert!(t.ends_with(" orange"), "{t}");
    assert_eq!(Position::from_text(&t, Rules::default()).unwrap(), p);
}

#[test]
fn capturing_the_chief_with_the_chief_wins() {
    let mut p = pos("Ce5 Re1 Pb2 Pc2 ce7 rj10 pa9 pb9", "b");
    p.play(p.parse_move("Ce5xe7").unwrap()).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::win(Side::First)));
    assert!(p.to_text().ends_with(" black"));
    assert_eq!(p.ending(), Some(ending::CHIEF_TAKEN_BY_CHIEF));
}

#[test]
fn capturing_the_chief_with_another_piece_draws() {
    let mut p = pos("Ca1 We5 Re1 Pb2 ce7 rj10 pa9 pb9", "b");
    p.play(p.parse_move("We5xe7").unwrap()).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::DRAW));
    let t = p.to_text();
    assert_eq!(p.ending(), Some(ending::CHIEF_TAKEN_DRAW));
    assert!(t.ends_with(" draw"), "{t}");
    assert_eq!(Position::from_text(&t, Rules::default()).unwrap(), p);
}

#[test]
fn equal_material_with_three_pieces_starts_a_ten_ply_countdown() {
    // Black: Chief, Princess, Panthan, Panthan (7); Orange: Chief, Princess, Panthan (7).
    // Capturing a Black Panthan leaves 3 against 3 of equal value... after Orange's capture
    // Black has C R P = 7 and Orange C R P = 7.
    let mut p = pos("Ca1 Rj1 Pe4 Pb2 ca10 rj10 pe5", "o");
    assert_eq!(p.countdown(), None);
    p.play(p.parse_move("Pe5xe4").unwrap()).unwrap();
    assert_eq!(p.countdown(), Some(10));
    assert!(p.to_text().ends_with(" b Rr 10"), "{}", p.to_text());
    // Ten further plies without a win: a draw. Shuffle the Chiefs.
    let shuffle = ["Ca1-a4", "Ca10-a7", "Ca4-a1", "Ca7-a10"];
    for i in 0..10 {
        assert_eq!(p.outcome(), None, "ply {i}");
        let mv = p.parse_move(shuffle[i % 4]).unwrap();
        p.play(mv).unwrap();
        assert_eq!(p.countdown(), Some(9 - i as u16));
    }
    assert_eq!(p.outcome(), Some(Outcome::DRAW));
    assert_eq!(p.ending(), Some(ending::COUNTDOWN));
}

#[test]
fn a_win_on_the_tenth_ply_counts_and_material_changes_do_not_reset_the_countdown() {
    // Orange's Warrior captures the Black Princess with one ply left: Orange wins.
    let mut p = pos_with(
        Rules::default(),
        "Ca1 Rc5 Pb2 ca10 rj10 wc7",
        "o",
        "Rr",
        "1",
    );
    p.play(p.parse_move("Wc7xc5").unwrap()).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Second)));
    // A capture that changes the material does not restart a running countdown.
    let mut p = pos_with(
        Rules::default(),
        "Ca1 Rj1 Pb2 ca10 rj10 wb4",
        "o",
        "Rr",
        "5",
    );
    p.play(p.parse_move("Wb4xb2").unwrap()).unwrap();
    assert_eq!(p.countdown(), Some(4));
    assert_eq!(p.outcome(), None);
}

#[test]
fn the_countdown_length_is_an_option() {
    let rules = Rules {
        countdown: 2,
        ..Rules::default()
    };
    let mut p = pos_with(rules, "Ca1 Rj1 Pe4 Pb2 ca10 rj10 pe5", "o", "Rr", "-");
    p.play(p.parse_move("Pe5xe4").unwrap()).unwrap();
    assert_eq!(p.countdown(), Some(2));
    p.play(p.parse_move("Ca1-a4").unwrap()).unwrap();
    p.play(p.parse_move("Ca10-a7").unwrap()).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::DRAW));
    // A countdown longer than the rules allow is refused.
    let t = text("Ca1 Rj1 Pb2 ca10 rj10 pe5", "b", "Rr", "3");
    assert!(matches!(
        Position::from_text(&t, rules),
        Err(TextError::Setup(SetupError::CountdownTooLong { .. }))
    ));
}

#[test]
fn proposed_variant_higher_material_wins_with_three_pieces_or_fewer() {
    let proposed = Rules::preset("proposed").unwrap();
    // Orange captures a Black Panthan: Black C R P (7) against Orange C R W (8).
    let placements = "Ca1 Rj1 Pe4 Pb2 ca10 rj10 we6";
    let mut p = pos_with(proposed, placements, "o", "Rr", "-");
    p.play(p.parse_move("We6xe4").unwrap()).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Second)));
    assert_eq!(p.ending(), Some(ending::HIGHER_VALUE));
    // Without the variant the game goes on (unequal material: no countdown).
    let mut p = pos_with(Rules::default(), placements, "o", "Rr", "-");
    p.play(p.parse_move("We6xe4").unwrap()).unwrap();
    assert_eq!(p.outcome(), None);
    assert_eq!(p.countdown(), None);
}

/// The rules with `value` as the reading of "equal value", with or without the proposed
/// variant.
fn scaled(value: ValueScale, proposed: bool) -> Rules {
    Rules {
        value,
        unequal_wins: proposed,
        ..Rules::default()
    }
}

#[test]
fn equal_value_by_piece_count_ignores_what_the_pieces_are() {
    // Orange takes a Panthan: Black keeps C R P, Orange C R W. In steps 3+3+1 = 7 against
    // 3+3+2 = 8; in pieces 3 against 3.
    let placements = "Ca1 Rj1 Pe4 Pb2 ca10 rj10 we6";
    let after = |rules: Rules| {
        let mut p = pos_with(rules, placements, "o", "Rr", "-");
        p.play(p.parse_move("We6xe4").unwrap()).unwrap();
        p
    };
    // Counting pieces, the material is equal: the countdown starts and nobody wins, with or
    // without the proposed variant.
    for proposed in [false, true] {
        let p = after(scaled(ValueScale::Count, proposed));
        assert_eq!(p.countdown(), Some(10));
        assert_eq!(p.outcome(), None);
        assert_eq!(
            [p.value_total(Side::First), p.value_total(Side::Second)],
            [3, 3]
        );
    }
    // In steps it is unequal: no countdown, and the proposed variant gives Orange the game.
    let p = after(scaled(ValueScale::Steps, false));
    assert_eq!((p.countdown(), p.outcome()), (None, None));
    let p = after(scaled(ValueScale::Steps, true));
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Second)));
    // By mobility too: 48+48+5 = 101 against 48+48+8 = 104.
    let p = after(scaled(ValueScale::Mobility, true));
    assert_eq!(
        [p.value_total(Side::First), p.value_total(Side::Second)],
        [101, 104]
    );
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Second)));
    assert_eq!(p.ending(), Some(ending::HIGHER_VALUE));
}

#[test]
fn equal_value_by_mobility_tells_a_thoat_from_a_warrior() {
    // Orange takes a Panthan: Black keeps C R T, Orange C R W. Equal in steps (8 and 8) and
    // in pieces (3 and 3); by mobility the Thoat's 12 squares beat the Warrior's 8: 108
    // against 104.
    let placements = "Ca1 Rj1 Tc3 Pe4 ca10 rj10 we6";
    let after = |rules: Rules| {
        let mut p = pos_with(rules, placements, "o", "Rr", "-");
        p.play(p.parse_move("We6xe4").unwrap()).unwrap();
        p
    };
    for value in [ValueScale::Steps, ValueScale::Count] {
        for proposed in [false, true] {
            let p = after(scaled(value, proposed));
            assert_eq!((p.countdown(), p.outcome()), (Some(10), None), "{value:?}");
        }
    }
    let p = after(scaled(ValueScale::Mobility, false));
    assert_eq!((p.countdown(), p.outcome()), (None, None));
    let p = after(scaled(ValueScale::Mobility, true));
    assert_eq!(
        [p.value_total(Side::First), p.value_total(Side::Second)],
        [108, 104]
    );
    assert_eq!(p.outcome(), Some(Outcome::win(Side::First)));
    // The same material as a position text: the countdown must run where the values are
    // equal, and must not where they are not.
    let t = text("Ca1 Rj1 Tc3 ca10 rj10 we6", "b", "Rr", "-");
    for value in [ValueScale::Steps, ValueScale::Count] {
        assert!(matches!(
            Position::from_text(&t, scaled(value, false)),
            Err(TextError::Setup(SetupError::CountdownNotStarted))
        ));
    }
    assert!(Position::from_text(&t, scaled(ValueScale::Mobility, false)).is_ok());
}

#[test]
fn the_value_readings_are_rule_switches() {
    let rules = Rules::variant("jetan", "proposed+value-count").unwrap();
    assert_eq!(rules, scaled(ValueScale::Count, true));
    let rules = Rules::variant("jetan", "standard+value-mobility").unwrap();
    assert_eq!(rules, scaled(ValueScale::Mobility, false));
    // The default reading is the steps, in every preset.
    assert!(
        Rules::PRESETS
            .iter()
            .all(|p| p.rules.value == ValueScale::Steps)
    );
}

#[test]
fn a_side_without_a_legal_move_draws() {
    // The Black Chief's neighbours are all occupied, so it has no first step; every square
    // the Black Princess reaches is threatened by the Orange Chief on h3, and her escape is
    // used up.
    let p = pos_with(
        Rules::default(),
        "Ca1 pa2 pb1 pb2 Rj1 ch3 rj10",
        "b",
        "r",
        "-",
    );
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.outcome(), Some(Outcome::DRAW));
    assert_eq!(p.ending(), Some(ending::NO_MOVE));
    // Over with no move: every move text is refused as such, written well or not.
    for text in ["Rj1-j2", "Ca1-a4", "e2-e3", "nonsense"] {
        assert_eq!(p.parse_move(text), Err(MoveError::GameOver), "{text}");
    }
    // With her escape still available she could flee, and the game goes on.
    let p = pos_with(
        Rules::default(),
        "Ca1 pa2 pb1 pb2 Rj1 ch3 rj10",
        "b",
        "Rr",
        "-",
    );
    assert!(p.count_legal_moves() > 0);
    assert_eq!(p.outcome(), None);
}

#[test]
fn the_first_player_is_an_option() {
    let p = Position::new(Rules::default().with_first_player(Side::Second));
    assert_eq!(p.side_to_move(), Side::Second);
    assert!(p.to_text().contains(" o Rr -"));
    assert_eq!(p.count_legal_moves(), 74);
    assert!(dests(&p, "e10").iter().any(|s| s == "e6!"));
}

#[test]
fn the_start_position() {
    let p = Position::default();
    assert_eq!(
        p.to_text(),
        "wadfrcfdaw/tppppppppt/10/10/10/10/10/10/TPPPPPPPPT/WADFCRFDAW b Rr -"
    );
    assert_eq!(p.at(sq("e1")).unwrap().kind, Kind::Chief);
    assert_eq!(p.at(sq("f1")).unwrap().kind, Kind::Princess);
    assert_eq!(p.at(sq("e10")).unwrap().kind, Kind::Princess);
    assert_eq!(p.at(sq("f10")).unwrap().kind, Kind::Chief);
    assert!(sq("j1").is_orange() && !sq("a1").is_orange());
}

#[test]
fn impossible_positions_are_refused_with_a_reason() {
    use jetan_core::SetupError::*;
    let rules = Rules::default();
    let check = |placements: &str, side: &str, countdown: &str, result: &str| {
        let t = format!("{} {result}", text(placements, side, "Rr", countdown));
        match Position::from_text(t.trim_end(), rules) {
            Err(TextError::Setup(e)) => e,
            other => panic!("{t}: {other:?}"),
        }
    };
    // A board full of Chiefs.
    let full = "CCCCCCCCCC/".repeat(9) + "CCCCCCCCCC b Rr -";
    assert!(matches!(
        Position::from_text(&full, rules),
        Err(TextError::Setup(TooManyPieces {
            kind: Kind::Chief,
            count: 100,
            ..
        }))
    ));
    assert!(matches!(
        check("Ca1 Ra2 Pa3 ca10", "b", "-", ""),
        RoyalMissingFromWrongSide {
            kind: Kind::Princess,
            ..
        }
    ));
    assert!(matches!(
        check("Ra2 Pa3 Pb3 ca10 ra9", "b", "-", ""),
        ResultMissing { .. }
    ));
    assert!(matches!(
        check("Ra2 Pa3 Pb3 ca10 ra9", "b", "-", "black"),
        ResultMismatch { .. }
    ));
    assert!(matches!(
        check("Ca1 Ra2 Pa3 Pb3 ca10 ra9", "b", "-", "draw"),
        UnexpectedResult
    ));
    assert!(matches!(
        check("Ra2 Pa3 ra9 Pb3", "b", "-", "draw"),
        TooManyRoyalsMissing
    ));
    assert!(matches!(
        check("Ca1 Ra2 ca10 ra9", "b", "-", ""),
        CountdownNotStarted
    ));
    assert!(matches!(
        check(KINGS, "b", "5", ""),
        CountdownWithoutFewPieces
    ));
    // Syntax errors name the field.
    for (bad, what) in [
        ("10/10 b Rr -", "ranks"),
        (
            "wadfrcfdaw/tppppppppt/10/10/10/10/10/10/TPPPPPPPPT/WADFCRFDAW x Rr -",
            "side",
        ),
        (
            "wadfrcfdaw/tppppppppt/10/10/10/10/10/10/TPPPPPPPPT/WADFCRFDA b Rr -",
            "rank 1",
        ),
        (
            "wadfrcfdaw/tppppppppt/10/10/10/10/10/10/TPPPPPPPPT/WADFCRFDAW b Q -",
            "escapes",
        ),
        (
            "wadfrcfdaw/tppppppppt/10/10/10/10/10/10/TPPPPPPPPT/WADFCRFDAW b Rr z",
            "countdown",
        ),
        (
            "wadfrcfdaw/tppppppppt/10/10/10/10/10/10/TPPPPPPPPT/WADFCRFDAZ b Rr -",
            "rank 1",
        ),
        ("wadfrcfdaw b", "fields"),
    ] {
        let e = Position::from_text(bad, rules).unwrap_err().to_string();
        assert!(e.contains(what), "{bad}: {e}");
    }
}

#[test]
fn move_text_errors_say_what_is_wrong() {
    let p = Position::default();
    let err = |t: &str| p.parse_move(t).unwrap_err();
    assert!(matches!(err("Pe3-e4"), MoveError::NoPiece(_)));
    assert!(matches!(err("Pe9-e8"), MoveError::NotYourPiece { .. }));
    assert!(matches!(err("Te2-e3"), MoveError::WrongPiece { .. }));
    assert!(matches!(err("Pe2xe3"), MoveError::CaptureMark { .. }));
    assert!(matches!(
        err("Rf1-f3!"),
        MoveError::EscapeMark {
            escape_written: true
        }
    ));
    assert!(matches!(
        err("Rf1-f6"),
        MoveError::EscapeMark {
            escape_written: false
        }
    ));
    // A `!` on another piece's move is refused the same way, without calling it a Princess.
    let e = err("Pe2-e3!");
    assert!(
        matches!(
            e,
            MoveError::EscapeMark {
                escape_written: true
            }
        ),
        "{e}"
    );
    assert!(!e.to_string().contains("Princess move"), "{e}");
    assert!(matches!(err("Pe2-e5"), MoveError::Illegal { .. }));
    assert!(matches!(err("Pe2-e3?"), MoveError::Syntax { .. }));
    assert!(matches!(err("Qe2-e3"), MoveError::Syntax { .. }));
    assert!(matches!(err(""), MoveError::Syntax { .. }));
    assert_eq!(p.parse_move("e2-e3"), p.parse_move("Pe2-e3"));
    assert!(err("Pe2-e3?").to_string().contains("after the destination"));
}

#[test]
fn presets_change_one_option_each() {
    let standard = Rules::default();
    assert_eq!(Rules::PRESETS[0].name, "standard");
    assert_eq!(Rules::preset("standard"), Some(standard));
    for name in Rules::preset_names() {
        let rules = Rules::preset(name).unwrap();
        assert_eq!(rules.preset_name(), Some(name));
        assert_eq!(
            rules
                .with_first_player(Side::Second)
                .preset_name_ignoring_first_player(),
            Some(name)
        );
        assert_eq!(rules.with_first_player(Side::Second).preset_name(), None);
        let changed = [
            rules.revisit != standard.revisit,
            rules.escape != standard.escape,
            rules.countdown != standard.countdown,
            rules.unequal_wins != standard.unequal_wins,
            rules.first_player != standard.first_player,
        ];
        let expected = usize::from(name != "standard");
        assert_eq!(changed.iter().filter(|&&c| c).count(), expected, "{name}");
    }
    assert_eq!(Rules::preset("chess"), None);
}

#[test]
fn the_documented_position_texts_parse() {
    // The examples of docs/jetan.md.
    for (text, to_move, over) in [
        (
            "wadfrcfdaw/tppppppppt/10/10/10/10/10/10/TPPPPPPPPT/WADFCRFDAW b Rr -",
            Side::First,
            false,
        ),
        (
            "wadfrcfdaw/tppppppppt/10/10/10/10/10/4P5/TPPP1PPPPT/WADFCRFDAW o Rr -",
            Side::Second,
            false,
        ),
        (
            "c8p/10/10/10/9R/10/10/10/1P8/C8r b r 10",
            Side::First,
            false,
        ),
        (
            "4c5/10/10/10/10/10/10/10/1P8/C8r b Rr - orange",
            Side::First,
            true,
        ),
    ] {
        let p = Position::from_text(text, Rules::default()).unwrap();
        assert_eq!(p.to_text(), text);
        let setup: Setup = text.parse().unwrap();
        assert_eq!(setup.to_string(), text);
        assert_eq!(p.to_string(), text);
        assert_eq!(p.to_setup(), setup);
        assert_eq!(
            Position::from_setup(setup, Rules::default()).as_ref(),
            Ok(&p)
        );
        assert_eq!(p.side_to_move(), to_move);
        assert_eq!(p.is_over(), over);
    }
}

#[test]
fn paths_of_non_jumpers_stay_on_the_board() {
    // The Dwar on a5 with its own Panthan on b5: a6 and a4 are one step away, but the only
    // three-step paths to them without revisits would leave the board (a5-z5-z6-a6), so they
    // are not destinations. With revisits, a5-a6-a7-a6 reaches a6 on the board.
    let placements = "Ch1 Rj1 Pi2 Pj2 ch10 rj10 pi9 pj9 Da5 Pb5";
    let p = pos(placements, "b");
    assert_eq!(dests(&p, "a5"), names("a8 b7 c6 a2 b3 c4"));
    assert_reaches(&pos_preset("revisit", placements), "a5", "a6 a4", "");
}

#[test]
fn a_panthan_on_the_last_rank_steps_sideways_and_is_never_promoted() {
    let mut p = pos("Ca1 Rj1 Pe10 Pb2 ca9 rj9 pa8 pb8", "b");
    assert_eq!(dests(&p, "e10"), names("d10 f10"));
    p.play(p.parse_move("Pe10-f10").unwrap()).unwrap();
    assert_eq!(p.at(sq("f10")).unwrap().kind, Kind::Panthan);
    // An Orange Panthan on rank 1 likewise.
    assert_dests("Ca3 Rj3 Pb4 ca10 rj10 pe1 pb9", "o", "e1", "d1 f1");
}

#[test]
fn proposed_variant_applies_only_after_the_chief_and_princess_rules() {
    let proposed = Rules::preset("proposed").unwrap();
    // A Black Warrior takes the Orange Chief: Black C R W (8) against Orange r p p (5), three
    // pieces or fewer each and unequal, yet a Chief taken by another piece is a draw.
    let mut p = pos_with(proposed, "Ca1 Rj1 We5 ce7 rj10 pa9 pb9", "b", "Rr", "-");
    p.play(p.parse_move("We5xe7").unwrap()).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::DRAW));
    assert_eq!(p.ending(), Some(ending::CHIEF_TAKEN_DRAW));
    // An Orange Panthan takes the Black Princess: Black keeps C D D (9) against Orange's
    // c r p (7), but capturing the Princess wins.
    let mut p = pos_with(proposed, "Ca1 Re5 Dc1 Dh1 ca10 rj10 pe6", "o", "Rr", "-");
    p.play(p.parse_move("Pe6xe5").unwrap()).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Second)));
    assert_eq!(p.ending(), Some(ending::PRINCESS_CAPTURED));
    // A Chief taking the Chief wins, even for the side with less material.
    let mut p = pos_with(proposed, "Ce5 Rj1 ce7 rj10 da10 db10", "b", "Rr", "-");
    p.play(p.parse_move("Ce5xe7").unwrap()).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::win(Side::First)));
}

#[test]
fn a_running_countdown_is_not_restarted_when_material_becomes_equal_again() {
    // The countdown runs with 5 plies left; Black C R W (8) against Orange c r (6). Orange's
    // Chief takes the Warrior: 6 against 6, equal again, and the countdown goes on from 4.
    let mut p = pos_with(Rules::default(), "Ca1 Rj1 We5 ce7 rj10", "o", "Rr", "5");
    p.play(p.parse_move("Ce7xe5").unwrap()).unwrap();
    assert_eq!(p.countdown(), Some(4));
    assert_eq!(p.outcome(), None);
    // Four more plies without a win: drawn.
    for (i, mv) in ["Ca1-a4", "Ce5-e8", "Ca4-a1", "Ce8-e5"]
        .into_iter()
        .enumerate()
    {
        assert_eq!(p.outcome(), None, "ply {i}");
        p.play(p.parse_move(mv).unwrap()).unwrap();
    }
    assert_eq!(p.countdown(), Some(0));
    assert_eq!(p.outcome(), Some(Outcome::DRAW));
}

#[test]
fn the_countdown_starts_with_the_ply_that_creates_equal_material_in_the_proposed_variant() {
    // Equal material starts the countdown under the proposed variant too; nobody wins at once.
    let proposed = Rules::preset("proposed").unwrap();
    let mut p = pos_with(proposed, "Ca1 Rj1 Pe4 Pb2 ca10 rj10 pe5", "o", "Rr", "-");
    p.play(p.parse_move("Pe5xe4").unwrap()).unwrap();
    assert_eq!(p.countdown(), Some(10));
    assert_eq!(p.outcome(), None);
}

#[test]
fn unchecked_illegal_moves_never_panic_or_unbalance_the_position() {
    // `play_unchecked` promises only a memory-safe state after an illegal move; even then the
    // material count must not underflow (a "move" from a square to itself once counted as
    // the piece capturing itself while it stayed on the board).
    let mut p = Position::default();
    for _ in 0..40 {
        p.play_unchecked(jetan_core::Move::new(sq("e1"), sq("e1")));
        p.play_unchecked(jetan_core::Move::new(sq("f10"), sq("f10")));
    }
    assert_eq!(
        p.material(Side::First),
        Position::default().material(Side::First)
    );
    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    assert_eq!(
        Position::from_text(&p.to_text(), Rules::default()).as_ref(),
        Ok(&p)
    );
    // Moves of the wrong side, onto friendly pieces, from empty squares: no panic either.
    let mut p = Position::default();
    for (from, to) in [
        ("e10", "e9"),
        ("a1", "a2"),
        ("e5", "e6"),
        ("f1", "f1"),
        ("j1", "a10"),
    ] {
        p.play_unchecked(jetan_core::Move::new(sq(from), sq(to)));
        let _ = p.count_legal_moves();
        let _ = p.outcome();
        assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    }
}

#[test]
fn a_jumping_flier_threatens_through_her_square_when_paths_may_revisit() {
    // The Orange Flier on a1 reaches b2 only by a path that comes back to it (a1-b2-c3-b2).
    // Without revisits b2 is safe for the Black Princess; with them it is threatened, and
    // her standing on b2 does not block the Flier, which jumps.
    let placements = "Rc4 Ch1 Pi2 Pj2 fa1 cj10 rj8 pa9";
    let p = pos(placements, "b");
    assert_reaches(&p, "c4", "b2", "");
    let revisit = pos_preset("revisit", placements);
    assert_reaches(&revisit, "c4", "", "b2");
    assert!(revisit.is_threatened(sq("b2")));
}

#[test]
fn a_proposed_variant_win_on_the_last_countdown_ply_counts() {
    // One ply left, 7 against 7. Orange's Panthan takes Black's: 6 against 7 on the ply that
    // runs the countdown out. Under the proposed variant that is a win for Orange; under the
    // standard rules the countdown's draw.
    let placements = "Ca1 Rj1 Pe4 ca10 rj10 pe5";
    let mut p = pos_with(
        Rules::preset("proposed").unwrap(),
        placements,
        "o",
        "Rr",
        "1",
    );
    p.play(p.parse_move("Pe5xe4").unwrap()).unwrap();
    assert_eq!(p.countdown(), Some(0));
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Second)));
    let mut p = pos_with(Rules::default(), placements, "o", "Rr", "1");
    p.play(p.parse_move("Pe5xe4").unwrap()).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::DRAW));
}

#[test]
fn piece_counts_are_the_pieces_on_the_board() {
    // Twenty a side: Chief, Princess, 2 Flyers, 2 Dwars, 2 Padwars, 2 Warriors, 2 Thoats and
    // 8 Panthans.
    assert_eq!(Position::new(Rules::default()).piece_counts(), [20, 20]);
}
