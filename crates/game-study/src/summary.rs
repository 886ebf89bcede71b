//! The measures of a cell of a study, from its rows: the figures game designers use to judge
//! a game (those of Ludii's evaluation module among them), each with its 95% interval.
//!
//! * **Balance**: the score of the side that moves first, and of each side by name.
//! * **Drawishness**: the share of draws (a game stopped at the ply cap counts as a draw).
//! * **Decisiveness**: the share of games won by either side.
//! * **Completion**: the share of games ended by a rule of the game rather than the cap.
//! * **Duration**: plies per game, mean with its interval, median, range and a histogram.
//! * **Branching factor**: legal moves per position along the games played.
//! * **Endings**: how often each rule ended a game.
//! * **Engine A's score**, and for games that score, the margin and the pairs decided by
//!   adding each engine's points over the two games of a pair.
//! * **Stops**: the games the study's repetition count stopped, apart from those the cap
//!   stopped and those a rule ended.
//! * **The course of the games**, from the rows' traces: each measure of
//!   [`measures::ROW_MEASURES`](crate::measures::ROW_MEASURES) (lead changes, drama,
//!   stability, uncertainty, the decisiveness threshold, repetition, branching, pieces,
//!   captures, game-tree complexity), its mean over the games it applies to.

use abstract_game::{Ending, Game, Side};

use crate::row::GameRow;
use std::collections::BTreeMap;

use game_stats::Estimate;
use game_stats::interval::{clustered_mean, clustered_proportion, clustered_score, score};

/// Wins, draws and losses from one player's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Record {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Record {
    fn add(&mut self, points: f64) {
        if points == 1.0 {
            self.wins += 1;
        } else if points == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The games counted.
    pub const fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The score (a draw half a point) with its 95% interval.
    pub fn score(&self) -> Option<Estimate> {
        score(self.wins, self.draws, self.losses)
    }
}

/// Game pairs (one opening, colours swapped) by who did better over both games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Pairs {
    /// Pairs engine A won.
    pub a: u64,
    /// Pairs level.
    pub level: u64,
    /// Pairs engine B won.
    pub b: u64,
}

/// The measures of one cell.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Summary {
    /// The games.
    pub games: u64,
    /// The side that moved first in these games (the preset's).
    pub first: Side,
    /// The first mover's results.
    pub first_mover: Record,
    /// The results of [`Side::First`] and [`Side::Second`].
    pub by_side: [Record; 2],
    /// Engine A's results.
    pub a: Record,
    /// Games stopped at the ply cap.
    pub capped: u64,
    /// Games stopped by the study's repetition count.
    pub repeated: u64,
    /// Plies per game.
    pub plies: Vec<u32>,
    /// Legal moves summed over the positions played.
    pub choices: u64,
    /// How many games each ending closed, in the order of [`Game::ENDINGS`].
    pub endings: Vec<(&'static str, u64)>,
    /// For games that score: the first mover's points minus the other side's, per game.
    pub margins: Option<Vec<i64>>,
    /// Pairs by their results (a win 1, a draw 1/2, over both games).
    pub pairs_by_results: Pairs,
    /// For games that score: pairs by each engine's points added over both games.
    pub pairs_by_points: Option<Pairs>,
    /// The games, for the intervals that count opening pairs rather than games.
    #[cfg_attr(feature = "serde", serde(skip))]
    rows: Vec<GameRow>,
}

impl Summary {
    /// The summary of `rows` (the games of one cell) of game `G`; `None` without rows.
    pub fn of<G: Game>(rows: &[GameRow]) -> Option<Summary> {
        let first = rows.first()?.first;
        let mut first_mover = Record::default();
        let mut by_side = [Record::default(); 2];
        let mut a = Record::default();
        let mut endings: Vec<(&'static str, u64)> =
            G::ENDINGS.iter().map(|e| (e.name(), 0)).collect();
        let mut capped = 0;
        let mut repeated = 0;
        let mut margins = Vec::new();
        let mut scored = true;
        for row in rows {
            first_mover.add(row.points_of(row.first));
            for side in Side::BOTH {
                by_side[side.index()].add(row.points_of(side));
            }
            a.add(row.points_of(row.a_side));
            match row.ending {
                Some(e) => match endings.iter_mut().find(|(name, _)| *name == e.name()) {
                    Some(slot) => slot.1 += 1,
                    None => endings.push((e.name(), 1)),
                },
                None if row.repetition => repeated += 1,
                None => capped += 1,
            }
            match row.scores {
                Some(s) => {
                    let (mine, theirs) = (s[row.first.index()], s[(!row.first).index()]);
                    margins.push(i64::from(mine) - i64::from(theirs));
                }
                None => scored = false,
            }
        }
        let (by_results, by_points) = pairs(rows);
        Some(Summary {
            games: rows.len() as u64,
            first,
            first_mover,
            by_side,
            a,
            capped,
            repeated,
            plies: rows.iter().map(|r| r.plies).collect(),
            choices: rows.iter().map(|r| r.choices).sum(),
            endings,
            margins: scored.then_some(margins),
            pairs_by_results: by_results,
            pairs_by_points: scored.then_some(by_points),
            rows: rows.to_vec(),
        })
    }

    /// The number of distinct openings (positions where the engines took over) the games
    /// started from: what the intervals count.
    pub fn openings(&self) -> usize {
        self.by_pair(|_| Some(0.0)).len()
    }

    /// `measure` summed over the games of each opening (the positions where the engines took
    /// over, [`GameRow::opening`]), with the number of games: the clusters the intervals count
    /// (see [`clustered_mean`](game_stats::interval::clustered_mean)). The two games of a pair share an
    /// opening, and random openings may meet again in other pairs; between deterministic
    /// engines games from one opening are the same game, so they count once.
    fn by_pair(&self, measure: impl Fn(&GameRow) -> Option<f64>) -> Vec<(f64, f64)> {
        let mut pairs: BTreeMap<(u32, u64), (f64, f64)> = BTreeMap::new();
        for row in &self.rows {
            if let Some(x) = measure(row) {
                let pair = pairs.entry((row.cell, row.opening)).or_default();
                pair.0 += x;
                pair.1 += 1.0;
            }
        }
        pairs.into_values().collect()
    }

    /// The share of games where `hit` holds, its interval counting opening pairs.
    fn rate(&self, hit: impl Fn(&GameRow) -> bool) -> Option<Estimate> {
        clustered_proportion(&self.by_pair(|r| Some(f64::from(u8::from(hit(r))))))
    }

    /// The first mover's score: the balance of the game (1/2 is fair).
    pub fn first_mover_score(&self) -> Option<Estimate> {
        clustered_score(&self.by_pair(|r| Some(r.points_of(r.first))))
    }

    /// The first mover's score over the decided games only (the share of them it won): the
    /// balance with the draws, capped games among them, left out. `None` without a decided
    /// game.
    pub fn first_mover_decided_score(&self) -> Option<Estimate> {
        clustered_score(&self.by_pair(|r| r.winner.is_some().then(|| r.points_of(r.first))))
    }

    /// The number of games with a winner.
    pub fn decided(&self) -> u64 {
        self.rows.iter().filter(|r| r.winner.is_some()).count() as u64
    }

    /// Engine A's score.
    pub fn a_score(&self) -> Option<Estimate> {
        clustered_score(&self.by_pair(|r| Some(r.points_of(r.a_side))))
    }

    /// The score of `side` (by name: [`Side::First`] is White in most games).
    pub fn side_score(&self, side: Side) -> Option<Estimate> {
        clustered_score(&self.by_pair(|r| Some(r.points_of(side))))
    }

    /// The share of draws, capped games included.
    pub fn draw_rate(&self) -> Option<Estimate> {
        self.rate(|r| r.winner.is_none())
    }

    /// The share of games won by either side.
    pub fn decisiveness(&self) -> Option<Estimate> {
        self.rate(|r| r.winner.is_some())
    }

    /// The share of games ended by a rule of the game rather than the ply cap.
    pub fn completion(&self) -> Option<Estimate> {
        self.rate(|r| r.ending.is_some())
    }

    /// The share of games `ending` closed.
    pub fn ending_rate(&self, ending: Ending) -> Option<Estimate> {
        self.rate(|r| r.ending.map(|e| e.name()) == Some(ending.name()))
    }

    /// The share of games the study's repetition count stopped.
    pub fn repetition_rate(&self) -> Option<Estimate> {
        self.rate(|r| r.repetition)
    }

    /// The share of games the ply cap stopped.
    pub fn cap_rate(&self) -> Option<Estimate> {
        self.rate(|r| r.ending.is_none() && !r.repetition)
    }

    /// Whether any game has a trace (rows of the older form have none).
    pub fn traced(&self) -> bool {
        self.rows.iter().any(|r| !r.trace.is_empty())
    }

    /// The mean of a per-game measure ([`measures::ROW_MEASURES`](crate::measures::ROW_MEASURES))
    /// over the games it applies to, with its interval counting openings.
    pub fn per_game(&self, measure: fn(&GameRow) -> Option<f64>) -> Option<Estimate> {
        clustered_mean(&self.by_pair(measure))
    }

    /// Plies per game, the mean with its interval.
    pub fn duration(&self) -> Option<Estimate> {
        clustered_mean(&self.by_pair(|r| Some(f64::from(r.plies))))
    }

    /// The median game length in plies (the lower middle for an even count).
    pub fn median_plies(&self) -> Option<u32> {
        let mut sorted = self.plies.clone();
        sorted.sort_unstable();
        sorted.get(sorted.len().saturating_sub(1) / 2).copied()
    }

    /// Legal moves per position along the games.
    pub fn branching(&self) -> Option<f64> {
        let plies: u64 = self.plies.iter().map(|&p| u64::from(p)).sum();
        (plies > 0).then(|| self.choices as f64 / plies as f64)
    }

    /// The first mover's mean margin in points, with its interval, for games that score.
    pub fn margin(&self) -> Option<Estimate> {
        self.margins.as_ref()?;
        clustered_mean(&self.by_pair(|r| {
            r.scores
                .map(|s| f64::from(s[r.first.index()]) - f64::from(s[(!r.first).index()]))
        }))
    }

    /// The counts of game lengths in bins of `width` plies, from 0 to the longest game.
    pub fn histogram(&self, width: u32) -> Vec<u64> {
        let width = width.max(1);
        let longest = self.plies.iter().copied().max().unwrap_or(0);
        let mut bins = vec![0; (longest / width) as usize + 1];
        for &p in &self.plies {
            bins[(p / width) as usize] += 1;
        }
        bins
    }
}

/// The pairs of `rows` (games `2k` and `2k + 1` of one cell, both present) by results and,
/// where every game scores, by points.
fn pairs(rows: &[GameRow]) -> (Pairs, Pairs) {
    let mut by_results = Pairs::default();
    let mut by_points = Pairs::default();
    let tally = |p: &mut Pairs, a: f64, b: f64| {
        if a > b {
            p.a += 1;
        } else if a < b {
            p.b += 1;
        } else {
            p.level += 1;
        }
    };
    for pair in rows.windows(2) {
        let [x, y] = pair else { continue };
        if x.game % 2 != 0 || y.game != x.game + 1 || x.cell != y.cell {
            continue;
        }
        let a_results = x.points_of(x.a_side) + y.points_of(y.a_side);
        tally(&mut by_results, a_results, 2.0 - a_results);
        if let (Some(sx), Some(sy)) = (x.scores, y.scores) {
            let a = sx[x.a_side.index()] + sy[y.a_side.index()];
            let b = sx[(!x.a_side).index()] + sy[(!y.a_side).index()];
            tally(&mut by_points, f64::from(a), f64::from(b));
        }
    }
    (by_results, by_points)
}

#[cfg(test)]
mod tests {
    use abstract_game::nim::Nim;

    use super::*;

    fn row(game: u32, a_side: Side, winner: Option<Side>, plies: u32) -> GameRow {
        GameRow {
            cell: 0,
            game,
            first: Side::First,
            a_side,
            winner,
            ending: Some(if winner.is_some() {
                Ending::WIN
            } else {
                Ending::DRAW
            }),
            plies,
            choices: u64::from(plies) * 3,
            scores: None,
            opening: u64::from(game / 2),
            repetition: false,
            trace: Vec::new(),
        }
    }

    #[test]
    fn the_decided_games_score_leaves_the_draws_out() {
        use Side::{First, Second};
        // Six games: the first mover wins three, loses one, draws two. Over all games it
        // scores (3 + 1) / 6; over the four decided ones 3 / 4.
        let results = [
            Some(First),
            Some(First),
            Some(First),
            Some(Second),
            None,
            None,
        ];
        let rows: Vec<GameRow> = (0..6)
            .map(|g| {
                row(
                    g,
                    if g % 2 == 0 { First } else { Second },
                    results[g as usize],
                    10,
                )
            })
            .collect();
        let s = Summary::of::<Nim>(&rows).unwrap();
        assert!((s.first_mover_score().unwrap().value - 4.0 / 6.0).abs() < 1e-12);
        assert_eq!(s.decided(), 4);
        assert!((s.first_mover_decided_score().unwrap().value - 0.75).abs() < 1e-12);
        let draws: Vec<GameRow> = rows[4..].to_vec();
        assert_eq!(
            Summary::of::<Nim>(&draws)
                .unwrap()
                .first_mover_decided_score(),
            None
        );
    }

    #[test]
    fn intervals_count_openings_not_games() {
        use Side::{First, Second};
        // Four games, all won by the first mover: from four openings the interval is Wilson's
        // for 4 of 4; from one opening met by both pairs it is Wilson's for 1 of 1.
        let spread: Vec<GameRow> = (0..4)
            .map(|g| GameRow {
                opening: u64::from(g),
                ..row(g, if g % 2 == 0 { First } else { Second }, Some(First), 10)
            })
            .collect();
        let s = Summary::of::<Nim>(&spread).unwrap();
        assert_eq!(s.openings(), 4);
        let low = s.first_mover_score().unwrap().interval.low;
        assert!((low - 0.5101).abs() < 1e-3, "{low}");
        let same: Vec<GameRow> = spread
            .iter()
            .map(|r| GameRow {
                opening: 7,
                ..r.clone()
            })
            .collect();
        let s = Summary::of::<Nim>(&same).unwrap();
        assert_eq!(s.openings(), 1);
        let low = s.first_mover_score().unwrap().interval.low;
        assert!((low - 0.2065).abs() < 1e-3, "{low}");
        let high = s.draw_rate().unwrap().interval.high;
        assert!((high - 0.7935).abs() < 1e-3, "{high}");
    }

    #[test]
    fn measures_count_what_they_say() {
        use Side::{First, Second};
        let rows = [
            row(0, First, Some(First), 10),
            row(1, Second, Some(First), 20),
            row(2, First, None, 30),
            GameRow {
                ending: None,
                ..row(3, Second, None, 40)
            },
        ];
        let s = Summary::of::<Nim>(&rows).unwrap();
        assert_eq!(
            s.first_mover,
            Record {
                wins: 2,
                draws: 2,
                losses: 0
            }
        );
        assert_eq!(
            s.by_side[1],
            Record {
                wins: 0,
                draws: 2,
                losses: 2
            }
        );
        // A won game 0, lost game 1 (B moved first and won), drew the others.
        assert_eq!(
            s.a,
            Record {
                wins: 1,
                draws: 2,
                losses: 1
            }
        );
        assert_eq!(s.first_mover_score().unwrap().value, 0.75);
        assert_eq!(s.draw_rate().unwrap().value, 0.5);
        assert_eq!(s.decisiveness().unwrap().value, 0.5);
        assert_eq!(s.completion().unwrap().value, 0.75);
        assert_eq!(s.endings, vec![("win", 2), ("draw", 1)]);
        assert_eq!(s.capped, 1);
        assert_eq!(s.duration().unwrap().value, 25.0);
        assert_eq!(s.median_plies(), Some(20));
        assert_eq!(s.branching(), Some(3.0));
        assert_eq!(s.histogram(15), vec![1, 1, 2]);
        // Pair 0: A 1 + 0 = level; pair 1: two draws, level.
        assert_eq!(
            s.pairs_by_results,
            Pairs {
                a: 0,
                level: 2,
                b: 0
            }
        );
        assert_eq!(s.margins, None);
        assert_eq!(Summary::of::<Nim>(&[]), None);
    }

    #[test]
    fn pairs_by_points_add_both_games() {
        use Side::{First, Second};
        // Pair 0: A (First) loses 3-4, then A (Second) wins 5-1: A 8 points, B 5. By results
        // the pair is level (one win each); by points A takes it.
        let scored = |game, a_side, winner, scores| GameRow {
            scores: Some(scores),
            ..row(game, a_side, winner, 10)
        };
        let rows = [
            scored(0, First, Some(Second), [3, 4]),
            scored(1, Second, Some(Second), [1, 5]),
        ];
        let s = Summary::of::<Nim>(&rows).unwrap();
        assert_eq!(
            s.pairs_by_results,
            Pairs {
                a: 0,
                level: 1,
                b: 0
            }
        );
        assert_eq!(
            s.pairs_by_points,
            Some(Pairs {
                a: 1,
                level: 0,
                b: 0
            })
        );
        // The first mover's margins: 3 - 4 and 1 - 5.
        assert_eq!(s.margins, Some(vec![-1, -4]));
        assert_eq!(s.margin().unwrap().value, -2.5);
    }

    #[test]
    fn stops_by_repetition_are_apart_from_the_cap() {
        use Side::{First, Second};
        let stopped = |game, repetition| GameRow {
            ending: None,
            repetition,
            ..row(game, First, None, 10)
        };
        let traced = GameRow {
            trace: vec![
                game_arena::Ply {
                    eval: Some(100),
                    moves: 4,
                    pieces: [2, 2],
                    seen: 0,
                },
                game_arena::Ply {
                    eval: Some(-100),
                    moves: 2,
                    pieces: [2, 1],
                    seen: 1,
                },
            ],
            ..row(3, Second, Some(First), 2)
        };
        let rows = [
            stopped(0, true),
            stopped(1, true),
            stopped(2, false),
            traced,
        ];
        let s = Summary::of::<Nim>(&rows).unwrap();
        assert_eq!((s.repeated, s.capped), (2, 1));
        assert_eq!(s.repetition_rate().unwrap().value, 0.5);
        assert_eq!(s.cap_rate().unwrap().value, 0.25);
        assert_eq!(s.completion().unwrap().value, 0.25);
        assert!(s.traced());
        // Only the traced game has a lead change (+100 then -100): its one change is the mean.
        let changes = crate::measures::row_measure("lead_changes").unwrap();
        assert_eq!(s.per_game(changes.of).unwrap().value, 1.0);
    }
}
