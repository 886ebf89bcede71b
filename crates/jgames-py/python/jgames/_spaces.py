"""What the PettingZoo and Gymnasium environments share: their spaces and observations.

Both observe a game as ``{"observation": planes, "action_mask": mask}``: the game's float32
planes in [0, 1] from the view of the side to move, and the int8 mask of its legal action ids
(all zeros for a side that is not to act, or once the game is over).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from jgames import DEFAULT_MAX_PLIES

#: The cap of a game these modules do not know yet.
FALLBACK_MAX_PLIES = 300

#: An observation: ``"observation"`` (float32 planes) and ``"action_mask"`` (int8) arrays.
Observation = dict[str, Any]


def max_plies_of(name: str, max_plies: int | None) -> int:
    """The cap asked for, or the game's default cap; ``ValueError`` below 1."""
    if max_plies is None:
        max_plies = DEFAULT_MAX_PLIES.get(name, FALLBACK_MAX_PLIES)
    if max_plies < 1:
        raise ValueError(f"max_plies must be at least 1, not {max_plies}")
    return max_plies


def observation_space(cls: Any) -> spaces.Dict:
    """The space of the observations of the game class ``cls``."""
    planes, height, width = cls.observation_shape()
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=0.0, high=1.0, shape=(planes, height, width), dtype=np.float32
            ),
            "action_mask": spaces.Box(low=0, high=1, shape=(cls.NUM_ACTIONS,), dtype=np.int8),
        }
    )


def mask_of(game: Any, acting: bool) -> npt.NDArray[np.int8]:
    """The legal mask of ``game`` for a side that is acting, all zeros otherwise."""
    if acting:
        mask: npt.NDArray[np.int8] = game.legal_mask()
        return mask
    return np.zeros(type(game).NUM_ACTIONS, np.int8)


def observation_of(game: Any, mask: npt.NDArray[np.int8]) -> Observation:
    """The observation of ``game`` with the mask ``mask``."""
    return {"observation": game.observation(), "action_mask": mask}
