//! The test game: subtraction Nim on two heaps (the game of abstract-game's `tests/generic.rs`).
//! A move takes 1, 2 or 3 stones from one heap; whoever takes the last stone wins. A position
//! is lost for the side to move exactly when the two heaps are equal modulo 4.

#![allow(dead_code)]

use std::collections::HashMap;

use abstract_game::{Evaluate, Game, Outcome, Rules, Side};
use arrayvec::ArrayVec;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NimRules {
    pub heap: u8,
}

impl Rules for NimRules {
    const PRESETS: &'static [&'static str] = &["small", "big"];
    fn preset(name: &str) -> Option<Self> {
        match name {
            "small" => Some(NimRules { heap: 5 }),
            "big" => Some(NimRules { heap: 9 }),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nim {
    pub heaps: [u8; 2],
    pub to_move: Side,
    pub rules: NimRules,
}

impl Nim {
    /// The position with these heaps, the first side to move.
    pub fn at(a: u8, b: u8) -> Nim {
        Nim {
            heaps: [a, b],
            to_move: Side::First,
            rules: NimRules::default(),
        }
    }

    /// Whether the side to move loses against best play.
    pub fn is_lost(&self) -> bool {
        self.heaps[0] % 4 == self.heaps[1] % 4
    }

    pub fn moves(&self) -> Vec<(u8, u8)> {
        let mut list = <Nim as Game>::MoveList::default();
        self.legal_moves(&mut list);
        list.to_vec()
    }
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
        let heap = &mut self.heaps[usize::from(heap & 1)];
        *heap = heap.saturating_sub(take);
        self.to_move = !self.to_move;
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.heaps == [0, 0]).then(|| Outcome::win(!self.to_move))
    }
    fn zobrist(&self) -> u64 {
        self.zobrist_from_scratch()
    }
    fn zobrist_from_scratch(&self) -> u64 {
        u64::from(self.heaps[0]) << 8 | u64::from(self.heaps[1]) << 1 | self.to_move.index() as u64
    }
}

/// No heuristic at all: every score alpha-beta reports comes from finished games.
impl Evaluate for Nim {
    fn evaluate(&self) -> i32 {
        0
    }
}

/// The exact result for the side to move by brute force: `(wins, plies)`, the distance being
/// the fastest win or the slowest loss.
pub fn solve(a: u8, b: u8, memo: &mut HashMap<(u8, u8), (bool, u32)>) -> (bool, u32) {
    if a == 0 && b == 0 {
        return (false, 0);
    }
    if let Some(&r) = memo.get(&(a, b)) {
        return r;
    }
    let mut fastest_win: Option<u32> = None;
    let mut slowest_loss = 0;
    for (heap, take) in Nim::at(a, b).moves() {
        let (ca, cb) = if heap == 0 {
            (a - take, b)
        } else {
            (a, b - take)
        };
        let (child_wins, plies) = solve(ca, cb, memo);
        if child_wins {
            slowest_loss = slowest_loss.max(plies + 1);
        } else {
            fastest_win = Some(fastest_win.map_or(plies + 1, |w: u32| w.min(plies + 1)));
        }
    }
    let r = match fastest_win {
        Some(w) => (true, w),
        None => (false, slowest_loss),
    };
    memo.insert((a, b), r);
    r
}
