use std::sync::atomic::AtomicBool;
use game_solve::{KeyedIndex, PositionIndex, Table};
use jarmo_core::{JarmoEndgames, Rules};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let k: u32 = args[1].parse().unwrap();
    let rules = match args[2].as_str() { "jarmo" => Rules::JARMO, "jasir" => Rules::JASIR, "jasir-reserve" => Rules::JASIR_RESERVE, _ => Rules::JASIR_BASIC };
    let t = std::time::Instant::now();
    let stop = AtomicBool::new(false);
    let index = KeyedIndex::gather(Box::new(JarmoEndgames::new(rules, k)), 2, &stop, &mut |_| {}).unwrap();
    let sizes: Vec<u64> = (0..index.layer_count()).map(|l| index.layer_len(l)).collect();
    eprintln!("gathered {:?} total {} in {:?}", sizes, index.len(), t.elapsed());
    let table = Table::solve(index, 2, &stop, &mut |_| {}).unwrap();
    eprintln!("solved in {:?}: {:?}", t.elapsed(), table.counts().unwrap());
}
