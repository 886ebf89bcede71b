//! A soak test of `jgames ugi` for every game: long scripted sessions of random legal and
//! illegal lines, `stop` during searches, new positions and options sent while the engine
//! thinks, searches with no time at all, positions that are over, and `quit` or the end of the
//! input at the end. The session must never panic or hang, must answer every `go` it accepts
//! with one `bestmove` that is legal in the position of that `go` (and the documented error
//! when the game is over), and must refuse what it cannot read without changing its position.
//!
//! The script is built with a model of the session: which position a `go` searches and which
//! commands are refused. Only commands whose effect does not hang on timing are sent while a
//! search runs: a state-changing command is sent during `go infinite` only (which never ends by
//! itself, so the refusal is certain), and every finite search is followed by `stop` before
//! the next such command. The fast twin runs a short session per game; the `--ignored` one runs
//! long sessions on several seeds. Where `/proc` tells (Linux), the session's peak resident
//! memory must stay under [`MEMORY_BOUND_KIB`], in short sessions and long ones alike.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use abstract_game::TextGame;
use abstract_game::playout::Rng;

/// The most resident memory a session may reach, in KiB: its engines' tables and trees are
/// bounded (16 MiB of alpha-beta table by default, MCTS trees of a few thousand nodes here), so
/// a session that reaches this is leaking.
const MEMORY_BOUND_KIB: u64 = 256 * 1024;

/// The peak resident memory of the live process `id` in KiB (`VmHWM`), or `None` where
/// `/proc` does not tell (another system, or the process has ended).
fn peak_memory_kib(id: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{id}/status")).ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
    line.trim().trim_end_matches("kB").trim().parse().ok()
}

/// The script of one session and what its answers must be.
struct Script {
    lines: Vec<String>,
    /// The position text of every `go` that must be answered with a `bestmove`, in order.
    searched: Vec<String>,
    /// How many `go`s must be answered with "the game is over".
    over: usize,
    /// Lines that must be refused with an `info string error`, at least.
    refused: usize,
    /// Whether the script ends with `quit` (else with the end of the input).
    quits: bool,
}

/// A random legal line of `k` moves from `pos`, played on it.
fn random_line<G: TextGame>(pos: &mut G, rng: &mut Rng, k: u32) -> Vec<String> {
    let mut words = Vec::new();
    for _ in 0..k {
        let Some(mv) = pos.random_move(rng) else {
            break;
        };
        words.push(pos.move_to_string(mv));
        pos.play_unchecked(mv);
    }
    words
}

/// A random line of junk, never starting with a command (so that it is refused whatever the
/// session is doing).
fn junk(rng: &mut Rng) -> String {
    const PIECES: &[&str] = &[
        "go",
        "position",
        "fen",
        "moves",
        "startpos",
        "\u{e9}",
        "-",
        "@",
        "x",
        "999999999999999999999",
        "nodes",
        "depth",
        "-1",
        "setoption",
        "name",
        "value",
        "\t",
        "stop",
        "\u{0}",
    ];
    let n = 1 + rng.below(6);
    let words: Vec<&str> = (0..n)
        .map(|_| PIECES[rng.below(PIECES.len() as u32) as usize])
        .collect();
    format!("?{}", words.join(" "))
}

/// A session of about `steps` commands for game `G`.
fn script<G: TextGame>(seed: u64, steps: usize) -> Script {
    let mut rng = Rng::seed_from_u64(seed);
    let start = G::new(G::Rules::default());
    let mut model = start.clone();
    let mut s = Script {
        lines: vec!["ugi".into(), "isready".into(), "uginewgame".into()],
        searched: Vec::new(),
        over: 0,
        refused: 0,
        quits: false,
    };
    let finite_go = |rng: &mut Rng| match rng.below(6) {
        0 => format!("go movetime {}", rng.below(15)),
        1 => format!("go nodes {}", 1 + rng.below(300)),
        2 => format!("go depth {}", 1 + rng.below(2)),
        3 => "go p1time 0 p2time 0".to_owned(),
        4 => format!(
            "go p1time {} p2time {} p1inc 1 p2inc 1",
            rng.below(40),
            rng.below(40)
        ),
        _ => "go movetime 0".to_owned(),
    };
    while s.lines.len() < steps {
        match rng.below(12) {
            // A new position: the start and moves, or a position reached by moves as text.
            0 | 1 => {
                let mut pos = start.clone();
                let k = rng.below(40);
                let words = random_line(&mut pos, &mut rng, k);
                if rng.below(2) == 0 {
                    s.lines
                        .push(format!("position startpos moves {}", words.join(" ")));
                } else {
                    let mut later = pos.clone();
                    let k = rng.below(3);
                    let more = random_line(&mut later, &mut rng, k);
                    s.lines.push(format!(
                        "position fen {} moves {}",
                        pos.to_text(),
                        more.join(" ")
                    ));
                    pos = later;
                }
                model = pos;
            }
            // A position that cannot be read: the session keeps its position.
            2 => {
                let bad = match rng.below(3) {
                    0 => format!("position fen {}", &junk(&mut rng)[1..]),
                    1 => "position startpos moves not-a-move".to_owned(),
                    _ => format!("position fen {} moves pass pass pass @z9", start.to_text()),
                };
                // A fen followed by junk moves may still read for some games (a pass): skip
                // the ones the model cannot tell.
                if parse_like_session::<G>(&start, &bad).is_none() {
                    s.lines.push(bad);
                    s.refused += 1;
                }
            }
            // A finite search, answered; `stop` before anything changes the session.
            3..=5 => {
                s.lines.push(finite_go(&mut rng));
                if model.is_over() {
                    s.over += 1;
                } else {
                    s.searched.push(model.to_text());
                }
                for _ in 0..rng.below(3) {
                    s.lines.push(match rng.below(3) {
                        0 => "isready".to_owned(),
                        1 => "query gameover".to_owned(),
                        _ => junk(&mut rng),
                    });
                }
                s.lines.push("stop".into());
            }
            // An infinite search with commands that must be refused while it runs, then stop.
            6 => {
                if model.is_over() {
                    s.lines.push("go infinite".into());
                    s.over += 1;
                    continue;
                }
                s.lines.push("go infinite".into());
                s.searched.push(model.to_text());
                for _ in 0..1 + rng.below(3) {
                    s.lines.push(match rng.below(4) {
                        0 => "position startpos".to_owned(),
                        1 => "go depth 1".to_owned(),
                        2 => "uginewgame".to_owned(),
                        _ => "setoption name engine value random".to_owned(),
                    });
                    s.refused += 1;
                }
                s.lines.push("stop".into());
            }
            // Another engine, or a spec that cannot be read.
            7 => {
                const SPECS: &[&str] =
                    &["random", "mcts:iterations=40", "alphabeta:depth=2", "mcts"];
                if rng.below(3) == 0 {
                    s.lines
                        .push("setoption name engine value alphabeta:colour=red".into());
                    s.refused += 1;
                } else {
                    let spec = SPECS[rng.below(SPECS.len() as u32) as usize];
                    s.lines.push(format!("setoption name engine value {spec}"));
                }
            }
            8 => {
                s.lines.push("uginewgame".into());
                model = start.clone();
            }
            9 => s.lines.push(
                [
                    "query gameover",
                    "query p1turn",
                    "query result",
                    "isready",
                    "",
                ][rng.below(5) as usize]
                    .to_owned(),
            ),
            // A finished game: searches on it are answered with the documented error.
            10 => {
                let mut pos = start.clone();
                let mut words = Vec::new();
                while !pos.is_over() && words.len() < 600 {
                    words.extend(random_line(&mut pos, &mut rng, 1));
                }
                if pos.is_over() {
                    s.lines
                        .push(format!("position startpos moves {}", words.join(" ")));
                    model = pos;
                }
            }
            _ => {
                s.lines.push(junk(&mut rng));
                s.refused += 1;
            }
        }
    }
    s.quits = rng.below(2) == 0;
    if s.quits {
        s.lines.push("quit".into());
        // Nothing after quit is read.
        s.lines.push("go depth 1".into());
    }
    s
}

/// Whether the session would read `line` as a position (to keep the model exact).
fn parse_like_session<G: TextGame>(start: &G, line: &str) -> Option<G> {
    let rest = line.strip_prefix("position")?.trim();
    let (head, moves) = match rest.split_once(" moves") {
        Some((h, m)) => (h.trim(), m),
        None => (rest, ""),
    };
    let mut pos = if head == "startpos" {
        start.clone()
    } else {
        G::from_text(head.strip_prefix("fen")?.trim(), start.rules()).ok()?
    };
    for word in moves.split_whitespace() {
        let mv = pos.parse_move(word).ok()?;
        pos.play_unchecked(mv);
    }
    Some(pos)
}

/// Runs the session and checks its answers.
fn soak<G: TextGame>(seed: u64, steps: usize) {
    let s = script::<G>(seed, steps);
    // The script exercises what it is for.
    assert!(
        s.searched.len() >= steps / 40 && s.refused >= steps / 40,
        "{}: {} searches, {} refusals",
        G::NAME,
        s.searched.len(),
        s.refused
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_jgames"))
        .args(["ugi", G::NAME, "--engine", "mcts:iterations=50"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("jgames starts");
    let input = s.lines.join("\n") + "\n";
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        // The session may quit before it reads everything: a closed pipe is fine.
        let _ = stdin.write_all(input.as_bytes());
    });
    let id = child.id();
    // Samples the session's peak memory until it ends.
    let (ended, peak) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicU64::new(0)),
    );
    let sampler = {
        let (ended, peak) = (Arc::clone(&ended), Arc::clone(&peak));
        std::thread::spawn(move || {
            while !ended.load(Ordering::Relaxed) {
                if let Some(kib) = peak_memory_kib(id) {
                    peak.fetch_max(kib, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        })
    };
    let (done_tx, done) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = done_tx.send(child.wait_with_output());
    });
    let output = match done.recv_timeout(Duration::from_secs(120)) {
        Ok(output) => output.expect("the session's output"),
        Err(_) => {
            let _ = Command::new("kill").args(["-9", &id.to_string()]).status();
            panic!("{} seed {seed}: the session hangs", G::NAME);
        }
    };
    writer.join().expect("the writer");
    ended.store(true, Ordering::Relaxed);
    sampler.join().expect("the sampler");
    let peak = peak.load(Ordering::Relaxed);
    if cfg!(target_os = "linux") {
        assert!(peak > 0, "{}: no memory reading from /proc", G::NAME);
    }
    assert!(
        peak < MEMORY_BOUND_KIB,
        "{} seed {seed}: the session reached {peak} KiB",
        G::NAME
    );
    let out = String::from_utf8_lossy(&output.stdout);
    let err = String::from_utf8_lossy(&output.stderr);
    let context = format!("{} seed {seed}", G::NAME);
    assert!(
        output.status.success(),
        "{context}: {:?} {err}",
        output.status
    );
    assert!(!err.contains("panicked"), "{context}: {err}");
    let best: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(best.len(), s.searched.len(), "{context}: bestmoves");
    let rules = G::Rules::default();
    for (mv, text) in best.iter().zip(&s.searched) {
        let pos = G::from_text(text, rules).expect("a model position");
        assert!(
            pos.parse_move(mv).is_ok(),
            "{context}: bestmove {mv} in {text}"
        );
    }
    let over = out
        .lines()
        .filter(|l| l.ends_with("error: the game is over"))
        .count();
    assert_eq!(over, s.over, "{context}: go on finished games");
    let errors = out
        .lines()
        .filter(|l| l.starts_with("info string error"))
        .count();
    assert!(
        errors >= s.refused + s.over,
        "{context}: {errors} errors for {} refusals",
        s.refused
    );
    assert_eq!(
        out.lines().filter(|l| *l == "ugiok").count(),
        1,
        "{context}"
    );
}

#[test]
fn every_game_survives_a_short_scripted_session() {
    for seed in [1, 7] {
        jgames_registry::for_each_game!(|G| soak::<G>(seed, 400));
    }
}

#[test]
#[ignore = "long sessions: cargo test -p jgames --test ugi_soak -- --ignored"]
fn every_game_survives_long_scripted_sessions() {
    for seed in 2..20 {
        jgames_registry::for_each_game!(|G| soak::<G>(seed, 3000));
    }
}
