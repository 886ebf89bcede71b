//! `jgames`: perft, legal moves, random playouts and diagrams for the jgames rules crates.
//!
//! Every bad input prints one line on stderr and exits with status 2.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use abstract_game::perft::perft_divide_threaded;
use abstract_game::playout::playouts;
use abstract_game::{Game, Rules, Side, TextGame};
use clap::{Args, Parser, Subcommand};

/// Rules libraries for Jersi, Jetan, Jericho and Jarmo/Jasir, from the command line.
#[derive(Parser, Debug)]
#[command(name = "jgames", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count move sequences of a given length (stdout: the total; with --divide, per move first).
    Perft(PerftArgs),
    /// List the legal moves, one per line, in canonical notation.
    Moves(PositionArgs),
    /// Play random games and print statistics.
    Playout(PlayoutArgs),
    /// Show a diagram, the position text, the side to move and the outcome.
    Show(PositionArgs),
}

/// Which game and position a command works on.
#[derive(Args, Debug)]
struct PositionArgs {
    /// The game: jarmo, jetan, jersi or jericho.
    game: String,
    /// A rules preset of the game (its default when left out).
    #[arg(long)]
    variant: Option<String>,
    /// A position text to start from instead of the start position.
    #[arg(long)]
    position: Option<String>,
    /// Moves to play first, separated by spaces.
    #[arg(long)]
    moves: Option<String>,
}

#[derive(Args, Debug)]
struct PerftArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Length of the move sequences to count.
    depth: u32,
    /// Print the count under each legal move first.
    #[arg(long)]
    divide: bool,
    /// Threads to split the root moves over.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: u32,
}

#[derive(Args, Debug)]
struct PlayoutArgs {
    /// The game: jarmo, jetan, jersi or jericho.
    game: String,
    /// A rules preset of the game (its default when left out).
    #[arg(long)]
    variant: Option<String>,
    /// Number of games.
    #[arg(long)]
    games: u64,
    /// Seed of the random generator.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Stop a game after this many moves.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// Threads to share the games.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: u32,
}

/// Why a command failed.
enum CliError {
    /// A bad input: one line for stderr, exit status 2.
    Input(String),
    /// Writing the output failed (a closed pipe ends the program quietly).
    Output(std::io::Error),
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> CliError {
        CliError::Output(e)
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                eprintln!(
                    "jgames: missing command (perft, moves, playout or show); see jgames --help"
                );
                return ExitCode::from(2);
            }
            let text = e.to_string();
            let first = text
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("bad arguments");
            eprintln!("jgames: {}", first.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let game = match &cli.command {
        Command::Perft(a) => a.pos.game.clone(),
        Command::Moves(a) | Command::Show(a) => a.game.clone(),
        Command::Playout(a) => a.game.clone(),
    };
    let result = match GAMES.iter().find(|(name, _)| *name == game) {
        Some((_, run)) => run(cli.command),
        None => Err(CliError::Input(format!(
            "unknown game {game:?} (known: {})",
            known_games()
        ))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Input(message)) => {
            eprintln!("jgames: {}", message.replace('\n', " "));
            ExitCode::from(2)
        }
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(CliError::Output(e)) => {
            eprintln!("jgames: cannot write the output: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A command runner for one game.
type Runner = fn(Command) -> Result<(), CliError>;

// GAME TABLE: one line per game crate: its name and `run::<its Position type>`.
const GAMES: &[(&str, Runner)] = &[
    ("jarmo", run::<jarmo_core::Position>),
    ("jersi", run::<jersi_core::Position>),
    ("jetan", run::<jetan_core::Position>),
    ("jericho", run::<jericho_core::Position>),
];

fn known_games() -> String {
    GAMES
        .iter()
        .map(|(name, _)| *name)
        .collect::<Vec<_>>()
        .join(", ")
}

fn rules_of<G: Game>(variant: Option<&str>) -> Result<G::Rules, CliError> {
    match variant {
        None => Ok(G::Rules::default()),
        Some(name) => G::Rules::preset(name).ok_or_else(|| {
            CliError::Input(format!(
                "unknown variant {name:?} of {} (known: {})",
                G::NAME,
                G::Rules::PRESETS.join(", ")
            ))
        }),
    }
}

fn position_of<G: TextGame>(args: &PositionArgs) -> Result<G, CliError> {
    let rules = rules_of::<G>(args.variant.as_deref())?;
    let mut pos = match &args.position {
        None => G::new(rules),
        Some(text) => {
            G::from_text(text, rules).map_err(|e| CliError::Input(format!("bad position: {e}")))?
        }
    };
    if let Some(line) = &args.moves {
        for (i, text) in line.split_whitespace().enumerate() {
            if pos.is_over() {
                return Err(CliError::Input(format!(
                    "move {} ({text}): the game is already over",
                    i + 1
                )));
            }
            let mv = pos
                .parse_move(text)
                .map_err(|e| CliError::Input(format!("move {} ({text}): {e}", i + 1)))?;
            pos.play_unchecked(mv);
        }
    }
    Ok(pos)
}

fn run<G: TextGame>(command: Command) -> Result<(), CliError> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match command {
        Command::Perft(args) => {
            let pos = position_of::<G>(&args.pos)?;
            let progress = progress_printer("root moves");
            let started = Instant::now();
            let divided = perft_divide_threaded(&pos, args.depth, args.threads as usize, &progress);
            let total: u64 = if args.depth == 0 {
                1
            } else {
                divided.iter().map(|&(_, n)| n).sum()
            };
            let elapsed = started.elapsed().as_secs_f64();
            clear_progress();
            if args.divide {
                for &(mv, n) in &divided {
                    writeln!(out, "{} {n}", pos.move_to_string(mv))?;
                }
            }
            writeln!(out, "{total}")?;
            eprintln!(
                "time {elapsed:.3} s, {:.0} nodes/s",
                total as f64 / elapsed.max(1e-9)
            );
        }
        Command::Moves(args) => {
            let pos = position_of::<G>(&args)?;
            let mut moves = G::MoveList::default();
            pos.legal_moves(&mut moves);
            for &mv in moves.iter() {
                writeln!(out, "{}", pos.move_to_string(mv))?;
            }
        }
        Command::Show(args) => {
            let pos = position_of::<G>(&args)?;
            write!(out, "{}", pos.diagram())?;
            writeln!(out, "position: {}", pos.to_text())?;
            writeln!(
                out,
                "to move: {}",
                G::SIDE_NAMES[pos.side_to_move().index()]
            )?;
            if let Some(outcome) = pos.outcome() {
                let result = match outcome.winner {
                    Some(side) => format!("{} wins", G::SIDE_NAMES[side.index()]),
                    None => "draw".to_string(),
                };
                match outcome.scores {
                    Some(s) => writeln!(out, "game over: {result} ({}-{})", s.0[0], s.0[1])?,
                    None => writeln!(out, "game over: {result}")?,
                }
            }
        }
        Command::Playout(args) => {
            let rules = rules_of::<G>(args.variant.as_deref())?;
            let start = G::new(rules);
            let progress = progress_printer("games");
            let started = Instant::now();
            let stats = playouts(
                &start,
                args.games,
                args.seed,
                args.max_plies,
                args.threads as usize,
                &|d, t| progress(d as usize, t as usize),
            );
            let elapsed = started.elapsed().as_secs_f64();
            clear_progress();
            writeln!(out, "games: {}", stats.games)?;
            writeln!(
                out,
                "games per second: {:.0}",
                stats.games as f64 / elapsed.max(1e-9)
            )?;
            writeln!(out, "mean plies: {:.2}", stats.mean_plies())?;
            writeln!(out, "max plies: {}", stats.max_plies)?;
            for side in Side::BOTH {
                writeln!(
                    out,
                    "{} wins: {}",
                    G::SIDE_NAMES[side.index()],
                    stats.wins_of(side)
                )?;
            }
            writeln!(out, "draws: {}", stats.draws)?;
            writeln!(out, "capped: {}", stats.capped)?;
            eprintln!("time {elapsed:.3} s");
        }
    }
    Ok(())
}

/// A progress callback that redraws one stderr line when stderr is a terminal, at most a few
/// times a second.
fn progress_printer(unit: &'static str) -> impl Fn(usize, usize) + Sync {
    let terminal = std::io::stderr().is_terminal();
    let started = Instant::now();
    let last = std::sync::Mutex::new(0u128);
    move |done, total| {
        if !terminal {
            return;
        }
        let now = started.elapsed().as_millis();
        let mut last = last.lock().unwrap_or_else(|e| e.into_inner());
        if now - *last >= 200 || done == total {
            *last = now;
            eprint!("\r{done}/{total} {unit} ({:.1} s)", now as f64 / 1000.0);
        }
    }
}

fn clear_progress() {
    if std::io::stderr().is_terminal() {
        eprint!("\r\x1b[2K");
    }
}
