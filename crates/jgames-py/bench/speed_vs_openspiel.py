"""Steps per second of jgames (one game object, and batches) beside OpenSpiel, in one run.

OpenSpiel's ``rl_environment`` adds a Python layer (time steps, observations for every player)
over its games, which steps chess several times slower than the game itself, so a ratio taken
against it flatters whatever is compared. The baseline here is the fastest ordinary way to play OpenSpiel from Python: a plain
``pyspiel`` loop (``state.legal_actions()``, a random pick, ``state.apply_action``, a new
state at the end) on chess. Every line is measured the same way, in this one run:

* ``pyspiel`` loops on chess and Go 19x19 (OpenSpiel has none of the jgames games itself), and
  the same loop on the jgames games as registered in OpenSpiel by ``jgames.openspiel`` (Python
  states over the jgames classes);
* ``rl_environment`` on chess and Go 19x19, with random legal actions (observations included);
* one jgames game object per game, the same loop (``legal_actions()``, a random pick,
  ``apply``), without and with its observation planes at each step;
* the jgames batches (``batch_speed.py``: observation planes and open ids for every game, a
  random open id each, one step of the whole batch, auto-reset).

Random picks come from Python's ``random`` (a seeded ``random.Random``) in every loop but the
batches', which draw for the whole batch with numpy. Run it on an otherwise idle machine::

    python crates/jgames-py/bench/speed_vs_openspiel.py [--seconds 3] [--batch 1024]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable

# One core: numpy's BLAS threads would otherwise spin beside the loop.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import pyspiel  # type: ignore[import-not-found]  # noqa: E402
from batch_speed import jgames_rate, openspiel_rate  # noqa: E402

import jgames  # noqa: E402
import jgames.openspiel  # noqa: E402, F401

NAMES = ["jarmo", "jericho", "jetan", "jersi"]

#: The issue's goals for the batches, in steps per second.
GOALS = {"jarmo": 1_000_000, "jericho": 500_000, "jetan": 300_000, "jersi": 100_000}


def timed(step: Callable[[], None], seconds: float) -> float:
    """Calls of `step` per second, in rounds of 256 calls for `seconds`."""
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(256):
            step()
        calls += 256
    return calls / (time.perf_counter() - start)


def pyspiel_rate(game_string: str, seconds: float, observe: bool = False) -> float:
    """A plain pyspiel loop: legal actions, a random pick, apply (and the observation tensor of
    the player to move when `observe`); a new game when one ends."""
    game = pyspiel.load_game(game_string)
    pick = random.Random(1).randrange
    state = game.new_initial_state()

    def step() -> None:
        nonlocal state
        if state.is_terminal():
            state = game.new_initial_state()
        if observe:
            state.observation_tensor(state.current_player())
        legal = state.legal_actions()
        state.apply_action(legal[pick(len(legal))])

    return timed(step, seconds)


def single_rate(name: str, seconds: float, observe: bool = False) -> float:
    """The same loop on one jgames game object (its observation planes too when `observe`)."""
    cls = jgames.GAMES[name]
    max_plies = jgames.DEFAULT_MAX_PLIES[name]
    pick = random.Random(1).randrange
    game = cls(max_plies=max_plies)

    def step() -> None:
        nonlocal game
        if game.is_terminal():
            game = cls(max_plies=max_plies)
        if observe:
            game.observation()
        legal = game.legal_actions()
        game.apply(legal[pick(len(legal))])

    return timed(step, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per line")
    parser.add_argument("--batch", type=int, default=1024, help="games per batch")
    args = parser.parse_args()
    seconds = args.seconds
    baseline = pyspiel_rate("chess", seconds)
    rl_chess = openspiel_rate("chess", seconds)
    rows: list[tuple[str, float, str]] = [
        ("pyspiel loop, chess (the baseline)", baseline, ""),
        ("pyspiel loop with observation tensor, chess", pyspiel_rate("chess", seconds, True), ""),
        ("pyspiel loop, Go 19x19", pyspiel_rate("go(board_size=19)", seconds), ""),
        ("OpenSpiel rl_environment, chess", rl_chess, ""),
        ("OpenSpiel rl_environment, Go 19x19", openspiel_rate("go(board_size=19)", seconds), ""),
    ]
    for name in NAMES:
        rows.append((f"pyspiel loop, jgames_{name}", pyspiel_rate(f"jgames_{name}", seconds), ""))
    for name in NAMES:
        rows.append((f"jgames {name}, one game object", single_rate(name, seconds), ""))
    for name in NAMES:
        rows.append(
            (f"jgames {name}, one game object with observation", single_rate(name, seconds, True), "")
        )
    for name in NAMES:
        rate, _ = jgames_rate(name, args.batch, seconds)
        rows.append((f"jgames {name}, batch of {args.batch}", rate, f"{GOALS[name]:,}"))
    print("| environment | steps/s | times pyspiel chess | times rl_environment chess | goal |")
    print("|---|---:|---:|---:|---:|")
    for label, rate, goal in rows:
        print(f"| {label} | {rate:,.0f} | {rate / baseline:.2f} | {rate / rl_chess:.2f} | {goal} |")


if __name__ == "__main__":
    main()
