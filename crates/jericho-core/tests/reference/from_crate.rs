//! The one bridge from the crate to the reference: the reference's options for the crate's
//! rules, so that both test files compare the two under the same reading of each option.

use jericho_core::{AsymmetryScope, EqualPrefix, Rules, TowerIdentity};

use super::ROptions;

/// The reference's options for `rules`.
pub fn options(rules: Rules) -> ROptions {
    ROptions {
        scope: match rules.asymmetry {
            AsymmetryScope::SharedAlignment => 0,
            AsymmetryScope::OtherTerritory => 1,
            AsymmetryScope::Off => 2,
        },
        sizes_only: rules.identity == TowerIdentity::SizesOnly,
        prefix_tie: rules.equal_prefix == EqualPrefix::Tie,
        first: rules.first_player.index(),
    }
}
