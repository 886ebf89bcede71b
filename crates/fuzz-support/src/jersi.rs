//! Jersi for the fuzz targets.

use abstract_game::hex::{Hex, HexDirection};
use abstract_game::{BySide, Game, GameRules as _, Side};
use arbitrary::Unstructured;
use jersi_core::can_stack;
use jersi_core::{Cube, Drop, Kind, Move, Position, Reserve, Rules, Setup, Square, Squares};

use crate::{FuzzGame, Header, any, one_in, pick, side, small_or_any, small_or_any_bytes, upto};

fn square(u: &mut Unstructured<'_>) -> Square {
    pick(u, &Square::ALL)
}

fn maybe_square(u: &mut Unstructured<'_>) -> Option<Square> {
    if one_in(u, 3) { None } else { Some(square(u)) }
}

/// The cells of a cube or stack move: from, to, where the other part goes (the stack of a cube
/// move, the cube of a stack move), and the King's relocation.
type MoveCells = (Square, Square, Option<Square>, Option<Square>);

/// `cells` with the one that `change` (0 to 3, in the order of [`MoveCells`]) names drawn
/// again from `u`.
fn redraw_one(u: &mut Unstructured<'_>, change: u32, cells: MoveCells) -> MoveCells {
    let (from, to, other, relocate) = cells;
    match change {
        0 => (square(u), to, other, relocate),
        1 => (from, square(u), other, relocate),
        2 => (from, to, maybe_square(u), relocate),
        _ => (from, to, other, maybe_square(u)),
    }
}

/// The cube move of `cells`, or their stack move when `stack`.
fn cells_move(stack: bool, (from, to, other, relocate): MoveCells) -> Move {
    if stack {
        Move::Stack {
            from,
            to,
            cube_to: other,
            relocate,
        }
    } else {
        Move::Cube {
            from,
            to,
            stack_to: other,
            relocate,
        }
    }
}

fn cube(u: &mut Unstructured<'_>) -> Cube {
    Cube::new(side(u), pick(u, &Kind::ALL))
}

fn drop(u: &mut Unstructured<'_>) -> Drop {
    Drop::new(pick(u, &[Kind::Mountain, Kind::Wise]), square(u))
}

/// Puts `c` on a cell drawn from `u` (on top of a lone cube when they may stack); `false`
/// when the drawn cell cannot take it.
fn place(u: &mut Unstructured<'_>, cells: &mut [[Option<Cube>; 2]; 69], c: Cube) -> bool {
    let cell = &mut cells[square(u).index()];
    match *cell {
        [None, _] => {
            *cell = [Some(c), None];
            true
        }
        [Some(bottom), None] if can_stack(bottom, c) => {
            cell[1] = Some(c);
            true
        }
        _ => false,
    }
}

impl FuzzGame for Position {
    /// Jersi draws by rejection sampling, uniform but not the list's pick.
    const RANDOM_MOVE_IS_A_LIST_DRAW: bool = false;

    /// Byte 0, bit 0: no reserve (the variant without drops). Bytes 1 to 3: the no-capture
    /// limit, by [`small_or_any`] (0: no limit).
    fn rules_of(h: Header) -> Rules {
        Rules {
            reserve: h[0] & 1 == 0,
            no_capture_limit: small_or_any([h[1], h[2], h[3]]),
            handicap: None,
        }
    }

    fn header_of(r: Rules) -> Header {
        let [a, b, c] = small_or_any_bytes(r.no_capture_limit);
        [u8::from(!r.reserve), a, b, c]
    }

    fn arbitrary_setup(u: &mut Unstructured<'_>, rules: Rules) -> Setup {
        let mut setup = Setup::EMPTY;
        if one_in(u, 8) {
            // Raw: any cubes, stacked or not, any counters.
            for _ in 0..upto(u, 40) {
                let bottom = if one_in(u, 8) { None } else { Some(cube(u)) };
                let top = if one_in(u, 2) { Some(cube(u)) } else { None };
                setup.cells[square(u).index()] = [bottom, top];
            }
            setup.to_move = side(u);
            setup.reserve = BySide::new(Reserve::new(any(u), any(u)), Reserve::new(any(u), any(u)));
            setup.turns_to_draw = any(u);
            setup.turn_number = any(u);
            return setup;
        }
        for s in Side::BOTH {
            // Usually both Kings; one of them missing now and then.
            if !one_in(u, 10) {
                for _ in 0..4 {
                    if place(u, &mut setup.cells, Cube::new(s, Kind::King)) {
                        break;
                    }
                }
            }
            for kind in Kind::ALL.into_iter().filter(|&k| k != Kind::King) {
                let own = u32::from(rules.material(kind));
                let mut left = upto(u, own);
                if kind.is_reserve_kind() {
                    let kept = upto(u, left) as u8;
                    left -= u32::from(kept);
                    match kind {
                        Kind::Mountain => setup.reserve[s].mountains = kept,
                        _ => setup.reserve[s].wise = kept,
                    }
                }
                for _ in 0..left {
                    place(u, &mut setup.cells, Cube::new(s, kind));
                }
            }
        }
        setup.to_move = side(u);
        setup.turns_to_draw = upto(u, u32::from(rules.no_capture_limit)) as u16;
        setup.turn_number = 1 + upto(u, 300);
        setup
    }

    fn arbitrary_move(u: &mut Unstructured<'_>, legal: &[Move]) -> Move {
        if !legal.is_empty() && !one_in(u, 3) {
            let change = upto(u, 3);
            let mv = pick(u, legal);
            return match mv {
                Move::Cube {
                    from,
                    to,
                    stack_to: other,
                    relocate,
                }
                | Move::Stack {
                    from,
                    to,
                    cube_to: other,
                    relocate,
                } => {
                    let cells = (from, to, other, relocate);
                    let stack = matches!(mv, Move::Stack { .. });
                    if stack && change == 3 {
                        // The last change makes a stack move the cube move of the same cells.
                        cells_move(false, cells)
                    } else {
                        cells_move(stack, redraw_one(u, change, cells))
                    }
                }
                Move::Drop { first, second } => match change {
                    0 => Move::Drop {
                        first: drop(u),
                        second,
                    },
                    1 => Move::Drop {
                        first,
                        second: if one_in(u, 2) { None } else { Some(drop(u)) },
                    },
                    2 => Move::drops(second.unwrap_or(first), Some(first)),
                    _ => Move::Drop {
                        first: second.unwrap_or(first),
                        second: Some(first),
                    },
                },
            };
        }
        match upto(u, 2) {
            choice @ (0 | 1) => {
                let cells = (square(u), square(u), maybe_square(u), maybe_square(u));
                cells_move(choice == 1, cells)
            }
            _ => Move::Drop {
                first: drop(u),
                second: if one_in(u, 2) { None } else { Some(drop(u)) },
            },
        }
    }

    fn check_extra(&self) {
        let rules = self.rules();
        for s in Side::BOTH {
            for kind in Kind::ALL {
                let on_board = self.count_on_board(Cube::new(s, kind));
                let total = on_board + self.reserve(s, kind);
                assert!(
                    total <= rules.material(kind),
                    "{s:?} has {total} cubes of {kind:?}: {self}"
                );
            }
            assert!(self.count_on_board(Cube::new(s, Kind::King)) <= 1);
        }
        if rules.no_capture_limit > 0 {
            assert!(self.no_capture_counter() <= rules.no_capture_limit);
        }
        assert!(self.turn_number() >= 1);
    }

    fn check_move_extra(&self, mv: Move, legal: bool) {
        if legal {
            let _ = self.is_capture(mv);
            if let Some(from) = mv.from() {
                let top = self.top(from).expect("a turn starts from an occupied cell");
                assert_eq!(top.side, self.side_to_move());
            }
        }
    }

    fn check_units(u: &mut Unstructured<'_>) {
        let (index, text) = crate::index_and_text(u);
        let sq = crate::check_cell(index, &text, Square::COUNT, Square::try_new, Square::index);
        if let Some(sq) = sq {
            assert_eq!(Square::from_coords(sq.row(), sq.number()), Some(sq));
            assert_eq!(Square::from_hex(sq.hex()), Some(sq));
            assert_eq!(Square::from_name(&sq.to_string()), Some(sq));
            for dir in HexDirection::ALL {
                if let Some(next) = sq.neighbor(dir) {
                    assert_eq!(next.neighbor(dir.opposite()), Some(sq));
                }
            }
        }
        let (row, number): (u8, u8) = (any(u), any(u));
        if let Some(sq) = Square::from_coords(row, number) {
            assert_eq!((sq.row(), sq.number()), (row, number));
        }
        let cells = Squares::row(row);
        assert!(cells.iter().all(|sq| sq.row() == row));
        assert_eq!(cells.is_empty(), row >= 9);
        let hex = Hex::new(any(u), any(u));
        if let Some(sq) = Square::from_hex(hex) {
            assert_eq!(sq.hex(), hex);
        }
        if let Some(sq) = Square::from_name(&text) {
            assert_eq!(sq.to_string(), text, "a cell parses from its name only");
            assert_eq!(text.parse::<Square>(), Ok(sq));
        } else {
            assert!(text.parse::<Square>().is_err());
        }
        for c in text.chars() {
            if let Some(kind) = Kind::from_letter(c) {
                assert_eq!(kind.letter(), c.to_ascii_uppercase());
            }
            if let Some(cube) = Cube::from_letter(c) {
                assert_eq!(cube.letter(), c);
            }
        }
        let (a, b) = (cube(u), cube(u));
        let _ = can_stack(a, b);
        let _ = a.kind.beats(b.kind);
        if let Some(rules) = Rules::preset(&text) {
            assert!(Rules::preset_names().any(|name| name == text));
            let _ = rules;
        }
    }

    crate::json_methods!(
        cell: Square::ALL[30],
        types: [Square, Cube, Kind, Reserve]
    );
}
