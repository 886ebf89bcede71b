//! `jgames match`: games between two engines, alternating who moves first, scored with an
//! Elo interval.

use std::io::Write;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use abstract_game::playout::{Rng, game_seed};
use abstract_game::record::Record;
use abstract_game::{Evaluate, Side, TextGame};
use game_search::elo::Tally;
use game_search::{Budget, Engine, EngineSpec};

use crate::progress::STOP;
use crate::sync::{into_inner, locked};
use crate::{CliError, MatchArgs, input};

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
            None => Ok(Player::Spec(crate::ugi::spec_of(what, text)?)),
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

/// How one game of a match ended for engine A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ForA {
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
) -> (ForA, Vec<G::Move>, G, Side) {
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
            let result = if who == 0 { ForA::Loss } else { ForA::Win };
            return (result, moves, pos, a_side);
        };
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    let result = match pos.outcome().and_then(|o| o.winner) {
        Some(side) if side == a_side => ForA::Win,
        Some(_) => ForA::Loss,
        None => ForA::Draw,
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
    let results: Mutex<Vec<Option<ForA>>> = Mutex::new(vec![None; args.games as usize]);
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
                        locked(&failure).get_or_insert(e);
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
                            locked(&failure).get_or_insert(e);
                        }
                    }
                    locked(&results)[index] = Some(result);
                    let mut t = locked(&tally);
                    match result {
                        ForA::Win => t.wins += 1,
                        ForA::Draw => t.draws += 1,
                        ForA::Loss => t.losses += 1,
                    }
                    if !args.quiet {
                        let said = match result {
                            ForA::Win => "A wins",
                            ForA::Draw => "draw",
                            ForA::Loss => "B wins",
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
    if let Some(e) = into_inner(failure) {
        return Err(e);
    }
    let t = into_inner(tally);
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
