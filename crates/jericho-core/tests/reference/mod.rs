//! A deliberately simple and slow Jericho implementation written straight from the rules file,
//! sharing nothing with the crate's board tables, bitboards or move generator. Squares are
//! listed file by file, alignments are found from their line equations, towers are vectors of
//! (size, colour) pairs, leaders are recomputed from scratch after every turn, and legal moves
//! are found by trying every piece of the stock on every square.

#![allow(dead_code)]

pub mod from_crate;

/// A piece: (size 1..=5, colour 0..5).
pub type P = (u8, u8);

/// A reference move: a placement (piece, square name) or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RMove {
    /// Put the piece on the named square.
    Place(P, &'static str),
    /// Pass.
    Pass,
}

/// The rule options, spelled independently of the crate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ROptions {
    /// 0: any square sharing an alignment; 1: only across territories; 2: off.
    pub scope: u8,
    /// Compare only sizes under the two placements.
    pub sizes_only: bool,
    /// Equal prefix of two multi-piece towers ties.
    pub prefix_tie: bool,
    /// 0: South moves first, 1: North.
    pub first: usize,
}

impl ROptions {
    /// All defaults.
    pub const STANDARD: ROptions = ROptions {
        scope: 0,
        sizes_only: false,
        prefix_tie: false,
        first: 0,
    };
}

/// One square: name, x, y.
#[derive(Clone, Copy, Debug)]
pub struct RSquare {
    pub name: &'static str,
    pub x: i32,
    pub y: i32,
}

impl RSquare {
    /// 0 for South (y < 0), 1 for North.
    pub fn owner(&self) -> usize {
        if self.y < 0 { 0 } else { 1 }
    }
}

const NAMES: [[&str; 4]; 7] = [
    ["a1", "a2", "a3", "a4"],
    ["b1", "b2", "b3", "b4"],
    ["c1", "c2", "c3", "c4"],
    ["d1", "d2", "d3", "d4"],
    ["e1", "e2", "e3", "e4"],
    ["f1", "f2", "f3", "f4"],
    ["g1", "g2", "g3", "g4"],
];

/// The board: squares file by file, and alignments as lists of square positions.
pub struct RBoard {
    pub squares: Vec<RSquare>,
    pub alignments: Vec<Vec<usize>>,
}

impl RBoard {
    /// Builds the board from the rules text: files a..g at x = -3..3, ranks 1..4 at
    /// y = -2, -1, 1, 2, no d2 and d3; frontal alignments x = c, diagonals y = x + k and
    /// y = -x + k for k in -1..=1.
    pub fn new() -> RBoard {
        let mut squares = Vec::new();
        for (fx, file) in NAMES.iter().enumerate() {
            for (ry, name) in file.iter().enumerate() {
                if *name == "d2" || *name == "d3" {
                    continue;
                }
                let y = [-2, -1, 1, 2][ry];
                squares.push(RSquare {
                    name,
                    x: fx as i32 - 3,
                    y,
                });
            }
        }
        let mut alignments = Vec::new();
        for c in -3..=3 {
            alignments.push(
                (0..squares.len())
                    .filter(|&i| squares[i].x == c)
                    .collect::<Vec<_>>(),
            );
        }
        for k in [1, 0, -1] {
            alignments.push(
                (0..squares.len())
                    .filter(|&i| squares[i].y == squares[i].x + k)
                    .collect(),
            );
        }
        for k in [-1, 0, 1] {
            alignments.push(
                (0..squares.len())
                    .filter(|&i| squares[i].y == -squares[i].x + k)
                    .collect(),
            );
        }
        RBoard {
            squares,
            alignments,
        }
    }

    /// The position of the named square.
    pub fn index(&self, name: &str) -> usize {
        self.squares.iter().position(|s| s.name == name).unwrap()
    }

    /// Whether two distinct squares lie on a common alignment.
    pub fn share(&self, a: usize, b: usize) -> bool {
        a != b
            && self
                .alignments
                .iter()
                .any(|al| al.contains(&a) && al.contains(&b))
    }
}

/// Tower comparison from the rules text: +1 if `a` beats `b`, -1 if `b` beats `a`, 0 on a tie.
/// Towers are listed bottom first.
pub fn compare(a: &[P], b: &[P], prefix_tie: bool) -> i32 {
    let multi_a = a.len() >= 2;
    let multi_b = b.len() >= 2;
    if multi_a && !multi_b {
        return 1;
    }
    if multi_b && !multi_a {
        return -1;
    }
    let mut i = 0;
    loop {
        let ta = a.len().checked_sub(i + 1).map(|k| a[k].0);
        let tb = b.len().checked_sub(i + 1).map(|k| b[k].0);
        match (ta, tb) {
            (Some(x), Some(y)) => {
                if x > y {
                    return 1;
                }
                if x < y {
                    return -1;
                }
            }
            (Some(_), None) => return if prefix_tie { 0 } else { 1 },
            (None, Some(_)) => return if prefix_tie { 0 } else { -1 },
            (None, None) => return 0,
        }
        i += 1;
    }
}

/// A reference game state.
#[derive(Clone)]
pub struct RGame<'b> {
    pub board: &'b RBoard,
    pub opts: ROptions,
    pub towers: Vec<Vec<P>>,
    /// stock[player][size - 1][colour]
    pub stock: [[[bool; 5]; 5]; 2],
    pub to_move: usize,
    /// (square, piece, level) of the opponent's last placement, if the last turn was one.
    pub last: Option<(usize, P, usize)>,
    pub passes: u32,
    /// Monolith counts at the end of every turn so far; the first entry is the start.
    pub history: Vec<[u32; 2]>,
    /// Some(Some(player)) for a win, Some(None) for a draw.
    pub result: Option<Option<usize>>,
}

impl<'b> RGame<'b> {
    /// The empty board.
    pub fn new(board: &'b RBoard, opts: ROptions) -> RGame<'b> {
        RGame {
            board,
            opts,
            towers: vec![Vec::new(); board.squares.len()],
            stock: [[[true; 5]; 5]; 2],
            to_move: opts.first,
            last: None,
            passes: 0,
            history: vec![[0, 0]],
            result: None,
        }
    }

    /// The leader of alignment `a`: a player leads when one of his towers there beats every
    /// enemy tower there, and both have a tower there.
    pub fn leader(&self, a: usize) -> Option<usize> {
        let al = &self.board.alignments[a];
        let mine = |p: usize| {
            al.iter()
                .copied()
                .filter(|&s| self.board.squares[s].owner() == p && !self.towers[s].is_empty())
                .collect::<Vec<_>>()
        };
        let sides = [mine(0), mine(1)];
        if sides[0].is_empty() || sides[1].is_empty() {
            return None;
        }
        (0..2).find(|&p| {
            sides[p].iter().any(|&t| {
                sides[1 - p]
                    .iter()
                    .all(|&u| compare(&self.towers[t], &self.towers[u], self.opts.prefix_tie) == 1)
            })
        })
    }

    /// Both monolith counts.
    pub fn counts(&self) -> [u32; 2] {
        let mut c = [0, 0];
        for a in 0..self.board.alignments.len() {
            if let Some(p) = self.leader(a) {
                c[p] += 1;
            }
        }
        c
    }

    /// Whether the player to move may put `piece` on square `r`.
    pub fn can_place(&self, piece: P, r: usize) -> bool {
        let (size, colour) = piece;
        if !self.stock[self.to_move][size as usize - 1][colour as usize] {
            return false;
        }
        let tower = &self.towers[r];
        if tower.len() >= 4 {
            return false;
        }
        if tower.iter().any(|&(s, c)| s == size || c == colour) {
            return false;
        }
        if let Some((q, p, level)) = self.last {
            let new_level = tower.len() + 1;
            let in_scope = match self.opts.scope {
                0 => self.board.share(q, r),
                1 => {
                    self.board.share(q, r)
                        && self.board.squares[q].owner() != self.board.squares[r].owner()
                }
                _ => false,
            };
            let under_q = &self.towers[q][..level - 1];
            let same_under = if self.opts.sizes_only {
                tower.len() == under_q.len() && tower.iter().zip(under_q).all(|(a, b)| a.0 == b.0)
            } else {
                tower.as_slice() == under_q
            };
            if p == piece && in_scope && new_level == level && same_under {
                return false;
            }
        }
        true
    }

    /// Every legal move, sorted.
    pub fn moves(&self) -> Vec<RMove> {
        if self.result.is_some() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for r in 0..self.board.squares.len() {
            for size in 1..=5 {
                for colour in 0..5 {
                    if self.can_place((size, colour), r) {
                        out.push(RMove::Place((size, colour), self.board.squares[r].name));
                    }
                }
            }
        }
        if out.is_empty() {
            out.push(RMove::Pass);
        }
        out.sort();
        out
    }

    /// The number of legal moves.
    pub fn count(&self) -> u64 {
        if self.result.is_some() {
            return 0;
        }
        let mut n = 0;
        for r in 0..self.board.squares.len() {
            for size in 1..=5 {
                for colour in 0..5 {
                    if self.can_place((size, colour), r) {
                        n += 1;
                    }
                }
            }
        }
        n.max(1)
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: RMove) {
        let mover = self.to_move;
        match mv {
            RMove::Place(piece, name) => {
                let r = self.board.index(name);
                self.stock[mover][piece.0 as usize - 1][piece.1 as usize] = false;
                self.towers[r].push(piece);
                self.last = Some((r, piece, self.towers[r].len()));
                self.passes = 0;
            }
            RMove::Pass => {
                self.last = None;
                self.passes += 1;
            }
        }
        let now = self.counts();
        self.history.push(now);
        let other = 1 - mover;
        let before = self.history[self.history.len() - 2];
        if before[other] >= 7 && now[other] >= 7 {
            self.result = Some(Some(other));
        } else if self.passes >= 2 {
            self.result = Some(None);
        }
        self.to_move = other;
    }

    /// Colours no placement has used yet.
    fn untouched_colours(&self) -> Vec<u8> {
        (0..5u8)
            .filter(|&c| (0..2).all(|p| (0..5).all(|s| self.stock[p][s][c as usize])))
            .collect()
    }

    /// perft, using the colour symmetry: colours never placed are interchangeable, so only the
    /// lowest of them is tried and its count is multiplied by how many there are.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.count();
        }
        let untouched = self.untouched_colours();
        let mut total = 0;
        for mv in self.moves() {
            let weight = match mv {
                RMove::Place((_, c), _) if untouched.contains(&c) => {
                    if c != untouched[0] {
                        continue;
                    }
                    untouched.len() as u64
                }
                _ => 1,
            };
            let mut child = self.clone();
            child.play(mv);
            total += weight * child.perft(depth - 1);
        }
        total
    }

    /// perft from the empty board using the left-right mirror as well: a first placement on
    /// files a..c counts twice (for its mirror on g..e), file d once, files e..g not at all.
    pub fn perft_root_mirror(&self, depth: u32) -> u64 {
        assert!(self.towers.iter().all(|t| t.is_empty()) && depth >= 2);
        let untouched = self.untouched_colours();
        let mut total = 0;
        for mv in self.moves() {
            let RMove::Place((_, c), name) = mv else {
                unreachable!()
            };
            if c != untouched[0] {
                continue;
            }
            let x = self.board.squares[self.board.index(name)].x;
            let mirror_weight = match x {
                -3..=-1 => 2,
                0 => 1,
                _ => continue,
            };
            let mut child = self.clone();
            child.play(mv);
            total += mirror_weight * untouched.len() as u64 * child.perft(depth - 1);
        }
        total
    }
}
