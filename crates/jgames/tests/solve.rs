//! `jgames solve` through the binary: an endgame table built, verified, probed, refused when
//! altered; positions solved on the spot; engines and `show` using the table.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn jgames(args: &[&str], tables: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_jgames"));
    command.args(args).env_remove("JGAMES_TABLES");
    if let Some(dir) = tables {
        command.env("JGAMES_TABLES", dir);
    }
    command.output().expect("jgames runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jgames-solve-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const BASIC: [&str; 4] = ["solve", "jarmo", "--variant", "jasir-basic"];

fn with(extra: &[&str]) -> Vec<String> {
    BASIC.iter().chain(extra).map(|s| s.to_string()).collect()
}

fn run(extra: &[&str], tables: Option<&Path>) -> Output {
    let args = with(extra);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    jgames(&args, tables)
}

/// The last line of a two-game match from `position` under `variant` between `alphabeta` at
/// depth 1 with the tables of `dir` and the same without: `score W D L`.
fn table_match(variant: &str, position: &str, dir: &Path) -> String {
    let o = jgames(
        &[
            "match",
            "jarmo",
            "--variant",
            variant,
            "--position",
            position,
            "alphabeta:depth=1",
            "alphabeta:depth=1,tables=off",
            "--games",
            "2",
        ],
        Some(dir),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o).lines().last().unwrap_or_default().to_string()
}

#[test]
fn a_small_position_is_solved_on_the_spot() {
    let o = run(&["--position", "w4/5/5/5/b4 b", "-q"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("solved: White wins in 4 (loss in 4 for Black to move)"),
        "{out}"
    );
    assert!(out.contains("move a1-b3 White wins in 2"), "{out}");
    let line = out.lines().find(|l| l.starts_with("line ")).unwrap();
    assert_eq!(line.split(' ').count(), 5, "{line}");
}

#[test]
fn an_endgame_table_is_built_verified_probed_and_used() {
    let dir = temp_dir("endgame");
    let d = dir.to_str().unwrap();
    let o = run(&["--out", d, "--pieces", "3", "-q"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let file = dir.join("jarmo-jasir-basic-archers-upto3.table");
    assert!(file.exists());
    assert!(stdout(&o).contains("positions "), "{}", stdout(&o));
    assert!(
        !dir.join("jarmo-jasir-basic-archers-upto3.table.part")
            .exists()
    );

    let o = run(&["--tables", d, "--verify", "-q"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("verified "), "{}", stdout(&o));

    // The positions reachable from a 2-against-1 position, by value.
    let o = run(
        &["--tables", d, "--reachable", "--position", "w4/5/5/5/bb3 w"],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("reachable from w4/5/5/5/bb3 w"),
        "{}",
        stdout(&o)
    );

    // A probe with the table, and the same through JGAMES_TABLES, and `show`.
    let probe = ["--position", "w4/5/5/5/b4 b", "-q"];
    let mut args = vec!["--tables", d];
    args.extend(probe);
    let o = run(&args, None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stdout(&o).contains("on the spot"));
    assert!(stdout(&o).contains("solved: White wins in 4"));
    let o = run(&probe, Some(&dir));
    assert!(stdout(&o).contains("solved: White wins in 4"));
    let show = [
        "show",
        "jarmo",
        "--variant",
        "jasir-basic",
        "--position",
        "w4/5/5/5/b4 b",
    ];
    let o = jgames(&show, Some(&dir));
    assert!(
        stdout(&o).contains("solved: White wins in 4"),
        "{}",
        stdout(&o)
    );
    // Without the table, show says nothing of it.
    let o = jgames(&show, None);
    assert!(!stdout(&o).contains("solved"));

    // An engine with the table wins a won endgame against one without, as fast as the table
    // says; `tables=off` leaves it out.
    let last = table_match("jasir-basic", "w4/5/5/5/b4 w", &dir);
    assert_eq!(last, "score 1 0 1");

    // An altered byte in a layer, a truncated file, a table of another index: one line, 2.
    let bytes = std::fs::read(&file).unwrap();
    let mut altered = bytes.clone();
    let at = altered.len() - 10;
    altered[at] ^= 0x10;
    std::fs::write(&file, &altered).unwrap();
    let o = run(&["--tables", d, "--verify", "-q"], None);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    std::fs::write(&file, &bytes[..bytes.len() - 5]).unwrap();
    let o = run(&["--tables", d, "--position", "w4/5/5/5/b4 b"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("truncated"), "{}", stderr(&o));
    std::fs::write(&file, bytes.clone().replace_header()).unwrap();
    let o = run(&["--tables", d, "--position", "w4/5/5/5/b4 b"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not of"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn endgame_tables_of_the_other_presets_are_built_verified_probed_and_used() {
    let dir = temp_dir("keyed");
    let d = dir.to_str().unwrap();
    let jasir = |extra: &[&str]| -> Vec<String> {
        ["solve", "jarmo", "--variant", "jasir"]
            .iter()
            .chain(extra)
            .map(|s| s.to_string())
            .collect()
    };
    let go = |extra: &[&str], tables: Option<&Path>| {
        let args = jasir(extra);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        jgames(&args, tables)
    };
    // Without --pieces these rules cannot be built; without a table they cannot be probed.
    let o = go(&["--out", d, "-q"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--pieces"), "{}", stderr(&o));
    let o = go(&["--position", "5/2w2/5/2b2/5 b 4/4"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));

    let o = go(&["--out", d, "--pieces", "2", "-q"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("positions by material 2 100 "),
        "{}",
        stdout(&o)
    );
    let o = go(&["--tables", d, "--verify", "-q"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("verified "), "{}", stdout(&o));

    // One archer each, Black to move: Black's archer is two rows nearer its goal.
    let probe = ["--position", "5/2w2/5/2b2/5 b 4/4"];
    let o = go(&probe, Some(&dir));
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("solved: Black wins in "), "{out}");
    assert!(out.lines().any(|l| l.starts_with("move c2-")), "{out}");
    let o = jgames(
        &[
            "show",
            "jarmo",
            "--variant",
            "jasir",
            "--position",
            "5/2w2/5/2b2/5 b 4/4",
        ],
        Some(&dir),
    );
    assert!(
        stdout(&o).contains("solved: Black wins in "),
        "{}",
        stdout(&o)
    );
    // More material than the table holds: refused with one line.
    let o = go(&["--position", "5/2w2/5/1bb2/5 b 3/4"], Some(&dir));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("not in the endgame table"),
        "{}",
        stderr(&o)
    );

    // The engine with the table wins the won endgame, both colours, against one without.
    let last = table_match("jasir", "5/2w2/5/2b2/5 b 4/4", &dir);
    assert!(last.starts_with("score 1 "), "{last}");

    // A cut file: one line, exit 2.
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "table"))
        .unwrap();
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 3]).unwrap();
    let o = go(&probe, Some(&dir));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("truncated"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The file with its index line changed (and its checksum kept right: the header is
/// rewritten whole), so that only the index differs.
trait ReplaceHeader {
    fn replace_header(self) -> Vec<u8>;
}

impl ReplaceHeader for Vec<u8> {
    fn replace_header(self) -> Vec<u8> {
        let end = self.windows(5).position(|w| w == b"\nend\n").unwrap() + 5;
        let text = std::str::from_utf8(&self[..end]).unwrap();
        let mut lines: Vec<String> = text
            .lines()
            .filter(|l| !l.starts_with("header-crc") && *l != "end")
            .map(|l| l.replace("index jasir-basic archers", "index jasir-basic other"))
            .collect();
        let mut header = lines.join("\n");
        header.push('\n');
        let crc = crc32(header.as_bytes());
        lines.push(format!("header-crc {crc}"));
        lines.push("end".into());
        let mut out = lines.join("\n").into_bytes();
        out.push(b'\n');
        out.extend_from_slice(&self[end..]);
        out
    }
}

/// CRC-32 (IEEE), bit by bit.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[test]
fn rules_that_cannot_be_solved_and_bad_positions_are_refused() {
    for args in [
        vec!["solve", "jarmo"],
        vec!["solve", "jetan"],
        vec![
            "solve",
            "jarmo",
            "--variant",
            "jasir-basic",
            "--position",
            "wwwwww/5/5/5/b4 b",
        ],
        vec![
            "solve",
            "jarmo",
            "--variant",
            "jasir-basic",
            "--tables",
            "/nonexistent/dir",
        ],
    ] {
        let o = jgames(&args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        assert_eq!(stderr(&o).lines().count(), 1, "{args:?}: {}", stderr(&o));
    }
    // The start is too big to solve on the spot.
    let o = run(&[], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("too big"), "{}", stderr(&o));
}
