//! The parts of a node of [`AlphaBeta::negamax`] that read as steps of their own: the table's
//! word on the node, the killers tried before any generation, the ordering of quiet moves by
//! the value they lead to, the reduced search of a late move, and what a cut teaches.

use abstract_game::{Evaluate, Game};

use super::heuristics::{from_table, history_index, reduction};
use super::{
    AlphaBeta, FAMILY_CODE, FAMILY_LIST, MoveEntry, QUIET_KEYS, RESULT_BOUND, STAGED, generate,
    twins_first,
};
use crate::engine::Clock;
use crate::table::{Bound, MAX_MOVE_INDEX};

impl<G: Game + Evaluate> AlphaBeta<G> {
    /// What the transposition table says of a node: a score that ends it (at a null-window
    /// node below the root, from an entry deep enough whose bound settles it), else the
    /// stored move's index, if any.
    pub(super) fn probe_table(
        &self,
        key: u64,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Probe {
        let Some(entry) = self.table.probe(key) else {
            return Probe::Move(None);
        };
        if ply > 0 && u32::from(entry.depth) >= depth && beta - alpha == 1 {
            let score = from_table(entry.score, ply);
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
                Bound::Empty => false,
            };
            if cut {
                return Probe::Cut(score);
            }
        }
        Probe::Move(entry.mv)
    }

    /// A frontier node without a table move first tries its killers, while they are legal,
    /// before generating: a cut by one of them (the common case) skips the generation. Puts
    /// them in `moves` (empty) and returns how many.
    pub(super) fn stage_killers(
        &self,
        pos: &G,
        moves: &mut Vec<MoveEntry<G::Move>>,
        ply: usize,
    ) -> usize {
        for killer in self.killers[ply].into_iter().flatten() {
            let twin = moves.first().is_some_and(|&(_, first, _)| {
                first == killer
                    || pos
                        .move_family(first)
                        .is_some_and(|family| pos.move_family(killer) == Some(family))
            });
            if twin || !pos.is_legal(killer) {
                break;
            }
            moves.push((0, killer, STAGED));
        }
        moves.len()
    }

    /// The staged killers did not cut: the rest of the family list after them, without them
    /// and their twins, the twins of a killer that was not legal first.
    pub(super) fn unstage(
        &self,
        pos: &G,
        moves: &mut Vec<MoveEntry<G::Move>>,
        staged: usize,
        families: bool,
        ply: usize,
    ) {
        let tried = [moves.first(), moves.get(1)].map(|entry| entry.map(|e| e.1));
        generate(pos, moves, families);
        let mut k = staged;
        while k < moves.len() {
            let mv = moves[k].1;
            let family = pos.move_family(mv);
            if tried
                .into_iter()
                .flatten()
                .any(|t| t == mv || family.is_some() && pos.move_family(t) == family)
            {
                moves.remove(k);
            } else {
                k += 1;
            }
        }
        let killers = self.killers[ply];
        twins_first(pos, moves, staged, [None, killers[0], killers[1]]);
    }

    /// Quiet moves by the evaluation of the position they lead to (then history): in games of
    /// wide, flat move lists (Jersi, Jericho) history alone leaves the good moves scattered,
    /// so little is cut and late-move reductions hit them. Twins lead to positions of one
    /// value: it is worked out once a family.
    pub(super) fn order_quiet_by_value(
        &mut self,
        pos: &G,
        moves: &mut [MoveEntry<G::Move>],
        ply: usize,
    ) {
        let mut known = [0u64; 4];
        let mut values = [0i32; 256];
        for entry in moves.iter_mut().filter(|entry| entry.0 < QUIET_KEYS) {
            let value = match pos.move_family(entry.1) {
                Some(family) => {
                    let (word, bit) = (usize::from(family / 64), 1u64 << (family % 64));
                    if known[word] & bit == 0 {
                        known[word] |= bit;
                        values[usize::from(family)] =
                            self.static_value(&pos.after(entry.1), ply + 1);
                    }
                    values[usize::from(family)]
                }
                None => self.static_value(&pos.after(entry.1), ply + 1),
            };
            entry.0 = -i64::from(value);
        }
    }

    /// The score of a move after the first at a node of `depth`: a late quiet move (not the
    /// table's, no killer, no hint) is first searched less deeply; only if it then beats
    /// alpha is it searched in full, with a null window, then a full one if it lands inside.
    /// Not reduced when alpha is a result: then a faster win (or a slower loss) is looked
    /// for, and a reduced search could miss it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_late(
        &mut self,
        clock: &Clock<'_>,
        child: &G,
        depth: u32,
        ply: usize,
        late: Late,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let quiet = self.reductions && late.order < QUIET_KEYS && alpha.abs() < RESULT_BOUND;
        let mut cut = if quiet {
            reduction(depth, late.index)
        } else {
            0
        };
        if cut > 0 && late.shared {
            cut = (cut + 1).min(depth - 2);
        }
        let mut probe = alpha + 1;
        if cut > 0 {
            let reduced = depth - 1 - cut;
            probe = -self.negamax(clock, child, reduced, ply + 1, -alpha - 1, -alpha);
        }
        if probe > alpha && !self.aborted {
            probe = -self.negamax(clock, child, depth - 1, ply + 1, -alpha - 1, -alpha);
        }
        if probe > alpha && probe < beta && !self.aborted {
            -self.negamax(clock, child, depth - 1, ply + 1, -beta, -alpha)
        } else {
            probe
        }
    }

    /// A quiet move that cut a node of `depth`: the first killer of its ply, and a history
    /// bonus of depth squared.
    pub(super) fn reward_cut(&mut self, pos: &G, mv: G::Move, depth: u32, ply: usize) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let slot = history_index(&mv, pos.side_to_move().index());
        let bonus = (depth * depth).min(1 << 16) as i32;
        self.history[slot] = self.history[slot].saturating_add(bonus);
    }

    /// A move that raised alpha at `ply`: its line becomes the node's principal variation
    /// (the move, then the child's line); at the root its score is the partial answer.
    pub(super) fn new_best_line(&mut self, ply: usize, mv: G::Move, score: i32) {
        if ply == 0 {
            self.partial_score = score;
        }
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }
}

/// How the table stores the best move of a node: a staged killer by its family (it has no
/// index in a list), any other by its index in the list the node generated (the family list's
/// marked by [`FAMILY_LIST`]); `None` when it cannot be stored.
pub(super) fn stored_index<G: Evaluate>(
    pos: &G,
    mv: G::Move,
    index: u32,
    families: bool,
) -> Option<u16> {
    if index == STAGED {
        pos.move_family(mv)
            .map(|family| FAMILY_CODE | u16::from(family))
    } else {
        u16::try_from(index)
            .ok()
            .filter(|&i| i < FAMILY_CODE && usize::from(i) <= MAX_MOVE_INDEX)
            .map(|i| if families { i | FAMILY_LIST } else { i })
    }
}

/// What the transposition table says of a node ([`AlphaBeta::probe_table`]).
pub(super) enum Probe {
    /// The stored bound settles the node at this score.
    Cut(i32),
    /// Search it, trying the stored move (an index) first if there is one.
    Move(Option<u16>),
}

/// A move after the first of its node, for [`AlphaBeta::search_late`].
#[derive(Clone, Copy)]
pub(super) struct Late {
    /// Its place in the node's order (1 for the second move searched).
    pub(super) index: usize,
    /// Its order key (below `QUIET_KEYS`: a quiet move).
    pub(super) order: i64,
    /// Whether another thread is searching the node (Lazy SMP): reduced one ply more.
    pub(super) shared: bool,
}
