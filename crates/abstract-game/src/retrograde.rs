//! What a game gives a retrograde solver: a numbering of its positions in layers, the moves
//! between them, and the value of a finished position.
//!
//! A strong solution (the value of every position) is computed backwards from the ends of the
//! game. That needs every position to have a place in a table, so a game that opts in numbers
//! its positions: a [`PositionIndex`] splits them into *layers* and ranks each position within
//! its layer (and unranks an index back to the position). The layers are ordered by a *wave*:
//! every move either stays in its layer or goes to a layer of a lower wave, so solving the
//! waves from the lowest up always finds the values of the out-of-layer children ready, and
//! only the moves inside one layer need a fixpoint. A game chooses the wave from a quantity its
//! moves can only lower (in Jasir-basic: how far the archers still have to go, and how many
//! there are).
//!
//! The index works on a compact [`Node`](PositionIndex::Node) of the game's own, not on its
//! full position type, because a solver visits each of billions of positions once: the node
//! holds only what decides the value (for Jasir-basic, where the archers stand and who moves).
//! [`PositionIndex::node_of`] and [`PositionIndex::game_of`] translate between the two.
//!
//! The solver itself (layers solved on every core, tables on disk, probes) lives in the
//! `game-solve` crate; this module only states the contract, as [`Evaluate`](crate::Evaluate)
//! does for the engines.

use core::fmt;

use crate::Game;

/// The exact value of a position for the side to move under perfect play, with the number of
/// plies to the end of the game when both sides play well: the winner hurrying, the loser
/// delaying.
///
/// A draw has no distance: it is a position neither side can win, either because the game
/// ends level or because neither side can force the play out of a cycle (a draw by endless
/// play: the rules of the game may cap the game's length, the value says what perfect play
/// gives without a cap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins, the game ending after this many more plies.
    Win(u8),
    /// Neither side can win.
    Draw,
    /// The side to move loses, the game ending after this many more plies.
    Loss(u8),
}

impl Value {
    /// The longest distance a value can hold (it must fit in the byte of [`Value::to_byte`]).
    pub const MAX_DISTANCE: u8 = 126;

    /// The byte that stores this value: 0 a draw, `1 + d` a win in `d`, `128 + d` a loss in
    /// `d`. 255 is never a value (tables use it for "not solved").
    #[inline]
    pub const fn to_byte(self) -> u8 {
        match self {
            Value::Draw => 0,
            Value::Win(d) => 1 + d,
            Value::Loss(d) => 128 + d,
        }
    }

    /// The value a byte of [`Value::to_byte`] stores, `None` for 255 or a distance over
    /// [`Value::MAX_DISTANCE`].
    #[inline]
    pub const fn from_byte(byte: u8) -> Option<Value> {
        match byte {
            0 => Some(Value::Draw),
            1..=127 => Some(Value::Win(byte - 1)),
            128..=254 => Some(Value::Loss(byte - 128)),
            255 => None,
        }
    }

    /// The distance to the end, `None` for a draw.
    #[inline]
    pub const fn distance(self) -> Option<u8> {
        match self {
            Value::Win(d) | Value::Loss(d) => Some(d),
            Value::Draw => None,
        }
    }

    /// What a move into a position of this value (for the opponent, who moves there) is worth
    /// to the side that makes it: the opponent's loss in `d` is a win in `d + 1`, its win a
    /// loss in `d + 1`, a draw a draw. `None` when the distance would pass
    /// [`Value::MAX_DISTANCE`].
    #[inline]
    pub const fn before_move(self) -> Option<Value> {
        match self {
            Value::Draw => Some(Value::Draw),
            Value::Win(d) if d < Value::MAX_DISTANCE => Some(Value::Loss(d + 1)),
            Value::Loss(d) if d < Value::MAX_DISTANCE => Some(Value::Win(d + 1)),
            _ => None,
        }
    }

    /// How much the side to move likes this value: higher is better. A quick win beats a slow
    /// one, any win beats a draw, a draw beats any loss, and a slow loss beats a quick one.
    #[inline]
    pub const fn preference(self) -> i32 {
        match self {
            Value::Win(d) => 1_000 - d as i32,
            Value::Draw => 0,
            Value::Loss(d) => -1_000 + d as i32,
        }
    }

    /// The better of two values for the side to move ([`Value::preference`]).
    #[inline]
    pub const fn max(self, other: Value) -> Value {
        if other.preference() > self.preference() {
            other
        } else {
            self
        }
    }

    /// The same value without its distance: -1, 0 or 1 for a loss, a draw or a win.
    #[inline]
    pub const fn sign(self) -> i32 {
        match self {
            Value::Win(_) => 1,
            Value::Draw => 0,
            Value::Loss(_) => -1,
        }
    }
}

impl fmt::Display for Value {
    /// `win in 7`, `draw`, `loss in 4` (plies).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win in {d}"),
            Value::Draw => f.write_str("draw"),
            Value::Loss(d) => write!(f, "loss in {d}"),
        }
    }
}

/// A numbering of a game's positions for a retrograde solver: layers, ranks within a layer,
/// and the moves between positions, forward and backward.
///
/// The contract a solver relies on (the `game-solve` crate checks it where it can):
/// - [`rank`](PositionIndex::rank) and [`unrank`](PositionIndex::unrank) are inverse: every
///   index below [`layer_len`](PositionIndex::layer_len) names one node, and ranking it gives
///   the index back;
/// - every child from [`children`](PositionIndex::children) is in the same layer or in a
///   layer of a lower [`layer_wave`](PositionIndex::layer_wave); and a node that is not
///   [`terminal`](PositionIndex::terminal) has at least one child;
/// - [`parents`](PositionIndex::parents) of a node gives, once per move, exactly the nodes of
///   the same layer that have a move to it (terminal nodes included or not: the solver skips
///   positions whose value it already has, and terminal nodes have one from the start);
/// - the value of a terminal node depends only on the node.
pub trait PositionIndex: Send + Sync {
    /// The game whose positions this indexes.
    type Game: Game;
    /// The compact form of a position: what decides its value, nothing more.
    type Node: Copy + Send + Sync + Eq + core::hash::Hash + fmt::Debug;

    /// A version number of the numbering, written into table files: a file made under another
    /// version is refused. Raise it whenever a rank changes.
    const INDEX_VERSION: u32;

    /// What the index numbers, in a few words without line breaks (for example
    /// `jasir-basic archers`): table files record it and refuse another.
    fn name(&self) -> String;

    /// The number of layers.
    fn layer_count(&self) -> usize;

    /// The number of indices in `layer` (every one names a node).
    fn layer_len(&self, layer: usize) -> u64;

    /// The wave of `layer`: a move out of a layer goes to a layer of a lower wave.
    fn layer_wave(&self, layer: usize) -> u32;

    /// How many pieces stand on the board in every position of `layer`, where that is fixed
    /// by the layer and no move adds pieces: an endgame table of at most `k` pieces is then
    /// the layers of at most `k`, closed under the moves. `None` (the default) when the index
    /// does not say.
    fn layer_pieces(&self, layer: usize) -> Option<u32> {
        let _ = layer;
        None
    }

    /// The layer and the index of `node`.
    fn rank(&self, node: Self::Node) -> (usize, u64);

    /// The node at `index` of `layer` (both in range).
    fn unrank(&self, layer: usize, index: u64) -> Self::Node;

    /// The value of a node where the game is over (for the side to move there), `None` while
    /// the game goes on.
    fn terminal(&self, node: Self::Node) -> Option<Value>;

    /// Visits the node after each legal move of `node` (a node that is not terminal).
    fn children(&self, node: Self::Node, visit: impl FnMut(Self::Node));

    /// Visits, once per move, each node of the same layer with a move that leads to `node`.
    fn parents(&self, node: Self::Node, visit: impl FnMut(Self::Node));

    /// The node of a game position, `None` when the position is outside this index (other
    /// rules, or facts the index does not cover).
    fn node_of(&self, game: &Self::Game) -> Option<Self::Node>;

    /// The game position of a node.
    fn game_of(&self, node: Self::Node) -> Self::Game;

    /// The layer and the index of a game position, `None` when it is outside the index: the
    /// [`rank`](PositionIndex::rank) of its [`node_of`](PositionIndex::node_of), the road of
    /// every probe (an index that finds both at once, as one that searches for the node does,
    /// overrides it).
    fn locate(&self, game: &Self::Game) -> Option<(usize, u64)> {
        self.node_of(game).map(|node| self.rank(node))
    }

    /// The total number of indices over all layers.
    fn len(&self) -> u64 {
        (0..self.layer_count()).map(|l| self.layer_len(l)).sum()
    }

    /// Whether the index has no positions at all.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A game that can be solved by retrograde analysis under some of its rules.
/// A game whose positions under none of its rules can be solved uses [`Unsolvable`] (through
/// [`unsolvable!`](crate::unsolvable)).
pub trait Solvable: Game {
    /// The game's position index.
    type Index: PositionIndex<Game = Self>;

    /// The index of every position under `rules`, or `None` when these rules cannot be solved
    /// whole (too many positions, or facts the index does not cover).
    fn position_index(rules: Self::Rules) -> Option<Self::Index>;

    /// The endgames of `rules` with at most `material` pieces in play, as positions named by
    /// keys ([`KeyedPositions`]), for rules whose positions carry too many facts (histories,
    /// marks, credits) to number by a formula. `None` (the default) when the game has none.
    fn endgames(rules: Self::Rules, material: u32) -> Option<Box<dyn KeyedPositions<Game = Self>>> {
        let _ = (rules, material);
        None
    }
}

/// A set of a game's positions closed under its moves and named by keys rather than ranks:
/// an endgame whose positions carry facts too irregular to number by a formula (a history of
/// recent moves, marks, credits). The game says which positions start the set and gives each
/// position a key and a *wave* that no move raises; a solver gathers the rest of the set by
/// playing the moves, sorts the keys and numbers the positions by their place among them.
///
/// The contract: [`key`](KeyedPositions::key) is `Some` for every position of the set and for
/// every position a move of it reaches (the set is closed); two positions with the same key
/// have the same moves, to positions with the same keys, and the same value (a key may forget
/// facts that can no longer matter); [`game_of`](KeyedPositions::game_of) of a key gives a
/// position with that key.
pub trait KeyedPositions: Send + Sync {
    /// The game.
    type Game: Game;

    /// What the set is, in a few words without line breaks (table files record it).
    fn name(&self) -> String;

    /// A version number of the keys, written into table files: raise it when a key changes.
    fn key_version(&self) -> u32;

    /// The number of waves: every key's wave is below it.
    fn waves(&self) -> u32;

    /// The wave and the key of `game`, `None` when it is outside the set.
    fn key(&self, game: &Self::Game) -> Option<(u32, u128)>;

    /// A position with `key` (one [`key`](KeyedPositions::key) gave).
    fn game_of(&self, key: u128) -> Self::Game;

    /// Visits the positions the set starts from: with these and the moves, every position of
    /// the set is reached.
    fn seeds(&self, visit: &mut dyn FnMut(Self::Game));
}

/// Exact values known in advance, for engines: a table of perfect play seen from a search.
///
/// An engine given an oracle treats a position it knows as a leaf with its exact value, and at
/// the root plays the move that keeps the value (the quickest win, the slowest loss). The
/// probe is called at every node, so it must be cheap and must not wait on a disk: `None`
/// for a position the oracle does not hold in memory.
pub trait Oracle<G>: Send + Sync {
    /// The value of `pos` for the side to move, `None` when unknown.
    fn value(&self, pos: &G) -> Option<Value>;
}

/// The index of a game that no rules of which can be solved: no layers, no positions. A game
/// implements [`Solvable`] with it so that generic front ends (the command line) can ask any
/// game and hear "not solvable".
pub struct Unsolvable<G>(core::marker::PhantomData<fn() -> G>);

/// Implements [`Solvable`] with [`Unsolvable`] for a game's position type, for a game none of
/// whose rules are small enough to solve whole. Invoke it once in the game crate:
/// `abstract_game::unsolvable!(Position);`.
#[macro_export]
macro_rules! unsolvable {
    ($position:ty) => {
        impl $crate::Solvable for $position {
            type Index = $crate::Unsolvable<$position>;

            /// No rules of this game are small enough to solve whole: always `None`.
            fn position_index(_rules: Self::Rules) -> Option<Self::Index> {
                None
            }
        }
    };
}

impl<G: Game> PositionIndex for Unsolvable<G> {
    type Game = G;
    type Node = ();
    const INDEX_VERSION: u32 = 0;

    fn name(&self) -> String {
        format!("{} (not solvable)", G::NAME)
    }
    fn layer_count(&self) -> usize {
        0
    }
    fn layer_len(&self, _layer: usize) -> u64 {
        0
    }
    fn layer_wave(&self, _layer: usize) -> u32 {
        0
    }
    fn rank(&self, _node: ()) -> (usize, u64) {
        (0, 0)
    }
    fn unrank(&self, _layer: usize, _index: u64) {}
    fn terminal(&self, _node: ()) -> Option<Value> {
        None
    }
    fn children(&self, _node: (), _visit: impl FnMut(())) {}
    fn parents(&self, _node: (), _visit: impl FnMut(())) {}
    fn node_of(&self, _game: &G) -> Option<()> {
        None
    }
    fn game_of(&self, _node: ()) -> G {
        G::new(G::Rules::default())
    }
}

#[cfg(test)]
mod tests {
    use super::Value;

    #[test]
    fn values_round_trip_through_their_byte() {
        for byte in 0..=255u8 {
            match Value::from_byte(byte) {
                Some(v) => assert_eq!(v.to_byte(), byte),
                None => assert_eq!(byte, 255),
            }
        }
        assert_eq!(Value::Win(0).to_byte(), 1);
        assert_eq!(Value::Loss(126).to_byte(), 254);
    }

    #[test]
    fn a_move_turns_the_childs_value_around() {
        assert_eq!(Value::Loss(4).before_move(), Some(Value::Win(5)));
        assert_eq!(Value::Win(0).before_move(), Some(Value::Loss(1)));
        assert_eq!(Value::Draw.before_move(), Some(Value::Draw));
        assert_eq!(Value::Win(Value::MAX_DISTANCE).before_move(), None);
    }

    #[test]
    fn preference_orders_quick_wins_first_and_slow_losses_last() {
        let order = [
            Value::Win(1),
            Value::Win(9),
            Value::Draw,
            Value::Loss(9),
            Value::Loss(1),
        ];
        for pair in order.windows(2) {
            assert!(pair[0].preference() > pair[1].preference(), "{pair:?}");
            assert_eq!(pair[0].max(pair[1]), pair[0]);
            assert_eq!(pair[1].max(pair[0]), pair[0]);
        }
        assert_eq!(Value::Win(3).to_string(), "win in 3");
    }
}
