//! Engine-against-engine studies of two-player games, for the questions a game's designer
//! leaves open: does moving first help, how often is a game drawn, which rule ends it, does
//! a variant change that, does more thought keep paying?
//!
//! * A [`Study`] is a list of [`Cell`]s (a preset and two [`Contestant`]s: engine, budget a
//!   move, an opening plan) each played for a number of games in pairs that share random
//!   opening plies with colours swapped. Every game is repeatable from the study's seed, so a
//!   study split into [`Unit`]s over machines merges into the one-machine result.
//! * A [`GameRow`] is what a game leaves (sides, winner, [`Ending`](abstract_game::Ending) or
//!   the study's stop by repetition or the cap, plies, the choices along the way, scores, the
//!   opening's key, and a trace of one evaluation, move count, piece count and repetition count
//!   a ply), with a one-line text form for files.
//! * [`measures`] turns a game's trace into the per-game measures of its course: lead
//!   changes, drama, stability, uncertainty, the decisiveness threshold, repetition,
//!   branching, pieces and captures, game-tree complexity.
//! * A [`Summary`] turns a cell's rows into the measures: balance, draws, decisiveness,
//!   completion, duration, branching factor, endings, margins and pairs by points, each with
//!   its 95% interval (`game_stats::interval`). The intervals count distinct openings rather than games:
//!   between deterministic engines the games of one opening are one game played again.
//! * [`chart`] draws results, draws, the skill trace, endings, points margins and game lengths
//!   as SVG.
//!
//! It does no I/O; `jgames study` is its command line.
//!
//! # Example
//!
//! Nim from two equal heaps is lost for the side to move, so a perfect player moving second
//! wins every game. Alpha-beta searching to the end plays perfectly:
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//!
//! use abstract_game::nim::{Nim, NimRules};
//! use game_search::{Budget, EngineSpec};
//! use game_study::{Cell, Contestant, Study, Summary, Unit};
//!
//! let perfect = Contestant::new("alphabeta".parse::<EngineSpec>()?, Budget::depth(12));
//! let study = Study::<Nim> {
//!     cells: vec![Cell { variant: "small".into(), rules: NimRules::default(), players: [perfect; 2] }],
//!     games: 8,
//!     seed: 1,
//!     opening_plies: 0,
//!     max_plies: 100,
//!     repetition: Some(3),
//!     starts: Vec::new(),
//! };
//! let rows = study.run(Unit::ALL, 2, &AtomicBool::new(false), &|_| {});
//! let summary = Summary::of::<Nim>(&rows).unwrap();
//! assert_eq!(summary.first_mover.losses, 8);
//! assert_eq!(summary.a_score().unwrap().value, 0.5);
//! # Ok::<(), game_search::SpecError>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod chart;
pub mod measures;
mod row;
mod study;
mod summary;

pub use game_arena::Ply;
pub use row::{GameRow, RowError};
pub use study::{Cell, Contestant, Study, Unit};
pub use summary::{Pairs, Record, Summary};
