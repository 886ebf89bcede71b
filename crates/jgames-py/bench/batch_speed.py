"""Environment steps per second of the jgames batches beside OpenSpiel's chess and Go.

One step of one game = its observation planes and open ids, a uniformly random open id
(drawn from the compact lists with a few numpy calls for the whole batch) and the step, with
auto-reset. The jgames figures are for a batch of N games stepped in one call on one thread,
writing the observations into one reused array (``step(actions, out=...)``);
OpenSpiel's are its ``rl_environment`` stepping one game with random legal actions (its
observation included), as a reinforcement-learning loop meets it. Run it on an otherwise idle
machine; the ratios between the lines matter more than the absolute figures::

    python crates/jgames-py/bench/batch_speed.py [--seconds 3] [--batch 1024]
"""

from __future__ import annotations

import argparse
import os
import time

# One core: numpy's BLAS threads would otherwise spin beside the loop.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

import jgames  # noqa: E402


def jgames_rate(name: str, batch_size: int, seconds: float) -> tuple[float, float]:
    """Steps per second of a jgames batch, and the mean number of open ids per game."""
    batch = jgames.BATCHES[name](batch_size, seed=1)
    rng = np.random.default_rng(1)
    observations = batch.reset()
    steps, open_ids = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        offsets, ids = batch.legal_actions()
        counts = np.diff(offsets)
        picks = offsets[:-1] + (rng.random(batch_size) * counts).astype(np.int64)
        batch.step(ids[picks], out=observations)
        steps += batch_size
        open_ids += int(counts.sum())
    return steps / (time.perf_counter() - start), open_ids / steps


def openspiel_rate(game: str, seconds: float) -> float:
    """Steps per second of OpenSpiel's rl_environment on `game` with random legal actions."""
    from open_spiel.python import rl_environment  # type: ignore[import-untyped]

    env = rl_environment.Environment(game)
    rng = np.random.default_rng(1)
    time_step = env.reset()
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        player = time_step.observations["current_player"]
        legal = time_step.observations["legal_actions"][player]
        time_step = env.step([legal[int(rng.integers(len(legal)))]])
        steps += 1
        if time_step.last():
            time_step = env.reset()
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per line")
    parser.add_argument("--batch", type=int, default=1024, help="games per batch")
    parser.add_argument("--no-openspiel", action="store_true", help="leave OpenSpiel out")
    args = parser.parse_args()
    print(f"| environment | steps/s | open ids per step |")
    print(f"|---|---:|---:|")
    for name in ["jarmo", "jericho", "jetan", "jersi"]:
        rate, width = jgames_rate(name, args.batch, args.seconds)
        print(f"| jgames {name}, batch of {args.batch} | {rate:,.0f} | {width:.0f} |", flush=True)
    if not args.no_openspiel:
        for game in ["chess", "go(board_size=19)"]:
            rate = openspiel_rate(game, args.seconds)
            print(f"| OpenSpiel rl_environment {game} | {rate:,.0f} | |", flush=True)


if __name__ == "__main__":
    main()
