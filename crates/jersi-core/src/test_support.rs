//! Positions for the unit tests: random legal setups that play does not reach.

use abstract_game::TextGame;
use abstract_game::playout::Rng;

use crate::{Position, Rules, Setup};

/// A random legal setup under `rules` ([`Setup::random`], of density 1 to 6), not reached
/// by play.
pub(crate) fn random_setup(rng: &mut Rng, rules: Rules) -> Position {
    Position::from_setup(Setup::random(rng, rules, 6), rules).expect("a legal setup")
}
