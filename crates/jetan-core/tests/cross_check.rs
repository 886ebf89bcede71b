//! The fast move generator against the slow path-enumerating reference: move sets, play and
//! outcomes on the start tree of every preset and on many positions from seeded random play
//! and random piece placements; and the deeper perft numbers, counted by both.

mod reference;

use abstract_game::playout::Rng;
use jetan_core::prelude::*;
use jetan_core::{Kind, Piece, ValueScale};
use reference::{RefPos, fast_moves, to_ref};

fn color(side: Side) -> u8 {
    if side == Side::First { 0 } else { 1 }
}

/// Compares everything the two implementations say about one position.
fn compare(pos: &Position, reference: &RefPos, context: &str) {
    let fast = fast_moves(pos);
    let slow = reference.moves();
    if fast != slow {
        let missing: Vec<_> = slow.iter().filter(|m| !fast.contains(m)).collect();
        let extra: Vec<_> = fast.iter().filter(|m| !slow.contains(m)).collect();
        panic!(
            "{context}: move sets differ in {}\nmissing {missing:?}\nextra {extra:?}",
            pos.to_text()
        );
    }
    assert_eq!(
        pos.count_legal_moves(),
        slow.len(),
        "{context}: count in {}",
        pos.to_text()
    );
    let fast_outcome = pos.outcome().map(|o| o.winner.map(color));
    assert_eq!(
        fast_outcome,
        reference.outcome(),
        "{context}: outcome in {}",
        pos.to_text()
    );
}

/// Walks the tree to `depth` with both implementations in lockstep; returns the leaf count.
fn walk(pos: &Position, reference: &RefPos, depth: u32) -> u64 {
    compare(pos, reference, "tree");
    assert_eq!(
        &RefPos::from_position(pos),
        reference,
        "facts after play differ"
    );
    if depth == 0 {
        return 1;
    }
    let mut list = jetan_core::MoveList::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|&mv| {
            let mut next_ref = reference.clone();
            next_ref.play(to_ref(mv));
            walk(&pos.after(mv), &next_ref, depth - 1)
        })
        .sum()
}

fn rules(preset: &str) -> Rules {
    Rules::variant("jetan", preset).expect("known variant")
}

#[test]
fn start_tree_depth_two_every_preset() {
    for preset in Rules::preset_names() {
        let pos = Position::new(rules(preset));
        let leaves = walk(&pos, &RefPos::from_position(&pos), 2);
        assert_eq!(leaves, abstract_game::perft::perft(&pos, 2), "{preset}");
    }
}

/// perft(3) from the start, counted independently by the reference and by the crate. The
/// numbers are written here because both agree on them.
#[test]
fn perft_three_confirmed_by_the_reference() {
    confirm_perft(
        3,
        &[
            ("standard", 379_795),
            ("no-escape", 126_055),
            ("revisit", 384_693),
        ],
    );
}

/// perft(4) from the start, counted by the reference as well: several minutes per preset, so
/// run it with `--ignored`. `perft.rs` checks the same numbers with the fast generator alone.
#[test]
#[ignore]
fn perft_four_confirmed_by_the_reference() {
    confirm_perft(
        4,
        &[
            ("standard", 26_069_467),
            ("no-escape", 6_885_839),
            ("revisit", 26_715_591),
        ],
    );
}

/// perft(`depth`) from the start of each preset is its number, by the fast generator and by
/// the reference.
fn confirm_perft(depth: u32, cases: &[(&str, u64)]) {
    for &(preset, expected) in cases {
        let pos = Position::new(rules(preset));
        assert_eq!(
            abstract_game::perft::perft(&pos, depth),
            expected,
            "fast, {preset}"
        );
        let reference = RefPos::from_position(&pos).perft(depth);
        assert_eq!(reference, expected, "reference, {preset}");
    }
}

/// Plays seeded random games, comparing both generators at every position and the facts
/// after every move.
fn random_games(preset: &str, games: u64, max_plies: u32, seed: u64) {
    let rules = rules(preset);
    for game in 0..games {
        let mut rng = Rng::seed_from_u64(seed ^ game);
        let first = if rng.below(2) == 0 {
            Side::First
        } else {
            Side::Second
        };
        let mut pos = Position::new(rules.with_first_player(first));
        let mut reference = RefPos::from_position(&pos);
        for ply in 0..max_plies {
            compare(&pos, &reference, &format!("{preset} game {game} ply {ply}"));
            let moves = fast_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mut list = jetan_core::MoveList::new();
            pos.legal_moves(&mut list);
            let mv = list[rng.below(list.len() as u32) as usize];
            pos.play(mv).expect("legal");
            reference.play(to_ref(mv));
            assert_eq!(RefPos::from_position(&pos), reference, "facts after {mv:?}");
        }
    }
}

#[test]
fn random_games_standard() {
    random_games("standard", 6, 300, 1);
}

#[test]
fn random_games_other_presets() {
    random_games("no-escape", 4, 300, 2);
    random_games("revisit", 6, 300, 3);
    random_games("proposed", 4, 300, 4);
}

/// Random sparse placements: few pieces, open lines, endgame material rules.
fn random_setups(rules: Rules, count: usize, seed: u64) -> usize {
    let mut rng = Rng::seed_from_u64(seed);
    let mut checked = 0;
    for i in 0..count {
        let mut setup = Setup::empty();
        for side in Side::BOTH {
            let extra = rng.below(if i % 2 == 0 { 2 } else { 8 });
            let mut kinds = vec![Kind::Chief, Kind::Princess];
            for _ in 0..extra {
                kinds.push(Kind::ALL[rng.below(6) as usize]);
            }
            for kind in kinds {
                setup.put_at_random(Piece::new(side, kind), &mut rng);
            }
        }
        setup.toss_turn_and_escapes(&mut rng);
        if Position::from_setup(setup.clone(), rules).is_err() {
            setup.countdown = Some(rng.below(u32::from(rules.countdown) + 1) as u16);
        }
        let Ok(pos) = Position::from_setup(setup, rules) else {
            continue;
        };
        let reference = RefPos::from_position(&pos);
        compare(&pos, &reference, &format!("setup {i}"));
        // One ply further, through both implementations.
        let mut list = jetan_core::MoveList::new();
        pos.legal_moves(&mut list);
        for &mv in list.iter().take(12) {
            let mut r = reference.clone();
            r.play(to_ref(mv));
            let next = pos.after(mv);
            assert_eq!(RefPos::from_position(&next), r, "facts after {mv:?}");
            compare(&next, &r, &format!("setup {i} after {mv:?}"));
        }
        // Then a random line through both implementations: endgames, countdowns, the
        // proposed variant's wins.
        let mut line_pos = pos.clone();
        let mut line_ref = reference.clone();
        for ply in 0..30 {
            let mut list = jetan_core::MoveList::new();
            line_pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let mv = list[rng.below(list.len() as u32) as usize];
            line_pos.play(mv).expect("legal");
            line_ref.play(to_ref(mv));
            assert_eq!(
                RefPos::from_position(&line_pos),
                line_ref,
                "facts after {mv:?}"
            );
            compare(&line_pos, &line_ref, &format!("setup {i} line ply {ply}"));
        }
        checked += 1;
    }
    checked
}

#[test]
fn random_placements_every_preset() {
    for (n, preset) in Rules::preset_names().enumerate() {
        let checked = random_setups(rules(preset), 150, 100 + n as u64);
        assert!(checked > 100, "{preset}: only {checked} valid setups");
    }
}

/// The threat test where two enemy Dwars stand one to six king steps apart, often on one
/// line, among many blockers (the generator walks the two as one): the side to move has her
/// escape, so every empty square is one of her destinations and its threat is compared with
/// the reference's.
#[test]
fn princess_threats_from_dwar_pairs() {
    let mut rng = Rng::seed_from_u64(41);
    let mut checked = 0;
    for i in 0..3_000 {
        let mover = if i % 2 == 0 {
            Side::First
        } else {
            Side::Second
        };
        let mut setup = Setup::empty();
        let d1 = rng.below(100) as i32;
        let span = 1 + rng.below(6) as i32;
        let (mut df, mut dr) = (span, rng.below(2 * span as u32 + 1) as i32 - span);
        if rng.below(2) == 0 {
            (df, dr) = (dr, df);
        }
        if rng.below(2) == 0 {
            dr = 0;
        }
        let (f2, r2) = (d1 % 10 + df, d1 / 10 + dr);
        if !(0..10).contains(&f2) || !(0..10).contains(&r2) {
            continue;
        }
        let d2 = (r2 * 10 + f2) as usize;
        let d1 = d1 as usize;
        setup.board[d1] = Some(Piece::new(!mover, Kind::Dwar));
        setup.board[d2] = Some(Piece::new(!mover, Kind::Dwar));
        // Blockers of the side to move (which cannot threaten its own Princess) near both.
        let mut blockers = [Kind::Panthan; 8]
            .into_iter()
            .chain(
                [Kind::Thoat, Kind::Warrior, Kind::Padwar]
                    .into_iter()
                    .flat_map(|k| [k, k]),
            )
            .collect::<Vec<_>>();
        for sq in 0..100usize {
            let near = |d: usize| {
                let (a, b) = (Square::ALL[sq], Square::ALL[d]);
                a.distance(b) <= 2
            };
            if setup.board[sq].is_none() && (near(d1) || near(d2)) && rng.below(5) < 2 {
                if let Some(kind) = blockers.pop() {
                    setup.board[sq] = Some(Piece::new(mover, kind));
                }
            }
        }
        for (side, kind) in [
            (mover, Kind::Princess),
            (mover, Kind::Chief),
            (!mover, Kind::Princess),
            (!mover, Kind::Chief),
        ] {
            setup.put_at_random(Piece::new(side, kind), &mut rng);
        }
        setup.to_move = mover;
        setup.escape_left = BySide::new(true, true);
        let Ok(pos) = Position::from_setup(setup, Rules::default()) else {
            continue;
        };
        compare(
            &pos,
            &RefPos::from_position(&pos),
            &format!("Dwar pair {i}"),
        );
        checked += 1;
    }
    assert!(checked > 1_000, "only {checked} valid setups");
}

/// Each piece's destinations on an empty board from a central square such as e5, as the rules
/// file says: also its most from any square, under either path option.
const EMPTY_BOARD_DESTINATIONS: [(Kind, usize); 8] = [
    (Kind::Panthan, 5),
    (Kind::Thoat, 12),
    (Kind::Warrior, 8),
    (Kind::Padwar, 8),
    (Kind::Dwar, 16),
    (Kind::Flier, 16),
    (Kind::Chief, 48),
    (Kind::Princess, 48),
];

#[test]
fn empty_board_destination_counts() {
    // From e5 (a central square) with no piece in reach, as the rules file says. The other
    // pieces are out of the way: both royals of each side far off, Orange's Chief boxed in by
    // Black Panthans.
    let sq = |name: &str| name.parse::<Square>().unwrap();
    for (kind, expected) in EMPTY_BOARD_DESTINATIONS {
        for revisit in [false, true] {
            let rules = Rules {
                revisit,
                escape: false,
                ..Rules::default()
            };
            let mut setup = Setup::empty();
            let black = |k| Some(Piece::new(Side::First, k));
            setup.board[sq("e5").index()] = black(kind);
            if kind != Kind::Chief {
                setup.board[sq("a1").index()] = black(Kind::Chief);
            }
            if kind != Kind::Princess {
                setup.board[sq("b1").index()] = black(Kind::Princess);
            }
            for p in ["i10", "i9", "j9"] {
                setup.board[sq(p).index()] = black(Kind::Panthan);
            }
            setup.board[sq("j10").index()] = Some(Piece::new(Side::Second, Kind::Chief));
            setup.board[sq("a10").index()] = Some(Piece::new(Side::Second, Kind::Princess));
            let pos = Position::from_setup(setup, rules).expect("valid setup");
            let e5 = (4, 4);
            let fast = fast_moves(&pos).iter().filter(|m| m.0 == e5).count();
            let reference = RefPos::from_position(&pos);
            let slow = reference.moves().iter().filter(|m| m.0 == e5).count();
            assert_eq!(fast, expected, "fast {kind:?} revisit {revisit}");
            assert_eq!(slow, expected, "reference {kind:?} revisit {revisit}");
        }
    }
}

/// The move-list bound `MAX_MOVES` rests on each piece's most destinations on an empty board,
/// under either path option; the reference's path enumeration confirms them.
#[test]
fn move_list_bound() {
    let mut normal = 0;
    for (kind, bound) in EMPTY_BOARD_DESTINATIONS {
        let mut most = 0;
        for revisit in [false, true] {
            let pos = Position::new(Rules {
                revisit,
                ..Rules::default()
            });
            let mut r = RefPos::from_position(&pos);
            for side in [0u8, 1] {
                for f in 0..10 {
                    for rank in 0..10 {
                        r.cells = [[None; 10]; 10];
                        r.cells[f][rank] = Some((side, kind));
                        let n = r.path_ends((f as i32, rank as i32), true).len();
                        most = most.max(n);
                    }
                }
            }
        }
        assert_eq!(most, bound, "{kind:?}");
        if kind != Kind::Princess {
            normal += bound * usize::from(kind.initial_count());
        }
    }
    // The Princess's normal and escape moves end on distinct empty squares: at most 99.
    assert_eq!(normal + 99, jetan_core::MAX_MOVES);
}

/// perft(`depth`) from the start of `preset`, counted by the reference with the root moves
/// shared between two threads.
fn reference_perft_on_two_threads(preset: &str, depth: u32) -> u64 {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let start = RefPos::from_position(&Position::new(rules(preset)));
    let roots = start.moves();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let mut sum = 0;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&mv) = roots.get(i) else {
                            return sum;
                        };
                        let mut child = start.clone();
                        child.play(mv);
                        sum += child.perft(depth - 1);
                    }
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    })
}

/// perft(5) of the standard rules (and so of `proposed`, which cannot differ this early),
/// counted by the reference: about 40 minutes in release mode on two cores (less on an idle
/// machine), so ignored. The
/// number was first found by the fast generator.
#[test]
#[ignore]
fn perft_five_standard_confirmed_by_the_reference() {
    assert_eq!(reference_perft_on_two_threads("standard", 5), 1_817_024_548);
}

/// perft(5) without escapes, counted by the reference (ignored: about 4 minutes on two cores).
#[test]
#[ignore]
fn perft_five_no_escape_confirmed_by_the_reference() {
    assert_eq!(reference_perft_on_two_threads("no-escape", 5), 412_574_392);
}

/// perft(5) with revisits allowed, counted by the reference (ignored: about 30 minutes on two
/// cores).
#[test]
#[ignore]
fn perft_five_revisit_confirmed_by_the_reference() {
    assert_eq!(reference_perft_on_two_threads("revisit", 5), 1_898_856_064);
}

/// The jumping Thoat through both implementations, with and without revisits: sparse
/// placements, then random games from the start.
#[test]
fn the_jumping_thoat_every_path_option() {
    for revisit in [false, true] {
        let rules = Rules {
            thoat_jumps: true,
            revisit,
            ..Rules::default()
        };
        let checked = random_setups(rules, 150, 300 + u64::from(revisit));
        assert!(checked > 100, "{rules:?}: only {checked} valid setups");
    }
    random_games("standard+thoat-jumps", 4, 300, 5);
    random_games("revisit+thoat-jumps", 4, 300, 6);
}

/// The other readings of "equal value" through both implementations, with and without the
/// proposed variant: the countdown and the higher-value win on small endgames.
#[test]
fn random_placements_every_value_scale() {
    for (n, value) in [ValueScale::Count, ValueScale::Mobility]
        .into_iter()
        .enumerate()
    {
        for unequal_wins in [false, true] {
            let rules = Rules {
                value,
                unequal_wins,
                ..Rules::default()
            };
            let checked = random_setups(rules, 150, 200 + 2 * n as u64 + u64::from(unequal_wins));
            assert!(checked > 100, "{rules:?}: only {checked} valid setups");
        }
    }
}
