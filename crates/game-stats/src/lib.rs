//! The statistics of the workspace, free of any game or engine: the score of an engine match,
//! the Elo difference it measures with a 95% interval and a sequential test that stops the
//! match once the evidence is enough (behind `jgames match` and the tuning harness), and the
//! estimates of the studies (rates by the Wilson interval, means, clustered intervals for games
//! played in pairs from one opening; [`interval`]). The match statistics follow what engine
//! authors read in the output of fastchess, cutechess-cli, OpenBench and Fishtest, so the
//! numbers can be compared with theirs.
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
//! use game_stats::{GameResult, Pentanomial, Sprt, SprtResult};
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
//! use game_stats::Tally;
//!
//! let t = Tally { wins: 60, draws: 10, losses: 30 };
//! assert_eq!(t.games(), 100);
//! assert!((t.score() - 0.65).abs() < 1e-9);
//! let (elo, low, high) = t.elo();
//! assert!(low > 0.0 && low < elo && elo < high); // clearly better, about +108
//! assert_eq!(t.elo_text(), "+108 [+37, +178]");
//! ```

#![deny(missing_docs)]

mod elo;
pub mod interval;
mod sprt;

pub use elo::{GameResult, Pentanomial, Tally};
pub use interval::{Estimate, Interval};
pub use sprt::{Sprt, SprtResult};

/// The two-sided 95% quantile of the standard normal distribution, used by every interval.
pub const Z95: f64 = 1.959_963_984_540_054;

#[cfg(test)]
mod tests;
