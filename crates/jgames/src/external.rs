//! An engine from outside: another program that speaks UGI, as `ugi:<program> [args]` in
//! `jgames match`, so that jgames engines can be measured against other programs.

use std::io::{BufRead, BufReader, Write};
use std::marker::PhantomData;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use abstract_game::TextGame;
use game_search::{Budget, Engine, Found, SearchInfo, Watch};

/// How long a program may take to answer beyond its thinking time.
const PATIENCE: Duration = Duration::from_secs(10);

/// A running UGI program.
pub struct UgiEngine<G> {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
    _game: PhantomData<fn() -> G>,
}

impl<G> UgiEngine<G> {
    /// Starts `command` (the program and its arguments) and waits for its `ugiok`.
    pub fn start(command: &[String]) -> Result<UgiEngine<G>, String> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| "ugi: needs a program".to_owned())?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("ugi: cannot start {program:?}: {e}"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("ugi: {program:?} has no standard input or output"));
        };
        // A thread reads the program's output, so that a program that hangs is noticed.
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UgiEngine {
            child,
            stdin,
            lines,
            name: program.clone(),
            _game: PhantomData,
        };
        engine.send("ugi")?;
        let mut name = None;
        engine.read_until(PATIENCE, |line| {
            if let Some(id) = line.strip_prefix("id name ") {
                name = Some(id.to_owned());
            }
            line == "ugiok"
        })?;
        if let Some(name) = name {
            engine.name = name;
        }
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("ugi: {} stopped reading: {e}", self.name))
    }

    /// Reads lines until `done` says so, for at most `wait`; the last line read is returned.
    fn read_until(
        &mut self,
        wait: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<String, String> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let line = line.trim();
                    if done(line) {
                        return Ok(line.to_owned());
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("ugi: {} did not answer in time", self.name));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("ugi: {} ended its output", self.name));
                }
            }
        }
    }
}

impl<G> Drop for UgiEngine<G> {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            std::thread::sleep(std::time::Duration::from_millis(20));
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

impl<G: TextGame> Engine<G> for UgiEngine<G> {
    fn name(&self) -> String {
        format!("ugi:{}", self.name)
    }

    fn new_game(&mut self) {
        let _ = self.send("uginewgame");
        let _ = self.send("isready");
        let _ = self.read_until(PATIENCE, |l| l == "readyok");
    }

    /// Sends the position and a `go` with the budget's limits, and reads the `bestmove`. A
    /// program that fails, does not answer within its time and ten seconds more, or answers a
    /// move that is not legal here gives `None`.
    fn search(&mut self, pos: &G, budget: &Budget, watch: Watch<'_, G>) -> Found<G> {
        let _ = watch;
        if pos.is_over() {
            return None;
        }
        let mut go = String::from("go");
        if let Some(t) = budget.time {
            go += &format!(" movetime {}", t.as_millis().max(1));
        }
        if let Some(n) = budget.nodes.or(budget.iterations) {
            go += &format!(" nodes {n}");
        }
        if let Some(d) = budget.depth {
            go += &format!(" depth {d}");
        }
        if go == "go" {
            go += " movetime 1000";
        }
        self.send(&format!("position fen {}", pos.to_text())).ok()?;
        self.send(&go).ok()?;
        let thinking = budget.time.unwrap_or(Duration::from_secs(60));
        let line = self
            .read_until(thinking + PATIENCE, |l| l.starts_with("bestmove "))
            .ok()?;
        let text = line.trim_start_matches("bestmove ").trim();
        let mv = pos.parse_move(text).ok()?;
        Some((mv, SearchInfo::empty()))
    }
}
