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


@pytest.mark.parametrize("name", list(jgames.GAMES), ids=list(jgames.GAMES))
def test_openspiel_python_mcts_and_rl_environment_play(name):
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(f"jgames_{name}(max_plies=12)")
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, 1.4, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    for _ in range(3):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)

    env = rl_environment.Environment(game)
    time_step = env.reset()
    steps = 0
    while not time_step.last():
        player = time_step.observations["current_player"]
        legal = time_step.observations["legal_actions"][player]
        assert len(time_step.observations["info_state"][player]) == np.prod(
            jgames.GAMES[name].observation_shape()
        )
        time_step = env.step([legal[steps % len(legal)]])
        steps += 1
    assert steps <= game.max_game_length() and sum(time_step.rewards) == 0
