//! One program, written once over the shared traits and the shared shapes, for every game of
//! the registry: its body is expanded for each game's position type by
//! `jgames_registry::for_each_game!`, so a game whose names or shapes differ from the others'
//! (a setup field, a constructor, an error type, a return type) does not compile here.
//!
//! It starts a position, writes its text, parses the setup back and validates it, plays a
//! whole random game with checked moves, describes the result, round-trips the position
//! through serde (where a tampered text is refused), and checks the shapes: the setup's
//! `to_move`, `Setup::default()` as the empty board, `Position::default()` and
//! `Rules::default()` as the first preset, every cell printed and parsed back with the one
//! cell error for a bad name, `TryFrom<usize>` with the one index error, and `Move::from` /
//! `Move::to` naming cells of the move.

use abstract_game::svg::Render;
use abstract_game::{CellIndexError, Game, GameRules, ParseCellError, Side, TextGame};

/// The whole program for any game.
fn exercise<G>(rules: <G as Game>::Rules, seed: u64) -> (G, usize)
where
    G: TextGame
        + PartialEq
        + core::fmt::Debug
        + core::fmt::Display
        + serde::Serialize
        + serde::de::DeserializeOwned,
{
    let start = G::new(rules);
    let text = start.to_text();
    assert_eq!(start.to_string(), text);
    let setup: <G as TextGame>::Setup = text.parse().expect("own text parses");
    assert_eq!(setup.to_string(), text);
    let mut pos = G::from_setup(setup, rules).expect("own setup is valid");
    assert_eq!(pos, start);

    let mut rng = abstract_game::playout::Rng::seed_from_u64(seed);
    let mut moves = Vec::new();
    while !pos.is_over() && moves.len() < 400 {
        let mv = pos
            .random_move(&mut rng)
            .expect("a game that goes on has moves");
        let written = pos.move_to_string(mv);
        assert_eq!(pos.parse_move(&written).ok(), Some(mv));
        pos.play(mv).expect("a legal move plays");
        moves.push(written);
    }
    if let Some(outcome) = pos.outcome() {
        let said = G::describe(outcome).to_string();
        let names = <G as Game>::SIDE_NAMES;
        assert!(
            said.starts_with("draw") || names.iter().any(|n| said.starts_with(n)),
            "{said}"
        );
        // Once the game is over every move text is refused.
        assert!(pos.parse_move(&moves[0]).is_err());
    }
    // The moves replay from their text.
    let mut again = G::new(rules);
    again.play_line(&moves.join(" ")).expect("the game replays");
    assert_eq!(again, pos);

    let json = serde_json::to_string(&pos).expect("serialises");
    assert!(
        json.contains("\"rules\"") && json.contains("\"position\""),
        "{json}"
    );
    let back: G = serde_json::from_str(&json).expect("deserialises");
    assert_eq!(back, pos);
    let tampered = json.replace(&pos.to_text(), "not a position");
    assert!(serde_json::from_str::<G>(&tampered).is_err(), "{tampered}");
    (pos, moves.len())
}

/// Every cell's name parses back to it; names of no cell are refused with the one cell
/// error, and indices past the last with the one index error.
fn cells_round_trip<C>(all: &[C], count: usize, index: impl Fn(C) -> usize)
where
    C: Copy
        + Eq
        + core::fmt::Debug
        + core::fmt::Display
        + core::str::FromStr<Err = ParseCellError>
        + TryFrom<usize, Error = CellIndexError>,
{
    assert_eq!(all.len(), count);
    for (i, &cell) in all.iter().enumerate() {
        assert_eq!(index(cell), i);
        assert_eq!(C::try_from(i), Ok(cell));
        let name = cell.to_string();
        assert_eq!(name.parse::<C>(), Ok(cell), "{name}");
    }
    for bad in ["", "z99", "?", "a0"] {
        let error = bad.parse::<C>().expect_err(bad);
        assert_eq!(error.text, bad);
        assert!(error.to_string().contains(error.noun), "{error}");
    }
    let error = C::try_from(count).expect_err("one past the last");
    assert_eq!((error.index, error.count), (count, count));
}

#[test]
fn one_program_plays_every_game() {
    jgames_registry::for_each_game!(|G| {
        let mut finished = 0;
        for seed in 0..6 {
            let (pos, plies) = exercise::<G>(Default::default(), seed);
            assert!(plies > 0);
            finished += usize::from(pos.is_over());
        }
        assert!(
            finished > 0,
            "{}: some random games end within 400 plies",
            G::NAME
        );
    });
}

#[test]
// The body is expanded for each game's type, some of which are `Copy`.
#[allow(clippy::clone_on_copy)]
fn every_game_has_the_same_shapes() {
    jgames_registry::for_each_game!(|G| {
        type Rules = <G as Game>::Rules;
        type Setup = <G as TextGame>::Setup;
        type Cell = <G as Render>::Cell;

        // The default rules are the first preset's, and the default position starts there.
        let first = Rules::PRESETS[0];
        assert_eq!(Rules::default(), first.rules, "{}", G::NAME);
        assert_eq!(G::default(), G::new(first.rules), "{}", G::NAME);
        assert_eq!(first.rules.preset_name(), Some(first.name));

        // The setup names the side to move `to_move`; the default setup is the empty board.
        let start = G::default();
        let setup: Setup = start.to_setup();
        let to_move: Side = setup.to_move;
        assert_eq!(to_move, start.side_to_move(), "{}", G::NAME);
        let empty = Setup::default();
        assert_eq!(empty.to_move, Side::First, "{}", G::NAME);
        assert_ne!(empty, setup, "{}", G::NAME);
        let back: Setup = empty
            .to_string()
            .parse()
            .expect("the empty setup's text parses");
        assert_eq!(back, empty, "{}", G::NAME);

        // Cells: the index shape and the name text, with the shared errors.
        cells_round_trip::<Cell>(&Cell::ALL, Cell::COUNT, Cell::index);
        assert_eq!(Cell::try_new(Cell::COUNT), None);
        assert_eq!(Cell::new(0), Cell::ALL[0]);

        // `Move::from` and `to` name cells the move touches (in Render's order: the start,
        // then where it goes).
        let mut moves = <G as Game>::MoveList::default();
        let mut pos = start.clone();
        let mut rng = abstract_game::playout::Rng::seed_from_u64(5);
        for _ in 0..30 {
            pos.legal_moves(&mut moves);
            for &mv in moves.iter() {
                let cells = pos.move_cells(mv);
                let from: Option<Cell> = mv.from();
                let to: Option<Cell> = mv.to();
                if let Some(from) = from {
                    assert_eq!(cells.first(), Some(&from), "{}: {mv:?}", G::NAME);
                }
                if let Some(to) = to {
                    assert!(cells.contains(&to), "{}: {mv:?}", G::NAME);
                }
                if cells.is_empty() {
                    assert_eq!((from, to), (None, None), "{}: {mv:?}", G::NAME);
                }
            }
            match pos.random_move(&mut rng) {
                Some(mv) => pos.play_unchecked(mv),
                None => break,
            }
        }

        // Types under their shared names, from the crate's prelude shape.
        let mut list = <G as Game>::MoveList::default();
        start.legal_moves(&mut list);
        assert!(!list.is_empty());
        assert!(start.parse_move("?").is_err());
        assert!(G::from_text("?", Rules::default()).is_err());
    });
}
