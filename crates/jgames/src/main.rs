//! `jgames`: perft, legal moves, random playouts, diagrams and game records for the jgames
//! rules crates.
//!
//! Every bad input prints one line on stderr (clap's own messages whole, with their usage
//! hint) and exits with status 2. Ctrl-C stops a long run cleanly with status 130, after
//! printing what it had.

mod commands;
mod engine_match;
mod external;
mod games;
mod play;
mod progress;
mod solve;
mod study;
mod sync;
mod ugi;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use games::games;

/// Rules libraries for Jersi, Jetan, Jericho and Jarmo/Jasir, from the command line.
#[derive(Parser, Debug)]
#[command(name = "jgames", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count move sequences of a given length (stdout: the total last; with --divide, one
    /// `<move> <count>` line per root move first, as each is counted).
    Perft(PerftArgs),
    /// List the legal moves, one per line, in canonical notation.
    Moves(PositionArgs),
    /// Play random games and print statistics.
    Playout(PlayoutArgs),
    /// Show a diagram, the variant, the position text, and the side to move or the result.
    Show(PositionArgs),
    /// Write a game record: of the moves given (--moves, --record), then of a random game
    /// from there with --random.
    Record(RecordArgs),
    /// List the variants (rules presets) of a game and show its move notation.
    Variants(GameArg),
    /// Draw the position as SVG on stdout (with --each-move, one picture per position of the
    /// moves into a folder).
    Svg(SvgArgs),
    /// Play games between two engines and print the score with an Elo interval (last stdout
    /// line: `score W D L` for engine A).
    Match(MatchArgs),
    /// Play engine-against-engine games in bulk under fixed budgets and print the measures a
    /// game designer asks for (balance, draws, duration, branching, endings) with 95%
    /// intervals; rows, JSON and SVG charts on request; split into units and merge them.
    Study(StudyArgs),
    /// Run an engine over the UGI protocol on stdin and stdout.
    Ugi(UgiArgs),
    /// Play against an engine in the terminal (type `help` at the prompt).
    Play(PlayArgs),
    /// Perfect play: build a table of every position's exact value (--out DIR), check one
    /// (--verify), or give a position's value, its moves' values and a perfect line (with a
    /// table from --tables DIR or JGAMES_TABLES, or solved on the spot when small).
    Solve(SolveArgs),
}

impl Command {
    /// The game the command is about.
    fn game(&self) -> &str {
        match self {
            Command::Perft(a) => &a.pos.game,
            Command::Moves(a) | Command::Show(a) => &a.game,
            Command::Playout(a) => &a.pos.game,
            Command::Record(a) => &a.pos.game,
            Command::Variants(a) => &a.game,
            Command::Svg(a) => &a.pos.game,
            Command::Match(a) => &a.pos.game,
            Command::Study(a) => &a.game,
            Command::Ugi(a) => &a.pos.game,
            Command::Play(a) => &a.pos.game,
            Command::Solve(a) => &a.pos.game,
        }
    }
}

/// The parser of a game name: one of the table's, each with its help line.
fn game_parser() -> PossibleValuesParser {
    PossibleValuesParser::new(
        games()
            .iter()
            .map(|g| PossibleValue::new(g.name).help(g.about)),
    )
}

/// Just a game.
#[derive(Args, Debug)]
pub struct GameArg {
    /// The game.
    #[arg(value_parser = game_parser())]
    pub game: String,
}

/// Which game and position a command works on, the same for every command.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The game (`jgames variants <GAME>` lists its variants and notation).
    #[arg(value_parser = game_parser())]
    pub game: String,
    /// A rules preset of the game (its default when left out), with any rule switches after
    /// it (`jarmo+shuttling`; `jgames variants GAME` lists them).
    #[arg(long)]
    pub variant: Option<String>,
    /// A position text to start from instead of the start position (values starting with
    /// `-` are fine: `--position "- * * N - 0/0 0"`).
    #[arg(long, allow_hyphen_values = true, conflicts_with = "record")]
    pub position: Option<String>,
    /// Moves to play first, separated by spaces (after the record's, with --record).
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// A game record to replay first (jgames record format; for Jersi also the author's
    /// two-column files).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

/// Arguments of `perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The game and position.
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Length of the move sequences to count (not with --unit or --sum).
    #[arg(allow_negative_numbers = true, required_unless_present_any = ["unit", "sum"])]
    pub depth: Option<u32>,
    /// Print the count under each root move as it is counted, then the total.
    #[arg(long)]
    pub divide: bool,
    /// Threads to split the root moves over.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: u32,
    /// A transposition table of this many MiB (per thread): counts stored by position and
    /// remaining depth, each entry holding its whole position, so a hash collision cannot
    /// change a count.
    #[arg(long, value_name = "MIB", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=65536))]
    pub hash: u32,
    /// Print the work units of the count instead: one line `DEPTH_LEFT MOVE...` per move
    /// sequence of length K, for `--unit` on any machine (give it the same position options).
    #[arg(long, value_name = "K", conflicts_with_all = ["divide", "unit", "sum"])]
    pub split: Option<u32>,
    /// Count one work unit printed by --split; prints the line, a tab and its count.
    #[arg(long, value_name = "LINE", allow_hyphen_values = true, conflicts_with_all = ["divide", "sum"])]
    pub unit: Option<String>,
    /// Add up the counts of unit lines (`LINE<TAB>COUNT`, as --unit prints them) read from
    /// stdin, and print the total.
    #[arg(long, conflicts_with = "divide")]
    pub sum: bool,
    /// No progress on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Arguments of `playout`.
#[derive(Args, Debug)]
pub struct PlayoutArgs {
    /// The game and position.
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Number of games.
    #[arg(long)]
    pub games: u64,
    /// Seed of the random generator (game `i` is played from its own seed derived from it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Stop a game after this many moves.
    #[arg(long, default_value_t = 1000)]
    pub max_plies: u32,
    /// Threads to share the games.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: u32,
    /// No progress on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Arguments of `record`.
#[derive(Args, Debug)]
pub struct RecordArgs {
    /// The game and position.
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Continue with random moves until the game ends or --max-plies: the same game as game 0
    /// of `jgames playout` with the same position, seed and cap.
    #[arg(long)]
    pub random: bool,
    /// Seed of the random game.
    #[arg(long, default_value_t = 0, requires = "random")]
    pub seed: u64,
    /// The most random moves to play.
    #[arg(long, default_value_t = 1000, requires = "random")]
    pub max_plies: u32,
    /// A free tag for the record, as NAME=VALUE (for example `--tag White=Ann`); repeatable.
    #[arg(long, value_name = "NAME=VALUE", value_parser = parse_tag)]
    pub tag: Vec<(String, String)>,
    /// Write the record to this file instead of stdout.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Arguments of `svg`.
#[derive(Args, Debug)]
pub struct SvgArgs {
    /// The game and position.
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Show the legal moves of the piece on this cell as targets.
    #[arg(long, value_name = "CELL")]
    pub highlight: Option<String>,
    /// Turn the board half round.
    #[arg(long)]
    pub flip: bool,
    /// Leave out the coordinates.
    #[arg(long)]
    pub no_coordinates: bool,
    /// The size of a cell in pixels.
    #[arg(long, default_value_t = 48, value_parser = clap::value_parser!(u32).range(8..=400))]
    pub cell: u32,
    /// Write one picture per position of the moves (000.svg the start) into this folder.
    #[arg(long, value_name = "DIR")]
    pub each_move: Option<PathBuf>,
}

/// Arguments of `study`.
#[derive(Args, Debug)]
pub struct StudyArgs {
    /// The game.
    #[arg(value_parser = game_parser())]
    pub game: String,
    /// The variants played, separated by commas, or `all` presets: each a preset, then any
    /// rule switches (`jarmo+shuttling+second-first`; `jgames variants GAME` lists them).
    #[arg(long, default_value = "all")]
    pub variants: String,
    /// Engine A: `random`, `mcts[:key=value,...]` or `alphabeta[:key=value,...]`.
    #[arg(long, default_value = "alphabeta")]
    pub engine: String,
    /// Engine B (engine A again when not given).
    #[arg(long)]
    pub against: Option<String>,
    /// An opening plan engine A follows first (`jersi`: `helms-deep`, `minas-tirith`;
    /// `jericho`: `copy`, `undermine`).
    #[arg(long, value_name = "PLAN")]
    pub opening: Option<String>,
    /// An opening plan engine B follows first.
    #[arg(long, value_name = "PLAN")]
    pub against_opening: Option<String>,
    /// Nodes per move (alpha-beta positions, MCTS iterations), one cell per number of a list
    /// separated by commas: `1000,4000`.
    #[arg(
        long,
        value_name = "LIST",
        required_unless_present = "depth",
        conflicts_with = "depth"
    )]
    pub nodes: Option<String>,
    /// Depth per move in plies, one cell per number of a list: `2,3`.
    #[arg(long, value_name = "LIST")]
    pub depth: Option<String>,
    /// A skill trace: engine A at each budget against engine B at half the nodes (or one ply
    /// less).
    #[arg(long)]
    pub skill: bool,
    /// Games per cell, an even number: each opening is played with both colours, engine A
    /// moving first in the even-numbered games (counted from 0).
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Seed of the openings and of the engines' random streams.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Random plies played before the engines take over (the same for both games of a pair
    /// and in every cell): 2, or 0 with --starts.
    #[arg(
        long,
        default_value_t = 2,
        default_value_if("starts", clap::builder::ArgPredicate::IsPresent, "0")
    )]
    pub opening_plies: u32,
    /// Start the games from the positions of this file (one position text a line; blank lines
    /// and lines beginning with `#` are skipped) instead of the rules' start: pair k of every
    /// cell starts from position k mod n, once with each colour.
    #[arg(long, value_name = "FILE")]
    pub starts: Option<PathBuf>,
    /// A game still going after this many plies stops with no ending: a draw, or in a game
    /// scored by points (Jarmo) won by the side with more points. At least 1.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// Stop a game as a draw when one position, with the same side to move, occurs for the
    /// Nth time (the random opening plies counted too); 0 plays on to --max-plies. How the
    /// study counts, not a rule of the game.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub repetition: u32,
    /// Threads playing games at once (every core when not given).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Split the study into this many work units (with --unit): the unit's rows go to stdout
    /// (or --rows) for --merge.
    #[arg(long, value_name = "K", requires = "unit", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub units: Option<u32>,
    /// The unit to play, from 0 to K-1.
    #[arg(long, value_name = "I", requires = "units")]
    pub unit: Option<u32>,
    /// Do not play: read the row files of all the units of this study and report on them.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["units", "unit", "rows"])]
    pub merge: Vec<PathBuf>,
    /// Write the games as rows (CSV, after a line naming the study) to this file.
    #[arg(long, value_name = "FILE")]
    pub rows: Option<PathBuf>,
    /// Write the study and the measures of every cell as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write SVG charts into this folder: results.svg (the first mover's results and the
    /// draws), a-results.svg (engine A's, unless A and B are the same player), skill.svg (with
    /// --skill), endings.svg, margins.svg (for games that score) and lengths.svg.
    #[arg(long, value_name = "DIR")]
    pub charts: Option<PathBuf>,
    /// No progress line on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Arguments of `match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The game and the start position of every game.
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Engine A: `random`, `mcts[:key=value,...]`, `alphabeta[:key=value,...]`, or an outside
    /// UGI program as `ugi:<program> [args]`.
    pub engine_a: String,
    /// Engine B, written the same way.
    pub engine_b: String,
    /// Number of games (the most, with --sprt); each opening is played twice, A moving first
    /// in the odd-numbered games.
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Thinking time per move in milliseconds (100 when no other limit is given).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Nodes per move (alpha-beta positions, MCTS iterations).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Depth per move (alpha-beta's last iteration, in plies).
    #[arg(long)]
    pub depth: Option<u32>,
    /// A clock per engine and game: BASE+INC in seconds (`10+0.1`). An engine whose move takes
    /// longer than its time left loses the game on time.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<String>,
    /// Seed of the random openings (a pair of games shares one) and of --shuffle.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Random plies played before the engines take over (2, or 0 with --openings).
    #[arg(long)]
    pub opening_plies: Option<u32>,
    /// The openings: a file of position texts, one per line (optionally `| moves`), or of game
    /// records separated by blank lines; each is played twice, colours swapped, in order.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Play the openings in an order shuffled by --seed (a new order each time round the file).
    #[arg(long, requires = "openings")]
    pub shuffle: bool,
    /// A sequential probability ratio test: `elo0=0 elo1=5 alpha=0.05 beta=0.05` (logistic
    /// Elo; alpha and beta 0.05 when left out). The match stops once a hypothesis is accepted.
    #[arg(long, num_args = 1..=4, value_name = "KEY=VALUE")]
    pub sprt: Vec<String>,
    /// A game still going after this many plies is scored as a draw. At least 1.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// Games played at the same time (each engine searching on one thread unless its spec asks
    /// for more).
    #[arg(long, visible_alias = "threads", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub concurrency: u32,
    /// Write each game's record into this folder.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// No line per game on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Arguments of `ugi`.
#[derive(Args, Debug)]
pub struct UgiArgs {
    /// The game and the position of `position startpos`.
    #[command(flatten)]
    pub pos: PositionArgs,
    /// The engine: `random`, `mcts[:key=value,...]` or `alphabeta[:key=value,...]`.
    #[arg(long, default_value = "mcts")]
    pub engine: String,
}

/// Arguments of `play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game and the start position.
    #[command(flatten)]
    pub pos: PositionArgs,
    /// The engine: `random`, `mcts[:key=value,...]` or `alphabeta[:key=value,...]`.
    #[arg(long, default_value = "alphabeta")]
    pub engine: String,
    /// Which side the person plays: `first` (the side to move at the start), `second`, `both`
    /// or `none`.
    #[arg(long, value_enum, default_value = "first")]
    pub human: play::Human,
    /// The engine's thinking time per move in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
}

/// Arguments of `solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The game, its variant, and the position to probe (the start when left out).
    #[command(flatten)]
    pub pos: PositionArgs,
    /// Build the table of every position and write it into this folder.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["verify", "tables"])]
    pub out: Option<PathBuf>,
    /// With --out: an endgame table, of the positions with at most this many pieces on the
    /// board (a file of its own, `...-upto<K>.table`, found by --tables and JGAMES_TABLES as
    /// well). Under rules the game cannot number whole (Jarmo, Jasir, Jasir-reserve) it is
    /// needed, and counts the material: archers on the board plus those that can still come
    /// back (credits, marked archers on their way, reserves).
    #[arg(long, value_name = "K", requires = "out", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub pieces: Option<u32>,
    /// The folder holding the tables (default: the JGAMES_TABLES environment variable; with
    /// neither, a small position is solved on the spot).
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// Check the table of --tables DIR position by position: every value must be the best
    /// over its moves.
    #[arg(long)]
    pub verify: bool,
    /// Count the positions reachable from the position (the start when none is given) by
    /// their value, with the table of --tables DIR.
    #[arg(long, conflicts_with = "verify")]
    pub reachable: bool,
    /// The most moves of a perfect line to print (a drawn line can go on for ever).
    #[arg(long, default_value_t = 200)]
    pub line: usize,
    /// Threads.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: u32,
    /// No progress on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

/// Reads `--tag NAME=VALUE`.
fn parse_tag(text: &str) -> Result<(String, String), String> {
    let (name, value) = text
        .split_once('=')
        .ok_or_else(|| format!("{text:?} is not NAME=VALUE"))?;
    let reserved = ["Game", "Variant", "Position", "Result"];
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("tag name {name:?} must be letters, digits or '_'"));
    }
    if reserved.contains(&name) {
        return Err(format!("tag {name} is written by jgames itself"));
    }
    Ok((name.to_owned(), value.to_owned()))
}

/// Why a command failed.
pub enum CliError {
    /// A bad input: one line for stderr, exit status 2.
    Input(String),
    /// Ctrl-C: what was done is printed; exit status 130.
    Interrupted(String),
    /// Writing the output failed (a closed pipe ends the program quietly).
    Output(std::io::Error),
}

/// A bad input, said in one line.
pub fn input(message: String) -> CliError {
    CliError::Input(message)
}

/// Reads an engine spec, naming the argument on error.
pub fn spec_of(what: &str, text: &str) -> Result<game_search::EngineSpec, CliError> {
    text.parse()
        .map_err(|e| input(format!("{what} {text:?}: {e}")))
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> CliError {
        CliError::Output(e)
    }
}

fn main() -> ExitCode {
    let games_list: String = games()
        .iter()
        .map(|g| format!("  {:<8} {}\n", g.name, g.about))
        .collect();
    let command = Cli::command().after_help(format!(
        "Games:\n{games_list}\n`jgames variants <GAME>` lists a game's variants and notation."
    ));
    let cli = match command
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m))
    {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    progress::install_ctrl_c();
    let name = cli.command.game().to_owned();
    let result = match games().iter().find(|g| g.name == name) {
        Some(game) => (game.run)(&cli.command),
        None => Err(CliError::Input(format!("unknown game {name:?}"))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Input(message)) => {
            eprintln!("jgames: {}", message.replace('\n', " "));
            ExitCode::from(2)
        }
        Err(CliError::Interrupted(message)) => {
            eprintln!("jgames: interrupted: {message}");
            ExitCode::from(130)
        }
        Err(CliError::Output(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(CliError::Output(e)) => {
            eprintln!("jgames: cannot write the output: {e}");
            ExitCode::FAILURE
        }
    }
}
