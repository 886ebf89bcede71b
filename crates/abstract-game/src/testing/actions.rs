//! The action and observation checks every game's `tests/actions.rs` runs, written once: the
//! [`actions`](crate::actions) contract on starts and along random games, perft through the
//! ids, and the view a side has of a position and of its colour mirror. A game's own file
//! keeps its ids and planes worked out by hand, and how it mirrors a position.

use core::fmt::Debug;

use crate::actions::{
    ActionSpace, Observe, check_actions, check_observation, observation_len, perft_through_actions,
};
use crate::perft::perft;
use crate::playout::Rng;

/// The observation of `pos`, written over a buffer of NaNs (so that a value the game forgets
/// to write shows).
pub fn observation<G: Observe>(pos: &G) -> Vec<f32> {
    let mut out = vec![f32::NAN; observation_len::<G>()];
    pos.observe(&mut out);
    out
}

/// Plane `plane` of an observation of `G`: its rows times columns values.
pub fn plane<G: Observe>(observation: &[f32], plane: usize) -> &[f32] {
    let area = G::OBSERVATION_SHAPE[1] * G::OBSERVATION_SHAPE[2];
    &observation[plane * area..(plane + 1) * area]
}

/// The start of every preset of `G`, in the table's order.
pub fn preset_starts<G: crate::Game>() -> Vec<G> {
    super::preset_rules::<G::Rules>()
        .into_iter()
        .map(G::new)
        .collect()
}

/// Every position along `games` random games under each of `rules`, the start included, of up
/// to `plies` moves, and the last one reached (often a finished game). Game `game` under the
/// `n`-th rules plays from the seed `seed(n, game)`.
pub fn game_positions<G: crate::Game>(
    rules: &[G::Rules],
    games: u64,
    plies: u32,
    seed: impl Fn(usize, u64) -> u64,
) -> Vec<G> {
    let mut out = Vec::new();
    for (n, &rules) in rules.iter().enumerate() {
        for game in 0..games {
            let mut rng = Rng::seed_from_u64(seed(n, game));
            let mut pos = G::new(rules);
            for _ in 0..plies {
                out.push(pos.clone());
                let Some(mv) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(mv);
            }
            out.push(pos);
        }
    }
    out
}

/// The contract of [`check_actions`] (every `stride`-th id decoded) and of
/// [`check_observation`] on each of `positions`.
pub fn check_action_contract<G: ActionSpace + Observe + Debug>(positions: &[G], stride: usize) {
    for pos in positions {
        check_actions(pos, stride);
        check_observation(pos);
    }
}

/// [`ActionSpace::move_of_action`] of `pos` gives, for every id and the three beyond the
/// last, the first legal turn with that main id: what the trait's default look through the
/// legal turns gives, for a game that decodes an id directly.
pub fn check_direct_decode<G: ActionSpace + Debug>(pos: &G) {
    let mut moves = G::MoveList::default();
    pos.legal_moves(&mut moves);
    for action in 0..G::ACTIONS + 3 {
        let scanned = moves
            .iter()
            .copied()
            .find(|&mv| pos.action_of(mv) == action);
        assert_eq!(pos.move_of_action(action), scanned, "{action} in {pos:?}");
    }
}

/// The sizes a game documents: `actions` ids, which are `planes` planes of `cells` ids each,
/// and the observation's `shape` and length `len`.
pub fn assert_sizes<G: ActionSpace + Observe>(
    actions: usize,
    [planes, cells]: [usize; 2],
    shape: [usize; 3],
    len: usize,
) {
    assert_eq!(G::ACTIONS, actions, "the number of ids");
    assert_eq!(G::ACTIONS, planes * cells, "the ids as planes of cells");
    assert_eq!(G::OBSERVATION_SHAPE, shape, "the observation's shape");
    assert_eq!(observation_len::<G>(), len, "the observation's length");
}

/// The contract of [`check_action_contract`] at the start under each of `rules`.
pub fn check_action_contract_at_starts<G: ActionSpace + Observe + Debug>(
    rules: &[G::Rules],
    stride: usize,
) {
    let starts: Vec<G> = rules.iter().map(|&rules| G::new(rules)).collect();
    check_action_contract(&starts, stride);
}

/// Perft through the ids ([`perft_through_actions`]) equals perft from each of `positions`,
/// at every depth from 1 to `depth`.
pub fn check_perft_through_actions<G: ActionSpace + Debug>(positions: &[G], depth: u32) {
    for pos in positions {
        for d in 1..=depth {
            assert_eq!(
                perft_through_actions(pos, d),
                perft(pos, d),
                "perft({d}) through the ids of {pos:?}"
            );
        }
    }
}

/// Two observations of `G` that the two sides see alike (a position and its colour mirror,
/// the start with either side first): every plane equal but `mover_plane`, the side-to-move
/// plane, which is 1 in exactly one of them.
pub fn assert_same_view<G: Observe>(a: &[f32], b: &[f32], mover_plane: usize, what: &str) {
    assert_eq!(a.len(), b.len(), "{what}");
    for p in 0..G::OBSERVATION_SHAPE[0] {
        let (pa, pb) = (plane::<G>(a, p), plane::<G>(b, p));
        if p == mover_plane {
            for (va, vb) in pa.iter().zip(pb) {
                assert_eq!(va + vb, 1.0, "the side to move, plane {p}: {what}");
            }
        } else {
            assert_eq!(pa, pb, "plane {p}: {what}");
        }
    }
}
