//! Criterion benchmarks for the jgames crates live in `benches/benches/`; this library only
//! compiles the README's example as a doctest.

#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeExample;
