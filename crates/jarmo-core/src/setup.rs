//! The raw, unchecked position that parsing produces, and its validation.

use abstract_game::{BySide, Game, Side};

use crate::board::{ALL_HOLES, GRAPH, Hole, Holes};
use crate::position::{Position, Shuttle};
use crate::rules::{Blocked, ReturnRule, Rules};

/// Every fact of a position, unchecked: what the position text holds.
///
/// Parse one from text with [`str::parse`] (which checks the syntax only), take one from a
/// position with [`TextGame::to_setup`](abstract_game::TextGame::to_setup), change it freely,
/// then validate it into a position with
/// [`TextGame::from_setup`](abstract_game::TextGame::from_setup). Its `Display` is the
/// position text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Archers of Black ([`Side::First`]) and White.
    pub archers: BySide<Holes>,
    /// Holes holding a marked archer.
    pub marked: Holes,
    /// Archers that may come back, by side: the captured pool (seed rule) or the reserve.
    pub pool: BySide<u8>,
    /// Unspent return credits by side (seed rule only).
    pub credits: BySide<u8>,
    /// The side to move.
    pub to_move: Side,
    /// Passes made in succession just before this position (0 to 2).
    pub passes: u8,
    /// No-shuttling records by side (none when the rule is off).
    pub shuttle: BySide<Shuttle>,
}

impl Default for Setup {
    /// The empty board: no archers, no marks, nothing waiting to return, no credits, Black
    /// ([`Side::First`]) to move, no passes and no no-shuttling records.
    fn default() -> Setup {
        Setup {
            archers: BySide::new(Holes::EMPTY, Holes::EMPTY),
            marked: Holes::EMPTY,
            pool: BySide::new(0, 0),
            credits: BySide::new(0, 0),
            to_move: Side::First,
            passes: 0,
            shuttle: BySide::new(Shuttle::NONE, Shuttle::NONE),
        }
    }
}

impl Setup {
    /// Whose archer stands on `hole`, if any (Black first when a setup puts both there).
    pub const fn at(&self, hole: Hole) -> Option<Side> {
        if self.archers.0[0].contains(hole) {
            Some(Side::First)
        } else if self.archers.0[1].contains(hole) {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// Whether `hole` is marked.
    pub const fn is_marked(&self, hole: Hole) -> bool {
        self.marked.contains(hole)
    }
}

impl From<&Position> for Setup {
    /// The setup of a position, as [`TextGame::to_setup`](abstract_game::TextGame::to_setup).
    fn from(pos: &Position) -> Setup {
        Setup {
            archers: BySide(pos.archers.map(Holes::from_bitboard)),
            marked: Holes::from_bitboard(pos.marked),
            pool: BySide(pos.pool),
            credits: BySide(pos.credits),
            to_move: pos.to_move,
            passes: pos.passes,
            shuttle: BySide(pos.shuttle),
        }
    }
}

/// Why a [`Setup`] is not a legal position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A hole holds archers of both sides.
    #[error("hole {hole} holds archers of both sides")]
    BothSides {
        /// The hole.
        hole: Hole,
    },
    /// A hole is marked but holds no archer.
    #[error("hole {hole} is marked but empty")]
    MarkedEmptyHole {
        /// The hole.
        hole: Hole,
    },
    /// A side has more than 5 archers on the board and in its pool together.
    #[error("{} has {count} archers on the board and in its pool; at most 5", name(.side))]
    TooManyArchers {
        /// The side.
        side: Side,
        /// How many.
        count: u32,
    },
    /// A pool holds archers although captured archers never return under these rules.
    #[error("{} has archers waiting to return, but the return rule is None", name(.side))]
    PoolWithoutReturns {
        /// The side.
        side: Side,
    },
    /// Credits exist under a return rule other than `Seed`.
    #[error("{} has return credits, which only the Seed return rule has", name(.side))]
    CreditsWithoutSeedRule {
        /// The side.
        side: Side,
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
    #[error(
        "the no-shuttling record of {} is not a line of the board with a count of 1 to 3",
        name(.side)
    )]
    BadShuttleRecord {
        /// The side.
        side: Side,
    },
    /// A no-shuttling record is given although the rule is off.
    #[error("the no-shuttling record of {} is given, but the rule is off", name(.side))]
    ShuttleWithoutRule {
        /// The side.
        side: Side,
    },
}

/// The game's name of `side`, for the messages.
fn name(side: &Side) -> &'static str {
    Position::side_name(*side)
}

/// Checks every invariant of `setup` and builds the position under `rules`.
pub(crate) fn validate(setup: Setup, rules: Rules) -> Result<Position, SetupError> {
    let archers = setup.archers.0.map(Holes::bitboard);
    let marked = setup.marked.bitboard();
    let [black, white] = archers;
    // A set of holes holds holes only: every bit is below 25.
    debug_assert!((black | white | marked).is_subset(ALL_HOLES));
    if let Some(i) = black.intersect(white).first() {
        return Err(SetupError::BothSides {
            hole: Hole::from_bit(i),
        });
    }
    if let Some(i) = marked.minus(black | white).first() {
        return Err(SetupError::MarkedEmptyHole {
            hole: Hole::from_bit(i),
        });
    }
    for side in Side::BOTH {
        let count = archers[side.index()].count() + u32::from(setup.pool[side]);
        if count > 5 {
            return Err(SetupError::TooManyArchers { side, count });
        }
        if setup.pool[side] > 0 && rules.return_rule == ReturnRule::None {
            return Err(SetupError::PoolWithoutReturns { side });
        }
        if setup.credits[side] > 0 && rules.return_rule != ReturnRule::Seed {
            return Err(SetupError::CreditsWithoutSeedRule { side });
        }
        let record = setup.shuttle[side];
        if record.count > 0 {
            if !rules.no_shuttling {
                return Err(SetupError::ShuttleWithoutRule { side });
            }
            let on_board = record.from < 25 && record.to < 25;
            if !on_board
                || record.count > 3
                || !GRAPH.are_adjacent(record.from.into(), record.to.into())
            {
                return Err(SetupError::BadShuttleRecord { side });
            }
        } else if record != Shuttle::NONE {
            return Err(SetupError::BadShuttleRecord { side });
        }
    }
    if setup.passes > 2 {
        return Err(SetupError::TooManyPasses {
            passes: setup.passes,
        });
    }
    if setup.passes > 0 && rules.blocked == Blocked::Loses {
        return Err(SetupError::PassesWithoutPassRule {
            passes: setup.passes,
        });
    }
    let mut pos = Position {
        rules,
        archers,
        marked,
        pool: setup.pool.0,
        credits: setup.credits.0,
        to_move: setup.to_move,
        passes: setup.passes,
        shuttle: setup.shuttle.0,
        outcome: None,
        hash: 0,
    };
    pos.finish_setup();
    Ok(pos)
}
