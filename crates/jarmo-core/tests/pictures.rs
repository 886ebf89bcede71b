//! Pictures: every picture is well-formed SVG with one piece group per archer on the board and
//! waiting to return, options change what they should, and the committed pictures of
//! `docs/pictures/` are what the code draws now (`JGAMES_BLESS=1` rewrites them).
#![cfg(feature = "svg")]

use abstract_game::playout::Rng;
use abstract_game::svg::SvgOptions;
use jarmo_core::prelude::*;
use proptest::prelude::*;

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
    let svg = pos.svg(options);
    assert_eq!(groups(&svg, "piece"), piece_count(pos), "{pos}");
    svg
}

fn play(pos: &mut Position, moves: &str) -> Option<Move> {
    let mut last = None;
    for text in moves.split_whitespace() {
        let mv = pos.parse_move(text).unwrap();
        pos.play(mv).unwrap();
        last = Some(mv);
    }
    last
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
    let last = play(&mut pos, "c1xd3");
    let svg = check(
        &pos,
        &Options {
            last_move: last,
            ..Options::default()
        },
    );
    assert_eq!(pos.pool(Side::Second), 1);
    assert!(svg.contains("marked Black archer on d3"));
    assert!(svg.contains("White archer in the captured pool"));

    let reserve = Position::from_text("wwww1/5/5/5/bbbb1 b 1/1", Rules::JASIR_RESERVE).unwrap();
    let svg = check(&reserve, &Options::default());
    assert_eq!(svg.matches("archer in the reserve").count(), 2);

    let over = Position::from_text("bb3/5/5/5/ww3 w", Rules::JARMO).unwrap();
    let outcome = over.outcome().expect("both sides have arrived");
    let svg = check(&over, &Options::default());
    assert!(svg.contains(&Position::describe(outcome).to_string()));
    assert!(!svg.contains("to move"));
}

#[test]
fn a_move_and_a_flip_change_the_picture() {
    let start = Position::new(Rules::JARMO);
    let before = start.svg(&Options::default());
    let mut after = start;
    let last = play(&mut after, "c1-d3");
    assert_ne!(before, after.svg(&Options::default()));
    let plain = after.svg(&Options::default());
    let marked = after.svg(&Options {
        last_move: last,
        ..Options::default()
    });
    assert_ne!(plain, marked, "the last move is highlighted");
    let flipped = check(
        &after,
        &Options {
            flip: true,
            ..Options::default()
        },
    );
    assert_ne!(plain, flipped);
    let bare = check(
        &after,
        &Options {
            coordinates: false,
            ..Options::default()
        },
    );
    assert!(bare.len() < plain.len());
    let big = after.svg(&Options {
        cell: 96,
        ..Options::default()
    });
    assert!(big.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"960\""));
}

#[test]
fn targets_are_one_mark_per_distinct_hole() {
    let start = Position::new(Rules::JARMO);
    for name in ["a1", "c1", "c3"] {
        let options = Options {
            targets_of: Some(hole(name)),
            ..Options::default()
        };
        let mut moves = MoveList::new();
        start.legal_moves(&mut moves);
        let mut targets: Vec<Hole> = moves
            .iter()
            .filter(|mv| mv.from() == Some(hole(name)))
            .filter_map(|mv| mv.to())
            .collect();
        targets.sort();
        targets.dedup();
        assert_eq!(
            groups(&start.svg(&options), "target"),
            targets.len(),
            "{name}"
        );
    }
    // c1 has lines to a2, d3 and e2; c3 holds nothing.
    let c1 = Options {
        targets_of: Some(hole("c1")),
        ..Options::default()
    };
    assert_eq!(groups(&start.svg(&c1), "target"), 3);
    assert_ne!(start.svg(&c1), start.svg(&Options::default()));

    // A step that may return an archer to several holes is still one target.
    let pos = Position::from_text("w4/3B1/5/5/b4 b 1/0", Rules::JARMO).unwrap();
    let d4 = Options {
        targets_of: Some(hole("d4")),
        ..Options::default()
    };
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
    let e1 = Options {
        targets_of: Some(hole("e1")),
        ..Options::default()
    };
    assert_eq!(groups(&reserve.svg(&e1), "target"), 1);
}

/// Every preset by name.
fn presets() -> Vec<Rules> {
    Rules::preset_names()
        .map(|name| Rules::preset(name).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_positions_render_with_every_archer(
        preset in proptest::sample::select(presets()),
        seed in any::<u64>(),
        plies in 0u32..80,
        flip in any::<bool>(),
        cell in 12u32..80,
        highlight in proptest::sample::select(Hole::ALL.to_vec()),
    ) {
        let mut rng = Rng::seed_from_u64(seed);
        let mut pos = Position::new(preset);
        let mut last = None;
        for _ in 0..plies {
            let Some(mv) = pos.random_move(&mut rng) else { break };
            pos.play(mv).unwrap();
            last = Some(mv);
        }
        let options = Options { cell, flip, coordinates: flip, last_move: last, targets_of: Some(highlight) };
        abstract_game::testing::check_pointing(&pos, &options);
        let svg = check(&pos, &options);
        prop_assert!(svg.ends_with("</svg>\n"));
    }
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

#[test]
fn the_committed_pictures_are_up_to_date() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/pictures/");
    for &(name, rules, text, moves, highlight) in DOCUMENTED {
        let mut pos = if text.is_empty() {
            Position::new(rules)
        } else {
            Position::from_text(text, rules).unwrap()
        };
        let last = play(&mut pos, moves);
        let options = Options {
            last_move: last,
            targets_of: highlight.map(hole),
            ..Options::default()
        };
        let svg = check(&pos, &options);
        let path = format!("{dir}jarmo-{name}.svg");
        abstract_game::testing::committed_picture(&path, &svg);
    }
}
