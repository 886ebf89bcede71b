//! The sequential probability ratio test of `jgames match --sprt`.

use crate::elo::{Pentanomial, Tally, score_of};

/// A sequential probability ratio test of two Elo differences: `elo0`, the null hypothesis
/// H0, against `elo1`, the alternative H1, with `alpha` the chance of accepting H1 when the
/// truth is `elo0` and `beta` that of accepting H0 when it is `elo1`.
///
/// The Elo differences are *logistic* Elo, the scale of [`Tally::elo`] (fastchess's default
/// `model=logistic`, Fishtest's `LLR_logistic`): `--sprt elo0=0 elo1=5` there is
/// `Sprt { elo0: 0.0, elo1: 5.0, .. }` here. Each is turned into the expected score
/// `1 / (1 + 10^(-elo / 400))`.
///
/// The log-likelihood ratio is the generalized one (GSPRT) that Fishtest and fastchess
/// compute: the results are a sample of a discrete distribution over the scores a trial can
/// have (0, 1/2, 1 for a game; 0, 1/4, ..., 1 for a pair's mean), and each hypothesis is
/// represented by the distribution of highest likelihood among those whose expected score is
/// its score. That distribution is `p_i = phat_i / (1 + theta (a_i - s))`, `phat_i` the
/// observed frequency of score `a_i`, with `theta` the root of
/// `sum_i phat_i (a_i - s) / (1 + theta (a_i - s)) = 0`: Proposition 1.1 of Michel Van den
/// Bergh's note <https://www.cantate.be/Fishtest/support_MLE_multinomial.pdf>, which
/// Fishtest's `LLRcalc.py` (`MLE_expected`, `LLR_logistic`) and fastchess's `sprt.cpp`
/// (`getLLR_logistic`) implement. The LLR is `sum_i n_i ln(p1_i / p0_i)`. As there, a count
/// of zero is taken as 1/1000 so the estimate exists; with no games at all the LLR is 0.
///
/// This is not the approximation `N (s1 - s0) (2 s - s0 - s1) / (2 var)` of Van den Bergh's
/// <https://www.cantate.be/Fishtest/GSPRT_approximation.pdf>, though the two agree closely
/// for the small Elo differences tested in practice; nor the BayesElo model of
/// cutechess-cli's SPRT, whose `elo0` and `elo1` are on another scale.
///
/// Sensible parameters have `elo0 < elo1` and `alpha`, `beta` in (0, 1) with
/// `alpha + beta < 1`; other values give meaningless bounds (a NaN bound decides nothing).
///
/// ```
/// use game_stats::{Sprt, SprtResult, Tally};
///
/// let sprt = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
/// let (lower, upper) = sprt.bounds();
/// assert!((upper - 19f64.ln()).abs() < 1e-12 && lower == -upper);
/// let t = Tally { wins: 1000, draws: 1500, losses: 900 };
/// let llr = sprt.llr_trinomial(&t);
/// assert!((llr - 1.9457).abs() < 1e-3);
/// assert_eq!(sprt.decision(llr), None);
/// assert_eq!(sprt.llr_text(llr), "1.95 (-2.94, 2.94) [0.00, 5.00]");
/// let more = Tally { wins: 2000, draws: 3000, losses: 1800 };
/// assert_eq!(sprt.decision(sprt.llr_trinomial(&more)), Some(SprtResult::H1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis H0 (logistic Elo).
    pub elo0: f64,
    /// The Elo difference of the alternative H1 (logistic Elo), above `elo0`.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 is true.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 is true.
    pub beta: f64,
}

/// The hypothesis a sequential test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SprtResult {
    /// The Elo difference is `elo0` (or less): the change is not the gain sought.
    H0,
    /// The Elo difference is `elo1` (or more).
    H1,
}

impl Sprt {
    /// The LLR bounds `(lower, upper)`: `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`,
    /// Wald's bounds, `±2.94` (`ln 19`) for `alpha = beta = 0.05`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for games counted as wins, draws and losses,
    /// each game an independent trial.
    pub fn llr_trinomial(&self, tally: &Tally) -> f64 {
        let counts = [tally.losses, tally.draws, tally.wins];
        llr_logistic(counts, self.score0(), self.score1())
    }

    /// The log-likelihood ratio of H1 against H0 for game pairs, each pair an independent
    /// trial scored by its mean: the test to use when games are played in pairs.
    ///
    /// ```
    /// use game_stats::{Pentanomial, Sprt};
    /// // A known answer from fastchess's tests (app/tests/sprt_test.cpp): -4.98.
    /// let sprt = Sprt { elo0: 0.0, elo1: 2.0, alpha: 0.05, beta: 0.05 };
    /// let p = Pentanomial { ll: 871, ld: 26175, dd_wl: 55983, wd: 26678, ww: 821 };
    /// assert!((sprt.llr_pentanomial(&p) + 4.98).abs() < 0.005);
    /// ```
    pub fn llr_pentanomial(&self, pairs: &Pentanomial) -> f64 {
        llr_logistic(pairs.counts(), self.score0(), self.score1())
    }

    /// The test's verdict on a log-likelihood ratio: H0 at or below the lower bound, H1 at or
    /// above the upper one, `None` in between (play on) or for a NaN.
    pub fn decision(&self, llr: f64) -> Option<SprtResult> {
        let (lower, upper) = self.bounds();
        if llr <= lower {
            Some(SprtResult::H0)
        } else if llr >= upper {
            Some(SprtResult::H1)
        } else {
            None
        }
    }

    /// `2.95 (-2.94, 2.94) [0.00, 5.00]`: the LLR, the bounds and the hypotheses, as
    /// fastchess prints them.
    pub fn llr_text(&self, llr: f64) -> String {
        let (lower, upper) = self.bounds();
        format!(
            "{llr:.2} ({lower:.2}, {upper:.2}) [{:.2}, {:.2}]",
            self.elo0, self.elo1
        )
    }

    fn score0(&self) -> f64 {
        score_of(self.elo0)
    }

    fn score1(&self) -> f64 {
        score_of(self.elo1)
    }
}

/// The generalized log-likelihood ratio of expected score `s1` against `s0` for `counts[i]`
/// trials that scored `i / (K - 1)` (see [`Sprt`]).
pub(crate) fn llr_logistic<const K: usize>(counts: [u64; K], s0: f64, s1: f64) -> f64 {
    if counts.iter().all(|&c| c == 0) {
        return 0.0;
    }
    // An empty cell would pin the estimate to a boundary; a thousandth of a trial keeps
    // every probability positive, as Fishtest and fastchess do.
    let mut n = [0.0; K];
    for (x, &c) in n.iter_mut().zip(&counts) {
        *x = if c == 0 { 1e-3 } else { c as f64 };
    }
    let total: f64 = n.iter().sum();
    let mut freq = [0.0; K];
    let (mut d0, mut d1) = ([0.0; K], [0.0; K]);
    // Scores of exactly 0 or 1 have no estimate (all mass at one end); keep them inside.
    let s0 = s0.clamp(1e-9, 1.0 - 1e-9);
    let s1 = s1.clamp(1e-9, 1.0 - 1e-9);
    for i in 0..K {
        freq[i] = n[i] / total;
        let score = i as f64 / (K - 1) as f64;
        d0[i] = score - s0;
        d1[i] = score - s1;
    }
    let theta0 = secular_root(&freq, &d0);
    let theta1 = secular_root(&freq, &d1);
    // ln(p1_i / p0_i) = ln(1 + theta0 d0_i) - ln(1 + theta1 d1_i).
    let mut llr = 0.0;
    for i in 0..K {
        llr += n[i] * ((theta0 * d0[i]).ln_1p() - (theta1 * d1[i]).ln_1p());
    }
    llr
}

/// The root `theta` of `g(theta) = sum_i p_i d_i / (1 + theta d_i)`, for positive `p_i` and
/// `d` with both signs. `g` falls from +inf to -inf between its poles `-1 / max d` and
/// `-1 / min d`, and crosses 0 once there: Newton's method from 0, kept inside a shrinking
/// bracket by bisection.
pub(crate) fn secular_root<const K: usize>(p: &[f64; K], d: &[f64; K]) -> f64 {
    let (mut dmin, mut dmax) = (d[0], d[0]);
    for &x in d {
        dmin = dmin.min(x);
        dmax = dmax.max(x);
    }
    let (mut lo, mut hi) = (-1.0 / dmax, -1.0 / dmin);
    let mut theta = 0.0;
    for _ in 0..300 {
        let (mut g, mut slope, mut size) = (0.0, 0.0, 0.0);
        for i in 0..K {
            let q = d[i] / (1.0 + theta * d[i]);
            g += p[i] * q;
            slope -= p[i] * q * q;
            size += (p[i] * q).abs();
        }
        // The terms cancel to rounding: theta is the root.
        if g.abs() <= 1e-15 * size {
            break;
        }
        if g > 0.0 {
            lo = theta;
        } else {
            hi = theta;
        }
        let newton = theta - g / slope;
        let next = if newton > lo && newton < hi {
            newton
        } else {
            0.5 * (lo + hi)
        };
        // Close to the root Newton converges quadratically: after a step this small the
        // error is far below rounding. (Near a pole the steps are small too, but there the
        // terms do not nearly cancel.)
        let done = (next - theta).abs() <= 1e-12 * (1.0 + theta.abs()) && g.abs() <= 1e-6 * size;
        theta = next;
        if done {
            break;
        }
    }
    theta
}
