//! [`State`]: one game as the Python classes see it, in decisions (action ids, with Jersi's
//! follow-ups) as well as moves in notation, with a ply cap; written once over the traits.
//! The rules, the start and the moves come from a [`game_session::Session`], engines through
//! [`game_session::think`] under the one limits rule.

use abstract_game::actions::observation_len;
use abstract_game::{Game, Side};
use game_search::EngineSpec;
use game_session::{Limits, Session, SessionError, Tables};
use pyo3::prelude::*;
use std::sync::atomic::AtomicBool;

use crate::{Playable, value_error};

/// A session's refusal as a `ValueError` with its message.
pub(crate) fn session_error(e: SessionError) -> PyErr {
    value_error(e.to_string())
}

/// A game in progress: the position, the preset it is played under, the ply cap and, in a
/// game whose turns may take two decisions, the turn whose follow-up is still to be chosen.
#[derive(Clone)]
pub(crate) struct State<G: Game> {
    pub(crate) pos: G,
    /// The variant text in force (the default preset's name when none was given).
    pub(crate) variant: String,
    /// Turns played since the start of this object.
    pub(crate) plies: u32,
    pub(crate) max_plies: Option<u32>,
    /// A version of the turn whose main id was chosen, while its follow-up is to be chosen.
    pub(crate) pending: Option<G::Move>,
    /// The whole turn an engine chose last, so that its follow-up is the one it meant.
    pub(crate) planned: Option<G::Move>,
}

impl<G: Playable> State<G> {
    /// A game of `variant` (a preset's name and any `+switch`es; the default when `None`)
    /// from its start or from `position`, after the move texts of `moves`, capped at
    /// `max_plies` turns.
    pub(crate) fn new(
        variant: Option<&str>,
        position: Option<&str>,
        moves: Option<&str>,
        max_plies: Option<u32>,
    ) -> PyResult<State<G>> {
        if max_plies == Some(0) {
            return Err(value_error(
                "max_plies must be 1 or more (a game capped at 0 turns would be over at the start)",
            ));
        }
        let mut game = match position {
            None => Session::<G>::new(variant),
            Some(text) => Session::<G>::from_position(variant, text),
        }
        .map_err(session_error)?;
        if let Some(line) = moves {
            game.play_texts(line.split_whitespace())
                .map_err(session_error)?;
        }
        Ok(State {
            pos: game.position().clone(),
            variant: game.variant_name().to_owned(),
            plies: u32::try_from(game.moves().len()).unwrap_or(u32::MAX),
            max_plies,
            pending: None,
            planned: None,
        })
    }

    /// Whether the ply cap ended the game before its rules did.
    pub(crate) fn is_truncated(&self) -> bool {
        !self.pos.is_over() && self.max_plies.is_some_and(|cap| self.plies >= cap)
    }

    pub(crate) fn is_terminal(&self) -> bool {
        self.pos.is_over() || self.is_truncated()
    }

    /// The ids open to the player to move: the follow-ups of the pending turn, or the main ids.
    pub(crate) fn legal_actions(&self) -> Vec<usize> {
        let mut actions = Vec::new();
        if self.is_terminal() {
            return actions;
        }
        match self.pending {
            Some(mv) => self.pos.follow_up_actions(mv, &mut actions),
            None => self.pos.legal_actions(&mut actions),
        }
        actions
    }

    pub(crate) fn legal_mask(&self) -> Vec<i8> {
        let mut mask = vec![0; G::ACTIONS];
        for action in self.legal_actions() {
            mask[action] = 1;
        }
        mask
    }

    pub(crate) fn not_legal(&self, action: usize) -> PyErr {
        let what = if self.pending.is_some() {
            "a follow-up here"
        } else {
            "legal here"
        };
        value_error(format!(
            "action {action} is not {what} (a {} action is below {})",
            G::NAME,
            G::ACTIONS
        ))
    }

    /// The turn the decision `action` chooses: the whole turn, or, for a main id with several
    /// versions, `Err(version)` (one of them) whose follow-up is still to come.
    pub(crate) fn decide(&self, action: usize) -> PyResult<Result<G::Move, G::Move>> {
        if self.is_terminal() {
            return Err(value_error("the game is over"));
        }
        if let Some(pending) = self.pending {
            return self
                .pos
                .move_of_follow_up(pending, action)
                .map(Ok)
                .ok_or_else(|| self.not_legal(action));
        }
        let mv = self
            .pos
            .move_of_action(action)
            .ok_or_else(|| self.not_legal(action))?;
        let mut follow_ups = Vec::new();
        self.pos.follow_up_actions(mv, &mut follow_ups);
        Ok(if follow_ups.is_empty() {
            Ok(mv)
        } else {
            Err(mv)
        })
    }

    pub(crate) fn finish_turn(&mut self, mv: G::Move) {
        self.pos.play_unchecked(mv);
        self.plies += 1;
        self.pending = None;
    }

    pub(crate) fn apply(&mut self, action: usize) -> PyResult<()> {
        match self.decide(action)? {
            Ok(mv) => self.finish_turn(mv),
            Err(version) => self.pending = Some(version),
        }
        Ok(())
    }

    /// The legal turn written `text`; while a follow-up is pending, only a version of that turn.
    pub(crate) fn parse(&self, text: &str) -> PyResult<G::Move> {
        if self.is_terminal() {
            return Err(value_error("the game is over"));
        }
        let mv = self
            .pos
            .parse_move(text)
            .map_err(|e| value_error(format!("{text:?}: {e}")))?;
        if let Some(pending) = self.pending {
            if self.pos.action_of(mv) != self.pos.action_of(pending) {
                return Err(value_error(format!(
                    "{text:?} is not a version of the turn whose follow-up is to be chosen"
                )));
            }
        }
        Ok(mv)
    }

    pub(crate) fn play(&mut self, text: &str) -> PyResult<()> {
        let mv = self.parse(text)?;
        self.finish_turn(mv);
        Ok(())
    }

    /// The decision id of a legal turn in notation: its follow-up id while one is pending,
    /// else its main id.
    pub(crate) fn string_to_action(&self, text: &str) -> PyResult<usize> {
        let mv = self.parse(text)?;
        Ok(self.decision_of(mv))
    }

    /// The id of the next decision of the legal turn `mv`.
    pub(crate) fn decision_of(&self, mv: G::Move) -> usize {
        match self.pending {
            Some(_) => self
                .pos
                .follow_up_of(mv)
                .unwrap_or_else(|| self.pos.action_of(mv)),
            None => self.pos.action_of(mv),
        }
    }

    pub(crate) fn action_to_string(&self, action: usize) -> PyResult<String> {
        let mv = match self.decide(action)? {
            Ok(mv) | Err(mv) => mv,
        };
        Ok(self.pos.move_to_string(mv))
    }

    pub(crate) fn returns(&self) -> [f64; 2] {
        match self.pos.outcome().and_then(|o| o.winner) {
            Some(Side::First) => [1.0, -1.0],
            Some(Side::Second) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }

    pub(crate) fn observation(&self) -> Vec<f32> {
        let mut out = vec![0.0; observation_len::<G>()];
        match self.pending {
            Some(mv) => self.pos.observe_follow_up(mv, &mut out),
            None => self.pos.observe(&mut out),
        }
        out
    }

    /// The whole turn an engine chooses here, as `(turn, id of the next decision)`.
    pub(crate) fn think(
        &self,
        engine: &str,
        limits: Limits,
        stop: &AtomicBool,
    ) -> PyResult<(G::Move, usize)> {
        if self.is_terminal() {
            return Err(value_error("the game is over"));
        }
        if let (Some(pending), Some(plan)) = (self.pending, self.planned) {
            if self.pos.action_of(plan) == self.pos.action_of(pending) {
                return Ok((plan, self.decision_of(plan)));
            }
        }
        let spec: EngineSpec = engine
            .parse()
            .map_err(|e| value_error(format!("engine {engine:?}: {e}")))?;
        let budget = limits.budget(&spec);
        let mut mv = game_session::think(&self.pos, &spec, budget, &Tables::FromEnv, stop)
            .map_err(session_error)?
            .best;
        if let Some(pending) = self.pending {
            if self.pos.action_of(mv) != self.pos.action_of(pending) {
                // The engine wanted another turn: of the pending turn's versions, take the one
                // that leaves the opponent worst off by the game's evaluation.
                let mut follow_ups = Vec::new();
                self.pos.follow_up_actions(pending, &mut follow_ups);
                mv = follow_ups
                    .iter()
                    .filter_map(|&f| self.pos.move_of_follow_up(pending, f))
                    .min_by_key(|&version| self.pos.after(version).evaluate())
                    .unwrap_or(pending);
            }
        }
        Ok((mv, self.decision_of(mv)))
    }
}

/// The exact value of `pos` for the side to move as `(result, plies)`: `("win", 7)`,
/// `("draw", None)`, `("loss", 4)`. From the table in `tables` (or the folder of
/// `JGAMES_TABLES`) when there is one for its rules (of every position, or an endgame table
/// holding it), else solved on the spot from the positions reachable from it (at most five
/// million; only where the game numbers every position, as in Jasir-basic).
pub(crate) fn solve_value<G: Playable>(
    pos: &G,
    tables: Option<&str>,
) -> PyResult<(&'static str, Option<u8>)> {
    use abstract_game::Value;
    let dir = tables
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os(game_solve::folder::TABLES_ENV).map(std::path::PathBuf::from));
    let opened = match &dir {
        Some(dir) => game_solve::folder::open_in::<G>(dir, pos.rules())
            .map_err(|e| value_error(format!("{}: {e}", dir.display())))?,
        None => None,
    };
    let from_table = match &opened {
        Some((path, table)) => match table.probe(pos) {
            Ok(value) => Some(value),
            Err(game_solve::TableError::NotInTable) => None,
            Err(e) => return Err(value_error(format!("{}: {e}", path.display()))),
        },
        None => None,
    };
    let value = match from_table {
        Some(value) => value,
        None => {
            use abstract_game::PositionIndex;
            let index = G::position_index(pos.rules()).ok_or_else(|| {
                value_error(format!(
                    "{}: no table holds this position, and these rules are not solved on the spot",
                    G::NAME
                ))
            })?;
            let node = index
                .node_of(pos)
                .ok_or_else(|| value_error("the position is outside the solved rules"))?;
            game_solve::analyse(&index, node, 5_000_000)
                .map_err(|e| {
                    value_error(format!("no table, and too big to solve on the spot: {e}"))
                })?
                .root()
        }
    };
    Ok(match value {
        Value::Win(d) => ("win", Some(d)),
        Value::Draw => ("draw", None),
        Value::Loss(d) => ("loss", Some(d)),
    })
}
