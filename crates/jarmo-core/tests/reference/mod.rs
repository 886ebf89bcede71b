//! A deliberately simple Jarmo/Jasir move generator, written straight from the rules text and
//! sharing nothing with the crate's own board tables, bitboards or move generator. It works on
//! hole names and lists, and speaks in move notation strings.

#![allow(dead_code)]

use jarmo_core::Rules;
use jarmo_core::{Blocked, Direction, ReturnRule};

/// The 39 lines, copied by hand from the rules file.
const LINES: &str = "a1-b3 a1-c2 b1-a3 b1-d2 c1-a2 c1-d3 c1-e2 d1-b2 d1-c3 e1-c2 e1-d3 \
    a2-c3 b2-b3 b2-c2 b2-c4 c2-d2 c2-e3 d2-b3 d2-d3 e2-d4 \
    a3-b5 b3-a5 b3-b4 b3-c3 b3-c5 c3-a4 c3-e4 d3-b4 d3-d4 d3-e5 e3-d5 \
    a4-c5 b4-c4 b4-d5 c4-a5 c4-d4 c4-e5 d4-b5 e4-c5";

/// A hole as (file 0..5, row 0..5).
type Spot = (u8, u8);

fn spot(name: &str) -> Spot {
    let b = name.as_bytes();
    (b[0] - b'a', b[1] - b'1')
}

fn name(s: Spot) -> String {
    format!("{}{}", (b'a' + s.0) as char, s.1 + 1)
}

fn lines() -> &'static [(Spot, Spot)] {
    static PARSED: std::sync::OnceLock<Vec<(Spot, Spot)>> = std::sync::OnceLock::new();
    PARSED.get_or_init(|| {
        LINES
            .split_whitespace()
            .map(|l| {
                let (a, b) = l.split_once('-').unwrap();
                (spot(a), spot(b))
            })
            .collect()
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Archer {
    side: usize, // 0 Black, 1 White
    marked: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Step {
        from: Spot,
        to: Spot,
        ret: Option<Spot>,
    },
    Drop(Spot),
    Pass,
}

/// A reference position.
#[derive(Clone, Debug)]
pub struct RefPos {
    rules: Rules,
    board: Vec<Option<Archer>>, // index file + 5 * row
    pool: [u32; 2],
    credits: [u32; 2],
    to_move: usize,
    passes: u32,
    /// Each side's own moves, oldest first: Some((from, to)) for steps, None otherwise.
    history: [Vec<Option<(Spot, Spot)>>; 2],
    /// (winner: 0, 1 or None, scores)
    pub result: Option<(Option<usize>, [u32; 2])>,
}

fn at(s: Spot) -> usize {
    s.0 as usize + 5 * s.1 as usize
}

/// The row a side starts on.
fn home(side: usize) -> u8 {
    if side == 0 { 0 } else { 4 }
}

/// The row a side races to.
fn goal(side: usize) -> u8 {
    home(1 - side)
}

impl RefPos {
    /// The start position.
    pub fn start(rules: Rules) -> RefPos {
        let mut board = vec![None; 25];
        for f in 0..5 {
            board[at((f, 0))] = Some(Archer {
                side: 0,
                marked: false,
            });
            board[at((f, 4))] = Some(Archer {
                side: 1,
                marked: false,
            });
        }
        RefPos {
            rules,
            board,
            pool: [0; 2],
            credits: [0; 2],
            to_move: rules.first_player.index(),
            passes: 0,
            history: [Vec::new(), Vec::new()],
            result: None,
        }
    }

    /// The position a setup describes (the setup must be valid under `rules`). The
    /// no-shuttling record becomes the history of back-and-forth steps it stands for.
    pub fn from_setup(setup: &jarmo_core::Setup, rules: Rules) -> RefPos {
        let board = jarmo_core::Hole::ALL
            .iter()
            .map(|&hole| {
                setup.at(hole).map(|side| Archer {
                    side: side.index(),
                    marked: setup.is_marked(hole),
                })
            })
            .collect();
        let spot_of = |hole: jarmo_core::Hole| (hole.file(), hole.row());
        let history = setup.shuttle.0.map(|record| {
            let Some((from, to)) = record.last_step() else {
                return Vec::new();
            };
            let there = Some((spot_of(from), spot_of(to)));
            let back = Some((spot_of(to), spot_of(from)));
            match record.count() {
                1 => vec![there],
                2 => vec![back, there],
                _ => vec![there, back, there],
            }
        });
        let mut pos = RefPos {
            rules,
            board,
            pool: setup.pool.0.map(u32::from),
            credits: setup.credits.0.map(u32::from),
            to_move: setup.to_move.index(),
            passes: u32::from(setup.passes),
            history,
            result: None,
        };
        pos.settle();
        pos
    }

    fn moves(&self) -> Vec<Kind> {
        if self.result.is_some() {
            return Vec::new();
        }
        let us = self.to_move;
        let mut plain = Vec::new();
        for &(a, b) in lines() {
            for (from, to) in [(a, b), (b, a)] {
                let Some(archer) = self.board[at(from)] else {
                    continue;
                };
                if archer.side != us || from.1 == goal(us) {
                    continue;
                }
                // Forward means towards the goal row.
                let backward = if us == 0 {
                    to.1 < from.1
                } else {
                    to.1 > from.1
                };
                if backward && self.rules.direction == Direction::Jasir {
                    continue;
                }
                if matches!(self.board[at(to)], Some(x) if x.side == us) {
                    continue;
                }
                if self.rules.no_shuttling && self.shuttle_forbids(from, to) {
                    continue;
                }
                plain.push(Kind::Step {
                    from,
                    to,
                    ret: None,
                });
            }
        }
        if self.rules.return_rule == ReturnRule::Reserve && self.pool[us] > 0 {
            for f in 0..5 {
                let h = (f, home(us));
                if self.board[at(h)].is_none() {
                    plain.push(Kind::Drop(h));
                }
            }
        }
        if self.rules.goal_row_capture_restriction {
            let ends_off_goal = plain.iter().any(|k| match k {
                Kind::Step { to, .. } => to.1 != goal(us),
                Kind::Drop(h) => h.1 != goal(us),
                Kind::Pass => false,
            });
            if ends_off_goal {
                plain.retain(|k| match k {
                    Kind::Step { to, .. } => !(to.1 == goal(us) && self.board[at(*to)].is_some()),
                    _ => true,
                });
            }
        }
        let mut all = Vec::new();
        for k in plain {
            match k {
                Kind::Step { from, to, .. } => {
                    let holes = self.return_holes(from, to);
                    if holes.is_empty() {
                        all.push(k);
                    } else {
                        for h in holes {
                            all.push(Kind::Step {
                                from,
                                to,
                                ret: Some(h),
                            });
                        }
                    }
                }
                _ => all.push(k),
            }
        }
        if all.is_empty() && self.rules.blocked == Blocked::Pass {
            all.push(Kind::Pass);
        }
        all
    }

    fn shuttle_forbids(&self, from: Spot, to: Spot) -> bool {
        let h = &self.history[self.to_move];
        if h.len() < 3 {
            return false;
        }
        let last3 = &h[h.len() - 3..];
        match (last3[0], last3[1], last3[2]) {
            (Some((x1, y1)), Some((y2, x2)), Some((x3, y3))) => {
                x1 == x2 && x2 == x3 && y1 == y2 && y2 == y3 && from == y1 && to == x1
            }
            _ => false,
        }
    }

    /// Under the seed rule: the holes where the step must return an archer.
    fn return_holes(&self, from: Spot, to: Spot) -> Vec<Spot> {
        let us = self.to_move;
        if self.rules.return_rule != ReturnRule::Seed || self.pool[us] == 0 {
            return Vec::new();
        }
        let archer = self.board[at(from)].unwrap();
        let captures = self.board[at(to)].is_some();
        let marked = archer.marked || captures;
        let mut credits = self.credits[us];
        if marked && to.1 == goal(us) {
            credits += 1; // the pool is not empty, so the credit counts
        }
        if credits == 0 {
            return Vec::new();
        }
        (0..5)
            .map(|f| (f, home(us)))
            .filter(|&h| h == from || (h != to && self.board[at(h)].is_none()))
            .collect()
    }

    fn notation(&self, k: Kind) -> String {
        match k {
            Kind::Pass => "pass".to_string(),
            Kind::Drop(h) => format!("@{}", name(h)),
            Kind::Step { from, to, ret } => {
                let sep = if self.board[at(to)].is_some() {
                    'x'
                } else {
                    '-'
                };
                let mut s = format!("{}{sep}{}", name(from), name(to));
                if let Some(r) = ret {
                    s.push('/');
                    s.push_str(&name(r));
                }
                s
            }
        }
    }

    /// The legal moves as sorted notation strings.
    pub fn legal(&self) -> Vec<String> {
        let mut v: Vec<String> = self.moves().into_iter().map(|k| self.notation(k)).collect();
        v.sort();
        v
    }

    /// Plays the move written `text` (which must be legal).
    pub fn play(&mut self, text: &str) {
        let k = self
            .moves()
            .into_iter()
            .find(|&k| self.notation(k) == text)
            .unwrap_or_else(|| panic!("reference: {text} is not legal"));
        let us = self.to_move;
        let them = 1 - us;
        match k {
            Kind::Pass => {
                self.passes += 1;
                self.history[us].push(None);
            }
            Kind::Drop(h) => {
                self.passes = 0;
                self.pool[us] -= 1;
                self.board[at(h)] = Some(Archer {
                    side: us,
                    marked: false,
                });
                self.history[us].push(None);
            }
            Kind::Step { from, to, ret } => {
                self.passes = 0;
                let mut archer = self.board[at(from)].take().unwrap();
                if let Some(victim) = self.board[at(to)] {
                    archer.marked = true;
                    let back = match self.rules.return_rule {
                        ReturnRule::Seed => true,
                        ReturnRule::Reserve => victim.marked,
                        ReturnRule::None => false,
                    };
                    if back {
                        self.pool[them] += 1;
                    }
                }
                self.board[at(to)] = Some(archer);
                if self.rules.return_rule == ReturnRule::Seed {
                    if archer.marked && to.1 == goal(us) && self.pool[us] > 0 {
                        self.credits[us] += 1;
                    }
                    if let Some(r) = ret {
                        self.credits[us] -= 1;
                        self.pool[us] -= 1;
                        self.board[at(r)] = Some(Archer {
                            side: us,
                            marked: false,
                        });
                    }
                }
                self.history[us].push(Some((from, to)));
            }
        }
        self.to_move = them;
        self.settle();
    }

    /// Decides whether the game has ended in the position reached.
    fn settle(&mut self) {
        let arrived = |s: usize| {
            let all_there = self
                .board
                .iter()
                .enumerate()
                .all(|(i, c)| !matches!(c, Some(a) if a.side == s && (i / 5) as u8 != goal(s)));
            all_there && (self.rules.return_rule != ReturnRule::Reserve || self.pool[s] == 0)
        };
        let scores = self.scores();
        if self.passes >= 2 || arrived(0) || arrived(1) {
            let winner = match scores[0].cmp(&scores[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            self.result = Some((winner, scores));
        } else if self.rules.blocked == Blocked::Loses && self.moves().is_empty() {
            self.result = Some((Some(1 - self.to_move), scores));
        }
    }

    /// 2 points per archer on the enemy's first row, 1 per other archer on the board.
    pub fn scores(&self) -> [u32; 2] {
        let mut s = [0; 2];
        for (i, c) in self.board.iter().enumerate() {
            if let Some(a) = c {
                s[a.side] += if (i / 5) as u8 == goal(a.side) { 2 } else { 1 };
            }
        }
        s
    }

    /// Counts move sequences of length `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|k| {
                let mut next = self.clone();
                next.play(&self.notation(k));
                next.perft(depth - 1)
            })
            .sum()
    }
}
