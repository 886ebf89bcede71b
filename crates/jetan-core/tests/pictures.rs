//! The SVG pictures: well-formed, one piece symbol per piece, changed by moves, flips and
//! highlights, and the committed pictures of `docs/pictures/` up to date
//! (`JGAMES_BLESS=1 cargo test -p jetan-core --test pictures` rewrites them).
#![cfg(feature = "svg")]

use std::collections::BTreeSet;

use abstract_game::svg::SvgOptions;
use abstract_game::testing::pictures::{
    check_highlight, check_pictures, play_moves as play_record,
};
use jetan_core::prelude::*;

type Options = SvgOptions<Move, Square>;

/// Where the committed pictures are.
const PICTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/pictures/");

/// The pieces on the board, counted by the position.
fn pieces(pos: &Position) -> usize {
    (pos.piece_count(Side::First) + pos.piece_count(Side::Second)) as usize
}

/// The distinct squares the legal moves from `from` end on.
fn targets(pos: &Position, from: Square) -> usize {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .filter(|mv| mv.from() == Some(from))
        .map(|mv| mv.to())
        .collect::<BTreeSet<_>>()
        .len()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The Thoat's picture: a Black Thoat on e5, a Black Panthan on e6 blocking two of its paths
/// and an Orange Panthan on g6 to capture.
const THOAT: &str = "wadfrcfdaw/tppppp1ppt/10/10/4P1p3/4T5/10/10/1PPP1PPPPT/WADFCRFDAW b Rr -";

/// The decided game of the crate documentation: Black's Princess has been taken.
const OVER: &str = "4c5/10/10/10/10/10/10/10/1P8/C8r b Rr - orange";

/// The first 40 plies of the random game in `docs/jetan.md`.
const RECORD: &str = "1. Rf1-i5! Fg10-f7 2. Ri5-i3 Ff7-e6 3. Fg1-f4 Re10-i6! 4. Ff4-i7 Ri6-g5 \
    5. Pc2-b3 Rg5-e5 6. Ri3-i6 Pf9-f8 7. Ri6-i4 Pe9-f9 8. Pg2-g3 Ph9-i8 9. Ri4-f1 Dh10-h7 \
    10. Fi7-h8 Ai10-g8 11. Ta2-b4 Dh7-g5 12. Tb4-d3 Pd9-e9 13. Fd1-g4 Re5-c6 14. Pb2-a3 Pb9-b8 \
    15. Pd2-c3 Pc9-d9 16. Fh8xe9 Ag8-g6 17. Pg3-h3 Pf9xe9 18. Ph3-h4 Dg5-i4 19. Pf2-e3 Di4-i5 \
    20. Fg4-f7 Di5-h7";

/// The pictures of `docs/jetan.md`: file name, position and options.
fn documented() -> Vec<(&'static str, Position, Options)> {
    let rules = Rules::default();
    let start = Position::new(rules);
    let mut escaped = start.clone();
    let escape = play_record(&mut escaped, "Rf1-f6!");
    let mut record = start.clone();
    let last = play_record(&mut record, RECORD);
    let thoat = Position::from_text(THOAT, rules).unwrap();
    let over = Position::from_text(OVER, rules).unwrap();
    let plain = Options::default();
    vec![
        ("jetan-start", start.clone(), plain),
        ("jetan-princess", start, plain.with_targets_of(sq("f1"))),
        ("jetan-escape", escaped, plain.with_last_move(escape)),
        ("jetan-thoat", thoat, plain.with_targets_of(sq("e5"))),
        ("jetan-game", record, plain.with_last_move(last).flipped()),
        ("jetan-over", over, plain),
    ]
}

#[test]
fn the_caption_tells_the_side_to_move_and_the_result() {
    let (start, over) = (
        Position::default(),
        Position::from_text(OVER, Rules::default()),
    );
    assert!(start.svg(&Options::default()).contains("Black to move"));
    assert!(
        over.unwrap()
            .svg(&Options::default())
            .contains("Orange wins")
    );
}

#[test]
fn a_highlight_marks_one_target_per_destination() {
    let start = Position::default();
    let thoat = Position::from_text(THOAT, Rules::default()).unwrap();
    for (pos, from, expected) in [
        (&start, "f1", None),
        (&start, "e2", Some(3)),
        (&start, "a1", Some(0)),
        (&thoat, "e5", Some(9)),
        (&thoat, "a1", None),
    ] {
        let (marks, _) = check_highlight(pos, sq(from), targets);
        if let Some(n) = expected {
            assert_eq!(marks, n, "{from}");
        }
    }
    // The Princess's escapes are marked apart from her normal moves.
    let svg = start.svg(&Options::default().with_targets_of(sq("f1")));
    assert!(svg.contains("<title>escape to f6</title>"));
    assert!(svg.contains("<title>move to f4</title>"));
    // The Thoat's capture on g6 is a capture mark.
    let svg = thoat.svg(&Options::default().with_targets_of(sq("e5")));
    assert!(svg.contains("<title>capture to g6</title>"));
}

/// Every check the games share: the options, random positions of every preset, the committed
/// pictures of `docs/pictures/` with their captions and highlights.
#[test]
fn the_shared_picture_checks_pass() {
    // Ten squares, the rank labels' margin of 0.55 and a pad of 0.25: 10.8 cells.
    check_pictures(PICTURES, &documented(), (pieces, targets), 1080, (64, 200));
}
