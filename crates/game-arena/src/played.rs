//! What one game between two engines leaves: enough to score it, to write its record and to
//! measure it, without the callers replaying it.

use abstract_game::record::Record;
use abstract_game::{Game, Side, TextGame};

/// How a game stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// The rules ended it: the end position has an outcome.
    Rule,
    /// The engines played the most plies allowed; no one wins.
    PlyCap,
    /// This side's engine took longer than its clock had left; it loses.
    OutOfTime(Side),
    /// This side's engine gave no legal move (an outside program that answered wrongly or
    /// not at all); it loses.
    NoMove(Side),
    /// A position with the same side to move occurred as often as the arena's repetition
    /// count ([`Arena::repetition`](crate::Arena::repetition)); no one wins. The arena's
    /// counting, not a rule of the game.
    Repetition,
}

/// One position of a game where a move was chosen (a random ply or an engine's move): what
/// the studies measure a game's course from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Ply {
    /// The root evaluation of the engine that moved, from the view of the side that moved
    /// first in the game, within [`EVAL_CLAMP`](crate::EVAL_CLAMP) (a proven win or loss at
    /// the bound); `None` for a random ply or an engine that gives none.
    pub eval: Option<i32>,
    /// The legal moves here.
    pub moves: u32,
    /// The pieces each side has in play ([`Game::piece_counts`]).
    pub pieces: [u32; 2],
    /// How many times this position, with this side to move, occurred earlier in the game
    /// (0 the first time), by Zobrist key.
    pub seen: u32,
}

/// One game played in an [`Arena`](crate::Arena).
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The start position, before the opening line.
    pub start: G,
    /// Every move from `start`: the opening line, the random plies, the engines' moves.
    pub moves: Vec<G::Move>,
    /// How many of `moves` were played before the engines took over.
    pub opening_len: usize,
    /// The Zobrist key of the position where the engines took over.
    pub opening_key: u64,
    /// The last position.
    pub end: G,
    /// The side engine A played.
    pub a_side: Side,
    /// How the game stopped.
    pub finish: Finish,
    /// The legal moves summed over the positions where a move was chosen, random plies
    /// included (not the opening line): divided by the plies, the branching factor.
    pub choices: u64,
    /// A [`Ply`] for each position where a move was chosen, in order: the random plies, then
    /// the engines' moves.
    pub trace: Vec<Ply>,
}

impl<G: Game> Played<G> {
    /// The winner: the outcome's when the rules ended the game, the opponent of an engine
    /// that forfeited, `None` for a draw or a game stopped at the cap.
    pub fn winner(&self) -> Option<Side> {
        match self.finish {
            Finish::Rule => self.end.outcome().and_then(|o| o.winner),
            Finish::PlyCap | Finish::Repetition => None,
            Finish::OutOfTime(side) | Finish::NoMove(side) => Some(!side),
        }
    }

    /// The engine (0 for A, 1 for B) that lost on time, if one did.
    pub fn time_loser(&self) -> Option<usize> {
        match self.finish {
            Finish::OutOfTime(side) => Some(usize::from(side != self.a_side)),
            _ => None,
        }
    }

    /// The plies the engines played, after the opening.
    pub fn engine_plies(&self) -> usize {
        self.moves.len() - self.opening_len
    }
}

impl<G: TextGame> Played<G> {
    /// The game's record under the preset `variant`, tagged with the `event`, the `round`
    /// and the names of the engines A and B on the sides they played, and a `Termination`
    /// tag for a loss on time. The result tag is the end position's (`*` for a game the
    /// rules did not end).
    ///
    /// Returns the index of the first move that is not legal where it is played, if any.
    pub fn record(
        &self,
        variant: &str,
        event: &str,
        round: u64,
        names: [&str; 2],
    ) -> Result<Record, usize> {
        let mut record = Record::of_game(&self.start, Some(variant), &self.moves)?;
        let [a, b] = names;
        let (first, second) = if self.a_side == Side::First {
            (a, b)
        } else {
            (b, a)
        };
        record.tags = vec![
            ("Event".to_owned(), event.to_owned()),
            ("Round".to_owned(), round.to_string()),
            (G::side_name(Side::First).to_owned(), first.to_owned()),
            (G::side_name(Side::Second).to_owned(), second.to_owned()),
        ];
        if let Some(who) = self.time_loser() {
            record.tags.push((
                "Termination".to_owned(),
                format!("time forfeit by {}", names[who]),
            ));
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use abstract_game::nim::{Nim, NimRules};

    use super::*;

    fn game(finish: Finish, a_side: Side) -> Played<Nim> {
        let start = Nim::new(NimRules { heap: 2 });
        let moves = vec![(0, 2), (1, 1)];
        let mut end = start;
        for &mv in &moves {
            end.play_unchecked(mv);
        }
        Played {
            start,
            moves,
            opening_len: 1,
            opening_key: 0,
            end,
            a_side,
            finish,
            choices: 0,
            trace: Vec::new(),
        }
    }

    #[test]
    fn forfeits_give_the_game_to_the_opponent() {
        assert_eq!(game(Finish::PlyCap, Side::First).winner(), None);
        let late = game(Finish::OutOfTime(Side::First), Side::Second);
        assert_eq!(late.winner(), Some(Side::Second));
        // A played Second, so the engine out of time is B.
        assert_eq!(late.time_loser(), Some(1));
        assert_eq!(
            game(Finish::NoMove(Side::Second), Side::First).time_loser(),
            None
        );
        assert_eq!(game(Finish::PlyCap, Side::First).engine_plies(), 1);
    }

    #[test]
    fn the_record_names_the_engines_on_their_sides() {
        let played = game(Finish::OutOfTime(Side::First), Side::Second);
        let text = played
            .record("small", "test", 7, ["alpha", "beta"])
            .unwrap()
            .to_string();
        for tag in [
            "[Event \"test\"]",
            "[Round \"7\"]",
            "[First \"beta\"]",
            "[Second \"alpha\"]",
            "[Termination \"time forfeit by beta\"]",
        ] {
            assert!(text.contains(tag), "{tag} in {text}");
        }
        let illegal = Played {
            moves: vec![(0, 3)],
            ..played
        };
        assert_eq!(
            illegal.record("small", "test", 1, ["a", "b"]).err(),
            Some(0)
        );
    }
}
