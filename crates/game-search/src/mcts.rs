//! Monte Carlo tree search: UCT selection and random playouts, optionally cut off and judged by
//! an evaluation, or guided by the implicit minimax of an evaluation with progressive widening.

use std::time::Duration;

use abstract_game::playout::{Rng, game_seed};
use abstract_game::{BySide, Game, Outcome, Side};

use crate::engine::{Clock, Evaluator};
use crate::{Budget, Engine, Found, Score, SearchInfo, Watch};

mod options;
#[cfg(test)]
mod tests;

pub use options::{DEFAULT_EXPLORATION, MctsDefaults, MctsOptions};

/// The scale of the logistic that turns an evaluation into a win chance.
const CUTOFF_SCALE: f64 = 200.0;

/// The chance of a win of the side ahead by `value` on the evaluation's scale:
/// `1 / (1 + e^(-value / 200))`.
fn win_chance(value: i32) -> f64 {
    1.0 / (1.0 + (-f64::from(value) / CUTOFF_SCALE).exp())
}

/// The evaluations a tree may use: one judging cut-off playouts, one judging each child as
/// it is made (the implicit minimax).
struct Judges<'a, G> {
    cutoff: Option<&'a Evaluator<G>>,
    prior: Option<&'a Evaluator<G>>,
    /// Exact values: a known position ends the playout with its result.
    oracle: Option<&'a crate::SharedOracle<G>>,
}

impl<G> Clone for Judges<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for Judges<'_, G> {}

/// No index: the end of a sibling list, a node without children.
const NONE: u32 = u32::MAX;
/// `num_moves` of a node whose moves were never generated.
const UNGENERATED: u32 = u32::MAX;

/// One node of a search tree: the position after `mv`, played by `mover`.
#[derive(Clone, Debug)]
struct Node<M> {
    /// The move that leads here (`None` at the root).
    mv: Option<M>,
    /// The side that played `mv`; the results summed here are from its view.
    mover: Side,
    /// The most recently created child, or [`NONE`].
    first_child: u32,
    /// The next child of the same parent, or [`NONE`].
    next_sibling: u32,
    /// Iterations through this node.
    visits: u32,
    /// The sum of results for `mover`, in [`POINTS_PER_WIN`]ths of a win (a draw is half a
    /// win; an evaluated playout its chance of a win).
    points: u64,
    /// The number of legal moves here, or [`UNGENERATED`].
    num_moves: u32,
    /// How many of them have a child already.
    tried: u32,
    /// The children are made in the order `(a * k + b) % num_moves` of the move list, a
    /// random permutation that costs no memory (`a` is prime to `num_moves`).
    perm_a: u32,
    perm_b: u32,
    /// The end of the game here: `None` while it goes on, else the winner (or `None` for a
    /// draw).
    terminal: Option<Option<Side>>,
    /// With the implicit minimax on: the chance of a win for `mover` by the prior evaluation,
    /// backed up by minimax over the children made so far (a leaf: its own judgement).
    minimax: f32,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: Side) -> Node<M> {
        Node {
            mv,
            mover,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            points: 0,
            num_moves: UNGENERATED,
            tried: 0,
            perm_a: 1,
            perm_b: 0,
            terminal: None,
            minimax: 0.5,
        }
    }
}

/// The points of a win: results are counted in 1/1024ths, so that a draw and an evaluated
/// playout's chance are exact enough.
const POINTS_PER_WIN: u64 = 1 << 10;

/// What a playout tells the nodes of its path.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Backup {
    /// The game ended with this winner (`None`: a draw, or a playout stopped by its cap).
    Winner(Option<Side>),
    /// A playout cut off and judged by the evaluation: `side` wins with chance `wins`.
    Chance { side: Side, wins: f64 },
}

impl Backup {
    /// The points of this result for `side`, a draw being worth `draw` to each side.
    fn points_for(self, side: Side, draw: BySide<u64>) -> u64 {
        match self {
            Backup::Winner(winner) => points_for(side, winner, draw),
            Backup::Chance { side: s, wins } => {
                let p = if s == side { wins } else { 1.0 - wins };
                (p.clamp(0.0, 1.0) * POINTS_PER_WIN as f64).round() as u64
            }
        }
    }
}

/// The result of a game for `side` in points: [`POINTS_PER_WIN`] a win, 0 a loss, and a
/// draw or an unfinished playout what `draw` gives the side.
fn points_for(side: Side, winner: Option<Side>, draw: BySide<u64>) -> u64 {
    match winner {
        Some(w) if w == side => POINTS_PER_WIN,
        Some(_) => 0,
        None => draw[side],
    }
}

/// A draw's points for each side when the side to move at the root is `root` and a draw
/// costs it `contempt` (half a win each without contempt).
fn draw_points(root: Side, contempt: i32) -> BySide<u64> {
    let own = if contempt == 0 {
        POINTS_PER_WIN / 2
    } else {
        (win_chance(contempt.saturating_neg()) * POINTS_PER_WIN as f64).round() as u64
    };
    BySide::from_fn(|side| {
        if side == root {
            own
        } else {
            POINTS_PER_WIN - own
        }
    })
}

/// Half a win for each side: a draw without contempt.
const EVEN_DRAW: BySide<u64> = BySide([POINTS_PER_WIN / 2, POINTS_PER_WIN / 2]);

const fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

/// One search tree with its random stream.
#[derive(Clone, Debug)]
struct Tree<G: Game> {
    rng: Rng,
    root_pos: Option<G>,
    nodes: Vec<Node<G::Move>>,
    path: Vec<u32>,
    /// A draw's points for each side in this tree's statistics (see [`draw_points`]).
    draw: BySide<u64>,
}

/// What one tree did in one search.
#[derive(Clone, Copy, Debug, Default)]
struct TreeStats {
    iterations: u64,
    depth_sum: u64,
    max_depth: u32,
}

impl<G: Game> Tree<G> {
    fn new(seed: u64) -> Tree<G> {
        Tree {
            rng: Rng::seed_from_u64(seed),
            root_pos: None,
            nodes: Vec::new(),
            path: Vec::new(),
            draw: EVEN_DRAW,
        }
    }

    fn clear(&mut self) {
        self.root_pos = None;
        self.nodes = Vec::new();
    }

    /// Makes `pos` the root, keeping the matching subtree when reuse is on and `pos` is the
    /// old root or one or two plies below it, and its statistics counted draws the same way
    /// (`draw`, each side's points for a draw). Returns the root visits kept.
    fn set_root(&mut self, pos: &G, reuse: bool, draw: BySide<u64>) -> u64 {
        let kept = match (&self.root_pos, reuse && draw == self.draw) {
            (Some(old), true) if !self.nodes.is_empty() => self.find(old, pos),
            _ => None,
        };
        self.draw = draw;
        match kept {
            Some(0) => {}
            Some(index) => self.compact(index),
            None => {
                self.nodes.clear();
                self.nodes.push(Node::new(None, !pos.side_to_move()));
            }
        }
        self.root_pos = Some(pos.clone());
        u64::from(self.nodes[0].visits)
    }

    /// The node of `target` among the old root, its children and grandchildren.
    fn find(&self, old: &G, target: &G) -> Option<usize> {
        let same =
            |p: &G| p.zobrist() == target.zobrist() && p.side_to_move() == target.side_to_move();
        if same(old) {
            return Some(0);
        }
        let mut child = self.nodes[0].first_child;
        while child != NONE {
            let c = &self.nodes[child as usize];
            // An unvisited child (made by a full expansion) holds no search worth keeping.
            if let Some(mv) = c.mv.filter(|_| c.visits > 0) {
                let p1 = old.after(mv);
                if same(&p1) {
                    return Some(child as usize);
                }
                let mut grand = c.first_child;
                while grand != NONE {
                    let g = &self.nodes[grand as usize];
                    if let Some(mv2) = g.mv.filter(|_| g.visits > 0) {
                        if same(&p1.after(mv2)) {
                            return Some(grand as usize);
                        }
                    }
                    grand = g.next_sibling;
                }
            }
            child = c.next_sibling;
        }
        None
    }

    /// Keeps only the subtree under `root`, renumbered breadth first with `root` at 0.
    fn compact(&mut self, root: usize) {
        let old = std::mem::take(&mut self.nodes);
        let mut nodes: Vec<Node<G::Move>> = Vec::with_capacity(old.len().min(1 << 16));
        let mut origin: Vec<u32> = Vec::new();
        let mut first = old[root].clone();
        first.mv = None;
        first.next_sibling = NONE;
        nodes.push(first);
        origin.push(root as u32);
        let mut i = 0;
        while i < nodes.len() {
            let mut old_child = old[origin[i] as usize].first_child;
            let mut previous = NONE;
            nodes[i].first_child = NONE;
            while old_child != NONE {
                let new_index = nodes.len() as u32;
                let mut copy = old[old_child as usize].clone();
                copy.next_sibling = NONE;
                nodes.push(copy);
                origin.push(old_child);
                if previous == NONE {
                    nodes[i].first_child = new_index;
                } else {
                    nodes[previous as usize].next_sibling = new_index;
                }
                previous = new_index;
                old_child = old[old_child as usize].next_sibling;
            }
            i += 1;
        }
        self.nodes = nodes;
    }

    /// The child of `node` with the best UCT value (every child has been visited).
    fn select(&self, node: usize, exploration: f64) -> u32 {
        let log_n = f64::from(self.nodes[node].visits.max(1)).ln();
        let mut best = NONE;
        let mut best_value = f64::NEG_INFINITY;
        let mut child = self.nodes[node].first_child;
        while child != NONE {
            let c = &self.nodes[child as usize];
            let n = f64::from(c.visits.max(1));
            let value =
                c.points as f64 / (POINTS_PER_WIN as f64 * n) + exploration * (log_n / n).sqrt();
            if value > best_value {
                best_value = value;
                best = child;
            }
            child = c.next_sibling;
        }
        best
    }

    /// A playout from `pos`: its length and what it tells the path (`None` for a playout
    /// stopped by the cap). With a cutoff and an evaluation, at most `cutoff` random plies,
    /// then the evaluation's chance of a win where it stopped.
    fn playout(
        &mut self,
        pos: &G,
        options: &MctsOptions,
        judges: Judges<'_, G>,
    ) -> (u32, Option<Backup>) {
        if let Some(value) = judges.oracle.and_then(|o| o.value(pos)) {
            // A solved position: a leaf with its exact result, like the end of the game.
            let mover = pos.side_to_move();
            let winner = match value.sign() {
                1 => Some(mover),
                -1 => Some(mover.opponent()),
                _ => None,
            };
            return (0, Some(Backup::Winner(winner)));
        }
        let Some(eval) = judges.cutoff.filter(|_| options.cutoff_plies() > 0) else {
            let result = pos.playout(&mut self.rng, options.playout_cap);
            let backup = result.outcome.map(|o: Outcome| Backup::Winner(o.winner));
            return (result.plies, backup);
        };
        let mut end = pos.clone();
        let mut plies = 0;
        while plies < options.cutoff_plies().min(options.playout_cap) {
            let Some(mv) = end.random_move(&mut self.rng) else {
                break;
            };
            end.play_unchecked(mv);
            plies += 1;
        }
        if let Some(outcome) = end.outcome() {
            return (plies, Some(Backup::Winner(outcome.winner)));
        }
        if plies == 0 {
            return (0, None);
        }
        let wins = win_chance(eval.evaluate(&end));
        (
            plies,
            Some(Backup::Chance {
                side: end.side_to_move(),
                wins,
            }),
        )
    }

    /// One iteration: descend (by UCT, or in guided mode by the blend of mean and implicit
    /// minimax over the widened children), add nodes, play out, back up. Returns the depth of
    /// the descent.
    fn iterate(&mut self, options: &MctsOptions, judges: Judges<'_, G>) -> u32 {
        let Some(root_pos) = &self.root_pos else {
            return 0;
        };
        let mut pos = root_pos.clone();
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        path.push(0);
        let mut node = 0usize;
        let guide = judges.prior.filter(|_| options.minimax_weight() > 0.0);
        let backup: Backup = loop {
            if let Some(end) = self.nodes[node].terminal {
                break Backup::Winner(end);
            }
            if let Some(prior) = guide {
                if self.nodes[node].num_moves == UNGENERATED {
                    if let Some(end) = self.expand_all(node, &pos, options, prior) {
                        break end;
                    }
                    break self
                        .playout(&pos, options, judges)
                        .1
                        .unwrap_or(Backup::Winner(None));
                }
            } else if self.nodes[node].num_moves == UNGENERATED
                || self.nodes[node].tried < self.nodes[node].num_moves
            {
                if self.nodes.len() >= options.max_nodes {
                    break self
                        .playout(&pos, options, judges)
                        .1
                        .unwrap_or(Backup::Winner(None));
                }
                let mut moves = G::MoveList::default();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    // Only a game breaking its contract gets here: score it as the game says,
                    // a draw when it says nothing.
                    let end = pos.outcome().and_then(|o| o.winner);
                    self.nodes[node].terminal = Some(end);
                    break Backup::Winner(end);
                }
                let len = moves.len() as u32;
                if self.nodes[node].num_moves == UNGENERATED {
                    let mut a = u64::from(self.rng.below(len)) + 1;
                    while gcd(a, u64::from(len)) != 1 {
                        a += 1;
                    }
                    let n = &mut self.nodes[node];
                    n.num_moves = len;
                    n.perm_a = a as u32;
                    n.perm_b = self.rng.below(len);
                }
                let n = &self.nodes[node];
                if n.tried >= len.min(n.num_moves) {
                    // The game gave fewer moves than before: a contract break; stop here.
                    break Backup::Winner(None);
                }
                let k = (u64::from(n.perm_a) * u64::from(n.tried) + u64::from(n.perm_b))
                    % u64::from(len);
                let mv = moves[k as usize];
                let mover = pos.side_to_move();
                pos.play_unchecked(mv);
                let (plies, end) = self.playout(&pos, options, judges);
                let mut child = Node::new(Some(mv), mover);
                child.next_sibling = self.nodes[node].first_child;
                if let (0, Some(Backup::Winner(winner))) = (plies, end) {
                    child.terminal = Some(winner);
                }
                let index = self.nodes.len() as u32;
                self.nodes.push(child);
                let n = &mut self.nodes[node];
                n.first_child = index;
                n.tried += 1;
                path.push(index);
                break end.unwrap_or(Backup::Winner(None));
            }
            let child = match guide {
                Some(_) => self.select_guided(node, options),
                None => self.select(node, options.exploration_constant()),
            };
            if child == NONE {
                break Backup::Winner(None);
            }
            if let Some(mv) = self.nodes[child as usize].mv {
                pos.play_unchecked(mv);
            }
            path.push(child);
            node = child as usize;
        };
        for &index in &path {
            let n = &mut self.nodes[index as usize];
            n.visits = n.visits.saturating_add(1);
            n.points += backup.points_for(n.mover, self.draw);
        }
        if guide.is_some() {
            for &index in path.iter().rev() {
                self.back_up_minimax(index as usize);
            }
        }
        let depth = path.len() as u32 - 1;
        self.path = path;
        depth
    }

    /// Makes every child of `node` (whose position is `pos`) at once, each judged by `prior`
    /// after its move and the children linked best first, and sets the node's minimax. Returns
    /// the result to back up when `pos` has no moves; makes nothing when the tree has no room
    /// for them all.
    fn expand_all(
        &mut self,
        node: usize,
        pos: &G,
        options: &MctsOptions,
        prior: &Evaluator<G>,
    ) -> Option<Backup> {
        let mut moves = G::MoveList::default();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            // The game is over here (only the root can be reached so), or breaks its contract.
            let end = pos.outcome().and_then(|o| o.winner);
            self.nodes[node].terminal = Some(end);
            return Some(Backup::Winner(end));
        }
        if self.nodes.len() + moves.len() > options.max_nodes {
            return None;
        }
        let mover = pos.side_to_move();
        let mut judged: Vec<(f32, G::Move, Option<Option<Side>>)> = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            let after = pos.after(mv);
            let (chance, end) = match after.outcome() {
                Some(outcome) => {
                    let points = points_for(mover, outcome.winner, self.draw);
                    (points as f32 / POINTS_PER_WIN as f32, Some(outcome.winner))
                }
                None => {
                    let value = prior.evaluate(&after);
                    let value = if after.side_to_move() == mover {
                        value
                    } else {
                        -value
                    };
                    (win_chance(value) as f32, None)
                }
            };
            judged.push((chance, mv, end));
        }
        // Best first; a stable sort keeps the move generator's order among equals.
        judged.sort_by(|a, b| b.0.total_cmp(&a.0));
        let first = self.nodes.len() as u32;
        let count = judged.len() as u32;
        for (k, (chance, mv, end)) in judged.into_iter().enumerate() {
            let mut child = Node::new(Some(mv), mover);
            child.minimax = chance;
            child.terminal = end;
            let k = k as u32;
            child.next_sibling = if k + 1 < count { first + k + 1 } else { NONE };
            self.nodes.push(child);
        }
        let n = &mut self.nodes[node];
        n.first_child = first;
        n.num_moves = count;
        n.tried = count;
        self.back_up_minimax(node);
        None
    }

    /// The child of a fully expanded `node` to descend to: among its first children by their
    /// first judgement (all of them without widening), the best by the mean of its results
    /// and its minimax, weighted, plus the exploration term.
    fn select_guided(&self, node: usize, options: &MctsOptions) -> u32 {
        let visits = f64::from(self.nodes[node].visits);
        let log_n = visits.max(1.0).ln();
        let widening = options.widening_factor();
        let limit = if widening > 0.0 {
            (widening * (visits + 1.0).sqrt()).ceil() as u32
        } else {
            u32::MAX
        };
        let weight = options.minimax_weight().min(1.0);
        let exploration = options.exploration_constant();
        let mut best = NONE;
        let mut best_value = f64::NEG_INFINITY;
        let mut seen = 0;
        let mut child = self.nodes[node].first_child;
        while child != NONE && seen < limit {
            let c = &self.nodes[child as usize];
            let minimax = f64::from(c.minimax);
            let n = f64::from(c.visits);
            let mean = if c.visits == 0 {
                minimax
            } else {
                c.points as f64 / (POINTS_PER_WIN as f64 * n)
            };
            let value =
                (1.0 - weight) * mean + weight * minimax + exploration * (log_n / (n + 1.0)).sqrt();
            if value > best_value {
                best_value = value;
                best = child;
            }
            seen += 1;
            child = c.next_sibling;
        }
        best
    }

    /// Sets the minimax of `node` from its children's (nothing for a leaf): the best of them
    /// for the side choosing among them, turned to the view of the node's mover.
    fn back_up_minimax(&mut self, node: usize) {
        let mut child = self.nodes[node].first_child;
        let mut best = f32::NEG_INFINITY;
        let mut chooser = None;
        while child != NONE {
            let c = &self.nodes[child as usize];
            best = best.max(c.minimax);
            chooser = Some(c.mover);
            child = c.next_sibling;
        }
        if let Some(chooser) = chooser {
            let n = &mut self.nodes[node];
            n.minimax = if chooser == n.mover { best } else { 1.0 - best };
        }
    }

    fn run(
        &mut self,
        options: &MctsOptions,
        judges: Judges<'_, G>,
        iterations: u64,
        clock: &Clock<'_>,
    ) -> TreeStats {
        let mut stats = TreeStats::default();
        while stats.iterations < iterations {
            if stats.iterations % 16 == 0 && clock.expired() {
                break;
            }
            let depth = self.iterate(options, judges);
            stats.iterations += 1;
            stats.depth_sum += u64::from(depth);
            stats.max_depth = stats.max_depth.max(depth);
        }
        stats
    }

    /// The root children: move, visits, points, whether the move wins on the spot.
    fn root_children(&self) -> Vec<(G::Move, u64, u64, bool)> {
        let mut out = Vec::new();
        let Some(root) = self.nodes.first() else {
            return out;
        };
        let mut child = root.first_child;
        while child != NONE {
            let c = &self.nodes[child as usize];
            if let Some(mv) = c.mv {
                let wins_now = c.terminal == Some(Some(c.mover));
                out.push((mv, u64::from(c.visits), c.points, wins_now));
            }
            child = c.next_sibling;
        }
        // Creation order, so that equal counts break ties the same way in every tree.
        out.reverse();
        out
    }

    /// The line of most visited children from the root child playing `first`.
    fn line(&self, first: G::Move) -> Vec<G::Move> {
        let mut pv = vec![first];
        let Some(root) = self.nodes.first() else {
            return pv;
        };
        let mut node = NONE;
        let mut child = root.first_child;
        while child != NONE {
            if self.nodes[child as usize].mv == Some(first) {
                node = child;
                break;
            }
            child = self.nodes[child as usize].next_sibling;
        }
        while node != NONE && pv.len() < 64 {
            let mut best = NONE;
            let mut best_visits = 0;
            let mut child = self.nodes[node as usize].first_child;
            while child != NONE {
                let c = &self.nodes[child as usize];
                if c.visits >= best_visits {
                    best_visits = c.visits;
                    best = child;
                }
                child = c.next_sibling;
            }
            match self.nodes.get(best as usize).and_then(|c| c.mv) {
                Some(mv) if best_visits > 0 => pv.push(mv),
                _ => break,
            }
            node = best;
        }
        pv
    }
}

/// Monte Carlo tree search (UCT) with uniform random playouts through [`Game::playout`].
///
/// Each iteration descends the tree from the root by the UCT rule, adds one node (one new
/// move), plays the game out at random from it (up to
/// [`playout_cap`](MctsOptions::playout_cap) plies) and adds the result (win 1, draw or
/// unfinished 1/2, loss 0; a game ending on points counts for its winner) to every node of
/// the descent. The move played is the most visited root child.
///
/// The tree is an arena of nodes with indices; it stops growing at
/// [`max_nodes`](MctsOptions::max_nodes). With [`reuse`](MctsOptions::reuse) the subtree of
/// the next position is kept when it is one or two plies below the last root (found by
/// Zobrist hash). With several [`threads`](MctsOptions::threads), each searches its own tree
/// from its own seed and the root visits are summed; an iteration budget is shared among the
/// trees, so the search stays repeatable.
///
/// A draw counts for the root's side as the [`contempt`](MctsOptions::contempt) says (half a
/// win by default). With a [`prior`](Mcts::with_prior) and a [`minimax`](MctsOptions::minimax)
/// weight above 0 the tree is *guided*: a node's moves are all made and judged by the prior
/// when it is first reached, the descent blends the playouts' mean with the implicit minimax
/// of those judgements, and [`widening`](MctsOptions::widening) keeps it among the
/// best-judged moves of a little-visited node.
///
/// MCTS needs only [`Game`]: the evaluations (cut-off playouts, the guided tree) are options.
#[derive(Clone, Debug)]
pub struct Mcts<G: Game> {
    options: MctsOptions,
    trees: Vec<Tree<G>>,
    last_reused: u64,
    evaluator: Option<Evaluator<G>>,
    prior: Option<Evaluator<G>>,
    /// Exact values known in advance: at a known root the engine plays the move that keeps
    /// the value.
    oracle: Option<crate::SharedOracle<G>>,
}

/// How often a one-tree search reports its progress.
const REPORT_EVERY: Duration = Duration::from_secs(1);
/// The iterations between two looks at the report clock (a multiple of 16, the clock check).
const REPORT_CHUNK: u64 = 4096;

impl<G: Game> Mcts<G> {
    /// The iterations of a search when neither the call's budget nor the options set a limit.
    pub const DEFAULT_ITERATIONS: u64 = 10_000;

    /// An MCTS engine with these options (the thread count is clamped to `1..=256`, the node
    /// limit to at least 1, a bad exploration constant replaced by the default).
    pub fn new(mut options: MctsOptions) -> Mcts<G> {
        options.threads = options.threads.clamp(1, 256);
        options.max_nodes = options.max_nodes.clamp(1, (u32::MAX - 1) as usize);
        if !(options.exploration_constant().is_finite() && options.exploration_constant() >= 0.0) {
            options.exploration = Some(DEFAULT_EXPLORATION);
        }
        let trees = (0..options.threads)
            .map(|i| Tree::new(game_seed(options.seed, i as u64)))
            .collect();
        Mcts {
            options,
            trees,
            last_reused: 0,
            evaluator: None,
            prior: None,
            oracle: None,
        }
    }

    /// This engine with an evaluation for playouts cut off after
    /// [`cutoff`](MctsOptions::cutoff) plies (the value of a position for the side to move,
    /// on the scale of [`abstract_game::Evaluate`]). Without a cutoff it is not used.
    pub fn with_evaluator(
        mut self,
        evaluator: impl Fn(&G) -> i32 + Send + Sync + 'static,
    ) -> Mcts<G> {
        self.evaluator = Some(Evaluator::new(evaluator));
        self
    }

    /// This engine with an evaluation that judges each child as it is made, for the implicit
    /// minimax and the widening ([`minimax`](MctsOptions::minimax) above 0; otherwise it is
    /// not used): the value for the side to move, on the scale of
    /// [`abstract_game::Evaluate`]. It is called on every move of every node the tree
    /// expands, so it should be the game's static evaluation, not a search.
    pub fn with_prior(mut self, evaluator: impl Fn(&G) -> i32 + Send + Sync + 'static) -> Mcts<G> {
        self.prior = Some(Evaluator::new(evaluator));
        self
    }

    /// The options in use.
    pub const fn options(&self) -> &MctsOptions {
        &self.options
    }

    /// The root visits kept from the previous search by the last search (summed over the
    /// trees); 0 when nothing was reused.
    pub const fn last_reused(&self) -> u64 {
        self.last_reused
    }

    /// The nodes held by the trees now (summed over the trees).
    pub fn tree_nodes(&self) -> usize {
        self.trees.iter().map(|t| t.nodes.len()).sum()
    }
}

impl<G: Game> Default for Mcts<G> {
    fn default() -> Mcts<G> {
        Mcts::new(MctsOptions::DEFAULT)
    }
}

impl<G: Game> Engine<G> for Mcts<G> {
    fn name(&self) -> String {
        crate::EngineSpec::Mcts(self.options).to_string()
    }

    fn new_game(&mut self) {
        for tree in &mut self.trees {
            tree.clear();
        }
        self.last_reused = 0;
    }

    fn set_oracle(&mut self, oracle: crate::SharedOracle<G>) {
        self.oracle = Some(oracle);
    }

    fn search(&mut self, pos: &G, budget: &Budget, watch: Watch<'_, G>) -> Found<G> {
        let Watch { stop, report } = watch;
        if let Some(answer) = crate::oracle::settled(self.oracle.as_ref(), pos) {
            return answer;
        }
        let mut budget = budget.or(self.options.budget);
        if budget.iterations.is_none()
            && budget.nodes.is_none()
            && budget.time.is_none()
            && !budget.infinite
        {
            budget.iterations = Some(Self::DEFAULT_ITERATIONS);
        }
        let total = match (budget.iterations, budget.nodes) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => u64::MAX,
        };
        let clock = Clock::new(budget.time, stop);
        let options = self.options;
        let threads = self.trees.len() as u64;
        let mut reused = 0;
        let draw = draw_points(pos.side_to_move(), options.draw_contempt());
        for tree in &mut self.trees {
            reused += tree.set_root(pos, options.reuse, draw);
        }
        self.last_reused = reused;
        let share = |i: u64| {
            if total == u64::MAX {
                u64::MAX
            } else {
                total / threads + u64::from(i < total % threads)
            }
        };
        let (evaluator, prior) = (self.evaluator.clone(), self.prior.clone());
        let oracle = self.oracle.clone();
        let judges = Judges {
            cutoff: evaluator.as_ref(),
            prior: prior.as_ref(),
            oracle: oracle.as_ref(),
        };
        let stats: Vec<TreeStats> = if threads == 1 {
            // One tree: in chunks, with a report every second between them (for `info`
            // lines). A chunk is a multiple of the clock's check interval, so the clock is
            // read at the same iterations as in one long run and the search is the same.
            let target = share(0);
            let mut done = TreeStats::default();
            let mut next_report = REPORT_EVERY;
            loop {
                let chunk = (target - done.iterations).min(REPORT_CHUNK);
                let ran = self.trees[0].run(&options, judges, chunk, &clock);
                done.iterations += ran.iterations;
                done.depth_sum += ran.depth_sum;
                done.max_depth = done.max_depth.max(ran.max_depth);
                if ran.iterations < chunk || done.iterations >= target {
                    break;
                }
                if clock.elapsed() >= next_report {
                    next_report = clock.elapsed() + REPORT_EVERY;
                    if let Some((_, info)) = self.summary(pos, &[done], &clock) {
                        report(&info);
                    }
                }
            }
            vec![done]
        } else {
            std::thread::scope(|scope| {
                let clock = &clock;
                let handles: Vec<_> = self
                    .trees
                    .iter_mut()
                    .enumerate()
                    .map(|(i, tree)| {
                        let n = share(i as u64);
                        scope.spawn(move || tree.run(&options, judges, n, clock))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_default())
                    .collect()
            })
        };
        let (mv, info) = self.summary(pos, &stats, &clock)?;
        report(&info);
        Some((mv, info))
    }
}

impl<G: Game> Mcts<G> {
    /// The move to play and the statistics after the trees' searches so far.
    fn summary(
        &mut self,
        pos: &G,
        stats: &[TreeStats],
        clock: &Clock<'_>,
    ) -> Option<(G::Move, SearchInfo<G>)> {
        let mut iterations = 0;
        let mut depth_sum = 0;
        let mut max_depth = 0;
        for s in stats {
            iterations += s.iterations;
            depth_sum += s.depth_sum;
            max_depth = max_depth.max(s.max_depth);
        }

        // Sum the root children of every tree by move.
        let mut children: Vec<(G::Move, u64, u64, bool)> = Vec::new();
        for tree in &self.trees {
            for (mv, visits, points, wins_now) in tree.root_children() {
                match children.iter_mut().find(|c| c.0 == mv) {
                    Some(c) => {
                        c.1 += visits;
                        c.2 += points;
                        c.3 |= wins_now;
                    }
                    None => children.push((mv, visits, points, wins_now)),
                }
            }
        }
        let best = children.iter().copied().reduce(|best, c| {
            let better = (c.3 && !best.3)
                || (c.3 == best.3 && (c.1 > best.1 || (c.1 == best.1 && c.2 > best.2)));
            if better { c } else { best }
        });
        let (mv, score, pv) = match best {
            Some((mv, visits, points, wins_now)) => {
                let score = if wins_now {
                    Score::Win(1)
                } else {
                    let mean = points as f64 / (POINTS_PER_WIN as f64 * visits.max(1) as f64);
                    Score::Value(((2.0 * mean - 1.0) * 1000.0).round() as i32)
                };
                let tree = self
                    .trees
                    .iter()
                    .max_by_key(|t| {
                        t.root_children()
                            .iter()
                            .find(|c| c.0 == mv)
                            .map_or(0, |c| c.1)
                    })
                    .unwrap_or(&self.trees[0]);
                (mv, score, tree.line(mv))
            }
            None => {
                // Nothing searched (stopped at once, or a tree of one node): any legal move.
                let mv = pos.random_move(&mut self.trees[0].rng)?;
                (mv, Score::DRAW, vec![mv])
            }
        };
        let info = SearchInfo {
            nodes: iterations,
            iterations,
            depth: (depth_sum + iterations / 2)
                .checked_div(iterations)
                .map_or(0, |d| d as u32),
            seldepth: max_depth,
            score,
            pv,
            elapsed: clock.elapsed(),
        };
        Some((mv, info))
    }
}
