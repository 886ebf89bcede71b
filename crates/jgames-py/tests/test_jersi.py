"""Jersi's two-decision turns through the Python API: a King capture with several open cells
asks a follow-up of the same player, which pickles, copies, decodes, plays by notation and is
chosen by the engines; OpenSpiel sees the same player twice."""

import copy
import pickle

import numpy as np
import pyspiel
import pytest

import jgames
import jgames.openspiel  # noqa: F401  (registers the games)

#: White's Fool on e4 next to Black's King on e5, Black's home row (cells 62 to 68) empty.
KING_CAPTURE = "7/8/7/8/3Fk4/8/7/8/3K3 w -/- 40 1"
#: The follow-up ids: plane 191 of 69 cells, row i.
RELOCATIONS = [191 * 69 + cell for cell in range(62, 69)]


def capture_pending():
    state = jgames.Jersi(variant="no-drop", position=KING_CAPTURE)
    state.apply(state.string_to_action("e4-e5!!/k:i5"))
    return state


def test_a_king_capture_asks_where_the_king_goes():
    state = jgames.Jersi(variant="no-drop", position=KING_CAPTURE)
    main = state.string_to_action("e4-e5!!/k:i5")
    assert main == 33 and state.string_to_action("e4-e5/k:i1") == 33
    assert jgames.Jersi.MAX_DECISIONS_PER_TURN == 2 and jgames.Jarmo.MAX_DECISIONS_PER_TURN == 1
    state.apply(main)
    assert state.is_follow_up and state.current_player == 0 and state.plies == 0
    assert state.legal_actions() == RELOCATIONS
    assert state.legal_mask().sum() == 7
    assert state.string_to_action("e4-e5!!/k:i5") == RELOCATIONS[4]
    assert state.action_to_string(RELOCATIONS[4]) == "e4-e5!!/k:i5"
    obs = state.observation()
    assert obs.shape == (36, 9, 11) and obs[35].min() == 1.0 and obs[7].max() == 0.0
    with pytest.raises(ValueError, match="follow-up"):
        state.apply(main)
    with pytest.raises(ValueError, match="not a version"):
        state.play("e4-d4")
    state.apply(RELOCATIONS[4])
    assert not state.is_follow_up and state.current_player == 1 and state.plies == 1
    assert state.to_text().startswith("4k2/")


def test_a_pending_follow_up_pickles_copies_and_plays_by_notation():
    state = capture_pending()
    for other in [pickle.loads(pickle.dumps(state)), copy.deepcopy(state), state.clone()]:
        assert other == state and other.is_follow_up
        assert other.legal_actions() == RELOCATIONS
    played = capture_pending()
    played.play("e4-e5!!/k:i2")
    chosen = capture_pending()
    chosen.apply(RELOCATIONS[1])
    assert played == chosen and not played.is_follow_up
    assert capture_pending() != jgames.Jersi(variant="no-drop", position=KING_CAPTURE)


def test_the_engines_choose_the_follow_up_they_meant():
    for engine in ["alphabeta:depth=2", "mcts", "random"]:
        state = jgames.Jersi(variant="no-drop", position=KING_CAPTURE)
        first = state.think(engine, nodes=300)
        state.apply(first)
        if state.is_follow_up:
            second = state.think(engine, nodes=300)
            assert second in RELOCATIONS
            state.apply(second)
        assert not state.is_follow_up
    # A pending follow-up from elsewhere (no plan): the engine still picks an open cell.
    assert capture_pending().think("alphabeta:depth=1") in RELOCATIONS


def test_openspiel_lets_the_same_player_decide_twice():
    game = pyspiel.load_game("jgames_jersi(variant=no-drop,max_plies=30)")
    assert game.max_game_length() == 60
    assert game.num_distinct_actions() == 13_248
    state = game.new_initial_state()
    assert len(state.legal_actions()) == 228
    inner = jgames.Jersi(variant="no-drop", position=KING_CAPTURE, max_plies=30)
    os_state = jgames.openspiel.JgamesState(game, inner)
    os_state.apply_action(33)
    assert os_state.current_player() == 0
    assert os_state.legal_actions() == RELOCATIONS
    tensor = np.asarray(os_state.observation_tensor(0))
    assert tensor.size == 36 * 9 * 11
    os_state.apply_action(RELOCATIONS[0])
    assert os_state.current_player() == 1
