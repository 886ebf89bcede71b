//! The checks the game crates share (endings, pictures, the evaluation sample), on the toy
//! game Nim: each passes where Nim keeps its promise, and fails, naming what broke, where Nim
//! does not (its picture draws neither the last move nor targets, its evaluation is flat) or
//! where the data given to it is wrong.
#![cfg(feature = "testing")]

use abstract_game::Ending;
use abstract_game::contract::{check_ending_names, check_endings};
use abstract_game::nim::{Nim, NimRules};
use abstract_game::testing::pictures::{
    Options, check_caption, check_highlight, check_options_change_the_picture,
    check_random_pictures, checked_picture, play_moves,
};
use abstract_game::testing::{EvaluationSample, check_evaluation_sample};

/// The stones of both heaps, each a piece of the picture.
fn stones(pos: &Nim) -> usize {
    pos.heaps.iter().map(|&h| usize::from(h)).sum()
}

#[test]
fn the_endings_of_the_toy_game_are_sound() {
    check_endings::<Nim>();
}

#[test]
#[should_panic(expected = "an ending name twice")]
fn an_ending_named_twice_is_caught() {
    check_ending_names(&[Ending::WIN, Ending::DRAW, Ending::new("win", "won again")]);
}

#[test]
#[should_panic(expected = "no ending")]
fn an_empty_list_of_endings_is_caught() {
    check_ending_names(&[]);
}

#[test]
fn moves_are_played_and_record_numbers_skipped() {
    let mut pos = Nim::at(5, 5);
    assert_eq!(play_moves(&mut pos, "1. 0:2 1:3 2. 0:1"), Some((0, 1)));
    assert_eq!(pos.heaps, [2, 2]);
    assert_eq!(play_moves(&mut pos, ""), None);
}

#[test]
#[should_panic]
fn a_refused_move_is_caught() {
    play_moves(&mut Nim::at(1, 1), "0:3");
}

#[test]
fn the_toy_game_draws_every_stone() {
    let pos = Nim::at(3, 5);
    checked_picture(&pos, &Options::<Nim>::default(), 8);
    check_random_pictures::<Nim>(32, 12, stones, |_, _| 0);
}

#[test]
#[should_panic(expected = "piece symbols of")]
fn a_wrong_piece_count_is_caught() {
    checked_picture(&Nim::at(3, 5), &Options::<Nim>::default(), 7);
}

#[test]
#[should_panic(expected = "the targets of")]
fn missing_target_marks_are_caught() {
    check_random_pictures::<Nim>(32, 12, stones, |_, _| 1);
}

#[test]
#[should_panic(expected = "the last move changes nothing")]
fn a_last_move_not_drawn_is_caught() {
    let start = Nim::at(3, 5);
    check_options_change_the_picture(&start, (0, 1), (96, 384));
}

#[test]
#[should_panic(expected = "every value is 0")]
fn a_flat_evaluation_is_caught() {
    let sample = EvaluationSample::new(1, 4, 10, 1);
    check_evaluation_sample::<Nim>(sample, |text| text.to_string());
}

#[test]
fn the_toy_game_captions_the_mover_and_the_result() {
    check_caption(&Nim::at(3, 5));
    check_caption(&Nim::at(0, 0));
    assert_eq!(check_highlight(&Nim::at(3, 5), 0, |_, _| 0).0, 0);
}

#[test]
#[should_panic(expected = "the targets of 1")]
fn a_highlight_without_its_marks_is_caught() {
    check_highlight(&Nim::at(3, 5), 1, |_, _| 2);
}

#[test]
fn the_action_checks_pass_on_the_toy_game() {
    use abstract_game::testing::actions::{
        check_action_contract, check_action_contract_at_starts, check_perft_through_actions,
        game_positions, observation, plane,
    };
    let rules = [NimRules { heap: 5 }, NimRules { heap: 9 }];
    check_action_contract_at_starts::<Nim>(&rules, 1);
    let positions: Vec<Nim> = game_positions(&rules, 3, 40, |n, game| 7 * n as u64 + game);
    // Every game starts at its rules' start and runs to the end (Nim games are short), which
    // is pushed once more.
    assert_eq!(positions[0], Nim::at(5, 5));
    assert!(positions.iter().filter(|p| p.heaps == [0, 0]).count() >= 2 * 6);
    check_action_contract(&positions, 1);
    check_perft_through_actions(&positions[..4], 3);
    let seen = observation(&Nim::at(3, 5));
    assert!(seen.iter().all(|v| v.is_finite()));
    assert_eq!(plane::<Nim>(&seen, 1).len(), 2);
}

/// Two views of Nim (two planes of two values, the second the side to move) seen alike.
fn same_view(a: &[f32], b: &[f32]) {
    abstract_game::testing::actions::assert_same_view::<Nim>(a, b, 1, "toy");
}

#[test]
#[should_panic(expected = "plane 0")]
fn views_that_differ_off_the_mover_plane_are_caught() {
    same_view(&[1.0, 0.0, 1.0, 1.0], &[0.0, 0.0, 0.0, 0.0]);
}

#[test]
#[should_panic(expected = "the side to move")]
fn a_mover_plane_set_in_both_views_is_caught() {
    same_view(&[1.0, 0.0, 1.0, 1.0], &[1.0, 0.0, 1.0, 1.0]);
}

#[test]
fn a_position_text_is_evaluated_while_the_game_goes_on() {
    use abstract_game::testing::evaluation_of;
    assert_eq!(evaluation_of::<Nim>("3 5 0", NimRules::default()), 0);
}

#[test]
#[should_panic(expected = "is over")]
fn a_finished_position_is_not_evaluated() {
    abstract_game::testing::evaluation_of::<Nim>("0 0 1", NimRules::default());
}
