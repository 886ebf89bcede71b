//! The rule options and their presets.

use abstract_game::Side;

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
    /// The side that moves first (default Black, [`Side::First`]); see
    /// [`with_first_player`](Rules::with_first_player).
    pub first: Side,
}

impl Rules {
    /// The standard rules: no revisits, escapes on, a 10-ply countdown, no proposed variant,
    /// Black first.
    pub const STANDARD: Rules = Rules {
        revisit: false,
        escape: true,
        countdown: 10,
        unequal_wins: false,
        first: Side::First,
    };

    /// These rules with `side` moving first (Black, [`Side::First`], by default).
    #[must_use]
    pub const fn with_first_player(mut self, side: Side) -> Rules {
        self.first = side;
        self
    }

    /// The preset's name of these rules, if they are one (the first player is ignored).
    pub fn preset_name(&self) -> Option<&'static str> {
        let me = self.with_first_player(Side::First);
        <Rules as abstract_game::Rules>::PRESETS
            .iter()
            .copied()
            .find(|&name| <Rules as abstract_game::Rules>::preset(name) == Some(me))
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::STANDARD
    }
}

impl abstract_game::Rules for Rules {
    const PRESETS: &'static [&'static str] = &["standard", "no-escape", "revisit", "proposed"];
    const PRESET_SUMMARIES: &'static [&'static str] = &[
        "the rules as written, with the Princess's escape and a 10-ply countdown",
        "no Princess escape",
        "move paths may cross their own squares (not end on the start square)",
        "the proposed variant: in a small endgame the side with more material wins",
    ];

    fn preset(name: &str) -> Option<Rules> {
        let s = Rules::STANDARD;
        Some(match name {
            "standard" => s,
            "no-escape" => Rules { escape: false, ..s },
            "revisit" => Rules { revisit: true, ..s },
            "proposed" => Rules {
                unequal_wins: true,
                ..s
            },
            _ => return None,
        })
    }
}
