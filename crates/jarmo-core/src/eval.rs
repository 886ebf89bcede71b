//! A heuristic value of a position for searches that stop before the end of the game.
//!
//! The scale is the game's own score: 100 for one point, so an archer on the board is worth
//! 100. An archer home on the enemy's first row scores two points at the end of the game but
//! counts 150 here: matches between engines played better with less than the full second
//! point. On top of the points a side has now, the value counts what it is likely to earn:
//! archers close to the goal row (the race), archers waiting to come back, and freedom to
//! move. The terms are the
//! same for both sides, and the value is Black's total minus White's, negated when White is
//! to move. The weights are the fields of [`EvalWeights`]; [`EvalWeights::DEFAULT`] was tuned
//! by matches between alpha-beta engines at a fixed depth (`docs/jarmo.md`, "Evaluation").

use abstract_game::{Evaluate, SearchHints, Side, worth_difference};

use crate::board::goal_row;
use crate::movegen::STEP_TARGETS;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{Direction, ReturnRule};

/// The weights of the evaluation's terms, in hundredths of a point of the final score.
///
/// [`EvalWeights::DEFAULT`] is what [`Evaluate::evaluate`] uses; other weights go to
/// [`Evaluate::evaluate_with`], for example to tune them by matches between engines (see
/// `docs/jarmo.md`, section "Evaluation"). Weights within ±10,000 keep the arithmetic in
/// range; a search clamps the value to ±[`abstract_game::EVAL_BOUND`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EvalWeights {
    /// An archer on the board: one point of the final score.
    pub archer: i32,
    /// The second point an archer earns on the enemy's first row (by default half of it: a
    /// full point made the engine worse).
    pub arrived: i32,
    /// An archer one step (along the lines its direction rule allows) from the goal row.
    pub one_step: i32,
    /// An archer two steps from the goal row.
    pub two_steps: i32,
    /// An archer waiting in the captured pool under the seed rule: it comes back only when a
    /// marked archer of its side reaches the goal row.
    pub pooled_seed: i32,
    /// An archer in the reserve under the reserve rule: it may be dropped on any later turn.
    pub pooled_reserve: i32,
    /// An unspent return credit (seed rule): a return as soon as a first-row hole is free.
    pub credit: i32,
    /// A marked archer on its way while its pool holds an archer: its arrival brings one back.
    pub marked_carrier: i32,
    /// Each line a movable archer can take (to an empty hole or onto an enemy archer).
    pub mobility: i32,
    /// Each enemy archer that a movable archer of the side can capture next.
    pub threat: i32,
}

impl EvalWeights {
    /// The weights of [`Evaluate::evaluate`]: set from the scoring rule and tuned by
    /// fixed-depth matches, which put an arrived archer's second point at half a point and
    /// each line of mobility at 6 (`docs/jarmo.md`, section "Evaluation").
    pub const DEFAULT: EvalWeights = EvalWeights {
        archer: 100,
        arrived: 50,
        one_step: 50,
        two_steps: 20,
        pooled_seed: 25,
        pooled_reserve: 70,
        credit: 40,
        marked_carrier: 15,
        mobility: 6,
        threat: 10,
    };
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights::DEFAULT
    }
}

/// The holes from which an archer of `side` needs exactly `d` steps (along the lines its
/// direction rule allows) to reach the goal row, for `d` = 1 and 2 (`[side][d - 1]`).
const fn distance_rings(table: &[[u32; 32]; 2]) -> [[u32; 2]; 2] {
    let mut rings = [[0u32; 2]; 2];
    let mut s = 0;
    while s < 2 {
        let side = if s == 0 { Side::First } else { Side::Second };
        let mut reached = goal_row(side).0;
        let mut frontier = reached;
        let mut d = 0;
        while d < 2 {
            let mut next = 0u32;
            let mut i = 0;
            while i < 25 {
                if reached & (1 << i) == 0 && table[s][i] & frontier != 0 {
                    next |= 1 << i;
                }
                i += 1;
            }
            rings[s][d] = next;
            reached |= next;
            frontier = next;
            d += 1;
        }
        s += 1;
    }
    rings
}

/// [`distance_rings`] by direction rule (`[direction][side][d - 1]`).
const RINGS: [[[u32; 2]; 2]; 2] = [
    distance_rings(&STEP_TARGETS[Direction::Jarmo as usize]),
    distance_rings(&STEP_TARGETS[Direction::Jasir as usize]),
];

impl Position {
    /// The heuristic worth of `side`'s forces, without regard to who is to move.
    #[inline]
    fn side_worth(&self, side: Side, w: &EvalWeights) -> i32 {
        let s = side.index();
        let own = self.archers[s].0;
        let enemy = self.archers[1 - s].0;
        let goal = goal_row(side).0;
        let dir = self.rules.direction as usize;
        let [one, two] = RINGS[dir][s];
        let pool = i32::from(self.pool[s]);
        let mut value = w.archer * own.count_ones() as i32
            + w.arrived * (own & goal).count_ones() as i32
            + w.one_step * (own & one).count_ones() as i32
            + w.two_steps * (own & two).count_ones() as i32;
        match self.rules.return_rule {
            ReturnRule::Seed => {
                value += w.pooled_seed * pool + w.credit * i32::from(self.credits[s]);
                if pool > 0 {
                    value += w.marked_carrier * (own & self.marked.0 & !goal).count_ones() as i32;
                }
            }
            ReturnRule::Reserve => value += w.pooled_reserve * pool,
            ReturnRule::None => {}
        }
        // Archers at home never move again; the others add their lines.
        let table = &STEP_TARGETS[dir][s];
        let mut movable = own & !goal;
        let (mut lines, mut reach) = (0, 0u32);
        while movable != 0 {
            let from = movable.trailing_zeros();
            movable &= movable - 1;
            let targets = table[from as usize & 31] & !own;
            lines += targets.count_ones() as i32;
            reach |= targets;
        }
        value + w.mobility * lines + w.threat * (reach & enemy).count_ones() as i32
    }
}

impl Evaluate for Position {
    type Weights = EvalWeights;

    const WEIGHTS: EvalWeights = EvalWeights::DEFAULT;

    // Captures are looked at past the horizon, and a Monte Carlo search judges its playouts by
    // this evaluation after 1 random ply: against `alphabeta:depth=1` at 100 ms a move this
    // scored 15-4-1 where plain playouts scored 1-2-17 (docs/engines.md, "MCTS defaults").
    const SEARCH_HINTS: SearchHints = SearchHints::JUDGED;

    /// 1 for a capture.
    #[inline]
    fn move_priority(&self, mv: Move) -> i32 {
        i32::from(self.is_capture(mv))
    }

    /// The value for the side to move, in hundredths of a point of the final score: material,
    /// the race to the goal row, archers that may come back, mobility and threats (see
    /// `docs/jarmo.md`, section "Evaluation"). Far inside [`abstract_game::EVAL_BOUND`].
    #[inline]
    fn evaluate_with(&self, weights: &EvalWeights) -> i32 {
        worth_difference(self.to_move, |side| self.side_worth(side, weights))
    }
}

// The largest value, with room to spare: five archers home, five in the pool, credits at their
// saturated 255 and 40 lines with threats, against nothing.
const _: () = {
    let w = EvalWeights::DEFAULT;
    assert!(
        5 * (w.archer + w.arrived + w.pooled_reserve)
            + 255 * w.credit
            + 40 * (w.mobility + w.threat)
            < abstract_game::EVAL_BOUND
    );
};

#[cfg(test)]
mod tests {

    use abstract_game::testing::EvaluationSample;

    use crate::prelude::*;
    use crate::rules::Rules as R;

    const PRESETS: [Rules; 4] = [R::JARMO, R::JASIR, R::JASIR_RESERVE, R::JASIR_BASIC];

    fn eval(text: &str, rules: Rules) -> i32 {
        abstract_game::testing::evaluation_of::<Position>(text, rules)
    }

    #[test]
    fn the_start_is_even_and_the_values_bounded_and_symmetric() {
        EvaluationSample::new(11, 40, 60, 5_000).check_switching_field::<Position>(1, "b", "w");
    }

    #[test]
    fn an_extra_archer_is_worth_about_a_point() {
        for rules in PRESETS {
            let even = eval("wwwww/5/5/5/bbbbb b", rules);
            let up = eval("1wwww/5/5/5/bbbbb b", rules);
            let down = eval("wwwww/5/5/5/1bbbb b", rules);
            assert!(up > even + 80, "{up} {even}");
            assert!(down < even - 80, "{down} {even}");
        }
        // A captured archer that may come back is worth something, but less than one on the
        // board.
        let gone = eval("1wwww/5/5/5/bbbbb w", R::JASIR_RESERVE);
        let reserve = eval("1wwww/5/5/5/bbbbb w 0/1", R::JASIR_RESERVE);
        assert!(gone < reserve && reserve < eval("wwwww/5/5/5/bbbbb w", R::JASIR_RESERVE));
    }

    #[test]
    fn an_archer_nearer_its_goal_row_scores_more() {
        // Black keeps an archer on a1 and moves a second one up the d file; White's only
        // archer waits at home on e5.
        for rules in PRESETS {
            let far = eval("4w/5/5/5/b2b1 b", rules); // d1: three steps from row 5
            let near = eval("4w/5/5/3b1/b4 b", rules); // d2: two steps
            let close = eval("4w/3b1/5/5/b4 b", rules); // d4: one step
            let home = eval("3bw/5/5/5/b4 b", rules); // d5: arrived
            assert!(far < near && near < close, "{far} {near} {close}");
            // Home, the archer never moves again: the tuned weights count half of its second
            // point, more than the race bonus two steps away but less than the bonus and the
            // lines of an archer one step away (the search sees the end of the game and makes
            // that step when it pays).
            assert!(home > near && home < close, "{near} {home} {close}");
        }
    }
}
