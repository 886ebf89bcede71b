"""The jgames games in OpenSpiel: its own random-simulation test on every game and preset,
loading by name with parameters, and OpenSpiel's MCTS bot playing them."""

import numpy as np
import pyspiel
import pytest

import jgames
import jgames.openspiel  # noqa: F401  (registers the games)

CASES = [(name, variant) for name, cls in jgames.GAMES.items() for variant in cls.variants()]


@pytest.mark.parametrize("name,variant", CASES, ids=[f"{n}-{v}" for n, v in CASES])
def test_random_sim_test(name, variant):
    game = pyspiel.load_game(f"jgames_{name}(variant={variant},max_plies=80)")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_load_by_name_and_parameters():
    game = pyspiel.load_game("jgames_jarmo")
    assert game.num_distinct_actions() == jgames.Jarmo.NUM_ACTIONS
    assert game.max_game_length() == jgames.openspiel.DEFAULT_MAX_PLIES["jarmo"]
    state = game.new_initial_state()
    assert len(state.legal_actions()) == 11
    tensor = np.asarray(state.observation_tensor(0))
    assert tensor.size == np.prod(jgames.Jarmo.observation_shape())
    with pytest.raises(Exception):
        pyspiel.load_game("jgames_jarmo(variant=chess)")


def test_openspiel_mcts_bot_plays():
    game = pyspiel.load_game("jgames_jericho(max_plies=60)")
    evaluator = pyspiel.RandomRolloutEvaluator(1, 1)
    bots = [pyspiel.MCTSBot(game, evaluator, 2.0, 30, 10, False, 1, False) for _ in range(2)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 1)
    assert sum(returns) == 0.0 and all(r in (-1.0, 0.0, 1.0) for r in returns)
