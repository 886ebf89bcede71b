//! perft from the start position.
//!
//! From the rules file: perft(1) = 864 (standard), 228 and 51,984 (no-drop, depths 1 and 2).
//! Derived here and confirmed by the reference generator in
//! `cross_check.rs`: standard perft(2) = 721,069 (`depth_two_from_the_start_matches`),
//! no-drop perft(3) = 12,308,517 (`reference_perft_3_no_drop`), standard perft(3) =
//! 497,825,578 (`reference_perft_3_standard`, ignored: several minutes).

use abstract_game::perft::{Perft, perft};
use jersi_core::{Game, GameRules, Position, Rules};

fn standard() -> Position {
    Position::new(Rules::default())
}

fn no_drop() -> Position {
    Position::new(Rules::preset("no-drop").unwrap())
}

#[test]
fn standard_depth_1_is_864() {
    assert_eq!(perft(&standard(), 1), 864);
    assert_eq!(Perft::new(1).enumerated().count(&standard()).unwrap(), 864);
}

/// perft(`depth`) of `pos` is `expected` counted in bulk and counted move by move.
fn assert_both_ways(pos: &Position, depth: u32, expected: u64) {
    assert_eq!(perft(pos, depth), expected);
    assert_eq!(Perft::new(depth).enumerated().count(pos).unwrap(), expected);
}

#[test]
fn no_drop_depths_1_and_2() {
    assert_eq!(perft(&no_drop(), 1), 228);
    assert_both_ways(&no_drop(), 2, 51_984);
}

#[test]
fn standard_depth_2() {
    assert_both_ways(&standard(), 2, 721_069);
}

#[test]
fn no_drop_depth_3() {
    assert_eq!(perft(&no_drop(), 3), 12_308_517);
}

#[test]
fn divide_sums_to_the_total() {
    let divided = Perft::new(2).divide(&no_drop(), |_| {});
    assert_eq!(divided.len(), 228);
    assert_eq!(divided.iter().map(|&(_, n)| n).sum::<u64>(), 51_984);
    assert_eq!(Perft::new(2).threads(2).count(&no_drop()).unwrap(), 51_984);
}

#[test]
#[ignore = "about a second in release, longer unoptimised; twin: standard_depth_2"]
fn standard_depth_3() {
    assert_eq!(perft(&standard(), 3), 497_825_578);
}
