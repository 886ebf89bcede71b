"""What ``render()`` returns in each render mode, shared by the Gymnasium and PettingZoo
environments so that a mode means the same in both.

``"ansi"``: the position text; ``"human"``: the same text, printed (``None`` is returned);
``"svg"``: the game's SVG picture; ``"rgb_array"``: that picture as pixels, an
``(height, width, 3)`` ``uint8`` array rasterised in the extension module (the same frame on
every machine: the text is set in a font built into the module).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from jgames._jgames import rasterize_svg

#: The render modes of the environments, in the order their ``metadata`` lists them.
RENDER_MODES = ["ansi", "human", "svg", "rgb_array"]


def render_game(game: Any, mode: str) -> str | npt.NDArray[np.uint8] | None:
    """What ``render()`` returns for ``game`` (a jgames game object) in render mode ``mode``
    (one of ``RENDER_MODES``)."""
    if mode == "rgb_array":
        return rasterize_svg(str(game.svg()))
    if mode == "svg":
        return str(game.svg())
    text = str(game.to_text())
    if mode == "human":
        print(text)
        return None
    return text
