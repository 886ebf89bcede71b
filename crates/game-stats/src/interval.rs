//! Estimates with 95% confidence intervals: proportions by the Wilson score interval, means
//! by the normal approximation.
//!
//! The Wilson interval is used for rates (draws, wins, endings) because studies often see
//! rates near 0 or 1, where the textbook `p ± z·sqrt(p(1-p)/n)` collapses to a point or
//! leaves `[0, 1]`; Wilson's stays inside and keeps a width at 0 of `n` events.

use crate::Z95;

/// A closed interval `[low, high]`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Interval {
    /// The lower end.
    pub low: f64,
    /// The upper end.
    pub high: f64,
}

impl Interval {
    /// Whether `x` lies in the interval.
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}

/// An estimated value with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Estimate {
    /// The point estimate.
    pub value: f64,
    /// The 95% confidence interval.
    pub interval: Interval,
}

impl Estimate {
    /// As a percentage with its interval: `54.2% [48.1, 60.3]`.
    pub fn percent(&self) -> String {
        format!(
            "{:.1}% [{:.1}, {:.1}]",
            100.0 * self.value,
            100.0 * self.interval.low,
            100.0 * self.interval.high
        )
    }

    /// With `digits` decimals and its interval: `61.3 [58.0, 64.6]`.
    pub fn fixed(&self, digits: usize) -> String {
        format!(
            "{:.digits$} [{:.digits$}, {:.digits$}]",
            self.value, self.interval.low, self.interval.high
        )
    }
}

/// The rate `hits / n` with its Wilson score interval at 95%; `None` when `n` is 0.
pub fn proportion(hits: u64, n: u64) -> Option<Estimate> {
    if n == 0 {
        return None;
    }
    Some(wilson(hits as f64 / n as f64, n as f64))
}

/// The Wilson score interval at 95% of the rate `p` observed over `n` trials (`n` may be an
/// effective sample size, not a whole number).
fn wilson(p: f64, n: f64) -> Estimate {
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    Estimate {
        value: p,
        interval: Interval {
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        },
    }
}

/// The mean, the variance of the mean and the number of games of clustered games (see
/// [`clustered_mean`]).
fn cluster_moments(clusters: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    let games: f64 = clusters.iter().map(|c| c.1).sum();
    if clusters.is_empty() || games <= 0.0 {
        return None;
    }
    let mean = clusters.iter().map(|c| c.0).sum::<f64>() / games;
    let m = clusters.len() as f64;
    let variance = if clusters.len() > 1 {
        let spread: f64 = clusters.iter().map(|c| (c.0 - mean * c.1).powi(2)).sum();
        m / (m - 1.0) * spread / (games * games)
    } else {
        0.0
    };
    Some((mean, variance, games))
}

/// The mean of a measure over clustered games, with its 95% normal interval; `None` without
/// games.
///
/// The games of a study come in clusters (the games that start from one opening: the two of
/// a pair, and any others whose random openings met), and the games of a cluster are not
/// independent: with one deterministic engine on both sides they are the same game again.
/// This estimator, [`clustered_proportion`] and [`clustered_score`] take one `(total, games)` pair per cluster (the sum of
/// the measure over the cluster's games, and their number) and give the mean over all games
/// with an interval that counts clusters, not games: the ratio estimator and its
/// cluster-robust variance `m/(m-1) · Σ(total_j - mean·games_j)² / (Σ games_j)²` over the
/// `m` clusters. Clusters of one game give back the ordinary sample-variance interval.
pub fn clustered_mean(clusters: &[(f64, f64)]) -> Option<Estimate> {
    let (mean, variance, _) = cluster_moments(clusters)?;
    let half = Z95 * variance.sqrt();
    Some(Estimate {
        value: mean,
        interval: Interval {
            low: mean - half,
            high: mean + half,
        },
    })
}

/// The rate of a yes-or-no measure over clustered games (see [`clustered_mean`]; `total` is a
/// cluster's count of yes):
/// the Wilson interval at the effective sample size `p(1-p)/variance` (the approach of Korn
/// and Graubard for survey samples), at most the number of games. A rate of 0 or 1 has no
/// spread to read the clustering from: it gets the interval of one trial per cluster.
pub fn clustered_proportion(clusters: &[(f64, f64)]) -> Option<Estimate> {
    let (p, variance, games) = cluster_moments(clusters)?;
    let m = clusters.len() as f64;
    let n = if p <= 0.0 || p >= 1.0 {
        m
    } else if variance > 0.0 {
        (p * (1.0 - p) / variance).clamp(1.0, games)
    } else {
        games
    };
    Some(wilson(p.clamp(0.0, 1.0), n))
}

/// A score (1 a win, 1/2 a draw, 0 a loss) over clustered games: the normal interval of
/// [`clustered_mean`] clamped to `[0, 1]`; when every cluster scored alike (no spread to
/// measure) the Wilson interval of one trial per cluster instead, so that ten wins in ten
/// games still leave room below 100%.
pub fn clustered_score(clusters: &[(f64, f64)]) -> Option<Estimate> {
    let (mean, variance, _) = cluster_moments(clusters)?;
    if variance <= 0.0 {
        return Some(wilson(mean.clamp(0.0, 1.0), clusters.len() as f64));
    }
    let half = Z95 * variance.sqrt();
    Some(Estimate {
        value: mean,
        interval: Interval {
            low: (mean - half).max(0.0),
            high: (mean + half).min(1.0),
        },
    })
}

/// A running mean of observations, with their spread.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Mean {
    n: u64,
    sum: f64,
    sum_squares: f64,
}

impl Mean {
    /// No observations yet.
    pub const fn new() -> Mean {
        Mean {
            n: 0,
            sum: 0.0,
            sum_squares: 0.0,
        }
    }

    /// Adds one observation.
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.sum_squares += x * x;
    }

    /// The number of observations.
    pub const fn count(&self) -> u64 {
        self.n
    }

    /// The mean with its 95% interval by the normal approximation (`mean ± z·s/sqrt(n)`, `s`
    /// the sample standard deviation); `None` without observations. One observation gives a
    /// point.
    pub fn estimate(&self) -> Option<Estimate> {
        if self.n == 0 {
            return None;
        }
        let n = self.n as f64;
        let mean = self.sum / n;
        let variance = if self.n > 1 {
            ((self.sum_squares - n * mean * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        let half = Z95 * (variance / n).sqrt();
        Some(Estimate {
            value: mean,
            interval: Interval {
                low: mean - half,
                high: mean + half,
            },
        })
    }
}

impl FromIterator<f64> for Mean {
    fn from_iter<I: IntoIterator<Item = f64>>(iter: I) -> Mean {
        let mut mean = Mean::new();
        for x in iter {
            mean.add(x);
        }
        mean
    }
}

/// The score of wins, draws and losses (1, 1/2, 0 a game) with its 95% interval: the mean of
/// the per-game scores; `None` without games. The interval is clamped to `[0, 1]`.
pub fn score(wins: u64, draws: u64, losses: u64) -> Option<Estimate> {
    let mut mean = Mean::new();
    for (count, points) in [(wins, 1.0), (draws, 0.5), (losses, 0.0)] {
        for _ in 0..count {
            mean.add(points);
        }
    }
    mean.estimate().map(|mut e| {
        e.interval.low = e.interval.low.max(0.0);
        e.interval.high = e.interval.high.min(1.0);
        e
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-4
    }

    #[test]
    fn wilson_intervals_match_the_published_values() {
        // Worked values of the Wilson score interval at 95%: 5 of 10 gives [0.237, 0.763],
        // 0 of 10 gives [0, 0.278], 10 of 10 gives [0.722, 1], 81 of 263 gives
        // [0.255, 0.365] (Newcombe 1998, Table I).
        for (hits, n, low, high) in [
            (5, 10, 0.2366, 0.7634),
            (0, 10, 0.0, 0.2775),
            (10, 10, 0.7225, 1.0),
            (81, 263, 0.2553, 0.3662),
        ] {
            let e = proportion(hits, n).unwrap();
            assert!(
                close(e.interval.low, low) && close(e.interval.high, high),
                "{hits}/{n}: {e:?}"
            );
        }
        assert_eq!(proportion(0, 0), None);
    }

    #[test]
    fn means_have_the_normal_interval() {
        // 1..=5: mean 3, sample standard deviation sqrt(2.5), so 3 ± 1.96 · sqrt(0.5).
        let m: Mean = (1..=5).map(f64::from).collect();
        let e = m.estimate().unwrap();
        assert_eq!(e.value, 3.0);
        assert!(close(e.interval.high - 3.0, Z95 * 0.5f64.sqrt()));
        assert_eq!(Mean::new().estimate(), None);
        let one: Mean = [7.0].into_iter().collect();
        assert_eq!(
            one.estimate().unwrap().interval,
            Interval {
                low: 7.0,
                high: 7.0
            }
        );
    }

    #[test]
    fn scores_count_draws_as_halves() {
        // 6 wins, 4 draws, 0 losses: scores 1 (6 times) and 0.5 (4 times), mean 0.8.
        let e = score(6, 4, 0).unwrap();
        assert!(close(e.value, 0.8));
        // Sample variance: (6 · 0.04 + 4 · 0.09) / 9 = 0.0667; half width 1.96 · sqrt(0.00667).
        assert!(close(e.interval.high - 0.8, Z95 * (0.6f64 / 90.0).sqrt()));
        // All wins: the interval is the point 1, inside [0, 1].
        assert_eq!(score(3, 0, 0).unwrap().interval.high, 1.0);
        assert_eq!(score(0, 0, 0), None);
    }

    #[test]
    fn clusters_of_one_game_are_the_plain_estimates() {
        // Scores 1, 1, 0.5, 0, 1: the same as `score(3, 1, 1)`.
        let single: Vec<(f64, f64)> = [1.0, 1.0, 0.5, 0.0, 1.0].map(|x| (x, 1.0)).to_vec();
        let plain = score(3, 1, 1).unwrap();
        let clustered = clustered_score(&single).unwrap();
        assert!(close(clustered.value, plain.value));
        assert!(close(clustered.interval.low, plain.interval.low));
        assert!(close(clustered.interval.high, plain.interval.high));
        let mean = clustered_mean(&single).unwrap();
        assert!(close(mean.interval.low, plain.interval.low));
        // 3 hits of 10 one-game clusters: the Wilson interval at n = 10 · 0.21 / (0.21 · 10/9
        // / 10) = 9 trials (the m/(m-1) correction).
        let hits: Vec<(f64, f64)> = (0..10).map(|i| (f64::from(i < 3), 1.0)).collect();
        let e = clustered_proportion(&hits).unwrap();
        let w = wilson(0.3, 9.0);
        assert!(close(e.interval.low, w.interval.low) && close(e.interval.high, w.interval.high));
    }

    #[test]
    fn a_game_played_twice_is_counted_once() {
        // Every game duplicated (a deterministic engine against itself, both colours): the
        // interval is the one of the single games, not narrower.
        let games = [1.0, 0.0, 0.5, 1.0, 1.0, 0.0, 1.0, 0.5];
        let single: Vec<(f64, f64)> = games.map(|x| (x, 1.0)).to_vec();
        let doubled: Vec<(f64, f64)> = games.map(|x| (2.0 * x, 2.0)).to_vec();
        assert_eq!(clustered_score(&doubled), clustered_score(&single));
        let wins = |v: &[f64], k: f64| -> Vec<(f64, f64)> {
            v.iter().map(|&x| (k * f64::from(x == 1.0), k)).collect()
        };
        let a = clustered_proportion(&wins(&games, 1.0)).unwrap();
        let b = clustered_proportion(&wins(&games, 2.0)).unwrap();
        assert!(close(a.interval.low, b.interval.low) && close(a.interval.high, b.interval.high));
        // All wins in 5 pairs: Wilson of 5 of 5, [0.566, 1], not of 10 of 10.
        let all: Vec<(f64, f64)> = vec![(2.0, 2.0); 5];
        let e = clustered_score(&all).unwrap();
        assert!(close(e.interval.low, 0.5655), "{e:?}");
        assert_eq!(clustered_proportion(&all).unwrap().interval, e.interval);
        // Pairs that split (one win, one loss each) have no spread between pairs: the rate is
        // exactly 1/2 in each, and the interval is the one of all the games.
        let split: Vec<(f64, f64)> = vec![(1.0, 2.0); 5];
        let e = clustered_proportion(&split).unwrap();
        assert_eq!(e.interval, wilson(0.5, 10.0).interval);
        assert_eq!(clustered_mean(&[]), None);
    }

    #[test]
    fn a_percentage_reads_with_its_interval() {
        let e = proportion(5, 10).unwrap();
        assert_eq!(e.percent(), "50.0% [23.7, 76.3]");
    }
}
