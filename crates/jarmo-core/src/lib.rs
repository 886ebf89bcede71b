//! The complete rules of **Jarmo** and its variant **Jasir**: archers on a 25-hole board joined
//! by 39 lines, racing to the enemy's first row.
//!
//! * [`Position`]: a legal position; it implements [`abstract_game::Game`] (legal moves, checked
//!   play, outcome with scores, incremental Zobrist hash) and [`abstract_game::TextGame`].
//! * [`Rules`]: every rule option (direction, return rule, goal-row capture restriction,
//!   blocked side, no-shuttling, first player) and the presets `jarmo`, `jasir`,
//!   `jasir-reserve`, `jasir-basic`.
//! * [`Move`] and its notation (`c1-d3`, `c1xd3`, `b3xa5/b1`, `@b1`, `pass`).
//! * [`Setup`]: an unchecked position, as parsed from the position text, validated into a
//!   [`Position`].
//!
//! # Position text
//!
//! [`Position::to_text`] and [`Position::from_text`] use one line of seven space-separated
//! fields: the board (row 5 first, rows separated by `/`; `b`/`w` an archer, `B`/`W` a marked
//! one, a digit 1-5 a run of empty holes), the side to move (`b` or `w`), the archers waiting to
//! return (`black/white`), the unspent return credits (`black/white`), the passes made in
//! succession just before (0-2), and the no-shuttling records of Black and White (`-` or the
//! last step with its back-and-forth count, e.g. `c1-d3:2`). Trailing fields after the board
//! may be left out and then take their start values. The rules are not part of the text. The
//! start position is `wwwww/5/5/5/bbbbb b 0/0 0/0 0 - -`.
//!
//! # Example
//!
//! ```
//! use abstract_game::{Game, Rules as _, perft::perft};
//! use jarmo_core::{Position, Rules};
//!
//! let mut pos = Position::new(Rules::preset("jasir-basic").unwrap());
//! assert_eq!(perft(&pos, 3), 1_307);
//!
//! let mv = pos.parse_move("c1-d3")?;
//! pos.play(mv)?;
//! assert_eq!(pos.to_text(), "wwwww/5/3b1/5/bb1bb w 0/0 0/0 0 - -");
//! assert!(pos.parse_move("c1-d3").is_err()); // c1 is empty now
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod board;
mod movegen;
mod moves;
mod notation;
mod playout;
mod position;
pub mod rules;
mod setup;
mod text;
mod zobrist;

pub use board::{BLACK, Hole, HoleIndexError, Holes, ParseHoleError, WHITE};
pub use moves::Move;
pub use notation::{MoveError, Notation};
pub use position::{MAX_MOVES, MoveList, Position, Shuttle};
pub use rules::Rules;
pub use setup::{Setup, SetupError};
pub use text::PositionError;

pub use abstract_game::{Game, Outcome, Scores, Side};
