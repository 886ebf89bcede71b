"""Writes OpenSpiel playthrough files for one short game of each jgames game, with OpenSpiel's
own generator (`open_spiel.python.algorithms.generate_playthrough`), for `test_playthroughs.py`
to replay. Run it again (from any folder, with the package installed) only when a change to
the ids, the observations or the notation is meant::

    python crates/jgames-py/tests/playthroughs/generate.py
"""

from __future__ import annotations

import pathlib

from absl import flags

import jgames.openspiel  # noqa: F401  (registers the games)

#: The game strings played through: short games (a ply cap), one variant of each game.
GAMES = {
    "jgames_jarmo": "jgames_jarmo(variant=jasir,max_plies=12)",
    "jgames_jetan": "jgames_jetan(variant=standard,max_plies=8)",
    "jgames_jericho": "jgames_jericho(variant=standard,max_plies=10)",
    "jgames_jersi": "jgames_jersi(variant=no-drop,max_plies=6)",
}

#: The seed of the random actions.
SEED = 2026


def main() -> None:
    from open_spiel.python.algorithms import generate_playthrough

    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()
    folder = pathlib.Path(__file__).parent
    for name, game in GAMES.items():
        text = generate_playthrough.playthrough(game, action_sequence=None, seed=SEED)
        (folder / f"{name}.txt").write_text(text, encoding="utf-8")
        print(f"{name}.txt: {len(text.splitlines())} lines")


if __name__ == "__main__":
    main()
