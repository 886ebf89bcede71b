//! A fixed action space: every legal turn of a game as one number below a bound, for
//! reinforcement learning and for frameworks (OpenSpiel, PettingZoo, Gymnasium) that name moves
//! by number.
//!
//! Each game lays its ids out as planes of cells where its moves allow (a policy head can then
//! be a convolution) and documents the layout. The contract ([`check_actions`]) holds every
//! game to the promises below.

use crate::Game;

/// A game whose legal moves have fixed ids in `0..ACTIONS`.
///
/// Promises, checked by [`check_actions`]:
/// * every legal move has an id below [`ACTIONS`](ActionSpace::ACTIONS), and two legal moves of
///   one position never share an id;
/// * [`move_of_action`](ActionSpace::move_of_action) gives back the legal move of an id, and
///   `None` for an id no legal move has.
pub trait ActionSpace: Game {
    /// The number of ids.
    const ACTIONS: usize;

    /// The id of `mv`, a legal move of this position.
    fn action_of(&self, mv: Self::Move) -> usize;

    /// The legal move whose id is `action`, or `None` when no legal move has it (any number is
    /// accepted). The default looks through the legal moves.
    fn move_of_action(&self, action: usize) -> Option<Self::Move> {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves
            .iter()
            .copied()
            .find(|&mv| self.action_of(mv) == action)
    }

    /// The ids of the legal moves, sorted, into `out` (cleared first).
    fn legal_actions(&self, out: &mut Vec<usize>) {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        out.clear();
        out.extend(moves.iter().map(|&mv| self.action_of(mv)));
        out.sort_unstable();
    }
}

/// Checks the promises of [`ActionSpace`] on `pos`: ids in range and distinct, each decoding to
/// its move, and `stride`-spaced other ids decoding to nothing or to the move that has them.
pub fn check_actions<G: ActionSpace + core::fmt::Debug>(pos: &G, stride: usize) {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    let mut ids: Vec<usize> = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let id = pos.action_of(mv);
        assert!(
            id < G::ACTIONS,
            "action {id} of {mv:?} is not below {}",
            G::ACTIONS
        );
        assert_eq!(
            pos.move_of_action(id),
            Some(mv),
            "action {id} decodes to another move"
        );
        ids.push(id);
    }
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(
        sorted.len(),
        ids.len(),
        "two legal moves share an id: {pos:?}"
    );
    let mut listed = Vec::new();
    pos.legal_actions(&mut listed);
    assert_eq!(listed, sorted, "legal_actions is not the sorted ids");
    for action in (0..G::ACTIONS + 3).step_by(stride.max(1)) {
        match pos.move_of_action(action) {
            Some(mv) => assert_eq!(pos.action_of(mv), action, "{action} decodes to {mv:?}"),
            None => assert!(sorted.binary_search(&action).is_err(), "{action} lost"),
        }
    }
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
