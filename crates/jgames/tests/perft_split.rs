//! `jgames perft --split K`, `--unit LINE` and `--sum` through the binary: the units of a
//! count, counted one by one and added, give the plain count; bad units and sums are refused
//! with one line and status 2. (`scripts/perft-parallel.sh` runs the same recipe through GNU
//! parallel.)

use std::process::Output;

mod common;

use common::{jgames, jgames_with_input, text};

fn sum(game: &str, input: &str) -> Output {
    jgames_with_input(&["perft", game, "--sum"], input)
}

/// Splits `perft(depth)` of `game` (with `extra` position arguments) at `k`, counts every
/// unit with its own process, adds them up and compares with the plain count.
fn split_and_sum(game: &str, extra: &[&str], depth: &str, k: &str) {
    let mut args = vec!["perft", game, depth, "--split", k];
    args.extend_from_slice(extra);
    let units = jgames(&args);
    assert!(units.status.success(), "{}", text(&units.stderr));
    let units = text(&units.stdout);
    assert!(!units.is_empty());
    let mut counted = String::new();
    for line in units.lines() {
        let mut args = vec!["perft", game, "--unit", line, "-q"];
        args.extend_from_slice(extra);
        let o = jgames(&args);
        assert!(o.status.success(), "{line}: {}", text(&o.stderr));
        let out = text(&o.stdout);
        assert!(out.starts_with(&format!("{line}\t")), "{out}");
        counted.push_str(&out);
    }
    let total = sum(game, &counted);
    assert!(total.status.success());
    let mut args = vec!["perft", game, depth];
    args.extend_from_slice(extra);
    let plain = jgames(&args);
    assert_eq!(text(&total.stdout), text(&plain.stdout), "{game} {extra:?}");
    let units_added = format!("{} units added", units.lines().count());
    assert!(text(&total.stderr).contains(&units_added));
}

#[test]
fn units_add_up_to_the_count() {
    split_and_sum("jarmo", &[], "5", "2");
    split_and_sum("jetan", &["--variant", "no-escape"], "3", "1");
    split_and_sum("jersi", &["--moves", "b3-b2=c2 i2-h3"], "2", "1");
    split_and_sum("jericho", &["--moves", "2e@a1"], "3", "1");
}

#[test]
fn a_unit_of_depth_zero_is_one_sequence() {
    let units = text(&jgames(&["perft", "jarmo", "2", "--split", "2"]).stdout);
    let line = units.lines().next().unwrap();
    assert!(line.starts_with("0 "), "{line}");
    let o = jgames(&["perft", "jarmo", "--unit", line]);
    assert_eq!(text(&o.stdout), format!("{line}\t1\n"));
}

#[test]
fn hashed_counts_print_the_same() {
    for (game, depth) in [("jarmo", "6"), ("jetan", "3"), ("jericho", "3")] {
        let plain = jgames(&["perft", game, depth]);
        let hashed = jgames(&["perft", game, depth, "--hash", "8", "--threads", "2"]);
        assert!(hashed.status.success());
        assert_eq!(text(&hashed.stdout), text(&plain.stdout), "{game}");
    }
}

#[test]
fn bad_units_and_sums_are_refused_with_one_line() {
    let cases: [(&[&str], &str); 4] = [
        (&["perft", "jarmo", "--unit", "x c1-d3"], "depth left"),
        (&["perft", "jarmo", "--unit", "2 c1-z9"], "c1-z9"),
        (&["perft", "jarmo", "3", "--split", "4"], "--split 4"),
        (&["perft", "jarmo"], "DEPTH"),
    ];
    for (args, needle) in cases {
        let o = jgames(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = text(&o.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    let o = sum("jarmo", "2 c1-d3\t10\n2 c1-d3 oops\n");
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(err.contains("line 2") && err.lines().count() == 1, "{err}");
}
