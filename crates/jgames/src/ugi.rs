//! `jgames ugi`: an engine over the UGI protocol on stdin and stdout.
//!
//! The loop reads lines on a thread of their own, so that `stop` and `quit` reach it while a
//! search runs on another thread; [`Protocol`] holds what the commands change and answers each
//! line. Every bad line is answered with an `info string error: ...` line and changes nothing.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

use abstract_game::{Evaluate, Game, Side, TextGame};
use game_search::{Budget, Engine, EngineSpec, Score, SearchInfo, Watch};
use game_session::{Limits, Session};

use crate::sync::locked;
use crate::{CliError, UgiArgs};

/// Writes one line of the protocol and flushes it.
fn say(out: &Mutex<std::io::Stdout>, line: &str) {
    let mut out = locked(out);
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// What the loop does after a line.
enum Next {
    /// Read the next line.
    Read,
    /// `quit`: stop reading.
    Quit,
}

/// The state of one protocol session: the game, the engine, and the search under way.
struct Protocol<G: TextGame + Evaluate> {
    /// The game of `position startpos`.
    start: Session<G>,
    /// The game set by the last `position`.
    game: Session<G>,
    /// The spec of the engine.
    spec: EngineSpec,
    /// The engine, shared with the search thread while it searches.
    engine: Arc<Mutex<Box<dyn Engine<G>>>>,
    out: Arc<Mutex<std::io::Stdout>>,
    /// Set to end the search under way.
    stop: Arc<AtomicBool>,
    /// The search thread, until it is joined.
    search: Option<JoinHandle<()>>,
    /// Whether the search under way was `go infinite`.
    searching_forever: bool,
    /// Cleared by the search thread before it writes `bestmove`, so that a command sent right
    /// after the answer never finds the engine busy.
    searching: Arc<AtomicBool>,
}

impl<G: TextGame + Evaluate + abstract_game::Solvable> Protocol<G> {
    fn new(start: Session<G>, spec: &EngineSpec) -> Result<Protocol<G>, CliError> {
        let engine = crate::solve::build_engine::<G>(spec, start.rules())?;
        Ok(Protocol {
            game: start.clone(),
            start,
            spec: *spec,
            engine: Arc::new(Mutex::new(engine)),
            out: Arc::new(Mutex::new(std::io::stdout())),
            stop: Arc::new(AtomicBool::new(false)),
            search: None,
            searching_forever: false,
            searching: Arc::new(AtomicBool::new(false)),
        })
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    fn error(&self, message: &str) {
        self.say(&format!("info string error: {message}"));
    }

    /// Stops the search under way, if any, and waits for its answer.
    fn finish(&mut self) {
        if let Some(handle) = self.search.take() {
            self.stop.store(true, Ordering::Relaxed);
            let _ = handle.join();
        }
    }

    /// Answers one line.
    fn handle(&mut self, line: &str) -> Next {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            return Next::Read;
        };
        let busy = self.searching.load(Ordering::SeqCst);
        match command {
            "ugi" => self.identify(),
            "isready" => self.say("readyok"),
            "quit" => {
                self.finish();
                return Next::Quit;
            }
            "stop" => self.finish(),
            "uginewgame" | "setoption" | "position" | "go" if busy => {
                self.error(&format!("{command:?} while searching; send stop first"))
            }
            "uginewgame" => {
                self.finish();
                locked(&self.engine).new_game();
                self.game = self.start.clone();
            }
            "setoption" => self.set_option(&words),
            "position" => match parse_position(&self.start, line) {
                Ok(game) => self.game = game,
                Err(e) => self.error(&e),
            },
            "go" => self.go(&words[1..]),
            "query" => self.query(words.get(1).copied()),
            other => self.error(&format!("unknown command {other:?}")),
        }
        Next::Read
    }

    fn identify(&self) {
        let name = locked(&self.engine).name();
        self.say(&format!("id name jgames {} ({name})", G::NAME));
        self.say("id author The jgames developers");
        self.say("option name engine type string default mcts");
        self.say("ugiok");
    }

    /// `setoption name engine value <spec>`, the one option.
    fn set_option(&mut self, words: &[&str]) {
        match (words.get(1), words.get(2), words.get(3), words.get(4..)) {
            (Some(&"name"), Some(name), Some(&"value"), Some(value))
                if name.eq_ignore_ascii_case("engine") =>
            {
                match crate::spec_of("engine", &value.join(" ")) {
                    Ok(spec) => match crate::solve::build_engine::<G>(&spec, self.start.rules()) {
                        Ok(engine) => {
                            *locked(&self.engine) = engine;
                            self.spec = spec;
                        }
                        Err(CliError::Input(e)) => self.error(&e),
                        Err(_) => {}
                    },
                    Err(CliError::Input(e)) => self.error(&e),
                    Err(_) => {}
                }
            }
            (Some(&"name"), Some(name), _, _) => {
                self.error(&format!("unknown option {name:?} (known: engine)"))
            }
            _ => self.error("expected setoption name <name> value <value>"),
        }
    }

    /// `go ...`: starts a search on its own thread, which answers `bestmove`.
    fn go(&mut self, limits: &[&str]) {
        self.finish();
        let pos = self.game.position().clone();
        if pos.is_over() {
            self.error("the game is over");
            return;
        }
        let budget = match go_budget(&pos, &self.spec, limits) {
            Ok(budget) => budget,
            Err(e) => return self.error(&e),
        };
        self.stop.store(false, Ordering::Relaxed);
        self.searching_forever = budget.infinite;
        let engine = Arc::clone(&self.engine);
        let stop = Arc::clone(&self.stop);
        let out = Arc::clone(&self.out);
        let searching = Arc::clone(&self.searching);
        searching.store(true, Ordering::SeqCst);
        self.search = Some(std::thread::spawn(move || {
            let mut engine = locked(&engine);
            let found = engine.search(
                &pos,
                &budget,
                Watch::new(&stop, &mut |info| say(&out, &info_line(&pos, info))),
            );
            drop(engine);
            // `go infinite` is answered only after `stop` (as UCI has it), even when the
            // search ended by itself (a proven result, a single move).
            while budget.infinite && !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            searching.store(false, Ordering::SeqCst);
            match found {
                Some((mv, info)) => {
                    say(&out, &info_line(&pos, &info));
                    say(&out, &format!("bestmove {}", pos.move_to_string(mv)));
                }
                None => say(&out, "info string error: no legal move"),
            }
        }));
    }

    /// `query gameover|p1turn|result`.
    fn query(&self, what: Option<&str>) {
        let answer = match what {
            Some("gameover") => self.game.position().is_over().to_string(),
            Some("p1turn") => (self.game.position().side_to_move() == Side::First).to_string(),
            Some("result") => match self.game.position().outcome() {
                None => "none",
                Some(outcome) => match outcome.winner {
                    Some(Side::First) => "p1win",
                    Some(Side::Second) => "p2win",
                    None => "draw",
                },
            }
            .to_owned(),
            other => {
                return self.error(&format!(
                    "unknown query {:?} (gameover, p1turn, result)",
                    other.unwrap_or("")
                ));
            }
        };
        self.say(&format!("response {answer}"));
    }

    /// The input ended without `quit`: a search with limits is finished and answered, an
    /// infinite one is stopped.
    fn close(mut self) {
        if let Some(handle) = self.search.take() {
            if self.searching_forever {
                self.stop.store(true, Ordering::Relaxed);
            }
            let _ = handle.join();
        }
    }
}

/// `jgames ugi`: the engine over the UGI protocol on stdin and stdout.
pub fn run_ugi<G: TextGame + Evaluate + abstract_game::Solvable>(
    start: Session<G>,
    args: &UgiArgs,
) -> Result<(), CliError> {
    let spec = crate::spec_of("--engine", &args.engine)?;
    let mut session = Protocol::new(start, &spec)?;
    let (lines_tx, lines) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if lines_tx.send(line).is_err() {
                break;
            }
        }
    });
    for line in lines {
        if let Next::Quit = session.handle(&line) {
            return Ok(());
        }
    }
    session.close();
    Ok(())
}

/// One `info` line of a search report.
fn info_line<G: TextGame>(pos: &G, info: &SearchInfo<G>) -> String {
    let score = match info.score {
        Score::Value(v) => format!("cp {v}"),
        Score::Win(n) => format!("mate {}", n.div_ceil(2)),
        Score::Loss(n) => format!("mate -{}", n.div_ceil(2)),
    };
    let mut line = format!(
        "info depth {} nodes {} score {score} time {} nps {}",
        info.depth,
        info.nodes,
        info.elapsed.as_millis(),
        info.nodes_per_second()
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        let mut p = pos.clone();
        for &mv in &info.pv {
            if !p.is_legal(mv) {
                break;
            }
            line.push(' ');
            line.push_str(&p.move_to_string(mv));
            p.play_unchecked(mv);
        }
    }
    line
}

/// The budget of a `go` command, or why it cannot be read: its limits by the one rule of
/// [`Limits`] (none given: the spec's own budget, else 100 ms), the mover's clock (the time of
/// [`game_search::clock_allotment`]), or no limit at all for `go infinite`.
fn go_budget<G: Game>(pos: &G, spec: &EngineSpec, words: &[&str]) -> Result<Budget, String> {
    let mut limits = Limits::NONE;
    let mut infinite = false;
    let mut clock: [Option<u64>; 4] = [None; 4]; // p1time, p2time, p1inc, p2inc
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        if key == "infinite" {
            infinite = true;
            i += 1;
            continue;
        }
        let value = words
            .get(i + 1)
            .ok_or_else(|| format!("go {key} needs a value"))?;
        let n: u64 = value
            .parse()
            .map_err(|_| format!("go {key} {value:?}: not a whole number"))?;
        match key {
            "movetime" => limits.millis = Some(n),
            "nodes" => limits.nodes = Some(n),
            "depth" => limits.depth = Some(u32::try_from(n).unwrap_or(u32::MAX)),
            "p1time" => clock[0] = Some(n),
            "p2time" => clock[1] = Some(n),
            "p1inc" => clock[2] = Some(n),
            "p2inc" => clock[3] = Some(n),
            other => return Err(format!("go: unknown limit {other:?}")),
        }
        i += 2;
    }
    let mover = pos.side_to_move().index();
    if let Some(left) = clock[mover] {
        let inc = clock[2 + mover].unwrap_or(0);
        limits.millis = Some(game_search::clock_allotment(left, inc));
    }
    if infinite {
        // Only the limits given apply, with no default time.
        let mut budget = Budget::INFINITE;
        if !limits.is_none() {
            budget = Budget {
                infinite: true,
                ..limits.budget(spec)
            };
        }
        return Ok(budget);
    }
    Ok(limits.budget(spec))
}

/// `position startpos [moves ...]` or `position fen <text> [moves ...]`: the game of `start`
/// (or from the position text under its variant) with the moves played.
fn parse_position<G: TextGame>(start: &Session<G>, line: &str) -> Result<Session<G>, String> {
    let rest = line
        .trim_start()
        .strip_prefix("position")
        .unwrap_or("")
        .trim();
    let (head, moves) = match rest.split_once(" moves") {
        Some((h, m)) => (h.trim(), m),
        None if rest.ends_with("moves") => (rest.trim_end_matches("moves").trim(), ""),
        None => (rest, ""),
    };
    let mut game = if head == "startpos" {
        start.clone()
    } else if let Some(text) = head.strip_prefix("fen") {
        Session::from_position(Some(start.variant_name()), text.trim())
            .map_err(|e| format!("position fen: {e}"))?
    } else {
        return Err("expected position startpos|fen <position text> [moves ...]".to_owned());
    };
    game.play_texts(moves.split_whitespace())
        .map_err(|e| format!("position: {e}"))?;
    Ok(game)
}
