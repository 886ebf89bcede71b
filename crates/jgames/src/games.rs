//! The table of games the tool knows, made from the registry's one list
//! ([`jgames_registry::for_each_game!`]): a new game reaches the command line without a line
//! here.

use std::sync::OnceLock;

use abstract_game::svg::Render;
use abstract_game::{Evaluate, TextGame};

use crate::commands::command;
use crate::{CliError, Command};

/// One game the tool knows.
pub struct GameEntry {
    /// The name on the command line (the game's [`Game::NAME`](abstract_game::Game::NAME)).
    pub name: &'static str,
    /// One line for `--help`, with a move or two in its notation.
    pub about: &'static str,
    /// Runs a command for this game.
    pub run: fn(&Command) -> Result<(), CliError>,
}

/// The entry of game `G`.
fn entry<G: TextGame + Evaluate + Render + PartialEq + abstract_game::Solvable>() -> GameEntry {
    GameEntry {
        name: G::NAME,
        about: G::ABOUT,
        run: command::<G>,
    }
}

/// Every game the tool knows, in the registry's order.
pub fn games() -> &'static [GameEntry] {
    static GAMES: OnceLock<Vec<GameEntry>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut games = Vec::new();
        jgames_registry::for_each_game!(|G| games.push(entry::<G>()));
        games
    })
}
