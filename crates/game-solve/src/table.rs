//! A solved table in memory: the values of an index's layers, probed by node or by position.

use std::collections::HashMap;
use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

use abstract_game::{Game, PositionIndex, Value};

use crate::Analysis;
use crate::file::TableFile;
use crate::solve::{Layers, Progress, solve_layers};
use crate::{SolveError, TableError};

/// The values of the positions of an index: every layer, or the layers an endgame needs.
///
/// A table made by [`Table::solve`] holds its values in memory; one opened by
/// `Table::open` (with the `files` feature) reads each layer from its file the first time a probe
/// needs it, checks it against its checksum, and keeps it.
pub struct Table<I: PositionIndex> {
    pub(crate) index: I,
    pub(crate) layers: Layers,
    pub(crate) file: Option<TableFile>,
    /// Values of single positions, from an analysis on the spot.
    pub(crate) spot: HashMap<I::Node, Value>,
}

/// A legal move and the value it leaves the mover.
pub type RatedMove<I> = (<<I as PositionIndex>::Game as Game>::Move, Value);

/// How many positions of a table have each value, by side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Wins for the side to move.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses for the side to move.
    pub losses: u64,
    /// The longest distance to the end of any won or lost position.
    pub longest: u8,
}

impl Counts {
    /// Every position counted.
    pub fn total(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Adds one value.
    pub fn add(&mut self, value: Value) {
        match value {
            Value::Win(_) => self.wins += 1,
            Value::Draw => self.draws += 1,
            Value::Loss(_) => self.losses += 1,
        }
        self.longest = self.longest.max(value.distance().unwrap_or(0));
    }
}

impl<I: PositionIndex> Table<I> {
    /// Solves every layer of `index` on `threads` threads. `progress` is called from this
    /// thread about four times a second; setting `stop` ends the solve with
    /// [`SolveError::Stopped`].
    pub fn solve(
        index: I,
        threads: usize,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Table<I>, SolveError> {
        Table::solve_where(index, |_| true, threads, stop, progress)
    }

    /// Solves the layers `wanted` says yes to, which must hold every layer their moves reach
    /// (an endgame: for example every layer with few pieces). Probing a position of another
    /// layer gives [`TableError::NotInTable`].
    pub fn solve_where(
        index: I,
        wanted: impl Fn(usize) -> bool,
        threads: usize,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<Table<I>, SolveError> {
        let layers = solve_layers(&index, wanted, threads, stop, progress)?;
        Ok(Table {
            index,
            layers,
            file: None,
            spot: HashMap::new(),
        })
    }

    /// A table of the positions an [`analyse`](crate::analyse) solved: every position
    /// reachable from its root, and no layer.
    pub fn from_analysis(index: I, analysis: &Analysis<I::Node>) -> Table<I> {
        let layers = empty_layers(index.layer_count());
        Table {
            index,
            layers,
            file: None,
            spot: analysis.values.iter().copied().collect(),
        }
    }

    /// The table with the values of `layer` replaced by `values` (as long as the layer): for
    /// tests of the checks, which must find a value that is wrong.
    #[doc(hidden)]
    pub fn with_layer(mut self, layer: usize, values: Box<[u8]>) -> Table<I> {
        if let Some(slot) = self.layers.get_mut(layer) {
            *slot = OnceLock::new();
            let _ = slot.set(values);
        }
        self
    }

    /// The index the table numbers its positions by.
    pub fn index(&self) -> &I {
        &self.index
    }

    /// The values of `layer`, read from the file the first time; `None` when the table does
    /// not hold the layer.
    pub fn layer(&self, layer: usize) -> Result<Option<&[u8]>, TableError> {
        let Some(slot) = self.layers.get(layer) else {
            return Ok(None);
        };
        if let Some(values) = slot.get() {
            return Ok(Some(values));
        }
        let Some(file) = &self.file else {
            return Ok(None);
        };
        let Some(values) = file.read_layer(layer, self.index.layer_len(layer))? else {
            return Ok(None);
        };
        Ok(Some(slot.get_or_init(|| values)))
    }

    /// Whether the table holds `layer`.
    pub fn has_layer(&self, layer: usize) -> bool {
        self.layers.get(layer).is_some_and(|s| s.get().is_some())
            || self.file.as_ref().is_some_and(|f| f.has_layer(layer))
    }

    /// The value of a node for the side to move there.
    #[inline]
    pub fn probe_node(&self, node: I::Node) -> Result<Value, TableError> {
        if let Some(&v) = self.spot.get(&node) {
            return Ok(v);
        }
        let (layer, i) = self.index.rank(node);
        let values = self.layer(layer)?.ok_or(TableError::NotInTable)?;
        values
            .get(i as usize)
            .and_then(|&b| Value::from_byte(b))
            .ok_or(TableError::Corrupt {
                what: "a stored byte is not a value",
            })
    }

    /// The value of a game position for the side to move, [`TableError::NotInTable`] when the
    /// index does not number it or the table does not hold its layer.
    pub fn probe(&self, game: &I::Game) -> Result<Value, TableError> {
        let node = self.index.node_of(game).ok_or(TableError::NotInTable)?;
        self.probe_node(node)
    }

    /// The value of a position reached so far in memory without touching the file: `None`
    /// when its layer has not been read yet (the fast road for engines, which must not wait
    /// on a disk in the middle of a search).
    #[inline]
    pub fn probe_loaded(&self, game: &I::Game) -> Option<Value> {
        let (layer, i) = self.index.locate(game)?;
        let values = self.layers.get(layer)?.get()?;
        values.get(i as usize).and_then(|&b| Value::from_byte(b))
    }

    /// Reads every layer of the file into memory (for engines, before they search).
    pub fn load_all(&self) -> Result<(), TableError> {
        for layer in 0..self.layers.len() {
            self.layer(layer)?;
        }
        Ok(())
    }

    /// The positions of each value over the layers the table holds.
    pub fn counts(&self) -> Result<Counts, TableError> {
        let mut counts = Counts::default();
        for layer in 0..self.layers.len() {
            if let Some(values) = self.layer(layer)? {
                for &b in values {
                    counts.add(Value::from_byte(b).ok_or(TableError::Corrupt {
                        what: "a stored byte is not a value",
                    })?);
                }
            }
        }
        Ok(counts)
    }

    /// The legal moves of `game` with the value each leaves the mover (best first: quickest
    /// wins, then draws, then slowest losses), each as the move and its value.
    pub fn rate_moves(&self, game: &I::Game) -> Result<Vec<RatedMove<I>>, TableError> {
        let mut moves = <I::Game as Game>::MoveList::default();
        game.legal_moves(&mut moves);
        let mut rated = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            let child = self.probe(&game.after(mv))?;
            let value = child.before_move().ok_or(TableError::Corrupt {
                what: "a distance past the largest a table holds",
            })?;
            rated.push((mv, value));
        }
        rated.sort_by_key(|&(_, v)| std::cmp::Reverse(v.preference()));
        Ok(rated)
    }

    /// A perfect line from `game`: the winner takes the quickest win, the loser the slowest
    /// loss, until the game ends, or `max_plies` moves in a drawn line (which can go round
    /// for ever).
    pub fn perfect_line(
        &self,
        game: &I::Game,
        max_plies: usize,
    ) -> Result<Vec<<I::Game as Game>::Move>, TableError> {
        let mut line = Vec::new();
        let mut pos = game.clone();
        while line.len() < max_plies && !pos.is_over() {
            let Some(&(mv, _)) = self.rate_moves(&pos)?.first() else {
                break;
            };
            line.push(mv);
            pos.play_unchecked(mv);
        }
        Ok(line)
    }
}

impl<I: PositionIndex> core::fmt::Debug for Table<I> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let in_memory = self.layers.iter().filter(|l| l.get().is_some()).count();
        f.debug_struct("Table")
            .field("layers", &self.layers.len())
            .field("in_memory", &in_memory)
            .field("file", &self.file.as_ref().map(|f| f.path().to_path_buf()))
            .finish()
    }
}

/// Layers ready in memory, for the solver's own use.
pub(crate) fn empty_layers(count: usize) -> Layers {
    (0..count).map(|_| OnceLock::new()).collect()
}

impl<I: PositionIndex> abstract_game::Oracle<I::Game> for Table<I> {
    /// [`Table::probe_loaded`]: the layers in memory only.
    #[inline]
    fn value(&self, pos: &I::Game) -> Option<Value> {
        self.probe_loaded(pos)
    }
}
