//! Perft through a transposition table counts what plain perft counts, on every preset of
//! every game at several depths: with the table as the CLI uses it (`--hash`), and with a
//! tiny table that stores every depth, so that buckets are shared and entries replaced all
//! the time (a count reused for the wrong position or depth would show).

use abstract_game::perft::{PerftTable, perft, perft_divide_streaming_hashed, perft_hashed};
use abstract_game::{Game, Rules};
use std::sync::atomic::AtomicBool;

fn check<G: Game + PartialEq>(max_depth: u32) {
    for &preset in G::Rules::PRESETS {
        let rules = G::Rules::preset(preset).unwrap();
        let start = G::new(rules);
        // A position a few plies in as well, where transpositions start at once.
        let mut rng = abstract_game::playout::Rng::seed_from_u64(7);
        let mut later = start.clone();
        for _ in 0..4 {
            if let Some(mv) = later.random_move(&mut rng) {
                later.play_unchecked(mv);
            }
        }
        for pos in [&start, &later] {
            for depth in 1..=max_depth {
                let plain = perft(pos, depth);
                let mut cli_table = PerftTable::with_bytes(16 << 20);
                let mut tiny = PerftTable::with_bytes(4 << 10).storing_from(1);
                let what = format!("{} {preset} perft({depth})", G::NAME);
                assert_eq!(perft_hashed(pos, depth, &mut cli_table), plain, "{what}");
                assert_eq!(
                    perft_hashed(pos, depth, &mut tiny),
                    plain,
                    "{what}, tiny table"
                );
                assert_eq!(perft_hashed(pos, depth, &mut tiny), plain, "{what}, again");
                let never = AtomicBool::new(false);
                let divided: u64 =
                    perft_divide_streaming_hashed(pos, depth, 2, 1 << 20, &never, &|_| {})
                        .iter()
                        .map(|&(_, n)| n)
                        .sum();
                assert_eq!(divided, plain, "{what}, divided on 2 threads");
            }
        }
    }
}

#[test]
fn jarmo_hashed_perft_is_perft() {
    check::<jarmo_core::Position>(6);
}

#[test]
fn jetan_hashed_perft_is_perft() {
    check::<jetan_core::Position>(4);
}

#[test]
fn jersi_hashed_perft_is_perft() {
    check::<jersi_core::Position>(3);
}

#[test]
fn jericho_hashed_perft_is_perft() {
    check::<jericho_core::Position>(3);
}

#[test]
fn the_table_finds_transpositions() {
    // Jasir without shuttling (whose rule keeps the last moves in the position) transposes at
    // once: a table that never hit would be unused.
    let rules = <jarmo_core::Position as Game>::Rules::preset("jasir-basic").unwrap();
    let pos = jarmo_core::Position::new(rules);
    let mut table = PerftTable::with_bytes(1 << 20);
    assert_eq!(perft_hashed(&pos, 6, &mut table), perft(&pos, 6));
    assert!(table.hits() > 0);
    assert!(table.entries() >= 1024);
}
