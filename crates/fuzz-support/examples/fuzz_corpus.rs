//! Writes the seed corpora and dictionaries of the fuzz targets: `fuzz/corpus/<target>/` (the
//! folders of the targets are emptied first) and `fuzz/dict/`.
//!
//! ```sh
//! cargo run --release -p fuzz-support --features json --example fuzz_corpus [SEED]
//! ```
//!
//! The default seed is the one of the committed files ([`fuzz_support::corpus::SEED`]), so
//! running it again rewrites them unchanged.

use std::path::Path;

use fuzz_support::corpus::{SEED, TARGETS, generate};

fn main() -> std::io::Result<()> {
    let seed = match std::env::args().nth(1) {
        Some(text) => text.parse().expect("the seed is a whole number"),
        None => SEED,
    };
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let corpus = generate(seed);
    for target in TARGETS {
        let dir = fuzz.join("corpus").join(target);
        if dir.exists() {
            std::fs::remove_dir_all(&dir)?;
        }
        std::fs::create_dir_all(&dir)?;
    }
    let mut total = 0;
    for target in TARGETS {
        let seeds: Vec<_> = corpus
            .seeds
            .iter()
            .filter(|s| s.target == *target)
            .collect();
        let bytes: usize = seeds.iter().map(|s| s.bytes.len()).sum();
        for s in &seeds {
            std::fs::write(fuzz.join("corpus").join(target).join(&s.name), &s.bytes)?;
        }
        println!("{target:<14} {:>4} files {:>8} bytes", seeds.len(), bytes);
        total += bytes;
    }
    std::fs::create_dir_all(fuzz.join("dict"))?;
    for (name, text) in &corpus.dictionaries {
        std::fs::write(fuzz.join("dict").join(name), text)?;
        println!(
            "dict/{name}: {} entries",
            text.lines().filter(|l| l.contains('=')).count()
        );
    }
    println!("{} seeds, {total} bytes", corpus.seeds.len());
    Ok(())
}
