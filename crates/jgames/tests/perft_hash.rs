//! Perft through a transposition table counts what plain perft counts, on every preset of
//! every game at several depths: with the table as the CLI uses it (`--hash`), and with a
//! tiny table that stores every depth, so that buckets are shared and entries replaced all
//! the time (a count reused for the wrong position or depth would show).

use abstract_game::perft::{Perft, PerftTable, perft};
use abstract_game::{Game, GameRules};
use jgames_registry::jarmo_core;

fn check<G: Game + PartialEq>(max_depth: u32) {
    for preset in G::Rules::PRESETS {
        let start = G::new(preset.rules);
        let preset = preset.name;
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
                let plain = Some(perft(pos, depth));
                let count = Perft::new(depth);
                let mut tiny = PerftTable::with_bytes(4 << 10).storing_from(1);
                let what = format!("{} {preset} perft({depth})", G::NAME);
                let cli = count.hash_table(16 << 20).count(pos);
                assert_eq!(cli, plain, "{what}");
                let tiny_count = count.count_with_table(pos, &mut tiny);
                assert_eq!(tiny_count, plain, "{what}, tiny table");
                let again = count.count_with_table(pos, &mut tiny);
                assert_eq!(again, plain, "{what}, again");
                let divided: u64 = count
                    .threads(2)
                    .hash_table(1 << 20)
                    .divide(pos, |_| {})
                    .iter()
                    .map(|&(_, n)| n)
                    .sum();
                assert_eq!(Some(divided), plain, "{what}, divided on 2 threads");
            }
        }
    }
}

#[test]
fn hashed_perft_is_perft_in_every_game() {
    // Depths that keep each game's largest tree to a few million leaves.
    jgames_registry::for_each_game!(|G| {
        let depth = match G::NAME {
            "jarmo" => 6,
            "jetan" => 4,
            _ => 3,
        };
        check::<G>(depth);
    });
}

#[test]
fn the_table_finds_transpositions() {
    // Jasir without shuttling (whose rule keeps the last moves in the position) transposes at
    // once: a table that never hit would be unused.
    let rules = <jarmo_core::Position as Game>::Rules::preset("jasir-basic").unwrap();
    let pos = jarmo_core::Position::new(rules);
    let mut table = PerftTable::with_bytes(1 << 20);
    let hashed = Perft::new(6).count_with_table(&pos, &mut table);
    assert_eq!(hashed, Some(perft(&pos, 6)));
    assert!(table.hits() > 0);
    assert!(table.entries() >= 1024);
}
