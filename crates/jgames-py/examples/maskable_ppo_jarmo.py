"""sb3-contrib's MaskablePPO on Jarmo against the random opponent, over ``jgames.vector``.

Stable-Baselines3 steps its own ``VecEnv`` type (same-step autoreset, the final observation in
``infos[i]["terminal_observation"]``), not Gymnasium's vector environments; ``Sb3VecEnv`` below
adapts a ``JgamesVectorEnv`` made with ``autoreset_mode="SameStep"`` to it, and answers
``env_method("action_masks")``, which is how ``MaskablePPO`` reads the masks. A few minutes::

    pip install -r crates/jgames-py/requirements-train.txt ./crates/jgames-py
    python crates/jgames-py/examples/maskable_ppo_jarmo.py --minutes 3
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecEnv

from jgames.vector import JgamesVectorEnv


class Sb3VecEnv(VecEnv):
    """A ``JgamesVectorEnv`` (same-step autoreset) as a Stable-Baselines3 ``VecEnv``."""

    def __init__(self, envs: JgamesVectorEnv) -> None:
        if envs.metadata["autoreset_mode"].value != "SameStep":
            raise ValueError("Stable-Baselines3 needs autoreset_mode='SameStep'")
        self.envs = envs
        super().__init__(envs.num_envs, envs.single_observation_space, envs.single_action_space)
        self._actions: Any = None

    def reset(self) -> np.ndarray:
        seed = self._seeds[0] if self._seeds and self._seeds[0] is not None else None
        obs, _ = self.envs.reset(seed=seed)
        self._reset_seeds()
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        obs, rewards, terminated, truncated, infos = self.envs.step(self._actions)
        dones = terminated | truncated
        out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            out[i]["terminal_observation"] = infos["final_obs"][i]
            out[i]["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
        return obs, rewards.astype(np.float32), dones, out

    def close(self) -> None:
        self.envs.close()

    def _indices(self, indices: Any) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        return [indices] if isinstance(indices, int) else list(indices)

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        if attr_name == "render_mode":
            return [None for _ in self._indices(indices)]
        return [getattr(self.envs, attr_name) for _ in self._indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(f"cannot set {attr_name} on the games of a vector environment")

    def env_method(self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list:
        if method_name == "action_masks":
            masks = self.envs.action_masks()
            return [masks[i] for i in self._indices(indices)]
        raise AttributeError(f"no method {method_name} per game")

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False for _ in self._indices(indices)]


def win_rate(model: MaskablePPO, games: int, seed: int) -> float:
    """The deterministic policy's win rate against random over `games` games, both colours."""
    envs = JgamesVectorEnv("jarmo", num_envs=games, learner_side=None)
    obs, _ = envs.reset(seed=seed)
    results = np.full(games, np.nan)
    while np.isnan(results).any():
        actions, _ = model.predict(obs, action_masks=envs.action_masks(), deterministic=True)
        obs, rewards, terminated, truncated, _ = envs.step(actions)
        ended = (terminated | truncated) & np.isnan(results)
        results[ended] = rewards[ended]
    return float((results > 0).mean())


class StopAfter(BaseCallback):
    """Stops the learning after `seconds` of wall time."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.perf_counter() + seconds

    def _on_step(self) -> bool:
        return time.perf_counter() < self.deadline


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--num-envs", type=int, default=32)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    envs = Sb3VecEnv(
        JgamesVectorEnv(
            "jarmo", num_envs=args.num_envs, autoreset_mode="SameStep", threads=args.threads
        )
    )
    model = MaskablePPO("MlpPolicy", envs, n_steps=128, batch_size=1024, seed=args.seed)
    print(f"before training: win rate {win_rate(model, args.eval_games, args.seed):.3f}")
    model.learn(total_timesteps=10**9, callback=StopAfter(args.minutes * 60))
    print(
        f"after {args.minutes} minutes, {model.num_timesteps} steps: "
        f"win rate {win_rate(model, args.eval_games, args.seed + 1):.3f}"
    )


if __name__ == "__main__":
    main()
