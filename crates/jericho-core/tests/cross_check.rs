//! The fast generator against the reference in `tests/reference/`: board tables, move sets on
//! the start tree and along seeded random games, outcomes, monoliths, and perft.

mod reference;

use std::collections::BTreeSet;

use abstract_game::playout::Rng;
use abstract_game::{Game, GameRules, Side, TextGame};
use jericho_core::{
    ALIGNMENTS, Alignment, AsymmetryScope, Move, MoveList, Position, Rules, SQUARES,
};
use reference::from_crate::options;
use reference::{RBoard, RGame, RMove};

fn to_ref(mv: Move) -> RMove {
    match mv {
        Move::Place { piece, square } => {
            RMove::Place((piece.size(), piece.colour().index() as u8), square.name())
        }
        Move::Pass => RMove::Pass,
    }
}

/// For each crate alignment, the reference alignment with the same squares.
fn alignment_map(board: &RBoard) -> Vec<usize> {
    ALIGNMENTS
        .iter()
        .map(|al| {
            let names: BTreeSet<&str> = al.squares.iter().map(|s| s.name()).collect();
            board
                .alignments
                .iter()
                .position(|r| {
                    r.iter()
                        .map(|&s| board.squares[s].name)
                        .collect::<BTreeSet<_>>()
                        == names
                })
                .unwrap_or_else(|| panic!("alignment {} has no reference twin", al.name))
        })
        .collect()
}

/// Compares everything observable; returns the fast move list.
fn compare(fast: &Position, slow: &RGame<'_>, map: &[usize], context: &str) -> MoveList {
    let mut moves = MoveList::new();
    fast.legal_moves(&mut moves);
    let mut fast_set: Vec<RMove> = moves.iter().map(|&m| to_ref(m)).collect();
    fast_set.sort();
    let slow_set = slow.moves();
    if fast_set != slow_set {
        let f: BTreeSet<_> = fast_set.iter().collect();
        let s: BTreeSet<_> = slow_set.iter().collect();
        panic!(
            "{context}: move sets differ\nonly fast: {:?}\nonly reference: {:?}",
            f.difference(&s).collect::<Vec<_>>(),
            s.difference(&f).collect::<Vec<_>>()
        );
    }
    assert_eq!(fast.count_legal_moves(), moves.len(), "{context}: count");
    let outcome = fast.outcome().map(|o| o.winner.map(Side::index));
    assert_eq!(outcome, slow.result, "{context}: outcome");
    for (i, a) in Alignment::ALL.iter().enumerate() {
        assert_eq!(
            fast.leader(*a).map(Side::index),
            slow.leader(map[i]),
            "{context}: leader of {a}"
        );
    }
    let counts = slow.counts();
    assert_eq!(
        [fast.monoliths(Side::First), fast.monoliths(Side::Second)],
        counts,
        "{context}: monolith counts"
    );
    moves
}

#[test]
fn board_tables_match_the_line_equations() {
    let board = RBoard::new();
    assert_eq!(board.squares.len(), SQUARES.len());
    for s in &board.squares {
        let fast = SQUARES.iter().find(|f| f.name == s.name).unwrap();
        assert_eq!(
            (i32::from(fast.x), i32::from(fast.y)),
            (s.x, s.y),
            "{}",
            s.name
        );
        assert_eq!(fast.territory.index(), s.owner(), "{}", s.name);
    }
    let map = alignment_map(&board);
    let mut seen = map.clone();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 13, "alignments map one to one");
    assert_eq!(board.alignments.len(), 13);
}

#[test]
fn start_tree_move_sets_agree() {
    let board = RBoard::new();
    let map = alignment_map(&board);
    for preset in Rules::preset_names() {
        let rules = Rules::preset(preset).unwrap();
        let fast = Position::new(rules);
        let slow = RGame::new(&board, options(rules));
        let root = compare(&fast, &slow, &map, "start");
        for (i, &mv) in root.iter().enumerate() {
            let f1 = fast.after(mv);
            let mut s1 = slow.clone();
            s1.play(to_ref(mv));
            let kids = compare(&f1, &s1, &map, &format!("{preset} {mv}"));
            // Go one ply deeper below a spread of first moves.
            if i % 37 == 0 {
                for &mv2 in kids.iter() {
                    let f2 = f1.after(mv2);
                    let mut s2 = s1.clone();
                    s2.play(to_ref(mv2));
                    compare(&f2, &s2, &map, &format!("{preset} {mv} {mv2}"));
                }
            }
        }
    }
}

#[derive(Default, Debug)]
struct Seen {
    games: u32,
    wins: u32,
    draws: u32,
    passes: u32,
    asymmetry_bites: u32,
    seven_broken: u32,
}

/// Plays seeded random games with both implementations side by side. `stack_bias` makes the
/// random player prefer stacking on existing towers, which fills the board and reaches passes.
fn random_games(rules: Rules, games: u64, seed: u64, stack_bias: bool, seen: &mut Seen) {
    let board = RBoard::new();
    let map = alignment_map(&board);
    let no_asym = Rules {
        asymmetry: AsymmetryScope::Off,
        ..rules
    };
    for g in 0..games {
        let mut rng = Rng::seed_from_u64(seed.wrapping_mul(1000) + g);
        let mut fast = Position::new(rules);
        let mut slow = RGame::new(&board, options(rules));
        let mut line = String::new();
        seen.games += 1;
        for ply in 0..200 {
            let moves = compare(
                &fast,
                &slow,
                &map,
                &format!("{rules:?} game {g} ply {ply}: {line}"),
            );
            if moves.is_empty() {
                match fast.outcome().unwrap().winner {
                    Some(_) => seen.wins += 1,
                    None => seen.draws += 1,
                }
                break;
            }
            // How often does the asymmetry rule remove a move?
            let text = fast.to_text();
            let relaxed = Position::from_text(&text, no_asym).unwrap();
            if relaxed.count_legal_moves() > moves.len() {
                seen.asymmetry_bites += 1;
            }
            let mut pick = moves[rng.below(moves.len() as u32) as usize];
            if stack_bias && rng.below(4) != 0 {
                let stacked: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(
                        |m| matches!(m, Move::Place { square, .. } if !fast.at(*square).is_empty()),
                    )
                    .collect();
                if !stacked.is_empty() {
                    pick = stacked[rng.below(stacked.len() as u32) as usize];
                }
            }
            if pick == Move::Pass {
                seen.passes += 1;
            }
            fast.play(pick).unwrap();
            slow.play(to_ref(pick));
            if fast.earlier_monoliths(fast.side_to_move()) >= 7
                && fast.monoliths(fast.side_to_move()) < 7
            {
                seen.seven_broken += 1;
            }
            line.push_str(&pick.to_string());
            line.push(' ');
        }
    }
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut seen = Seen::default();
    for (i, preset) in Rules::preset_names().enumerate() {
        for first in Side::BOTH {
            let rules = Rules::preset(preset).unwrap().with_first_player(first);
            random_games(
                rules,
                12,
                i as u64 * 2 + first.index() as u64,
                false,
                &mut seen,
            );
            random_games(
                rules,
                12,
                100 + i as u64 * 2 + first.index() as u64,
                true,
                &mut seen,
            );
        }
    }
    eprintln!("{seen:?}");
    assert!(
        seen.wins > 0 && seen.draws > 0 && seen.passes > 0,
        "{seen:?}"
    );
    assert!(
        seen.asymmetry_bites > 0 && seen.seven_broken > 0,
        "{seen:?}"
    );
}

#[test]
fn perft_2_agrees_on_random_positions() {
    let board = RBoard::new();
    for (i, preset) in Rules::preset_names().enumerate() {
        let rules = Rules::preset(preset).unwrap();
        for g in 0..30u64 {
            let mut rng = Rng::seed_from_u64(7000 + 100 * i as u64 + g);
            let mut fast = Position::new(rules);
            let mut slow = RGame::new(&board, options(rules));
            let plies = rng.below(60);
            for _ in 0..plies {
                let Some(mv) = fast.random_move(&mut rng) else {
                    break;
                };
                fast.play_unchecked(mv);
                slow.play(to_ref(mv));
            }
            assert_eq!(
                abstract_game::perft::perft(&fast, 2),
                slow.perft(2),
                "{preset} game {g} after {plies} plies: {}",
                fast.to_text()
            );
        }
    }
}
