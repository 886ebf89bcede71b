//! Pictures: every picture is well-formed SVG with one piece group per piece in the towers and
//! in both stocks, options change what they should, and the committed pictures of
//! `docs/pictures/` are what the code draws now (`JGAMES_BLESS=1` rewrites them).
#![cfg(feature = "svg")]

use abstract_game::svg::SvgOptions;
use abstract_game::testing::pictures::{
    check_caption, check_pictures, checked_picture, play_moves as play,
};
use jericho_core::Alignment;
use jericho_core::prelude::*;

type Options = SvgOptions<Move, Square>;

/// Pieces in the towers plus pieces in the stocks, from the position's own accessors.
fn piece_count(pos: &Position) -> usize {
    let stocks: u32 = Side::BOTH.iter().map(|&side| pos.stock(side).len()).sum();
    (pos.pieces_on_board() + stocks) as usize
}

fn groups(svg: &str, class: &str) -> usize {
    abstract_game::testing::svg_groups(svg, class)
}

/// Checks the picture of `pos` under `options`: it parses, shows every piece once and every
/// monolith.
fn check(pos: &Position, options: &Options) -> String {
    let svg = checked_picture(pos, options, piece_count(pos));
    assert_eq!(groups(&svg, "monolith"), Alignment::ALL.len());
    svg
}

/// The one target mark of a highlighted square: where a piece of the stock may go.
fn targets(pos: &Position, square: Square) -> usize {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    usize::from(moves.iter().any(|m| m.to() == Some(square)))
}

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn the_start_shows_both_full_stocks() {
    let pos = Position::new(Rules::default());
    let svg = check(&pos, &Options::default());
    assert_eq!(piece_count(&pos), 50);
    assert!(svg.contains("South to move"));
    assert!(svg.contains("3b in South's stock"));
    assert_eq!(svg.matches("held by nobody").count(), 13);
    assert!("d2".parse::<Square>().is_err() && "x9".parse::<Square>().is_err());
}

#[test]
fn towers_monoliths_and_the_result_are_drawn() {
    let mut pos = Position::new(Rules::default());
    let last = play(&mut pos, "3b@c2 5a@c3 2c@c2");
    let svg = check(&pos, &Options::default().with_last_move(last));
    assert!(svg.contains("3b on c2, level 1") && svg.contains("2c on c2, level 2"));
    assert!(svg.contains("monolith of Fc, held by South"));
    assert!(svg.contains("1 monolith: Fc"));

    let mut game = Position::new(Rules::default());
    play(&mut game, RECORD);
    assert!(game.is_over(), "the recorded game is over");
    check(&game, &Options::default());
    check_caption(&game);
}

#[test]
fn every_option_keeps_every_piece_and_monolith() {
    let start = Position::new(Rules::default());
    let mv = start.parse_move("3b@c2").unwrap();
    let after = start.after(mv);
    for options in [
        Options::default(),
        Options {
            last_move: Some(mv),
            flip: true,
            coordinates: false,
            ..Options::default()
        },
    ] {
        check(&after, &options);
    }
}

#[test]
fn a_square_where_a_piece_fits_gets_one_target_mark() {
    let mut pos = Position::new(Rules::default());
    let with_c3 = Options::default().with_targets_of(square("c3"));
    assert_eq!(groups(&pos.svg(&with_c3), "target"), 1);
    assert_ne!(pos.svg(&with_c3), pos.svg(&Options::default()));
    // The asymmetry rule refuses North's copy of 3b on c3 (same file, same level): its
    // stock piece is drawn faint, the other 24 are not.
    play(&mut pos, "3b@c2");
    let svg = check(&pos, &with_c3);
    assert_eq!(groups(&svg, "target"), 1);
    assert!(svg.contains("24 pieces may go on c3"));
    // A full tower takes nothing: no target.
    play(&mut pos, "1a@c2 4d@c2 2e@c2");
    assert_eq!(pos.at(square("c2")).height(), 4);
    let full = Options::default().with_targets_of(square("c2"));
    assert_eq!(groups(&check(&pos, &full), "target"), 0);
}

/// The moves of the game record in docs/jericho.md, without the move numbers.
const RECORD: &str = "5a@g4 1a@f4 3d@b4 2d@d1 3b@f4 4e@d1 1d@e3 5e@f1 1a@g1 3c@c3 2a@c2 \
    3a@e4 3c@b2 2c@a4 5b@a4 5a@c3 4b@a1 1e@c2 4e@a3 2a@b1 1c@g2 1c@b1 4c@e4 4b@g1 3a@g3 \
    4c@f1 4d@c2 1b@f3 1b@e2 5b@d4 5c@d1 1d@a2 2b@b4 4a@b2 2e@g3 4d@f3 2c@e2 3d@b1 5e@e3 \
    2e@b2 5d@c4 5c@f2 1e@e1 3b@a3 4a@g2";

/// The pictures of docs/jericho.md: file name, moves from the start, highlighted square.
const DOCUMENTED: &[(&str, &str, Option<&str>)] = &[
    ("start", "", None),
    ("confrontation", "3b@c2 5a@c3 2c@c2", None),
    ("asymmetry", "3b@c2", Some("c3")),
    ("end", RECORD, None),
];

/// Every check the games share: the options, random positions of every preset, the committed
/// pictures of `docs/pictures/` with their captions and highlights.
#[test]
fn the_shared_picture_checks_pass() {
    let pictures: Vec<(&str, Position, Options)> = DOCUMENTED
        .iter()
        .map(|&(name, moves, highlight)| {
            let mut pos = Position::new(Rules::default());
            let last = play(&mut pos, moves);
            let options = Options {
                cell: 60,
                last_move: last,
                targets_of: highlight.map(square),
                ..Options::default()
            };
            check(&pos, &options);
            (name, pos, options)
        })
        .collect();
    let prefix = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/pictures/jericho-");
    check_pictures(prefix, &pictures, (piece_count, targets), 1330, (64, 60));
}
