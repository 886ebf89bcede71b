//! Piece kinds and pieces.

use core::fmt;

use abstract_game::{Game, Side};

use crate::position::Position;

/// Black, the side that starts on ranks 1 and 2 ([`Side::First`]).
pub const BLACK: Side = Side::First;
/// Orange, the side that starts on ranks 9 and 10 ([`Side::Second`]).
pub const ORANGE: Side = Side::Second;

/// The eight kinds of Jetan piece. The Flier is also called Odwar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Kind {
    /// One step forward, diagonally forward or sideways (letter `P`).
    Panthan,
    /// One orthogonal step, then one diagonal step (letter `T`).
    Thoat,
    /// Two orthogonal steps (letter `W`).
    Warrior,
    /// Two diagonal steps (letter `A`).
    Padwar,
    /// Three orthogonal steps (letter `D`).
    Dwar,
    /// Three diagonal steps, jumping (letter `F`); also called Odwar.
    Flier,
    /// Three king steps (letter `C`).
    Chief,
    /// Three king steps, jumping, never capturing, once an escape (letter `R`).
    Princess,
}

impl Kind {
    /// All eight kinds.
    pub const ALL: [Kind; 8] = [
        Kind::Panthan,
        Kind::Thoat,
        Kind::Warrior,
        Kind::Padwar,
        Kind::Dwar,
        Kind::Flier,
        Kind::Chief,
        Kind::Princess,
    ];

    /// The number of one-square steps the piece makes: its value for the material rules.
    pub const fn steps(self) -> u8 {
        match self {
            Kind::Panthan => 1,
            Kind::Thoat | Kind::Warrior | Kind::Padwar => 2,
            Kind::Dwar | Kind::Flier | Kind::Chief | Kind::Princess => 3,
        }
    }

    /// The value used by the end-of-game material rules (equal to [`steps`](Self::steps)).
    pub const fn value(self) -> u8 {
        self.steps()
    }

    /// Whether the piece ignores what stands on the intermediate squares of its path (under
    /// the `thoat_jumps` option of [`Rules`](crate::Rules) the Thoat does too).
    pub const fn jumps(self) -> bool {
        matches!(self, Kind::Flier | Kind::Princess)
    }

    /// How many pieces of this kind each side starts with (and can never exceed).
    pub const fn initial_count(self) -> u8 {
        match self {
            Kind::Panthan => 8,
            Kind::Chief | Kind::Princess => 1,
            _ => 2,
        }
    }

    /// The upper-case notation letter: `P T W A D F C R`.
    pub const fn letter(self) -> char {
        match self {
            Kind::Panthan => 'P',
            Kind::Thoat => 'T',
            Kind::Warrior => 'W',
            Kind::Padwar => 'A',
            Kind::Dwar => 'D',
            Kind::Flier => 'F',
            Kind::Chief => 'C',
            Kind::Princess => 'R',
        }
    }

    /// The kind with this notation letter (either case).
    pub const fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'P' => Kind::Panthan,
            'T' => Kind::Thoat,
            'W' => Kind::Warrior,
            'A' => Kind::Padwar,
            'D' => Kind::Dwar,
            'F' => Kind::Flier,
            'C' => Kind::Chief,
            'R' => Kind::Princess,
            _ => return None,
        })
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Panthan => "Panthan",
            Kind::Thoat => "Thoat",
            Kind::Warrior => "Warrior",
            Kind::Padwar => "Padwar",
            Kind::Dwar => "Dwar",
            Kind::Flier => "Flier",
            Kind::Chief => "Chief",
            Kind::Princess => "Princess",
        }
    }

    /// The kind's number, 0 for Panthan to 7 for Princess.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a kind and the side it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece it is.
    pub side: Side,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// A piece of `side` and `kind`.
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// The position-text character: upper case for Black, lower case for Orange.
    pub const fn char(self) -> char {
        match self.side {
            Side::First => self.kind.letter(),
            Side::Second => self.kind.letter().to_ascii_lowercase(),
        }
    }

    /// The piece with this position-text character.
    pub const fn from_char(c: char) -> Option<Piece> {
        match Kind::from_letter(c) {
            Some(kind) if c.is_ascii_uppercase() => Some(Piece::new(Side::First, kind)),
            Some(kind) => Some(Piece::new(Side::Second, kind)),
            None => None,
        }
    }

    /// A compact code `1..=16` (0 stands for an empty square in the mailbox board).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        1 + (self.side as u8) * 8 + self.kind as u8
    }

    /// The piece with mailbox code `code` (`1..=16`).
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        if code == 0 || code > 16 {
            return None;
        }
        let c = code - 1;
        let side = if c >= 8 { Side::Second } else { Side::First };
        Some(Piece::new(side, Kind::ALL[(c % 8) as usize]))
    }
}

impl fmt::Display for Piece {
    /// Writes e.g. `Black Chief`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", Position::side_name(self.side), self.kind)
    }
}
