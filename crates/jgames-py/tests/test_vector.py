"""The vector environments (``jgames.vector``) against the single-game classes and Gymnasium 1.x's
rules for vector environments: each step is the learner's decision plus one opponent turn, the
observations, masks and rewards are those of the positions reached, the two autoreset modes
behave as Gymnasium says, a seed fixes the whole run whatever the thread count, and Gymnasium's
own vector wrappers and ``make_vec`` accept the environment.

Gymnasium 1.4 ships no checker for vector environments (``gymnasium.utils.env_checker`` checks
single environments), so the checks it makes of those (spaces, seeded determinism, data not
reused) are made here on the vector environment, and its vector wrappers are run on it."""

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import jgames
import jgames.gymnasium  # noqa: F401  (registers the ids, with their vector entry point)
from jgames.vector import JgamesVectorEnv

NAMES = list(jgames.GAMES)
#: Games whose turns take one decision, so that a position text says all of a game.
ONE_DECISION = [name for name, cls in jgames.GAMES.items() if cls.MAX_DECISIONS_PER_TURN == 1]


def masked_random(rng, masks):
    """One legal action per game, uniformly from a numpy generator."""
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks], dtype=np.int64)


def first_legal(masks):
    return np.array([np.flatnonzero(row)[0] for row in masks], dtype=np.int64)


def test_there_is_a_learner_batch_for_every_game_and_no_other():
    for name in jgames.GAMES:
        core = jgames._jgames.LearnerBatch(name, 2)
        assert core.game == name and len(core) == 2
    with pytest.raises(ValueError, match="unknown game"):
        jgames._jgames.LearnerBatch("chess", 2)


@pytest.mark.parametrize("name", NAMES)
def test_spaces_hold_what_the_environment_returns(name):
    cls = jgames.GAMES[name]
    envs = JgamesVectorEnv(name, num_envs=5)
    assert envs.single_observation_space.shape == cls.observation_shape()
    assert envs.single_action_space == gymnasium.spaces.Discrete(cls.NUM_ACTIONS)
    assert envs.observation_space.shape == (5, *cls.observation_shape())
    assert envs.action_space.shape == (5,)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    obs, infos = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    previous = None
    for _ in range(40):
        assert obs in envs.observation_space
        masks = envs.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (5, cls.NUM_ACTIONS)
        np.testing.assert_array_equal(masks, infos["action_mask"])
        assert infos["_action_mask"].all() and infos["_learner_side"].all()
        actions = masked_random(rng, masks)
        assert actions in envs.action_space
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        assert rewards.shape == (5,) and terminated.dtype == np.bool_ and truncated.shape == (5,)
        # A new array at each step (Gymnasium's "returned data not reused").
        assert previous is None or obs is not previous
        previous = obs
    envs.close()


@pytest.mark.parametrize("name", ONE_DECISION)
def test_a_step_is_the_learners_decision_then_one_opponent_turn(name):
    cls = jgames.GAMES[name]
    envs = JgamesVectorEnv(name, num_envs=4, learner_side=None)
    obs, infos = envs.reset(seed=7)
    rng = np.random.default_rng(7)
    positions = envs.positions()
    ended_after = [False] * 4
    ends = 0
    for _ in range(150):
        masks = envs.action_masks()
        actions = masked_random(rng, masks)
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        new_positions = envs.positions()
        for i in range(4):
            side = int(infos["learner_side"][i])
            if ended_after[i]:
                # Started again: the start position, or one opponent turn into it.
                start = cls()
                if side == 1:
                    starts = []
                    for a in start.legal_actions():
                        g = cls()
                        g.apply(a)
                        starts.append(g.to_text())
                    assert new_positions[i] in starts
                else:
                    assert new_positions[i] == start.to_text()
                assert rewards[i] == 0 and not terminated[i] and not truncated[i]
                ended_after[i] = False
            else:
                game = cls(position=positions[i])
                assert game.current_player == side
                game.apply(int(actions[i]))
                if game.is_terminal():
                    reached = [game.to_text()]
                else:
                    reached = []
                    for a in game.legal_actions():
                        g = game.clone()
                        g.apply(a)
                        reached.append(g.to_text())
                if truncated[i]:
                    # The cap may end the game before the opponent's turn.
                    reached.append(game.to_text())
                assert new_positions[i] in reached
                after = cls(position=new_positions[i])
                np.testing.assert_array_equal(obs[i], after.observation())
                if terminated[i]:
                    assert after.is_terminal()
                    assert rewards[i] == after.returns()[side]
                    ends += 1
                if terminated[i] or truncated[i]:
                    ended_after[i] = True
                else:
                    assert after.current_player == side and not after.is_terminal()
                    np.testing.assert_array_equal(masks_of(after), envs.action_masks()[i])
        positions = new_positions
    assert ends > 0, "no game ended"


def masks_of(game):
    return game.legal_mask().astype(bool)


def test_a_game_that_ended_opens_every_action_and_ignores_it():
    envs = JgamesVectorEnv("jarmo", num_envs=3, max_plies=4, learner_side=0)
    envs.reset(seed=0)
    for _ in range(2):
        _, _, _, truncated, _ = envs.step(first_legal(envs.action_masks()))
    assert truncated.all()
    assert envs.action_masks().all()
    obs, rewards, terminated, truncated, _ = envs.step(np.zeros(3, dtype=np.int64))
    assert not terminated.any() and not truncated.any() and not rewards.any()
    start = jgames.Jarmo().observation()
    for row in obs:
        np.testing.assert_array_equal(row, start)


@pytest.mark.parametrize("name", NAMES)
def test_same_step_autoreset_returns_what_next_step_returns_less_the_reset_steps(name):
    """One game, a learner that plays its first legal action: the same run in both modes."""
    kwargs = dict(num_envs=1, max_plies=30, learner_side=None)
    nxt = JgamesVectorEnv(name, autoreset_mode=AutoresetMode.NEXT_STEP, **kwargs)
    same = JgamesVectorEnv(name, autoreset_mode="SameStep", **kwargs)
    assert same.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs_n, _ = nxt.reset(seed=11)
    obs_s, _ = same.reset(seed=11)
    np.testing.assert_array_equal(obs_n, obs_s)
    episodes = 0
    for _ in range(200):
        obs_s, rew_s, term_s, trunc_s, info_s = same.step(first_legal(same.action_masks()))
        obs_n, rew_n, term_n, trunc_n, _ = nxt.step(first_legal(nxt.action_masks()))
        assert (rew_s[0], term_s[0], trunc_s[0]) == (rew_n[0], term_n[0], trunc_n[0])
        if term_n[0] or trunc_n[0]:
            episodes += 1
            assert info_s["_final_obs"][0]
            np.testing.assert_array_equal(info_s["final_obs"][0], obs_n[0])
            obs_n, rew_n, term_n, trunc_n, _ = nxt.step(np.zeros(1, dtype=np.int64))
            assert rew_n[0] == 0 and not term_n[0] and not trunc_n[0]
        else:
            assert "final_obs" not in info_s
        np.testing.assert_array_equal(obs_s, obs_n)
    assert episodes >= 2


def run(envs, seed, steps):
    """The observations, rewards and ends of a run of masked random actions."""
    obs, _ = envs.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = [obs]
    for _ in range(steps):
        obs, rewards, terminated, truncated, infos = envs.step(
            masked_random(rng, envs.action_masks())
        )
        trace += [obs, rewards, terminated, truncated, infos["learner_side"]]
    return trace


def same_trace(a, b):
    return len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b))


@pytest.mark.parametrize(
    "name,opponent",
    [(name, "random") for name in NAMES] + [("jarmo", "mcts:iterations=20")],
)
def test_a_seed_fixes_the_run_whatever_the_thread_count(name, opponent):
    kwargs = dict(num_envs=7, max_plies=60, opponent=opponent)
    one = run(JgamesVectorEnv(name, threads=1, **kwargs), 5, 40)
    again = run(JgamesVectorEnv(name, threads=1, **kwargs), 5, 40)
    two = run(JgamesVectorEnv(name, threads=2, **kwargs), 5, 40)
    three = run(JgamesVectorEnv(name, threads=3, **kwargs), 5, 40)
    other = run(JgamesVectorEnv(name, threads=1, **kwargs), 6, 40)
    assert same_trace(one, again)
    assert same_trace(one, two)
    assert same_trace(one, three)
    assert not same_trace(one, other)


def test_threads_can_change_between_steps_without_changing_the_run():
    a = JgamesVectorEnv("jericho", num_envs=9, threads=1)
    b = JgamesVectorEnv("jericho", num_envs=9, threads=4)
    assert b.threads == 4
    trace_a = run(a, 2, 10)
    b.threads = 2
    assert same_trace(trace_a, run(b, 2, 10))
    with pytest.raises(ValueError):
        b.threads = 0


def test_learner_sides_alternate_or_stay():
    envs = JgamesVectorEnv("jarmo", num_envs=4, max_plies=2)
    _, infos = envs.reset(seed=0)
    assert list(infos["learner_side"]) == [0, 1, 0, 1]
    # With a cap of 2 turns every game ends at the first step (side 0) or at once (side 1).
    sides = [list(infos["learner_side"])]
    for _ in range(6):
        _, _, terminated, truncated, infos = envs.step(first_legal(envs.action_masks()))
        sides.append(list(infos["learner_side"]))
    flips = sum(a != b for before, after in zip(sides, sides[1:]) for a, b in zip(before, after))
    assert flips > 0
    for side in (0, 1):
        fixed = JgamesVectorEnv("jarmo", num_envs=4, learner_side=side, max_plies=6)
        _, infos = fixed.reset(seed=0)
        for _ in range(8):
            assert (infos["learner_side"] == side).all()
            _, _, _, _, infos = fixed.step(first_legal(fixed.action_masks()))


def test_the_learner_moving_second_meets_a_position_after_one_move():
    envs = JgamesVectorEnv("jarmo", num_envs=3, learner_side=1)
    envs.reset(seed=3)
    assert list(envs._core.plies) == [1, 1, 1]
    for text in envs.positions():
        assert jgames.Jarmo(position=text).current_player == 1


def test_a_bad_action_raises_and_plays_nothing():
    envs = JgamesVectorEnv("jarmo", num_envs=3)
    envs.reset(seed=0)
    before = envs.positions()
    actions = first_legal(envs.action_masks())
    actions[1] = int(np.flatnonzero(~envs.action_masks()[1])[0])
    with pytest.raises(ValueError, match="game 1"):
        envs.step(actions)
    assert envs.positions() == before
    with pytest.raises(ValueError):
        envs.step(actions[:2])


def test_bad_arguments_fail_at_construction():
    with pytest.raises(ValueError):
        JgamesVectorEnv("chess")
    with pytest.raises(ValueError):
        JgamesVectorEnv("jarmo", variant="nope")
    with pytest.raises(ValueError):
        JgamesVectorEnv("jarmo", opponent="deep-blue")
    with pytest.raises(ValueError):
        JgamesVectorEnv("jarmo", learner_side=2)
    with pytest.raises(ValueError):
        JgamesVectorEnv("jarmo", max_plies=1)
    with pytest.raises(ValueError):
        JgamesVectorEnv("jarmo", autoreset_mode=AutoresetMode.DISABLED)
    with pytest.raises(ValueError):
        JgamesVectorEnv("jarmo", num_envs=0)


def test_make_vec_and_gymnasiums_vector_wrappers():
    envs = gymnasium.make_vec(
        "jgames/Jarmo-v0", num_envs=4, vectorization_mode="vector_entry_point", max_plies=40
    )
    assert isinstance(envs.unwrapped, JgamesVectorEnv)
    envs = gymnasium.wrappers.vector.RecordEpisodeStatistics(envs)
    envs.reset(seed=0)
    episodes = []
    for _ in range(60):
        _, _, _, _, infos = envs.step(first_legal(envs.unwrapped.action_masks()))
        if "episode" in infos:
            episodes += list(infos["episode"]["r"][infos["_episode"]])
    assert episodes and set(episodes) <= {-1.0, 0.0, 1.0}


def test_an_engine_opponent_beats_a_random_learner():
    envs = JgamesVectorEnv("jarmo", num_envs=8, opponent="mcts:iterations=300", threads=2)
    envs.reset(seed=1)
    rng = np.random.default_rng(1)
    results = []
    while len(results) < 8:
        _, rewards, terminated, truncated, _ = envs.step(masked_random(rng, envs.action_masks()))
        results += list(rewards[terminated | truncated])
    assert sum(r < 0 for r in results) > len(results) / 2


def test_the_single_environment_seeds_its_engine_opponent():
    def episode(seed):
        env = gymnasium.make("jgames/Jarmo-v0", opponent="mcts:iterations=30", agent_side=0)
        _, info = env.reset(seed=seed)
        seen = []
        done = False
        while not done:
            action = int(np.flatnonzero(info["action_mask"])[0])
            _, _, terminated, truncated, info = env.step(action)
            seen += info["opponent_actions"]
            done = terminated or truncated
        return seen

    assert episode(4) == episode(4)
    assert episode(4) != episode(5)


def test_gymnasiums_checks_pass_on_the_single_environment_with_a_seeded_engine():
    from gymnasium.utils.env_checker import check_env

    env = gymnasium.make("jgames/Jarmo-v0", opponent="mcts:iterations=20", max_plies=40)
    check_env(env.unwrapped, skip_render_check=True)
