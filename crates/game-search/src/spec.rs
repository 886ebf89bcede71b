//! Engines described in text, for command lines: `mcts:iterations=20000,c=1.4`.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use abstract_game::{Evaluate, Game};

use crate::alphabeta::MAX_DEPTH;
use crate::settle::{SETTLE_PLIES, settled_value};
use crate::{AlphaBeta, AlphaBetaOptions, Budget, Engine, Mcts, MctsDefaults, MctsOptions, Random};

/// The options of [`Random`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RandomOptions {
    /// The seed of the random stream.
    pub seed: u64,
}

/// An engine and its options, as written on a command line.
///
/// The text is the engine's name, then optionally `:` and comma-separated `key=value`
/// options:
///
/// | engine | keys |
/// |---|---|
/// | `random` | `seed` |
/// | `mcts` | `iterations`, `nodes`, `movetime` (ms), `c` (exploration), `seed`, `threads`, `playout_cap`, `cutoff` (plies before the evaluation decides a playout), `minimax` (weight of the implicit minimax, 0 to 1), `widening` (progressive widening factor), `contempt` (what a draw costs the searching side, on the evaluation's scale; the game's own when unset), `max_nodes`, `reuse` (`true`/`false`), `tables` |
/// | `alphabeta` | `depth`, `nodes`, `movetime` (ms), `hash` (MiB), `contempt` (what a draw costs, on the evaluation's scale; the game's own when unset), `threads` (Lazy SMP: more threads search the same position, sharing the table), `tables` |
///
/// `tables` (`on` or `off`, default `on`) says whether the engine uses tables of perfect play
/// where a front end finds them (the command line looks in the folder of `JGAMES_TABLES`);
/// see [`Engine::set_oracle`].
///
/// The budget keys (`iterations`, `nodes`, `depth`, `movetime`) make the engine's default
/// budget: a call to [`Engine::choose`] uses them for every limit its own [`Budget`] leaves
/// unset (the call's budget wins where it sets something, see [`Budget::or`]).
///
/// [`Display`](fmt::Display) writes the canonical text (keys in the order above, defaults left
/// out), which parses back to the same spec.
///
/// ```
/// use game_search::{EngineSpec, SpecError};
///
/// let spec: EngineSpec = "mcts:iterations=20000,seed=5,threads=2".parse()?;
/// let EngineSpec::Mcts(options) = spec else { unreachable!() };
/// assert_eq!((options.seed, options.threads), (5, 2));
/// assert_eq!(options.budget.iterations, Some(20_000));
/// // Left unset, the exploration constant and the cutoff are the game's (set when built).
/// assert_eq!((options.exploration, options.cutoff), (None, None));
/// assert_eq!(spec.to_string(), "mcts:iterations=20000,seed=5,threads=2");
/// assert_eq!(spec.to_string().parse::<EngineSpec>()?, spec);
///
/// let err = "alphabeta:depth=deep".parse::<EngineSpec>().unwrap_err();
/// assert!(matches!(err, SpecError::BadValue { .. }));
/// assert_eq!(err.to_string(), "bad value \"deep\" for depth: expected a whole number from 1 to 127");
/// # Ok::<(), SpecError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum EngineSpec {
    /// A uniform random mover.
    Random(RandomOptions),
    /// Monte Carlo tree search.
    Mcts(MctsOptions),
    /// Alpha-beta search (needs the game's [`Evaluate`]).
    AlphaBeta(AlphaBetaOptions),
}

/// Why an engine text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The name before `:` is no engine.
    #[error("unknown engine {0:?}: expected random, mcts or alphabeta")]
    UnknownEngine(String),
    /// The engine has no such option.
    #[error("unknown option {key:?} for {engine} (its options: {known})")]
    UnknownKey {
        /// The engine's name.
        engine: &'static str,
        /// The key as written.
        key: String,
        /// The keys the engine knows, comma-separated.
        known: &'static str,
    },
    /// The value does not fit the option.
    #[error("bad value {value:?} for {key}: expected {expected}")]
    BadValue {
        /// The option.
        key: String,
        /// The value as written.
        value: String,
        /// What the option takes.
        expected: &'static str,
    },
    /// An option without `=value`.
    #[error("option {0:?} has no value: write key=value")]
    MissingValue(String),
    /// An option given twice.
    #[error("option {0} is given twice")]
    DuplicateKey(String),
    /// The engine needs the game's [`Evaluate`], which the caller cannot give.
    #[error("{0} needs the game's evaluation, which this game does not have")]
    NeedsEvaluation(&'static str),
}

const RANDOM_KEYS: &str = "seed";
const MCTS_KEYS: &str = "iterations, nodes, movetime, c, seed, threads, playout_cap, cutoff, minimax, widening, contempt, max_nodes, reuse, tables";
const ALPHABETA_KEYS: &str = "depth, nodes, movetime, hash, contempt, threads, tables";

/// A contempt: what a draw costs, on the evaluation's scale.
fn contempt(key: &str, value: &str) -> Result<i32, SpecError> {
    whole(
        key,
        value,
        -100_000,
        100_000,
        "a whole number from -100000 to 100000",
    )
}

fn bad(key: &str, value: &str, expected: &'static str) -> SpecError {
    SpecError::BadValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected,
    }
}

fn whole<T: FromStr + PartialOrd>(
    key: &str,
    value: &str,
    min: T,
    max: T,
    expected: &'static str,
) -> Result<T, SpecError> {
    match value.parse::<T>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(bad(key, value, expected)),
    }
}

fn positive(key: &str, value: &str) -> Result<u64, SpecError> {
    whole(key, value, 1, u64::MAX, "a whole number of at least 1")
}

impl EngineSpec {
    /// The engine's name: `random`, `mcts` or `alphabeta`.
    pub const fn engine_name(&self) -> &'static str {
        match self {
            EngineSpec::Random(_) => "random",
            EngineSpec::Mcts(_) => "mcts",
            EngineSpec::AlphaBeta(_) => "alphabeta",
        }
    }

    /// The engine of this name with its default options.
    pub fn from_name(name: &str) -> Result<EngineSpec, SpecError> {
        match name {
            "random" => Ok(EngineSpec::Random(RandomOptions::default())),
            "mcts" => Ok(EngineSpec::Mcts(MctsOptions::DEFAULT)),
            "alphabeta" => Ok(EngineSpec::AlphaBeta(AlphaBetaOptions::DEFAULT)),
            other => Err(SpecError::UnknownEngine(other.to_owned())),
        }
    }

    /// Whether the engine uses tables of perfect play when a front end finds them (the
    /// `tables` key, on unless `tables=off`; the random mover never does).
    pub const fn uses_tables(&self) -> bool {
        match self {
            EngineSpec::Random(_) => false,
            EngineSpec::Mcts(o) => o.tables,
            EngineSpec::AlphaBeta(o) => o.tables,
        }
    }

    /// The default budget of the spec (its budget keys).
    pub const fn budget(&self) -> Budget {
        match self {
            EngineSpec::Random(_) => Budget::DEFAULT,
            EngineSpec::Mcts(o) => o.budget,
            EngineSpec::AlphaBeta(o) => o.budget,
        }
    }

    /// Sets one option, as `key=value` in the text would; the spec is unchanged on error.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        let key = key.trim();
        let value = value.trim();
        let unknown = |engine: &'static str, known: &'static str| SpecError::UnknownKey {
            engine,
            key: key.to_owned(),
            known,
        };
        let movetime = |v: &str| positive("movetime", v).map(Duration::from_millis);
        match self {
            EngineSpec::Random(o) => match key {
                "seed" => o.seed = whole(key, value, 0, u64::MAX, "a whole number")?,
                _ => return Err(unknown("random", RANDOM_KEYS)),
            },
            EngineSpec::Mcts(o) => match key {
                "iterations" => o.budget.iterations = Some(positive(key, value)?),
                "nodes" => o.budget.nodes = Some(positive(key, value)?),
                "movetime" => o.budget.time = Some(movetime(value)?),
                "c" => {
                    o.exploration = match value.parse::<f64>() {
                        Ok(c) if c.is_finite() && c >= 0.0 => Some(c),
                        _ => return Err(bad(key, value, "a number of at least 0")),
                    }
                }
                "seed" => o.seed = whole(key, value, 0, u64::MAX, "a whole number")?,
                "threads" => o.threads = whole(key, value, 1, 256, "a whole number from 1 to 256")?,
                "playout_cap" => o.playout_cap = whole(key, value, 0, u32::MAX, "a whole number")?,
                "cutoff" => o.cutoff = Some(whole(key, value, 0, u32::MAX, "a whole number")?),
                "minimax" => {
                    o.minimax = match value.parse::<f64>() {
                        Ok(w) if (0.0..=1.0).contains(&w) => Some(w),
                        _ => return Err(bad(key, value, "a number from 0 to 1")),
                    }
                }
                "widening" => {
                    o.widening = match value.parse::<f64>() {
                        Ok(k) if k.is_finite() && k >= 0.0 => Some(k),
                        _ => return Err(bad(key, value, "a number of at least 0")),
                    }
                }
                "contempt" => o.contempt = Some(contempt(key, value)?),
                "max_nodes" => {
                    o.max_nodes = whole(
                        key,
                        value,
                        1,
                        (u32::MAX - 1) as usize,
                        "a whole number from 1 to 4294967294",
                    )?
                }
                "reuse" => {
                    o.reuse = match value {
                        "true" => true,
                        "false" => false,
                        _ => return Err(bad(key, value, "true or false")),
                    }
                }
                "tables" => o.tables = on_off(key, value)?,
                _ => return Err(unknown("mcts", MCTS_KEYS)),
            },
            EngineSpec::AlphaBeta(o) => match key {
                "depth" => {
                    o.budget.depth = Some(whole(
                        key,
                        value,
                        1,
                        MAX_DEPTH,
                        "a whole number from 1 to 127",
                    )?)
                }
                "nodes" => o.budget.nodes = Some(positive(key, value)?),
                "movetime" => o.budget.time = Some(movetime(value)?),
                "hash" => {
                    o.hash_mib = whole(key, value, 0, 1 << 16, "a size in MiB from 0 to 65536")?
                }
                "threads" => o.threads = whole(key, value, 1, 256, "a whole number from 1 to 256")?,
                "contempt" => o.contempt = Some(contempt(key, value)?),
                "tables" => o.tables = on_off(key, value)?,
                _ => return Err(unknown("alphabeta", ALPHABETA_KEYS)),
            },
        }
        Ok(())
    }

    /// The engine, for a game with an evaluation.
    pub fn build<G: Game + Evaluate>(&self) -> Box<dyn Engine<G>> {
        match *self {
            EngineSpec::AlphaBeta(o) => Box::new(AlphaBeta::<G>::new(o)),
            EngineSpec::Random(o) => Box::new(Random::new(o.seed)),
            EngineSpec::Mcts(o) => {
                let o = o.with_game_defaults(MctsDefaults::of::<G>());
                let mut mcts = Mcts::<G>::new(o);
                if o.minimax_weight() > 0.0 {
                    // Every child is judged as it is made: by the static evaluation, or
                    // settled over the captures where the game asks and its nodes are narrow.
                    if G::SEARCH_HINTS.mcts_settled_prior {
                        mcts = mcts.with_prior(|pos: &G| {
                            settled_value(pos, SETTLE_PLIES, &|p: &G| p.evaluate())
                        });
                    } else {
                        mcts = mcts.with_prior(|pos: &G| pos.evaluate());
                    }
                }
                if o.cutoff_plies() > 0 {
                    if G::SEARCH_HINTS.quiescence {
                        // A playout cut off in an exchange is judged once it has settled.
                        Box::new(mcts.with_evaluator(|pos: &G| {
                            settled_value(pos, SETTLE_PLIES, &|p: &G| p.evaluate())
                        }))
                    } else {
                        Box::new(mcts.with_evaluator(|pos: &G| pos.evaluate()))
                    }
                } else {
                    Box::new(mcts)
                }
            }
        }
    }

    /// The engine, for a game without an evaluation: [`SpecError::NeedsEvaluation`] for
    /// alpha-beta and for MCTS with a [`cutoff`](MctsOptions::cutoff) or a
    /// [`minimax`](MctsOptions::minimax) weight.
    pub fn build_without_evaluation<G: Game>(&self) -> Result<Box<dyn Engine<G>>, SpecError> {
        match *self {
            EngineSpec::AlphaBeta(_) => Err(SpecError::NeedsEvaluation("alphabeta")),
            EngineSpec::Mcts(o) if o.cutoff_plies() > 0 => {
                Err(SpecError::NeedsEvaluation("mcts:cutoff"))
            }
            EngineSpec::Mcts(o) if o.minimax_weight() > 0.0 => {
                Err(SpecError::NeedsEvaluation("mcts:minimax"))
            }
            EngineSpec::Random(o) => Ok(Box::new(Random::new(o.seed))),
            EngineSpec::Mcts(o) => Ok(Box::new(Mcts::<G>::new(o))),
        }
    }
}

impl Default for EngineSpec {
    /// Default MCTS.
    fn default() -> EngineSpec {
        EngineSpec::Mcts(MctsOptions::DEFAULT)
    }
}

impl FromStr for EngineSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<EngineSpec, SpecError> {
        let text = text.trim();
        let (name, options) = match text.split_once(':') {
            Some((name, options)) => (name.trim(), options),
            None => (text, ""),
        };
        let mut spec = EngineSpec::from_name(name)?;
        let mut seen: Vec<&str> = Vec::new();
        for item in options.split(',') {
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            let Some((key, value)) = item.split_once('=') else {
                return Err(SpecError::MissingValue(item.to_owned()));
            };
            let key = key.trim();
            if seen.contains(&key) {
                return Err(SpecError::DuplicateKey(key.to_owned()));
            }
            seen.push(key);
            spec.set(key, value)?;
        }
        Ok(spec)
    }
}

/// Reads `on` or `off`.
fn on_off(key: &str, value: &str) -> Result<bool, SpecError> {
    match value {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(bad(key, value, "on or off")),
    }
}

/// Writes `key=value` items after the name, `:` before the first and `,` between.
struct Items<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    first: bool,
}

impl Items<'_, '_> {
    fn item(&mut self, key: &str, value: impl fmt::Display) -> fmt::Result {
        let sep = if self.first { ':' } else { ',' };
        self.first = false;
        write!(self.f, "{sep}{key}={value}")
    }

    /// `key=value` when there is a value.
    fn some(&mut self, key: &str, value: Option<impl fmt::Display>) -> fmt::Result {
        value.map_or(Ok(()), |value| self.item(key, value))
    }

    /// `key=value` when the value is not the default.
    fn changed<T: fmt::Display + PartialEq>(
        &mut self,
        key: &str,
        value: T,
        default: T,
    ) -> fmt::Result {
        self.some(key, (value != default).then_some(value))
    }

    fn budget(&mut self, budget: &Budget, iterations: bool, depth: bool) -> fmt::Result {
        self.some("iterations", budget.iterations.filter(|_| iterations))?;
        self.some("depth", budget.depth.filter(|_| depth))?;
        self.some("nodes", budget.nodes)?;
        self.some("movetime", budget.time.map(|t| t.as_millis()))
    }

    /// `tables=off` when the engine's tables are off.
    fn tables(&mut self, on: bool) -> fmt::Result {
        self.some("tables", (!on).then_some("off"))
    }
}

impl fmt::Display for EngineSpec {
    /// The canonical text: the name, then the options that differ from the defaults.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.engine_name())?;
        let mut items = Items { f, first: true };
        match self {
            EngineSpec::Random(o) => items.changed("seed", o.seed, 0)?,
            EngineSpec::Mcts(o) => {
                let d = MctsOptions::DEFAULT;
                items.budget(&o.budget, true, false)?;
                items.some("c", o.exploration)?;
                items.changed("seed", o.seed, d.seed)?;
                items.changed("threads", o.threads, d.threads)?;
                items.changed("playout_cap", o.playout_cap, d.playout_cap)?;
                items.some("cutoff", o.cutoff)?;
                items.some("minimax", o.minimax)?;
                items.some("widening", o.widening)?;
                items.some("contempt", o.contempt)?;
                items.changed("max_nodes", o.max_nodes, d.max_nodes)?;
                items.changed("reuse", o.reuse, d.reuse)?;
                items.tables(o.tables)?;
            }
            EngineSpec::AlphaBeta(o) => {
                let d = AlphaBetaOptions::DEFAULT;
                items.budget(&o.budget, false, true)?;
                items.changed("hash", o.hash_mib, d.hash_mib)?;
                items.some("contempt", o.contempt)?;
                items.changed("threads", o.threads, d.threads)?;
                items.tables(o.tables)?;
            }
        }
        Ok(())
    }
}
