//! perft numbers from the rules file and the issue, and deeper ones confirmed by the reference
//! generator (see `cross_check.rs`).

use abstract_game::perft::{perft, perft_enumerated};
use abstract_game::{Game, Rules as _, Side};
use jetan_core::{Position, Rules};

fn start(preset: &str) -> Position {
    Position::new(Rules::preset(preset).expect("known preset"))
}

#[test]
fn standard_from_the_rules_file() {
    let pos = start("standard");
    assert_eq!(perft(&pos, 1), 74);
    assert_eq!(perft(&pos, 2), 5_462);
    assert_eq!(perft_enumerated(&pos, 2), 5_462);
}

#[test]
fn no_escape_from_the_rules_file() {
    let pos = start("no-escape");
    assert_eq!(perft(&pos, 1), 48);
    assert_eq!(perft(&pos, 2), 2_283);
}

#[test]
fn first_player_does_not_change_the_counts() {
    for (preset, counts) in [("standard", [74, 5_462]), ("no-escape", [48, 2_283])] {
        let rules = Rules::preset(preset).unwrap().with_first(Side::Second);
        let pos = Position::new(rules);
        assert_eq!(pos.side_to_move(), Side::Second);
        assert_eq!(perft(&pos, 1), counts[0]);
        assert_eq!(perft(&pos, 2), counts[1]);
    }
}
