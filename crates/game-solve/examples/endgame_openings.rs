//! Openings for measuring what endgame tables are worth: positions where engine games come
//! near the tables.
//!
//! Engine games of the Jarmo presets seldom reach the endgames a table of this machine holds
//! (material at most 4 or 5), so a match from the start says little about the tables. This
//! plays `alphabeta` at 1000 nodes against itself from random two-ply openings (seeded), and
//! prints the first position of each game whose material is at most `material` and where the
//! game goes on (each position once): one position text a line, for
//! `jgames match --openings FILE`.
//!
//! ```sh
//! cargo run --release -p game-solve --example endgame_openings -- jarmo 5 100 > openings.txt
//! ```

use abstract_game::playout::Rng;
use abstract_game::{Game, GameRules, TextGame};
use game_search::{Budget, EngineSpec};
use jarmo_core::{JarmoEndgames, Position, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [preset, material, count] = &args[..] else {
        eprintln!("usage: endgame_openings PRESET MATERIAL COUNT");
        std::process::exit(2);
    };
    let (Some(rules), Ok(material), Ok(count)) = (
        Rules::preset(preset),
        material.parse::<u32>(),
        count.parse::<usize>(),
    ) else {
        eprintln!("endgame_openings: a Jarmo preset, a material and a count");
        std::process::exit(2);
    };
    let spec: EngineSpec = "alphabeta".parse().expect("a spec");
    let mut seen = std::collections::HashSet::new();
    for game in 0u64.. {
        if seen.len() == count {
            break;
        }
        let mut rng = Rng::seed_from_u64(game);
        let mut engine = spec.build::<Position>();
        let mut pos = Position::new(rules);
        for _ in 0..2 {
            if let Some(mv) = pos.random_move(&mut rng) {
                pos.play_unchecked(mv);
            }
        }
        for _ in 0..400 {
            if pos.outcome().is_some() {
                break;
            }
            if JarmoEndgames::material_of(&pos) <= material {
                if seen.insert(pos.to_text()) {
                    println!("{}", pos.to_text());
                }
                break;
            }
            let Some((mv, _)) = engine.choose(&pos, &Budget::nodes(1000)) else {
                break;
            };
            pos.play_unchecked(mv);
        }
    }
}
