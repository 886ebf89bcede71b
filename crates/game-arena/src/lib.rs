//! One game between two engines, played the same way wherever engines meet: the match
//! command (`jgames match`) and the studies (`game-study`) both play their games here, so a
//! rule of play (how openings are drawn, who takes which colour, how a clock is kept, when a
//! game counts as lost) is written once and means the same in both.
//!
//! * An [`Arena`] holds what is the same for every game: the seed and number of random
//!   opening plies, how [`Colours`] are given, each engine's budget, an optional [`Clock`] and
//!   the ply cap. [`Arena::play`] plays game `g` from a start position and an opening line:
//!   games `2k` and `2k + 1` form a pair, with the same random plies and the colours swapped.
//! * [`Openings`] is a list of start positions with their lines, one per pair, in order or
//!   shuffled by a seed.
//! * [`Played`] is what a game leaves: its start and every move (so its
//!   [`record`](Played::record)), where the engines took over, how it [`Finish`]ed, engine A's
//!   side, the legal moves summed along the way and a [`Ply`] trace of every position where
//!   a move was chosen (evaluation, legal moves, pieces, earlier occurrences).
//! * [`Arena::repetition`] optionally stops a game when one position, with the same side to
//!   move, comes back for the `n`th time ([`Finish::Repetition`]).
//!
//! The crate knows no game and does no I/O; engines come from `game-search`.
//!
//! # Example
//!
//! Nim from two equal heaps is lost for the side to move: alpha-beta searching to the end
//! wins every game it plays second.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//!
//! use abstract_game::Game;
//! use abstract_game::nim::{Nim, NimRules};
//! use game_arena::{Arena, Colours, Finish};
//! use game_search::{Budget, Engine, EngineSpec};
//!
//! let spec: EngineSpec = "alphabeta".parse()?;
//! let arena = Arena::new(Colours::FromStart, [Budget::depth(12); 2]);
//! let mut engines: [Box<dyn Engine<Nim>>; 2] = [spec.build(), spec.build()];
//! let start = Nim::new(NimRules::default());
//! let game = arena.play(&start, &[], 1, &mut engines, &AtomicBool::new(false)).unwrap();
//! assert_eq!(game.finish, Finish::Rule);
//! assert_eq!(game.winner(), Some(game.a_side));
//! # Ok::<(), game_search::SpecError>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod arena;
mod clock;
mod openings;
mod played;

pub use arena::{Arena, Colours, EVAL_CLAMP, trace_eval};
pub use clock::Clock;
pub use openings::Openings;
pub use played::{Finish, Played, Ply};
