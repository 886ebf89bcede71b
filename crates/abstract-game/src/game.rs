//! The traits every game implements.

use core::fmt::{self, Debug};
use core::hash::Hash;
use core::ops::Deref;
use core::str::FromStr;

use arrayvec::ArrayVec;

use crate::playout::Rng;
use crate::{Ending, Outcome, Scores, Side};

/// A stack-allocated list that move generation fills.
///
/// Implemented for [`ArrayVec`]; each game picks a capacity large enough for its largest
/// position.
pub trait MoveList<M>: Default + Deref<Target = [M]> {
    /// Appends a move.
    fn push(&mut self, mv: M);
    /// Removes every move.
    fn clear(&mut self);
}

impl<M, const N: usize> MoveList<M> for ArrayVec<M, N> {
    #[inline]
    fn push(&mut self, mv: M) {
        ArrayVec::push(self, mv);
    }
    #[inline]
    fn clear(&mut self) {
        ArrayVec::clear(self);
    }
}

/// One named preset of a game's rules: a line of the game's preset table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset<R> {
    /// The name, as the command line and records spell it: `"jasir-reserve"`.
    pub name: &'static str,
    /// One line about what sets it apart.
    pub summary: &'static str,
    /// The rules it names.
    pub rules: R,
}

/// A preset name that a game does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game} has no variant {name:?} (known: {known})")]
pub struct UnknownPreset {
    /// The game's [`Game::NAME`].
    pub game: &'static str,
    /// The name asked for.
    pub name: String,
    /// The names the game knows, comma-separated.
    pub known: String,
}

/// A named change of one rule option (`shuttling`: the no-shuttling rule off), applied to a
/// preset as `jarmo+shuttling`, so that a study can measure one rule at a time.
#[derive(Clone, Copy, Debug)]
pub struct RuleSwitch<R> {
    /// The name after the `+`: lower case words joined by `-`.
    pub name: &'static str,
    /// One line saying what it changes.
    pub summary: &'static str,
    /// The rules with the change made.
    pub apply: fn(R) -> R,
}

/// A variant text (`preset+switch+...`, see [`GameRules::variant`]) that a game does not
/// read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// The preset before the first `+` is unknown.
    #[error(transparent)]
    Preset(#[from] UnknownPreset),
    /// A switch after a `+` is unknown.
    #[error("{game} has no rule switch {name:?} (known: {known})")]
    Switch {
        /// The game's [`Game::NAME`].
        game: &'static str,
        /// The switch asked for.
        name: String,
        /// The switches the game knows, comma-separated (`none` when it has none).
        known: String,
    },
}

/// The rule options of a game, with its table of named presets.
///
/// The table is the one list of a game's presets; the first entry is the default, and each
/// game's `Default` returns its rules (the contract checks that the two agree).
pub trait GameRules: Copy + Default + Eq + Debug + Send + Sync + 'static {
    /// Every preset, the default first.
    const PRESETS: &'static [Preset<Self>];

    /// The rules of the named preset, or `None` for an unknown name.
    fn preset(name: &str) -> Option<Self> {
        Self::PRESETS
            .iter()
            .find(|preset| preset.name == name)
            .map(|preset| preset.rules)
    }

    /// The named preset of `game` (its [`Game::NAME`], for the message), or an error that
    /// lists the known names.
    fn find_preset(game: &'static str, name: &str) -> Result<&'static Preset<Self>, UnknownPreset> {
        Self::PRESETS
            .iter()
            .find(|preset| preset.name == name)
            .ok_or_else(|| UnknownPreset {
                game,
                name: name.to_owned(),
                known: Self::preset_names().collect::<Vec<_>>().join(", "),
            })
    }

    /// The preset names, the default first.
    fn preset_names() -> impl Iterator<Item = &'static str> {
        Self::PRESETS.iter().map(|preset| preset.name)
    }

    /// The name of the preset these rules are, if any.
    fn preset_name(&self) -> Option<&'static str> {
        Self::PRESETS
            .iter()
            .find(|preset| preset.rules == *self)
            .map(|preset| preset.name)
    }

    /// The default rules: the first preset's. Each game's `Default` is this, written by
    /// [`default_rules!`](crate::default_rules), so the table is the one source of the default.
    fn default_preset() -> Self {
        Self::PRESETS[0].rules
    }

    /// Changes of one rule option that [`variant`](GameRules::variant) applies to a preset
    /// (none by default).
    const SWITCHES: &'static [RuleSwitch<Self>] = &[];

    /// The rules of a variant text: a preset's name, then any number of `+switch` changes
    /// applied in order (`jarmo+shuttling`); `game` names the game in the errors.
    fn variant(game: &'static str, text: &str) -> Result<Self, VariantError> {
        let mut parts = text.split('+');
        let preset = Self::find_preset(game, parts.next().unwrap_or("").trim())?;
        let mut rules = preset.rules;
        for name in parts {
            let name = name.trim();
            let switch = Self::SWITCHES
                .iter()
                .find(|s| s.name == name)
                .ok_or_else(|| VariantError::Switch {
                    game,
                    name: name.to_owned(),
                    known: if Self::SWITCHES.is_empty() {
                        "none".to_owned()
                    } else {
                        Self::SWITCHES
                            .iter()
                            .map(|s| s.name)
                            .collect::<Vec<_>>()
                            .join(", ")
                    },
                })?;
            rules = (switch.apply)(rules);
        }
        Ok(rules)
    }
}

/// Writes `impl Default` for a rules type as [`GameRules::default_preset`], the first preset's
/// rules: `Default` is a supertrait of [`GameRules`], so each game must have one, and this keeps
/// the preset table the only place that says which rules are the default.
///
/// ```
/// # use abstract_game::{GameRules, Preset};
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// struct Rules { size: u8 }
/// impl GameRules for Rules {
///     const PRESETS: &'static [Preset<Rules>] = &[
///         Preset { name: "small", summary: "a small board", rules: Rules { size: 3 } },
///         Preset { name: "large", summary: "a large board", rules: Rules { size: 9 } },
///     ];
/// }
/// abstract_game::default_rules!(Rules);
/// assert_eq!(Rules::default(), Rules { size: 3 });
/// ```
#[macro_export]
macro_rules! default_rules {
    ($rules:ty) => {
        impl ::core::default::Default for $rules {
            #[doc = concat!("The first preset's rules (`", stringify!($rules), "::PRESETS[0]`).")]
            fn default() -> $rules {
                <$rules as $crate::GameRules>::default_preset()
            }
        }
    };
}

/// Why a record in a game's own format (see [`TextGame::import_record`]) was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// The text holds no move.
    #[error("the record holds no move")]
    Empty,
    /// The text is not of the format: the game's own message, which says where.
    #[error("{0}")]
    Invalid(String),
}

/// Why a checked move was refused. The position is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game has ended: no move is legal.
    #[error("the game is over")]
    GameOver,
    /// The move is not among the legal moves of the position.
    #[error("the move is not legal in this position")]
    Illegal,
}

/// A two-player game position that only legal moves change.
///
/// A *move* is a whole turn, whatever it is made of: a step, a placement from a stock, a pass, a
/// sequence of actions (Jersi's cube-then-stack turns, its double drops). Each distinct turn is
/// generated exactly once.
///
/// Contract shared by every implementation, relied on by [`perft`](crate::perft) and the
/// property tests:
/// * when [`outcome`](Game::outcome) is `Some` there are no legal moves, and while it is
///   `None` there is at least one (a game with passes lists the pass);
/// * [`count_legal_moves`](Game::count_legal_moves) equals the number of moves
///   [`legal_moves`](Game::legal_moves) produces;
/// * [`zobrist`](Game::zobrist), kept incrementally, equals
///   [`zobrist_from_scratch`](Game::zobrist_from_scratch).
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// One whole turn. Small and `Copy`.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// Every rule option of the game.
    type Rules: GameRules;
    /// The stack-allocated move list.
    type MoveList: MoveList<Self::Move>;

    /// The game's name as the command line spells it, e.g. `"jarmo"`.
    const NAME: &'static str;
    /// Names of [`Side::First`] and [`Side::Second`], e.g. `["Black", "White"]`.
    const SIDE_NAMES: [&'static str; 2];

    /// The start position under `rules`.
    fn new(rules: Self::Rules) -> Self;

    /// The rules this position is played under.
    fn rules(&self) -> Self::Rules;

    /// The side whose turn it is.
    fn side_to_move(&self) -> Side;

    /// Clears `moves` and fills it with every legal move (none once the game is over).
    fn legal_moves(&self, moves: &mut Self::MoveList);

    /// The number of legal moves. Games override this to count without materialising moves.
    fn count_legal_moves(&self) -> usize {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.len()
    }

    /// The number of legal moves after `mv` (legal here). Games may override this to skip work
    /// that counting does not need, such as updating the hash.
    fn count_after(&self, mv: Self::Move) -> usize {
        self.after(mv).count_legal_moves()
    }

    /// The number of two-move sequences from here: perft(2), the sum of
    /// [`count_after`](Game::count_after) over the legal moves (0 once the game is over).
    ///
    /// Perft calls this once for every position two plies above its leaves, where nearly all
    /// of its time goes. Games override it to share work between the sibling moves (what a
    /// move cannot change, worked out once rather than once per move); the result must equal
    /// the default's.
    fn count_two_plies(&self) -> u64 {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.iter().map(|&mv| self.count_after(mv) as u64).sum()
    }

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// Plays `mv`, which must be legal. An illegal move leaves the position in an unspecified
    /// state, but never panics; use [`play`](Game::play) for untrusted moves.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` if it is legal; otherwise returns an error and leaves the position unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(PlayError::Illegal);
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// A legal move drawn uniformly at random, or `None` when there is none. Games may override
    /// this to draw without building the whole list; the draw must stay uniform.
    fn random_move(&self, rng: &mut Rng) -> Option<Self::Move> {
        let mut moves = Self::MoveList::default();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            None
        } else {
            Some(moves[rng.below(moves.len() as u32) as usize])
        }
    }

    /// Plays uniformly random legal moves from here until the game ends or `max_plies` moves
    /// have been played. Games may override this with a tighter loop (one that skips the
    /// hash, say); the moves must stay uniform.
    fn playout(&self, rng: &mut Rng, max_plies: u32) -> crate::playout::PlayoutResult {
        crate::playout::playout_loop(self, rng, max_plies)
    }

    /// The position after `mv` (copy-make), `mv` being legal.
    fn after(&self, mv: Self::Move) -> Self {
        let mut next = self.clone();
        next.play_unchecked(mv);
        next
    }

    /// How the game ended, or `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// The points each side holds now, for a game scored by points (Jarmo: what the outcome
    /// would carry if the game ended here); `None`, the default, for a game that does not
    /// score. Studies use it to score a game stopped before its end as the rules score any
    /// game.
    fn points_now(&self) -> Option<Scores> {
        None
    }

    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Every rule that can end the game, in the order tables list them. The default,
    /// [`Ending::WIN`] and [`Ending::DRAW`], suits a game that names none.
    const ENDINGS: &'static [Ending] = &[Ending::WIN, Ending::DRAW];

    /// Which rule ended the game (one of [`ENDINGS`](Game::ENDINGS)), or `None` while it goes
    /// on. The default tells only a win from a draw.
    fn ending(&self) -> Option<Ending> {
        self.outcome().map(|o| match o.winner {
            Some(_) => Ending::WIN,
            None => Ending::DRAW,
        })
    }

    /// The pieces each side has in play, indexed by [`Side::index`]: what a study counts to
    /// see material change over a game (captures as decreases). Each game says what "in play"
    /// is for it: pieces on the board, with a reserve that only capture can empty counted in.
    /// Required, with no default, so that no game reports a count it never made.
    fn piece_counts(&self) -> [u32; 2];

    /// The Zobrist hash, kept incrementally.
    fn zobrist(&self) -> u64;

    /// The Zobrist hash computed from the whole position; equals [`zobrist`](Game::zobrist).
    fn zobrist_from_scratch(&self) -> u64;

    /// The name of `side` in this game, from [`SIDE_NAMES`](Game::SIDE_NAMES).
    fn side_name(side: Side) -> &'static str {
        Self::SIDE_NAMES[side.index()]
    }

    /// How `outcome` reads in this game: `"Black wins"`, `"White wins 6-3"`, `"draw"`.
    fn describe(outcome: Outcome) -> crate::OutcomeText {
        outcome.named(Self::SIDE_NAMES)
    }
}

/// Text forms of moves and positions, and the raw [`Setup`](TextGame::Setup) behind them.
///
/// The position text is the `Display`/`FromStr` form of the game's setup: a raw, unchecked
/// position that [`from_setup`](TextGame::from_setup) validates. [`to_text`](TextGame::to_text)
/// and [`from_text`](TextGame::from_text) are built on those two steps, so a game implements
/// the text once, on its setup.
pub trait TextGame: Game {
    /// Every fact of a position, not yet checked; its `Display` and `FromStr` are the
    /// position text, and `From<&Position>` takes it from a position.
    type Setup: Clone
        + Eq
        + Debug
        + fmt::Display
        + FromStr<Err = Self::TextError>
        + for<'a> From<&'a Self>
        + Send
        + Sync
        + 'static;
    /// Why a setup is not a legal position.
    type SetupError: std::error::Error + Clone + Send + Sync + 'static;
    /// Why a move text was refused, or a move is illegal here.
    type MoveError: std::error::Error + Clone + Send + Sync + 'static;
    /// Why a position text was refused: its syntax, or (through `From`) an impossible setup.
    type TextError: std::error::Error + Clone + From<Self::SetupError> + Send + Sync + 'static;

    /// One line about the game for lists of games, with a move or two in its notation:
    /// `"Nim: take 1 to 3 stones from one of two heaps (moves like 0:3)"`.
    const ABOUT: &'static str;

    /// The move notation by example, `(text, meaning)` pairs, for help texts.
    const NOTATION: &'static [(&'static str, &'static str)];

    /// Reads a game record in a format of the game's own (not the shared [`record`] format)
    /// into its move texts, or says why it cannot; `None` when the game has no format of its
    /// own (the default).
    ///
    /// [`record`]: crate::record
    fn import_record(text: &str) -> Option<Result<Vec<String>, ImportError>> {
        let _ = text;
        None
    }

    /// The raw setup of this position (its `From<&Self>`); [`from_setup`](TextGame::from_setup)
    /// gives the position back.
    fn to_setup(&self) -> Self::Setup {
        Self::Setup::from(self)
    }

    /// Validates `setup` into a position played under `rules`.
    fn from_setup(setup: Self::Setup, rules: Self::Rules) -> Result<Self, Self::SetupError>;

    /// Parses a move in the context of this position. Only a legal move parses.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::MoveError>;

    /// The canonical notation of `mv`, a legal move of this position.
    fn move_to_string(&self, mv: Self::Move) -> String;

    /// A multi-line text diagram of the board for people, with the game's own counters (pools,
    /// reserves, countdowns). It leaves out the side to move and the result, which callers
    /// write with [`Game::side_name`] and [`Game::describe`].
    fn diagram(&self) -> String;

    /// The position text: every fact that changes the legal moves or the outcome. It is the
    /// setup's `Display`.
    fn to_text(&self) -> String {
        self.to_setup().to_string()
    }

    /// Parses a position text into a setup and validates it under `rules`.
    fn from_text(text: &str, rules: Self::Rules) -> Result<Self, Self::TextError> {
        // Not `?`: with the `From<SetupError>` bound in scope, the conversion of a parse error
        // into itself does not resolve.
        #[allow(clippy::question_mark)]
        let setup = match text.parse::<Self::Setup>() {
            Ok(setup) => setup,
            Err(e) => return Err(e),
        };
        Self::from_setup(setup, rules).map_err(Self::TextError::from)
    }

    /// Parses and plays a whitespace-separated list of moves, stopping at the first bad one.
    /// On error the position holds the moves played before it; the error carries the 0-based
    /// index of the refused move.
    fn play_line(&mut self, line: &str) -> Result<(), (usize, Self::MoveError)> {
        for (i, text) in line.split_whitespace().enumerate() {
            let mv = self.parse_move(text).map_err(|e| (i, e))?;
            self.play_unchecked(mv);
        }
        Ok(())
    }
}

/// Implements `Default` (the start position under the default rules, [`Game::new`]) and
/// `Display` (the position text: the `Display` of its [`TextGame::Setup`]) for a game's
/// position type: the same two impls in every game. Invoke it once in the game crate:
/// `abstract_game::default_and_display!(Position);`.
#[macro_export]
macro_rules! default_and_display {
    ($position:ty) => {
        impl ::core::default::Default for $position {
            /// The start position under the default rules.
            fn default() -> $position {
                <$position as $crate::Game>::new(::core::default::Default::default())
            }
        }

        impl ::core::fmt::Display for $position {
            /// Writes the position text.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(&$crate::TextGame::to_setup(self), f)
            }
        }
    };
}
