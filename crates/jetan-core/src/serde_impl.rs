//! Serde support (the `serde` feature), shaped so that reading can never make an invalid value:
//!
//! * a [`Position`] is stored as `{"rules": {...}, "position": "<position text>"}` and
//!   validated again when read; a [`Setup`] as its position text (syntax checked);
//! * a [`Square`](crate::Square) as its index, refused from 100 up (written by
//!   `abstract_game::cell_index!`);
//! * a [`Move`] as `{"from": <square>, "to": <square>, "escape": <bool>}`.
//!
//! [`Rules`](crate::Rules), [`Piece`](crate::Piece) and [`Kind`](crate::Kind) derive their
//! (de)serialisation: every value of their fields is valid.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::board::Square;
use crate::position::{Move, Position};
use crate::setup::Setup;

abstract_game::text_serde!(Position, Setup);

/// The stored form of a move: its squares and its escape flag.
#[derive(Serialize, Deserialize)]
#[serde(rename = "Move", deny_unknown_fields)]
struct StoredMove {
    from: Square,
    to: Square,
    escape: bool,
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        StoredMove {
            from: self.origin(),
            to: self.target(),
            escape: self.is_escape(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        let StoredMove { from, to, escape } = StoredMove::deserialize(deserializer)?;
        Ok(if escape {
            Move::escape(from, to)
        } else {
            Move::new(from, to)
        })
    }
}

#[cfg(test)]
mod tests {
    use abstract_game::{Game, GameRules, TextGame};

    use crate::{Move, Position, Rules, Setup, Square};

    #[test]
    fn a_position_round_trips_as_rules_and_text() {
        let mut pos = Position::new(Rules::preset("revisit").unwrap());
        pos.play_line("Pe2-e3 Pe9-e8").unwrap();
        let json = serde_json::to_string(&pos).unwrap();
        assert!(json.contains(r#""position":"#), "{json}");
        assert!(json.contains(r#""revisit":true"#), "{json}");
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(back, pos);
        let setup: Setup =
            serde_json::from_str(&serde_json::to_string(&pos.to_setup()).unwrap()).unwrap();
        assert_eq!(setup, pos.to_setup());
    }

    #[test]
    fn a_tampered_position_is_refused() {
        let pos = Position::default();
        let json = serde_json::to_string(&pos).unwrap();
        // Two Black Chiefs: readable, but not a legal position.
        let two_chiefs = json.replace("WADFCRFDAW", "WADFCCFDAW");
        let err = serde_json::from_str::<Position>(&two_chiefs).unwrap_err();
        assert!(err.to_string().contains("Chief"), "{err}");
        // Not a position text at all.
        let garbage = json.replace(" b Rr -", " b Rr - nobody");
        assert!(serde_json::from_str::<Position>(&garbage).is_err());
        assert!(serde_json::from_str::<Setup>(r#""10/10 b Rr -""#).is_err());
        // An unknown field.
        let extra = json.replace(r#"{"rules""#, r#"{"moves":1,"rules""#);
        assert!(serde_json::from_str::<Position>(&extra).is_err());
    }

    #[test]
    fn a_move_round_trips_and_out_of_range_squares_are_refused() {
        let e2: Square = "e2".parse().unwrap();
        let j10: Square = "j10".parse().unwrap();
        for mv in [Move::new(e2, j10), Move::escape(j10, e2)] {
            let json = serde_json::to_string(&mv).unwrap();
            assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv, "{json}");
        }
        assert_eq!(
            serde_json::to_string(&Move::escape(e2, j10)).unwrap(),
            r#"{"from":14,"to":99,"escape":true}"#
        );
        for bad in [
            r#"{"from":14,"to":100,"escape":false}"#,
            r#"{"from":255,"to":3,"escape":false}"#,
            r#"{"from":-1,"to":3,"escape":false}"#,
            r#"{"from":14,"to":24}"#,
            r#"{"from":14,"to":24,"escape":false,"kind":3}"#,
            "65535",
        ] {
            assert!(serde_json::from_str::<Move>(bad).is_err(), "{bad}");
        }
        assert_eq!(serde_json::from_str::<Square>("99").unwrap(), j10);
        assert!(serde_json::from_str::<Square>("100").is_err());
    }
}
