//! A raw, unchecked position, validated into a [`Position`].

use abstract_game::playout::Rng;
use abstract_game::{BySide, Game, Side};

use crate::board::Square;
use crate::piece::{Cube, Kind, can_stack};
use crate::position::Position;
use crate::rules::Rules;

/// The cubes one side keeps beside the board, ready to be dropped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Reserve {
    /// Mountains left.
    pub mountains: u8,
    /// Wise men left.
    pub wise: u8,
}

impl Reserve {
    /// No cube left.
    pub const EMPTY: Reserve = Reserve {
        mountains: 0,
        wise: 0,
    };

    /// A reserve of `mountains` Mountains and `wise` Wise men.
    pub const fn new(mountains: u8, wise: u8) -> Reserve {
        Reserve { mountains, wise }
    }

    /// How many cubes of `kind` are left (0 for a kind that is never in a reserve).
    pub const fn count(self, kind: Kind) -> u8 {
        match kind {
            Kind::Mountain => self.mountains,
            Kind::Wise => self.wise,
            _ => 0,
        }
    }

    /// Whether no cube is left.
    pub const fn is_empty(self) -> bool {
        self.mountains == 0 && self.wise == 0
    }
}

/// Every fact of a position, as parsed from the position text and not yet checked against the
/// rules. Its `Display` and `FromStr` are the position text;
/// [`TextGame::from_setup`](abstract_game::TextGame::from_setup) validates it into a
/// [`Position`] and [`TextGame::to_setup`](abstract_game::TextGame::to_setup) gives it back.
///
/// ```
/// use jersi_core::Reserve;
/// use jersi_core::prelude::*;
/// let mut setup: Setup = "3k3/8/7/8/9/8/7/8/3K3 w MW/- 40 1".parse().unwrap();
/// setup.reserve[Side::Second] = Reserve::new(1, 0);
/// let pos = Position::from_setup(setup.clone(), Rules::default()).unwrap();
/// assert_eq!(pos.to_text(), "3k3/8/7/8/9/8/7/8/3K3 w MW/m 40 1");
/// assert_eq!(pos.to_setup(), setup);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// `[bottom, top]` of each cell, in the order of [`Square::ALL`]. A lone cube is a bottom.
    pub cells: [[Option<Cube>; 2]; 69],
    /// The side to move.
    pub to_move: Side,
    /// What each side has left in its reserve.
    pub reserve: BySide<Reserve>,
    /// Turns left before the no-capture draw: the turns that may still be played without a
    /// capture (other than of a lone King); the game is drawn when it reaches 0. It starts at
    /// [`Rules::no_capture_limit`] and is 0 when the rule is off.
    pub turns_to_draw: u16,
    /// The number of the turn to be played, from 1.
    pub turn_number: u32,
}

impl Setup {
    /// The empty board: no cube on it, empty reserves, White ([`Side::First`]) to move, the
    /// counters at their start values under the default rules (40 turns to the draw, turn 1).
    /// Not a legal position as it is (it has no King); under rules without the no-capture
    /// draw, set [`turns_to_draw`](Setup::turns_to_draw) to 0. The same as
    /// [`Setup::default`].
    pub const EMPTY: Setup = Setup {
        cells: [[None; 2]; 69],
        to_move: Side::First,
        reserve: BySide::new(Reserve::EMPTY, Reserve::EMPTY),
        turns_to_draw: Rules::STANDARD.no_capture_limit,
        turn_number: 1,
    };

    /// The cubes on `sq`, `[bottom, top]`, as [`Position::at`] gives them.
    pub const fn at(&self, sq: Square) -> [Option<Cube>; 2] {
        self.cells[sq.index()]
    }

    /// A random legal setup under `rules`, of the kind play seldom reaches, for tests: cubes
    /// drawn from each side's material onto the cells (each cell taken with a chance of a
    /// tenth times a density drawn from 1 to `densest`, 0 taken as 1; a third of them stacked
    /// when a cube left may go on top), some on Mountains; the Kings anywhere but their goal row
    /// (a King is left out when no such cell can take it, which the standard material never
    /// brings about); each Mountain and Wise man left in its side's reserve by a coin; either
    /// side to move; a random no-capture counter where the rules have the rule; turn 1.
    pub fn random(rng: &mut Rng, rules: Rules, densest: u32) -> Setup {
        let mut pool: Vec<Cube> = Vec::new();
        for side in Side::BOTH {
            for kind in Kind::ALL {
                for _ in 0..rules.material(kind) * u8::from(kind != Kind::King) {
                    pool.push(Cube::new(side, kind));
                }
            }
        }
        let density = 1 + rng.below(densest.max(1));
        let mut cells = [[None; 2]; 69];
        for cell in cells.iter_mut() {
            if rng.below(10) >= density || pool.is_empty() {
                continue;
            }
            let bottom = pool.swap_remove(rng.below(pool.len() as u32) as usize);
            cell[0] = Some(bottom);
            let fits: Vec<usize> = (0..pool.len())
                .filter(|&i| can_stack(bottom, pool[i]))
                .collect();
            if rng.below(3) == 0 && !fits.is_empty() {
                cell[1] = Some(pool.swap_remove(fits[rng.below(fits.len() as u32) as usize]));
            }
        }
        for (side, goal_row) in [(Side::First, 8), (Side::Second, 0)] {
            let king = Cube::new(side, Kind::King);
            let takes_king = |i: usize, cell: [Option<Cube>; 2]| {
                Square::ALL[i].row() != goal_row
                    && match cell {
                        [None, _] => true,
                        [Some(b), None] => can_stack(b, king),
                        _ => false,
                    }
            };
            if !cells
                .iter()
                .enumerate()
                .any(|(i, &cell)| takes_king(i, cell))
            {
                continue;
            }
            loop {
                let i = rng.below(69) as usize;
                match cells[i] {
                    _ if Square::ALL[i].row() == goal_row => continue,
                    [None, _] => cells[i] = [Some(king), None],
                    [Some(b), None] if can_stack(b, king) => cells[i][1] = Some(king),
                    _ => continue,
                }
                break;
            }
        }
        let mut reserve = BySide::new(Reserve::EMPTY, Reserve::EMPTY);
        for cube in pool {
            if cube.kind.is_reserve_kind() && rng.below(2) == 0 {
                match cube.kind {
                    Kind::Wise => reserve[cube.side].wise += 1,
                    _ => reserve[cube.side].mountains += 1,
                }
            }
        }
        let limit = rules.no_capture_limit;
        Setup {
            cells,
            to_move: Side::BOTH[rng.below(2) as usize],
            reserve,
            turns_to_draw: if limit == 0 {
                0
            } else {
                1 + rng.below(u32::from(limit)) as u16
            },
            turn_number: 1,
        }
    }
}

impl Default for Setup {
    /// The empty board, [`Setup::EMPTY`].
    fn default() -> Setup {
        Setup::EMPTY
    }
}

impl From<&Position> for Setup {
    fn from(pos: &Position) -> Setup {
        let mut cells = [[None; 2]; 69];
        for (cell, sq) in cells.iter_mut().zip(Square::ALL) {
            *cell = pos.at(sq);
        }
        let reserve = BySide::from_fn(|side| {
            Reserve::new(
                pos.reserve(side, Kind::Mountain),
                pos.reserve(side, Kind::Wise),
            )
        });
        Setup {
            cells,
            to_move: pos.to_move,
            reserve,
            turns_to_draw: pos.turns_to_draw,
            turn_number: pos.turn_number,
        }
    }
}

/// Why a [`Setup`] is not a legal position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A cell has a top cube but no bottom cube.
    #[error("cell {0} has a top cube but no bottom cube")]
    TopWithoutBottom(Square),
    /// Two cubes that may not share a cell.
    #[error("cell {square}: {top} may not stand on {bottom}")]
    IllegalStack {
        /// The cell.
        square: Square,
        /// The bottom cube.
        bottom: Cube,
        /// The top cube.
        top: Cube,
    },
    /// More cubes of a kind (on the board and in the reserve) than the side owns.
    #[error(
        "{} has {count} cubes of kind {kind:?} but owns at most {max}",
        Position::side_name(*side)
    )]
    TooMany {
        /// The side.
        side: Side,
        /// The kind.
        kind: Kind,
        /// How many the setup shows.
        count: u8,
        /// How many the rules give.
        max: u8,
    },
    /// Neither King is on the board.
    #[error("neither King is on the board")]
    NoKings,
    /// The no-capture counter is above the limit of the rules.
    #[error("no-capture counter {counter} is above the limit {limit}")]
    CounterAboveLimit {
        /// The counter.
        counter: u16,
        /// The limit (0 when the rule is off).
        limit: u16,
    },
    /// The turn number is 0.
    #[error("the turn number must be at least 1")]
    ZeroTurn,
}

/// Checks `setup` against `rules` and builds the position.
pub(crate) fn validate(setup: Setup, rules: Rules) -> Result<Position, SetupError> {
    let mut counts = [[0u8; 7]; 2];
    for (cell, square) in setup.cells.iter().zip(Square::ALL) {
        match *cell {
            [None, Some(_)] => return Err(SetupError::TopWithoutBottom(square)),
            [Some(bottom), Some(top)] if !can_stack(bottom, top) => {
                return Err(SetupError::IllegalStack {
                    square,
                    bottom,
                    top,
                });
            }
            _ => {}
        }
        for cube in cell.iter().flatten() {
            let c = &mut counts[cube.side.index()][cube.kind.index()];
            *c = c.saturating_add(1);
        }
    }
    for side in Side::BOTH {
        for kind in Kind::ALL {
            let count =
                counts[side.index()][kind.index()].saturating_add(setup.reserve[side].count(kind));
            let max = rules.material_of(side, kind);
            if count > max {
                return Err(SetupError::TooMany {
                    side,
                    kind,
                    count,
                    max,
                });
            }
        }
    }
    if counts[0][Kind::King.index()] == 0 && counts[1][Kind::King.index()] == 0 {
        return Err(SetupError::NoKings);
    }
    if setup.turns_to_draw > rules.no_capture_limit {
        return Err(SetupError::CounterAboveLimit {
            counter: setup.turns_to_draw,
            limit: rules.no_capture_limit,
        });
    }
    if setup.turn_number == 0 {
        return Err(SetupError::ZeroTurn);
    }
    let mut pos = Position::empty(rules);
    let code = |c: Option<Cube>| c.map_or(0, Cube::code);
    for (cell, square) in setup.cells.iter().zip(Square::ALL) {
        pos.set_cell(square.slot(), [code(cell[0]), code(cell[1])]);
    }
    for (side, reserve) in setup.reserve.iter() {
        pos.set_reserve(side, Kind::Mountain, reserve.mountains);
        pos.set_reserve(side, Kind::Wise, reserve.wise);
    }
    pos.set_counter(setup.turns_to_draw);
    pos.turn_number = setup.turn_number;
    pos.to_move = setup.to_move;
    pos.hash = pos.hash_from_scratch();
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_setup_takes_a_density_of_zero_as_one() {
        for seed in 0..20 {
            let setup = Setup::random(&mut Rng::seed_from_u64(seed), Rules::default(), 0);
            let kings = setup
                .cells
                .iter()
                .flatten()
                .flatten()
                .filter(|cube| cube.kind == Kind::King)
                .count();
            assert_eq!(kings, 2, "seed {seed}");
            // A density of 1 takes about a tenth of the 69 cells, the Kings aside.
            let taken = setup.cells.iter().filter(|cell| cell[0].is_some()).count();
            assert!(taken <= 25, "seed {seed}: {taken} cells");
        }
    }
}
