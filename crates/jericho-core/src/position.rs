//! The validated position: playing moves, monoliths, the outcome and the Zobrist hash.

use abstract_game::{Game, Outcome, Side, zobrist};
use arrayvec::ArrayVec;

use crate::board::{ALIGNMENT_SQUARES, Alignment, Square, Squares, TERRITORY};
use crate::piece::{Piece, PieceSet, Tower};
use crate::rules::Rules;

/// One whole turn: a placement of a piece from the mover's stock on a square, or a pass (only
/// when no placement is legal). Nothing ever moves or is captured once placed.
///
/// With the `serde` feature a move is stored as `"Pass"` or `{"Place":{"piece":P,"square":S}}`
/// with the indices of [`Piece::index`] and [`Square::index`]; indices out of range are refused
/// when read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// Put `piece` on `square`: on an empty square or on top of its tower.
    Place {
        /// The piece, taken from the mover's stock.
        piece: Piece,
        /// Where it goes.
        square: Square,
    },
    /// No placement is possible: the turn passes.
    Pass,
}

impl Move {
    /// A placement.
    #[inline]
    pub const fn place(piece: Piece, square: Square) -> Move {
        Move::Place { piece, square }
    }

    /// Where the move starts from: always `None`, since a piece comes from the stock.
    #[inline]
    pub const fn from(self) -> Option<Square> {
        None
    }

    /// The square the piece lands on, or `None` for a pass.
    #[inline]
    pub const fn to(self) -> Option<Square> {
        match self {
            Move::Place { square, .. } => Some(square),
            Move::Pass => None,
        }
    }

    /// The piece placed, or `None` for a pass.
    #[inline]
    pub const fn piece(self) -> Option<Piece> {
        match self {
            Move::Place { piece, .. } => Some(piece),
            Move::Pass => None,
        }
    }
}

/// The most moves a position can have: every piece of a full stock on every square
/// (25 x 26 = 650, reached on the empty board). A pass is only generated when no placement is.
pub const MAX_MOVES: usize = Piece::COUNT * Square::COUNT;

/// The move list: room for [`MAX_MOVES`] moves.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// A monolith count at which a player can win.
pub const WINNING_MONOLITHS: u32 = 7;

/// The placement the opponent just made, which the asymmetry rule looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LastPlacement {
    /// The piece placed (now on top of `square`).
    pub piece: Piece,
    /// The square it went on.
    pub square: Square,
    /// Its level, 1 for the bottom of the tower.
    pub level: usize,
}

pub(crate) const NO_SQUARE: u8 = u8::MAX;

// Zobrist key layout.
const K_TOWER: usize = 0; // (square * 4 + level) * 25 + piece
const K_STOCK: usize = K_TOWER + 26 * 4 * 25; // side * 25 + piece
const K_TURN: usize = K_STOCK + 50;
const K_LAST: usize = K_TURN + 1; // square
const K_PASSES: usize = K_LAST + 26; // 0..=2
const K_EARLIER: usize = K_PASSES + 3; // side * 14 + count
const K_TOTAL: usize = K_EARLIER + 28;

static KEYS: [u64; K_TOTAL] = zobrist::keys(0x4A45_5249_4348_4F21);

#[inline]
fn tower_key(square: usize, level: usize, piece: Piece) -> u64 {
    KEYS[K_TOWER + (square * 4 + level) * 25 + piece.index()]
}

#[inline]
fn stock_key(side: Side, piece: Piece) -> u64 {
    KEYS[K_STOCK + side.index() * 25 + piece.index()]
}

#[inline]
fn last_key(last: u8) -> u64 {
    if last == NO_SQUARE {
        0
    } else {
        KEYS[K_LAST + last as usize]
    }
}

#[inline]
fn earlier_key(side: Side, count: u8) -> u64 {
    KEYS[K_EARLIER + side.index() * 14 + count as usize]
}

/// A Jericho position reachable under the rules (or at least consistent with them): the towers,
/// both stocks, the side to move, the opponent's last placement, the monolith counts as they were
/// before the last turn, and the number of passes in a row.
///
/// Build it with [`Game::new`], from text with
/// [`TextGame::from_text`](abstract_game::TextGame::from_text), or from a
/// [`Setup`](crate::Setup) with [`TextGame::from_setup`](abstract_game::TextGame::from_setup).
/// Its `Display` is the position text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) towers: [Tower; 26],
    pub(crate) occupied: Squares,
    pub(crate) stocks: [u32; 2],
    pub(crate) lead: [u16; 2],
    pub(crate) hash: u64,
    pub(crate) rules: Rules,
    pub(crate) turn: Side,
    pub(crate) last: u8,
    pub(crate) earlier: [u8; 2],
    pub(crate) passes: u8,
}

// The start position as `Default`, the position text as `Display`.
abstract_game::default_and_display!(Position);

impl Position {
    /// The empty board under `rules`: full stocks, the first player to move.
    fn start(rules: Rules) -> Position {
        let mut pos = Position {
            towers: [Tower::EMPTY; 26],
            occupied: Squares::EMPTY,
            stocks: [PieceSet::FULL.0; 2],
            lead: [0; 2],
            hash: 0,
            rules,
            turn: rules.first_player,
            last: NO_SQUARE,
            earlier: [0; 2],
            passes: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// The tower on `square` ([`Tower::EMPTY`] when nothing stands there).
    #[inline]
    pub const fn at(&self, square: Square) -> Tower {
        self.towers[square.index()]
    }

    /// The squares holding a tower.
    #[inline]
    pub const fn occupied(&self) -> Squares {
        self.occupied
    }

    /// The pieces `side` still has to place.
    #[inline]
    pub fn stock(&self, side: Side) -> PieceSet {
        PieceSet(self.stocks[side.index()])
    }

    /// The player leading `alignment` (holding its monolith), if anyone.
    #[inline]
    pub fn leader(&self, alignment: Alignment) -> Option<Side> {
        let bit = 1 << alignment.index();
        if self.lead[0] & bit != 0 {
            Some(Side::First)
        } else if self.lead[1] & bit != 0 {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// The number of monoliths `side` holds now (alignments he leads).
    #[inline]
    pub fn monoliths(&self, side: Side) -> u32 {
        self.lead[side.index()].count_ones()
    }

    /// The monolith count of `side` as it stood before the last turn (at the end of the turn
    /// before it; 0 at the start). The winning rule reads the count of the side to move.
    #[inline]
    pub fn earlier_monoliths(&self, side: Side) -> u32 {
        u32::from(self.earlier[side.index()])
    }

    /// The opponent's placement of the last turn, or `None` at the start or after a pass.
    #[inline]
    pub fn last_placement(&self) -> Option<LastPlacement> {
        if self.last == NO_SQUARE {
            return None;
        }
        let square = Square::ALL[self.last as usize];
        let tower = &self.towers[self.last as usize];
        tower.top().map(|piece| LastPlacement {
            piece,
            square,
            level: tower.height(),
        })
    }

    /// The number of passes in a row that ended the last turns (0, 1 or 2).
    #[inline]
    pub fn passes(&self) -> u32 {
        u32::from(self.passes)
    }

    /// The number of pieces on the board.
    pub fn pieces_on_board(&self) -> u32 {
        self.towers.iter().map(|t| t.height() as u32).sum()
    }

    /// Who leads an alignment, judged from the towers on it: a player leads when one of his
    /// towers there beats every enemy tower there (and there is at least one of each).
    pub(crate) fn judge(&self, alignment: usize) -> Option<Side> {
        let on = ALIGNMENT_SQUARES[alignment] & self.occupied;
        let south = on & TERRITORY[0];
        let north = on & TERRITORY[1];
        if south.is_empty() || north.is_empty() {
            return None;
        }
        if !self.rules.prefix_tie() {
            // Strength keys order towers totally: compare the strongest of each side.
            let best = |set: Squares| {
                set.iter()
                    .map(|s| self.towers[s.index()].strength_key())
                    .fold(0, Ord::max)
            };
            let (s, n) = (best(south), best(north));
            return match s.cmp(&n) {
                core::cmp::Ordering::Greater => Some(Side::First),
                core::cmp::Ordering::Less => Some(Side::Second),
                core::cmp::Ordering::Equal => None,
            };
        }
        let beats_all = |mine: Squares, theirs: Squares| {
            mine.iter().any(|s| {
                theirs
                    .iter()
                    .all(|o| self.towers[s.index()].beats(&self.towers[o.index()], true))
            })
        };
        if beats_all(south, north) {
            Some(Side::First)
        } else if beats_all(north, south) {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// Recomputes every alignment's leader from the towers.
    pub(crate) fn refresh_leads(&mut self) {
        self.lead = [0; 2];
        for a in 0..Alignment::COUNT {
            if let Some(side) = self.judge(a) {
                self.lead[side.index()] |= 1 << a;
            }
        }
    }

    /// The Zobrist hash computed from the whole position.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (s, tower) in self.towers.iter().enumerate() {
            for (level, &piece) in tower.pieces().iter().enumerate() {
                h ^= tower_key(s, level, piece);
            }
        }
        for side in Side::BOTH {
            for piece in self.stock(side).iter() {
                h ^= stock_key(side, piece);
            }
            h ^= earlier_key(side, self.earlier[side.index()]);
        }
        if self.turn == Side::Second {
            h ^= KEYS[K_TURN];
        }
        h ^= last_key(self.last);
        h ^= KEYS[K_PASSES + self.passes as usize];
        h
    }

    #[inline]
    fn set_earlier(&mut self) {
        for side in Side::BOTH {
            let now = self.lead[side.index()].count_ones() as u8;
            let old = self.earlier[side.index()];
            if now != old {
                self.hash ^= earlier_key(side, old) ^ earlier_key(side, now);
                self.earlier[side.index()] = now;
            }
        }
    }

    #[inline]
    fn place(&mut self, piece: Piece, square: Square) {
        let s = square.index();
        let me = self.turn;
        // The counts at the start of this turn are the ones the next check compares against.
        self.set_earlier();
        let level = self.towers[s].height();
        self.towers[s] = self.towers[s].with(piece);
        self.occupied = self.occupied.with(square);
        self.stocks[me.index()] &= !piece.bit();
        self.hash ^= tower_key(s, level, piece) ^ stock_key(me, piece);
        for alignment in square.alignments() {
            let a = alignment.index();
            let bit = 1 << a;
            self.lead[0] &= !bit;
            self.lead[1] &= !bit;
            if let Some(side) = self.judge(a) {
                self.lead[side.index()] |= bit;
            }
        }
        self.hash ^= last_key(self.last) ^ last_key(s as u8);
        self.last = s as u8;
        if self.passes != 0 {
            self.hash ^= KEYS[K_PASSES + self.passes as usize] ^ KEYS[K_PASSES];
            self.passes = 0;
        }
        self.turn = !me;
        self.hash ^= KEYS[K_TURN];
    }

    #[inline]
    fn pass(&mut self) {
        self.set_earlier();
        self.hash ^= last_key(self.last);
        self.last = NO_SQUARE;
        let passes = (self.passes + 1).min(2);
        self.hash ^= KEYS[K_PASSES + self.passes as usize] ^ KEYS[K_PASSES + passes as usize];
        self.passes = passes;
        self.turn = !self.turn;
        self.hash ^= KEYS[K_TURN];
    }

    /// The winner, if the side to move has won: he held 7 or more monoliths at the end of his
    /// own last turn and still does after the opponent's reply.
    #[inline]
    pub fn winner(&self) -> Option<Side> {
        let me = self.turn;
        (u32::from(self.earlier[me.index()]) >= WINNING_MONOLITHS
            && self.lead[me.index()].count_ones() >= WINNING_MONOLITHS)
            .then_some(me)
    }
}

impl Game for Position {
    type Move = Move;
    type Rules = Rules;
    type MoveList = MoveList;

    const NAME: &'static str = "jericho";
    const SIDE_NAMES: [&'static str; 2] = ["South", "North"];

    fn new(rules: Rules) -> Position {
        Position::start(rules)
    }

    #[inline]
    fn rules(&self) -> Rules {
        self.rules
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.turn
    }

    fn legal_moves(&self, moves: &mut MoveList) {
        self.generate(moves);
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        self.count_moves()
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    fn random_move(&self, rng: &mut abstract_game::playout::Rng) -> Option<Move> {
        self.random_legal_move(rng)
    }

    #[inline]
    fn count_after(&self, mv: Move) -> usize {
        match mv {
            Move::Place { piece, square } => self.count_after_placement(piece, square),
            Move::Pass => self.after(mv).count_moves(),
        }
    }

    #[inline]
    fn after(&self, mv: Move) -> Position {
        let mut next = *self;
        next.play_unchecked(mv);
        next
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        match mv {
            Move::Place { piece, square } => self.place(piece, square),
            Move::Pass => self.pass(),
        }
    }

    const ENDINGS: &'static [abstract_game::Ending] = crate::ending::ALL;

    fn ending(&self) -> Option<abstract_game::Ending> {
        self.compute_ending()
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if let Some(side) = self.winner() {
            Some(Outcome::win(side))
        } else if self.passes >= 2 {
            Some(Outcome::DRAW)
        } else {
            None
        }
    }

    /// The pieces in each side's territory, counted through the towers' heights. Jericho is a
    /// placement game and its pieces carry no owner: a tower belongs to the owner of its
    /// territory, whoever placed it, so this is what each side holds on the board (0 at the
    /// start; nothing is ever taken off, and the stock is not counted).
    fn piece_counts(&self) -> [u32; 2] {
        let mut counts = [0u32; 2];
        for (tower, square) in self.towers.iter().zip(crate::board::SQUARES.iter()) {
            counts[square.territory.index()] += tower.height() as u32;
        }
        counts
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.compute_hash()
    }
}

abstract_game::unsolvable!(Position);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_is_small() {
        // Copy-make copies the whole position for every move played.
        assert!(core::mem::size_of::<Position>() <= 96);
        assert_eq!(core::mem::size_of::<Tower>(), 2);
    }

    #[test]
    fn move_list_capacity_covers_the_largest_position() {
        // A stock holds at most 25 pieces and there are 26 squares; the empty board reaches it.
        let start = Position::start(Rules::default());
        assert_eq!(start.count_legal_moves(), MAX_MOVES);
    }
}
