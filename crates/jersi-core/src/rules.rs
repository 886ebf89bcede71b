//! Rule options and named presets.

use abstract_game::{GameRules, Preset};

use crate::piece::Kind;

/// Every option of Jersi.
///
/// ```
/// use jersi_core::{GameRules, Rules};
/// assert_eq!(Rules::preset("standard"), Some(Rules::default()));
/// assert!(!Rules::preset("no-drop").unwrap().reserve);
/// assert_eq!(Rules::NO_DROP.preset_name(), Some("no-drop"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Whether the reserve is used: each side starts with 4 Mountains and 2 Wise men beside the
    /// board and may drop them. `false` is the variant without drops: those cubes are not in
    /// the game at all.
    pub reserve: bool,
    /// The no-capture limit: that many turns in a row without a capture (other than of a lone
    /// King) draw the game. 0 switches the rule off.
    pub no_capture_limit: u16,
}

impl Rules {
    /// The standard game: reserve used, 40-turn limit.
    pub const STANDARD: Rules = Rules {
        reserve: true,
        no_capture_limit: 40,
    };

    /// The variant without drops: reserve unused, 40-turn limit.
    pub const NO_DROP: Rules = Rules {
        reserve: false,
        no_capture_limit: 40,
    };

    /// How many cubes of `kind` each side owns under these rules.
    pub const fn material(self, kind: Kind) -> u8 {
        if !self.reserve && kind.is_reserve_kind() {
            0
        } else {
            kind.full_count()
        }
    }
}

abstract_game::default_rules!(Rules);

impl GameRules for Rules {
    const PRESETS: &'static [Preset<Rules>] = &[
        Preset {
            name: "standard",
            summary: "the full game: reserve Mountains and Wise men dropped, draw after 40 turns \
                      without capture",
            rules: Rules::STANDARD,
        },
        Preset {
            name: "no-drop",
            summary: "no reserve and no drops, draw after 40 turns without capture",
            rules: Rules::NO_DROP,
        },
    ];
}
