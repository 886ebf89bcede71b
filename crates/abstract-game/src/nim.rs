//! The test game of the workspace: subtraction Nim on two heaps. A move takes 1, 2 or 3
//! stones from one heap, whoever takes the last stone wins, and a position is lost for the
//! side to move exactly when the heaps are equal modulo 4. Small, solved and sound, it tests
//! the generic tools (perft, playouts, records, the contract) and the search crate, and its
//! benches measure search overhead without a game's cost.

use arrayvec::ArrayVec;

use crate::{Evaluate, Game, GameRules, Outcome, Preset, Side, TextGame};

/// Nim's rules: the size of the heaps, with presets `small` (5) and `big` (9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NimRules {
    /// The size of both heaps at the start (5 when 0).
    pub heap: u8,
}

impl GameRules for NimRules {
    const PRESETS: &'static [Preset<Self>] = &[
        Preset {
            name: "small",
            summary: "two heaps of 5",
            rules: NimRules { heap: 5 },
        },
        Preset {
            name: "big",
            summary: "two heaps of 9",
            rules: NimRules { heap: 9 },
        },
    ];
}

crate::default_rules!(NimRules);

/// A Nim position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    /// The two heaps.
    pub heaps: [u8; 2],
    /// The side to move.
    pub to_move: Side,
    /// The rules it started under.
    pub rules: NimRules,
}

impl Game for Nim {
    type Move = (u8, u8);
    type Rules = NimRules;
    type MoveList = ArrayVec<(u8, u8), 6>;
    const NAME: &'static str = "nim";
    const SIDE_NAMES: [&'static str; 2] = ["First", "Second"];

    fn new(rules: NimRules) -> Nim {
        let heap = if rules.heap == 0 { 5 } else { rules.heap };
        Nim {
            heaps: [heap, heap],
            to_move: Side::First,
            rules,
        }
    }
    fn rules(&self) -> NimRules {
        self.rules
    }
    fn side_to_move(&self) -> Side {
        self.to_move
    }
    fn legal_moves(&self, moves: &mut Self::MoveList) {
        moves.clear();
        for heap in 0..2u8 {
            for take in 1..=self.heaps[heap as usize].min(3) {
                moves.push((heap, take));
            }
        }
    }
    fn count_legal_moves(&self) -> usize {
        usize::from(self.heaps[0].min(3) + self.heaps[1].min(3))
    }
    fn play_unchecked(&mut self, (heap, take): (u8, u8)) {
        // Never panics, even on an illegal move.
        let heap = &mut self.heaps[usize::from(heap & 1)];
        *heap = heap.saturating_sub(take);
        self.to_move = !self.to_move;
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.heaps == [0, 0]).then(|| Outcome::win(!self.to_move))
    }
    /// The stones left in both heaps, for each side: the heaps belong to neither side, so
    /// both share them, and every move "captures" the stones it takes.
    fn piece_counts(&self) -> [u32; 2] {
        let stones = u32::from(self.heaps[0]) + u32::from(self.heaps[1]);
        [stones, stones]
    }
    fn zobrist(&self) -> u64 {
        self.zobrist_from_scratch()
    }
    fn zobrist_from_scratch(&self) -> u64 {
        u64::from(self.heaps[0]) << 8 | u64::from(self.heaps[1]) << 1 | self.to_move.index() as u64
    }
}

/// Why a Nim text or setup was refused.
#[derive(Clone, Debug, thiserror::Error)]
#[error("not a Nim text: {0:?}")]
pub struct NimTextError(pub String);

/// A raw Nim position: the two heaps and the side to move, written `"<heap> <heap> <side>"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NimSetup {
    /// The two heaps.
    pub heaps: [u8; 2],
    /// The side to move.
    pub to_move: Side,
}

impl core::fmt::Display for NimSetup {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let [a, b] = self.heaps;
        write!(f, "{a} {b} {}", self.to_move.index())
    }
}

impl core::str::FromStr for NimSetup {
    type Err = NimTextError;
    fn from_str(text: &str) -> Result<NimSetup, NimTextError> {
        let bad = || NimTextError(text.to_string());
        let fields: Vec<u8> = text
            .split(' ')
            .map(|f| f.parse().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        match fields[..] {
            [a, b, side @ (0 | 1)] => Ok(NimSetup {
                heaps: [a, b],
                to_move: Side::from_index(side.into()),
            }),
            _ => Err(bad()),
        }
    }
}

impl core::fmt::Display for Nim {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&TextGame::to_text(self))
    }
}

impl From<&Nim> for NimSetup {
    fn from(nim: &Nim) -> NimSetup {
        NimSetup {
            heaps: nim.heaps,
            to_move: nim.to_move,
        }
    }
}

impl TextGame for Nim {
    type Setup = NimSetup;
    type SetupError = NimTextError;
    type MoveError = NimTextError;
    type TextError = NimTextError;

    const ABOUT: &'static str = "Nim: take 1 to 3 stones from one of two heaps (moves like 0:3)";
    const NOTATION: &'static [(&'static str, &'static str)] = &[
        ("0:3", "take 3 stones from heap 0"),
        ("1:1", "take 1 stone from heap 1"),
    ];

    fn from_setup(setup: NimSetup, rules: NimRules) -> Result<Nim, NimTextError> {
        if setup.heaps.iter().any(|&h| h > 99) {
            return Err(NimTextError(setup.to_string()));
        }
        Ok(Nim {
            heaps: setup.heaps,
            to_move: setup.to_move,
            rules,
        })
    }
    fn parse_move(&self, text: &str) -> Result<(u8, u8), NimTextError> {
        let bad = || NimTextError(text.to_string());
        let (heap, take) = text.split_once(':').ok_or_else(bad)?;
        let mv = (
            heap.parse().map_err(|_| bad())?,
            take.parse().map_err(|_| bad())?,
        );
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            Err(bad())
        }
    }
    fn move_to_string(&self, (heap, take): (u8, u8)) -> String {
        format!("{heap}:{take}")
    }
    fn diagram(&self) -> String {
        self.to_text()
    }
}

impl Nim {
    /// The position with heaps `a` and `b`, the first side to move, default rules.
    pub fn at(a: u8, b: u8) -> Nim {
        Nim {
            heaps: [a, b],
            to_move: Side::First,
            rules: NimRules::default(),
        }
    }

    /// The height of the picture with cells of `cell` pixels: room for the taller heap.
    fn picture_height(&self, cell: f64) -> f64 {
        let tallest = f64::from(self.heaps[0].max(self.heaps[1]).max(1));
        cell * (tallest * 0.5 + 3.0)
    }

    /// Whether the side to move loses against best play.
    pub fn is_lost(&self) -> bool {
        self.heaps[0] % 4 == self.heaps[1] % 4
    }

    /// The legal moves as a vector.
    pub fn moves(&self) -> Vec<(u8, u8)> {
        let mut list = <Nim as Game>::MoveList::default();
        self.legal_moves(&mut list);
        list.to_vec()
    }
}

/// No heuristic at all: every score a search reports comes from finished games.
impl Evaluate for Nim {
    type Weights = ();

    const WEIGHTS: () = ();

    fn evaluate_with(&self, (): &()) -> i32 {
        0
    }

    /// With equal heaps, taking as many stones from either heap gives mirror images, of the
    /// same outcome and value: twins, of the family of the number taken. So the searches'
    /// tests go through the twins' shortcuts too.
    fn move_family(&self, (_, take): (u8, u8)) -> Option<u8> {
        (self.heaps[0] == self.heaps[1]).then_some(take)
    }

    fn family_moves(&self, moves: &mut Self::MoveList) {
        self.legal_moves(moves);
        if self.heaps[0] == self.heaps[1] {
            moves.retain(|&mut (heap, _)| heap == 0);
        }
    }
}

/// The geometry of a picture of Nim: the cell size, the picture's height (its tallest heap)
/// and which way round the heaps stand.
#[derive(Clone, Copy, Debug)]
pub struct NimLayout {
    cell: f64,
    height: f64,
    flip: bool,
}

impl crate::svg::PictureLayout<Nim> for NimLayout {
    const PAPER: &'static str = "#f4ecd8";

    fn new(pos: &Nim, options: &crate::svg::SvgOptions<(u8, u8), u8>) -> NimLayout {
        let cell = f64::from(options.cell);
        NimLayout {
            cell,
            height: pos.picture_height(cell),
            flip: options.flip,
        }
    }

    fn size(&self) -> (f64, f64) {
        (self.cell * 4.0, self.height)
    }

    /// The bottom stone of a heap.
    fn centre(&self, heap: u8) -> (f64, f64) {
        let column = if self.flip {
            1 - heap.min(1)
        } else {
            heap.min(1)
        };
        (
            self.cell * (1.0 + 2.0 * f64::from(column)),
            self.height - self.cell * 1.5,
        )
    }
}

/// A picture of the two heaps: a column of stones each, the heap's number under it.
impl crate::svg::Render for Nim {
    /// A heap, by its number (0 or 1), as the move text names it.
    type Cell = u8;

    type Layout = NimLayout;

    const CELLS: &'static [u8] = &[0, 1];

    fn move_cells(&self, (heap, _): (u8, u8)) -> Vec<u8> {
        vec![heap]
    }

    fn draw(
        &self,
        svg: &mut crate::svg::Svg,
        layout: &NimLayout,
        options: &crate::svg::SvgOptions<(u8, u8), u8>,
    ) {
        use crate::svg::{PictureLayout, Style, caption};
        let (cell, height) = (layout.cell, layout.height);
        for heap in [0u8, 1] {
            let (x, base) = layout.centre(heap);
            for stone in 0..self.heaps[usize::from(heap)] {
                svg.begin_group("piece", &format!("stone of heap {heap}"));
                let y = base - f64::from(stone) * cell * 0.5;
                svg.circle(x, y, cell * 0.3, &Style::fill("#555").stroke("#222", 1.0));
                svg.end_group();
            }
            if options.coordinates {
                svg.text(
                    x,
                    height - cell * 0.6,
                    cell * 0.35,
                    &heap.to_string(),
                    "middle",
                    "#333",
                );
            }
        }
        svg.text(
            cell * 2.0,
            cell * 0.5,
            cell * 0.3,
            &caption(self),
            "middle",
            "#333",
        );
    }
}

/// Six ids: `heap * 3 + take - 1`.
impl crate::ActionSpace for Nim {
    const ACTIONS: usize = 6;
    const DEFAULT_MAX_PLIES: u32 = 60;

    fn action_of(&self, (heap, take): (u8, u8)) -> usize {
        usize::from(heap) * 3 + usize::from(take).saturating_sub(1)
    }
}

/// Two planes of one row of two cells: the heaps' sizes over 9, then 1 where the first side is
/// to move.
impl crate::Observe for Nim {
    const OBSERVATION_SHAPE: [usize; 3] = [2, 1, 2];

    fn observe(&self, out: &mut [f32]) {
        let first = f32::from(u8::from(self.to_move == Side::First));
        out[..4].copy_from_slice(&[
            f32::from(self.heaps[0]) / 9.0,
            f32::from(self.heaps[1]) / 9.0,
            first,
            first,
        ]);
    }
}

/// Nim's positions for a retrograde solver: one layer per number of stones left, since every
/// move takes stones (so no move stays in its layer), and within a layer the first heap's size
/// and the side to move.
#[derive(Clone, Copy, Debug)]
pub struct NimIndex {
    rules: NimRules,
    heap: u8,
}

impl NimIndex {
    /// The smallest first heap of layer `stones`.
    fn low(&self, stones: usize) -> usize {
        stones.saturating_sub(usize::from(self.heap))
    }
}

impl crate::PositionIndex for NimIndex {
    type Game = Nim;
    type Node = Nim;
    const INDEX_VERSION: u32 = 1;

    fn name(&self) -> String {
        format!("nim heaps up to {}", self.heap)
    }

    fn layer_count(&self) -> usize {
        2 * usize::from(self.heap) + 1
    }
    fn layer_len(&self, layer: usize) -> u64 {
        let high = layer.min(usize::from(self.heap));
        2 * (high - self.low(layer) + 1) as u64
    }
    fn layer_wave(&self, layer: usize) -> u32 {
        layer as u32
    }
    fn rank(&self, node: Nim) -> (usize, u64) {
        let stones = usize::from(node.heaps[0]) + usize::from(node.heaps[1]);
        let first = usize::from(node.heaps[0]) - self.low(stones);
        (stones, 2 * first as u64 + node.to_move.index() as u64)
    }
    fn unrank(&self, layer: usize, index: u64) -> Nim {
        let first = self.low(layer) + (index / 2) as usize;
        Nim {
            heaps: [first as u8, (layer - first) as u8],
            to_move: Side::from_index((index % 2) as usize),
            rules: self.rules,
        }
    }
    fn terminal(&self, node: Nim) -> Option<crate::Value> {
        // The side that took the last stone won: the side to move has lost.
        (node.heaps == [0, 0]).then_some(crate::Value::Loss(0))
    }
    fn children(&self, node: Nim, mut visit: impl FnMut(Nim)) {
        let mut moves = <Nim as Game>::MoveList::new();
        node.legal_moves(&mut moves);
        for &mv in &moves {
            visit(node.after(mv));
        }
    }
    fn parents(&self, _node: Nim, _visit: impl FnMut(Nim)) {
        // Every move leaves its layer.
    }
    fn node_of(&self, game: &Nim) -> Option<Nim> {
        (game.heaps.iter().all(|&h| h <= self.heap)).then_some(Nim {
            rules: self.rules,
            ..*game
        })
    }
    fn game_of(&self, node: Nim) -> Nim {
        node
    }
}

impl crate::Solvable for Nim {
    type Index = NimIndex;

    /// Every position with heaps no bigger than the start's.
    fn position_index(rules: NimRules) -> Option<NimIndex> {
        let heap = if rules.heap == 0 { 5 } else { rules.heap };
        Some(NimIndex { rules, heap })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_counts_are_the_stones_left_for_both() {
        // Heaps of 5 and 5, then 2 taken from the first: 10, then 8 stones.
        let mut pos = Nim::new(NimRules::default());
        assert_eq!(pos.piece_counts(), [10, 10]);
        pos.play_unchecked((0, 2));
        assert_eq!(pos.piece_counts(), [8, 8]);
    }
}
