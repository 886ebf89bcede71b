"""The jgames rules, engines and learning environments in Python.

One class per game, each with the same methods: ``Jarmo``, ``Jetan``, ``Jericho`` and
``Jersi``; and one batch class per game (``JarmoBatch`` ...) stepping N games in one call.
A game is made from a variant name and optionally a position text and moves; its legal moves
are fixed action ids (``legal_actions()``, ``legal_mask()``, ``apply(action)``) or moves in the
game's notation (``play(text)``); ``observation()`` gives numpy planes for a network;
``think(engine, millis=..., nodes=...)`` asks an engine for an action. In Jersi a turn that
captured the King may take a second decision of the same player (where the King goes back):
read ``current_player`` after every ``apply``.

>>> import jgames
>>> game = jgames.Jarmo()
>>> len(game.legal_actions())
11
>>> game.play("c1-d3")
>>> game.current_player
1
"""

from jgames._jgames import (
    Jarmo,
    JarmoBatch,
    Jericho,
    JerichoBatch,
    Jersi,
    JersiBatch,
    Jetan,
    JetanBatch,
)

#: The classes by game name.
GAMES = {cls.NAME: cls for cls in (Jarmo, Jetan, Jericho, Jersi)}

#: The ply cap (in turns) of each game in the OpenSpiel, PettingZoo and Gymnasium wrappers when
#: none is given: long enough for nearly every game to end by its rules.
DEFAULT_MAX_PLIES = {"jarmo": 300, "jetan": 400, "jericho": 120, "jersi": 200}

#: The batch classes by game name.
BATCHES = {cls.NAME: cls for cls in (JarmoBatch, JetanBatch, JerichoBatch, JersiBatch)}

__all__ = [
    "BATCHES",
    "DEFAULT_MAX_PLIES",
    "GAMES",
    "Jarmo",
    "JarmoBatch",
    "Jericho",
    "JerichoBatch",
    "Jersi",
    "JersiBatch",
    "Jetan",
    "JetanBatch",
]
