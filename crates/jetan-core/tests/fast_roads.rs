//! The fast roads of move generation against the slow ones, on many positions of every preset and
//! of option sets that switch the end rules on early: bulk counting (`count_legal_moves`,
//! `count_after`, which never makes the next position, and `count_two_plies` through perft(2),
//! which `src/two_plies.rs` also tests against the reply lists) against the move lists and against
//! perft by enumeration, and the game's own playout loop (in place, without the hash) against the
//! generic loop.

use abstract_game::perft::{Perft, perft};
use abstract_game::playout::{Rng, playout_loop, random_position};
use jetan_core::ValueScale;
use jetan_core::prelude::*;

/// Every preset, and options under which the material rules end games soon.
fn rule_sets() -> Vec<Rules> {
    let mut all: Vec<Rules> = Rules::PRESETS.iter().map(|preset| preset.rules).collect();
    let s = Rules::STANDARD;
    all.push(Rules { countdown: 0, ..s });
    all.push(Rules {
        thoat_jumps: true,
        ..s
    });
    all.push(Rules {
        thoat_jumps: true,
        revisit: true,
        escape: false,
        ..s
    });
    for value in [ValueScale::Count, ValueScale::Mobility] {
        all.push(Rules { value, ..s });
        all.push(Rules {
            value,
            unequal_wins: true,
            ..s
        });
    }
    all.push(Rules {
        countdown: 1,
        unequal_wins: true,
        revisit: true,
        ..s
    });
    all.push(Rules {
        escape: false,
        revisit: true,
        ..s
    });
    all
}

/// Hand-made end games: a capture that makes the material equal (the countdown starts, and
/// with a length of 0 the draw comes at once) or unequal (the proposed variant's win), with
/// both escapes unused; and a countdown about to run out.
const END_GAMES: [&str; 3] = [
    "c8r/10/10/4p5/10/4W1t3/10/10/10/C8R b Rr -",
    "c8r/10/10/4p5/10/4W1t3/10/10/10/C8R o Rr -",
    "c8p/10/10/10/9R/10/10/10/1P8/C8r b r 1",
];

/// The hand-made end games valid under `rules` (a running countdown may not be longer than
/// the rules' own).
fn end_games(rules: Rules) -> impl Iterator<Item = Position> {
    END_GAMES
        .iter()
        .filter_map(move |text| Position::from_text(text, rules).ok())
}

/// Positions of random games under `rules`, from the start to past the usual end of a game,
/// and the hand-made end games.
fn positions(rules: Rules, games: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..games {
        for plies in [0, 1, 2, 5, 10, 20, 40, 60, 80, 100, 130] {
            out.push(random_position::<Position>(rules, seed, plies));
        }
    }
    out.extend(end_games(rules));
    out
}

fn legal(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list
}

#[test]
fn counting_equals_the_move_lists_and_enumeration() {
    let mut ended_by_count = 0;
    for rules in rule_sets() {
        for pos in positions(rules, 12) {
            let list = legal(&pos);
            assert_eq!(pos.count_legal_moves(), list.len(), "{pos}");
            for &mv in list.iter() {
                let next = pos.after(mv);
                let n = pos.count_after(mv);
                assert_eq!(n, legal(&next).len(), "count_after({mv:?}) in {pos}");
                if n == 0 && next.outcome().is_some() {
                    ended_by_count += 1;
                }
            }
            assert_eq!(
                perft(&pos, 2),
                Perft::new(2).enumerated().count(&pos).unwrap(),
                "{pos}"
            );
        }
    }
    // The end rules were met on the fast road, not only the move rules.
    assert!(ended_by_count > 100, "{ended_by_count}");
}

#[test]
fn deeper_counts_equal_enumeration_on_the_end_games() {
    for rules in rule_sets() {
        assert!(end_games(rules).count() >= 2);
        for pos in end_games(rules) {
            assert_eq!(
                perft(&pos, 3),
                Perft::new(3).enumerated().count(&pos).unwrap(),
                "{pos}"
            );
        }
    }
}

#[test]
fn playouts_are_the_generic_game() {
    for rules in rule_sets() {
        let starts = positions(rules, 3);
        for (i, pos) in starts.iter().enumerate() {
            for seed in 0..8u64 {
                let seed = seed * 1_000 + i as u64;
                let cap = [0, 1, 3, 40, 1000][(seed % 5) as usize];
                let fast = pos.playout(&mut Rng::seed_from_u64(seed), cap);
                let slow = playout_loop(pos, &mut Rng::seed_from_u64(seed), cap);
                assert_eq!(fast, slow, "playout from {pos}, seed {seed}, cap {cap}");
                // The draw (uniform, but not the list's pick: see `props.rs`) finds a legal
                // move exactly when there is one.
                let list = legal(pos);
                match pos.random_move(&mut Rng::seed_from_u64(seed)) {
                    Some(mv) => assert!(list.contains(&mv), "{mv:?} in {pos}"),
                    None => assert!(list.is_empty(), "no move drawn in {pos}"),
                }
            }
        }
        // Whole games from the start, escapes and all.
        let start = Position::new(rules);
        for seed in 0..200 {
            let seed = abstract_game::playout::game_seed(7, seed);
            let fast = start.playout(&mut Rng::seed_from_u64(seed), 1000);
            let slow = playout_loop(&start, &mut Rng::seed_from_u64(seed), 1000);
            assert_eq!(fast, slow, "playout from the start, seed {seed}");
        }
    }
}
