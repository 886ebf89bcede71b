//! A new game reaches the command line through the registry's one line.
//!
//! Built with `RUSTFLAGS="--cfg jgames_toy_game"`, the registry's list
//! (`jgames_registry::for_each_game!`) has a fifth line, the toy game Nim of
//! `abstract_game::nim`, and nothing else changes: these tests then find it in the game list
//! and run its commands through the binary. Without the flag, Nim is absent.

mod common;

use common::{jgames, stdout};

/// The game lines of `jgames --help`: two spaces, the name, its line.
fn listed_games() -> Vec<String> {
    let help = stdout(&jgames(&["--help"]));
    let list = help.split("Games:\n").nth(1).expect("a game list");
    list.lines()
        .take_while(|line| line.starts_with("  "))
        .map(|line| line.split_whitespace().next().unwrap().to_owned())
        .collect()
}

#[cfg(jgames_toy_game)]
#[test]
fn the_toy_game_is_listed_and_plays() {
    assert_eq!(
        listed_games(),
        ["jarmo", "jetan", "jersi", "jericho", "nim"]
    );
    let variants = stdout(&jgames(&["variants", "nim"]));
    assert!(
        variants.contains("small") && variants.contains("big"),
        "{variants}"
    );
    // Two heaps of 5: 6 first moves; after taking t from a heap, min(3, 5 - t) + 3 replies:
    // 2 * (6 + 6 + 5) = 34. Heaps of 9: 6 * 6 = 36.
    assert_eq!(stdout(&jgames(&["perft", "nim", "1"])).trim(), "6");
    assert_eq!(stdout(&jgames(&["perft", "nim", "2"])).trim(), "34");
    let big = jgames(&["perft", "nim", "2", "--variant", "big"]);
    assert_eq!(stdout(&big).trim(), "36");
    let moves = stdout(&jgames(&["moves", "nim", "--moves", "0:3 1:1"]));
    assert_eq!(
        moves.lines().collect::<Vec<_>>(),
        ["0:1", "0:2", "1:1", "1:2", "1:3"]
    );
    let svg = stdout(&jgames(&["svg", "nim"]));
    assert!(
        svg.starts_with("<svg") && svg.contains("class=\"piece\""),
        "{svg}"
    );
    let record = stdout(&jgames(&["record", "nim", "--random", "--seed", "3"]));
    assert!(record.starts_with("[Game \"nim\"]"), "{record}");
    let best = stdout(&jgames(&[
        "match",
        "nim",
        "alphabeta",
        "random",
        "--games",
        "2",
        "--movetime",
        "20",
        "-q",
    ]));
    assert!(best.lines().last().unwrap().starts_with("score "), "{best}");
}

#[cfg(not(jgames_toy_game))]
#[test]
fn without_the_flag_the_list_is_the_four_games() {
    assert_eq!(listed_games(), ["jarmo", "jetan", "jersi", "jericho"]);
    assert_eq!(jgames(&["perft", "nim", "1"]).status.code(), Some(2));
}
