//! Fixed action ids and observation planes: [`ActionSpace`] and [`Observe`] for [`Position`].
//!
//! # Action ids
//!
//! A turn is a placement of one of the 25 pieces on one of the 26 squares, or a pass, so the
//! ids are one plane of 26 squares per piece, then the pass:
//!
//! | ids        | move                                                     |
//! |------------|----------------------------------------------------------|
//! | `0..650`   | `piece@square`: `piece.index() * 26 + square.index()`    |
//! | `650`      | pass                                                     |
//!
//! 651 ids in all. [`Piece::index`] is `(size - 1) * 5 + colour` (`1a` is 0, `3b` is 11, `5e`
//! is 24) and [`Square::index`] the rank order of [`SQUARES`](crate::SQUARES) (`a1` is 0, `c2`
//! is 9, `g4` is 25), so `3b@c2` is `11 * 26 + 9 = 295`. Squares keep their absolute indices
//! whoever moves: the two players place the same pieces on the same board, and only the
//! territories (which say who owns a tower) tell them apart. The empty board has exactly the 650
//! placements, one per id; a pass is only legal when no placement is. An id decodes directly to
//! its move, which [`Position::check_move`] then tests.
//!
//! # Observation planes
//!
//! The shape is `[19, 1, 26]`: the line network is not a grid, so each plane is one row of the
//! 26 squares in index order. Levels count from the bottom of the tower (level 1 is the piece
//! on the square).
//!
//! | plane   | value on each square                                                         |
//! |---------|------------------------------------------------------------------------------|
//! | 0       | the tower's height / 4                                                       |
//! | 1, 2    | level 1: the piece's size / 5, its colour index (`a` 0 .. `e` 4) / 4          |
//! | 3, 4    | level 2: size / 5, colour / 4                                                |
//! | 5, 6    | level 3: size / 5, colour / 4                                                |
//! | 7, 8    | level 4: size / 5, colour / 4                                                |
//! | 9       | 1 on the square of the opponent's last placement (none at the start or after a pass) |
//! | 10      | 1 on the squares of the mover's territory (the towers the mover owns)        |
//! | 11      | broadcast: the mover's stock size / 25                                       |
//! | 12      | broadcast: the opponent's stock size / 25                                    |
//! | 13      | broadcast: the mover's monoliths before the last turn / 13                   |
//! | 14      | broadcast: the opponent's monoliths before the last turn / 13                |
//! | 15      | broadcast: passes in a row / 2                                               |
//! | 16      | broadcast: 1 when South ([`Side::First`]) is to move                         |
//! | 17      | by piece, not by square: 1 at [`Piece::index`] `i` (0 to 24) when piece `i` is in the mover's stock; 0 at 25 |
//! | 18      | the same for the opponent's stock                                            |
//!
//! Size and colour are 0 above the top of a tower; a colour of 0 is also colour `a`, and the
//! size plane (never 0 for a piece) tells them apart.
//!
//! Why so: pieces carry no owner, and a tower belongs to the owner of its territory whoever
//! built it, so the towers are written level by level for both players alike and plane 10 says
//! which ones are the mover's. The board is not turned for North: the two territories are
//! mirror images, but the squares keep their absolute indices, as the action ids do, and the
//! view is relative to the mover only through plane 10 and the own/opponent counters. The last
//! placement (its piece is the top of that tower, its level the tower's height) is what the
//! asymmetry rule reads; the monoliths before the last turn and the passes decide the end of the
//! game; the monoliths now follow from the towers. The position does not record who placed the
//! other pieces, so there is no plane for it. The stocks' contents (which pieces each player
//! may still place) are planes 17 and 18, indexed by piece: a piece with one copy on the board
//! may be in either stock, so the towers alone cannot tell.

use abstract_game::{ActionSpace, Game, Observe, Side};

use crate::board::{Square, TERRITORY};
use crate::piece::{MAX_HEIGHT, Piece};
use crate::position::{MAX_MOVES, Move, Position};

/// The id of a pass: after the 650 placements.
const PASS: usize = MAX_MOVES;

/// The number of planes.
const PLANES: usize = 19;

/// The number of cells of a plane: the squares.
const CELLS: usize = Square::COUNT;

/// 651 ids: the placement of `piece` on `square` is `piece.index() * 26 + square.index()`
/// (`1a@a1` is 0, `3b@c2` is 295, `5e@g4` is 649), the pass is 650. Squares keep their absolute
/// indices whoever moves.
impl ActionSpace for Position {
    /// 25 pieces x 26 squares + the pass: 651.
    const ACTIONS: usize = PASS + 1;
    const DEFAULT_MAX_PLIES: u32 = 120;

    /// `piece.index() * 26 + square.index()` for a placement, 650 for a pass.
    #[inline]
    fn action_of(&self, mv: Move) -> usize {
        match mv {
            Move::Place { piece, square } => piece.index() * Square::COUNT + square.index(),
            Move::Pass => PASS,
        }
    }

    /// Generated in id order (piece by piece, then square by square), with no sort.
    fn legal_actions(&self, out: &mut Vec<usize>) {
        self.legal_ids(PASS, out);
    }

    /// Decodes the piece and the square of the id, then checks the move.
    fn move_of_action(&self, action: usize) -> Option<Move> {
        let mv = match action {
            PASS => Move::Pass,
            a if a < PASS => Move::place(
                Piece::new(a / Square::COUNT),
                Square::new(a % Square::COUNT),
            ),
            _ => return None,
        };
        self.check_move(mv).is_ok().then_some(mv)
    }
}

/// Shape `[17, 1, 26]`: seventeen planes of one row, the 26 squares in index order (absolute,
/// whoever moves). On each square: 0, the tower's height / 4; 1 to 8, for each level from the
/// bottom, the piece's size / 5 then its colour index (`a` 0 .. `e` 4) / 4, 0 above the top;
/// 9, 1 on the square of the opponent's last placement; 10, 1 on the mover's territory.
/// Broadcast: 11 and 12, the mover's and the opponent's stock sizes / 25; 13 and 14, the
/// mover's and the opponent's monoliths before the last turn / 13; 15, the passes in a row / 2;
/// 16, 1 when South ([`Side::First`]) is to move. By piece index (not square): 17 and 18, 1
/// where the piece is in the mover's and the opponent's stock.
impl Observe for Position {
    const OBSERVATION_SHAPE: [usize; 3] = [PLANES, 1, CELLS];

    fn observe(&self, out: &mut [f32]) {
        let out = &mut out[..PLANES * CELLS];
        let me = self.side_to_move();
        let plane = |p: usize| p * CELLS..(p + 1) * CELLS;
        for (s, tower) in self.towers.iter().enumerate() {
            let pieces = tower.pieces();
            out[s] = pieces.len() as f32 / MAX_HEIGHT as f32;
            for level in 0..MAX_HEIGHT {
                let (size, colour) = pieces.get(level).map_or((0.0, 0.0), |p| {
                    (f32::from(p.size()) / 5.0, p.colour().index() as f32 / 4.0)
                });
                out[(1 + 2 * level) * CELLS + s] = size;
                out[(2 + 2 * level) * CELLS + s] = colour;
            }
            out[10 * CELLS + s] =
                f32::from(u8::from(TERRITORY[me.index()].contains(Square::ALL[s])));
        }
        out[plane(9)].fill(0.0);
        if let Some(last) = self.last_placement() {
            out[9 * CELLS + last.square.index()] = 1.0;
        }
        let broadcast = [
            self.stock(me).len() as f32 / 25.0,
            self.stock(!me).len() as f32 / 25.0,
            self.earlier_monoliths(me) as f32 / 13.0,
            self.earlier_monoliths(!me) as f32 / 13.0,
            self.passes() as f32 / 2.0,
            f32::from(u8::from(me == Side::First)),
        ];
        for (i, value) in broadcast.into_iter().enumerate() {
            out[plane(11 + i)].fill(value);
        }
        for (p, side) in [(17, me), (18, !me)] {
            let stock = self.stock(side);
            for (cell, piece) in out[plane(p)].iter_mut().zip(Piece::ALL) {
                *cell = f32::from(u8::from(stock.contains(piece)));
            }
            out[p * CELLS + CELLS - 1] = 0.0;
        }
    }
}
