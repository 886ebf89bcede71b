//! Pictures: every picture is well-formed SVG with one piece group per archer on the board and
//! waiting to return, options change what they should, and the committed pictures of
//! `docs/pictures/` are what the code draws now (`JGAMES_BLESS=1` rewrites them).
#![cfg(feature = "svg")]

use abstract_game::svg::SvgOptions;
use abstract_game::testing::pictures::{
    check_caption, check_pictures, checked_picture, play_moves,
};
use jarmo_core::prelude::*;

type Options = SvgOptions<Move, Hole>;

/// Archers on the board plus archers in the pools, from the position's own accessors.
fn piece_count(pos: &Position) -> usize {
    Side::BOTH
        .iter()
        .map(|&side| pos.archers(side).count() as usize + usize::from(pos.pool(side)))
        .sum()
}

fn groups(svg: &str, class: &str) -> usize {
    abstract_game::testing::svg_groups(svg, class)
}

/// Checks the picture of `pos` under `options`: it parses and shows every archer once.
fn check(pos: &Position, options: &Options) -> String {
    checked_picture(pos, options, piece_count(pos))
}

/// The distinct holes a highlight of `hole` marks: where the moves from it land, or the hole
/// itself for a drop onto it.
fn targets(pos: &Position, hole: Hole) -> usize {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut marks: Vec<Hole> = moves
        .iter()
        .filter(|mv| mv.from().map_or(mv.to() == Some(hole), |from| from == hole))
        .filter_map(|mv| mv.to())
        .collect();
    marks.sort();
    marks.dedup();
    marks.len()
}

fn hole(name: &str) -> Hole {
    name.parse().unwrap()
}

#[test]
fn the_start_has_ten_archers_and_a_caption() {
    let pos = Position::new(Rules::JARMO);
    let svg = check(&pos, &Options::default());
    assert_eq!(piece_count(&pos), 10);
    assert!(svg.contains("Black to move"));
    assert!(svg.contains("Black archer on c1") && svg.contains("White archer on e5"));
}

#[test]
fn pools_and_marks_are_drawn_and_the_result_is_the_caption() {
    let mut pos = Position::from_text("w4/5/3w1/5/2b1b b", Rules::JARMO).unwrap();
    let last = play_moves(&mut pos, "c1xd3");
    let svg = check(&pos, &Options::default().with_last_move(last));
    assert_eq!(pos.pool(Side::Second), 1);
    assert!(svg.contains("marked Black archer on d3"));
    assert!(svg.contains("White archer in the captured pool"));

    let reserve = Position::from_text("wwww1/5/5/5/bbbb1 b 1/1", Rules::JASIR_RESERVE).unwrap();
    let svg = check(&reserve, &Options::default());
    assert_eq!(svg.matches("archer in the reserve").count(), 2);

    let over = Position::from_text("bb3/5/5/5/ww3 w", Rules::JARMO).unwrap();
    assert!(over.is_over(), "both sides have arrived");
    check(&over, &Options::default());
    check_caption(&over);
}

#[test]
fn targets_are_one_mark_per_distinct_hole() {
    let start = Position::new(Rules::JARMO);
    for name in ["a1", "c1", "c3"] {
        let options = Options::default().with_targets_of(hole(name));
        assert_eq!(
            groups(&start.svg(&options), "target"),
            targets(&start, hole(name)),
            "{name}"
        );
    }
    // c1 has lines to a2, d3 and e2; c3 holds nothing.
    let c1 = Options::default().with_targets_of(hole("c1"));
    assert_eq!(groups(&start.svg(&c1), "target"), 3);
    assert_ne!(start.svg(&c1), start.svg(&Options::default()));

    // A step that may return an archer to several holes is still one target.
    let pos = Position::from_text("w4/3B1/5/5/b4 b 1/0", Rules::JARMO).unwrap();
    let d4 = Options::default().with_targets_of(hole("d4"));
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let steps = moves
        .iter()
        .filter(|m| m.from() == Some(hole("d4")))
        .count();
    let marks = groups(&pos.svg(&d4), "target");
    assert!(steps > marks, "{steps} moves, {marks} targets");

    // A drop from the reserve lands on the hole asked about.
    let reserve = Position::from_text("wwww1/5/5/5/bbbb1 b 1/1", Rules::JASIR_RESERVE).unwrap();
    let e1 = Options::default().with_targets_of(hole("e1"));
    assert_eq!(groups(&reserve.svg(&e1), "target"), 1);
}

/// The pictures of docs/jarmo.md: file name, rules, position text, moves, highlighted hole.
const DOCUMENTED: &[(&str, Rules, &str, &str, Option<&str>)] = &[
    ("start", Rules::JARMO, "", "", None),
    ("capture", Rules::JARMO, "w4/5/3w1/5/2b1b b", "c1xd3", None),
    (
        "return",
        Rules::JARMO,
        "w4/3B1/5/5/b4 b 1/0",
        "d4-b5/b1",
        None,
    ),
    (
        "lines",
        Rules::JARMO,
        "",
        "a1-b3 c5-e4 b3-b4 e4-c3",
        Some("b4"),
    ),
    (
        "reserve",
        Rules::JASIR_RESERVE,
        "w2ww/2w2/5/5/b1b1b b 2/0",
        "",
        Some("b1"),
    ),
];

/// Every check the games share: the options, random positions of every preset, the committed
/// pictures of `docs/pictures/` with their captions and highlights.
#[test]
fn the_shared_picture_checks_pass() {
    let pictures: Vec<(&str, Position, Options)> = DOCUMENTED
        .iter()
        .map(|&(name, rules, text, moves, highlight)| {
            let mut pos = if text.is_empty() {
                Position::new(rules)
            } else {
                Position::from_text(text, rules).unwrap()
            };
            let last = play_moves(&mut pos, moves);
            let options = Options {
                last_move: last,
                targets_of: highlight.map(hole),
                ..Options::default()
            };
            (name, pos, options)
        })
        .collect();
    let prefix = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/pictures/jarmo-");
    // The board, the panels beside it: 10 cells.
    check_pictures(prefix, &pictures, (piece_count, targets), 1000, (64, 80));
}
