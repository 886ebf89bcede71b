//! Heuristic evaluation of positions, for search.

use crate::{Game, Side};

/// The largest magnitude an [`Evaluate::evaluate`] value may have. Searches keep the scores of
/// won and lost games beyond it, so a heuristic never looks like a forced result.
pub const EVAL_BOUND: i32 = 1 << 20;

/// The value for the side to move of an evaluation whose terms are counted alike for both
/// sides: the `worth` of the side to move less that of its opponent. A game's
/// [`Evaluate::evaluate_with`] states its terms once, as the worth of one side.
#[inline]
pub fn worth_difference(to_move: Side, worth: impl Fn(Side) -> i32) -> i32 {
    worth(to_move) - worth(!to_move)
}

/// A game's own heuristic value of a position, for searches that stop before the end.
///
/// The value is from the view of the side to move: positive when it stands better, negative
/// when worse, 0 for an even game. The scale is the game's own (for example a hundred points
/// for a typical piece) but must stay within `-EVAL_BOUND..=EVAL_BOUND`. It is called on
/// positions that are not over (a search scores finished games itself), millions of times a
/// second, so it should be cheap: bitboard counts and small tables, no move generation where
/// it can be avoided.
///
/// A game states its terms once, as [`evaluate_with`](Evaluate::evaluate_with) under weights
/// of its own ([`Weights`](Evaluate::Weights), tuned by matches between engines);
/// [`evaluate`](Evaluate::evaluate) is that under the game's [`WEIGHTS`](Evaluate::WEIGHTS).
pub trait Evaluate: Game {
    /// The weights of the evaluation's terms (`()` for a game without any).
    type Weights: Copy + Send + Sync + 'static;

    /// The weights of [`evaluate`](Evaluate::evaluate): the game's tuned ones.
    const WEIGHTS: Self::Weights;

    /// The value of this position for the side to move under `weights`, for example to tune
    /// them by matches between engines.
    fn evaluate_with(&self, weights: &Self::Weights) -> i32;

    /// The value of this position for the side to move, under the game's
    /// [`WEIGHTS`](Evaluate::WEIGHTS).
    #[inline]
    fn evaluate(&self) -> i32 {
        self.evaluate_with(&Self::WEIGHTS)
    }

    /// The game's advice to the engines: the settings a search takes when its options leave
    /// them unset ([`SearchHints::DEFAULT`] unless the game says otherwise).
    const SEARCH_HINTS: SearchHints = SearchHints::DEFAULT;

    /// A hint for a search's move ordering, before `mv` (a legal move) is searched: above 0
    /// for a move that changes the material (a capture), 0 for a quiet move (the default). An
    /// alpha-beta search tries higher hints first and searches late quiet moves less deeply,
    /// so the hint must be cheap and must not call a quiet move tactical without reason.
    #[inline]
    fn move_priority(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// The family of `mv` (a legal move) among the moves of this position, if it has
    /// *twins*: two moves of one position with the same `Some` family lead to positions of the
    /// same [`outcome`](Game::outcome) and, while the game goes on, the same
    /// [`evaluate`](Evaluate::evaluate) value, and differ only in ways the evaluation does not
    /// see (in Jericho, one size placed on one square in another colour). An alpha-beta search
    /// then searches one twin of each family ([`family_moves`](Evaluate::family_moves))
    /// where the next ply is judged by the evaluation alone, which loses nothing (the others
    /// would score the same), and one ply higher up, where it prunes moves that differ in
    /// little. `None` (the default): no twins.
    #[inline]
    fn move_family(&self, mv: Self::Move) -> Option<u8> {
        let _ = mv;
        None
    }

    /// Fills `moves` (cleared first) with the first legal move of each family
    /// ([`move_family`](Evaluate::move_family)) and every legal move without one, in the
    /// order of [`legal_moves`](Game::legal_moves) (a search relies on that order to find a
    /// move again by its rank): all a search needs where twins score alike. The default lists
    /// every legal move, right for a game without twins; a game with twins lists fewer,
    /// faster than a filter of the full list would.
    #[inline]
    fn family_moves(&self, moves: &mut Self::MoveList) {
        self.legal_moves(moves);
    }

    /// Named opening plans of the game ([`Opening`]), which an engine may be told to follow
    /// before it searches for itself. None by default.
    const OPENINGS: &'static [Opening<Self>] = &[];
}

/// A game's advice to the search engines: the settings an engine takes when its options
/// leave them unset, set per game where matches showed them stronger (each game's docs say
/// which and by how much). They are the game's, not the engine's, because they follow from the
/// game's evaluation and the shape of its trees; `game-search` reads them and knows no game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchHints {
    /// How many random plies a Monte Carlo search plays before the evaluation judges a
    /// playout: 0 plays to the end.
    pub mcts_cutoff: u32,
    /// The exploration constant of a Monte Carlo search.
    pub mcts_exploration: f64,
    /// The weight, from 0 to 1, that a Monte Carlo search gives the *implicit minimax* of the
    /// evaluation: each node's moves are then all judged by the evaluation as the node is
    /// first reached, and the minimax of those judgements over the tree steers the selection
    /// beside the playouts' mean. 0 is plain UCT.
    pub mcts_minimax: f64,
    /// With the implicit minimax on, the progressive widening of a Monte Carlo search: a node
    /// visited `N` times selects among its `ceil(mcts_widening * sqrt(N + 1))` best-judged
    /// moves only. 0 selects among every move.
    pub mcts_widening: f64,
    /// With the implicit minimax on, whether a Monte Carlo search judges each new child by the
    /// evaluation settled over the captures (as its cut-off playouts are when
    /// [`quiescence`](SearchHints::quiescence) is on) rather than as it stands. Settling costs
    /// a small search per child: worth it where a node has tens of moves, not thousands.
    pub mcts_settled_prior: bool,
    /// What a search gives up to avoid a draw, on the evaluation's scale: a draw scores
    /// `-contempt` for the searching side (and `+contempt` for its opponent), so the search
    /// plays on in a level position. 0 scores draws even.
    pub contempt: i32,
    /// Whether an alpha-beta search looks past its horizon at the moves with a hint above 0
    /// ([`Evaluate::move_priority`], the captures), so that a leaf in the middle of an
    /// exchange is not judged by the evaluation: a quiescence search.
    pub quiescence: bool,
}

impl SearchHints {
    /// No advice: playouts to the end, exploration 1.4, plain UCT, draws scored even, no
    /// quiescence search.
    pub const DEFAULT: SearchHints = SearchHints {
        mcts_cutoff: 0,
        mcts_exploration: 1.4,
        mcts_minimax: 0.0,
        mcts_widening: 0.0,
        mcts_settled_prior: false,
        contempt: 0,
        quiescence: false,
    };

    /// The advice for a game with captures and an evaluation that judges its positions well
    /// (Jarmo, Jersi and Jetan): an alpha-beta search looks at the captures past its horizon,
    /// and a Monte Carlo search judges its playouts by the evaluation (settled over the
    /// captures) after one random ply, exploring less (0.7) since the values are steadier.
    pub const JUDGED: SearchHints = SearchHints {
        quiescence: true,
        mcts_cutoff: 1,
        mcts_exploration: 0.7,
        ..SearchHints::DEFAULT
    };

    /// These hints with a guided Monte Carlo search, for a game of many moves a node: it
    /// judges every move of a node by the evaluation as the node is reached and steers mostly
    /// (0.8) by the minimax of those judgements, and widens slowly: the best-judged move
    /// first, `ceil(sqrt(N + 1))` of them after `N` visits.
    pub const fn guided(self) -> SearchHints {
        SearchHints {
            mcts_minimax: 0.8,
            mcts_widening: 1.0,
            ..self
        }
    }
}

impl Default for SearchHints {
    fn default() -> SearchHints {
        SearchHints::DEFAULT
    }
}

/// A named plan for the opening of a game: a rule that picks the move while the plan has
/// something to say, so that a study can measure a strategy (say, a wall of Mountains dropped
/// at the start of Jersi) against ordinary play of the same engine.
pub struct Opening<G: Game> {
    /// The name an engine option gives (`"helms-deep"`): lower case words joined by `-`.
    pub name: &'static str,
    /// One line saying what the plan does.
    pub about: &'static str,
    /// The plan's move in a position (a legal one), or `None` once it has nothing to say
    /// there: the engine then chooses.
    pub choose: fn(&G) -> Option<G::Move>,
}

impl<G: Game> Clone for Opening<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Opening<G> {}

impl<G: Game> core::fmt::Debug for Opening<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Opening")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// The opening plan of `G` called `name`, if it has one.
pub fn opening<G: Evaluate>(name: &str) -> Option<Opening<G>> {
    G::OPENINGS.iter().find(|o| o.name == name).copied()
}
