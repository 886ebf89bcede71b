//! The complete rules of **Jarmo** and its variant **Jasir**: archers on a 25-hole board joined
//! by 39 lines, racing to the enemy's first row.
//!
//! # The game in brief
//!
//! Black and White have five archers each, on their own first row (row 1 for Black, row 5 for
//! White) of a 5 by 5 lattice of holes named `a1`..`e5` as Black sees the board. The holes
//! are not joined to their lattice neighbours: 39 fixed lines, mostly knight-like jumps, join
//! them (see [`LINES`], [`Hole::neighbours`]). A move takes one archer along one line
//! to an empty hole or onto an enemy archer, which is captured; a capturing archer becomes
//! *marked*. Jarmo allows every line; Jasir forbids lines that lead back towards the mover's
//! own side. An archer on the enemy's first row never moves again.
//!
//! Captured archers may come back, by the return rule: under *Seed* (the default) a marked
//! archer reaching the enemy's first row brings one captured archer back to an empty hole of
//! its owner's first row, as part of the same move; under *Reserve* captured marked archers
//! wait in a reserve and may be dropped on the own first row instead of a step; under *None*
//! they never return. Further options: the goal-row capture restriction, the no-shuttling
//! rule (no fourth step back and forth between two holes), and whether a side without a move
//! passes or loses. See [`Rules`] and its presets `jarmo`, `jasir`, `jasir-reserve` and
//! `jasir-basic`.
//!
//! The game ends when a side has all its archers that are on the board on the enemy's first
//! row, or after two passes in a row. Each side scores two points per archer on the enemy's
//! first row and one per other archer on the board; more points win (a blocked side under
//! the `Loses` option loses whatever the points).
//!
//! # Move notation
//!
//! | move | text |
//! |---|---|
//! | step to an empty hole | `c1-d3` |
//! | capture | `c1xd3` |
//! | step that returns an archer to `b1` | `d4-b5/b1`, `d4xb5/b1` |
//! | drop from the reserve | `@b1` |
//! | pass | `pass` |
//!
//! The separator must match the move, and a step that returns an archer always names the
//! return hole. [`TextGame::parse_move`] accepts only a legal move; [`MoveError`] says why a
//! text was refused, naming the rule option that forbids the move where one does.
//!
//! # Position text
//!
//! One line of seven space-separated fields: the board (row 5 first, rows separated by `/`;
//! `b`/`w` an archer, `B`/`W` a marked one, a digit 1-5 a run of empty holes), the side to move
//! (`b` or `w`), the archers waiting to return (`black/white`), the unspent return credits
//! (`black/white`), the passes made in succession just before (0-2), and the no-shuttling
//! records of Black and White (`-` or the last step with its back-and-forth count, e.g.
//! `c1-d3:2`). Trailing fields after the board may be left out and then take their start
//! values. The start position is `wwwww/5/5/5/bbbbb b 0/0 0/0 0 - -`; after `c1xd3` from
//! `w4/5/3w1/5/2b1b b` it is `w4/5/3B1/5/4b w 0/1 0/0 0 c1-d3:1 -`.
//!
//! The text is the `Display` and `FromStr` form of a [`Setup`]: parsing it checks the syntax
//! ([`TextError`]), and [`TextGame::from_setup`] checks the position under the rules, which
//! are not part of the text ([`SetupError`]). `Display` of a [`Position`] writes the same text.
//!
//! # Example
//!
//! ```
//! use jarmo_core::prelude::*;
//!
//! // Start, list the moves, play one.
//! let mut pos = Position::new(Rules::JASIR_BASIC);
//! let mut moves = MoveList::new();
//! pos.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 11);
//! let mv = pos.parse_move("c1-d3")?;
//! assert_eq!((mv.from(), mv.to()), (Some("c1".parse()?), Some("d3".parse()?)));
//! pos.play(mv)?;
//! assert_eq!(pos.to_text(), "wwwww/5/3b1/5/bb1bb w 0/0 0/0 0 - -");
//! assert_eq!(pos.at("d3".parse()?), Some(Side::First));
//! assert!(pos.parse_move("c1-d3").is_err()); // c1 is empty now
//!
//! // Play on, always the first listed move, to the end or 200 plies.
//! for _ in 0..200 {
//!     pos.legal_moves(&mut moves);
//!     let Some(&mv) = moves.first() else { break };
//!     pos.play(mv)?;
//! }
//! if let Some(outcome) = pos.outcome() {
//!     println!("{}", Position::describe(outcome)); // e.g. "Black wins 7-5"
//! }
//!
//! // The position text round-trips under the same rules.
//! let again = Position::from_text(&pos.to_text(), pos.rules())?;
//! assert_eq!(again, pos);
//!
//! // A setup is parsed from text (syntax only), then validated under rules.
//! let setup: Setup = "w4/5/3w1/5/2b1b b".parse()?;
//! assert_eq!(setup.at("d3".parse()?), Some(Side::Second));
//! let capture = Position::from_setup(setup, Rules::JARMO)?;
//! assert!(capture.is_capture(capture.parse_move("c1xd3")?));
//! let crowded: Setup = "wwwww/5/5/5/bbbbb b 1/0".parse()?; // six Black archers
//! assert!(Position::from_setup(crowded, Rules::JARMO).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! `serde`: a [`Position`] (de)serialises as `{"rules": ..., "position": "<position text>"}`
//! and is validated when read; a [`Setup`] as its position text; a [`Move`] and a [`Hole`] as
//! hole indices, refused when off the board.

#![deny(missing_docs)]

mod actions;
mod board;
pub mod endgame;
pub mod ending;
mod eval;
mod index;
mod movegen;
mod moves;
mod notation;
mod playout;
mod position;
mod rules;
mod sample;
mod setup;
#[cfg(feature = "svg")]
mod svg;
#[cfg(test)]
mod test_support;
mod text;
mod two_plies;
mod zobrist;

pub use board::{BLACK, Hole, Holes, HolesIter, LINES, WHITE};
pub use endgame::JarmoEndgames;
pub use eval::EvalWeights;
pub use index::{Archers, JasirBasicIndex};
pub use moves::Move;
pub use notation::{MoveError, Notation};
pub use position::{MAX_MOVES, MoveList, Position, Shuttle};
pub use rules::{Blocked, Direction, ReturnRule, Rules};
pub use setup::{Setup, SetupError};
pub use text::TextError;

pub use abstract_game::{Game, GameRules, Outcome, Side, TextGame};

/// Everything a program needs, in one `use jarmo_core::prelude::*;`: the game traits (the
/// action ids and observation planes included, laid out in `docs/python.md`), the sides and outcomes, and this
/// crate's position, setup, move, rules, error and hole types.
pub mod prelude {
    #[cfg(feature = "svg")]
    pub use abstract_game::svg::Render;
    pub use abstract_game::{
        ActionSpace, BySide, Evaluate, Game, GameRules, Observe, Outcome, Side, TextGame,
    };

    pub use crate::{
        Hole, Holes, MAX_MOVES, Move, MoveError, MoveList, Position, Rules, Setup, SetupError,
        TextError,
    };
}

#[cfg(feature = "serde")]
abstract_game::text_serde!(Position, Setup);

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use crate::prelude::*;

    #[test]
    fn a_position_round_trips_as_rules_and_text() {
        let mut pos = Position::new(Rules::JASIR.with_first_player(Side::Second));
        let mv = pos.parse_move("a5-b3").unwrap();
        pos.play(mv).unwrap();
        let json = serde_json::to_string(&pos).unwrap();
        assert!(json.contains(r#""position":"1wwww/5/1w3/5/bbbbb b 0/0 0/0 0 - a5-b3:1""#));
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(back, pos);
        assert_eq!(back.zobrist(), pos.zobrist());
        let setup: Setup =
            serde_json::from_str(&serde_json::to_string(&pos.to_setup()).unwrap()).unwrap();
        assert_eq!(setup, pos.to_setup());
    }

    #[test]
    fn a_tampered_position_is_refused() {
        let json = serde_json::to_string(&Position::new(Rules::JARMO)).unwrap();
        // Six White archers; a shuttle record off the lines; bad syntax; an unknown field.
        for (from, to) in [
            ("wwwww/5/5", "wwwww/w4/5"),
            ("0 - -", "0 a1-a2:1 -"),
            ("bbbbb b", "bbbbbb b"),
            ("\"position\"", "\"text\""),
        ] {
            let tampered = json.replace(from, to);
            assert_ne!(tampered, json);
            assert!(
                serde_json::from_str::<Position>(&tampered).is_err(),
                "{tampered}"
            );
        }
        // Credits are refused under the None return rule.
        let basic = serde_json::to_string(&Position::new(Rules::JASIR_BASIC)).unwrap();
        let tampered = basic.replace("0/0 0/0 0", "0/0 1/0 0");
        assert!(serde_json::from_str::<Position>(&tampered).is_err());
    }

    #[test]
    fn moves_round_trip_and_off_board_holes_are_refused() {
        let pos = Position::from_text("w4/3B1/5/5/b4 b 1/0", Rules::JARMO).unwrap();
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for &mv in moves.iter().chain(&[Move::Pass]) {
            let json = serde_json::to_string(&mv).unwrap();
            assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        }
        let step = serde_json::to_string(&moves[0]).unwrap();
        assert_eq!(step, r#"{"Step":{"from":0,"to":7,"return_to":null}}"#);
        for bad in [
            r#"{"Step":{"from":0,"to":25,"return_to":null}}"#,
            r#"{"Step":{"from":0,"to":7,"return_to":255}}"#,
            r#"{"Step":{"from":-1,"to":7,"return_to":null}}"#,
            r#"{"Drop":30}"#,
            r#"{"Jump":3}"#,
        ] {
            assert!(serde_json::from_str::<Move>(bad).is_err(), "{bad}");
        }
        assert_eq!(
            serde_json::from_str::<Hole>("24").unwrap().to_string(),
            "e5"
        );
        assert!(serde_json::from_str::<Hole>("25").is_err());
    }
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;
