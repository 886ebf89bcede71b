//! The uniform random player.

use crate::engine::Instant;

use abstract_game::Game;
use abstract_game::playout::Rng;

use crate::{Budget, Engine, Found, SearchInfo, Watch};

/// Plays a legal move drawn uniformly at random ([`Game::random_move`]), from a seeded stream:
/// the same seed gives the same moves in the same positions.
#[derive(Clone, Debug)]
pub struct Random {
    seed: u64,
    rng: Rng,
}

impl Random {
    /// A random player whose moves are determined by `seed`.
    pub const fn new(seed: u64) -> Random {
        Random {
            seed,
            rng: Rng::seed_from_u64(seed),
        }
    }

    /// The seed it was made with.
    pub const fn seed(&self) -> u64 {
        self.seed
    }
}

impl Default for Random {
    /// Seed 0.
    fn default() -> Random {
        Random::new(0)
    }
}

impl<G: Game> Engine<G> for Random {
    fn name(&self) -> String {
        crate::EngineSpec::Random(crate::RandomOptions { seed: self.seed }).to_string()
    }

    fn new_game(&mut self) {}

    fn search(&mut self, pos: &G, _budget: &Budget, watch: Watch<'_, G>) -> Found<G> {
        let _ = watch;
        let start = Instant::now();
        if pos.is_over() {
            return None;
        }
        let mv = pos.random_move(&mut self.rng)?;
        let info = SearchInfo {
            pv: vec![mv],
            elapsed: start.elapsed(),
            ..SearchInfo::empty()
        };
        Some((mv, info))
    }
}
