//! A heuristic value of a position for searches that stop before the end of the game.
//!
//! Jersi is a race: the first King to reach the enemy's home row wins, and a captured King is
//! put back on its own home row, losing its whole march. So the value is led by how far each
//! King has come and the risk of losing that march to an enemy fighter next to it; then comes
//! material, the cubes that clear the way and guard the King. A bonus for a King riding on a
//! stack (a stack step covers two cells and the King may step on after it) is a term too, but
//! the tuning matches set it to 0. The unit is a Rock, Paper or Scissors, 100. Every term is
//! counted for both sides alike, and the value is White's total minus Black's, negated when
//! Black is to move. The weights are the fields of [`EvalWeights`]; [`EvalWeights::DEFAULT`]
//! was tuned by matches between alpha-beta engines at a fixed depth (`docs/jersi.md`, section
//! "Evaluation").

use abstract_game::{Evaluate, SearchHints, Side, worth_difference};

use crate::board::{NEIGHBOR_MASKS, SLOTS, Square, WIDTH};
use crate::moves::Move;
use crate::piece::{Kind, code_kind};
use crate::position::Position;

/// The weights of the evaluation's terms, in hundredths of a Rock.
///
/// [`EvalWeights::DEFAULT`] is what [`Evaluate::evaluate`] uses; other weights go to
/// [`Evaluate::evaluate_with`], for example to tune them by matches between engines (see
/// `docs/jersi.md`, section "Evaluation"). Weights within ±10,000 keep the arithmetic in
/// range; a search clamps the value to ±[`abstract_game::EVAL_BOUND`].
///
/// The King is on the board in every game that goes on, so it carries no material value, and
/// a Mountain on the board never moves and serves either side, so it counts for nobody.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EvalWeights {
    /// A Fool on the board: it beats five kinds, the Fool and the King included.
    pub fool: i32,
    /// A Wise man on the board: it captures nothing, but no Fool can take it, and it makes
    /// stacks (by default worth a Rock: half of that made the engine worse).
    pub wise: i32,
    /// A Rock, Paper or Scissors on the board: each beats one fighter, the Fool, the King and
    /// the Wise man.
    pub fighter: i32,
    /// A Mountain waiting in the reserve: a drop can block a line or shelter the King.
    pub reserve_mountain: i32,
    /// A Wise man waiting in the reserve (a little less than on the board: dropping takes a
    /// turn).
    pub reserve_wise: i32,
    /// The King's march by the rows it still has to go, 0 to 8 (0 is the goal row, a finished
    /// game): growing faster near the end, since a King one row away wins next turn unless
    /// stopped.
    pub king_race: [i32; 9],
    /// The King on top of a stack: it may move two cells and then step on, three rows in a
    /// turn. By default 0: a bonus made the engine worse in the tuning matches.
    pub king_on_stack: i32,
    /// The share, in quarters, of its march a King puts at stake when an enemy Rock, Paper,
    /// Scissors or Fool stands next to it: a capture sends it back to its home row.
    pub king_threat_quarters: i32,
}

impl EvalWeights {
    /// The weights of [`Evaluate::evaluate`], tuned by fixed-depth matches: a Wise man on the
    /// board is worth a Rock, and a King on a stack earns nothing (`docs/jersi.md`, section
    /// "Evaluation").
    pub const DEFAULT: EvalWeights = EvalWeights {
        fool: 130,
        wise: 100,
        fighter: 100,
        reserve_mountain: 25,
        reserve_wise: 40,
        king_race: [600, 320, 180, 110, 70, 45, 25, 10, 0],
        king_on_stack: 0,
        king_threat_quarters: 2,
    };

    /// Material by [`Kind::index`]: King, Fool, Wise man, Rock, Paper, Scissors, Mountain.
    #[inline]
    const fn material(&self) -> [i32; 7] {
        let f = self.fighter;
        [0, self.fool, self.wise, f, f, f, 0]
    }
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights::DEFAULT
    }
}

impl Position {
    /// The heuristic worth of `side`'s forces, without regard to who is to move.
    #[inline]
    fn side_worth(&self, side: Side, w: &EvalWeights) -> i32 {
        let s = side.index();
        let own = self.units[s];
        let material = w.material();
        let mut value = 0;
        for (kind, &worth) in material.iter().enumerate().skip(1).take(5) {
            value += worth * (own & self.kinds[kind]).count_ones() as i32;
        }
        // The lower cubes of the side's stacks (two own cubes, no Mountain).
        let mut stacks = own & self.double & !self.mountains;
        while stacks != 0 {
            let slot = stacks.trailing_zeros() as usize;
            stacks &= stacks - 1;
            let bottom = self.cells[slot % SLOTS][0];
            if bottom != 0 {
                value += material[code_kind(bottom)];
            }
        }
        value += w.reserve_mountain * i32::from(self.reserve[s][0])
            + w.reserve_wise * i32::from(self.reserve[s][1]);
        let king = own & self.kinds[Kind::King.index()];
        if king != 0 {
            let slot = king.trailing_zeros() as usize;
            let row = slot / WIDTH;
            let to_go = if s == 0 { 8 - row.min(8) } else { row.min(8) };
            let race = w.king_race[to_go];
            value += race;
            if king & self.double & !self.mountains != 0 {
                value += w.king_on_stack;
            }
            let fighters = self.kinds[Kind::Fool.index()]
                | self.kinds[Kind::Rock.index()]
                | self.kinds[Kind::Paper.index()]
                | self.kinds[Kind::Scissors.index()];
            if NEIGHBOR_MASKS[slot % SLOTS] & fighters & self.units[1 - s] != 0 {
                value -= race * w.king_threat_quarters / 4;
            }
        }
        value
    }
}

impl Evaluate for Position {
    type Weights = EvalWeights;

    const WEIGHTS: EvalWeights = EvalWeights::DEFAULT;

    // A Monte Carlo search judges its playouts by this evaluation after one random ply: random
    // Jersi games nearly always end drawn, and with the guided tree one ply scored best. With
    // hundreds to thousands of turns a position, the tree is guided by the judgements of every
    // turn (docs/engines.md, "Guided MCTS").
    const SEARCH_HINTS: SearchHints = SearchHints::JUDGED.guided();

    /// The article's two Mountain strategies, Helm's Deep and Minas Tirith (see
    /// [`openings`](crate::openings)).
    const OPENINGS: &'static [abstract_game::Opening<Self>] = crate::openings::ALL;

    /// 1 when a step of the turn lands on a cell the enemy holds now (a capture, or nearly
    /// always one: the board seen before the turn), 0 for other turns and drops.
    #[inline]
    fn move_priority(&self, mv: Move) -> i32 {
        let enemy = self.units[(!self.to_move).index()];
        let (first, second) = match mv {
            Move::Cube { to, stack_to, .. } => (to, stack_to),
            Move::Stack { to, cube_to, .. } => (to, cube_to),
            Move::Drop { .. } => return 0,
        };
        let lands = first.bit() | second.map_or(0, Square::bit);
        i32::from(enemy & lands != 0)
    }

    /// The value for the side to move, in hundredths of a Rock: the Kings' march to the
    /// enemy's home row, material and reserves (see `docs/jersi.md`, section "Evaluation").
    #[inline]
    fn evaluate_with(&self, weights: &EvalWeights) -> i32 {
        worth_difference(self.to_move, |side| self.side_worth(side, weights))
    }
}

// The largest value, with room to spare: every cube and the King one row from its goal.
const _: () = {
    let w = EvalWeights::DEFAULT;
    let mut most = if w.fool > w.fighter {
        w.fool
    } else {
        w.fighter
    };
    if w.wise > most {
        most = w.wise;
    }
    assert!(
        21 * most + 6 * w.reserve_wise + w.king_race[0] + w.king_on_stack
            < abstract_game::EVAL_BOUND
    );
};

#[cfg(test)]
mod tests {

    use abstract_game::testing::EvaluationSample;

    use crate::prelude::*;

    fn eval(text: &str, rules: Rules) -> i32 {
        abstract_game::testing::evaluation_of::<Position>(text, rules)
    }

    #[test]
    fn the_start_is_even_and_the_values_bounded_and_symmetric() {
        EvaluationSample::new(3, 10, 120, 1_000).check_switching_field::<Position>(1, "w", "b");
    }

    #[test]
    fn extra_material_scores_more() {
        let start = "prskrsp/fsprsprf/7/8/9/8/7/FRPSRPSF/PSRKSRP w MMMMWW/mmmmww 40 1";
        let even = eval(start, Rules::default());
        // Black without its Fool on h1, then without its Rock on i2.
        let no_fool = eval(&start.replace("/fsprsprf/", "/1sprsprf/"), Rules::default());
        let no_rock = eval(&start.replace("prskrsp/", "p1skrsp/"), Rules::default());
        assert!(
            no_rock > even && no_fool > no_rock,
            "{even} {no_rock} {no_fool}"
        );
        // A stack counts both of its cubes: White's Rock on b2 moved onto its Paper on b3.
        let stacked = eval(
            "prskrsp/fsprsprf/7/8/9/8/7/F1(PR)SRPSF/PSRKSRP w MMMMWW/mmmmww 40 1",
            Rules::default(),
        );
        assert_eq!(stacked, even);
        // Reserves count for their owner.
        let no_reserve = eval(&start.replace("/mmmmww ", "/- "), Rules::default());
        assert!(no_reserve > even);
    }

    #[test]
    fn a_king_nearer_the_enemy_home_row_scores_more() {
        // White's King walks up from row b to row h; Black has its King on i4 and a Rock on
        // i1, away from the White King's path.
        let rows = ["4K3", "3K3", "4K3", "4K4", "4K3", "3K3", "4K3"]; // rows b to h
        let empty = ["7", "8", "7", "8", "9", "8", "7", "8", "7"]; // rows a to i
        let mut last = i32::MIN;
        for (i, king_row) in rows.iter().enumerate() {
            let mut board: Vec<&str> = empty.to_vec();
            board[i + 1] = king_row;
            board[8] = "r2k3";
            board.reverse();
            let text = format!("{} w -/- 40 1", board.join("/"));
            let value = eval(&text, Rules::preset("no-drop").unwrap());
            assert!(value > last, "{text}: {value} after {last}");
            last = value;
        }
    }

    #[test]
    fn an_enemy_fighter_next_to_the_king_puts_its_march_at_risk() {
        let rules = Rules::preset("no-drop").unwrap();
        // White's King on e5 (four rows to go); Black's Rock next to it on e6, or far away.
        let near = eval("3k3/8/7/8/4Kr3/8/7/8/7 w -/- 40 1", rules);
        let far = eval("3k3/8/7/8/4K4/8/7/8/6r w -/- 40 1", rules);
        assert!(near < far, "{near} {far}");
    }
}
