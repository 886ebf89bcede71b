//! A deliberately simple and slow Jetan move generator, written straight from the rules text.
//!
//! It shares nothing with the crate's move generation: its own board (a 10x10 array of
//! optional pieces), its own piece table, and moves found by enumerating every path step by
//! step. It reads the facts of a [`Position`] through public accessors only, and plays its own
//! moves with its own end-of-game rules, so that walking a tree in lockstep checks the crate's
//! play and outcome as well as its move lists.

#![allow(dead_code, clippy::needless_range_loop)]

use jetan_core::{Kind, Position, Rules, Side, Square, ValueScale};

/// A side: 0 Black, 1 Orange.
pub type Color = u8;

/// Step kinds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Step {
    Orth,
    Diag,
    Any,
    /// Panthan: forward, diagonally forward, or sideways.
    Panthan,
}

/// What a piece does: its steps and whether it jumps.
fn movement(kind: Kind) -> (&'static [Step], bool) {
    use Step::*;
    match kind {
        Kind::Panthan => (&[Panthan], false),
        Kind::Thoat => (&[Orth, Diag], false),
        Kind::Warrior => (&[Orth, Orth], false),
        Kind::Padwar => (&[Diag, Diag], false),
        Kind::Dwar => (&[Orth, Orth, Orth], false),
        Kind::Flier => (&[Diag, Diag, Diag], true),
        Kind::Chief => (&[Any, Any, Any], false),
        Kind::Princess => (&[Any, Any, Any], true),
    }
}

fn offsets(step: Step, color: Color) -> Vec<(i32, i32)> {
    let fwd = if color == 0 { 1 } else { -1 };
    match step {
        Step::Orth => vec![(0, 1), (1, 0), (0, -1), (-1, 0)],
        Step::Diag => vec![(1, 1), (1, -1), (-1, 1), (-1, -1)],
        Step::Any => vec![
            (0, 1),
            (1, 0),
            (0, -1),
            (-1, 0),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ],
        Step::Panthan => vec![(0, fwd), (1, fwd), (-1, fwd), (1, 0), (-1, 0)],
    }
}

/// A piece's value for the material rules, on each reading of "equal value".
fn value(kind: Kind, scale: ValueScale) -> u32 {
    match scale {
        ValueScale::Steps => match kind {
            Kind::Panthan => 1,
            Kind::Thoat | Kind::Warrior | Kind::Padwar => 2,
            _ => 3,
        },
        ValueScale::Count => 1,
        // Destinations from e5 on an empty board.
        ValueScale::Mobility => match kind {
            Kind::Panthan => 5,
            Kind::Thoat => 12,
            Kind::Warrior | Kind::Padwar => 8,
            Kind::Dwar | Kind::Flier => 16,
            Kind::Chief | Kind::Princess => 48,
        },
    }
}

/// A move as the reference sees it: from (file, rank), to (file, rank), escape.
pub type RefMove = ((i32, i32), (i32, i32), bool);

/// The end of a game: `Some(color)` a win, `None` a draw.
pub type RefResult = Option<Color>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    /// `cells[file][rank]`.
    pub cells: [[Option<(Color, Kind)>; 10]; 10],
    pub to_move: Color,
    pub escape_left: [bool; 2],
    pub countdown: Option<u32>,
    /// The decided result, if any (not counting "no legal move").
    pub result: Option<RefResult>,
    pub rules: Rules,
}

fn on_board(f: i32, r: i32) -> bool {
    (0..10).contains(&f) && (0..10).contains(&r)
}

fn color_of(side: Side) -> Color {
    if side == Side::First { 0 } else { 1 }
}

impl RefPos {
    /// Reads the facts of a position. The result is recomputed by the reference's own rules,
    /// except after a Chief or Princess capture (which the board alone cannot explain).
    pub fn from_position(pos: &Position) -> RefPos {
        use abstract_game::Game;
        let mut cells = [[None; 10]; 10];
        for f in 0..10 {
            for r in 0..10 {
                let sq = Square::from_coords(f as u8, r as u8).unwrap();
                cells[f][r] = pos.at(sq).map(|p| (color_of(p.side), p.kind));
            }
        }
        let mut me = RefPos {
            cells,
            to_move: color_of(pos.side_to_move()),
            escape_left: [
                pos.escape_available(Side::First),
                pos.escape_available(Side::Second),
            ],
            countdown: pos.countdown().map(u32::from),
            result: None,
            rules: pos.rules(),
        };
        if me.royal_missing() {
            me.result = Some(
                pos.outcome()
                    .expect("a royal capture ends the game")
                    .winner
                    .map(color_of),
            );
        } else {
            me.result = me.material_result();
        }
        me
    }

    fn royal_missing(&self) -> bool {
        for c in 0..2 {
            for k in [Kind::Chief, Kind::Princess] {
                if self.count(c, Some(k)) == 0 {
                    return true;
                }
            }
        }
        false
    }

    fn count(&self, color: Color, kind: Option<Kind>) -> u32 {
        let mut n = 0;
        for f in 0..10 {
            for r in 0..10 {
                if let Some((c, k)) = self.cells[f][r]
                    && c == color
                    && kind.is_none_or(|want| want == k)
                {
                    n += 1;
                }
            }
        }
        n
    }

    fn total_value(&self, color: Color) -> u32 {
        let mut v = 0;
        for f in 0..10 {
            for r in 0..10 {
                if let Some((c, k)) = self.cells[f][r]
                    && c == color
                {
                    v += value(k, self.rules.value);
                }
            }
        }
        v
    }

    fn get(&self, sq: (i32, i32)) -> Option<(Color, Kind)> {
        self.cells[sq.0 as usize][sq.1 as usize]
    }

    /// Every end square of a path of the piece on `from`, following the rules text:
    /// exactly N steps of the piece's kinds, on the board; without revisits no square twice
    /// (start included); with revisits anything but ending on the start; a non-jumper's
    /// intermediate squares empty (the vacated start counts as empty). The end square's
    /// content is not checked here.
    pub fn path_ends(&self, from: (i32, i32), ignore_pieces: bool) -> Vec<(i32, i32)> {
        let (color, kind) = self.get(from).expect("a piece");
        let (steps, jumps) = movement(kind);
        let jumps = jumps || (kind == Kind::Thoat && self.rules.thoat_jumps);
        let mut ends = Vec::new();
        let mut path = vec![from];
        self.walk(
            from,
            color,
            steps,
            jumps || ignore_pieces,
            &mut path,
            &mut ends,
        );
        ends.sort();
        ends.dedup();
        ends
    }

    fn walk(
        &self,
        from: (i32, i32),
        color: Color,
        steps: &[Step],
        jumps: bool,
        path: &mut Vec<(i32, i32)>,
        ends: &mut Vec<(i32, i32)>,
    ) {
        let depth = path.len() - 1;
        let here = *path.last().unwrap();
        let last = depth + 1 == steps.len();
        for (df, dr) in offsets(steps[depth], color) {
            let next = (here.0 + df, here.1 + dr);
            if !on_board(next.0, next.1) {
                continue;
            }
            if !self.rules.revisit && path.contains(&next) {
                continue;
            }
            if last {
                if next != from {
                    ends.push(next);
                }
                continue;
            }
            if !jumps && next != from && self.get(next).is_some() {
                continue;
            }
            path.push(next);
            self.walk(from, color, steps, jumps, path, ends);
            path.pop();
        }
    }

    /// Whether a piece of `by` other than its Princess could move to (capture on) `sq`.
    fn threatened(&self, sq: (i32, i32), by: Color) -> bool {
        for f in 0..10 {
            for r in 0..10 {
                if let Some((c, k)) = self.cells[f as usize][r as usize]
                    && c == by
                    && k != Kind::Princess
                    && self.path_ends((f, r), false).contains(&sq)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Every legal move, found by brute force. None once the game is decided.
    pub fn moves(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        if self.result.is_some() {
            return out;
        }
        let me = self.to_move;
        for f in 0..10 {
            for r in 0..10 {
                let from = (f, r);
                let Some((c, kind)) = self.get(from) else {
                    continue;
                };
                if c != me {
                    continue;
                }
                let ends = self.path_ends(from, false);
                if kind != Kind::Princess {
                    for to in ends {
                        match self.get(to) {
                            Some((c2, _)) if c2 == me => {}
                            _ => out.push((from, to, false)),
                        }
                    }
                    continue;
                }
                // The Princess: empty, unthreatened squares only.
                let safe = |to: (i32, i32)| {
                    let mut after = self.clone();
                    after.cells[from.0 as usize][from.1 as usize] = None;
                    after.cells[to.0 as usize][to.1 as usize] = Some((me, Kind::Princess));
                    !after.threatened(to, 1 - me)
                };
                for &to in &ends {
                    if self.get(to).is_none() && safe(to) {
                        out.push((from, to, false));
                    }
                }
                if self.rules.escape && self.escape_left[me as usize] {
                    for tf in 0..10 {
                        for tr in 0..10 {
                            let to = (tf, tr);
                            if to != from
                                && self.get(to).is_none()
                                && !ends.contains(&to)
                                && safe(to)
                            {
                                out.push((from, to, true));
                            }
                        }
                    }
                }
            }
        }
        out.sort();
        out
    }

    /// The result the material rules give (proposed variant, then expired countdown).
    fn material_result(&self) -> Option<RefResult> {
        let few = self.count(0, None) <= 3 && self.count(1, None) <= 3;
        let (v0, v1) = (self.total_value(0), self.total_value(1));
        if self.rules.unequal_wins && few && v0 != v1 {
            return Some(Some(if v0 > v1 { 0 } else { 1 }));
        }
        if self.countdown == Some(0) {
            return Some(None);
        }
        None
    }

    /// Plays a move from [`moves`](Self::moves).
    pub fn play(&mut self, (from, to, escape): RefMove) {
        let me = self.to_move;
        let mover = self.get(from).expect("a piece").1;
        let victim = self.get(to).map(|(_, k)| k);
        self.cells[to.0 as usize][to.1 as usize] = self.cells[from.0 as usize][from.1 as usize];
        self.cells[from.0 as usize][from.1 as usize] = None;
        if escape {
            self.escape_left[me as usize] = false;
        }
        // Countdown: runs once started; starts when both sides have three pieces or fewer of
        // equal value.
        self.countdown = match self.countdown {
            Some(n) => Some(n.saturating_sub(1)),
            None => {
                let few = self.count(0, None) <= 3 && self.count(1, None) <= 3;
                if few && self.total_value(0) == self.total_value(1) {
                    Some(u32::from(self.rules.countdown))
                } else {
                    None
                }
            }
        };
        self.to_move = 1 - me;
        self.result = match victim {
            Some(Kind::Princess) => Some(Some(me)),
            Some(Kind::Chief) if mover == Kind::Chief => Some(Some(me)),
            Some(Kind::Chief) => Some(None),
            _ => self.material_result(),
        };
    }

    /// The outcome, "no legal move" included.
    pub fn outcome(&self) -> Option<RefResult> {
        if self.result.is_some() {
            return self.result;
        }
        if self.moves().is_empty() {
            Some(None)
        } else {
            None
        }
    }

    /// perft by brute force.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}

/// The crate's move as a reference move.
pub fn to_ref(mv: jetan_core::Move) -> RefMove {
    let f = |s: Square| (s.file() as i32, s.rank() as i32);
    (
        f(mv.from().expect("a Jetan move leaves a square")),
        f(mv.to().expect("a Jetan move ends on a square")),
        mv.is_escape(),
    )
}

/// The crate's legal moves of `pos` as sorted reference moves.
pub fn fast_moves(pos: &Position) -> Vec<RefMove> {
    use abstract_game::Game;
    let mut list = jetan_core::MoveList::new();
    pos.legal_moves(&mut list);
    let mut out: Vec<RefMove> = list.iter().map(|&m| to_ref(m)).collect();
    out.sort();
    out
}
