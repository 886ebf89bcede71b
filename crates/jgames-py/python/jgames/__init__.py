"""The jgames rules, engines and learning environments in Python.

One class per game, each with the same methods: ``Jarmo``, ``Jetan`` and ``Jericho``.
A game is made from a variant name and optionally a position text and moves; its legal moves
are fixed action ids (``legal_actions()``, ``legal_mask()``, ``apply(action)``) or moves in the
game's notation (``play(text)``); ``observation()`` gives numpy planes for a network;
``think(engine, millis=..., nodes=...)`` asks an engine for an action.

>>> import jgames
>>> game = jgames.Jarmo()
>>> len(game.legal_actions())
11
>>> game.play("c1-d3")
>>> game.current_player
1
"""

from jgames._jgames import Jarmo, Jericho, Jetan

#: The classes by game name.
GAMES = {cls.NAME: cls for cls in (Jarmo, Jetan, Jericho)}

__all__ = ["GAMES", "Jarmo", "Jericho", "Jetan"]
