//! The table of games: a fifth game is one more entry here.

use abstract_game::svg::Render;
use abstract_game::{Evaluate, TextGame};

use crate::run::command;
use crate::{CliError, Command};

/// Reads a record in a game's own import format into move texts.
pub type Importer = fn(&str) -> Result<Vec<String>, String>;

/// One game the tool knows.
pub struct GameEntry {
    /// The name on the command line (the game's [`Game::NAME`](abstract_game::Game::NAME)).
    pub name: &'static str,
    /// One line for `--help`, with a move or two in its notation.
    pub about: &'static str,
    /// The move notation by example, one `text  meaning` line each, for `jgames variants`.
    pub notation: &'static [(&'static str, &'static str)],
    /// An import format of the game's own for `--record` files that are not jgames records.
    pub import: Option<Importer>,
    /// Runs a command for this game.
    pub run: fn(&Command, &GameEntry) -> Result<(), CliError>,
}

/// The entry of game `G`.
const fn entry<G: TextGame + Evaluate + Render + PartialEq>(
    about: &'static str,
    notation: &'static [(&'static str, &'static str)],
    import: Option<Importer>,
) -> GameEntry {
    GameEntry {
        name: G::NAME,
        about,
        notation,
        import,
        run: command::<G>,
    }
}

fn import_jersi(text: &str) -> Result<Vec<String>, String> {
    jersi_core::read_record(text).map_err(|e| e.to_string())
}

/// GAME TABLE: every game the tool knows.
pub const GAMES: &[GameEntry] = &[
    entry::<jarmo_core::Position>(
        "Jarmo and Jasir: archers on a 25-hole board (moves like c1-d3, c1xd3, @b1)",
        &[
            ("c1-d3", "step from c1 to the empty hole d3"),
            ("c1xd3", "step from c1 capturing on d3"),
            (
                "d4-b5/b1",
                "step onto the goal row that returns an archer to b1",
            ),
            ("@b1", "drop an archer from the reserve on b1"),
            ("pass", "pass, where the rules allow it"),
        ],
        None,
    ),
    entry::<jersi_core::Position>(
        "Jersi: cubes and stacks on a 69-cell hex board (moves like c3-c4, a2-b2=d3, M:c4)",
        &[
            ("c3-c4", "the top cube of c3 steps to c4"),
            ("c3=c5", "the stack of c3 moves to c5"),
            (
                "a2-b2=d3",
                "a cube step building a stack on b2, then that stack to d3",
            ),
            ("e4-e5!", "'!' marks a step that captured"),
            (
                "f1=h2!!-g2!/K:a2",
                "'!!' captured the King; /K:a2 puts it back on a2",
            ),
            (
                "M:c4/W:c5",
                "one or two drops (upper case White, lower case Black)",
            ),
        ],
        Some(import_jersi),
    ),
    entry::<jetan_core::Position>(
        "Jetan: Martian chess on a 10x10 board (moves like Pe2-e3, Fd1xa4, Rf1-f6!)",
        &[
            (
                "Pe2-e3",
                "the piece on e2 (a Panthan) moves to the empty e3",
            ),
            ("Fd1xa4", "the Flier on d1 captures on a4"),
            ("Rf1-f6!", "the Princess escapes from f1 to f6"),
            ("e2-e3", "the piece letter may be left out"),
        ],
        None,
    ),
    entry::<jericho_core::Position>(
        "Jericho: towers placed on a line network (moves like 3b@c2, pass)",
        &[
            ("3b@c2", "place the black piece of size 3 on c2"),
            ("pass", "pass"),
        ],
        None,
    ),
];
