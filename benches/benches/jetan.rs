//! jetan benchmarks (to be written with the jetan-core crate).
fn main() {}
