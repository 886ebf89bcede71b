"""The jgames games as single-agent Gymnasium environments, against a built-in opponent.

Importing this module registers ``jgames/Jarmo-v0``, ``jgames/Jetan-v0``, ``jgames/Jericho-v0``
and ``jgames/Jersi-v0`` (one per game of ``jgames.GAMES``) with ``gymnasium.register``::

    import gymnasium
    import jgames.gymnasium  # noqa: F401

    env = gymnasium.make("jgames/Jarmo-v0", opponent="alphabeta:depth=1", agent_side=0)
    obs, info = env.reset(seed=0)
    done = False
    while not done:
        action = env.action_space.sample(obs["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated

(``gymnasium.make("jgames.gymnasium:jgames/Jarmo-v0")`` imports the module itself;
``gymnasium.make_vec(id, num_envs=N, vectorization_mode="vector_entry_point")`` makes the
Rust-stepped vector environment of ``jgames.vector``.)

The agent plays one side (``agent_side`` 0 or 1, or a side drawn from the environment's
``np_random`` at each ``reset`` when ``None``); after each of its actions the opponent plays
until the agent is to decide again or the game is over (in Jersi a player may decide twice in a
row: the opponent's whole turn is played, and the agent may get two steps in a row). The
opponent is ``"random"`` (uniform over the legal actions, drawn from ``np_random``, so a seeded
``reset`` replays the same episode) or an engine spec for ``think`` (``"mcts"``,
``"alphabeta:depth=1"`` ...) with the budget ``opponent_millis`` / ``opponent_nodes`` (the
library's default of 100 ms when neither is given); an engine that takes a seed (MCTS) gets one
from ``np_random`` for each decision, so that a seeded ``reset`` replays its choices too when its
budget is not a time (``"mcts:iterations=200"``).

An observation is ``{"observation": planes, "action_mask": mask}`` (float32 planes in [0, 1]
from the view of the side to move, which is the agent's during the episode; the int8 mask of its
legal action ids, zeros once the episode is over). ``info`` has ``"action_mask"`` (a copy of the
mask), ``"legal_actions"``, ``"agent_side"`` and ``"opponent_actions"`` (the opponent's
decisions since the last step). The reward is 0 until the end, then +1, -1 or 0 from the agent's
view; ``truncated`` is set when ``max_plies`` turns ended the game (a draw). An illegal action
(masked out, out of range, not an integer) ends the episode: ``terminated``, reward -1 and
``info["illegal_action"]``; it never raises.
"""

from __future__ import annotations

import operator
from typing import Any, SupportsIndex

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from jgames import DEFAULT_MAX_PLIES, GAMES
from jgames._classes import check_variant, game_class_of, new_game
from jgames._render import RENDER_MODES, render_game
from jgames._spaces import Observation, mask_of, max_plies_of, observation_of, observation_space


class JgamesEnv(gymnasium.Env[Observation, SupportsIndex]):
    """One side of a jgames game against a built-in opponent.

    ``game`` is a name of ``jgames.GAMES``; ``variant`` a preset (the game's default when
    ``None``); ``max_plies`` the turns after which the game is a draw and the episode truncated
    (the game's default cap when ``None``); ``opponent``, ``opponent_millis``,
    ``opponent_nodes`` the opponent; ``agent_side`` the agent's side (0 moves first; ``None``
    draws it at each reset); ``render_mode`` ``"ansi"`` (``render()`` returns the position
    text), ``"human"`` (prints it), ``"svg"`` (returns the picture), ``"rgb_array"`` (returns the
    picture as an ``(height, width, 3)`` ``uint8`` array) or ``None``.
    ``reset(options=...)`` takes ``"position"`` (a position text) and ``"moves"`` (moves in
    notation) to start elsewhere than at the preset's start.
    """

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(
        self,
        game: str,
        variant: str | None = None,
        max_plies: int | None = None,
        opponent: str = "random",
        opponent_millis: int | None = None,
        opponent_nodes: int | None = None,
        agent_side: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        cls = game_class_of(game)
        check_variant(cls, variant)
        if agent_side not in (None, 0, 1):
            raise ValueError(f"agent_side must be 0, 1 or None, not {agent_side!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is none of {self.metadata['render_modes']}"
            )
        max_plies = max_plies_of(game, max_plies)
        self.game_class: Any = cls
        self.variant = variant
        self.max_plies = max_plies
        self.opponent = opponent
        self.opponent_millis = opponent_millis
        self.opponent_nodes = opponent_nodes
        self.agent_side = agent_side
        self.render_mode = render_mode
        self._game: Any = cls(variant=variant, max_plies=max_plies)
        if opponent != "random":
            # A bad engine spec fails here rather than in the middle of an episode.
            self._game.think(opponent, millis=1, nodes=1)
        self.observation_space = observation_space(cls)
        self.action_space = spaces.Discrete(cls.NUM_ACTIONS)
        self._side = 0 if agent_side is None else agent_side
        self._over = False
        self._truncated = False
        self._opponent_actions: list[int] = []

    @property
    def game(self) -> Any:
        """The game object being played (a ``jgames`` class instance; do not change it)."""
        return self._game

    @property
    def side(self) -> int:
        """The agent's side in the current episode."""
        return self._side

    # --- the episode ------------------------------------------------------------------------

    def _opponent_action(self) -> int:
        if self.opponent == "random":
            legal = self._game.legal_actions()
            return int(legal[int(self.np_random.integers(len(legal)))])
        return int(
            self._game.think(
                self._seeded_spec(), millis=self.opponent_millis, nodes=self.opponent_nodes
            )
        )

    def _seeded_spec(self) -> str:
        """The opponent's engine spec with a seed from ``np_random`` when the engine takes one
        and the spec sets none, so that a seeded ``reset`` fixes the engine's choices too."""
        name = self.opponent.split(":", 1)[0]
        if name not in ("mcts", "random") or "seed=" in self.opponent:
            return self.opponent
        seed = int(self.np_random.integers(2**63))
        return f"{self.opponent}{',' if ':' in self.opponent else ':'}seed={seed}"


    def _play_opponent(self) -> None:
        """The opponent's decisions until the agent is to decide or the game is over."""
        while not self._game.is_terminal() and self._game.current_player != self._side:
            action = self._opponent_action()
            self._game.apply(action)
            self._opponent_actions.append(action)
        if self._game.is_terminal():
            self._over = True
            self._truncated = bool(self._game.is_truncated())

    def _mask(self) -> npt.NDArray[np.int8]:
        return mask_of(self._game, not self._over)

    def _observation(self, mask: npt.NDArray[np.int8]) -> Observation:
        return observation_of(self._game, mask)

    def _info(self, mask: npt.NDArray[np.int8], **extra: Any) -> dict[str, Any]:
        info: dict[str, Any] = {
            "action_mask": mask.copy(),
            "legal_actions": [] if self._over else list(self._game.legal_actions()),
            "agent_side": self._side,
            "opponent_actions": list(self._opponent_actions),
        }
        info.update(extra)
        return info

    def _reward(self) -> float:
        if not self._over or self._truncated:
            return 0.0
        return float(self._game.returns()[self._side])

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self._game = new_game(self.game_class, self.variant, self.max_plies, options)
        if self.agent_side is None:
            self._side = int(self.np_random.integers(2))
        else:
            self._side = self.agent_side
        self._over = False
        self._truncated = False
        self._opponent_actions = []
        self._play_opponent()
        mask = self._mask()
        if self.render_mode == "human":
            self.render()
        return self._observation(mask), self._info(mask)

    def step(
        self, action: SupportsIndex
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        self._opponent_actions = []
        if self._over:
            gymnasium.logger.warn("step() called after the episode ended; call reset()")
            mask = self._mask()
            obs, info = self._observation(mask), self._info(mask)
            return obs, 0.0, not self._truncated, self._truncated, info
        try:
            self._game.apply(operator.index(action))
        except (TypeError, ValueError, OverflowError):
            self._over = True
            mask = self._mask()
            return self._observation(mask), -1.0, True, False, self._info(mask, illegal_action=True)
        self._play_opponent()
        mask = self._mask()
        if self.render_mode == "human":
            self.render()
        terminated = self._over and not self._truncated
        obs, info = self._observation(mask), self._info(mask)
        return obs, self._reward(), terminated, self._truncated, info

    # --- rendering --------------------------------------------------------------------------

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called with no render_mode set")
            return None
        return render_game(self._game, self.render_mode)


def env_id(name: str) -> str:
    """The Gymnasium id of a game of ``jgames.GAMES`` (``"jarmo"`` -> ``"jgames/Jarmo-v0"``)."""
    return f"jgames/{GAMES[name].__name__}-v0"


def register_all() -> list[str]:
    """Registers every game of ``jgames.GAMES`` not registered yet; returns all their ids."""
    ids = []
    for name in GAMES:
        key = env_id(name)
        if key not in gymnasium.registry:
            gymnasium.register(
                id=key,
                entry_point=f"{__name__}:JgamesEnv",
                vector_entry_point="jgames.vector:JgamesVectorEnv",
                kwargs={"game": name},
            )
        ids.append(key)
    return ids


#: The registered ids, by game name.
ENV_IDS = dict(zip(GAMES, register_all()))

__all__ = ["DEFAULT_MAX_PLIES", "ENV_IDS", "JgamesEnv", "env_id", "register_all"]
