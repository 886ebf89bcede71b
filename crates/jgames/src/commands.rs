//! The commands, written once over the game traits.

use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::Ordering;
use std::time::Instant;

use abstract_game::perft::{Perft, RootCount};
use abstract_game::playout::{Rng, game_seed, playouts_until};

use abstract_game::svg::{Render, SvgOptions};
use abstract_game::{Evaluate, GameRules, Side, TextGame};

use crate::progress::{Counters, STOP, timing, with_progress};
use crate::sync::{into_inner, locked};
use crate::{CliError, Command, PositionArgs, input};
use game_session::{Session, SessionError};

/// Where a command starts: the game of the position arguments (the variant in force, the
/// start, the record's and the command line's moves), whose current position is the one the
/// command works on.
type Start<G> = Session<G>;

/// A session refusal as one line naming the argument it came from.
fn refused(what: &str) -> impl Fn(SessionError) -> CliError + '_ {
    move |e| input(format!("{what}: {e}"))
}

/// Plays the move texts of a command-line argument named `what` on `game`.
fn play_texts<'a, G: TextGame>(
    what: &str,
    game: &mut Session<G>,
    texts: impl IntoIterator<Item = &'a str>,
) -> Result<(), CliError> {
    game.play_texts(texts).map_err(refused(what))
}

/// Resolves the position arguments: variant, start position or record, then the moves.
fn start_of<G: TextGame>(args: &PositionArgs) -> Result<Start<G>, CliError> {
    // The CLI names the variant in force in every record it writes, the default one too.
    let variant = args.variant.as_deref().unwrap_or(G::Rules::PRESETS[0].name);
    let game = match (&args.record, &args.position) {
        (Some(path), _) => {
            let shown = path.display().to_string();
            let what = format!("--record {shown}");
            let text = std::fs::read_to_string(path)
                .map_err(|e| input(format!("{what}: cannot read it: {e}")))?;
            if text.trim().is_empty() {
                return Err(input(format!("{what}: the file is empty")));
            }
            Session::from_record_text(&text, args.variant.as_deref()).map_err(|e| match e {
                SessionError::Variant(_) if args.variant.is_some() => unknown_variant(variant, &e),
                e => refused(&what)(e),
            })?
        }
        (None, Some(text)) => Session::from_position(Some(variant), text).map_err(|e| match e {
            SessionError::Position { reason, .. } => {
                input(format!("--position {text:?}: {reason}"))
            }
            e => unknown_variant(variant, &e),
        })?,
        (None, None) => Session::new(Some(variant)).map_err(|e| unknown_variant(variant, &e))?,
    };
    let mut game = game;
    if let Some(line) = &args.moves {
        play_texts("--moves", &mut game, line.split_whitespace())?;
    }
    Ok(game)
}

/// The message for a `--variant` the game does not have.
fn unknown_variant(variant: &str, e: &SessionError) -> CliError {
    input(format!("--variant {variant:?}: {e}"))
}

/// Runs `command` for game `G`.
pub fn command<G: TextGame + Evaluate + Render + PartialEq + abstract_game::Solvable>(
    command: &Command,
) -> Result<(), CliError> {
    match command {
        Command::Svg(args) => svg::<G>(&start_of::<G>(&args.pos)?, args),
        Command::Match(args) => {
            let start = start_of::<G>(&args.pos)?;
            crate::engine_match::run_match(start.position(), start.variant_name(), args)
        }
        Command::Study(args) => crate::study::run_study::<G>(args),
        Command::Ugi(args) => crate::ugi::run_ugi(start_of::<G>(&args.pos)?, args),
        Command::Play(args) => crate::play::run_play(start_of::<G>(&args.pos)?, args),
        Command::Solve(args) => {
            let start = start_of::<G>(&args.pos)?;
            crate::solve::run_solve(args, start.rules(), start.position())
        }
        Command::Perft(args) => {
            if args.sum {
                return sum_units(std::io::stdin().lock());
            }
            let mut game = start_of::<G>(&args.pos)?;
            let mut depth = args.depth.unwrap_or(0);
            if let Some(line) = &args.unit {
                let (left, texts) = unit_line(line)?;
                play_texts("--unit", &mut game, texts)?;
                depth = left;
            }
            let pos = game.position();
            if let Some(k) = args.split {
                return split_units(pos, depth, k);
            }
            let total = perft::<G>(pos, depth, args)?;
            let mut out = std::io::stdout().lock();
            match &args.unit {
                Some(line) => writeln!(out, "{}\t{total}", line.trim())?,
                None => writeln!(out, "{total}")?,
            }
            Ok(())
        }
        Command::Moves(args) => {
            let game = start_of::<G>(args)?;
            let pos = game.position();
            if let Some(outcome) = pos.outcome() {
                eprintln!(
                    "jgames: no legal moves: the game is over ({})",
                    G::describe(outcome)
                );
                return Ok(());
            }
            let mut moves = G::MoveList::default();
            pos.legal_moves(&mut moves);
            let mut out = std::io::stdout().lock();
            for &mv in moves.iter() {
                writeln!(out, "{}", pos.move_to_string(mv))?;
            }
            Ok(())
        }
        Command::Show(args) => {
            let start = start_of::<G>(args)?;
            let pos = start.position();
            let mut out = std::io::stdout().lock();
            write!(out, "{}", pos.diagram())?;
            writeln!(out, "variant: {}", start.variant_name())?;
            writeln!(out, "position: {}", pos.to_text())?;
            match pos.outcome() {
                Some(outcome) => writeln!(out, "result: {}", G::describe(outcome))?,
                None => writeln!(out, "to move: {}", G::side_name(pos.side_to_move()))?,
            }
            if let Some(value) = crate::solve::known_value(pos)? {
                let side = pos.side_to_move();
                writeln!(
                    out,
                    "solved: {}",
                    crate::solve::describe_value::<G>(side, value)
                )?;
            }
            Ok(())
        }
        Command::Playout(args) => playout::<G>(start_of::<G>(&args.pos)?.position(), args),
        Command::Record(args) => {
            let mut game = start_of::<G>(&args.pos)?;
            if args.random {
                let mut rng = Rng::seed_from_u64(game_seed(args.seed, 0));
                for _ in 0..args.max_plies {
                    let Some(mv) = game.position().random_move(&mut rng) else {
                        break;
                    };
                    game.play(mv)
                        .map_err(|e| input(format!("a random move was refused: {e}")))?;
                }
            }
            let mut record = game.record_as(Some(game.variant_name()));
            record.tags = args.tag.clone();
            let text = record.to_string();
            match &args.output {
                None => std::io::stdout().lock().write_all(text.as_bytes())?,
                Some(path) => std::fs::write(path, text).map_err(|e| {
                    input(format!("--output {}: cannot write it: {e}", path.display()))
                })?,
            }
            Ok(())
        }
        Command::Variants(_) => {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{}: {}", G::NAME, G::ABOUT)?;
            writeln!(out, "\nvariants (--variant NAME):")?;
            for (i, preset) in G::Rules::PRESETS.iter().enumerate() {
                let default = if i == 0 { " (default)" } else { "" };
                writeln!(out, "  {:<20} {}{default}", preset.name, preset.summary)?;
            }
            if !G::Rules::SWITCHES.is_empty() {
                writeln!(
                    out,
                    "\nrule switches (`--variant PRESET+SWITCH`, `study --variants PRESET+SWITCH`):"
                )?;
                for switch in G::Rules::SWITCHES {
                    writeln!(out, "  +{:<19} {}", switch.name, switch.summary)?;
                }
            }
            writeln!(out, "\nmove notation:")?;
            for (text, meaning) in G::NOTATION {
                writeln!(out, "  {text:<20} {meaning}")?;
            }
            writeln!(
                out,
                "\nstart position:\n  {}",
                G::new(G::Rules::default()).to_text()
            )?;
            Ok(())
        }
    }
}

/// `perft`: the divide lines as root moves are counted, the total last.
fn perft<G: TextGame + PartialEq>(
    pos: &G,
    depth: u32,
    args: &crate::PerftArgs,
) -> Result<u64, CliError> {
    let (divide, threads, quiet) = (args.divide, args.threads as usize, args.quiet);
    let counters = Counters::default();
    counters
        .total
        .store(pos.count_legal_moves() as u64, Ordering::Relaxed);
    let write_error = Mutex::new(None);
    let started = Instant::now();
    let counted = with_progress(quiet || depth < 2, "root moves", &counters, || {
        let on_count = |c: RootCount<G::Move>| {
            counters.done.store(c.done as u64, Ordering::Relaxed);
            counters.nodes.fetch_add(c.count, Ordering::Relaxed);
            if divide {
                let mut out = std::io::stdout().lock();
                let line = writeln!(out, "{} {}", pos.move_to_string(c.mv), c.count);
                if let Err(e) = line.and_then(|()| out.flush()) {
                    locked(&write_error).get_or_insert(e);
                    STOP.store(true, Ordering::Relaxed);
                }
            }
        };
        Perft::new(depth)
            .threads(threads)
            .hash_table((args.hash as usize) << 20)
            .stop_on(&STOP)
            .divide(pos, on_count)
    });
    let elapsed = started.elapsed();
    if let Some(e) = into_inner(write_error) {
        return Err(CliError::Output(e));
    }
    let sum: u64 = counted.iter().map(|&(_, n)| n).sum();
    let roots = counters.total.load(Ordering::Relaxed) as usize;
    if depth > 0 && counted.len() < roots {
        return Err(CliError::Interrupted(format!(
            "{} of {roots} root moves counted, {sum} sequences under them ({})",
            counted.len(),
            timing(elapsed, sum, "nodes")
        )));
    }
    let total = if depth == 0 { 1 } else { sum };
    // A unit's count is one of thousands: its timing would only bury the errors.
    if args.unit.is_none() {
        eprintln!("{}", timing(elapsed, total, "nodes"));
    }
    Ok(total)
}

/// Reads a work unit line of `--split`: the depth left, then the moves.
fn unit_line(line: &str) -> Result<(u32, std::str::SplitWhitespace<'_>), CliError> {
    let mut words = line.split_whitespace();
    let left = words.next().unwrap_or_default();
    let left = left.parse().map_err(|_| {
        input(format!(
            "--unit {line:?}: a unit starts with the depth left, a whole number, not {left:?}"
        ))
    })?;
    Ok((left, words))
}

/// `perft --split K`: the move sequences of length `k` from `pos`, each with `depth - k`.
fn split_units<G: TextGame>(pos: &G, depth: u32, k: u32) -> Result<(), CliError> {
    if k > depth {
        return Err(input(format!(
            "--split {k}: longer than the depth {depth} to count"
        )));
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut line = Vec::new();
    let mut units = 0u64;
    write_units(pos, k, depth - k, &mut line, &mut out, &mut units)?;
    out.flush()?;
    drop(out);
    eprintln!("{units} units of depth {}", depth - k);
    Ok(())
}

/// Writes the sequences of `k` more moves from `pos` after `line`.
fn write_units<G: TextGame>(
    pos: &G,
    k: u32,
    left: u32,
    line: &mut Vec<String>,
    out: &mut impl Write,
    units: &mut u64,
) -> Result<(), CliError> {
    if k == 0 {
        *units += 1;
        write!(out, "{left}")?;
        for text in line.iter() {
            write!(out, " {text}")?;
        }
        writeln!(out)?;
        return Ok(());
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    for &mv in moves.iter() {
        line.push(pos.move_to_string(mv));
        write_units(&pos.after(mv), k - 1, left, line, out, units)?;
        line.pop();
    }
    Ok(())
}

/// `perft --sum`: the total of the counts at the end of the unit lines on `input`.
fn sum_units(reader: impl std::io::BufRead) -> Result<(), CliError> {
    let mut total = 0u64;
    let mut units = 0u64;
    for (i, line) in reader.lines().enumerate() {
        let line = line.map_err(|e| input(format!("--sum: cannot read line {}: {e}", i + 1)))?;
        if line.trim().is_empty() {
            continue;
        }
        let count = line
            .rsplit('\t')
            .next()
            .and_then(|c| c.trim().parse::<u64>().ok())
            .ok_or_else(|| {
                input(format!(
                    "--sum: line {} {line:?} does not end with a tab and a count",
                    i + 1
                ))
            })?;
        total = total
            .checked_add(count)
            .ok_or_else(|| input(format!("--sum: the total overflows at line {}", i + 1)))?;
        units += 1;
    }
    writeln!(std::io::stdout().lock(), "{total}")?;
    eprintln!("{units} units added");
    Ok(())
}

/// `playout`: statistics of random games from `pos`.
fn playout<G: TextGame>(pos: &G, args: &crate::PlayoutArgs) -> Result<(), CliError> {
    let counters = Counters::default();
    counters.total.store(args.games, Ordering::Relaxed);
    let started = Instant::now();
    let stats = with_progress(args.quiet, "games", &counters, || {
        playouts_until(
            pos,
            args.games,
            args.seed,
            args.max_plies,
            args.threads as usize,
            &STOP,
            &|done, _| counters.done.store(done, Ordering::Relaxed),
        )
    });
    let elapsed = started.elapsed();
    let mut out = std::io::stdout().lock();
    writeln!(out, "games: {}", stats.games)?;
    if elapsed.as_secs_f64() >= 0.05 {
        writeln!(
            out,
            "games per second: {:.0}",
            stats.games as f64 / elapsed.as_secs_f64()
        )?;
    }
    writeln!(out, "mean plies: {:.2}", stats.mean_plies())?;
    writeln!(out, "max plies: {}", stats.max_plies)?;
    for side in Side::BOTH {
        writeln!(out, "{} wins: {}", G::side_name(side), stats.wins_of(side))?;
    }
    writeln!(out, "draws: {}", stats.draws)?;
    writeln!(out, "capped: {}", stats.capped)?;
    drop(out);
    if stats.games < args.games {
        return Err(CliError::Interrupted(format!(
            "{} of {} games played; the statistics above cover them",
            stats.games, args.games
        )));
    }
    eprintln!("{}", timing(elapsed, stats.games, "games"));
    Ok(())
}

/// `svg`: the picture of the position, or one per position of the moves.
fn svg<G: TextGame + Render>(start: &Start<G>, args: &crate::SvgArgs) -> Result<(), CliError> {
    let highlight = match &args.highlight {
        None => None,
        Some(text) => Some(
            text.parse::<G::Cell>()
                .map_err(|_| input(format!("--highlight {text:?}: not a cell of {}", G::NAME)))?,
        ),
    };
    let options = |last_move| SvgOptions {
        cell: args.cell,
        flip: args.flip,
        coordinates: !args.no_coordinates,
        last_move,
        targets_of: highlight,
    };
    match &args.each_move {
        None => {
            let picture = start
                .position()
                .svg(&options(start.moves().last().copied()));
            std::io::stdout().lock().write_all(picture.as_bytes())?;
        }
        Some(dir) => {
            let shown = dir.display();
            std::fs::create_dir_all(dir)
                .map_err(|e| input(format!("--each-move {shown}: cannot create it: {e}")))?;
            let mut pos = start.start().clone();
            let mut last = None;
            for i in 0..=start.moves().len() {
                let path = dir.join(format!("{i:03}.svg"));
                std::fs::write(&path, pos.svg(&options(last))).map_err(|e| {
                    input(format!("--each-move: cannot write {}: {e}", path.display()))
                })?;
                if let Some(&mv) = start.moves().get(i) {
                    pos.play_unchecked(mv);
                    last = Some(mv);
                }
            }
            eprintln!("{} pictures in {shown}", start.moves().len() + 1);
        }
    }
    Ok(())
}
