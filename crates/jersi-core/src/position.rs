//! The validated position: cells, reserves, counter, hash; playing turns; the end of the game.

use abstract_game::zobrist::{counter_key, keys};
use abstract_game::{Game, Outcome, Side};

use crate::board::{BOARD, ROWS, SLOTS, Square, Squares};
use crate::moves::{Drop, Move};
use crate::piece::{BLACK, Cube, Kind, WHITE, code_kind, code_side};
use crate::rules::Rules;

/// Keys for a cube code (1..15) in a layer (0 bottom, 1 top) of a slot.
static CUBE_KEYS: [u64; SLOTS * 2 * 15] = keys(0x4a65_7273_6901);
/// Keys for reserve counts: `[side][0 Mountain, 1 Wise][count]`.
static RESERVE_KEYS: [u64; 2 * 2 * 8] = keys(0x4a65_7273_6902);
/// The key of Black to move.
const BLACK_KEY: u64 = keys::<1>(0x4a65_7273_6903)[0];

#[inline]
fn cube_key(slot: usize, layer: usize, code: u8) -> u64 {
    if code == 0 {
        0
    } else {
        CUBE_KEYS[(slot * 2 + layer) * 15 + code as usize]
    }
}

#[inline]
fn reserve_key(side: usize, which: usize, count: u8) -> u64 {
    RESERVE_KEYS[(side * 2 + which) * 8 + (count as usize & 7)]
}

/// The tag of the no-capture counter's hash key.
const COUNTER_TAG: u64 = 0x4a_6904;

#[inline]
fn no_capture_key(counter: u16) -> u64 {
    counter_key(COUNTER_TAG, u64::from(counter))
}

/// The home row of each side: White `a`, Black `i`. A King is relocated there; an enemy King
/// arriving there wins.
pub(crate) const HOME_ROWS: [u128; 2] = [ROWS[0], ROWS[8]];

/// The cube of a cell code, `None` for 0.
#[inline]
const fn decode(code: u8) -> Option<Cube> {
    if code == 0 {
        None
    } else {
        Some(Cube::from_code(code))
    }
}

/// Which reserve slot a kind uses (0 Mountain, 1 Wise man).
#[inline]
pub(crate) const fn reserve_slot(kind: Kind) -> usize {
    match kind {
        Kind::Mountain => 0,
        _ => 1,
    }
}

/// A legal Jersi position: what is on each cell, the reserves, the no-capture counter, the side
/// to move and the turn number, with bitboards and a Zobrist hash kept in step.
///
/// Made by [`Game::new`] (the start; `Position::default()` is the start under the default
/// rules), by [`TextGame::from_setup`](abstract_game::TextGame::from_setup) or
/// [`TextGame::from_text`](abstract_game::TextGame::from_text), and changed by playing turns
/// ([`Game::play`] checks them). Its `Display` is the position text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) rules: Rules,
    /// `[bottom, top]` cube codes of each slot (0: none). A lone cube is a bottom.
    pub(crate) cells: [[u8; 2]; SLOTS],
    /// Cells whose uppermost cube belongs to each side.
    pub(crate) units: [u128; 2],
    /// Cells by the kind of their uppermost cube.
    pub(crate) kinds: [u128; 7],
    /// Cells holding two cubes.
    pub(crate) double: u128,
    /// Cells with a Mountain at the bottom.
    pub(crate) mountains: u128,
    /// `[side][0 Mountains, 1 Wise men]` left in the reserve.
    pub(crate) reserve: [[u8; 2]; 2],
    /// Turns left before the no-capture draw (0 with the rule switched off).
    pub(crate) turns_to_draw: u16,
    /// The number of the turn to be played, from 1.
    pub(crate) turn_number: u32,
    /// The side to move.
    pub(crate) to_move: Side,
    /// The Zobrist hash, kept in step with every change.
    pub(crate) hash: u64,
}

// The start position as `Default`, the position text as `Display`.
abstract_game::default_and_display!(Position);

/// What the actions of a turn captured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Captures {
    /// Whether the enemy King was taken off the board.
    pub king: bool,
    /// Whether any cube other than a King was captured.
    pub other: bool,
    /// Whether anything was captured.
    pub any: bool,
}

impl Position {
    /// An empty board with empty reserves, White to move.
    pub(crate) fn empty(rules: Rules) -> Position {
        let mut pos = Position {
            rules,
            cells: [[0; 2]; SLOTS],
            units: [0; 2],
            kinds: [0; 7],
            double: 0,
            mountains: 0,
            reserve: [[0; 2]; 2],
            turns_to_draw: rules.no_capture_limit,
            turn_number: 1,
            to_move: WHITE,
            hash: 0,
        };
        pos.hash = pos.hash_from_scratch();
        pos
    }

    /// The start position under `rules`.
    pub(crate) fn start(rules: Rules) -> Position {
        const WHITE_A: &str = "PSRKSRP";
        const WHITE_B: &str = "FRPSRPSF";
        const BLACK_I: &str = "prskrsp";
        const BLACK_H: &str = "fsprsprf";
        let mut pos = Position::empty(rules);
        for (row, text) in [(0u8, WHITE_A), (1, WHITE_B), (8, BLACK_I), (7, BLACK_H)] {
            for (i, c) in text.chars().enumerate() {
                let sq = Square::from_coords(row, i as u8 + 1).expect("start rows fit the board");
                let cube = Cube::from_letter(c).expect("start letters are cubes");
                if rules.material_of(cube.side, cube.kind) > 0 {
                    pos.set_cell(sq.slot(), [cube.code(), 0]);
                }
            }
        }
        for side in Side::BOTH {
            pos.set_reserve(
                side,
                Kind::Mountain,
                rules.material_of(side, Kind::Mountain),
            );
            pos.set_reserve(side, Kind::Wise, rules.material_of(side, Kind::Wise));
        }
        pos
    }

    /// The number of the turn about to be played (1 for White's first turn).
    pub const fn turn_number(&self) -> u32 {
        self.turn_number
    }

    /// Turns left before the no-capture draw (meaningless when the rule is off).
    pub const fn no_capture_counter(&self) -> u16 {
        self.turns_to_draw
    }

    /// The cubes on `sq`, `[bottom, top]`: `[None, None]` for an empty cell, `[Some(cube),
    /// None]` for a lone cube.
    ///
    /// ```
    /// use jersi_core::prelude::*;
    /// use jersi_core::{Cube, Kind};
    /// let start = Position::new(Rules::default());
    /// let a4 = Square::from_name("a4").unwrap();
    /// assert_eq!(start.at(a4), [Some(Cube::new(Side::First, Kind::King)), None]);
    /// ```
    pub const fn at(&self, sq: Square) -> [Option<Cube>; 2] {
        let [b, t] = self.cells[sq.slot()];
        [decode(b), decode(t)]
    }

    /// The uppermost cube of `sq`, if any.
    pub const fn top(&self, sq: Square) -> Option<Cube> {
        match self.at(sq) {
            [_, Some(t)] => Some(t),
            [b, None] => b,
        }
    }

    /// How many cubes of `kind` `side` still has in its reserve.
    pub const fn reserve(&self, side: Side, kind: Kind) -> u8 {
        if kind.is_reserve_kind() {
            self.reserve[side.index()][reserve_slot(kind)]
        } else {
            0
        }
    }

    /// How many cubes of `kind` and `side` have been captured (the rules' material minus what
    /// is on the board and in the reserve).
    pub fn captured(&self, side: Side, kind: Kind) -> u8 {
        let on_board = self.count_on_board(Cube::new(side, kind));
        self.rules
            .material_of(side, kind)
            .saturating_sub(on_board + self.reserve(side, kind))
    }

    /// How many cubes equal to `cube` stand on the board.
    pub fn count_on_board(&self, cube: Cube) -> u8 {
        let code = cube.code();
        Square::ALL
            .iter()
            .map(|sq| self.cells[sq.slot()].iter().filter(|&&c| c == code).count() as u8)
            .sum()
    }

    /// The cells whose uppermost cube belongs to `side` (Mountains included).
    pub const fn units(&self, side: Side) -> Squares {
        Squares::from_slots(self.units[side.index()])
    }

    /// The cells whose uppermost cube is of `kind`, either colour.
    pub const fn tops_of_kind(&self, kind: Kind) -> Squares {
        Squares::from_slots(self.kinds[kind.index()])
    }

    /// Whether the turn `mv` (legal here) captures anything: an enemy unit, an enemy cube on a
    /// Mountain or the enemy King. Drops never capture.
    ///
    /// ```
    /// use jersi_core::prelude::*;
    /// let mut pos = Position::new(Rules::default());
    /// pos.play_line("b8-b7=d8 h8-h7=f6").unwrap();
    /// assert!(pos.is_capture(pos.parse_move("d8=f7-f6").unwrap()));
    /// assert!(!pos.is_capture(pos.parse_move("d8=f7").unwrap()));
    /// ```
    pub fn is_capture(&self, mv: Move) -> bool {
        !mv.is_drop() && self.clone().play_actions(mv).any
    }

    /// Where `side`'s King stands, if it is on the board.
    pub fn king(&self, side: Side) -> Option<Square> {
        let bb = self.units[side.index()] & self.kinds[Kind::King.index()];
        (bb != 0).then(|| Square::from_slot(bb.trailing_zeros() as u8).expect("a cell"))
    }

    /// Sets the reserve count (keeps the hash).
    pub(crate) fn set_reserve(&mut self, side: Side, kind: Kind, count: u8) {
        self.set_reserve_with::<true>(side, kind, count);
    }

    /// [`Self::set_reserve`], keeping the hash only if `HASH`.
    fn set_reserve_with<const HASH: bool>(&mut self, side: Side, kind: Kind, count: u8) {
        let w = reserve_slot(kind);
        let s = side.index();
        if HASH {
            self.hash ^= reserve_key(s, w, self.reserve[s][w]) ^ reserve_key(s, w, count);
        }
        self.reserve[s][w] = count;
    }

    /// Sets the no-capture counter (keeps the hash).
    pub(crate) fn set_counter(&mut self, counter: u16) {
        self.set_counter_with::<true>(counter);
    }

    /// [`Self::set_counter`], keeping the hash only if `HASH`.
    fn set_counter_with<const HASH: bool>(&mut self, counter: u16) {
        if HASH {
            self.hash ^= no_capture_key(self.turns_to_draw) ^ no_capture_key(counter);
        }
        self.turns_to_draw = counter;
    }

    /// Replaces the content of a slot, keeping bitboards and hash in step.
    pub(crate) fn set_cell(&mut self, slot: usize, new: [u8; 2]) {
        self.set_cell_with::<true>(slot, new);
    }

    /// [`Self::set_cell`], keeping the hash only if `HASH`.
    #[inline]
    fn set_cell_with<const HASH: bool>(&mut self, slot: usize, new: [u8; 2]) {
        let old = self.cells[slot];
        if HASH {
            self.hash ^= cube_key(slot, 0, old[0])
                ^ cube_key(slot, 1, old[1])
                ^ cube_key(slot, 0, new[0])
                ^ cube_key(slot, 1, new[1]);
        }
        self.cells[slot] = new;
        let bit = 1u128 << slot;
        let top = if old[1] != 0 { old[1] } else { old[0] };
        if top != 0 {
            self.units[code_side(top)] &= !bit;
            self.kinds[code_kind(top)] &= !bit;
        }
        self.double &= !bit;
        self.mountains &= !bit;
        let top = if new[1] != 0 { new[1] } else { new[0] };
        if top != 0 {
            self.units[code_side(top)] |= bit;
            self.kinds[code_kind(top)] |= bit;
        }
        if new[1] != 0 {
            self.double |= bit;
        }
        if new[0] != 0 && code_kind(new[0]) == Kind::Mountain.index() {
            self.mountains |= bit;
        }
    }

    /// The Zobrist hash computed from every fact.
    pub(crate) fn hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for sq in Square::ALL {
            let [b, t] = self.cells[sq.slot()];
            h ^= cube_key(sq.slot(), 0, b) ^ cube_key(sq.slot(), 1, t);
        }
        for s in 0..2 {
            for w in 0..2 {
                h ^= reserve_key(s, w, self.reserve[s][w]);
            }
        }
        h ^= no_capture_key(self.turns_to_draw);
        if self.to_move == BLACK {
            h ^= BLACK_KEY;
        }
        h
    }

    /// Moves the uppermost cube of `from` to the neighbour `to`, capturing as the rules say.
    pub(crate) fn cube_step(&mut self, from: usize, to: usize, caps: &mut Captures) {
        self.cube_step_with::<true>(from, to, caps);
    }

    /// [`Self::cube_step`], keeping the hash only if `HASH`.
    #[inline]
    fn cube_step_with<const HASH: bool>(&mut self, from: usize, to: usize, caps: &mut Captures) {
        let [fb, ft] = self.cells[from];
        let (mover, rest) = if ft != 0 { (ft, [fb, 0]) } else { (fb, [0, 0]) };
        if mover == 0 {
            // Only an illegal turn (through `play_unchecked`) steps from an empty cell.
            return;
        }
        self.set_cell_with::<HASH>(from, rest);
        let [tb, tt] = self.cells[to];
        let new = if tb == 0 {
            [mover, 0]
        } else if tt == 0 {
            if code_side(tb) == code_side(mover) || code_kind(tb) == Kind::Mountain.index() {
                // Building a stack or climbing a Mountain.
                [tb, mover]
            } else {
                caps.note(tb);
                [mover, 0]
            }
        } else if code_kind(tb) == Kind::Mountain.index() {
            // An enemy cube on a Mountain: only the cube goes.
            caps.note(tt);
            [tb, mover]
        } else {
            caps.note(tb);
            caps.note(tt);
            [mover, 0]
        };
        self.set_cell_with::<HASH>(to, new);
    }

    /// Moves the stack of `from` to `to`, capturing whatever enemy unit is there.
    pub(crate) fn stack_step(&mut self, from: usize, to: usize, caps: &mut Captures) {
        self.stack_step_with::<true>(from, to, caps);
    }

    /// [`Self::stack_step`], keeping the hash only if `HASH`.
    #[inline]
    fn stack_step_with<const HASH: bool>(&mut self, from: usize, to: usize, caps: &mut Captures) {
        let stack = self.cells[from];
        self.set_cell_with::<HASH>(from, [0, 0]);
        let [tb, tt] = self.cells[to];
        if tb != 0 {
            caps.note(tb);
        }
        if tt != 0 {
            caps.note(tt);
        }
        self.set_cell_with::<HASH>(to, stack);
    }

    /// Drops a reserve cube of the side to move, keeping the hash only if `HASH`.
    fn drop_cube<const HASH: bool>(&mut self, drop: Drop) {
        let side = self.to_move;
        let left = self.reserve(side, drop.kind);
        if left == 0 {
            // Only an illegal turn (through `play_unchecked`) drops what the reserve lacks; it
            // must not add material, which would break the bound of `MAX_MOVES`.
            return;
        }
        let cube = Cube::new(side, drop.kind).code();
        let slot = drop.to.slot();
        let [b, _] = self.cells[slot];
        self.set_cell_with::<HASH>(slot, if b == 0 { [cube, 0] } else { [b, cube] });
        self.set_reserve_with::<HASH>(side, drop.kind, left - 1);
    }

    /// Plays the actions of `mv` but neither the King relocation nor the end-of-turn
    /// bookkeeping.
    pub(crate) fn play_actions(&mut self, mv: Move) -> Captures {
        self.play_actions_with::<true>(mv)
    }

    /// [`Self::play_actions`], keeping the hash only if `HASH`.
    #[inline]
    fn play_actions_with<const HASH: bool>(&mut self, mv: Move) -> Captures {
        let mut caps = Captures::default();
        match mv {
            Move::Cube {
                from, to, stack_to, ..
            } => {
                self.cube_step_with::<HASH>(from.slot(), to.slot(), &mut caps);
                if let Some(s) = stack_to {
                    self.stack_step_with::<HASH>(to.slot(), s.slot(), &mut caps);
                }
            }
            Move::Stack {
                from, to, cube_to, ..
            } => {
                self.stack_step_with::<HASH>(from.slot(), to.slot(), &mut caps);
                if let Some(c) = cube_to {
                    self.cube_step_with::<HASH>(to.slot(), c.slot(), &mut caps);
                }
            }
            Move::Drop { first, second } => {
                self.drop_cube::<HASH>(first);
                if let Some(d) = second {
                    self.drop_cube::<HASH>(d);
                }
            }
        }
        caps
    }

    /// Plays the legal turn `mv` without keeping the hash, which is left meaningless: for
    /// random games, whose positions are thrown away.
    #[inline]
    pub(crate) fn play_unhashed(&mut self, mv: Move) {
        let caps = self.play_actions_with::<false>(mv);
        self.finish_turn::<false>(caps, mv.relocation());
    }

    /// The cells of `king_side`'s home row where its captured King may be put back.
    #[inline]
    pub(crate) fn relocation_cells(&self, king_side: Side) -> u128 {
        let occ = self.units[0] | self.units[1];
        let lone = occ & !self.double;
        HOME_ROWS[king_side.index()]
            & (!occ | (lone & (self.units[king_side.index()] | self.mountains)))
            & BOARD
    }

    /// Puts `side`'s King back on `sq`, keeping the hash only if `HASH`.
    fn put_king<const HASH: bool>(&mut self, side: Side, sq: Square) {
        let king = Cube::new(side, Kind::King).code();
        let [b, _] = self.cells[sq.slot()];
        self.set_cell_with::<HASH>(sq.slot(), if b == 0 { [king, 0] } else { [b, king] });
    }

    /// Ends a turn: relocation, counter, side and turn number, keeping the hash only if
    /// `HASH`.
    #[inline]
    fn finish_turn<const HASH: bool>(&mut self, caps: Captures, relocate: Option<Square>) {
        let enemy = !self.to_move;
        if caps.king {
            if let Some(sq) = relocate {
                self.put_king::<HASH>(enemy, sq);
            }
        }
        let limit = self.rules.no_capture_limit;
        if limit > 0 {
            let next = if caps.other {
                limit
            } else {
                self.turns_to_draw.saturating_sub(1)
            };
            self.set_counter_with::<HASH>(next);
        }
        self.to_move = enemy;
        if HASH {
            self.hash ^= BLACK_KEY;
        }
        self.turn_number = self.turn_number.saturating_add(1);
    }

    /// The outcome decided without looking for legal turns (rules 1 to 3 of the end of the
    /// game), or `None`.
    pub(crate) fn status(&self) -> Option<Outcome> {
        let kings = self.kinds[Kind::King.index()];
        let white_king = kings & self.units[WHITE.index()];
        let black_king = kings & self.units[BLACK.index()];
        if white_king == 0 {
            return Some(Outcome::win(BLACK));
        }
        if black_king == 0 {
            return Some(Outcome::win(WHITE));
        }
        if white_king & HOME_ROWS[BLACK.index()] != 0 {
            return Some(Outcome::win(WHITE));
        }
        if black_king & HOME_ROWS[WHITE.index()] != 0 {
            return Some(Outcome::win(BLACK));
        }
        if self.rules.no_capture_limit > 0 && self.turns_to_draw == 0 {
            return Some(Outcome::DRAW);
        }
        None
    }
}

impl Captures {
    #[inline]
    fn note(&mut self, code: u8) {
        self.any = true;
        if code_kind(code) == Kind::King.index() {
            self.king = true;
        } else {
            self.other = true;
        }
    }
}

impl Game for Position {
    type Move = Move;
    type Rules = Rules;
    type MoveList = crate::movegen::MoveList;

    const NAME: &'static str = "jersi";
    const SIDE_NAMES: [&'static str; 2] = ["White", "Black"];

    fn new(rules: Rules) -> Position {
        Position::start(rules)
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn side_to_move(&self) -> Side {
        self.to_move
    }

    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        if self.status().is_none() {
            self.generate(moves);
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.status().is_some() {
            0
        } else {
            self.count()
        }
    }

    fn random_move(&self, rng: &mut abstract_game::playout::Rng) -> Option<Move> {
        // Rejection sampling over first steps, without the list (see the `draw` module).
        self.random_turn(rng)
    }

    fn playout(
        &self,
        rng: &mut abstract_game::playout::Rng,
        max_plies: u32,
    ) -> abstract_game::playout::PlayoutResult {
        // The generic loop's game, with the end check and the draw sharing one weighing.
        self.random_game(rng, max_plies)
    }

    fn play_unchecked(&mut self, mv: Move) {
        let caps = self.play_actions(mv);
        self.finish_turn::<true>(caps, mv.relocation());
    }

    const ENDINGS: &'static [abstract_game::Ending] = crate::ending::ALL;

    fn ending(&self) -> Option<abstract_game::Ending> {
        self.compute_ending()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.status().or_else(|| {
            if self.has_any_turn() {
                None
            } else {
                Some(Outcome::win(!self.to_move))
            }
        })
    }

    /// The cubes on the board (both cubes of a two-cube cell, Mountains included) and in the
    /// reserve: a reserve cube can only enter the board, so only a capture lowers the count.
    fn piece_counts(&self) -> [u32; 2] {
        let mut counts = [0u32; 2];
        for cell in &self.cells {
            for &code in cell.iter().filter(|&&code| code != 0) {
                counts[crate::piece::code_side(code)] += 1;
            }
        }
        for (count, [mountains, wise]) in counts.iter_mut().zip(self.reserve) {
            *count += u32::from(mountains) + u32::from(wise);
        }
        counts
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.hash_from_scratch()
    }
}

abstract_game::unsolvable!(Position);
