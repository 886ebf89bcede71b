//! jersi benchmarks (to be written with the jersi-core crate).
fn main() {}
