//! One game of a study as a row of facts, and its text form: a line of comma-separated
//! fields, so that work units run on other machines can be merged.
//!
//! The last field is the game's trace, one [`Ply`] for each position where a move was chosen
//! (the random opening plies, then the engines' moves), from which the per-game measures of
//! [`measures`](crate::measures) are computed: each ply is written `eval/moves/p1/p2/seen`
//! (the evaluation from the first mover's view, `_` when the mover gave none; the legal
//! moves; the pieces in play of the first and second side; the earlier occurrences of the
//! position), and the plies are joined by `;`. Rows of the older eleven-field form, without a
//! trace, still read, with an empty trace.

use core::fmt;

use abstract_game::{Ending, Game, Outcome, Scores, Side};
use game_arena::Ply;

/// What one game of a study left: who played which side, who won, by which rule, how long
/// it took and how wide the choice was along the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The cell of the study (preset, engines, budgets) the game belongs to.
    pub cell: u32,
    /// The game's number within its cell: games `2k` and `2k + 1` share an opening, with
    /// colours swapped.
    pub game: u32,
    /// The side that moved first (the start position's side to move).
    pub first: Side,
    /// The side engine A played.
    pub a_side: Side,
    /// The winner, `None` for a draw (or a game stopped at the ply cap).
    pub winner: Option<Side>,
    /// The rule that ended the game, `None` when the ply cap or the study's repetition count
    /// stopped it.
    pub ending: Option<Ending>,
    /// Whether the study's repetition count stopped the game (a position with the same side
    /// to move occurring for the counted time): then `ending` is `None` and no one wins. The
    /// study's way of counting, not a rule of the game.
    pub repetition: bool,
    /// The plies played, opening plies included.
    pub plies: u32,
    /// The legal moves summed over the positions where a move was played: divided by
    /// `plies`, the branching factor along the game.
    pub choices: u64,
    /// The points of [`Side::First`] and [`Side::Second`], for games that score.
    pub scores: Option<[u32; 2]>,
    /// The Zobrist key of the position where the engines took over (after the random
    /// opening plies): games with the same key and engines are the same game when the
    /// engines are deterministic, so the intervals count openings, not games.
    pub opening: u64,
    /// A [`Ply`] for each position where a move was chosen, in order (empty for a row of the
    /// older form, which had none).
    pub trace: Vec<Ply>,
}

impl GameRow {
    /// The header of the text form, naming the fields in order.
    pub const HEADER: &'static str =
        "cell,game,first,a_side,winner,ending,plies,choices,score_first,score_second,opening,trace";

    /// The header of the older text form, without the trace (the committed studies' rows
    /// before it was added), which [`parse`](GameRow::parse) still reads.
    pub const HEADER_WITHOUT_TRACE: &'static str =
        "cell,game,first,a_side,winner,ending,plies,choices,score_first,score_second,opening";

    /// Whether `line` is a header of either text form.
    pub fn is_header(line: &str) -> bool {
        let line = line.trim();
        line == Self::HEADER || line == Self::HEADER_WITHOUT_TRACE
    }

    /// How the game stopped, as the text form writes it: the rule's name, `repetition` or
    /// `cap`.
    pub fn end_name(&self) -> &'static str {
        match (self.ending, self.repetition) {
            (Some(e), _) => e.name(),
            (None, true) => REPETITION,
            (None, false) => CAP,
        }
    }

    /// The result for `side`: 1 for a win, 1/2 for a draw, 0 for a loss.
    pub fn points_of(&self, side: Side) -> f64 {
        match self.winner {
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// Reads a row of game `G` from its text form (see [`Display`](fmt::Display)).
    pub fn parse<G: Game>(line: &str) -> Result<GameRow, RowError> {
        let fields: Vec<&str> = line.trim().split(',').collect();
        if fields.len() != FIELDS.len() && fields.len() != FIELDS.len() - 1 {
            return Err(RowError::FieldCount(fields.len()));
        }
        let number = |i: usize| -> Result<u64, RowError> {
            fields[i].parse().map_err(|_| RowError::Field {
                field: FIELDS[i],
                text: fields[i].to_owned(),
            })
        };
        let bad = |i: usize| RowError::Field {
            field: FIELDS[i],
            text: fields[i].to_owned(),
        };
        let side = |i: usize| match fields[i] {
            "1" => Ok(Side::First),
            "2" => Ok(Side::Second),
            _ => Err(bad(i)),
        };
        let small = |i: usize| u32::try_from(number(i)?).map_err(|_| bad(i));
        let winner = match fields[4] {
            "-" => None,
            _ => Some(side(4)?),
        };
        let repetition = fields[5] == REPETITION;
        let ending = match fields[5] {
            CAP | REPETITION => None,
            name => Some(
                *G::ENDINGS
                    .iter()
                    .find(|e| e.name() == name)
                    .ok_or_else(|| bad(5))?,
            ),
        };
        let scores = match (fields[8], fields[9]) {
            ("-", "-") => None,
            _ => Some([small(8)?, small(9)?]),
        };
        // A key is written in full: fewer digits mean a truncated line.
        let opening = || {
            Some(fields[10])
                .filter(|text| text.len() == 16 && text.bytes().all(|b| b.is_ascii_hexdigit()))
                .and_then(|text| u64::from_str_radix(text, 16).ok())
                .ok_or_else(|| bad(10))
        };
        let row = GameRow {
            cell: small(0)?,
            game: small(1)?,
            first: side(2)?,
            a_side: side(3)?,
            winner,
            ending,
            repetition,
            plies: small(6)?,
            choices: number(7)?,
            scores,
            opening: opening()?,
            trace: match fields.get(11) {
                Some(text) => parse_trace(text).ok_or_else(|| bad(11))?,
                None => Vec::new(),
            },
        };
        row.check_points()?;
        Ok(row)
    }

    /// Refuses a winner the points contradict: where the points decide (an ending
    /// [`decided_by_points`](Ending::decided_by_points), or a game stopped before its end that
    /// carries points) the winner must be the side with more points, no one if they are
    /// equal; a stopped game without points has no winner.
    fn check_points(&self) -> Result<(), RowError> {
        let decided_by_points = self.ending.is_none_or(Ending::decided_by_points);
        let expected = match (self.scores, decided_by_points) {
            (Some(points), true) => Outcome::by_scores(Scores(points)).winner,
            (None, true) if self.ending.is_some() => return Err(RowError::MissingPoints),
            (None, true) => None,
            (_, false) => return Ok(()),
        };
        if self.winner == expected {
            Ok(())
        } else {
            Err(RowError::WinnerAgainstPoints {
                winner: self.winner.map_or('-', side_digit),
                points: self.scores,
            })
        }
    }
}

use crate::chart::{CAP, REPETITION};

/// Reads a trace field: plies `eval/moves/p1/p2/seen` joined by `;`, empty for none.
fn parse_trace(text: &str) -> Option<Vec<Ply>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split(';')
        .map(|item| {
            let parts: Vec<&str> = item.split('/').collect();
            let [eval, moves, p1, p2, seen] = parts[..] else {
                return None;
            };
            Some(Ply {
                eval: match eval {
                    "_" => None,
                    _ => Some(eval.parse().ok()?),
                },
                moves: moves.parse().ok()?,
                pieces: [p1.parse().ok()?, p2.parse().ok()?],
                seen: seen.parse().ok()?,
            })
        })
        .collect()
}

/// Writes a trace as [`parse_trace`] reads it.
fn write_trace(f: &mut fmt::Formatter<'_>, trace: &[Ply]) -> fmt::Result {
    for (i, ply) in trace.iter().enumerate() {
        if i > 0 {
            f.write_str(";")?;
        }
        match ply.eval {
            Some(eval) => write!(f, "{eval}")?,
            None => f.write_str("_")?,
        }
        let [p1, p2] = ply.pieces;
        write!(f, "/{}/{p1}/{p2}/{}", ply.moves, ply.seen)?;
    }
    Ok(())
}

/// The names of the fields, as in [`GameRow::HEADER`].
const FIELDS: [&str; 12] = [
    "cell",
    "game",
    "first",
    "a_side",
    "winner",
    "ending",
    "plies",
    "choices",
    "score_first",
    "score_second",
    "opening",
    "trace",
];

fn side_digit(side: Side) -> char {
    match side {
        Side::First => '1',
        Side::Second => '2',
    }
}

impl fmt::Display for GameRow {
    /// Writes the row as comma-separated fields in the order of [`GameRow::HEADER`]: sides as
    /// `1` and `2`, `-` for no winner, the ending's name (`cap` or `repetition` for a game
    /// the study stopped), `-,-` for no scores, the opening key in 16 hexadecimal digits, then
    /// the trace (see the module's documentation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let winner = self.winner.map_or('-', side_digit);
        let ending = self.end_name();
        write!(
            f,
            "{},{},{},{},{winner},{ending},{},{},",
            self.cell,
            self.game,
            side_digit(self.first),
            side_digit(self.a_side),
            self.plies,
            self.choices
        )?;
        match self.scores {
            Some([first, second]) => write!(f, "{first},{second}")?,
            None => f.write_str("-,-")?,
        }
        write!(f, ",{:016x},", self.opening)?;
        write_trace(f, &self.trace)
    }
}

/// Why a line is not a game row.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RowError {
    /// The line does not have the twelve fields of a row (or the eleven of the older form,
    /// without a trace).
    #[error("a row has 12 comma-separated fields (11 without a trace), this line has {0}")]
    FieldCount(usize),
    /// The points decide this game and the winner is not the side with more points (or a
    /// game stopped before its end names a winner).
    #[error("the winner field {winner:?} contradicts the points {points:?}")]
    WinnerAgainstPoints {
        /// The winner field: `1`, `2` or `-`.
        winner: char,
        /// The points of the first and second side, if any.
        points: Option<[u32; 2]>,
    },
    /// The ending is one the points decide, and the row has no points.
    #[error("the ending is decided by points and the row has none")]
    MissingPoints,
    /// A field does not hold what it should.
    #[error("bad {field} field {text:?}")]
    Field {
        /// The field's name.
        field: &'static str,
        /// The text found.
        text: String,
    },
}

#[cfg(test)]
mod tests {
    use abstract_game::nim::Nim;

    use super::*;

    fn row() -> GameRow {
        GameRow {
            cell: 3,
            game: 17,
            first: Side::First,
            a_side: Side::Second,
            winner: Some(Side::Second),
            ending: Some(Ending::WIN),
            repetition: false,
            plies: 9,
            choices: 40,
            scores: Some([2, 5]),
            opening: 0xfeed_beef,
            trace: Vec::new(),
        }
    }

    #[test]
    fn rows_round_trip_through_their_text() {
        let row = row();
        let text = row.to_string();
        assert_eq!(text, "3,17,1,2,2,win,9,40,2,5,00000000feedbeef,");
        assert_eq!(GameRow::parse::<Nim>(&text), Ok(row.clone()));
        let capped = GameRow {
            winner: None,
            ending: None,
            scores: None,
            ..row.clone()
        };
        assert_eq!(
            capped.to_string(),
            "3,17,1,2,-,cap,9,40,-,-,00000000feedbeef,"
        );
        assert_eq!(
            GameRow::parse::<Nim>(&capped.to_string()),
            Ok(capped.clone())
        );
        assert_eq!(row.points_of(Side::Second), 1.0);
        assert_eq!(capped.points_of(Side::First), 0.5);
    }

    #[test]
    fn traces_and_repetitions_round_trip() {
        let repeated = GameRow {
            winner: None,
            ending: None,
            repetition: true,
            scores: None,
            trace: vec![
                Ply {
                    eval: None,
                    moves: 6,
                    pieces: [10, 10],
                    seen: 0,
                },
                Ply {
                    eval: Some(-35),
                    moves: 5,
                    pieces: [9, 10],
                    seen: 2,
                },
            ],
            ..row()
        };
        let text = repeated.to_string();
        assert_eq!(
            text,
            "3,17,1,2,-,repetition,9,40,-,-,00000000feedbeef,_/6/10/10/0;-35/5/9/10/2"
        );
        assert_eq!(repeated.end_name(), "repetition");
        assert_eq!(GameRow::parse::<Nim>(&text), Ok(repeated));
    }

    #[test]
    fn rows_without_a_trace_still_read() {
        // A line of the committed studies before the trace: eleven fields.
        let old = "3,17,1,2,2,win,9,40,2,5,00000000feedbeef";
        assert_eq!(GameRow::parse::<Nim>(old), Ok(row()));
        assert!(GameRow::is_header(GameRow::HEADER_WITHOUT_TRACE));
        assert!(GameRow::is_header(GameRow::HEADER));
        assert!(!GameRow::is_header(old));
    }

    #[test]
    fn bad_rows_say_which_field() {
        assert_eq!(GameRow::parse::<Nim>("1,2,3"), Err(RowError::FieldCount(3)));
        let err = GameRow::parse::<Nim>("3,17,1,2,2,checkmate,9,40,2,5,0").unwrap_err();
        assert_eq!(err.to_string(), "bad ending field \"checkmate\"");
        let err = GameRow::parse::<Nim>("3,17,1,3,2,win,9,40,2,5,0").unwrap_err();
        assert_eq!(err.to_string(), "bad a_side field \"3\"");
        assert!(GameRow::parse::<Nim>("3,x,1,2,2,win,9,40,2,5,0").is_err());
        let err = GameRow::parse::<Nim>("3,17,1,2,2,win,9,40,2,5,xyz").unwrap_err();
        assert_eq!(err.to_string(), "bad opening field \"xyz\"");
        // A key cut short (15 digits) or padded (17) is refused, not read as another key.
        for key in ["00000000feedbee", "000000000feedbeef", "+0000000feedbeef"] {
            let line = format!("3,17,1,2,2,win,9,40,2,5,{key}");
            assert!(
                matches!(
                    GameRow::parse::<Nim>(&line),
                    Err(RowError::Field {
                        field: "opening",
                        ..
                    })
                ),
                "{line}"
            );
        }
    }

    #[test]
    fn the_points_decide_where_the_rules_say_they_do() {
        use jarmo_core::Position;
        let line = |winner: &str, ending: &str, points: &str| {
            format!("0,1,1,2,{winner},{ending},30,300,{points},00000000000000aa")
        };
        let read = |text: String| GameRow::parse::<Position>(&text);
        // Arrival and passes are decided by the points: 6 against 4 is the first side's game,
        // 5 against 5 a draw; any other winner is a lie.
        assert!(read(line("1", "arrival", "6,4")).is_ok());
        assert!(read(line("-", "passes", "5,5")).is_ok());
        assert_eq!(
            read(line("2", "arrival", "6,4")),
            Err(RowError::WinnerAgainstPoints {
                winner: '2',
                points: Some([6, 4])
            })
        );
        assert!(read(line("1", "passes", "5,5")).is_err());
        assert_eq!(
            read(line("1", "arrival", "-,-")),
            Err(RowError::MissingPoints)
        );
        // A blocked side loses whatever the points say.
        assert!(read(line("2", "blocked", "6,4")).is_ok());
        // A game stopped at the cap is scored by its points where it has them, else drawn.
        assert!(read(line("2", "cap", "3,5")).is_ok());
        assert!(read(line("-", "cap", "3,5")).is_err());
        assert!(read(line("-", "cap", "-,-")).is_ok());
        assert!(read(line("1", "cap", "-,-")).is_err());
    }
}
