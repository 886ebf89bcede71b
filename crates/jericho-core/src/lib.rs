//! The complete rules of **Jericho** (Jean-Louis Roubira, 2001), a two-player placement game of
//! towers, alignments and monoliths: legal moves, play, outcome, move notation, position text
//! and perft, on top of [`abstract_game`].
//!
//! # The rules in brief
//!
//! South and North each own 25 pieces, one of each size 1..5 in each colour `a`..`e`. In turn
//! they take a piece from their own stock and put it on any of the 26 squares (13 in each
//! player's territory, see [`SQUARES`]): on an empty square or on top of a tower of one to three
//! pieces whose sizes and colours all differ from the new piece's. Nothing moves or is captured
//! once placed. A tower belongs to the owner of the territory it stands in, whoever built it.
//!
//! * **Asymmetry rule**: a player may not copy the placement just made by his opponent (the same
//!   piece on another square sharing an alignment with it, at the same level, on an identical
//!   tower). A player with no legal placement passes, and only then.
//! * **Monoliths**: on each of the 13 alignments (the 7 files and 6 diagonals) where both players
//!   have a tower, the player with a tower that beats every enemy tower there holds the
//!   alignment's monolith. A tower of two or more pieces beats a single piece; otherwise sizes
//!   compare from the top down, and of two towers equal down to the shorter one's bottom the
//!   taller wins (colours never count).
//! * **The end**: a player who held 7 or more monoliths at the end of his own turn and still holds
//!   7 after the opponent's reply wins. Two passes in a row end the game in a draw (unless the
//!   second pass completes a win).
//!
//! [`Rules`] holds the options (the scope of the asymmetry rule, what "identical tower" means,
//! equal prefixes, the first player) and the presets `standard`, `opposite-asymmetry`,
//! `no-asymmetry`, `size-identity` and `prefix-tie`.
//!
//! # Move notation
//!
//! A piece is `<size><colour>`, e.g. `3b`. A placement is `<piece>@<square>`, e.g. `3b@c2`; a
//! pass is `pass`. Squares are named by file `a`..`g` and rank `1`..`4` (`d2` and `d3` do not
//! exist). [`TextGame::parse_move`] only accepts a legal move; its [`MoveError`] says what is
//! wrong, naming the rule that forbids a well-formed move ([`IllegalMove`]).
//!
//! # Position text
//!
//! A position is one line of seven fields separated by single spaces:
//!
//! ```text
//! <towers> <South stock> <North stock> <to move> <last placement> <monoliths before> <passes>
//! ```
//!
//! * towers: `-` for an empty board, otherwise `square=pieces` entries joined by commas, pieces
//!   bottom first, e.g. `c2=3b5a,e4=1c` (any order is read; board order is written);
//! * stocks: `*` for a full stock, `-` for an empty one, otherwise a size digit followed by the
//!   colours held in that size, e.g. `1abde3c5abcde`;
//! * to move: `S` or `N`;
//! * last placement: the opponent's placement of the last turn, e.g. `5a@c2`, or `-`;
//! * monoliths before: each side's monolith count as it stood before the last turn (at the end
//!   of the previous turn of the side to move), `South/North`;
//! * passes: passes in a row that ended the last turns, `0`, `1` or `2`.
//!
//! The start is `- * * S - 0/0 0` (`- * * N - 0/0 0` when North begins); after `3b@c2 5a@c2`:
//! `c2=3b5a 1abcde2abcde3acde4abcde5abcde 1abcde2abcde3abcde4abcde5bcde S 5a@c2 0/0 0`.
//!
//! The text is the `Display` and `FromStr` of [`Setup`], a raw position; reading it checks the
//! syntax ([`TextError`]), and [`TextGame::from_setup`] then checks the facts ([`SetupError`]):
//! towers of at most four pieces of distinct sizes and colours, every piece exactly twice over
//! the board and both stocks, a last placement on top of its square and no longer held by its
//! player, at most two passes, monolith counts adding up to at most 13.
//!
//! # Layout
//!
//! Every item is at the crate root: the board as data ([`SQUARES`] and [`ALIGNMENTS`], the
//! index types [`Square`] and [`Alignment`] and their sets [`Squares`] and [`Alignments`]),
//! pieces, stocks and towers ([`Piece`], [`Colour`], [`PieceSet`], [`Tower`]), [`Rules`] (the
//! options, with the preset table of [`GameRules`]), [`Position`] (the validated position,
//! implementing [`Game`] and [`TextGame`]), [`Setup`] (a raw position) and the notation
//! ([`Move`], [`parse_syntax`], [`MoveError`]). [`prelude`] brings what a program needs into
//! scope. Two modules are tables of named constants: [`ending`] (the endings) and
//! [`openings`] (the plans `copy` and `undermine`, which an engine can be told to follow).
//!
//! For learning and game frameworks, [`Position`] implements
//! [`ActionSpace`](abstract_game::ActionSpace) (651 ids: the placement of `piece` on `square` is
//! `piece.index() * 26 + square.index()`, the pass is 650) and
//! [`Observe`](abstract_game::Observe) (19 planes over the 26 squares in index order: the towers
//! level by level, the last placement, the mover's territory, the counters and the stocks).
//!
//! With the `serde` feature, a [`Position`] is stored as `{"rules": ..., "position": "<text>"}`
//! and validated when read, a [`Setup`] as its position text, and a [`Move`], [`Piece`],
//! [`Square`] or [`Alignment`] by indices that are refused when out of range.
//!
//! # Example
//!
//! ```
//! use jericho_core::prelude::*;
//!
//! let start = Position::new(Rules::default());
//! let mut moves = MoveList::new();
//! start.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 650); // 25 pieces on 26 squares
//!
//! // South puts a size-3 piece of colour b on c2; North may not copy it on c3 (same file).
//! let mut pos = start;
//! pos.play(pos.parse_move("3b@c2").unwrap()).unwrap();
//! assert!(pos.parse_move("3b@c3").is_err());
//! assert_eq!(pos.side_to_move(), Side::Second);
//! assert_eq!(Position::side_name(pos.side_to_move()), "North");
//!
//! // Play the first legal move every turn until the game ends.
//! while !pos.is_over() {
//!     pos.legal_moves(&mut moves);
//!     pos.play(moves[0]).unwrap();
//! }
//! let outcome = pos.outcome().unwrap();
//! println!("{}", Position::describe(outcome));
//! assert_eq!(pos.parse_move("1a@a1"), Err(MoveError::GameOver));
//!
//! // Positions round-trip through one line of text.
//! let text = pos.to_text();
//! assert_eq!(pos.to_string(), text);
//! assert_eq!(Position::from_text(&text, pos.rules()).unwrap(), pos);
//!
//! // A setup parsed from text is checked when it becomes a position.
//! let setup: Setup = "c2=3b 1abcde2abcde3acde4abcde5abcde * N 3b@c2 0/0 0".parse().unwrap();
//! let pos = Position::from_setup(setup, Rules::default()).unwrap();
//! assert_eq!(pos.at("c2".parse().unwrap()).to_string(), "3b");
//! let bad: Setup = "c2=3b * * N - 0/0 0".parse().unwrap(); // three copies of 3b
//! assert!(Position::from_setup(bad, Rules::default()).is_err());
//! ```

#![deny(missing_docs)]

mod actions;
mod board;
pub mod ending;
mod eval;
mod movegen;
mod notation;
pub mod openings;
mod piece;
mod position;
mod rules;
mod setup;
#[cfg(feature = "svg")]
mod svg;
mod text;

pub use abstract_game::{Game, GameRules, Outcome, Side, TextGame};
pub use board::{
    ALIGNMENTS, Alignment, AlignmentInfo, AlignmentKind, Alignments, AlignmentsIter, SQUARES,
    Square, SquareInfo, Squares, SquaresIter,
};
pub use eval::EvalWeights;
pub use movegen::IllegalMove;
pub use notation::{MoveError, parse_syntax};
pub use piece::{Colour, MAX_HEIGHT, Piece, PieceSet, TOWER_COUNT, Tower};
pub use position::{LastPlacement, MAX_MOVES, Move, MoveList, Position, WINNING_MONOLITHS};
pub use rules::{AsymmetryScope, EqualPrefix, Rules, TowerIdentity};
pub use setup::{Setup, SetupError};
pub use text::TextError;

#[cfg(feature = "serde")]
abstract_game::text_serde!(Position, Setup);

/// Everything a program needs, in one line: `use jericho_core::prelude::*;`.
///
/// The traits [`Game`], [`GameRules`] and [`TextGame`] (and [`Evaluate`](abstract_game::Evaluate),
/// [`ActionSpace`](abstract_game::ActionSpace) and [`Observe`](abstract_game::Observe), and with
/// the `svg` feature [`Render`](abstract_game::svg::Render)), [`Side`], [`Outcome`] and
/// [`BySide`](abstract_game::BySide), and this crate's squares, positions, moves, rules, setups
/// and errors. Pieces, stocks, towers and alignments are at the crate root.
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

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use crate::prelude::*;
    use crate::{Alignment, Colour, Piece};

    #[test]
    fn a_position_round_trips_as_rules_and_text() {
        let mut pos = Position::new(Rules::preset("size-identity").unwrap());
        pos.play_line("3b@c2 5a@c2").unwrap();
        let json = serde_json::to_string(&pos).unwrap();
        assert!(json.contains(&format!("\"position\":\"{pos}\"")), "{json}");
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(back, pos);
        let setup: Setup =
            serde_json::from_str(&serde_json::to_string(&pos.to_setup()).unwrap()).unwrap();
        assert_eq!(setup, pos.to_setup());
    }

    #[test]
    fn a_tampered_position_is_refused() {
        let pos = Position::new(Rules::default());
        let json = serde_json::to_string(&pos).unwrap();
        // Bad syntax, then well formed but impossible (three copies of 3b).
        for text in ["- * * X - 0/0 0", "c2=3b * * S - 0/0 0"] {
            let bad = json.replace(&pos.to_string(), text);
            assert_ne!(bad, json);
            assert!(serde_json::from_str::<Position>(&bad).is_err(), "{bad}");
        }
        assert!(serde_json::from_str::<Setup>("\"- * * S - 0/0\"").is_err());
    }

    #[test]
    fn moves_round_trip_and_out_of_range_indices_are_refused() {
        let pos = Position::new(Rules::default());
        let mv = pos.parse_move("3b@c2").unwrap();
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(
            json,
            format!(
                "{{\"Place\":{{\"piece\":{},\"square\":{}}}}}",
                Piece::from_size_colour(3, Colour::B).unwrap().index(),
                Square::from_name("c2").unwrap().index()
            )
        );
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        assert_eq!(
            serde_json::from_str::<Move>("\"Pass\"").unwrap(),
            Move::Pass
        );
        for bad in [
            r#"{"Place":{"piece":25,"square":0}}"#,
            r#"{"Place":{"piece":0,"square":26}}"#,
            r#"{"Place":{"piece":-1,"square":0}}"#,
            r#"{"Place":{"piece":0,"square":300}}"#,
            r#""Castle""#,
        ] {
            assert!(serde_json::from_str::<Move>(bad).is_err(), "{bad}");
        }
        assert!(serde_json::from_str::<Square>("26").is_err());
        assert!(serde_json::from_str::<Alignment>("13").is_err());
        assert_eq!(
            serde_json::from_str::<Square>("25").unwrap(),
            Square::from_name("g4").unwrap()
        );
    }
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;
