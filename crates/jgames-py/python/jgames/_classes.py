"""The package's classes of games and batches, made from the extension module's list.

The extension module has one class for games (``_jgames.Game``) and one for batches
(``_jgames.Batch``), each made with a game's name, and ``game_kinds()``, the games of the
Rust registry with what a class needs to know of each. Here each game gets its two classes
(``Jarmo`` and ``JarmoBatch``, ...), subclasses that give the name and carry the game's
constants; a game added to the registry appears here with no line written for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from jgames import _jgames

if TYPE_CHECKING:
    from typing_extensions import Self


class Game(_jgames.Game):
    """A game in progress (the base of ``Jarmo``, ``Jetan``, ...: use those)."""

    #: The game's name.
    NAME: ClassVar[str]
    #: The number of action ids.
    NUM_ACTIONS: ClassVar[int]
    #: The most decisions a turn takes (2 in Jersi, 1 in the other games).
    MAX_DECISIONS_PER_TURN: ClassVar[int]
    #: What the extension module says of the game.
    KIND: ClassVar[_jgames.GameKind]

    def __new__(
        cls,
        variant: str | None = None,
        position: str | None = None,
        moves: str | None = None,
        max_plies: int | None = None,
    ) -> Self:
        return super().__new__(cls, cls.NAME, variant, position, moves, max_plies)

    @classmethod
    def variants(cls) -> list[str]:
        """The preset names of the game, the default first."""
        return list(cls.KIND.variants)

    @classmethod
    def observation_shape(cls) -> tuple[int, int, int]:
        """The shape of one game's observation: (planes, height, width)."""
        return cls.KIND.observation_shape


class Batch(_jgames.Batch):
    """N games stepped in one call (the base of ``JarmoBatch``, ...: use those)."""

    #: The game's name.
    NAME: ClassVar[str]
    #: The number of action ids.
    NUM_ACTIONS: ClassVar[int]
    #: What the extension module says of the game.
    KIND: ClassVar[_jgames.GameKind]

    def __new__(
        cls,
        n: int,
        variant: str | None = None,
        position: str | None = None,
        max_plies: int | None = None,
        seed: int = 0,
    ) -> Self:
        return super().__new__(cls, cls.NAME, n, variant, position, max_plies, seed)

    @classmethod
    def observation_shape(cls) -> tuple[int, int, int]:
        """The shape of one game's observation: (planes, height, width)."""
        return cls.KIND.observation_shape


def title(name: str) -> str:
    """The class name of a game: its name with a capital (``"jarmo"`` -> ``"Jarmo"``)."""
    return name[:1].upper() + name[1:]


def game_class(kind: _jgames.GameKind, module: str) -> type[Game]:
    """The class of games of ``kind``, named after it in ``module``."""
    name = title(kind.name)
    cls = type(
        name,
        (Game,),
        {
            "NAME": kind.name,
            "NUM_ACTIONS": kind.num_actions,
            "MAX_DECISIONS_PER_TURN": kind.max_decisions_per_turn,
            "KIND": kind,
            "__module__": module,
            "__qualname__": name,
            "__doc__": f"A game of {name} in progress (see the ``jgames`` package docs).",
        },
    )
    return cls


def batch_class(kind: _jgames.GameKind, module: str) -> type[Batch]:
    """The class of batches of ``kind``, named ``<Game>Batch`` in ``module``."""
    name = title(kind.name) + "Batch"
    cls = type(
        name,
        (Batch,),
        {
            "NAME": kind.name,
            "NUM_ACTIONS": kind.num_actions,
            "KIND": kind,
            "__module__": module,
            "__qualname__": name,
            "__doc__": f"N games of {title(kind.name)} stepped in one call.",
        },
    )
    return cls


def game_class_of(game: str) -> Any:
    """The class of the game named ``game``; ``ValueError`` naming the known games otherwise."""
    from jgames import GAMES

    if game not in GAMES:
        raise ValueError(f"no game {game!r} (known: {', '.join(GAMES)})")
    return GAMES[game]


def check_variant(cls: Any, variant: str | None) -> None:
    """``ValueError`` unless ``variant`` is a variant of the game class ``cls`` (a preset's name
    with any ``+switch``, or ``None``/empty for the default): the game itself reads it."""
    if variant:
        cls(variant=variant)


def new_game(cls: Any, variant: str | None, max_plies: int, options: dict[str, Any] | None) -> Any:
    """A game of ``cls`` under ``variant``, capped at ``max_plies``, from the ``position`` and
    ``moves`` of a ``reset``'s ``options`` (the start when not given)."""
    options = options or {}
    return cls(
        variant=variant,
        position=options.get("position"),
        moves=options.get("moves"),
        max_plies=max_plies,
    )
