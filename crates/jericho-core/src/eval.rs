//! A heuristic value of a position for searches that stop before the end of the game.
//!
//! Jericho is won by holding seven monoliths through the opponent's reply, so the value is
//! led by the monolith counts, rising faster towards seven and beyond (a count of eight
//! survives the loss of one). Next come the open alignments, where only one player has towers:
//! nobody holds their monolith yet, but the first enemy tower there, a single piece on an empty
//! square, loses to any tower of two or more pieces, so such an alignment is a monolith in
//! waiting. Last, the sizes still in stock: large pieces kept for later can crown a tower when
//! it matters. The unit is one monolith, 100. Every term is counted for both players alike
//! (the board is unchanged by the South-North mirror), and the value is South's total minus
//! North's, negated when North is to move. The weights are the fields of [`EvalWeights`];
//! [`EvalWeights::DEFAULT`] was tuned by matches between alpha-beta engines at a fixed depth
//! (`docs/jericho.md`, section "Evaluation").

use abstract_game::{Evaluate, SearchHints, Side, worth_difference};

use crate::board::{ALIGNMENT_SQUARES, Squares, TERRITORY};
use crate::piece::{MAX_HEIGHT, SIZE_PIECES, Tower};
use crate::position::{Move, MoveList, Position};

/// Strength keys below this belong to one-piece towers (see `Tower::strength_key`).
const SINGLE_KEYS: u16 = 1 << 12;

/// The weights of the evaluation's terms, in hundredths of a monolith.
///
/// [`EvalWeights::DEFAULT`] is what [`Evaluate::evaluate`] uses; other weights go to
/// [`Evaluate::evaluate_with`], for example to tune them by matches between engines (see
/// `docs/jericho.md`, section "Evaluation"). Weights within ±10,000 keep the arithmetic in
/// range; a search clamps the value to ±[`abstract_game::EVAL_BOUND`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EvalWeights {
    /// Each monolith held.
    pub monolith: i32,
    /// Extra for holding six monoliths or more: one short of a winning count.
    pub six: i32,
    /// Extra, on top of [`six`](Self::six), for holding seven or more: the opponent must
    /// break one at once.
    pub seven: i32,
    /// Extra, on top of [`seven`](Self::seven), for holding eight or more: breaking one is no
    /// longer enough.
    pub eight: i32,
    /// An open alignment (towers of this player only) where one of them has two or more
    /// pieces: any enemy tower that appears there next is a lone piece and loses to it.
    pub open_tall: i32,
    /// An open alignment where this player has only one-piece towers: a first enemy piece
    /// there ties or loses unless it is larger, and the enemy can stack on top of them.
    pub open_short: i32,
    /// Each size point (1 to 5 per piece) still in the stock.
    pub stock_size: i32,
    /// A monolith held by a tall tower that no single enemy placement can take: every enemy
    /// tower on the alignment is full, and the lead survives a piece stacked on any one of
    /// this player's towers (the leading tower is full, or another one also beats the enemy's).
    pub lead_locked: i32,
    /// A monolith held by a one-piece tower: the enemy takes it by stacking a piece on one of
    /// his own towers there, which makes it the taller.
    pub lead_single: i32,
}

impl EvalWeights {
    /// The weights of [`Evaluate::evaluate`], tuned by fixed-depth matches: an open alignment
    /// with a tall tower is worth nearly two monoliths (`docs/jericho.md`, section
    /// "Evaluation").
    pub const DEFAULT: EvalWeights = EvalWeights {
        monolith: 100,
        six: 120,
        seven: 400,
        eight: 200,
        open_tall: 180,
        open_short: 0,
        stock_size: 4,
        lead_locked: 100,
        lead_single: -100,
    };

    /// The worth of holding `n` monoliths.
    #[inline]
    const fn monoliths(&self, n: u32) -> i32 {
        let mut value = self.monolith * n as i32;
        if n >= 6 {
            value += self.six;
        }
        if n >= 7 {
            value += self.seven;
        }
        if n >= 8 {
            value += self.eight;
        }
        value
    }
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights::DEFAULT
    }
}

impl Position {
    /// The squares holding towers of two or more pieces.
    #[inline]
    fn tall_towers(&self) -> Squares {
        self.occupied
            .iter()
            .filter(|s| self.towers[s.index()].height() >= 2)
            .collect()
    }

    /// The heuristic worth of `side`'s game, without regard to who is to move; `tall` is
    /// [`tall_towers`](Self::tall_towers).
    #[inline]
    fn side_worth(&self, side: Side, tall: Squares, w: &EvalWeights) -> i32 {
        let s = side.index();
        let mut value = w.monoliths(self.lead[s].count_ones());
        let grade_leads = w.lead_locked != 0 || w.lead_single != 0;
        for (a, squares) in ALIGNMENT_SQUARES.into_iter().enumerate() {
            let on = squares & self.occupied;
            let (mine, theirs) = (on & TERRITORY[s], on & TERRITORY[1 - s]);
            if !mine.is_empty() && theirs.is_empty() {
                value += if !(mine & tall).is_empty() {
                    w.open_tall
                } else {
                    w.open_short
                };
            } else if grade_leads && self.lead[s] >> a & 1 != 0 {
                value += self.lead_grade(mine, theirs, w);
            }
        }
        let stock = self.stocks[s];
        for (size, pieces) in (1..).zip(SIZE_PIECES) {
            value += w.stock_size * size * (stock & pieces).count_ones() as i32;
        }
        value
    }
}

impl Position {
    /// The extra worth of a lead held on the squares `mine` against the towers on `theirs`
    /// (both occupied, the lead this player's): [`lead_locked`](EvalWeights::lead_locked) or
    /// [`lead_single`](EvalWeights::lead_single), judged by strength keys.
    #[inline]
    fn lead_grade(&self, mine: Squares, theirs: Squares, w: &EvalWeights) -> i32 {
        let (mut best_theirs, mut theirs_full) = (0, true);
        for t in self.towers_on(theirs) {
            best_theirs = best_theirs.max(t.strength_key());
            theirs_full &= t.height() >= MAX_HEIGHT;
        }
        let (mut winners, mut best_mine, mut best_full) = (0, 0, false);
        for t in self.towers_on(mine) {
            let key = t.strength_key();
            if key > best_theirs {
                winners += 1;
            }
            if key > best_mine {
                best_mine = key;
                best_full = t.height() >= MAX_HEIGHT;
            }
        }
        if best_mine < SINGLE_KEYS {
            w.lead_single
        } else if theirs_full && (best_full || winners >= 2) {
            w.lead_locked
        } else {
            0
        }
    }

    /// The towers on the squares of `set` (all occupied).
    #[inline]
    fn towers_on(&self, set: Squares) -> impl Iterator<Item = &Tower> + '_ {
        set.into_iter().map(|s| &self.towers[s.index()])
    }
}

impl Evaluate for Position {
    type Weights = EvalWeights;

    const WEIGHTS: EvalWeights = EvalWeights::DEFAULT;

    /// The value for the side to move, in hundredths of a monolith: monoliths held and how
    /// safe they are, open alignments and the sizes in stock (see `docs/jericho.md`, section
    /// "Evaluation").
    #[inline]
    fn evaluate_with(&self, weights: &EvalWeights) -> i32 {
        let tall = self.tall_towers();
        worth_difference(self.turn, |side| self.side_worth(side, tall, weights))
    }

    // A Monte Carlo search is guided by the judgements of every placement of a node: with the
    // lead terms, the evaluation beat plain playouts (docs/engines.md, "Guided MCTS").
    const SEARCH_HINTS: SearchHints = SearchHints::DEFAULT.guided();

    /// The plans of the text's two ways of playing, `copy` and `undermine`
    /// ([`openings`](crate::openings)).
    const OPENINGS: &'static [abstract_game::Opening<Self>] = crate::openings::ALL;

    /// Placements of one size on one square are twins: colours never count in the strength
    /// of a tower, so the monoliths, the open alignments and the sizes in stock come out the
    /// same, and so does the outcome. Only what may later be stacked there, and the
    /// opponent's asymmetry rule, tell them apart. The family is `26 * (size - 1) + square`.
    #[inline]
    fn move_family(&self, mv: Move) -> Option<u8> {
        match mv {
            Move::Place { piece, square } => Some(26 * (piece.size() - 1) + square.index() as u8),
            Move::Pass => None,
        }
    }

    /// One placement of each size on each square (the first colour that may go there), or
    /// the pass.
    #[inline]
    fn family_moves(&self, moves: &mut MoveList) {
        self.generate_families(moves);
    }
}

// The largest value, with room to spare: thirteen monoliths, each graded, or thirteen open
// alignments and a full stock, against nothing.
const _: () = {
    let w = EvalWeights::DEFAULT;
    let grade = if w.lead_locked > -w.lead_single {
        w.lead_locked
    } else {
        -w.lead_single
    };
    assert!(
        w.monoliths(13) + 13 * grade + 13 * w.open_tall + 75 * w.stock_size
            < abstract_game::EVAL_BOUND
    );
};

#[cfg(test)]
mod tests {

    use abstract_game::testing::{EvaluationSample, switch_field};

    use crate::prelude::*;

    const ALL_SIZES: &str = "1abcde2abcde3abcde4abcde5abcde";

    fn eval(text: &str) -> i32 {
        abstract_game::testing::evaluation_of::<Position>(text, Rules::default())
    }

    /// The full stock without the pieces named (e.g. `["5a"]`).
    fn stock_without(pieces: &[&str]) -> String {
        let mut text = String::new();
        for size in '1'..='5' {
            let colours: String = "abcde"
                .chars()
                .filter(|&c| !pieces.contains(&format!("{size}{c}").as_str()))
                .collect();
            if !colours.is_empty() {
                text.push(size);
                text.push_str(&colours);
            }
        }
        text
    }

    /// Towers on file a, `south` on a1 and `north` on a4 (pieces from the bottom up), each
    /// player's stock without his tower's pieces, `mover` (`S` or `N`) to move.
    fn on_file_a(south: &[&str], north: &[&str], mover: char) -> String {
        format!(
            "a1={},a4={} {} {} {mover} - 0/0 0",
            south.concat(),
            north.concat(),
            stock_without(south),
            stock_without(north)
        )
    }

    /// Positions of random games under every preset, not finished.
    fn random_positions() -> Vec<Position> {
        abstract_game::testing::unfinished_positions(
            &abstract_game::testing::preset_rules::<Rules>(),
            9,
            40,
            60,
        )
    }

    #[test]
    fn the_start_is_even_and_the_values_bounded_and_symmetric() {
        assert_eq!(stock_without(&[]), ALL_SIZES);
        abstract_game::testing::check_evaluation_sample::<Position>(
            EvaluationSample::new(9, 40, 60, 5_000),
            |text| {
                // The last placement belongs to the player who just moved: drop it.
                let switched = switch_field(text, 3, "S", "N");
                switch_field(&switched, 4, "-", "-")
            },
        );
    }

    #[test]
    fn twins_are_one_size_on_one_square() {
        // Checks the twins' values and the family list on a sample (every position is
        // sampled by `check_evaluation` too, one in ten).
        let (mut families, mut moves) = (0, 0);
        for pos in random_positions().iter().step_by(50) {
            families += abstract_game::testing::check_families(pos);
            moves += pos.count_legal_moves();
        }
        // Five colours a size at the start, fewer as the stocks and the towers fill.
        assert!(2 * families < moves, "{families} families of {moves} moves");
        let start = Position::new(Rules::default());
        assert_eq!(abstract_game::testing::check_families(&start), 5 * 26);
        let mut list = MoveList::new();
        start.family_moves(&mut list);
        assert_eq!(list.len(), 5 * 26);
        assert_eq!(list[0].to_string(), "1a@a1");
    }

    #[test]
    fn the_south_north_mirror_negates_the_value() {
        // South's 3a on 2b at a1 against North's 2d on 3c at a4, and the same mirrored with
        // North to move.
        let south = on_file_a(&["2b", "3a"], &["3c", "2d"], 'S');
        let north = on_file_a(&["3c", "2d"], &["2b", "3a"], 'N');
        assert_eq!(eval(&south), eval(&north));
        assert!(eval(&south) > 0);
    }

    #[test]
    fn a_monolith_lead_scores_more() {
        // On file a, towers of two pieces with the same size points: South leads (3 on top
        // against 2), ties (3 on 2 against 3 on 2) or trails (2 on top against 3). A lead by a
        // single piece is worth little: `leads_are_graded_by_how_safe_they_are`.
        let leads = on_file_a(&["2b", "3a"], &["3c", "2d"], 'S');
        let ties = on_file_a(&["2b", "3a"], &["2c", "3d"], 'S');
        let trails = on_file_a(&["3c", "2d"], &["2b", "3a"], 'S');
        let (leads, ties, trails) = (eval(&leads), eval(&ties), eval(&trails));
        assert!(
            leads > ties + 80 && ties > trails + 80,
            "{leads} {ties} {trails}"
        );
        // A count near seven is worth more than the same lead lower down.
        let w = super::EvalWeights::DEFAULT;
        assert!(w.monoliths(7) - w.monoliths(6) > w.monoliths(3) - w.monoliths(2));
    }

    #[test]
    fn an_open_alignment_with_a_tall_tower_is_a_monolith_in_waiting() {
        // South alone on file a: a tower of two pieces (3b under 1a) or one piece (1a).
        let tall = format!(
            "a1=3b1a {} {} N - 0/0 0",
            stock_without(&["1a"]),
            stock_without(&["3b"])
        );
        let short = format!("a1=1a {} {ALL_SIZES} N - 0/0 0", stock_without(&["1a"]));
        // North to move: worse for North with South's tall tower, in spite of the stock
        // (North placed the 3b).
        assert!(
            eval(&tall) < eval(&short),
            "{} {}",
            eval(&tall),
            eval(&short)
        );
    }

    #[test]
    fn leads_are_graded_by_how_safe_they_are() {
        // South to move leads file a in each; the two lead terms alone, set apart from the
        // rest of the evaluation by evaluating with and without them.
        let extra = |text: &str, locked: i32, single: i32| {
            let pos = Position::from_text(text, Rules::default()).unwrap();
            let off = super::EvalWeights {
                lead_locked: 0,
                lead_single: 0,
                ..super::EvalWeights::DEFAULT
            };
            let on = super::EvalWeights {
                lead_locked: locked,
                lead_single: single,
                ..off
            };
            pos.evaluate_with(&on) - pos.evaluate_with(&off)
        };
        let (full_south, full_north) = (["1a", "2b", "3c", "5d"], ["1e", "2a", "3b", "4c"]);
        // Both towers full, South's 5 on top beats North's 4: nothing North places can take it.
        let locked = on_file_a(&full_south, &full_north, 'S');
        assert_eq!(extra(&locked, 500, -300), 500);
        // North's tower has room: its 5e on top would take the lead.
        let open_enemy = on_file_a(&full_south, &["2a", "3b", "4c"], 'S');
        assert_eq!(extra(&open_enemy, 500, -300), 0);
        // South's tower has room: North may stack its 1a on it, and 1 on top loses to 4.
        let open_mine = on_file_a(&["2b", "3c", "5d"], &full_north, 'S');
        assert_eq!(extra(&open_mine, 500, -300), 0);
        // A one-piece lead: North takes it by stacking on its own 1a.
        let single = on_file_a(&["5a"], &["1a"], 'S');
        assert_eq!(extra(&single, 500, -300), -300);
        // The same from North's side: the mover's view is negated.
        let north = on_file_a(&full_south, &full_north, 'N');
        assert_eq!(extra(&north, 500, -300), -500);
    }
}
