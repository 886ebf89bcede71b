//! The solver on Nim, whose values are known: a position is lost exactly when the heaps are
//! equal modulo 4, and its distance is what a plain minimax to the end gives.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use abstract_game::nim::{Nim, NimRules};
use abstract_game::{Game, PositionIndex, Side, Solvable, Value};
use game_solve::{Table, TableError, analyse, verify};

/// The value by a plain minimax over the game's own moves (Nim has no cycle), the winner
/// hurrying and the loser delaying.
fn minimax(pos: Nim, memo: &mut HashMap<[u8; 2], Value>) -> Value {
    if pos.outcome().is_some() {
        return Value::Loss(0);
    }
    if let Some(&v) = memo.get(&pos.heaps) {
        return v;
    }
    let mut best: Option<Value> = None;
    for mv in pos.moves() {
        let v = minimax(pos.after(mv), memo).before_move().unwrap();
        best = Some(best.map_or(v, |b| b.max(v)));
    }
    let v = best.unwrap();
    memo.insert(pos.heaps, v);
    v
}

fn solved(heap: u8) -> Table<<Nim as Solvable>::Index> {
    let index = Nim::position_index(NimRules { heap }).unwrap();
    Table::solve(index, 2, &AtomicBool::new(false), &mut |_| {}).unwrap()
}

#[test]
fn nim_values_are_the_known_ones_with_minimax_distances() {
    let table = solved(9);
    let mut memo = HashMap::new();
    let mut seen = 0;
    for a in 0..=9 {
        for b in 0..=9 {
            for side in Side::BOTH {
                let pos = Nim {
                    to_move: side,
                    ..Nim::at(a, b)
                };
                let v = table.probe(&pos).unwrap();
                assert_eq!(v.sign() < 0, pos.is_lost(), "{a} {b}");
                assert_eq!(v, minimax(pos, &mut memo), "{a} {b}");
                seen += 1;
            }
        }
    }
    assert_eq!(seen as u64, table.index().len());
    let counts = table.counts().unwrap();
    assert_eq!(counts.total(), 200);
    assert_eq!(counts.draws, 0);
    // Heaps equal modulo 4: 3 * 3 * 2 + 3 * 3 ... counted plainly.
    let lost = (0..=9u8)
        .flat_map(|a| (0..=9u8).map(move |b| (a, b)))
        .filter(|&(a, b)| a % 4 == b % 4)
        .count() as u64;
    assert_eq!(counts.losses, 2 * lost);
}

#[test]
fn the_analysis_on_the_spot_agrees_with_the_table() {
    let table = solved(9);
    let index = table.index();
    let analysis = analyse(index, Nim::at(9, 7), 1_000).unwrap();
    assert_eq!(analysis.values[0].0.heaps, [9, 7]);
    for &(node, value) in &analysis.values {
        assert_eq!(table.probe_node(node).unwrap(), value, "{node:?}");
    }
    assert!(analyse(index, Nim::at(9, 9), 10).is_err());
}

#[test]
fn moves_are_rated_and_the_perfect_line_ends_the_game() {
    let table = solved(5);
    let pos = Nim::at(5, 2);
    let rated = table.rate_moves(&pos).unwrap();
    assert_eq!(rated.len(), 5);
    for pair in rated.windows(2) {
        assert!(pair[0].1.preference() >= pair[1].1.preference());
    }
    assert!(rated[0].1.sign() > 0 && rated.last().unwrap().1.sign() < 0);
    let line = table.perfect_line(&pos, 100).unwrap();
    let Value::Win(d) = table.probe(&pos).unwrap() else {
        panic!("5 2 is won")
    };
    assert_eq!(line.len(), usize::from(d));
    let mut end = pos;
    for mv in line {
        end.play(mv).unwrap();
    }
    assert_eq!(end.outcome().and_then(|o| o.winner), Some(Side::First));
    // A position outside the index.
    assert!(matches!(
        table.probe(&Nim::at(6, 0)),
        Err(TableError::NotInTable)
    ));
}

#[test]
fn verify_passes_and_finds_a_flipped_value() {
    let table = solved(9);
    let stop = AtomicBool::new(false);
    assert_eq!(verify(&table, 2, &stop, &mut |_, _| {}).unwrap(), None);
    let dir = std::env::temp_dir().join(format!("game-solve-nim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("nim.table");
    table.write(&path).unwrap();
    let index = || Nim::position_index(NimRules { heap: 9 }).unwrap();
    let reopened = Table::open(index(), &path).unwrap();
    assert_eq!(verify(&reopened, 1, &stop, &mut |_, _| {}).unwrap(), None);
    assert_eq!(reopened.counts().unwrap(), table.counts().unwrap());

    // The same values with one flipped, written as a file of its own: the checksums pass (it
    // was written whole), the check does not.
    let mut flipped = solved(9);
    let (layer, i) = flipped.index().rank(Nim::at(4, 3));
    let values = flipped.layer(layer).unwrap().unwrap().to_vec();
    let mut changed = values.clone();
    changed[i as usize] = Value::Loss(1).to_byte();
    assert_ne!(changed, values);
    flipped = Table::with_layer(flipped, layer, changed.into_boxed_slice());
    let found = verify(&flipped, 2, &stop, &mut |_, _| {})
        .unwrap()
        .expect("a mismatch");
    assert_eq!((found.layer, found.index), (layer, i));
    assert_eq!(found.stored, Value::Loss(1));
    assert_eq!(found.expected.sign(), 1);

    // A file of other heaps, an altered byte, a truncated file, not a table at all.
    let other = Nim::position_index(NimRules { heap: 5 }).unwrap();
    assert!(matches!(
        Table::open(other, &path),
        Err(TableError::OtherIndex { .. })
    ));
    let bytes = std::fs::read(&path).unwrap();
    let short = dir.join("short.table");
    std::fs::write(&short, &bytes[..bytes.len() - 1]).unwrap();
    assert!(matches!(
        Table::open(index(), &short),
        Err(TableError::Truncated { .. })
    ));
    let mut altered = bytes.clone();
    let last = altered.len() - 3;
    altered[last] ^= 0x40;
    let bad = dir.join("altered.table");
    std::fs::write(&bad, &altered).unwrap();
    let opened = Table::open(index(), &bad).unwrap();
    assert!(opened.load_all().is_err());
    std::fs::write(&bad, b"hello\nend\n").unwrap();
    assert!(matches!(
        Table::open(index(), &bad),
        Err(TableError::NotATable)
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}
