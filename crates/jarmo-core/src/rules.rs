//! Rule options and presets.

use abstract_game::{GameRules, Preset, RuleSwitch, Side};

/// Which lines an archer may move along.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// Jarmo: forward, lateral and backward lines.
    #[default]
    Jarmo,
    /// Jasir: forward and lateral lines only.
    Jasir,
}

/// How captured archers come back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ReturnRule {
    /// A marked archer reaching the enemy's first row earns a credit that brings one captured
    /// archer back to the owner's first row, as part of the same move.
    #[default]
    Seed,
    /// Captured marked archers wait in their owner's reserve; a player may drop one on an empty
    /// hole of the own first row instead of stepping.
    Reserve,
    /// Captured archers never come back.
    None,
}

/// What happens to a side that has no legal move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Blocked {
    /// It passes; two passes in succession end the game.
    #[default]
    Pass,
    /// It loses at once, whatever the scores.
    Loses,
}

/// Every rule option. [`Default`] is the `jarmo` preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Backward lines allowed (Jarmo) or not (Jasir).
    pub direction: Direction,
    /// How captured archers return.
    pub return_rule: ReturnRule,
    /// A capture onto the mover's goal row is illegal unless every other move also ends there.
    pub goal_row_capture_restriction: bool,
    /// Pass or lose when blocked.
    pub blocked: Blocked,
    /// The no-shuttling rule (seed rule 10).
    pub no_shuttling: bool,
    /// The side that moves first: Black ([`Side::First`]) in every preset. Set it with
    /// [`with_first_player`](Rules::with_first_player).
    pub first_player: Side,
}

impl Rules {
    /// `jarmo`: every default (backward moves, seed returns, no restriction, pass when blocked,
    /// no shuttling, Black first).
    pub const JARMO: Rules = Rules {
        direction: Direction::Jarmo,
        return_rule: ReturnRule::Seed,
        goal_row_capture_restriction: false,
        blocked: Blocked::Pass,
        no_shuttling: true,
        first_player: Side::First,
    };
    /// `jasir`: the defaults without backward moves.
    pub const JASIR: Rules = Rules {
        direction: Direction::Jasir,
        ..Rules::JARMO
    };
    /// `jasir-reserve`: Jasir with reserve drops, the goal-row capture restriction, blocked side
    /// loses, no-shuttling off.
    pub const JASIR_RESERVE: Rules = Rules {
        direction: Direction::Jasir,
        return_rule: ReturnRule::Reserve,
        goal_row_capture_restriction: true,
        blocked: Blocked::Loses,
        no_shuttling: false,
        first_player: Side::First,
    };
    /// `jasir-basic`: Jasir without returns, blocked side loses, no-shuttling off.
    pub const JASIR_BASIC: Rules = Rules {
        direction: Direction::Jasir,
        return_rule: ReturnRule::None,
        goal_row_capture_restriction: false,
        blocked: Blocked::Loses,
        no_shuttling: false,
        first_player: Side::First,
    };
}

impl Rules {
    /// These rules with `side` moving first.
    #[must_use]
    pub const fn with_first_player(self, side: Side) -> Rules {
        Rules {
            first_player: side,
            ..self
        }
    }
}

abstract_game::default_rules!(Rules);

impl GameRules for Rules {
    const PRESETS: &'static [Preset<Rules>] = &[
        Preset {
            name: "jarmo",
            summary: "Jarmo: backward lines too, archers earned back on the goal row, blocked \
                      side passes",
            rules: Rules::JARMO,
        },
        Preset {
            name: "jasir",
            summary: "Jasir: forward and lateral lines only, otherwise as jarmo",
            rules: Rules::JASIR,
        },
        Preset {
            name: "jasir-reserve",
            summary: "Jasir with captured archers dropped from a reserve, the goal-row capture \
                      restriction, a blocked side loses, no shuttling rule",
            rules: Rules::JASIR_RESERVE,
        },
        Preset {
            name: "jasir-basic",
            summary: "Jasir where captured archers never return, a blocked side loses, no \
                      shuttling rule",
            rules: Rules::JASIR_BASIC,
        },
    ];

    const SWITCHES: &'static [RuleSwitch<Rules>] = &[
        RuleSwitch {
            name: "shuttling",
            summary: "the no-shuttling rule off",
            apply: |r| Rules {
                no_shuttling: false,
                ..r
            },
        },
        RuleSwitch {
            name: "no-shuttling",
            summary: "the no-shuttling rule on",
            apply: |r| Rules {
                no_shuttling: true,
                ..r
            },
        },
        RuleSwitch {
            name: "no-returns",
            summary: "captured archers never come back",
            apply: |r| Rules {
                return_rule: ReturnRule::None,
                ..r
            },
        },
        RuleSwitch {
            name: "goal-returns",
            summary: "captured archers come back by the goal-row credit (the Jarmo return)",
            apply: |r| Rules {
                return_rule: ReturnRule::Seed,
                ..r
            },
        },
        RuleSwitch {
            name: "blocked-loses",
            summary: "a side with no move loses",
            apply: |r| Rules {
                blocked: Blocked::Loses,
                ..r
            },
        },
        RuleSwitch {
            name: "blocked-passes",
            summary: "a side with no move passes",
            apply: |r| Rules {
                blocked: Blocked::Pass,
                ..r
            },
        },
        RuleSwitch {
            name: "second-first",
            summary: "White moves first",
            apply: |r| r.with_first_player(Side::Second),
        },
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_by_name() {
        assert_eq!(Rules::default(), Rules::JARMO);
        for name in Rules::preset_names() {
            assert!(Rules::preset(name).is_some(), "{name}");
        }
        assert_eq!(Rules::preset("jasir").unwrap().direction, Direction::Jasir);
        assert!(Rules::preset("chess").is_none());
        let white = Rules::JASIR.with_first_player(Side::Second);
        assert_eq!(white.first_player, Side::Second);
        assert_eq!(white.with_first_player(Side::First), Rules::JASIR);
    }
}
