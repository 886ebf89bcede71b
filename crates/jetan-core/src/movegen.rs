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
//!   square; she may end only on empty squares outside it. The map is exact only on the
//!   squares she may go to: a three-step piece that cannot reach one of them not yet
//!   attacked is skipped, the Dwars walk as one, and the two-step pieces share their second
//!   steps.
//!
//! One walk ([`View::generate`]) serves every use through a [`Sink`], so that counting,
//! listing and drawing cannot drift apart: [`Counter`] adds popcounts (bulk counting, and
//! `count_after`, which builds only the piece sets of the next position, without its mailbox
//! or hash), [`Filler`] writes the move list, and [`Groups`] keeps one target set per piece
//! (or Panthan direction) to pick the move of a given rank in list order (the exact road of
//! the random draw, which otherwise finds one piece's moves only: see `crate::draw`).

use abstract_game::Side;
use abstract_game::bitboard::select128;
use abstract_game::square::Direction;

use crate::board::{
    ALL_BITS, DIAG, DWAR, FLIER, KING, ORTH, PRINCESS, diag_step, east, index_delta, king_step,
    low_index, north, orth_step, shift, south, west,
};
use crate::piece::Kind;
use crate::position::{Move, MoveList, Position};

/// Where generated moves go: a counter or a list.
pub(crate) trait Sink {
    /// Whether the walks of three-step pieces take the shortcut for a single first square (a
    /// branch that pays when most pieces have one, as in perft's early positions, and costs
    /// when the number changes from piece to piece, as in random games).
    const SHORTCUT: bool = true;
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

/// The most groups one position makes: 5 Panthan directions, 11 other pieces and the
/// Princess's normal moves and escapes.
const GROUPS: usize = 18;

/// Keeps each group of moves (one piece's, one Panthan direction's, or the Princess's
/// escapes) as a set, to count them all and then pick one by its rank.
///
/// The groups are kept field by field: the targets, the rank of each group's first move
/// among all the moves, and how to make a move's start from its target (`start = offset +
/// shifted · target`: the start square's bits with the escape flag and no multiple, or for
/// Panthans moved set-wise minus the index delta and the target once). Every call of the
/// [`Sink`] writes one slot, empty groups included, so that filling and picking run without
/// branches that depend on the moves.
pub(crate) struct Groups {
    targets: [u128; GROUPS],
    first: [u32; GROUPS],
    offset: [i32; GROUPS],
    shifted: [i32; GROUPS],
    /// Groups kept.
    len: usize,
    total: u32,
}

impl Groups {
    pub(crate) fn new() -> Groups {
        Groups {
            targets: [0; GROUPS],
            first: [0; GROUPS],
            offset: [0; GROUPS],
            shifted: [0; GROUPS],
            len: 0,
            total: 0,
        }
    }

    /// Forgets every group.
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.total = 0;
    }

    #[inline(always)]
    fn add(&mut self, offset: i32, targets: u128, shifted: bool) {
        // Never more than `GROUPS` calls per position, so the slot always exists. Empty
        // groups are kept too: `nth` never picks one.
        let at = self.len;
        if at < GROUPS {
            self.targets[at] = targets;
            self.first[at] = self.total;
            self.offset[at] = offset;
            self.shifted[at] = i32::from(shifted);
            self.len = at + 1;
            self.total += targets.count_ones();
        }
    }

    /// The number of moves kept.
    pub(crate) fn total(&self) -> u32 {
        self.total
    }

    /// The move of rank `index` (below [`total`](Self::total)) in generation order.
    #[inline(always)]
    pub(crate) fn nth(&self, index: u32) -> Option<Move> {
        if index >= self.total {
            return None;
        }
        let g = last_start_at_or_before(&self.first[..self.len.min(GROUPS)], index);
        let to = select128(self.targets[g], index - self.first[g]);
        let start = self.offset[g] + self.shifted[g] * to as i32;
        Some(Move::packed(start as u16, to))
    }
}

/// The index of the last of `firsts` (the first ranks of consecutive groups, the first one
/// 0) that is at most `rank`, counted without branching. It is never an empty group's when
/// `rank` is below the total: the group after an empty one starts where it does. 0 for no
/// groups.
#[inline(always)]
pub(crate) fn last_start_at_or_before(firsts: &[u32], rank: u32) -> usize {
    firsts
        .iter()
        .skip(1)
        .map(|&first| usize::from(first <= rank))
        .sum()
}

impl Sink for Groups {
    const SHORTCUT: bool = false;
    #[inline(always)]
    fn piece_moves(&mut self, from: usize, targets: u128) {
        self.add(i32::from(Move::base(from, false)), targets, false);
    }
    #[inline(always)]
    fn shifted(&mut self, targets: u128, delta: i32) {
        self.add(-delta, targets, true);
    }
    #[inline(always)]
    fn escapes(&mut self, from: usize, targets: u128) {
        self.add(i32::from(Move::base(from, true)), targets, false);
    }
}

/// The squares the Princess of the side to move may go to, before the threat test.
#[derive(Clone, Copy)]
pub(crate) struct Candidates {
    /// Her square.
    pub(crate) princess: usize,
    /// The squares of her normal moves (the rest are escapes).
    pub(crate) near: u128,
    /// The empty squares among her destinations (all of them while she may escape).
    pub(crate) squares: u128,
}

/// Panthan steps of `side` as (shifted set, index delta) for the five directions: forward,
/// diagonally forward (east, then west), east and west.
#[inline(always)]
pub(crate) fn panthan_shifts(side: Side, p: u128) -> [(u128, i32); 5] {
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
pub(crate) fn panthan_reach(side: Side, p: u128) -> u128 {
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
    if KING_STEPS {
        // A square's king neighbours are three in the rank above, three in the rank below
        // and two beside it: count each rank's three with two bits (any, two or more), then
        // add the ranks.
        let any = first | e | w;
        let two = (first & (e | w)) | (e & w);
        let (n_any, s_any) = (north(any), south(any));
        let side = e | w;
        let once = n_any | s_any | side;
        let twice = north(two) | south(two) | (n_any & s_any) | ((n_any | s_any) & side) | (e & w);
        (once, twice)
    } else {
        let n = north(first);
        let s = south(first);
        let mut once = e | w;
        let mut twice = e & w;
        for x in [n, s] {
            twice |= once & x;
            once |= x;
        }
        (once, twice)
    }
}

/// Ends of the three-step non-jumping paths from `x`. `pass` is the set of squares a path may
/// cross (empty squares, plus `x` itself when revisits are allowed). With `return_to_first`
/// a path may end on its own first square (revisit option, real moves); without it, it may
/// not (no-revisit option, and every threat test: a piece crossing the Princess's square is
/// blocked by her). The result may contain occupied squares, `x` itself among them (callers
/// drop it: it holds the piece).
///
/// Without `return_to_first`, a square `c` off the first squares is reached as soon as some
/// second square is next to it; a first square `c` needs a second square `b` next to it that
/// some *other* first square also reaches, that is a second square next to two first squares
/// (one of which is `c` itself). With a single first square there is none.
#[inline(always)]
fn reach3<const KING_STEPS: bool>(
    x: usize,
    pass: u128,
    return_to_first: bool,
    shortcut: bool,
) -> u128 {
    let first = if KING_STEPS { KING[x] } else { ORTH[x] } & pass;
    walk3::<KING_STEPS>(first, pass, return_to_first, shortcut)
}

/// [`reach3`] from the first squares `first` (those of the steps table next to the start, in
/// `pass`). Without `return_to_first`, also the union of the walks of several pieces at once,
/// from all their first squares (see `attacks`). With `shortcut`, a single first square takes
/// the cheaper formula (without `return_to_first`; the general one gives the same set, its
/// second term being empty); see [`Sink::SHORTCUT`].
#[inline(always)]
fn walk3<const KING_STEPS: bool>(
    first: u128,
    pass: u128,
    return_to_first: bool,
    shortcut: bool,
) -> u128 {
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
    if return_to_first {
        step(step(first) & pass)
    } else if shortcut && first & (first - 1) == 0 {
        step(step(first) & pass) & !first
    } else {
        let (once, twice) = step_once_twice::<KING_STEPS>(first);
        (step(once & pass) & !first) | (first & step(twice & pass))
    }
}

/// Destinations (occupied or not) of a non-Princess piece of kind `kind` on `x`, with `empty`
/// the empty squares. `moves` selects the path rule of real moves; otherwise the threat rule
/// (the path may not end on its first square). `thoat_jumps` lets a Thoat pass over its
/// first-step square whatever stands there. The result may contain `x` itself (callers drop
/// it: it holds the piece).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn reach(
    kind: Kind,
    side: Side,
    x: usize,
    empty: u128,
    revisit: bool,
    thoat_jumps: bool,
    moves: bool,
    shortcut: bool,
) -> u128 {
    // The start square, crossed by paths with revisits.
    let pass = |empty: u128| if revisit { empty | 1u128 << x } else { empty };
    match kind {
        Kind::Panthan => panthan_reach(side, 1u128 << x),
        Kind::Thoat => diag_step(ORTH[x] & if thoat_jumps { ALL_BITS } else { empty }),
        Kind::Warrior => orth_step(ORTH[x] & empty),
        Kind::Padwar => diag_step(DIAG[x] & empty),
        Kind::Dwar => reach3::<false>(x, pass(empty), revisit && moves, shortcut),
        Kind::Chief => reach3::<true>(x, pass(empty), revisit && moves, shortcut),
        Kind::Flier => FLIER[revisit as usize][x],
        Kind::Princess => 0,
    }
}

/// What move generation reads: the pieces, the side to move and the facts of the rules and
/// the position that change the moves. A [`Position`] lends its own ([`Position::view`]);
/// `count_after` makes one for the position after a move without making that position (no
/// mailbox, no hash, no copy of the rest).
#[derive(Clone, Copy)]
pub(crate) struct View<'a> {
    /// Pieces of each side.
    pub(crate) by_side: &'a [u128; 2],
    /// Pieces of each kind, both sides.
    pub(crate) by_kind: &'a [u128; 8],
    /// The side to move.
    pub(crate) to_move: Side,
    /// The `revisit` option.
    pub(crate) revisit: bool,
    /// The `thoat_jumps` option.
    pub(crate) thoat_jumps: bool,
    /// Whether the side to move's Princess may escape: the option is on and her escape unused.
    pub(crate) can_escape: bool,
}

impl Position {
    /// This position's [`View`] (of a game going on: the result is not looked at).
    #[inline(always)]
    pub(crate) fn view(&self) -> View<'_> {
        View {
            by_side: &self.by_side,
            by_kind: &self.by_kind,
            to_move: self.to_move,
            revisit: self.rules.revisit,
            thoat_jumps: self.rules.thoat_jumps,
            can_escape: self.rules.escape && self.escape_left[self.to_move.index()],
        }
    }

    /// The squares where a piece of `side` other than its Princess could capture an enemy
    /// piece, with `lifted` (a set of squares) treated as empty. Only the squares of `wanted`
    /// are sure to be right: pieces more than three king steps from all of them are skipped.
    #[inline]
    pub(crate) fn attacks(&self, side: Side, lifted: u128, wanted: u128) -> u128 {
        self.view().attacks(side, lifted, wanted)
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
        if self.result.is_none() {
            self.view().generate(sink);
        }
    }

    /// Whether the side to move has a legal move, ignoring whether the game is over.
    pub(crate) fn has_any_move(&self) -> bool {
        self.view().has_any_move()
    }
}

impl View<'_> {
    /// The squares where a piece of `side` other than its Princess could capture an enemy
    /// piece, with `lifted` (a set of squares) treated as empty. Only the squares of `wanted`
    /// are sure to be right: pieces more than three king steps from all of them are skipped.
    #[inline(always)]
    pub(crate) fn attacks(&self, side: Side, lifted: u128, wanted: u128) -> u128 {
        let mine = self.by_side[side.index()];
        let empty = (ALL_BITS & !(self.by_side[0] | self.by_side[1])) | lifted;
        let revisit = self.revisit;
        let k = |kind: Kind| self.by_kind[kind.index()] & mine;
        let mut att = panthan_reach(side, k(Kind::Panthan));
        // The two-step pieces of each kind together (no two-step path can revisit a square
        // but its start), their second steps shared: from `diag` a diagonal step (Thoats,
        // Padwars), from `orth` an orthogonal one (Warriors).
        let thoat_pass = if self.thoat_jumps { ALL_BITS } else { empty };
        let diag = (orth_step(k(Kind::Thoat)) & thoat_pass) | (diag_step(k(Kind::Padwar)) & empty);
        let orth = orth_step(k(Kind::Warrior)) & empty;
        let h = east(diag) | west(diag) | orth;
        att |= north(h) | south(h) | east(orth) | west(orth);
        let mut fliers = k(Kind::Flier);
        while fliers != 0 {
            let x = low_index(fliers);
            fliers &= fliers - 1;
            att |= FLIER[revisit as usize][x];
        }
        // The costly three-step walks only for a piece that could reach, on an empty board, a
        // wanted square that no other piece attacks yet (none once her escape is gone and the
        // piece is far from the Princess, few while the cheaper pieces cover her squares).
        let open = |att: u128, reach: u128| reach & wanted & !att != 0;
        let dwars = k(Kind::Dwar);
        if revisit {
            let mut dwars = dwars;
            while dwars != 0 {
                let x = low_index(dwars);
                dwars &= dwars - 1;
                if open(att, DWAR[x]) {
                    att |= reach(Kind::Dwar, side, x, empty, revisit, false, false, true)
                        & !(1u128 << x);
                }
            }
        } else if dwars != 0 {
            // Without revisits the Dwars walk together, from all their first squares at once:
            // every path the joint walk finds is one Dwar's path (a first square, a second
            // square, then an end that is not that first square), and every end of a Dwar's
            // path is found, a first square of another Dwar included (through a second square
            // next to two first squares).
            let mut near = 0;
            let mut set = dwars;
            while set != 0 {
                near |= DWAR[low_index(set)];
                set &= set - 1;
            }
            if open(att, near) {
                att |= walk3::<false>(orth_step(dwars) & empty, empty, false, true) & !dwars;
            }
        }
        let mut chiefs = k(Kind::Chief);
        while chiefs != 0 {
            let x = low_index(chiefs);
            chiefs &= chiefs - 1;
            if open(att, PRINCESS[0][x]) {
                att |=
                    reach(Kind::Chief, side, x, empty, revisit, false, false, true) & !(1u128 << x);
            }
        }
        att
    }

    /// The side to move, its pieces, the empty squares and the squares it may land on (all
    /// but its own): what every walk over its moves starts from.
    #[inline(always)]
    fn mover_sets(&self) -> (Side, u128, u128, u128) {
        let side = self.to_move;
        let mine = self.by_side[side.index()];
        let empty = ALL_BITS & !(mine | self.by_side[(!side).index()]);
        (side, mine, empty, ALL_BITS & !mine)
    }

    /// Sends every legal move of the side to move to `sink` (whether the game is over is the
    /// caller's business).
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        self.generate_pieces(sink);
        if let Some(candidates) = self.princess_candidates() {
            self.princess_moves(sink, candidates);
        }
    }

    /// Sends the moves of every piece of the side to move but its Princess to `sink`.
    #[inline(always)]
    fn generate_pieces<S: Sink>(&self, sink: &mut S) {
        let (side, mine, empty, not_mine) = self.mover_sets();
        let revisit = self.revisit;
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
                    let x = low_index(set);
                    set &= set - 1;
                    let to = reach(
                        $kind,
                        side,
                        x,
                        empty,
                        $revisit,
                        self.thoat_jumps,
                        true,
                        S::SHORTCUT,
                    );
                    sink.piece_moves(x, to & not_mine);
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
    }

    /// The squares the Princess of the side to move may go to before the threat test (none
    /// without her).
    #[inline(always)]
    pub(crate) fn princess_candidates(&self) -> Option<Candidates> {
        let side = self.to_move;
        let princess = self.by_kind[Kind::Princess.index()] & self.by_side[side.index()];
        if princess == 0 {
            return None;
        }
        let x = low_index(princess);
        let near = PRINCESS[self.revisit as usize][x];
        let empty = ALL_BITS & !(self.by_side[0] | self.by_side[1]);
        let squares = if self.can_escape { empty } else { empty & near };
        Some(Candidates {
            princess: x,
            near,
            squares,
        })
    }

    /// Sends the Princess's moves, her candidate squares that no enemy piece attacks, to
    /// `sink`.
    #[inline(always)]
    fn princess_moves<S: Sink>(&self, sink: &mut S, c: Candidates) {
        if c.squares != 0 {
            let safe = c.squares & !self.attacks(!self.to_move, 1u128 << c.princess, c.squares);
            sink.piece_moves(c.princess, safe & c.near);
            if self.can_escape {
                sink.escapes(c.princess, safe & !c.near);
            }
        }
    }

    /// Whether the side to move has a legal move. Cheap pieces are tried first.
    pub(crate) fn has_any_move(&self) -> bool {
        let (side, mine, empty, not_mine) = self.mover_sets();
        let revisit = self.revisit;
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
                let x = low_index(set);
                set &= set - 1;
                if reach(kind, side, x, empty, revisit, self.thoat_jumps, true, true) & not_mine
                    != 0
                {
                    return true;
                }
            }
        }
        let princess = k(Kind::Princess);
        if princess != 0 {
            let x = low_index(princess);
            let mut wanted = empty & PRINCESS[revisit as usize][x];
            if self.can_escape {
                wanted = empty;
            }
            return wanted & !self.attacks(!side, princess, wanted) != 0;
        }
        false
    }
}
