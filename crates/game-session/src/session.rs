//! [`Session`]: a game someone is playing, from its start, with every position kept so that
//! undo is a pop and a record can be written at any time.

use abstract_game::record::{Record, RecordError, move_label};
use abstract_game::{Game, GameRules, ImportError, TextGame};

use crate::SessionError;

/// The rules of a variant text and the name they are known by: `None` or an empty text is the
/// default preset; otherwise a preset's name and any `+switch`es (`jarmo+second-first`), read
/// by [`GameRules::variant`].
pub fn rules_of<G: Game>(variant: Option<&str>) -> Result<(String, G::Rules), SessionError> {
    match variant.map(str::trim).filter(|text| !text.is_empty()) {
        None => {
            let preset = &G::Rules::PRESETS[0];
            Ok((preset.name.to_owned(), preset.rules))
        }
        Some(text) => Ok((text.to_owned(), G::Rules::variant(G::NAME, text)?)),
    }
}

/// A game in progress: the variant it is played under, where it started, the moves, and the
/// position before and after each (the last is the current one). Only legal moves change it;
/// every refusal leaves it as it was.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    /// The variant text as given; `None` for the default rules.
    variant: Option<String>,
    /// The name of the variant in force (the default preset's when `variant` is `None`).
    variant_name: String,
    rules: G::Rules,
    moves: Vec<G::Move>,
    /// `positions[0]` is the start, `positions[i + 1]` the position after `moves[i]`.
    positions: Vec<G>,
}

impl<G: TextGame> Session<G> {
    /// A game from the start position of `variant` (see [`rules_of`]).
    pub fn new(variant: Option<&str>) -> Result<Session<G>, SessionError> {
        let (name, rules) = rules_of::<G>(variant)?;
        Ok(Session::starting(variant, name, rules, G::new(rules)))
    }

    /// A game under `variant` from the position text `position`.
    pub fn from_position(
        variant: Option<&str>,
        position: &str,
    ) -> Result<Session<G>, SessionError> {
        let (name, rules) = rules_of::<G>(variant)?;
        let start = G::from_text(position.trim(), rules).map_err(|e| SessionError::Position {
            text: position.to_owned(),
            reason: e.to_string(),
        })?;
        Ok(Session::starting(variant, name, rules, start))
    }

    /// The game of a record, replayed: its variant, start position and moves. `variant`, when
    /// given, must be the record's (or the record names none, and `variant` is played).
    pub fn from_record(record: &Record, variant: Option<&str>) -> Result<Session<G>, SessionError> {
        if record.game.is_empty() {
            return Err(RecordError::MissingGame.into());
        }
        if record.game != G::NAME {
            return Err(RecordError::WrongGame {
                expected: G::NAME,
                found: record.game.clone(),
            }
            .into());
        }
        let asked = variant.map(str::trim).filter(|text| !text.is_empty());
        let named = match (&record.variant, asked) {
            (Some(named), Some(asked)) if named != asked => {
                return Err(SessionError::VariantMismatch {
                    record: named.clone(),
                    asked: asked.to_owned(),
                });
            }
            (Some(named), _) => Some(named.as_str()),
            (None, asked) => asked,
        };
        let (name, rules) = rules_of::<G>(named)?;
        let replay = record.replay_with::<G>(rules)?;
        let mut session = Session::starting(named, name, rules, replay.start);
        for mv in replay.moves {
            // The replay checked every move where it was played.
            session.play(mv).map_err(|_| SessionError::GameOver)?;
        }
        Ok(session)
    }

    /// The game of a record text: the shared record format (tags in brackets, then moves), or
    /// the game's own format where it has one ([`TextGame::import_record`]), whose moves are
    /// played from the start of `variant`.
    pub fn from_record_text(text: &str, variant: Option<&str>) -> Result<Session<G>, SessionError> {
        let own = if text.trim_start().starts_with('[') {
            None
        } else {
            G::import_record(text)
        };
        match own {
            Some(texts) => {
                let texts = texts?;
                if texts.is_empty() {
                    return Err(ImportError::Empty.into());
                }
                let mut session = Session::new(variant)?;
                session.play_texts(texts.iter().map(String::as_str))?;
                Ok(session)
            }
            None => Session::from_record(&text.parse()?, variant),
        }
    }

    fn starting(
        variant: Option<&str>,
        variant_name: String,
        rules: G::Rules,
        start: G,
    ) -> Session<G> {
        Session {
            variant: variant
                .map(str::trim)
                .filter(|text| !text.is_empty())
                .map(str::to_owned),
            variant_name,
            rules,
            moves: Vec::new(),
            positions: vec![start],
        }
    }

    /// Plays a move given in notation, after the moves so far, and returns it. A text that
    /// does not parse, a move that is not legal, or a game already over is refused with the
    /// move's number (`1.`, `1...`) and the side to move, and nothing changes.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, SessionError> {
        let pos = self.position();
        let label = move_label(self.moves.len(), self.start().side_to_move());
        if let Some(outcome) = pos.outcome() {
            return Err(SessionError::MoveAfterEnd {
                label,
                text: text.to_owned(),
                result: G::describe(outcome).to_string(),
            });
        }
        let refused = |reason: String| SessionError::Move {
            label: label.clone(),
            text: text.to_owned(),
            side: G::side_name(pos.side_to_move()),
            reason,
        };
        let mv = pos
            .parse_move(text.trim())
            .map_err(|e| refused(e.to_string()))?;
        let mut next = pos.clone();
        next.play(mv).map_err(|e| refused(e.to_string()))?;
        self.moves.push(mv);
        self.positions.push(next);
        Ok(mv)
    }

    /// Plays the move texts in order; at the first refusal the moves before it stay played.
    pub fn play_texts<'a>(
        &mut self,
        texts: impl IntoIterator<Item = &'a str>,
    ) -> Result<(), SessionError> {
        for text in texts {
            self.play_text(text)?;
        }
        Ok(())
    }
}

impl<G: Game> Session<G> {
    /// Plays a legal move; anything else is refused and nothing changes.
    pub fn play(&mut self, mv: G::Move) -> Result<(), abstract_game::PlayError> {
        let mut next = self.position().clone();
        next.play(mv)?;
        self.moves.push(mv);
        self.positions.push(next);
        Ok(())
    }

    /// Takes back the last move and returns it; `None` at the start.
    pub fn undo(&mut self) -> Option<G::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// The current position.
    pub fn position(&self) -> &G {
        // Never empty: the start is never popped.
        &self.positions[self.positions.len() - 1]
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.positions[0]
    }

    /// The positions from the start to the current one, one more than the moves.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The variant text the game was made with; `None` for the default rules.
    pub fn variant(&self) -> Option<&str> {
        self.variant.as_deref()
    }

    /// The name of the variant in force: the text given, or the default preset's name.
    pub fn variant_name(&self) -> &str {
        &self.variant_name
    }

    /// The rules in force.
    pub fn rules(&self) -> G::Rules {
        self.rules
    }
}

impl<G: TextGame> Session<G> {
    /// The moves played, in notation.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&mv, before)| before.move_to_string(mv))
            .collect()
    }

    /// The game as a record: the variant as given (none for the default rules), the start
    /// position when it is not the usual one, the moves and the result.
    pub fn record(&self) -> Record {
        self.record_as(self.variant())
    }

    /// The game as a record whose variant tag is `variant`.
    pub fn record_as(&self, variant: Option<&str>) -> Record {
        // Every move was legal where it was played, so the record cannot be refused.
        Record::of_game(self.start(), variant, &self.moves).unwrap_or_default()
    }
}
