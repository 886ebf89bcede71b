//! A deliberately simple, slow Jersi turn generator written straight from the rules file, for
//! cross-checking the fast generator. It shares nothing with the crate but the position text
//! format: its own cell list and neighbour rule (half-cell X positions), stacks as letters,
//! every turn built by simulating its actions one by one, notation written from the simulated
//! captures, two-drop duplicates removed through a set of texts.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Cells per row, row a first.
const ROW_LEN: [usize; 9] = [7, 8, 7, 8, 9, 8, 7, 8, 7];
/// `X = 2n - OFF[row]`.
const OFF: [i32; 9] = [8, 9, 8, 9, 10, 9, 8, 9, 8];
/// The six steps as (row change, X change).
const DIRS: [(i32, i32); 6] = [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)];

/// The cells in reading order: (row, number).
pub fn cells() -> &'static [(usize, usize)] {
    static CELLS: OnceLock<Vec<(usize, usize)>> = OnceLock::new();
    CELLS.get_or_init(|| {
        let mut v = Vec::new();
        for (row, &len) in ROW_LEN.iter().enumerate() {
            for n in 1..=len {
                v.push((row, n));
            }
        }
        v
    })
}

fn index_of(row: i32, x: i32) -> Option<usize> {
    if !(0..9).contains(&row) {
        return None;
    }
    let row = row as usize;
    let twice_n = x + OFF[row];
    if twice_n % 2 != 0 {
        return None;
    }
    let n = twice_n / 2;
    if n < 1 || n as usize > ROW_LEN[row] {
        return None;
    }
    Some(ROW_LEN[..row].iter().sum::<usize>() + n as usize - 1)
}

/// The cell one step from `cell` in direction `d`.
pub fn step(cell: usize, d: usize) -> Option<usize> {
    let (row, n) = cells()[cell];
    let x = 2 * n as i32 - OFF[row];
    index_of(row as i32 + DIRS[d].0, x + DIRS[d].1)
}

pub fn name(cell: usize) -> String {
    let (row, n) = cells()[cell];
    format!("{}{}", (b'a' + row as u8) as char, n)
}

/// A cell: up to two cube letters, bottom first (upper case White, lower case Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pile {
    cubes: [char; 2],
    len: usize,
}

impl Pile {
    fn of(cubes: &[char]) -> Pile {
        let mut p = Pile::default();
        for &c in cubes {
            p.cubes[p.len] = c;
            p.len += 1;
        }
        p
    }
    fn with(self, c: char) -> Pile {
        let mut p = self;
        p.cubes[p.len] = c;
        p.len += 1;
        p
    }
    fn top(&self) -> Option<char> {
        (self.len > 0).then(|| self.cubes[self.len - 1])
    }
    fn all(&self) -> &[char] {
        &self.cubes[..self.len]
    }
}

fn owner(c: char) -> usize {
    if c.is_ascii_uppercase() { 0 } else { 1 }
}

fn kind(c: char) -> char {
    c.to_ascii_uppercase()
}

fn letter(kind: char, side: usize) -> char {
    if side == 0 {
        kind
    } else {
        kind.to_ascii_lowercase()
    }
}

/// "Who beats whom", as the rules file lists it.
fn beats(attacker: char, defender: char) -> bool {
    let list: &[char] = match attacker {
        'R' => &['S', 'F', 'K', 'W'],
        'P' => &['R', 'F', 'K', 'W'],
        'S' => &['P', 'F', 'K', 'W'],
        'F' => &['R', 'P', 'S', 'F', 'K'],
        _ => &[],
    };
    list.contains(&defender)
}

/// A whole position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPos {
    pub board: Vec<Pile>,
    pub side: usize,
    /// [side][0 Mountains, 1 Wise men]
    pub reserve: [[u32; 2]; 2],
    pub counter: u32,
    pub turn: u32,
    pub limit: u32,
    pub drops_allowed: bool,
}

impl RefPos {
    /// Reads the crate's position text format.
    pub fn parse(text: &str, limit: u32, drops_allowed: bool) -> RefPos {
        let f: Vec<&str> = text.split(' ').collect();
        let mut board = vec![Pile::default(); 69];
        for (i, row_text) in f[0].split('/').enumerate() {
            let row = 8 - i;
            let base: usize = ROW_LEN[..row].iter().sum();
            let mut n = 0;
            let chars: Vec<char> = row_text.chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                if let Some(d) = c.to_digit(10) {
                    n += d as usize;
                    j += 1;
                } else if c == '(' {
                    board[base + n] = Pile::of(&[chars[j + 1], chars[j + 2]]);
                    n += 1;
                    j += 4;
                } else {
                    board[base + n] = Pile::of(&[c]);
                    n += 1;
                    j += 1;
                }
            }
        }
        let mut reserve = [[0; 2]; 2];
        for (side, part) in f[2].split('/').enumerate() {
            for c in part.chars() {
                match kind(c) {
                    'M' => reserve[side][0] += 1,
                    'W' => reserve[side][1] += 1,
                    _ => {}
                }
            }
        }
        RefPos {
            board,
            side: if f[1] == "w" { 0 } else { 1 },
            reserve,
            counter: f[3].parse().unwrap(),
            turn: f[4].parse().unwrap(),
            limit,
            drops_allowed,
        }
    }

    /// Writes the crate's position text format.
    pub fn text(&self) -> String {
        let mut rows = Vec::new();
        for row in (0..9).rev() {
            let base: usize = ROW_LEN[..row].iter().sum();
            let mut s = String::new();
            let mut gap = 0;
            for n in 0..ROW_LEN[row] {
                let p = self.board[base + n];
                if p.len == 0 {
                    gap += 1;
                    continue;
                }
                if gap > 0 {
                    s += &gap.to_string();
                    gap = 0;
                }
                if p.len == 1 {
                    s.push(p.cubes[0]);
                } else {
                    s += &format!("({}{})", p.cubes[0], p.cubes[1]);
                }
            }
            if gap > 0 {
                s += &gap.to_string();
            }
            rows.push(s);
        }
        let mut res = Vec::new();
        for side in 0..2 {
            let mut s = String::new();
            for _ in 0..self.reserve[side][0] {
                s.push(letter('M', side));
            }
            for _ in 0..self.reserve[side][1] {
                s.push(letter('W', side));
            }
            if s.is_empty() {
                s.push('-');
            }
            res.push(s);
        }
        format!(
            "{} {} {} {} {}",
            rows.join("/"),
            if self.side == 0 { "w" } else { "b" },
            res.join("/"),
            self.counter,
            self.turn
        )
    }

    fn king_cell(&self, side: usize) -> Option<usize> {
        (0..69).find(|&c| self.board[c].all().contains(&letter('K', side)))
    }

    /// The end of the game without looking at turns: Some(Some(winner)) or Some(None) (draw).
    pub fn status(&self) -> Option<Option<usize>> {
        let wk = self.king_cell(0);
        let bk = self.king_cell(1);
        if wk.is_none() {
            return Some(Some(1));
        }
        if bk.is_none() {
            return Some(Some(0));
        }
        if cells()[wk.unwrap()].0 == 8 {
            return Some(Some(0));
        }
        if cells()[bk.unwrap()].0 == 0 {
            return Some(Some(1));
        }
        if self.limit > 0 && self.counter == 0 {
            return Some(None);
        }
        None
    }

    /// Every distinct turn: its canonical text and the position after it.
    pub fn turns(&self) -> BTreeMap<String, RefPos> {
        let mut out = BTreeMap::new();
        if self.status().is_some() {
            return out;
        }
        let me = self.side;
        // Cube step, then maybe the built stack's step.
        for from in 0..69 {
            for d in 0..6 {
                let Some(to) = step(from, d) else { continue };
                let Some((b1, built, caps1)) = cube_step(&self.board, me, from, to) else {
                    continue;
                };
                let t1 = format!("{}-{}{}", name(from), name(to), marks(&caps1));
                self.finish(&mut out, b1.clone(), t1.clone(), caps1.clone());
                if built {
                    for d2 in 0..6 {
                        for dist in 1..=2 {
                            if let Some((b2, to2, caps2)) = stack_step(&b1, me, to, d2, dist) {
                                let mut caps = caps1.clone();
                                caps.extend(&caps2);
                                let t = format!("{}={}{}", t1, name(to2), marks(&caps2));
                                self.finish(&mut out, b2, t, caps);
                            }
                        }
                    }
                }
            }
        }
        // Stack step, then maybe its top's cube step.
        for from in 0..69 {
            for d in 0..6 {
                for dist in 1..=2 {
                    let Some((b1, to, caps1)) = stack_step(&self.board, me, from, d, dist) else {
                        continue;
                    };
                    let t1 = format!("{}={}{}", name(from), name(to), marks(&caps1));
                    self.finish(&mut out, b1.clone(), t1.clone(), caps1.clone());
                    for d2 in 0..6 {
                        let Some(to2) = step(to, d2) else { continue };
                        if let Some((b2, _, caps2)) = cube_step(&b1, me, to, to2) {
                            let mut caps = caps1.clone();
                            caps.extend(&caps2);
                            let t = format!("{}-{}{}", t1, name(to2), marks(&caps2));
                            self.finish(&mut out, b2, t, caps);
                        }
                    }
                }
            }
        }
        // Drops.
        if self.drops_allowed {
            for k1 in ['M', 'W'] {
                for c1 in 0..69 {
                    let Some((after, t1)) = self.dropped(me, k1, c1) else {
                        continue;
                    };
                    self.finish_pos(&mut out, after.clone(), t1.clone(), vec![]);
                    for k2 in ['M', 'W'] {
                        let mut targets = vec![c1];
                        targets.extend((0..6).filter_map(|d| step(c1, d)));
                        for c2 in targets {
                            let Some((after2, t2)) = after.dropped(me, k2, c2) else {
                                continue;
                            };
                            let text = if c2 < c1 {
                                format!("{t2}/{t1}")
                            } else {
                                format!("{t1}/{t2}")
                            };
                            self.finish_pos(&mut out, after2, text, vec![]);
                        }
                    }
                }
            }
        }
        out
    }

    /// This position with a `k` cube (`M` or `W`) of `me` dropped from its reserve on `cell`,
    /// and the drop's text; `None` when the reserve has none or the cell cannot take it.
    fn dropped(&self, me: usize, k: char, cell: usize) -> Option<(RefPos, String)> {
        let slot = usize::from(k == 'W');
        if self.reserve[me][slot] == 0 || !can_drop(&self.board, me, k, cell) {
            return None;
        }
        let mut after = self.clone();
        after.board[cell] = self.board[cell].with(letter(k, me));
        after.reserve[me][slot] -= 1;
        Some((after, format!("{}:{}", letter(k, me), name(cell))))
    }

    /// Finishes a movement turn played on `board`.
    fn finish(
        &self,
        out: &mut BTreeMap<String, RefPos>,
        board: Vec<Pile>,
        text: String,
        caps: Vec<char>,
    ) {
        let mut after = self.clone();
        after.board = board;
        self.finish_pos(out, after, text, caps);
    }

    /// Relocation choices, counter, side, turn number.
    fn finish_pos(
        &self,
        out: &mut BTreeMap<String, RefPos>,
        mut after: RefPos,
        text: String,
        caps: Vec<char>,
    ) {
        let enemy = 1 - self.side;
        if after.limit > 0 {
            if caps.iter().any(|&c| kind(c) != 'K') {
                after.counter = after.limit;
            } else {
                after.counter -= 1;
            }
        }
        after.side = enemy;
        after.turn += 1;
        let king_taken = caps.iter().any(|&c| kind(c) == 'K');
        if !king_taken {
            out.insert(text, after);
            return;
        }
        let home_row = if enemy == 0 { 0 } else { 8 };
        let mut any = false;
        for c in 0..69 {
            if cells()[c].0 != home_row {
                continue;
            }
            let p = after.board[c];
            let ok = p.len == 0
                || (p.len == 1 && (owner(p.cubes[0]) == enemy || kind(p.cubes[0]) == 'M'));
            if ok {
                any = true;
                let mut placed = after.clone();
                placed.board[c] = p.with(letter('K', enemy));
                out.insert(format!("{text}/{}:{}", letter('K', enemy), name(c)), placed);
            }
        }
        if !any {
            out.insert(text, after);
        }
    }
}

fn marks(caps: &[char]) -> &'static str {
    if caps.iter().any(|&c| kind(c) == 'K') {
        "!!"
    } else if caps.is_empty() {
        ""
    } else {
        "!"
    }
}

/// Whether `side` may drop a `k` ('M' or 'W') on `cell`.
fn can_drop(board: &[Pile], side: usize, k: char, cell: usize) -> bool {
    let p = board[cell];
    match p.len {
        0 => true,
        1 => {
            let c = p.cubes[0];
            owner(c) == side
                && match k {
                    'W' => kind(c) != 'K',
                    _ => kind(c) == 'M',
                }
        }
        _ => false,
    }
}

/// A cube step of `side`'s top cube from `from` to the neighbour `to`: the new board, whether
/// it built a stack, and what it captured.
fn cube_step(
    board: &[Pile],
    side: usize,
    from: usize,
    to: usize,
) -> Option<(Vec<Pile>, bool, Vec<char>)> {
    let src = board[from];
    let mover = src.top()?;
    if owner(mover) != side || kind(mover) == 'M' {
        return None;
    }
    let dst = board[to];
    let mut built = false;
    let mut caps = Vec::new();
    let new_dst = match dst.len {
        0 => Pile::of(&[mover]),
        1 => {
            let d = dst.cubes[0];
            if kind(d) == 'M' {
                Pile::of(&[d, mover])
            } else if owner(d) == side {
                if kind(d) == 'K' {
                    return None;
                }
                built = true;
                Pile::of(&[d, mover])
            } else if beats(kind(mover), kind(d)) {
                caps.push(d);
                Pile::of(&[mover])
            } else {
                return None;
            }
        }
        _ => {
            let (b, t) = (dst.cubes[0], dst.cubes[1]);
            if kind(b) == 'M' && kind(t) == 'M' {
                return None;
            }
            if owner(t) == side {
                return None;
            }
            if !beats(kind(mover), kind(t)) {
                return None;
            }
            if kind(b) == 'M' {
                caps.push(t);
                Pile::of(&[b, mover])
            } else {
                caps.push(b);
                caps.push(t);
                Pile::of(&[mover])
            }
        }
    };
    let mut nb = board.to_vec();
    nb[from] = Pile::of(&src.all()[..src.len - 1]);
    nb[to] = new_dst;
    Some((nb, built, caps))
}

/// A stack step of `side`'s stack on `from`, `dist` cells in direction `d`: the new board, the
/// destination and what it captured.
fn stack_step(
    board: &[Pile],
    side: usize,
    from: usize,
    d: usize,
    dist: usize,
) -> Option<(Vec<Pile>, usize, Vec<char>)> {
    let src = board[from];
    if src.len != 2
        || src
            .all()
            .iter()
            .any(|&c| owner(c) != side || kind(c) == 'M')
    {
        return None;
    }
    let mut to = step(from, d)?;
    if dist == 2 {
        if board[to].len != 0 {
            return None;
        }
        to = step(to, d)?;
    }
    let dst = board[to];
    let mut caps = Vec::new();
    if dst.len > 0 {
        if dst.all().iter().any(|&c| kind(c) == 'M') {
            return None;
        }
        let t = dst.top().unwrap();
        if owner(t) == side || !beats(kind(src.cubes[1]), kind(t)) {
            return None;
        }
        caps.extend(dst.all());
    }
    let mut nb = board.to_vec();
    nb[from] = Pile::default();
    nb[to] = src;
    Some((nb, to, caps))
}
