//! Kinds of cubes, their colours and who beats whom.

use core::fmt;

use abstract_game::Side;

/// White, the side that moves first ([`Side::First`]).
pub const WHITE: Side = Side::First;
/// Black ([`Side::Second`]).
pub const BLACK: Side = Side::Second;

/// The seven kinds of cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Kind {
    /// The King: captures nothing; bring it to the far row to win.
    King,
    /// The Fool: beats Rock, Paper, Scissors, Fool and King.
    Fool,
    /// The Wise man: captures nothing, immune to the Fool; starts in the reserve.
    Wise,
    /// Rock: beats Scissors, Fool, King and Wise man.
    Rock,
    /// Paper: beats Rock, Fool, King and Wise man.
    Paper,
    /// Scissors: beats Paper, Fool, King and Wise man.
    Scissors,
    /// The Mountain: never moves once dropped, never captured, captures nothing.
    Mountain,
}

impl Kind {
    /// All kinds, in the order of their index.
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Fool,
        Kind::Wise,
        Kind::Rock,
        Kind::Paper,
        Kind::Scissors,
        Kind::Mountain,
    ];

    /// 0..7, in the order of [`Kind::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter: `K F W R P S M`.
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Fool => 'F',
            Kind::Wise => 'W',
            Kind::Rock => 'R',
            Kind::Paper => 'P',
            Kind::Scissors => 'S',
            Kind::Mountain => 'M',
        }
    }

    /// The kind of an upper- or lower-case letter.
    pub const fn from_letter(c: char) -> Option<Kind> {
        match c.to_ascii_uppercase() {
            'K' => Some(Kind::King),
            'F' => Some(Kind::Fool),
            'W' => Some(Kind::Wise),
            'R' => Some(Kind::Rock),
            'P' => Some(Kind::Paper),
            'S' => Some(Kind::Scissors),
            'M' => Some(Kind::Mountain),
            _ => None,
        }
    }

    /// Whether a cube of this kind captures a cube of kind `defender`.
    pub const fn beats(self, defender: Kind) -> bool {
        use Kind::*;
        matches!(
            (self, defender),
            (Rock, Scissors | Fool | King | Wise)
                | (Paper, Rock | Fool | King | Wise)
                | (Scissors, Paper | Fool | King | Wise)
                | (Fool, Rock | Paper | Scissors | Fool | King)
        )
    }

    /// How many cubes of this kind each side owns in the full game.
    pub const fn full_count(self) -> u8 {
        match self {
            Kind::King => 1,
            Kind::Fool | Kind::Wise => 2,
            Kind::Rock | Kind::Paper | Kind::Scissors | Kind::Mountain => 4,
        }
    }

    /// Whether cubes of this kind start in the reserve (Mountain and Wise man).
    pub const fn is_reserve_kind(self) -> bool {
        matches!(self, Kind::Mountain | Kind::Wise)
    }
}

/// A cube: a kind and a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Cube {
    /// What the cube is.
    pub kind: Kind,
    /// Whose it is.
    pub side: Side,
}

impl Cube {
    /// A cube of `side` and `kind`.
    pub const fn new(side: Side, kind: Kind) -> Cube {
        Cube { kind, side }
    }

    /// The letter of the cube: upper case for White, lower case for Black.
    pub const fn letter(self) -> char {
        let c = self.kind.letter();
        match self.side {
            Side::First => c,
            Side::Second => c.to_ascii_lowercase(),
        }
    }

    /// The cube of a letter (upper case White, lower case Black).
    pub const fn from_letter(c: char) -> Option<Cube> {
        match Kind::from_letter(c) {
            Some(kind) => Some(Cube::new(
                if c.is_ascii_uppercase() {
                    Side::First
                } else {
                    Side::Second
                },
                kind,
            )),
            None => None,
        }
    }

    /// The compact code used in cell arrays: `1 + kind + 7 * side` (0 means no cube).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        1 + self.kind as u8 + 7 * self.side.index() as u8
    }

    /// The cube of a non-zero code.
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Cube {
        let c = code - 1;
        Cube::new(
            Side::from_index((c / 7) as usize),
            Kind::ALL[(c % 7) as usize],
        )
    }
}

impl fmt::Display for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The kind of a non-zero cube code.
#[inline]
pub(crate) const fn code_kind(code: u8) -> usize {
    ((code - 1) % 7) as usize
}

/// The side index of a non-zero cube code.
#[inline]
pub(crate) const fn code_side(code: u8) -> usize {
    ((code - 1) / 7) as usize
}

/// Whether two cubes may share a cell, `bottom` under `top`.
pub const fn can_stack(bottom: Cube, top: Cube) -> bool {
    match (bottom.kind, top.kind) {
        (Kind::Mountain, Kind::Mountain) => true,
        (Kind::Mountain, _) => true,
        (_, Kind::Mountain) => false,
        (Kind::King, _) => false,
        _ => bottom.side.index() == top.side.index(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_letters_round_trip() {
        for side in Side::BOTH {
            for kind in Kind::ALL {
                let cube = Cube::new(side, kind);
                assert_eq!(Cube::from_code(cube.code()), cube);
                assert_eq!(Cube::from_letter(cube.letter()), Some(cube));
            }
        }
    }

    #[test]
    fn non_fighters_capture_nothing() {
        for d in Kind::ALL {
            assert!(!Kind::King.beats(d) && !Kind::Wise.beats(d) && !Kind::Mountain.beats(d));
            assert!(!d.beats(Kind::Mountain));
        }
        assert!(!Kind::Fool.beats(Kind::Wise));
        assert!(Kind::Fool.beats(Kind::Fool));
    }
}
