//! The fast generator against the reference generator of `tests/reference/`: the same turns
//! (as canonical texts) and the same positions after them, on the start position tree and on
//! positions reached by seeded random play.

mod reference;

use std::collections::BTreeMap;

use abstract_game::playout::Rng;
use jersi_core::{Game, GameRules, MoveList, Outcome, Position, Rules, TextGame};
use reference::RefPos;

fn reference_of(pos: &Position) -> RefPos {
    let rules = pos.rules();
    RefPos::parse(
        &pos.to_text(),
        u32::from(rules.no_capture_limit),
        rules.reserve,
    )
}

/// The fast generator's turns: canonical text -> position text after the turn.
fn fast_turns(pos: &Position) -> BTreeMap<String, String> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let map: BTreeMap<String, String> = list
        .iter()
        .map(|&mv| (pos.move_to_string(mv), pos.after(mv).to_text()))
        .collect();
    assert_eq!(
        map.len(),
        list.len(),
        "a turn is listed twice in {}",
        pos.to_text()
    );
    map
}

fn diff(a: &BTreeMap<String, String>, b: &BTreeMap<String, RefPos>) -> String {
    let extra: Vec<&String> = a.keys().filter(|k| !b.contains_key(*k)).take(10).collect();
    let missing: Vec<&String> = b.keys().filter(|k| !a.contains_key(*k)).take(10).collect();
    format!("only fast: {extra:?}; only reference: {missing:?}")
}

/// Compares turn sets (and, if `deep`, the positions after every turn). Returns the count.
fn compare(pos: &Position, deep: bool) -> usize {
    let r = reference_of(pos);
    assert_eq!(r.text(), pos.to_text(), "reference reads the text back");
    let expected = r.turns();
    let fast = fast_turns(pos);
    assert!(
        fast.len() == expected.len() && fast.keys().eq(expected.keys()),
        "turns differ in {}: {}",
        pos.to_text(),
        diff(&fast, &expected)
    );
    assert_eq!(pos.count_legal_moves(), expected.len(), "{}", pos.to_text());
    if deep {
        for (text, after) in &fast {
            assert_eq!(
                after,
                &expected[text].text(),
                "after {text} in {}",
                pos.to_text()
            );
        }
    }
    let ref_outcome = r.status().map(|w| match w {
        Some(side) => Outcome::win(abstract_game::Side::from_index(side)),
        None => Outcome::DRAW,
    });
    let ref_outcome = ref_outcome.or_else(|| {
        expected
            .is_empty()
            .then(|| Outcome::win(!pos.side_to_move()))
    });
    assert_eq!(pos.outcome(), ref_outcome, "{}", pos.to_text());
    expected.len()
}

#[test]
fn start_position_matches() {
    for preset in Rules::PRESETS {
        let start = Position::new(preset.rules);
        compare(&start, true);
    }
}

#[test]
fn start_position_perft_1_is_confirmed() {
    assert_eq!(
        reference_of(&Position::new(Rules::default())).turns().len(),
        864
    );
    let no_drop = Position::new(Rules::preset("no-drop").unwrap());
    assert_eq!(reference_of(&no_drop).turns().len(), 228);
}

/// A crowded position: seven White stacks in the open, the Black King in reach, full reserves.
#[test]
fn rich_positions_match() {
    let board = "r1s1p1f/8/2k1s2/(FR)1(RS)1(RS)1(PR)1/1(FP)1K1(PS)1(SP)1/8/7/8/7";
    for rest in [
        "w MMMMWW/mmmmww 40 20",
        "b MMMMWW/mmmmww 40 20",
        "w MW/- 3 90",
    ] {
        let pos = Position::from_text(&format!("{board} {rest}"), Rules::default()).unwrap();
        let n = compare(&pos, true);
        assert!(n > 100 && n <= jersi_core::MAX_MOVES, "{n}");
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        for &mv in list.iter() {
            compare(&pos.after(mv), false);
        }
    }
}

/// Every position after one turn from the start: the reference confirms perft(2).
#[test]
fn depth_two_from_the_start_matches() {
    for (name, expected) in [("standard", 721_069), ("no-drop", 51_984)] {
        let start = Position::new(Rules::preset(name).unwrap());
        let mut list = MoveList::new();
        start.legal_moves(&mut list);
        let total: usize = list
            .iter()
            .map(|&mv| compare(&start.after(mv), false))
            .sum();
        assert_eq!(total, expected, "{name}");
    }
}

/// The number in the environment variable `name`, else `default`: a longer soak on demand.
fn count_from_env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Seeded random games; every position compared in full. `JERSI_CROSS_GAMES` raises the
/// number of games (40 by default) for a longer soak.
#[test]
fn random_games_match() {
    let games = count_from_env("JERSI_CROSS_GAMES", 40);
    let mut rng = Rng::seed_from_u64(0x001e_551e);
    let mut king_captures = 0;
    for game in 0..games {
        let rules = if game % 4 == 3 {
            Rules::preset("no-drop").unwrap()
        } else {
            Rules {
                no_capture_limit: [40, 0, 12][game % 3],
                ..Rules::default()
            }
        };
        let mut pos = Position::new(rules);
        let mut list = MoveList::new();
        for _ply in 0..120 {
            compare(&pos, true);
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            king_captures += list.iter().filter(|m| m.relocation().is_some()).count();
            // Prefer movements to drops half of the time so that armies meet.
            let moving: Vec<_> = list.iter().filter(|m| !m.is_drop()).copied().collect();
            let pool = if !moving.is_empty() && rng.below(2) == 0 {
                &moving[..]
            } else {
                &list[..]
            };
            let mv = pool[rng.below(pool.len() as u32) as usize];
            pos.play(mv).unwrap();
        }
    }
    assert!(king_captures > 0, "random play met no King capture");
}

/// perft(3) of the variant without drops, every depth-2 position counted by the reference.
#[test]
fn reference_perft_3_no_drop() {
    let start = Position::new(Rules::preset("no-drop").unwrap());
    assert_eq!(reference_perft(&start, 3), 12_308_517);
}

/// perft(3) of the standard game counted by the reference at every depth-2 position.
#[test]
#[ignore = "slow: about 8 minutes on one core"]
fn reference_perft_3_standard() {
    let start = Position::new(Rules::default());
    assert_eq!(reference_perft(&start, 3), 497_825_578);
}

/// perft computed by the reference alone (its own turns and its own positions after them).
fn reference_perft(pos: &Position, depth: u32) -> u64 {
    fn walk(r: &RefPos, depth: u32) -> u64 {
        let turns = r.turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.values().map(|next| walk(next, depth - 1)).sum()
    }
    walk(&reference_of(pos), depth)
}

/// A random legal setup ([`Setup::random`], of density 1 to 5) at a random turn number.
fn random_setup(rng: &mut Rng, rules: Rules) -> Position {
    let mut setup = jersi_core::Setup::random(rng, rules, 5);
    setup.turn_number = 1 + rng.below(100);
    Position::from_setup(setup, rules).expect("a legal setup")
}

/// Hand-made random setups, not reached by play: stacks of every legal kind, cubes on
/// Mountains of either colour, partial reserves, any counter. Every turn and every position
/// after it. `JERSI_SETUPS` raises the number of setups (300 by default).
#[test]
fn random_setups_match() {
    let setups = count_from_env("JERSI_SETUPS", 300);
    let mut rng = Rng::seed_from_u64(0x5e7_0b5);
    let mut king_captures = 0;
    let mut list = MoveList::new();
    for i in 0..setups {
        let rules = match i % 3 {
            0 => Rules::default(),
            1 => Rules::preset("no-drop").unwrap(),
            _ => Rules {
                no_capture_limit: 0,
                ..Rules::default()
            },
        };
        let pos = random_setup(&mut rng, rules);
        assert!(compare(&pos, true) <= jersi_core::MAX_MOVES);
        pos.legal_moves(&mut list);
        king_captures += list.iter().filter(|m| m.relocation().is_some()).count();
    }
    assert!(king_captures > 0, "no setup offered a King capture");
}
