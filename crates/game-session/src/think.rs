//! An engine's move for a session's position: the engine built from its spec (with the
//! tables of perfect play it may read), one search, and what the search saw.

use std::sync::atomic::AtomicBool;

use abstract_game::{Evaluate, Game, Solvable, TextGame};
use game_search::{Budget, Engine, EngineSpec, SearchInfo, Watch};

use crate::SessionError;

/// Where engines whose spec uses tables (`tables=on`, the default) find tables of perfect
/// play.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Tables {
    /// Nowhere: the engines search alone.
    #[default]
    None,
    /// In this folder.
    #[cfg(feature = "tables")]
    Folder(std::path::PathBuf),
    /// In the folder the environment variable
    /// [`TABLES_ENV`](game_solve::folder::TABLES_ENV) names, if it is set.
    #[cfg(feature = "tables")]
    FromEnv,
}

impl Tables {
    /// The folder to look in, if any.
    #[cfg(feature = "tables")]
    fn folder(&self) -> Option<std::path::PathBuf> {
        match self {
            Tables::None => None,
            Tables::Folder(dir) => Some(dir.clone()),
            Tables::FromEnv => {
                std::env::var_os(game_solve::folder::TABLES_ENV).map(std::path::PathBuf::from)
            }
        }
    }
}

/// The engine of `spec` for games under `rules`, reading the table of perfect play for those
/// rules from `tables` when the spec uses tables and the folder holds one.
pub fn engine_for<G: Game + Evaluate + Solvable>(
    spec: &EngineSpec,
    rules: G::Rules,
    tables: &Tables,
) -> Result<Box<dyn Engine<G>>, SessionError> {
    #[cfg_attr(not(feature = "tables"), allow(unused_mut))]
    let mut engine = spec.build::<G>();
    #[cfg(feature = "tables")]
    if spec.uses_tables() {
        if let Some(dir) = tables.folder() {
            let refused =
                |path: &std::path::Path, e: game_solve::TableError| SessionError::Tables {
                    path: path.display().to_string(),
                    reason: e.to_string(),
                };
            if let Some((path, table)) =
                game_solve::folder::open_in::<G>(&dir, rules).map_err(|e| refused(&dir, e))?
            {
                table.load_all().map_err(|e| refused(&path, e))?;
                engine.set_oracle(game_search::SharedOracle(table.oracle()));
            }
        }
    }
    #[cfg(not(feature = "tables"))]
    let _ = (rules, tables);
    Ok(engine)
}

/// An engine's choice and what its search saw.
#[derive(Clone, Debug)]
pub struct Thought<G: Game> {
    /// The move chosen (legal in the position searched).
    pub best: G::Move,
    /// The search's statistics, score and expected line.
    pub info: SearchInfo<G>,
}

impl<G: TextGame> Thought<G> {
    /// The expected line from `pos` (the position searched) in notation, the chosen move first,
    /// as far as its moves are legal.
    pub fn line(&self, pos: &G) -> Vec<String> {
        let mut at = pos.clone();
        let mut line = Vec::with_capacity(self.info.pv.len());
        for &mv in &self.info.pv {
            if !at.is_legal(mv) {
                break;
            }
            line.push(at.move_to_string(mv));
            at.play_unchecked(mv);
        }
        line
    }
}

/// The move the engine of `spec` chooses in `pos` within `budget`, with tables from `tables`;
/// setting `stop` ends the search early (it still answers). Refused when the game is over.
pub fn think<G: Game + Evaluate + Solvable>(
    pos: &G,
    spec: &EngineSpec,
    budget: Budget,
    tables: &Tables,
    stop: &AtomicBool,
) -> Result<Thought<G>, SessionError> {
    if pos.is_over() {
        return Err(SessionError::GameOver);
    }
    let mut engine = engine_for::<G>(spec, pos.rules(), tables)?;
    let (best, info) = engine
        .search(pos, &budget, Watch::new(stop, &mut |_| {}))
        .ok_or(SessionError::GameOver)?;
    Ok(Thought { best, info })
}
