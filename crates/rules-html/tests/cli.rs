//! The `rules-html` program: a file in, a file out, and its command-line errors.

use std::path::PathBuf;
use std::process::Command;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rules-html-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The program under test.
fn program() -> Command {
    Command::new(env!("CARGO_BIN_EXE_rules-html"))
}

#[test]
fn renders_a_file() {
    let dir = scratch("file");
    let (input, output) = (dir.join("in.md"), dir.join("out.html"));
    std::fs::write(
        &input,
        "# Rules\n\n![start](pictures/s.svg)\n\n<script>x</script>\n",
    )
    .unwrap();
    let status = program().arg(&input).arg(&output).status().unwrap();
    assert!(status.success());
    let html = std::fs::read_to_string(&output).unwrap();
    assert_eq!(
        html,
        rules_html::render(&std::fs::read_to_string(&input).unwrap())
    );
    assert!(html.contains("<h1>Rules</h1>"), "{html}");
    assert!(html.contains("src=\"rules/pictures/s.svg\""), "{html}");
    assert!(!html.contains("<script"), "{html}");

    for base in [["--base", "x/"].as_slice(), ["--base=x/"].as_slice()] {
        let status = program()
            .args(base)
            .arg(&input)
            .arg(&output)
            .status()
            .unwrap();
        assert!(status.success());
        let html = std::fs::read_to_string(&output).unwrap();
        assert!(html.contains("src=\"x/pictures/s.svg\""), "{html}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn refuses_bad_command_lines() {
    let dir = scratch("errors");
    let output = program().output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("usage"));
    let output = program()
        .arg("a.md")
        .arg("b.html")
        .arg("c")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let output = program().arg("a.md").arg("--base").output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    let missing = dir.join("missing.md");
    let output = program()
        .arg(&missing)
        .arg(dir.join("out.html"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot read"));
    assert!(program().arg("--help").output().unwrap().status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--games` lists the registry's games, and each has its rules text in `docs/`.
#[test]
fn the_games_listed_have_their_rules() {
    let output = program().arg("--games").output().unwrap();
    assert!(output.status.success());
    let names = String::from_utf8(output.stdout).unwrap();
    let names: Vec<&str> = names.lines().collect();
    assert_eq!(names, ["jarmo", "jetan", "jersi", "jericho"]);
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs");
    for name in names {
        assert!(docs.join(format!("{name}.md")).is_file(), "{name}");
    }
}
