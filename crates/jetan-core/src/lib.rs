//! The complete rules of **Jetan**, the Martian chess of Edgar Rice Burroughs, as summarised in
//! Abstract Games 19 with Fredrik Ekman's adjustments: legal moves, checked play, the outcome,
//! the move notation, the position text and perft.
//!
//! # The game
//!
//! Two armies of twenty pieces, Black (ranks 1 and 2, [`Side::First`]) and Orange (ranks 9
//! and 10, [`Side::Second`]), face each other on a 10x10 board with files `a` to `j` and ranks
//! `1` to `10`. Black moves first unless the rules say otherwise.
//!
//! Every piece moves by a path of exactly one, two or three one-square steps, and ends on an
//! empty square or captures the enemy piece it ends on. No path visits a square twice (the
//! `revisit` option relaxes this, though a path still may not end where it began), and only
//! the jumpers may pass over occupied squares:
//!
//! | piece | letter | steps | each step |
//! |---|---|---|---|
//! | Panthan | `P` | 1 | forward, diagonally forward or sideways |
//! | Thoat | `T` | 2 | one orthogonal, then one diagonal |
//! | Warrior | `W` | 2 | orthogonal |
//! | Padwar | `A` | 2 | diagonal |
//! | Dwar | `D` | 3 | orthogonal |
//! | Flier (Odwar) | `F` | 3 | diagonal, jumping |
//! | Chief | `C` | 3 | any direction |
//! | Princess | `R` | 3 | any direction, jumping |
//!
//! The Princess never captures and may not end on a square where an enemy piece other than
//! the Princess could capture her; once per game she may *escape* to any such safe empty
//! square, however far. The game ends when:
//!
//! * a Princess is captured: her captor's side wins;
//! * a Chief is captured: a win if the enemy Chief took it, otherwise a draw;
//! * the side to move has no legal move: a draw;
//! * both sides have three pieces or fewer of equal total value (a Panthan counts 1, a Thoat,
//!   Warrior or Padwar 2, the others 3): a countdown of ten plies starts, and the game is drawn
//!   when it runs out without a win. Under the proposed variant, three pieces or fewer each of
//!   unequal value win at once for the higher total.
//!
//! [`Rules`] holds every option (`revisit`, `escape`, `countdown`, `unequal_wins`, the reading
//! of "equal value" as a [`ValueScale`], the older rules' jumping Thoat `thoat_jumps`, the
//! first player) with the presets `standard`, `no-escape`, `revisit` and `proposed`.
//!
//! # Move notation
//!
//! `<letter><from><-|x><to>`, with `x` for a capture and a trailing `!` for the Princess's
//! escape: `Pe2-e3`, `Fd1xa4`, `Rf1-f6!`. The letters are upper case for both sides. Parsing
//! also accepts the bare `e2-e3`, as the two squares identify a move, and refuses anything
//! written wrong (another piece's letter, a wrong `x`, `-` or `!`) with its own [`MoveError`].
//!
//! # Position text
//!
//! One line of four or five fields separated by spaces; the start is
//!
//! ```text
//! wadfrcfdaw/tppppppppt/10/10/10/10/10/10/TPPPPPPPPT/WADFCRFDAW b Rr -
//! ```
//!
//! 1. the board, rank 10 first, ranks separated by `/`, each rank from file `a` to `j`: a
//!    piece letter (upper case Black, lower case Orange) or a count of empty squares (1-10);
//! 2. the side to move, `b` or `o`;
//! 3. the escapes still available: `R` (Black's Princess), `r` (Orange's), `Rr` or `-`;
//! 4. the equal-material countdown: `-` before it starts, else the plies left (`10`);
//! 5. only once a Chief or a Princess has been captured: the result, `black`, `orange` or
//!    `draw` (the board alone cannot tell who took a Chief), as in
//!    `4c5/10/10/10/10/10/10/10/1P8/C8r b Rr - orange`.
//!
//! The text is the `Display` and `FromStr` of [`Setup`], an unchecked position;
//! [`TextGame::from_setup`] validates it into a [`Position`] or says why it cannot be one
//! ([`SetupError`]). `Display` of a [`Position`] writes the same text.
//!
//! # Example
//!
//! ```
//! use jetan_core::prelude::*;
//!
//! let mut pos = Position::new(Rules::default());
//! let mut moves = MoveList::new();
//! pos.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 74);
//! assert_eq!(Position::new(Rules::preset("no-escape").unwrap()).count_legal_moves(), 48);
//!
//! // Moves by their notation, checked.
//! let mv = pos.parse_move("Pe2-e3")?;
//! assert_eq!(pos.move_to_string(mv), "Pe2-e3");
//! pos.play(mv)?;
//! assert_eq!(
//!     pos.to_string(),
//!     "wadfrcfdaw/tppppppppt/10/10/10/10/10/4P5/TPPP1PPPPT/WADFCRFDAW o Rr -"
//! );
//! // The Princess escapes once, to a square she cannot reach normally.
//! assert!(pos.parse_move("Re10-e5!")?.is_escape());
//! assert!(pos.parse_move("Pe2-e3").is_err()); // e2 is empty now
//!
//! // Play on (always the first legal move) until the game ends or 200 plies have passed.
//! for _ in 0..200 {
//!     pos.legal_moves(&mut moves);
//!     let Some(&mv) = moves.first() else { break };
//!     pos.play(mv)?;
//! }
//! match pos.outcome() {
//!     Some(outcome) => println!("{}", Position::describe(outcome)),
//!     None => println!("{} to move", Position::side_name(pos.side_to_move())),
//! }
//!
//! // The position text round-trips.
//! let text = pos.to_text();
//! assert_eq!(Position::from_text(&text, pos.rules())?, pos);
//!
//! // A setup from text, validated.
//! let setup: Setup = "4c5/10/10/10/10/10/10/10/1P8/C8r b Rr - orange".parse()?;
//! let over = Position::from_setup(setup, Rules::default())?;
//! assert_eq!(over.outcome(), Some(Outcome::win(Side::Second)));
//! assert_eq!(Position::describe(over.outcome().unwrap()).to_string(), "Orange wins");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Action ids and observations
//!
//! For learning and for frameworks that name moves by number, [`Position`] implements
//! [`ActionSpace`](abstract_game::ActionSpace): 4900 ids, `plane * 100 + square`, planes 0 to
//! 47 for the normal moves by their step (every move ends within three king steps) and their
//! start square, plane 48 for the Princess's escape by its destination (`Pe2-e3` is 3014).
//! [`Observe`](abstract_game::Observe) gives 21 planes of the board from the view of the side
//! to move (given a half turn for Orange): its pieces by kind, the opponent's, then the
//! escapes left, the countdown and the side to move. Both layouts are tabled on the two
//! trait implementations.
//!
//! ```
//! use jetan_core::prelude::*;
//! let pos = Position::default();
//! let mv = pos.parse_move("Pe2-e3")?;
//! assert_eq!(pos.action_of(mv), 3014);
//! assert_eq!(pos.move_of_action(3014), Some(mv));
//! let mut planes = vec![0.0; 21 * 10 * 10];
//! pos.observe(&mut planes);
//! assert_eq!(planes[14], 1.0); // a Panthan of the mover on e2
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! * `serde`: (de)serialisation that cannot make an invalid value. A [`Position`] is stored as
//!   `{"rules": {...}, "position": "<position text>"}` and validated when read, a [`Setup`] as
//!   its position text, a [`Square`] as its index (refused from 100 up) and a [`Move`] as
//!   `{"from": 14, "to": 24, "escape": false}`.

#![deny(missing_docs)]

mod actions;
mod board;
pub mod ending;
mod eval;
mod movegen;
mod notation;
mod piece;
mod position;
mod rules;
mod sample;
#[cfg(feature = "serde")]
mod serde_impl;
mod setup;
#[cfg(feature = "svg")]
mod svg;
#[cfg(test)]
mod test_support;
mod text;
mod two_plies;

pub use abstract_game::{Game, GameRules, Outcome, Side, TextGame};
pub use board::{Square, Squares, SquaresIter};
pub use eval::EvalWeights;
pub use notation::MoveError;
pub use piece::{BLACK, Kind, ORANGE, Piece};
pub use position::{MAX_MOVES, Move, MoveList, Position};
pub use rules::{Rules, ValueScale};
pub use setup::{Setup, SetupError};
pub use text::TextError;

/// Everything needed to play Jetan, in one `use jetan_core::prelude::*;`: the traits
/// ([`Game`], [`GameRules`], [`TextGame`], [`Evaluate`](abstract_game::Evaluate),
/// [`ActionSpace`](abstract_game::ActionSpace), [`Observe`](abstract_game::Observe) and, with
/// the `svg` feature, `Render`), the shared [`Side`], [`Outcome`] and
/// [`BySide`](abstract_game::BySide), and this crate's position, move, rules, setup, error and
/// square types. The pieces, [`Piece`] and [`Kind`], are at the crate root.
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

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;
