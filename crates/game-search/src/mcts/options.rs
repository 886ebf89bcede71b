//! The options of a Monte Carlo search and the defaults a game gives them.

use crate::Budget;
#[cfg(doc)]
use crate::Mcts;

/// The options of [`Mcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// The UCT exploration constant `c` in `mean + c * sqrt(ln N / n)`, results being 1 for a
    /// win, 1/2 for a draw and 0 for a loss. Finite and not negative. `None`: the game's own
    /// ([`SearchHints::mcts_exploration`](abstract_game::SearchHints::mcts_exploration) when the
    /// engine is built by [`EngineSpec::build`](crate::EngineSpec::build)), else
    /// [`DEFAULT_EXPLORATION`].
    pub exploration: Option<f64>,
    /// The seed of the random streams: the same seed and the same budget in iterations give
    /// the same search.
    pub seed: u64,
    /// Independent trees searched in parallel (root parallelism), at least 1; their root
    /// visits are summed.
    pub threads: usize,
    /// The longest playout, in plies; a playout stopped by the cap counts as a draw.
    pub playout_cap: u32,
    /// With an evaluation ([`Mcts::with_evaluator`]; [`EngineSpec::build`](crate::EngineSpec::build)
    /// sets the game's own): playouts stop after this many random plies, and the evaluation
    /// of where they stopped is backed up as the chance of a win, `1 / (1 + e^(-v / 200))` for
    /// the side ahead by `v`. For games whose random playouts end in a draw almost always, or
    /// are too long and noisy to tell a search much. 0 plays out to the end. `None`: the game's
    /// own ([`SearchHints::mcts_cutoff`](abstract_game::SearchHints::mcts_cutoff) when built by
    /// [`EngineSpec::build`](crate::EngineSpec::build)), else 0.
    pub cutoff: Option<u32>,
    /// With a prior evaluation ([`Mcts::with_prior`]; [`EngineSpec::build`](crate::EngineSpec::build)
    /// sets the game's own): the weight, from 0 to 1, of the *implicit minimax* value in the
    /// selection. A node's moves are then all made at once when it is first reached, each
    /// child judged by the evaluation after its move; every node keeps the minimax of those
    /// judgements over the tree below it, and a child is selected by `(1 - w) * mean + w *
    /// minimax + c * sqrt(ln N / (n + 1))`, an unvisited child's mean being its minimax.
    /// 0 is the plain search, one child a iteration. `None`: the game's own
    /// ([`SearchHints::mcts_minimax`](abstract_game::SearchHints::mcts_minimax) when built by
    /// [`EngineSpec::build`](crate::EngineSpec::build)), else 0.
    pub minimax: Option<f64>,
    /// With the implicit minimax on: progressive widening. The children are kept in the order
    /// of their first judgement, best first, and a node visited `N` times selects among its
    /// first `ceil(widening * sqrt(N + 1))` only, so that a wide node is searched deeply along
    /// its likely moves before its unlikely ones are tried. 0 selects among them all. `None`:
    /// the game's own ([`SearchHints::mcts_widening`](abstract_game::SearchHints::mcts_widening) when
    /// built by [`EngineSpec::build`](crate::EngineSpec::build)), else 0.
    pub widening: Option<f64>,
    /// What a draw costs the side to move at the root, on the evaluation's scale: a draw
    /// counts for that side as the win chance of an evaluation of `-contempt` (the logistic of
    /// [`cutoff`](MctsOptions::cutoff)) and for its opponent as the rest, so the search plays
    /// on in a level position rather than take a draw. 0 counts a draw as 1/2 for both.
    /// `None`: the game's own ([`SearchHints::contempt`](abstract_game::SearchHints::contempt) when
    /// built by [`EngineSpec::build`](crate::EngineSpec::build)), else 0.
    pub contempt: Option<i32>,
    /// The most nodes a tree may hold (per thread); once full, the tree stops growing and the
    /// search goes on with playouts from its leaves. At least 1.
    pub max_nodes: usize,
    /// Whether the subtree of the new position is kept from the previous search when the new
    /// position is one or two plies below the previous one.
    pub reuse: bool,
    /// The default budget, used where the budget of a call leaves a limit unset.
    pub budget: Budget,
    /// Whether tables of perfect play are used where a front end finds them (see
    /// [`Engine::set_oracle`](crate::Engine::set_oracle)).
    pub tables: bool,
}

/// The exploration constant of a search whose options and game leave it unset.
pub const DEFAULT_EXPLORATION: f64 = 1.4;

/// A game's defaults for the options of [`Mcts`] that a spec leaves unset (see
/// [`MctsOptions::with_game_defaults`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsDefaults {
    /// Random plies before the evaluation judges a playout ([`MctsOptions::cutoff`]).
    pub cutoff: u32,
    /// The exploration constant ([`MctsOptions::exploration`]).
    pub exploration: f64,
    /// The weight of the implicit minimax value ([`MctsOptions::minimax`]).
    pub minimax: f64,
    /// The progressive widening factor ([`MctsOptions::widening`]).
    pub widening: f64,
    /// What a draw costs the root's side ([`MctsOptions::contempt`]).
    pub contempt: i32,
}

impl MctsDefaults {
    /// The defaults of a game's evaluation ([`SearchHints::mcts_cutoff`](abstract_game::SearchHints::mcts_cutoff)
    /// and its siblings).
    pub const fn of<G: abstract_game::Evaluate>() -> MctsDefaults {
        MctsDefaults {
            cutoff: G::SEARCH_HINTS.mcts_cutoff,
            exploration: G::SEARCH_HINTS.mcts_exploration,
            minimax: G::SEARCH_HINTS.mcts_minimax,
            widening: G::SEARCH_HINTS.mcts_widening,
            contempt: G::SEARCH_HINTS.contempt,
        }
    }
}

impl MctsOptions {
    /// These options with the game's cutoff, exploration, minimax weight, widening and
    /// contempt where they leave them unset.
    pub const fn with_game_defaults(mut self, defaults: MctsDefaults) -> MctsOptions {
        if self.cutoff.is_none() {
            self.cutoff = Some(defaults.cutoff);
        }
        if self.exploration.is_none() {
            self.exploration = Some(defaults.exploration);
        }
        if self.minimax.is_none() {
            self.minimax = Some(defaults.minimax);
        }
        if self.widening.is_none() {
            self.widening = Some(defaults.widening);
        }
        if self.contempt.is_none() {
            self.contempt = Some(defaults.contempt);
        }
        self
    }

    /// The weight of the implicit minimax value in effect (0, off, when unset).
    pub const fn minimax_weight(&self) -> f64 {
        match self.minimax {
            Some(w) => w,
            None => 0.0,
        }
    }

    /// The contempt in effect (0 when unset).
    pub const fn draw_contempt(&self) -> i32 {
        match self.contempt {
            Some(c) => c,
            None => 0,
        }
    }

    /// The widening factor in effect (0, every child, when unset).
    pub const fn widening_factor(&self) -> f64 {
        match self.widening {
            Some(k) => k,
            None => 0.0,
        }
    }

    /// The cutoff in effect (0 when unset).
    pub const fn cutoff_plies(&self) -> u32 {
        match self.cutoff {
            Some(plies) => plies,
            None => 0,
        }
    }

    /// The exploration constant in effect ([`DEFAULT_EXPLORATION`] when unset).
    pub const fn exploration_constant(&self) -> f64 {
        match self.exploration {
            Some(c) => c,
            None => DEFAULT_EXPLORATION,
        }
    }

    /// The default options: `c` and the cutoff left to the game (1.4 and none without one),
    /// seed 0, one thread, playouts capped at 1000 plies,
    /// a million nodes per tree, tree reuse on, no default budget of its own (so
    /// [`Mcts::DEFAULT_ITERATIONS`] when the call sets none either).
    pub const DEFAULT: MctsOptions = MctsOptions {
        exploration: None,
        seed: 0,
        threads: 1,
        playout_cap: 1000,
        cutoff: None,
        minimax: None,
        widening: None,
        contempt: None,
        max_nodes: 1_000_000,
        reuse: true,
        budget: Budget::DEFAULT,
        tables: true,
    };
}

impl Default for MctsOptions {
    fn default() -> MctsOptions {
        MctsOptions::DEFAULT
    }
}
