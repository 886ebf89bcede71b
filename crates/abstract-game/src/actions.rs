//! A fixed action space: every legal turn of a game as one number below a bound, for
//! reinforcement learning and for frameworks (OpenSpiel, PettingZoo, Gymnasium) that name moves
//! by number.
//!
//! Each game lays its ids out as planes of cells where its moves allow (a policy head can then
//! be a convolution) and documents the layout. The contract ([`check_actions`]) holds every
//! game to the promises below.

use crate::Game;

/// A game whose legal turns have fixed ids in `0..ACTIONS`.
///
/// A turn is chosen by one id, its *main* id ([`action_of`](ActionSpace::action_of)), or, in a
/// game whose turns come in versions that differ in one late choice (Jersi's King relocation),
/// by a main id and then a *follow-up* id of the same player
/// ([`follow_up_of`](ActionSpace::follow_up_of)), so that the id space stays small. The
/// follow-up is asked only when the main id has more than one version: a forced choice is
/// made with the main id.
///
/// Promises, checked by [`check_actions`]:
/// * every legal turn has a main id below [`ACTIONS`](ActionSpace::ACTIONS); two legal turns
///   share a main id only when both have a follow-up id, and then their follow-up ids differ
///   (and are below `ACTIONS` too);
/// * [`move_of_action`](ActionSpace::move_of_action) gives back a legal turn of a main id (the
///   turn, or one of its versions), and `None` for an id no legal turn has;
/// * [`follow_up_actions`](ActionSpace::follow_up_actions) lists the follow-ups of a main id
///   with more than one version, and [`move_of_follow_up`](ActionSpace::move_of_follow_up)
///   gives back each version; so the legal turns are as many as the main ids of one version
///   plus the follow-ups of the others.
pub trait ActionSpace: Game {
    /// The number of ids.
    const ACTIONS: usize;

    /// The most decisions a turn takes: 1, or 2 in a game with follow-ups (a framework that
    /// needs a bound on a game's length in decisions multiplies its turns by this).
    const MAX_DECISIONS_PER_TURN: usize = 1;

    /// The cap, in turns, that learning environments put on a game when their user gives
    /// none: long enough for nearly every game played by engines or random players to end
    /// by its rules first (a capped game is a draw there, not by the rules).
    const DEFAULT_MAX_PLIES: u32;

    /// The main id of `mv`, a legal turn of this position.
    fn action_of(&self, mv: Self::Move) -> usize;

    /// The follow-up id of `mv`, a legal turn of this position, if its main id has versions
    /// that differ in a later choice (then this is that choice); `None` by default.
    fn follow_up_of(&self, mv: Self::Move) -> Option<usize> {
        let _ = mv;
        None
    }

    /// A legal turn whose main id is `action` (the first version generated, when there are
    /// several), or `None` when no legal turn has it (any number is accepted). The default
    /// looks through the legal turns.
    fn move_of_action(&self, action: usize) -> Option<Self::Move> {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|&mv| self.action_of(mv) == action)
    }

    /// The distinct main ids of the legal turns, sorted, into `out` (cleared first).
    fn legal_actions(&self, out: &mut Vec<usize>) {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        out.clear();
        out.extend(moves.iter().map(|&mv| self.action_of(mv)));
        out.sort_unstable();
        out.dedup();
    }

    /// The follow-up ids of the versions of `mv`'s main id, sorted, into `out` (cleared
    /// first): none when the main id names one turn (the default never has follow-ups).
    fn follow_up_actions(&self, mv: Self::Move, out: &mut Vec<usize>) {
        out.clear();
        if self.follow_up_of(mv).is_none() {
            return;
        }
        let main = self.action_of(mv);
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        out.extend(
            moves
                .iter()
                .filter(|&&other| self.action_of(other) == main)
                .filter_map(|&other| self.follow_up_of(other)),
        );
        out.sort_unstable();
        if out.len() < 2 {
            out.clear();
        }
    }

    /// The version of `mv`'s main id whose follow-up id is `follow_up`, or `None` when no
    /// legal version has it.
    fn move_of_follow_up(&self, mv: Self::Move, follow_up: usize) -> Option<Self::Move> {
        self.follow_up_of(mv)?;
        let main = self.action_of(mv);
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.iter().copied().find(|&other| {
            self.action_of(other) == main && self.follow_up_of(other) == Some(follow_up)
        })
    }
}

/// The distinct main ids of the legal turns of `pos`, sorted, into `out` (cleared first), as
/// [`ActionSpace::legal_actions`] promises, sorted by marking them in a bit set of `WORDS`
/// words on the stack and reading it back: linear in the turns and the words, where a sort of
/// the ids took most of a batch step. For a game whose ids do not come in move generation's
/// order to use as its `legal_actions`; `WORDS` must be at least `ACTIONS.div_ceil(64)`
/// (checked when the function is built).
pub fn legal_actions_by_bits<G: ActionSpace, const WORDS: usize>(pos: &G, out: &mut Vec<usize>) {
    const { assert!(WORDS * 64 >= G::ACTIONS, "too few words for the ids") };
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut bits = [0_u64; WORDS];
    for &mv in moves.iter() {
        let id = pos.action_of(mv);
        bits[id / 64] |= 1 << (id % 64);
    }
    out.clear();
    for (word_index, mut word) in bits.into_iter().enumerate() {
        while word != 0 {
            out.push(word_index * 64 + word.trailing_zeros() as usize);
            word &= word - 1;
        }
    }
}

/// Checks the promises of [`ActionSpace`] on `pos`: ids in range, turns sharing a main id told
/// apart by their follow-ups, each id decoding to its turn, the turns as many as the decisions
/// that choose them, and `stride`-spaced other ids decoding to nothing or to a turn that has
/// them.
pub fn check_actions<G: ActionSpace + core::fmt::Debug>(pos: &G, stride: usize) {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut mains: Vec<usize> = Vec::with_capacity(moves.len());
    let mut follow_ups = Vec::new();
    for &mv in moves.iter() {
        let id = pos.action_of(mv);
        assert!(
            id < G::ACTIONS,
            "action {id} of {mv:?} is not below {}",
            G::ACTIONS
        );
        let decoded = pos.move_of_action(id).expect("a main id decodes");
        assert_eq!(
            pos.action_of(decoded),
            id,
            "action {id} decodes to another turn"
        );
        pos.follow_up_actions(mv, &mut follow_ups);
        if follow_ups.is_empty() {
            assert_eq!(decoded, mv, "action {id} decodes to another turn");
        } else {
            let follow_up = pos.follow_up_of(mv).expect("a version has a follow-up");
            assert!(follow_up < G::ACTIONS, "follow-up {follow_up} out of range");
            assert!(
                follow_ups.binary_search(&follow_up).is_ok(),
                "{follow_up} not listed"
            );
            assert_eq!(pos.move_of_follow_up(decoded, follow_up), Some(mv));
        }
        mains.push(id);
    }
    let mut sorted = mains.clone();
    sorted.sort_unstable();
    sorted.dedup();
    let mut listed = Vec::new();
    pos.legal_actions(&mut listed);
    assert_eq!(listed, sorted, "legal_actions is not the sorted main ids");
    let mut decisions = 0;
    for &id in &sorted {
        let mv = pos.move_of_action(id).expect("a listed id decodes");
        pos.follow_up_actions(mv, &mut follow_ups);
        let mut distinct = follow_ups.clone();
        distinct.dedup();
        assert_eq!(
            distinct, follow_ups,
            "two versions of {id} share a follow-up: {pos:?}"
        );
        decisions += follow_ups.len().max(1);
    }
    assert_eq!(
        decisions,
        moves.len(),
        "two legal turns share their ids: {pos:?}"
    );
    for action in (0..G::ACTIONS + 3).step_by(stride.max(1)) {
        match pos.move_of_action(action) {
            Some(mv) => assert_eq!(pos.action_of(mv), action, "{action} decodes to {mv:?}"),
            None => assert!(sorted.binary_search(&action).is_err(), "{action} lost"),
        }
    }
}

/// The number of decision sequences of `depth` turns from `pos` through the ids alone: the
/// main ids, and each main id's follow-ups where it has them, decoded and played. Equal to
/// [`perft`](crate::perft::perft) when the ids name every turn once (a test of that).
pub fn perft_through_actions<G: ActionSpace>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (mut mains, mut follow_ups) = (Vec::new(), Vec::new());
    pos.legal_actions(&mut mains);
    let mut total = 0;
    for &id in &mains {
        let Some(mv) = pos.move_of_action(id) else {
            continue;
        };
        pos.follow_up_actions(mv, &mut follow_ups);
        if follow_ups.is_empty() {
            total += perft_through_actions(&pos.after(mv), depth - 1);
        }
        for &follow_up in &follow_ups {
            if let Some(version) = pos.move_of_follow_up(mv, follow_up) {
                total += perft_through_actions(&pos.after(version), depth - 1);
            }
        }
    }
    total
}

/// A game whose positions can be read by a network: planes of numbers over the board.
///
/// The planes are written from the view of the side to move where the game is symmetric
/// (the board turned so that the mover plays up the board, "own" planes before "the
/// opponent's"), so one network plays both sides. Each game documents its planes.
pub trait Observe: Game {
    /// The shape of an observation: `[planes, height, width]`.
    const OBSERVATION_SHAPE: [usize; 3];

    /// Writes the observation of this position into `out`, which holds
    /// `planes * height * width` numbers (plane by plane, row by row): every one of them is
    /// written.
    fn observe(&self, out: &mut [f32]);

    /// Writes the observation of the mover who chose the main id of `mv` and is to choose
    /// its follow-up ([`ActionSpace::follow_up_actions`]), into `out` as for
    /// [`observe`](Observe::observe). The default is [`observe`](Observe::observe): games
    /// without follow-ups never need more.
    fn observe_follow_up(&self, mv: Self::Move, out: &mut [f32]) {
        let _ = mv;
        self.observe(out);
    }
}

/// The number of values in an observation of `G`.
pub const fn observation_len<G: Observe>() -> usize {
    G::OBSERVATION_SHAPE[0] * G::OBSERVATION_SHAPE[1] * G::OBSERVATION_SHAPE[2]
}

/// Checks [`Observe`] on `pos`: every value written (a buffer of NaNs comes back without
/// one), every value finite, and the same position observed twice alike.
pub fn check_observation<G: Observe + core::fmt::Debug>(pos: &G) {
    let mut first = vec![f32::NAN; observation_len::<G>()];
    pos.observe(&mut first);
    assert!(
        first.iter().all(|v| v.is_finite()),
        "an observation value is left unwritten or not finite: {pos:?}"
    );
    let mut second = vec![0.5; observation_len::<G>()];
    pos.observe(&mut second);
    assert_eq!(first, second, "two observations of one position differ");
}
