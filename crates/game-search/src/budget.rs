//! Search budgets, scores and the statistics a search reports.

use core::cmp::Ordering;
use core::fmt;
use std::time::Duration;

use abstract_game::{EVAL_BOUND, Game};

/// How much work a search may do. Every limit that is set applies: the search stops at the
/// first one reached (or when the caller's stop flag is set).
///
/// What each limit means per engine:
///
/// | limit | [`Mcts`](crate::Mcts) | [`AlphaBeta`](crate::AlphaBeta) | [`Random`](crate::Random) |
/// |---|---|---|---|
/// | `iterations` | iterations (one descent and one playout each) | ignored | ignored |
/// | `nodes` | iterations too | positions searched | ignored |
/// | `depth` | ignored | last iteration of iterative deepening | ignored |
/// | `time` | wall time | wall time | ignored |
///
/// A budget with nothing set ([`Budget::default()`]) asks for the engine's own default budget
/// (the budget of its [spec](crate::EngineSpec), else a fixed default of the engine); see
/// [`Budget::or`] for how the two combine. [`Budget::INFINITE`] searches until the stop flag.
///
/// ```
/// use std::time::Duration;
/// use game_search::Budget;
///
/// let budget = Budget::nodes(100_000).with_time(Duration::from_millis(50));
/// assert_eq!(budget.nodes, Some(100_000));
/// assert_eq!(budget.depth, None);
/// // The call's budget wins where it sets something; the default fills the rest.
/// let spec_default = Budget::depth(6).with_nodes(1_000);
/// assert_eq!(budget.or(spec_default), Budget::nodes(100_000).with_time(Duration::from_millis(50)).with_depth(6));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Budget {
    /// The number of MCTS iterations.
    pub iterations: Option<u64>,
    /// The number of nodes (alpha-beta positions, MCTS iterations).
    pub nodes: Option<u64>,
    /// The deepest alpha-beta iteration, in plies.
    pub depth: Option<u32>,
    /// Wall time.
    pub time: Option<Duration>,
    /// No limit but the stop flag: the engine's default budget is not used. The other limits,
    /// when set, still apply.
    pub infinite: bool,
}

/// The milliseconds of a move within a game clock with `left_ms` left and `increment_ms` added
/// after each move: a thirtieth of what is left plus most of the increment, never all of what
/// is left (the rule of `jgames match --tc` and of the UGI loop's `go p1time ...`).
///
/// ```
/// use game_search::clock_allotment;
///
/// assert_eq!(clock_allotment(30_000, 0), 1_000);
/// assert_eq!(clock_allotment(30_000, 100), 1_080);
/// assert_eq!(clock_allotment(50, 1_000), 30); // 20 ms are always kept
/// assert_eq!(clock_allotment(0, 0), 1);
/// ```
pub const fn clock_allotment(left_ms: u64, increment_ms: u64) -> u64 {
    let share = left_ms / 30 + increment_ms * 4 / 5;
    let most = left_ms.saturating_sub(20);
    let ms = if share < most { share } else { most };
    if ms < 1 { 1 } else { ms }
}

impl Budget {
    /// Nothing set: the engine's default budget.
    pub const DEFAULT: Budget = Budget {
        iterations: None,
        nodes: None,
        depth: None,
        time: None,
        infinite: false,
    };

    /// No limit: the search runs until the caller's stop flag is set (or the game is solved).
    pub const INFINITE: Budget = Budget {
        infinite: true,
        ..Budget::DEFAULT
    };

    /// A budget of `n` MCTS iterations.
    pub const fn iterations(n: u64) -> Budget {
        Budget::DEFAULT.with_iterations(n)
    }

    /// A budget of `n` nodes.
    pub const fn nodes(n: u64) -> Budget {
        Budget::DEFAULT.with_nodes(n)
    }

    /// A budget of `plies` of alpha-beta depth.
    pub const fn depth(plies: u32) -> Budget {
        Budget::DEFAULT.with_depth(plies)
    }

    /// A budget of wall time.
    pub const fn time(time: Duration) -> Budget {
        Budget::DEFAULT.with_time(time)
    }

    /// This budget with `n` MCTS iterations.
    pub const fn with_iterations(mut self, n: u64) -> Budget {
        self.iterations = Some(n);
        self
    }

    /// This budget with `n` nodes.
    pub const fn with_nodes(mut self, n: u64) -> Budget {
        self.nodes = Some(n);
        self
    }

    /// This budget with `plies` of depth.
    pub const fn with_depth(mut self, plies: u32) -> Budget {
        self.depth = Some(plies);
        self
    }

    /// This budget with a wall time limit.
    pub const fn with_time(mut self, time: Duration) -> Budget {
        self.time = Some(time);
        self
    }

    /// Whether no limit at all is set (neither a limit nor [`infinite`](Budget::infinite)).
    pub const fn is_default(&self) -> bool {
        self.iterations.is_none()
            && self.nodes.is_none()
            && self.depth.is_none()
            && self.time.is_none()
            && !self.infinite
    }

    /// This budget with each unset limit taken from `fallback`: the limits set here win, and
    /// every limit of the result applies. An [`infinite`](Budget::infinite) budget takes
    /// nothing from `fallback`.
    pub const fn or(self, fallback: Budget) -> Budget {
        if self.infinite {
            return self;
        }
        Budget {
            iterations: match self.iterations {
                Some(n) => Some(n),
                None => fallback.iterations,
            },
            nodes: match self.nodes {
                Some(n) => Some(n),
                None => fallback.nodes,
            },
            depth: match self.depth {
                Some(d) => Some(d),
                None => fallback.depth,
            },
            time: match self.time {
                Some(t) => Some(t),
                None => fallback.time,
            },
            infinite: fallback.infinite,
        }
    }
}

/// The internal score of a win on the spot (at ply 0); a win `n` plies ahead scores
/// `WIN_SCORE - n`. Far beyond [`EVAL_BOUND`], so no heuristic value looks like a result.
pub const WIN_SCORE: i32 = EVAL_BOUND * 4;

/// The longest distance to the end a [`Score::Win`] or [`Score::Loss`] can carry.
pub const MAX_RESULT_PLIES: u32 = 1 << 16;

/// The value of a position from the view of the side to move, as a search reports it.
///
/// Scores order as the mover prefers them: every win above every heuristic value, a faster
/// win above a slower one, a slower loss above a faster one, every loss below every value.
///
/// ```
/// use game_search::Score;
/// assert!(Score::Win(1) > Score::Win(3));
/// assert!(Score::Win(99) > Score::Value(1_000));
/// assert!(Score::Loss(4) > Score::Loss(2));
/// assert!(Score::Value(-1_000) > Score::Loss(99));
/// assert_eq!(Score::from_internal(Score::Win(5).to_internal()), Score::Win(5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// A heuristic value within `±EVAL_BOUND`: the game's [`Evaluate`](abstract_game::Evaluate)
    /// scale for alpha-beta, and for MCTS the mean result of the best move in per mille
    /// (`1000` for all wins, `-1000` for all losses, `0` for even).
    Value(i32),
    /// The side to move wins in this many plies (moves of either side) with best play.
    Win(u32),
    /// The side to move loses in this many plies with best play.
    Loss(u32),
}

impl Score {
    /// A proven draw or an even position.
    pub const DRAW: Score = Score::Value(0);

    /// The internal integer form alpha-beta uses: heuristic values as they are (clamped to
    /// `±EVAL_BOUND`), a win in `n` plies as `WIN_SCORE - n`, a loss as its negation.
    pub const fn to_internal(self) -> i32 {
        match self {
            Score::Value(v) => {
                if v > EVAL_BOUND {
                    EVAL_BOUND
                } else if v < -EVAL_BOUND {
                    -EVAL_BOUND
                } else {
                    v
                }
            }
            Score::Win(n) => WIN_SCORE - clamp_plies(n),
            Score::Loss(n) => -(WIN_SCORE - clamp_plies(n)),
        }
    }

    /// The score of an internal integer: beyond `WIN_SCORE - MAX_RESULT_PLIES` a win, below
    /// its negation a loss, otherwise a value (clamped to `±EVAL_BOUND`).
    pub const fn from_internal(score: i32) -> Score {
        let threshold = WIN_SCORE - MAX_RESULT_PLIES as i32;
        if score >= threshold {
            let n = WIN_SCORE.saturating_sub(score);
            Score::Win(if n < 0 { 0 } else { n as u32 })
        } else if score <= -threshold {
            let n = WIN_SCORE.saturating_add(score);
            Score::Loss(if n < 0 { 0 } else { n as u32 })
        } else if score > EVAL_BOUND {
            Score::Value(EVAL_BOUND)
        } else if score < -EVAL_BOUND {
            Score::Value(-EVAL_BOUND)
        } else {
            Score::Value(score)
        }
    }

    /// Whether the side to move has a forced win.
    pub const fn is_win(self) -> bool {
        matches!(self, Score::Win(_))
    }

    /// Whether the side to move loses against best play.
    pub const fn is_loss(self) -> bool {
        matches!(self, Score::Loss(_))
    }

    /// The distance to the end in plies of a win or a loss; `None` for a value.
    pub const fn plies_to_end(self) -> Option<u32> {
        match self {
            Score::Win(n) | Score::Loss(n) => Some(n),
            Score::Value(_) => None,
        }
    }

    /// The score of the same position seen by the other side, one ply earlier: a value is
    /// negated, a win in `n` becomes a loss in `n + 1` and the reverse.
    pub const fn parent_view(self) -> Score {
        match self {
            Score::Value(v) => Score::Value(-v),
            Score::Win(n) => Score::Loss(n.saturating_add(1)),
            Score::Loss(n) => Score::Win(n.saturating_add(1)),
        }
    }
}

const fn clamp_plies(n: u32) -> i32 {
    if n > MAX_RESULT_PLIES {
        MAX_RESULT_PLIES as i32
    } else {
        n as i32
    }
}

impl Default for Score {
    fn default() -> Score {
        Score::DRAW
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Score) -> Ordering {
        self.to_internal().cmp(&other.to_internal())
    }
}

impl fmt::Display for Score {
    /// Writes `+12`, `-7`, `0`, `win in 3` or `loss in 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Value(v) if v > 0 => write!(f, "+{v}"),
            Score::Value(v) => write!(f, "{v}"),
            Score::Win(n) => write!(f, "win in {n}"),
            Score::Loss(n) => write!(f, "loss in {n}"),
        }
    }
}

/// What a search found and how much it did.
pub struct SearchInfo<G: Game> {
    /// Nodes searched: positions for alpha-beta, iterations for MCTS, 0 for random.
    pub nodes: u64,
    /// MCTS iterations (0 for the other engines).
    pub iterations: u64,
    /// The depth reached: the last completed alpha-beta iteration, the deepest MCTS tree descent.
    pub depth: u32,
    /// The deepest ply any line reached (alpha-beta) or the deepest tree node (MCTS).
    pub seldepth: u32,
    /// The value of the position from the view of the side to move.
    pub score: Score,
    /// The principal variation: the chosen move first, then the expected replies.
    pub pv: Vec<G::Move>,
    /// Wall time spent.
    pub elapsed: Duration,
}

impl<G: Game> SearchInfo<G> {
    /// Empty statistics: nothing searched, an even score, no line.
    pub fn empty() -> SearchInfo<G> {
        SearchInfo {
            nodes: 0,
            iterations: 0,
            depth: 0,
            seldepth: 0,
            score: Score::DRAW,
            pv: Vec::new(),
            elapsed: Duration::ZERO,
        }
    }

    /// Nodes per second (0 when no time was measured).
    pub fn nodes_per_second(&self) -> u64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes as f64 / secs) as u64
        } else {
            0
        }
    }
}

impl<G: Game> Default for SearchInfo<G> {
    fn default() -> SearchInfo<G> {
        SearchInfo::empty()
    }
}

impl<G: Game> Clone for SearchInfo<G> {
    fn clone(&self) -> SearchInfo<G> {
        SearchInfo {
            nodes: self.nodes,
            iterations: self.iterations,
            depth: self.depth,
            seldepth: self.seldepth,
            score: self.score,
            pv: self.pv.clone(),
            elapsed: self.elapsed,
        }
    }
}

impl<G: Game> fmt::Debug for SearchInfo<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchInfo")
            .field("nodes", &self.nodes)
            .field("iterations", &self.iterations)
            .field("depth", &self.depth)
            .field("seldepth", &self.seldepth)
            .field("score", &self.score)
            .field("pv", &self.pv)
            .field("elapsed", &self.elapsed)
            .finish()
    }
}

impl<G: Game> PartialEq for SearchInfo<G> {
    /// Equal statistics, the elapsed time aside (it is never repeatable).
    fn eq(&self, other: &SearchInfo<G>) -> bool {
        self.nodes == other.nodes
            && self.iterations == other.iterations
            && self.depth == other.depth
            && self.seldepth == other.seldepth
            && self.score == other.score
            && self.pv == other.pv
    }
}
