//! The random draw of Jersi turns (`Game::random_move`, by rejection sampling: `src/sample.rs`).
//!
//! * On hand-picked positions where the turns that start with one first part (the first step
//!   of a unit, or the first drop) are very uneven in number (stacks, builds and stacks within
//!   reach of the King, King captures in up to seven relocation versions, drops beside steps),
//!   the draw passes a strict chi-square test of uniformity with many draws per turn, and the
//!   naive draw (a first part uniformly, then one of its turns uniformly) fails the same test.
//! * Along many random games under every kind of rules, every drawn turn is one of the legal
//!   turns, and a draw is `None` exactly when there is none.
//! * A King captured with no cell to go back to, a side without a legal turn, a finished game.

use std::collections::{HashMap, HashSet};

use abstract_game::playout::{Rng, playout_loop};
use abstract_game::testing::{UNIFORMITY_MIN_P, Uniformity, uniformity};
use jersi_core::Kind;
use jersi_core::prelude::*;

/// The standard game without the no-capture draw: long random games, many King captures.
const NO_LIMIT: Rules = Rules {
    reserve: true,
    no_capture_limit: 0,
    handicap: None,
};

/// Hand-picked positions (found along seeded random games), what they hold, and their rules.
const POSITIONS: [(&str, Rules, &str); 7] = [
    (
        "a stack step captures the King: 7 continuations of 7 relocations each",
        NO_LIMIT,
        "1p1s2s/r1fm3f/1r2(pk)2/(FR)M(ps)(MW)m3/PP1m1(wr)3/3M(SK)2p/1SM2(SS)F/2m2r2/R3R2 b -/- 0 86",
    ),
    (
        "a build, then the new stack's step onto the King",
        NO_LIMIT,
        "3s1s1/f1rm1ppf/rsp2(wk)r/1(Mp)1(MW)m3/P2m1Rsr1/F2M1Pw1/2M4/2mS2(SP)(FR)/(PR)RSK2S w -/- 0 41",
    ),
    (
        "a stack step, then its top's capture of the King; drops left",
        Rules::STANDARD,
        "prs1r1p/fspr1Mrf/5(ps)1/1Ms5/3k1mw2/6m1/1M(PR)4/FWRS(RW)PSF/PS1KSRP w M/mmw 28 13",
    ),
    (
        "a cube step onto the King with seven relocation cells",
        NO_LIMIT,
        "1p1s2s/r1(sp)m1p1f/(rf)4(wk)1/(FR)M1(MW)m1r1/1(PP)1m3F1/3M2pS/2M1S2/2m1Kr2/RS2R1S b -/- 0 70",
    ),
    (
        "drops beside builds and a stack",
        Rules::STANDARD,
        "prskrs1/fsprsp1f/5(rp)1/8/3W5/2W5/7/FRPSRPSF/PSRKSRP w MMMM/mmmmww 38 3",
    ),
    (
        "few turns, most of them after builds",
        NO_LIMIT,
        "2s4/1rWmR3/7/1M1(Mp)m3/1pp(mk)2F2/1f1M1S2/S1M(wr)3/1(rf)m4r/2K3s w -/- 0 205",
    ),
    (
        "the King captured with no cell of its home row free: no relocation",
        Rules::STANDARD,
        "RPSRPSF/8/7/8/3Rk4/8/3(SP)3/8/3K3 w -/- 40 1",
    ),
];

/// What a turn starts with: its first step (from, to), or its first drop.
fn first_part(mv: &Move) -> (u8, Option<Square>, Square, Option<Kind>) {
    match *mv {
        Move::Cube { from, to, .. } => (0, Some(from), to, None),
        Move::Stack { from, to, .. } => (1, Some(from), to, None),
        Move::Drop { first, .. } => (2, None, first.to, Some(first.kind)),
    }
}

/// The legal turns grouped by their first part.
fn parts(moves: &[Move]) -> Vec<Vec<Move>> {
    let mut groups: HashMap<_, Vec<Move>> = HashMap::new();
    for mv in moves {
        groups.entry(first_part(mv)).or_default().push(*mv);
    }
    let mut parts: Vec<Vec<Move>> = groups.into_values().collect();
    parts.sort_by_key(|p| first_part(&p[0]));
    parts
}

/// The naive draw, the negative control: a first part uniformly, then one of its turns.
fn naive_draw(parts: &[Vec<Move>], rng: &mut Rng) -> Move {
    let part = &parts[rng.below(parts.len() as u32) as usize];
    part[rng.below(part.len() as u32) as usize]
}

fn legal(pos: &Position) -> Vec<Move> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.to_vec()
}

/// The draws per turn on the hand-picked positions: enough that even a mild bias shows.
const DRAWS_PER_TURN: usize = 200;

#[test]
fn hand_picked_positions_draw_uniformly_where_a_naive_draw_does_not() {
    for (i, &(what, rules, text)) in POSITIONS.iter().enumerate() {
        let pos = Position::from_text(text, rules).unwrap_or_else(|e| panic!("{text}: {e}"));
        let moves = legal(&pos);
        let parts = parts(&moves);
        let sizes: Vec<usize> = parts.iter().map(Vec::len).collect();
        let (fewest, most) = (sizes.iter().min().unwrap(), sizes.iter().max().unwrap());
        assert!(
            most >= &(7 * fewest),
            "{what}: parts of {fewest} to {most} turns"
        );

        let mut rng = Rng::seed_from_u64(100 + i as u64);
        let ours: Uniformity =
            uniformity(&moves, DRAWS_PER_TURN, || pos.random_move(&mut rng)).unwrap();
        assert!(
            ours.fewest > 0 && ours.p_value >= UNIFORMITY_MIN_P,
            "{what}: {ours:?}"
        );
        let mut rng = Rng::seed_from_u64(200 + i as u64);
        let naive = uniformity(&moves, DRAWS_PER_TURN, || {
            Some(naive_draw(&parts, &mut rng))
        })
        .unwrap();
        assert!(
            naive.p_value < 1e-12,
            "{what}: the naive draw passed: {naive:?}"
        );
        println!(
            "{what}: {} turns in {} parts of {fewest} to {most}; p = {:.3} (naive {:.1e})",
            moves.len(),
            parts.len(),
            ours.p_value,
            naive.p_value
        );
    }
}

#[test]
fn hand_picked_positions_hold_what_they_show() {
    let pos = |i: usize| Position::from_text(POSITIONS[i].2, POSITIONS[i].1).unwrap();
    let king = |p: &Position| p.king(!p.side_to_move()).unwrap();
    let any = |i: usize, f: &dyn Fn(&Position, &Move) -> bool| {
        let p = pos(i);
        legal(&p).iter().any(|mv| f(&p, mv))
    };
    assert!(any(
        0,
        &|p, mv| matches!(mv, Move::Stack { to, cube_to: Some(_), .. }
        if *to == king(p))
    ));
    assert!(any(
        1,
        &|p, mv| matches!(mv, Move::Cube { stack_to: Some(s), .. }
        if *s == king(p))
    ));
    assert!(any(
        2,
        &|p, mv| matches!(mv, Move::Stack { cube_to: Some(c), .. }
        if *c == king(p))
    ));
    assert!(any(2, &|_, mv| mv.is_drop()));
    let sevens = legal(&pos(3))
        .iter()
        .filter(|mv| {
            matches!(
                mv,
                Move::Cube {
                    stack_to: None,
                    relocate: Some(_),
                    ..
                }
            )
        })
        .count();
    assert!(sevens >= 7);
    assert!(any(4, &|_, mv| mv.is_drop()) && any(4, &|_, mv| !mv.is_drop()));
    // The capture of the King on e5 has no relocation: every cell of row i holds a White cube.
    let stuck = pos(6);
    let capture = stuck.parse_move("e4-e5!!").unwrap();
    assert_eq!(capture.relocation(), None);
    assert!(legal(&stuck).contains(&capture));
    assert!(legal(&stuck).iter().all(|mv| mv.relocation().is_none()));
}

#[test]
fn drawn_turns_are_legal_along_random_games() {
    let rules = [
        Rules::STANDARD,
        Rules::NO_DROP,
        NO_LIMIT,
        Rules {
            reserve: true,
            no_capture_limit: 3,
            handicap: None,
        },
        Rules {
            reserve: false,
            no_capture_limit: 0,
            handicap: None,
        },
    ];
    let mut positions = 0;
    let mut relocations = 0;
    for (r, &rules) in rules.iter().enumerate() {
        for game in 0..60u64 {
            let mut rng = Rng::seed_from_u64(game * 8 + r as u64);
            let mut pos = Position::new(rules);
            for _ in 0..300 {
                let moves: HashSet<Move> = legal(&pos).into_iter().collect();
                positions += 1;
                for _ in 0..6 {
                    let drawn = pos.random_move(&mut rng);
                    assert_eq!(drawn.is_none(), moves.is_empty(), "{pos}");
                    if let Some(mv) = drawn {
                        assert!(moves.contains(&mv), "{mv:?} drawn in {pos}");
                    }
                }
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                relocations += usize::from(mv.relocation().is_some());
                pos.play_unchecked(mv);
            }
        }
    }
    assert!(positions > 20_000, "{positions}");
    assert!(relocations > 100, "{relocations}");
}

#[test]
fn nothing_is_drawn_without_a_legal_turn() {
    // White's lone King on a1 is hemmed in by Black cubes it cannot take: no turn, Black wins.
    let stuck =
        Position::from_text("3k3/8/7/8/9/8/7/rr6/Kp5 w -/- 40 1", Rules::default()).unwrap();
    assert!(legal(&stuck).is_empty());
    assert_eq!(stuck.outcome(), Some(Outcome::win(Side::Second)));
    let mut rng = Rng::seed_from_u64(1);
    assert_eq!(stuck.random_move(&mut rng), None);
    let end = stuck.playout(&mut rng, 100);
    assert_eq!(
        (end.plies, end.outcome),
        (0, Some(Outcome::win(Side::Second)))
    );
    // The same with a lone Mountain next to it: it may climb it.
    let climb =
        Position::from_text("3k3/8/7/8/9/8/7/rM6/Kp5 w -/- 40 1", Rules::default()).unwrap();
    assert_eq!(legal(&climb).len(), 1);
    assert_eq!(climb.random_move(&mut rng), legal(&climb).first().copied());
    // Finished games: the no-capture draw, a King on its goal row.
    for text in [
        "3k3/8/7/8/9/8/7/8/3K3 w -/- 0 9",
        "3K3/8/7/8/9/8/7/8/3k3 b -/- 30 9",
    ] {
        let pos = Position::from_text(text, Rules::default()).unwrap();
        assert!(pos.is_over(), "{text}");
        assert_eq!(pos.random_move(&mut rng), None, "{text}");
    }
}

#[test]
fn playouts_from_the_hand_picked_positions_are_the_generic_games() {
    for &(what, rules, text) in &POSITIONS {
        let pos = Position::from_text(text, rules).unwrap();
        for seed in 0..20 {
            let fast = pos.playout(&mut Rng::seed_from_u64(seed), 300);
            let slow = playout_loop(&pos, &mut Rng::seed_from_u64(seed), 300);
            assert_eq!(fast, slow, "{what}, seed {seed}");
        }
    }
}
