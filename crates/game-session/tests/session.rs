//! A session as its front ends meet it: rules from variant texts, moves in and refused,
//! undo, records out and back in, engines within limits, and the text interface.

use std::sync::atomic::AtomicBool;

use abstract_game::record::Record;
use abstract_game::{Game, GameRules, Side, TextGame};
use game_search::EngineSpec;
use game_session::{Limits, Play, Session, SessionError, Tables, rules_of, think};

type Jarmo = jarmo_core::Position;
type Jetan = jetan_core::Position;
type Jersi = jersi_core::Position;

/// A game of Jasir-basic played to its end, always the legal move of index `pick(count)`.
fn finished(pick: impl Fn(usize) -> usize) -> Session<Jarmo> {
    let mut game = Session::<Jarmo>::new(Some("jasir-basic")).unwrap();
    let mut moves = <Jarmo as Game>::MoveList::default();
    while !game.position().is_over() {
        moves.clear();
        game.position().legal_moves(&mut moves);
        game.play(moves[pick(moves.len())]).unwrap();
        assert!(game.moves().len() < 1000);
    }
    game
}

#[test]
fn variant_texts_give_presets_and_switches() {
    let (name, rules) = rules_of::<Jarmo>(None).unwrap();
    assert_eq!(
        (name.as_str(), rules),
        ("jarmo", jarmo_core::Rules::default())
    );
    assert_eq!(rules_of::<Jarmo>(Some("  ")).unwrap().0, "jarmo");
    let (name, jasir) = rules_of::<Jarmo>(Some("jasir")).unwrap();
    assert_eq!(name, "jasir");
    assert_eq!(Some(jasir), jarmo_core::Rules::preset("jasir"));
    let (_, shuttling) = rules_of::<Jarmo>(Some("jarmo+shuttling")).unwrap();
    assert!(!shuttling.no_shuttling);
    assert!(jarmo_core::Rules::default().no_shuttling);
    let unknown = rules_of::<Jarmo>(Some("chess")).unwrap_err();
    assert!(matches!(unknown, SessionError::Variant(_)));
    assert!(unknown.to_string().contains("jasir-reserve"), "{unknown}");
    let switch = rules_of::<Jarmo>(Some("jarmo+fast")).unwrap_err();
    assert!(
        switch.to_string().contains("no rule switch \"fast\""),
        "{switch}"
    );
}

#[test]
fn moves_play_in_order_and_refusals_change_nothing() {
    let mut game = Session::<Jetan>::new(None).unwrap();
    game.play_text("Pe2-e3").unwrap();
    let before = game.position().clone();
    let refused = game.play_text("Pe2-e3").unwrap_err();
    match &refused {
        SessionError::Move { label, side, .. } => {
            assert_eq!(label, "1...");
            assert_eq!(*side, "Orange");
        }
        other => panic!("{other:?}"),
    }
    assert!(game.position() == &before);
    assert_eq!(game.moves().len(), 1);
    assert!(game.play_text("zz").is_err());
    assert_eq!(game.positions().len(), 2);
    assert_eq!(game.move_texts(), ["Pe2-e3"]);
    assert_eq!(
        game.undo().map(|mv| game.position().move_to_string(mv)),
        Some("Pe2-e3".to_owned())
    );
    assert!(game.position() == game.start());
    assert_eq!(game.undo(), None);
}

#[test]
fn a_finished_game_refuses_more_moves_with_its_result() {
    // Jarmo from a position whose mover has no archer on the board and none to return.
    let mut game = finished(|count| count - 1);
    let plies = game.moves().len();
    let refused = game.play_text("c1-d3").unwrap_err();
    assert!(
        matches!(refused, SessionError::MoveAfterEnd { .. }),
        "{refused:?}"
    );
    assert!(
        refused.to_string().contains("the game is already over"),
        "{refused}"
    );
    assert_eq!(game.moves().len(), plies);
}

#[test]
fn records_go_out_and_come_back() {
    let mut game = Session::<Jarmo>::new(Some("jasir")).unwrap();
    game.play_texts(["c1-d3", "a5-b3", "a1xb3"]).unwrap();
    let text = game.record().to_string();
    assert!(text.contains("[Variant \"jasir\"]"), "{text}");
    let back = Session::<Jarmo>::from_record_text(&text, None).unwrap();
    assert_eq!(back.move_texts(), game.move_texts());
    assert!(back.position() == game.position());
    assert_eq!(back.variant(), Some("jasir"));
    // Asking for another variant than the record's is refused; the same one is fine.
    let mismatch = Session::<Jarmo>::from_record_text(&text, Some("jarmo")).unwrap_err();
    assert_eq!(
        mismatch,
        SessionError::VariantMismatch {
            record: "jasir".into(),
            asked: "jarmo".into()
        }
    );
    assert!(Session::<Jarmo>::from_record_text(&text, Some("jasir")).is_ok());
    // A record of another game is refused.
    assert!(matches!(
        Session::<Jetan>::from_record_text(&text, None),
        Err(SessionError::Record(_))
    ));
    // A record with a switch in its variant replays under that switch.
    let mut switched = Session::<Jarmo>::new(Some("jarmo+shuttling")).unwrap();
    switched.play_text("c1-d3").unwrap();
    let record: Record = switched.record().to_string().parse().unwrap();
    let back = Session::<Jarmo>::from_record(&record, None).unwrap();
    assert!(!back.rules().no_shuttling);
}

#[test]
fn a_start_position_is_kept_in_the_record() {
    let start = Session::<Jetan>::new(None).unwrap();
    let mut moved = start.clone();
    moved.play_text("Pe2-e3").unwrap();
    let text = moved.position().to_text();
    let game = Session::<Jetan>::from_position(None, &text).unwrap();
    assert!(game.record().position.is_some());
    assert!(start.record().position.is_none());
    assert!(matches!(
        Session::<Jetan>::from_position(None, "not a position"),
        Err(SessionError::Position { .. })
    ));
}

#[test]
fn the_games_own_record_format_is_read_too() {
    // Jersi reads its author's two-column format besides the shared one.
    let shared = Session::<Jersi>::from_record_text("[Game \"jersi\"]\n\n", None).unwrap();
    assert!(shared.moves().is_empty());
    assert!(Session::<Jersi>::from_record_text("no moves here", None).is_err());
}

#[test]
fn engines_answer_legal_moves_within_limits() {
    let game = Session::<Jetan>::new(None).unwrap();
    let spec: EngineSpec = "alphabeta".parse().unwrap();
    let limits = Limits {
        nodes: Some(300),
        ..Limits::NONE
    };
    let stop = AtomicBool::new(false);
    let search = || {
        let budget = limits.budget(&spec);
        think(game.position(), &spec, budget, &Tables::None, &stop).unwrap()
    };
    let thought = search();
    assert!(game.position().is_legal(thought.best));
    assert!(thought.info.nodes <= 400, "{}", thought.info.nodes);
    let line = thought.line(game.position());
    assert_eq!(
        line.first(),
        Some(&game.position().move_to_string(thought.best))
    );
    // The same limits give the same move (fixed nodes, one thread).
    assert_eq!(search().best, thought.best);
}

#[test]
fn engines_refuse_a_finished_game() {
    let game = finished(|_| 0);
    let spec: EngineSpec = "random".parse().unwrap();
    let stop = AtomicBool::new(false);
    assert_eq!(
        think(
            game.position(),
            &spec,
            Limits::NONE.budget(&spec),
            &Tables::None,
            &stop
        )
        .unwrap_err(),
        SessionError::GameOver
    );
}

#[test]
fn a_folder_without_tables_leaves_the_engine_alone() {
    let game = Session::<Jarmo>::new(Some("jasir-basic")).unwrap();
    let spec: EngineSpec = "alphabeta:depth=2".parse().unwrap();
    let folder = Tables::Folder(std::env::temp_dir().join("game-session-no-tables-here"));
    let engine = game_session::engine_for::<Jarmo>(&spec, game.rules(), &folder);
    assert!(engine.is_ok());
}

#[test]
fn the_text_interface_plays_the_same_game() {
    let mut play: Box<dyn Play> = Box::new(Session::<Jetan>::new(None).unwrap());
    assert_eq!(play.name(), "jetan");
    assert_eq!(play.legal_moves().len(), 74); // perft(1) of Jetan
    assert_eq!(play.move_cells("Pe2-e3").unwrap(), ["e2", "e3"]);
    assert!(play.move_cells("nonsense").is_err());
    play.play("Pe2-e3").unwrap();
    assert!(play.play("Pe2-e3").is_err());
    assert_eq!(play.played(), ["Pe2-e3"]);
    assert!(!play.first_to_move());
    assert_eq!(play.side_to_move(), "Orange");
    assert!(play.svg(false, 40).starts_with("<svg"));
    assert!(play.record_text().contains("Pe2-e3"));
    let spec: EngineSpec = "random:seed=3".parse().unwrap();
    let answer = play.think(&spec, Limits::NONE.budget(&spec)).unwrap();
    assert!(play.legal_moves().contains(&answer.best));
    assert!(play.undo() && play.played().is_empty() && !play.undo());
    assert_eq!(play.variant(), None);
    let _ = Side::First;
    let _ = <Jetan as Game>::Rules::PRESETS;
}
