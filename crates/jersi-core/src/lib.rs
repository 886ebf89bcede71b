//! The complete rules of Jersi, Lucas Borboleta's game of cubes on a hexagonal board: legal
//! turns, bulk counting, the author's notation and game records, a position text and perft.
//! [`Game::random_move`] (and so [`Game::playout`]) draws a uniformly random turn without
//! building the list, by rejection sampling.
//!
//! # The rules in brief
//!
//! White and Black each own 21 cubes: a King, 2 Fools, 2 Wise men, 4 Rocks, 4 Papers,
//! 4 Scissors and 4 Mountains. The board has 69 hexagonal cells in 9 rows, `a` (White's home
//! row) to `i` (Black's), of 7, 8, 7, 8, 9, 8, 7, 8 and 7 cells ([`Square`]). Fifteen cubes of
//! each side start on its two nearest rows (`a` and `b` for White, `h` and `i` for Black); the
//! Mountains and Wise men wait in the reserve.
//!
//! A cell holds at most two cubes: a *stack* of two cubes of one colour (neither a Mountain, a
//! King only on top), or any cube on a Mountain, or two Mountains. A unit attacks and defends
//! with its top cube. Rock beats Scissors, Scissors Paper, Paper Rock; each of them also beats
//! Fools, Kings and Wise men; a Fool beats Rocks, Papers, Scissors, Fools and Kings. Kings,
//! Wise men and Mountains capture nothing, and nothing captures a Mountain.
//!
//! White moves first. A turn ([`Move`]) is one of:
//! * a cube step to a neighbouring cell (empty, a capture, up a lone Mountain, or onto one of
//!   your own lone cubes, which builds a stack), then optionally, if it built a stack, that
//!   stack's step;
//! * a stack step of one or two cells in a line (over an empty middle cell, never onto or
//!   across a Mountain), then optionally its top cube's step;
//! * one or two drops of reserve cubes (a second drop next to or on the first).
//!
//! A captured King is put back on its home row when a cell there can take it. A side wins by
//! bringing its King to the far home row (White to `i`, Black to `a`), or when the enemy King
//! could not be put back, or when the enemy has no legal turn; 40 turns in a row without a
//! capture (other than of a lone King) draw ([`Rules::no_capture_limit`]). The variant `no-drop`
//! ([`Rules::NO_DROP`]) plays without the reserve cubes.
//!
//! # Move notation
//!
//! * `c3-c4` cube step, `c3=c5` stack step; a second action continues from the first
//!   destination: `a2-b2=d3` (cube building a stack, then the stack), `c3=c5-b6` (stack, then
//!   its top cube);
//! * `!` right after the destination of a step that captured, `!!` when it captured the King;
//! * `M:c4`, `M:c4/W:c5` one or two drops (upper case White, lower case Black); two drops on
//!   different cells are written lower cell first (`a1 < a2 < ... < i7`), two on one cell
//!   bottom first;
//! * `/K:a2` appended puts a captured White King back on `a2` (`/k:i6` a Black one).
//!
//! Printing is canonical; parsing accepts turns without the `!` marks (if given they must be
//! right) and two drops in either order. [`read_record`] and [`replay_record`] read the
//! author's two-column game records.
//!
//! # Position text
//!
//! One line of five fields: the board, rows `i` down to `a` separated by `/` (in each row a
//! digit counts empty cells, a letter `K F W R P S M` is a lone cube, upper case White, lower
//! case Black, and `(xy)` is `y` on top of `x`); the side to move, `w` or `b`; the reserves,
//! White's then Black's, separated by `/` (one letter per cube, `-` when empty); the
//! no-capture counter (turns left before the draw); the number of the turn to be played. The
//! start:
//!
//! ```text
//! prskrsp/fsprsprf/7/8/9/8/7/FRPSRPSF/PSRKSRP w MMMMWW/mmmmww 40 1
//! ```
//!
//! The text is the `Display` and `FromStr` of [`Setup`]; [`Position::from_setup`] checks the
//! stacking rules, each side's material and the counter against the rules.
//!
//! # Example
//!
//! ```
//! use jersi_core::prelude::*;
//!
//! let mut pos = Position::new(Rules::default());
//! let mut moves = MoveList::new();
//! pos.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 864);
//!
//! // Turns in the author's notation; two drops in either order.
//! pos.play_line("b8-b7=d8 h8-h7=f6 d8=f7-f6!").unwrap();
//! let drops = pos.parse_move("m:e4/m:e3").unwrap();
//! assert_eq!(pos.move_to_string(drops), "m:e3/m:e4");
//!
//! // Play the first legal turn until the game ends (or 300 turns).
//! let mut game = pos.clone();
//! for _ in 0..300 {
//!     game.legal_moves(&mut moves);
//!     let Some(&mv) = moves.first() else { break };
//!     game.play(mv).unwrap();
//! }
//! if let Some(outcome) = game.outcome() {
//!     println!("{}", Position::describe(outcome));
//! }
//!
//! // The position text round-trips.
//! let text = pos.to_text();
//! assert_eq!(text, "prskrsp/fsprsp2/7/5FS1/9/8/7/FRPSRP2/PSRKSRP b MMMMWW/mmmmww 40 4");
//! assert_eq!(Position::from_text(&text, Rules::default()).unwrap(), pos);
//!
//! // A setup from text, validated under the rules.
//! let setup: Setup = "3k3/8/7/8/9/8/7/8/3K3 w -/- 10 1".parse().unwrap();
//! let bare = Position::from_setup(setup.clone(), Rules::default()).unwrap();
//! assert_eq!(bare.to_setup(), setup);
//! assert!(Position::from_setup(setup, Rules::NO_DROP).is_ok());
//! let too_many: Setup = "3k3/8/7/8/9/8/7/8/3K3 w MMMMM/- 10 1".parse().unwrap();
//! assert!(Position::from_setup(too_many, Rules::default()).is_err());
//! ```
//!
//! # Action ids and observations
//!
//! For learning and for frameworks that name moves by number, [`Position`] implements
//! [`ActionSpace`](abstract_game::ActionSpace): 13,248 ids, `plane * 69 + cell`. A turn is
//! chosen by its main id (planes 0 to 190: the cube-first and stack-first turns by their
//! start cell and steps, the drops by their cells and kinds) and, only when it captured the
//! King and more than one cell can take it back, by a follow-up id of the same player naming
//! the relocation cell (plane 191). [`Observe`](abstract_game::Observe) gives 36 planes of a
//! 9 x 11 grid of the board from the view of the side to move (given a half turn for Black):
//! the uppermost and lower cubes by owner and kind, the reserves, the counter and the side to
//! move. Both layouts are tabled on the two trait implementations.
//!
//! ```
//! use jersi_core::prelude::*;
//! let pos = Position::default();
//! let mv = pos.parse_move("b8-b7")?;
//! assert_eq!(pos.action_of(mv), 2705);
//! assert_eq!(pos.move_of_action(2705), Some(mv));
//! let mut planes = vec![0.0; 36 * 9 * 11];
//! pos.observe(&mut planes);
//! assert_eq!(planes[7], 1.0); // plane 0 (the mover's King), row 0, column 7: a4
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! `serde`: [`Position`] is stored as `{"rules": ..., "position": "<position text>"}` and
//! [`Setup`] as its position text, both validated when read; [`Rules`], [`Move`], [`Drop`],
//! [`Cube`], [`Kind`] and [`Reserve`] derive serde. A [`Square`] is written as its index in
//! [`Square::ALL`] and an index off the board is refused, so a stored [`Move`] is a tagged
//! struct of checked cells and kinds, e.g. `{"Cube":{"from":8,"to":16,"stack_to":null,
//! "relocate":null}}`.

#![deny(missing_docs)]

mod actions;
mod board;
pub mod ending;
mod eval;
mod movegen;
mod moves;
mod notation;
pub mod openings;
mod piece;
mod position;
mod rules;
mod sample;
mod setup;
#[cfg(feature = "svg")]
mod svg;
#[cfg(test)]
mod test_support;
mod text;

pub use abstract_game::{Game, GameRules, Outcome, Side, TextGame};
pub use board::{Hex, HexDirection, ROW_LENGTHS, Square, Squares, SquaresIter};
pub use eval::EvalWeights;
pub use movegen::{MAX_MOVES, MoveList};
pub use moves::{Drop, Move};
pub use notation::{MoveError, RecordError, read_record, replay_record};
pub use piece::{BLACK, Cube, Kind, WHITE, can_stack};
pub use position::Position;
pub use rules::{Handicap, Rules};
pub use setup::{Reserve, Setup, SetupError};
pub use text::TextError;

/// Everything a program needs, in one `use jersi_core::prelude::*;`: the traits, the game's
/// main types and the common types of `abstract_game`.
pub mod prelude {
    #[cfg(feature = "svg")]
    pub use abstract_game::svg::Render;
    pub use abstract_game::{
        ActionSpace, BySide, Evaluate, Game, GameRules, Observe, Outcome, Side, TextGame,
    };

    pub use crate::{
        MAX_MOVES, Move, MoveError, MoveList, Position, Rules, Setup, SetupError, Square, Squares,
        TextError,
    };
}

impl TextGame for Position {
    type Setup = Setup;
    type SetupError = SetupError;
    type MoveError = MoveError;
    type TextError = TextError;

    const ABOUT: &'static str =
        "Jersi: cubes and stacks on a 69-cell hex board (moves like c3-c4, a2-b2=d3, M:c4)";
    const NOTATION: &'static [(&'static str, &'static str)] = &[
        ("c3-c4", "the top cube of c3 steps to c4"),
        ("c3=c5", "the stack of c3 moves to c5"),
        (
            "a2-b2=d3",
            "a cube step building a stack on b2, then that stack to d3",
        ),
        ("e4-e5!", "'!' marks a step that captured"),
        (
            "f1=h2!!-g2!/K:a2",
            "'!!' captured the King; /K:a2 puts it back on a2",
        ),
        (
            "M:c4/W:c5",
            "one or two drops (upper case White, lower case Black)",
        ),
    ];

    /// The author's two-column record format ([`read_record`]).
    fn import_record(text: &str) -> Option<Result<Vec<String>, abstract_game::ImportError>> {
        Some(read_record(text).map_err(|e| abstract_game::ImportError::Invalid(e.to_string())))
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self, text)
    }

    fn move_to_string(&self, mv: Move) -> String {
        notation::write_move(self, mv)
    }

    fn diagram(&self) -> String {
        text::diagram(self)
    }

    fn from_setup(setup: Setup, rules: Rules) -> Result<Position, SetupError> {
        setup::validate(setup, rules)
    }
}

#[cfg(feature = "serde")]
abstract_game::text_serde!(Position, Setup);

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use crate::prelude::*;

    #[test]
    fn positions_round_trip_and_are_validated() {
        let mut pos = Position::new(Rules::NO_DROP);
        pos.play_line("b8-b7=d8 h8-h7=f6").unwrap();
        let json = serde_json::to_string(&pos).unwrap();
        assert!(json.contains("\"position\":\""), "{json}");
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(back, pos);

        // A text that does not parse, and one that parses but breaks the rules.
        let bad = json.replace(" w -/- ", " x -/- ");
        assert_ne!(bad, json);
        assert!(serde_json::from_str::<Position>(&bad).is_err());
        let too_many = json.replace(" w -/- ", " w M/- ");
        assert_ne!(too_many, json);
        assert!(serde_json::from_str::<Position>(&too_many).is_err());
    }

    #[test]
    fn setups_are_their_text() {
        let pos = Position::new(Rules::default());
        let json = serde_json::to_string(&pos.to_setup()).unwrap();
        assert_eq!(json, format!("\"{}\"", pos.to_text()));
        let back: Setup = serde_json::from_str(&json).unwrap();
        assert_eq!(back, pos.to_setup());
        assert!(serde_json::from_str::<Setup>("\"8/8 w -/- 0 1\"").is_err());
    }

    #[test]
    fn moves_round_trip_and_refuse_cells_off_the_board() {
        let mut pos = Position::new(Rules::default());
        let mut moves = MoveList::new();
        for _ in 0..3 {
            pos.legal_moves(&mut moves);
            for &mv in moves.iter() {
                let json = serde_json::to_string(&mv).unwrap();
                assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv, "{json}");
            }
            pos.play(moves[moves.len() / 2]).unwrap();
        }
        let mv = Move::Cube {
            from: Square::ALL[68],
            to: Square::ALL[0],
            stack_to: None,
            relocate: None,
        };
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(
            json,
            r#"{"Cube":{"from":68,"to":0,"stack_to":null,"relocate":null}}"#
        );
        assert!(serde_json::from_str::<Move>(&json.replace("68", "69")).is_err());
        assert!(serde_json::from_str::<Move>(&json.replace("68", "255")).is_err());
        assert!(serde_json::from_str::<Move>(&json.replace("68", "-1")).is_err());
        assert!(serde_json::from_str::<Move>(&json.replace("Cube", "Leap")).is_err());
        let drop = r#"{"Drop":{"first":{"kind":"Mountain","to":70},"second":null}}"#;
        assert!(serde_json::from_str::<Move>(drop).is_err());
        assert!(serde_json::from_str::<Square>("69").is_err());
        assert_eq!(
            serde_json::from_str::<Square>("68").unwrap(),
            Square::ALL[68]
        );
    }
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;
