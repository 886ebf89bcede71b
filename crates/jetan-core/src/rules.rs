//! The rule options and their presets.

use abstract_game::{GameRules, Preset, RuleSwitch, Side};

use crate::piece::Kind;

/// What "equal value" means for the material rules: the equal-value countdown and the
/// Proposed variant's win by the higher total.
///
/// The source text says that Burroughs leaves a piece's value undefined and takes it as the
/// number of steps the piece makes; the other scales are readings a reader could take as well,
/// kept as options so that studies can compare them (`docs/jetan.md`, "Equal value"). Each
/// scale gives a piece a whole number; a side's value is the sum over its pieces, and the
/// rules compare the two sides' sums only when both have three pieces or fewer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ValueScale {
    /// The number of steps of the piece's move (the text's own reading, the default):
    /// Panthan 1; Thoat, Warrior and Padwar 2; Dwar, Flier, Chief and Princess 3.
    #[default]
    Steps,
    /// Every piece counts 1: equal value is an equal number of pieces.
    Count,
    /// The squares the piece reaches in one move from a central square of an empty board, by
    /// the moves of the text: Panthan 5, Warrior 8, Padwar 8, Thoat 12, Dwar 16, Flier 16,
    /// Chief 48, Princess 48 (her normal moves). Unlike the steps it tells a Thoat from a
    /// Warrior or a Padwar.
    Mobility,
}

impl ValueScale {
    /// Every scale, the default first.
    pub const ALL: [ValueScale; 3] = [ValueScale::Steps, ValueScale::Count, ValueScale::Mobility];

    /// The value of one piece of `kind` on this scale.
    ///
    /// ```
    /// use jetan_core::{Kind, ValueScale};
    /// assert_eq!(ValueScale::Steps.of(Kind::Thoat), 2);
    /// assert_eq!(ValueScale::Count.of(Kind::Dwar), 1);
    /// assert_eq!(ValueScale::Mobility.of(Kind::Thoat), 12);
    /// ```
    pub const fn of(self, kind: Kind) -> u8 {
        match self {
            ValueScale::Steps => kind.steps(),
            ValueScale::Count => 1,
            ValueScale::Mobility => match kind {
                Kind::Panthan => 5,
                Kind::Warrior | Kind::Padwar => 8,
                Kind::Thoat => 12,
                Kind::Dwar | Kind::Flier => 16,
                Kind::Chief | Kind::Princess => 48,
            },
        }
    }
}

/// Every rule option of Jetan. `Rules::default()` is the `standard` preset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Path squares: `false` (default) forbids visiting any square twice in one move's path;
    /// `true` lets a path revisit squares and pass over the vacated start square, though it
    /// may still not end there.
    pub revisit: bool,
    /// Whether each Princess has her once-per-game escape move (default `true`).
    pub escape: bool,
    /// Length in plies of the equal-material countdown (default 10): the game is drawn when
    /// this many plies after the one that made the material equal pass without a win. With
    /// 0 the draw comes at once, on the ply that makes the material equal.
    pub countdown: u16,
    /// The proposed variant (default `false`): when both sides have three pieces or fewer of
    /// unequal total value, the higher total wins at once.
    pub unequal_wins: bool,
    /// Whether the Thoat jumps (default `false`): the rules of Abstract Games 6, before the
    /// adjustment the source text adopts, let it ignore what stands on its first-step
    /// square; its destinations are the same.
    #[cfg_attr(feature = "serde", serde(default))]
    pub thoat_jumps: bool,
    /// What "equal value" means for the countdown and the proposed variant (default
    /// [`ValueScale::Steps`], the text's reading).
    #[cfg_attr(feature = "serde", serde(default))]
    pub value: ValueScale,
    /// The side that moves first (default Black, [`Side::First`]); see
    /// [`with_first_player`](Rules::with_first_player).
    pub first_player: Side,
}

impl Rules {
    /// The standard rules: no revisits, escapes on, a 10-ply countdown, no proposed variant,
    /// a Thoat that does not jump, values by step counts, Black first.
    pub const STANDARD: Rules = Rules {
        revisit: false,
        escape: true,
        countdown: 10,
        unequal_wins: false,
        thoat_jumps: false,
        value: ValueScale::Steps,
        first_player: Side::First,
    };

    /// These rules with `side` moving first (Black, [`Side::First`], by default).
    #[must_use]
    pub const fn with_first_player(mut self, side: Side) -> Rules {
        self.first_player = side;
        self
    }

    /// The name of the preset these rules are once the first player is set back to Black,
    /// if any: `"no-escape"` for the `no-escape` rules with Orange first too. The presets all
    /// have Black first, so [`GameRules::preset_name`] finds no name for rules with Orange
    /// first; this finds the preset they start from.
    ///
    /// ```
    /// use jetan_core::prelude::*;
    /// let orange_first = Rules::preset("no-escape").unwrap().with_first_player(Side::Second);
    /// assert_eq!(orange_first.preset_name(), None);
    /// assert_eq!(orange_first.preset_name_ignoring_first_player(), Some("no-escape"));
    /// ```
    pub fn preset_name_ignoring_first_player(&self) -> Option<&'static str> {
        self.with_first_player(Side::First).preset_name()
    }
}

abstract_game::default_rules!(Rules);

impl GameRules for Rules {
    const PRESETS: &'static [Preset<Rules>] = &[
        Preset {
            name: "standard",
            summary: "the rules as written, with the Princess's escape and a 10-ply countdown",
            rules: Rules::STANDARD,
        },
        Preset {
            name: "no-escape",
            summary: "no Princess escape",
            rules: Rules {
                escape: false,
                ..Rules::STANDARD
            },
        },
        Preset {
            name: "revisit",
            summary: "move paths may cross their own squares (not end on the start square)",
            rules: Rules {
                revisit: true,
                ..Rules::STANDARD
            },
        },
        Preset {
            name: "proposed",
            summary: "the proposed variant: in a small endgame the side with more material wins",
            rules: Rules {
                unequal_wins: true,
                ..Rules::STANDARD
            },
        },
    ];

    const SWITCHES: &'static [RuleSwitch<Rules>] = &[
        RuleSwitch {
            name: "second-first",
            summary: "Orange moves first",
            apply: |r| r.with_first_player(Side::Second),
        },
        RuleSwitch {
            name: "no-escape",
            summary: "no Princess escape",
            apply: |r| Rules { escape: false, ..r },
        },
        RuleSwitch {
            name: "proposed",
            summary: "the proposed variant's rule: in a small endgame more material wins",
            apply: |r| Rules {
                unequal_wins: true,
                ..r
            },
        },
        RuleSwitch {
            name: "thoat-jumps",
            summary: "the Thoat jumps, as in the rules before Ekman's adjustment",
            apply: |r| Rules {
                thoat_jumps: true,
                ..r
            },
        },
        RuleSwitch {
            name: "value-count",
            summary: "equal value means an equal number of pieces",
            apply: |r| Rules {
                value: ValueScale::Count,
                ..r
            },
        },
        RuleSwitch {
            name: "value-mobility",
            summary: "a piece is worth the squares it reaches from the centre of an empty board",
            apply: |r| Rules {
                value: ValueScale::Mobility,
                ..r
            },
        },
    ];
}
