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
//!   search, a transposition table keyed by [`Game::zobrist`], and killer and history move
//!   ordering, over the game's [`Evaluate`](abstract_game::Evaluate) heuristic or another
//!   evaluation given to [`AlphaBeta::with_evaluator`].
//!
//! [`elo`] turns the score of a match into an Elo difference with its 95% interval.
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
//! Nim where a move takes one or two stones and whoever takes the last stone wins: from 5
//! stones the winning move leaves a multiple of 3.
//!
//! ```
//! use abstract_game::{Evaluate, Game, Outcome, Rules, Side};
//! use game_search::{AlphaBeta, Budget, Engine, EngineSpec, Mcts, MctsOptions, Score};
//!
//! #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
//! struct NimRules;
//! impl Rules for NimRules {
//!     const PRESETS: &'static [&'static str] = &["standard"];
//!     fn preset(name: &str) -> Option<Self> { (name == "standard").then_some(NimRules) }
//! }
//!
//! #[derive(Clone, Copy, Debug)]
//! struct Nim { stones: u8, to_move: Side }
//!
//! impl Game for Nim {
//!     type Move = u8;
//!     type Rules = NimRules;
//!     type MoveList = arrayvec::ArrayVec<u8, 2>;
//!     const NAME: &'static str = "nim";
//!     const SIDE_NAMES: [&'static str; 2] = ["First", "Second"];
//!     fn new(_: NimRules) -> Self { Nim { stones: 5, to_move: Side::First } }
//!     fn rules(&self) -> NimRules { NimRules }
//!     fn side_to_move(&self) -> Side { self.to_move }
//!     fn legal_moves(&self, moves: &mut Self::MoveList) {
//!         moves.clear();
//!         for take in 1..=self.stones.min(2) { moves.push(take); }
//!     }
//!     fn play_unchecked(&mut self, take: u8) {
//!         self.stones = self.stones.saturating_sub(take);
//!         self.to_move = !self.to_move;
//!     }
//!     fn outcome(&self) -> Option<Outcome> {
//!         (self.stones == 0).then(|| Outcome::win(!self.to_move))
//!     }
//!     fn zobrist(&self) -> u64 { self.zobrist_from_scratch() }
//!     fn zobrist_from_scratch(&self) -> u64 { u64::from(self.stones) * 2 + self.to_move.index() as u64 }
//! }
//!
//! // No heuristic: alpha-beta finds the results themselves.
//! impl Evaluate for Nim {
//!     fn evaluate(&self) -> i32 { 0 }
//! }
//!
//! let start = Nim::new(NimRules);
//!
//! let mut alphabeta = AlphaBeta::<Nim>::default();
//! let (mv, info) = alphabeta.choose(&start, &Budget::depth(10)).unwrap();
//! assert_eq!(mv, 2);
//! // Take 2, then whatever the reply, take the rest: a win on the third ply.
//! assert_eq!(info.score, Score::Win(3));
//!
//! let mut mcts = Mcts::<Nim>::new(MctsOptions { seed: 7, ..MctsOptions::DEFAULT });
//! let (mv, _) = mcts.choose(&start, &Budget::iterations(2_000)).unwrap();
//! assert_eq!(mv, 2);
//!
//! // Engines from text, swapped in one line.
//! let mut engine: Box<dyn Engine<Nim>> = "alphabeta:depth=8".parse::<EngineSpec>().unwrap().build();
//! assert_eq!(engine.choose(&start, &Budget::default()).unwrap().0, 2);
//! engine = "random:seed=3".parse::<EngineSpec>().unwrap().build();
//! assert!(engine.choose(&start, &Budget::default()).is_some());
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod alphabeta;
mod budget;
pub mod elo;
mod engine;
mod mcts;
mod random;
mod spec;

pub use alphabeta::{AlphaBeta, AlphaBetaOptions, MAX_DEPTH, MovePriority};
pub use budget::{Budget, MAX_RESULT_PLIES, Score, SearchInfo, WIN_SCORE};
pub use engine::Engine;
pub use mcts::{Mcts, MctsOptions};
pub use random::Random;
pub use spec::{EngineSpec, RandomOptions, SpecError};
