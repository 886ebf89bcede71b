//! Engines at work: `match` between two engines and the `ugi` protocol loop.

use std::io::{BufRead, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use abstract_game::playout::{Rng, game_seed};
use abstract_game::record::Record;
use abstract_game::{Evaluate, Game, Side, TextGame};
use game_search::elo::Tally;
use game_search::{Budget, Engine, EngineSpec, Score, SearchInfo};

use crate::progress::STOP;
use crate::{CliError, MatchArgs, UgiArgs};

fn input(message: String) -> CliError {
    CliError::Input(message)
}

/// Reads an engine spec, naming the argument on error.
pub fn spec_of(what: &str, text: &str) -> Result<EngineSpec, CliError> {
    text.parse()
        .map_err(|e| input(format!("{what} {text:?}: {e}")))
}

/// One side of a match: an engine of ours, or an outside program (`ugi:<program> [args]`).
enum Player {
    Spec(EngineSpec),
    External(Vec<String>),
}

impl Player {
    fn of(what: &str, text: &str) -> Result<Player, CliError> {
        match text.strip_prefix("ugi:") {
            Some(command) => {
                let words: Vec<String> = command.split_whitespace().map(str::to_owned).collect();
                if words.is_empty() {
                    return Err(input(format!("{what} {text:?}: ugi: needs a program")));
                }
                Ok(Player::External(words))
            }
            None => Ok(Player::Spec(spec_of(what, text)?)),
        }
    }

    fn build<G: TextGame + Evaluate>(&self) -> Result<Box<dyn Engine<G>>, CliError> {
        match self {
            Player::Spec(spec) => Ok(spec.build::<G>()),
            Player::External(command) => {
                let engine = crate::external::UgiEngine::<G>::start(command).map_err(input)?;
                Ok(Box::new(engine))
            }
        }
    }
}

/// How one game of a match ended, from engine A's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result3 {
    Win,
    Draw,
    Loss,
}

/// Plays game `index` of a match: the opening's random plies (the same for both games of a
/// pair), then the engines in turn, A first in even games.
fn one_game<G: TextGame>(
    start: &G,
    index: u32,
    args: &MatchArgs,
    engines: &mut [Box<dyn Engine<G>>; 2],
) -> (Result3, Vec<G::Move>, G, Side) {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut rng = Rng::seed_from_u64(game_seed(args.seed, u64::from(index / 2)));
    for _ in 0..args.opening_plies {
        let Some(mv) = pos.random_move(&mut rng) else {
            break;
        };
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    let a_side = if index % 2 == 0 {
        pos.side_to_move()
    } else {
        !pos.side_to_move()
    };
    for engine in engines.iter_mut() {
        engine.new_game();
    }
    let budget = Budget::time(Duration::from_millis(args.movetime));
    while !pos.is_over() && moves.len() < args.max_plies as usize {
        if STOP.load(Ordering::Relaxed) {
            break;
        }
        let who = usize::from(pos.side_to_move() != a_side);
        let chosen = engines[who].choose(&pos, &budget);
        let Some(mv) = chosen.map(|(mv, _)| mv).filter(|&mv| pos.is_legal(mv)) else {
            // Our engines always play a legal move; an outside program that fails to, or stops
            // answering, loses the game.
            let result = if who == 0 {
                Result3::Loss
            } else {
                Result3::Win
            };
            return (result, moves, pos, a_side);
        };
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    let result = match pos.outcome().and_then(|o| o.winner) {
        Some(side) if side == a_side => Result3::Win,
        Some(_) => Result3::Loss,
        None => Result3::Draw,
    };
    (result, moves, pos, a_side)
}

/// `jgames match`: N games between two engines, alternating who moves first.
pub fn run_match<G: TextGame + Evaluate>(
    start: &G,
    variant: &str,
    args: &MatchArgs,
) -> Result<(), CliError> {
    let specs = [
        Player::of("engine A", &args.engine_a)?,
        Player::of("engine B", &args.engine_b)?,
    ];
    if let Some(dir) = &args.records {
        std::fs::create_dir_all(dir).map_err(|e| {
            input(format!(
                "--records {}: cannot create it: {e}",
                dir.display()
            ))
        })?;
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result3>>> = Mutex::new(vec![None; args.games as usize]);
    let tally = Mutex::new(Tally::default());
    let failure: Mutex<Option<CliError>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..args.threads.max(1).min(args.games.max(1)) {
            scope.spawn(|| {
                let built = specs[0]
                    .build::<G>()
                    .and_then(|a| Ok([a, specs[1].build::<G>()?]));
                let mut engines: [Box<dyn Engine<G>>; 2] = match built {
                    Ok(engines) => engines,
                    Err(e) => {
                        failure
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .get_or_insert(e);
                        return;
                    }
                };
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games as usize || STOP.load(Ordering::Relaxed) {
                        break;
                    }
                    let (result, moves, end, a_side) =
                        one_game(start, index as u32, args, &mut engines);
                    if STOP.load(Ordering::Relaxed) && !end.is_over() {
                        break;
                    }
                    if let Some(dir) = &args.records {
                        if let Err(e) = write_record(
                            dir,
                            index,
                            start,
                            variant,
                            &moves,
                            a_side,
                            &args.engine_a,
                            &args.engine_b,
                        ) {
                            failure
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .get_or_insert(e);
                        }
                    }
                    results.lock().unwrap_or_else(|e| e.into_inner())[index] = Some(result);
                    let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
                    match result {
                        Result3::Win => t.wins += 1,
                        Result3::Draw => t.draws += 1,
                        Result3::Loss => t.losses += 1,
                    }
                    if !args.quiet {
                        let said = match result {
                            Result3::Win => "A wins",
                            Result3::Draw => "draw",
                            Result3::Loss => "B wins",
                        };
                        eprintln!(
                            "game {}/{}: A plays {}, {} plies, {said}; A {} D {} B {}",
                            index + 1,
                            args.games,
                            G::side_name(a_side),
                            moves.len(),
                            t.wins,
                            t.draws,
                            t.losses
                        );
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let t = tally.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut out = std::io::stdout().lock();
    writeln!(out, "A: {}", args.engine_a)?;
    writeln!(out, "B: {}", args.engine_b)?;
    writeln!(out, "games: {} at {} ms a move", t.games(), args.movetime)?;
    writeln!(
        out,
        "A wins {}, draws {}, B wins {}",
        t.wins, t.draws, t.losses
    )?;
    writeln!(out, "A scores {:.1}%", 100.0 * t.score())?;
    writeln!(out, "Elo of A over B: {} (95%)", t.elo_text())?;
    writeln!(out, "score {} {} {}", t.wins, t.draws, t.losses)?;
    drop(out);
    if t.games() < u64::from(args.games) {
        return Err(CliError::Interrupted(format!(
            "{} of {} games played",
            t.games(),
            args.games
        )));
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn write_record<G: TextGame>(
    dir: &Path,
    index: usize,
    start: &G,
    variant: &str,
    moves: &[G::Move],
    a_side: Side,
    a: &str,
    b: &str,
) -> Result<(), CliError> {
    let mut record = Record::of_game(start, Some(variant), moves)
        .map_err(|i| input(format!("game {}: move {} is not legal", index + 1, i + 1)))?;
    let (first, second) = if a_side == Side::First {
        (a, b)
    } else {
        (b, a)
    };
    record.tags = vec![
        ("Event".to_owned(), "jgames match".to_owned()),
        ("Round".to_owned(), (index + 1).to_string()),
        (G::side_name(Side::First).to_owned(), first.to_owned()),
        (G::side_name(Side::Second).to_owned(), second.to_owned()),
    ];
    let path = dir.join(format!("{}-{:04}.txt", G::NAME, index + 1));
    std::fs::write(&path, record.to_string())
        .map_err(|e| input(format!("--records: cannot write {}: {e}", path.display())))
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

/// The budget of a `go` command, or why it cannot be read.
fn go_budget<G: Game>(pos: &G, words: &[&str]) -> Result<Budget, String> {
    let mut budget = Budget::DEFAULT;
    let mut clock: [Option<u64>; 4] = [None; 4]; // p1time, p2time, p1inc, p2inc
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        if key == "infinite" {
            budget.infinite = true;
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
            "movetime" => budget = budget.with_time(Duration::from_millis(n)),
            "nodes" => budget = budget.with_nodes(n),
            "depth" => budget = budget.with_depth(u32::try_from(n).unwrap_or(u32::MAX)),
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
        // A thirtieth of the time left plus most of the increment, never all of what is left.
        let inc = clock[2 + mover].unwrap_or(0);
        let ms = (left / 30 + inc * 4 / 5)
            .min(left.saturating_sub(20))
            .max(1);
        budget = budget.with_time(Duration::from_millis(ms));
    }
    Ok(budget)
}

/// `jgames ugi`: the engine over the UGI protocol on stdin and stdout.
pub fn run_ugi<G: TextGame + Evaluate>(start: G, args: &UgiArgs) -> Result<(), CliError> {
    let spec = spec_of("--engine", &args.engine)?;
    let out = Arc::new(Mutex::new(std::io::stdout()));
    let say = |out: &Mutex<std::io::Stdout>, line: &str| {
        let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(o, "{line}");
        let _ = o.flush();
    };
    let engine: Arc<Mutex<Box<dyn Engine<G>>>> = Arc::new(Mutex::new(spec.build::<G>()));
    let mut pos = start.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let mut search: Option<std::thread::JoinHandle<()>> = None;
    let mut searching_forever = false;
    // Cleared by the search thread before it writes `bestmove`, so that a command sent right
    // after the answer never finds the engine busy.
    let searching = Arc::new(AtomicBool::new(false));
    let (lines_tx, lines) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if lines_tx.send(line).is_err() {
                break;
            }
        }
    });
    let finish = |search: &mut Option<std::thread::JoinHandle<()>>, stop: &AtomicBool| {
        if let Some(handle) = search.take() {
            stop.store(true, Ordering::Relaxed);
            let _ = handle.join();
        }
    };
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&command) = words.first() else {
            continue;
        };
        let busy = searching.load(Ordering::SeqCst);
        match command {
            "ugi" => {
                say(
                    &out,
                    &format!(
                        "id name jgames {} ({})",
                        G::NAME,
                        engine.lock().unwrap_or_else(|e| e.into_inner()).name()
                    ),
                );
                say(&out, "id author The jgames developers");
                say(&out, "option name engine type string default mcts");
                say(&out, "ugiok");
            }
            "isready" => say(&out, "readyok"),
            "quit" => {
                finish(&mut search, &stop);
                break;
            }
            "stop" => finish(&mut search, &stop),
            "uginewgame" | "setoption" | "position" | "go" if busy => say(
                &out,
                &format!("info string error: {command:?} while searching; send stop first"),
            ),
            "uginewgame" => {
                finish(&mut search, &stop);
                engine.lock().unwrap_or_else(|e| e.into_inner()).new_game();
                pos = start.clone();
            }
            "setoption" => match (words.get(1), words.get(2), words.get(3), words.get(4..)) {
                (Some(&"name"), Some(name), Some(&"value"), Some(value))
                    if name.eq_ignore_ascii_case("engine") =>
                {
                    match spec_of("engine", &value.join(" ")) {
                        Ok(spec) => {
                            *engine.lock().unwrap_or_else(|e| e.into_inner()) = spec.build::<G>()
                        }
                        Err(CliError::Input(e)) => say(&out, &format!("info string error: {e}")),
                        Err(_) => {}
                    }
                }
                (Some(&"name"), Some(name), _, _) => say(
                    &out,
                    &format!("info string error: unknown option {name:?} (known: engine)"),
                ),
                _ => say(
                    &out,
                    "info string error: expected setoption name <name> value <value>",
                ),
            },
            "position" => match parse_position(&start, &line) {
                Ok(p) => pos = p,
                Err(e) => say(&out, &format!("info string error: {e}")),
            },
            "go" => {
                finish(&mut search, &stop);
                if pos.is_over() {
                    say(&out, "info string error: the game is over");
                    continue;
                }
                let budget = match go_budget(&pos, &words[1..]) {
                    Ok(b) => b,
                    Err(e) => {
                        say(&out, &format!("info string error: {e}"));
                        continue;
                    }
                };
                stop.store(false, Ordering::Relaxed);
                searching_forever = budget.infinite;
                let (p, e, s, o) = (
                    pos.clone(),
                    Arc::clone(&engine),
                    Arc::clone(&stop),
                    Arc::clone(&out),
                );
                let busy_flag = Arc::clone(&searching);
                busy_flag.store(true, Ordering::SeqCst);
                search = Some(std::thread::spawn(move || {
                    let mut engine = e.lock().unwrap_or_else(|e| e.into_inner());
                    let found =
                        engine.search(&p, &budget, &s, &mut |info| say(&o, &info_line(&p, info)));
                    drop(engine);
                    busy_flag.store(false, Ordering::SeqCst);
                    match found {
                        Some((mv, info)) => {
                            say(&o, &info_line(&p, &info));
                            say(&o, &format!("bestmove {}", p.move_to_string(mv)));
                        }
                        None => say(&o, "info string error: no legal move"),
                    }
                }));
            }
            "query" => match words.get(1) {
                Some(&"gameover") => say(&out, &format!("response {}", pos.is_over())),
                Some(&"p1turn") => say(
                    &out,
                    &format!("response {}", pos.side_to_move() == Side::First),
                ),
                Some(&"result") => {
                    let r = match pos.outcome() {
                        None => "none",
                        Some(o) => match o.winner {
                            Some(Side::First) => "p1win",
                            Some(Side::Second) => "p2win",
                            None => "draw",
                        },
                    };
                    say(&out, &format!("response {r}"));
                }
                other => say(
                    &out,
                    &format!(
                        "info string error: unknown query {:?} (gameover, p1turn, result)",
                        other.unwrap_or(&"")
                    ),
                ),
            },
            other => say(
                &out,
                &format!("info string error: unknown command {other:?}"),
            ),
        }
    }
    // The input ended without `quit`: a search with limits is finished and answered, an
    // infinite one is stopped.
    if let Some(handle) = search.take() {
        if searching_forever {
            stop.store(true, Ordering::Relaxed);
        }
        let _ = handle.join();
    }
    Ok(())
}

/// `position startpos [moves ...]` or `position fen <text> [moves ...]`.
fn parse_position<G: TextGame>(start: &G, line: &str) -> Result<G, String> {
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
    let mut pos = if head == "startpos" {
        start.clone()
    } else if let Some(text) = head.strip_prefix("fen") {
        G::from_text(text.trim(), start.rules()).map_err(|e| format!("position fen: {e}"))?
    } else {
        return Err("expected position startpos|fen <position text> [moves ...]".to_owned());
    };
    for (i, text) in moves.split_whitespace().enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("position: move {} {text:?}: {e}", i + 1))?;
        pos.play(mv)
            .map_err(|e| format!("position: move {} {text:?}: {e}", i + 1))?;
    }
    Ok(pos)
}

/// Who a person plays in `jgames play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Human {
    /// The side to move at the start.
    First,
    /// The other side.
    Second,
    /// Both sides (the engine only answers `hint`).
    Both,
    /// Neither: the engine plays itself.
    None,
}

/// `jgames play`: a person against an engine in the terminal.
pub fn run_play<G: TextGame + Evaluate>(start: G, args: &crate::PlayArgs) -> Result<(), CliError> {
    let spec = spec_of("--engine", &args.engine)?;
    let mut engine = spec.build::<G>();
    let first = start.side_to_move();
    let is_human = |side: Side| match args.human {
        Human::Both => true,
        Human::None => false,
        Human::First => side == first,
        Human::Second => side != first,
    };
    let budget = Budget::time(Duration::from_millis(args.movetime));
    let mut history: Vec<G> = Vec::new();
    let mut pos = start;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout().lock();
    let mut shown = true;
    loop {
        if shown {
            write!(out, "{}", pos.diagram())?;
            writeln!(out, "position: {}", pos.to_text())?;
        }
        shown = true;
        if let Some(outcome) = pos.outcome() {
            writeln!(out, "result: {}", G::describe(outcome))?;
            return Ok(());
        }
        let side = pos.side_to_move();
        if !is_human(side) {
            let Some((mv, info)) = engine.choose(&pos, &budget) else {
                return Ok(());
            };
            writeln!(
                out,
                "{} (engine) plays {} ({})",
                G::side_name(side),
                pos.move_to_string(mv),
                info.score
            )?;
            history.push(pos.clone());
            pos.play_unchecked(mv);
            continue;
        }
        write!(out, "{} to move> ", G::side_name(side))?;
        out.flush()?;
        let Some(Ok(line)) = lines.next() else {
            writeln!(out)?;
            return Ok(());
        };
        let line = line.trim();
        match line {
            "" => shown = false,
            "quit" => return Ok(()),
            "help" => {
                writeln!(
                    out,
                    "type a move in the game's notation (see `jgames variants {}`), or:",
                    G::NAME
                )?;
                writeln!(
                    out,
                    "  moves  list the legal moves\n  hint   ask the engine\n  undo   take back your last move\n  quit   end the game"
                )?;
                shown = false;
            }
            "moves" => {
                let mut list = G::MoveList::default();
                pos.legal_moves(&mut list);
                let texts: Vec<String> = list.iter().map(|&m| pos.move_to_string(m)).collect();
                writeln!(out, "{}", texts.join(" "))?;
                shown = false;
            }
            "hint" => {
                if let Some((mv, info)) = engine.choose(&pos, &budget) {
                    writeln!(out, "hint: {} ({})", pos.move_to_string(mv), info.score)?;
                }
                shown = false;
            }
            "undo" => {
                // Back to the last position where a person was to move, before this one.
                let mut undone = false;
                while let Some(before) = history.pop() {
                    let human_turn = is_human(before.side_to_move());
                    pos = before;
                    if human_turn {
                        undone = true;
                        break;
                    }
                }
                if !undone {
                    writeln!(out, "nothing to undo")?;
                    shown = false;
                }
            }
            text => match pos.parse_move(text) {
                Ok(mv) => {
                    history.push(pos.clone());
                    pos.play_unchecked(mv);
                }
                Err(e) => {
                    writeln!(out, "refused: {text:?}: {e}")?;
                    shown = false;
                }
            },
        }
    }
}
