//! Tables in a folder: the name of each file, the table that answers for a game's rules, and
//! each file opened once per process and shared by every user (the command line's engines and
//! `show`, Python's `solve_value`).
//!
//! A folder may hold, for one game's rules, the table of every position
//! (`jarmo-jasir-basic-archers.table`), endgame tables of at most `k` pieces of the same
//! index (`...-upto5.table`), or endgame tables of keyed positions
//! (`jarmo-jasir-endgames-of-material-5.table`); the table of every position is preferred,
//! then the endgame of the most pieces or material.

use std::any::Any;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use abstract_game::{Game, Oracle, PositionIndex, Solvable, Value};

use crate::{KeyedIndex, Table, TableError};

/// The environment variable that names the folder of tables for the front ends.
pub const TABLES_ENV: &str = "JGAMES_TABLES";

/// The most pieces (or material) an endgame table is looked for with.
pub const MOST_PIECES: u32 = 16;

/// `name` with every character but ASCII letters and digits made a `-`, for a file name.
fn file_part(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// The file name of the table of `index` in `dir`: of every position, or of the endgame of at
/// most `pieces` pieces.
pub fn table_name<I: PositionIndex>(dir: &Path, index: &I, pieces: Option<u32>) -> PathBuf {
    let upto = pieces.map_or(String::new(), |k| format!("-upto{k}"));
    dir.join(format!(
        "{}-{}{upto}.table",
        <I::Game as Game>::NAME,
        file_part(&index.name())
    ))
}

/// The table of `index` in `dir`: the full table if there is one, else the endgame of the
/// most pieces (the full table's name when there is none at all).
pub fn table_file<I: PositionIndex>(dir: &Path, index: &I) -> PathBuf {
    let full = table_name(dir, index, None);
    if full.exists() {
        return full;
    }
    (1..=MOST_PIECES)
        .rev()
        .map(|k| table_name(dir, index, Some(k)))
        .find(|p| p.exists())
        .unwrap_or(full)
}

/// The file name of the endgame table of keyed positions named `name` in `dir`.
pub fn endgame_name<G: Game>(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{}-{}.table", G::NAME, file_part(name)))
}

/// The endgame table of keyed positions of the most material for `rules` in `dir`, if any.
pub fn endgame_file<G: Solvable>(dir: &Path, rules: G::Rules) -> Option<PathBuf> {
    (1..=MOST_PIECES)
        .rev()
        .filter_map(|k| G::endgames(rules, k))
        .map(|positions| endgame_name::<G>(dir, &positions.name()))
        .find(|p| p.exists())
}

/// Opens the endgame table of keyed positions at `path`, whose file name says its material.
pub fn open_endgames<G: Solvable>(
    rules: G::Rules,
    path: &Path,
) -> Result<Table<KeyedIndex<G>>, TableError> {
    let dir = path.parent().unwrap_or(Path::new(""));
    let positions = (1..=MOST_PIECES)
        .filter_map(|k| G::endgames(rules, k))
        .find(|p| endgame_name::<G>(dir, &p.name()) == path)
        .ok_or_else(|| TableError::OtherIndex {
            found: path.display().to_string(),
            expected: format!("an endgame table of {} named as its rules", G::NAME),
        })?;
    Table::open_keyed(positions, path)
}

/// A table of one game opened from a folder: of the game's own index, or of keyed endgames.
pub enum Opened<G: Solvable> {
    /// A table of the game's index (every position, or endgames of at most `k` pieces).
    Indexed(Arc<Table<G::Index>>),
    /// An endgame table of keyed positions.
    Keyed(Arc<Table<KeyedIndex<G>>>),
}

impl<G: Solvable> Clone for Opened<G> {
    fn clone(&self) -> Self {
        match self {
            Opened::Indexed(t) => Opened::Indexed(Arc::clone(t)),
            Opened::Keyed(t) => Opened::Keyed(Arc::clone(t)),
        }
    }
}

impl<G: Solvable + 'static> Opened<G> {
    /// The value of `pos` (its layer read from the file if it is not yet),
    /// [`TableError::NotInTable`] when the table does not hold it.
    pub fn probe(&self, pos: &G) -> Result<Value, TableError> {
        match self {
            Opened::Indexed(t) => t.probe(pos),
            Opened::Keyed(t) => t.probe(pos),
        }
    }

    /// Reads every layer into memory (once: a layer read is kept).
    pub fn load_all(&self) -> Result<(), TableError> {
        match self {
            Opened::Indexed(t) => t.load_all(),
            Opened::Keyed(t) => t.load_all(),
        }
    }

    /// The table as an oracle for engines (which probe only what is in memory: call
    /// [`load_all`](Opened::load_all) first).
    pub fn oracle(&self) -> Arc<dyn Oracle<G>> {
        match self {
            Opened::Indexed(t) => Arc::clone(t) as Arc<dyn Oracle<G>>,
            Opened::Keyed(t) => Arc::clone(t) as Arc<dyn Oracle<G>>,
        }
    }
}

/// The tables opened so far, by file.
type Cache = Vec<(PathBuf, Arc<dyn Any + Send + Sync>)>;

static OPENED: Mutex<Cache> = Mutex::new(Vec::new());

/// The table `open` makes of `path`, or the one opened from it before in this process.
fn cached<T: Any + Send + Sync>(
    path: &Path,
    open: impl FnOnce() -> Result<T, TableError>,
) -> Result<Arc<T>, TableError> {
    let mut opened = OPENED.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, table)) = opened.iter().find(|(p, _)| p == path) {
        return Arc::clone(table)
            .downcast::<T>()
            .map_err(|_| TableError::OtherGame {
                found: "another game".to_string(),
                expected: path.display().to_string(),
            });
    }
    let table = Arc::new(open()?);
    opened.push((
        path.to_path_buf(),
        Arc::clone(&table) as Arc<dyn Any + Send + Sync>,
    ));
    Ok(table)
}

/// The table for `rules` in `dir` (see the module docs for which), opened once per process
/// (its layers read as probes need them); `None` when the folder has none. The path is given
/// back for messages.
pub fn open_in<G: Solvable + 'static>(
    dir: &Path,
    rules: G::Rules,
) -> Result<Option<(PathBuf, Opened<G>)>, TableError> {
    if let Some(index) = G::position_index(rules) {
        let path = table_file(dir, &index);
        if !path.exists() {
            return Ok(None);
        }
        let table = cached(&path, || Table::open(index, &path))?;
        return Ok(Some((path, Opened::Indexed(table))));
    }
    let Some(path) = endgame_file::<G>(dir, rules) else {
        return Ok(None);
    };
    let table = cached(&path, || open_endgames::<G>(rules, &path))?;
    Ok(Some((path, Opened::Keyed(table))))
}
