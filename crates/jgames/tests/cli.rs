//! The command-line contract: outputs scripts rely on, and one-line errors with status 2.

use std::process::{Command, Output};

fn jgames(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jgames"))
        .args(args)
        .output()
        .expect("jgames runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn perft_prints_the_total_last() {
    let o = jgames(&["perft", "jarmo", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("1472"));
    assert!(stderr(&o).contains("nodes/s"));
    let o = jgames(&[
        "perft",
        "jarmo",
        "3",
        "--variant",
        "jasir-basic",
        "--threads",
        "2",
    ]);
    assert_eq!(stdout(&o).trim(), "1307");
}

#[test]
fn perft_divide_lists_every_move_then_the_total() {
    let o = jgames(&["perft", "jarmo", "2", "--divide"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 12);
    let sum: u64 = lines[..11]
        .iter()
        .map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 121);
    assert_eq!(lines[11], "121");
}

#[test]
fn moves_prints_one_move_per_line() {
    let o = jgames(&["moves", "jarmo"]);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 11);
    assert!(out.lines().any(|l| l == "c1-d3"));
    let o = jgames(&[
        "moves",
        "jarmo",
        "--position",
        "w4/5/2b2/5/5 b",
        "--variant",
        "jasir",
    ]);
    assert_eq!(stdout(&o), "c3-b3\nc3-a4\nc3-e4\n");
}

#[test]
fn moves_are_played_from_the_given_position() {
    let o = jgames(&["show", "jarmo", "--moves", "c1-d3 a5-b3"]);
    let out = stdout(&o);
    assert!(
        out.contains("position: 1wwww/5/1w1b1/5/bb1bb b 0/0 0/0 0 c1-d3:1 a5-b3:1"),
        "{out}"
    );
    assert!(out.contains("to move: Black"));
}

#[test]
fn show_reports_the_end_of_the_game() {
    let o = jgames(&[
        "show",
        "jarmo",
        "--position",
        "w4/3b1/5/5/5 b",
        "--moves",
        "d4-b5",
    ]);
    assert!(
        stdout(&o).contains("game over: Black wins (2-1)"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn every_game_answers_the_four_commands() {
    for game in ["jarmo", "jetan", "jersi", "jericho"] {
        let o = jgames(&["perft", game, "1", "--divide"]);
        assert!(o.status.success(), "{game}");
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        let total: usize = lines.last().unwrap().parse().unwrap();
        assert_eq!(
            lines.len(),
            total + 1,
            "{game}: one line per move, then the total"
        );
        let moves = stdout(&jgames(&["moves", game]));
        assert_eq!(moves.lines().count(), total, "{game}");
        // The first listed move replays through --moves.
        let first = moves.lines().next().unwrap();
        let shown = jgames(&["show", game, "--moves", first]);
        assert!(shown.status.success(), "{game} {first}");
        assert!(stdout(&shown).contains("position: "), "{game}");
        let played = jgames(&["playout", game, "--games", "3", "--max-plies", "50"]);
        assert!(stdout(&played).contains("games: 3"), "{game}");
    }
}

#[test]
fn playout_prints_statistics() {
    let o = jgames(&[
        "playout",
        "jarmo",
        "--games",
        "200",
        "--seed",
        "3",
        "--threads",
        "2",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    for key in [
        "games: 200",
        "games per second:",
        "mean plies:",
        "max plies:",
        "Black wins:",
        "White wins:",
        "draws:",
        "capped:",
    ] {
        assert!(out.contains(key), "{key} missing from {out}");
    }
    // The totals do not depend on the number of threads.
    let one = jgames(&["playout", "jarmo", "--games", "200", "--seed", "3"]);
    let strip = |s: String| {
        s.lines()
            .filter(|l| !l.starts_with("games per second"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(stdout(&one)), strip(out));
}

#[test]
fn bad_input_prints_one_line_and_exits_with_status_2() {
    let cases: &[&[&str]] = &[
        &["perft", "chess", "2"],
        &["perft", "jarmo", "two"],
        &["perft", "jarmo", "-1"],
        &["perft", "jarmo", "2", "--variant", "nope"],
        &["perft", "jarmo", "2", "--threads", "0"],
        &["moves", "jarmo", "--position", "wwwww/5/5/5"],
        &["moves", "jarmo", "--moves", "c1-d4"],
        &["moves", "jarmo", "--moves", "c1-d3 zz"],
        &["show", "jarmo", "--moves", "c1xd3"],
        &[
            "show",
            "jarmo",
            "--position",
            "w4/3b1/5/5/5 b",
            "--moves",
            "d4-b5 a5-b3",
        ],
        &["playout", "jarmo"],
        &["playout", "jarmo", "--games", "x"],
        &["frobnicate"],
        &[],
    ];
    for args in cases {
        let o = jgames(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}
