//! Legal moves and their count: the hot loop.
//!
//! The pieces that may go on a square are the mover's stock masked by the tower's
//! [fitting](crate::Tower::fitting) set; the asymmetry rule removes at most one piece (the copy
//! of the opponent's last piece) from a few squares next to the last placement. No allocation,
//! only masks.

use abstract_game::Game;
use abstract_game::bitboard::Bitboard32;
use abstract_game::playout::Rng;

use crate::board::{SHARES_ACROSS, SHARES_ALIGNMENT, Square, Squares};
use crate::piece::{Piece, Tower};
use crate::position::{Move, MoveList, NO_SQUARE, Position};
use crate::rules::{AsymmetryScope, TowerIdentity};

/// Why a move is not legal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game has ended. ([`parse_move`](abstract_game::TextGame::parse_move) reports it as
    /// [`MoveError::GameOver`](crate::MoveError::GameOver).)
    #[error("the game is over")]
    GameOver,
    /// The mover has already placed this piece.
    #[error("{piece} is not in the mover's stock")]
    NotInStock {
        /// The piece.
        piece: Piece,
    },
    /// The tower already has four pieces.
    #[error("the tower on {square} is full (four pieces)")]
    TowerFull {
        /// The square.
        square: Square,
    },
    /// A piece of that size is already in the tower.
    #[error("the tower on {square} already holds a piece of size {size}")]
    SizeTaken {
        /// The square.
        square: Square,
        /// The clashing size.
        size: u8,
    },
    /// A piece of that colour is already in the tower.
    #[error("the tower on {square} already holds a piece of colour {colour}")]
    ColourTaken {
        /// The square.
        square: Square,
        /// The clashing colour letter.
        colour: char,
    },
    /// The placement copies the opponent's last placement (the asymmetry rule).
    #[error(
        "{piece} on {square} copies the opponent's {piece} on {copied} at the same level (asymmetry rule)"
    )]
    Asymmetry {
        /// The piece.
        piece: Piece,
        /// Where it would go.
        square: Square,
        /// The opponent's last square.
        copied: Square,
    },
    /// A pass is only legal when no placement is.
    #[error("cannot pass: a placement is possible")]
    PassNotAllowed,
}

impl Position {
    /// The squares where the asymmetry rule forbids the piece it returns (the copy of the
    /// opponent's last piece), or an empty set.
    #[inline]
    pub(crate) fn asymmetry(&self) -> (Squares, Piece) {
        let none = (Squares::EMPTY, Piece::ALL[0]);
        if self.last == NO_SQUARE {
            return none;
        }
        let q = self.last as usize;
        let scope = match self.rules.asymmetry {
            AsymmetryScope::SharedAlignment => SHARES_ALIGNMENT[q],
            AsymmetryScope::OtherTerritory => SHARES_ACROSS[q],
            AsymmetryScope::Off => return none,
        };
        let tq = &self.towers[q];
        let Some(piece) = tq.top() else {
            return none;
        };
        if self.stocks[self.turn.index()] & piece.bit() == 0 {
            return none;
        }
        (self.copies_forbidden(scope, tq.below(), piece), piece)
    }

    /// The squares of `scope` where a copy of `piece` would stand on a tower identical to
    /// `below` (the tower under the copied piece), so that the asymmetry rule forbids it.
    #[inline]
    fn copies_forbidden(&self, scope: Squares, below: Tower, piece: Piece) -> Squares {
        match self.rules.identity {
            // Same pieces underneath means the same tower number; the piece then fits there as it
            // did on q. On an empty square the copy is forbidden on every empty aligned square.
            TowerIdentity::SizesAndColours => {
                if below.is_empty() {
                    scope.minus(self.occupied)
                } else {
                    (scope & self.occupied)
                        .iter()
                        .filter(|r| self.towers[r.index()] == below)
                        .collect()
                }
            }
            TowerIdentity::SizesOnly => {
                let key = below.strength_key();
                let mut forbidden = Squares::EMPTY;
                for r in scope {
                    let tr = &self.towers[r.index()];
                    // Equal keys mean equal heights and equal sizes level by level.
                    if tr.strength_key() == key && tr.accepts(piece) {
                        forbidden = forbidden.with(r);
                    }
                }
                forbidden
            }
        }
    }

    /// Number of legal placements (not counting a pass).
    #[inline]
    pub(crate) fn count_placements(&self) -> usize {
        let stock = self.stocks[self.turn.index()];
        let empty = Squares::ALL.minus(self.occupied).count() * stock.count_ones();
        let mut total = empty;
        for s in self.occupied {
            total += (self.towers[s.index()].fit_mask() & stock).count_ones();
        }
        // `asymmetry` only lists squares where the piece is held and fits.
        total -= self.asymmetry().0.count();
        total as usize
    }

    /// The number of legal moves after the placement of `piece` on `square` (legal here),
    /// without building that position: the opponent's stock does not change, one tower grows,
    /// and the asymmetry rule looks at this placement. When the opponent might win at the end of
    /// this turn the position is built after all.
    #[inline]
    pub(crate) fn count_after_placement(&self, piece: Piece, square: Square) -> usize {
        let next = !self.turn;
        if self.lead[next.index()].count_ones() >= crate::position::WINNING_MONOLITHS {
            return self.after(Move::place(piece, square)).count_moves();
        }
        let s = square.index();
        let stock = self.stocks[next.index()];
        let old = self.towers[s];
        let occupied = self.occupied.with(square);
        let mut total = Squares::ALL.minus(occupied).count() * stock.count_ones();
        for r in self.occupied.without(square) {
            total += (self.towers[r.index()].fit_mask() & stock).count_ones();
        }
        total += (old.with(piece).fit_mask() & stock).count_ones();
        if stock & piece.bit() != 0 {
            let scope = match self.rules.asymmetry {
                AsymmetryScope::SharedAlignment => SHARES_ALIGNMENT[s],
                AsymmetryScope::OtherTerritory => SHARES_ACROSS[s],
                AsymmetryScope::Off => Squares::EMPTY,
            };
            total -= self.copies_forbidden(scope, old, piece).count();
        }
        (total as usize).max(1)
    }

    /// Number of legal moves: placements, or one pass when there are none, or zero once the
    /// game is over.
    #[inline]
    pub(crate) fn count_moves(&self) -> usize {
        if self.is_over() {
            return 0;
        }
        self.count_placements().max(1)
    }

    /// Fills `moves` with the legal moves, square by square, pieces by index.
    pub(crate) fn generate(&self, moves: &mut MoveList) {
        self.generate_pieces(moves, |set| set);
    }

    /// Fills `moves` with one legal placement of each size on each square, the piece of the
    /// lowest index (so the first colour) that may go there, or a pass when no placement is
    /// legal: the twins' representatives (see [`Evaluate::move_family`]).
    ///
    /// [`Evaluate::move_family`]: abstract_game::Evaluate::move_family
    pub(crate) fn generate_families(&self, moves: &mut MoveList) {
        self.generate_pieces(moves, |set| {
            // The lowest piece of each size: pieces go by index (size - 1) * 5 + colour, so
            // each size is a group of five bits.
            let mut first = 0;
            for size in 0..5 {
                let group = set & 0b11111 << (5 * size);
                first |= group & group.wrapping_neg();
            }
            first
        });
    }

    /// The pieces of `stock` that may go on `square`: those the tower there accepts, less the
    /// copy the asymmetry rule forbids there (`asymmetry` as [`asymmetry`](Self::asymmetry)
    /// returns it).
    #[inline]
    fn pieces_for(&self, square: Square, stock: u32, asymmetry: (Squares, Piece)) -> u32 {
        let (forbidden, copy) = asymmetry;
        let set = self.towers[square.index()].fit_mask() & stock;
        if forbidden.contains(square) {
            set & !copy.bit()
        } else {
            set
        }
    }

    /// The one walk of [`generate`](Self::generate) and
    /// [`generate_families`](Self::generate_families): each square's legal pieces, as
    /// narrowed by `keep`.
    #[inline]
    fn generate_pieces(&self, moves: &mut MoveList, keep: impl Fn(u32) -> u32) {
        moves.clear();
        if self.is_over() {
            return;
        }
        let stock = self.stocks[self.turn.index()];
        let asymmetry = self.asymmetry();
        for square in Square::ALL {
            for p in Bitboard32(keep(self.pieces_for(square, stock, asymmetry))) {
                moves.push(Move::Place {
                    piece: Piece::ALL[p as usize],
                    square,
                });
            }
        }
        if moves.is_empty() {
            moves.push(Move::Pass);
        }
    }

    /// The ids of the legal moves ([`ActionSpace`](abstract_game::ActionSpace)), in id
    /// order, into `out` (cleared first): piece by piece, and for each piece the squares where
    /// it fits in square order, so no sort is needed. A piece fits every empty square; the
    /// towers are turned into one square set per piece first. A pass (id `pass`) only when no
    /// placement is legal; nothing once the game is over.
    pub(crate) fn legal_ids(&self, pass: usize, out: &mut Vec<usize>) {
        out.clear();
        if self.is_over() {
            return;
        }
        let stock = self.stocks[self.turn.index()];
        let empty = Squares::ALL.minus(self.occupied);
        let mut fits_on: [Squares; Piece::COUNT] = [empty; Piece::COUNT];
        for s in self.occupied {
            for p in Bitboard32(self.towers[s.index()].fit_mask() & stock) {
                fits_on[p as usize] = fits_on[p as usize].with(s);
            }
        }
        let (forbidden, copy) = self.asymmetry();
        fits_on[copy.index()] = fits_on[copy.index()].minus(forbidden);
        for p in Bitboard32(stock) {
            let p = p as usize;
            for square in fits_on[p] {
                out.push(p * Square::COUNT + square.index());
            }
        }
        if out.is_empty() {
            out.push(pass);
        }
    }

    /// A legal move drawn uniformly at random without building the list.
    pub(crate) fn random_legal_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.is_over() {
            return None;
        }
        let total = self.count_placements();
        if total == 0 {
            return Some(Move::Pass);
        }
        let mut k = rng.below(total as u32);
        let stock = self.stocks[self.turn.index()];
        let asymmetry = self.asymmetry();
        for square in Square::ALL {
            let set = self.pieces_for(square, stock, asymmetry);
            let n = set.count_ones();
            if k < n {
                let p = Bitboard32(set).nth(k)?;
                return Some(Move::place(Piece::ALL[p as usize], square));
            }
            k -= n;
        }
        None
    }

    /// Checks one move without generating the others; `Ok` when it is legal, otherwise the
    /// first reason it is not.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        match mv {
            Move::Pass => {
                if self.count_placements() == 0 {
                    Ok(())
                } else {
                    Err(IllegalMove::PassNotAllowed)
                }
            }
            Move::Place { piece, square } => {
                if self.stocks[self.turn.index()] & piece.bit() == 0 {
                    return Err(IllegalMove::NotInStock { piece });
                }
                let tower = &self.towers[square.index()];
                if tower.height() >= crate::piece::MAX_HEIGHT {
                    return Err(IllegalMove::TowerFull { square });
                }
                if tower.has_size(piece.size()) {
                    return Err(IllegalMove::SizeTaken {
                        square,
                        size: piece.size(),
                    });
                }
                if tower.has_colour(piece.colour()) {
                    return Err(IllegalMove::ColourTaken {
                        square,
                        colour: piece.colour().char(),
                    });
                }
                let (forbidden, copy) = self.asymmetry();
                if copy == piece && forbidden.contains(square) {
                    return Err(IllegalMove::Asymmetry {
                        piece,
                        square,
                        copied: Square::ALL[self.last as usize],
                    });
                }
                Ok(())
            }
        }
    }
}
