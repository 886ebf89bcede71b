//! The picture checks every game's `tests/pictures.rs` runs, written once: a game's own file
//! then holds only what is its own (how it counts its pieces and target marks, its positions,
//! its titles and its committed pictures), and a check made stronger here is stronger for all.
//!
//! Each check panics with a message naming what broke; the toy game Nim, which draws neither
//! the last move nor targets, shows in this crate's tests that they do.

use core::fmt::{Debug, Display};

use proptest::prelude::*;

use crate::playout::Rng;
use crate::svg::{Render, SvgOptions};
use crate::{Game, GameRules, TextGame};

/// The picture options of a game.
pub type Options<G> = SvgOptions<<G as Game>::Move, <G as Render>::Cell>;

/// Plays the moves of `moves` (move texts separated by spaces; a record's move numbers such as
/// `12.` are skipped) and returns the last one. Panics on a move that is refused.
pub fn play_moves<G: TextGame>(pos: &mut G, moves: &str) -> Option<G::Move> {
    let mut last = None;
    for text in moves.split_whitespace().filter(|t| !t.ends_with('.')) {
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        pos.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
        last = Some(mv);
    }
    last
}

/// The picture of `pos` under `options`, checked: well-formed XML ending with `</svg>` and a
/// newline, with one group of class `piece` for each of the `pieces` the game counts.
pub fn checked_picture<G: Render + Display>(
    pos: &G,
    options: &Options<G>,
    pieces: usize,
) -> String {
    let svg = pos.svg(options);
    assert_eq!(
        super::svg_groups(&svg, "piece"),
        pieces,
        "piece symbols of {pos}"
    );
    assert!(svg.ends_with("</svg>\n"), "an unfinished picture of {pos}");
    svg
}

/// The options change what they should. After `mv` from `start` the picture is another;
/// there, highlighting `mv` as the last move, flipping the board, another cell size and
/// leaving out the coordinates (which makes the picture shorter) each change it; and with
/// cells of `big.0` pixels the picture is `big.1` pixels wide.
pub fn check_options_change_the_picture<G: Render + Display>(
    start: &G,
    mv: G::Move,
    big: (u32, u32),
) {
    let plain = Options::<G>::default();
    let before = start.svg(&plain);
    let after = start.after(mv);
    let drawn = after.svg(&plain);
    assert_ne!(
        drawn, before,
        "the move changes nothing in the picture of {start}"
    );
    let changed = |what: &str, options: Options<G>| {
        let svg = after.svg(&options);
        assert_ne!(
            svg, drawn,
            "{what} changes nothing in the picture of {after}"
        );
        svg
    };
    changed(
        "the last move",
        Options::<G> {
            last_move: Some(mv),
            ..plain
        },
    );
    changed(
        "a flip",
        Options::<G> {
            flip: true,
            ..plain
        },
    );
    changed(
        "another cell size",
        Options::<G> {
            cell: plain.cell / 2,
            ..plain
        },
    );
    let bare = changed(
        "leaving out the coordinates",
        Options::<G> {
            coordinates: false,
            ..plain
        },
    );
    assert!(bare.len() < drawn.len(), "no coordinates, yet no shorter");
    let wide = after.svg(&Options::<G> {
        cell: big.0,
        ..plain
    });
    let head = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\"",
        big.1
    );
    assert!(
        wide.starts_with(&head),
        "cells of {} pixels: {wide:.100}",
        big.0
    );
}

/// Pictures of `cases` random positions (every preset, up to `max_plies` random moves, the
/// last one highlighted, any cell size from 12 to 79 pixels, flipped or not, with or without
/// coordinates, the targets of any cell): each is checked as [`checked_picture`] checks it
/// (`pieces` counts the pieces), its pointing layer as
/// [`check_pointing`](super::check_pointing) checks it, and it shows as many groups of class
/// `target` as `targets` counts for the highlighted cell.
pub fn check_random_pictures<G>(
    cases: u32,
    max_plies: u32,
    pieces: impl Fn(&G) -> usize,
    targets: impl Fn(&G, G::Cell) -> usize,
) where
    G: Render + TextGame + Display + Debug,
{
    let presets = <G::Rules as GameRules>::PRESETS.len();
    let strategy = (
        0..presets,
        any::<u64>(),
        0..=max_plies,
        (any::<bool>(), any::<bool>(), 12u32..80),
        0..G::CELLS.len(),
    );
    super::run(
        cases,
        strategy,
        |(preset, seed, plies, (flip, coordinates, cell), highlight)| {
            let mut pos = G::new(<G::Rules as GameRules>::PRESETS[preset].rules);
            let mut rng = Rng::seed_from_u64(seed);
            let mut last = None;
            for _ in 0..plies {
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
                last = Some(mv);
            }
            let highlight = G::CELLS[highlight];
            let options = Options::<G> {
                cell,
                flip,
                coordinates,
                last_move: last,
                targets_of: Some(highlight),
            };
            super::check_pointing(&pos, &options);
            let svg = checked_picture(&pos, &options, pieces(&pos));
            assert_eq!(
                super::svg_groups(&svg, "target"),
                targets(&pos, highlight),
                "the targets of {highlight} in {pos}"
            );
        },
    );
}

/// The committed pictures are what the code draws now: for each `(name, position, options)`,
/// the picture (checked as [`checked_picture`] checks it, `pieces` counting the pieces) is the
/// file `{prefix}{name}.svg`, or is written there under `JGAMES_BLESS=1`
/// ([`committed_picture`](super::committed_picture)); drawn flipped or not, with or without
/// coordinates, it still passes [`checked_picture`].
pub fn check_committed_pictures<G: Render + Display>(
    prefix: &str,
    pictures: &[(&str, G, Options<G>)],
    pieces: impl Fn(&G) -> usize,
) {
    for (name, pos, options) in pictures {
        let svg = checked_picture(pos, options, pieces(pos));
        super::committed_picture(&format!("{prefix}{name}.svg"), &svg);
        for flip in [false, true] {
            for coordinates in [false, true] {
                let options = Options::<G> {
                    flip,
                    coordinates,
                    ..*options
                };
                checked_picture(pos, &options, pieces(pos));
            }
        }
    }
}

/// The highlight of `cell` in `pos`: as many groups of class `target` as `targets` counts,
/// and, when there is one at least, a picture other than the plain one. Returns the number of
/// marks and the picture.
pub fn check_highlight<G: Render + Display>(
    pos: &G,
    cell: G::Cell,
    targets: impl Fn(&G, G::Cell) -> usize,
) -> (usize, String) {
    let svg = pos.svg(&Options::<G> {
        targets_of: Some(cell),
        ..Options::<G>::default()
    });
    let marks = super::svg_groups(&svg, "target");
    assert_eq!(marks, targets(pos, cell), "the targets of {cell} in {pos}");
    if marks > 0 {
        assert_ne!(
            svg,
            pos.svg(&Options::<G>::default()),
            "the targets of {cell} in {pos} are not drawn"
        );
    }
    (marks, svg)
}

/// The caption of `pos`'s picture: the result ([`Game::describe`]) and no side to move once
/// the game is over, otherwise `{side} to move` for the side to move.
pub fn check_caption<G: Render + Display>(pos: &G) {
    let svg = pos.svg(&Options::<G>::default());
    match pos.outcome() {
        Some(outcome) => {
            let result = G::describe(outcome).to_string();
            assert!(
                svg.contains(&result),
                "no {result:?} in the picture of {pos}"
            );
            assert!(!svg.contains(" to move"), "a side to move in {pos}");
        }
        None => {
            let mover = format!("{} to move", G::side_name(pos.side_to_move()));
            assert!(svg.contains(&mover), "no {mover:?} in the picture of {pos}");
        }
    }
}

/// Every check of this module a game passes, in one call from its `tests/pictures.rs`, with
/// `pieces` counting the piece symbols of a position and `targets` the target marks of a
/// highlighted cell:
/// - [`check_options_change_the_picture`] with the first legal move from the start of the
///   default rules, the picture `width_at_100` pixels wide with cells of 100 pixels;
/// - [`check_random_pictures`] of `random.0` cases of up to `random.1` plies;
/// - [`check_committed_pictures`] of the pictures `committed` under `prefix`, with
///   [`check_caption`] of each position and [`check_highlight`] of each highlighted cell.
pub fn check_pictures<G>(
    prefix: &str,
    committed: &[(&str, G, Options<G>)],
    (pieces, targets): (impl Fn(&G) -> usize, impl Fn(&G, G::Cell) -> usize),
    width_at_100: u32,
    random: (u32, u32),
) where
    G: Render + TextGame + Display + Debug,
{
    let start = G::new(G::Rules::default());
    let mut moves = G::MoveList::default();
    start.legal_moves(&mut moves);
    let first = *moves.first().expect("a legal move from the start");
    check_options_change_the_picture(&start, first, (100, width_at_100));
    check_random_pictures(random.0, random.1, &pieces, &targets);
    check_committed_pictures(prefix, committed, &pieces);
    for (_, pos, options) in committed {
        check_caption(pos);
        if let Some(cell) = options.targets_of {
            check_highlight(pos, cell, &targets);
        }
    }
}
