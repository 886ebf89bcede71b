//! `jgames study` through its binary: repeatable by seed whatever the threads, units that
//! merge into the one-machine result, JSON and charts, Ctrl-C, and one-line errors.

use std::path::PathBuf;
use std::process::Output;

mod common;

use common::{assert_contains, interrupt_after, jgames, stderr, stdout, words};

/// The table without the closing "N games in TIME" line (timing differs between runs).
fn table(o: &Output) -> String {
    assert!(o.status.success(), "{}", stderr(o));
    let out = stdout(o);
    let lines: Vec<&str> = out.lines().collect();
    let last = lines.last().copied().unwrap_or("");
    if last.contains(" games in ") {
        lines[..lines.len() - 1].join("\n")
    } else {
        lines.join("\n")
    }
}

/// A fresh folder for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jgames-study-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A small study: two Jarmo variants, two node counts, six games a cell.
const SMALL: &str =
    "study jarmo --variants jarmo,jasir-basic --nodes 100,200 --games 6 --opening-plies 3 -q";

fn small(extra: &[&str]) -> Output {
    let mut args = words(SMALL);
    args.extend_from_slice(extra);
    jgames(&args)
}

/// One value of the table: the text after `label` in the section of cell `cell`.
fn figure(table: &str, cell: usize, label: &str) -> String {
    let section = table
        .split(&format!("cell {cell}  "))
        .nth(1)
        .unwrap_or_else(|| panic!("no cell {cell} in {table}"));
    let line = section
        .lines()
        .find(|l| l.trim_start().starts_with(label))
        .unwrap_or_else(|| panic!("no {label} in cell {cell}: {section}"));
    line.trim_start()[label.len()..].trim().to_owned()
}

#[test]
fn a_study_repeats_by_seed_whatever_the_threads() {
    let one = table(&small(&["--threads", "1"]));
    let three = table(&small(&["--threads", "3"]));
    assert_eq!(one, three);
    // Four cells (two presets, two budgets), each of six games.
    for cell in 0..4 {
        assert!(figure(&one, cell, "games").starts_with("6 from "));
    }
    assert!(one.contains("cell 1  jarmo: A alphabeta @ 200 nodes vs B alphabeta @ 200 nodes"));
    assert!(one.contains("cell 2  jasir-basic: A alphabeta @ 100 nodes"));
    // A rule switch makes a variant of its own: here White moves first.
    let switched = table(&jgames(&words(
        "study jarmo --variants jarmo+second-first --nodes 100 --games 2 -q",
    )));
    assert!(
        figure(&switched, 0, "first mover").starts_with("White: "),
        "{switched}"
    );
    assert!(
        figure(&one, 0, "first mover").starts_with("Black: "),
        "{one}"
    );
    // Another seed plays other openings.
    assert_ne!(table(&small(&["--seed", "9"])), one);
    // The wins, draws and losses of the first mover add up to the games.
    let first = figure(&one, 0, "first mover");
    let counts: Vec<u32> = first
        .rsplit("  ")
        .next()
        .unwrap()
        .split(' ')
        .map(|t| t[1..].parse().unwrap())
        .collect();
    assert_eq!(counts.iter().sum::<u32>(), 6, "{first}");
}

/// A later variant's cell is compared game by game with the first variant's: rules that are
/// the same (`jarmo` already has the no-shuttling rule) play every game the same, rules that
/// differ (Jasir's lines) do not.
#[test]
fn variants_are_compared_game_by_game() {
    let t = table(&jgames(&words(
        "study jarmo --variants jarmo,jarmo+no-shuttling,jasir --nodes 100,200 --games 6 -q",
    )));
    let same = |cell| figure(&t, cell, "same games");
    assert!(
        t.split("cell 1  ")
            .nth(1)
            .unwrap()
            .split("cell 2")
            .next()
            .unwrap()
            .lines()
            .all(|l| !l.contains("same games"))
    );
    assert!(same(2).starts_with("6 of 6 as jarmo "), "{t}");
    assert!(same(3).starts_with("6 of 6 as jarmo "), "{t}");
    let differ: u32 = same(4).split(' ').next().unwrap().parse().unwrap();
    assert!(differ < 6, "{t}");
}

#[test]
fn units_merge_into_the_one_machine_result() {
    let dir = scratch("units");
    let whole = table(&small(&[]));
    let mut files = Vec::new();
    for i in 0..3 {
        let o = small(&["--units", "3", "--unit", &i.to_string()]);
        assert!(o.status.success(), "{}", stderr(&o));
        let rows = stdout(&o);
        assert!(
            rows.starts_with("# jgames study jarmo games 6 seed 0"),
            "{rows}"
        );
        // A unit holds a third of the 24 games, after the study line and the header.
        assert_eq!(rows.lines().count(), 2 + 8, "{rows}");
        assert!(
            rows.lines().nth(1).unwrap().ends_with(",opening,trace"),
            "{rows}"
        );
        let file = dir.join(format!("unit-{i}.csv"));
        std::fs::write(&file, rows).unwrap();
        files.push(file.display().to_string());
    }
    let mut merge = vec!["--merge"];
    merge.extend(files.iter().map(String::as_str));
    assert_eq!(table(&small(&merge)), whole);
    // The units in another order, one written with --rows, merge the same.
    let rows_file = dir.join("unit-1-rows.csv");
    let o = small(&[
        "--units",
        "3",
        "--unit",
        "1",
        "--rows",
        rows_file.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let reordered = [
        files[2].as_str(),
        rows_file.to_str().unwrap(),
        files[0].as_str(),
    ];
    let mut merge = vec!["--merge"];
    merge.extend(reordered);
    assert_eq!(table(&small(&merge)), whole);

    // A unit missing, a unit twice, rows of another study: refused with one line.
    for (files, says) in [
        (vec![files[0].as_str(), files[1].as_str()], "is missing"),
        (
            vec![files[0].as_str(), files[1].as_str(), files[1].as_str()],
            "given twice",
        ),
    ] {
        let mut merge = vec!["--merge"];
        merge.extend(files);
        let o = small(&merge);
        assert_eq!(o.status.code(), Some(2));
        assert_contains(&stderr(&o), says);
        assert_eq!(stderr(&o).lines().count(), 1);
    }
    let mut merge = vec!["--merge"];
    merge.extend(files.iter().map(String::as_str));
    let o = small(&[&merge[..], &["--seed", "1"]].concat());
    assert_eq!(o.status.code(), Some(2));
    assert_contains(&stderr(&o), "of another study");
    // A row whose key lost its last digits, and a row whose winner the points contradict
    // (every row of this Jarmo study ends by a rule that the points decide): one line each,
    // naming the file and line.
    let unit = std::fs::read_to_string(&files[0]).unwrap();
    let lie = |change: &dyn Fn(&str) -> String| {
        let mut lines: Vec<String> = unit.lines().map(str::to_owned).collect();
        lines[2] = change(&lines[2]);
        let file = dir.join("lie.csv");
        std::fs::write(&file, lines.join("\n")).unwrap();
        let mut merge = vec!["--merge", file.to_str().unwrap()];
        merge.extend(files[1..].iter().map(String::as_str));
        small(&merge)
    };
    let truncated = lie(&|row| {
        let mut fields: Vec<String> = row.split(',').map(str::to_owned).collect();
        let key = &fields[10];
        fields[10] = key[..key.len() - 2].to_owned();
        fields.join(",")
    });
    let flipped = lie(&|row| {
        let mut fields: Vec<String> = row.split(',').map(str::to_owned).collect();
        fields[4] = match fields[4].as_str() {
            "1" => "2".into(),
            _ => "1".into(),
        };
        fields.join(",")
    });
    for (o, says) in [
        (truncated, "line 3: bad opening field"),
        (flipped, "line 3: the winner field"),
    ] {
        assert_eq!(o.status.code(), Some(2));
        assert_contains(&stderr(&o), says);
        assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    }
    let junk = dir.join("junk.csv");
    std::fs::write(&junk, "cell,game\n1,2\n").unwrap();
    let o = small(&["--merge", junk.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_contains(&stderr(&o), "not a row file");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn json_and_charts_hold_the_figures_of_the_table() {
    let dir = scratch("outputs");
    let json = dir.join("study.json");
    let charts = dir.join("charts");
    let o = small(&[
        "--json",
        json.to_str().unwrap(),
        "--charts",
        charts.to_str().unwrap(),
    ]);
    let table = table(&o);
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(doc["game"], "jarmo");
    let cells = doc["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 4);
    for (i, cell) in cells.iter().enumerate() {
        let summary = &cell["summary"];
        assert_eq!(summary["games"], 6);
        let first = &summary["first_mover"];
        let shown = format!(
            "+{} ={} -{}",
            first["wins"], first["draws"], first["losses"]
        );
        assert!(
            figure(&table, i, "first mover").ends_with(&shown),
            "{shown}"
        );
        let score = cell["measures"]["first_mover_score"]["value"]
            .as_f64()
            .unwrap();
        assert!(
            figure(&table, i, "first mover").contains(&format!("{:.1}%", 100.0 * score)),
            "{score}"
        );
        let plies: Vec<u64> = summary["plies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_u64().unwrap())
            .collect();
        assert_eq!(plies.len(), 6);
        let mean = plies.iter().sum::<u64>() as f64 / 6.0;
        assert!(figure(&table, i, "plies").starts_with(&format!("mean {mean:.1} [")));
    }
    for name in ["results.svg", "endings.svg", "margins.svg", "lengths.svg"] {
        let svg = std::fs::read_to_string(charts.join(name)).unwrap();
        let doc = roxmltree::Document::parse(&svg).unwrap();
        assert_eq!(doc.root_element().tag_name().name(), "svg", "{name}");
        assert!(svg.contains("jasir-basic, alphabeta @ 200 nodes"), "{name}");
    }
    // Every cell is an engine against itself: engine A's chart would show 50% by
    // construction, and without --skill there is no skill trace.
    assert!(!charts.join("a-results.svg").exists());
    assert!(!charts.join("skill.svg").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_opening_plan_and_a_skill_trace_are_cells_of_their_own() {
    let dir = scratch("skill");
    let charts = dir.join("charts");
    let mut args = words(
        "study jersi --variants standard --opening helms-deep --nodes 400 --skill --games 2 --max-plies 12 -q",
    );
    args.extend(["--charts", charts.to_str().unwrap()]);
    let o = jgames(&args);
    let t = table(&o);
    assert!(
        t.contains(
            "cell 0  standard: A helms-deep+alphabeta @ 400 nodes vs B alphabeta @ 200 nodes"
        ),
        "{t}"
    );
    // Twelve plies are too few to end a game of Jersi: both stop at the cap.
    assert_eq!(
        figure(&t, 0, "completed"),
        "0.0% [0.0, 79.3]  (2 stopped at 12 plies)"
    );
    // A differs from B: its results are charted, and the skill trace has the one rung of 400
    // nodes. Both games stopped at the cap: they are the cap's segment of the endings.
    let read = |name: &str| std::fs::read_to_string(charts.join(name)).unwrap();
    assert!(read("a-results.svg").contains("results of engine A"));
    assert!(read("skill.svg").contains(">400<"));
    // The cap's segment fills the whole bar: 420 pixels, written 100%.
    let endings = read("endings.svg");
    assert!(endings.contains("width=\"420.00\" height=\"18.00\" fill=\"#4a5568\""));
    assert!(endings.contains("fill=\"white\">100%<"));
    assert!(endings.contains(">cap<"));
    assert!(read("lengths.svg").contains(">stopped at the ply cap<"));
    assert!(!charts.join("margins.svg").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_studies_are_one_line_with_status_2() {
    let cases = [
        ("study jarmo --nodes 100 --games 3", "even number"),
        (
            "study jarmo --nodes 100 --variants jarmo,nope",
            "no variant",
        ),
        (
            "study jarmo --nodes 100 --variants jarmo,jarmo",
            "given twice",
        ),
        (
            "study jarmo --nodes 100 --variants jasir+tea",
            "no rule switch",
        ),
        (
            "study jersi --nodes 100 --variants standard+x",
            "(known: white-no-wise, black-no-wise,",
        ),
        ("study jarmo --nodes 10,x", "not a whole number"),
        ("study jarmo --nodes 0", "not a whole number"),
        ("study jarmo --depth 1 --skill", "2 or more"),
        (
            "study jarmo --nodes 100 --opening helms-deep",
            "no opening plans",
        ),
        (
            "study jersi --nodes 100 --opening rohan",
            "helms-deep, minas-tirith",
        ),
        ("study jarmo --nodes 100 --engine deep-blue", "--engine"),
        ("study jarmo --nodes 100 --units 3 --unit 3", "0 to 2"),
        ("study jarmo --nodes 100 --merge /no/such/file", "--merge"),
        ("study jarmo", "--nodes"),
        ("study jarmo --nodes 100 --max-plies 0", "--max-plies"),
        ("study jarmo --nodes 100 --units 2", "--unit"),
    ];
    for (line, says) in cases {
        let o = jgames(&words(line));
        assert_eq!(o.status.code(), Some(2), "{line}");
        let err = stderr(&o);
        assert!(err.contains(says), "{line}: {err}");
        assert!(o.stdout.is_empty(), "{line}");
    }
}

/// Ctrl-C stops a long study with the table of the games played and status 130.
#[test]
fn ctrl_c_reports_the_games_played() {
    let o = interrupt_after(
        &words("study jetan --variants standard --nodes 200 --games 2000 --threads 2 -q"),
        2000,
    );
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    let err = stderr(&o);
    assert_contains(&err, "interrupted: played ");
    assert_contains(&err, " of 2000 games");
    let played: u32 = err
        .split("played ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(played < 2000, "{err}");
    let out = stdout(&o);
    assert!(
        out.starts_with("cell 0  standard: A alphabeta @ 200 nodes"),
        "{out}"
    );
    let games = figure(&out, 0, "games");
    assert!(games.starts_with(&format!("{played} from ")), "{out}");
}

/// The small study of `docs/studies.md` ("Repeatable by seed") gives the table printed there,
/// number for number: `docs/studies/repeat.txt` (written by `scripts/studies.sh repeat`).
#[test]
fn the_documented_small_study_repeats() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/studies/repeat.txt");
    let expected = std::fs::read_to_string(path).expect("docs/studies/repeat.txt");
    let o = jgames(&words(
        "study jarmo --variants jarmo,jasir-basic --nodes 1000 --games 40 --opening-plies 4 --seed 2026 -q",
    ));
    assert_eq!(table(&o).trim_end(), expected.trim_end());
}

/// Two Jetan positions where the side to move takes the enemy Princess with a Flier at once:
/// Black's Flier a1 over b2 and c3 to d4, Orange's Flier j10 over i9 and h8 to g7.
const STARTS: &str = "# two positions, each won in one ply
c9/10/10/10/10/10/3r6/9R/10/F8C b Rr -

c8f/10/10/6R3/10/9r/10/10/10/C9 o Rr -
";

#[test]
fn games_start_from_the_positions_of_a_file() {
    let dir = scratch("starts");
    let file = dir.join("starts.txt");
    std::fs::write(&file, STARTS).unwrap();
    let path = file.to_str().unwrap();
    let mut args = words("study jetan --variants standard --nodes 200 --games 4 -q --starts");
    args.push(path);
    let t = table(&jgames(&args));
    // Pair 0 starts from the first position, pair 1 from the second, each with both colours;
    // no random opening plies by default, so every game ends with the side to move taking
    // the Princess on the first ply.
    assert_eq!(
        figure(&t, 0, "games"),
        "4 from 2 openings (the intervals count openings)"
    );
    assert!(figure(&t, 0, "plies").contains("range 1-1"), "{t}");
    assert!(
        figure(&t, 0, "ending princess-captured").starts_with("100.0%"),
        "{t}"
    );
    assert!(figure(&t, 0, "first mover").contains("+4 =0 -0"), "{t}");
    assert!(figure(&t, 0, "engine A").contains("+2 =0 -2"), "{t}");
    // Random opening plies are still there when asked for.
    let mut with_plies = args.to_vec();
    with_plies.extend(["--opening-plies", "1"]);
    let t = table(&jgames(&with_plies));
    assert!(!figure(&t, 0, "plies").contains("range 1-1"), "{t}");
}

#[test]
fn a_bad_file_of_positions_is_one_line_with_status_2() {
    let dir = scratch("bad-starts");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let good = write("good.txt", STARTS);
    let cases = [
        (
            "standard",
            dir.join("missing.txt").to_str().unwrap().to_owned(),
            "cannot read it",
        ),
        (
            "standard",
            write("empty.txt", "# nothing\n\n"),
            "no positions",
        ),
        (
            "standard",
            write(
                "bad.txt",
                "# one good, one bad\nc9/10/10/10/10/10/3r6/9R/10/F8C b Rr -\nxyz b Rr -\n",
            ),
            "line 3, standard:",
        ),
        // Three pieces or fewer each of unequal value: over at once under the Proposed rule.
        (
            "proposed",
            good,
            "line 2, proposed: the game is already over",
        ),
    ];
    for (variant, path, says) in cases {
        let mut args = words("study jetan --nodes 100 --games 2 --variants");
        args.extend([variant, "--starts", &path]);
        let o = jgames(&args);
        assert_eq!(o.status.code(), Some(2), "{path}");
        let err = stderr(&o);
        assert!(err.contains(says), "{path}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(o.stdout.is_empty(), "{path}");
    }
}
