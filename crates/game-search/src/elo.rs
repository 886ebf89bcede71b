//! The statistics of an engine match: the score, the Elo difference it measures with a 95%
//! interval, and a sequential test that stops the match once the evidence is enough. It is
//! the arithmetic behind `jgames match` and the tuning harness, free of any game or engine,
//! and follows what engine authors read in the output of fastchess, cutechess-cli, OpenBench
//! and Fishtest, so the numbers can be compared with theirs.
//!
//! # Games and game pairs
//!
//! A [`Tally`] counts wins, draws and losses and treats every game as independent of the
//! others (the *trinomial* model). Matches are usually played in *pairs*: each opening twice,
//! with the colours swapped. The two games of a pair are not independent: an opening that
//! favours one side tends to give one win to each engine. A [`Pentanomial`] counts the five
//! pair outcomes instead (the pair scores 0, 1/2, 1, 3/2 and 2) and measures the spread of
//! the pair scores, which takes that correlation into account. Its Elo interval and its test
//! are then as wide as the games warrant, typically narrower than the trinomial ones, which
//! overstate the noise of paired games.
//!
//! # Normalized Elo
//!
//! Besides the logistic Elo difference, [`Tally::nelo`] and [`Pentanomial::nelo`] give the
//! *normalized* Elo of Michel Van den Bergh's note "Comments on normalized Elo"
//! (<https://www.cantate.be/Fishtest/normalized_elo_practical.pdf>), as fastchess and
//! Fishtest print it: the distance of the score from 1/2 in standard deviations of one
//! game's score, scaled by `800 / ln 10` so that it reads like Elo near an even score. It
//! measures how easily a difference is detected: how many games a test needs depends mostly
//! on the nElo, whatever the draw rate.
//!
//! # Sequential testing
//!
//! [`Sprt`] is the generalized sequential probability ratio test used by Fishtest, OpenBench
//! and fastchess: after every game (or pair) compare the log-likelihood ratio of "the Elo
//! difference is `elo1`" against "it is `elo0`" with two bounds set by the error rates, and
//! stop when it leaves them.
//!
//! ```
//! use game_search::elo::{GameResult, Pentanomial, Sprt, SprtResult};
//!
//! let sprt = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
//! let mut pairs = Pentanomial::default();
//! // Each opening is played twice, colours swapped; both results are the first engine's.
//! pairs.add(GameResult::Win, GameResult::Draw);
//! pairs.add(GameResult::Loss, GameResult::Win);
//! assert_eq!((pairs.pairs(), pairs.games()), (2, 4));
//! assert_eq!(pairs.score(), 0.625);
//! // Two pairs decide nothing.
//! let llr = sprt.llr_pentanomial(&pairs);
//! assert_eq!(sprt.decision(llr), None);
//!
//! // 6000 pairs that favour the first engine by about 6 Elo: enough to accept H1.
//! let long = Pentanomial { ll: 200, ld: 1300, dd_wl: 2800, wd: 1500, ww: 200 };
//! let llr = sprt.llr_pentanomial(&long);
//! assert_eq!(sprt.decision(llr), Some(SprtResult::H1));
//! assert_eq!(sprt.llr_text(llr), "4.46 (-2.94, 2.94) [0.00, 5.00]");
//! assert_eq!(long.elo_text(), "+6 [+2, +10]");
//! assert_eq!(long.nelo_text(), "+10 [+3, +16]");
//! ```
//!
//! And a plain count of games, with no pairs:
//!
//! ```
//! use game_search::elo::Tally;
//!
//! let t = Tally { wins: 60, draws: 10, losses: 30 };
//! assert_eq!(t.games(), 100);
//! assert!((t.score() - 0.65).abs() < 1e-9);
//! let (elo, low, high) = t.elo();
//! assert!(low > 0.0 && low < elo && elo < high); // clearly better, about +108
//! assert_eq!(t.elo_text(), "+108 [+37, +178]");
//! ```

use std::f64::consts::LN_10;

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.96;

/// Normalized Elo per unit of `(score - 1/2) / sigma`: `800 / ln 10`, the slope of the
/// logistic Elo curve at an even score times the 1/2 standard deviation of a win-or-loss game.
const NELO_PER_SIGMA: f64 = 800.0 / LN_10;

/// The result of one game from the first engine's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The first engine won.
    Win,
    /// A draw (a game stopped at the ply cap counts as drawn).
    Draw,
    /// The first engine lost.
    Loss,
}

impl GameResult {
    /// The first engine's points: 1, 1/2 or 0.
    ///
    /// ```
    /// use game_search::elo::GameResult;
    /// assert_eq!(GameResult::Draw.score(), 0.5);
    /// ```
    pub fn score(self) -> f64 {
        self.half_points() as f64 / 2.0
    }

    /// The same game from the other engine's side: a win becomes a loss.
    ///
    /// ```
    /// use game_search::elo::GameResult;
    /// assert_eq!(GameResult::Win.reversed(), GameResult::Loss);
    /// assert_eq!(GameResult::Draw.reversed(), GameResult::Draw);
    /// ```
    pub fn reversed(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Draw => GameResult::Draw,
            GameResult::Loss => GameResult::Win,
        }
    }

    /// Points in halves, so that sums stay exact: 2, 1 or 0.
    fn half_points(self) -> u64 {
        match self {
            GameResult::Win => 2,
            GameResult::Draw => 1,
            GameResult::Loss => 0,
        }
    }
}

/// Wins, draws and losses of one engine against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u64,
    /// Drawn games (a game stopped at the ply cap counts as drawn).
    pub draws: u64,
    /// Games the first engine lost.
    pub losses: u64,
}

impl Tally {
    /// Counts one more game.
    ///
    /// ```
    /// use game_search::elo::{GameResult, Tally};
    /// let mut t = Tally::default();
    /// t.add(GameResult::Win);
    /// t.add(GameResult::Draw);
    /// assert_eq!(t, Tally { wins: 1, draws: 1, losses: 0 });
    /// ```
    pub fn add(&mut self, result: GameResult) {
        match result {
            GameResult::Win => self.wins += 1,
            GameResult::Draw => self.draws += 1,
            GameResult::Loss => self.losses += 1,
        }
    }

    /// Games played.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's points over the games, a win 1 and a draw 1/2: from 0 to 1.
    pub fn score(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n
    }

    /// The Elo difference the score stands for, and its 95% interval `(low, high)`: the
    /// Wilson interval of the score, which stays inside 0..1 and is finite at a score of 0 or
    /// 1 (where the difference itself is infinite). It treats every game as a win or a loss,
    /// which makes the interval a little wider than the truth when there are draws.
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.games() as f64;
        let p = self.score();
        if n == 0.0 {
            return (0.0, f64::NEG_INFINITY, f64::INFINITY);
        }
        let z = Z95;
        let z2n = z * z / n;
        let centre = (p + z2n / 2.0) / (1.0 + z2n);
        let half = z * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt() / (1.0 + z2n);
        // At a score of 0 or 1 one bound is exactly 0 or 1; rounding must not make it finite.
        let bound = |x: f64| {
            elo_of(if x < 1e-12 {
                0.0
            } else if x > 1.0 - 1e-12 {
                1.0
            } else {
                x
            })
        };
        (elo_of(p), bound(centre - half), bound(centre + half))
    }

    /// `+120 [+80, +170]`, with `inf` where the score is 0 or 1.
    pub fn elo_text(&self) -> String {
        let (e, lo, hi) = self.elo();
        format!("{} [{}, {}]", signed(e), signed(lo), signed(hi))
    }

    /// The normalized Elo and its 95% interval `(nelo, low, high)`, as fastchess prints it
    /// for game statistics: `(score - 1/2) / sigma * 800 / ln 10`, with `sigma` the standard
    /// deviation of one game's score (see the [module documentation](self)). The interval is
    /// the normal one of the score, `±1.96 sigma / sqrt(games)`, which comes to
    /// `±1.96 * 800 / ln 10 / sqrt(games)` whatever the results.
    ///
    /// With no games it is `(0, -inf, +inf)`. When every game had the same result the spread
    /// is 0: all draws read 0 with the usual interval, all wins `+inf` and all losses `-inf`
    /// (interval included).
    ///
    /// ```
    /// use game_search::elo::Tally;
    /// let t = Tally { wins: 136, draws: 111, losses: 96 };
    /// let (nelo, low, high) = t.nelo();
    /// assert!((nelo - 49.77).abs() < 0.01 && (high - nelo - 36.77).abs() < 0.01);
    /// assert!((nelo - low - 36.77).abs() < 0.01);
    /// assert_eq!(t.nelo_text(), "+50 [+13, +87]");
    /// ```
    pub fn nelo(&self) -> (f64, f64, f64) {
        let n = self.games() as f64;
        let s = self.score();
        let (w, d, l) = (self.wins as f64, self.draws as f64, self.losses as f64);
        let variance = if n == 0.0 {
            0.0
        } else {
            (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s * s) / n
        };
        nelo_of(s, variance.sqrt(), n)
    }

    /// `+50 [+13, +87]`: [`Tally::nelo`] as text.
    pub fn nelo_text(&self) -> String {
        interval_text(self.nelo())
    }
}

/// The outcomes of game pairs: each opening played twice with the colours swapped, both
/// games scored from the first engine's side. Its statistics treat the pair, not the game, as
/// the independent trial (see the [module documentation](self)).
///
/// Fields are named by the pair's two results in either order (`ld` counts a loss and a
/// draw, whichever came first) and sorted by the pair's score.
///
/// ```
/// use game_search::elo::{GameResult::*, Pentanomial};
///
/// let mut p = Pentanomial::default();
/// p.add(Win, Loss);
/// p.add(Draw, Draw);
/// p.add(Draw, Win);
/// assert_eq!(p, Pentanomial { ll: 0, ld: 0, dd_wl: 2, wd: 1, ww: 0 });
/// assert_eq!(p.score(), 7.0 / 12.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// Pairs lost twice: a pair score of 0.
    pub ll: u64,
    /// Pairs of a loss and a draw: 1/2.
    pub ld: u64,
    /// Pairs of two draws, or of a win and a loss: 1.
    pub dd_wl: u64,
    /// Pairs of a win and a draw: 3/2.
    pub wd: u64,
    /// Pairs won twice: 2.
    pub ww: u64,
}

impl Pentanomial {
    /// The count of the single pair `first`, `second`.
    ///
    /// ```
    /// use game_search::elo::{GameResult, Pentanomial};
    /// let p = Pentanomial::from_pair(GameResult::Draw, GameResult::Win);
    /// assert_eq!(p, Pentanomial { wd: 1, ..Pentanomial::default() });
    /// ```
    pub fn from_pair(first: GameResult, second: GameResult) -> Pentanomial {
        let mut p = Pentanomial::default();
        p.add(first, second);
        p
    }

    /// Counts one more pair, its two games in either order.
    pub fn add(&mut self, first: GameResult, second: GameResult) {
        match first.half_points() + second.half_points() {
            0 => self.ll += 1,
            1 => self.ld += 1,
            2 => self.dd_wl += 1,
            3 => self.wd += 1,
            _ => self.ww += 1,
        }
    }

    /// Pairs played.
    pub fn pairs(&self) -> u64 {
        self.counts().iter().sum()
    }

    /// Games played: two a pair.
    pub fn games(&self) -> u64 {
        2 * self.pairs()
    }

    /// The first engine's points a game, from 0 to 1 (1/2 with no pairs).
    pub fn score(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.5;
        }
        self.half_points() as f64 / (4 * n) as f64
    }

    /// The games as wins, draws and losses, with the same games and score. The counts do not
    /// tell a pair of draws from a win and a loss; the tally takes every such pair as a win
    /// and a loss, the reading with the most spread, so trinomial statistics of it err on the
    /// cautious side. Keep a [`Tally`] beside the pairs for the exact split.
    ///
    /// ```
    /// use game_search::elo::{Pentanomial, Tally};
    /// let p = Pentanomial { ll: 1, ld: 2, dd_wl: 3, wd: 4, ww: 5 };
    /// assert_eq!(p.to_tally(), Tally { wins: 17, draws: 6, losses: 7 });
    /// assert_eq!(p.to_tally().score(), p.score());
    /// ```
    pub fn to_tally(&self) -> Tally {
        Tally {
            wins: self.dd_wl + self.wd + 2 * self.ww,
            draws: self.ld + self.wd,
            losses: 2 * self.ll + self.ld + self.dd_wl,
        }
    }

    /// The Elo difference the score stands for, and its 95% interval `(low, high)`, from the
    /// spread of the pair scores: the score `±1.96 sigma / sqrt(pairs)`, `sigma` the standard
    /// deviation of a pair's mean score, each end turned into Elo (fastchess's pentanomial
    /// interval, given here by its ends rather than as `±` half its width). An end past a
    /// score of 0 or 1 is infinite.
    ///
    /// With no pairs it is `(0, -inf, +inf)`. When every pair scored the same the spread
    /// measured is 0 and would give an interval of one point; the interval is then
    /// [`Tally::elo`]'s for [`to_tally`](Pentanomial::to_tally) instead, which stays open.
    ///
    /// ```
    /// use game_search::elo::Pentanomial;
    /// // A known answer from fastchess's tests (app/tests/elo_test.cpp): 55.58 +/- 27.65.
    /// let p = Pentanomial { ll: 34, ld: 54, dd_wl: 63, wd: 64, ww: 75 };
    /// let (elo, low, high) = p.elo();
    /// assert!((elo - 55.58).abs() < 0.01 && ((high - low) / 2.0 - 27.65).abs() < 0.01);
    /// assert_eq!(p.elo_text(), "+56 [+28, +84]");
    /// ```
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = self.pairs() as f64;
        if n == 0.0 {
            return (0.0, f64::NEG_INFINITY, f64::INFINITY);
        }
        let s = self.score();
        let variance = self.pair_variance();
        if variance == 0.0 {
            let (_, low, high) = self.to_tally().elo();
            return (elo_of(s), low, high);
        }
        let half = Z95 * (variance / n).sqrt();
        (elo_of(s), elo_of(s - half), elo_of(s + half))
    }

    /// `+56 [+28, +84]`, with `inf` where an end passes a score of 0 or 1.
    pub fn elo_text(&self) -> String {
        interval_text(self.elo())
    }

    /// The normalized Elo and its 95% interval `(nelo, low, high)`, as fastchess prints it
    /// for pairs: `(score - 1/2) / (sqrt(2) sigma) * 800 / ln 10`, with `sigma` the standard
    /// deviation of a pair's mean score. `sqrt(2) sigma` is the spread of one game that two
    /// independent games would need to make that pair spread, so the number is comparable
    /// with [`Tally::nelo`]: it is the definition of Van den Bergh's note and of Fishtest's
    /// `LLR_normalized`, which take the standard deviation per game of a pentanomial as
    /// `sqrt(2)` times that of the pair. The interval, the normal one of the score, comes to
    /// `±1.96 * 800 / ln 10 / sqrt(games)`.
    ///
    /// With no pairs it is `(0, -inf, +inf)`; when every pair scored the same it is 0 (with
    /// the usual interval) at an even score and infinite otherwise, as for [`Tally::nelo`].
    ///
    /// ```
    /// use game_search::elo::Pentanomial;
    /// // A known answer from fastchess's tests (app/tests/elo_test.cpp): 57.94 +/- 28.28.
    /// let p = Pentanomial { ll: 34, ld: 54, dd_wl: 63, wd: 64, ww: 75 };
    /// let (nelo, low, high) = p.nelo();
    /// assert!((nelo - 57.94).abs() < 0.01 && ((high - low) / 2.0 - 28.28).abs() < 0.01);
    /// assert_eq!(p.nelo_text(), "+58 [+30, +86]");
    /// ```
    pub fn nelo(&self) -> (f64, f64, f64) {
        let sigma_per_game = (2.0 * self.pair_variance()).sqrt();
        nelo_of(self.score(), sigma_per_game, self.games() as f64)
    }

    /// `+58 [+30, +86]`: [`Pentanomial::nelo`] as text.
    pub fn nelo_text(&self) -> String {
        interval_text(self.nelo())
    }

    /// The counts by pair score in half points, 0 to 4.
    fn counts(&self) -> [u64; 5] {
        [self.ll, self.ld, self.dd_wl, self.wd, self.ww]
    }

    /// The first engine's half points over all pairs.
    fn half_points(&self) -> u64 {
        self.ld + 2 * self.dd_wl + 3 * self.wd + 4 * self.ww
    }

    /// The variance of a pair's mean score (its points over 2), 0 with no pairs.
    fn pair_variance(&self) -> f64 {
        let n = self.pairs();
        if n == 0 {
            return 0.0;
        }
        let s = self.score();
        let sum: f64 = self
            .counts()
            .iter()
            .enumerate()
            .map(|(i, &k)| k as f64 * (i as f64 / 4.0 - s).powi(2))
            .sum();
        sum / n as f64
    }
}

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
/// use game_search::elo::{Sprt, SprtResult, Tally};
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
    /// use game_search::elo::{Pentanomial, Sprt};
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
fn llr_logistic<const K: usize>(counts: [u64; K], s0: f64, s1: f64) -> f64 {
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
fn secular_root<const K: usize>(p: &[f64; K], d: &[f64; K]) -> f64 {
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

/// The expected score of a logistic Elo difference.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of an expected score `p`.
fn elo_of(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// Normalized Elo with its 95% interval for a score `s` over `games` games whose score has a
/// standard deviation of `sigma` a game.
fn nelo_of(s: f64, sigma: f64, games: f64) -> (f64, f64, f64) {
    if games == 0.0 {
        return (0.0, f64::NEG_INFINITY, f64::INFINITY);
    }
    let half = Z95 * NELO_PER_SIGMA / games.sqrt();
    let nelo = if sigma > 0.0 {
        (s - 0.5) / sigma * NELO_PER_SIGMA
    } else if s > 0.5 {
        f64::INFINITY
    } else if s < 0.5 {
        f64::NEG_INFINITY
    } else {
        0.0
    };
    (nelo, nelo - half, nelo + half)
}

fn interval_text((e, lo, hi): (f64, f64, f64)) -> String {
    format!("{} [{}, {}]", signed(e), signed(lo), signed(hi))
}

fn signed(x: f64) -> String {
    if x == f64::INFINITY {
        "+inf".to_owned()
    } else if x == f64::NEG_INFINITY {
        "-inf".to_owned()
    } else {
        // `+ 0.0` turns -0 into 0: an even score reads `+0`.
        format!("{:+.0}", x + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::GameResult::{Draw, Loss, Win};
    use super::*;

    const SPRT_0_5: Sprt = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };

    fn tally(wins: u64, draws: u64, losses: u64) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    fn penta(ll: u64, ld: u64, dd_wl: u64, wd: u64, ww: u64) -> Pentanomial {
        Pentanomial {
            ll,
            ld,
            dd_wl,
            wd,
            ww,
        }
    }

    /// The pairs with the first engine's results turned into the other's.
    fn mirrored(p: Pentanomial) -> Pentanomial {
        penta(p.ww, p.wd, p.dd_wl, p.ld, p.ll)
    }

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            ..SPRT_0_5
        }
    }

    #[test]
    fn even_and_lopsided_scores() {
        let even = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (e, lo, hi) = even.elo();
        assert_eq!(e, 0.0);
        assert!(lo < -100.0 && hi > 100.0 && (lo + hi).abs() < 1e-6);
        // 76% is about +200 Elo.
        let strong = Tally {
            wins: 76,
            draws: 0,
            losses: 24,
        };
        let (e, lo, hi) = strong.elo();
        assert!((e - 200.0).abs() < 2.0, "{e}");
        assert!(lo < e && e < hi && lo > 100.0 && hi < 320.0, "{lo} {hi}");
        assert_eq!(
            strong.elo_text(),
            format!("{:+.0} [{:+.0}, {:+.0}]", e, lo, hi)
        );
        // A clean sweep: an infinite difference, but a finite lower bound (about +560 for 100).
        let all = Tally {
            wins: 100,
            draws: 0,
            losses: 0,
        };
        let (e, lo, hi) = all.elo();
        assert_eq!((e, hi), (f64::INFINITY, f64::INFINITY));
        assert!((540.0..590.0).contains(&lo), "{lo}");
        assert!(all.elo_text().starts_with("+inf [+5"), "{}", all.elo_text());
        let draws = Tally {
            wins: 0,
            draws: 8,
            losses: 0,
        };
        assert_eq!(draws.score(), 0.5);
        let (e, lo, hi) = draws.elo();
        assert!(e == 0.0 && lo < -100.0 && hi > 100.0);
    }

    #[test]
    fn pairs_are_counted_in_either_order() {
        let results = [Win, Draw, Loss];
        for a in results {
            for b in results {
                let p = Pentanomial::from_pair(a, b);
                assert_eq!(p, Pentanomial::from_pair(b, a));
                assert_eq!((p.pairs(), p.games()), (1, 2));
                assert_eq!(p.score(), (a.score() + b.score()) / 2.0);
                let mut t = Tally::default();
                t.add(a);
                t.add(b);
                assert_eq!(p.to_tally().score(), t.score());
                assert_eq!(
                    mirrored(p),
                    Pentanomial::from_pair(a.reversed(), b.reversed())
                );
            }
        }
        let mut p = Pentanomial::default();
        for (a, b) in [
            (Loss, Loss),
            (Draw, Loss),
            (Loss, Win),
            (Draw, Draw),
            (Win, Draw),
        ] {
            p.add(a, b);
        }
        p.add(Win, Win);
        assert_eq!(p, penta(1, 1, 2, 1, 1));
        // The two draws of (Draw, Draw) read as a win and a loss.
        assert_eq!(p.to_tally(), tally(5, 2, 5));
        assert_eq!(Pentanomial::default().score(), 0.5);
    }

    /// fastchess's own tests (Disservin/fastchess, app/tests/elo_test.cpp) give these Elo and
    /// normalized Elo figures, each `diff +/- error` with the error half the interval's width.
    /// Their `Stats(ll, ld, wl, dd, wd, ww)` merges `wl + dd` into our `dd_wl`, and
    /// `Stats(wins, losses, draws)` for games. A Python one-off of the formulas in the docs
    /// gives the same figures to the last digit printed.
    #[test]
    fn elo_and_nelo_match_fastchess() {
        let close = |x: f64, want: f64| (x - want).abs() < 0.006;
        let cases = [
            (penta(34, 54, 31 + 32, 64, 75), 55.58, 27.65, 57.94, 28.28),
            (
                penta(332, 433, 457 + 41, 333, 334),
                -8.64,
                10.33,
                -9.17,
                10.96,
            ),
            (
                penta(7895, 8757, 5485 + 200, 568, 9999),
                -21.04,
                2.95,
                -19.01,
                2.65,
            ),
        ];
        for (p, elo, error, nelo, nerror) in cases {
            let (e, lo, hi) = p.elo();
            assert!(
                close(e, elo) && close((hi - lo) / 2.0, error),
                "{p:?} {e} {lo} {hi}"
            );
            assert!(lo < e && e < hi);
            let (n, lo, hi) = p.nelo();
            assert!(
                close(n, nelo) && close((hi - lo) / 2.0, nerror),
                "{p:?} {n} {lo} {hi}"
            );
        }
        for (t, nelo, nerror) in [
            (tally(76, 123, 89), -20.76, 40.13),
            (tally(136, 111, 96), 49.77, 36.77),
        ] {
            let (n, lo, hi) = t.nelo();
            assert!(
                close(n, nelo) && close((hi - lo) / 2.0, nerror),
                "{t:?} {n} {lo} {hi}"
            );
        }
    }

    #[test]
    fn pairs_that_split_give_a_narrower_interval() {
        // Openings that favour one colour: most pairs are a win and a loss. As games these
        // look like a noisy 50% score; as pairs, like the near certainty of a small edge.
        let p = penta(5, 20, 150, 30, 5);
        let t = p.to_tally();
        assert_eq!(t, tally(190, 50, 180));
        assert_eq!(p.score(), t.score());
        let (pe, plo, phi) = p.elo();
        let (te, tlo, thi) = t.elo();
        assert!((pe - te).abs() < 1e-9 && pe > 0.0);
        assert!(phi - plo < 0.6 * (thi - tlo), "{plo} {phi} vs {tlo} {thi}");
        // And the test is more sure, the same way.
        let sprt = sprt(-10.0, 10.0);
        let (lp, lt) = (sprt.llr_pentanomial(&p), sprt.llr_trinomial(&t));
        assert!(lp > 1.5 * lt && lt > 0.0, "{lp} {lt}");

        // Equal scores read 0 exactly, however the pairs spread.
        for p in [
            penta(3, 7, 11, 7, 3),
            penta(0, 9, 0, 9, 0),
            penta(1, 0, 5, 0, 1),
        ] {
            let (e, lo, hi) = p.elo();
            assert_eq!((e, p.nelo().0), (0.0, 0.0));
            assert!((lo + hi).abs() < 1e-9 && hi > 0.0);
            assert!(p.elo_text().starts_with("+0 [-"), "{}", p.elo_text());
        }
    }

    #[test]
    fn bounds_for_five_percent_errors() {
        let (lower, upper) = SPRT_0_5.bounds();
        assert!((upper - 2.944_439).abs() < 1e-6 && (lower + 2.944_439).abs() < 1e-6);
        assert!((upper - 19f64.ln()).abs() < 1e-12);
        let (lower, upper) = Sprt {
            alpha: 0.05,
            beta: 0.1,
            ..SPRT_0_5
        }
        .bounds();
        assert!((lower - (0.1f64 / 0.95).ln()).abs() < 1e-12);
        assert!((upper - 18f64.ln()).abs() < 1e-12);
        assert_eq!(SPRT_0_5.decision(-2.95), Some(SprtResult::H0));
        assert_eq!(SPRT_0_5.decision(SPRT_0_5.bounds().0), Some(SprtResult::H0));
        assert_eq!(SPRT_0_5.decision(SPRT_0_5.bounds().1), Some(SprtResult::H1));
        assert_eq!(SPRT_0_5.decision(2.95), Some(SprtResult::H1));
        assert_eq!(SPRT_0_5.decision(2.9), None);
        assert_eq!(SPRT_0_5.decision(0.0), None);
        assert_eq!(SPRT_0_5.decision(f64::NAN), None);
        assert_eq!(SPRT_0_5.llr_text(2.951), "2.95 (-2.94, 2.94) [0.00, 5.00]");
    }

    /// Known answers, worked out from the formulas of the [`Sprt`] docs with no code of
    /// ours, so a reader can redo them.
    ///
    /// Trinomial W=1000, D=1500, L=900, elo0=0, elo1=5. Scores a = (0, 1/2, 1) for
    /// (L, D, W), n = (900, 1500, 1000). s0 = L(0) = 1/2 and s1 = L(5) = 1 / (1 + 10^-0.0125)
    /// = 0.5071950817. With d_i = a_i - s, theta solves sum n_i d_i / (1 + theta d_i) = 0:
    /// * at s0, d = (-1/2, 0, 1/2): 900 (1 + theta/2) = 1000 (1 - theta/2), theta0 = 2/19;
    /// * at s1 the equation is a quadratic in theta, root theta1 = 0.0537979021.
    ///
    /// The jumps ln(1 + theta0 d0_i) - ln(1 + theta1 d1_i) are (-0.02640201, 0.00038716,
    /// 0.02512677), and LLR = 900 (-0.02640201) + 1500 (0.00038716) + 1000 (0.02512677)
    /// = 1.94569. (The GSPRT approximation N (s1 - s0) (2 s - s0 - s1) / (2 var), with
    /// s = 1750/3400 and var = 0.1789, gives 1.9481.)
    ///
    /// Pentanomial LL=30, LD=220, DD+WL=500, WD=240, WW=40, elo0=0, elo1=5: scores
    /// a = (0, 1/4, 1/2, 3/4, 1); theta0 = 0.2164491705, theta1 = 0.0561047182, jumps
    /// (-0.08567220, -0.04109644, 0.00040376, 0.03916843, 0.07548590), LLR = 1.0103577.
    /// These came from a bisection for theta in a Python one-off; the approximation gives
    /// 1.0107.
    ///
    /// fastchess's tests (Disservin/fastchess, app/tests/sprt_test.cpp, the "logistic"
    /// cases, alpha = beta = 0.05) publish four more to two decimals; the same Python
    /// one-off gives -1.57189, -2.59302, -3.07413 and -4.97867.
    #[test]
    fn llr_known_answers() {
        let llr = SPRT_0_5.llr_trinomial(&tally(1000, 1500, 900));
        assert!((llr - 1.945_694).abs() < 1e-3, "{llr}");
        let llr = SPRT_0_5.llr_pentanomial(&penta(30, 220, 500, 240, 40));
        assert!((llr - 1.010_358).abs() < 1e-3, "{llr}");

        // (wins, losses, draws) as fastchess's `Stats` takes them.
        let llr = sprt(0.5, 2.5).llr_trinomial(&tally(21404, 40708, 21184));
        assert!(
            (llr + 1.571_889).abs() < 1e-3 && (llr + 1.57).abs() < 0.005,
            "{llr}"
        );
        let llr = sprt(0.0, 2.0).llr_trinomial(&tally(57433, 106593, 57030));
        assert!(
            (llr + 2.593_024).abs() < 1e-3 && (llr + 2.59).abs() < 0.005,
            "{llr}"
        );
        // Stats(ll, ld, wl, dd, wd, ww).
        let llr = sprt(0.5, 2.5).llr_pentanomial(&penta(223, 9863, 20279 + 1000, 10037, 246));
        assert!(
            (llr + 3.074_126).abs() < 1e-3 && (llr + 3.07).abs() < 0.005,
            "{llr}"
        );
        let llr = sprt(0.0, 2.0).llr_pentanomial(&penta(871, 26175, 55003 + 980, 26678, 821));
        assert!(
            (llr + 4.978_673).abs() < 1e-3 && (llr + 4.98).abs() < 0.005,
            "{llr}"
        );
    }

    #[test]
    fn llr_agrees_with_the_gsprt_approximation_for_small_differences() {
        let approx = |counts: &[u64], s0: f64, s1: f64| {
            let k = counts.len();
            let n: f64 = counts.iter().map(|&c| c as f64).sum();
            let a = |i: usize| i as f64 / (k - 1) as f64;
            let s: f64 = (0..k).map(|i| counts[i] as f64 * a(i)).sum::<f64>() / n;
            let var: f64 = (0..k)
                .map(|i| counts[i] as f64 * (a(i) - s).powi(2))
                .sum::<f64>()
                / n;
            n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
        };
        let (s0, s1) = (score_of(0.0), score_of(5.0));
        for t in [
            tally(1000, 1500, 900),
            tally(4307, 8620, 4063),
            tally(500, 200, 520),
        ] {
            let want = approx(&[t.losses, t.draws, t.wins], s0, s1);
            let llr = SPRT_0_5.llr_trinomial(&t);
            assert!(
                (llr - want).abs() < 0.01 * (1.0 + want.abs()),
                "{t:?} {llr} {want}"
            );
        }
        for p in [penta(30, 220, 500, 240, 40), penta(100, 300, 900, 280, 90)] {
            let want = approx(&p.counts(), s0, s1);
            let llr = SPRT_0_5.llr_pentanomial(&p);
            assert!(
                (llr - want).abs() < 0.01 * (1.0 + want.abs()),
                "{p:?} {llr} {want}"
            );
        }
    }

    #[test]
    fn llr_grows_with_wins_and_mirrors() {
        assert_eq!(SPRT_0_5.llr_trinomial(&Tally::default()), 0.0);
        assert_eq!(SPRT_0_5.llr_pentanomial(&Pentanomial::default()), 0.0);
        assert_eq!(SPRT_0_5.decision(0.0), None);

        let mut t = tally(300, 400, 300);
        let mut p = penta(20, 150, 300, 150, 20);
        let (mut last_t, mut last_p) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        for _ in 0..60 {
            let (lt, lp) = (SPRT_0_5.llr_trinomial(&t), SPRT_0_5.llr_pentanomial(&p));
            assert!(lt > last_t && lp > last_p, "{t:?} {lt} {p:?} {lp}");
            (last_t, last_p) = (lt, lp);
            t.wins += 1;
            p.ww += 1;
        }
        assert!(last_t > 0.0 && last_p > 0.0);

        // Seen from the other engine, the evidence for elo1 over elo0 is the evidence for
        // -elo0 over -elo1: mirror the results and swap and negate the hypotheses, and the
        // LLR changes sign. Negating both without swapping them changes nothing.
        for (e0, e1) in [(0.0, 5.0), (-1.75, 0.25), (0.5, 2.5), (-3.0, 10.0)] {
            let fore = sprt(e0, e1);
            let back = sprt(-e1, -e0);
            let both = sprt(-e0, -e1);
            for t in [tally(1000, 1500, 900), tally(3, 0, 9), tally(0, 40, 0)] {
                let m = tally(t.losses, t.draws, t.wins);
                let llr = fore.llr_trinomial(&t);
                assert!((back.llr_trinomial(&m) + llr).abs() < 1e-9, "{t:?}");
                assert!((both.llr_trinomial(&m) - llr).abs() < 1e-9, "{t:?}");
            }
            for p in [penta(30, 220, 500, 240, 40), penta(0, 0, 7, 1, 0)] {
                let llr = fore.llr_pentanomial(&p);
                assert!(
                    (back.llr_pentanomial(&mirrored(p)) + llr).abs() < 1e-9,
                    "{p:?}"
                );
                assert!(
                    (both.llr_pentanomial(&mirrored(p)) - llr).abs() < 1e-9,
                    "{p:?}"
                );
            }
        }
    }

    #[test]
    fn degenerate_counts_stay_finite() {
        let none = Pentanomial::default();
        assert_eq!(none.elo_text(), "+0 [-inf, +inf]");
        assert_eq!(none.nelo_text(), "+0 [-inf, +inf]");
        assert_eq!(Tally::default().nelo_text(), "+0 [-inf, +inf]");

        // All draws: no spread to measure, an even score. The Elo interval falls back on the
        // games' Wilson interval rather than shrink to a point; the test leans to H0 (the
        // engines look equal, not 5 Elo apart) and, for enough games, accepts it.
        let draws = penta(0, 0, 100, 0, 0);
        let (e, lo, hi) = draws.elo();
        assert!(e == 0.0 && lo < -40.0 && hi > 40.0 && lo.is_finite() && hi.is_finite());
        assert_eq!(draws.elo().1, draws.to_tally().elo().1);
        let (n, lo, hi) = draws.nelo();
        assert!(n == 0.0 && (hi - 1.96 * NELO_PER_SIGMA / 200f64.sqrt()).abs() < 1e-9 && lo == -hi);
        let llr = SPRT_0_5.llr_pentanomial(&draws);
        assert!(llr.is_finite() && llr < 0.0, "{llr}");
        let llr = SPRT_0_5.llr_trinomial(&tally(0, 1000, 0));
        assert!(llr.is_finite() && llr < SPRT_0_5.bounds().0, "{llr}");

        // Only wins: infinite Elo with a finite lower end, infinite nElo; the LLR grows.
        let wins = penta(0, 0, 0, 0, 50);
        let (e, lo, hi) = wins.elo();
        assert!(e == f64::INFINITY && hi == f64::INFINITY && lo > 300.0 && lo.is_finite());
        assert_eq!(wins.nelo_text(), "+inf [+inf, +inf]");
        assert!(
            wins.elo_text().starts_with("+inf [+"),
            "{}",
            wins.elo_text()
        );
        let llr = SPRT_0_5.llr_pentanomial(&wins);
        assert!(llr.is_finite() && llr > 0.0, "{llr}");
        let llr = SPRT_0_5.llr_trinomial(&tally(300, 0, 0));
        assert!(llr.is_finite() && llr > SPRT_0_5.bounds().1, "{llr}");
        let losses = tally(0, 0, 5);
        assert_eq!(losses.nelo_text(), "-inf [-inf, -inf]");
        assert!(losses.elo_text().starts_with("-inf [-inf, -"));

        // No count pattern makes a NaN, for tests near and far from even.
        let few = [0, 1, 6];
        let tests = [SPRT_0_5, sprt(-400.0, 400.0), sprt(-5000.0, 9000.0)];
        for c in 0..few.len().pow(5) {
            let digit = |k: u32| few[c / few.len().pow(k) % few.len()];
            let p = penta(digit(0), digit(1), digit(2), digit(3), digit(4));
            let t = tally(digit(0), digit(1), digit(2));
            for (x, y, z) in [p.elo(), p.nelo(), t.elo(), t.nelo()] {
                assert!(!x.is_nan() && !y.is_nan() && !z.is_nan(), "{p:?}");
                assert!(y <= x && x <= z, "{p:?} {t:?}");
            }
            for sprt in tests {
                let (lp, lt) = (sprt.llr_pentanomial(&p), sprt.llr_trinomial(&t));
                assert!(lp.is_finite() && lt.is_finite(), "{sprt:?} {p:?} {t:?}");
            }
        }
    }

    /// A tiny deterministic generator (splitmix64) for the simulated matches.
    struct SplitMix(u64);

    impl SplitMix {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }

        /// Uniform in [0, 1).
        fn unit(&mut self) -> f64 {
            (self.next() >> 11) as f64 / (1u64 << 53) as f64
        }

        fn game(&mut self, win: f64, draw: f64) -> GameResult {
            let u = self.unit();
            if u < win {
                Win
            } else if u < win + draw {
                Draw
            } else {
                Loss
            }
        }
    }

    /// Plays independent pairs until the test decides or `cap` pairs are played.
    fn sequential(
        sprt: &Sprt,
        win: f64,
        draw: f64,
        rng: &mut SplitMix,
        cap: u32,
    ) -> Option<SprtResult> {
        let mut pairs = Pentanomial::default();
        for _ in 0..cap {
            pairs.add(rng.game(win, draw), rng.game(win, draw));
            if let Some(result) = sprt.decision(sprt.llr_pentanomial(&pairs)) {
                return Some(result);
            }
        }
        None
    }

    #[test]
    fn simulated_tests_keep_their_error_rates() {
        let runs = 200;
        let mut rng = SplitMix(0x5eed);
        // Equal engines: the truth is elo0, so accepting H1 is the error alpha bounds.
        let mut equal = [0; 3];
        for _ in 0..runs {
            let i = match sequential(&SPRT_0_5, 0.3, 0.4, &mut rng, 40_000) {
                Some(SprtResult::H0) => 0,
                Some(SprtResult::H1) => 1,
                None => 2,
            };
            equal[i] += 1;
        }
        assert!(equal[1] <= runs / 10, "H0, H1, undecided: {equal:?}");
        assert!(equal[0] >= runs * 8 / 10, "H0, H1, undecided: {equal:?}");

        // 20 Elo better: the same draw rate, the score moved from 1/2 to L(20).
        let edge = score_of(20.0) - 0.5;
        let mut better = [0; 3];
        for _ in 0..runs {
            let i = match sequential(&SPRT_0_5, 0.3 + edge, 0.4, &mut rng, 40_000) {
                Some(SprtResult::H0) => 0,
                Some(SprtResult::H1) => 1,
                None => 2,
            };
            better[i] += 1;
        }
        assert!(
            better[1] >= runs * 95 / 100,
            "H0, H1, undecided: {better:?}"
        );
    }
}
