//! `jgames play`: a person against an engine in the terminal.

use std::io::{BufRead, Write};

use abstract_game::{Evaluate, Side, TextGame};
use game_session::{Limits, Session};

use crate::CliError;

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
pub fn run_play<G: TextGame + Evaluate + abstract_game::Solvable>(
    mut game: Session<G>,
    args: &crate::PlayArgs,
) -> Result<(), CliError> {
    let spec = crate::spec_of("--engine", &args.engine)?;
    let mut engine = crate::solve::build_engine::<G>(&spec, game.rules())?;
    // Moves given on the command line are not taken back by `undo`.
    let given = game.moves().len();
    let first = game.position().side_to_move();
    let is_human = |side: Side| match args.human {
        Human::Both => true,
        Human::None => false,
        Human::First => side == first,
        Human::Second => side != first,
    };
    let budget = Limits::millis(args.movetime).budget(&spec);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout().lock();
    let mut shown = true;
    loop {
        let pos = game.position().clone();
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
            game.play(mv)
                .map_err(|e| crate::input(format!("the engine's move was refused: {e}")))?;
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
                while game.moves().len() > given && game.undo().is_some() {
                    if is_human(game.position().side_to_move()) {
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
                Ok(mv) => game
                    .play(mv)
                    .map_err(|e| crate::input(format!("{text:?}: {e}")))?,
                Err(e) => {
                    writeln!(out, "refused: {text:?}: {e}")?;
                    shown = false;
                }
            },
        }
    }
}
