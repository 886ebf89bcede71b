//! jericho benchmarks (to be written with the jericho-core crate).
fn main() {}
