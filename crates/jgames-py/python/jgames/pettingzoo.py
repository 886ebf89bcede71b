"""The jgames games as PettingZoo AEC environments.

One environment module per game of ``jgames.GAMES``, built from that table when this module is
imported (so a game added to the package gets its environment with no change here):
``jgames.pettingzoo.jarmo_v0``, ``jetan_v0``, ``jericho_v0`` and ``jersi_v0``, each with
``env(**kwargs)`` (the raw environment inside PettingZoo's usual wrappers for board games) and
``raw_env(**kwargs)``::

    from jgames.pettingzoo import jarmo_v0

    env = jarmo_v0.env(variant="jasir", max_plies=200)
    env.reset(seed=0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        done = termination or truncation
        env.step(None if done else env.action_space(agent).sample(obs["action_mask"]))

The agents are ``player_0`` (the side that starts) and ``player_1``. The agent to act is always
the game's ``current_player``: in Jersi a turn that captured a King takes a second decision of
the same player (where the King goes back), so the same agent may act twice in a row.

An observation is ``{"observation": planes, "action_mask": mask}``: the game's float32 planes in
[0, 1] (``observation_shape()``), seen from the side to move, and an int8 mask of the legal
action ids, all zeros for an agent that is not to act. The rewards are +1, -1 or 0 when the game
ends. ``terminations`` are set when the game ends by its rules, ``truncations`` when
``max_plies`` turns have been played (a draw). Through ``env()`` an illegal action ends the game
with -1 for the offender and 0 for the other agent (PettingZoo's ``TerminateIllegalWrapper``);
the raw environment takes it as a resignation: -1 for the offender, +1 for the other, and
``info["illegal_action"]`` for the offender.
"""

from __future__ import annotations

import operator
import sys
import types
from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from jgames import DEFAULT_MAX_PLIES, GAMES
from jgames._classes import check_variant, new_game
from jgames._render import RENDER_MODES, render_game
from jgames._spaces import Observation, mask_of, max_plies_of, observation_of, observation_space

#: The agents, by the game's player index.
AGENTS = ("player_0", "player_1")


class JgamesAECEnv(AECEnv):  # type: ignore[misc]
    """A two-player AEC environment over one jgames class (``game_class``, set by the subclass
    of each game).

    ``variant`` is a preset of the game (its default when ``None``), ``max_plies`` the number of
    turns after which the game ends as a draw (a truncation; the game's default cap when
    ``None``), ``render_mode`` one of ``"ansi"`` (``render()`` returns the position text),
    ``"human"`` (it prints it), ``"svg"`` (it returns the picture), ``"rgb_array"`` (it returns
    the picture as an ``(height, width, 3)`` ``uint8`` array) or ``None``.
    ``reset(options=...)`` takes the keys ``"position"`` (a position text) and ``"moves"``
    (moves in notation) to start elsewhere than at the preset's start.
    """

    game_class: ClassVar[Any] = None
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "jgames_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: str | None = None,
        max_plies: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        cls = self.game_class
        if cls is None:
            raise TypeError("JgamesAECEnv is abstract: use the environment of a game")
        check_variant(cls, variant)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is none of {self.metadata['render_modes']}"
            )
        max_plies = max_plies_of(cls.NAME, max_plies)
        self.variant = variant
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.observation_spaces = {agent: observation_space(cls) for agent in self.possible_agents}
        self.action_spaces = {
            agent: spaces.Discrete(cls.NUM_ACTIONS) for agent in self.possible_agents
        }
        self.np_random, self.np_random_seed = seeding.np_random(None)
        self._start(None)

    # --- the spaces -------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # --- the game ---------------------------------------------------------------------------

    @property
    def game(self) -> Any:
        """The game object being played (a ``jgames`` class instance; do not change it)."""
        return self._game

    def _start(self, options: dict[str, Any] | None) -> None:
        self._game = new_game(self.game_class, self.variant, self.max_plies, options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = AGENTS[self._game.current_player]
        if self._game.is_terminal():
            self._finish()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, self.np_random_seed = seeding.np_random(seed)
        self._start(options)
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Observation:
        acting = (
            agent == self.agent_selection
            and not self.terminations.get(agent, True)
            and not self.truncations.get(agent, True)
        )
        return observation_of(self._game, mask_of(self._game, acting))

    def _finish(self) -> None:
        """Ends the episode as the game ended: its returns, and why it ended."""
        returns = self._game.returns()
        ended = self.truncations if self._game.is_truncated() else self.terminations
        for index, agent in enumerate(AGENTS):
            self.rewards[agent] = float(returns[index])
            ended[agent] = True

    def _forfeit(self, agent: str) -> None:
        """Ends the episode with ``agent`` losing for its illegal action."""
        for other in self.agents:
            self.rewards[other] = -1.0 if other == agent else 1.0
            self.terminations[other] = True
        self.infos[agent] = {"illegal_action": True}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        try:
            self._game.apply(operator.index(action))
        except (TypeError, ValueError, OverflowError):
            self._forfeit(agent)
        else:
            self.agent_selection = AGENTS[self._game.current_player]
            if self._game.is_terminal():
                self._finish()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # --- rendering --------------------------------------------------------------------------

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called with no render_mode set")
            return None
        return render_game(self._game, self.render_mode)

    def close(self) -> None:
        pass


def _wrap(raw: JgamesAECEnv) -> Any:
    """PettingZoo's wrappers for board games around ``raw``: an illegal action ends the game
    with -1 for the offender, an action outside the action space fails an assertion, and the
    methods must be called in order (``reset`` first)."""
    wrapped = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def _env_module(name: str, cls: Any) -> types.ModuleType:
    """The module ``jgames.pettingzoo.<name>_v0``: its ``raw_env`` class and ``env`` function."""
    env_name = f"{name}_v0"
    raw_class = type(
        f"{cls.__name__}AECEnv",
        (JgamesAECEnv,),
        {
            "__module__": __name__,
            "__doc__": f"{cls.__name__} as a PettingZoo AEC environment ({env_name}).",
            "game_class": cls,
            "metadata": {**JgamesAECEnv.metadata, "name": env_name},
        },
    )

    def env(**kwargs: Any) -> Any:
        return _wrap(raw_class(**kwargs))

    env.__doc__ = f"{cls.__name__} in PettingZoo's wrappers (kwargs: those of raw_env)."
    env.__qualname__ = env.__name__ = "env"
    module = types.ModuleType(
        f"{__name__}.{env_name}", f"{cls.__name__} as a PettingZoo AEC environment."
    )
    module.raw_env = raw_class  # type: ignore[attr-defined]
    module.env = env  # type: ignore[attr-defined]
    module.GAME = cls  # type: ignore[attr-defined]
    return module


#: The environment modules, by their name (``jarmo_v0`` ...).
ENVIRONMENTS: dict[str, types.ModuleType] = {}

for _name, _cls in GAMES.items():
    _module = _env_module(_name, _cls)
    _short = _module.__name__.rsplit(".", 1)[1]
    ENVIRONMENTS[_short] = _module
    globals()[_short] = _module
    sys.modules[_module.__name__] = _module
del _name, _cls, _module, _short


def __getattr__(name: str) -> types.ModuleType:
    # Reached only for names not set above: a game not in this build of the package.
    raise AttributeError(
        f"module {__name__!r} has no attribute {name!r}"
        f" (environments: {', '.join(sorted(ENVIRONMENTS))})"
    )


__all__ = ["AGENTS", "DEFAULT_MAX_PLIES", "ENVIRONMENTS", "JgamesAECEnv", *ENVIRONMENTS]
