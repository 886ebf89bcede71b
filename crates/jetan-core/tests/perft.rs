//! perft from the start: depths 1 and 2 as the rules file gives them, and the deeper numbers of
//! `docs/jetan.md`, each confirmed by the reference generator (see `cross_check.rs`).

use abstract_game::perft::{Perft, perft};
use abstract_game::{Game, GameRules, Side};
use jetan_core::{Position, Rules};

fn start(preset: &str) -> Position {
    Position::new(Rules::preset(preset).expect("known preset"))
}

#[test]
fn standard_from_the_rules_file() {
    let pos = start("standard");
    assert_eq!(perft(&pos, 1), 74);
    assert_eq!(perft(&pos, 2), 5_462);
    assert_eq!(Perft::new(2).enumerated().count(&pos), Some(5_462));
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
        let rules = Rules::preset(preset)
            .unwrap()
            .with_first_player(Side::Second);
        let pos = Position::new(rules);
        assert_eq!(pos.side_to_move(), Side::Second);
        assert_eq!(perft(&pos, 1), counts[0]);
        assert_eq!(perft(&pos, 2), counts[1]);
    }
}

/// The fast twin of `cross_check::perft_four_confirmed_by_the_reference` (ignored there: the
/// reference takes minutes) and of the depth-3 numbers checked there.
#[test]
fn deeper_numbers_confirmed_by_the_reference() {
    for (preset, three, four) in [
        ("standard", 379_795, 26_069_467),
        ("no-escape", 126_055, 6_885_839),
        ("revisit", 384_693, 26_715_591),
    ] {
        let pos = start(preset);
        assert_eq!(perft(&pos, 3), three, "{preset}");
        assert_eq!(perft(&pos, 4), four, "{preset}");
    }
}
