//! Serde support that cannot make an invalid value: a position is stored as its rules and its
//! position text, a setup as its position text, and both are parsed and validated again when
//! read.
//!
//! Game crates call [`text_serde!`](crate::text_serde) once for their `Position` and `Setup`;
//! every game then has the same stored shape:
//!
//! ```json
//! {"rules": { ... }, "position": "<position text>"}
//! ```

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Game, TextGame};

/// The stored form of a position.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored<R> {
    rules: R,
    position: String,
}

/// Writes `pos` as `{"rules": ..., "position": "<text>"}`.
pub fn serialize_position<G, S>(pos: &G, serializer: S) -> Result<S::Ok, S::Error>
where
    G: TextGame,
    G::Rules: Serialize,
    S: Serializer,
{
    Stored {
        rules: pos.rules(),
        position: pos.to_text(),
    }
    .serialize(serializer)
}

/// Reads a position written by [`serialize_position`], validating the text under the rules.
pub fn deserialize_position<'de, G, D>(deserializer: D) -> Result<G, D::Error>
where
    G: TextGame,
    <G as Game>::Rules: Deserialize<'de>,
    D: Deserializer<'de>,
{
    let stored = Stored::<G::Rules>::deserialize(deserializer)?;
    G::from_text(&stored.position, stored.rules).map_err(D::Error::custom)
}

/// Writes a setup as its position text.
pub fn serialize_setup<G, S>(setup: &G::Setup, serializer: S) -> Result<S::Ok, S::Error>
where
    G: TextGame,
    S: Serializer,
{
    serializer.collect_str(setup)
}

/// Reads a setup from its position text (checking the syntax only, as `FromStr` does).
pub fn deserialize_setup<'de, G, D>(deserializer: D) -> Result<G::Setup, D::Error>
where
    G: TextGame,
    D: Deserializer<'de>,
{
    let text = String::deserialize(deserializer)?;
    text.parse().map_err(D::Error::custom)
}

/// Implements `Serialize` and `Deserialize` for a game's position and setup types through
/// [`serialize_position`], [`deserialize_position`], [`serialize_setup`] and
/// [`deserialize_setup`]. Invoke it in the game crate behind its `serde` feature:
/// `abstract_game::text_serde!(Position, Setup);`.
#[macro_export]
macro_rules! text_serde {
    ($position:ty, $setup:ty) => {
        impl $crate::__serde::Serialize for $position {
            fn serialize<S: $crate::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                $crate::serde_text::serialize_position(self, serializer)
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $position {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<$position, D::Error> {
                $crate::serde_text::deserialize_position(deserializer)
            }
        }

        impl $crate::__serde::Serialize for $setup {
            fn serialize<S: $crate::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                $crate::serde_text::serialize_setup::<$position, S>(self, serializer)
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $setup {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<$setup, D::Error> {
                $crate::serde_text::deserialize_setup::<$position, D>(deserializer)
            }
        }
    };
}
