//! An engine that follows a named opening plan ([`Opening`]) while the plan has a move, and
//! searches with another engine once it has none: a strategy measured against ordinary play.

use abstract_game::{Game, Opening};

use crate::{Budget, Engine, Found, SearchInfo, Watch};

/// Plays the plan's move while [`Opening::choose`] gives one (and it is legal), otherwise
/// whatever the inner engine chooses.
pub struct Planned<G: Game> {
    plan: Opening<G>,
    inner: Box<dyn Engine<G>>,
}

impl<G: Game> Planned<G> {
    /// `inner`, following `plan` first.
    pub fn new(plan: Opening<G>, inner: Box<dyn Engine<G>>) -> Planned<G> {
        Planned { plan, inner }
    }
}

impl<G: Game> Engine<G> for Planned<G> {
    fn name(&self) -> String {
        format!("{}+{}", self.plan.name, self.inner.name())
    }

    fn new_game(&mut self) {
        self.inner.new_game();
    }

    fn set_oracle(&mut self, oracle: crate::SharedOracle<G>) {
        self.inner.set_oracle(oracle);
    }

    fn search(&mut self, pos: &G, budget: &Budget, watch: Watch<'_, G>) -> Found<G> {
        let Watch { stop, report } = watch;
        match (self.plan.choose)(pos).filter(|&mv| !pos.is_over() && pos.is_legal(mv)) {
            Some(mv) => {
                let mut info = SearchInfo::empty();
                info.pv.push(mv);
                Some((mv, info))
            }
            None => self.inner.search(pos, budget, Watch::new(stop, report)),
        }
    }
}

#[cfg(test)]
mod tests {
    use abstract_game::nim::Nim;

    use super::*;
    use crate::EngineSpec;

    /// Takes one stone from the first heap while it has more than two (three moves take
    /// from it).
    fn nibble(pos: &Nim) -> Option<(u8, u8)> {
        let from_first = pos.moves().iter().filter(|m| m.0 == 0).count();
        (from_first == 3).then_some((0, 1))
    }

    #[test]
    fn the_plan_moves_first_then_the_engine() {
        use abstract_game::TextGame;
        let plan = Opening {
            name: "nibble",
            about: "one stone from the first heap",
            choose: nibble,
        };
        let inner: Box<dyn Engine<Nim>> =
            "alphabeta:depth=8".parse::<EngineSpec>().unwrap().build();
        let mut engine = Planned::new(plan, inner);
        assert_eq!(engine.name(), "nibble+alphabeta:depth=8");
        let start = Nim::at(5, 2);
        let (mv, _) = engine.choose(&start, &Budget::default()).unwrap();
        assert_eq!(start.move_to_string(mv), "0:1");
        // With two stones in the first heap the plan is silent: the search finds the win.
        let late = Nim::at(2, 3);
        let (mv, _) = engine.choose(&late, &Budget::default()).unwrap();
        assert!(late.after(mv).is_lost());
    }
}
