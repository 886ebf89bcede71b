//! The one list of the games jgames knows.
//!
//! Every program that handles "any of the games" (the `jgames` command line, the WebAssembly
//! bindings of the web page, the fuzz targets, the benches) goes through
//! [`for_each_game!`]: it expands a body once for each game with a type alias bound to the
//! game's position type, so that the body is plain generic code over the shared traits. The
//! list is written once, in that macro; [`with_game!`] (by name), [`with_game_at!`] (by
//! number) and [`NAMES`] are built on it.
//! A new game is its crate plus one line in [`for_each_game!`] (and its dependency line in
//! this crate's `Cargo.toml`).
//!
//! ```
//! use jgames_registry::abstract_game::{Game, TextGame};
//!
//! let mut names = Vec::new();
//! jgames_registry::for_each_game!(|G| names.push((G::NAME, G::new(Default::default()).count_legal_moves())));
//! assert_eq!(names[0], ("jarmo", 11));
//! assert_eq!(names.len(), jgames_registry::NAMES.len());
//!
//! let about = jgames_registry::with_game!("jetan", |G| <G as TextGame>::ABOUT);
//! assert!(about.is_some_and(|line| line.starts_with("Jetan")));
//! assert_eq!(jgames_registry::with_game!("chess", |G| G::NAME), None);
//! ```
//!
//! # The toy game
//!
//! Built with `RUSTFLAGS="--cfg jgames_toy_game"`, the list has a fifth line, the toy game
//! [`abstract_game::nim::Nim`]: the test that a new game reaches every program through that
//! one line (`crates/jgames/tests/toy_game.rs`).

#![deny(missing_docs)]

pub use abstract_game;
pub use jarmo_core;
pub use jericho_core;
pub use jersi_core;
pub use jetan_core;

/// Expands `body` once for each game, in the list's order, with `G` (the name given between
/// the bars) an alias of the game's position type. The body is a statement; values leave it
/// through the variables it captures (or `break` out of a labelled block).
///
/// THE LIST OF GAMES: one line a game.
#[macro_export]
macro_rules! for_each_game {
    (|$game:ident| $body:expr) => {{
        { #[allow(dead_code)] type $game = $crate::jarmo_core::Position; $body; }
        { #[allow(dead_code)] type $game = $crate::jetan_core::Position; $body; }
        { #[allow(dead_code)] type $game = $crate::jersi_core::Position; $body; }
        { #[allow(dead_code)] type $game = $crate::jericho_core::Position; $body; }
        $crate::__toy_game! { { #[allow(dead_code)] type $game = $crate::abstract_game::nim::Nim; $body; } }
    }};
}

/// The toy game's line of [`for_each_game!`], kept only under `--cfg jgames_toy_game`.
#[cfg(jgames_toy_game)]
#[doc(hidden)]
#[macro_export]
macro_rules! __toy_game {
    ($($line:tt)*) => { $($line)* };
}

/// The toy game's line of [`for_each_game!`], kept only under `--cfg jgames_toy_game`.
#[cfg(not(jgames_toy_game))]
#[doc(hidden)]
#[macro_export]
macro_rules! __toy_game {
    ($($line:tt)*) => {};
}

/// `Some(body)` evaluated with `G` the position type of the game named `name` (its
/// [`Game::NAME`](abstract_game::Game::NAME)), or `None` when no game has that name.
#[macro_export]
macro_rules! with_game {
    ($name:expr, |$game:ident| $body:expr) => {{
        let name: &str = $name;
        'found: {
            $crate::for_each_game!(
                |$game| if name == <$game as $crate::abstract_game::Game>::NAME {
                    break 'found Some($body);
                }
            );
            None
        }
    }};
}

/// `Some(body)` evaluated with `G` the position type of game number `index` in the list's
/// order (as in [`NAMES`]), or `None` from [`COUNT`] on.
#[macro_export]
macro_rules! with_game_at {
    ($index:expr, |$game:ident| $body:expr) => {{
        let index: usize = $index;
        let mut at = 0usize;
        'found: {
            $crate::for_each_game!(|$game| {
                if at == index {
                    break 'found Some($body);
                }
                at += 1;
            });
            None
        }
    }};
}

/// How many games the list has.
pub const COUNT: usize = {
    let mut count = 0;
    for_each_game!(|G| count += 1);
    count
};

/// The names of the games, in the list's order.
pub const NAMES: [&str; COUNT] = {
    let mut names = [""; COUNT];
    let mut i = 0;
    for_each_game!(|G| {
        names[i] = <G as abstract_game::Game>::NAME;
        i += 1;
    });
    names
};

/// The names of the games, comma-separated: for messages that list them.
pub fn names_joined() -> String {
    NAMES.join(", ")
}

#[cfg(test)]
mod tests {
    use abstract_game::{Game, GameRules, TextGame};

    #[test]
    fn every_game_is_listed_once_by_its_name() {
        let mut seen = Vec::new();
        for_each_game!(|G| seen.push(G::NAME));
        assert_eq!(seen, super::NAMES);
        for (i, name) in super::NAMES.iter().enumerate() {
            assert!(!super::NAMES[..i].contains(name), "{name} twice");
            assert_eq!(with_game!(name, |G| G::NAME), Some(*name));
        }
        assert_eq!(with_game!("", |G| G::NAME), None);
        for (i, name) in super::NAMES.iter().enumerate() {
            assert_eq!(with_game_at!(i, |G| G::NAME), Some(*name));
        }
        assert_eq!(with_game_at!(super::COUNT, |G| G::NAME), None);
    }

    #[test]
    fn each_game_says_what_it_is() {
        for_each_game!(|G| {
            assert!(!<G as TextGame>::ABOUT.is_empty(), "{}", G::NAME);
            assert!(!<G as TextGame>::NOTATION.is_empty(), "{}", G::NAME);
            assert!(<G as Game>::Rules::preset_names().count() >= 1);
        });
    }
}

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExample;
