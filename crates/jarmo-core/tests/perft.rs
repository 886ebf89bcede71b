//! The perft numbers of the rules file, for every preset.

use abstract_game::perft::{Perft, perft};
use jarmo_core::prelude::*;

fn start(preset: &str) -> Position {
    Position::new(Rules::preset(preset).expect("known preset"))
}

#[test]
fn depth_one_and_two_for_every_preset() {
    for preset in Rules::preset_names() {
        let pos = start(preset);
        assert_eq!(perft(&pos, 1), 11, "{preset}");
        assert_eq!(perft(&pos, 2), 121, "{preset}");
        assert_eq!(
            Perft::new(2).enumerated().count(&pos),
            Some(121),
            "{preset}"
        );
    }
}

#[test]
fn depth_three() {
    assert_eq!(perft(&start("jarmo"), 3), 1_472);
    assert_eq!(perft(&start("jasir-basic"), 3), 1_307);
    assert_eq!(
        Perft::new(3).enumerated().count(&start("jasir-basic")),
        Some(1_307)
    );
}

#[test]
fn jasir_and_jasir_basic_agree_through_depth_four_and_part_at_five() {
    for depth in 1..=4 {
        assert_eq!(
            perft(&start("jasir"), depth),
            perft(&start("jasir-basic"), depth),
            "depth {depth}"
        );
    }
    // The first returns come at depth 5 and tell them apart.
    assert_ne!(perft(&start("jasir"), 5), perft(&start("jasir-basic"), 5));
}

#[test]
fn white_first_mirrors_nothing_but_starts_with_white() {
    let rules = Rules::default().with_first_player(jarmo_core::WHITE);
    let pos = Position::new(rules);
    assert_eq!(pos.side_to_move(), jarmo_core::WHITE);
    // The board is not symmetric, yet White also has 11 first moves.
    assert_eq!(perft(&pos, 1), 11);
}
