//! A heuristic value of a position for searches that stop before the end of the game.
//!
//! Jetan is won by taking the enemy Princess (or the enemy Chief with one's own Chief), so the
//! value weighs the pieces that can hunt her and those near one's own: material by the reach of
//! each piece, pressure on the enemy Princess's surroundings, company for one's own Princess,
//! her unused escape, central squares and Panthans that have marched. The unit is a Panthan,
//! 100. Every term is counted for both sides alike (the board and the set-up are symmetric
//! under a half turn), the value is Black's total minus Orange's, negated when Orange is to
//! move, and it shrinks while the equal-material countdown runs towards its draw. The
//! weights are the fields of [`EvalWeights`]; [`EvalWeights::DEFAULT`] was checked by matches
//! between alpha-beta engines at a fixed depth, where no change won clearly (`docs/jetan.md`,
//! section "Evaluation").

use abstract_game::{Evaluate, SearchHints, Side, worth_difference};

use crate::board::SQUARES;
use crate::piece::Kind;
use crate::position::{Move, Position};

/// The weights of the evaluation's terms, in hundredths of a Panthan.
///
/// [`EvalWeights::DEFAULT`] is what [`Evaluate::evaluate`] uses; other weights go to
/// [`Evaluate::evaluate_with`], for example to tune them by matches between engines (see
/// `docs/jetan.md`, section "Evaluation"). Weights within ±10,000 keep the arithmetic in
/// range; a search clamps the value to ±[`abstract_game::EVAL_BOUND`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EvalWeights {
    /// Material by kind, in [`Kind::index`] order: Panthan, Thoat, Warrior, Padwar, Dwar,
    /// Flier. The Chief and the Princess are on the board in every game that is still going,
    /// so they carry no material value.
    pub material: [i32; 6],
    /// Each piece (other than the Princess) within three king steps of the enemy Princess:
    /// those are the squares from which most pieces can reach her next turn.
    pub pressure: i32,
    /// Extra for the own Chief within three king steps of the enemy Princess: the Chief
    /// reaches every square there.
    pub chief_pressure: i32,
    /// Each own piece next to the own Princess: it blocks enemy paths to her square.
    pub guard: i32,
    /// The Princess's unused escape, when the rules have it: a way out of a mating net.
    pub escape: i32,
    /// Each non-royal piece on the central 6 by 6 squares, and again on the central 4 by 4.
    pub centre: i32,
    /// Each rank a Panthan has advanced: Panthans never move back, and advanced ones attack.
    pub panthan_step: i32,
}

impl EvalWeights {
    /// The weights of [`Evaluate::evaluate`]. A piece is worth roughly what it reaches on an
    /// open board (Panthan 5 squares, Thoat 12, Warrior and Padwar 8, Dwar and Flier 16); the
    /// Padwar and the Flier keep to one colour of squares, and the Flier jumps. First guesses,
    /// checked by fixed-depth matches, in which no change won clearly (`docs/jetan.md`, section
    /// "Evaluation").
    pub const DEFAULT: EvalWeights = EvalWeights {
        material: [100, 300, 250, 220, 400, 450],
        pressure: 15,
        chief_pressure: 25,
        guard: 8,
        escape: 60,
        centre: 6,
        panthan_step: 4,
    };
}

impl Default for EvalWeights {
    fn default() -> EvalWeights {
        EvalWeights::DEFAULT
    }
}

/// The squares within `radius` king steps of each square, the square itself left out.
const fn rings(radius: usize) -> [u128; SQUARES] {
    let mut out = [0u128; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let mut j = 0;
        while j < SQUARES {
            let df = (i % 10).abs_diff(j % 10);
            let dr = (i / 10).abs_diff(j / 10);
            if i != j && df <= radius && dr <= radius {
                out[i] |= 1u128 << j;
            }
            j += 1;
        }
        i += 1;
    }
    out
}

/// The squares within three king steps of each square.
const ZONE: [u128; SQUARES] = rings(3);
/// The king neighbours of each square.
const NEXT_TO: [u128; SQUARES] = rings(1);

/// The squares of files `lo..=hi` on ranks `lo..=hi`.
const fn square_block(lo: usize, hi: usize) -> u128 {
    let mut out = 0u128;
    let mut i = 0;
    while i < SQUARES {
        let (f, r) = (i % 10, i / 10);
        if f >= lo && f <= hi && r >= lo && r <= hi {
            out |= 1u128 << i;
        }
        i += 1;
    }
    out
}

/// The central 6 by 6 squares, `c3`..`h8`.
const CENTRE_6: u128 = square_block(2, 7);
/// The central 4 by 4 squares, `d4`..`g7`.
const CENTRE_4: u128 = square_block(3, 6);

impl Position {
    /// The heuristic worth of `side`'s forces, without regard to who is to move.
    #[inline]
    fn side_worth(&self, side: Side, w: &EvalWeights) -> i32 {
        let s = side.index();
        let own = self.by_side[s];
        let princesses = self.by_kind[Kind::Princess.index()];
        let chiefs = self.by_kind[Kind::Chief.index()];
        let mut value = 0;
        for (kind, &worth) in w.material.iter().enumerate() {
            value += worth * (own & self.by_kind[kind]).count_ones() as i32;
        }
        let royals = princesses | chiefs;
        let troops = own & !royals;
        value +=
            w.centre * ((troops & CENTRE_6).count_ones() + (troops & CENTRE_4).count_ones()) as i32;
        // Panthans: rank 2 is Black's start, rank 9 Orange's.
        let mut panthans = own & self.by_kind[Kind::Panthan.index()];
        let mut advance = 0;
        while panthans != 0 {
            let rank = (panthans.trailing_zeros() / 10) as i32;
            panthans &= panthans - 1;
            advance += if s == 0 { rank - 1 } else { 8 - rank };
        }
        value += w.panthan_step * advance;
        // Both Princesses stand on the board while the game goes on; a position given
        // without one is over and never evaluated, but it must not panic either.
        let theirs = princesses & self.by_side[1 - s];
        if theirs != 0 {
            let zone = ZONE[theirs.trailing_zeros() as usize % SQUARES];
            value += w.pressure * (own & !princesses & zone).count_ones() as i32;
            if own & chiefs & zone != 0 {
                value += w.chief_pressure;
            }
        }
        let mine = princesses & own;
        if mine != 0 {
            let next = NEXT_TO[mine.trailing_zeros() as usize % SQUARES];
            value += w.guard * (own & next).count_ones() as i32;
        }
        if self.rules.escape && self.escape_left[s] {
            value += w.escape;
        }
        value
    }
}

impl Evaluate for Position {
    type Weights = EvalWeights;

    const WEIGHTS: EvalWeights = EvalWeights::DEFAULT;

    // Captures are looked at past the horizon, and a Monte Carlo search judges its playouts by
    // this evaluation after 1 random ply: random Jetan games are long and noisy
    // (docs/engines.md, "MCTS defaults"). It is guided by the judgements of every move of a
    // node (docs/engines.md, "Guided MCTS").
    const SEARCH_HINTS: SearchHints = SearchHints {
        // Its judgements are settled over the captures: a Jetan node has tens of moves, and a
        // move that leaves a piece hanging is judged by the exchange, not by the count.
        mcts_settled_prior: true,
        // An alpha-beta search gives up six Panthans to avoid a draw: without it, a side whose
        // Princess is threatened by the enemy Chief takes that Chief with any piece, a draw by
        // the rules, and nearly every game between engines ends so. With it the search keeps its
        // own Chief out of such reach and plays on (docs/engines.md, "Stronger alpha-beta":
        // three Panthans, the first value, won fewer games).
        contempt: 600,
        ..SearchHints::JUDGED.guided()
    };

    /// 1 for a capture.
    #[inline]
    fn move_priority(&self, mv: Move) -> i32 {
        i32::from(self.is_capture(mv))
    }

    /// The value for the side to move, in hundredths of a Panthan: material, pressure on the
    /// enemy Princess, guards of the own one, her escape, centre and Panthan advance (see
    /// `docs/jetan.md`, section "Evaluation"). While the equal-material countdown runs it is
    /// scaled by the share of the countdown that is left, since the game is heading for a draw.
    #[inline]
    fn evaluate_with(&self, weights: &EvalWeights) -> i32 {
        let value = worth_difference(self.to_move, |side| self.side_worth(side, weights));
        match self.countdown {
            Some(left) if self.rules.countdown > 0 => {
                value * i32::from(left.min(self.rules.countdown)) / i32::from(self.rules.countdown)
            }
            _ => value,
        }
    }
}

// The largest value, with room to spare: the whole set on the best squares against nothing.
const _: () = {
    let w = EvalWeights::DEFAULT;
    let mut most = 0;
    let mut k = 0;
    while k < w.material.len() {
        if w.material[k] > most {
            most = w.material[k];
        }
        k += 1;
    }
    assert!(
        20 * (most + w.pressure + 2 * w.centre + 8 * w.panthan_step + w.guard)
            + w.chief_pressure
            + w.escape
            < abstract_game::EVAL_BOUND
    );
};

#[cfg(test)]
mod tests {

    use abstract_game::testing::{EvaluationSample, switch_field};

    use crate::prelude::*;

    fn eval(text: &str) -> i32 {
        abstract_game::testing::evaluation_of::<Position>(text, Rules::default())
    }

    #[test]
    fn the_start_is_even_and_the_values_bounded_and_symmetric() {
        for rules in abstract_game::testing::preset_rules::<Rules>() {
            let orange_first = Position::new(rules.with_first_player(Side::Second));
            assert_eq!(orange_first.evaluate(), 0);
        }
        EvaluationSample::new(5, 12, 150, 2_000).check_switching_field::<Position>(1, "b", "o");
    }

    #[test]
    fn material_follows_the_piece_values() {
        let start = "wadfrcfdaw/tppppppppt/10/10/10/10/10/10/TPPPPPPPPT/WADFCRFDAW b Rr -";
        assert_eq!(eval(start), 0);
        // Orange without one piece of each kind in turn, Black to move.
        let without = |from: &str, to: &str| eval(&start.replacen(from, to, 1));
        let panthan = without("tppppppppt", "t1pppppppt");
        let thoat = without("tppppppppt", "1ppppppppt");
        let warrior = without("wadfrcfdaw/", "1adfrcfdaw/");
        let padwar = without("wadfrcfdaw/", "w1dfrcfdaw/");
        let dwar = without("wadfrcfdaw/", "wa1frcfdaw/");
        let flier = without("wadfrcfdaw/", "wad1rcfdaw/");
        // Each lost piece is worth about its material value to Black.
        for (value, material) in [
            (panthan, 100),
            (thoat, 300),
            (warrior, 250),
            (padwar, 220),
            (dwar, 400),
            (flier, 450),
        ] {
            assert!((value - material).abs() <= 30, "{value} {material}");
        }
        assert!(panthan < padwar && padwar < warrior && warrior < thoat);
        assert!(thoat < dwar && dwar < flier);
        // From Orange's side it is the same loss.
        assert_eq!(
            eval(&switch_field(
                &start.replacen("wadfrcfdaw/", "wad1rcfdaw/", 1),
                1,
                "b",
                "o"
            )),
            -flier
        );
    }

    #[test]
    fn pressure_on_the_enemy_princess_counts() {
        // Black's Chief and a Dwar near Orange's Princess on e10, or far from her.
        let near = eval("4r5/10/3D6/4C5/10/10/10/10/10/R8c b - -");
        let far = eval("4r5/10/10/10/10/10/10/3D6/4C5/R8c b - -");
        assert!(
            near > far + 2 * super::EvalWeights::DEFAULT.pressure,
            "{near} {far}"
        );
        // The escape left is worth something.
        let with_escape = eval("4r5/10/10/10/10/10/10/3D6/4C5/R8c b r -");
        assert!(with_escape < far, "{with_escape} {far}");
    }

    #[test]
    fn the_countdown_takes_the_value_towards_a_draw() {
        // Black: Chief, Princess, Dwar; Orange: Chief, Princess, Flier (equal value, 9 each).
        let full = eval("4rc4/10/10/10/5f4/10/10/3D6/10/4CR4 b - 10");
        let late = eval("4rc4/10/10/10/5f4/10/10/3D6/10/4CR4 b - 2");
        assert!(
            full.abs() > late.abs() && late.abs() * 4 <= full.abs(),
            "{full} {late}"
        );
    }
}
