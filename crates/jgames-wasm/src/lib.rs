//! WebAssembly bindings of the jgames crates, for the web page in `web/`.
//!
//! One JavaScript class, [`Game`], plays any of the four games: made by name and preset, from
//! a position text or from a record; it lists the legal moves in notation and the cells each
//! one touches (so that a page moves by clicking), plays and takes back moves, tells the
//! result, writes the position text, the record and the SVG picture, and asks an engine of
//! `game-search` for a move within a budget. Every rule lives in the game crates; this crate
//! only turns their values into text for JavaScript, and errors into thrown strings.
//!
//! The same API is plain Rust outside the browser, which is how its tests run:
//!
//! ```
//! use jgames_wasm::Game;
//! let mut game = Game::new("jetan", "")?;
//! assert_eq!(game.legal_moves().len(), 74); // perft(1) of Jetan
//! assert_eq!(game.move_cells("Pe2-e3")?, ["e2", "e3"]);
//! game.play("Pe2-e3")?;
//! assert!(game.play("Pe2-e3").is_err()); // Orange to move: refused, nothing changes
//! assert_eq!(game.played(), ["Pe2-e3"]);
//! let answer = game.think("alphabeta", 0, 2000)?;
//! assert!(game.legal_moves().contains(&answer.best()));
//! assert!(game.undo() && game.played().is_empty());
//! # Ok::<(), String>(())
//! ```

use abstract_game::record::Record;
use game_search::EngineSpec;
use game_session::{Limits, Play, Session, TextThought};
use wasm_bindgen::prelude::*;

pub use game_session::SOLVE_LIMIT;

/// `make` evaluated for the position type `G` of the game named `name`, or the error that
/// lists the games.
macro_rules! for_game {
    ($name:expr, |$g:ident| $make:expr) => {{
        let name: &str = $name;
        match jgames_registry::with_game!(name, |$g| $make) {
            Some(made) => made,
            None => Err(format!(
                "unknown game {name:?} (known: {})",
                jgames_registry::names_joined()
            )),
        }
    }};
}

/// A game in progress, of any of the games.
#[wasm_bindgen]
pub struct Game {
    play: Box<dyn Play>,
}

impl core::fmt::Debug for Game {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Game")
            .field("name", &self.play.name())
            .field("variant", &self.play.variant())
            .field("position", &self.play.position_text())
            .field("played", &self.play.played())
            .finish()
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game of `game` (`jarmo`, `jetan`, `jersi`, `jericho`) under the preset `variant`
    /// (empty for the game's default rules).
    #[wasm_bindgen(constructor)]
    pub fn new(game: &str, variant: &str) -> Result<Game, String> {
        for_game!(game, |G| Ok(Game {
            play: Box::new(Session::<G>::new(Some(variant)).map_err(|e| e.to_string())?),
        }))
    }

    /// A game of `game` under `variant` that starts from a position text.
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(game: &str, variant: &str, position: &str) -> Result<Game, String> {
        for_game!(game, |G| Ok(Game {
            play: Box::new(
                Session::<G>::from_position(Some(variant), position).map_err(|e| e.to_string())?
            ),
        }))
    }

    /// A game replayed from a record (its `[Game]` tag names the game).
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(record: &str) -> Result<Game, String> {
        let record: Record = record.parse().map_err(|e| format!("{e}"))?;
        for_game!(record.game.as_str(), |G| Ok(Game {
            play: Box::new(Session::<G>::from_record(&record, None).map_err(|e| e.to_string())?),
        }))
    }

    /// The names of the games.
    pub fn games() -> Vec<String> {
        jgames_registry::NAMES
            .iter()
            .map(|&g| g.to_owned())
            .collect()
    }

    /// The presets of `game`, the default first.
    pub fn variants(game: &str) -> Result<Vec<String>, String> {
        use abstract_game::GameRules as _;
        for_game!(game, |G| Ok(
            <G as abstract_game::Game>::Rules::preset_names()
                .map(str::to_owned)
                .collect()
        ))
    }

    /// The game's name.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.play.name().to_owned()
    }

    /// The preset played, empty for the default rules.
    #[wasm_bindgen(getter)]
    pub fn variant(&self) -> String {
        self.play.variant().unwrap_or_default().to_owned()
    }

    /// The names of the two sides, the first mover's first.
    #[wasm_bindgen(js_name = sideNames)]
    pub fn side_names(&self) -> Vec<String> {
        self.play.side_names().map(str::to_owned).to_vec()
    }

    /// The legal moves in notation.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.play.legal_moves()
    }

    /// The cells a move touches, in the order a player clicks them.
    #[wasm_bindgen(js_name = moveCells)]
    pub fn move_cells(&self, mv: &str) -> Result<Vec<String>, String> {
        self.play.move_cells(mv).map_err(|e| e.to_string())
    }

    /// Plays a move in notation; an illegal or unreadable one is refused with the reason and
    /// changes nothing.
    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        self.play.play(mv).map_err(|e| e.to_string())
    }

    /// Takes back the last move; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        self.play.undo()
    }

    /// The moves played, in notation.
    pub fn played(&self) -> Vec<String> {
        self.play.played()
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.play.result().is_some()
    }

    /// Whether the side that moved first in the game's rules is to move.
    #[wasm_bindgen(js_name = firstToMove)]
    pub fn first_to_move(&self) -> bool {
        self.play.first_to_move()
    }

    /// The name of the side to move.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        self.play.side_to_move().to_owned()
    }

    /// The result in words ("White wins 6-3", "Draw") once the game is over.
    pub fn result(&self) -> Option<String> {
        self.play.result()
    }

    /// The exact value of the current position under perfect play ("Black wins in 7",
    /// "draw") where the game's rules are solved and the position is small enough to solve in
    /// the page (Jasir-basic endgames of a few archers); `undefined` otherwise.
    pub fn solved(&self) -> Option<String> {
        self.play.solved()
    }

    /// The position text of the current position.
    #[wasm_bindgen(js_name = positionText)]
    pub fn position_text(&self) -> String {
        self.play.position_text()
    }

    /// The game as a jgames record.
    #[wasm_bindgen(js_name = recordText)]
    pub fn record_text(&self) -> String {
        self.play.record_text()
    }

    /// The text diagram of the current position.
    pub fn diagram(&self) -> String {
        self.play.diagram()
    }

    /// The SVG picture of the current position, the last move marked, with a transparent disc
    /// of class `cell` and attribute `data-cell` over each cell; `cell` is the cell size in
    /// pixels (16 to 128).
    pub fn svg(&self, flip: bool, cell: u32) -> String {
        self.play.svg(flip, cell)
    }

    /// An engine's move for the current position (not played). `engine` is a spec such as
    /// `mcts:iterations=20000` or `alphabeta:depth=6`; `millis` and `nodes` limit the search
    /// when not 0 (with both 0, the spec's own budget keys, else
    /// [`DEFAULT_MOVE_TIME`](game_session::DEFAULT_MOVE_TIME)).
    pub fn think(&self, engine: &str, millis: u32, nodes: u32) -> Result<Thought, String> {
        let spec: EngineSpec = engine.parse().map_err(|e| format!("{e}"))?;
        let threads = match &spec {
            EngineSpec::Mcts(options) => options.threads,
            EngineSpec::AlphaBeta(options) => options.threads,
            EngineSpec::Random(_) => 1,
        };
        if threads > 1 {
            return Err("threads are not available here: leave `threads` at 1".to_owned());
        }
        let limits = Limits {
            millis: (millis > 0).then_some(u64::from(millis)),
            nodes: (nodes > 0).then_some(u64::from(nodes)),
            depth: None,
        };
        self.play
            .think(&spec, limits.budget(&spec))
            .map(|data| Thought { data })
            .map_err(|e| e.to_string())
    }
}

/// What an engine answered: the move and the search's statistics.
#[derive(Debug)]
#[wasm_bindgen]
pub struct Thought {
    data: TextThought,
}

#[wasm_bindgen]
impl Thought {
    /// The chosen move in notation.
    #[wasm_bindgen(getter)]
    pub fn best(&self) -> String {
        self.data.best.clone()
    }

    /// Nodes searched (alpha-beta positions, MCTS iterations).
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.data.nodes as f64
    }

    /// The depth reached.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.data.depth
    }

    /// The score from the mover's view (`cp 35`, `mate 3`, ...).
    #[wasm_bindgen(getter)]
    pub fn score(&self) -> String {
        self.data.score.clone()
    }

    /// The expected line, the chosen move first.
    #[wasm_bindgen(getter)]
    pub fn pv(&self) -> Vec<String> {
        self.data.pv.clone()
    }

    /// The time spent in milliseconds.
    #[wasm_bindgen(getter)]
    pub fn millis(&self) -> f64 {
        self.data.millis
    }
}
