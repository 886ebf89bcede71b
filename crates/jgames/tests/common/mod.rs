//! What the binary tests share: running `jgames`, reading its output, interrupting it.
#![allow(dead_code)] // each test file uses its own part

use std::process::{Child, Command, Output};

/// The words of a command line written as one string, split at white space (for arguments
/// that hold none).
pub fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// Asserts that `text` holds `part`, showing `text` when it does not.
#[track_caller]
pub fn assert_contains(text: &str, part: &str) {
    assert!(text.contains(part), "no {part:?} in:\n{text}");
}

/// Runs `jgames` with `args` and waits for it.
pub fn jgames(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jgames"))
        .args(args)
        .output()
        .expect("jgames runs")
}

/// Runs `jgames` with `args`, asserts that it succeeds (showing its standard error when it
/// does not) and gives its standard output.
#[track_caller]
pub fn succeeds(args: &[&str]) -> String {
    let o = jgames(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// Bytes the program wrote, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The standard output, as text.
pub fn stdout(o: &Output) -> String {
    text(&o.stdout)
}

/// The standard error, as text.
pub fn stderr(o: &Output) -> String {
    text(&o.stderr)
}

/// Runs `jgames` with `args`, sends it Ctrl-C (SIGINT) after `millis` milliseconds and waits
/// for it.
pub fn interrupt_after(args: &[&str], millis: u64) -> Output {
    use std::process::Stdio;
    let child: Child = Command::new(env!("CARGO_BIN_EXE_jgames"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("jgames runs");
    std::thread::sleep(std::time::Duration::from_millis(millis));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    child.wait_with_output().unwrap()
}

/// Runs `jgames` with `args`, `input` on its standard input, and waits for it.
pub fn jgames_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_jgames"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("jgames runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
