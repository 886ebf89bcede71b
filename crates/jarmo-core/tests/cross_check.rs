//! The fast generator against the simple reference generator in `reference/`.

mod reference;

use abstract_game::perft::perft;
use abstract_game::playout::Rng;
use jarmo_core::prelude::*;
use jarmo_core::{Blocked, Direction, ReturnRule};
use reference::RefPos;

fn fast_legal(pos: &Position) -> Vec<String> {
    let mut moves = jarmo_core::MoveList::new();
    pos.legal_moves(&mut moves);
    let mut v: Vec<String> = moves.iter().map(|&m| pos.notation(m).to_string()).collect();
    v.sort();
    v
}

/// Every combination of options, with both first players.
fn all_rule_sets() -> Vec<Rules> {
    let mut out = Vec::new();
    for direction in [Direction::Jarmo, Direction::Jasir] {
        for return_rule in [ReturnRule::Seed, ReturnRule::Reserve, ReturnRule::None] {
            for goal_row_capture_restriction in [false, true] {
                for blocked in [Blocked::Pass, Blocked::Loses] {
                    for no_shuttling in [false, true] {
                        for first_player in Side::BOTH {
                            out.push(Rules {
                                direction,
                                return_rule,
                                goal_row_capture_restriction,
                                blocked,
                                no_shuttling,
                                first_player,
                            });
                        }
                    }
                }
            }
        }
    }
    out
}

#[test]
fn perft_matches_the_reference_for_every_preset() {
    for preset in Rules::preset_names() {
        let rules = Rules::preset(preset).unwrap();
        let fast = Position::new(rules);
        let slow = RefPos::start(rules);
        for depth in 1..=5 {
            assert_eq!(
                perft(&fast, depth),
                slow.perft(depth),
                "{preset} depth {depth}"
            );
        }
    }
}

/// Deeper numbers, derived with this crate and confirmed by the reference below (depth 5 and 6
/// always, depth 7 in the ignored test).
const DEEP: &[(&str, [u64; 3])] = &[
    ("jarmo", [217_217, 2_635_607, 32_918_719]),
    ("jasir", [143_649, 1_450_201, 14_351_527]),
    ("jasir-reserve", [130_036, 1_273_972, 11_810_028]),
    ("jasir-basic", [142_991, 1_434_727, 13_871_389]),
];

#[test]
fn deep_numbers_from_the_fast_generator() {
    for &(preset, counts) in DEEP {
        let pos = Position::new(Rules::preset(preset).unwrap());
        for (k, &expected) in counts.iter().enumerate() {
            assert_eq!(
                perft(&pos, 5 + k as u32),
                expected,
                "{preset} depth {}",
                5 + k
            );
        }
    }
}

#[test]
fn deep_numbers_from_the_reference_to_depth_six() {
    for &(preset, counts) in DEEP {
        let slow = RefPos::start(Rules::preset(preset).unwrap());
        assert_eq!(slow.perft(6), counts[1], "{preset} depth 6");
    }
}

#[test]
#[ignore = "slow: about three minutes in release mode"]
fn deep_numbers_from_the_reference_at_depth_seven() {
    for &(preset, counts) in DEEP {
        let slow = RefPos::start(Rules::preset(preset).unwrap());
        assert_eq!(slow.perft(7), counts[2], "{preset} depth 7");
    }
}

#[test]
fn random_games_agree_move_by_move() {
    let mut rng = Rng::seed_from_u64(2026);
    for rules in all_rule_sets() {
        for _ in 0..12 {
            let mut fast = Position::new(rules);
            let mut slow = RefPos::start(rules);
            for ply in 0..300 {
                let legal = fast_legal(&fast);
                assert_eq!(
                    legal,
                    slow.legal(),
                    "{rules:?} ply {ply}: {}",
                    fast.to_text()
                );
                assert_eq!(fast.count_legal_moves(), legal.len());
                let expected = slow.result;
                let got = fast.outcome().map(|o| {
                    (
                        o.winner.map(|w| w.index()),
                        o.scores.expect("Jarmo outcomes carry scores").0,
                    )
                });
                assert_eq!(got, expected, "{rules:?} ply {ply}: {}", fast.to_text());
                if legal.is_empty() {
                    break;
                }
                let text = &legal[rng.below(legal.len() as u32) as usize];
                let mv = fast.parse_move(text).expect("a generated move parses");
                fast.play(mv).expect("a generated move is legal");
                slow.play(text);
            }
        }
    }
}

/// A random valid setup under `rules`: archers often on the first rows (so that full rows,
/// waiting credits and blocked sides come up), random marks, pools, credits, passes and
/// no-shuttling records. `None` when the draw is not a valid position.
fn random_setup(rules: Rules, rng: &mut Rng) -> Option<Position> {
    use jarmo_core::Shuttle;
    let mut setup = Setup::default();
    for side in Side::BOTH {
        let (home, goal) = if side == Side::First { (0, 4) } else { (4, 0) };
        for _ in 0..rng.below(6) {
            let roll = rng.below(20);
            let index = match roll {
                0..7 => home * 5 + rng.below(5),
                7..10 => goal * 5 + rng.below(5),
                _ => rng.below(25),
            };
            let hole = Hole::ALL[index as usize];
            if setup.at(hole).is_some() {
                continue;
            }
            setup.archers[side] = setup.archers[side].with(hole);
            if rng.below(2) == 0 {
                setup.marked = setup.marked.with(hole);
            }
        }
        let room = 5 - setup.archers[side].count();
        if rules.return_rule != ReturnRule::None {
            setup.pool[side] = rng.below(room + 1) as u8;
        }
        if rules.return_rule == ReturnRule::Seed {
            setup.credits[side] = [0, 0, 1, 2][rng.below(4) as usize];
        }
        let own: Vec<Hole> = setup.archers[side].into_iter().collect();
        if rules.no_shuttling && !own.is_empty() && rng.below(3) != 0 {
            let to = own[rng.below(own.len() as u32) as usize];
            let lines: Vec<Hole> = to.neighbours().into_iter().collect();
            let from = lines[rng.below(lines.len() as u32) as usize];
            setup.shuttle[side] = Shuttle::new(from, to, 1 + rng.below(3) as u8);
        }
    }
    setup.to_move = if rng.below(2) == 0 {
        Side::First
    } else {
        Side::Second
    };
    if rules.blocked == Blocked::Pass && rng.below(4) == 0 {
        setup.passes = 1;
    }
    Position::from_setup(setup, rules).ok()
}

#[test]
fn random_setups_agree_with_the_reference() {
    let mut rng = Rng::seed_from_u64(7);
    let rule_sets = all_rule_sets();
    let mut checked = 0;
    while checked < 4000 {
        let rules = rule_sets[rng.below(rule_sets.len() as u32) as usize];
        let Some(fast) = random_setup(rules, &mut rng) else {
            continue;
        };
        let slow = RefPos::from_setup(&fast.to_setup(), rules);
        let context = || format!("{rules:?}: {}", fast.to_text());
        let legal = fast_legal(&fast);
        assert_eq!(legal, slow.legal(), "{}", context());
        assert_eq!(fast.count_legal_moves(), legal.len(), "{}", context());
        // A drawn move is the list's move for the same random number.
        let mut list = jarmo_core::MoveList::new();
        fast.legal_moves(&mut list);
        for seed in 0..4 {
            let drawn = fast.random_move(&mut Rng::seed_from_u64(seed));
            let picked = (!list.is_empty())
                .then(|| list[Rng::seed_from_u64(seed).below(list.len() as u32) as usize]);
            assert_eq!(drawn, picked, "draw {seed} in {}", context());
        }
        let outcome = fast
            .outcome()
            .map(|o| (o.winner.map(|w| w.index()), o.scores.unwrap().0));
        assert_eq!(outcome, slow.result, "{}", context());
        for text in &legal {
            let mut next = fast;
            next.play(fast.parse_move(text).unwrap()).unwrap();
            let mut slow_next = slow.clone();
            slow_next.play(text);
            assert_eq!(
                fast_legal(&next),
                slow_next.legal(),
                "{} then {text}",
                context()
            );
            assert_eq!(
                fast.count_after(fast.parse_move(text).unwrap()),
                slow_next.legal().len(),
                "count after {text} in {}",
                context()
            );
            let outcome = next
                .outcome()
                .map(|o| (o.winner.map(|w| w.index()), o.scores.unwrap().0));
            assert_eq!(outcome, slow_next.result, "{} then {text}", context());
        }
        checked += 1;
    }
}

/// `count_two_plies` (perft's last two plies in one pass over the move sets) counts what the
/// moves' `count_after` and perft's enumeration count, from random set-ups under every rule
/// combination: full first rows, waiting pools, blocked sides and shuttle records included.
#[test]
fn random_setups_count_two_plies_move_by_move() {
    use abstract_game::perft::Perft;
    let mut rng = Rng::seed_from_u64(13);
    let mut checked = 0;
    for rules in all_rule_sets() {
        let mut found = 0;
        while found < 300 {
            let Some(pos) = random_setup(rules, &mut rng) else {
                continue;
            };
            let mut list = jarmo_core::MoveList::new();
            pos.legal_moves(&mut list);
            let by_move: u64 = list.iter().map(|&mv| pos.count_after(mv) as u64).sum();
            let context = || format!("{rules:?}: {}", pos.to_text());
            assert_eq!(pos.count_two_plies(), by_move, "{}", context());
            assert_eq!(
                Perft::new(2).enumerated().count(&pos),
                Some(by_move),
                "{}",
                context()
            );
            found += 1;
        }
        checked += found;
    }
    assert_eq!(checked, 96 * 300);
}

/// `Game::playout` takes shortcuts for plain steps; it must play exactly the games of the
/// generic loop (random move, checked-free play, full end check) from the same seed.
#[test]
fn fast_playouts_play_the_generic_games() {
    use abstract_game::playout::playout_loop;
    let mut rng = Rng::seed_from_u64(11);
    let rule_sets = all_rule_sets();
    let mut checked = 0;
    let mut ply_total = 0;
    while checked < 6000 {
        let rules = rule_sets[rng.below(rule_sets.len() as u32) as usize];
        // Half the games from the start, half from random set-ups with pools and credits.
        let start = if checked % 2 == 0 {
            Position::new(rules)
        } else {
            let Some(pos) = random_setup(rules, &mut rng) else {
                continue;
            };
            pos
        };
        // Short caps check the end of a capped game; long ones play most games out.
        let cap = [0, 1, 2, 7, 40, 300][rng.below(6) as usize];
        let seed = rng.next_u64();
        let fast = start.playout(&mut Rng::seed_from_u64(seed), cap);
        let generic = playout_loop(&start, &mut Rng::seed_from_u64(seed), cap);
        assert_eq!(fast, generic, "{rules:?}: {} seed {seed}", start.to_text());
        ply_total += fast.plies;
        checked += 1;
    }
    // The games are long enough to take every road of the fast loop many times.
    assert!(ply_total > 50_000, "{ply_total}");
}
