//! Rule options and named presets.
//!
//! ```
//! use jericho_core::{AsymmetryScope, GameRules, Rules};
//! assert_eq!(Rules::PRESETS[0].name, "standard");
//! let rules = Rules::preset("opposite-asymmetry").unwrap();
//! assert_eq!(rules.asymmetry, AsymmetryScope::OtherTerritory);
//! assert_eq!(Rules::preset("standard"), Some(Rules::default()));
//! ```

use abstract_game::{GameRules, Preset, RuleSwitch, Side};

/// Where the asymmetry rule forbids copying the opponent's last placement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AsymmetryScope {
    /// On any other square sharing an alignment with the opponent's square (the default).
    #[default]
    SharedAlignment,
    /// Only on squares sharing an alignment with the opponent's square and lying in the other
    /// territory.
    OtherTerritory,
    /// The rule is off.
    Off,
}

/// How the asymmetry rule decides that the towers under two placements are identical.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum TowerIdentity {
    /// Same sizes and same colours, level by level (the default).
    #[default]
    SizesAndColours,
    /// Same sizes level by level; colours of the pieces underneath are ignored (the placed piece
    /// must still match in size and colour).
    SizesOnly,
}

/// How two multi-piece towers compare when they are equal down to the bottom of the shorter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EqualPrefix {
    /// The taller tower wins (the default).
    #[default]
    TallerWins,
    /// They tie.
    Tie,
}

/// Every rule option of Jericho.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Scope of the asymmetry rule.
    pub asymmetry: AsymmetryScope,
    /// Tower identity in the asymmetry rule.
    pub identity: TowerIdentity,
    /// Equal prefix of two multi-piece towers.
    pub equal_prefix: EqualPrefix,
    /// The side that moves first: South ([`Side::First`]) by default.
    pub first_player: Side,
}

abstract_game::default_rules!(Rules);

impl Rules {
    /// The standard rules: every option at its default.
    pub const STANDARD: Rules = Rules {
        asymmetry: AsymmetryScope::SharedAlignment,
        identity: TowerIdentity::SizesAndColours,
        equal_prefix: EqualPrefix::TallerWins,
        first_player: Side::First,
    };

    /// These rules with `side` moving first.
    #[must_use]
    pub const fn with_first_player(mut self, side: Side) -> Rules {
        self.first_player = side;
        self
    }

    /// Whether an equal prefix ties (the `prefix-tie` option).
    #[inline]
    pub const fn prefix_tie(&self) -> bool {
        matches!(self.equal_prefix, EqualPrefix::Tie)
    }
}

impl GameRules for Rules {
    const PRESETS: &'static [Preset<Rules>] = &[
        Preset {
            name: "standard",
            summary: "the rules as written: the asymmetry rule on every square sharing an alignment",
            rules: Rules::STANDARD,
        },
        Preset {
            name: "opposite-asymmetry",
            summary: "the asymmetry rule only in the territory other than the copied tower's",
            rules: Rules {
                asymmetry: AsymmetryScope::OtherTerritory,
                ..Rules::STANDARD
            },
        },
        Preset {
            name: "no-asymmetry",
            summary: "no asymmetry rule",
            rules: Rules {
                asymmetry: AsymmetryScope::Off,
                ..Rules::STANDARD
            },
        },
        Preset {
            name: "size-identity",
            summary: "identical towers underneath compared by sizes only",
            rules: Rules {
                identity: TowerIdentity::SizesOnly,
                ..Rules::STANDARD
            },
        },
        Preset {
            name: "prefix-tie",
            summary: "towers equal down to the shorter one's bottom tie instead of the taller winning",
            rules: Rules {
                equal_prefix: EqualPrefix::Tie,
                ..Rules::STANDARD
            },
        },
    ];

    const SWITCHES: &'static [RuleSwitch<Rules>] = &[RuleSwitch {
        name: "second-first",
        summary: "North moves first",
        apply: |r| r.with_first_player(Side::Second),
    }];
}
