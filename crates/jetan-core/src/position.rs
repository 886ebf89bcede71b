//! The validated position: moves, play, outcome and Zobrist hash.

use core::fmt;

use abstract_game::playout::{PlayoutResult, Rng};
use abstract_game::zobrist::{counter_key, keys};
use abstract_game::{Ending, Game, Outcome, Side, TextGame};
use arrayvec::ArrayVec;

use crate::board::{ALL_BITS, SQUARES, Square, Squares};
use crate::movegen::{Counter, Filler, Groups, View};
use crate::piece::{Kind, Piece};
use crate::rules::{Rules, ValueScale};
use crate::sample::Numbers;

/// One whole turn: a piece moves from one square to another, capturing what stands there.
///
/// A move is identified by its two squares; several paths to the same square are one move.
/// The escape flag marks the Princess's once-per-game escape (a square she cannot reach by a
/// normal move, so the flag never makes two moves out of one pair of squares).
///
/// Any two squares make a `Move` value; only the legal ones are generated, parsed and played
/// by [`Game::play`]. With the `serde` feature a move is stored as
/// `{"from": 14, "to": 24, "escape": false}` (square indices, see [`Square::index`]); indices
/// of 100 and more are refused when read.
///
/// ```
/// use jetan_core::prelude::*;
/// let pos = Position::default();
/// let mv = pos.parse_move("Pe2-e3")?;
/// assert_eq!(mv, Move::new("e2".parse()?, "e3".parse()?));
/// assert_eq!((mv.from(), mv.to()), (Some("e2".parse()?), Some("e3".parse()?)));
/// assert!(!mv.is_escape() && !pos.is_capture(mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
// Packed in 16 bits: start square index, destination index times 128, escape flag times
// 16384.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

const ESCAPE_BIT: u16 = 1 << 14;

impl Move {
    /// A normal move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 7)
    }

    /// A Princess's escape move from `from` to `to`.
    pub const fn escape(from: Square, to: Square) -> Move {
        Move(Move::new(from, to).0 | ESCAPE_BIT)
    }

    /// The packed bits of a move from square index `from` (flags included) to index `to`.
    #[inline(always)]
    pub(crate) const fn packed(base: u16, to: u32) -> Move {
        Move(base | (to as u16) << 7)
    }

    /// The base bits of moves from square index `from`, with the escape flag if `escape`.
    #[inline(always)]
    pub(crate) const fn base(from: usize, escape: bool) -> u16 {
        from as u16 | if escape { ESCAPE_BIT } else { 0 }
    }

    /// The square the piece leaves. Never `None`: every Jetan move is a step of a piece from
    /// one square to another (there are no drops or passes). The `Option` is the shape every
    /// game crate's moves share.
    #[inline]
    pub const fn from(self) -> Option<Square> {
        Some(self.origin())
    }

    /// The square the piece ends on, where it captures any enemy piece. Never `None`, for the
    /// same reason as [`from`](Move::from).
    #[inline]
    pub const fn to(self) -> Option<Square> {
        Some(self.target())
    }

    /// The square the piece leaves.
    #[inline]
    pub(crate) const fn origin(self) -> Square {
        Square::ALL[(self.0 & 127) as usize % SQUARES]
    }

    /// The square the piece ends on.
    #[inline]
    pub(crate) const fn target(self) -> Square {
        Square::ALL[((self.0 >> 7) & 127) as usize % SQUARES]
    }

    /// Whether this is a Princess's escape move.
    #[inline]
    pub const fn is_escape(self) -> bool {
        self.0 & ESCAPE_BIT != 0
    }
}

impl fmt::Debug for Move {
    /// Writes e.g. `e2-e3` or `f1-f6!`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bang = if self.is_escape() { "!" } else { "" };
        write!(f, "{}-{}{bang}", self.origin(), self.target())
    }
}

/// Upper bound on the legal moves of any position with at most the initial set of pieces
/// (which no rule can increase): per piece, the most destinations it has on an empty board —
/// Panthan 5 (x8), Thoat 12 (x2), Warrior 8 (x2), Padwar 8 (x2), Dwar 16 (x2), Flier 16 (x2),
/// Chief 48 — is 40 + 24 + 16 + 16 + 32 + 32 + 48 = 208, and the Princess's normal and escape
/// moves together end on distinct empty squares, at most 99. 208 + 99 = 307. Positions with
/// more pieces of a kind are refused by [`TextGame::from_setup`].
pub const MAX_MOVES: usize = 307;

/// The move list: every legal move of a position fits (see [`MAX_MOVES`]).
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Zobrist keys: 16 piece codes x 100 squares, then side to move, the two escapes and the
/// three recorded results.
static KEYS: [u64; 16 * SQUARES + 6] = keys(0x4a45_5441_4e5f_5a42);
const SIDE_KEY: usize = 16 * SQUARES;
const ESCAPE_KEY: usize = SIDE_KEY + 1;
const RESULT_KEY: usize = SIDE_KEY + 3;

#[inline(always)]
fn piece_key(code: u8, sq: usize) -> u64 {
    KEYS[(code as usize - 1) * SQUARES + sq]
}

/// The key of the countdown's remaining plies (0 while it has not started).
#[inline]
const fn countdown_key(countdown: Option<u16>) -> u64 {
    match countdown {
        None => 0,
        Some(n) => counter_key(0x636f_756e_7464_6f77, n as u64 + 1),
    }
}

fn result_key(result: Option<Outcome>) -> u64 {
    match result {
        None => 0,
        Some(o) => match o.winner {
            Some(Side::First) => KEYS[RESULT_KEY],
            Some(Side::Second) => KEYS[RESULT_KEY + 1],
            None => KEYS[RESULT_KEY + 2],
        },
    }
}

/// A legal Jetan position: the board, the side to move, the escapes still available, the
/// equal-material countdown and, once the game is decided, its result.
///
/// Build one with [`Game::new`] (the start), from a position text with
/// [`TextGame::from_text`], or from a [`Setup`](crate::Setup) with [`TextGame::from_setup`].
/// Its `Display` is the position text.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    pub(crate) rules: Rules,
    /// Pieces of each side.
    pub(crate) by_side: [u128; 2],
    /// Pieces of each kind, both sides.
    pub(crate) by_kind: [u128; 8],
    /// Mailbox: 0 for empty, else [`Piece::code`].
    pub(crate) board: [u8; SQUARES],
    pub(crate) to_move: Side,
    /// Whether each side's Princess may still escape.
    pub(crate) escape_left: [bool; 2],
    /// Plies left in the equal-material countdown, once started.
    pub(crate) countdown: Option<u16>,
    /// Total piece value of each side.
    pub(crate) value: [u8; 2],
    /// The decided result (every end except "no legal move", which is computed on demand).
    pub(crate) result: Option<Outcome>,
    pub(crate) hash: u64,
}

// The start position as `Default`, the position text as `Display`.
abstract_game::default_and_display!(Position);

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Position").field(&self.to_text()).finish()
    }
}

impl Position {
    /// An empty board under `rules` (for building positions piece by piece).
    pub(crate) fn empty(rules: Rules, to_move: Side) -> Position {
        Position {
            rules,
            by_side: [0; 2],
            by_kind: [0; 8],
            board: [0; SQUARES],
            to_move,
            escape_left: [true; 2],
            countdown: None,
            value: [0; 2],
            result: None,
            hash: 0,
        }
    }

    /// Puts `piece` on the empty square `sq` (hash included).
    pub(crate) fn put(&mut self, sq: usize, piece: Piece) {
        let bit = 1u128 << sq;
        self.by_side[piece.side.index()] |= bit;
        self.by_kind[piece.kind.index()] |= bit;
        self.board[sq] = piece.code();
        self.value[piece.side.index()] += piece.kind.value();
        self.hash ^= piece_key(piece.code(), sq);
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// The squares of `side`'s pieces.
    pub fn pieces_of(&self, side: Side) -> Squares {
        Squares::from_bits(self.by_side[side.index()])
    }

    /// The squares of the pieces of `kind`, both sides.
    pub fn pieces_of_kind(&self, kind: Kind) -> Squares {
        Squares::from_bits(self.by_kind[kind.index()])
    }

    /// The occupied squares.
    pub fn occupied(&self) -> Squares {
        Squares::from_bits(self.by_side[0] | self.by_side[1])
    }

    /// Whether `mv` takes an enemy piece: a piece of one side moves onto a piece of the other.
    pub fn is_capture(&self, mv: Move) -> bool {
        match (self.at(mv.origin()), self.at(mv.target())) {
            (Some(mover), Some(target)) => mover.side != target.side,
            _ => false,
        }
    }

    /// Whether `side`'s Princess may still make her escape move (under rules where escapes
    /// exist).
    pub fn escape_available(&self, side: Side) -> bool {
        self.escape_left[side.index()]
    }

    /// Plies left in the equal-material countdown, or `None` if it has not started.
    pub fn countdown(&self) -> Option<u16> {
        self.countdown
    }

    /// The total piece value of `side` in steps (Panthan 1; Thoat, Warrior, Padwar 2; others
    /// 3), whatever the rules' [`ValueScale`](crate::ValueScale): see
    /// [`value_total`](Self::value_total) for the scale the material rules use.
    pub fn material(&self, side: Side) -> u8 {
        self.value[side.index()]
    }

    /// The total value of `side`'s pieces on the rules' [`ValueScale`](crate::ValueScale), the
    /// number the countdown and the proposed variant compare.
    pub fn value_total(&self, side: Side) -> u16 {
        let pieces = self.by_side[side.index()];
        Kind::ALL
            .iter()
            .map(|&k| {
                (pieces & self.by_kind[k.index()]).count_ones() as u16
                    * u16::from(self.rules.value.of(k))
            })
            .sum()
    }

    /// The number of pieces of `side`.
    pub fn piece_count(&self, side: Side) -> u32 {
        self.by_side[side.index()].count_ones()
    }

    /// Whether an enemy piece other than the Princess could capture on `sq` if the Princess
    /// of the side to move stood there (the Princess's threat test).
    pub fn is_threatened(&self, sq: Square) -> bool {
        self.threatened_for_princess(sq.index())
    }

    /// The set of squares where `side`'s pieces other than its Princess could capture, with
    /// the enemy Princess lifted off the board.
    pub fn attack_map(&self, side: Side) -> Squares {
        let lifted = self.by_kind[Kind::Princess.index()] & self.by_side[(!side).index()];
        Squares::from_bits(self.attacks(side, lifted, ALL_BITS))
    }

    /// The result the material rules give now: the proposed variant's win, or the draw of an
    /// expired countdown.
    pub(crate) fn material_result(&self) -> Option<Outcome> {
        material_result(
            &self.rules,
            &self.by_side,
            &self.by_kind,
            self.value,
            self.countdown,
        )
    }

    /// The result of the game after any move here that captures nothing (none while the
    /// game goes on): such a move keeps the piece counts and values, so the material rules
    /// and the countdown end the game after all of them or after none.
    pub(crate) fn quiet_move_result(&self) -> Option<Outcome> {
        material_rules(
            &self.rules,
            &self.by_side,
            &self.by_kind,
            self.value,
            self.countdown,
        )
        .1
    }

    /// Whether the countdown should be running now (it starts once, when both sides have three
    /// pieces or fewer of equal value).
    pub(crate) fn countdown_condition(&self) -> bool {
        countdown_condition(&self.rules, &self.by_side, &self.by_kind, self.value)
    }

    /// Plays `mv` (see [`Game::play_unchecked`]), keeping the hash up to date only with
    /// `HASH` (the playout's private copy goes without).
    #[inline(always)]
    pub(crate) fn make<const HASH: bool>(&mut self, mv: Move) {
        let from = mv.origin().index();
        let to = mv.target().index();
        let code = self.board[from];
        let Some(piece) = Piece::from_code(code) else {
            return;
        };
        let me = piece.side.index();
        // A "move" from a square to itself (never legal) captures nothing: the piece stays.
        let captured = if from == to {
            None
        } else {
            Piece::from_code(self.board[to])
        };
        let old_countdown = self.countdown;
        let old_result = self.result;
        (self.countdown, self.result) = ply(
            &self.rules,
            &mut self.by_side,
            &mut self.by_kind,
            &mut self.value,
            old_countdown,
            piece,
            captured,
            (1u128 << from, 1u128 << to),
        );
        self.board[from] = 0;
        self.board[to] = code;
        let escape = mv.is_escape() && self.escape_left[me];
        if escape {
            self.escape_left[me] = false;
        }
        self.to_move = !self.to_move;
        if HASH {
            let mut hash = self.hash ^ piece_key(code, from) ^ piece_key(code, to) ^ KEYS[SIDE_KEY];
            if let Some(victim) = captured {
                hash ^= piece_key(victim.code(), to);
            }
            if escape {
                hash ^= KEYS[ESCAPE_KEY + me];
            }
            hash ^= countdown_key(old_countdown) ^ countdown_key(self.countdown);
            hash ^= result_key(old_result) ^ result_key(self.result);
            self.hash = hash;
        }
    }

    /// Recomputes the Zobrist hash from the whole position.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, &code) in self.board.iter().enumerate() {
            if code != 0 {
                h ^= piece_key(code, sq);
            }
        }
        if self.to_move == Side::Second {
            h ^= KEYS[SIDE_KEY];
        }
        for side in 0..2 {
            if !self.escape_left[side] {
                h ^= KEYS[ESCAPE_KEY + side];
            }
        }
        h ^ countdown_key(self.countdown) ^ result_key(self.result)
    }

    /// Whether the game was decided by capturing a Chief or a Princess (the position text
    /// records that result, which the board alone does not tell).
    pub fn ended_by_capture(&self) -> bool {
        let royals = self.by_kind[Kind::Chief.index()] | self.by_kind[Kind::Princess.index()];
        (royals & self.by_side[0]).count_ones() < 2 || (royals & self.by_side[1]).count_ones() < 2
    }
}

/// Whether both sides of `by_side` have three pieces or fewer.
#[inline(always)]
fn few_pieces(by_side: &[u128; 2]) -> bool {
    by_side[0].count_ones() <= 3 && by_side[1].count_ones() <= 3
}

/// The two sides' values on the rules' [`ValueScale`](crate::ValueScale), `steps` being the
/// step totals kept up to date by every ply. Asked only when both sides have three pieces or
/// fewer, so the sums stay small.
#[inline(always)]
fn totals(rules: &Rules, by_side: &[u128; 2], by_kind: &[u128; 8], steps: [u8; 2]) -> [u16; 2] {
    match rules.value {
        ValueScale::Steps => steps.map(u16::from),
        ValueScale::Count => by_side.map(|b| b.count_ones() as u16),
        ValueScale::Mobility => by_side.map(|b| {
            Kind::ALL
                .iter()
                .map(|&k| {
                    (b & by_kind[k.index()]).count_ones() as u16 * u16::from(rules.value.of(k))
                })
                .sum()
        }),
    }
}

/// Whether the countdown should be running with these pieces and values (it starts once, when
/// both sides have three pieces or fewer of equal value).
#[inline(always)]
fn countdown_condition(
    rules: &Rules,
    by_side: &[u128; 2],
    by_kind: &[u128; 8],
    value: [u8; 2],
) -> bool {
    few_pieces(by_side) && {
        let [a, b] = totals(rules, by_side, by_kind, value);
        a == b
    }
}

/// The result the material rules give: the proposed variant's win, or the draw of an expired
/// countdown.
#[inline(always)]
fn material_result(
    rules: &Rules,
    by_side: &[u128; 2],
    by_kind: &[u128; 8],
    value: [u8; 2],
    countdown: Option<u16>,
) -> Option<Outcome> {
    if rules.unequal_wins && few_pieces(by_side) {
        let [a, b] = totals(rules, by_side, by_kind, value);
        if a != b {
            let winner = if a > b { Side::First } else { Side::Second };
            return Some(Outcome::win(winner));
        }
    }
    if countdown == Some(0) {
        return Some(Outcome::DRAW);
    }
    None
}

/// What one ply does to the facts that move generation and the end rules read, shared by
/// [`Game::play_unchecked`] and [`Game::count_after`] so that the two cannot drift: `piece`
/// moves from `from_bit` to `to_bit` in the piece sets, taking `captured` off (with its
/// value); returns the countdown and the result after the ply.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn ply(
    rules: &Rules,
    by_side: &mut [u128; 2],
    by_kind: &mut [u128; 8],
    value: &mut [u8; 2],
    countdown: Option<u16>,
    piece: Piece,
    captured: Option<Piece>,
    (from_bit, to_bit): (u128, u128),
) -> (Option<u16>, Option<Outcome>) {
    if let Some(victim) = captured {
        let them = victim.side.index();
        by_side[them] &= !to_bit;
        by_kind[victim.kind.index()] &= !to_bit;
        value[them] -= victim.kind.value();
    }
    by_side[piece.side.index()] ^= from_bit ^ to_bit;
    by_kind[piece.kind.index()] ^= from_bit ^ to_bit;
    let (countdown, material) = material_rules(rules, by_side, by_kind, *value, countdown);
    let result = match captured.map(|v| v.kind) {
        Some(Kind::Princess) => Some(Outcome::win(piece.side)),
        Some(Kind::Chief) => Some(if piece.kind == Kind::Chief {
            Outcome::win(piece.side)
        } else {
            Outcome::DRAW
        }),
        _ => material,
    };
    (countdown, result)
}

/// The countdown after a ply that leaves `by_side` (only its piece counts matter) and
/// `value`, the countdown having been `countdown` before it, and the material rules' result.
#[inline(always)]
fn material_rules(
    rules: &Rules,
    by_side: &[u128; 2],
    by_kind: &[u128; 8],
    value: [u8; 2],
    countdown: Option<u16>,
) -> (Option<u16>, Option<Outcome>) {
    let countdown = match countdown {
        Some(n) => Some(n.saturating_sub(1)),
        None if countdown_condition(rules, by_side, by_kind, value) => Some(rules.countdown),
        None => None,
    };
    (
        countdown,
        material_result(rules, by_side, by_kind, value, countdown),
    )
}

impl Game for Position {
    type Move = Move;
    type Rules = Rules;
    type MoveList = MoveList;

    const NAME: &'static str = "jetan";
    const SIDE_NAMES: [&'static str; 2] = ["Black", "Orange"];

    fn new(rules: Rules) -> Position {
        const BACK: [Kind; 10] = [
            Kind::Warrior,
            Kind::Padwar,
            Kind::Dwar,
            Kind::Flier,
            Kind::Chief,
            Kind::Princess,
            Kind::Flier,
            Kind::Dwar,
            Kind::Padwar,
            Kind::Warrior,
        ];
        let mut pos = Position::empty(rules, rules.first_player);
        for file in 0..10 {
            let second = if file == 0 || file == 9 {
                Kind::Thoat
            } else {
                Kind::Panthan
            };
            pos.put(file, Piece::new(Side::First, BACK[file]));
            pos.put(10 + file, Piece::new(Side::First, second));
            pos.put(80 + file, Piece::new(Side::Second, second));
            // Orange's back rank is Black's turned round: each Chief faces the enemy Princess.
            pos.put(90 + file, Piece::new(Side::Second, BACK[9 - file]));
        }
        pos.hash = pos.compute_hash();
        pos
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.to_move
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        self.generate(&mut Filler(moves));
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        let mut c = Counter(0);
        self.generate(&mut c);
        c.0
    }

    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        // Rejection sampling over numbers handed out by tables (see `crate::draw`): uniform,
        // finding the moves of the drawn piece only.
        if self.result.is_some() {
            return None;
        }
        self.view()
            .draw(&mut Numbers::new(), &mut Groups::new(), rng)
    }

    #[inline]
    fn count_after(&self, mv: Move) -> usize {
        // Only what counting reads of the next position: its piece sets, the side to move,
        // her escape, and whether the game has ended.
        let from = mv.origin().index();
        let to = mv.target().index();
        let Some(piece) = Piece::from_code(self.board[from]) else {
            return self.after(mv).count_legal_moves();
        };
        if from == to || self.result.is_some() {
            return self.after(mv).count_legal_moves();
        }
        let mut by_side = self.by_side;
        let mut by_kind = self.by_kind;
        let mut value = self.value;
        let (_, result) = ply(
            &self.rules,
            &mut by_side,
            &mut by_kind,
            &mut value,
            self.countdown,
            piece,
            Piece::from_code(self.board[to]),
            (1u128 << from, 1u128 << to),
        );
        if result.is_some() {
            return 0;
        }
        let to_move = !self.to_move;
        let escape_left =
            self.escape_left[to_move.index()] && !(mv.is_escape() && piece.side == to_move);
        let mut c = Counter(0);
        View {
            by_side: &by_side,
            by_kind: &by_kind,
            to_move,
            revisit: self.rules.revisit,
            thoat_jumps: self.rules.thoat_jumps,
            can_escape: self.rules.escape && escape_left,
        }
        .generate(&mut c);
        c.0
    }

    fn count_two_plies(&self) -> u64 {
        self.two_plies()
    }

    fn play_unchecked(&mut self, mv: Move) {
        self.make::<true>(mv);
    }

    fn playout(&self, rng: &mut Rng, max_plies: u32) -> PlayoutResult {
        // The generic loop (`outcome`, `random_move`, `play_unchecked`) in place, without the
        // hash: a draw that finds no move is the end test (no legal move: a draw), made before
        // drawing only when the ply cap stops the game.
        let mut pos = self.clone();
        let (mut numbers, mut groups) = (Numbers::new(), Groups::new());
        let mut plies = 0;
        loop {
            if let Some(outcome) = pos.result {
                return PlayoutResult {
                    plies,
                    outcome: Some(outcome),
                };
            }
            if plies >= max_plies {
                let outcome = (!pos.has_any_move()).then_some(Outcome::DRAW);
                return PlayoutResult { plies, outcome };
            }
            let Some(mv) = pos.view().draw(&mut numbers, &mut groups, rng) else {
                return PlayoutResult {
                    plies,
                    outcome: Some(Outcome::DRAW),
                };
            };
            pos.make::<false>(mv);
            plies += 1;
        }
    }

    const ENDINGS: &'static [Ending] = crate::ending::ALL;

    fn ending(&self) -> Option<Ending> {
        self.compute_ending()
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.result.is_some() {
            return self.result;
        }
        if self.has_any_move() {
            None
        } else {
            Some(Outcome::DRAW)
        }
    }

    /// The pieces on the board: Jetan has no reserve, and a piece leaves only by capture (or
    /// with its Princess's escape, which ends the game).
    fn piece_counts(&self) -> [u32; 2] {
        self.by_side.map(u128::count_ones)
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
    fn start_counts() {
        let pos = Position::default();
        assert_eq!(pos.count_legal_moves(), 74);
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        assert_eq!(list.len(), 74);
        assert_eq!(list.iter().filter(|m| m.is_escape()).count(), 26);
        assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        assert_eq!(pos.by_side[0] | pos.by_side[1], pos.occupied().bitboard().0);
    }
}
