//! The bindings as the page uses them, run natively: every game made three ways, moves by
//! their cells, refusals that change nothing, undo, records and engines.

use jgames_wasm::Game;

const GAMES: [&str; 4] = ["jarmo", "jetan", "jersi", "jericho"];

/// Plays `plies` moves, each the `k`-th legal move for a varying `k`; returns the texts.
fn wander(game: &mut Game, plies: usize) -> Vec<String> {
    let mut played = Vec::new();
    for k in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[(k * 31 + 7) % moves.len()].clone();
        game.play(&mv).unwrap();
        played.push(mv);
    }
    played
}

#[test]
fn every_game_and_preset_starts() {
    assert_eq!(Game::games(), GAMES);
    for name in GAMES {
        let variants = Game::variants(name).unwrap();
        assert!(!variants.is_empty());
        for variant in variants.iter().map(String::as_str).chain([""]) {
            let game = Game::new(name, variant).unwrap();
            assert_eq!(game.name(), name);
            assert_eq!(game.variant(), variant);
            assert!(!game.legal_moves().is_empty(), "{name} {variant}");
            assert!(!game.is_over() && game.result().is_none());
            assert!(game.svg(false, 48).contains("class=\"cell\""));
        }
    }
}

#[test]
fn unknown_names_and_bad_texts_are_refused() {
    assert!(Game::new("chess", "").unwrap_err().contains("unknown game"));
    assert!(Game::variants("chess").is_err());
    for name in GAMES {
        assert!(
            Game::new(name, "no-such-rules")
                .unwrap_err()
                .contains("no variant")
        );
        assert!(Game::from_position(name, "", "garbage \u{0} text").is_err());
    }
    assert!(Game::from_record("[Game \"jetan\"]\n\n1. Pe2-e9").is_err());
    assert!(Game::from_record("not a record [").is_err());
}

#[test]
fn every_legal_move_has_its_cells() {
    for name in GAMES {
        let mut game = Game::new(name, "").unwrap();
        for _ in 0..12 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            for mv in &moves {
                let cells = game.move_cells(mv).unwrap();
                assert!(cells.len() <= 4, "{name} {mv}: {cells:?}");
                // Only a pass touches no cell: every other move is made by clicking.
                assert_eq!(cells.is_empty(), mv == "pass", "{name} {mv}");
            }
            wander(&mut game, 1);
        }
    }
}

#[test]
fn an_illegal_move_changes_nothing_and_undo_goes_back() {
    for name in GAMES {
        let mut game = Game::new(name, "").unwrap();
        let start = game.position_text();
        let played = wander(&mut game, 8);
        let here = game.position_text();
        let record = game.record_text();
        for bad in ["", "zz9-zz10", "pass pass", "\u{7f}"] {
            assert!(game.play(bad).is_err(), "{name}: {bad:?}");
            assert_eq!(game.position_text(), here);
            assert_eq!(game.played(), played);
        }
        // The first move again is not legal now (or not for this side).
        if game.play(&played[0]).is_ok() {
            assert!(game.undo());
        }
        assert_eq!(game.position_text(), here);
        for _ in 0..played.len() {
            assert!(game.undo());
        }
        assert!(!game.undo());
        assert_eq!(game.position_text(), start);
        // The record and the position text bring the game back.
        let again = Game::from_record(&record).unwrap();
        assert_eq!(
            (again.position_text(), again.played()),
            (here.clone(), played)
        );
        let from_text = Game::from_position(name, "", &here).unwrap();
        assert_eq!(from_text.position_text(), here);
        assert!(from_text.played().is_empty());
    }
}

#[test]
fn engines_answer_with_legal_moves() {
    for name in GAMES {
        let mut game = Game::new(name, "").unwrap();
        wander(&mut game, 3);
        let legal = game.legal_moves();
        for spec in ["random", "mcts:seed=3", "alphabeta"] {
            let thought = game.think(spec, 0, 3000).unwrap();
            assert!(
                legal.contains(&thought.best()),
                "{name} {spec}: {}",
                thought.best()
            );
            if spec != "random" {
                assert!(thought.nodes() > 0.0);
                assert_eq!(thought.pv().first(), Some(&thought.best()));
            }
        }
        for threaded in ["mcts:threads=2", "alphabeta:threads=2"] {
            assert!(
                game.think(threaded, 0, 100)
                    .unwrap_err()
                    .contains("threads")
            );
        }
        assert!(game.think("deep-blue", 0, 100).is_err());
        assert_eq!(game.legal_moves(), legal, "thinking plays nothing");
    }
}

#[test]
fn a_finished_game_tells_its_result() {
    // The decided Jetan game of the Jetan docs: Black's Princess has been taken.
    let over = Game::from_position(
        "jetan",
        "",
        "4c5/10/10/10/10/10/10/10/1P8/C8r b Rr - orange",
    )
    .unwrap();
    assert!(over.is_over());
    assert!(over.result().unwrap().contains("Orange wins"));
    assert!(over.legal_moves().is_empty());
    assert!(over.think("alphabeta", 0, 100).is_err());
}

#[test]
fn a_small_jasir_basic_endgame_shows_its_exact_value() {
    let game = Game::from_position("jarmo", "jasir-basic", "w4/5/5/5/b4 b").unwrap();
    assert_eq!(game.solved().as_deref(), Some("White wins in 4"));
    // The start is too big to solve in the page; other rules and games are not solved.
    assert_eq!(Game::new("jarmo", "jasir-basic").unwrap().solved(), None);
    assert_eq!(
        Game::from_position("jarmo", "jarmo", "w4/5/5/5/b4 b")
            .unwrap()
            .solved(),
        None
    );
    assert_eq!(Game::new("jetan", "").unwrap().solved(), None);
}
