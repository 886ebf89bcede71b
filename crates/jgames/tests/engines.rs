//! `match`, `ugi` and `svg` through the binary, as users meet them.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;

use common::{assert_contains, jgames, jgames_with_input, succeeds, text, words};

/// `ugi` with a script on stdin; returns stdout.
fn ugi(game: &str, engine: &str, script: &str) -> String {
    let o = jgames_with_input(&["ugi", game, "--engine", engine], script);
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stdout)
}

#[test]
fn a_match_ends_with_the_score_line() {
    for game in ["jarmo", "jetan", "jersi", "jericho"] {
        let out = succeeds(&words(&format!(
            "match {game} alphabeta:depth=1 random --games 2 --movetime 5 --max-plies 60 --quiet"
        )));
        let last = out.lines().last().unwrap();
        let fields: Vec<&str> = last.split(' ').collect();
        assert_eq!(fields[0], "score", "{out}");
        let sum: u32 = fields[1..].iter().map(|w| w.parse::<u32>().unwrap()).sum();
        assert_eq!(sum, 2, "{game}: {out}");
        assert_contains(&out, "Elo of A over B: ");
    }
}

/// Games that score (Jarmo) also score each pair by the points of its two games added, as the
/// Jarmo text's two-game match does; the others print no points.
#[test]
fn a_match_of_a_scoring_game_counts_pairs_by_points() {
    let run = |game: &str| {
        succeeds(&words(&format!(
            "match {game} alphabeta random --games 4 --nodes 200 --quiet"
        )))
    };
    let out = run("jarmo");
    let line = out
        .lines()
        .find(|l| l.starts_with("pairs by points: "))
        .unwrap_or_else(|| panic!("{out}"));
    let counts: Vec<u32> = line
        .split(", ")
        .map(|part| part.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(counts.iter().sum::<u32>(), 2, "{line}");
    let points = out.lines().find(|l| l.starts_with("points: A ")).unwrap();
    assert_contains(points, ", B ");
    assert!(!run("jetan").contains("points"));
}

#[test]
fn match_writes_records_that_replay() {
    let dir = std::env::temp_dir().join(format!("jgames-match-{}", std::process::id()));
    let mut args = words("match jarmo random:seed=1 random:seed=2 --games 3 --quiet");
    args.extend(["--records", dir.to_str().unwrap()]);
    let o = jgames(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    for i in 1..=3 {
        let path = dir.join(format!("jarmo-{i:04}.txt"));
        let shown = jgames(&["show", "jarmo", "--record", path.to_str().unwrap()]);
        assert!(shown.status.success(), "{}", text(&shown.stderr));
    }
}

#[test]
fn bad_engine_specs_are_one_line_with_status_2() {
    for spec in ["chess", "mcts:iterations=x", "alphabeta:colour=red"] {
        let o = jgames(&["match", "jarmo", spec, "random", "--games", "1"]);
        assert_eq!(o.status.code(), Some(2), "{spec}");
        let err = text(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert_contains(&err, spec.split(':').next().unwrap());
    }
}

#[test]
fn ugi_answers_the_protocol_and_survives_bad_lines() {
    let out = ugi(
        "jarmo",
        "alphabeta:depth=2",
        "ugi\nisready\nuginewgame\nposition startpos moves c1-d3\nquery p1turn\n\
         frobnicate\nposition fen nonsense\nposition startpos moves zz\ngo depth x\n\
         go depth 2\nquery gameover\nquery result\nquery nothing\nsetoption name colour value red\nquit\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.iter().any(|l| l.starts_with("id name ")), "{out}");
    assert!(
        lines.contains(&"ugiok") && lines.contains(&"readyok"),
        "{out}"
    );
    assert!(lines.contains(&"response false"), "{out}"); // White to move after c1-d3
    assert!(lines.contains(&"response none"), "{out}");
    let errors = lines
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .count();
    assert_eq!(errors, 6, "{out}");
    let best = lines
        .iter()
        .find(|l| l.starts_with("bestmove "))
        .expect("a bestmove");
    // The best move is a legal White move after c1-d3.
    let mv = best.trim_start_matches("bestmove ");
    let legal = text(&jgames(&["moves", "jarmo", "--moves", "c1-d3"]).stdout);
    assert!(legal.lines().any(|l| l == mv), "{mv} not in {legal}");
    assert!(lines.iter().any(|l| l.starts_with("info depth ")), "{out}");
}

#[test]
fn ugi_stops_an_infinite_search() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_jgames"))
        .args(["ugi", "jetan", "--engine", "mcts"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"position startpos\ngo infinite\n")
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    stdin.write_all(b"stop\nquit\n").unwrap();
    drop(stdin);
    let o = child.wait_with_output().unwrap();
    let out = text(&o.stdout);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("bestmove ")).count(),
        1,
        "{out}"
    );
}

#[test]
fn svg_draws_every_game_and_follows_the_moves() {
    for (game, moves) in [
        ("jarmo", "c1-d3"),
        ("jetan", "Pe2-e3"),
        ("jersi", "b8-b7=d8"),
        ("jericho", "3b@c2"),
    ] {
        let start = jgames(&["svg", game]);
        assert!(start.status.success(), "{game}: {}", text(&start.stderr));
        let picture = text(&start.stdout);
        roxmltree::Document::parse(&picture).unwrap_or_else(|e| panic!("{game}: {e}"));
        let after = text(&jgames(&["svg", game, "--moves", moves]).stdout);
        assert_ne!(after, picture, "{game}");
        let dir = std::env::temp_dir().join(format!("jgames-svg-{game}-{}", std::process::id()));
        let o = jgames(&[
            "svg",
            game,
            "--moves",
            moves,
            "--each-move",
            dir.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{game}: {}", text(&o.stderr));
        assert_eq!(
            std::fs::read_to_string(dir.join("000.svg")).unwrap(),
            picture
        );
        assert_eq!(std::fs::read_to_string(dir.join("001.svg")).unwrap(), after);
    }
    let o = jgames(&["svg", "jarmo", "--highlight", "z9"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--highlight \"z9\""));
}

/// `play` with a script on stdin: help, the move list, a refused move, a move, the engine's
/// answer, undo, and quit.
#[test]
fn play_takes_moves_and_commands_from_a_person() {
    let o = jgames_with_input(
        &[
            "play",
            "jarmo",
            "--engine",
            "alphabeta:depth=2",
            "--movetime",
            "50",
        ],
        "help\nmoves\nzz\nc1-d3\nundo\nquit\n",
    );
    assert!(o.status.success());
    let out = text(&o.stdout);
    assert_contains(&out, "  undo   take back your last move");
    assert!(out.contains("c1-d3 "), "the move list: {out}");
    assert_contains(&out, "refused: \"zz\"");
    assert_contains(&out, "White (engine) plays ");
    // After undo the start position is shown again, with Black to move.
    let start = "position: wwwww/5/5/5/bbbbb b 0/0 0/0 0 - -";
    assert_eq!(out.matches(start).count(), 2, "{out}");
    // Input that ends closes the game quietly.
    let o = Command::new(env!("CARGO_BIN_EXE_jgames"))
        .args(["play", "jericho", "--human", "both"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(o.status.success());
}

/// An outside UGI program plays in a match: here jgames itself, started as a program.
#[test]
fn a_match_takes_an_outside_ugi_program() {
    let program = format!(
        "ugi:{} ugi jetan --engine random:seed=4",
        env!("CARGO_BIN_EXE_jgames")
    );
    let mut args = vec!["match", "jetan", "alphabeta:depth=1", &program];
    args.extend(words("--games 2 --movetime 5 --max-plies 80 --quiet"));
    let out = succeeds(&args);
    assert!(out.lines().last().unwrap().starts_with("score "), "{out}");
    let o = jgames(&words(
        "match jetan random ugi:/nonexistent/engine --games 1",
    ));
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("cannot start \"/nonexistent/engine\""));
}

/// The value after `prefix` on the output line that starts with it.
fn line_after<'a>(out: &'a str, prefix: &str) -> &'a str {
    out.lines()
        .find_map(|l| l.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no line {prefix:?} in {out}"))
}

#[test]
fn an_sprt_stops_the_match_once_it_decides() {
    let out = succeeds(&words(
        "match jarmo alphabeta:depth=2 random --games 400 --movetime 2 --concurrency 2 --sprt elo0=0 elo1=100 --quiet",
    ));
    assert!(
        line_after(&out, "SPRT: LLR ").ends_with("H1 accepted"),
        "{out}"
    );
    let games: u32 = line_after(&out, "games: ")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(games < 400, "{out}");
    // Whole pairs are counted: the pentanomial counts add up to the pairs.
    let pairs: u32 = line_after(&out, "pairs: ")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(2 * pairs <= games && games <= 2 * pairs + 2, "{out}");
    for bad in [
        &["elo1=5"][..],
        &["elo0=5", "elo1=1"],
        &["elo0=0", "elo1=5", "alpha=1"],
    ] {
        let mut args = vec!["match", "jarmo", "random", "random", "--sprt"];
        args.extend_from_slice(bad);
        let o = jgames(&args);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert_contains(&text(&o.stderr), "--sprt");
    }
}

#[test]
fn openings_come_from_a_file_of_positions_and_records() {
    let dir = std::env::temp_dir().join(format!("jgames-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = jgames(&["record", "jetan", "--moves", "Pe2-e3 pe9-e8"]);
    let record = text(&record.stdout);
    assert!(record.starts_with('['), "{record}");
    let shown = text(&jgames(&["show", "jetan"]).stdout);
    let start = line_after(&shown, "position: ");
    let file = dir.join("openings.txt");
    std::fs::write(
        &file,
        format!("# a comment\n{} | Pf2-f3\n\n{record}\n", start.trim()),
    )
    .unwrap();
    let records = dir.join("games");
    let mut args =
        words("match jetan random:seed=1 random:seed=2 --games 4 --max-plies 30 --quiet");
    args.extend([
        "--openings",
        file.to_str().unwrap(),
        "--records",
        records.to_str().unwrap(),
    ]);
    let o = jgames(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    // Games 1 and 2 open with the position line's move, 3 and 4 with the record's two.
    for (game, first) in [
        (1, "Pf2-f3"),
        (2, "Pf2-f3"),
        (3, "Pe2-e3 Pe9-e8"),
        (4, "Pe2-e3 Pe9-e8"),
    ] {
        let written =
            std::fs::read_to_string(records.join(format!("jetan-{game:04}.txt"))).unwrap();
        assert!(
            written.contains(&format!("1. {first}")),
            "game {game}: {written}"
        );
    }
    std::fs::write(&file, "not a position\n").unwrap();
    let mut args = words("match jetan random random");
    args.extend(["--openings", file.to_str().unwrap()]);
    let o = jgames(&args);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(err.contains("line 1") && err.lines().count() == 1, "{err}");
}

#[test]
fn a_clock_too_short_loses_on_time() {
    let out = succeeds(&words(
        "match jersi alphabeta:depth=3 random --games 2 --tc 0.001 --quiet",
    ));
    assert_eq!(line_after(&out, "time losses: "), "A 2, B 0", "{out}");
    assert_eq!(out.lines().last().unwrap(), "score 0 0 2", "{out}");
    let o = jgames(&["match", "jersi", "random", "random", "--tc", "0+1"]);
    assert_eq!(o.status.code(), Some(2));
}
