"""The jgames games in OpenSpiel.

Importing this module registers ``jgames_jarmo``, ``jgames_jetan``, ``jgames_jericho`` and
``jgames_jersi`` with ``pyspiel.register_game``, each with the parameters ``variant`` (a preset
name, the game's default when empty) and ``max_plies`` (a game still going after that many
turns ends as a draw: OpenSpiel needs a bounded game length; a Jersi turn may take two
decisions, so its ``max_game_length`` is twice its ``max_plies``)::

    import pyspiel
    import jgames.openspiel  # noqa: F401
    game = pyspiel.load_game("jgames_jarmo(variant=jasir,max_plies=200)")

The states are OpenSpiel Python states over the jgames classes: actions are the classes'
fixed action ids, the observation tensor their observation planes (from the view of the side
to move), returns are +1, -1 or 0.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from jgames import DEFAULT_MAX_PLIES, GAMES
from jgames._classes import check_variant



def _game_type(name: str, cls: Any) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=f"jgames_{name}",
        long_name=f"{cls.__name__} (jgames)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"variant": "", "max_plies": DEFAULT_MAX_PLIES[name]},
    )


class JgamesState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a jgames game object."""

    def __init__(self, game: JgamesGame, inner: Any) -> None:
        super().__init__(game)
        self._inner = inner

    def current_player(self) -> int:
        if self._inner.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self._inner.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._inner.legal_actions())

    def _apply_action(self, action: int) -> None:
        self._inner.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._inner.action_to_string(action))

    def is_terminal(self) -> bool:
        return bool(self._inner.is_terminal())

    def returns(self) -> list[float]:
        return list(self._inner.returns())

    def __str__(self) -> str:
        return str(self._inner.to_text())


class _Observer:
    """Observation planes and the position text, for OpenSpiel's observation API."""

    def __init__(self, shape: tuple[int, int, int]) -> None:
        self.tensor = np.zeros(math.prod(shape), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: JgamesState, player: int) -> None:
        self.tensor[:] = state._inner.observation().ravel()

    def string_from(self, state: JgamesState, player: int) -> str:
        return str(state._inner.to_text())


class JgamesGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game over one jgames class."""

    jgames_class: Any = None
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        defaults = self.game_type.parameter_specification
        self.variant = str(params.get("variant", defaults["variant"]))
        max_plies = params.get("max_plies", defaults["max_plies"])
        if isinstance(max_plies, bool) or not isinstance(max_plies, int):
            raise TypeError(f"max_plies must be an int, not {type(max_plies).__name__}")
        if not 1 <= max_plies <= 2**32 - 1:
            raise ValueError(f"max_plies must be from 1 to {2**32 - 1}, not {max_plies}")
        self.max_plies = max_plies
        check_variant(self.jgames_class, self.variant)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.jgames_class.NUM_ACTIONS,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_plies * self.jgames_class.MAX_DECISIONS_PER_TURN,
        )
        super().__init__(self.game_type, info, params)

    def new_initial_state(self) -> JgamesState:
        inner = self.jgames_class(variant=self.variant or None, max_plies=self.max_plies)
        return JgamesState(self, inner)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        return _Observer(self.jgames_class.observation_shape())


def _register(name: str, cls: Any) -> type[JgamesGame]:
    game_type = _game_type(name, cls)
    game_class = type(
        f"{cls.__name__}Game",
        (JgamesGame,),
        {"jgames_class": cls, "game_type": game_type, "__module__": __name__},
    )
    pyspiel.register_game(game_type, game_class)
    return game_class


#: The OpenSpiel game classes, by jgames game name.
GAME_CLASSES = {name: _register(name, cls) for name, cls in GAMES.items()}

__all__ = ["DEFAULT_MAX_PLIES", "GAME_CLASSES", "JgamesGame", "JgamesState"]
