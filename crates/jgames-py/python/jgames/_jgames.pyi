"""Type stubs of the jgames extension module: one class per game and one batch class per
game, the same methods in each (written once here, on private bases)."""

from typing import Any, ClassVar, final

import numpy as np
import numpy.typing as npt
from typing_extensions import Self

__all__ = [
    "Jarmo",
    "JarmoBatch",
    "JarmoLearnerBatch",
    "Jericho",
    "JerichoBatch",
    "JerichoLearnerBatch",
    "Jersi",
    "JersiBatch",
    "JersiLearnerBatch",
    "Jetan",
    "JetanBatch",
    "JetanLearnerBatch",
]

_PickledState = tuple[str, str, int, int | None, int | None]

class _Game:
    """A game in progress (the methods of every game class)."""

    NUM_ACTIONS: ClassVar[int]
    NAME: ClassVar[str]
    MAX_DECISIONS_PER_TURN: ClassVar[int]
    def __new__(
        cls,
        variant: str | None = None,
        position: str | None = None,
        moves: str | None = None,
        max_plies: int | None = None,
    ) -> Self: ...
    @staticmethod
    def variants() -> list[str]: ...
    @staticmethod
    def observation_shape() -> tuple[int, int, int]: ...
    @property
    def variant(self) -> str: ...
    @property
    def plies(self) -> int: ...
    @property
    def max_plies(self) -> int | None: ...
    @property
    def current_player(self) -> int: ...
    @property
    def is_follow_up(self) -> bool: ...
    def legal_actions(self) -> list[int]: ...
    def legal_mask(self) -> npt.NDArray[np.int8]: ...
    def apply(self, action: int) -> None: ...
    def play(self, notation: str) -> None: ...
    def action_to_string(self, action: int) -> str: ...
    def string_to_action(self, notation: str) -> int: ...
    def to_text(self) -> str: ...
    def is_terminal(self) -> bool: ...
    def is_truncated(self) -> bool: ...
    def returns(self) -> tuple[float, float]: ...
    def result(self) -> str | None: ...
    def observation(self) -> npt.NDArray[np.float32]: ...
    def perft(self, depth: int) -> int: ...
    def solve_value(self, tables: str | None = None) -> tuple[str, int | None]: ...
    def svg(self) -> str: ...
    def think(self, engine: str, millis: int | None = None, nodes: int | None = None) -> int: ...
    def clone(self) -> Self: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any, /) -> Self: ...
    def __getstate__(self) -> _PickledState: ...
    def __setstate__(self, state: _PickledState, /) -> None: ...
    def __eq__(self, other: object, /) -> bool: ...

class _Batch:
    """N games stepped in one call (the methods of every batch class)."""

    NUM_ACTIONS: ClassVar[int]
    NAME: ClassVar[str]
    def __new__(
        cls,
        n: int,
        variant: str | None = None,
        position: str | None = None,
        max_plies: int | None = None,
        seed: int = 0,
    ) -> Self: ...
    @staticmethod
    def observation_shape() -> tuple[int, int, int]: ...
    @property
    def variant(self) -> str: ...
    def __len__(self) -> int: ...
    def reset(self, seed: int | None = None) -> npt.NDArray[np.float32]: ...
    def observations(self) -> npt.NDArray[np.float32]: ...
    def step(
        self, actions: npt.ArrayLike, out: npt.NDArray[np.float32] | None = None
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
    ]: ...
    def legal_actions(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32]]: ...
    def legal_mask(self) -> npt.NDArray[np.int8]: ...
    @property
    def current_player(self) -> npt.NDArray[np.int8]: ...
    @property
    def is_follow_up(self) -> npt.NDArray[np.bool_]: ...
    def random_actions(self) -> npt.NDArray[np.int64]: ...
    def positions(self) -> list[str]: ...

@final
class Jarmo(_Game):
    """A game of Jarmo in progress."""

@final
class Jetan(_Game):
    """A game of Jetan in progress."""

@final
class Jericho(_Game):
    """A game of Jericho in progress."""

@final
class Jersi(_Game):
    """A game of Jersi in progress."""

@final
class JarmoBatch(_Batch):
    """N games of Jarmo stepped in one call."""

@final
class JetanBatch(_Batch):
    """N games of Jetan stepped in one call."""

@final
class JerichoBatch(_Batch):
    """N games of Jericho stepped in one call."""

@final
class JersiBatch(_Batch):
    """N games of Jersi stepped in one call."""

class _LearnerBatch:
    """N games against a built-in opponent (the methods of every learner batch class)."""

    NUM_ACTIONS: ClassVar[int]
    def __new__(
        cls,
        n: int,
        variant: str | None = None,
        max_plies: int = 300,
        opponent: str = "random",
        opponent_millis: int | None = None,
        opponent_nodes: int | None = None,
        learner_side: int | None = None,
        same_step: bool = False,
        threads: int = 1,
    ) -> Self: ...
    @staticmethod
    def observation_shape() -> tuple[int, int, int]: ...
    def __len__(self) -> int: ...
    @property
    def threads(self) -> int: ...
    @threads.setter
    def threads(self, threads: int) -> None: ...
    def reset(self, seed: int | None = None) -> npt.NDArray[np.float32]: ...
    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
    ]: ...
    def action_masks(self) -> npt.NDArray[np.bool_]: ...
    @property
    def learner_side(self) -> npt.NDArray[np.int8]: ...
    @property
    def plies(self) -> npt.NDArray[np.int64]: ...
    def positions(self) -> list[str]: ...

@final
class JarmoLearnerBatch(_LearnerBatch):
    """N games of Jarmo against a built-in opponent."""

@final
class JetanLearnerBatch(_LearnerBatch):
    """N games of Jetan against a built-in opponent."""

@final
class JerichoLearnerBatch(_LearnerBatch):
    """N games of Jericho against a built-in opponent."""

@final
class JersiLearnerBatch(_LearnerBatch):
    """N games of Jersi against a built-in opponent."""
