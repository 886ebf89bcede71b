//! The complete rules of Jersi, Lucas Borboleta's game of cubes on a hexagonal board:
//! legal turns, bulk counting, the author's notation, a position text and perft.
//!
//! Each side has 21 cubes (King, Fools, Wise men, Rocks, Papers, Scissors, Mountains) on a
//! board of 69 hexagons. A turn is a cube step (optionally followed by the step of the stack it
//! built), a stack step (optionally followed by its top cube's step) or one or two drops from
//! the reserve. Bring your King to the far row to win. See `docs/jersi.md` for the rules in
//! full.
//!
//! [`Position`] implements [`abstract_game::Game`] (a move is a whole turn) and
//! [`abstract_game::TextGame`].
//!
//! # Example
//!
//! ```
//! use abstract_game::{Game, TextGame, perft::perft};
//! use jersi_core::{Position, Rules};
//!
//! let mut pos = Position::new(Rules::default());
//! assert_eq!(pos.count_legal_moves(), 864);
//!
//! // Turns are written in the author's notation; two drops in either order.
//! let mv = pos.parse_move("b8-b7=d8").unwrap();
//! pos.play(mv).unwrap();
//! let drops = pos.parse_move("m:e4/m:e3").unwrap();
//! assert_eq!(pos.move_to_string(drops), "m:e3/m:e4");
//!
//! // The variant without drops.
//! let no_drop = Position::new(<Rules as abstract_game::Rules>::preset("no-drop").unwrap());
//! assert_eq!(perft(&no_drop, 2), 51_984);
//! ```
//!
//! # Features
//!
//! `serde`: (de)serialisation of the value types ([`Rules`], [`Move`], [`Drop`], [`Cube`],
//! [`Kind`], [`Direction`], [`Setup`]) and of [`Position`] (as its rules and position text,
//! validated when read). A [`Square`] is written as its index in
//! [`Square::ALL`]; an index off the board is refused.

#![deny(missing_docs)]

pub mod board;
mod movegen;
mod moves;
pub mod notation;
pub mod piece;
mod position;
mod rules;
mod setup;
pub mod text;

pub use abstract_game::{Game, Outcome, Side, TextGame};
pub use board::{Direction, Square, SquareIndexError, SquareNameError};
pub use movegen::{MAX_TURNS, MoveList};
pub use moves::{Drop, Move};
pub use notation::{MoveError, RecordError, read_record, replay_record};
pub use piece::{BLACK, Cube, Kind, WHITE};
pub use position::Position;
pub use rules::Rules;
pub use setup::{Setup, SetupError};
pub use text::TextError;

impl TextGame for Position {
    type MoveError = MoveError;
    type PositionError = TextError;

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn move_to_string(&self, mv: Move) -> String {
        notation::write_move(self, mv)
    }

    fn to_text(&self) -> String {
        text::write_text(self)
    }

    fn from_text(text: &str, rules: Rules) -> Result<Position, TextError> {
        text::read_text(text, rules)
    }

    fn diagram(&self) -> String {
        text::diagram(self)
    }
}
