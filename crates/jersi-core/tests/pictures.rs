//! The SVG pictures: well-formed, one cube symbol per cube on the board and in the reserves,
//! changed by turns, flips and highlights, and the committed pictures of `docs/pictures/` up to
//! date (`JGAMES_BLESS=1 cargo test -p jersi-core --test pictures` rewrites them).
#![cfg(feature = "svg")]

use std::collections::BTreeSet;

use abstract_game::svg::SvgOptions;
use abstract_game::testing::pictures::{
    check_highlight, check_pictures, play_moves as play_record,
};
use jersi_core::Kind;
use jersi_core::prelude::*;

type Options = SvgOptions<Move, Square>;

/// Where the committed pictures are.
const PICTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/pictures/");

fn groups(svg: &str, class: &str) -> usize {
    abstract_game::testing::svg_groups(svg, class)
}

/// The cubes on the board and in both reserves, counted by the position.
fn cubes(pos: &Position) -> usize {
    let on_board: usize = Square::ALL
        .iter()
        .map(|&sq| pos.at(sq).iter().flatten().count())
        .sum();
    let reserves: usize = Side::BOTH
        .iter()
        .map(|&side| usize::from(pos.reserve(side, Kind::Mountain) + pos.reserve(side, Kind::Wise)))
        .sum();
    on_board + reserves
}

/// The distinct cells a highlight of `cell` marks: where the actions of the turns from `cell`
/// land, and every drop cell of the drop turns that land a cube on `cell`.
fn targets(pos: &Position, cell: Square) -> usize {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut cells = BTreeSet::new();
    for &mv in moves.iter() {
        match mv {
            Move::Drop { first, second } => {
                let lands: Vec<Square> = [Some(first), second]
                    .iter()
                    .flatten()
                    .map(|d| d.to)
                    .collect();
                if lands.contains(&cell) {
                    cells.extend(lands);
                }
            }
            _ if mv.from() == Some(cell) => {
                cells.insert(mv.first_to());
                cells.extend(mv.to());
            }
            _ => {}
        }
    }
    cells.len()
}

fn sq(name: &str) -> Square {
    Square::from_name(name).unwrap()
}

/// The rulebook's example game, as `docs/jersi.md` gives it.
const RULEBOOK: &str = "1. a2-b2=d3 h4-h3=f4 2. b3-b4=d5 f4=d3! 3. d5=d3!-e4 m:f3/m:f4 \
    4. a4-a3=c2 i1-i2=g3 5. c2=e2 h1-h2=f1 6. e2=g2-h2 f1=h2!!-g2!/K:a2 7. e4-d3=f2 g2-f2! \
    8. a2-a1=c2 i4-i3=g4 9. M:d4/M:d5 h5-h6=f7 10. b5-b6=d7 i6-i5=g6 11. d7=f8-f7! g6=g7-f8! \
    12. f7-f8! h8-g7=f8! 13. a6-a5=b6 i7-h7=f6 14. b8-a7 g4=e6-e5 15. b6-b7=c6 f8=d7-c6! \
    16. a7=c6!-d7! f6=d7!-e7 17. W:b7/W:c7 g3=g1-f1 18. c6-c7=e9 e6-e7=e9! 19. b7-b6=b4 f1-f2=e3 \
    20. b4=d3-c3 e3=c1-b1! 21. c2=b3-b4 e9=e7-e6 22. d3-c3=c1! e5-e6=c6 23. M:b6/M:b7 c6-d7=b8 \
    24. c1=b1! b8-a7";

/// The turns of the rulebook game up to Black's King capture and relocation (turn 6).
const RELOCATION: &str = "1. a2-b2=d3 h4-h3=f4 2. b3-b4=d5 f4=d3! 3. d5=d3!-e4 m:f3/m:f4 \
    4. a4-a3=c2 i1-i2=g3 5. c2=e2 h1-h2=f1 6. e2=g2-h2 f1=h2!!-g2!/K:a2";

/// The pictures of `docs/jersi.md`: file name, position and options.
fn documented() -> Vec<(&'static str, Position, Options)> {
    let start = Position::new(Rules::default());
    let mut opening = start.clone();
    play_record(&mut opening, "b8-b7=d8 h8-h7=f6");
    let mut stack_turn = opening.clone();
    let last_stack = play_record(&mut stack_turn, "d8=f7-f6!");
    let mut relocated = start.clone();
    let last_relocation = play_record(&mut relocated, RELOCATION);
    let mut finished = start.clone();
    let last = play_record(&mut finished, RULEBOOK);
    let plain = Options::default();
    vec![
        ("jersi-start", start.clone(), plain),
        ("jersi-targets", opening, plain.with_targets_of(sq("d8"))),
        (
            "jersi-stack-turn",
            stack_turn,
            plain.with_last_move(last_stack),
        ),
        (
            "jersi-relocation",
            relocated,
            plain.with_last_move(last_relocation),
        ),
        ("jersi-drops", start, plain.with_targets_of(sq("e5"))),
        ("jersi-end", finished, plain.with_last_move(last).flipped()),
    ]
}

#[test]
fn the_reserves_are_drawn_only_with_drops() {
    // The start: 30 cubes on the board, 12 in the reserves; none in the reserves without drops.
    assert_eq!(cubes(&Position::new(Rules::default())), 42);
    let no_drop = Position::new(Rules::NO_DROP);
    assert_eq!(groups(&no_drop.svg(&Options::default()), "piece"), 30);
}

#[test]
fn stacks_show_both_cubes() {
    let mut pos = Position::new(Rules::default());
    pos.play_line("b8-b7").unwrap();
    let svg = pos.svg(&Options::default());
    assert!(svg.contains("<title>White Fool on b7, on top</title>"));
    assert!(svg.contains("<title>White Scissors on b7, under</title>"));
    assert!(svg.contains("<title>White Mountain in reserve</title>"));
}

#[test]
fn the_caption_tells_the_side_to_move_and_the_result() {
    let mut finished = Position::new(Rules::default());
    play_record(&mut finished, RULEBOOK);
    let start = Position::new(Rules::default());
    assert!(start.svg(&Options::default()).contains("White to move"));
    assert!(finished.svg(&Options::default()).contains("Black wins"));
}

#[test]
fn a_highlight_marks_one_target_per_cell() {
    let start = Position::new(Rules::default());
    let mut opening = start.clone();
    play_record(&mut opening, "b8-b7=d8 h8-h7=f6");
    for (pos, cell) in [
        (&start, "b8"),
        (&start, "a4"),
        (&start, "e5"),
        (&start, "i4"),
        (&opening, "d8"),
        (&opening, "f6"),
        (&opening, "a1"),
    ] {
        // The highlighted cell is tinted, targets or not.
        let (_, svg) = check_highlight(pos, sq(cell), targets);
        assert_ne!(svg, pos.svg(&Options::default()), "{cell}");
    }
    // The enemy's cells have no targets; the empty e5 takes drops, which reach its six
    // neighbours with the second drop.
    assert_eq!(targets(&start, sq("i4")), 0);
    assert_eq!(targets(&start, sq("e5")), 7);
    // A capture is marked as one: the stack on d8 can take Black's stack on f6.
    let svg = opening.svg(&Options::default().with_targets_of(sq("d8")));
    assert!(svg.contains("<title>capture to f6</title>"), "{svg}");
}

/// Every check the games share: the options, random positions of every preset, the committed
/// pictures of `docs/pictures/` with their captions and highlights.
#[test]
fn the_shared_picture_checks_pass() {
    // Nine columns of cells, the reserve panel of 2.9 cells and two side margins of 0.8: 13.5 cells.
    check_pictures(PICTURES, &documented(), (cubes, targets), 1350, (48, 160));
}
