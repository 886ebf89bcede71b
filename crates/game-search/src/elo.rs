//! The score of a match and the Elo difference it measures, with a 95% interval: the
//! arithmetic behind `jgames match` and the tuning harness, free of any game or engine.
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
        let z = 1.96f64;
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
    use super::*;

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
}
