"""The PettingZoo AEC environments: PettingZoo's own API and seed tests on every game and
preset, then what the environments promise: the module layout, the observations and masks,
rewards at the end, truncation at the ply cap, illegal actions through the wrappers and in the
raw environment, and Jersi's player deciding twice in a row."""

import importlib
import sys

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import jgames
import jgames.pettingzoo as jpz

GAMES = sorted(jgames.GAMES)
CASES = [(name, variant) for name in GAMES for variant in jgames.GAMES[name].variants()]

#: api_test's checks written for PettingZoo's own environments: it knows the classic ones by
#: name and warns about a dictionary observation (with its action mask) in any other.
KNOWN_WARNINGS = [
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
]

#: Jersi: White's Fool on e4 next to Black's King on e5, Black's home row empty. Capturing the
#: King (id 33) leaves White a second decision: where the King goes back (7 cells).
KING_CAPTURE = "7/8/7/8/3Fk4/8/7/8/3K3 w -/- 40 1"


def module(name):
    return jpz.ENVIRONMENTS[f"{name}_v0"]


def play_random(env, seed):
    """A whole episode of masked random actions; each agent's total reward and the last step's
    terminations and truncations (as each agent saw them when it was done)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    ends = {}
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        if termination or truncation:
            ends[agent] = (termination, truncation)
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals, ends


@pytest.mark.filterwarnings("error", *KNOWN_WARNINGS)
@pytest.mark.parametrize("name,variant", CASES, ids=[f"{n}-{v}" for n, v in CASES])
def test_pettingzoo_api_test(name, variant):
    api_test(module(name).env(variant=variant, max_plies=40), num_cycles=60)


@pytest.mark.filterwarnings("error", *KNOWN_WARNINGS)
@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test_on_the_raw_env(name):
    api_test(module(name).raw_env(max_plies=40), num_cycles=60)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test(name):
    seed_test(lambda: module(name).env(max_plies=60), num_cycles=100)


def test_one_module_per_game_importable_by_name():
    assert sorted(jpz.ENVIRONMENTS) == [f"{name}_v0" for name in GAMES]
    for name in GAMES:
        by_import = importlib.import_module(f"jgames.pettingzoo.{name}_v0")
        assert by_import is getattr(jpz, f"{name}_v0") is sys.modules[by_import.__name__]
        assert by_import.GAME is jgames.GAMES[name]
        raw = by_import.raw_env()
        assert raw.metadata["name"] == f"{name}_v0" and str(raw) == f"{name}_v0"
        assert raw.metadata["is_parallelizable"] is False
        assert raw.max_plies == jpz.DEFAULT_MAX_PLIES[name]
    from jgames.pettingzoo import jarmo_v0

    assert jarmo_v0.env().unwrapped.game_class is jgames.Jarmo
    with pytest.raises(AttributeError, match="environments: jarmo_v0"):
        jpz.chess_v0  # noqa: B018


def test_bad_arguments_fail_at_construction():
    with pytest.raises(ValueError, match="no variant"):
        module("jarmo").env(variant="chess")
    with pytest.raises(ValueError, match="render_mode"):
        module("jarmo").env(render_mode="rgb")
    with pytest.raises(ValueError, match="max_plies"):
        module("jarmo").env(max_plies=0)


@pytest.mark.parametrize("name", GAMES)
def test_observations_and_masks(name):
    cls = jgames.GAMES[name]
    env = module(name).env()
    env.reset(seed=1)
    mover = env.agent_selection
    assert mover == "player_0" and env.agents == ["player_0", "player_1"]
    obs = env.observe(mover)
    assert obs["observation"].shape == cls.observation_shape()
    assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
    assert np.array_equal(obs["observation"], cls().observation())
    assert np.flatnonzero(obs["action_mask"]).tolist() == cls().legal_actions()
    assert obs in env.observation_space(mover)
    other = env.observe("player_1")
    assert other["action_mask"].sum() == 0 and other in env.observation_space("player_1")
    assert env.action_space(mover).n == cls.NUM_ACTIONS


@pytest.mark.parametrize("name", GAMES)
def test_a_random_episode_ends_with_opposite_rewards(name):
    totals, ends = play_random(module(name).env(max_plies=120), seed=3)
    assert sum(totals.values()) == 0.0
    assert all(r in (-1.0, 0.0, 1.0) for r in totals.values())
    assert set(ends) == {"player_0", "player_1"}
    assert len(set(ends.values())) == 1


def test_some_random_episode_has_a_winner():
    # Jarmo's random games end by its rules well before 300 plies.
    totals, ends = play_random(module("jarmo").env(), seed=0)
    assert sorted(totals.values()) == [-1.0, 1.0]
    assert ends["player_0"] == (True, False)


@pytest.mark.parametrize("name", GAMES)
def test_the_ply_cap_truncates(name):
    # No game ends in 4 plies of random play: the cap ends it as a draw.
    totals, ends = play_random(module(name).env(max_plies=4), seed=5)
    assert totals == {"player_0": 0.0, "player_1": 0.0}
    assert ends == {"player_0": (False, True), "player_1": (False, True)}


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_replays_the_same_episode(name):
    def episode(seed):
        env = module(name).env(max_plies=50)
        env.reset(seed=seed)
        env.action_space("player_0").seed(seed)
        env.action_space("player_1").seed(seed + 1)
        actions = []
        for agent in env.agent_iter():
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                action = None
            else:
                action = int(env.action_space(agent).sample(obs["action_mask"]))
            actions.append((agent, action))
            env.step(action)
        return actions, env.unwrapped.game.to_text()

    assert episode(11) == episode(11)
    assert episode(11) != episode(12)


def test_an_illegal_action_through_env_loses_without_raising():
    env = module("jarmo").env()
    env.reset()
    illegal = int(np.flatnonzero(env.observe("player_0")["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.rewards == {"player_0": -1.0, "player_1": 0.0}
    assert all(env.terminations.values()) and all(env.truncations.values())
    _, reward, termination, _, _ = env.last()
    assert termination
    seen = {}
    for agent in env.agent_iter():
        seen[agent] = env.last()[1]
        env.step(None)
    assert seen == {"player_0": -1.0, "player_1": 0.0}
    assert env.agents == []


def test_an_action_outside_the_space_fails_an_assertion_through_env():
    # PettingZoo's AssertOutOfBoundsWrapper: a programming error, not a move.
    env = module("jarmo").env()
    env.reset()
    with pytest.raises(AssertionError):
        env.step(jgames.Jarmo.NUM_ACTIONS)


@pytest.mark.parametrize(
    "action", ["masked", jgames.Jarmo.NUM_ACTIONS, -1, 10**30, 1.5, None, "c1-d3"]
)
def test_the_raw_env_takes_an_illegal_action_as_a_resignation(action):
    env = module("jarmo").raw_env()
    env.reset()
    if action == "masked":
        action = int(np.flatnonzero(env.observe("player_0")["action_mask"] == 0)[0])
    env.step(action)
    assert env.rewards == {"player_0": -1.0, "player_1": 1.0}
    assert env.terminations == {"player_0": True, "player_1": True}
    assert not any(env.truncations.values())
    assert env.infos["player_0"] == {"illegal_action": True}
    assert env.game.plies == 0
    assert env.observe("player_0")["action_mask"].sum() == 0


def test_reset_starts_a_new_game():
    env = module("jericho").env(max_plies=4)
    play_random(env, seed=0)
    env.reset()
    assert env.agents == ["player_0", "player_1"] and env.unwrapped.game.plies == 0
    assert not any(env.terminations.values()) and not any(env.truncations.values())


def test_reset_options_position_and_moves():
    env = module("jarmo").env()
    env.reset(options={"moves": "c1-d3"})
    assert env.agent_selection == "player_1" and env.unwrapped.game.plies == 1
    env.reset()
    assert env.agent_selection == "player_0" and env.unwrapped.game.plies == 0


@pytest.mark.skipif("jersi" not in jgames.GAMES, reason="no Jersi in this build")
@pytest.mark.parametrize("wrapped", [True, False])
def test_in_jersi_the_same_agent_decides_twice(wrapped):
    make = module("jersi").env if wrapped else module("jersi").raw_env
    env = make(variant="no-drop")
    env.reset(options={"position": KING_CAPTURE})
    assert env.agent_selection == "player_0"
    env.step(33)
    assert env.agent_selection == "player_0"
    mask = env.observe("player_0")["action_mask"]
    assert mask.sum() == 7 and env.observe("player_1")["action_mask"].sum() == 0
    env.step(int(np.flatnonzero(mask)[4]))
    assert env.agent_selection == "player_1"
    assert env.unwrapped.game.to_text().startswith("4k2/")


@pytest.mark.parametrize("name", GAMES)
def test_render_modes(name, capsys):
    cls = jgames.GAMES[name]
    env = module(name).env(render_mode="ansi")
    env.reset()
    assert env.render() == cls().to_text()
    env = module(name).env(render_mode="svg")
    env.reset()
    assert "<svg" in env.render()
    env = module(name).env(render_mode="human")
    env.reset()
    assert capsys.readouterr().out.strip() == cls().to_text()
    env.close()
