//! Measures of one game's course, from its trace (a [`Ply`] for each position where a move was
//! chosen) and its winner: the per-game figures of Ludii's evaluation module that one value a
//! ply can give, so that a study can say not only who wins a game but how.
//!
//! Every function is pure and small, so that each can be checked against a trace worked out by
//! hand. The evaluations in a trace are from the view of the side that moved first
//! ([`GameRow::first`](crate::GameRow::first)); plies without an evaluation (random plies,
//! engines that give none) are skipped by the measures of the evaluations and counted by the
//! others. A side *leads* at a ply when its evaluation there is above [`DEAD_ZONE`], so that
//! the small swings of a level game are not read as changes of lead.
//!
//! Two of Ludii's measures are not here:
//!
//! * *clarity* (how clearly the best move stands out among the root's moves) needs the values
//!   of all the root's moves. An alpha-beta search proves only bounds for the moves that are
//!   not the best, and the trace keeps the one value of the chosen move; logging more would
//!   need another search per ply, so clarity is not measured.
//! * *positional repetition* (the same placement of pieces, whoever is to move) needs a key
//!   without the side to move. The games' Zobrist keys include the side to move (and counters
//!   that bear on the rules), and a generic study cannot take it out, so only *situational*
//!   repetition (the same position with the same side to move) is measured.

use abstract_game::Side;
use game_arena::Ply;

use crate::row::GameRow;

/// The margin of an evaluation within which neither side leads: half of the 100 that the
/// games' evaluations give about a pawn-like piece.
pub const DEAD_ZONE: i32 = 50;

/// Who leads at evaluation `eval` (first mover's view): `1` the first mover, `-1` the other
/// side, `0` within the dead zone.
pub const fn lead(eval: i32) -> i32 {
    if eval > DEAD_ZONE {
        1
    } else if eval < -DEAD_ZONE {
        -1
    } else {
        0
    }
}

/// The evaluations of the trace, in order, skipping plies without one.
fn evals(trace: &[Ply]) -> impl Iterator<Item = i32> + '_ {
    trace.iter().filter_map(|p| p.eval)
}

/// `eval` (first mover's view) from `side`'s view.
const fn view(eval: i32, first: Side, side: Side) -> i32 {
    if first as u8 == side as u8 {
        eval
    } else {
        -eval
    }
}

/// Lead changes: how many times the side that leads changes between plies with an evaluation,
/// plies within the dead zone skipped (a lead lost to an even position and won back is no
/// change). 0 for a trace without evaluations.
pub fn lead_changes(trace: &[Ply]) -> u32 {
    let mut last = 0;
    let mut changes = 0;
    for lead in evals(trace).map(lead).filter(|&l| l != 0) {
        if last != 0 && lead != last {
            changes += 1;
        }
        last = lead;
    }
    changes
}

/// Drama: how far below even the eventual winner's evaluation fell (the largest amount by
/// which it was negative from the winner's view, 0 if never), `None` for a game without a
/// winner or without evaluations.
pub fn drama(trace: &[Ply], first: Side, winner: Option<Side>) -> Option<f64> {
    let winner = winner?;
    let lowest = evals(trace).map(|e| view(e, first, winner)).min()?;
    Some(f64::from((-lowest).max(0)))
}

/// The share of the plies with an evaluation where the eventual winner was behind (the other
/// side led), `None` for a game without a winner or without evaluations.
pub fn winner_behind(trace: &[Ply], first: Side, winner: Option<Side>) -> Option<f64> {
    let winner = winner?;
    let (mut behind, mut all) = (0u32, 0u32);
    for e in evals(trace) {
        all += 1;
        behind += u32::from(lead(view(e, first, winner)) < 0);
    }
    (all > 0).then(|| f64::from(behind) / f64::from(all))
}

/// Stability: the mean absolute change of the evaluation from one ply with a heuristic
/// evaluation to the next (the two engines' views alternate; a stable game is one they agree
/// on), `None` with fewer than two. A proven result (an evaluation at
/// [`EVAL_CLAMP`](game_arena::EVAL_CLAMP) either way) is left out: its jump from a heuristic
/// value measures the search's horizon, not the game, and one such jump would outweigh a
/// whole game of changes.
pub fn stability(trace: &[Ply]) -> Option<f64> {
    let values: Vec<i32> = evals(trace)
        .filter(|e| e.abs() < game_arena::EVAL_CLAMP)
        .collect();
    let steps = values.len().checked_sub(1).filter(|&n| n > 0)?;
    let total: f64 = values
        .windows(2)
        .map(|w| f64::from((w[1] - w[0]).abs()))
        .sum();
    Some(total / steps as f64)
}

/// Uncertainty: the share of the plies with an evaluation where neither side leads (the
/// evaluation within the dead zone), `None` without evaluations. A game that stays near even
/// is one whose result stays open.
pub fn uncertainty(trace: &[Ply]) -> Option<f64> {
    let (mut even, mut all) = (0u32, 0u32);
    for e in evals(trace) {
        all += 1;
        even += u32::from(lead(e) == 0);
    }
    (all > 0).then(|| f64::from(even) / f64::from(all))
}

/// The decisiveness threshold: the index of the first ply of the last run over which the
/// eventual winner led at every ply with an evaluation up to the end of the game, as a share
/// of the trace's length (1 when the winner did not lead at the last evaluation: the game was
/// decided only by its last move). `None` for a game without a winner or without evaluations.
pub fn decided_at(trace: &[Ply], first: Side, winner: Option<Side>) -> Option<f64> {
    let winner = winner?;
    evals(trace).next()?;
    let mut start = None;
    for (i, ply) in trace.iter().enumerate() {
        let Some(e) = ply.eval else { continue };
        if lead(view(e, first, winner)) > 0 {
            start.get_or_insert(i);
        } else {
            start = None;
        }
    }
    Some(start.unwrap_or(trace.len()) as f64 / trace.len() as f64)
}

/// Situational repetition: the share of the plies whose position (with the same side to move)
/// had occurred earlier in the game, `None` for an empty trace.
pub fn repetition(trace: &[Ply]) -> Option<f64> {
    let seen = trace.iter().filter(|p| p.seen > 0).count();
    (!trace.is_empty()).then(|| seen as f64 / trace.len() as f64)
}

/// The largest number of legal moves at a ply, `None` for an empty trace.
pub fn branching_max(trace: &[Ply]) -> Option<f64> {
    trace.iter().map(|p| f64::from(p.moves)).reduce(f64::max)
}

/// The mean absolute change of the number of legal moves from one ply to the next, `None`
/// with fewer than two plies.
pub fn branching_change(trace: &[Ply]) -> Option<f64> {
    let steps = trace.len().checked_sub(1).filter(|&n| n > 0)?;
    let total: f64 = trace
        .windows(2)
        .map(|w| f64::from(w[1].moves.abs_diff(w[0].moves)))
        .sum();
    Some(total / steps as f64)
}

/// The pieces of both sides together at the first ply of the trace.
pub fn pieces_start(trace: &[Ply]) -> Option<f64> {
    trace.first().map(|p| f64::from(p.pieces[0] + p.pieces[1]))
}

/// The pieces of both sides together at the last ply of the trace (the position where the
/// last move was chosen, before it was played).
pub fn pieces_end(trace: &[Ply]) -> Option<f64> {
    trace.last().map(|p| f64::from(p.pieces[0] + p.pieces[1]))
}

/// The plies of the trace (from the second on) where a side had fewer pieces in play than at
/// the ply before: the moves that captured (one capture a move, however many pieces it took).
fn capture_plies(trace: &[Ply]) -> impl Iterator<Item = usize> + '_ {
    trace.windows(2).enumerate().filter_map(|(i, w)| {
        let fell = (0..2).any(|s| w[1].pieces[s] < w[0].pieces[s]);
        fell.then_some(i + 1)
    })
}

/// Captures: the moves after which a side had fewer pieces in play (seen at the next ply of
/// the trace, so a capture by the game's last move is not counted).
pub fn captures(trace: &[Ply]) -> u32 {
    capture_plies(trace).count() as u32
}

/// The mean number of plies from one capture to the next, `None` with fewer than two
/// captures.
pub fn plies_between_captures(trace: &[Ply]) -> Option<f64> {
    let at: Vec<usize> = capture_plies(trace).collect();
    let (first, last) = (at.first()?, at.last()?);
    (at.len() >= 2).then(|| (last - first) as f64 / (at.len() - 1) as f64)
}

/// Game-tree complexity: log10 of the product of the legal-move counts along the game (the
/// sum of their log10), the number of games like this one in length and width. 0 for an
/// empty trace.
pub fn complexity(trace: &[Ply]) -> f64 {
    trace
        .iter()
        .map(|p| f64::from(p.moves.max(1)).log10())
        .sum()
}

/// One per-game measure of a row, named, for the summaries: its value for a game, `None` for
/// a game it does not apply to (a row without a trace, a drawn game for the winner's
/// measures).
#[derive(Clone, Copy, Debug)]
pub struct RowMeasure {
    /// The name in the JSON and the charts: `lead_changes`.
    pub name: &'static str,
    /// Whether the value is a share (written as a percentage).
    pub share: bool,
    /// The value for one game.
    pub of: fn(&GameRow) -> Option<f64>,
}

impl RowMeasure {
    /// A measure whose value is a number (a count, a mean, a length).
    const fn value(name: &'static str, of: fn(&GameRow) -> Option<f64>) -> RowMeasure {
        RowMeasure {
            name,
            share: false,
            of,
        }
    }

    /// A measure whose value is a share (written as a percentage).
    const fn share(name: &'static str, of: fn(&GameRow) -> Option<f64>) -> RowMeasure {
        RowMeasure {
            share: true,
            ..RowMeasure::value(name, of)
        }
    }
}

/// The trace of `row`, `None` when it has none (a row of the older form).
fn traced(row: &GameRow) -> Option<&[Ply]> {
    (!row.trace.is_empty()).then_some(row.trace.as_slice())
}

/// Every per-game measure, in the order the tables give them.
pub const ROW_MEASURES: &[RowMeasure] = &[
    RowMeasure::value("lead_changes", |r| {
        traced(r).map(|t| f64::from(lead_changes(t)))
    }),
    RowMeasure::value("drama", |r| drama(traced(r)?, r.first, r.winner)),
    RowMeasure::share("winner_behind", |r| {
        winner_behind(traced(r)?, r.first, r.winner)
    }),
    RowMeasure::value("stability", |r| stability(traced(r)?)),
    RowMeasure::share("uncertainty", |r| uncertainty(traced(r)?)),
    RowMeasure::share("decided_at", |r| decided_at(traced(r)?, r.first, r.winner)),
    RowMeasure::share("repetition", |r| repetition(traced(r)?)),
    RowMeasure::value("branching_max", |r| branching_max(traced(r)?)),
    RowMeasure::value("branching_change", |r| branching_change(traced(r)?)),
    RowMeasure::value("pieces_start", |r| pieces_start(traced(r)?)),
    RowMeasure::value("pieces_end", |r| pieces_end(traced(r)?)),
    RowMeasure::value("captures", |r| traced(r).map(|t| f64::from(captures(t)))),
    RowMeasure::value("plies_between_captures", |r| {
        plies_between_captures(traced(r)?)
    }),
    RowMeasure::value("complexity", |r| traced(r).map(complexity)),
];

/// The measure named `name` in [`ROW_MEASURES`].
pub fn row_measure(name: &str) -> Option<&'static RowMeasure> {
    ROW_MEASURES.iter().find(|m| m.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ply with an evaluation (or none), a move count and pieces.
    fn ply(eval: Option<i32>, moves: u32, pieces: [u32; 2], seen: u32) -> Ply {
        Ply {
            eval,
            moves,
            pieces,
            seen,
        }
    }

    /// Evaluations only, 10 moves and 5 pieces a side at every ply.
    fn evals_only(values: &[Option<i32>]) -> Vec<Ply> {
        values.iter().map(|&e| ply(e, 10, [5, 5], 0)).collect()
    }

    #[test]
    fn leads_change_only_across_the_dead_zone() {
        // Leads: + (100), 0 (20), - (-80), - (-200), none, + (60), 0 (-50 is not below
        // -50). Non-zero: + - - + : two changes.
        let t = evals_only(&[
            Some(100),
            Some(20),
            Some(-80),
            Some(-200),
            None,
            Some(60),
            Some(-50),
        ]);
        assert_eq!(lead_changes(&t), 2);
        assert_eq!(lead_changes(&evals_only(&[None, Some(0)])), 0);
        assert_eq!((lead(51), lead(50), lead(-51)), (1, 0, -1));
    }

    #[test]
    fn drama_is_how_far_the_winner_fell() {
        // First mover's view: 30, -120, 40, 300. If Second won, its view is -30, 120, -40,
        // -300: its lowest -300, so 300. If First won: its lowest -120, so 120; behind (below
        // -50) at 1 of 4 evaluated plies.
        let t = evals_only(&[Some(30), Some(-120), None, Some(40), Some(300)]);
        assert_eq!(drama(&t, Side::First, Some(Side::Second)), Some(300.0));
        assert_eq!(drama(&t, Side::First, Some(Side::First)), Some(120.0));
        assert_eq!(
            winner_behind(&t, Side::First, Some(Side::First)),
            Some(0.25)
        );
        // Second won, behind at 300 only (-30 and -40 are within the zone): 1 of 4.
        assert_eq!(
            winner_behind(&t, Side::First, Some(Side::Second)),
            Some(0.25)
        );
        // Second moved first: the evaluations are Second's view, and First won. First's view
        // is the negation: -30, 120, -40, -300, lowest -300.
        assert_eq!(drama(&t, Side::Second, Some(Side::First)), Some(300.0));
        // A winner never behind: 0.
        let ahead = evals_only(&[Some(10), Some(90)]);
        assert_eq!(drama(&ahead, Side::First, Some(Side::First)), Some(0.0));
        assert_eq!(drama(&t, Side::First, None), None);
        assert_eq!(
            drama(&evals_only(&[None]), Side::First, Some(Side::First)),
            None
        );
    }

    #[test]
    fn stability_and_uncertainty() {
        // Evaluations 0, 100, 40, -60 (the None skipped): changes 100, 60, 100, mean 260/3.
        let t = evals_only(&[Some(0), Some(100), None, Some(40), Some(-60)]);
        assert_eq!(stability(&t), Some(260.0 / 3.0));
        // A proven win (10000) among them is left out: 0, 100, 40 give (100 + 60) / 2.
        let proven = evals_only(&[Some(0), Some(100), Some(10_000), Some(40)]);
        assert_eq!(stability(&proven), Some(80.0));
        // Within the dead zone: 0 and 40, 2 of 4.
        assert_eq!(uncertainty(&t), Some(0.5));
        assert_eq!(stability(&evals_only(&[Some(5)])), None);
        assert_eq!(uncertainty(&evals_only(&[None])), None);
    }

    #[test]
    fn the_game_is_decided_where_the_winners_last_lead_begins() {
        // Eight plies; First's view 0, 80, -70, 60, none, 90, 200, none. First won: it led
        // at 1, not at 2, then from 3 on at every evaluated ply: 3 of 8.
        let t = evals_only(&[
            Some(0),
            Some(80),
            Some(-70),
            Some(60),
            None,
            Some(90),
            Some(200),
            None,
        ]);
        assert_eq!(
            decided_at(&t, Side::First, Some(Side::First)),
            Some(3.0 / 8.0)
        );
        // Second won: it never led at the last evaluation, so only the end decided: 1.
        assert_eq!(decided_at(&t, Side::First, Some(Side::Second)), Some(1.0));
        // A winner leading from the first ply: 0.
        let ahead = evals_only(&[Some(100), Some(100)]);
        assert_eq!(
            decided_at(&ahead, Side::First, Some(Side::First)),
            Some(0.0)
        );
        assert_eq!(decided_at(&t, Side::First, None), None);
    }

    #[test]
    fn repetition_branching_pieces_and_complexity() {
        // Five plies: moves 10, 100, 1, 10, 1000; pieces 8+8, 7+8, 7+8, 7+6, 5+6; seen
        // 0, 0, 1, 0, 2.
        let t = vec![
            ply(None, 10, [8, 8], 0),
            ply(Some(0), 100, [7, 8], 0),
            ply(Some(0), 1, [7, 8], 1),
            ply(Some(0), 10, [7, 6], 0),
            ply(Some(0), 1000, [5, 6], 2),
        ];
        // Seen before at 2 of 5 plies.
        assert_eq!(repetition(&t), Some(0.4));
        assert_eq!(branching_max(&t), Some(1000.0));
        // |100-10| + |1-100| + |10-1| + |1000-10| = 90 + 99 + 9 + 990 = 1188, over 4.
        assert_eq!(branching_change(&t), Some(297.0));
        assert_eq!((pieces_start(&t), pieces_end(&t)), (Some(16.0), Some(11.0)));
        // Counts fell at plies 1, 3 and 4: three captures, 3 plies from the first to the
        // last over 2 gaps.
        assert_eq!(captures(&t), 3);
        assert_eq!(plies_between_captures(&t), Some(1.5));
        // log10(10 * 100 * 1 * 10 * 1000) = 1 + 2 + 0 + 1 + 3 = 7.
        assert!((complexity(&t) - 7.0).abs() < 1e-12);
        let empty: [Ply; 0] = [];
        assert_eq!((repetition(&empty), branching_max(&empty)), (None, None));
        assert_eq!((captures(&empty), complexity(&empty)), (0, 0.0));
        assert_eq!(plies_between_captures(&t[..2]), None);
    }

    #[test]
    fn row_measures_read_the_rows_trace_and_winner() {
        let row = |trace: Vec<Ply>, winner| GameRow {
            cell: 0,
            game: 0,
            first: Side::First,
            a_side: Side::First,
            winner,
            ending: None,
            repetition: false,
            plies: trace.len() as u32,
            choices: 0,
            scores: None,
            opening: 0,
            trace,
        };
        let of = |name: &str, r: &GameRow| (row_measure(name).unwrap().of)(r);
        // Evaluations 100 then -100: one lead change; Second won, having fallen to -100.
        let game = row(evals_only(&[Some(100), Some(-100)]), Some(Side::Second));
        assert_eq!(of("lead_changes", &game), Some(1.0));
        assert_eq!(of("drama", &game), Some(100.0));
        // log10(10) twice.
        assert_eq!(of("complexity", &game), Some(2.0));
        // A row of the older form has no trace: no measure applies.
        let old = row(Vec::new(), Some(Side::First));
        assert!(ROW_MEASURES.iter().all(|m| (m.of)(&old).is_none()));
        // A draw has no winner's measures.
        let drawn = row(evals_only(&[Some(100)]), None);
        assert_eq!(of("drama", &drawn), None);
        assert_eq!(of("uncertainty", &drawn), Some(0.0));
    }
}
