//! Sides, scores and outcomes.

use core::fmt;
use core::ops::{Index, IndexMut, Not};

/// One of the two players.
///
/// Each game gives the two sides its own names (Black and White, South and North, ...) through
/// [`Game::SIDE_NAMES`](crate::Game::SIDE_NAMES). `First` is the side listed first by the game,
/// which is not necessarily the side that moves first when the game makes that an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The side the game lists first.
    First,
    /// The side the game lists second.
    Second,
}

impl Side {
    /// Both sides, `First` then `Second`.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// 0 for `First`, 1 for `Second`: handy for indexing arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side with the given index (0 or 1); any odd number gives `Second`.
    #[inline]
    pub const fn from_index(index: usize) -> Side {
        if index & 1 == 0 {
            Side::First
        } else {
            Side::Second
        }
    }

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        self.opponent()
    }
}

/// The final score of each side, for games that count points (Jarmo).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Scores(pub [u32; 2]);

impl Scores {
    /// Scores from the first and the second side's points.
    pub const fn new(first: u32, second: u32) -> Scores {
        Scores([first, second])
    }

    /// The side with more points, or `None` on equal scores.
    pub const fn leader(self) -> Option<Side> {
        if self.0[0] > self.0[1] {
            Some(Side::First)
        } else if self.0[1] > self.0[0] {
            Some(Side::Second)
        } else {
            None
        }
    }
}

impl Index<Side> for Scores {
    type Output = u32;
    fn index(&self, side: Side) -> &u32 {
        &self.0[side.index()]
    }
}

impl IndexMut<Side> for Scores {
    fn index_mut(&mut self, side: Side) -> &mut u32 {
        &mut self.0[side.index()]
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// The points of each side, for games that score.
    pub scores: Option<Scores>,
}

impl Outcome {
    /// A win for `side`, without scores.
    pub const fn win(side: Side) -> Outcome {
        Outcome {
            winner: Some(side),
            scores: None,
        }
    }

    /// A draw, without scores.
    pub const DRAW: Outcome = Outcome {
        winner: None,
        scores: None,
    };

    /// The outcome decided by the scores: the leader wins, equal scores draw.
    pub const fn by_scores(scores: Scores) -> Outcome {
        Outcome {
            winner: scores.leader(),
            scores: Some(scores),
        }
    }

    /// Whether the game was drawn.
    pub const fn is_draw(self) -> bool {
        self.winner.is_none()
    }
}

impl fmt::Display for Outcome {
    /// Writes `first wins`, `second wins` or `draw`, with ` (a-b)` scores when present.
    /// Use the game's [`SIDE_NAMES`](crate::Game::SIDE_NAMES) for nicer text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(Side::First) => f.write_str("first wins")?,
            Some(Side::Second) => f.write_str("second wins")?,
            None => f.write_str("draw")?,
        }
        if let Some(s) = self.scores {
            write!(f, " ({}-{})", s.0[0], s.0[1])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_alternate_and_index() {
        assert_eq!(!Side::First, Side::Second);
        assert_eq!(!!Side::Second, Side::Second);
        assert_eq!(Side::from_index(Side::Second.index()), Side::Second);
    }

    #[test]
    fn scores_decide_the_outcome() {
        assert_eq!(
            Outcome::by_scores(Scores::new(3, 5)).winner,
            Some(Side::Second)
        );
        assert!(Outcome::by_scores(Scores::new(4, 4)).is_draw());
        assert_eq!(
            Outcome::by_scores(Scores::new(4, 1)).to_string(),
            "first wins (4-1)"
        );
    }
}
