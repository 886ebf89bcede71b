//! N games stepped in one call: the batched environment for training.
//!
//! Every game of a batch keeps its open ids sorted. In a game whose turns take one decision they
//! are the game's own [`legal_actions`](ActionSpace::legal_actions) (which a game may generate
//! in id order, as Jericho does), and an id is decoded by
//! [`move_of_action`](ActionSpace::move_of_action) when it is played. In a game with follow-ups
//! (Jersi) a game also keeps its legal turns (in the order move generation gives them) with
//! their main ids beside them; its open ids are found by marking the ids in a bit set of all
//! ids and reading it back in order, with no sort (a sort of the turns took most of a step),
//! and a decision is found by one scan of the ids. A decision is checked by binary search in
//! the open ids. One step plays one decision in every game (checking them all first, so
//! that a bad action changes nothing), starts a finished game again from the start position
//! (auto-reset), then lists every game's open ids; the observations are written after it.
//! The work runs with the GIL released; only the copies into numpy arrays hold it.

use abstract_game::actions::observation_len;
use abstract_game::playout::Rng;
use abstract_game::{ActionSpace, Game, Observe, Side};

/// An action id of a batch: every game's ids are below 2^16.
pub(crate) type Id = u16;

/// One game of a batch.
#[derive(Clone)]
pub(crate) struct Slot<G: Game> {
    pub(crate) pos: G,
    /// Turns played since the game's start.
    pub(crate) plies: u32,
    /// The main id chosen, while its follow-up is to be chosen.
    pub(crate) pending: Option<Id>,
    /// The legal turns of `pos`, in the order of move generation (only in games with
    /// follow-ups).
    moves: Vec<G::Move>,
    /// The main id of each of `moves` (only in games with follow-ups).
    ids: Vec<Id>,
    /// The ids open now, sorted: the distinct main ids, or the pending main id's follow-ups.
    pub(crate) open: Vec<Id>,
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
    /// A game at its start, with its turns listed: what a finished game becomes.
    template: Slot<G>,
    max_plies: Option<u32>,
    slots: Vec<Slot<G>>,
    rng: Rng,
    scratch: Scratch,
}

/// Scratch space of a batch, reused by every game.
#[derive(Clone)]
pub(crate) struct Scratch {
    /// A zeroed bit set of one bit per id, for sorting ids.
    pub(crate) bits: Vec<u64>,
    /// The ids of a game's [`legal_actions`](ActionSpace::legal_actions).
    actions: Vec<usize>,
}

impl Scratch {
    pub(crate) fn new(ids: usize) -> Scratch {
        Scratch {
            bits: vec![0; ids.div_ceil(64)],
            actions: Vec::new(),
        }
    }
}

/// A bad action of one game of a batch.
pub struct BadAction {
    /// The game's index.
    pub game: usize,
    /// The action.
    pub action: i64,
}

/// Sorts and deduplicates ids by marking them in `bits` (all zero before and after, one bit
/// per id) and reading the marks back in order into `out`.
fn sorted_ids(ids: impl Iterator<Item = Id>, bits: &mut [u64], out: &mut Vec<Id>) {
    for id in ids {
        bits[usize::from(id) / 64] |= 1 << (id % 64);
    }
    for (word_index, word) in bits.iter_mut().enumerate() {
        while *word != 0 {
            out.push(word_index as Id * 64 + word.trailing_zeros() as Id);
            *word &= *word - 1;
        }
    }
}

/// A batch too large for the memory: the games asked and about how many bytes they need (`None`
/// when the count overflows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// The games asked for.
    pub games: usize,
    /// About how many bytes they need.
    pub bytes: Option<usize>,
}

/// The bytes of memory free for new allocations, where the system says (Linux's
/// `MemAvailable`); `None` elsewhere.
fn available_memory() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

impl<G: ActionSpace + Observe> Slot<G> {
    /// The bytes a slot's lists take on the heap.
    fn heap_bytes(&self) -> usize {
        self.moves.capacity() * core::mem::size_of::<G::Move>()
            + (self.ids.capacity() + self.open.capacity()) * core::mem::size_of::<Id>()
    }

    /// Every id of `G` fits an [`Id`].
    const IDS_FIT: () = assert!(G::ACTIONS <= 1 << 16, "action ids above 2^16");

    pub(crate) fn new(pos: G) -> Slot<G> {
        let () = Self::IDS_FIT;
        let mut slot = Slot {
            pos,
            plies: 0,
            pending: None,
            moves: Vec::new(),
            ids: Vec::new(),
            open: Vec::new(),
        };
        slot.list_turns(&mut Scratch::new(G::ACTIONS));
        slot
    }

    /// Lists the open main ids (and, in a game with follow-ups, the legal turns). Returns
    /// whether there are none: a game has no legal turn exactly when it is over.
    pub(crate) fn list_turns(&mut self, scratch: &mut Scratch) -> bool {
        self.open.clear();
        self.pending = None;
        if G::MAX_DECISIONS_PER_TURN == 1 {
            self.pos.legal_actions(&mut scratch.actions);
            self.open
                .extend(scratch.actions.iter().map(|&action| action as Id));
            debug_assert_eq!(self.open.is_empty(), self.pos.is_over());
            return self.open.is_empty();
        }
        self.moves.clear();
        self.ids.clear();
        let mut moves = G::MoveList::default();
        self.pos.legal_moves(&mut moves);
        debug_assert_eq!(moves.is_empty(), self.pos.is_over());
        self.moves.extend(moves.iter().copied());
        let pos = &self.pos;
        self.ids
            .extend(moves.iter().map(|&mv| pos.action_of(mv) as Id));
        if self.ids.windows(2).all(|pair| pair[0] < pair[1]) {
            // Generated in the order of the ids already.
            self.open.extend_from_slice(&self.ids);
        } else {
            sorted_ids(self.ids.iter().copied(), &mut scratch.bits, &mut self.open);
        }
        moves.is_empty()
    }

    /// Becomes a copy of `template`, keeping its own allocations.
    pub(crate) fn reset_from(&mut self, template: &Slot<G>) {
        self.pos.clone_from(&template.pos);
        self.plies = template.plies;
        self.pending = template.pending;
        self.moves.clone_from(&template.moves);
        self.ids.clone_from(&template.ids);
        self.open.clone_from(&template.open);
    }

    /// The turns whose main id is `id`.
    fn versions(&self, id: Id) -> impl Iterator<Item = G::Move> + '_ {
        self.ids
            .iter()
            .zip(&self.moves)
            .filter(move |&(&other, _)| other == id)
            .map(|(_, &mv)| mv)
    }

    /// A turn of the pending main id (the one the follow-up observation shows).
    fn pending_turn(&self) -> Option<G::Move> {
        self.versions(self.pending?).next()
    }

    /// Writes the observation of the decision to make: the position's, or the follow-up's while
    /// one is pending.
    pub(crate) fn observe(&self, planes: &mut [f32]) {
        match self.pending_turn() {
            Some(mv) => self.pos.observe_follow_up(mv, planes),
            None => self.pos.observe(planes),
        }
    }

    /// Makes the open decision `id`: returns the turn to play, or `None` when a follow-up is
    /// now to be chosen.
    pub(crate) fn decide(&mut self, id: Id, bits: &mut [u64]) -> Option<G::Move> {
        if G::MAX_DECISIONS_PER_TURN == 1 {
            return self.pos.move_of_action(usize::from(id));
        }
        if let Some(main) = self.pending {
            let pos = &self.pos;
            return self
                .versions(main)
                .find(|&mv| pos.follow_up_of(mv) == Some(usize::from(id)));
        }
        let index = self.ids.iter().position(|&other| other == id)?;
        let first = self.moves[index];
        // A second version, in games whose turns may take two decisions.
        let several = G::MAX_DECISIONS_PER_TURN > 1 && self.ids[index + 1..].contains(&id);
        if !several {
            return Some(first);
        }
        let pos = &self.pos;
        let follow_ups = self
            .versions(id)
            .filter_map(|mv| pos.follow_up_of(mv))
            .map(|f| f as Id);
        let mut open = Vec::new();
        sorted_ids(follow_ups, bits, &mut open);
        self.open = open;
        self.pending = Some(id);
        None
    }
}

impl<G: ActionSpace + Observe> Batch<G> {
    /// `n` games from `start`, ended as truncated after `max_plies` turns if given.
    ///
    /// The memory is checked before anything is allocated: [`TooLarge`] when the games and one
    /// array of their observations would need more bytes than the machine has free (where it
    /// says, as Linux does) or than an allocation can get.
    pub fn new(
        start: G,
        n: usize,
        max_plies: Option<u32>,
        seed: u64,
    ) -> Result<Batch<G>, TooLarge> {
        let template = Slot::new(start);
        let per_game = core::mem::size_of::<Slot<G>>()
            + template.heap_bytes()
            + observation_len::<G>() * core::mem::size_of::<f32>();
        let bytes = n.checked_mul(per_game);
        let too_large = || TooLarge { games: n, bytes };
        let needed = bytes.ok_or_else(too_large)?;
        if available_memory().is_some_and(|free| needed > free) {
            return Err(too_large());
        }
        let mut slots = Vec::new();
        slots.try_reserve_exact(n).map_err(|_| too_large())?;
        let mut observations: Vec<f32> = Vec::new();
        observations
            .try_reserve_exact(n * observation_len::<G>())
            .map_err(|_| too_large())?;
        drop(observations);
        slots.resize(n, template.clone());
        Ok(Batch {
            slots,
            template,
            max_plies,
            rng: Rng::seed_from_u64(seed),
            scratch: Scratch::new(G::ACTIONS),
        })
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Starts every game again; a new seed for [`Batch::random_actions`] if given.
    pub fn reset(&mut self, seed: Option<u64>) {
        for slot in &mut self.slots {
            slot.reset_from(&self.template);
        }
        if let Some(seed) = seed {
            self.rng = Rng::seed_from_u64(seed);
        }
    }

    /// Checks that every action is open in its game, then makes them all; finished games
    /// (by the rules or the cap) start again. Reports each game's end into `ended`.
    pub fn step(&mut self, actions: &[i64], ended: &mut [Ended]) -> Result<(), BadAction> {
        for (game, (slot, &action)) in self.slots.iter().zip(actions).enumerate() {
            let open = Id::try_from(action).is_ok_and(|a| slot.open.binary_search(&a).is_ok());
            if !open {
                return Err(BadAction { game, action });
            }
        }
        for ((slot, &action), end) in self.slots.iter_mut().zip(actions).zip(ended.iter_mut()) {
            *end = Ended::default();
            let Some(mv) = slot.decide(action as Id, &mut self.scratch.bits) else {
                continue;
            };
            slot.pos.play_unchecked(mv);
            slot.plies += 1;
            let over = slot.list_turns(&mut self.scratch);
            let capped = self.max_plies.is_some_and(|cap| slot.plies >= cap);
            if over || capped {
                let outcome = if over { slot.pos.outcome() } else { None };
                end.returns = match outcome.and_then(|o| o.winner) {
                    Some(Side::First) => [1.0, -1.0],
                    Some(Side::Second) => [-1.0, 1.0],
                    None => [0.0, 0.0],
                };
                end.terminated = over;
                end.truncated = !over;
                slot.reset_from(&self.template);
            }
        }
        Ok(())
    }

    /// Writes every game's observation into `out` (`len() * observation_len` values).
    pub fn observe(&self, out: &mut [f32]) {
        let size = observation_len::<G>();
        for (slot, planes) in self.slots.iter().zip(out.chunks_exact_mut(size)) {
            slot.observe(planes);
        }
    }

    /// The open ids of every game, as offsets (`len() + 1` of them) into one list of ids.
    pub fn open_ids(&self, offsets: &mut Vec<i64>, ids: &mut Vec<i32>) {
        offsets.clear();
        ids.clear();
        offsets.reserve(self.slots.len() + 1);
        ids.reserve(self.slots.iter().map(|slot| slot.open.len()).sum());
        offsets.push(0);
        for slot in &self.slots {
            ids.extend(slot.open.iter().map(|&id| i32::from(id)));
            offsets.push(ids.len() as i64);
        }
    }

    /// 1 at the open ids of each game (`len() * ACTIONS` values).
    pub fn mask(&self, out: &mut [i8]) {
        for (slot, row) in self.slots.iter().zip(out.chunks_exact_mut(G::ACTIONS)) {
            for &id in &slot.open {
                row[usize::from(id)] = 1;
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
