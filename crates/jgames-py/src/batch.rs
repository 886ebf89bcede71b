//! N games stepped in one call: the batched environment for training.
//!
//! Every game of a batch keeps its legal turns listed with their ids, sorted, so that a
//! decision is found by binary search and the next step lists the open ids without a second
//! walk of the moves. One step plays one decision in every game (checking them all first, so
//! that a bad action changes nothing), starts a finished game again from the start position
//! (auto-reset), then writes every game's observation and open ids. The work runs with the GIL
//! released; only the copies into numpy arrays hold it.

use abstract_game::actions::observation_len;
use abstract_game::playout::Rng;
use abstract_game::{ActionSpace, Game, Observe, Side};

/// One game of a batch.
#[derive(Clone)]
struct Slot<G: Game> {
    pos: G,
    /// Turns played since the game's start.
    plies: u32,
    /// The main id chosen, while its follow-up is to be chosen.
    pending: Option<u32>,
    /// The legal turns of `pos` as `(main id, follow-up id or u32::MAX, turn)`, sorted.
    turns: Vec<(u32, u32, G::Move)>,
    /// The ids open now: the distinct main ids, or the pending main id's follow-ups.
    open: Vec<u32>,
}

/// What one step reports for a game.
#[derive(Clone, Copy, Default)]
pub struct Ended {
    /// The returns of the two sides, when a game ended in this step.
    pub returns: [f32; 2],
    /// Whether the game ended by its rules.
    pub terminated: bool,
    /// Whether the ply cap ended it.
    pub truncated: bool,
}

/// A batch of games of one kind from one start position.
#[derive(Clone)]
pub struct Batch<G: Game> {
    start: G,
    max_plies: Option<u32>,
    slots: Vec<Slot<G>>,
    rng: Rng,
}

/// A bad action of one game of a batch.
pub struct BadAction {
    /// The game's index.
    pub game: usize,
    /// The action.
    pub action: i64,
}

impl<G: ActionSpace + Observe> Slot<G> {
    fn new(pos: G) -> Slot<G> {
        let mut slot = Slot {
            pos,
            plies: 0,
            pending: None,
            turns: Vec::new(),
            open: Vec::new(),
        };
        slot.list_turns();
        slot
    }

    /// Lists the legal turns of the position (none once it is over) and the open main ids.
    fn list_turns(&mut self) {
        self.turns.clear();
        self.open.clear();
        self.pending = None;
        if self.pos.is_over() {
            return;
        }
        let mut moves = G::MoveList::default();
        self.pos.legal_moves(&mut moves);
        let pos = &self.pos;
        self.turns.extend(moves.iter().map(|&mv| {
            let follow_up = pos.follow_up_of(mv).map_or(u32::MAX, |f| f as u32);
            (pos.action_of(mv) as u32, follow_up, mv)
        }));
        self.turns
            .sort_unstable_by_key(|&(id, follow_up, _)| (id, follow_up));
        self.open.extend(self.turns.iter().map(|&(id, _, _)| id));
        self.open.dedup();
    }

    /// The turns whose main id is `id`.
    fn versions(&self, id: u32) -> &[(u32, u32, G::Move)] {
        let lo = self.turns.partition_point(|&(other, _, _)| other < id);
        let hi = self.turns.partition_point(|&(other, _, _)| other <= id);
        &self.turns[lo..hi]
    }

    /// Makes the open decision `id`: returns the turn to play, or `None` when a follow-up is
    /// now to be chosen.
    fn decide(&mut self, id: u32) -> Option<G::Move> {
        match self.pending {
            Some(main) => self
                .versions(main)
                .iter()
                .find(|&&(_, follow_up, _)| follow_up == id)
                .map(|&(_, _, mv)| mv),
            None => match self.versions(id) {
                [(_, _, mv)] => Some(*mv),
                versions => {
                    let follow_ups: Vec<u32> = versions.iter().map(|&(_, f, _)| f).collect();
                    self.open = follow_ups;
                    self.pending = Some(id);
                    None
                }
            },
        }
    }
}

impl<G: ActionSpace + Observe> Batch<G> {
    /// `n` games from `start`, ended as truncated after `max_plies` turns if given.
    pub fn new(start: G, n: usize, max_plies: Option<u32>, seed: u64) -> Batch<G> {
        let first = Slot::new(start.clone());
        Batch {
            start,
            max_plies,
            slots: vec![first; n],
            rng: Rng::seed_from_u64(seed),
        }
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Starts every game again; a new seed for [`Batch::random_actions`] if given.
    pub fn reset(&mut self, seed: Option<u64>) {
        let first = Slot::new(self.start.clone());
        self.slots.fill(first);
        if let Some(seed) = seed {
            self.rng = Rng::seed_from_u64(seed);
        }
    }

    /// Checks that every action is open in its game, then makes them all; finished games
    /// (by the rules or the cap) start again. Reports each game's end into `ended`.
    pub fn step(&mut self, actions: &[i64], ended: &mut [Ended]) -> Result<(), BadAction> {
        for (game, (slot, &action)) in self.slots.iter().zip(actions).enumerate() {
            let open = u32::try_from(action).is_ok_and(|a| slot.open.binary_search(&a).is_ok());
            if !open {
                return Err(BadAction { game, action });
            }
        }
        for ((slot, &action), end) in self.slots.iter_mut().zip(actions).zip(ended.iter_mut()) {
            *end = Ended::default();
            let Some(mv) = slot.decide(action as u32) else {
                continue;
            };
            slot.pos.play_unchecked(mv);
            slot.plies += 1;
            let outcome = slot.pos.outcome();
            let capped = self.max_plies.is_some_and(|cap| slot.plies >= cap);
            if outcome.is_some() || capped {
                end.returns = match outcome.and_then(|o| o.winner) {
                    Some(Side::First) => [1.0, -1.0],
                    Some(Side::Second) => [-1.0, 1.0],
                    None => [0.0, 0.0],
                };
                end.terminated = outcome.is_some();
                end.truncated = outcome.is_none();
                slot.pos = self.start.clone();
                slot.plies = 0;
            }
            slot.list_turns();
        }
        Ok(())
    }

    /// Writes every game's observation into `out` (`len() * observation_len` values).
    pub fn observe(&self, out: &mut [f32]) {
        let size = observation_len::<G>();
        for (slot, planes) in self.slots.iter().zip(out.chunks_exact_mut(size)) {
            match slot.pending {
                Some(main) => slot.pos.observe_follow_up(slot.versions(main)[0].2, planes),
                None => slot.pos.observe(planes),
            }
        }
    }

    /// The open ids of every game, as offsets (`len() + 1` of them) into one list of ids.
    pub fn open_ids(&self, offsets: &mut Vec<i64>, ids: &mut Vec<i32>) {
        offsets.clear();
        ids.clear();
        offsets.push(0);
        for slot in &self.slots {
            ids.extend(slot.open.iter().map(|&id| id as i32));
            offsets.push(ids.len() as i64);
        }
    }

    /// 1 at the open ids of each game (`len() * ACTIONS` values).
    pub fn mask(&self, out: &mut [i8]) {
        for (slot, row) in self.slots.iter().zip(out.chunks_exact_mut(G::ACTIONS)) {
            for &id in &slot.open {
                row[id as usize] = 1;
            }
        }
    }

    /// The side to move (0 or 1) of every game.
    pub fn current_players(&self) -> Vec<i8> {
        self.slots
            .iter()
            .map(|slot| slot.pos.side_to_move().index() as i8)
            .collect()
    }

    /// Whether each game waits for a follow-up decision.
    pub fn follow_ups(&self) -> Vec<bool> {
        self.slots
            .iter()
            .map(|slot| slot.pending.is_some())
            .collect()
    }

    /// One open id per game, uniformly at random from the batch's seeded generator.
    pub fn random_actions(&mut self) -> Vec<i64> {
        let rng = &mut self.rng;
        self.slots
            .iter()
            .map(|slot| i64::from(slot.open[rng.below(slot.open.len() as u32) as usize]))
            .collect()
    }

    /// The position text of each game.
    pub fn positions(&self) -> Vec<G> {
        self.slots.iter().map(|slot| slot.pos.clone()).collect()
    }
}
