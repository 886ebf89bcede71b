//! `jgames solve`: build, verify and probe the tables of perfect play.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Instant;

use abstract_game::{Evaluate, Game, PositionIndex, Side, Solvable, TextGame, Value};
use game_search::{Engine, EngineSpec};
use game_solve::folder::{endgame_file, endgame_name, open_endgames, table_file, table_name};
use game_solve::{KeyedIndex, Table, TableError};

pub use game_solve::folder::TABLES_ENV;

use crate::progress::{Counters, STOP, duration, si, with_progress};
use crate::{CliError, SolveArgs, input};

/// How many positions an analysis on the spot may gather (a few hundred MiB of memory).
pub const ANALYSIS_LIMIT: usize = 5_000_000;

/// "Black wins in 37", "White wins in 4", "draw": a value said for the side to move `side`.
pub fn describe_value<G: Game>(side: Side, value: Value) -> String {
    game_solve::describe::<G>(side, value)
}

/// Runs `jgames solve` for game `G`.
pub fn run_solve<G: TextGame + Solvable>(
    args: &SolveArgs,
    rules: G::Rules,
    pos: &G,
) -> Result<(), CliError> {
    let Some(index) = G::position_index(rules) else {
        return run_endgames::<G>(args, rules, pos);
    };
    let threads = args.threads as usize;
    if let Some(dir) = &args.out {
        return build(index, dir, args.pieces, threads, args.quiet);
    }
    let dir = tables_dir(args);
    if args.verify {
        let dir =
            dir.ok_or_else(|| input(format!("--verify needs --tables DIR (or {TABLES_ENV})")))?;
        let path = table_file(&dir, &index);
        return verify(open(index, &path)?, &path, threads, args.quiet);
    }
    if args.reachable {
        let dir =
            dir.ok_or_else(|| input(format!("--reachable needs --tables DIR (or {TABLES_ENV})")))?;
        return reachable::<G>(index, &dir, pos);
    }
    let path = dir.map(|d| table_file(&d, &index));
    let table = match &path {
        Some(path) if path.exists() => Some(open(index, path)?),
        Some(path) if args.tables.is_some() => {
            return Err(input(format!("no table at {}", path.display())));
        }
        _ => None,
    };
    probe(table, rules, pos, args.line)
}

/// The folder of `--tables`, else of `JGAMES_TABLES`.
fn tables_dir(args: &SolveArgs) -> Option<PathBuf> {
    args.tables
        .clone()
        .or_else(|| std::env::var_os(TABLES_ENV).map(PathBuf::from))
}

/// `jgames solve` under rules whose positions are not numbered whole: endgame tables of keyed
/// positions (`--pieces K` counts the material).
fn run_endgames<G: TextGame + Solvable>(
    args: &SolveArgs,
    rules: G::Rules,
    pos: &G,
) -> Result<(), CliError> {
    let not_solvable = || {
        input(format!(
            "{}: these rules cannot be solved (the game numbers no positions under them)",
            G::NAME
        ))
    };
    G::endgames(rules, 1).ok_or_else(not_solvable)?;
    let threads = args.threads as usize;
    if let Some(dir) = &args.out {
        let k = args.pieces.ok_or_else(|| {
            input(format!(
                "{}: these rules are solved by endgames only: give --pieces K",
                G::NAME
            ))
        })?;
        let positions = G::endgames(rules, k).ok_or_else(not_solvable)?;
        return build_endgames(positions, dir, threads, args.quiet);
    }
    if args.reachable {
        return Err(input(
            "--reachable needs a table of every position; these rules have endgame tables only"
                .to_string(),
        ));
    }
    let dir = tables_dir(args).ok_or_else(|| {
        input(format!(
            "these rules have endgame tables only: give --tables DIR (or {TABLES_ENV}), built \
             with --out DIR --pieces K"
        ))
    })?;
    let path = endgame_file::<G>(&dir, rules)
        .ok_or_else(|| input(format!("no endgame table in {}", dir.display())))?;
    let table =
        open_endgames::<G>(rules, &path).map_err(|e| input(format!("{}: {e}", path.display())))?;
    if args.verify {
        return verify(table, &path, threads, args.quiet);
    }
    match table.probe(pos) {
        Err(TableError::NotInTable) => Err(input(format!(
            "the position {} is not in the endgame table {} (more material, or a history its \
             endgame never reaches)",
            pos.to_text(),
            path.display()
        ))),
        _ => probe_table(&table, pos, args.line, &mut std::io::stdout().lock()),
    }
}

fn build_endgames<G: Game>(
    positions: Box<dyn abstract_game::KeyedPositions<Game = G>>,
    dir: &Path,
    threads: usize,
    quiet: bool,
) -> Result<(), CliError> {
    make_dir(dir)?;
    let path = endgame_name::<G>(dir, &positions.name());
    let counters = Counters::default();
    let started = Instant::now();
    let gathered = with_progress(quiet, "positions gathered", &counters, || {
        KeyedIndex::gather(positions, threads, &STOP, &mut |p| {
            counters.done.store(p.positions_done, Ordering::Relaxed);
            counters.total.store(p.positions_total, Ordering::Relaxed);
        })
    });
    let index = gathered.map_err(solve_failed)?;
    let gather_secs = started.elapsed().as_secs_f64();
    let counters = Counters::default();
    counters.total.store(index.len(), Ordering::Relaxed);
    let solved = with_progress(quiet, "positions", &counters, || {
        Table::solve(index, threads, &STOP, &mut |p| {
            counters.done.store(p.positions_done, Ordering::Relaxed);
        })
    });
    let table = solved.map_err(solve_failed)?;
    let waves: Vec<String> = (0..table.index().layer_count())
        .map(|l| table.index().layer_len(l).to_string())
        .collect();
    let secs = started.elapsed().as_secs_f64();
    table
        .write_keyed(&path)
        .map_err(|e| input(format!("cannot write the table: {e}")))?;
    let mut out = std::io::stdout().lock();
    report_built(&mut out, &table, &path, secs, threads)?;
    writeln!(
        out,
        "positions by material {}; gathered in {}",
        waves.join(" "),
        duration(gather_secs)
    )?;
    Ok(())
}

fn solve_failed(e: game_solve::SolveError) -> CliError {
    match e {
        game_solve::SolveError::Stopped => {
            CliError::Interrupted("the solve stopped; no table was written".into())
        }
        e => input(format!("the solve failed: {e}")),
    }
}

fn make_dir(dir: &Path) -> Result<(), CliError> {
    std::fs::create_dir_all(dir).map_err(|e| {
        input(format!(
            "--out {}: cannot make the folder: {e}",
            dir.display()
        ))
    })
}

/// Prints what a build made: the file, the counts, the time and the speed.
fn report_built<I: PositionIndex>(
    out: &mut impl Write,
    table: &Table<I>,
    path: &Path,
    secs: f64,
    threads: usize,
) -> Result<(), CliError> {
    let counts = table.counts().map_err(|e| input(e.to_string()))?;
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    writeln!(out, "table {}", path.display())?;
    writeln!(
        out,
        "positions {} (wins {}, draws {}, losses {} for the side to move), longest {} plies",
        counts.total(),
        counts.wins,
        counts.draws,
        counts.losses,
        counts.longest
    )?;
    writeln!(
        out,
        "solved in {}, {} positions/s ({} per thread on {threads}); file {} MiB",
        duration(secs),
        si(counts.total() as f64 / secs),
        si(counts.total() as f64 / secs / threads as f64),
        size >> 20
    )?;
    Ok(())
}

fn open<I: PositionIndex>(index: I, path: &Path) -> Result<Table<I>, CliError> {
    Table::open(index, path).map_err(|e| input(format!("{}: {e}", path.display())))
}

fn build<I: PositionIndex>(
    index: I,
    dir: &Path,
    pieces: Option<u32>,
    threads: usize,
    quiet: bool,
) -> Result<(), CliError> {
    let wanted: Vec<bool> = (0..index.layer_count())
        .map(|l| match (pieces, index.layer_pieces(l)) {
            (None, _) => Ok(true),
            (Some(k), Some(n)) => Ok(n <= k),
            (Some(_), None) => Err(input(
                "--pieces: this game's index does not count pieces".to_string(),
            )),
        })
        .collect::<Result<_, _>>()?;
    make_dir(dir)?;
    let path = table_name(dir, &index, pieces);
    let counters = Counters::default();
    let total = (0..index.layer_count())
        .filter(|&l| wanted[l])
        .map(|l| index.layer_len(l))
        .sum();
    counters.total.store(total, Ordering::Relaxed);
    let started = Instant::now();
    let solved = with_progress(quiet, "positions", &counters, || {
        Table::solve_where(index, |l| wanted[l], threads, &STOP, &mut |p| {
            counters.done.store(p.positions_done, Ordering::Relaxed);
        })
    });
    let table = solved.map_err(solve_failed)?;
    let secs = started.elapsed().as_secs_f64();
    table
        .write(&path)
        .map_err(|e| input(format!("cannot write the table: {e}")))?;
    report_built(&mut std::io::stdout().lock(), &table, &path, secs, threads)
}

fn verify<I: PositionIndex>(
    table: Table<I>,
    path: &Path,
    threads: usize,
    quiet: bool,
) -> Result<(), CliError>
where
    I::Game: TextGame,
{
    let counters = Counters::default();
    let started = Instant::now();
    let result = with_progress(quiet, "layers", &counters, || {
        game_solve::verify(&table, threads, &STOP, &mut |done, total| {
            counters.done.store(done as u64, Ordering::Relaxed);
            counters.total.store(total as u64, Ordering::Relaxed);
        })
    });
    if STOP.load(Ordering::Relaxed) {
        return Err(CliError::Interrupted(
            "the check stopped before the end".into(),
        ));
    }
    match result.map_err(|e| input(format!("{}: {e}", path.display())))? {
        None => {
            let mut out = std::io::stdout().lock();
            let counts = table.counts().map_err(|e| input(e.to_string()))?;
            writeln!(
                out,
                "verified {} positions of {} in {}: every value is the best over its moves",
                counts.total(),
                path.display(),
                duration(started.elapsed().as_secs_f64())
            )?;
            Ok(())
        }
        Some(m) => {
            let node = table.index().unrank(m.layer, m.index);
            let pos = table.index().game_of(node);
            Err(input(format!(
                "{}: position {} (layer {}, index {}) stores {} but its moves give {}",
                path.display(),
                pos.to_text(),
                m.layer,
                m.index,
                m.stored,
                m.expected
            )))
        }
    }
}

fn probe<G: TextGame + Solvable>(
    table: Option<Table<G::Index>>,
    rules: G::Rules,
    pos: &G,
    line_cap: usize,
) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    let index = G::position_index(rules).ok_or_else(|| input("no index".to_string()))?;
    let node = index.node_of(pos).ok_or_else(|| {
        input(format!(
            "the position {} is not under these rules",
            pos.to_text()
        ))
    })?;
    let table = match table {
        Some(t) if !matches!(t.probe(pos), Err(TableError::NotInTable)) => t,
        _ => {
            // No table (or an endgame table without this position): solve every position
            // reachable from this one, in memory.
            let analysis = game_solve::analyse(&index, node, ANALYSIS_LIMIT).map_err(|e| {
                input(format!(
                    "no table given and the position is too big to solve on the spot ({e}); \
                     build one with --out DIR and pass --tables DIR"
                ))
            })?;
            writeln!(
                out,
                "solved on the spot: {} positions reachable",
                analysis.values.len()
            )?;
            Table::from_analysis(index, &analysis)
        }
    };
    probe_table(&table, pos, line_cap, &mut out)
}

/// Prints the value of `pos`, its moves rated and a perfect line.
fn probe_table<I: PositionIndex>(
    table: &Table<I>,
    pos: &I::Game,
    line_cap: usize,
    out: &mut impl Write,
) -> Result<(), CliError>
where
    I::Game: TextGame,
{
    let value = table.probe(pos).map_err(|e| input(e.to_string()))?;
    let side = pos.side_to_move();
    writeln!(out, "position {}", pos.to_text())?;
    writeln!(
        out,
        "solved: {} ({value} for {} to move)",
        describe_value::<I::Game>(side, value),
        <I::Game as Game>::side_name(side)
    )?;
    let rated = table.rate_moves(pos).map_err(probe_error)?;
    for (mv, v) in &rated {
        writeln!(
            out,
            "move {} {}",
            pos.move_to_string(*mv),
            describe_value::<I::Game>(side, *v)
        )?;
    }
    let line = table.perfect_line(pos, line_cap).map_err(probe_error)?;
    let mut at = pos.clone();
    let mut texts = Vec::new();
    for mv in line {
        texts.push(at.move_to_string(mv));
        at.play_unchecked(mv);
    }
    writeln!(out, "line {}", texts.join(" "))?;
    Ok(())
}

fn probe_error(e: TableError) -> CliError {
    input(e.to_string())
}

/// The engine of `spec`, with the table of perfect play for `rules` when the spec uses
/// tables (`tables=on`, the default) and `JGAMES_TABLES` holds one.
pub fn build_engine<G: TextGame + Evaluate + Solvable>(
    spec: &EngineSpec,
    rules: G::Rules,
) -> Result<Box<dyn Engine<G>>, CliError> {
    game_session::engine_for::<G>(spec, rules, &game_session::Tables::FromEnv)
        .map_err(|e| input(e.to_string()))
}

/// The exact value of `pos` from the table in `JGAMES_TABLES`, when there is one for its rules
/// that holds it (for `jgames show`).
pub fn known_value<G: Solvable + 'static>(pos: &G) -> Result<Option<Value>, CliError> {
    let Some(dir) = std::env::var_os(TABLES_ENV) else {
        return Ok(None);
    };
    let Some((path, table)) = game_solve::folder::open_in::<G>(Path::new(&dir), pos.rules())
        .map_err(|e| input(format!("{}: {e}", Path::new(&dir).display())))?
    else {
        return Ok(None);
    };
    // Only the position's layer is read.
    match table.probe(pos) {
        Ok(value) => Ok(Some(value)),
        Err(TableError::NotInTable) => Ok(None),
        Err(e) => Err(input(format!("{}: {e}", path.display()))),
    }
}

fn reachable<G: TextGame + Solvable>(index: G::Index, dir: &Path, pos: &G) -> Result<(), CliError> {
    let path = table_file(dir, &index);
    let node = index.node_of(pos).ok_or_else(|| {
        input(format!(
            "the position {} is not under these rules",
            pos.to_text()
        ))
    })?;
    let table = open(index, &path)?;
    let started = Instant::now();
    let counts = game_solve::reachable_counts(&table, &[node])
        .map_err(|e| input(format!("{}: {e}", path.display())))?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "reachable from {}: {} positions (wins {}, draws {}, losses {} for the side to move), longest {} plies, counted in {}",
        pos.to_text(),
        counts.total(),
        counts.wins,
        counts.draws,
        counts.losses,
        counts.longest,
        duration(started.elapsed().as_secs_f64())
    )?;
    Ok(())
}
