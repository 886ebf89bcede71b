//! The openings of a series of games: start positions, each with a line of moves already
//! played from it, one for each pair of games. Reading them from a file is the caller's
//! business; which pair meets which opening is the arena's, so that it is the same wherever
//! games are played.

use abstract_game::Game;
use abstract_game::playout::{Rng, game_seed};

/// Start positions with their opening lines, at least one.
#[derive(Clone, Debug)]
pub struct Openings<G: Game> {
    list: Vec<(G, Vec<G::Move>)>,
}

impl<G: Game> Openings<G> {
    /// The one opening `start` with no line.
    pub fn one(start: G) -> Openings<G> {
        Openings {
            list: vec![(start, Vec::new())],
        }
    }

    /// The openings of `list`, each a start and the legal moves of its line; `None` when the
    /// list is empty.
    pub fn new(list: Vec<(G, Vec<G::Move>)>) -> Option<Openings<G>> {
        (!list.is_empty()).then_some(Openings { list })
    }

    /// How many openings there are.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Always `false`: there is at least one opening.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The opening of pair `pair`: the list in order, going round, or with `shuffled`, in an
    /// order drawn from that seed afresh for each round of the list.
    pub fn of_pair(&self, pair: u64, shuffled: Option<u64>) -> &(G, Vec<G::Move>) {
        let n = self.list.len() as u64;
        let (round, within) = (pair / n, (pair % n) as usize);
        let index = match shuffled {
            Some(seed) => {
                // A Fisher-Yates shuffle of the indices, from the round's own stream.
                let mut order: Vec<usize> = (0..self.list.len()).collect();
                let mut rng = Rng::seed_from_u64(game_seed(seed, round));
                for i in (1..order.len()).rev() {
                    order.swap(i, rng.below(i as u32 + 1) as usize);
                }
                order[within]
            }
            None => within,
        };
        &self.list[index]
    }
}

#[cfg(test)]
mod tests {
    use abstract_game::nim::{Nim, NimRules};

    use super::*;

    fn openings(count: u8) -> Openings<Nim> {
        let list = (1..=count)
            .map(|heap| (Nim::new(NimRules { heap }), Vec::new()))
            .collect();
        Openings::new(list).unwrap()
    }

    #[test]
    fn pairs_go_round_the_list_in_order() {
        let book = openings(3);
        let heaps: Vec<u8> = (0..7).map(|p| book.of_pair(p, None).0.heaps[0]).collect();
        assert_eq!(heaps, [1, 2, 3, 1, 2, 3, 1]);
        assert!(Openings::<Nim>::new(Vec::new()).is_none());
        assert_eq!(Openings::one(Nim::new(NimRules::default())).len(), 1);
    }

    #[test]
    fn a_shuffled_round_meets_every_opening_once() {
        let book = openings(5);
        for round in 0..4 {
            let mut heaps: Vec<u8> = (0..5)
                .map(|w| book.of_pair(round * 5 + w, Some(11)).0.heaps[0])
                .collect();
            heaps.sort_unstable();
            assert_eq!(heaps, [1, 2, 3, 4, 5]);
        }
        let first: Vec<u8> = (0..5)
            .map(|w| book.of_pair(w, Some(11)).0.heaps[0])
            .collect();
        let second: Vec<u8> = (5..10)
            .map(|w| book.of_pair(w, Some(11)).0.heaps[0])
            .collect();
        assert_ne!(first, second, "each round draws its own order");
    }
}
