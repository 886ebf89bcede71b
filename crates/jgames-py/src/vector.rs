//! N games in which a learner plays one side against a built-in opponent: the core of the
//! Gymnasium vector environments (`jgames.vector`).
//!
//! A [`Batch`](crate::batch::Batch) steps both sides of every game; a learner that trains alone
//! needs the other side played for it, and a training loop on many cores needs that work
//! split. Each game here is a *lane* that owns everything its future depends on: its position,
//! its own random generator (seeded from the run's seed and the lane's index) and the count of
//! its episodes (which picks the learner's side when the sides alternate). An engine opponent is
//! built afresh for each of its turns with a seed drawn from the lane's generator, so it
//! carries nothing from one lane or one turn to the next. A step is then the same computation
//! whichever thread runs a lane, and the lanes are split into equal slices over
//! `std::thread::scope` threads with the GIL released: the results do not depend on the thread
//! count.
//!
//! A game that ends is started again either in the same step (its final observation handed
//! back beside the new one) or at the next step (the final observation returned as the
//! observation, and the next action of that lane ignored), Gymnasium's two autoreset modes.

use std::sync::atomic::AtomicBool;

use abstract_game::actions::observation_len;
use abstract_game::playout::Rng;
use abstract_game::{ActionSpace, Evaluate, Game, Observe};
use game_search::{Budget, EngineSpec, Watch};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray4};
use pyo3::prelude::*;

use crate::batch::{Id, Scratch, Slot};
use crate::state::State;
use crate::{actions_of, value_error};

/// Who plays the side the learner does not: the random mover of the lane's generator, or an
/// engine built for each of its turns with a seed from the lane's generator.
#[derive(Clone, Copy, Debug)]
struct Opponent {
    /// The engine and its options (`None`: uniformly random decisions).
    engine: Option<EngineSpec>,
    /// The budget of each of the engine's turns.
    budget: Budget,
}

impl Opponent {
    /// The opponent a spec names: `"random"` is the random mover of the lane's generator,
    /// anything else an engine spec (`"mcts:iterations=200"`).
    fn parse(text: &str, budget: Budget) -> Result<Opponent, game_search::SpecError> {
        let engine = if text == "random" {
            None
        } else {
            Some(text.parse()?)
        };
        Ok(Opponent { engine, budget })
    }
}

/// How a lane's game ended in a step.
#[derive(Clone, Copy, Default)]
struct Outcome {
    /// The learner's reward: +1, -1 or 0.
    reward: f32,
    /// Ended by the rules.
    terminated: bool,
    /// Ended by the ply cap.
    truncated: bool,
}

/// One game of a vector environment, with all that decides its future.
#[derive(Clone)]
struct Lane<G: Game> {
    slot: Slot<G>,
    rng: Rng,
    /// The learner's side (0 moves first) in the current episode.
    learner: u8,
    /// The episodes started since the last seeding, plus the parity of the lane's index (set at
    /// seeding): its parity is the learner's side of the next episode when sides alternate.
    episodes: u64,
    /// The game ended at the last step and starts again at the next (next-step autoreset).
    ended: bool,
}

/// What every lane shares: the rules of the run.
struct Setup<G: Game> {
    /// The start position, its turns listed.
    template: Slot<G>,
    max_plies: u32,
    /// The learner's side, or `None` to alternate it (lane `i` starts with side `i % 2`).
    learner: Option<u8>,
    opponent: Opponent,
    /// Autoreset in the same step (else at the next one).
    same_step: bool,
}

/// The seed of lane `index` for a run seeded with `seed`.
fn lane_rng(seed: u64, index: usize) -> Rng {
    Rng::seed_from_u64(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

impl<G: ActionSpace + Observe + Evaluate> Setup<G> {
    /// Starts a new episode in `lane`: the start position, the learner's side, and the
    /// opponent's turns until the learner is to decide.
    fn start(&self, lane: &mut Lane<G>, scratch: &mut Scratch) {
        lane.slot.reset_from(&self.template);
        lane.learner = match self.learner {
            Some(side) => side,
            None => (lane.episodes % 2) as u8,
        };
        lane.episodes += 1;
        lane.ended = false;
        // The cap is at least 2 turns, so the opponent's first turn cannot reach it.
        self.play_opponent(lane, scratch);
    }

    /// The opponent's decisions until the learner is to decide or the game is over. Returns
    /// whether the game is over by its rules.
    fn play_opponent(&self, lane: &mut Lane<G>, scratch: &mut Scratch) -> bool {
        loop {
            if lane.slot.open.is_empty() {
                return true;
            }
            if lane.slot.pos.side_to_move().index() == usize::from(lane.learner)
                || lane.slot.plies >= self.max_plies
            {
                return false;
            }
            let mv = match self.opponent.engine {
                None => {
                    let open = &lane.slot.open;
                    let id = open[lane.rng.below(open.len() as u32) as usize];
                    match lane.slot.decide(id, &mut scratch.bits) {
                        Some(mv) => mv,
                        None => continue,
                    }
                }
                Some(mut spec) => {
                    let seed = lane.rng.next_u64();
                    match &mut spec {
                        EngineSpec::Random(options) => options.seed = seed,
                        EngineSpec::Mcts(options) => options.seed = seed,
                        EngineSpec::AlphaBeta(_) => {}
                    }
                    let never = AtomicBool::new(false);
                    let found = spec.build::<G>().search(
                        &lane.slot.pos,
                        &self.opponent.budget,
                        Watch::new(&never, &mut |_| {}),
                    );
                    match found {
                        Some((mv, _)) => mv,
                        // Only at the end of a game, which the open ids ruled out.
                        None => return true,
                    }
                }
            };
            lane.slot.pos.play_unchecked(mv);
            lane.slot.plies += 1;
            lane.slot.list_turns(scratch);
        }
    }

    /// The end of `lane`'s game, if it has ended: by the rules (`over`) or the cap.
    fn outcome(&self, lane: &Lane<G>, over: bool) -> Option<Outcome> {
        if over {
            let winner = lane.slot.pos.outcome().and_then(|o| o.winner);
            let reward = match winner {
                Some(side) if side.index() == usize::from(lane.learner) => 1.0,
                Some(_) => -1.0,
                None => 0.0,
            };
            return Some(Outcome {
                reward,
                terminated: true,
                truncated: false,
            });
        }
        (lane.slot.plies >= self.max_plies).then_some(Outcome {
            reward: 0.0,
            terminated: false,
            truncated: true,
        })
    }

    /// One step of one lane: the learner's decision `id`, then the opponent's turns; the
    /// observation into `planes`, the final one into `last` when the game ends and starts
    /// again in this step.
    fn step(
        &self,
        lane: &mut Lane<G>,
        id: Id,
        planes: &mut [f32],
        last: &mut [f32],
        scratch: &mut Scratch,
    ) -> (Outcome, bool) {
        if lane.ended {
            self.start(lane, scratch);
            lane.slot.observe(planes);
            return (Outcome::default(), false);
        }
        let mut outcome = None;
        if let Some(mv) = lane.slot.decide(id, &mut scratch.bits) {
            lane.slot.pos.play_unchecked(mv);
            lane.slot.plies += 1;
            let mut over = lane.slot.list_turns(scratch);
            if !over && lane.slot.plies < self.max_plies {
                over = self.play_opponent(lane, scratch);
            }
            outcome = self.outcome(lane, over);
        }
        let Some(outcome) = outcome else {
            lane.slot.observe(planes);
            return (Outcome::default(), false);
        };
        if self.same_step {
            lane.slot.observe(last);
            self.start(lane, scratch);
            lane.slot.observe(planes);
            (outcome, true)
        } else {
            lane.slot.observe(planes);
            lane.ended = true;
            (outcome, false)
        }
    }
}

/// A bad action of one lane.
struct BadAction {
    lane: usize,
    action: i64,
}

/// N lanes and their shared setup.
struct Lanes<G: Game> {
    setup: Setup<G>,
    lanes: Vec<Lane<G>>,
    /// The threads a step and a reset use.
    threads: usize,
}

impl<G: ActionSpace + Observe + Evaluate + Send + Sync> Lanes<G>
where
    G::Move: Send,
{
    /// Runs `work` on every lane with its index, split into `threads` slices.
    fn each<T: Send>(
        &mut self,
        out: &mut [T],
        work: impl Fn(&Setup<G>, usize, &mut Lane<G>, &mut T, &mut Scratch) + Sync,
    ) {
        let per_slice = self.lanes.len().div_ceil(self.threads.max(1)).max(1);
        let setup = &self.setup;
        let work = &work;
        let run = move |first: usize, lanes: &mut [Lane<G>], out: &mut [T]| {
            let mut scratch = Scratch::new(G::ACTIONS);
            for (offset, (lane, item)) in lanes.iter_mut().zip(out.iter_mut()).enumerate() {
                work(setup, first + offset, lane, item, &mut scratch);
            }
        };
        if per_slice >= self.lanes.len() {
            run(0, &mut self.lanes, out);
            return;
        }
        std::thread::scope(|scope| {
            let slices = self
                .lanes
                .chunks_mut(per_slice)
                .zip(out.chunks_mut(per_slice));
            for (index, (lanes, out)) in slices.enumerate() {
                scope.spawn(move || run(index * per_slice, lanes, out));
            }
        });
    }

    /// Seeds every lane (when `seed` is given) and starts a new episode in each.
    fn reset(&mut self, seed: Option<u64>) {
        let mut unit = vec![(); self.lanes.len()];
        self.each(&mut unit, |setup, index, lane, (), scratch| {
            if let Some(seed) = seed {
                lane.rng = lane_rng(seed, index);
                lane.episodes = index as u64 % 2;
            }
            setup.start(lane, scratch);
        });
    }

    /// One step of every lane; `Err` with nothing changed when an action is not open in a
    /// lane that is to play it.
    fn step(
        &mut self,
        actions: &[i64],
        planes: &mut [f32],
        last: &mut [f32],
    ) -> Result<Vec<(Outcome, bool)>, BadAction> {
        for (index, (lane, &action)) in self.lanes.iter().zip(actions).enumerate() {
            let open = Id::try_from(action).is_ok_and(|a| lane.slot.open.binary_search(&a).is_ok());
            if !open && !lane.ended {
                return Err(BadAction {
                    lane: index,
                    action,
                });
            }
        }
        let size = observation_len::<G>();
        let mut work: Vec<_> = actions
            .iter()
            .zip(planes.chunks_exact_mut(size))
            .zip(last.chunks_exact_mut(size))
            .map(|((&action, planes), last)| (action, planes, last, (Outcome::default(), false)))
            .collect();
        self.each(&mut work, |setup, _, lane, item, scratch| {
            let (action, planes, last, result) = item;
            let id = Id::try_from(*action).unwrap_or_default();
            *result = setup.step(lane, id, planes, last, scratch);
        });
        Ok(work.into_iter().map(|(_, _, _, result)| result).collect())
    }
}

/// The lanes of a learner batch, whatever its game.
trait AnyLanes: Send + Sync {
    fn name(&self) -> &'static str;
    fn len(&self) -> usize;
    fn observation_shape(&self) -> [usize; 3];
    fn threads(&self) -> usize;
    fn set_threads(&mut self, threads: usize);
    /// Seeds (when `seed` is given) and starts every lane; returns the observations.
    fn reset(&mut self, seed: Option<u64>) -> Vec<f32>;
    /// One step: `(observations, final observations, outcomes and restarts)`.
    fn step(&mut self, actions: &[i64]) -> Result<Stepped, BadAction>;
    fn action_masks(&self) -> Vec<bool>;
    fn learner_sides(&self) -> Vec<i8>;
    fn plies(&self) -> Vec<i64>;
    fn positions(&self) -> Vec<String>;
}

/// What a step returns: the observations, the final observations of the games that started
/// again in the step, and each game's outcome and whether it started again.
type Stepped = (Vec<f32>, Vec<f32>, Vec<(Outcome, bool)>);

impl<G: ActionSpace + Observe + Evaluate + abstract_game::TextGame + Send + Sync> AnyLanes
    for Lanes<G>
where
    G::Move: Send,
{
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn len(&self) -> usize {
        self.lanes.len()
    }
    fn observation_shape(&self) -> [usize; 3] {
        G::OBSERVATION_SHAPE
    }
    fn threads(&self) -> usize {
        self.threads
    }
    fn set_threads(&mut self, threads: usize) {
        self.threads = threads;
    }
    fn reset(&mut self, seed: Option<u64>) -> Vec<f32> {
        Lanes::reset(self, seed);
        let size = observation_len::<G>();
        let mut values = vec![0.0; self.lanes.len() * size];
        for (lane, planes) in self.lanes.iter().zip(values.chunks_exact_mut(size)) {
            lane.slot.observe(planes);
        }
        values
    }
    fn step(&mut self, actions: &[i64]) -> Result<Stepped, BadAction> {
        let size = self.lanes.len() * observation_len::<G>();
        let (mut planes, mut last) = (vec![0.0; size], vec![0.0; size]);
        let results = Lanes::step(self, actions, &mut planes, &mut last)?;
        Ok((planes, last, results))
    }
    fn action_masks(&self) -> Vec<bool> {
        let actions = G::ACTIONS;
        let mut out = vec![false; self.lanes.len() * actions];
        for (lane, row) in self.lanes.iter().zip(out.chunks_exact_mut(actions)) {
            if lane.ended {
                row.fill(true);
            }
            for &id in &lane.slot.open {
                row[usize::from(id)] = true;
            }
        }
        out
    }
    fn learner_sides(&self) -> Vec<i8> {
        self.lanes.iter().map(|l| l.learner as i8).collect()
    }
    fn plies(&self) -> Vec<i64> {
        self.lanes.iter().map(|l| i64::from(l.slot.plies)).collect()
    }
    fn positions(&self) -> Vec<String> {
        self.lanes
            .iter()
            .map(|lane| lane.slot.pos.to_text())
            .collect()
    }
}

/// What a learner batch is made with, besides its game.
struct LanesArgs<'a> {
    n: usize,
    variant: Option<&'a str>,
    max_plies: u32,
    opponent: Opponent,
    learner_side: Option<u8>,
    same_step: bool,
    threads: usize,
}

/// The lanes of `args` for the game `G`.
fn new_lanes<G>(args: &LanesArgs<'_>) -> PyResult<Box<dyn AnyLanes>>
where
    G: crate::Playable + Send + Sync,
    G::Move: Send,
{
    let state = State::<G>::new(args.variant, None, None, None)?;
    let template = Slot::new(state.pos);
    let mut lanes = Vec::new();
    lanes.try_reserve_exact(args.n).map_err(|_| {
        pyo3::exceptions::PyMemoryError::new_err(format!("no memory for {} games", args.n))
    })?;
    lanes.resize(
        args.n,
        Lane {
            slot: template.clone(),
            rng: lane_rng(0, 0),
            learner: 0,
            episodes: 0,
            ended: false,
        },
    );
    let mut lanes = Lanes {
        setup: Setup {
            template,
            max_plies: args.max_plies,
            learner: args.learner_side,
            opponent: args.opponent,
            same_step: args.same_step,
        },
        lanes,
        threads: args.threads,
    };
    lanes.reset(Some(0));
    Ok(Box::new(lanes))
}

/// N games of the game named `game` against a built-in opponent (the core of
/// `jgames.vector`).
#[pyclass(module = "jgames._jgames", name = "LearnerBatch")]
struct PyLearnerBatch {
    lanes: Box<dyn AnyLanes>,
}

impl PyLearnerBatch {
    fn planes<'py>(
        &self,
        py: Python<'py>,
        values: Vec<f32>,
    ) -> PyResult<Bound<'py, PyArray4<f32>>> {
        let [p, h, w] = self.lanes.observation_shape();
        let planes = numpy::ndarray::Array4::from_shape_vec((self.lanes.len(), p, h, w), values)
            .map_err(|e| value_error(e.to_string()))?;
        Ok(planes.into_pyarray(py))
    }
}

#[pymethods]
impl PyLearnerBatch {
    #[new]
    #[pyo3(signature = (
        game, n, variant=None, max_plies=300, opponent="random", opponent_millis=None,
        opponent_nodes=None, learner_side=None, same_step=false, threads=1
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        n: usize,
        variant: Option<&str>,
        max_plies: u32,
        opponent: &str,
        opponent_millis: Option<u64>,
        opponent_nodes: Option<u64>,
        learner_side: Option<u8>,
        same_step: bool,
        threads: usize,
    ) -> PyResult<Self> {
        if n == 0 {
            return Err(value_error("a vector environment needs at least one game"));
        }
        if max_plies < 2 {
            return Err(value_error(format!(
                "max_plies must be at least 2, not {max_plies}"
            )));
        }
        if learner_side.is_some_and(|side| side > 1) {
            return Err(value_error("learner_side must be 0, 1 or None"));
        }
        if threads == 0 {
            return Err(value_error("threads must be at least 1"));
        }
        let mut budget = Budget::DEFAULT;
        if let Some(ms) = opponent_millis {
            budget = budget.with_time(std::time::Duration::from_millis(ms));
        }
        if let Some(nodes) = opponent_nodes {
            budget = budget.with_nodes(nodes);
        }
        let opponent = Opponent::parse(opponent, budget)
            .map_err(|e| value_error(format!("opponent {opponent:?}: {e}")))?;
        let args = LanesArgs {
            n,
            variant,
            max_plies,
            opponent,
            learner_side,
            same_step,
            threads,
        };
        let made = jgames_registry::with_game!(game, |G| new_lanes::<G>(&args));
        let lanes = made.unwrap_or_else(|| Err(crate::unknown_game(game)))?;
        Ok(PyLearnerBatch { lanes })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.lanes.name()
    }

    fn __len__(&self) -> usize {
        self.lanes.len()
    }

    /// The threads a step uses (at least 1).
    #[getter]
    fn threads(&self) -> usize {
        self.lanes.threads()
    }

    /// Sets the threads a step uses.
    #[setter]
    fn set_threads(&mut self, threads: usize) -> PyResult<()> {
        if threads == 0 {
            return Err(value_error("threads must be at least 1"));
        }
        self.lanes.set_threads(threads);
        Ok(())
    }

    /// Starts a new episode in every game (seeding every game's generator from `seed` when
    /// given); returns the observations (n, planes, height, width).
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
    ) -> PyResult<Bound<'py, PyArray4<f32>>> {
        let lanes = &mut self.lanes;
        let values = py.detach(|| lanes.reset(seed));
        self.planes(py, values)
    }

    /// Plays the learner's decisions `actions` (n ids; ignored in a game that ended at the
    /// last step, which starts again instead) and the opponent's turns. Returns
    /// `(observations, final_observations, rewards, terminated, truncated, restarted)`:
    /// `final_observations` holds the final observation of each game that ended and started
    /// again in this step (`restarted`, same-step autoreset; zeros elsewhere). A ValueError,
    /// with nothing played, when an action is not open in its game.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Bound<'py, PyArray4<f32>>,
        Bound<'py, PyArray4<f32>>,
        Bound<'py, PyArray1<f32>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray1<bool>>,
    )> {
        let actions = actions_of(actions, self.lanes.len())?;
        let lanes = &mut self.lanes;
        let (planes, last, results) = py.detach(|| lanes.step(&actions)).map_err(|bad| {
            value_error(format!(
                "action {} is not open in game {} of the vector environment",
                bad.action, bad.lane
            ))
        })?;
        let rewards: Vec<f32> = results.iter().map(|(o, _)| o.reward).collect();
        let terminated: Vec<bool> = results.iter().map(|(o, _)| o.terminated).collect();
        let truncated: Vec<bool> = results.iter().map(|(o, _)| o.truncated).collect();
        let restarted: Vec<bool> = results.iter().map(|&(_, r)| r).collect();
        Ok((
            self.planes(py, planes)?,
            self.planes(py, last)?,
            rewards.into_pyarray(py),
            terminated.into_pyarray(py),
            truncated.into_pyarray(py),
            restarted.into_pyarray(py),
        ))
    }

    /// The open ids of each game as a bool array (n, NUM_ACTIONS); every id of a game that
    /// ended at the last step (its next action is ignored).
    fn action_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        crate::matrix(py, self.lanes.len(), self.lanes.action_masks())
    }

    /// The learner's side (0 moves first) in each game's current episode, int8.
    #[getter]
    fn learner_side<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        self.lanes.learner_sides().into_pyarray(py)
    }

    /// The turns played in each game's current episode (both sides), int64.
    #[getter]
    fn plies<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.lanes.plies().into_pyarray(py)
    }

    /// The position text of each game.
    fn positions(&self) -> Vec<String> {
        self.lanes.positions()
    }

    fn __repr__(&self) -> String {
        format!(
            "LearnerBatch(game={:?}, n={})",
            self.lanes.name(),
            self.lanes.len()
        )
    }
}

/// Adds the class of this module to the extension module.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PyLearnerBatch>()
}
