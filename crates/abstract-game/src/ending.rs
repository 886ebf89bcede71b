//! Which rule ended a game: a finished position's [`Ending`], for statistics over many games.
//!
//! An [`Outcome`](crate::Outcome) says who won; an ending says why. A study of a game counts
//! how often each rule decides (a capture, an arrival, a draw rule), which the outcome alone
//! cannot tell apart. Each game names its endings as constants and lists them all in
//! [`Game::ENDINGS`](crate::Game::ENDINGS), so a table of counts can show the rules that never
//! fired too.

use core::fmt;

/// The rule that ended a game: a short name for tables and files (`"king-arrival"`) and a few
/// words for people (`"a King reached the far row"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ending {
    name: &'static str,
    about: &'static str,
    by_points: bool,
}

impl Ending {
    /// A win the game does not explain further: the default of games without named endings.
    pub const WIN: Ending = Ending::new("win", "a side won");

    /// A draw the game does not explain further.
    pub const DRAW: Ending = Ending::new("draw", "drawn");

    /// An ending called `name` (lower case words joined by `-`), described by `about`.
    pub const fn new(name: &'static str, about: &'static str) -> Ending {
        Ending {
            name,
            about,
            by_points: false,
        }
    }

    /// An ending after which the points decide the game: the side with more points wins and
    /// equal points draw (Jarmo's arrival and passes). Tools that read results back, such as
    /// the studies' row files, use it to refuse a winner the points contradict.
    pub const fn by_points(name: &'static str, about: &'static str) -> Ending {
        Ending {
            name,
            about,
            by_points: true,
        }
    }

    /// The short name: lower case words joined by `-`.
    pub const fn name(self) -> &'static str {
        self.name
    }

    /// A few words saying what happened.
    pub const fn about(self) -> &'static str {
        self.about
    }

    /// Whether the points decide the game after this ending ([`Ending::by_points`]).
    pub const fn decided_by_points(self) -> bool {
        self.by_points
    }
}

impl fmt::Display for Ending {
    /// Writes the short name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ending_shows_its_name() {
        let e = Ending::new("king-arrival", "a King reached the far row");
        assert_eq!(e.to_string(), "king-arrival");
        assert_eq!(e.about(), "a King reached the far row");
        assert_ne!(Ending::WIN, Ending::DRAW);
        assert!(!e.decided_by_points());
        assert!(Ending::by_points("passes", "both passed").decided_by_points());
    }
}
