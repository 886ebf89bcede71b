"""The jgames games as Gymnasium vector environments: N games stepped in Rust, one learner.

``JgamesVectorEnv(game, num_envs)`` is a ``gymnasium.vector.VectorEnv`` of ``num_envs`` games of
one game of ``jgames.GAMES``, in which the learner plays one side and a built-in opponent the
other (``"random"``, or an engine spec such as ``"mcts:iterations=200"``), for single-agent
training with many games per call::

    from jgames.vector import JgamesVectorEnv

    envs = JgamesVectorEnv("jarmo", num_envs=64, threads=2)
    obs, infos = envs.reset(seed=0)
    for _ in range(100):
        masks = envs.action_masks()                 # (num_envs, NUM_ACTIONS) bool
        actions = [np.flatnonzero(m)[0] for m in masks]
        obs, rewards, terminated, truncated, infos = envs.step(actions)

Importing ``jgames.gymnasium`` also makes them with ``gymnasium.make_vec("jgames/Jarmo-v0",
num_envs=64, vectorization_mode="vector_entry_point")``.

The spaces: ``single_observation_space`` is the game's float32 planes (planes, height, width)
in [0, 1] from the view of the side to decide (the learner, except in an observation that ends a
game); ``single_action_space`` is ``Discrete(NUM_ACTIONS)``; the batched spaces add the leading
``num_envs`` axis. The reward is 0 until a game ends, then +1, -1 or 0 from the learner's view;
``truncated`` means the ply cap ended the game (a draw). An action that is not legal raises
``ValueError`` and plays nothing (mask the policy with ``action_masks()``).

``infos`` always holds, with Gymnasium's ``"_key"`` boolean arrays beside them:

* ``"action_mask"``: (num_envs, NUM_ACTIONS) bool, the learner's legal actions (the same as
  ``action_masks()``, which sb3-contrib's ``MaskablePPO`` reads);
* ``"learner_side"``: (num_envs,) int8, the learner's side (0 moves first) in each game;

and after a step in which games ended with ``autoreset_mode=SAME_STEP``:

* ``"final_obs"``: an object array, the final observation of each game that ended (``None``
  elsewhere), ``"_final_obs"`` marking them.

Autoreset follows Gymnasium 1.x (``metadata["autoreset_mode"]``). ``NEXT_STEP`` (the default):
a step that ends a game returns its final observation; the next step ignores that game's action,
starts it again and returns its first observation with reward 0 (its mask, meanwhile, opens
every action). ``SAME_STEP``: the step that ends a game already returns the first observation of
the next one, the final observation being ``infos["final_obs"]``.

The learner's side: ``learner_side=0`` or ``1``, or ``None`` (the default) to alternate it: game
``i`` starts with side ``i % 2`` and switches at each new episode. ``reset(seed=s)`` seeds every
game from ``s`` (game ``i`` from ``s`` and ``i``), which fixes all that follows, the random or
engine opponent's choices included; an engine opponent searches with its spec's own budget
(MCTS 10,000 iterations, alpha-beta depth 6, unless the spec says otherwise) or
``opponent_nodes``; a time budget (``opponent_millis``) or a multi-threaded engine makes it
depend on the machine. ``threads`` splits each step over that many threads with the GIL released;
the results are the same for any number of threads.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from jgames import _jgames
from jgames._classes import game_class_of
from jgames._spaces import max_plies_of



class JgamesVectorEnv(VectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], Any]):
    """``num_envs`` games of ``game`` (a name of ``jgames.GAMES``), the learner against an opponent.

    ``variant`` is a preset (the game's default when ``None``); ``max_plies`` the turns of both
    sides after which a game is a draw and truncated (the game's default cap when ``None``, at
    least 2); ``opponent``, ``opponent_millis``, ``opponent_nodes`` the opponent;
    ``learner_side`` 0, 1 or ``None`` (alternate); ``autoreset_mode`` ``AutoresetMode.NEXT_STEP``
    or ``SAME_STEP`` (or their names); ``threads`` the threads of a step.
    """

    def __init__(
        self,
        game: str,
        num_envs: int = 16,
        variant: str | None = None,
        max_plies: int | None = None,
        opponent: str = "random",
        opponent_millis: int | None = None,
        opponent_nodes: int | None = None,
        learner_side: int | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        threads: int = 1,
    ) -> None:
        cls = game_class_of(game)
        mode = AutoresetMode(autoreset_mode) if isinstance(autoreset_mode, str) else autoreset_mode
        if mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
            raise ValueError(f"autoreset_mode must be NEXT_STEP or SAME_STEP, not {mode}")
        self.game = game
        self.num_envs = num_envs
        self.metadata = {"autoreset_mode": mode, "render_modes": []}
        self.render_mode = None
        self._core = _jgames.LearnerBatch(
            game,
            num_envs,
            variant=variant,
            max_plies=max_plies_of(game, max_plies),
            opponent=opponent,
            opponent_millis=opponent_millis,
            opponent_nodes=opponent_nodes,
            learner_side=learner_side,
            same_step=mode == AutoresetMode.SAME_STEP,
            threads=threads,
        )
        shape = cls.observation_shape()
        self.single_observation_space = spaces.Box(0.0, 1.0, shape, np.float32)
        self.single_action_space = spaces.Discrete(cls.NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._seeded = False

    @property
    def threads(self) -> int:
        """The threads a step uses."""
        return int(self._core.threads)

    @threads.setter
    def threads(self, threads: int) -> None:
        self._core.threads = threads

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions in each game: bool (num_envs, NUM_ACTIONS)."""
        masks: npt.NDArray[np.bool_] = self._core.action_masks()
        return masks

    def positions(self) -> list[str]:
        """The position text of each game."""
        return list(self._core.positions())

    def _infos(self) -> dict[str, Any]:
        every = np.ones(self.num_envs, dtype=np.bool_)
        return {
            "action_mask": self.action_masks(),
            "_action_mask": every,
            "learner_side": self._core.learner_side,
            "_learner_side": every.copy(),
        }

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Starts a new episode in every game; ``seed`` (an int) seeds the whole run."""
        if isinstance(seed, list):
            raise TypeError("seed is one int for the whole vector environment, not a list")
        if options:
            raise ValueError(f"reset takes no options, not {sorted(options)}")
        super().reset(seed=seed)
        core_seed: int | None = None
        if seed is not None or not self._seeded:
            core_seed = int(self.np_random.integers(2**63))
            self._seeded = True
        obs: npt.NDArray[np.float32] = self._core.reset(core_seed)
        return obs, self._infos()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Plays the learner's actions (one per game) and the opponent's replies."""
        obs, final, rewards, terminated, truncated, restarted = self._core.step(
            np.asarray(actions, dtype=np.int64)
        )
        infos = self._infos()
        if restarted.any():
            final_obs = np.full(self.num_envs, None, dtype=object)
            for index in np.flatnonzero(restarted):
                final_obs[index] = final[index]
            infos["final_obs"] = final_obs
            infos["_final_obs"] = restarted
        return obs, rewards.astype(np.float64), terminated, truncated, infos


__all__ = ["JgamesVectorEnv"]
