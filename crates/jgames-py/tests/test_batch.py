"""The batched environments against the single-game classes: the same decisions give the same
positions, observations, open ids, rewards and ends (with auto-reset); a bad action raises and
plays nothing; the seeded random actions repeat."""

import pathlib
import subprocess
import sys

import numpy as np
import pytest

import jgames

CASES = [(name, variant) for name, cls in jgames.GAMES.items() for variant in cls.variants()]
IDS = [f"{n}-{v}" for n, v in CASES]
#: A ply cap per game that random games of a few hundred steps reach, so truncation is seen.
CAPS = {"jarmo": 40, "jetan": 40, "jericho": 30, "jersi": 25}


@pytest.mark.parametrize("name,variant", CASES, ids=IDS)
def test_a_batch_steps_as_its_games_do(name, variant):
    cls, batch_cls = jgames.GAMES[name], jgames.BATCHES[name]
    n, cap = 3, CAPS[name]
    batch = batch_cls(n, variant=variant, max_plies=cap, seed=5)
    assert len(batch) == n and batch.variant == cls(variant=variant).variant
    games = [cls(variant=variant, max_plies=cap) for _ in range(n)]
    obs = batch.reset()
    ends = {"terminated": 0, "truncated": 0}
    for _ in range(120):
        offsets, ids = batch.legal_actions()
        assert offsets.dtype == np.int64 and ids.dtype == np.int32 and len(offsets) == n + 1
        mask = batch.legal_mask()
        assert mask.shape == (n, cls.NUM_ACTIONS)
        for i, game in enumerate(games):
            assert batch.positions()[i] == game.to_text()
            assert list(ids[offsets[i] : offsets[i + 1]]) == game.legal_actions()
            assert mask[i].sum() == offsets[i + 1] - offsets[i]
            np.testing.assert_array_equal(obs[i], game.observation())
            assert batch.current_player[i] == game.current_player
            assert batch.is_follow_up[i] == game.is_follow_up
        actions = batch.random_actions()
        assert all(a in g.legal_actions() for a, g in zip(actions, games))
        obs, rewards, terminated, truncated = batch.step(actions)
        for i, game in enumerate(games):
            game.apply(int(actions[i]))
            if game.is_terminal():
                assert tuple(rewards[i]) == game.returns()
                assert terminated[i] == (not game.is_truncated())
                assert truncated[i] == game.is_truncated()
                ends["terminated" if terminated[i] else "truncated"] += 1
                games[i] = cls(variant=variant, max_plies=cap)
            else:
                assert not terminated[i] and not truncated[i]
                assert tuple(rewards[i]) == (0.0, 0.0)
    assert sum(ends.values()) > 0, "no game ended"


@pytest.mark.parametrize("name", list(jgames.BATCHES), ids=list(jgames.BATCHES))
def test_a_bad_action_raises_and_plays_nothing(name):
    batch = jgames.BATCHES[name](4, seed=1)
    before = batch.positions()
    offsets, ids = batch.legal_actions()
    good = ids[offsets[:-1]].astype(np.int64)
    bad = good.copy()
    bad[2] = batch.NUM_ACTIONS + 7
    with pytest.raises(ValueError, match="game 2"):
        batch.step(bad)
    with pytest.raises(ValueError, match="3 actions for a batch of 4"):
        batch.step(good[:3])
    with pytest.raises(ValueError):
        batch.step(["a", "b", "c", "d"])
    assert batch.positions() == before
    batch.step(good.astype(np.int32))
    batch.step(list(batch.random_actions()))
    assert batch.positions() != before
    with pytest.raises(ValueError):
        jgames.BATCHES[name](0)
    with pytest.raises(ValueError, match="no variant"):
        jgames.BATCHES[name](2, variant="no such variant")


@pytest.mark.parametrize("name", list(jgames.BATCHES), ids=list(jgames.BATCHES))
def test_the_seed_repeats_the_random_actions(name):
    def run(seed):
        batch = jgames.BATCHES[name](8, max_plies=30, seed=seed)
        seen = []
        for _ in range(40):
            actions = batch.random_actions()
            seen.append(actions.copy())
            batch.step(actions)
        return np.concatenate(seen), batch.positions()

    first, second, other = run(3), run(3), run(4)
    np.testing.assert_array_equal(first[0], second[0])
    assert first[1] == second[1]
    assert not np.array_equal(first[0], other[0])


@pytest.mark.parametrize("name", list(jgames.BATCHES), ids=list(jgames.BATCHES))
def test_observations_go_into_the_given_array(name):
    batch = jgames.BATCHES[name](5, seed=2)
    out = batch.reset()
    returned, *_ = batch.step(batch.random_actions(), out=out)
    assert returned is out
    np.testing.assert_array_equal(out, batch.observations())
    with pytest.raises(ValueError, match="shape"):
        batch.step(batch.random_actions(), out=np.zeros((4, *batch.observation_shape()), np.float32))
    with pytest.raises(ValueError):
        batch.step(batch.random_actions(), out=np.zeros((5, *batch.observation_shape()), np.float32)[:, ::-1])


def test_the_speed_benchmark_runs():
    script = pathlib.Path(__file__).parents[1] / "bench" / "batch_speed.py"
    done = subprocess.run(
        [sys.executable, str(script), "--seconds", "0.05", "--batch", "16"],
        capture_output=True, text=True, check=True,
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 2 + 4 + 2, done.stdout
    assert all(line.startswith("|") for line in lines)
    assert "OpenSpiel rl_environment chess" in done.stdout
