//! The committed seed corpora (`fuzz/corpus/<target>/`) and dictionaries (`fuzz/dict/`),
//! generated from one seed by [`generate`] (run `examples/fuzz_corpus.rs` to write them).
//!
//! Every seed is made with the input formats of this crate, so that it means what it was made
//! to mean: text seeds are positions of random games under random rules with the moves that
//! followed (some of them mangled, a few from arbitrary setups); play seeds are whole random
//! games, one encoded decision per turn; record seeds are records of random games (and the
//! Jersi author's three recorded games); the others are starts and decisions of the same kind.

use abstract_game::playout::Rng;
use abstract_game::record::Record;
use abstract_game::{Game, GameRules as _, TextGame};
use arbitrary::Unstructured;

use crate::{Decisions, FuzzGame, Start, encode_choice, random_position, start};

/// Every fuzz target, as named in `fuzz/Cargo.toml`, and so every corpus folder.
pub const TARGETS: &[&str] = &[
    "jarmo_text",
    "jetan_text",
    "jersi_text",
    "jericho_text",
    "jarmo_play",
    "jetan_play",
    "jersi_play",
    "jericho_play",
    "setup",
    "moves",
    "actions",
    "perft",
    "search",
    "cells",
    "json",
    "record_text",
    "jersi_record",
    "study_rows",
    "table_header",
    "table_keys",
];

/// The dictionary of each target (a file of `fuzz/dict/`), for those that take text.
pub const TARGET_DICTIONARIES: &[(&str, &str)] = &[
    ("jarmo_text", "jarmo.dict"),
    ("jetan_text", "jetan.dict"),
    ("jersi_text", "jersi.dict"),
    ("jericho_text", "jericho.dict"),
    ("record_text", "record.dict"),
    ("jersi_record", "jersi.dict"),
    ("json", "json.dict"),
];

/// The seed the committed corpora are generated from.
pub const SEED: u64 = 2024;

/// The Jersi author's recorded games, replayed by `jersi-core`'s tests.
pub const JERSI_RECORDS: [(&str, &str); 3] = [
    (
        "rulebook",
        include_str!("../../jersi-core/tests/data/Rulebook-example-2020-0330.txt"),
    ),
    (
        "fox",
        include_str!("../../jersi-core/tests/data/Fox-Lucas-2021-0425.txt"),
    ),
    (
        "kerry",
        include_str!("../../jersi-core/tests/data/Kerry-Lucas-2021-1011.txt"),
    ),
];

/// One seed input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedFile {
    /// The target, and so the corpus folder.
    pub target: &'static str,
    /// The file name.
    pub name: String,
    /// The input.
    pub bytes: Vec<u8>,
}

/// Everything [`generate`] makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Corpus {
    /// The seeds of every target.
    pub seeds: Vec<SeedFile>,
    /// The dictionaries: file name and text.
    pub dictionaries: Vec<(String, String)>,
}

/// A random byte.
fn byte(rng: &mut Rng) -> u8 {
    rng.next_u64() as u8
}

/// `n` random bytes.
fn bytes(rng: &mut Rng, n: u32) -> Vec<u8> {
    (0..n).map(|_| byte(rng)).collect()
}

/// Random rules: a preset half the time, otherwise a random header.
fn random_rules<G: FuzzGame>(rng: &mut Rng) -> G::Rules {
    if rng.below(2) == 0 {
        let presets = G::Rules::PRESETS;
        presets[rng.below(presets.len() as u32) as usize].rules
    } else {
        let header = [byte(rng), byte(rng), byte(rng), byte(rng)];
        G::rules_of(header)
    }
}

/// A random game from `start` to its end (or `cap` moves): every position and every move.
fn random_game<G: Game>(start: G, rng: &mut Rng, cap: u32) -> (Vec<G>, Vec<G::Move>) {
    let mut positions = vec![start];
    let mut moves = Vec::new();
    for _ in 0..cap {
        let pos = positions.last().expect("at least the start");
        let Some(mv) = pos.random_move(rng) else {
            break;
        };
        let next = pos.after(mv);
        moves.push(mv);
        positions.push(next);
    }
    (positions, moves)
}

/// Setup bytes that [`FuzzGame::arbitrary_setup`] reads whole, building a legal setup when
/// `legal` (if one is found in a few tries).
fn setup_bytes<G: FuzzGame>(rng: &mut Rng, rules: G::Rules, legal: bool) -> Vec<u8> {
    let mut candidate = Vec::new();
    for _ in 0..64 {
        let len = 16 + rng.below(240);
        candidate = bytes(rng, len);
        let mut u = Unstructured::new(&candidate);
        let setup = G::arbitrary_setup(&mut u, rules);
        let used = candidate.len() - u.len();
        candidate.truncate(used);
        if G::from_setup(setup, rules).is_ok() == legal {
            break;
        }
    }
    candidate
}

/// A random start: mostly the start position.
fn random_start<G: FuzzGame>(rng: &mut Rng, rules: G::Rules) -> Start {
    match rng.below(100) {
        0..70 => Start::Fresh,
        70..85 => Start::Random {
            plies: byte(rng),
            seed: rng.next_u64() as u32,
        },
        _ => Start::Setup(setup_bytes::<G>(rng, rules, true)),
    }
}

/// Appends the decisions of a random game from `pos` (to its end, or `cap` moves), playing it.
fn encode_game<G: Game>(pos: &mut G, rng: &mut Rng, cap: u32, out: &mut Vec<u8>) -> u32 {
    let mut moves = G::MoveList::default();
    for ply in 0..cap {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return ply;
        }
        let n = moves.len();
        let i = rng.below(n as u32) as usize;
        encode_choice(out, i, n);
        pos.play_unchecked(moves[i]);
    }
    cap
}

/// Changes a text a little: a character dropped, replaced or doubled, a field doubled, or the
/// end cut off.
fn mangle(rng: &mut Rng, text: &str) -> String {
    const ODD: &[char] = &[
        '0', '1', '9', '/', ' ', '-', 'x', '!', '*', '=', '(', ')', '@', ':', 'b', 'w', 'B', 'W',
        'k', 'K', 'o', 'r', 'R', 'N', 'S', '|', '\u{e9}',
    ];
    let mut chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return "?".to_owned();
    }
    let at = rng.below(chars.len() as u32) as usize;
    match rng.below(5) {
        0 => {
            chars.remove(at);
        }
        1 => chars[at] = ODD[rng.below(ODD.len() as u32) as usize],
        2 => chars.insert(at, chars[at]),
        3 => {
            let fields: Vec<&str> = text.split(' ').collect();
            let k = rng.below(fields.len() as u32) as usize;
            let mut out = fields.clone();
            out.insert(k, fields[k]);
            return out.join(" ");
        }
        _ => chars.truncate(at.max(1)),
    }
    chars.into_iter().collect()
}

/// A text target's input: the header, the position text, `|` and the moves.
fn text_input<G: FuzzGame>(rules: G::Rules, position: &str, moves: &[String]) -> Vec<u8> {
    let mut out = G::header_of(rules).to_vec();
    out.extend_from_slice(position.as_bytes());
    out.push(b'|');
    out.extend_from_slice(moves.join(" ").as_bytes());
    out
}

/// The notation of `moves` played from `pos`.
fn notation<G: TextGame>(pos: &G, moves: &[G::Move]) -> Vec<String> {
    let mut pos = pos.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = pos.move_to_string(mv);
            pos.play_unchecked(mv);
            text
        })
        .collect()
}

/// Seeds of `<game>_text`.
fn text_seeds<G: FuzzGame>(rng: &mut Rng, target: &'static str, out: &mut Vec<SeedFile>) {
    let mut add = |name: String, bytes: Vec<u8>| {
        out.push(SeedFile {
            target,
            name,
            bytes,
        })
    };
    for i in 0..240 {
        let rules = random_rules::<G>(rng);
        let (positions, moves) = random_game(G::new(rules), rng, crate::MAX_PLIES);
        let at = rng.below(positions.len() as u32) as usize;
        let next = (at + rng.below(8) as usize).min(moves.len());
        let mut words = notation(&positions[at], &moves[at..next]);
        if !words.is_empty() && rng.below(4) == 0 {
            // A move of the other side, or a mangled one, among the good ones.
            let k = rng.below(words.len() as u32) as usize;
            let odd = if rng.below(2) == 0 {
                words[k].clone()
            } else {
                mangle(rng, &words[k])
            };
            words.insert(k, odd);
        }
        add(
            format!("game-{i:03}"),
            text_input::<G>(rules, &positions[at].to_text(), &words),
        );
    }
    for i in 0..30 {
        // Texts of arbitrary setups, legal or not.
        let rules = random_rules::<G>(rng);
        let setup_bytes = setup_bytes::<G>(rng, rules, i % 3 != 0);
        let setup = G::arbitrary_setup(&mut Unstructured::new(&setup_bytes), rules);
        let moves = match G::from_setup(setup.clone(), rules) {
            Ok(pos) => {
                let (_, moves) = random_game(pos.clone(), rng, 4);
                notation(&pos, &moves)
            }
            Err(_) => Vec::new(),
        };
        add(
            format!("setup-{i:03}"),
            text_input::<G>(rules, &setup.to_string(), &moves),
        );
    }
    for i in 0..30 {
        let rules = random_rules::<G>(rng);
        let plies = rng.below(80);
        let pos: G = random_position(rules, rng.next_u64(), plies);
        let text = mangle(rng, &pos.to_text());
        add(
            format!("mangled-{i:03}"),
            text_input::<G>(rules, &text, &[]),
        );
    }
}

/// Seeds of `<game>_play`: whole random games, their decisions encoded.
fn play_seeds<G: FuzzGame>(rng: &mut Rng, target: &'static str, out: &mut Vec<SeedFile>) {
    for i in 0..150 {
        let rules = random_rules::<G>(rng);
        let mut bytes = G::header_of(rules).to_vec();
        let mut body = Vec::new();
        random_start::<G>(rng, rules).encode(&mut body);
        let mut pos: G = start(&mut Decisions::new(&body), rules);
        // The first plies of a game (up to 160, the whole game for most), the target goes on
        // at random.
        let cap = if i % 2 == 0 { 160 } else { rng.below(120) };
        encode_game(&mut pos, rng, cap, &mut body);
        bytes.extend_from_slice(&body);
        out.push(SeedFile {
            target,
            name: format!("game-{i:03}"),
            bytes,
        });
    }
}

/// Seeds of the targets that start with a game byte, for game number `game`.
fn game_byte_seeds<G: FuzzGame>(rng: &mut Rng, game: u8, out: &mut Vec<SeedFile>) {
    let name = crate::GAME_NAMES[usize::from(game)];
    let mut add = |target: &'static str, i: u32, bytes: Vec<u8>| {
        out.push(SeedFile {
            target,
            name: format!("{name}-{i:03}"),
            bytes,
        })
    };
    let lead = |rules: G::Rules| {
        let mut out = vec![game];
        out.extend_from_slice(&G::header_of(rules));
        out
    };
    // The header of random rules, a random start, then 20 to `20 + spread - 1` random bytes.
    let start_and_bytes = |rng: &mut Rng, spread: u32| {
        let rules = random_rules::<G>(rng);
        let mut input = lead(rules);
        random_start::<G>(rng, rules).encode(&mut input);
        let len = 20 + rng.below(spread);
        input.extend(bytes(rng, len));
        input
    };
    for i in 0..50 {
        let rules = random_rules::<G>(rng);
        let mut input = lead(rules);
        input.extend(setup_bytes::<G>(rng, rules, i % 4 != 0));
        let extra = rng.below(16);
        input.extend(bytes(rng, extra));
        add("setup", i, input);
    }
    for i in 0..40 {
        add("moves", i, start_and_bytes(rng, 280));
    }
    // The actions seeds come from a generator of their own, so that adding them changed no
    // other seed.
    let own = &mut Rng::seed_from_u64(
        SEED ^ G::NAME
            .bytes()
            .fold(0xAC7, |h: u64, b| h.wrapping_mul(31) ^ u64::from(b)),
    );
    for i in 0..30 {
        add("actions", i, start_and_bytes(own, 200));
    }
    for i in 0..30 {
        let rules = random_rules::<G>(rng);
        let mut input = lead(rules);
        let plies = rng.below(60) as u8;
        input.extend([byte(rng), plies]);
        random_start::<G>(rng, rules).encode(&mut input);
        let len = u32::from(plies) * 2;
        input.extend(bytes(rng, len));
        add("perft", i, input);
    }
    const SPECS: &[&str] = &[
        "",
        "random:seed=3",
        "mcts:iterations=100,c=1.4,seed=5",
        "mcts:threads=2,reuse=false,playout_cap=50",
        "mcts:minimax=0.8,widening=1,contempt=300",
        "alphabeta:depth=3,hash=1",
        "alphabeta:depth=deep",
        "mcts:c=-1",
        "alphabeta:nodes=1000,movetime=10",
        "minimax",
        "mcts:iterations",
    ];
    for i in 0..30 {
        let rules = random_rules::<G>(rng);
        let mut body = vec![byte(rng), byte(rng), byte(rng), rng.below(80) as u8];
        random_start::<G>(rng, rules).encode(&mut body);
        let mut d = Decisions::new(&body);
        let _ = (d.choose(3), d.byte(), d.byte());
        let plies = d.byte();
        let mut pos: G = start(&mut d, rules);
        encode_game(&mut pos, rng, u32::from(plies), &mut body);
        body.extend_from_slice(SPECS[i as usize % SPECS.len()].as_bytes());
        let mut input = lead(rules);
        input.extend(body);
        add("search", i, input);
    }
    for i in 0..25 {
        let mut input = vec![game];
        let len = 16 + rng.below(144);
        input.extend(bytes(rng, len));
        add("cells", i, input);
    }
    #[cfg(feature = "json")]
    for i in 0..12 {
        let rules = random_rules::<G>(rng);
        let plies = rng.below(120);
        let pos: G = random_position(rules, rng.next_u64(), plies);
        for (k, json) in G::json_examples(&pos).into_iter().enumerate() {
            let mut input = vec![game];
            input.extend(json);
            add("json", i * 8 + k as u32, input);
        }
    }
}

/// Seeds of `record_text`: records of random games.
fn record_seeds<G: FuzzGame>(rng: &mut Rng, out: &mut Vec<SeedFile>) {
    for i in 0..40 {
        let (rules, variant) = if rng.below(2) == 0 {
            let presets = G::Rules::PRESETS;
            let preset = presets[rng.below(presets.len() as u32) as usize];
            (preset.rules, Some(preset.name))
        } else {
            (random_rules::<G>(rng), None)
        };
        let start = if rng.below(5) == 0 {
            random_position::<G>(rules, rng.next_u64(), rng.below(40))
        } else {
            G::new(rules)
        };
        let (_, mut moves) = random_game(start.clone(), rng, crate::MAX_PLIES);
        if rng.below(3) == 0 {
            moves.truncate(rng.below(moves.len() as u32 + 1) as usize);
        }
        let mut record = Record::of_game(&start, variant, &moves).expect("legal moves");
        if rng.below(3) == 0 {
            record
                .tags
                .push(("Event".to_owned(), format!("seed \"{i}\"")));
        }
        let mut text = record.to_string();
        if rng.below(3) == 0 {
            text = text.replacen(" 2. ", " {a comment} 2. ", 1);
            text.push_str("; the end\n");
        }
        let mut bytes = G::header_of(rules).to_vec();
        bytes.extend_from_slice(text.as_bytes());
        out.push(SeedFile {
            target: "record_text",
            name: format!("{}-{i:03}", G::NAME),
            bytes,
        });
    }
}

/// Seeds of `jersi_record`: the author's records, and random games in his format.
fn jersi_record_seeds(rng: &mut Rng, out: &mut Vec<SeedFile>) {
    use jersi_core::{Position, Rules};
    for (name, text) in JERSI_RECORDS {
        let mut bytes = <Position as FuzzGame>::header_of(Rules::default()).to_vec();
        bytes.extend_from_slice(text.as_bytes());
        out.push(SeedFile {
            target: "jersi_record",
            name: format!("author-{name}"),
            bytes,
        });
    }
    for i in 0..40 {
        let rules = random_rules::<Position>(rng);
        let start = Position::new(rules);
        let (_, moves) = random_game(start.clone(), rng, 400);
        let mut text = String::new();
        if rng.below(3) == 0 {
            text.push_str("# a random game\n");
        }
        for (k, word) in notation(&start, &moves).iter().enumerate() {
            text.push_str(&format!("{:4} {word:<20}", k + 1));
            if k % 2 == 1 {
                text.push('\n');
            }
        }
        let mut bytes = <Position as FuzzGame>::header_of(rules).to_vec();
        bytes.extend_from_slice(text.as_bytes());
        out.push(SeedFile {
            target: "jersi_record",
            name: format!("game-{i:03}"),
            bytes,
        });
    }
}

/// Seeds of `study_rows`: rows of made-up games of game number `game`, and its variant texts
/// with rule switches.
fn study_row_seeds<G: FuzzGame>(rng: &mut Rng, game: u8, out: &mut Vec<SeedFile>) {
    use abstract_game::Side;
    use game_study::GameRow;
    let side = |rng: &mut Rng| {
        if rng.below(2) == 0 {
            Side::First
        } else {
            Side::Second
        }
    };
    for i in 0..12 {
        let mut text = String::new();
        if i % 3 == 0 {
            text.push_str(GameRow::HEADER);
            text.push('\n');
        }
        let mut last = None;
        for _ in 0..1 + rng.below(6) {
            let endings = G::ENDINGS;
            let ending = match rng.below(endings.len() as u32 + 1) as usize {
                k if k < endings.len() => Some(endings[k]),
                _ => None,
            };
            let row = GameRow {
                cell: rng.below(8),
                game: rng.below(1000),
                first: side(rng),
                a_side: side(rng),
                winner: (rng.below(3) > 0).then(|| side(rng)),
                ending,
                plies: rng.below(400),
                choices: u64::from(rng.below(100_000)),
                scores: (rng.below(2) == 0).then(|| [rng.below(20), rng.below(20)]),
                opening: rng.next_u64(),
                repetition: ending.is_none() && rng.below(2) == 0,
                trace: (0..rng.below(4))
                    .map(|_| game_study::Ply {
                        eval: (rng.below(3) > 0).then(|| rng.below(20_001) as i32 - 10_000),
                        moves: rng.below(200),
                        pieces: [rng.below(30), rng.below(30)],
                        seen: rng.below(3),
                    })
                    .collect(),
            };
            // Mostly rows the reader takes: where points decide, the winner they give (no
            // draws are added, so every seed file stays what it was elsewhere).
            let row = GameRow {
                winner: consistent_winner(&row),
                ..row
            };
            text.push_str(&row.to_string());
            text.push('\n');
            last = Some(row);
        }
        // And the two lies the reader refuses: a truncated key, a winner against the points.
        if let Some(row) = last {
            let written = row.to_string();
            text.push_str(&written[..written.len() - 3]);
            text.push('\n');
            let flipped = GameRow {
                winner: Some(row.winner.map_or(Side::First, |w| !w)),
                ..row
            };
            text.push_str(&flipped.to_string());
            text.push('\n');
        }
        let presets = G::Rules::PRESETS;
        let mut variant = presets[rng.below(presets.len() as u32) as usize]
            .name
            .to_owned();
        for _ in 0..rng.below(3) {
            let switches = G::Rules::SWITCHES;
            if !switches.is_empty() {
                variant.push('+');
                variant.push_str(switches[rng.below(switches.len() as u32) as usize].name);
            }
        }
        text.push_str(&variant);
        text.push('\n');
        let mut bytes = vec![game];
        bytes.extend_from_slice(text.as_bytes());
        out.push(SeedFile {
            target: "study_rows",
            name: format!("{}-{i:03}", G::NAME),
            bytes,
        });
    }
}

/// The winner a row of a study may have: the points' where they decide (an ending decided by
/// points, or a game stopped before its end), else the row's own.
fn consistent_winner(row: &game_study::GameRow) -> Option<abstract_game::Side> {
    let by_points = row
        .ending
        .is_none_or(abstract_game::Ending::decided_by_points);
    match (by_points, row.scores) {
        (true, Some(points)) => {
            abstract_game::Outcome::by_scores(abstract_game::Scores(points)).winner
        }
        (true, None) if row.ending.is_none() => None,
        _ => row.winner,
    }
}

/// The seeds of one game.
fn game_seeds<G: FuzzGame>(rng: &mut Rng, game: u8, out: &mut Vec<SeedFile>) {
    let text: &'static str = TARGETS[usize::from(game)];
    let play: &'static str = TARGETS[4 + usize::from(game)];
    text_seeds::<G>(rng, text, out);
    play_seeds::<G>(rng, play, out);
    game_byte_seeds::<G>(rng, game, out);
    record_seeds::<G>(rng, out);
}

/// Seeds of `table_header`: well-formed headers of a few layers, and the same mangled.
fn table_header_seeds(rng: &mut Rng, out: &mut Vec<SeedFile>) {
    use game_solve::file::{LayerEntry, header_text};
    for n in 0..24u64 {
        let layers = 1 + rng.below(40) as usize;
        let mut entries = Vec::new();
        let mut offset = 0;
        for layer in 0..layers {
            if rng.below(3) == 0 {
                continue;
            }
            let size = 1 + u64::from(rng.below(5000));
            entries.push(LayerEntry {
                layer,
                len: 2 * u64::from(rng.below(100_000)),
                offset,
                size,
                crc: rng.next_u64() as u32,
            });
            offset += size;
        }
        let text = header_text("jarmo", "jasir-basic archers", 1, layers, &entries);
        let text = if n >= 12 { mangle(rng, &text) } else { text };
        out.push(SeedFile {
            target: "table_header",
            name: format!("header-{n}"),
            bytes: text.into_bytes(),
        });
    }
}

/// Seeds of `table_keys`: rising keys of a few sizes written as a table writes them (the count
/// first), and the same with a byte changed.
fn table_keys_seeds(rng: &mut Rng, out: &mut Vec<SeedFile>) {
    use game_solve::file::encode_keys;
    for n in 0..24u64 {
        let count = 1 + rng.below(60) as usize;
        let mut keys: Vec<u128> = (0..count)
            .map(|_| u128::from(rng.next_u64()) << rng.below(64) | u128::from(rng.below(1000)))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        let mut bytes = vec![keys.len() as u8];
        bytes.extend(encode_keys(&keys));
        if n >= 12 {
            let at = 1 + rng.below(bytes.len() as u32 - 1) as usize;
            bytes[at] ^= 1 << rng.below(8);
        }
        out.push(SeedFile {
            target: "table_keys",
            name: format!("keys-{n}"),
            bytes,
        });
    }
}

/// Every seed and dictionary, from `seed`.
pub fn generate(seed: u64) -> Corpus {
    let mut rng = Rng::seed_from_u64(seed);
    let mut seeds = Vec::new();
    game_seeds::<jarmo_core::Position>(&mut rng, 0, &mut seeds);
    game_seeds::<jetan_core::Position>(&mut rng, 1, &mut seeds);
    game_seeds::<jersi_core::Position>(&mut rng, 2, &mut seeds);
    game_seeds::<jericho_core::Position>(&mut rng, 3, &mut seeds);
    jersi_record_seeds(&mut rng, &mut seeds);
    study_row_seeds::<jarmo_core::Position>(&mut rng, 0, &mut seeds);
    study_row_seeds::<jetan_core::Position>(&mut rng, 1, &mut seeds);
    study_row_seeds::<jersi_core::Position>(&mut rng, 2, &mut seeds);
    study_row_seeds::<jericho_core::Position>(&mut rng, 3, &mut seeds);
    table_header_seeds(&mut rng, &mut seeds);
    table_keys_seeds(&mut rng, &mut seeds);
    Corpus {
        seeds,
        dictionaries: dictionaries(),
    }
}

/// A dictionary entry's value as libFuzzer reads it: `\\`, `\"` and `\xHH` escapes.
pub fn escape(value: &str) -> String {
    let mut out = String::new();
    for b in value.bytes() {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02X}")),
        }
    }
    out
}

/// The value of a dictionary line `name="value"`, unescaped; `None` for comments and blank
/// lines.
pub fn dictionary_entry(line: &str) -> Option<(&str, Vec<u8>)> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let (name, quoted) = line.split_once('=')?;
    let inner = quoted.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = Vec::new();
    let mut bytes = inner.bytes();
    while let Some(b) = bytes.next() {
        if b != b'\\' {
            out.push(b);
            continue;
        }
        match bytes.next()? {
            b'x' => {
                let hex = [bytes.next()?, bytes.next()?];
                out.push(u8::from_str_radix(core::str::from_utf8(&hex).ok()?, 16).ok()?);
            }
            other => out.push(other),
        }
    }
    Some((name, out))
}

/// Writes a dictionary: a comment line, then `name="value"` lines.
fn dictionary(about: &str, entries: &[(String, String)]) -> String {
    let mut out = format!(
        "# {about}\n# Written by crates/fuzz-support/examples/fuzz_corpus.rs; cell_, piece_ and \
         text_ entries are checked by crates/fuzz-support/tests/corpus.rs.\n"
    );
    for (name, value) in entries {
        out.push_str(&format!("{name}=\"{}\"\n", escape(value)));
    }
    out
}

fn words(prefix: &str, values: &[&str]) -> Vec<(String, String)> {
    values
        .iter()
        .enumerate()
        .map(|(i, v)| (format!("{prefix}_{i}"), (*v).to_owned()))
        .collect()
}

fn cells(names: impl IntoIterator<Item = String>) -> Vec<(String, String)> {
    names
        .into_iter()
        .map(|n| (format!("cell_{n}"), n))
        .collect()
}

fn start_texts<G: TextGame>() -> Vec<(String, String)> {
    G::Rules::PRESETS
        .iter()
        .map(|&abstract_game::Preset { name, rules, .. }| {
            (
                format!("text_{}", name.replace('-', "_")),
                G::new(rules).to_text(),
            )
        })
        .collect()
}

/// The dictionaries of `fuzz/dict/`.
pub fn dictionaries() -> Vec<(String, String)> {
    vec![
        jarmo_dictionary(),
        jetan_dictionary(),
        jersi_dictionary(),
        jericho_dictionary(),
        record_dictionary(),
        json_dictionary(),
    ]
}

/// A game's dictionary, `{game}.dict`, headed by `about`: its cells, its pieces, the
/// separators and words of its texts, and its presets' start texts.
fn game_dictionary<G: TextGame>(
    game: &str,
    about: &str,
    cell_names: impl IntoIterator<Item = String>,
    pieces: impl IntoIterator<Item = String>,
    separators: &[&str],
) -> (String, String) {
    let mut e = cells(cell_names);
    e.extend(pieces.into_iter().map(|p| (format!("piece_{p}"), p)));
    e.extend(words("sep", separators));
    e.extend(start_texts::<G>());
    (format!("{game}.dict"), dictionary(about, &e))
}

/// The letters of the pieces of each side and of each of `kinds`, side after side.
fn piece_letters<K: Copy>(
    kinds: &[K],
    letter: impl Fn(abstract_game::Side, K) -> char,
) -> Vec<String> {
    let mut out = Vec::new();
    for side in abstract_game::Side::BOTH {
        for &kind in kinds {
            out.push(letter(side, kind).to_string());
        }
    }
    out
}

/// Jarmo's dictionary: its file name and text.
fn jarmo_dictionary() -> (String, String) {
    use jarmo_core::{Hole, Position};
    game_dictionary::<Position>(
        "jarmo",
        "Jarmo position texts and moves",
        Hole::ALL.iter().map(|h| h.to_string()),
        ["b", "w", "B", "W"].map(str::to_owned),
        &[
            "/", " ", "|", "-", "x", "@", ":", "0/0", "1/0", "pass", "5", ":3",
        ],
    )
}

/// Jetan's dictionary: its file name and text.
fn jetan_dictionary() -> (String, String) {
    use jetan_core::{Kind, Piece, Position, Square};
    game_dictionary::<Position>(
        "jetan",
        "Jetan position texts and moves",
        Square::ALL.iter().map(|s| s.to_string()),
        piece_letters(&Kind::ALL, |side, kind| Piece::new(side, kind).char()),
        &[
            "/", " ", "|", "-", "x", "!", "b", "o", "Rr", "R", "r", "black", "orange", "draw",
            "10", "9",
        ],
    )
}

/// Jersi's dictionary: its file name and text.
fn jersi_dictionary() -> (String, String) {
    use jersi_core::{Cube, Kind, Position, Square};
    game_dictionary::<Position>(
        "jersi",
        "Jersi position texts, turns and two-column records",
        Square::ALL.iter().map(|s| s.to_string()),
        piece_letters(&Kind::ALL, |side, kind| Cube::new(side, kind).letter()),
        &[
            "/",
            " ",
            "|",
            "(",
            ")",
            "-",
            "=",
            "!",
            "!!",
            ":",
            "w",
            "b",
            "MMMMWW/mmmmww",
            "-/-",
            "40",
            "/K:",
            "/k:",
            "M:",
            "w:",
            "\n",
            "#",
        ],
    )
}

/// Jericho's dictionary: its file name and text.
fn jericho_dictionary() -> (String, String) {
    use jericho_core::{Piece, Position, Square};
    game_dictionary::<Position>(
        "jericho",
        "Jericho position texts and moves",
        Square::ALL.iter().map(|s| s.name().to_owned()),
        Piece::ALL.iter().map(|p| p.to_string()),
        &[
            " ", "|", "@", "pass", "*", "-", "S", "N", "=", "0/0", "0", "1", "2", "13",
        ],
    )
}

/// The records' dictionary: its file name and text.
fn record_dictionary() -> (String, String) {
    let mut e: Vec<(String, String)> = crate::GAME_NAMES
        .iter()
        .map(|g| (format!("game_{g}"), (*g).to_owned()))
        .collect();
    let mut presets = Vec::new();
    jgames_registry::for_each_game!(
        |G| presets.extend(<<G as Game>::Rules as abstract_game::GameRules>::preset_names())
    );
    let mut seen = Vec::new();
    for name in presets {
        if !seen.contains(&name) {
            seen.push(name);
            e.push((
                format!("variant_{}", name.replace('-', "_")),
                name.to_owned(),
            ));
        }
    }
    e.extend(words(
        "tag",
        &[
            "[Game \"",
            "[Variant \"",
            "[Position \"",
            "[Result \"",
            "[Event \"",
            "\"]\n",
            "\n\n",
            "{",
            "}",
            ";",
            "1. ",
            "1... ",
            "\\\"",
            "*",
            "draw",
            "black",
            "white",
            "orange",
            "south",
            "north",
            " 6-3",
        ],
    ));
    (
        "record.dict".to_owned(),
        dictionary("Game records of every game", &e),
    )
}

/// The serde forms' dictionary: its file name and text.
fn json_dictionary() -> (String, String) {
    let e = words(
        "json",
        &[
            "{\"rules\":",
            ",\"position\":\"",
            "\"}",
            "null",
            "true",
            "false",
            "\"First\"",
            "\"Second\"",
            "{\"Step\":{\"from\":",
            ",\"to\":",
            ",\"return_to\":",
            "{\"Drop\":",
            "\"Pass\"",
            "{\"Cube\":{\"from\":",
            ",\"stack_to\":",
            ",\"relocate\":",
            "{\"Stack\":{\"from\":",
            ",\"cube_to\":",
            "{\"Drop\":{\"first\":{\"kind\":",
            ",\"second\":",
            "{\"Place\":{\"piece\":",
            ",\"square\":",
            ",\"escape\":",
            "\"direction\":",
            "\"return_rule\":",
            "\"goal_row_capture_restriction\":",
            "\"blocked\":",
            "\"no_shuttling\":",
            "\"first_player\":",
            "\"revisit\":",
            "\"countdown\":",
            "\"unequal_wins\":",
            "\"first\":",
            "\"reserve\":",
            "\"no_capture_limit\":",
            "\"asymmetry\":",
            "\"identity\":",
            "\"equal_prefix\":",
            "\"Jasir\"",
            "\"Reserve\"",
            "\"None\"",
            "\"Loses\"",
            "\"OtherTerritory\"",
            "\"Off\"",
            "\"SizesOnly\"",
            "\"Tie\"",
            "\"Mountain\"",
            "\"Wise\"",
            "\"King\"",
            "\"Princess\"",
            "{\"side\":",
            "\"kind\":",
            "{\"mountains\":",
            "\"wise\":",
            "65535",
            "4294967295",
            "-1",
            "1e3",
        ],
    );
    (
        "json.dict".to_owned(),
        dictionary("The serde forms of every game", &e),
    )
}
