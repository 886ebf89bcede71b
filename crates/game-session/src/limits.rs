//! The one rule from the limits a person or a program gives to a search budget.

use std::time::Duration;

use game_search::{Budget, EngineSpec};

/// The time a search gets when neither the caller nor the engine's spec sets any limit.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_millis(100);

/// The limits a caller puts on one search; `None` is "not limited by this".
///
/// The rule every front end uses: the limits given are the budget; when none is given, the
/// spec's own budget keys (`mcts:iterations=1000`, `alphabeta:depth=6`) decide; when the spec
/// has none either, the search gets [`DEFAULT_MOVE_TIME`].
///
/// ```
/// use game_search::{Budget, EngineSpec};
/// use game_session::{DEFAULT_MOVE_TIME, Limits};
/// use std::time::Duration;
///
/// let mcts: EngineSpec = "mcts".parse()?;
/// assert_eq!(Limits::NONE.budget(&mcts), Budget::time(DEFAULT_MOVE_TIME));
/// let own: EngineSpec = "mcts:iterations=500".parse()?;
/// assert_eq!(Limits::NONE.budget(&own), Budget::DEFAULT);
/// let given = Limits { nodes: Some(1500), ..Limits::NONE };
/// assert_eq!(given.budget(&mcts), Budget::nodes(1500));
/// assert_eq!(Limits::millis(20).budget(&own), Budget::time(Duration::from_millis(20)));
/// # Ok::<(), game_search::SpecError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Limits {
    /// Wall time, in milliseconds.
    pub millis: Option<u64>,
    /// Nodes (alpha-beta positions, MCTS iterations).
    pub nodes: Option<u64>,
    /// The deepest alpha-beta iteration, in plies.
    pub depth: Option<u32>,
}

impl Limits {
    /// No limit given.
    pub const NONE: Limits = Limits {
        millis: None,
        nodes: None,
        depth: None,
    };

    /// A limit of `millis` milliseconds.
    pub const fn millis(millis: u64) -> Limits {
        Limits {
            millis: Some(millis),
            ..Limits::NONE
        }
    }

    /// Whether no limit is given.
    pub const fn is_none(&self) -> bool {
        self.millis.is_none() && self.nodes.is_none() && self.depth.is_none()
    }

    /// The budget of a search by the engine of `spec` under these limits (the rule above).
    /// The engine adds its spec's own budget keys where the budget leaves a limit unset.
    pub fn budget(&self, spec: &EngineSpec) -> Budget {
        self.budget_within(spec.budget())
    }

    /// The budget of a search by an engine whose own budget is `own` (`Budget::DEFAULT` for
    /// an engine without one, such as an outside program) under these limits.
    pub fn budget_within(&self, own: Budget) -> Budget {
        if self.is_none() {
            return if own == Budget::DEFAULT {
                Budget::time(DEFAULT_MOVE_TIME)
            } else {
                Budget::DEFAULT
            };
        }
        let mut budget = Budget::DEFAULT;
        if let Some(ms) = self.millis {
            budget = budget.with_time(Duration::from_millis(ms));
        }
        if let Some(nodes) = self.nodes {
            budget = budget.with_nodes(nodes);
        }
        if let Some(depth) = self.depth {
            budget = budget.with_depth(depth);
        }
        budget
    }
}
