//! The endgame tables of keyed positions (`KeyedIndex`) under the Jarmo presets whose
//! positions carry marks, credits, reserves, passes and shuttle records, held to a plain
//! search over the game's own moves, to the explicit-graph analysis, to `verify`, and read back
//! from a file.

mod common;

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use abstract_game::playout::Rng;
use abstract_game::{Game, KeyedPositions, PositionIndex, Solvable, TextGame, Value};
use common::{agrees_with_the_analysis, within};
use game_solve::{KeyedIndex, SolveError, Table, TableError, verify};
use jarmo_core::{JarmoEndgames, Position, Rules};

/// The presets with keyed endgames, and a material each solves in a few seconds.
const PRESETS: [(&str, Rules, u32); 3] = [
    ("jarmo", Rules::JARMO, 2),
    ("jasir", Rules::JASIR, 3),
    ("jasir-reserve", Rules::JASIR_RESERVE, 3),
];

fn endgames(rules: Rules, material: u32) -> Table<KeyedIndex<Position>> {
    let positions = Position::endgames(rules, material).unwrap();
    let stop = AtomicBool::new(false);
    let index = KeyedIndex::gather(positions, 2, &stop, &mut |_| {}).unwrap();
    Table::solve(index, 2, &stop, &mut |_| {}).unwrap()
}

fn random_position(table: &Table<KeyedIndex<Position>>, rng: &mut Rng) -> Position {
    let index = table.index();
    loop {
        let layer = (rng.next_u64() % index.layer_count() as u64) as usize;
        if index.layer_len(layer) > 0 {
            let i = rng.next_u64() % index.layer_len(layer);
            return index.game_of(index.unrank(layer, i));
        }
    }
}

#[test]
fn every_preset_verifies_and_agrees_with_the_graph_analysis_of_random_roots() {
    for (name, rules, material) in PRESETS {
        let table = endgames(rules, material);
        let index = table.index();
        assert!(index.len() > 5_000, "{name}: {}", index.len());
        assert_eq!(
            verify(&table, 2, &AtomicBool::new(false), &mut |_, _| {}).unwrap(),
            None,
            "{name}"
        );
        let mut rng = Rng::seed_from_u64(36);
        let mut compared = 0;
        for _ in 0..30 {
            let game = random_position(&table, &mut rng);
            let root = index.node_of(&game).unwrap();
            // The probes' one search finds what a node and its rank find.
            assert_eq!(index.locate(&game), Some(index.rank(root)));
            compared += agrees_with_the_analysis(&table, root, 2_000_000, name);
        }
        assert!(compared > 1_000, "{name}: {compared}");
    }
}

#[test]
fn a_plain_search_proves_the_values_of_random_endgame_positions() {
    for (name, rules, material) in PRESETS {
        let table = endgames(rules, material);
        let mut rng = Rng::seed_from_u64(3636);
        let mut memo = HashMap::new();
        let mut by_sign = [0; 3];
        for _ in 0..1_500 {
            // A position of the table, then up to 8 random moves: the position searched keeps
            // every fact the moves made (shuttle records, credits, passes), while the table
            // knows it by its key, so a key that forgets a fact that matters shows here.
            let mut pos = random_position(&table, &mut rng);
            for _ in 0..rng.next_u64() % 9 {
                match pos.random_move(&mut rng) {
                    Some(mv) => pos.play(mv).unwrap(),
                    None => break,
                }
            }
            let value = table.probe(&pos).unwrap();
            by_sign[(value.sign() + 1) as usize] += 1;
            match value.distance() {
                Some(d) if d <= 14 => {
                    assert_eq!(within(&pos, d, &mut memo), Some(value), "{}", pos.to_text());
                    if d > 0 {
                        assert_eq!(within(&pos, d - 1, &mut memo), None, "{}", pos.to_text());
                    }
                }
                Some(_) => {}
                None => {
                    // A draw: never a forced win or loss within 10 plies.
                    let v = within(&pos, 10, &mut memo);
                    assert!(matches!(v, None | Some(Value::Draw)), "{}", pos.to_text());
                }
            }
        }
        assert!(by_sign.iter().all(|&n| n > 20), "{name}: {by_sign:?}");
    }
}

#[test]
fn verify_finds_one_flipped_value() {
    let table = endgames(Rules::JASIR, 2);
    let layer = 2;
    let mut values = table.layer(layer).unwrap().unwrap().to_vec();
    let at = values
        .iter()
        .position(|&b| matches!(Value::from_byte(b), Some(Value::Win(_))))
        .unwrap();
    values[at] = Value::Draw.to_byte();
    let table = table.with_layer(layer, values.into_boxed_slice());
    let mismatch = verify(&table, 2, &AtomicBool::new(false), &mut |_, _| {})
        .unwrap()
        .unwrap();
    assert_eq!((mismatch.layer, mismatch.index), (layer, at as u64));
}

#[test]
fn a_table_file_reads_back_and_refuses_other_endgames_and_altered_bytes() {
    let table = endgames(Rules::JASIR_RESERVE, 3);
    let dir = std::env::temp_dir().join(format!("game-solve-keyed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("jasir-reserve-3.table");
    table.write_keyed(&path).unwrap();
    let positions = || Position::endgames(Rules::JASIR_RESERVE, 3).unwrap();
    let read = Table::open_keyed(positions(), &path).unwrap();
    assert!(!read.index().can_solve());
    assert_eq!(
        verify(&read, 2, &AtomicBool::new(false), &mut |_, _| {}).unwrap(),
        None
    );
    let index = table.index();
    for layer in 0..index.layer_count() {
        assert_eq!(read.index().keys()[layer], index.keys()[layer]);
        assert_eq!(read.layer(layer).unwrap(), table.layer(layer).unwrap());
    }
    // Another material, other rules: refused by name.
    for other in [
        Position::endgames(Rules::JASIR_RESERVE, 4).unwrap(),
        Position::endgames(Rules::JASIR, 3).unwrap(),
    ] {
        assert!(matches!(
            Table::open_keyed(other, &path),
            Err(TableError::OtherIndex { .. })
        ));
    }
    // One byte changed in the keys (the last layers of the file): refused when opened.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 10;
    bytes[last] ^= 0x40;
    let altered = dir.join("altered.table");
    std::fs::write(&altered, &bytes).unwrap();
    assert!(Table::open_keyed(positions(), &altered).is_err());
    // Cut short: refused.
    std::fs::write(&altered, &bytes[..bytes.len() - 1]).unwrap();
    assert!(matches!(
        Table::open_keyed(positions(), &altered),
        Err(TableError::Truncated { .. })
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Jarmo's endgames with a wave that the moves raise: the black archers past the middle row.
struct Broken(JarmoEndgames);

impl KeyedPositions for Broken {
    type Game = Position;
    fn name(&self) -> String {
        "broken".to_string()
    }
    fn key_version(&self) -> u32 {
        1
    }
    fn waves(&self) -> u32 {
        6
    }
    fn key(&self, game: &Position) -> Option<(u32, u128)> {
        let (_, key) = self.0.key(game)?;
        let past_middle = game
            .archers(jarmo_core::BLACK)
            .into_iter()
            .filter(|h| h.row() > 2)
            .count();
        Some((past_middle as u32, key))
    }
    fn game_of(&self, key: u128) -> Position {
        self.0.game_of(key)
    }
    fn seeds(&self, visit: &mut dyn FnMut(Position)) {
        self.0.seeds(visit)
    }
}

#[test]
fn a_set_whose_moves_raise_the_wave_is_refused() {
    let broken = Broken(JarmoEndgames::new(Rules::JASIR, 2));
    let result = KeyedIndex::gather(Box::new(broken), 2, &AtomicBool::new(false), &mut |_| {});
    assert!(matches!(result, Err(SolveError::NotClosed { .. })));
}
