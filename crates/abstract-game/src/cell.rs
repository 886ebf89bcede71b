//! Index types of cells and pieces: one macro, [`cell_index!`](crate::cell_index), writes each,
//! and two errors say what was wrong with a bad index or a bad name.
//!
//! Every game crate names its cells (holes, squares) and some of its pieces by a small
//! index type. They share one shape:
//!
//! * `COUNT` and `ALL` (every value in index order);
//! * `try_new(index) -> Option<Self>`, the checked constructor, and `new(index)`, its `const`
//!   form for constants, which panics on an index out of range;
//! * `index()`, the index back;
//! * `TryFrom<usize>` with [`CellIndexError`];
//! * with the crate's `serde` feature, (de)serialisation as the index, checked when read.
//!
//! A game adds its coordinates (`from_coords`, named by what they are) and its name text
//! (`Display` and `FromStr`, which fails with [`ParseCellError`]).

/// A cell or piece index past the last one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{noun} index {index} is out of range (there are {count})")]
pub struct CellIndexError {
    /// What the index counts: `"hole"`, `"square"`, `"piece"`.
    pub noun: &'static str,
    /// The index given.
    pub index: usize,
    /// How many there are.
    pub count: usize,
}

/// A text that names no cell (or piece) of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a {noun}")]
pub struct ParseCellError {
    /// What was asked for: `"hole"`, `"square"`, `"piece"`.
    pub noun: &'static str,
    /// The text given.
    pub text: String,
}

impl ParseCellError {
    /// The error for `text`, which names no `noun`.
    pub fn new(noun: &'static str, text: &str) -> ParseCellError {
        ParseCellError {
            noun,
            text: text.to_owned(),
        }
    }
}

/// Defines an index type of cells or pieces (see the [module docs](crate::cell)).
///
/// The type wraps a `u8`. By default the wrapped value is the index; a game whose cells are
/// stored another way (a slot of a wider bitboard, say) names two `const fn`s that convert,
/// `to_index = f` (`fn(u8) -> usize`) and `from_index = g` (`fn(usize) -> u8`, given an index
/// below the count). The attributes given are kept, so a type derives or writes its own
/// `Debug`.
///
/// ```
/// abstract_game::cell_index! {
///     /// A cell of a 3x3 board.
///     #[derive(Debug)]
///     pub struct Cell(u8): count = 9, noun = "cell";
/// }
/// assert_eq!(Cell::ALL.len(), Cell::COUNT);
/// assert_eq!(Cell::try_new(4).map(Cell::index), Some(4));
/// assert_eq!(Cell::try_new(9), None);
/// const CENTRE: Cell = Cell::new(4);
/// assert_eq!(Cell::try_from(4usize), Ok(CENTRE));
/// assert_eq!(Cell::try_from(12usize).unwrap_err().to_string(),
///            "cell index 12 is out of range (there are 9)");
/// ```
#[macro_export]
macro_rules! cell_index {
    ($(#[$attr:meta])* $vis:vis struct $name:ident(u8): count = $count:expr, noun = $noun:literal;) => {
        $crate::cell_index! {
            $(#[$attr])* $vis struct $name(u8): count = $count, noun = $noun,
            to_index = $crate::cell::identity_index, from_index = $crate::cell::identity_value;
        }
    };
    ($(#[$attr:meta])* $vis:vis struct $name:ident(u8): count = $count:expr, noun = $noun:literal,
        to_index = $to:path, from_index = $from:path;) => {
        $(#[$attr])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis struct $name(u8);

        impl $name {
            #[doc = concat!("How many of them there are.")]
            pub const COUNT: usize = $count;

            #[doc = concat!("Every ", $noun, ", in index order.")]
            pub const ALL: [$name; $count] = {
                let mut all = [$name(0); $count];
                let mut i = 0;
                while i < $count {
                    all[i] = $name($from(i));
                    i += 1;
                }
                all
            };

            #[doc = concat!("The ", $noun, " of index `index`, or `None` from `COUNT` on.")]
            #[inline]
            pub const fn try_new(index: usize) -> Option<$name> {
                if index < $count {
                    Some($name($from(index)))
                } else {
                    None
                }
            }

            #[doc = concat!("The ", $noun, " of index `index`, for constants.")]
            ///
            /// # Panics
            ///
            /// When `index` is `COUNT` or more; use `try_new` for an index from outside.
            #[inline]
            pub const fn new(index: usize) -> $name {
                match $name::try_new(index) {
                    Some(cell) => cell,
                    None => panic!(concat!($noun, " index out of range")),
                }
            }

            #[doc = concat!("The index of this ", $noun, ", below `COUNT`.")]
            #[inline]
            pub const fn index(self) -> usize {
                $to(self.0)
            }
        }

        impl ::core::convert::TryFrom<usize> for $name {
            type Error = $crate::cell::CellIndexError;

            fn try_from(index: usize) -> Result<$name, $crate::cell::CellIndexError> {
                $name::try_new(index).ok_or($crate::cell::CellIndexError {
                    noun: $noun,
                    index,
                    count: $count,
                })
            }
        }

        #[cfg(feature = "serde")]
        impl $crate::__serde::Serialize for $name {
            fn serialize<S: $crate::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                serializer.serialize_u8(self.index() as u8)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> $crate::__serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<$name, D::Error> {
                let index = <u8 as $crate::__serde::Deserialize>::deserialize(deserializer)?;
                <$name as ::core::convert::TryFrom<usize>>::try_from(usize::from(index))
                    .map_err(<D::Error as $crate::__serde::de::Error>::custom)
            }
        }
    };
}

/// The index of a cell stored as its index (the default of [`cell_index!`](crate::cell_index)).
#[doc(hidden)]
#[inline]
pub const fn identity_index(value: u8) -> usize {
    value as usize
}

/// The stored value of an index (the default of [`cell_index!`](crate::cell_index)).
#[doc(hidden)]
#[inline]
pub const fn identity_value(index: usize) -> u8 {
    index as u8
}
