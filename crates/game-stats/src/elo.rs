//! The score of a match: games one by one ([`Tally`]) or in pairs ([`Pentanomial`]), with the
//! logistic and the normalized Elo difference each measures.

use std::f64::consts::LN_10;

use crate::Z95;

/// Normalized Elo per unit of `(score - 1/2) / sigma`: `800 / ln 10`, the slope of the
/// logistic Elo curve at an even score times the 1/2 standard deviation of a win-or-loss game.
pub(crate) const NELO_PER_SIGMA: f64 = 800.0 / LN_10;

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
    /// use game_stats::GameResult;
    /// assert_eq!(GameResult::Draw.score(), 0.5);
    /// ```
    pub fn score(self) -> f64 {
        self.half_points() as f64 / 2.0
    }

    /// The same game from the other engine's side: a win becomes a loss.
    ///
    /// ```
    /// use game_stats::GameResult;
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
    /// use game_stats::{GameResult, Tally};
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
    /// deviation of one game's score (see the [crate documentation](crate)). The interval is
    /// the normal one of the score, `±1.96 sigma / sqrt(games)`, which comes to
    /// `±1.96 * 800 / ln 10 / sqrt(games)` whatever the results.
    ///
    /// With no games it is `(0, -inf, +inf)`. When every game had the same result the spread
    /// is 0: all draws read 0 with the usual interval, all wins `+inf` and all losses `-inf`
    /// (interval included).
    ///
    /// ```
    /// use game_stats::Tally;
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
/// the independent trial (see the [crate documentation](crate)).
///
/// Fields are named by the pair's two results in either order (`ld` counts a loss and a
/// draw, whichever came first) and sorted by the pair's score.
///
/// ```
/// use game_stats::{GameResult::*, Pentanomial};
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
    /// use game_stats::{GameResult, Pentanomial};
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
    /// use game_stats::{Pentanomial, Tally};
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
    /// use game_stats::Pentanomial;
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
    /// use game_stats::Pentanomial;
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
    pub(crate) fn counts(&self) -> [u64; 5] {
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

/// The expected score of a logistic Elo difference.
pub(crate) fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of an expected score `p`.
pub(crate) fn elo_of(p: f64) -> f64 {
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
pub(crate) fn nelo_of(s: f64, sigma: f64, games: f64) -> (f64, f64, f64) {
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

pub(crate) fn interval_text((e, lo, hi): (f64, f64, f64)) -> String {
    format!("{} [{}, {}]", signed(e), signed(lo), signed(hi))
}

pub(crate) fn signed(x: f64) -> String {
    if x == f64::INFINITY {
        "+inf".to_owned()
    } else if x == f64::NEG_INFINITY {
        "-inf".to_owned()
    } else {
        // `+ 0.0` turns -0 into 0: an even score reads `+0`.
        format!("{:+.0}", x + 0.0)
    }
}
