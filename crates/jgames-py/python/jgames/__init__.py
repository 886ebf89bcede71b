"""The jgames rules, engines and learning environments in Python.

One class per game, each with the same methods: ``Jarmo``, ``Jetan``, ``Jericho`` and
``Jersi`` (every game of the Rust registry, in ``GAMES``); and one batch class per game
(``JarmoBatch`` ..., in ``BATCHES``) stepping N games in one call. A game is made from a
variant name (a preset, with any ``+switch``) and optionally a position text and moves; its
legal moves are fixed action ids (``legal_actions()``, ``legal_mask()``, ``apply(action)``) or
moves in the game's notation (``play(text)``); ``observation()`` gives numpy planes for a
network; ``think(engine, millis=..., nodes=...)`` asks an engine for an action. In Jersi a
turn that captured the King may take a second decision of the same player (where the King
goes back): read ``current_player`` after every ``apply``.

>>> import jgames
>>> game = jgames.Jarmo()
>>> len(game.legal_actions())
11
>>> game.play("c1-d3")
>>> game.current_player
1
"""

from typing import Any

from jgames import _jgames
from jgames._classes import Batch, Game, batch_class, game_class
from jgames._jgames import rasterize_svg

_KINDS = _jgames.game_kinds()

#: The game classes by game name, in the registry's order.
GAMES: dict[str, type[Game]] = {kind.name: game_class(kind, __name__) for kind in _KINDS}

#: The batch classes by game name.
BATCHES: dict[str, type[Batch]] = {kind.name: batch_class(kind, __name__) for kind in _KINDS}

#: The ply cap (in turns) of each game in the OpenSpiel, PettingZoo and Gymnasium wrappers when
#: none is given: long enough for nearly every game to end by its rules.
DEFAULT_MAX_PLIES: dict[str, int] = {kind.name: kind.default_max_plies for kind in _KINDS}

_CLASSES: dict[str, type[Game] | type[Batch]] = {
    **{cls.__name__: cls for cls in GAMES.values()},
    **{cls.__name__: cls for cls in BATCHES.values()},
}
globals().update(_CLASSES)


def __getattr__(name: str) -> Any:
    # Only reached for names not made above; type checkers see the game classes through it.
    raise AttributeError(f"module 'jgames' has no attribute {name!r}")


__all__ = ["BATCHES", "DEFAULT_MAX_PLIES", "GAMES", "Batch", "Game", "rasterize_svg", *_CLASSES]  # noqa: PLE0604
