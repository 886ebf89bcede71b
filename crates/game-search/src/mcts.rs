//! Monte Carlo tree search with UCT selection and random playouts.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use abstract_game::playout::{Rng, game_seed};
use abstract_game::{Game, Outcome, Side};

use crate::engine::{Clock, Evaluator};
use crate::{Budget, Engine, Score, SearchInfo};

/// The options of [`Mcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// The UCT exploration constant `c` in `mean + c * sqrt(ln N / n)`, results being 1 for a
    /// win, 1/2 for a draw and 0 for a loss. Finite and not negative. `None`: the game's own
    /// ([`Evaluate::MCTS_EXPLORATION`](abstract_game::Evaluate::MCTS_EXPLORATION) when the
    /// engine is built by [`EngineSpec::build`](crate::EngineSpec::build)), else
    /// [`DEFAULT_EXPLORATION`].
    pub exploration: Option<f64>,
    /// The seed of the random streams: the same seed and the same budget in iterations give
    /// the same search.
    pub seed: u64,
    /// Independent trees searched in parallel (root parallelism), at least 1; their root
    /// visits are summed.
    pub threads: usize,
    /// The longest playout, in plies; a playout stopped by the cap counts as a draw.
    pub playout_cap: u32,
    /// With an evaluation ([`Mcts::with_evaluator`]; [`EngineSpec::build`](crate::EngineSpec::build)
    /// sets the game's own): playouts stop after this many random plies, and the evaluation
    /// of where they stopped is backed up as the chance of a win, `1 / (1 + e^(-v / 200))` for
    /// the side ahead by `v`. For games whose random playouts end in a draw almost always, or
    /// are too long and noisy to tell a search much. 0 plays out to the end. `None`: the game's
    /// own ([`Evaluate::MCTS_CUTOFF`](abstract_game::Evaluate::MCTS_CUTOFF) when built by
    /// [`EngineSpec::build`](crate::EngineSpec::build)), else 0.
    pub cutoff: Option<u32>,
    /// The most nodes a tree may hold (per thread); once full, the tree stops growing and the
    /// search goes on with playouts from its leaves. At least 1.
    pub max_nodes: usize,
    /// Whether the subtree of the new position is kept from the previous search when the new
    /// position is one or two plies below the previous one.
    pub reuse: bool,
    /// The default budget, used where the budget of a call leaves a limit unset.
    pub budget: Budget,
}

/// The exploration constant of a search whose options and game leave it unset.
pub const DEFAULT_EXPLORATION: f64 = 1.4;

impl MctsOptions {
    /// These options with the game's cutoff and exploration where they leave them unset.
    pub const fn with_game_defaults(mut self, cutoff: u32, exploration: f64) -> MctsOptions {
        if self.cutoff.is_none() {
            self.cutoff = Some(cutoff);
        }
        if self.exploration.is_none() {
            self.exploration = Some(exploration);
        }
        self
    }

    /// The cutoff in effect (0 when unset).
    pub const fn cutoff_plies(&self) -> u32 {
        match self.cutoff {
            Some(plies) => plies,
            None => 0,
        }
    }

    /// The exploration constant in effect ([`DEFAULT_EXPLORATION`] when unset).
    pub const fn exploration_constant(&self) -> f64 {
        match self.exploration {
            Some(c) => c,
            None => DEFAULT_EXPLORATION,
        }
    }

    /// The default options: `c` and the cutoff left to the game (1.4 and none without one),
    /// seed 0, one thread, playouts capped at 1000 plies,
    /// a million nodes per tree, tree reuse on, no default budget of its own (so
    /// [`Mcts::DEFAULT_ITERATIONS`] when the call sets none either).
    pub const DEFAULT: MctsOptions = MctsOptions {
        exploration: None,
        seed: 0,
        threads: 1,
        playout_cap: 1000,
        cutoff: None,
        max_nodes: 1_000_000,
        reuse: true,
        budget: Budget::DEFAULT,
    };
}

impl Default for MctsOptions {
    fn default() -> MctsOptions {
        MctsOptions::DEFAULT
    }
}

/// The scale of the logistic that turns a cut-off playout's evaluation into a win chance.
const CUTOFF_SCALE: f64 = 200.0;

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
    /// The points of this result for `side`.
    fn points_for(self, side: Side) -> u64 {
        match self {
            Backup::Winner(winner) => points_for(side, winner),
            Backup::Chance { side: s, wins } => {
                let p = if s == side { wins } else { 1.0 - wins };
                (p.clamp(0.0, 1.0) * POINTS_PER_WIN as f64).round() as u64
            }
        }
    }
}

/// The result of a game for `side` in points: [`POINTS_PER_WIN`] a win, half of it a draw or
/// an unfinished playout, 0 a loss.
fn points_for(side: Side, winner: Option<Side>) -> u64 {
    match winner {
        Some(w) if w == side => POINTS_PER_WIN,
        Some(_) => 0,
        None => POINTS_PER_WIN / 2,
    }
}

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
        }
    }

    fn clear(&mut self) {
        self.root_pos = None;
        self.nodes = Vec::new();
    }

    /// Makes `pos` the root, keeping the matching subtree when reuse is on and `pos` is the
    /// old root or one or two plies below it. Returns the root visits kept.
    fn set_root(&mut self, pos: &G, reuse: bool) -> u64 {
        let kept = match (&self.root_pos, reuse) {
            (Some(old), true) if !self.nodes.is_empty() => self.find(old, pos),
            _ => None,
        };
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
            if let Some(mv) = c.mv {
                let p1 = old.after(mv);
                if same(&p1) {
                    return Some(child as usize);
                }
                let mut grand = c.first_child;
                while grand != NONE {
                    let g = &self.nodes[grand as usize];
                    if let Some(mv2) = g.mv {
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

    /// One iteration: descend by UCT, add one node, play out, back up. Returns the depth of
    /// the descent.
    /// A playout from `pos`: its length and what it tells the path (`None` for a playout
    /// stopped by the cap). With a cutoff and an evaluation, at most `cutoff` random plies,
    /// then the evaluation's chance of a win where it stopped.
    fn playout(
        &mut self,
        pos: &G,
        options: &MctsOptions,
        eval: Option<&Evaluator<G>>,
    ) -> (u32, Option<Backup>) {
        let Some(eval) = eval.filter(|_| options.cutoff_plies() > 0) else {
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
        let value = f64::from(eval.evaluate(&end));
        let wins = 1.0 / (1.0 + (-value / CUTOFF_SCALE).exp());
        (
            plies,
            Some(Backup::Chance {
                side: end.side_to_move(),
                wins,
            }),
        )
    }

    fn iterate(&mut self, options: &MctsOptions, eval: Option<&Evaluator<G>>) -> u32 {
        let Some(root_pos) = &self.root_pos else {
            return 0;
        };
        let mut pos = root_pos.clone();
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        path.push(0);
        let mut node = 0usize;
        let backup: Backup = loop {
            if let Some(end) = self.nodes[node].terminal {
                break Backup::Winner(end);
            }
            let n = &self.nodes[node];
            if n.num_moves == UNGENERATED || n.tried < n.num_moves {
                if self.nodes.len() >= options.max_nodes {
                    break self
                        .playout(&pos, options, eval)
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
                let (plies, end) = self.playout(&pos, options, eval);
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
            let child = self.select(node, options.exploration_constant());
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
            n.points += backup.points_for(n.mover);
        }
        let depth = path.len() as u32 - 1;
        self.path = path;
        depth
    }

    fn run(
        &mut self,
        options: &MctsOptions,
        eval: Option<&Evaluator<G>>,
        iterations: u64,
        clock: &Clock<'_>,
    ) -> TreeStats {
        let mut stats = TreeStats::default();
        while stats.iterations < iterations {
            if stats.iterations % 16 == 0 && clock.expired() {
                break;
            }
            let depth = self.iterate(options, eval);
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
/// MCTS needs only [`Game`]: no evaluation.
#[derive(Clone, Debug)]
pub struct Mcts<G: Game> {
    options: MctsOptions,
    trees: Vec<Tree<G>>,
    last_reused: u64,
    evaluator: Option<Evaluator<G>>,
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

    fn search(
        &mut self,
        pos: &G,
        budget: &Budget,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&SearchInfo<G>),
    ) -> Option<(G::Move, SearchInfo<G>)> {
        if pos.is_over() {
            return None;
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
        for tree in &mut self.trees {
            reused += tree.set_root(pos, options.reuse);
        }
        self.last_reused = reused;
        let share = |i: u64| {
            if total == u64::MAX {
                u64::MAX
            } else {
                total / threads + u64::from(i < total % threads)
            }
        };
        let evaluator = self.evaluator.clone();
        let eval = evaluator.as_ref();
        let stats: Vec<TreeStats> = if threads == 1 {
            // One tree: in chunks, with a report every second between them (for `info`
            // lines). A chunk is a multiple of the clock's check interval, so the clock is
            // read at the same iterations as in one long run and the search is the same.
            let target = share(0);
            let mut done = TreeStats::default();
            let mut next_report = REPORT_EVERY;
            loop {
                let chunk = (target - done.iterations).min(REPORT_CHUNK);
                let ran = self.trees[0].run(&options, eval, chunk, &clock);
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
                let eval = self.evaluator.as_ref();
                let handles: Vec<_> = self
                    .trees
                    .iter_mut()
                    .enumerate()
                    .map(|(i, tree)| {
                        let n = share(i as u64);
                        scope.spawn(move || tree.run(&options, eval, n, clock))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cutoff_lets_the_evaluation_decide_playouts() {
        use abstract_game::nim::Nim;
        let pos = Nim::at(40, 37);
        let options = MctsOptions {
            cutoff: Some(1),
            seed: 9,
            ..MctsOptions::DEFAULT
        };
        // Evaluations that call every cut-off playout won for one side, whoever is to move:
        // searched for the side to move at the root, every move then looks won, or lost.
        let root = pos.side_to_move();
        let for_side = |winner: Side| {
            move |p: &Nim| {
                if p.side_to_move() == winner {
                    5000
                } else {
                    -5000
                }
            }
        };
        let cheerful = Mcts::<Nim>::new(options)
            .with_evaluator(for_side(root))
            .choose(&pos, &Budget::iterations(3000))
            .unwrap()
            .1;
        let gloomy = Mcts::<Nim>::new(options)
            .with_evaluator(for_side(!root))
            .choose(&pos, &Budget::iterations(3000))
            .unwrap()
            .1;
        let value = |score: Score| match score {
            Score::Value(v) => v,
            other => panic!("{other:?}"),
        };
        assert!(value(gloomy.score) < -900, "{:?}", gloomy.score);
        assert!(value(cheerful.score) > 900, "{:?}", cheerful.score);
        // Without a cutoff the evaluation is not used: the search is the plain one.
        let plain = Mcts::<Nim>::new(MctsOptions {
            seed: 9,
            ..MctsOptions::DEFAULT
        })
        .choose(&pos, &Budget::iterations(3000))
        .unwrap();
        let unused = Mcts::<Nim>::new(MctsOptions {
            seed: 9,
            ..MctsOptions::DEFAULT
        })
        .with_evaluator(|_: &Nim| 5000)
        .choose(&pos, &Budget::iterations(3000))
        .unwrap();
        assert_eq!(plain.0, unused.0);
        assert_eq!(plain.1.score, unused.1.score);
        // And a cut-off search is repeatable.
        let again = Mcts::<Nim>::new(options)
            .with_evaluator(for_side(!root))
            .choose(&pos, &Budget::iterations(3000))
            .unwrap()
            .1;
        assert_eq!(again.score, gloomy.score);
    }

    #[test]
    fn a_long_search_reports_as_it_goes() {
        use abstract_game::nim::Nim;
        use std::sync::atomic::Ordering;
        let stop = AtomicBool::new(false);
        let mut seen: Vec<u64> = Vec::new();
        let mut engine = Mcts::<Nim>::default();
        let (mv, last) = engine
            .search(&Nim::at(40, 37), &Budget::INFINITE, &stop, &mut |info| {
                seen.push(info.iterations);
                if seen.len() == 2 {
                    stop.store(true, Ordering::Relaxed);
                }
            })
            .expect("a move");
        assert!(Nim::at(40, 37).is_legal(mv));
        // Two reports during the search (the second stopped it), then the final one.
        assert_eq!(seen.len(), 3, "{seen:?}");
        assert!(
            seen[0] > 0 && seen[0] < seen[1] && seen[1] <= seen[2],
            "{seen:?}"
        );
        assert_eq!(seen[2], last.iterations);
    }

    #[test]
    fn the_child_order_is_a_permutation() {
        let mut rng = Rng::seed_from_u64(3);
        for n in 1..=200u64 {
            for _ in 0..4 {
                let mut a = u64::from(rng.below(n as u32)) + 1;
                while gcd(a, n) != 1 {
                    a += 1;
                }
                let b = u64::from(rng.below(n as u32));
                let mut seen = vec![false; n as usize];
                for k in 0..n {
                    seen[((a * k + b) % n) as usize] = true;
                }
                assert!(seen.iter().all(|&s| s), "n {n} a {a} b {b}");
            }
        }
    }

    #[test]
    fn results_count_for_the_winner() {
        assert_eq!(points_for(Side::First, Some(Side::First)), POINTS_PER_WIN);
        assert_eq!(points_for(Side::First, Some(Side::Second)), 0);
        assert_eq!(points_for(Side::Second, None), POINTS_PER_WIN / 2);
        let chance = Backup::Chance {
            side: Side::First,
            wins: 0.75,
        };
        assert_eq!(chance.points_for(Side::First), 768);
        assert_eq!(chance.points_for(Side::Second), 256);
    }
}
