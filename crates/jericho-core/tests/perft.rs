//! perft from the empty board: depths 1 and 2 as the rules file gives them, and the deeper
//! numbers of `docs/jericho.md`, each confirmed by the independent reference generator in
//! `tests/reference/`.

mod reference;

use abstract_game::perft::{Perft, perft};
use abstract_game::{Game, GameRules, Side};
use jericho_core::{Position, Rules};
use reference::from_crate::options;
use reference::{RBoard, RGame};

fn start(preset: &str) -> Position {
    Position::new(Rules::preset(preset).unwrap())
}

#[test]
fn numbers_from_the_rules_file() {
    let standard = start("standard");
    assert_eq!(perft(&standard, 0), 1);
    assert_eq!(perft(&standard, 1), 650);
    assert_eq!(perft(&standard, 2), 413_600);
    assert_eq!(perft(&standard, 2), 25 * (26 * 641 - 122));
    assert_eq!(perft(&start("no-asymmetry"), 2), 416_650);
    assert_eq!(perft(&start("opposite-asymmetry"), 2), 414_600);
}

#[test]
fn after_any_first_placement_641_placements_minus_the_forbidden_copies() {
    let standard = start("standard");
    let divide = Perft::new(2).divide(&standard, |_| {});
    assert_eq!(divide.len(), 650);
    let forbidden: u64 = divide.iter().map(|&(_, n)| 641 - n).sum();
    assert_eq!(forbidden, 25 * 122);
}

#[test]
fn size_identity_and_prefix_tie_equal_standard_through_depth_3() {
    for depth in 1..=3 {
        let n = perft(&start("standard"), depth);
        assert_eq!(perft(&start("size-identity"), depth), n, "depth {depth}");
        assert_eq!(perft(&start("prefix-tie"), depth), n, "depth {depth}");
    }
}

#[test]
fn north_moving_first_changes_no_count() {
    let north_first = Position::new(Rules::default().with_first_player(Side::Second));
    assert_eq!(perft(&north_first, 2), 413_600);
    assert_eq!(perft(&north_first, 3), 249_462_400);
}

/// perft(3) of every preset, from the fast generator and from the reference.
#[test]
fn perft_3_confirmed_by_the_reference() {
    let board = RBoard::new();
    for (preset, expected) in [
        ("standard", 249_462_400),
        ("opposite-asymmetry", 250_646_400),
        ("no-asymmetry", 253_073_600),
        ("size-identity", 249_462_400),
        ("prefix-tie", 249_462_400),
    ] {
        let rules = Rules::preset(preset).unwrap();
        assert_eq!(perft(&Position::new(rules), 3), expected, "{preset} fast");
        let slow = RGame::new(&board, options(rules));
        assert_eq!(slow.perft(3), expected, "{preset} reference");
    }
}

/// perft(4) from the fast generator (seconds in release) and from the reference (minutes).
fn perft_4_both(preset: &str, expected: u64) {
    let rules = Rules::preset(preset).unwrap();
    assert_eq!(perft(&Position::new(rules), 4), expected, "{preset} fast");
    let board = RBoard::new();
    let slow = RGame::new(&board, options(rules));
    assert_eq!(slow.perft_root_mirror(4), expected, "{preset} reference");
}

// The slow twins of the depth-3 test, one per preset so that they can run side by side:
// `cargo test -p jericho-core --test perft -- --ignored`.

#[test]
#[ignore = "slow: about 3 minutes"]
fn perft_4_standard() {
    perft_4_both("standard", 148_400_262_400);
}

#[test]
#[ignore = "slow: about 3 minutes"]
fn perft_4_opposite_asymmetry() {
    perft_4_both("opposite-asymmetry", 149_432_592_000);
}

#[test]
#[ignore = "slow: about 3 minutes"]
fn perft_4_no_asymmetry() {
    perft_4_both("no-asymmetry", 151_553_854_400);
}

#[test]
#[ignore = "slow: about 3 minutes"]
fn perft_4_size_identity() {
    perft_4_both("size-identity", 148_399_969_600);
}

#[test]
#[ignore = "slow: about 3 minutes"]
fn perft_4_prefix_tie() {
    // Monoliths only decide the outcome, and no game ends before ply 9.
    perft_4_both("prefix-tie", 148_400_262_400);
}

/// The depth-4 gap between `standard` and `size-identity`, derived by hand: the only extra
/// copies forbidden within four plies come from a first piece X on square a and North's reply Y
/// (same size as X, one of 4 other colours) on a square b sharing an alignment with a; South
/// then puts P on X (or on Y), 16 pieces fitting, and North may not copy P on the other tower
/// where P also fits: 12 of the 16. So each first placement on a costs 4 x 2 x 12 = 96 moves
/// per square sharing an alignment with a, and 25 x 96 x 122 = 292,800 over the whole tree.
#[test]
fn size_identity_gap_at_depth_4_counted_by_hand() {
    let gap = |first: &str| {
        let count = |preset: &str| {
            let pos = start(preset);
            let mv = abstract_game::TextGame::parse_move(&pos, first).unwrap();
            perft(&pos.after(mv), 3)
        };
        count("standard") - count("size-identity")
    };
    assert_eq!(gap("3b@c2"), 96 * 6);
    assert_eq!(gap("5e@d1"), 96);
    assert_eq!(148_400_262_400_u64 - 148_399_969_600, 25 * 96 * 122);
}

/// perft(3) of the three asymmetry scopes, counted by hand. South puts X on a, North Y on b,
/// and South's third placement is counted.
///
/// Without the rule: when b differs from a, South has 24 pieces for 24 empty squares, 16 that
/// fit on X and 16 that fit on Y, less one when X itself would fit on Y (16 of the 25 Y), so
/// 25 x 26 x 25 x (25 x 608 - 16) sequences; when Y goes on X (16 ways), 25 x 24 + 9 = 609
/// placements follow. With the rule, each ordered pair of squares (q, r) in its scope costs
/// 25 x 608 at ply 2 (after X on q, North's copy of X on r: 608 sequences lost for each X) and
/// 600 x 24 at ply 3 (after any X on one of the 24 other squares and Y other than X on q,
/// South's copy of Y on r): 29,600 in all. The pairs are 122 in the default scope and 82
/// across territories.
#[test]
fn perft_3_of_the_asymmetry_scopes_counted_by_hand() {
    use jericho_core::{Square, Squares};
    let free: u64 = 25 * 26 * 25 * (25 * 608 - 16) + 25 * 26 * 16 * (25 * 24 + 9);
    let pairs = |scope: fn(Square) -> Squares| {
        u64::from(
            Square::ALL
                .map(scope)
                .iter()
                .map(|s| s.count())
                .sum::<u32>(),
        )
    };
    let per_pair = 25 * 608 + 600 * 24;
    assert_eq!(free, 253_073_600, "no-asymmetry");
    assert_eq!(
        free - per_pair * pairs(Square::sharing_alignment),
        249_462_400,
        "standard"
    );
    assert_eq!(
        free - per_pair * pairs(Square::sharing_across),
        250_646_400,
        "opposite-asymmetry"
    );
}
