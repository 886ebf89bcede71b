//! Game-free players for two-player games: uniform random, Monte Carlo tree search and
//! alpha-beta, generic over [`abstract_game::Game`], behind one [`Engine`] trait.
//!
//! # Engines
//!
//! * [`Random`] plays a uniformly random legal move from a seeded stream.
//! * [`Mcts`] is UCT: each iteration walks down the tree choosing the child with the best
//!   `mean + c * sqrt(ln N / n)`, adds one node, plays the game out at random with the game's
//!   own fast [`Game::playout`] loop and backs the result up (win 1, draw 1/2, loss 0; a game
//!   decided on points counts for its winner). It plays the most visited move. It keeps the
//!   subtree of the next position between moves, can search several independent trees on
//!   threads, and is repeatable: the same seed and iteration budget give the same move.
//!   It needs only [`Game`].
//! * [`AlphaBeta`] is negamax with alpha-beta pruning, iterative deepening, principal variation
//!   search, a transposition table keyed by [`Game::zobrist`], move ordering (killers, the
//!   game's capture hint, the evaluation after each quiet move, history), late-move
//!   reductions, a quiescence search over captures where the game asks for one, a contempt
//!   for draws and a parallel search on several threads sharing a lock-free table (Lazy
//!   SMP), over the game's [`Evaluate`](abstract_game::Evaluate) heuristic or another
//!   evaluation given to [`AlphaBeta::with_evaluator`].
//!
//! [`settled_value`] is an evaluation settled over the captures (a small quiescence search),
//! which MCTS built by [`EngineSpec::build`] uses to judge cut-off playouts in games that
//! capture.
//!
//! [`Planned`] follows one of the game's named opening plans
//! ([`Evaluate::OPENINGS`](abstract_game::Evaluate::OPENINGS)) before another engine takes over.
//!
//! [`EngineSpec`] reads engines from text (`mcts:iterations=20000,c=1.4`,
//! `alphabeta:depth=4,hash=64`) and builds them as `Box<dyn Engine<G>>`.
//!
//! # Scores
//!
//! A [`Score`] is from the view of the side to move. Heuristic values stay within
//! `±EVAL_BOUND` ([`abstract_game::EVAL_BOUND`]); a proven result is a [`Score::Win`] or
//! [`Score::Loss`] with its distance in plies. Internally a win `n` plies ahead is
//! [`WIN_SCORE`]` - n` (four times `EVAL_BOUND`, minus the distance), so faster wins score
//! higher and slower losses are preferred. MCTS reports the mean result of its move in per
//! mille as a [`Score::Value`] (`1000` all wins, `-1000` all losses), or a win in 1 when the
//! move ends the game in the mover's favour.
//!
//! # Budgets
//!
//! A [`Budget`] limits iterations, nodes, depth and wall time; every limit set applies and
//! the first reached ends the search. An engine also has a default budget (from its spec,
//! else a fixed default) used for the limits the call leaves unset; [`Budget::INFINITE`]
//! searches until the stop flag given to [`Engine::search`] is set. Whatever stops it, a
//! search returns a legal move while the game goes on.
//!
//! [`Game`]: abstract_game::Game
//! [`Game::playout`]: abstract_game::Game::playout
//! [`Game::zobrist`]: abstract_game::Game::zobrist
//!
//! # Example
//!
//! The toy game of `abstract_game::nim`: two heaps, a move takes one to three stones from one
//! of them, and whoever takes the last stone wins. The side to move loses exactly when the
//! heaps are equal modulo 4, so from heaps of 5 and 2 a winning move makes them so.
//!
//! ```
//! use abstract_game::Game;
//! use abstract_game::nim::Nim;
//! use game_search::{AlphaBeta, Budget, Engine, EngineSpec, Mcts, MctsOptions, Score};
//!
//! let start = Nim::at(5, 2);
//!
//! let mut alphabeta = AlphaBeta::<Nim>::default();
//! let (mv, info) = alphabeta.choose(&start, &Budget::depth(12)).unwrap();
//! assert!(start.after(mv).is_lost());
//! // Nim has no heuristic (its evaluation is 0): the score is a proven win.
//! assert!(matches!(info.score, Score::Win(_)));
//!
//! let mut mcts = Mcts::<Nim>::new(MctsOptions { seed: 7, ..MctsOptions::DEFAULT });
//! let (mv, _) = mcts.choose(&start, &Budget::iterations(5_000)).unwrap();
//! assert!(start.after(mv).is_lost());
//!
//! // Engines from text, swapped in one line.
//! let mut engine: Box<dyn Engine<Nim>> = "alphabeta:depth=12".parse::<EngineSpec>().unwrap().build();
//! assert!(start.after(engine.choose(&start, &Budget::default()).unwrap().0).is_lost());
//! engine = "random:seed=3".parse::<EngineSpec>().unwrap().build();
//! assert!(engine.choose(&start, &Budget::default()).is_some());
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod alphabeta;
mod budget;
mod busy_nodes;
mod engine;
mod mcts;
mod oracle;
mod planned;
mod random;
mod settle;
mod spec;
mod table;

pub use alphabeta::{AlphaBeta, AlphaBetaOptions, MAX_DEPTH, MovePriority};
pub use budget::{Budget, MAX_RESULT_PLIES, Score, SearchInfo, WIN_SCORE, clock_allotment};
pub use engine::{Engine, Found, Watch};
pub use mcts::{DEFAULT_EXPLORATION, Mcts, MctsDefaults, MctsOptions};
pub use oracle::SharedOracle;
pub use planned::Planned;
pub use random::Random;
pub use settle::{SETTLE_PLIES, settled_value};
pub use spec::{EngineSpec, RandomOptions, SpecError};
