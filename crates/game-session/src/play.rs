//! [`Play`]: a session behind an object-safe interface of text in, text out, for bindings
//! that hold "a game, of any of the games" (`Box<dyn Play>`) and never name a game's types.

use abstract_game::svg::{Render, SvgOptions};
use abstract_game::{Evaluate, Side, Solvable, TextGame};
use game_search::{Budget, EngineSpec};
use std::sync::atomic::AtomicBool;

use crate::{Session, SessionError, Tables};

/// The most positions [`Play::solved`] solves on the spot.
pub const SOLVE_LIMIT: usize = 50_000;

/// An engine's answer, in text.
#[derive(Clone, Debug, PartialEq)]
pub struct TextThought {
    /// The chosen move in notation.
    pub best: String,
    /// Nodes searched (alpha-beta positions, MCTS iterations).
    pub nodes: u64,
    /// The depth reached.
    pub depth: u32,
    /// The score from the mover's view, as the UGI `info` line writes it.
    pub score: String,
    /// The expected line in notation, the chosen move first.
    pub pv: Vec<String>,
    /// The time spent, in milliseconds.
    pub millis: f64,
}

/// What a text front end asks of a game.
pub trait Play {
    /// The game's name (`jarmo`, `jetan`, `jersi`, `jericho`).
    fn name(&self) -> &'static str;
    /// The names of the two sides, the side that moves first first.
    fn side_names(&self) -> [&'static str; 2];
    /// The variant text the game was made with, `None` for the default rules.
    fn variant(&self) -> Option<&str>;
    /// The legal moves of the current position in notation.
    fn legal_moves(&self) -> Vec<String>;
    /// The cells a legal move (in notation) touches, in the order a player points at them.
    fn move_cells(&self, text: &str) -> Result<Vec<String>, SessionError>;
    /// Plays a move given in notation; an illegal or unreadable move changes nothing.
    fn play(&mut self, text: &str) -> Result<(), SessionError>;
    /// Takes back the last move; `false` at the start.
    fn undo(&mut self) -> bool;
    /// The moves played so far, in notation.
    fn played(&self) -> Vec<String>;
    /// Whether the first side is to move.
    fn first_to_move(&self) -> bool;
    /// The name of the side to move.
    fn side_to_move(&self) -> &'static str;
    /// The result in words once the game is over.
    fn result(&self) -> Option<String>;
    /// The position text of the current position.
    fn position_text(&self) -> String;
    /// The game as a record: the variant, the start position if not the usual one, the moves.
    fn record_text(&self) -> String;
    /// The text diagram of the current position.
    fn diagram(&self) -> String;
    /// The picture of the current position with a disc over each cell for pointing, `cell`
    /// pixels a cell (clamped to 16..=128), turned over when `flip`.
    fn svg(&self, flip: bool, cell: u32) -> String;
    /// An engine's move (not played) in the current position, with what the search saw.
    fn think(&self, spec: &EngineSpec, budget: Budget) -> Result<TextThought, SessionError>;
    /// The exact value of the current position, "Black wins in 37" or "draw", where the rules
    /// are solvable and the position small enough to solve here (at most [`SOLVE_LIMIT`]
    /// positions reachable from it); `None` otherwise.
    fn solved(&self) -> Option<String>;
}

impl<G: TextGame + Render + Evaluate + Solvable> Play for Session<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn side_names(&self) -> [&'static str; 2] {
        G::SIDE_NAMES
    }

    fn variant(&self) -> Option<&str> {
        Session::variant(self)
    }

    fn legal_moves(&self) -> Vec<String> {
        let pos = self.position();
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        moves.iter().map(|&mv| pos.move_to_string(mv)).collect()
    }

    fn move_cells(&self, text: &str) -> Result<Vec<String>, SessionError> {
        let pos = self.position();
        let mv = pos
            .parse_move(text.trim())
            .map_err(|e| SessionError::Move {
                label: abstract_game::record::move_label(
                    self.moves().len(),
                    self.start().side_to_move(),
                ),
                text: text.to_owned(),
                side: G::side_name(pos.side_to_move()),
                reason: e.to_string(),
            })?;
        Ok(pos.move_cells(mv).iter().map(ToString::to_string).collect())
    }

    fn play(&mut self, text: &str) -> Result<(), SessionError> {
        self.play_text(text).map(|_| ())
    }

    fn undo(&mut self) -> bool {
        Session::undo(self).is_some()
    }

    fn played(&self) -> Vec<String> {
        self.move_texts()
    }

    fn first_to_move(&self) -> bool {
        self.position().side_to_move() == Side::First
    }

    fn side_to_move(&self) -> &'static str {
        G::side_name(self.position().side_to_move())
    }

    fn result(&self) -> Option<String> {
        self.position()
            .outcome()
            .map(|outcome| G::describe(outcome).to_string())
    }

    fn position_text(&self) -> String {
        self.position().to_text()
    }

    fn record_text(&self) -> String {
        self.record().to_string()
    }

    fn diagram(&self) -> String {
        self.position().diagram()
    }

    fn svg(&self, flip: bool, cell: u32) -> String {
        let options = SvgOptions {
            cell: cell.clamp(16, 128),
            flip,
            last_move: self.moves().last().copied(),
            ..SvgOptions::default()
        };
        self.position().clickable_svg(&options)
    }

    fn think(&self, spec: &EngineSpec, budget: Budget) -> Result<TextThought, SessionError> {
        let pos = self.position();
        let thought = crate::think(pos, spec, budget, &Tables::None, &AtomicBool::new(false))?;
        Ok(TextThought {
            best: pos.move_to_string(thought.best),
            nodes: thought.info.nodes,
            depth: thought.info.depth,
            score: thought.info.score.to_string(),
            pv: thought.line(pos),
            millis: thought.info.elapsed.as_secs_f64() * 1000.0,
        })
    }

    fn solved(&self) -> Option<String> {
        use abstract_game::PositionIndex;
        let pos = self.position();
        let index = G::position_index(pos.rules())?;
        let node = index.node_of(pos)?;
        let analysis = game_solve::analyse(&index, node, SOLVE_LIMIT).ok()?;
        Some(game_solve::describe::<G>(
            pos.side_to_move(),
            analysis.root(),
        ))
    }
}
