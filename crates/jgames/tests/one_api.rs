//! One program, written once over the shared traits, for all four games: each module below
//! has nothing in scope but its game's prelude. Start a position, write its text, parse the
//! setup back and validate it, play a whole random game with checked moves, describe the
//! result, and round-trip the position through serde (where a tampered text is refused).

macro_rules! one_api {
    ($module:ident, $krate:ident) => {
        mod $module {
            use $krate::prelude::*;

            /// The whole program for any game.
            fn exercise<G>(rules: <G as Game>::Rules, seed: u64) -> (G, usize)
            where
                G: TextGame
                    + PartialEq
                    + core::fmt::Debug
                    + core::fmt::Display
                    + serde::Serialize
                    + serde::de::DeserializeOwned,
            {
                let start = G::new(rules);
                let text = start.to_text();
                assert_eq!(start.to_string(), text);
                let setup: <G as TextGame>::Setup = text.parse().expect("own text parses");
                assert_eq!(setup.to_string(), text);
                let mut pos = G::from_setup(setup, rules).expect("own setup is valid");
                assert_eq!(pos, start);

                let mut rng = abstract_game::playout::Rng::seed_from_u64(seed);
                let mut moves = Vec::new();
                while !pos.is_over() && moves.len() < 400 {
                    let mv = pos
                        .random_move(&mut rng)
                        .expect("a game that goes on has moves");
                    let written = pos.move_to_string(mv);
                    assert_eq!(pos.parse_move(&written).ok(), Some(mv));
                    pos.play(mv).expect("a legal move plays");
                    moves.push(written);
                }
                if let Some(outcome) = pos.outcome() {
                    let said = G::describe(outcome).to_string();
                    let names = <G as Game>::SIDE_NAMES;
                    assert!(
                        said.starts_with("draw") || names.iter().any(|n| said.starts_with(n)),
                        "{said}"
                    );
                }
                // The moves replay from their text.
                let mut again = G::new(rules);
                again.play_line(&moves.join(" ")).expect("the game replays");
                assert_eq!(again, pos);

                let json = serde_json::to_string(&pos).expect("serialises");
                assert!(
                    json.contains("\"rules\"") && json.contains("\"position\""),
                    "{json}"
                );
                let back: G = serde_json::from_str(&json).expect("deserialises");
                assert_eq!(back, pos);
                let tampered = json.replace(&pos.to_text(), "not a position");
                assert!(serde_json::from_str::<G>(&tampered).is_err(), "{tampered}");
                (pos, moves.len())
            }

            #[test]
            fn one_program_plays_every_game() {
                let mut finished = 0;
                for seed in 0..6 {
                    let (pos, plies) = exercise::<Position>(Rules::default(), seed);
                    assert!(plies > 0);
                    finished += usize::from(pos.is_over());
                }
                assert!(finished > 0, "some random games end within 400 plies");
                // The crate's own types under their shared names.
                let setup: Setup = Position::new(Rules::default()).to_text().parse().unwrap();
                let pos: Position = Position::from_setup(setup, Rules::default()).unwrap();
                let mut list = MoveList::default();
                pos.legal_moves(&mut list);
                assert!(!list.is_empty() && list.len() <= MAX_MOVES);
                let bad: Result<Move, MoveError> = pos.parse_move("?");
                assert!(bad.is_err());
                let refused: Result<Position, TextError> =
                    Position::from_text("?", Rules::default());
                assert!(refused.is_err());
                let _: Option<SetupError> = None;
            }
        }
    };
}

one_api!(jarmo, jarmo_core);
one_api!(jetan, jetan_core);
one_api!(jersi, jersi_core);
one_api!(jericho, jericho_core);
