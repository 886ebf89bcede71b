"""Steps per second of the vector environments (``jgames.vector``) on 1 thread and on N.

One step of one game = the learner's masked random action and the opponent's reply (random, or
the engine given with ``--opponent``), with the observation planes and the action masks, as a
training loop meets them. Each thread count is timed in turns, several rounds each, in the same
run, and the speed-up is the ratio of the medians; only the time inside ``step`` and
``action_masks`` counts (the random choice of the actions is outside). The cores the process got
meanwhile (its CPU time over the wall time) are printed beside: on a machine busy with other
work a second thread gets no second core, and the ratio says nothing about the code::

    python crates/jgames-py/bench/vector_speed.py [--game jarmo] [--num-envs 256]
        [--threads 2] [--seconds 2] [--rounds 3] [--opponent random]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from jgames.vector import JgamesVectorEnv  # noqa: E402


def rate(envs: JgamesVectorEnv, seconds: float, rng: np.random.Generator) -> tuple[float, float]:
    """Game steps per second of `envs` over about `seconds` of stepping, and the process's CPU
    seconds per wall second meanwhile (how many cores it got)."""
    envs.reset(seed=1)
    masks = envs.action_masks()
    steps, spent, cpu = 0, 0.0, 0.0
    while spent < seconds:
        # A uniformly random legal action per game: the largest random key among the legal ids.
        actions = np.argmax(np.where(masks, rng.random(masks.shape), -1.0), axis=1)
        start, start_cpu = time.perf_counter(), time.process_time()
        envs.step(actions)
        masks = envs.action_masks()
        spent += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        steps += envs.num_envs
    return steps / spent, cpu / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="jarmo")
    parser.add_argument("--num-envs", type=int, default=256)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--opponent", default="random")
    args = parser.parse_args()
    counts = [1, args.threads]
    envs = {
        n: JgamesVectorEnv(args.game, args.num_envs, opponent=args.opponent, threads=n)
        for n in counts
    }
    rates: dict[int, list[float]] = {n: [] for n in counts}
    cores: dict[int, list[float]] = {n: [] for n in counts}
    rng = np.random.default_rng(1)
    for _ in range(args.rounds):
        for n in counts:
            steps_per_second, cores_used = rate(envs[n], args.seconds, rng)
            rates[n].append(steps_per_second)
            cores[n].append(cores_used)
    base = statistics.median(rates[1])
    print(f"{args.game}, {args.num_envs} games, opponent {args.opponent}, {os.cpu_count()} cores")
    for n in counts:
        median = statistics.median(rates[n])
        print(
            f"threads={n}: {median:,.0f} steps/s (rounds: "
            f"{', '.join(f'{r:,.0f}' for r in rates[n])}), {median / base:.2f}x threads=1, "
            f"{statistics.median(cores[n]):.2f} cores used"
        )


if __name__ == "__main__":
    main()
