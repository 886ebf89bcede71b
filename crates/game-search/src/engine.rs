//! The one trait every engine implements.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The clock of wall-time budgets: `std::time::Instant`, except in the browser
/// (`wasm32-unknown-unknown`), where the standard clock panics and `web_time` reads the page's
/// `performance.now()` instead.
#[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_family = "wasm", target_os = "unknown"))]
pub(crate) use web_time::Instant;

use abstract_game::Game;

use crate::{Budget, SearchInfo};

/// What a search found: the chosen legal move and the statistics; `None` only when the game
/// is over.
pub type Found<G> = Option<(<G as Game>::Move, SearchInfo<G>)>;

/// How a caller follows a search it started: the flag that ends it early and where its
/// intermediate statistics go.
pub struct Watch<'a, G: Game> {
    /// Set by another thread to end the search early; it still answers, with the best move
    /// found so far.
    pub stop: &'a AtomicBool,
    /// Called with intermediate statistics (after each alpha-beta iteration, from time to
    /// time in MCTS).
    pub report: &'a mut dyn FnMut(&SearchInfo<G>),
}

impl<'a, G: Game> Watch<'a, G> {
    /// A watch that stops the search on `stop` and reports to `report`.
    pub fn new(stop: &'a AtomicBool, report: &'a mut dyn FnMut(&SearchInfo<G>)) -> Watch<'a, G> {
        Watch { stop, report }
    }
}

/// A player of `G`: given a position, it chooses a move.
///
/// Engines are swapped by changing one line (`let mut engine: Box<dyn Engine<G>> = ...`), for
/// example from an [`EngineSpec`](crate::EngineSpec). They keep state between moves (a
/// transposition table, a search tree, a random stream); [`new_game`](Engine::new_game)
/// forgets what belongs to the previous game.
pub trait Engine<G: Game>: Send {
    /// A short name with the options that matter, e.g. `mcts:iterations=20000`.
    fn name(&self) -> String;

    /// Forgets what was learnt in the previous game (tables, trees). Random streams go on, so
    /// that the games of a match differ.
    fn new_game(&mut self);

    /// Searches `pos` within `budget` (combined with the engine's default budget, see
    /// [`Budget::or`]) and returns the chosen legal move with the statistics. Returns `None`
    /// only when the game is over.
    ///
    /// The search ends early, still with a legal move (the best found so far), once the
    /// watch's `stop` is set by another thread; its `report` is called with intermediate
    /// statistics (after each alpha-beta iteration, from time to time in MCTS), for `info`
    /// lines.
    fn search(&mut self, pos: &G, budget: &Budget, watch: Watch<'_, G>) -> Found<G>;

    /// Gives the engine exact values known in advance (a table of perfect play): a position
    /// the oracle knows is a leaf with its exact value, and at a known root the engine plays
    /// the move that keeps the value. Engines that cannot use one (the random mover) ignore
    /// it.
    fn set_oracle(&mut self, oracle: crate::SharedOracle<G>) {
        let _ = oracle;
    }

    /// [`search`](Engine::search) without a stop flag or intermediate reports.
    fn choose(&mut self, pos: &G, budget: &Budget) -> Found<G> {
        let never = AtomicBool::new(false);
        self.search(pos, budget, Watch::new(&never, &mut |_| {}))
    }
}

impl<G: Game, E: Engine<G> + ?Sized> Engine<G> for Box<E> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn new_game(&mut self) {
        (**self).new_game();
    }
    fn search(&mut self, pos: &G, budget: &Budget, watch: Watch<'_, G>) -> Found<G> {
        (**self).search(pos, budget, watch)
    }
    fn choose(&mut self, pos: &G, budget: &Budget) -> Found<G> {
        (**self).choose(pos, budget)
    }
    fn set_oracle(&mut self, oracle: crate::SharedOracle<G>) {
        (**self).set_oracle(oracle);
    }
}

/// An evaluation given to an engine in place of (or, for MCTS cut-offs, besides) the game's
/// own: the value for the side to move. Shared by the clones of an engine; `Debug` shows it
/// without its closure.
#[derive(Clone)]
pub(crate) struct Evaluator<G>(Arc<dyn Fn(&G) -> i32 + Send + Sync>);

impl<G> Evaluator<G> {
    pub(crate) fn new(evaluate: impl Fn(&G) -> i32 + Send + Sync + 'static) -> Evaluator<G> {
        Evaluator(Arc::new(evaluate))
    }

    /// Out of line and cold, so that alpha-beta's default path, which has no custom
    /// evaluation, keeps its layout (inlined, the check measured about 1% of a search).
    #[cold]
    #[inline(never)]
    pub(crate) fn evaluate(&self, pos: &G) -> i32 {
        (self.0)(pos)
    }
}

impl<G> core::fmt::Debug for Evaluator<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Evaluator")
    }
}

/// The time and stop-flag side of a budget, shared by the engines.
pub(crate) struct Clock<'a> {
    start: Instant,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
}

impl<'a> Clock<'a> {
    pub(crate) fn new(time: Option<Duration>, stop: &'a AtomicBool) -> Clock<'a> {
        let start = Instant::now();
        Clock {
            start,
            deadline: time.and_then(|t| start.checked_add(t)),
            stop,
        }
    }

    /// Whether the stop flag is set or the time is up.
    pub(crate) fn expired(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}
