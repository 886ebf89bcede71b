//! Negamax alpha-beta with iterative deepening and a transposition table.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use abstract_game::{EVAL_BOUND, Evaluate, Game};

use crate::budget::{MAX_RESULT_PLIES, WIN_SCORE};
use crate::busy_nodes::{BusyNodes, Mark};
use crate::engine::{Clock, Evaluator};
use crate::table::{Bound, Table};
use crate::{Budget, Engine, Found, Score, SearchInfo, Watch};

mod heuristics;
mod node;
mod options;
#[cfg(test)]
mod tests;

use heuristics::{history_index, to_table};
use node::{Late, Probe, stored_index};
pub use options::AlphaBetaOptions;

/// The deepest iteration, in plies.
pub const MAX_DEPTH: u32 = 127;
const MAX_PLY: usize = MAX_DEPTH as usize + 1;
/// Beyond every score.
const INFINITY: i32 = WIN_SCORE + 1;
/// Scores at or beyond this are wins (and their negations losses).
const RESULT_BOUND: i32 = WIN_SCORE - MAX_RESULT_PLIES as i32;
/// How often (in nodes) the clock and the stop flag are looked at.
const CHECK_EVERY: u64 = 1024;
const HISTORY_BITS: u32 = 12;

/// Order keys below this are quiet moves: no table move, no killer, no positive hint (the
/// hint sits above bit 32, the history below).
const QUIET_KEYS: i64 = 1 << 32;

/// The most plies of captures a quiescence search plays past the horizon.
const QUIESCENCE_PLIES: u32 = 6;

/// Nodes of at least this depth order their quiet moves by the evaluation after them.
const STATIC_ORDER_DEPTH: u32 = 3;

/// With several threads, nodes of at least this depth, below the root and less than
/// [`BUSY_PLIES`] from it, are marked while a thread searches them (busy_nodes.rs).
const BUSY_DEPTH: u32 = 3;

/// See [`BUSY_DEPTH`].
const BUSY_PLIES: usize = 8;

/// The moves searched at full depth at every node before late quiet moves are reduced.
const FULL_DEPTH_MOVES: usize = 3;

/// A game's own ordering hint: a higher value searches the move earlier (after the table
/// move and the killer moves). Captures, say, before quiet moves.
pub type MovePriority<G> = fn(&G, <G as Game>::Move) -> i32;

/// Negamax search with alpha-beta pruning over a game's [`Evaluate`] heuristic.
///
/// * Iterative deepening from depth 1, each iteration with the full window and principal
///   variation search (null windows after the first move);
/// * a transposition table keyed by [`Game::zobrist`] (key, depth, bound, score, best move),
///   sized in MiB, two entries a bucket (depth-preferred and always-replace);
/// * move ordering: the table's move, then two killer moves per ply, then the game's hint
///   ([`Evaluate::move_priority`], captures first, or the [`MovePriority`] hook if one is
///   set), then the history heuristic;
/// * late-move reductions: after the first three moves of a node, a quiet move (no table
///   move, no killer, no hint) is searched less deeply, by a reduction growing with the
///   logarithms of the depth and of the move's rank, and searched again in full only if it
///   beats alpha;
/// * twins ([`Evaluate::move_family`]): in a game without a quiescence search, nodes of depth
///   1 and 2 search one move of each family ([`Evaluate::family_moves`]). At depth 1, where
///   the children are judged by the evaluation alone, that gives the full search's value,
///   and those nodes put only the table move and the killers (or their twins) first, the
///   rest as generated; at depth 2 it is a pruning, of moves that differ only in what the
///   evaluation does not see;
/// * exact results: a finished game scores [`Score::Win`] or [`Score::Loss`] with its
///   distance in plies from the root (internally `WIN_SCORE - ply`, stored in the table
///   relative to the node), so faster wins and slower losses are preferred; a draw scores 0;
///   a game ending on points counts for its winner;
/// * budgets by depth, nodes and wall time (the clock and the stop flag are looked at every
///   1024 nodes); when a budget runs out the move of the last completed iteration is played,
///   unless the unfinished iteration has already searched a better one in full.
///   The search stops early once it has proved a result;
/// * with [`threads`](AlphaBetaOptions::threads) above 1, Lazy SMP: helper threads search the
///   same position at the same time (every other one a ply ahead) with their own killers
///   and history, sharing the lock-free table, so each thread cuts with what the others
///   found, and a thread that comes to a node another one is searching reduces its late
///   moves a ply more; the deepest finished iteration of any thread gives the move (this
///   thread's on a tie). One thread
///   (the default) is repeatable: the same position and node or depth budget give the same
///   move; several are not, since the threads' timing decides what the table holds.
///
/// Leaves are scored by [`Evaluate::evaluate`], or by the evaluation given to
/// [`with_evaluator`](AlphaBeta::with_evaluator), clamped to `±EVAL_BOUND`; in games whose
/// [`SearchHints::quiescence`](abstract_game::SearchHints::quiescence) is set, after a quiescence search over the captures.
#[derive(Debug)]
pub struct AlphaBeta<G: Game + Evaluate> {
    options: AlphaBetaOptions,
    /// Shared with the helpers, which search the same position at once.
    table: Arc<Table>,
    /// The age of the current search, in the table's entries.
    age: u8,
    /// The other threads' searchers (made at the first search with several threads).
    helpers: Vec<AlphaBeta<G>>,
    /// The marks of the nodes the threads are in, shared by them (none with one thread).
    busy: Option<Arc<BusyNodes>>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    priority: Option<MovePriority<G>>,
    evaluator: Option<Evaluator<G>>,
    /// Exact values known in advance.
    oracle: Option<crate::SharedOracle<G>>,
    nodes: u64,
    node_limit: u64,
    seldepth: usize,
    aborted: bool,
    /// The contempt in effect.
    contempt: i32,
    /// Whether late moves are reduced: until a result is proved.
    reductions: bool,
    /// The score of the root's best move so far in the current iteration.
    partial_score: i32,
    pv: Vec<Vec<G::Move>>,
    buffers: Vec<Vec<MoveEntry<G::Move>>>,
}

/// A move of a node's list: its order key, the move and its index in the generated list.
type MoveEntry<M> = (i64, M, u32);

impl<G: Game + Evaluate> Clone for AlphaBeta<G> {
    /// A copy with a table of its own (holding the same entries), not shared with this one.
    fn clone(&self) -> AlphaBeta<G> {
        AlphaBeta {
            options: self.options,
            table: Arc::new(self.table.duplicate()),
            age: self.age,
            helpers: Vec::new(),
            busy: None,
            killers: self.killers.clone(),
            history: self.history.clone(),
            priority: self.priority,
            evaluator: self.evaluator.clone(),
            oracle: self.oracle.clone(),
            nodes: self.nodes,
            node_limit: self.node_limit,
            seldepth: self.seldepth,
            aborted: self.aborted,
            contempt: self.contempt,
            reductions: self.reductions,
            partial_score: self.partial_score,
            pv: self.pv.clone(),
            buffers: self.buffers.clone(),
        }
    }
}

impl<G: Game + Evaluate> AlphaBeta<G> {
    /// The depth of a search when neither the call's budget nor the options set a limit.
    pub const DEFAULT_DEPTH: u32 = 6;

    /// An alpha-beta engine with these options.
    pub fn new(options: AlphaBetaOptions) -> AlphaBeta<G> {
        AlphaBeta {
            options,
            table: Arc::new(Table::new(options.hash_mib)),
            age: 0,
            helpers: Vec::new(),
            busy: None,
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; 1 << HISTORY_BITS],
            priority: None,
            evaluator: None,
            oracle: None,
            nodes: 0,
            node_limit: u64::MAX,
            seldepth: 0,
            aborted: false,
            contempt: options.contempt.unwrap_or(G::SEARCH_HINTS.contempt),
            reductions: true,
            partial_score: 0,
            pv: vec![Vec::new(); MAX_PLY + 2],
            buffers: vec![Vec::new(); MAX_PLY + 2],
        }
    }

    /// This engine with a game's move ordering hint.
    pub fn with_move_priority(mut self, priority: MovePriority<G>) -> AlphaBeta<G> {
        self.priority = Some(priority);
        self
    }

    /// This engine scoring its leaves with `evaluator` instead of [`Evaluate::evaluate`]: the
    /// value of a position for the side to move, on the same scale, clamped to `±EVAL_BOUND`
    /// like the game's own. Other weights of the game's terms, say, to compare them in
    /// matches. Its [`name`](Engine::name) does not show the difference.
    pub fn with_evaluator(
        mut self,
        evaluator: impl Fn(&G) -> i32 + Send + Sync + 'static,
    ) -> AlphaBeta<G> {
        self.evaluator = Some(Evaluator::new(evaluator));
        self
    }

    /// The options in use.
    pub const fn options(&self) -> &AlphaBetaOptions {
        &self.options
    }

    /// The number of transposition table entries.
    pub fn table_entries(&self) -> usize {
        self.table.entries()
    }

    /// The score of a finished game for the side to move, `ply` plies below the root: a draw
    /// costs the root's side the contempt.
    fn result_score(&self, pos: &G, winner: Option<abstract_game::Side>, ply: usize) -> i32 {
        match winner {
            Some(w) if w == pos.side_to_move() => WIN_SCORE - ply as i32,
            Some(_) => -(WIN_SCORE - ply as i32),
            None if ply % 2 == 0 => -self.contempt,
            None => self.contempt,
        }
    }

    fn order_key(&self, pos: &G, mv: G::Move, table_move: Option<G::Move>, ply: usize) -> i64 {
        if table_move == Some(mv) {
            return i64::MAX;
        }
        let killers = &self.killers[ply];
        if killers[0] == Some(mv) {
            return 1 << 60;
        }
        if killers[1] == Some(mv) {
            return (1 << 60) - 1;
        }
        let hint = match self.priority {
            Some(priority) => priority(pos, mv),
            None => pos.move_priority(mv),
        };
        let side = pos.side_to_move().index();
        (i64::from(hint) << 32) + i64::from(self.history[history_index(&mv, side)])
    }

    /// The value of `pos`, `ply` plies below the root, for its side to move before any
    /// search: a finished game's result (a win or a loss as `±EVAL_BOUND`), else the
    /// evaluation.
    fn static_value(&self, pos: &G, ply: usize) -> i32 {
        match pos.outcome() {
            Some(outcome) => self
                .result_score(pos, outcome.winner, ply)
                .clamp(-EVAL_BOUND, EVAL_BOUND),
            None => self.evaluation(pos),
        }
    }

    /// The evaluation of `pos` (not finished) for its side to move, clamped to `±EVAL_BOUND`.
    fn evaluation(&self, pos: &G) -> i32 {
        let value = match &self.evaluator {
            None => pos.evaluate(),
            Some(custom) => custom.evaluate(pos),
        };
        value.clamp(-EVAL_BOUND, EVAL_BOUND)
    }

    /// Counts a node at `ply` (clearing its line): `false`, with the search marked aborted,
    /// when the node budget or the clock (looked at every [`CHECK_EVERY`] nodes) has run out.
    fn enter(&mut self, clock: &Clock<'_>, ply: usize) -> bool {
        self.pv[ply].clear();
        if self.nodes >= self.node_limit {
            self.aborted = true;
            return false;
        }
        self.nodes += 1;
        if self.nodes % CHECK_EVERY == 0 && clock.expired() {
            self.aborted = true;
            return false;
        }
        self.seldepth = self.seldepth.max(ply);
        true
    }

    /// The value of `pos` past the horizon: the evaluation (standing pat), or better, a line of
    /// captures (moves with a hint above 0) of at most `plies` more plies. Fail-soft, like
    /// [`negamax`](Self::negamax).
    fn quiescence(
        &mut self,
        clock: &Clock<'_>,
        pos: &G,
        ply: usize,
        plies: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if !self.enter(clock, ply) {
            return 0;
        }
        if let Some(outcome) = pos.outcome() {
            return self.result_score(pos, outcome.winner, ply);
        }
        let stand = self.evaluation(pos);
        if stand >= beta || plies == 0 || ply >= MAX_PLY {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        generate(pos, &mut moves, false);
        moves.retain(|entry| pos.move_priority(entry.1) > 0);
        for &(_, mv, _) in moves.iter() {
            let score = -self.quiescence(clock, &pos.after(mv), ply + 1, plies - 1, -beta, -alpha);
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        if self.aborted { 0 } else { best }
    }

    fn negamax(
        &mut self,
        clock: &Clock<'_>,
        pos: &G,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if depth == 0 && G::SEARCH_HINTS.quiescence {
            return self.quiescence(clock, pos, ply, QUIESCENCE_PLIES, alpha, beta);
        }
        if !self.enter(clock, ply) {
            return 0;
        }
        if let Some(outcome) = pos.outcome() {
            return self.result_score(pos, outcome.winner, ply);
        }
        if let Some(value) = self.oracle.as_ref().and_then(|o| o.value(pos)) {
            return crate::oracle::internal_score(value, ply)
                .unwrap_or_else(|| self.result_score(pos, None, ply));
        }
        if depth == 0 || ply >= MAX_PLY {
            return self.evaluation(pos);
        }
        // No line from here can beat a win on the next ply or lose faster than now.
        alpha = alpha.max(-(WIN_SCORE - ply as i32));
        beta = beta.min(WIN_SCORE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        let key = pos.zobrist();
        let table_index = match self.probe_table(key, depth, ply, alpha, beta) {
            Probe::Cut(score) => return score,
            Probe::Move(index) => index,
        };

        let mut moves = std::mem::take(&mut self.buffers[ply]);
        moves.clear();
        // A frontier node: its children are judged by the evaluation alone, which scores
        // twins alike (`Evaluate::move_family`), so one move of each family is enough.
        let frontier = depth == 1 && !G::SEARCH_HINTS.quiescence;
        let families = depth <= FAMILY_DEPTH && !G::SEARCH_HINTS.quiescence;
        let mut staged = 0;
        if frontier && table_index.is_none() {
            staged = self.stage_killers(pos, &mut moves, ply);
        }
        let mut table_move = None;
        if staged == 0 {
            generate(pos, &mut moves, families);
            if moves.is_empty() {
                // Only a game breaking its contract (no move, no outcome) gets here: a draw.
                self.buffers[ply] = moves;
                return 0;
            }
            table_move = table_index.and_then(|i| table_move_at(pos, &moves, i, families));
            if frontier {
                let killers = self.killers[ply];
                twins_first(pos, &mut moves, 0, [table_move, killers[0], killers[1]]);
            }
        }
        if !frontier {
            for entry in moves.iter_mut() {
                entry.0 = self.order_key(pos, entry.1, table_move, ply);
            }
        }
        if depth >= STATIC_ORDER_DEPTH {
            self.order_quiet_by_value(pos, &mut moves, ply);
        }

        // Lazy SMP: a node that another thread is searching already has its late moves
        // reduced one ply more (busy_nodes.rs).
        let mark = match &self.busy {
            Some(busy) if depth >= BUSY_DEPTH && (1..BUSY_PLIES).contains(&ply) => busy.mark(key),
            _ => Mark::Unmarked,
        };

        let alpha_start = alpha;
        let mut best = -INFINITY;
        let mut best_index = None;
        let mut i = 0;
        loop {
            if i == moves.len() {
                if staged == 0 {
                    break;
                }
                self.unstage(pos, &mut moves, staged, families, ply);
                staged = 0;
                if i == moves.len() {
                    break;
                }
            }
            if !frontier {
                best_to_front(&mut moves[i..]);
            }
            let (order, mv, index) = moves[i];
            let child = pos.after(mv);
            let score = if i == 0 {
                -self.negamax(clock, &child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let late = Late {
                    index: i,
                    order,
                    shared: mark == Mark::Shared,
                };
                self.search_late(clock, &child, depth, ply, late, alpha, beta)
            };
            if self.aborted {
                self.buffers[ply] = moves;
                self.leave(mark, key);
                return 0;
            }
            if score > best {
                best = score;
                best_index = stored_index(pos, mv, index, families);
                if score > alpha {
                    alpha = score;
                    self.new_best_line(ply, mv, score);
                    if alpha >= beta {
                        if table_move != Some(mv) {
                            self.reward_cut(pos, mv, depth, ply);
                        }
                        break;
                    }
                }
            }
            i += 1;
        }
        self.buffers[ply] = moves;
        self.leave(mark, key);
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_depth = depth.min(u32::from(u8::MAX)) as u8;
        let stored_move = best_index.or(table_index);
        let score = to_table(best, ply);
        self.table
            .store(key, self.age, stored_depth, bound, score, stored_move);
        best
    }
}

/// Swaps the entry of the highest order key to the front (the first of equals), so that a
/// node sorts only as far as it searches.
fn best_to_front<M>(moves: &mut [MoveEntry<M>]) {
    let mut pick = 0;
    for j in 1..moves.len() {
        if moves[j].0 > moves[pick].0 {
            pick = j;
        }
    }
    moves.swap(0, pick);
}

/// Nodes of at most this depth search one move of each family.
const FAMILY_DEPTH: u32 = 2;

/// A table move's index with this bit set counts in the list of [`Evaluate::family_moves`]
/// (searched at depths up to [`FAMILY_DEPTH`]), without it in the full list of legal moves.
const FAMILY_LIST: u16 = 1 << 15;

/// A table move stored with this bit set names a family ([`Evaluate::move_family`], in the
/// low 8 bits), not an index: the move of a node whose cut came from a killer tried before
/// its list was generated. The moves of a list stored by index stay below this bit (no
/// game's list is that long).
const FAMILY_CODE: u16 = 1 << 14;

/// The table's move of a node whose moves are `moves` (the family list when `families` is
/// set) from its stored index: the first move of the family named by a family code (in
/// either list); as stored when the lists agree; the family list's `k`-th move
/// is the full list's `k`-th move that is the first of its family (or has none), since
/// [`Evaluate::family_moves`] keeps the order of the legal moves; a full-list index names
/// nothing in the family list.
fn table_move_at<G: Evaluate>(
    pos: &G,
    moves: &[MoveEntry<G::Move>],
    stored: u16,
    families: bool,
) -> Option<G::Move> {
    if stored & FAMILY_CODE != 0 {
        let code = Some((stored & 0xff) as u8);
        return moves
            .iter()
            .map(|entry| entry.1)
            .find(|&mv| pos.move_family(mv) == code);
    }
    let index = usize::from(stored & !FAMILY_LIST);
    match (stored & FAMILY_LIST != 0, families) {
        (false, false) | (true, true) => moves.get(index).map(|entry| entry.1),
        (false, true) => None,
        (true, false) => {
            let mut seen = [0u64; 4];
            let mut first = moves.iter().filter(|entry| match pos.move_family(entry.1) {
                None => true,
                Some(family) => {
                    let (word, bit) = (usize::from(family / 64), 1u64 << (family % 64));
                    let new = seen[word] & bit == 0;
                    seen[word] |= bit;
                    new
                }
            });
            first.nth(index).map(|entry| entry.1)
        }
    }
}

/// The index of a move tried before the node's moves were generated (a killer): not an
/// index of the list; the node stores such a move by its family ([`FAMILY_CODE`]).
const STAGED: u32 = u32::MAX;

/// Puts the first of `candidates` found in `moves[front..]`, or a twin of it, at `front`, the
/// next at `front + 1`, and so on; the other moves keep their places.
fn twins_first<G: Evaluate>(
    pos: &G,
    moves: &mut [MoveEntry<G::Move>],
    mut front: usize,
    candidates: [Option<G::Move>; 3],
) {
    for mv in candidates.into_iter().flatten() {
        let family = pos.move_family(mv);
        let found = moves[front..].iter().position(|entry| {
            entry.1 == mv || family.is_some() && pos.move_family(entry.1) == family
        });
        if let Some(at) = found {
            moves.swap(front, front + at);
            front += 1;
        }
    }
}

/// Counts a helper thread out of the running ones when dropped.
struct Finished<'a>(&'a AtomicUsize);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The legal moves of `pos` appended to `out` (order keys 0), only one of each family
/// ([`Evaluate::family_moves`]) when `families` is set. Out of line, so that the game's
/// stack-allocated move list is not part of every search frame.
#[inline(never)]
fn generate<G: Evaluate>(pos: &G, out: &mut Vec<MoveEntry<G::Move>>, families: bool) {
    let mut list = G::MoveList::default();
    if families {
        pos.family_moves(&mut list);
    } else {
        pos.legal_moves(&mut list);
    }
    out.extend(list.iter().zip(0..).map(|(&mv, i)| (0, mv, i)));
}

impl<G: Game + Evaluate> Default for AlphaBeta<G> {
    fn default() -> AlphaBeta<G> {
        AlphaBeta::new(AlphaBetaOptions::DEFAULT)
    }
}

impl<G: Game + Evaluate> AlphaBeta<G> {
    /// A searcher for another thread: the same options and evaluation, this table (shared),
    /// its own killers, history and lines.
    fn helper(&self) -> AlphaBeta<G> {
        let mut helper = AlphaBeta::new(AlphaBetaOptions {
            hash_mib: 0,
            threads: 1,
            ..self.options
        });
        helper.table = Arc::clone(&self.table);
        helper.priority = self.priority;
        helper.evaluator = self.evaluator.clone();
        helper.oracle = self.oracle.clone();
        helper
    }

    /// Takes away this thread's mark on the node of `key` if `mark` placed one.
    #[inline]
    fn leave(&self, mark: Mark, key: u64) {
        if let (Mark::Placed, Some(busy)) = (mark, &self.busy) {
            busy.unmark(key);
        }
    }

    /// Iterative deepening of `pos` from depth `first` within
    /// `budget`, until it or `clock` runs out: the move of the deepest finished iteration
    /// (or a better one of the unfinished iteration), with its report. `proved` is called when
    /// a result is proved, before the table is emptied to search for the fastest one.
    fn deepen(
        &mut self,
        pos: &G,
        budget: &Budget,
        clock: &Clock<'_>,
        first: u32,
        report: &mut dyn FnMut(&SearchInfo<G>),
        proved: &dyn Fn(),
    ) -> Option<(G::Move, SearchInfo<G>)> {
        let max_depth = match budget.depth {
            Some(d) => d.clamp(1, MAX_DEPTH),
            None if budget.nodes.is_none() && budget.time.is_none() && !budget.infinite => {
                Self::DEFAULT_DEPTH
            }
            None => MAX_DEPTH,
        };
        self.node_limit = budget.nodes.unwrap_or(u64::MAX);
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        for h in &mut self.history {
            *h /= 2;
        }
        for k in &mut self.killers {
            *k = [None; 2];
        }

        let mut done: Option<(G::Move, SearchInfo<G>)> = None;
        self.reductions = true;
        let mut depth = first.clamp(1, max_depth);
        while depth <= max_depth {
            if clock.expired() {
                break;
            }
            let score = self.negamax(clock, pos, depth, 0, -INFINITY, INFINITY);
            if self.aborted {
                // The root's moves searched in full in the unfinished iteration (the first is
                // the previous best): one that beat the previous best at this depth is the
                // better move, with its line and score.
                if let (Some(&mv), Some((best, info))) = (self.pv[0].first(), done.as_mut()) {
                    if *best != mv {
                        *best = mv;
                        info.pv = self.pv[0].clone();
                        info.score = Score::from_internal(self.partial_score);
                    }
                }
                break;
            }
            let Some(&mv) = self.pv[0].first() else {
                break;
            };
            let info = SearchInfo {
                nodes: self.nodes,
                iterations: 0,
                depth,
                seldepth: self.seldepth as u32,
                score: Score::from_internal(score),
                pv: self.pv[0].clone(),
                elapsed: clock.elapsed(),
            };
            report(&info);
            let solved = info.score.plies_to_end().is_some_and(|n| n <= depth);
            done = Some((mv, info));
            if solved && self.reductions {
                // A result proved with reductions is real but maybe not the fastest: the
                // same depth again, full width and with a fresh table (whose entries were
                // searched with reductions), finds the fastest win or slowest loss.
                proved();
                self.reductions = false;
                self.table.clear();
                continue;
            }
            if solved {
                break;
            }
            depth += 1;
        }
        let (mv, mut info) = done?;
        info.nodes = self.nodes;
        info.seldepth = self.seldepth as u32;
        info.elapsed = clock.elapsed();
        Some((mv, info))
    }

    /// The search of `pos` on this thread and `threads - 1` more, all sharing the table: the
    /// helpers search the same position, by the same iterative deepening (every other one
    /// starting at depth 2, a ply ahead), until this thread's search ends; the deepest
    /// finished iteration of any thread gives the move, unless this thread proved a result.
    fn search_threads(
        &mut self,
        pos: &G,
        budget: &Budget,
        clock: &Clock<'_>,
        report: &mut dyn FnMut(&SearchInfo<G>),
    ) -> Option<(G::Move, SearchInfo<G>)> {
        let wanted = self.options.threads.clamp(1, 256) - 1;
        while self.helpers.len() < wanted {
            let helper = self.helper();
            self.helpers.push(helper);
        }
        let busy = Arc::clone(self.busy.get_or_insert_with(|| Arc::new(BusyNodes::new())));
        let mut helpers = std::mem::take(&mut self.helpers);
        let age = self.age;
        let halt = AtomicBool::new(false);
        let running = AtomicUsize::new(wanted);
        // Helpers have no node budget of their own: they stop with this thread.
        let helper_budget = Budget {
            nodes: None,
            iterations: None,
            infinite: true,
            ..*budget
        };
        let (main, others) = std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .take(wanted)
                .enumerate()
                .map(|(i, helper)| {
                    helper.age = age;
                    helper.busy = Some(Arc::clone(&busy));
                    let (halt, running, helper_budget) = (&halt, &running, &helper_budget);
                    // Every other helper works a ply ahead of this thread, so that its
                    // entries are there when this thread gets to that depth.
                    let first = if i % 2 == 0 { 2 } else { 1 };
                    let spawned = std::thread::Builder::new().spawn_scoped(scope, move || {
                        // Counted out however the helper ends, so that no wait hangs.
                        let _done = Finished(running);
                        let clock = Clock::new(helper_budget.time, halt);
                        let found =
                            helper.deepen(pos, helper_budget, &clock, first, &mut |_| {}, &|| {});
                        (found, helper.nodes)
                    });
                    if spawned.is_err() {
                        // No thread to be had: the search goes on with the others.
                        running.fetch_sub(1, Ordering::SeqCst);
                    }
                    spawned.ok()
                })
                .collect();
            let stop_helpers = || {
                halt.store(true, Ordering::SeqCst);
                while running.load(Ordering::SeqCst) > 0 {
                    std::thread::yield_now();
                }
            };
            let main = self.deepen(pos, budget, clock, 1, report, &stop_helpers);
            stop_helpers();
            let others: Vec<_> = handles
                .into_iter()
                .flatten()
                .filter_map(|h| h.join().ok())
                .collect();
            (main, others)
        });
        self.helpers = helpers;
        let (mut mv, mut info) = main?;
        let proved = matches!(info.score, Score::Win(_) | Score::Loss(_));
        for (found, nodes) in others {
            info.nodes += nodes;
            if let Some((their_mv, their)) = found {
                if !proved && their.depth > info.depth {
                    mv = their_mv;
                    info = SearchInfo {
                        nodes: info.nodes,
                        elapsed: info.elapsed,
                        ..their
                    };
                }
            }
        }
        Some((mv, info))
    }
}

impl<G: Game + Evaluate> Engine<G> for AlphaBeta<G> {
    fn name(&self) -> String {
        crate::EngineSpec::AlphaBeta(self.options).to_string()
    }

    fn new_game(&mut self) {
        self.table.clear();
        self.history.fill(0);
        for k in &mut self.killers {
            *k = [None; 2];
        }
        for helper in &mut self.helpers {
            helper.history.fill(0);
        }
    }

    fn set_oracle(&mut self, oracle: crate::SharedOracle<G>) {
        self.oracle = Some(oracle);
    }

    fn search(&mut self, pos: &G, budget: &Budget, watch: Watch<'_, G>) -> Found<G> {
        let Watch { stop, report } = watch;
        if let Some(answer) = crate::oracle::settled(self.oracle.as_ref(), pos) {
            return answer;
        }
        let budget = budget.or(self.options.budget);
        let clock = Clock::new(budget.time, stop);
        self.age = self.age.wrapping_add(1);
        let found = if self.options.threads > 1 {
            self.search_threads(pos, &budget, &clock, report)
        } else {
            self.deepen(pos, &budget, &clock, 1, report, &|| {})
        };
        if found.is_some() {
            return found;
        }
        // Not even depth 1 finished: the best move found so far, else the table's move, else
        // the first legal move.
        let mut moves = Vec::new();
        generate(pos, &mut moves, false);
        let table_move = self
            .table
            .probe(pos.zobrist())
            .and_then(|e| e.mv)
            .and_then(|i| moves.get(usize::from(i)))
            .map(|e| e.1);
        let mv = self.pv[0]
            .first()
            .copied()
            .filter(|m| moves.iter().any(|e| e.1 == *m))
            .or(table_move)
            .or(moves.first().map(|e| e.1))?;
        let info = SearchInfo {
            nodes: self.nodes,
            seldepth: self.seldepth as u32,
            pv: vec![mv],
            elapsed: clock.elapsed(),
            ..SearchInfo::empty()
        };
        Some((mv, info))
    }
}
