//! The three recorded games of the Jersi author (`tests/data/`): every turn legal, each game ends
//! with a King arrival.

use abstract_game::{Game, Outcome, Side, TextGame};
use jersi_core::{BLACK, Position, Rules, WHITE, read_record, replay_record};

const RULEBOOK: &str = include_str!("data/Rulebook-example-2020-0330.txt");
const FOX: &str = include_str!("data/Fox-Lucas-2021-0425.txt");
const KERRY: &str = include_str!("data/Kerry-Lucas-2021-1011.txt");

fn replay(text: &str) -> Position {
    let (pos, moves) = replay_record(text, Rules::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(moves.len(), read_record(text).unwrap().len());
    pos
}

/// The game of `record` ends with `winner`'s King arriving on row `row`, its goal.
fn assert_king_arrival(record: &str, winner: Side, row: u8) {
    let pos = replay(record);
    assert_eq!(pos.outcome(), Some(Outcome::win(winner)));
    assert!(pos.king(winner).unwrap().row() == row);
}

#[test]
fn rulebook_example_ends_with_blacks_king_arrival() {
    assert_king_arrival(RULEBOOK, BLACK, 0);
}

#[test]
fn fox_game_ends_with_whites_king_arrival() {
    assert_king_arrival(FOX, WHITE, 8);
}

#[test]
fn kerry_game_ends_with_whites_king_arrival() {
    assert_king_arrival(KERRY, WHITE, 8);
}

#[test]
fn game_texts_replay_through_canonical_notation() {
    // Printing each recorded turn canonically and parsing it back gives the same turn.
    for record in [RULEBOOK, FOX, KERRY] {
        let mut pos = Position::new(Rules::default());
        for text in read_record(record).unwrap() {
            let mv = pos.parse_move(&text).unwrap();
            let canonical = pos.move_to_string(mv);
            assert_eq!(pos.parse_move(&canonical), Ok(mv), "{text} vs {canonical}");
            pos.play(mv).unwrap();
        }
    }
}

#[test]
fn examples_of_docs_jersi_md() {
    let mut pos = Position::new(Rules::default());
    pos.play_line("b8-b7=d8 h8-h7=f6 d8=f7-f6!").unwrap();
    assert_eq!(
        pos.to_text(),
        "prskrsp/fsprsp2/7/5FS1/9/8/7/FRPSRP2/PSRKSRP b MMMMWW/mmmmww 40 4"
    );
    let start = Position::new(Rules::default());
    let diagram = start.diagram();
    assert!(diagram.starts_with("i       p   r   s   k   r   s   p\n"));
    assert!(diagram.contains("\na       P   S   R   K   S   R   P\n"));
}
