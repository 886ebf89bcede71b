//! What the fuzz targets of `fuzz/` do with their bytes, in one library that the targets, the
//! seed corpus generator (`examples/fuzz_corpus.rs`) and the corpus test share, so that the
//! three agree on what every byte means.
//!
//! Each fuzz target is one line calling a body of [`targets`]; the bodies run the checks of
//! [`abstract_game::contract`] and more on what the bytes describe, and panic when a promise of
//! a game crate is broken. [`corpus`] writes the committed seeds and dictionaries.
//!
//! # Input formats
//!
//! * The **rules header**: the first [`HEADER`] bytes of most inputs choose every rule option of
//!   the game ([`FuzzGame::rules_of`]; missing bytes count as zero). Each game decodes every
//!   value of every option from it, counters and countdowns included, by
//!   [`small_or_any`]: a byte below `0x80` is the value itself, otherwise the next two bytes
//!   are the value, big-endian.
//! * **Decisions** ([`Decisions`]): a choice among `n` things reads one byte when `n <= 256`,
//!   two when `n <= 65536`, and none when `n == 1`; the choice is the value modulo `n`. Once the
//!   bytes run out, choices come from a generator seeded by the whole input, so that every game
//!   is played to its natural end whatever the input's length (at most [`MAX_PLIES`] plies).
//! * The **start** ([`start`]): one decision among three: the start position; a position
//!   reached by random moves (a byte of plies and four bytes of seed); or a setup built from
//!   the next bytes ([`FuzzGame::arbitrary_setup`], through `arbitrary::Unstructured`), when
//!   it is legal (otherwise the start position).
//!
//! The bodies of [`targets`] document their own layouts on top of these.

#![deny(missing_docs)]

use core::fmt::{Debug, Display};

use abstract_game::playout::{Rng, playout_loop};
use abstract_game::{ActionSpace, Evaluate, Observe, TextGame, contract};
use arbitrary::Unstructured;

pub mod corpus;
mod jarmo;
mod jericho;
mod jersi;
mod jetan;
pub mod targets;

/// Length of the rules header.
pub const HEADER: usize = 4;

/// The rules header: bytes that choose every rule option of a game.
pub type Header = [u8; HEADER];

/// The most plies a play target plays from its start.
pub const MAX_PLIES: u32 = 1000;

/// The number of the games, for targets that take a game byte first: the registry's.
pub const GAMES: usize = jgames_registry::COUNT;

/// The names of the games, in the order of the game byte (its value modulo [`GAMES`]): the
/// registry's list.
pub const GAME_NAMES: [&str; GAMES] = jgames_registry::NAMES;

/// The header at the front of `data` (zero-padded when `data` is shorter) and the bytes after
/// it.
pub fn split_header(data: &[u8]) -> (Header, &[u8]) {
    let mut header = [0; HEADER];
    let n = data.len().min(HEADER);
    header[..n].copy_from_slice(&data[..n]);
    (header, &data[n..])
}

/// A number from three bytes that favours small values yet reaches every `u16`: below `0x80`
/// the first byte is the value, otherwise the other two bytes are, big-endian.
pub const fn small_or_any(bytes: [u8; 3]) -> u16 {
    if bytes[0] < 0x80 {
        bytes[0] as u16
    } else {
        u16::from_be_bytes([bytes[1], bytes[2]])
    }
}

/// The bytes that [`small_or_any`] reads as `n`.
pub const fn small_or_any_bytes(n: u16) -> [u8; 3] {
    if n < 0x80 {
        [n as u8, 0, 0]
    } else {
        let [hi, lo] = n.to_be_bytes();
        [0x80, hi, lo]
    }
}

/// A game the fuzz targets know: its rules header, its arbitrary setups and moves, and the
/// checks of its own that go beyond the shared contract.
pub trait FuzzGame:
    TextGame + Evaluate + ActionSpace + Observe + PartialEq + Debug + Display
{
    /// The rules a header stands for. Every rules value has a header.
    fn rules_of(header: Header) -> Self::Rules;

    /// Whether `random_move` draws exactly the pick from the generated list for the same seed
    /// (true for every game that ranks its moves); a game that draws otherwise (the rejection
    /// samplers of Jersi and Jetan) is only checked to draw a legal move, and `None` with no
    /// move.
    const RANDOM_MOVE_IS_A_LIST_DRAW: bool = true;

    /// A header that [`rules_of`](FuzzGame::rules_of) reads as `rules`.
    fn header_of(rules: Self::Rules) -> Header;

    /// A setup built from bytes: most of them plausible (counts within the material, counters
    /// within the rules' limits), some of them raw, whatever the fields can hold.
    fn arbitrary_setup(u: &mut Unstructured<'_>, rules: Self::Rules) -> Self::Setup;

    /// A move built from bytes: often a legal move of `legal` with one part changed, otherwise
    /// any value of the type.
    fn arbitrary_move(u: &mut Unstructured<'_>, legal: &[Self::Move]) -> Self::Move;

    /// The game's own invariants of a position (counts of pieces and the like).
    fn check_extra(&self) {}

    /// The game's own checks of a move value, `legal` telling whether it is a legal move here.
    fn check_move_extra(&self, mv: Self::Move, legal: bool) {
        let _ = (mv, legal);
    }

    /// The game's parsers and constructors of cells, pieces, sets and presets, on values built
    /// from the bytes.
    fn check_units(u: &mut Unstructured<'_>);

    /// The game's serde forms: `bytes` read as JSON into each stored type.
    #[cfg(feature = "json")]
    fn check_json(bytes: &[u8]);

    /// JSON texts of `pos` and of its parts, seeds of the JSON target.
    #[cfg(feature = "json")]
    fn json_examples(pos: &Self) -> Vec<Vec<u8>>;
}

/// Where the choices of a game come from: the input's bytes, then a generator seeded by the
/// whole input.
pub struct Decisions<'a> {
    u: Unstructured<'a>,
    rng: Rng,
}

impl<'a> Decisions<'a> {
    /// Decisions read from `data`.
    pub fn new(data: &'a [u8]) -> Decisions<'a> {
        Decisions {
            u: Unstructured::new(data),
            rng: Rng::seed_from_u64(fnv1a(data)),
        }
    }

    /// A choice among `n` (at least one): `0..n`.
    pub fn choose(&mut self, n: usize) -> usize {
        assert!(n > 0, "a choice among nothing");
        if n == 1 {
            0
        } else if self.u.is_empty() {
            self.rng.below(u32::try_from(n).unwrap_or(u32::MAX)) as usize
        } else {
            self.u.choose_index(n).unwrap_or(0)
        }
    }

    /// A byte of the input (0 once they have run out).
    pub fn byte(&mut self) -> u8 {
        self.u.arbitrary().unwrap_or(0)
    }

    /// The generator of the choices after the bytes (seeded by the whole input).
    pub fn rng(&mut self) -> &mut Rng {
        &mut self.rng
    }

    /// Whether the input's bytes are used up (choices now come from the generator).
    pub fn exhausted(&self) -> bool {
        self.u.is_empty()
    }

    /// The bytes left, for builders of structured values.
    pub fn unstructured(&mut self) -> &mut Unstructured<'a> {
        &mut self.u
    }
}

/// Appends the bytes that [`Decisions::choose`] reads as choice `index` among `n`.
pub fn encode_choice(out: &mut Vec<u8>, index: usize, n: usize) {
    assert!(index < n, "choice {index} among {n}");
    let top = n - 1;
    let bytes = (usize::BITS - top.leading_zeros()).div_ceil(8) as usize;
    out.extend_from_slice(&index.to_be_bytes()[size_of::<usize>() - bytes..]);
}

/// The 64-bit FNV-1a hash of `data`, the seed of the choices after the bytes.
pub fn fnv1a(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// How a target's game starts (see [`start`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// The start position of the rules.
    Fresh,
    /// The position after `plies` random moves drawn with `seed` from the start position.
    Random {
        /// How many moves.
        plies: u8,
        /// The seed of the moves.
        seed: u32,
    },
    /// A setup built by [`FuzzGame::arbitrary_setup`] from these bytes.
    Setup(Vec<u8>),
}

impl Start {
    /// Appends the bytes that [`start`] reads as this start.
    pub fn encode(&self, out: &mut Vec<u8>) {
        match self {
            Start::Fresh => out.push(0),
            Start::Random { plies, seed } => {
                out.push(1);
                out.push(*plies);
                out.extend_from_slice(&seed.to_be_bytes());
            }
            Start::Setup(bytes) => {
                out.push(2);
                out.extend_from_slice(bytes);
            }
        }
    }
}

pub use abstract_game::playout::random_position;

/// Reads a start (see [`Start`]) and gives its position under `rules`.
pub fn start<G: FuzzGame>(d: &mut Decisions<'_>, rules: G::Rules) -> G {
    let u = d.unstructured();
    match u.choose_index(3).unwrap_or(0) {
        0 => G::new(rules),
        1 => {
            let plies: u8 = u.arbitrary().unwrap_or(0);
            let seed: u32 = u.arbitrary().unwrap_or(0);
            random_position(rules, u64::from(seed), u32::from(plies))
        }
        _ => {
            let setup = G::arbitrary_setup(u, rules);
            G::from_setup(setup, rules).unwrap_or_else(|_| G::new(rules))
        }
    }
}

/// The whole contract of a position: [`contract::check_position`], `Display` as the position
/// text, the setup round trip through its text and validation, the diagram, uniform draws
/// (`random_move` is the pick from the list, or a legal move for a game that draws otherwise;
/// the game's `playout` is the generic loop's game), and the game's own invariants.
pub fn check_full<G: FuzzGame>(pos: &G) {
    contract::check_position(pos);
    contract::check_setup_round_trip(pos);
    let text = pos.to_text();
    assert!(!pos.diagram().is_empty());
    let seed = pos.zobrist();
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut rng = Rng::seed_from_u64(seed);
    let drawn = pos.random_move(&mut Rng::seed_from_u64(seed));
    if G::RANDOM_MOVE_IS_A_LIST_DRAW {
        let pick = (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u32) as usize]);
        assert_eq!(
            drawn, pick,
            "random_move is not the pick from the list: {text:?}"
        );
    } else {
        assert_eq!(
            drawn.is_some_and(|mv| moves.contains(&mv)),
            !moves.is_empty(),
            "random_move is not a legal move: {text:?}"
        );
    }
    let fast = pos.playout(&mut Rng::seed_from_u64(seed), 40);
    let generic = playout_loop(pos, &mut Rng::seed_from_u64(seed), 40);
    assert_eq!(
        fast, generic,
        "playout differs from the generic loop: {text:?}"
    );
    pos.check_extra();
}

/// The cheap part of the contract, for every position of long games: the bulk count and the
/// outcome against the move list `moves` (just generated), and the hash against the hash from
/// scratch.
pub fn check_light<G: FuzzGame>(pos: &G, moves: &[G::Move]) {
    assert_eq!(
        pos.count_legal_moves(),
        moves.len(),
        "bulk count differs from the move list: {pos}"
    );
    assert_eq!(
        pos.outcome().is_some(),
        moves.is_empty(),
        "a game goes on exactly while moves exist: {pos}"
    );
    assert_eq!(
        pos.zobrist(),
        pos.zobrist_from_scratch(),
        "incremental hash differs from scratch: {pos}"
    );
}

/// A value in `0..=n` from `u`, 0 once the bytes have run out.
pub(crate) fn upto(u: &mut Unstructured<'_>, n: u32) -> u32 {
    u.int_in_range(0..=n).unwrap_or(0)
}

/// True with probability about `1/n` (false once the bytes have run out).
pub(crate) fn one_in(u: &mut Unstructured<'_>, n: u32) -> bool {
    upto(u, n - 1) == n - 1
}

/// An element of `items` (the first once the bytes have run out).
pub(crate) fn pick<T: Copy>(u: &mut Unstructured<'_>, items: &[T]) -> T {
    items[u.choose_index(items.len()).unwrap_or(0)]
}

/// A value of a type from the bytes (its default once they have run out).
pub(crate) fn any<'a, T: arbitrary::Arbitrary<'a> + Default>(u: &mut Unstructured<'a>) -> T {
    u.arbitrary().unwrap_or_default()
}

/// A side from one byte.
pub(crate) fn side(u: &mut Unstructured<'_>) -> abstract_game::Side {
    pick(u, &abstract_game::Side::BOTH)
}

/// A short string from the bytes: a length byte, then that many bytes read as UTF-8 with bad
/// sequences replaced.
pub(crate) fn short_text(u: &mut Unstructured<'_>) -> String {
    let len = usize::from(any::<u8>(u) % 24);
    let bytes = u.bytes(len.min(u.len())).unwrap_or(&[]);
    String::from_utf8_lossy(bytes).into_owned()
}

/// An index byte and a short text from the bytes: what the games' checks of their cells start
/// from ([`check_cell`]).
pub(crate) fn index_and_text(u: &mut Unstructured<'_>) -> (usize, String) {
    let index = usize::from(any::<u8>(u));
    (index, short_text(u))
}

/// Checks a JSON round trip: when `bytes` read as a `T`, it writes a text that reads back to
/// the same value and writes the same text again. Returns the value.
#[cfg(feature = "json")]
pub(crate) fn json_round_trip<T>(bytes: &[u8]) -> Option<T>
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + Debug,
{
    let value: T = serde_json::from_slice(bytes).ok()?;
    let text = serde_json::to_string(&value).expect("a value writes as JSON");
    let again: T =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("own JSON {text:?} refused: {e}"));
    assert_eq!(again, value, "JSON does not round-trip: {text}");
    assert_eq!(
        serde_json::to_string(&again).expect("a value writes as JSON"),
        text,
        "JSON is not stable"
    );
    Some(value)
}

/// The JSON checks every game shares: `bytes` read as a position (then the whole contract), a
/// setup (then validated under the default rules), a move (then tried on the default start)
/// and rules, each round-tripping through its own JSON.
#[cfg(feature = "json")]
pub(crate) fn check_json_game<G>(bytes: &[u8])
where
    G: FuzzGame + serde::Serialize + serde::de::DeserializeOwned,
    G::Setup: serde::Serialize + serde::de::DeserializeOwned + PartialEq + Debug,
    G::Move: serde::Serialize + serde::de::DeserializeOwned,
    G::Rules: serde::Serialize + serde::de::DeserializeOwned + Default,
{
    if let Some(pos) = json_round_trip::<G>(bytes) {
        check_full(&pos);
    }
    if let Some(setup) = json_round_trip::<G::Setup>(bytes) {
        let _ = G::from_setup(setup, G::Rules::default());
    }
    if let Some(mv) = json_round_trip::<G::Move>(bytes) {
        targets::try_move(&G::new(G::Rules::default()), mv);
    }
    let _ = json_round_trip::<G::Rules>(bytes);
}

/// JSON of `pos`, its setup and rules, a legal move of it and of the default start position,
/// then of `cell`.
#[cfg(feature = "json")]
pub(crate) fn json_examples_of<G>(pos: &G, cell: &impl serde::Serialize) -> Vec<Vec<u8>>
where
    G: FuzzGame + serde::Serialize,
    G::Setup: serde::Serialize,
    G::Rules: serde::Serialize,
    G::Move: serde::Serialize,
{
    let mut out = vec![json(pos), json(&pos.to_setup()), json(&pos.rules())];
    let mut moves = G::MoveList::default();
    G::new(G::Rules::default()).legal_moves(&mut moves);
    if let Some(mv) = moves.get(moves.len() / 2) {
        out.push(json(mv));
    }
    pos.legal_moves(&mut moves);
    if let Some(mv) = moves.last() {
        out.push(json(mv));
    }
    out.push(json(cell));
    out
}

/// The JSON methods of a game's [`FuzzGame`] impl, written from what differs between the games:
/// `check_json` checks what [`check_json_game`] checks, then round-trips the game's `types`;
/// `json_examples` are those of [`json_examples_of`], `cell` the example cell.
macro_rules! json_methods {
    (cell: $cell:expr, types: [$($t:ty),* $(,)?]) => {
        #[cfg(feature = "json")]
        fn check_json(bytes: &[u8]) {
            $crate::check_json_game::<Self>(bytes);
            $(let _ = $crate::json_round_trip::<$t>(bytes);)*
        }

        #[cfg(feature = "json")]
        fn json_examples(pos: &Self) -> Vec<Vec<u8>> {
            $crate::json_examples_of(pos, &$cell)
        }
    };
}
pub(crate) use json_methods;

/// A value as JSON bytes.
#[cfg(feature = "json")]
fn json<T: serde::Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).expect("a value writes as JSON")
}

/// The shared checks of an index type of cells or pieces (written by
/// `abstract_game::cell_index!`) on one index and one text: `try_new` and `TryFrom` agree and
/// refuse exactly the indices from `count` on, `index` gives the index back, the name parses
/// back to the cell, and a text that parses is the cell's name. Returns the cell of `index`.
pub fn check_cell<C>(
    index: usize,
    text: &str,
    count: usize,
    try_new: fn(usize) -> Option<C>,
    index_of: fn(C) -> usize,
) -> Option<C>
where
    C: Copy
        + Eq
        + Debug
        + Display
        + core::str::FromStr<Err = abstract_game::ParseCellError>
        + TryFrom<usize, Error = abstract_game::CellIndexError>,
{
    let cell = try_new(index);
    assert_eq!(cell, C::try_from(index).ok(), "try_new and try_from");
    assert_eq!(cell.is_some(), index < count);
    if let Err(e) = C::try_from(index) {
        assert_eq!((e.index, e.count), (index, count));
    }
    if let Some(c) = cell {
        assert_eq!(index_of(c), index);
        assert_eq!(c.to_string().parse::<C>(), Ok(c));
    }
    match text.parse::<C>() {
        Ok(c) => assert_eq!(c.to_string(), text, "a cell parses from its name only"),
        Err(e) => assert_eq!(e.text, text, "the error names the text"),
    }
    cell
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_or_any_reaches_every_value() {
        for n in 0..=u16::MAX {
            assert_eq!(small_or_any(small_or_any_bytes(n)), n);
        }
    }

    #[test]
    fn encoded_choices_are_read_back() {
        for n in [1usize, 2, 7, 255, 256, 257, 4500, 65_536, 65_537] {
            for index in [0, 1, n / 2, n - 1] {
                if index >= n {
                    continue;
                }
                let mut bytes = Vec::new();
                encode_choice(&mut bytes, index, n);
                let expected = match n {
                    1 => 0,
                    2..=256 => 1,
                    257..=65_536 => 2,
                    _ => 3,
                };
                assert_eq!(bytes.len(), expected, "{n}");
                // A byte after the choice must not be read by it.
                bytes.push(0xAA);
                let mut d = Decisions::new(&bytes);
                assert_eq!(d.choose(n), index, "{index} of {n}");
                assert_eq!(d.byte(), 0xAA);
            }
        }
    }
}
