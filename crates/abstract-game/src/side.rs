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

impl Outcome {
    /// This outcome in words, with the game's side names (see
    /// [`Game::SIDE_NAMES`](crate::Game::SIDE_NAMES)): `Black wins`, `White wins 6-3` (the
    /// winner's points first), `draw` or `draw 4-4`.
    pub const fn named(self, names: [&'static str; 2]) -> OutcomeText {
        OutcomeText {
            outcome: self,
            names,
        }
    }
}

/// An [`Outcome`] with the side names to write it, from [`Outcome::named`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutcomeText {
    outcome: Outcome,
    names: [&'static str; 2],
}

impl fmt::Display for OutcomeText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let winner = self.outcome.winner;
        match winner {
            Some(side) => write!(f, "{} wins", self.names[side.index()])?,
            None => f.write_str("draw")?,
        }
        if let Some(Scores(points)) = self.outcome.scores {
            let lead = winner.unwrap_or(Side::First).index();
            write!(f, " {}-{}", points[lead], points[1 - lead])?;
        }
        Ok(())
    }
}

/// One value for each side, indexed by [`Side`].
///
/// ```
/// use abstract_game::{BySide, Side};
/// let mut reserve = BySide::new(3, 5);
/// reserve[Side::Second] -= 1;
/// assert_eq!(reserve, BySide::new(3, 4));
/// assert_eq!(reserve.map(|n| n * 2)[Side::First], 6);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BySide<T>(pub [T; 2]);

impl<T> BySide<T> {
    /// The values of the first and the second side.
    pub const fn new(first: T, second: T) -> BySide<T> {
        BySide([first, second])
    }

    /// The value of each side computed from the side.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide([f(Side::First), f(Side::Second)])
    }

    /// Each value transformed by `f`.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> BySide<U> {
        BySide(self.0.map(f))
    }

    /// The sides with their values, the first side first.
    pub fn iter(&self) -> impl Iterator<Item = (Side, &T)> {
        Side::BOTH.into_iter().zip(self.0.iter())
    }
}

impl<T: Copy> BySide<T> {
    /// The value of `side` (a `const` form of indexing).
    #[inline]
    pub const fn get(&self, side: Side) -> T {
        self.0[side.index()]
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
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

    #[test]
    fn outcomes_read_with_the_side_names() {
        let names = ["Black", "White"];
        assert_eq!(
            Outcome::win(Side::First).named(names).to_string(),
            "Black wins"
        );
        assert_eq!(Outcome::DRAW.named(names).to_string(), "draw");
        let white = Outcome::by_scores(Scores::new(3, 6));
        assert_eq!(white.named(names).to_string(), "White wins 6-3");
        let black = Outcome::by_scores(Scores::new(5, 2));
        assert_eq!(black.named(names).to_string(), "Black wins 5-2");
        let even = Outcome::by_scores(Scores::new(4, 4));
        assert_eq!(even.named(names).to_string(), "draw 4-4");
    }

    #[test]
    fn by_side_indexes_by_side() {
        let mut b = BySide::from_fn(|s| s.index() * 10);
        assert_eq!(b[Side::Second], 10);
        b[Side::First] = 7;
        assert_eq!(b.get(Side::First), 7);
        let pairs: Vec<_> = b.iter().map(|(s, &v)| (s, v)).collect();
        assert_eq!(pairs, [(Side::First, 7), (Side::Second, 10)]);
    }
}
