//! The command-line contract: outputs scripts rely on, and one-line errors with status 2.

mod common;

use common::{assert_contains, interrupt_after, jgames, stderr, stdout, words};
use std::process::{Command, Output};

/// Runs `jgames` with the words of `line`, then `--position` and the position text `position`
/// (which holds spaces).
fn at_position(line: &str, position: &str) -> Output {
    let mut args = words(line);
    args.extend(["--position", position]);
    jgames(&args)
}

#[test]
fn perft_prints_the_total_last() {
    let o = jgames(&["perft", "jarmo", "3"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).lines().last(), Some("1472"));
    assert!(stderr(&o).starts_with("time "), "{}", stderr(&o));
    let o = jgames(&words("perft jarmo 3 --variant jasir-basic --threads 2"));
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
    let o = at_position("moves jarmo --variant jasir", "w4/5/2b2/5/5 b");
    assert_eq!(stdout(&o), "c3-b3\nc3-a4\nc3-e4\n");
}

#[test]
fn moves_are_played_from_the_given_position() {
    let o = jgames(&["show", "jarmo", "--moves", "c1-d3 a5-b3"]);
    let out = stdout(&o);
    assert_contains(
        &out,
        "position: 1wwww/5/1w1b1/5/bb1bb b 0/0 0/0 0 c1-d3:1 a5-b3:1",
    );
    assert!(out.contains("to move: Black"));
    assert_contains(&out, "variant: jarmo");
}

#[test]
fn show_reports_the_end_of_the_game() {
    let o = at_position("show jarmo --moves d4-b5", "w4/3b1/5/5/5 b");
    let out = stdout(&o);
    assert_contains(&out, "result: Black wins 2-1");
    assert!(!out.contains("to move"), "{out}");
    // `moves` on a finished game lists nothing and says why.
    let o = at_position("moves jarmo --moves d4-b5", "w4/3b1/5/5/5 b");
    assert!(o.status.success());
    assert!(stdout(&o).is_empty());
    assert_contains(&stderr(&o), "the game is over (Black wins 2-1)");
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
    let o = jgames(&words("playout jarmo --games 200 --seed 3 --threads 2"));
    assert!(o.status.success());
    let out = stdout(&o);
    for key in [
        "games: 200",
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

/// Our own messages: one line, naming the argument, the value and what was wrong.
#[test]
fn bad_input_prints_one_line_and_exits_with_status_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["perft", "jarmo", "2", "--variant", "nope"],
            "--variant \"nope\"",
        ),
        (
            &["moves", "jarmo", "--position", "wwwww/5/5/5"],
            "--position \"wwwww/5/5/5\"",
        ),
        (
            &["moves", "jarmo", "--moves", "c1-d4"],
            "--moves: move 1. \"c1-d4\"",
        ),
        (
            &["moves", "jarmo", "--moves", "c1-d3 zz"],
            "--moves: move 1... \"zz\" (White to move)",
        ),
        (&["show", "jarmo", "--moves", "c1xd3"], "c1xd3"),
        (
            &[
                "show",
                "jarmo",
                "--position",
                "w4/3b1/5/5/5 b",
                "--moves",
                "d4-b5 a5-b3",
            ],
            "the game is already over (Black wins 2-1)",
        ),
        (
            &["show", "jarmo", "--record", "/nonexistent/game.txt"],
            "--record /nonexistent/game.txt: cannot read it",
        ),
    ];
    for (args, says) in cases {
        let o = jgames(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
        assert!(err.starts_with("jgames: "), "{args:?}: {err:?}");
        assert!(err.contains(says), "{args:?}: {err:?} should say {says:?}");
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
}

/// Orange's pieces are lower case in the diagram, and may be written so.
#[test]
fn jetan_takes_lower_case_piece_letters() {
    let o = jgames(&["show", "jetan", "--moves", "Pe2-e3 pe9-e8"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let upper = jgames(&["show", "jetan", "--moves", "Pe2-e3 Pe9-e8"]);
    assert_eq!(stdout(&o), stdout(&upper));
}

/// clap's own messages are kept whole, with the usage hint, and exit with status 2.
#[test]
fn argument_errors_keep_clap_s_whole_message() {
    let cases: &[(&[&str], &str)] = &[
        (&["perft", "chess", "2"], "invalid value 'chess'"),
        (&["perft", "jarmo", "two"], "invalid value 'two'"),
        (&["perft", "jarmo", "-1"], "invalid value '-1'"),
        (&["perft", "jarmo", "2", "--threads", "0"], "--threads"),
        (&["playout", "jarmo"], "--games"),
        (&["playout", "jarmo", "--games", "x"], "invalid value 'x'"),
        (
            &["record", "jarmo", "--tag", "Result=x"],
            "written by jgames itself",
        ),
        (&["frobnicate"], "unrecognized subcommand"),
        (&[], "Usage:"),
    ];
    for (args, says) in cases {
        let o = jgames(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        assert!(err.contains(says), "{args:?}: {err:?} should say {says:?}");
        assert!(
            err.contains("Usage:") || err.contains("--help"),
            "{args:?}: {err:?}"
        );
        assert!(stdout(&o).is_empty(), "{args:?}");
    }
    // An unknown game is answered with the games there are.
    assert!(stderr(&jgames(&["moves", "chess"])).contains("jarmo"));
}

/// Position texts that start with '-' are values, as the docs write them.
#[test]
fn positions_starting_with_a_dash_are_taken_as_written() {
    let o = jgames(&["show", "jericho", "--position", "- * * N - 0/0 0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_contains(&stdout(&o), "position: - * * N - 0/0 0");
}

/// Every game's help names its variants, each with a line, and shows its notation.
#[test]
fn help_teaches_variants_and_notation() {
    let help = stdout(&jgames(&["--help"]));
    for game in ["jarmo", "jetan", "jersi", "jericho"] {
        assert_contains(&help, game);
    }
    for (game, example, presets) in [
        (
            "jarmo",
            "c1-d3",
            &["jarmo", "jasir", "jasir-reserve", "jasir-basic"][..],
        ),
        (
            "jetan",
            "Pe2-e3",
            &["standard", "no-escape", "revisit", "proposed"],
        ),
        ("jersi", "a2-b2=d3", &["standard", "no-drop"]),
        (
            "jericho",
            "3b@c2",
            &[
                "standard",
                "opposite-asymmetry",
                "no-asymmetry",
                "size-identity",
                "prefix-tie",
            ],
        ),
    ] {
        let o = jgames(&["variants", game]);
        assert!(o.status.success(), "{game}");
        let out = stdout(&o);
        assert!(out.contains(example), "{game}: {out}");
        for preset in presets {
            let line = out
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{preset} ")))
                .unwrap_or_else(|| panic!("{game}: no line for {preset}: {out}"));
            assert!(
                line.trim().len() > preset.len() + 10,
                "{game}: {preset} has no summary: {line}"
            );
        }
    }
}

fn data(path: &str) -> String {
    format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The author's three Jersi games replay to their results through --record.
#[test]
fn jersi_author_records_replay_to_their_results() {
    for (file, result) in [
        ("Rulebook-example-2020-0330.txt", "result: Black wins"),
        ("Fox-Lucas-2021-0425.txt", "result: White wins"),
        ("Kerry-Lucas-2021-1011.txt", "result: White wins"),
    ] {
        let path = data(&format!("jersi-core/tests/data/{file}"));
        let o = jgames(&["show", "jersi", "--record", &path]);
        assert!(o.status.success(), "{file}: {}", stderr(&o));
        assert!(stdout(&o).contains(result), "{file}: {}", stdout(&o));
        // Converted to a jgames record, it replays to the same position.
        let converted = jgames(&["record", "jersi", "--record", &path]);
        let text = stdout(&converted);
        assert!(text.starts_with("[Game \"jersi\"]"), "{text}");
        let tmp = temp_file(&format!("converted-{file}"), &text);
        let again = jgames(&["show", "jersi", "--record", &tmp]);
        assert_eq!(stdout(&again), stdout(&o), "{file}");
    }
}

fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("jgames-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// A random game written as a record and read again is the same game, for every game; the
/// record's random game is game 0 of `playout` with the same seed.
#[test]
fn records_written_and_read_again_give_the_same_game() {
    for game in ["jarmo", "jetan", "jersi", "jericho"] {
        let path = temp_file(&format!("{game}.txt"), "");
        let o = jgames(&[
            "record",
            game,
            "--random",
            "--seed",
            "11",
            "--max-plies",
            "80",
            "--tag",
            "Event=test",
            "-o",
            &path,
        ]);
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        let text = std::fs::read_to_string(&path).unwrap();
        assert_contains(&text, &format!("[Game \"{game}\"]"));
        assert_contains(&text, "[Event \"test\"]");
        assert_contains(&text, "[Result ");
        // Read and written again: the same text.
        let again = stdout(&jgames(&["record", game, "--record", &path]));
        assert_eq!(
            again.replace("[Event \"test\"]\n", ""),
            text.replace("[Event \"test\"]\n", ""),
            "{game}"
        );
        // The record's moves, played with --moves, reach the same position.
        let record_moves: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with('[') && !l.is_empty())
            .flat_map(|l| l.split_whitespace())
            .filter(|w| !w.ends_with('.'))
            .collect();
        let by_record = stdout(&jgames(&["show", game, "--record", &path]));
        let by_moves = stdout(&jgames(&["show", game, "--moves", &record_moves.join(" ")]));
        assert_eq!(by_record, by_moves, "{game}");
        // The same game as playout's game 0: as many moves as its longest (only) game.
        let stats = stdout(&jgames(&words(&format!(
            "playout {game} --games 1 --seed 11 --max-plies 80"
        ))));
        assert!(
            stats.contains(&format!("max plies: {}\n", record_moves.len())),
            "{game}: {stats}"
        );
    }
}

/// A record with an illegal move is refused with the move's number and the reason.
#[test]
fn a_bad_record_names_the_move() {
    let path = temp_file(
        "bad.txt",
        "[Game \"jarmo\"]\n\n1. c1-d3 a5-b3 2. a1-e5 {no such step}\n",
    );
    let o = jgames(&["moves", "jarmo", "--record", &path]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_contains(&err, "move 2. \"a1-e5\" (Black to move)");
    let wrong = temp_file("wrong.txt", "[Game \"jetan\"]\n");
    let err = stderr(&jgames(&["moves", "jarmo", "--record", &wrong]));
    assert_contains(&err, "jetan game, not jarmo");
}

/// Long runs report progress on stderr (unless --quiet), with divide lines as they come.
#[test]
fn long_runs_show_progress_unless_quiet() {
    let run = |quiet: bool| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_jgames"));
        c.args(["perft", "jarmo", "8", "--divide"])
            .env("JGAMES_PROGRESS_MS", "1");
        if quiet {
            c.arg("--quiet");
        }
        c.output().unwrap()
    };
    let o = run(false);
    let err = stderr(&o);
    assert_contains(&err, "progress: ");
    assert_contains(&err, "/11 root moves");
    // One line per root move, then the total (docs/jarmo.md, confirmed by the reference).
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 12, "{out}");
    assert_eq!(out.lines().last(), Some("402240653"), "{out}");
    let quiet = run(true);
    assert!(!stderr(&quiet).contains("progress: "));
    assert_eq!(stdout(&quiet), stdout(&o));
}

/// Ctrl-C stops a long perft cleanly: the root moves counted so far are printed, then a line
/// on stderr, and the exit status is 130.
#[test]
fn ctrl_c_stops_cleanly_with_the_partial_result() {
    let o = interrupt_after(&["perft", "jersi", "5", "--divide", "--quiet"], 1500);
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let err = stderr(&o);
    assert_contains(&err, "interrupted: ");
    assert_contains(&err, "root moves counted");
    // Every stdout line is a finished root move: "<move> <count>", no total.
    for line in stdout(&o).lines() {
        assert_eq!(line.split(' ').count(), 2, "{line}");
    }
}

/// Timings give a rate only for runs long enough to time.
#[test]
fn short_runs_give_no_rate() {
    let o = jgames(&["perft", "jarmo", "1"]);
    assert_contains(&stderr(&o), "too short to give a rate");
}

/// Playouts start from the given position and moves too.
#[test]
fn playouts_take_the_position_arguments() {
    let o = at_position("playout jarmo --moves d4-b5 --games 5", "w4/3b1/5/5/5 b");
    let out = stdout(&o);
    assert_contains(&out, "Black wins: 5");
    assert_contains(&out, "max plies: 0");
}

/// The record shown in each game's docs replays, to the result it states.
#[test]
fn the_records_in_the_docs_replay() {
    for game in ["jarmo", "jetan", "jersi", "jericho"] {
        let doc = std::fs::read_to_string(data(&format!("../docs/{game}.md"))).unwrap();
        let section = doc
            .split("## A game record")
            .nth(1)
            .expect("a record section");
        let record = section
            .split("```text\n")
            .nth(1)
            .and_then(|s| s.split("```").next())
            .expect("a text block");
        let path = temp_file(&format!("doc-{game}.txt"), record);
        let o = jgames(&["show", game, "--record", &path]);
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        // Written again, the record is the same text.
        assert_eq!(
            stdout(&jgames(&["record", game, "--record", &path]))
                .lines()
                .filter(|l| !l.starts_with("[Event"))
                .collect::<Vec<_>>(),
            record
                .lines()
                .filter(|l| !l.starts_with("[Event"))
                .collect::<Vec<_>>(),
            "{game}"
        );
    }
}

/// An empty record file, or one with nothing but blanks or comments, is refused with one line
/// and status 2 in every game (Jersi's own two-column format included): it is never read as
/// an empty game.
#[test]
fn empty_and_moveless_records_are_refused() {
    let dir = std::env::temp_dir().join(format!("jgames-empty-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text, said) in [
        ("empty.txt", "", "the file is empty"),
        ("blank.txt", " \n\n\t\n", "the file is empty"),
        ("comment.txt", "# a comment, no move\n", ""),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        for game in ["jarmo", "jetan", "jersi", "jericho"] {
            let o = jgames(&["show", game, "--record", path]);
            assert_eq!(o.status.code(), Some(2), "{game} {name}: {}", stdout(&o));
            let err = stderr(&o);
            assert_eq!(err.lines().count(), 1, "{game} {name}: {err}");
            assert!(
                err.contains(&format!("--record {path}: {said}")),
                "{game} {name}: {err}"
            );
            assert!(stdout(&o).is_empty(), "{game} {name}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn variants_take_rule_switches_everywhere() {
    // The variant text is kept as given (in the diagram and the record) and its switches
    // apply: Jasir with White moving first.
    let o = jgames(&["show", "jarmo", "--variant", "jarmo+shuttling"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("variant: jarmo+shuttling"));
    let record = jgames(&["record", "jarmo", "--variant", "jasir+second-first"]);
    assert!(stdout(&record).contains("[Variant \"jasir+second-first\"]"));
    let shown = jgames(&["show", "jarmo", "--variant", "jasir+second-first"]);
    assert_contains(&stdout(&shown), "to move: White");
    let bad = jgames(&["show", "jarmo", "--variant", "jarmo+nope"]);
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(stderr(&bad).lines().count(), 1);
    assert_contains(&stderr(&bad), "no rule switch \"nope\"");
}
