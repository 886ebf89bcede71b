//! One test per rule, on hand-made positions written in the position text.

use abstract_game::PlayError;
use abstract_game::playout::Rng;
use jericho_core::prelude::*;
use jericho_core::{
    ALIGNMENTS, Alignment, AlignmentKind, Alignments, Colour, IllegalMove, Piece, PieceSet, SQUARES,
};

/// Builds a position from its towers and the other text fields, giving each piece on the board
/// to a stock: the last placement to the side not to move, every other piece to South while
/// South still holds it, then to North. The position goes through its text once more.
fn pos_with(rules: Rules, towers: &str, rest: &str) -> Position {
    let mut setup: Setup = format!("{towers} * * {rest}").parse().unwrap();
    let mut stocks = BySide::new(PieceSet::FULL, PieceSet::FULL);
    let mut last = setup.last.map(|(p, _)| p);
    if let Some(p) = last {
        let mover = !setup.to_move;
        stocks[mover] = stocks[mover].without(p);
    }
    for square in Square::ALL {
        for &p in setup.at(square) {
            if last == Some(p) {
                last = None;
            } else if stocks[Side::First].contains(p) {
                stocks[Side::First] = stocks[Side::First].without(p);
            } else {
                stocks[Side::Second] = stocks[Side::Second].without(p);
            }
        }
    }
    setup.stocks = stocks;
    let pos = Position::from_setup(setup, rules).unwrap();
    let again = Position::from_text(&pos.to_text(), rules).unwrap();
    assert_eq!(again, pos);
    again
}

fn pos(towers: &str, rest: &str) -> Position {
    pos_with(Rules::default(), towers, rest)
}

fn sq(name: &str) -> Square {
    Square::from_name(name).unwrap()
}

fn al(name: &str) -> Alignment {
    Alignment::from_name(name).unwrap()
}

fn legal(p: &Position, text: &str) -> bool {
    p.parse_move(text).is_ok()
}

fn illegal_reason(p: &Position, text: &str) -> IllegalMove {
    match p.parse_move(text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

fn play(p: &mut Position, line: &str) {
    p.play_line(line).unwrap();
}

/// The start under the default rules, after the moves of `line`.
fn after_start(line: &str) -> Position {
    let mut p = Position::new(Rules::default());
    play(&mut p, line);
    p
}

fn counts(p: &Position) -> [u32; 2] {
    [p.monoliths(Side::First), p.monoliths(Side::Second)]
}

// ---------------------------------------------------------------- board

#[test]
fn board_has_26_squares_13_per_territory_and_no_d2_d3() {
    assert_eq!(SQUARES.len(), 26);
    assert_eq!(Squares::territory(Side::First).count(), 13);
    assert_eq!(Squares::territory(Side::Second).count(), 13);
    assert!(Square::from_name("d2").is_none() && Square::from_name("d3").is_none());
    for s in Square::ALL {
        assert_eq!(s.territory() == Side::First, s.y() < 0, "{s}");
    }
}

#[test]
fn every_square_has_one_file_and_at_most_one_diagonal() {
    for s in Square::ALL {
        let frontal = s
            .alignments()
            .iter()
            .filter(|a| a.kind() == AlignmentKind::Frontal);
        let diagonal = s
            .alignments()
            .iter()
            .filter(|a| a.kind() == AlignmentKind::Diagonal);
        assert_eq!(frontal.count(), 1, "{s}");
        assert!(diagonal.count() <= 1, "{s}");
    }
    assert_eq!(
        ALIGNMENTS
            .iter()
            .filter(|a| a.kind == AlignmentKind::Frontal)
            .count(),
        7
    );
    let fd: Vec<_> = al("Fd").squares().iter().map(|s| s.name()).collect();
    assert_eq!(fd, ["d1", "d4"]);
}

#[test]
fn diagonals_are_those_of_the_rules_table() {
    let table = [
        ("D1", "a1 b2 e4"),
        ("D2", "b1 c2 e3 f4"),
        ("D3", "c1 f3 g4"),
        ("D4", "e1 b3 a4"),
        ("D5", "f1 e2 c3 b4"),
        ("D6", "g1 f2 c4"),
    ];
    for (name, squares) in table {
        let mut want: Vec<&str> = squares.split(' ').collect();
        want.sort_unstable();
        let mut got: Vec<&str> = al(name).squares().iter().map(|s| s.name()).collect();
        got.sort_unstable();
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn every_alignment_reaches_both_territories() {
    for a in Alignment::ALL {
        assert!(
            !(a.squares() & Squares::territory(Side::First)).is_empty(),
            "{a}"
        );
        assert!(
            !(a.squares() & Squares::territory(Side::Second)).is_empty(),
            "{a}"
        );
    }
}

#[test]
fn board_is_symmetric_left_right_and_south_north() {
    let map = |f: &dyn Fn(Square) -> Square| {
        for a in Alignment::ALL {
            let image: Squares = a.squares().iter().map(f).collect();
            assert!(
                Alignment::ALL.iter().any(|b| b.squares() == image),
                "image of {a}"
            );
        }
    };
    let lr = |s: Square| Square::from_coords(-s.x(), s.y()).unwrap();
    let sn = |s: Square| Square::from_coords(s.x(), -s.y()).unwrap();
    for s in Square::ALL {
        assert_eq!(lr(s).territory(), s.territory());
        assert_eq!(sn(s).territory(), !s.territory());
    }
    map(&lr);
    map(&sn);
}

#[test]
fn shared_alignment_sets_add_up_to_the_rules_numbers() {
    // 122 forbidden copies after a first placement (perft(2) = 25 x (26 x 641 - 122)), 82 when
    // only the other territory counts (opposite-asymmetry perft(2) = 414,600).
    assert_eq!(
        Square::ALL
            .iter()
            .map(|s| s.sharing_alignment().count())
            .sum::<u32>(),
        122
    );
    assert_eq!(
        Square::ALL
            .iter()
            .map(|s| s.sharing_across().count())
            .sum::<u32>(),
        82
    );
}

// ---------------------------------------------------------------- placing

#[test]
fn a_piece_goes_on_an_empty_square_or_on_a_tower_of_other_sizes_and_colours() {
    let p = pos("c2=3b", "S - 0/0 0");
    assert!(legal(&p, "5a@c2"), "a larger piece on a smaller one");
    assert!(legal(&p, "1a@c2"), "a smaller piece on a larger one");
    assert!(legal(&p, "3a@e2"), "an empty square");
    assert!(legal(&p, "3a@e4"), "a square of the opponent's territory");
    assert_eq!(
        illegal_reason(&p, "3a@c2"),
        IllegalMove::SizeTaken {
            square: sq("c2"),
            size: 3
        }
    );
    assert_eq!(
        illegal_reason(&p, "4b@c2"),
        IllegalMove::ColourTaken {
            square: sq("c2"),
            colour: 'b'
        }
    );
}

#[test]
fn a_tower_holds_at_most_four_pieces() {
    let p = pos("c2=1a2b3c4d", "S - 0/0 0");
    assert_eq!(
        illegal_reason(&p, "5e@c2"),
        IllegalMove::TowerFull { square: sq("c2") }
    );
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    assert!(
        moves
            .iter()
            .all(|m| !matches!(m, Move::Place { square, .. } if *square == sq("c2")))
    );
}

#[test]
fn a_player_places_only_pieces_from_his_own_stock() {
    // South placed 3b already; North still holds his own 3b.
    let mut p = pos("c2=3b,e4=1a", "S - 0/0 0");
    let three_b = Piece::from_size_colour(3, Colour::B).unwrap();
    assert!(!p.stock(Side::First).contains(three_b));
    assert!(p.stock(Side::Second).contains(three_b));
    assert!(matches!(
        illegal_reason(&p, "3b@g1"),
        IllegalMove::NotInStock { .. }
    ));
    play(&mut p, "2c@g1");
    assert!(legal(&p, "3b@g1"));
}

#[test]
fn a_move_is_a_piece_and_a_square_so_colours_make_different_moves() {
    let p = Position::new(Rules::default());
    assert_eq!(p.count_legal_moves(), 25 * 26);
    let after = p.after(p.parse_move("3b@c2").unwrap());
    // 25 x 25 on the empty squares, 16 on c2 (other size and colour), minus the 6 copies of
    // 3b the asymmetry rule forbids on the squares sharing an alignment with c2.
    assert_eq!(after.count_legal_moves(), 625 + 16 - 6);
}

// ---------------------------------------------------------------- strength and monoliths

#[test]
fn a_tower_belongs_to_the_owner_of_its_territory() {
    // South strengthens North's tower on c3: it is North's and now beats South's c2.
    let mut p = pos("c2=2a,c3=1b", "S - 0/0 0");
    assert_eq!(p.leader(al("Fc")), Some(Side::First));
    play(&mut p, "5c@c3");
    assert_eq!(p.leader(al("Fc")), Some(Side::Second));
}

#[test]
fn no_confrontation_without_a_tower_of_each_player() {
    let p = pos("c1=5a,c2=4b", "S - 0/0 0");
    assert_eq!(counts(&p), [0, 0]);
    assert_eq!(p.leader(al("Fc")), None);
}

#[test]
fn a_multi_piece_tower_beats_a_one_piece_tower() {
    let p = pos("c2=1a2b,c3=5c", "S - 0/0 0");
    assert_eq!(p.leader(al("Fc")), Some(Side::First));
}

#[test]
fn sizes_compare_from_the_top_down() {
    // South's top piece is 5, North's is 4: the two-piece tower beats the four-piece one.
    let p = pos("c2=1a5b,c3=1c2d3e4a", "S - 0/0 0");
    assert_eq!(p.leader(al("Fc")), Some(Side::First));
    // Equal tops: the next piece down decides.
    let p = pos("c2=2a1b5c,c3=1d4e5a", "S - 0/0 0");
    assert_eq!(p.leader(al("Fc")), Some(Side::Second));
    // One-piece towers compare their sizes.
    let p = pos("c2=4a,c3=3b", "S - 0/0 0");
    assert_eq!(p.leader(al("Fc")), Some(Side::First));
}

#[test]
fn an_equal_prefix_goes_to_the_taller_tower_or_ties_under_prefix_tie() {
    let text = ("c2=3a5b,c3=1c3d5e", "S - 0/0 0");
    let p = pos(text.0, text.1);
    assert_eq!(p.leader(al("Fc")), Some(Side::Second));
    let p = pos_with(Rules::preset("prefix-tie").unwrap(), text.0, text.1);
    assert_eq!(p.leader(al("Fc")), None);
}

#[test]
fn identical_size_sequences_tie_whatever_the_colours() {
    let p = pos("c2=3a5b,c3=3c5d", "S - 0/0 0");
    assert_eq!(p.leader(al("Fc")), None);
    assert_eq!(counts(&p), [0, 0]);
}

#[test]
fn the_strongest_tower_of_each_player_confronts() {
    // South's weak c2 does not matter: c1 beats North's c3.
    let p = pos("c1=5a,c2=1b,c3=4c", "S - 0/0 0");
    assert_eq!(p.leader(al("Fc")), Some(Side::First));
    // Under prefix-tie a player leads only with a tower beating every enemy tower: South's
    // [5,3,2] ties North's [5,3] and beats [5,3,1], so nobody leads; with the taller rule South
    // beats North's strongest, [5,3,1].
    let towers = "c1=2a3b5c,c3=3d5e,c4=1a3c5d";
    assert_eq!(pos(towers, "S - 0/0 0").leader(al("Fc")), Some(Side::First));
    let p = pos_with(Rules::preset("prefix-tie").unwrap(), towers, "S - 0/0 0");
    assert_eq!(p.leader(al("Fc")), None);
}

#[test]
fn one_placement_can_swing_two_monoliths() {
    // c3 lies on Fc and D5; South leads both with single 4s against North's single 3.
    let mut p = pos("c2=4a,e2=4b,c3=3c", "N - 0/0 0");
    assert_eq!(p.leader(al("Fc")), Some(Side::First));
    assert_eq!(p.leader(al("D5")), Some(Side::First));
    assert_eq!(counts(&p), [2, 0]);
    play(&mut p, "5d@c3");
    assert_eq!(p.leader(al("Fc")), Some(Side::Second));
    assert_eq!(p.leader(al("D5")), Some(Side::Second));
    assert_eq!(counts(&p), [0, 2]);
}

// ---------------------------------------------------------------- asymmetry rule

#[test]
fn asymmetry_forbids_the_same_piece_at_the_same_level_on_an_aligned_identical_tower() {
    let p = after_start("3b@c2");
    for r in ["c1", "c3", "c4", "b1", "e3", "f4"] {
        assert!(
            matches!(
                illegal_reason(&p, &format!("3b@{r}")),
                IllegalMove::Asymmetry { .. }
            ),
            "{r}"
        );
    }
}

#[test]
fn asymmetry_condition_same_piece() {
    let p = after_start("3b@c2");
    assert!(legal(&p, "3c@c3"), "other colour");
    assert!(legal(&p, "4b@c3"), "other size");
}

#[test]
fn asymmetry_condition_shared_alignment() {
    let p = after_start("3b@c2");
    assert!(legal(&p, "3b@g3"), "g3 shares no alignment with c2");
    assert!(legal(&p, "3b@a1"), "a1 shares no alignment with c2");
}

#[test]
fn asymmetry_condition_same_level() {
    // c3 holds a piece: North's 3b would go there at level 2, not 1.
    let mut p = pos("c3=1a", "S - 0/0 0");
    play(&mut p, "3b@c2");
    assert!(legal(&p, "3b@c3"), "level 2 differs from level 1");
    assert!(!legal(&p, "3b@c4"), "level 1 on an empty aligned square");
}

#[test]
fn asymmetry_condition_identical_tower_underneath() {
    // South puts 3b on 1a at c2 (level 2, 1a under it).
    let towers = "c2=1a,c3=1a,c4=1c,e3=2a";
    let mut p = pos(towers, "S - 0/0 0");
    play(&mut p, "3b@c2");
    assert!(!legal(&p, "3b@c3"), "same piece under it");
    assert!(legal(&p, "3b@c4"), "a 1c is not a 1a");
    assert!(legal(&p, "3b@e3"), "a 2a is not a 1a");
    // Comparing sizes only, the 1c under c4 counts as identical.
    let mut p = pos_with(Rules::preset("size-identity").unwrap(), towers, "S - 0/0 0");
    play(&mut p, "3b@c2");
    assert!(!legal(&p, "3b@c3"));
    assert!(!legal(&p, "3b@c4"));
    assert!(legal(&p, "3b@e3"));
}

#[test]
fn asymmetry_scope_options() {
    let opposite = Rules::preset("opposite-asymmetry").unwrap();
    let mut p = Position::new(opposite);
    play(&mut p, "3b@c2");
    assert!(legal(&p, "3b@c1"), "same territory: allowed");
    assert!(legal(&p, "3b@b1"), "same territory: allowed");
    assert!(!legal(&p, "3b@c3"), "other territory: forbidden");
    assert!(!legal(&p, "3b@e3"), "other territory: forbidden");
    let mut p = Position::new(Rules::preset("no-asymmetry").unwrap());
    play(&mut p, "3b@c2");
    for r in ["c1", "c3", "c4", "b1", "e3", "f4"] {
        assert!(legal(&p, &format!("3b@{r}")), "{r}");
    }
}

#[test]
fn asymmetry_looks_only_at_the_last_placement() {
    let p = after_start("3b@c2 1a@a1 2c@g1");
    assert!(legal(&p, "3b@c3"), "3b@c2 was two turns ago");
    // After a pass the rule does not apply.
    let p = pos("c2=3b", "N - 0/0 1");
    assert!(legal(&p, "3b@c3"));
}

// ---------------------------------------------------------------- passes and the end

/// North holds only 1a, which fits nowhere but on the six empty squares aligned with c2, where
/// South has just put his 1a: the asymmetry rule leaves North a pass. South's stock is empty.
const BLOCKED: &str = "a1=2b3c4d5e,d1=2c3d4e5b,e1=2d3e4b5c,f1=1b2e4c5d,g1=1b2c3d4e,\
a2=1c3b2d5e,b2=1c2b3e4d,c2=1a,e2=1d2e3b4c,f2=1d3c4b,g2=1e5b,a3=1e5c,b3=2a5d,f3=2a,g3=3a,\
a4=3a,b4=4a,d4=4a,e4=5a,g4=5a - 1a N 1a@c2 0/0 0";

#[test]
fn a_player_without_a_legal_placement_passes() {
    let p = Position::from_text(BLOCKED, Rules::default()).unwrap();
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    assert_eq!(moves.as_slice(), [Move::Pass]);
    assert!(matches!(
        illegal_reason(&p, "1a@c1"),
        IllegalMove::Asymmetry { .. }
    ));
    // Without the asymmetry rule the six squares are open.
    let p = Position::from_text(BLOCKED, Rules::preset("no-asymmetry").unwrap()).unwrap();
    assert_eq!(p.count_legal_moves(), 6);
    assert_eq!(
        illegal_reason(&p, "pass"),
        IllegalMove::PassNotAllowed,
        "no pass while a placement exists"
    );
}

#[test]
fn a_pass_completes_a_win() {
    // South holds 8 monoliths after his last placement; North can only pass: South wins.
    let mut p = Position::from_text(BLOCKED, Rules::default()).unwrap();
    assert_eq!(counts(&p), [8, 1]);
    assert_eq!(p.outcome(), None);
    play(&mut p, "pass");
    assert_eq!(p.outcome(), Some(Outcome::win(Side::First)));
    assert_eq!(p.ending(), Some(jericho_core::ending::MONOLITHS));
}

#[test]
fn two_passes_in_succession_draw() {
    // Every piece is placed; South passed; North must pass too. Nobody holds 7.
    let text = "b1=2e1a4b5c,e1=4e2c1a,g1=5b1e2a4d,a2=3a4d1c2b,b2=2e5a3c4b,c2=3d1e2b4a,\
f2=5e2c1d3b,a3=3a2d,c3=2d3e4a5b,g3=1b2a4c5e,a4=3b5c1d4e,b4=5d1c3e,f4=1b3d4c5a,g4=5d3c \
- - N - 1/6 1";
    let mut p = Position::from_text(text, Rules::default()).unwrap();
    assert_eq!(counts(&p), [1, 6]);
    assert_eq!(p.passes(), 1);
    assert_eq!(p.outcome(), None);
    play(&mut p, "pass");
    assert_eq!(p.outcome(), Some(Outcome::DRAW));
    assert_eq!(p.ending(), Some(jericho_core::ending::PASSES));
    assert_eq!(p.count_legal_moves(), 0);
}

#[test]
fn a_win_at_the_second_pass_stands() {
    // South passed with 7 (handed to him by North's last placement); North's pass is the second
    // in succession and also leaves South's 7 standing: South wins, not a draw.
    let text = "a1=4e,d1=2e4a1b3d,e1=2b4c3e5d,f1=5a1d3b2c,g1=1d5e2b3a,c2=3d4c,e2=5c4b2a,\
g2=1a4b5c2e,b3=5b4a2c1e,c3=3e2d5a1b,e3=4d3c5b1e,f3=3b2d,c4=1c3a,e4=1c,f4=4d5e3c2a,g4=1a4e5d \
- - N - 7/2 1";
    let mut p = Position::from_text(text, Rules::default()).unwrap();
    assert_eq!(counts(&p), [7, 2]);
    play(&mut p, "pass");
    assert_eq!(p.passes(), 2);
    assert_eq!(p.outcome(), Some(Outcome::win(Side::First)));
}

/// South leads Fa..Ff and D5 (seven monoliths) with two-piece towers against North's singles;
/// South's 4a on f2 has just made the seventh.
const SEVEN: &str =
    "a2=1a2b,b2=1c2d,c1=1e2a,d1=3a4b,e2=3c4d,f2=3e4a,a3=5a,b3=5b,c3=5c,d4=3e,e3=5e,f4=5a";

#[test]
fn seven_monoliths_that_survive_the_reply_win() {
    let mut p = pos(SEVEN, "N 4a@f2 6/1 0");
    assert_eq!(counts(&p), [7, 0]);
    assert_eq!(p.outcome(), None, "reaching 7 does not win at once");
    play(&mut p, "2e@g3");
    assert_eq!(p.outcome(), Some(Outcome::win(Side::First)));
    assert_eq!(p.count_legal_moves(), 0);
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    assert!(moves.is_empty());
    let before = p;
    assert_eq!(p.play(Move::Pass), Err(PlayError::GameOver));
    assert_eq!(p.parse_move("1b@a1"), Err(MoveError::GameOver));
    assert_eq!(p.check_move(Move::Pass), Err(IllegalMove::GameOver));
    assert_eq!(p, before);
}

#[test]
fn reaching_seven_by_ones_own_placement_gives_the_opponent_one_reply() {
    // Before South's 4a on f2, North's single 5a led Ff.
    let mut p = pos(
        "a2=1a2b,b2=1c2d,c1=1e2a,d1=3a4b,e2=3c4d,f2=3e,a3=5a,b3=5b,c3=5c,d4=3e,e3=5e,f4=5a",
        "S - 5/1 0",
    );
    assert_eq!(counts(&p), [6, 1]);
    play(&mut p, "4a@f2");
    assert_eq!(counts(&p), [7, 0]);
    assert_eq!(p.outcome(), None);
    play(&mut p, "2e@g3");
    assert_eq!(p.outcome(), Some(Outcome::win(Side::First)));
}

#[test]
fn seven_broken_in_the_reply_does_not_win() {
    let mut p = pos(SEVEN, "N 4a@f2 6/1 0");
    play(&mut p, "4b@a3");
    assert_eq!(p.leader(al("Fa")), Some(Side::Second));
    assert_eq!(counts(&p), [6, 1]);
    assert_eq!(p.outcome(), None);
}

#[test]
fn seven_dropping_to_six_by_a_tie_does_not_win() {
    // North's 4c on d4 makes [4,3] against South's [4,3] on d1: a tie, nobody leads Fd.
    let mut p = pos(SEVEN, "N 4a@f2 6/1 0");
    play(&mut p, "4c@d4");
    assert_eq!(p.leader(al("Fd")), None);
    assert_eq!(counts(&p), [6, 0]);
    assert_eq!(p.outcome(), None);
}

#[test]
fn seven_handed_over_by_the_opponent_must_survive_his_next_turn() {
    // North leads six alignments; South's single on f1 opens a confrontation on Ff that North
    // wins: North has 7, handed over by South.
    let mut p = pos(
        "a3=1a2b,b3=1c2d,c4=1e2a,d4=3a4b,e3=3c4d,f3=3e4a,a2=5a,b2=5b,c2=5c,d1=5d,e2=5e",
        "S 4a@f3 0/6 0",
    );
    assert_eq!(counts(&p), [0, 6]);
    play(&mut p, "1b@f1");
    assert_eq!(counts(&p), [0, 7]);
    assert_eq!(
        p.outcome(),
        None,
        "North's 7 was not his at the end of his turn"
    );
    play(&mut p, "2c@g4");
    assert_eq!(
        p.outcome(),
        None,
        "North's turn: South is not the one to check"
    );
    assert_eq!(counts(&p), [0, 7]);
    play(&mut p, "3b@a1");
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Second)));
}

#[test]
fn the_first_player_is_an_option() {
    let rules = Rules::default().with_first_player(Side::Second);
    let p = Position::new(rules);
    assert_eq!(p.side_to_move(), Side::Second);
    assert_eq!(p.to_text(), "- * * N - 0/0 0");
    let after = p.after(p.parse_move("3b@c2").unwrap());
    assert!(
        !after
            .stock(Side::Second)
            .contains(after.at(sq("c2")).top().unwrap())
    );
    assert_eq!(after.stock(Side::First).len(), 25);
}

#[test]
fn no_game_is_decided_before_ply_9() {
    for seed in 0..300 {
        let mut rng = Rng::seed_from_u64(seed);
        let mut p = Position::new(Rules::default());
        let mut moves = MoveList::new();
        for ply in 0..9 {
            assert_eq!(p.outcome(), None, "seed {seed} ply {ply}");
            p.legal_moves(&mut moves);
            p.play_unchecked(moves[rng.below(moves.len() as u32) as usize]);
        }
    }
}

#[test]
fn presets_are_named_and_standard_comes_first() {
    assert_eq!(
        Rules::preset_names().collect::<Vec<_>>(),
        [
            "standard",
            "opposite-asymmetry",
            "no-asymmetry",
            "size-identity",
            "prefix-tie"
        ]
    );
    assert_eq!(Rules::preset("standard"), Some(Rules::default()));
    for preset in &Rules::PRESETS[1..] {
        assert_ne!(preset.rules, Rules::default(), "{}", preset.name);
    }
    assert_eq!(Rules::preset("nonsense"), None);
    assert_eq!(Position::NAME, "jericho");
    assert_eq!(Position::SIDE_NAMES, ["South", "North"]);
}

// ---------------------------------------------------------------- limits, bad data, options

#[test]
fn the_earliest_win_comes_at_ply_9() {
    // Eight single pieces give North seven alignments at the end of his fourth placement
    // (b3, c3, e3, e4 against South's b2, c2, e1, e2); South's fifth placement leaves them.
    let mut p = after_start("1a@b2 5a@c3 1b@c2 5b@e3 1c@e1 5c@b3 1d@e2 5d@e4");
    assert_eq!(counts(&p), [0, 7]);
    for a in ["Fb", "Fc", "Fe", "D1", "D2", "D4", "D5"] {
        assert_eq!(p.leader(al(a)), Some(Side::Second), "{a}");
    }
    assert_eq!(p.outcome(), None);
    play(&mut p, "2a@g1");
    assert_eq!(p.outcome(), Some(Outcome::win(Side::Second)));
}

#[test]
fn a_setup_with_stock_bits_beyond_the_25_pieces_is_refused() {
    for bit in 25..32 {
        let mut setup = Position::default().to_setup();
        setup.stocks[Side::Second] = PieceSet(PieceSet::FULL.0 | 1 << bit);
        assert!(
            Position::from_setup(setup, Rules::default()).is_err(),
            "bit {bit}"
        );
    }
    assert_eq!(
        PieceSet(u32::MAX).iter().count(),
        25,
        "no piece outside the 25"
    );
}

#[cfg(feature = "serde")]
#[test]
fn deserializing_refuses_out_of_range_pieces_squares_and_alignments() {
    use serde::Deserialize;
    use serde::de::IntoDeserializer;
    use serde::de::value::{Error, U8Deserializer};
    let de = |i: u8| -> U8Deserializer<Error> { i.into_deserializer() };
    assert_eq!(Piece::deserialize(de(13)), Ok(Piece::new(13)));
    assert_eq!(Square::deserialize(de(25)), Ok(Square::new(25)));
    assert_eq!(Alignment::deserialize(de(12)), Ok(Alignment::new(12)));
    for i in [25, 26, 200, 255] {
        assert!(Piece::deserialize(de(i)).is_err(), "piece {i}");
    }
    for i in [26, 255] {
        assert!(Square::deserialize(de(i)).is_err(), "square {i}");
    }
    for i in [13, 255] {
        assert!(Alignment::deserialize(de(i)).is_err(), "alignment {i}");
    }
}

#[test]
fn square_and_alignment_sets_ignore_bits_beyond_the_board() {
    let names: Vec<&str> = Squares::from_mask(u32::MAX)
        .iter()
        .map(|s| s.name())
        .collect();
    assert_eq!(names.len(), 26);
    assert_eq!(names.last(), Some(&"g4"));
    let names: Vec<&str> = Alignments::from_mask(u32::MAX)
        .iter()
        .map(|a| a.name())
        .collect();
    assert_eq!(names.len(), 13);
    assert_eq!(names.last(), Some(&"D6"));
}

#[test]
fn without_the_asymmetry_rule_only_an_empty_stock_passes() {
    // On this board a held piece always fits somewhere: the pieces sharing its size or colour
    // (at most 17 on the board) and the full towers without such a piece (at most 32 / 4 = 8)
    // block at most 25 of the 26 squares. So an early pass needs the asymmetry rule.
    let rules = Rules::preset("no-asymmetry").unwrap();
    let mut passes = 0;
    for seed in 0..200 {
        let mut rng = Rng::seed_from_u64(seed);
        let mut p = Position::new(rules.with_first_player(if seed % 2 == 0 {
            Side::First
        } else {
            Side::Second
        }));
        while let Some(mv) = p.random_move(&mut rng) {
            let held = p.stock(p.side_to_move()).len();
            assert_eq!(mv == Move::Pass, held == 0, "seed {seed}: {}", p.to_text());
            passes += u32::from(mv == Move::Pass);
            p.play_unchecked(mv);
        }
    }
    assert!(passes > 0);
}

#[test]
fn size_identity_still_needs_the_same_piece_on_top() {
    // Only the pieces underneath are compared by size alone: the copy itself must match P in
    // size and colour.
    let rules = Rules::preset("size-identity").unwrap();
    let mut p = pos_with(rules, "c2=1a,c3=1c", "S - 0/0 0");
    play(&mut p, "3b@c2");
    assert!(!legal(&p, "3b@c3"), "same sizes underneath, same piece");
    assert!(legal(&p, "3d@c3"), "same size, other colour");
    assert!(legal(&p, "4b@c3"), "same colour, other size");
    // Under sizes only, a tower of other height is not identical either.
    let mut p = pos_with(rules, "c2=1a,c3=2c1d", "S - 0/0 0");
    play(&mut p, "3b@c2");
    assert!(legal(&p, "3b@c3"));
}

#[test]
fn opposite_asymmetry_is_measured_from_the_square_just_played() {
    // North plays in his own territory: the forbidden copies are in South's.
    let rules = Rules::preset("opposite-asymmetry")
        .unwrap()
        .with_first_player(Side::Second);
    let mut p = Position::new(rules);
    play(&mut p, "2d@e3");
    for r in ["e1", "e2", "b1", "c2"] {
        assert!(!legal(&p, &format!("2d@{r}")), "{r} lies across");
    }
    for r in ["e4", "f4"] {
        assert!(
            legal(&p, &format!("2d@{r}")),
            "{r} lies in North's territory"
        );
    }
    // A placement in the other player's territory: q is c2 (South's), played by North.
    let mut p = Position::new(rules);
    play(&mut p, "2d@c2");
    for r in ["c3", "c4", "e3", "f4"] {
        assert!(!legal(&p, &format!("2d@{r}")), "{r} lies across from c2");
    }
    for r in ["c1", "b1"] {
        assert!(legal(&p, &format!("2d@{r}")), "{r} lies in c2's territory");
    }
}

#[test]
fn a_bad_square_name_is_a_cell_error() {
    use abstract_game::ParseCellError;
    let d2 = ParseCellError::new("square", "d2");
    assert_eq!("d2".parse::<Square>(), Err(d2.clone()));
    assert_eq!(
        "d2=3b * * S - 0/0 0".parse::<Setup>(),
        Err(TextError::Cell(d2.clone()))
    );
    let start = Position::default();
    assert_eq!(
        start.parse_move("3b@d2"),
        Err(MoveError::Cell {
            text: "3b@d2".into(),
            source: d2
        })
    );
    assert_eq!(
        "6b".parse::<Piece>(),
        Err(ParseCellError::new("piece", "6b"))
    );
    assert_eq!("D7".parse::<Alignment>().unwrap_err().noun, "alignment");
    assert_eq!("D6".parse(), Ok(al("D6")));
}

#[test]
fn piece_counts_are_the_pieces_in_each_territory() {
    // The board starts empty; a piece placed on c2 stands in South's territory.
    let mut pos = Position::new(Rules::default());
    assert_eq!(pos.piece_counts(), [0, 0]);
    pos.play_line("3b@c2").unwrap();
    assert_eq!(pos.piece_counts(), [1, 0]);
}
