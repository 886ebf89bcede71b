//! One game in progress, for every front end.
//!
//! The command line (`jgames show`, `play`, `ugi`, ...), the Python package and the web page
//! each hold a game someone is playing: rules chosen by a variant text, a start position, the
//! moves so far (with undo), a record to read or write, and now and then an engine's move
//! within the limits the person gave. Written three times, the three drifted apart (one read
//! `+switch`es and two did not; one gave a search 100 ms when no limit was set, one the
//! engine's default). This crate is the one copy: [`Session`] is the game, [`Limits`] the one
//! rule from a caller's limits to a search [`Budget`](game_search::Budget), [`think`] an
//! engine's move with what the search saw, and [`Play`] the same game behind an object-safe
//! text interface for bindings that must not name a game's types. Each front end keeps only
//! its translation: arguments and messages, Python values, JavaScript values.
//!
//! ```
//! use game_session::{Limits, Session, Tables};
//! use std::sync::atomic::AtomicBool;
//! use abstract_game::Game;
//! use jetan_core::Position;
//!
//! let mut game = Session::<Position>::new(Some("standard"))?;
//! game.play_text("Pe2-e3")?;
//! assert!(game.play_text("Pe2-e3").is_err()); // Orange to move: refused, nothing changes
//! assert_eq!(game.move_texts(), ["Pe2-e3"]);
//! let spec = "alphabeta:depth=2".parse()?;
//! let budget = Limits::NONE.budget(&spec);
//! let thought = game_session::think(game.position(), &spec, budget, &Tables::None, &AtomicBool::new(false))?;
//! assert!(game.position().is_legal(thought.best));
//! assert!(game.undo().is_some() && game.moves().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! With the `tables` feature (on by default), engines whose spec uses tables read the tables
//! of perfect play of a folder ([`Tables`]); without it (WebAssembly) they search alone.

#![deny(missing_docs)]

mod error;
mod limits;
mod play;
mod session;
mod think;

pub use error::SessionError;
pub use limits::{DEFAULT_MOVE_TIME, Limits};
pub use play::{Play, SOLVE_LIMIT, TextThought};
pub use session::{Session, rules_of};
pub use think::{Tables, Thought, engine_for, think};
