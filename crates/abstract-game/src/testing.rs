//! The property-test suite every game crate runs (behind the `testing` feature).
//!
//! The properties are the [`contract`](crate::contract) checks, driven by proptest over
//! positions reached by seeded random play under random rules. A game crate runs the whole
//! suite with one invocation of [`game_properties!`](crate::game_properties) in its
//! `tests/props.rs`, and keeps beside it only the properties of its own rules:
//!
//! ```ignore
//! abstract_game::game_properties! {
//!     game: jarmo_core::Position,
//!     rules: rules_strategy(),          // a proptest strategy of `Rules`
//!     moves: arbitrary_move_strategy(), // a strategy of (mostly illegal) `Move`s
//!     max_plies: 200,
//!     cases: 96,
//!     hashed_perft_depth: 4,            // perft with a table, compared with plain perft
//!     random_move: uniform,             // optional, see below
//! }
//! ```
//!
//! Each property is also a public function, for a crate that wants to run one on its own
//! positions.
//!
//! # Random moves
//!
//! By default the suite checks [`random_move_is_a_list_draw`]: the game's [`Game::random_move`]
//! draws, for a seed, the move that a uniform pick from the generated list draws, which holds
//! for the trait's own draw and for overrides that rank the moves without building the list. A
//! game whose `random_move` draws some other way (say, by rejection sampling without counting
//! the moves) passes `random_move: uniform` instead (`random_move: list` is the default,
//! spelled out), and the suite checks [`random_move_is_uniform`]: every draw is a legal move,
//! the draw is `None` exactly when there is no legal move, and on positions with at most
//! [`UNIFORMITY_MAX_MOVES`] moves, of [`UNIFORMITY_DRAWS_PER_MOVE`] draws per move, every move
//! gets one at least and a chi-square test must not reject uniformity at the level
//! [`UNIFORMITY_MIN_P`]. That level is so strict that a uniform draw essentially never fails
//! (about once in ten million positions), while the usual biased draws still fail: picking a
//! first part uniformly and then one of its continuations, say, fails on any position whose
//! parts start very different numbers of moves. [`uniformity`] is the test itself (Pearson's
//! chi-square, with an exact tail from [`chi_square_upper_tail`]), for a game's own, stronger
//! checks on chosen positions.

use core::fmt::{Debug, Display};
use core::hash::Hash;
use std::collections::HashMap;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use crate::contract::{check_position, parse_checked};
use crate::perft::{Perft, perft};
use crate::playout::{Rng, playout_loop};
use crate::record::Record;
use crate::{Game, PlayError, TextGame};

pub use proptest;

pub mod actions;
pub mod pictures;

/// The bounds the suite needs of a position type.
pub trait TestedGame: TextGame + PartialEq + Debug + Display {}
impl<G: TextGame + PartialEq + Debug + Display> TestedGame for G {}

pub use crate::playout::random_position;

/// The rules of every preset of a game, in the table's order: the usual rules a test runs
/// under.
pub fn preset_rules<R: crate::GameRules>() -> Vec<R> {
    R::PRESETS.iter().map(|preset| preset.rules).collect()
}

/// Positions reached by random play, of up to `max_plies` moves, under rules drawn from `rules`.
/// Shrinking goes towards fewer moves.
pub fn positions<G: Game + Debug>(
    rules: impl Strategy<Value = G::Rules>,
    max_plies: u32,
) -> impl Strategy<Value = G> {
    (rules, any::<u64>(), 0..=max_plies)
        .prop_map(|(rules, seed, plies)| random_position::<G>(rules, seed, plies))
}

/// Runs `property` on `cases` values of `strategy`; panics with the smallest failing value.
pub fn run<S: Strategy>(cases: u32, strategy: S, property: impl Fn(S::Value)) {
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    if let Err(e) = runner.run(&strategy, |value| {
        property(value);
        Ok(())
    }) {
        panic!("{e}");
    }
}

/// The whole [`contract::check_position`](check_position), plus: `Display` of the position is
/// its position text, and the setup round-trips through its text and through validation.
pub fn contract_and_setup<G: TestedGame>(pos: &G) {
    check_position(pos);
    crate::contract::check_setup_round_trip(pos);
}

/// Bulk counting (perft's last ply by `count_legal_moves`, `count_after`, the last two by
/// `count_two_plies`) equals enumeration, and `count_two_plies` equals the sum of `count_after`
/// over the moves (the trait's own definition).
pub fn bulk_counts<G: TestedGame>(pos: &G) {
    assert_eq!(
        Some(perft(pos, 2)),
        Perft::new(2).enumerated().count(pos),
        "perft(2) of {pos}"
    );
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let by_move: u64 = moves.iter().map(|&mv| pos.count_after(mv) as u64).sum();
    assert_eq!(pos.count_two_plies(), by_move, "count_two_plies of {pos}");
}

/// Perft through a [`PerftTable`](crate::perft::PerftTable) equals plain perft, with a table
/// so small and storing so low that buckets are shared and entries replaced all the time (a
/// count reused for another position, or at another depth, shows as a wrong total), and with
/// a table large enough to keep everything (the counts found in it are right).
pub fn hashed_perft_is_perft<G: TestedGame>(pos: &G, depth: u32) {
    use crate::perft::PerftTable;
    let plain = Some(perft(pos, depth));
    let count = Perft::new(depth);
    for bytes in [1 << 10, 1 << 22] {
        let mut table = PerftTable::with_bytes(bytes).storing_from(1);
        let hashed = count.count_with_table(pos, &mut table);
        assert_eq!(hashed, plain, "perft({depth}) of {pos}");
        // A second walk through the filled table counts the same again.
        let again = count.count_with_table(pos, &mut table);
        assert_eq!(again, plain, "perft({depth}) of {pos}");
    }
}

/// `random_move` draws what a uniform pick from the generated list draws, for the same seed.
pub fn random_move_is_a_list_draw<G: TestedGame>(pos: &G, seed: u64) {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let drawn = pos.random_move(&mut Rng::seed_from_u64(seed));
    let mut rng = Rng::seed_from_u64(seed);
    let expected = (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u32) as usize]);
    assert_eq!(drawn, expected, "random_move of {pos}");
}

/// The level below which [`random_move_is_uniform`] rejects uniformity: a p-value this small
/// comes about once in ten million positions from a uniform draw.
pub const UNIFORMITY_MIN_P: f64 = 1e-7;

/// The draws per legal move of [`random_move_is_uniform`]'s chi-square test.
pub const UNIFORMITY_DRAWS_PER_MOVE: usize = 24;

/// Positions with more legal moves than this get [`random_move_is_uniform`]'s legality checks
/// but no chi-square test (which would take too many draws).
pub const UNIFORMITY_MAX_MOVES: usize = 1200;

/// A chi-square test of uniformity: how many draws, the statistic over the moves and its
/// p-value (the chance of a statistic at least this large from a uniform draw).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Uniformity {
    /// Draws made.
    pub draws: usize,
    /// The number of moves, the categories of the test.
    pub moves: usize,
    /// The fewest draws of any move.
    pub fewest: u64,
    /// Pearson's statistic, the sum over the moves of (observed − expected)² / expected.
    pub chi_square: f64,
    /// The upper tail of the chi-square distribution with `moves − 1` degrees of freedom at
    /// the statistic (1 when there is only one move).
    pub p_value: f64,
}

/// Calls `draw` `draws_per_move` times per move of `moves` (distinct values) and tests the
/// counts against the uniform distribution over `moves`. An `Err` names a draw that is not one
/// of `moves` (or `None` while `moves` is not empty).
pub fn uniformity<M: Copy + Eq + Hash + Debug>(
    moves: &[M],
    draws_per_move: usize,
    mut draw: impl FnMut() -> Option<M>,
) -> Result<Uniformity, String> {
    let index: HashMap<M, usize> = moves.iter().enumerate().map(|(i, &m)| (m, i)).collect();
    assert_eq!(index.len(), moves.len(), "the moves must be distinct");
    let mut counts = vec![0u64; moves.len()];
    let draws = draws_per_move * moves.len();
    for _ in 0..draws {
        match draw() {
            Some(mv) => match index.get(&mv) {
                Some(&i) => counts[i] += 1,
                None => return Err(format!("{mv:?} is not one of the {} moves", moves.len())),
            },
            None => return Err(format!("no draw among {} moves", moves.len())),
        }
    }
    let expected = draws as f64 / moves.len() as f64;
    let chi_square = counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum::<f64>();
    let p_value = if moves.len() > 1 {
        chi_square_upper_tail(chi_square, moves.len() - 1)
    } else {
        1.0
    };
    Ok(Uniformity {
        draws,
        moves: moves.len(),
        fewest: counts.iter().copied().min().unwrap_or(0),
        chi_square,
        p_value,
    })
}

/// The upper tail `P(X ≥ x)` of the chi-square distribution with `df` degrees of freedom:
/// the regularized upper incomplete gamma function `Q(df/2, x/2)`, by its series below
/// `df/2 + 1` and its continued fraction above (Numerical Recipes, § 6.2).
pub fn chi_square_upper_tail(x: f64, df: usize) -> f64 {
    let (a, x) = (df as f64 / 2.0, x / 2.0);
    if x <= 0.0 {
        return 1.0;
    }
    let front = (-x + a * x.ln() - ln_gamma(a)).exp();
    if x < a + 1.0 {
        // P(a, x) = front · Σ x^n / (a (a+1) ... (a+n)).
        let (mut term, mut sum, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..100_000 {
            ap += 1.0;
            term *= x / ap;
            sum += term;
            if term.abs() < sum.abs() * 1e-16 {
                break;
            }
        }
        (1.0 - front * sum).max(0.0)
    } else {
        // Q(a, x) = front / (x + 1 - a - 1·(1-a) / (x + 3 - a - 2·(2-a) / ...)), by Lentz.
        const TINY: f64 = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / TINY;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..100_000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < TINY {
                d = TINY;
            }
            c = b + an / c;
            if c.abs() < TINY {
                c = TINY;
            }
            d = 1.0 / d;
            let step = d * c;
            h *= step;
            if (step - 1.0).abs() < 1e-16 {
                break;
            }
        }
        front * h
    }
}

/// `ln Γ(x)` for `x > 0` (Lanczos, g = 7, nine terms; about 15 digits).
fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x) Γ(1 - x) = π / sin(πx).
        let pi = core::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut sum = G[0];
    for (i, &g) in G.iter().enumerate().skip(1) {
        sum += g / (x + i as f64);
    }
    let t = x + 7.5;
    0.5 * (2.0 * core::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// `random_move` draws uniformly: every draw is a legal move, it is `None` exactly when there
/// is none, and on positions with at most [`UNIFORMITY_MAX_MOVES`] moves, of
/// [`UNIFORMITY_DRAWS_PER_MOVE`] draws per move (from `seed`), every move gets at least one
/// (a uniform draw misses a given move with probability below e⁻²⁴, 4·10⁻¹¹) and the
/// chi-square test keeps a p-value of at least [`UNIFORMITY_MIN_P`].
pub fn random_move_is_uniform<G: TestedGame>(pos: &G, seed: u64) {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut rng = Rng::seed_from_u64(seed);
    if moves.is_empty() {
        for _ in 0..4 {
            assert_eq!(pos.random_move(&mut rng), None, "random_move of {pos}");
        }
        return;
    }
    let per_move = if moves.len() <= UNIFORMITY_MAX_MOVES {
        UNIFORMITY_DRAWS_PER_MOVE
    } else {
        1
    };
    let test = uniformity(&moves, per_move, || pos.random_move(&mut rng))
        .unwrap_or_else(|e| panic!("random_move of {pos}: {e}"));
    if moves.len() <= UNIFORMITY_MAX_MOVES {
        assert!(
            test.fewest > 0 && test.p_value >= UNIFORMITY_MIN_P,
            "random_move of {pos} is not uniform: {test:?}"
        );
    }
}

/// The game's own playout loop plays the generic loop's game, seed for seed, and stops at the
/// cap or at a finished position.
pub fn playout_is_the_generic_game<G: TestedGame>(pos: &G, seed: u64, cap: u32) {
    let fast = pos.playout(&mut Rng::seed_from_u64(seed), cap);
    let slow = playout_loop(pos, &mut Rng::seed_from_u64(seed), cap);
    assert_eq!(fast, slow, "playout from {pos} with cap {cap}");
    assert!(fast.plies <= cap);
    assert!(fast.outcome.is_some() || fast.plies == cap);
}

/// A move that is not legal is refused by `play` with the position unchanged; a legal one is
/// played. After the end, every move is refused with [`PlayError::GameOver`].
pub fn play_checks_legality<G: TestedGame>(pos: &G, mv: G::Move) {
    let legal = pos.is_legal(mv);
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    assert_eq!(legal, moves.contains(&mv), "is_legal({mv:?}) in {pos}");
    let mut after = pos.clone();
    match after.play(mv) {
        Ok(()) => {
            assert!(legal, "illegal {mv:?} was played in {pos}");
            assert_eq!(after, pos.after(mv));
        }
        Err(e) => {
            assert!(!legal, "legal {mv:?} refused in {pos}: {e}");
            assert_eq!(&after, pos, "a refused move changed the position");
            let expected = if pos.is_over() {
                PlayError::GameOver
            } else {
                PlayError::Illegal
            };
            assert_eq!(e, expected);
        }
    }
}

/// `play_unchecked` of any move, legal or not, never panics (the result is unspecified).
pub fn unchecked_play_never_panics<G: TestedGame>(pos: &G, mv: G::Move) {
    let mut p = pos.clone();
    p.play_unchecked(mv);
}

/// Any move text is refused (leaving the position unchanged) or parses to a legal move whose
/// canonical notation parses back to it.
pub fn move_text_is_checked<G: TestedGame>(pos: &G, text: &str) {
    parse_checked::<G>(pos.rules(), &pos.to_text(), text);
}

/// Any position text is refused with a message, or gives a position that keeps the contract.
pub fn position_text_is_checked<G: TestedGame>(rules: G::Rules, text: &str) {
    parse_checked::<G>(rules, text, "");
}

/// The position text of `pos` with the byte at `at` (modulo the length) replaced by `byte` is
/// refused, or gives a position that keeps the contract.
pub fn mangled_text_is_checked<G: TestedGame>(pos: &G, at: usize, byte: u8) {
    let mut text = pos.to_text().into_bytes();
    if text.is_empty() {
        return;
    }
    let i = at % text.len();
    text[i] = byte;
    position_text_is_checked::<G>(pos.rules(), &String::from_utf8_lossy(&text));
}

/// A record of `plies` random moves from `pos` (drawn with `seed`), written and read back as
/// text, replays to the same moves and the same final position.
pub fn record_round_trips<G: TestedGame>(pos: &G, seed: u64, plies: u32) {
    let mut end = pos.clone();
    let mut rng = Rng::seed_from_u64(seed);
    let mut moves = Vec::new();
    for _ in 0..plies {
        let Some(mv) = end.random_move(&mut rng) else {
            break;
        };
        moves.push(mv);
        end.play_unchecked(mv);
    }
    let record = Record::of_game(pos, None, &moves)
        .unwrap_or_else(|i| panic!("generated move {i} refused by the record writer"));
    let text = record.to_string();
    let read: Record = text
        .parse()
        .unwrap_or_else(|e| panic!("own record refused: {e}\n{text}"));
    assert_eq!(read, record, "record text does not round-trip:\n{text}");
    let replay = read
        .replay_with::<G>(pos.rules())
        .unwrap_or_else(|e| panic!("own record does not replay: {e}\n{text}"));
    assert_eq!(replay.moves, moves);
    assert_eq!(&replay.start, pos);
    assert_eq!(replay.end, end);
}

/// The positions along `games` random games under each of `rules` (all drawn from one stream
/// seeded by `seed`), up to `plies` moves each, leaving out finished positions: the sample the
/// evaluation checks use.
pub fn unfinished_positions<G: Game>(
    rules: &[G::Rules],
    seed: u64,
    games: usize,
    plies: u32,
) -> Vec<G> {
    let mut rng = Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    for &rules in rules {
        for _ in 0..games {
            let mut pos = G::new(rules);
            for _ in 0..plies {
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
                if pos.is_over() {
                    break;
                }
                out.push(pos.clone());
            }
        }
    }
    out
}

/// Checks an [`Evaluate`](crate::Evaluate) on `positions`: every value within
/// [`EVAL_BOUND`](crate::EVAL_BOUND), not all of them 0, and the value negated when only the
/// side to move changes; on every tenth position, the move families as
/// [`check_families`] checks them. `switch_side` turns a position text into the same position
/// with the other side to move (and whatever else belongs to the mover, such as a last move);
/// texts that are then refused or finished are skipped. Returns how many positions were
/// compared.
pub fn check_evaluation<G>(positions: &[G], switch_side: impl Fn(&str) -> String) -> usize
where
    G: TextGame + crate::Evaluate + Debug,
{
    assert!(
        positions.iter().any(|p| p.evaluate() != 0),
        "every value is 0"
    );
    let mut compared = 0;
    for pos in positions {
        let value = pos.evaluate();
        assert!(
            value.abs() <= crate::EVAL_BOUND,
            "{value} out of bounds: {pos:?}"
        );
        if compared % 10 == 0 {
            check_families(pos);
        }
        let text = pos.to_text();
        let Ok(other) = G::from_text(&switch_side(&text), pos.rules()) else {
            continue;
        };
        if !other.is_over() {
            assert_eq!(other.evaluate(), -value, "the other side to move in {text}");
            compared += 1;
        }
    }
    compared
}

/// The random sample of [`check_evaluation_sample`]: `games` random games of up to `plies`
/// moves under each rule set, all drawn from `seed`, and the fewest unfinished positions (and
/// positions compared with the other side to move) the check accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvaluationSample {
    /// The seed of the one stream of random moves.
    pub seed: u64,
    /// Games per rule set.
    pub games: usize,
    /// The most moves of a game.
    pub plies: u32,
    /// The fewest positions the sample must hold and the check must compare.
    pub at_least: usize,
}

impl EvaluationSample {
    /// `games` games of up to `plies` moves per preset from `seed`, of which `at_least`
    /// positions must be unfinished and compared.
    pub const fn new(seed: u64, games: usize, plies: u32, at_least: usize) -> EvaluationSample {
        EvaluationSample {
            seed,
            games,
            plies,
            at_least,
        }
    }

    /// [`check_evaluation_sample`] on this sample, the sides switched the usual way: field
    /// `field` of the position text (the side to move) switched between `one` and `other`
    /// ([`switch_field`]).
    pub fn check_switching_field<G>(self, field: usize, one: &str, other: &str)
    where
        G: TextGame + crate::Evaluate + Debug,
    {
        check_evaluation_sample::<G>(self, |text| switch_field(text, field, one, other));
    }
}

/// The evaluation checks every game shares: the start of every preset is even (worth 0 to the
/// side to move), and on the [`unfinished_positions`] of `sample` under the presets, at least
/// `sample.at_least` of them, [`check_evaluation`] holds and compares at least as many.
/// `switch_side` is as for [`check_evaluation`] ([`switch_field`] writes the usual one).
pub fn check_evaluation_sample<G>(sample: EvaluationSample, switch_side: impl Fn(&str) -> String)
where
    G: TextGame + crate::Evaluate + Debug,
{
    let rules = preset_rules::<G::Rules>();
    for &rules in &rules {
        let start = G::new(rules);
        assert_eq!(start.evaluate(), 0, "the start is not even: {start:?}");
    }
    let positions = unfinished_positions::<G>(&rules, sample.seed, sample.games, sample.plies);
    assert!(
        positions.len() >= sample.at_least,
        "{} positions, fewer than {}",
        positions.len(),
        sample.at_least
    );
    let compared = check_evaluation(&positions, switch_side);
    assert!(
        compared >= sample.at_least,
        "{compared} positions compared, fewer than {}",
        sample.at_least
    );
}

/// The evaluation of the position of `text` under `rules`, which must be a game going on: the
/// evaluation tests' way of stating a position and its value.
pub fn evaluation_of<G: TextGame + crate::Evaluate>(text: &str, rules: G::Rules) -> i32 {
    let pos = G::from_text(text, rules).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(!pos.is_over(), "{text} is over");
    pos.evaluate()
}

/// `text` with its space-separated field number `field` (from 0) switched between `one` and
/// `other`: `other` where it was `one`, `one` where it was anything else. The side to move of
/// a position text, for [`check_evaluation`].
pub fn switch_field(text: &str, field: usize, one: &str, other: &str) -> String {
    let mut fields: Vec<&str> = text.split(' ').collect();
    if let Some(value) = fields.get_mut(field) {
        *value = if *value == one { other } else { one };
    }
    fields.join(" ")
}

/// Checks the move families of `pos` ([`Evaluate::move_family`](crate::Evaluate::move_family)):
/// twins lead to positions of the same outcome and, while the game goes on, the same value,
/// and [`family_moves`](crate::Evaluate::family_moves) lists exactly the first legal move of
/// each family and every move without one, in the order of the legal moves. Returns the
/// number of families.
pub fn check_families<G: Game + crate::Evaluate + Debug>(pos: &G) -> usize {
    let mut legal = G::MoveList::default();
    pos.legal_moves(&mut legal);
    let mut first: HashMap<u8, (G::Move, G)> = HashMap::new();
    let mut expected = Vec::new();
    for &mv in legal.iter() {
        let child = pos.after(mv);
        let Some(family) = pos.move_family(mv) else {
            expected.push(mv);
            continue;
        };
        let Some((head, twin)) = first.get(&family) else {
            expected.push(mv);
            first.insert(family, (mv, child));
            continue;
        };
        assert_eq!(
            child.outcome(),
            twin.outcome(),
            "{mv:?} and its twin {head:?} in {pos:?}"
        );
        if !child.is_over() {
            assert_eq!(
                child.evaluate(),
                twin.evaluate(),
                "{mv:?} and its twin {head:?} in {pos:?}"
            );
        }
    }
    let mut listed = G::MoveList::default();
    pos.family_moves(&mut listed);
    assert_eq!(
        listed.iter().copied().collect::<Vec<_>>(),
        expected,
        "{pos:?}"
    );
    first.len()
}

/// The number of `<g class="CLASS">` groups of an SVG picture, which must be well-formed XML.
pub fn svg_groups(svg: &str, class: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some(class))
        .count()
}

/// The pointing layer of [`Render::clickable_svg`](crate::svg::Render::clickable_svg) and
/// [`Render::move_cells`](crate::svg::Render::move_cells) in `pos`: the picture is XML with one
/// disc per cell, named by the cell, inside the picture, no two discs overlapping (so that a
/// wrong centre is caught), and every legal move names the cells it touches in its text, in
/// the same order.
pub fn check_pointing<G: TextGame + crate::svg::Render>(
    pos: &G,
    options: &crate::svg::SvgOptions<G::Move, G::Cell>,
) {
    let svg = pos.clickable_svg(options);
    let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    let root = doc.root_element();
    let size = |name: &str| -> f64 {
        root.attribute(name)
            .and_then(|v| v.parse().ok())
            .expect(name)
    };
    let (width, height) = (size("width"), size("height"));
    let discs: Vec<(String, f64, f64, f64)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle") && n.attribute("class") == Some("cell"))
        .map(|n| {
            let number =
                |name: &str| -> f64 { n.attribute(name).and_then(|v| v.parse().ok()).expect(name) };
            let cell = n.attribute("data-cell").expect("data-cell").to_string();
            (cell, number("cx"), number("cy"), number("r"))
        })
        .collect();
    assert_eq!(discs.len(), G::CELLS.len(), "one disc per cell");
    for (&cell, (name, x, y, r)) in G::CELLS.iter().zip(&discs) {
        assert_eq!(*name, cell.to_string());
        assert!(
            name.parse::<G::Cell>().ok() == Some(cell),
            "{name} names its cell"
        );
        assert!(
            (0.0..=width).contains(x) && (0.0..=height).contains(y),
            "{name} is inside"
        );
        assert!(*r > 0.0);
    }
    for (i, (a, ax, ay, ar)) in discs.iter().enumerate() {
        for (b, bx, by, br) in &discs[i + 1..] {
            let apart = (ax - bx).hypot(ay - by);
            assert!(
                apart >= (ar + br) * 0.95,
                "the discs of {a} and {b} overlap"
            );
        }
    }
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    for &mv in moves.iter() {
        let text = pos.move_to_string(mv);
        let mut rest = text.as_str();
        for cell in pos.move_cells(mv) {
            let name = cell.to_string();
            let at = rest
                .find(&name)
                .unwrap_or_else(|| panic!("{text} does not name {name} where move_cells has it"));
            rest = &rest[at + name.len()..];
        }
    }
}

/// Test support for pictures committed to the docs: compares `svg` with the file at `path`,
/// or writes it there when the environment variable `JGAMES_BLESS` is `1`. (The only file
/// access in this crate, for tests only.)
pub fn committed_picture(path: &str, svg: &str) {
    if std::env::var("JGAMES_BLESS").is_ok_and(|v| v == "1") {
        if let Some(dir) = std::path::Path::new(path).parent() {
            std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        }
        std::fs::write(path, svg).unwrap_or_else(|e| panic!("{path}: {e}"));
    } else {
        let committed = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("{path}: {e} (JGAMES_BLESS=1 writes it)"));
        assert!(
            committed == svg,
            "{path} is stale: run the tests with JGAMES_BLESS=1"
        );
    }
}

/// Runs every property of this module as one `#[test]` each, inside a module named
/// `shared_properties`. See the [module docs](crate::testing) for the arguments; `moves` yields
/// arbitrary, mostly illegal, moves of the game; the optional `random_move` is `list` (the
/// default: [`random_move_is_a_list_draw`]) or `uniform` ([`random_move_is_uniform`]).
#[macro_export]
macro_rules! game_properties {
    (game: $game:ty, rules: $rules:expr, moves: $moves:expr, max_plies: $plies:expr, cases: $cases:expr, hashed_perft_depth: $hashed:expr $(, random_move: $draw:ident)? $(,)?) => {
        mod shared_properties {
            #[allow(unused_imports)]
            use super::*;
            use $crate::testing::proptest::prelude::*;
            use $crate::testing::{self as t, positions};

            type G = $game;

            fn pos() -> impl Strategy<Value = G> {
                positions::<G>($rules, $plies)
            }

            #[test]
            fn the_preset_table_is_sound() {
                $crate::contract::check_presets::<G>();
            }

            #[test]
            fn the_endings_are_named_apart() {
                $crate::contract::check_endings::<G>();
            }

            #[test]
            fn contract_and_setup_hold() {
                t::run($cases, pos(), |p| t::contract_and_setup(&p));
            }

            #[test]
            fn bulk_counts_equal_enumeration() {
                t::run($cases / 2 + 1, pos(), |p| t::bulk_counts(&p));
            }

            #[test]
            fn hashed_perft_is_perft() {
                t::run($cases / 8 + 1, pos(), |p| {
                    t::hashed_perft_is_perft(&p, $hashed)
                });
            }

            $crate::game_properties!(@random_move [$($draw)?] $cases);

            #[test]
            fn playout_is_the_generic_game() {
                t::run($cases, (pos(), any::<u64>(), 0u32..400), |(p, s, cap)| {
                    t::playout_is_the_generic_game(&p, s, cap)
                });
            }

            #[test]
            fn play_checks_legality() {
                t::run($cases * 4, (pos(), $moves), |(p, mv)| {
                    t::play_checks_legality(&p, mv);
                    t::unchecked_play_never_panics(&p, mv);
                });
            }

            #[test]
            fn record_round_trips() {
                t::run(
                    $cases / 2 + 1,
                    (pos(), any::<u64>(), 0u32..120),
                    |(p, s, n)| t::record_round_trips(&p, s, n),
                );
            }

            #[test]
            fn move_text_is_checked() {
                t::run($cases, (pos(), "\\PC{0,16}"), |(p, text)| {
                    t::move_text_is_checked(&p, &text)
                });
            }

            #[test]
            fn mangled_position_text_is_checked() {
                t::run(
                    $cases * 2,
                    (pos(), any::<usize>(), 32u8..127),
                    |(p, at, b)| t::mangled_text_is_checked(&p, at, b),
                );
            }

            #[test]
            fn garbage_position_text_is_checked() {
                t::run($cases, ($rules, "\\PC{0,100}"), |(r, text)| {
                    t::position_text_is_checked::<G>(r, &text)
                });
            }
        }
    };
    (@random_move [uniform] $cases:expr) => {
        #[test]
        fn random_move_is_uniform() {
            t::run($cases / 2 + 1, (pos(), any::<u64>()), |(p, s)| {
                t::random_move_is_uniform(&p, s)
            });
        }
    };
    (@random_move [$(list)?] $cases:expr) => {
        #[test]
        fn random_move_is_a_list_draw() {
            t::run($cases, (pos(), any::<u64>()), |(p, s)| {
                t::random_move_is_a_list_draw(&p, s)
            });
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim::Nim;

    #[test]
    fn the_chi_square_tail_matches_tables() {
        // (statistic, degrees of freedom, upper tail), from standard tables.
        for (x, df, p) in [
            (3.841_459, 1, 0.05),
            (6.634_897, 1, 0.01),
            (23.209_25, 10, 0.01),
            (135.806_7, 100, 0.01),
            (124.342_1, 100, 0.05),
            (1_106.969, 1000, 0.01),
            (0.454_936_5, 1, 0.5),
            (99.334_12, 100, 0.5),
        ] {
            let tail = chi_square_upper_tail(x, df);
            assert!(
                (tail - p).abs() < p * 1e-4,
                "Q({x}, {df}) = {tail}, not {p}"
            );
        }
        // Far tails: chi-square(1) beyond 28.37 has probability 1e-7; chi-square(2) is
        // exponential, P(X > x) = exp(-x/2).
        let tail = chi_square_upper_tail(28.373_99, 1);
        assert!((tail - 1e-7).abs() < 1e-10, "{tail}");
        for x in [0.5, 3.0, 40.0, 90.0] {
            let tail = chi_square_upper_tail(x, 2);
            assert!((tail / (-x / 2.0).exp() - 1.0).abs() < 1e-9, "{x}: {tail}");
        }
        assert_eq!(chi_square_upper_tail(0.0, 5), 1.0);
    }

    #[test]
    fn a_uniform_draw_passes_and_a_biased_one_fails() {
        let moves: Vec<u32> = (0..60).collect();
        let mut rng = Rng::seed_from_u64(11);
        let fair = uniformity(&moves, 100, || Some(rng.below(60))).unwrap();
        assert!(fair.p_value > 1e-3 && fair.fewest > 0, "{fair:?}");
        assert_eq!((fair.draws, fair.moves), (6000, 60));
        // Move 0 a quarter more often than the others.
        let mut rng = Rng::seed_from_u64(12);
        let biased = uniformity(&moves, 100, || {
            let r = rng.below(60 * 4 + 1);
            Some(if r == 60 * 4 { 0 } else { r / 4 })
        })
        .unwrap();
        assert!(biased.p_value < 0.5, "{biased:?}");
        // The usual mistake: a first part drawn uniformly, then a continuation of it.
        let mut rng = Rng::seed_from_u64(13);
        let naive = uniformity(&moves, 24, || {
            // Part 0 starts moves 0..30, parts 1..=30 one move each.
            let part = rng.below(31);
            Some(if part == 0 { rng.below(30) } else { 29 + part })
        })
        .unwrap();
        assert!(naive.p_value < UNIFORMITY_MIN_P, "{naive:?}");
        assert!(uniformity(&moves, 1, || Some(60)).is_err());
        assert!(uniformity(&moves, 1, || None).is_err());
    }

    #[test]
    fn switch_field_swaps_one_field_and_no_other() {
        assert_eq!(switch_field("w4/5 b 1/0", 1, "b", "w"), "w4/5 w 1/0");
        assert_eq!(switch_field("w4/5 w 1/0", 1, "b", "w"), "w4/5 b 1/0");
        assert_eq!(
            switch_field("- * * S - 0/0 0", 3, "S", "N"),
            "- * * N - 0/0 0"
        );
        assert_eq!(switch_field("a b", 5, "S", "N"), "a b");
    }

    #[test]
    fn random_moves_of_the_toy_game_are_uniform() {
        for (a, b) in [(9, 9), (3, 5), (1, 0), (0, 0)] {
            random_move_is_uniform(&Nim::at(a, b), u64::from(a * 16 + b));
        }
    }
}
