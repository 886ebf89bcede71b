//! A study: cells (a preset, two engines and their budgets) each played for a number of games
//! in pairs, every game repeatable from the study's seed alone.
//!
//! Game `g` of a cell starts from the preset's start position (or from the study's start
//! position `(g / 2) mod n` of `n` given, see [`Study::starts`]) with the random opening plies
//! of pair `g / 2` (the same for every cell, so presets and engines meet the same openings),
//! engine A moving first in even games and second in odd ones. Engines are built afresh for
//! every game, seeded from the game's number where they draw random numbers, and budgets are
//! counted in nodes or plies, not time: a game's result depends on nothing but the study, so
//! work units run anywhere merge into exactly the one-machine result.
//!
//! A study also stops a game when one position, with the same side to move, occurs for the
//! [`repetition`](Study::repetition)th time (the third by default in `jgames study`), the
//! random opening plies included: between deterministic engines a position that comes back
//! tends to come back for ever, and such a game would otherwise run to the ply cap. This is
//! how the study counts, not a rule of any game: the row says the game was stopped by
//! repetition, apart from the games the rules ended and those the cap stopped.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use abstract_game::playout::game_seed;
use abstract_game::{Evaluate, Game, Opening, Outcome};
use game_arena::{Arena, Colours, Finish};
use game_search::{Budget, Engine, EngineSpec, Planned};

use crate::row::GameRow;

/// One side of a cell: an engine, the budget of each of its moves, and an opening plan it
/// follows first, if any.
pub struct Contestant<G: Game> {
    /// The engine.
    pub spec: EngineSpec,
    /// The budget of every move.
    pub budget: Budget,
    /// A plan for the opening ([`Evaluate::OPENINGS`]), followed while it has a move.
    pub opening: Option<Opening<G>>,
}

impl<G: Game> Clone for Contestant<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Contestant<G> {}

impl<G: Game + Evaluate> Contestant<G> {
    /// `spec` with `budget` a move and no opening plan.
    pub fn new(spec: EngineSpec, budget: Budget) -> Contestant<G> {
        Contestant {
            spec,
            budget,
            opening: None,
        }
    }

    /// The engine for one game, its random stream (if it has one) seeded with `seed`.
    fn build(&self, seed: u64) -> Box<dyn Engine<G>> {
        let mut spec = self.spec;
        match &mut spec {
            EngineSpec::Random(o) => o.seed = seed,
            EngineSpec::Mcts(o) => o.seed = seed,
            EngineSpec::AlphaBeta(_) => {}
        }
        let engine = spec.build::<G>();
        match self.opening {
            Some(plan) => Box::new(Planned::new(plan, engine)),
            None => engine,
        }
    }

    /// The engine, budget and plan in words: `helms-deep+alphabeta @ 2000 nodes`.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(n) = self.budget.nodes {
            parts.push(format!("{n} nodes"));
        }
        if let Some(n) = self.budget.iterations {
            parts.push(format!("{n} iterations"));
        }
        if let Some(d) = self.budget.depth {
            parts.push(format!("depth {d}"));
        }
        let plan = self
            .opening
            .map_or(String::new(), |o| format!("{}+", o.name));
        if parts.is_empty() {
            format!("{plan}{}", self.spec)
        } else {
            format!("{plan}{} @ {}", self.spec, parts.join(", "))
        }
    }
}

/// One setting of a study: the rules and the two engines that play them.
#[derive(Clone)]
pub struct Cell<G: Game> {
    /// The rules' name: a preset's, with any rule switches (`jarmo+shuttling`, see
    /// [`GameRules::variant`](abstract_game::GameRules::variant)).
    pub variant: String,
    /// The rules.
    pub rules: G::Rules,
    /// Engine A and engine B.
    pub players: [Contestant<G>; 2],
}

/// Which games of a study one run plays: those whose number over the whole study, counted
/// cell after cell, leaves `index` when divided by `count`. The default, 0 of 1, is all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// This unit's number, below `count`.
    pub index: u32,
    /// How many units the study is split into.
    pub count: u32,
}

impl Unit {
    /// The whole study.
    pub const ALL: Unit = Unit { index: 0, count: 1 };

    /// Whether game number `id` of the study is this unit's.
    pub const fn has(&self, id: u64) -> bool {
        id % self.count as u64 == self.index as u64
    }
}

/// Many games of engines against engines, in cells, repeatable from `seed`.
#[derive(Clone)]
pub struct Study<G: Game> {
    /// The settings played, each for [`games`](Study::games) games.
    pub cells: Vec<Cell<G>>,
    /// Games per cell: an even number, each opening played with both colours.
    pub games: u32,
    /// The seed of the openings and of the engines' random streams.
    pub seed: u64,
    /// Random plies that open each game pair before the engines play.
    pub opening_plies: u32,
    /// A game still going after this many plies stops, with no ending: a draw, or for a game
    /// scored by points ([`Game::points_now`]) won by the side with more points.
    pub max_plies: u32,
    /// When `Some(n)`, a game stops with no ending when a position with the same side to move
    /// occurs for the `n`th time (the start and the random plies counted too), scored as a
    /// game stopped at the cap is; `None` plays on to the cap. The study's counting, not a
    /// rule of the game.
    pub repetition: Option<u32>,
    /// Positions to start from instead of the rules' start, one list per cell in the cells'
    /// order, each position built under its cell's rules (the same positions in every cell,
    /// so that the cells compare game by game). Pair `k` of a cell starts from its position
    /// `k mod n`, once with each colour. Empty (or an empty list): the rules' start.
    pub starts: Vec<Vec<G>>,
}

/// Keeps the streams of the openings and of the engines apart.
const ENGINE_SALT: u64 = 0x5EED_E461_E000_0001;

impl<G: Game + Evaluate> Study<G> {
    /// The number of games in the study.
    pub fn total(&self) -> u64 {
        self.cells.len() as u64 * u64::from(self.games)
    }

    /// The games of `unit`, as (cell, game) pairs in the study's order.
    pub fn games_of(&self, unit: Unit) -> Vec<(u32, u32)> {
        let games = u64::from(self.games.max(1));
        (0..self.total())
            .filter(|&id| unit.has(id))
            .map(|id| ((id / games) as u32, (id % games) as u32))
            .collect()
    }

    /// Plays game `game` of cell `cell`; `None` if `stop` was set before it ended.
    pub fn play(&self, cell: u32, game: u32, stop: &AtomicBool) -> Option<GameRow> {
        let setting = &self.cells[cell as usize];
        let start = match self.starts.get(cell as usize) {
            Some(list) if !list.is_empty() => list[(game / 2) as usize % list.len()].clone(),
            _ => G::new(setting.rules),
        };
        let id = u64::from(cell) * u64::from(self.games) + u64::from(game);
        let engine_seed = game_seed(self.seed ^ ENGINE_SALT, id);
        let mut engines = [
            setting.players[0].build(engine_seed),
            setting.players[1].build(engine_seed.wrapping_add(1)),
        ];
        // The study's cap counts every ply, the arena's the engines' plies only.
        let arena = Arena {
            seed: self.seed,
            random_plies: self.opening_plies.min(self.max_plies),
            colours: Colours::FromStart,
            budgets: setting.players.map(|p| p.budget),
            clock: None,
            max_plies: self.max_plies.saturating_sub(self.opening_plies),
            repetition: self.repetition,
        };
        let played = arena.play(&start, &[], game, &mut engines, stop)?;
        // The opening's key is that of the position where the engines took over, or the end
        // of a game cut short in its opening; a game whose random plies were all played but
        // whose engines never moved (it ended, or reached the cap, with its last random ply)
        // keeps the start's key, as the rows have always had it.
        let cut_short = played.opening_len < self.opening_plies as usize;
        let opening = if played.engine_plies() > 0 || cut_short {
            played.opening_key
        } else {
            start.zobrist()
        };
        // A game the study stopped before its end is scored as the rules score any game, by
        // its points where it has them (Jarmo), and is a draw where it has none.
        let (winner, scores) = match (played.finish, played.end.points_now()) {
            (Finish::PlyCap | Finish::Repetition, Some(points)) => {
                (Outcome::by_scores(points).winner, Some(points))
            }
            _ => (played.winner(), played.end.outcome().and_then(|o| o.scores)),
        };
        Some(GameRow {
            cell,
            game,
            first: start.side_to_move(),
            a_side: played.a_side,
            winner,
            ending: played.end.ending(),
            repetition: played.finish == Finish::Repetition,
            plies: played.moves.len() as u32,
            choices: played.choices,
            scores: scores.map(|s| s.0),
            opening,
            trace: played.trace,
        })
    }

    /// Plays the games of `unit` on `threads` threads (at least one) and returns their rows in
    /// the study's order. `on_row` sees each row as its game ends (in no fixed order). When
    /// `stop` is set, games under way are dropped and the rows finished so far are returned.
    pub fn run(
        &self,
        unit: Unit,
        threads: usize,
        stop: &AtomicBool,
        on_row: &(dyn Fn(&GameRow) + Sync),
    ) -> Vec<GameRow> {
        let work = self.games_of(unit);
        let next = AtomicU64::new(0);
        let rows = Mutex::new(Vec::with_capacity(work.len()));
        let worker = || {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                if i >= work.len() || stop.load(Ordering::Relaxed) {
                    break;
                }
                let (cell, game) = work[i];
                let Some(row) = self.play(cell, game, stop) else {
                    break;
                };
                on_row(&row);
                rows.lock().unwrap_or_else(|e| e.into_inner()).push(row);
            }
        };
        if threads <= 1 {
            worker();
        } else {
            std::thread::scope(|scope| {
                for _ in 0..threads.min(work.len().max(1)) {
                    scope.spawn(worker);
                }
            });
        }
        let mut rows = rows.into_inner().unwrap_or_else(|e| e.into_inner());
        rows.sort_unstable_by_key(|r| (r.cell, r.game));
        rows
    }
}
