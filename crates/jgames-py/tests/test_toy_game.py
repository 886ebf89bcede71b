"""A new game reaches Python through the registry's one line, with no line in this package.

``test-toy.sh`` builds the package with ``RUSTFLAGS="--cfg jgames_toy_game"``, which adds the
toy game Nim of ``abstract_game::nim`` to the Rust registry's list, and runs this file with
``JGAMES_TOY_GAME=1``: Nim must then have its game class, its batch class, its environments'
defaults and its engines. In the ordinary build (the other test runs) Nim must be absent.
"""

import os

import numpy as np

import jgames

TOY_BUILD = os.environ.get("JGAMES_TOY_GAME") == "1"


def test_the_toy_game_is_there_exactly_in_the_toy_build():
    names = list(jgames.GAMES)
    if TOY_BUILD:
        assert names == ["jarmo", "jetan", "jersi", "jericho", "nim"]
        assert list(jgames.BATCHES) == names
    else:
        assert "nim" not in names
        assert not hasattr(jgames, "Nim")


def test_the_toy_game_plays_through_every_class():
    if not TOY_BUILD:
        return
    nim_class = jgames.Nim
    assert nim_class is jgames.GAMES["nim"]
    assert nim_class.NAME == "nim"
    assert nim_class.variants()[0] == "small"
    game = nim_class()
    assert game.variant == "small"
    assert repr(game).startswith("Nim(")
    # Play the game to its end by action ids: someone wins, the other loses.
    while not game.is_terminal():
        actions = game.legal_actions()
        assert actions and all(0 <= a < nim_class.NUM_ACTIONS for a in actions)
        game.apply(actions[-1])
    assert sorted(game.returns()) == [-1.0, 1.0]
    assert jgames.DEFAULT_MAX_PLIES["nim"] >= 1
    # An engine and a batch of the toy game.
    fresh = nim_class()
    assert fresh.think("alphabeta:depth=3") in fresh.legal_actions()
    batch = jgames.NimBatch(4, seed=1)
    observations = batch.reset()
    assert observations.shape == (4, *nim_class.observation_shape())
    _, rewards, _, _ = batch.step(batch.random_actions())
    assert rewards.shape == (4, 2) and rewards.dtype == np.float32
