//! One game in progress, of any of the four games, behind an object-safe trait: the bindings
//! hold a `Box<dyn Play>` and never name a game's types.

use abstract_game::record::Record;
use abstract_game::svg::{Render, SvgOptions};
use abstract_game::{Evaluate, Game, GameRules as _, TextGame};
use game_search::{Budget, EngineSpec};

/// What the page asks of a game, in text.
pub trait Play {
    /// The game's name (`jarmo`, `jetan`, `jersi`, `jericho`).
    fn name(&self) -> &'static str;
    /// The names of the two sides, the side that moves first first.
    fn side_names(&self) -> [&'static str; 2];
    /// The preset the game is played under, `None` for the default rules.
    fn variant(&self) -> Option<&str>;
    /// The legal moves of the current position in notation.
    fn legal_moves(&self) -> Vec<String>;
    /// The cells a legal move (in notation) touches, in the order a player points at them.
    fn move_cells(&self, text: &str) -> Result<Vec<String>, String>;
    /// Plays a move given in notation; an illegal or unreadable move changes nothing.
    fn play(&mut self, text: &str) -> Result<(), String>;
    /// Takes back the last move; `false` at the start.
    fn undo(&mut self) -> bool;
    /// The moves played so far, in notation.
    fn played(&self) -> Vec<String>;
    /// Whether the first side (`p1`) is to move.
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
    /// The picture of the current position with a disc over each cell for pointing.
    fn svg(&self, flip: bool, cell: u32) -> String;
    /// An engine's move (not played) in the current position, with what the search saw.
    fn think(&self, spec: &EngineSpec, budget: &Budget) -> Result<Thought, String>;
    /// The exact value of the current position, "Black wins in 37" or "draw", where the rules
    /// are solvable and the position small enough to solve here (at most
    /// [`SOLVE_LIMIT`] positions reachable from it); `None` otherwise.
    fn solved(&self) -> Option<String>;
}

/// The most positions the page solves on the spot.
pub const SOLVE_LIMIT: usize = 50_000;

/// An engine's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
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

/// A game of `G`: where it started, the moves, and every position on the way (undo is a pop).
pub struct Session<G: Game> {
    variant: Option<String>,
    start: G,
    moves: Vec<G::Move>,
    positions: Vec<G>,
}

impl<G: TextGame> Session<G> {
    /// A game from the start of `variant` (`None` or empty: the default rules), or from
    /// `position` under those rules.
    pub fn new(variant: Option<&str>, position: Option<&str>) -> Result<Session<G>, String> {
        let variant = variant.filter(|v| !v.is_empty());
        let rules = match variant {
            None => G::Rules::default(),
            Some(name) => {
                G::Rules::find_preset(G::NAME, name)
                    .map_err(|e| e.to_string())?
                    .rules
            }
        };
        let start = match position {
            None => G::new(rules),
            Some(text) => G::from_text(text.trim(), rules).map_err(|e| e.to_string())?,
        };
        Ok(Session {
            variant: variant.map(str::to_owned),
            positions: vec![start.clone()],
            start,
            moves: Vec::new(),
        })
    }

    /// A game replayed from a record of `G`.
    pub fn from_record(record: &Record) -> Result<Session<G>, String> {
        let replay = record.replay::<G>().map_err(|e| e.to_string())?;
        let mut positions = Vec::with_capacity(replay.moves.len() + 1);
        let mut pos = replay.start.clone();
        positions.push(pos.clone());
        for &mv in &replay.moves {
            pos.play_unchecked(mv);
            positions.push(pos.clone());
        }
        Ok(Session {
            variant: record.variant.clone(),
            start: replay.start,
            moves: replay.moves,
            positions,
        })
    }

    fn current(&self) -> &G {
        self.positions.last().unwrap_or(&self.start)
    }
}

impl<G: TextGame + Render + Evaluate + abstract_game::Solvable> Play for Session<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn side_names(&self) -> [&'static str; 2] {
        G::SIDE_NAMES
    }

    fn variant(&self) -> Option<&str> {
        self.variant.as_deref()
    }

    fn legal_moves(&self) -> Vec<String> {
        let pos = self.current();
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        moves.iter().map(|&mv| pos.move_to_string(mv)).collect()
    }

    fn move_cells(&self, text: &str) -> Result<Vec<String>, String> {
        let pos = self.current();
        let mv = pos.parse_move(text).map_err(|e| e.to_string())?;
        Ok(pos.move_cells(mv).iter().map(ToString::to_string).collect())
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        let pos = self.current();
        let mv = pos.parse_move(text.trim()).map_err(|e| e.to_string())?;
        let mut next = pos.clone();
        next.play(mv).map_err(|e| e.to_string())?;
        self.moves.push(mv);
        self.positions.push(next);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    fn played(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&mv, before)| before.move_to_string(mv))
            .collect()
    }

    fn first_to_move(&self) -> bool {
        self.current().side_to_move() == abstract_game::Side::First
    }

    fn side_to_move(&self) -> &'static str {
        G::side_name(self.current().side_to_move())
    }

    fn result(&self) -> Option<String> {
        self.current()
            .outcome()
            .map(|outcome| G::describe(outcome).to_string())
    }

    fn position_text(&self) -> String {
        self.current().to_text()
    }

    fn record_text(&self) -> String {
        // Every move in the list was legal where it was played, so `of_game` cannot refuse.
        Record::of_game(&self.start, self.variant.as_deref(), &self.moves)
            .map(|record| record.to_string())
            .unwrap_or_default()
    }

    fn diagram(&self) -> String {
        self.current().diagram()
    }

    fn svg(&self, flip: bool, cell: u32) -> String {
        let options = SvgOptions {
            cell: cell.clamp(16, 128),
            flip,
            last_move: self.moves.last().copied(),
            ..SvgOptions::default()
        };
        self.current().clickable_svg(&options)
    }

    fn solved(&self) -> Option<String> {
        use abstract_game::PositionIndex;
        let pos = self.positions.last()?;
        let index = G::position_index(pos.rules())?;
        let node = index.node_of(pos)?;
        let analysis = game_solve::analyse(&index, node, SOLVE_LIMIT).ok()?;
        Some(game_solve::describe::<G>(
            pos.side_to_move(),
            analysis.root(),
        ))
    }

    fn think(&self, spec: &EngineSpec, budget: &Budget) -> Result<Thought, String> {
        let pos = self.current();
        let mut engine = spec.build::<G>();
        let (best, info) = engine
            .choose(pos, budget)
            .ok_or_else(|| "the game is over".to_owned())?;
        let mut line = pos.clone();
        let mut pv = Vec::with_capacity(info.pv.len());
        for &mv in &info.pv {
            if !line.is_legal(mv) {
                break;
            }
            pv.push(line.move_to_string(mv));
            line.play_unchecked(mv);
        }
        Ok(Thought {
            best: pos.move_to_string(best),
            nodes: info.nodes,
            depth: info.depth,
            score: info.score.to_string(),
            pv,
            millis: info.elapsed.as_secs_f64() * 1000.0,
        })
    }
}
