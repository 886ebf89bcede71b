//! Times random playouts from the start, one thread:
//! `cargo run --release -p jersi-core --example jersi_playouts -- [games] [no-drop] [list]`.
//!
//! Game `i` is played with the seed `game_seed(1, i)` to its end or 1,000 plies by
//! `Game::playout` (the rejection-sampling draw of `src/sample.rs`). With `list`, by the loop
//! that builds every legal list and picks from it, as the trait's default `Game::random_move`
//! does: the same distribution of games, by other random numbers. Prints games per second,
//! nanoseconds per ply, the mean length (with its standard error) and the results.

use std::time::Instant;

use abstract_game::playout::{PlayoutResult, PlayoutStats, Rng, game_seed, playout_by};
use jersi_core::{Game, GameRules, MoveList, Position, Rules};

/// The generic playout loop with the list draw.
fn list_playout(start: &Position, rng: &mut Rng, max_plies: u32) -> PlayoutResult {
    let mut moves = MoveList::new();
    playout_by(start, rng, max_plies, |pos, rng| {
        pos.legal_moves(&mut moves);
        (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u32) as usize])
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|g| g.parse().ok()).unwrap_or(20_000);
    let preset = if args.iter().any(|a| a == "no-drop") {
        "no-drop"
    } else {
        "standard"
    };
    let list = args.iter().any(|a| a == "list");
    let start = Position::new(Rules::preset(preset).expect("a preset"));
    let mut stats = PlayoutStats::default();
    let mut squares = 0.0;
    let t = Instant::now();
    for i in 0..games {
        let mut rng = Rng::seed_from_u64(game_seed(1, i));
        let result = if list {
            list_playout(&start, &mut rng, 1000)
        } else {
            start.playout(&mut rng, 1000)
        };
        squares += f64::from(result.plies).powi(2);
        stats.record(result);
    }
    let secs = t.elapsed().as_secs_f64();
    let mean = stats.mean_plies();
    let error = ((squares / games as f64 - mean * mean) / games as f64).sqrt();
    println!(
        "{preset} ({}): {games} games in {secs:.3} s: {:.0} games/s, {:.1} ns/ply; mean {mean:.2} \
         ± {error:.2} plies (max {}); White {} Black {} draws {} capped {}",
        if list { "list draw" } else { "playout" },
        games as f64 / secs,
        secs * 1e9 / stats.total_plies as f64,
        stats.max_plies,
        stats.wins[0],
        stats.wins[1],
        stats.draws,
        stats.capped,
    );
}
