//! The committed seed corpora and dictionaries of `fuzz/` are what the targets expect: the
//! folders are the targets, the text seeds mostly parse, the dictionaries' cells, pieces and
//! texts are real, and every target's body passes on its seeds.

use std::path::{Path, PathBuf};

use abstract_game::{GameRules as _, TextGame};
use fuzz_support::corpus::{TARGET_DICTIONARIES, TARGETS, dictionaries, dictionary_entry};
use fuzz_support::{FuzzGame, split_header, targets};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The seeds of `target`, by file name.
fn seeds(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = fuzz_dir().join("corpus").join(target);
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let name = path
                .file_name()
                .expect("a file name")
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read(&path).expect("a readable seed"))
        })
        .collect();
    out.sort();
    out
}

/// The `[[bin]]` names of `fuzz/Cargo.toml`.
fn fuzz_targets() -> Vec<String> {
    let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml")).expect("fuzz/Cargo.toml");
    let mut out = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if let Some(rest) = line.strip_prefix("name = \"").filter(|_| in_bin) {
            out.push(rest.trim_end_matches('"').to_owned());
        }
    }
    out
}

#[test]
fn corpus_folders_are_the_targets_and_stay_small() {
    let mut declared = fuzz_targets();
    declared.sort();
    let mut listed: Vec<String> = TARGETS.iter().map(|t| (*t).to_owned()).collect();
    listed.sort();
    assert_eq!(
        declared, listed,
        "fuzz/Cargo.toml and corpus::TARGETS differ"
    );
    let mut total = 0;
    for target in TARGETS {
        let files = seeds(target);
        assert!(
            (20..=600).contains(&files.len()),
            "{target}: {} seeds",
            files.len()
        );
        for (name, bytes) in &files {
            assert!(
                bytes.len() <= 64 * 1024,
                "{target}/{name} is {} bytes",
                bytes.len()
            );
            total += bytes.len();
        }
    }
    assert!(total < 5 << 20, "the corpora hold {total} bytes");
}

/// [`parsing_share`] for one game.
type ParsingShare = fn(&str) -> (usize, usize);

/// How many of the `<game>_text` seeds hold a legal position text.
fn parsing_share<G: FuzzGame>(target: &str) -> (usize, usize) {
    let files = seeds(target);
    let parsed = files
        .iter()
        .filter(|(_, bytes)| {
            let (header, rest) = split_header(bytes);
            let text = String::from_utf8_lossy(rest);
            let position = text.split_once('|').map_or(&*text, |(p, _)| p);
            G::from_text(position, G::rules_of(header)).is_ok()
        })
        .count();
    (parsed, files.len())
}

#[test]
fn most_text_seeds_are_positions() {
    let games: [(&str, ParsingShare); 4] = [
        ("jarmo_text", parsing_share::<jarmo_core::Position>),
        ("jetan_text", parsing_share::<jetan_core::Position>),
        ("jersi_text", parsing_share::<jersi_core::Position>),
        ("jericho_text", parsing_share::<jericho_core::Position>),
    ];
    for (target, share) in games {
        let (parsed, all) = share(target);
        println!("{target}: {parsed} of {all} seeds parse");
        assert!(2 * parsed >= all, "{target}: {parsed} of {all} seeds parse");
    }
}

/// The entries of a committed dictionary.
fn entries(file: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(fuzz_dir().join("dict").join(file))
        .unwrap_or_else(|e| panic!("fuzz/dict/{file}: {e}"));
    text.lines()
        .filter_map(|line| {
            let (name, value) = dictionary_entry(line)?;
            Some((
                name.to_owned(),
                String::from_utf8(value).expect("UTF-8 entries"),
            ))
        })
        .collect()
}

/// Checks the `cell_`, `piece_` and `text_` entries of a game's dictionary.
fn check_game_dictionary<G: TextGame>(
    file: &str,
    cell: impl Fn(&str) -> bool,
    piece: impl Fn(&str) -> bool,
) {
    let all = entries(file);
    let mut counts = [0; 3];
    for (name, value) in &all {
        if name.starts_with("cell_") {
            assert!(cell(value), "{file}: {name} {value:?} is no cell");
            counts[0] += 1;
        } else if name.starts_with("piece_") {
            assert!(piece(value), "{file}: {name} {value:?} is no piece");
            counts[1] += 1;
        } else if let Some(preset) = name.strip_prefix("text_") {
            let rules = G::Rules::preset(&preset.replace('_', "-"))
                .unwrap_or_else(|| panic!("{file}: {name} names no preset"));
            G::from_text(value, rules).unwrap_or_else(|e| panic!("{file}: {name}: {e}"));
            counts[2] += 1;
        }
    }
    assert!(
        counts.iter().all(|&n| n > 0),
        "{file}: cells, pieces and texts {counts:?}"
    );
}

#[test]
fn run_sh_uses_the_dictionaries() {
    let script = std::fs::read_to_string(fuzz_dir().join("run.sh")).expect("fuzz/run.sh");
    for (target, file) in TARGET_DICTIONARIES {
        let line = format!("{target}) echo dict/{file} ;;");
        assert!(script.contains(&line), "fuzz/run.sh lacks {line:?}");
    }
}

#[test]
fn dictionaries_hold_real_tokens() {
    check_game_dictionary::<jarmo_core::Position>(
        "jarmo.dict",
        |v| v.parse::<jarmo_core::Hole>().is_ok(),
        |v| format!("{v}4/5/5/5/5").parse::<jarmo_core::Setup>().is_ok(),
    );
    check_game_dictionary::<jetan_core::Position>(
        "jetan.dict",
        |v| v.parse::<jetan_core::Square>().is_ok(),
        |v| v.chars().count() == 1 && v.chars().all(|c| jetan_core::Piece::from_char(c).is_some()),
    );
    check_game_dictionary::<jersi_core::Position>(
        "jersi.dict",
        |v| v.parse::<jersi_core::Square>().is_ok(),
        |v| {
            v.chars().count() == 1
                && v.chars()
                    .all(|c| jersi_core::Cube::from_letter(c).is_some())
        },
    );
    check_game_dictionary::<jericho_core::Position>(
        "jericho.dict",
        |v| v.parse::<jericho_core::Square>().is_ok(),
        |v| jericho_core::parse_syntax(&format!("{v}@a1")).is_ok(),
    );
    let mut presets = Vec::new();
    jgames_registry::for_each_game!(|G| presets
        .extend(<<G as abstract_game::Game>::Rules as abstract_game::GameRules>::preset_names()));
    for (name, value) in entries("record.dict") {
        if name.starts_with("variant_") {
            assert!(presets.contains(&value.as_str()), "record.dict: {value:?}");
        } else if name.starts_with("game_") {
            assert!(
                fuzz_support::GAME_NAMES.contains(&value.as_str()),
                "record.dict: {value:?}"
            );
        }
    }
    for (_, file) in TARGET_DICTIONARIES {
        assert!(!entries(file).is_empty(), "{file} is empty");
    }
    // The committed files are what the generator writes today: a renamed cell or preset
    // shows here (run the generator again).
    for (file, text) in dictionaries() {
        let committed = std::fs::read_to_string(fuzz_dir().join("dict").join(&file))
            .unwrap_or_else(|e| panic!("fuzz/dict/{file}: {e}"));
        assert_eq!(
            committed, text,
            "fuzz/dict/{file} is not what the generator writes"
        );
    }
}

/// Runs `body` on every `step`-th seed of `target`, naming the seed that fails.
fn run_on_seeds(target: &str, step: usize, body: impl Fn(&[u8])) {
    for (name, bytes) in seeds(target).iter().step_by(step) {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(bytes)));
        assert!(outcome.is_ok(), "target {target} fails on its seed {name}");
    }
}

#[test]
fn text_and_record_bodies_pass_on_their_seeds() {
    run_on_seeds("jarmo_text", 1, targets::text::<jarmo_core::Position>);
    run_on_seeds("jetan_text", 1, targets::text::<jetan_core::Position>);
    run_on_seeds("jersi_text", 1, targets::text::<jersi_core::Position>);
    run_on_seeds("jericho_text", 1, targets::text::<jericho_core::Position>);
    run_on_seeds("record_text", 2, targets::record);
    run_on_seeds("jersi_record", 2, targets::jersi_record);
}

#[test]
fn structured_bodies_pass_on_their_seeds() {
    run_on_seeds("setup", 1, targets::setup);
    run_on_seeds("cells", 1, targets::cells);
    run_on_seeds("moves", 2, targets::moves);
    run_on_seeds("actions", 2, targets::actions);
    run_on_seeds("perft", 3, targets::perft_body);
    run_on_seeds("search", 3, targets::search);
    run_on_seeds("study_rows", 1, targets::study_rows);
    run_on_seeds("table_header", 1, targets::table_header);
    run_on_seeds("table_keys", 1, targets::table_keys);
}

/// [`game_lengths`] for one game.
type GameLengths = fn(&str, usize) -> (u32, f64);

/// The plies of the play target's games on `step`-th seeds: the longest and the mean.
fn game_lengths<G: FuzzGame>(target: &str, step: usize) -> (u32, f64) {
    let lengths: Vec<u32> = seeds(target)
        .iter()
        .step_by(step)
        .map(|(_, bytes)| targets::play::<G>(bytes))
        .collect();
    let max = lengths.iter().copied().max().unwrap_or(0);
    (
        max,
        f64::from(lengths.iter().sum::<u32>()) / lengths.len() as f64,
    )
}

#[test]
fn play_seeds_reach_long_games() {
    // Jericho's whole game is a few more plies than its 50 pieces.
    let games: [(&str, GameLengths, u32); 4] = [
        ("jarmo_play", game_lengths::<jarmo_core::Position>, 100),
        ("jetan_play", game_lengths::<jetan_core::Position>, 100),
        ("jersi_play", game_lengths::<jersi_core::Position>, 100),
        ("jericho_play", game_lengths::<jericho_core::Position>, 40),
    ];
    for (target, lengths, least) in games {
        let (max, mean) = lengths(target, 1);
        println!("{target}: games of up to {max} plies, {mean:.1} on average");
        assert!(max >= least, "{target}: the longest game has {max} plies");
    }
}

#[cfg(feature = "json")]
#[test]
fn json_body_passes_on_its_seeds() {
    run_on_seeds("json", 1, targets::json);
}
