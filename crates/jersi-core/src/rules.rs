//! Rule options, named presets and the switches that change one option.
//!
//! Besides the author's two games (with and without drops) the rules can take a *handicap*:
//! one side starts without every cube of one kind. It is no variant anyone plays; it is there
//! so that a study can measure what a kind of cube is worth, by how much a side scores without
//! it (`docs/studies.md`, section Jersi). The switches come in pairs, one per side
//! (`standard+white-no-wise`, `standard+black-no-wise`), so that a study can give the handicap
//! to each colour in turn and report a figure about the kind, not about the side.

use abstract_game::{GameRules, Preset, RuleSwitch, Side};

use crate::piece::Kind;

/// One side starting without any cube of one kind: a measuring device, not a variant.
///
/// The cubes are simply missing: a kind that starts on the board leaves its start cells
/// empty, a reserve kind leaves the reserve empty. A King handicap would leave a side
/// without its King, which loses at once (the King could not be put back); the switches
/// never make one.
///
/// ```
/// use jersi_core::{Game, GameRules, Handicap, Kind, Position, Rules, Side, Square};
/// let rules = Rules::variant("jersi", "standard+black-no-fool").unwrap();
/// assert_eq!(rules.handicap, Some(Handicap { side: Side::Second, kind: Kind::Fool }));
/// let start = Position::new(rules);
/// // Black's Fools start on h1 and h8; White's on b1 and b8 are still there.
/// assert_eq!(start.at(Square::from_name("h1").unwrap()), [None, None]);
/// assert!(start.top(Square::from_name("b1").unwrap()).is_some());
/// assert_eq!(rules.material_of(Side::Second, Kind::Fool), 0);
/// assert_eq!(rules.material_of(Side::First, Kind::Fool), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Handicap {
    /// The side that starts without the kind.
    pub side: Side,
    /// The kind it starts without.
    pub kind: Kind,
}

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
    /// A side that starts without one kind of cube, if any (`None` in both presets).
    pub handicap: Option<Handicap>,
}

impl Rules {
    /// The standard game: reserve used, 40-turn limit.
    pub const STANDARD: Rules = Rules {
        reserve: true,
        no_capture_limit: 40,
        handicap: None,
    };

    /// The variant without drops: reserve unused, 40-turn limit.
    pub const NO_DROP: Rules = Rules {
        reserve: false,
        no_capture_limit: 40,
        handicap: None,
    };

    /// How many cubes of `kind` a side without a handicap owns under these rules.
    pub const fn material(self, kind: Kind) -> u8 {
        if !self.reserve && kind.is_reserve_kind() {
            0
        } else {
            kind.full_count()
        }
    }

    /// How many cubes of `kind` `side` owns under these rules, its handicap counted.
    pub fn material_of(self, side: Side, kind: Kind) -> u8 {
        match self.handicap {
            Some(h) if h.side == side && h.kind == kind => 0,
            _ => self.material(kind),
        }
    }

    /// These rules with `side` starting without any cube of `kind` (replacing any handicap).
    pub const fn with_handicap(self, side: Side, kind: Kind) -> Rules {
        Rules {
            handicap: Some(Handicap { side, kind }),
            ..self
        }
    }
}

/// A handicap switch: `side` starts without `kind`.
macro_rules! handicap {
    ($name:literal, $summary:literal, $side:expr, $kind:expr) => {
        RuleSwitch {
            name: $name,
            summary: $summary,
            apply: |r: Rules| r.with_handicap($side, $kind),
        }
    };
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

    const SWITCHES: &'static [RuleSwitch<Rules>] = &[
        handicap!(
            "white-no-wise",
            "handicap: White starts without its Wise men",
            Side::First,
            Kind::Wise
        ),
        handicap!(
            "black-no-wise",
            "handicap: Black starts without its Wise men",
            Side::Second,
            Kind::Wise
        ),
        handicap!(
            "white-no-mountain",
            "handicap: White starts without its Mountains",
            Side::First,
            Kind::Mountain
        ),
        handicap!(
            "black-no-mountain",
            "handicap: Black starts without its Mountains",
            Side::Second,
            Kind::Mountain
        ),
        handicap!(
            "white-no-fool",
            "handicap: White starts without its Fools",
            Side::First,
            Kind::Fool
        ),
        handicap!(
            "black-no-fool",
            "handicap: Black starts without its Fools",
            Side::Second,
            Kind::Fool
        ),
        handicap!(
            "white-no-rock",
            "handicap: White starts without its Rocks",
            Side::First,
            Kind::Rock
        ),
        handicap!(
            "black-no-rock",
            "handicap: Black starts without its Rocks",
            Side::Second,
            Kind::Rock
        ),
    ];
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::MoveList;
    use crate::position::Position;
    use crate::setup::SetupError;
    use abstract_game::{Game, TextGame};

    fn turns_at_start(variant: &str) -> usize {
        let pos = Position::new(Rules::variant("jersi", variant).unwrap());
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        moves.len()
    }

    #[test]
    fn the_presets_have_no_handicap() {
        for preset in Rules::PRESETS {
            assert_eq!(preset.rules.handicap, None);
            for kind in Kind::ALL {
                for side in Side::BOTH {
                    assert_eq!(
                        preset.rules.material_of(side, kind),
                        preset.rules.material(kind)
                    );
                }
            }
        }
    }

    #[test]
    fn a_missing_reserve_kind_leaves_only_the_other_drops() {
        // Counted by hand from the start: 228 turns move cubes (the `no-drop` count). The 39
        // empty cells of rows c to g have 94 neighbouring pairs (34 within rows, 14 + 16 + 16
        // + 14 between them). White's 14 cubes other than the King can take a Wise man as well;
        // with them the Wise men have 131 neighbouring pairs (94, 4 in row a without a4, 7 in
        // row b, 12 between a and b, 14 between b and c).
        // Mountains only: 39 single drops, 39 two on one cell, 94 side by side: 172.
        assert_eq!(turns_at_start("standard+white-no-wise"), 228 + 172);
        // Wise men only: 39 + 14 single drops, 39 two on one empty cell, 131 side by side: 223.
        assert_eq!(turns_at_start("standard+white-no-mountain"), 228 + 223);
        // Black's handicap does not touch White's first turn.
        assert_eq!(turns_at_start("standard+black-no-wise"), 864);
        assert_eq!(turns_at_start("standard+black-no-mountain"), 864);
    }

    #[test]
    fn a_missing_board_kind_leaves_its_start_cells_empty() {
        let start =
            |variant: &str| Position::new(Rules::variant("jersi", variant).unwrap()).to_text();
        assert_eq!(
            start("standard+white-no-fool"),
            "prskrsp/fsprsprf/7/8/9/8/7/1RPSRPS1/PSRKSRP w MMMMWW/mmmmww 40 1"
        );
        assert_eq!(
            start("standard+black-no-rock"),
            "p1sk1sp/fsp1sp1f/7/8/9/8/7/FRPSRPSF/PSRKSRP w MMMMWW/mmmmww 40 1"
        );
        assert_eq!(
            start("standard+white-no-wise"),
            "prskrsp/fsprsprf/7/8/9/8/7/FRPSRPSF/PSRKSRP w MMMM/mmmmww 40 1"
        );
        // Nothing is counted as captured: the cubes were never there.
        let pos = Position::new(Rules::variant("jersi", "standard+white-no-fool").unwrap());
        assert_eq!(pos.captured(Side::First, Kind::Fool), 0);
        assert_eq!(pos.captured(Side::Second, Kind::Fool), 0);
    }

    #[test]
    fn a_setup_may_not_bring_back_the_missing_kind() {
        let rules = Rules::variant("jersi", "standard+white-no-fool").unwrap();
        let with_fools = "prskrsp/fsprsprf/7/8/9/8/7/FRPSRPSF/PSRKSRP w MMMMWW/mmmmww 40 1";
        let setup = with_fools.parse().unwrap();
        assert!(matches!(
            Position::from_setup(setup, rules),
            Err(SetupError::TooMany {
                side: Side::First,
                kind: Kind::Fool,
                count: 2,
                max: 0
            })
        ));
    }

    #[test]
    fn the_last_switch_wins() {
        let rules = Rules::variant("jersi", "standard+white-no-fool+black-no-rock").unwrap();
        assert_eq!(
            rules.handicap,
            Some(Handicap {
                side: Side::Second,
                kind: Kind::Rock
            })
        );
    }
}
