//! A chess clock for each engine: a base time that each move's thinking uses up, and an
//! increment added back after every move. It lives apart from the loop because it is the one
//! part of a game that depends on the wall clock, so the only part whose games do not repeat.

use std::time::Duration;

/// A time control `base + increment` in milliseconds, the same for both engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Each engine's time at the start of a game.
    pub base_ms: u64,
    /// The time added to an engine's clock after each of its moves.
    pub increment_ms: u64,
}

impl Clock {
    /// The time to think about the next move with `left_ms` on the clock
    /// ([`game_search::clock_allotment`]).
    pub fn allotment(self, left_ms: u64) -> Duration {
        Duration::from_millis(game_search::clock_allotment(left_ms, self.increment_ms))
    }

    /// The time left after a move that took `spent_ms` with `left_ms` on the clock, the
    /// increment added; `None` when the move took longer than the time left (a loss on time).
    pub fn after_move(self, left_ms: u64, spent_ms: u64) -> Option<u64> {
        (spent_ms <= left_ms).then(|| left_ms - spent_ms + self.increment_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_uses_up_its_time_and_earns_the_increment() {
        let clock = Clock {
            base_ms: 10_000,
            increment_ms: 100,
        };
        assert_eq!(clock.after_move(10_000, 400), Some(9_700));
        assert_eq!(clock.after_move(300, 300), Some(100));
        assert_eq!(clock.after_move(300, 301), None);
    }

    #[test]
    fn the_allotment_is_a_share_of_the_time_left() {
        let clock = Clock {
            base_ms: 30_000,
            increment_ms: 100,
        };
        assert_eq!(clock.allotment(30_000), Duration::from_millis(1_080));
        assert!(clock.allotment(50) < Duration::from_millis(50));
    }
}
