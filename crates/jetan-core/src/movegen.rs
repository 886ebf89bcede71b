//! Legal move generation and counting: the hot loop.
//!
//! No path is enumerated here. Each piece's destinations come from neighbour tables and
//! whole-board shifts of `u128` square sets, combined with the set of empty squares:
//!
//! * one- and two-step pieces: the first step's squares that are empty, stepped once more;
//!   no two-step path can visit a square twice except by returning to the start, which is never
//!   a destination, so both path options give the same moves;
//! * three-step non-jumpers (Dwar, Chief): with revisits allowed, two set-wise steps through the
//!   empty squares (and the vacated start) then a last step; without revisits, the same, except
//!   that a path may end on one of the first squares only through a second square that is next
//!   to two first squares (see `reach3`);
//! * jumpers (Flier, Princess): a table of destinations per square and path option;
//! * the Princess: the enemy's attack map is built once per position with her lifted off her
//!   square; she may end only on empty squares outside it.

use abstract_game::Side;
use abstract_game::bitboard::Bitboard128;
use abstract_game::square::Direction;
use arrayvec::ArrayVec;

use crate::board::{
    ALL_BITS, DIAG, FLIER, KING, ORTH, PRINCESS, diag_step, east, index_delta, king_step, north,
    orth_step, shift, south, west,
};
use crate::piece::Kind;
use crate::position::{Move, MoveList, Position};

/// Where generated moves go: a counter or a list.
pub(crate) trait Sink {
    /// Moves from `from` to every square of `targets`.
    fn piece_moves(&mut self, from: usize, targets: u128);
    /// Moves to every square of `targets`, each from the square `delta` indices before it.
    fn shifted(&mut self, targets: u128, delta: i32);
    /// Escape moves from `from` to every square of `targets`.
    fn escapes(&mut self, from: usize, targets: u128);
}

/// Counts moves.
pub(crate) struct Counter(pub usize);

impl Sink for Counter {
    #[inline(always)]
    fn piece_moves(&mut self, _from: usize, targets: u128) {
        self.0 += targets.count_ones() as usize;
    }
    #[inline(always)]
    fn shifted(&mut self, targets: u128, _delta: i32) {
        self.0 += targets.count_ones() as usize;
    }
    #[inline(always)]
    fn escapes(&mut self, _from: usize, targets: u128) {
        self.0 += targets.count_ones() as usize;
    }
}

/// Fills a move list.
pub(crate) struct Filler<'a>(pub &'a mut MoveList);

/// Pushes a move for every square of `targets`, `base` holding the start and flags.
#[inline(always)]
fn push_all(list: &mut MoveList, base: u16, targets: u128) {
    let mut low = targets as u64;
    while low != 0 {
        list.push(Move::packed(base, low.trailing_zeros()));
        low &= low - 1;
    }
    let mut high = (targets >> 64) as u64;
    while high != 0 {
        list.push(Move::packed(base, 64 + high.trailing_zeros()));
        high &= high - 1;
    }
}

impl Sink for Filler<'_> {
    #[inline(always)]
    fn piece_moves(&mut self, from: usize, targets: u128) {
        push_all(self.0, Move::base(from, false), targets);
    }
    #[inline(always)]
    fn shifted(&mut self, mut targets: u128, delta: i32) {
        while targets != 0 {
            let to = targets.trailing_zeros() as i32;
            targets &= targets - 1;
            self.0.push(Move::packed(
                Move::base((to - delta) as usize, false),
                to as u32,
            ));
        }
    }
    #[inline(always)]
    fn escapes(&mut self, from: usize, targets: u128) {
        push_all(self.0, Move::base(from, true), targets);
    }
}

/// One group of moves: their targets, and the start square's bits (with the escape flag) or,
/// for Panthans moved set-wise, the index delta from start to target.
#[derive(Clone, Copy)]
struct Group {
    targets: u128,
    base: i32,
    shifted: bool,
}

/// Keeps each group of moves as a set, to count them all and then pick one by its rank.
pub(crate) struct Groups {
    /// At most 5 Panthan directions, 11 other pieces and 2 Princess groups: 18.
    groups: ArrayVec<Group, 18>,
    total: u32,
}

impl Groups {
    pub(crate) fn new() -> Groups {
        Groups {
            groups: ArrayVec::new(),
            total: 0,
        }
    }

    #[inline(always)]
    fn add(&mut self, base: i32, targets: u128, shifted: bool) {
        if targets != 0 {
            let _ = self.groups.try_push(Group {
                targets,
                base,
                shifted,
            });
            self.total += targets.count_ones();
        }
    }

    /// The number of moves kept.
    pub(crate) fn total(&self) -> u32 {
        self.total
    }

    /// The move of rank `index` (below [`total`](Self::total)) in generation order.
    pub(crate) fn nth(&self, mut index: u32) -> Option<Move> {
        for g in &self.groups {
            let n = g.targets.count_ones();
            if index >= n {
                index -= n;
                continue;
            }
            let to = Bitboard128(g.targets).nth(index)?;
            let base = if g.shifted {
                Move::base((to as i32 - g.base) as usize, false)
            } else {
                g.base as u16
            };
            return Some(Move::packed(base, to));
        }
        None
    }
}

impl Sink for Groups {
    #[inline(always)]
    fn piece_moves(&mut self, from: usize, targets: u128) {
        self.add(i32::from(Move::base(from, false)), targets, false);
    }
    #[inline(always)]
    fn shifted(&mut self, targets: u128, delta: i32) {
        self.add(delta, targets, true);
    }
    #[inline(always)]
    fn escapes(&mut self, from: usize, targets: u128) {
        self.add(i32::from(Move::base(from, true)), targets, false);
    }
}

/// Panthan steps of `side` as (shifted set, index delta) for the five directions: forward,
/// diagonally forward (east, then west), east and west.
#[inline(always)]
fn panthan_shifts(side: Side, p: u128) -> [(u128, i32); 5] {
    // Each direction is a constant, so each shift is one mask and one shift.
    macro_rules! steps {
        ($($dir:ident),*) => {
            [$((shift(p, Direction::$dir), index_delta(Direction::$dir))),*]
        };
    }
    match side {
        Side::First => steps!(North, NorthEast, NorthWest, East, West),
        Side::Second => steps!(South, SouthEast, SouthWest, East, West),
    }
}

/// Every square a Panthan of `side` on a square of `p` steps to (whatever stands there).
#[inline(always)]
fn panthan_reach(side: Side, p: u128) -> u128 {
    let e = east(p);
    let w = west(p);
    let h = p | e | w;
    let fwd = match side {
        Side::First => north(h),
        Side::Second => south(h),
    };
    fwd | e | w
}

/// The squares one step (king steps, or orthogonal ones) from at least one square of `first`,
/// and those one step from at least two of them.
#[inline(always)]
fn step_once_twice<const KING_STEPS: bool>(first: u128) -> (u128, u128) {
    let e = east(first);
    let w = west(first);
    let n = north(first);
    let s = south(first);
    let mut once = e | w;
    let mut twice = e & w;
    for x in [n, s] {
        twice |= once & x;
        once |= x;
    }
    if KING_STEPS {
        for x in [north(e), north(w), south(e), south(w)] {
            twice |= once & x;
            once |= x;
        }
    }
    (once, twice)
}

/// Ends of the three-step non-jumping paths from `x`. `pass` is the set of squares a path may
/// cross (empty squares, plus `x` itself when revisits are allowed). With `return_to_first`
/// a path may end on its own first square (revisit option, real moves); without it, it may
/// not (no-revisit option, and every threat test: a piece crossing the Princess's square is
/// blocked by her). The result may contain occupied squares and never contains `x`.
///
/// Without `return_to_first`, a square `c` off the first squares is reached as soon as some
/// second square is next to it; a first square `c` needs a second square `b` next to it that
/// some *other* first square also reaches, that is a second square next to two first squares
/// (one of which is `c` itself).
#[inline(always)]
fn reach3<const KING_STEPS: bool>(x: usize, pass: u128, return_to_first: bool) -> u128 {
    let first = if KING_STEPS { KING[x] } else { ORTH[x] } & pass;
    if first == 0 {
        return 0;
    }
    let step = |b: u128| {
        if KING_STEPS {
            king_step(b)
        } else {
            orth_step(b)
        }
    };
    let out = if return_to_first {
        step(step(first) & pass)
    } else {
        let (once, twice) = step_once_twice::<KING_STEPS>(first);
        (step(once & pass) & !first) | (first & step(twice & pass))
    };
    out & !(1u128 << x)
}

/// Destinations (occupied or not) of a non-Princess piece of kind `kind` on `x`, with `empty`
/// the empty squares. `moves` selects the path rule of real moves; otherwise the threat rule
/// (the path may not end on its first square).
#[inline(always)]
fn reach(kind: Kind, side: Side, x: usize, empty: u128, revisit: bool, moves: bool) -> u128 {
    let bit = 1u128 << x;
    match kind {
        Kind::Panthan => panthan_reach(side, bit),
        Kind::Thoat => diag_step(ORTH[x] & empty),
        Kind::Warrior => orth_step(ORTH[x] & empty) & !bit,
        Kind::Padwar => diag_step(DIAG[x] & empty) & !bit,
        Kind::Dwar => {
            let pass = if revisit { empty | bit } else { empty };
            reach3::<false>(x, pass, revisit && moves)
        }
        Kind::Chief => {
            let pass = if revisit { empty | bit } else { empty };
            reach3::<true>(x, pass, revisit && moves)
        }
        Kind::Flier => FLIER[revisit as usize][x],
        Kind::Princess => 0,
    }
}

impl Position {
    /// The squares where a piece of `side` other than its Princess could capture an enemy
    /// piece, with `lifted` (a set of squares) treated as empty. Only the squares of `wanted`
    /// are sure to be right: pieces more than three king steps from all of them are skipped.
    #[inline]
    pub(crate) fn attacks(&self, side: Side, lifted: u128, wanted: u128) -> u128 {
        let mine = self.by_side[side.index()];
        let empty = (ALL_BITS & !(self.by_side[0] | self.by_side[1])) | lifted;
        let revisit = self.rules.revisit;
        let k = |kind: Kind| self.by_kind[kind.index()] & mine;
        let mut att = panthan_reach(side, k(Kind::Panthan));
        att |= diag_step(orth_step(k(Kind::Thoat)) & empty);
        att |= orth_step(orth_step(k(Kind::Warrior)) & empty);
        att |= diag_step(diag_step(k(Kind::Padwar)) & empty);
        // Every square a three-step piece reaches is within three king steps of it.
        let near = |x: usize| PRINCESS[0][x] & wanted != 0;
        let mut fliers = k(Kind::Flier);
        while fliers != 0 {
            let x = fliers.trailing_zeros() as usize;
            fliers &= fliers - 1;
            att |= FLIER[revisit as usize][x];
        }
        let mut dwars = k(Kind::Dwar);
        while dwars != 0 {
            let x = dwars.trailing_zeros() as usize;
            dwars &= dwars - 1;
            if near(x) {
                att |= reach(Kind::Dwar, side, x, empty, revisit, false);
            }
        }
        let mut chiefs = k(Kind::Chief);
        while chiefs != 0 {
            let x = chiefs.trailing_zeros() as usize;
            chiefs &= chiefs - 1;
            if near(x) {
                att |= reach(Kind::Chief, side, x, empty, revisit, false);
            }
        }
        att
    }

    /// Whether an enemy piece other than the Princess could capture on `square` if the
    /// Princess of the side to move stood there.
    pub(crate) fn threatened_for_princess(&self, square: usize) -> bool {
        let side = self.to_move;
        let lifted = self.by_kind[Kind::Princess.index()] & self.by_side[side.index()];
        self.attacks(!side, lifted, 1u128 << square) & (1u128 << square) != 0
    }

    /// Sends every legal move (none once the game is over) to `sink`.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        if self.result.is_some() {
            return;
        }
        let side = self.to_move;
        let mine = self.by_side[side.index()];
        let theirs = self.by_side[(!side).index()];
        let empty = ALL_BITS & !(mine | theirs);
        let not_mine = ALL_BITS & !mine;
        let revisit = self.rules.revisit;
        let k = |kind: Kind| self.by_kind[kind.index()] & mine;

        let panthans = k(Kind::Panthan);
        if panthans != 0 {
            for (targets, delta) in panthan_shifts(side, panthans) {
                sink.shifted(targets & not_mine, delta);
            }
        }
        // One loop per kind, so that each loop body is specialised to its kind.
        macro_rules! each {
            ($kind:expr, $revisit:expr) => {
                let mut set = k($kind);
                while set != 0 {
                    let x = set.trailing_zeros() as usize;
                    set &= set - 1;
                    sink.piece_moves(x, reach($kind, side, x, empty, $revisit, true) & not_mine);
                }
            };
        }
        each!(Kind::Thoat, revisit);
        each!(Kind::Warrior, revisit);
        each!(Kind::Padwar, revisit);
        each!(Kind::Flier, revisit);
        if revisit {
            each!(Kind::Dwar, true);
            each!(Kind::Chief, true);
        } else {
            each!(Kind::Dwar, false);
            each!(Kind::Chief, false);
        }
        let princess = k(Kind::Princess);
        if princess != 0 {
            let x = princess.trailing_zeros() as usize;
            let near = PRINCESS[revisit as usize][x];
            let can_escape = self.rules.escape && self.escape_left[side.index()];
            let wanted = if can_escape { empty } else { empty & near };
            if wanted != 0 {
                let safe = wanted & !self.attacks(!side, princess, wanted);
                sink.piece_moves(x, safe & near);
                if can_escape {
                    sink.escapes(x, safe & !near);
                }
            }
        }
    }

    /// Whether the side to move has a legal move, ignoring whether the game is over. Cheap
    /// pieces are tried first.
    pub(crate) fn has_any_move(&self) -> bool {
        let side = self.to_move;
        let mine = self.by_side[side.index()];
        let theirs = self.by_side[(!side).index()];
        let empty = ALL_BITS & !(mine | theirs);
        let not_mine = ALL_BITS & !mine;
        let revisit = self.rules.revisit;
        let k = |kind: Kind| self.by_kind[kind.index()] & mine;
        if panthan_reach(side, k(Kind::Panthan)) & not_mine != 0 {
            return true;
        }
        for kind in [
            Kind::Flier,
            Kind::Thoat,
            Kind::Warrior,
            Kind::Padwar,
            Kind::Dwar,
            Kind::Chief,
        ] {
            let mut set = k(kind);
            while set != 0 {
                let x = set.trailing_zeros() as usize;
                set &= set - 1;
                if reach(kind, side, x, empty, revisit, true) & not_mine != 0 {
                    return true;
                }
            }
        }
        let princess = k(Kind::Princess);
        if princess != 0 {
            let x = princess.trailing_zeros() as usize;
            let mut wanted = empty & PRINCESS[revisit as usize][x];
            if self.rules.escape && self.escape_left[side.index()] {
                wanted = empty;
            }
            return wanted & !self.attacks(!side, princess, wanted) != 0;
        }
        false
    }
}
