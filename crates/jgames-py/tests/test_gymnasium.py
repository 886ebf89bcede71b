"""The Gymnasium environments: Gymnasium's environment checker on every game and preset, made
by id and constructed directly, then what the environments promise: registration, the agent's
side, rewards from the agent's view, truncation at the ply cap, illegal actions, seeded
replays, engine opponents and Jersi's player deciding twice in a row."""

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import jgames
import jgames.gymnasium as jgym

GAMES = sorted(jgames.GAMES)
CASES = [(name, variant) for name in GAMES for variant in jgames.GAMES[name].variants()]

#: Jersi: White's Fool on e4 next to Black's King on e5, Black's home row empty. Capturing the
#: King (id 33) leaves White a second decision: where the King goes back (7 cells).
KING_CAPTURE = "7/8/7/8/3Fk4/8/7/8/3K3 w -/- 40 1"


def run_episode(env, seed, policy=None):
    """A whole episode; the agent plays ``policy(obs)`` or masked random actions from an
    ``np.random`` generator seeded with ``seed``. Returns the steps' records."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    records = []
    while True:
        if policy is None:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        else:
            action = policy(obs)
        obs, reward, terminated, truncated, info = env.step(action)
        records.append((action, reward, terminated, truncated, tuple(info["opponent_actions"])))
        if terminated or truncated:
            return records


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("name,variant", CASES, ids=[f"{n}-{v}" for n, v in CASES])
def test_check_env_made_by_id(name, variant):
    env = gymnasium.make(jgym.ENV_IDS[name], variant=variant, max_plies=40)
    check_env(env.unwrapped)
    env.close()


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("name,variant", CASES, ids=[f"{n}-{v}" for n, v in CASES])
def test_check_env_constructed(name, variant):
    for side in [None, 0, 1]:
        env = jgym.JgamesEnv(name, variant=variant, max_plies=40, agent_side=side)
        check_env(env, skip_render_check=True)


def test_every_game_is_registered_once():
    assert jgym.ENV_IDS == {name: f"jgames/{cls.__name__}-v0" for name, cls in jgames.GAMES.items()}
    for env_id in jgym.ENV_IDS.values():
        assert gymnasium.spec(env_id).entry_point == "jgames.gymnasium:JgamesEnv"
    # Registering again changes nothing and warns about nothing.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert jgym.register_all() == list(jgym.ENV_IDS.values())
    env = gymnasium.make("jgames.gymnasium:jgames/Jarmo-v0")
    assert env.unwrapped.game_class is jgames.Jarmo and env.unwrapped.max_plies == 300


def test_bad_arguments_fail_at_construction():
    with pytest.raises(ValueError, match="no game"):
        jgym.JgamesEnv("chess")
    with pytest.raises(ValueError, match="no variant"):
        gymnasium.make("jgames/Jarmo-v0", variant="chess")
    with pytest.raises(ValueError, match="agent_side"):
        jgym.JgamesEnv("jarmo", agent_side=2)
    with pytest.raises(ValueError, match="render_mode"):
        jgym.JgamesEnv("jarmo", render_mode="rgb")
    with pytest.raises(ValueError, match="engine"):
        jgym.JgamesEnv("jarmo", opponent="deep-thought")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("side", [0, 1])
def test_the_agent_observes_its_own_turns(name, side):
    env = jgym.JgamesEnv(name, agent_side=side, max_plies=60)
    obs, info = env.reset(seed=2)
    game = env.unwrapped.game
    assert game.current_player == side and env.side == side
    assert len(info["opponent_actions"]) == (0 if side == 0 else 1)
    assert np.array_equal(obs["observation"], game.observation())
    legal = game.legal_actions()
    assert np.flatnonzero(obs["action_mask"]).tolist() == legal == info["legal_actions"]
    assert np.array_equal(info["action_mask"], obs["action_mask"])
    assert info["action_mask"] is not obs["action_mask"]
    rng = np.random.default_rng(0)
    while True:
        action = int(rng.choice(info["legal_actions"]))
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break
        assert game.current_player == side and reward == 0.0
        assert obs in env.observation_space
    assert obs["action_mask"].sum() == 0 and info["legal_actions"] == []
    assert reward == (0.0 if truncated else game.returns()[side])


@pytest.mark.parametrize("name", GAMES)
def test_random_episodes_end_with_a_result(name):
    for seed in range(3):
        env = jgym.JgamesEnv(name, max_plies=100)
        records = run_episode(env, seed)
        *middle, (_, reward, terminated, truncated, _) = records
        assert all(r == 0.0 and not t and not u for _, r, t, u, _ in middle)
        assert reward in (-1.0, 0.0, 1.0) and terminated != truncated
        assert env.unwrapped.game.is_terminal()


def test_the_agent_wins_and_loses():
    results = set()
    for seed in range(10):
        results.add(run_episode(jgym.JgamesEnv("jarmo", agent_side=0), seed)[-1][1])
    assert results == {-1.0, 1.0}


@pytest.mark.parametrize("name", GAMES)
def test_the_ply_cap_truncates(name):
    # No game ends in 4 plies of random play: the cap ends it as a draw.
    records = run_episode(jgym.JgamesEnv(name, max_plies=4), seed=1)
    assert records[-1][1:4] == (0.0, False, True)


@pytest.mark.parametrize("name", GAMES)
def test_the_same_seed_replays_the_same_episode(name):
    def episode(seed):
        env = jgym.JgamesEnv(name, max_plies=60)
        return env.reset(seed=seed)[1]["agent_side"], run_episode(env, seed)

    assert episode(4) == episode(4)
    assert episode(4) != episode(5)
    # The side is drawn from the seed when agent_side is None: both come up.
    assert {jgym.JgamesEnv(name).reset(seed=s)[1]["agent_side"] for s in range(10)} == {0, 1}


def test_the_random_opponent_draws_from_the_seeded_generator():
    env = jgym.JgamesEnv("jetan", agent_side=1)
    first = {tuple(env.reset(seed=s)[1]["opponent_actions"]) for s in range(8)}
    assert len(first) > 1
    assert tuple(env.reset(seed=3)[1]["opponent_actions"]) == tuple(
        env.reset(seed=3)[1]["opponent_actions"]
    )


@pytest.mark.parametrize(
    "action", ["masked", jgames.Jarmo.NUM_ACTIONS, -1, 10**30, 1.5, None, "c1-d3"]
)
def test_an_illegal_action_ends_the_episode_without_raising(action):
    env = jgym.JgamesEnv("jarmo", agent_side=0)
    obs, _ = env.reset(seed=0)
    if action == "masked":
        action = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(action)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True
    assert obs["action_mask"].sum() == 0 and obs in env.observation_space
    assert env.unwrapped.game.plies == 0
    # Stepping on after the end warns, and still does not raise.
    with pytest.warns(UserWarning, match="after the episode ended"):
        _, reward, terminated, _, _ = env.step(0)
    assert (reward, terminated) == (0.0, True)
    obs, _ = env.reset()
    assert obs["action_mask"].sum() > 0


@pytest.mark.parametrize("name", GAMES)
def test_an_engine_opponent_plays(name):
    env = gymnasium.make(
        jgym.ENV_IDS[name],
        opponent="alphabeta:depth=1",
        opponent_nodes=200,
        agent_side=1,
        max_plies=30,
    )
    records = run_episode(env, seed=0)
    assert records[-1][2] or records[-1][3]
    assert all(len(opp) >= 1 for *_, opp in records[:-1])


def test_an_mcts_opponent_beats_a_random_agent_mostly():
    wins = 0
    for seed in range(4):
        env = jgym.JgamesEnv("jarmo", opponent="mcts", opponent_nodes=300, agent_side=0)
        wins += run_episode(env, seed)[-1][1] == -1.0
    assert wins >= 3


@pytest.mark.skipif("jersi" not in jgames.GAMES, reason="no Jersi in this build")
def test_in_jersi_the_agent_may_decide_twice_in_a_row():
    env = jgym.JgamesEnv("jersi", variant="no-drop", agent_side=0)
    env.reset(seed=0, options={"position": KING_CAPTURE})
    obs, reward, terminated, truncated, info = env.step(33)
    assert not (terminated or truncated) and info["opponent_actions"] == []
    assert env.unwrapped.game.is_follow_up and obs["action_mask"].sum() == 7
    obs, reward, terminated, truncated, info = env.step(info["legal_actions"][4])
    assert len(info["opponent_actions"]) >= 1
    assert env.unwrapped.game.current_player == 0


@pytest.mark.skipif("jersi" not in jgames.GAMES, reason="no Jersi in this build")
def test_in_jersi_the_opponent_plays_its_whole_turn():
    # The engine captures the King and then places it: two decisions before the agent's turn.
    env = jgym.JgamesEnv("jersi", variant="no-drop", agent_side=1, opponent="alphabeta:depth=1")
    _, info = env.reset(seed=0, options={"position": KING_CAPTURE})
    assert env.unwrapped.game.current_player == 1 and not env.unwrapped.game.is_follow_up
    first, second = info["opponent_actions"]
    assert first == 33 and second in [191 * 69 + cell for cell in range(62, 69)]


@pytest.mark.parametrize("name", GAMES)
def test_render_modes(name, capsys):
    cls = jgames.GAMES[name]
    env = jgym.JgamesEnv(name, render_mode="ansi", agent_side=0)
    env.reset()
    assert env.render() == cls().to_text()
    env = jgym.JgamesEnv(name, render_mode="svg", agent_side=0)
    env.reset()
    assert "<svg" in env.render()
    env = jgym.JgamesEnv(name, render_mode="human", agent_side=0)
    env.reset()
    assert capsys.readouterr().out.strip() == cls().to_text()
    env.close()
