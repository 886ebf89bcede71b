//! The two Mountain strategies the Jersi article tried without reaching a verdict, written as
//! opening plans ([`Opening`]) an engine can follow, so that a study measures them against
//! ordinary play of the same strength.
//!
//! The article shows them only as pictures: Mountains dropped "defensively, from the start" (the
//! Defence of Helm's Deep) or "aggressively" (the Siege of Minas Tirith). Here they are made
//! exact:
//!
//! - **`helms-deep`**: while the side has Mountains in reserve, each turn drops two of them side
//!   by side on empty cells of the row just in front of its own army (row `c` for White, `g` for
//!   Black), as near the middle of the row as they fit: four Mountains make a wall in two turns.
//! - **`minas-tirith`**: the same wall, built on the row just in front of the enemy army (row `g`
//!   for White, `c` for Black).
//!
//! The article's figures are not in the text we have, so the shape of the wall is our reading.
//! A second reading of each plan builds the wall as two *towers* instead of a line:
//!
//! - **`helms-deep-towers`**: each turn drops two Mountains on one cell (the second on the
//!   first), on the cells either side of the middle of the own front row (`c3` and `c5` for
//!   White, `g3` and `g5` for Black): two towers that nothing can cross, with the cell in front
//!   of the King's file (`c4`, `g4`) left open between them as a gate.
//! - **`minas-tirith-towers`**: the same two towers on the row in front of the enemy army.
//!
//! A tower stops stacks and single cubes alike (a cube can climb one Mountain, never two); a
//! line of four lone Mountains stops stacks only. [`wall_cells`] says where each plan puts its
//! four Mountains, so that a study can check whether the plan was carried out.
//!
//! A plan only picks among the legal turns, the pair closest to the middle first (then the order
//! of the legal turns); with one Mountain left it drops that one on the row. Once no such drop is
//! legal (the reserve is empty, the row is full or drops are off) the plan has nothing to say and
//! the engine plays on its own.

use abstract_game::{Game, Opening, Side};

use crate::board::{ROW_LENGTHS, Square};
use crate::movegen::MoveList;
use crate::moves::{Drop, Move};
use crate::piece::Kind;
use crate::position::Position;

/// The defensive wall: Mountains dropped on the row in front of one's own army.
pub const HELMS_DEEP: Opening<Position> = Opening {
    name: "helms-deep",
    about: "drop the Mountains two by two on the row in front of one's own army (c for White, \
            g for Black), near its middle",
    choose: helms_deep,
};

/// The aggressive wall: Mountains dropped on the row in front of the enemy army.
pub const MINAS_TIRITH: Opening<Position> = Opening {
    name: "minas-tirith",
    about: "drop the Mountains two by two on the row in front of the enemy army (g for White, \
            c for Black), near its middle",
    choose: minas_tirith,
};

/// The defensive towers: two towers of two Mountains either side of the own King's file.
pub const HELMS_DEEP_TOWERS: Opening<Position> = Opening {
    name: "helms-deep-towers",
    about: "drop the Mountains as two towers of two on the row in front of one's own army, \
            either side of its middle (c3 and c5 for White, g3 and g5 for Black)",
    choose: helms_deep_towers,
};

/// The aggressive towers: the same two towers in front of the enemy army.
pub const MINAS_TIRITH_TOWERS: Opening<Position> = Opening {
    name: "minas-tirith-towers",
    about: "drop the Mountains as two towers of two on the row in front of the enemy army, \
            either side of its middle (g3 and g5 for White, c3 and c5 for Black)",
    choose: minas_tirith_towers,
};

/// Every opening plan of Jersi.
pub const ALL: &[Opening<Position>] = &[
    HELMS_DEEP,
    MINAS_TIRITH,
    HELMS_DEEP_TOWERS,
    MINAS_TIRITH_TOWERS,
];

/// The cells where the plan named `plan` puts `side`'s four Mountains when nothing is in the
/// way, each cell listed once per Mountain (a tower's cell twice); `None` for a name that is
/// no plan of this module.
///
/// A line of four has two equally central placements on a row of seven (cells 2 to 5 or 3
/// to 6); the list gives the first, `[c2, c3, c4, c5]` for White's `helms-deep`. A wall counts
/// as built when the four Mountains stand on the row side by side, whichever way round.
///
/// ```
/// use jersi_core::openings::wall_cells;
/// use jersi_core::{Side, Square};
/// let names = |cells: [Square; 4]| cells.map(|sq| sq.to_string());
/// assert_eq!(names(wall_cells("minas-tirith-towers", Side::First).unwrap()), ["g3", "g3", "g5", "g5"]);
/// assert_eq!(names(wall_cells("helms-deep", Side::Second).unwrap()), ["g2", "g3", "g4", "g5"]);
/// ```
pub fn wall_cells(plan: &str, side: Side) -> Option<[Square; 4]> {
    let (row, towers) = match plan {
        "helms-deep" => (front_row(side), false),
        "minas-tirith" => (front_row(!side), false),
        "helms-deep-towers" => (front_row(side), true),
        "minas-tirith-towers" => (front_row(!side), true),
        _ => return None,
    };
    let numbers = if towers { [3, 3, 5, 5] } else { [2, 3, 4, 5] };
    let mut cells = [Square::ALL[0]; 4];
    for (cell, number) in cells.iter_mut().zip(numbers) {
        *cell = Square::from_coords(row, number)?;
    }
    Some(cells)
}

/// The row just in front of `side`'s army at the start (`c` or `g`).
const fn front_row(side: Side) -> u8 {
    match side {
        Side::First => 2,
        Side::Second => 6,
    }
}

fn helms_deep(pos: &Position) -> Option<Move> {
    wall_on(pos, front_row(pos.to_move))
}

fn minas_tirith(pos: &Position) -> Option<Move> {
    wall_on(pos, front_row(!pos.to_move))
}

fn helms_deep_towers(pos: &Position) -> Option<Move> {
    towers_on(pos, front_row(pos.to_move))
}

fn minas_tirith_towers(pos: &Position) -> Option<Move> {
    towers_on(pos, front_row(!pos.to_move))
}

/// Two Mountains on one cell, the first of cells 3 and 5 of `row` that is empty, if that turn
/// is legal.
fn towers_on(pos: &Position, row: u8) -> Option<Move> {
    if pos.reserve(pos.to_move, Kind::Mountain) < 2 {
        return None;
    }
    [3, 5].into_iter().find_map(|number| {
        let sq = Square::from_coords(row, number)?;
        let mv = Move::drops(
            Drop::new(Kind::Mountain, sq),
            Some(Drop::new(Kind::Mountain, sq)),
        );
        (pos.at(sq)[0].is_none() && pos.is_legal(mv)).then_some(mv)
    })
}

/// The legal Mountain drop on empty cells of `row` nearest its middle: two Mountains on two
/// cells if there is such a turn, otherwise one.
fn wall_on(pos: &Position, row: u8) -> Option<Move> {
    if pos.reserve(pos.to_move, Kind::Mountain) == 0 {
        return None;
    }
    let on_row = |drop: Drop| {
        drop.kind == Kind::Mountain && drop.to.row() == row && pos.at(drop.to)[0].is_none()
    };
    // Twice the distance of a cell from the middle of its row (the middle may fall between two
    // cells on rows of even length).
    let off_middle = |sq: Square| (2 * sq.number()).abs_diff(ROW_LENGTHS[row as usize] + 1);
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut best: Option<(u8, u8, Move)> = None;
    for &mv in moves.iter() {
        let Move::Drop { first, second } = mv else {
            continue;
        };
        let (count, distance) = match second {
            Some(second) if second.to != first.to && on_row(first) && on_row(second) => {
                (2, off_middle(first.to) + off_middle(second.to))
            }
            None if on_row(first) => (1, off_middle(first.to)),
            _ => continue,
        };
        // More Mountains first, then nearer the middle; the first such turn in list order.
        let better = match best {
            None => true,
            Some((c, d, _)) => count > c || (count == c && distance < d),
        };
        if better {
            best = Some((count, distance, mv));
        }
    }
    best.map(|(_, _, mv)| mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Cube;
    use crate::rules::Rules;
    use abstract_game::evaluate::opening;
    use abstract_game::{GameRules, TextGame};

    fn play(pos: &mut Position, mv: Move) {
        pos.play(mv).unwrap();
    }

    #[test]
    fn helms_deep_builds_a_wall_on_the_own_front_rows() {
        let mut pos = Position::new(Rules::default());
        let mut walls = [Vec::new(), Vec::new()];
        // Both sides follow the plan until it has nothing to say.
        while let Some(mv) = (HELMS_DEEP.choose)(&pos) {
            assert!(pos.is_legal(mv));
            let side = pos.side_to_move();
            let Move::Drop { first, second } = mv else {
                panic!("{mv:?} is not a drop")
            };
            walls[side.index()].push(first.to.to_string());
            walls[side.index()].push(second.unwrap().to.to_string());
            play(&mut pos, mv);
            assert!(walls[0].len() + walls[1].len() <= 8, "the plan never stops");
        }
        let mut white = walls[0].clone();
        white.sort();
        let mut black = walls[1].clone();
        black.sort();
        // The four cells around the middle of a row of seven: 3, 4, 5 and one of 2 or 6.
        assert_eq!(white.len(), 4);
        assert!(white.iter().all(|s| s.starts_with('c')), "{white:?}");
        assert!(
            ["c3", "c4", "c5"]
                .iter()
                .all(|s| white.iter().any(|w| w == s))
        );
        assert_eq!(black.len(), 4);
        assert!(black.iter().all(|s| s.starts_with('g')), "{black:?}");
        assert_eq!(pos.reserve(Side::First, Kind::Mountain), 0);
        assert_eq!(pos.reserve(Side::Second, Kind::Mountain), 0);
    }

    #[test]
    fn minas_tirith_builds_it_in_front_of_the_enemy() {
        let pos = Position::new(Rules::default());
        let mv = (MINAS_TIRITH.choose)(&pos).unwrap();
        let Move::Drop { first, second } = mv else {
            panic!("{mv:?} is not a drop")
        };
        let second = second.unwrap();
        assert_eq!((first.kind, second.kind), (Kind::Mountain, Kind::Mountain));
        assert_eq!((first.to.row(), second.to.row()), (6, 6));
        // The middle cell g4 and a neighbour.
        assert!(first.to.to_string() == "g4" || second.to.to_string() == "g4");
    }

    #[test]
    fn nothing_to_say_without_drops_or_mountains() {
        let pos = Position::new(Rules::preset("no-drop").unwrap());
        assert_eq!((HELMS_DEEP.choose)(&pos), None);
        assert_eq!((MINAS_TIRITH.choose)(&pos), None);
        // One Mountain left: it goes alone on the row.
        let mut pos = Position::new(Rules::default());
        let drop = |name: &str| Drop::new(Kind::Mountain, Square::from_name(name).unwrap());
        play(&mut pos, Move::drops(drop("c1"), Some(drop("c2"))));
        play(&mut pos, Move::drops(drop("g1"), Some(drop("g2"))));
        play(&mut pos, Move::drops(drop("d1"), None));
        play(&mut pos, Move::drops(drop("f1"), None));
        let mv = (HELMS_DEEP.choose)(&pos).unwrap();
        assert_eq!(mv, Move::drops(drop("c4"), None));
    }

    #[test]
    fn the_towers_go_either_side_of_the_middle() {
        let mut pos = Position::new(Rules::default());
        // Both sides follow the defensive towers: White on row c, Black on row g, cell 3
        // first, then cell 5.
        for cell in ["c3", "g3", "c5", "g5"] {
            let mv = (HELMS_DEEP_TOWERS.choose)(&pos).unwrap();
            let m = Drop::new(Kind::Mountain, Square::from_name(cell).unwrap());
            assert_eq!(mv, Move::drops(m, Some(m)), "{cell}");
            play(&mut pos, mv);
        }
        // Both reserves are empty: nothing more to say.
        assert_eq!((HELMS_DEEP_TOWERS.choose)(&pos), None);
        assert_eq!((MINAS_TIRITH_TOWERS.choose)(&pos), None);
        let mountain = |side| Some(Cube::new(side, Kind::Mountain));
        let at = |name| pos.at(Square::from_name(name).unwrap());
        assert_eq!(at("c5"), [mountain(Side::First), mountain(Side::First)]);
        assert_eq!(at("g3"), [mountain(Side::Second), mountain(Side::Second)]);
        assert_eq!(at("c4"), [None, None]);
    }

    #[test]
    fn a_taken_tower_cell_is_passed_over() {
        let mut pos = Position::new(Rules::default());
        // The attacking towers of White go on row g: g3 first.
        let g3 = Drop::new(Kind::Mountain, Square::from_name("g3").unwrap());
        assert_eq!(
            (MINAS_TIRITH_TOWERS.choose)(&pos),
            Some(Move::drops(g3, Some(g3)))
        );
        // A White Paper steps to c3; then Black's attacking towers pass over c3 for c5.
        let step = pos.parse_move("b3-c3").unwrap();
        play(&mut pos, step);
        let c5 = Drop::new(Kind::Mountain, Square::from_name("c5").unwrap());
        assert_eq!(
            (MINAS_TIRITH_TOWERS.choose)(&pos),
            Some(Move::drops(c5, Some(c5)))
        );
    }

    #[test]
    fn the_plans_are_found_by_name() {
        assert_eq!(
            opening::<Position>("helms-deep").unwrap().name,
            "helms-deep"
        );
        assert_eq!(
            opening::<Position>("minas-tirith").unwrap().name,
            "minas-tirith"
        );
        assert_eq!(
            opening::<Position>("minas-tirith-towers").unwrap().name,
            "minas-tirith-towers"
        );
        assert!(opening::<Position>("osgiliath").is_none());
        assert!(wall_cells("osgiliath", Side::First).is_none());
    }
}
