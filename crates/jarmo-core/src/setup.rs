//! The raw, unchecked position that parsing produces, and its validation.

use abstract_game::Side;

use crate::board::{ALL_HOLES, GRAPH, Holes};
use crate::position::{Position, Shuttle};
use crate::rules::{Blocked, ReturnRule, Rules};

/// Every fact of a position, unchecked. Parse one from text with
/// [`Setup::from_text`](crate::Setup::from_text) or take one from a [`Position`], change it
/// freely, then [`validate`](Setup::validate) it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Archers of Black ([`Side::First`]) and White.
    pub archers: [Holes; 2],
    /// Holes holding a marked archer.
    pub marked: Holes,
    /// Archers that may come back, by side: the captured pool (seed rule) or the reserve.
    pub pool: [u8; 2],
    /// Unspent return credits by side (seed rule only).
    pub credits: [u8; 2],
    /// The side to move.
    pub to_move: Side,
    /// Passes made in succession just before this position (0 to 2).
    pub passes: u8,
    /// No-shuttling records by side (all zero when the rule is off).
    pub shuttle: [Shuttle; 2],
}

impl Default for Setup {
    /// An empty board, Black to move, nothing pending.
    fn default() -> Setup {
        Setup {
            archers: [Holes::EMPTY; 2],
            marked: Holes::EMPTY,
            pool: [0; 2],
            credits: [0; 2],
            to_move: Side::First,
            passes: 0,
            shuttle: [Shuttle::default(); 2],
        }
    }
}

/// Why a [`Setup`] is not a legal position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A set of holes has a bit that names no hole (bits 25 to 31).
    #[error("{what} has bits outside the 25 holes: {bits:#x}")]
    OffBoard {
        /// Which set: Black's archers, White's archers or the marks.
        what: &'static str,
        /// The stray bits.
        bits: u32,
    },
    /// A hole holds archers of both sides.
    #[error("hole {hole} holds archers of both sides")]
    BothSides {
        /// The hole.
        hole: crate::Hole,
    },
    /// A hole is marked but holds no archer.
    #[error("hole {hole} is marked but empty")]
    MarkedEmptyHole {
        /// The hole.
        hole: crate::Hole,
    },
    /// A side has more than 5 archers on the board and in its pool together.
    #[error("{side} has {count} archers on the board and in its pool; at most 5")]
    TooManyArchers {
        /// Black or White.
        side: &'static str,
        /// How many.
        count: u32,
    },
    /// A pool holds archers although captured archers never return under these rules.
    #[error("{side} has archers waiting to return, but the return rule is None")]
    PoolWithoutReturns {
        /// Black or White.
        side: &'static str,
    },
    /// Credits exist under a return rule other than `Seed`.
    #[error("{side} has return credits, which only the Seed return rule has")]
    CreditsWithoutSeedRule {
        /// Black or White.
        side: &'static str,
    },
    /// More than 2 passes in succession.
    #[error("{passes} passes in succession; at most 2")]
    TooManyPasses {
        /// The count given.
        passes: u8,
    },
    /// Passes are given although a blocked side loses (nobody ever passes).
    #[error("{passes} passes in succession, but under these rules a blocked side loses")]
    PassesWithoutPassRule {
        /// The count given.
        passes: u8,
    },
    /// A no-shuttling record is not a line of the board or counts more than 3.
    #[error("the no-shuttling record of {side} is not a line of the board with a count of 1 to 3")]
    BadShuttleRecord {
        /// Black or White.
        side: &'static str,
    },
    /// A no-shuttling record is given although the rule is off.
    #[error("the no-shuttling record of {side} is given, but the rule is off")]
    ShuttleWithoutRule {
        /// Black or White.
        side: &'static str,
    },
}

pub(crate) const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "Black",
        Side::Second => "White",
    }
}

impl Setup {
    /// The setup of `pos`.
    pub fn from_position(pos: &Position) -> Setup {
        Setup {
            archers: pos.archers,
            marked: pos.marked,
            pool: pos.pool,
            credits: pos.credits,
            to_move: pos.to_move,
            passes: pos.passes,
            shuttle: pos.shuttle,
        }
    }

    /// Checks every invariant and builds the position under `rules`.
    pub fn validate(self, rules: Rules) -> Result<Position, SetupError> {
        let [black, white] = self.archers;
        for (what, set) in [
            ("Black's archers", black),
            ("White's archers", white),
            ("the marks", self.marked),
        ] {
            let stray = set.minus(ALL_HOLES);
            if !stray.is_empty() {
                return Err(SetupError::OffBoard {
                    what,
                    bits: stray.0,
                });
            }
        }
        if let Some(i) = black.intersect(white).first() {
            return Err(SetupError::BothSides { hole: hole(i) });
        }
        if let Some(i) = self.marked.minus(black | white).first() {
            return Err(SetupError::MarkedEmptyHole { hole: hole(i) });
        }
        for side in Side::BOTH {
            let s = side.index();
            let name = side_name(side);
            let count = self.archers[s].count() + u32::from(self.pool[s]);
            if count > 5 {
                return Err(SetupError::TooManyArchers { side: name, count });
            }
            if self.pool[s] > 0 && rules.return_rule == ReturnRule::None {
                return Err(SetupError::PoolWithoutReturns { side: name });
            }
            if self.credits[s] > 0 && rules.return_rule != ReturnRule::Seed {
                return Err(SetupError::CreditsWithoutSeedRule { side: name });
            }
            let record = self.shuttle[s];
            if record.count > 0 {
                if !rules.no_shuttling {
                    return Err(SetupError::ShuttleWithoutRule { side: name });
                }
                let on_board = record.from < 25 && record.to < 25;
                if !on_board
                    || record.count > 3
                    || !GRAPH.are_adjacent(record.from.into(), record.to.into())
                {
                    return Err(SetupError::BadShuttleRecord { side: name });
                }
            } else if record != Shuttle::default() {
                return Err(SetupError::BadShuttleRecord { side: name });
            }
        }
        if self.passes > 2 {
            return Err(SetupError::TooManyPasses {
                passes: self.passes,
            });
        }
        if self.passes > 0 && rules.blocked == Blocked::Loses {
            return Err(SetupError::PassesWithoutPassRule {
                passes: self.passes,
            });
        }
        let mut pos = Position {
            rules,
            archers: self.archers,
            marked: self.marked,
            pool: self.pool,
            credits: self.credits,
            to_move: self.to_move,
            passes: self.passes,
            shuttle: self.shuttle,
            outcome: None,
            hash: 0,
        };
        pos.finish_setup();
        Ok(pos)
    }
}

fn hole(i: u32) -> crate::Hole {
    crate::Hole::new(i as u8).unwrap_or_else(|| unreachable!("bitboards hold holes below 25"))
}
