"""OpenSpiel's playthrough files of one variant of each game, replayed: the same actions must
give the same states, legal actions, observation tensors, strings and returns, line for line
(OpenSpiel's own regression check of its games)."""

import pathlib

import pytest
from absl import flags
from open_spiel.python.algorithms import generate_playthrough

import jgames.openspiel  # noqa: F401  (registers the games)

FILES = sorted((pathlib.Path(__file__).parent / "playthroughs").glob("*.txt"))


def test_every_game_has_a_playthrough():
    assert [f.stem for f in FILES] == [f"jgames_{name}" for name in sorted(jgames.GAMES)]


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_the_playthrough_replays_line_for_line(path):
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()
    original, replayed = generate_playthrough.replay(str(path))
    assert replayed.splitlines() == original.splitlines()
