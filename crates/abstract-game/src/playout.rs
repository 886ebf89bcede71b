//! Seeded random playouts.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::{Game, Outcome, Side};

/// A small, fast, seedable pseudo-random generator (xoshiro256++ seeded by SplitMix64).
///
/// Deterministic across platforms: the same seed gives the same sequence everywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: [u64; 4],
}

/// One SplitMix64 step: advances `state` and returns a well-mixed output.
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// A generator whose whole sequence is determined by `seed`.
    pub const fn seed_from_u64(seed: u64) -> Rng {
        let mut s = seed;
        Rng {
            state: [
                splitmix64(&mut s),
                splitmix64(&mut s),
                splitmix64(&mut s),
                splitmix64(&mut s),
            ],
        }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.state;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform number in `0..bound`; `bound` must not be 0.
    #[inline]
    pub fn below(&mut self, bound: u32) -> u32 {
        debug_assert!(bound > 0);
        // Lemire's multiply-and-reject: exact uniformity without division in the common case.
        let bound64 = u64::from(bound);
        let mut m = u64::from(self.next_u64() as u32) * bound64;
        if (m as u32) < bound {
            let threshold = bound.wrapping_neg() % bound;
            while (m as u32) < threshold {
                m = u64::from(self.next_u64() as u32) * bound64;
            }
        }
        (m >> 32) as u32
    }
}

/// The end of one random game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Moves played.
    pub plies: u32,
    /// How the game ended, or `None` when the ply cap stopped it first.
    pub outcome: Option<Outcome>,
}

/// The generic playout loop behind [`Game::playout`]: [`Game::random_move`] and
/// [`Game::play_unchecked`] until the end or the cap.
pub fn playout_loop<G: Game>(start: &G, rng: &mut Rng, max_plies: u32) -> PlayoutResult {
    playout_by(start, rng, max_plies, G::random_move)
}

/// A playout whose moves `draw` picks (from the position and the random stream): the moves
/// are played with [`Game::play_unchecked`] until the end or the cap. A draw that finds no
/// move in a game not over ends the playout as capped, rather than looping.
#[inline]
pub fn playout_by<G: Game>(
    start: &G,
    rng: &mut Rng,
    max_plies: u32,
    mut draw: impl FnMut(&G, &mut Rng) -> Option<G::Move>,
) -> PlayoutResult {
    let mut pos = start.clone();
    let mut plies = 0;
    loop {
        if let Some(outcome) = pos.outcome() {
            return PlayoutResult {
                plies,
                outcome: Some(outcome),
            };
        }
        if plies >= max_plies {
            return PlayoutResult {
                plies,
                outcome: None,
            };
        }
        let Some(mv) = draw(&pos, rng) else {
            // A well-behaved game reports an outcome when nobody can move; treat a dead end
            // without one as capped rather than looping.
            return PlayoutResult {
                plies,
                outcome: None,
            };
        };
        pos.play_unchecked(mv);
        plies += 1;
    }
}

/// Totals over many random games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Games played.
    pub games: u64,
    /// Moves played over all games.
    pub total_plies: u64,
    /// The longest game, in moves.
    pub max_plies: u32,
    /// Wins of [`Side::First`] and [`Side::Second`].
    pub wins: [u64; 2],
    /// Finished games without a winner.
    pub draws: u64,
    /// Games stopped by the ply cap.
    pub capped: u64,
}

impl PlayoutStats {
    /// Adds one game.
    pub fn record(&mut self, result: PlayoutResult) {
        self.games += 1;
        self.total_plies += u64::from(result.plies);
        self.max_plies = self.max_plies.max(result.plies);
        match result.outcome {
            Some(Outcome {
                winner: Some(side), ..
            }) => self.wins[side.index()] += 1,
            Some(_) => self.draws += 1,
            None => self.capped += 1,
        }
    }

    /// Adds another set of totals.
    pub fn merge(&mut self, other: &PlayoutStats) {
        self.games += other.games;
        self.total_plies += other.total_plies;
        self.max_plies = self.max_plies.max(other.max_plies);
        self.wins[0] += other.wins[0];
        self.wins[1] += other.wins[1];
        self.draws += other.draws;
        self.capped += other.capped;
    }

    /// Mean moves per game (0 with no games).
    pub fn mean_plies(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.total_plies as f64 / self.games as f64
        }
    }

    /// Wins of `side`.
    pub fn wins_of(&self, side: Side) -> u64 {
        self.wins[side.index()]
    }
}

/// The seed of game number `index` in a batch seeded by `seed`: every game has its own stream,
/// so the totals do not depend on the number of threads.
pub const fn game_seed(seed: u64, index: u64) -> u64 {
    let mut s = seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
    splitmix64(&mut s)
}

/// Runs `work` on `workers` threads at once (at least one) and returns when all are done. One
/// worker is the calling thread: no thread is spawned then, so none is left winding down when
/// the call returns (libFuzzer's leak check, run between inputs, would take the handle such a
/// thread frees last for a leak).
pub(crate) fn run_workers(workers: usize, work: impl Fn() + Sync) {
    if workers <= 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(&work);
            }
        });
    }
}

/// Plays `games` random games from `start` over `threads` threads (at least one; one is the
/// calling thread). `progress(done, total)` is called from time to time. Game number `i` is
/// played with [`game_seed(seed, i)`](game_seed), whatever the number of threads.
pub fn playouts<G: Game>(
    start: &G,
    games: u64,
    seed: u64,
    max_plies: u32,
    threads: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> PlayoutStats {
    let never = AtomicBool::new(false);
    playouts_until(start, games, seed, max_plies, threads, &never, progress)
}

/// [`playouts`] that stops early once `stop` is set: the games of the batches already started
/// are finished and counted ([`PlayoutStats::games`] says how many were played).
pub fn playouts_until<G: Game>(
    start: &G,
    games: u64,
    seed: u64,
    max_plies: u32,
    threads: usize,
    stop: &AtomicBool,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> PlayoutStats {
    const CHUNK: u64 = 1024;
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let total = Mutex::new(PlayoutStats::default());
    let work = || {
        let mut local = PlayoutStats::default();
        loop {
            let first = next.fetch_add(CHUNK, Ordering::Relaxed);
            if first >= games || stop.load(Ordering::Relaxed) {
                break;
            }
            let last = (first + CHUNK).min(games);
            for index in first..last {
                let mut rng = Rng::seed_from_u64(game_seed(seed, index));
                local.record(start.playout(&mut rng, max_plies));
            }
            progress(
                done.fetch_add(last - first, Ordering::Relaxed) + last - first,
                games,
            );
        }
        total
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .merge(&local);
    };
    run_workers(threads, work);
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// The position reached from the start of `rules` by `plies` uniformly random moves drawn
/// with `seed` (fewer if the game ends first): a quick way to many different positions, for
/// tests, fuzzing and benchmarks.
pub fn random_position<G: Game>(rules: G::Rules, seed: u64, plies: u32) -> G {
    let mut pos = G::new(rules);
    let mut rng = Rng::seed_from_u64(seed);
    for _ in 0..plies {
        match pos.random_move(&mut rng) {
            Some(mv) => pos.play_unchecked(mv),
            None => break,
        }
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let mut a = Rng::seed_from_u64(42);
        let mut b = Rng::seed_from_u64(42);
        let mut c = Rng::seed_from_u64(43);
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        let zs: Vec<u64> = (0..8).map(|_| c.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::seed_from_u64(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let x = rng.below(7);
            assert!(x < 7);
            seen[x as usize] += 1;
        }
        // Each bucket expects 1000; a fair generator stays well inside these bounds.
        assert!(seen.iter().all(|&n| (850..1150).contains(&n)), "{seen:?}");
    }
}
