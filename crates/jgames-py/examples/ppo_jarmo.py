"""Masked PPO on Jarmo against the random opponent, in one file (the CleanRL style).

The learner plays both colours (alternating, ``learner_side=None``) in ``jgames.vector``'s
Rust-stepped vector environment with same-step autoreset, its illegal actions masked out of the
policy's logits. Every ``--eval-every`` seconds the greedy policy (the most likely legal action)
plays ``--eval-games`` fresh games against the random opponent, half with each colour, and the
win rate goes into the learning curve; at the end a final evaluation over ``--final-games``
games. The curve (win rate over wall time) is written as an SVG picture, the figures as JSON::

    pip install -r crates/jgames-py/requirements-train.txt ./crates/jgames-py
    python crates/jgames-py/examples/ppo_jarmo.py --minutes 10 --svg docs/pictures/ppo-jarmo.svg

Everything is seeded (``--seed``): torch, the environment and the evaluation games; with the
same thread counts a run repeats (torch's CPU kernels may differ across machines).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np
import torch
from torch import nn

from jgames.vector import JgamesVectorEnv


def option(default: Any, about: str) -> Any:
    """A field of `Run`: its default and the help text of its command-line option."""
    return field(default=default, metadata={"help": about})


@dataclass(frozen=True)
class Run:
    """What a run plays and measures: the command line's options (`--num-envs` for `num_envs`)."""

    minutes: float = option(10.0, "minutes of training")
    num_envs: int = option(128, "the games played at once")
    num_steps: int = option(64, "the steps of each game between two updates")
    threads: int = option(2, "the threads of the vector environment's steps")
    eval_every: float = option(30.0, "seconds between two evaluations")
    eval_games: int = option(200, "the games of an evaluation")
    final_games: int = option(1000, "the games of the final evaluation")
    seed: int = option(1, "the seed of torch, the environment and the evaluations")


@dataclass(frozen=True)
class Ppo:
    """PPO's hyperparameters."""

    learning_rate: float = 3e-4
    epochs: int = 4
    minibatches: int = 4
    gamma: float = 0.99
    gae_lambda: float = 0.95
    clip: float = 0.2
    entropy: float = 0.01
    value_coef: float = 0.5


@dataclass
class Curve:
    """The evaluations of a run: when, after how many steps, and the win rate."""

    seconds: list[float] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    win_rates: list[float] = field(default_factory=list)
    losses: list[float] = field(default_factory=list)


class Agent(nn.Module):
    """A policy and a value over the flattened planes (two hidden layers each)."""

    def __init__(self, inputs: int, actions: int, hidden: int = 256) -> None:
        super().__init__()

        def body() -> nn.Sequential:
            return nn.Sequential(
                nn.Flatten(), nn.Linear(inputs, hidden), nn.Tanh(), nn.Linear(hidden, hidden),
                nn.Tanh(),
            )

        self.policy = nn.Sequential(body(), nn.Linear(hidden, actions))
        self.value = nn.Sequential(body(), nn.Linear(hidden, 1))

    def distribution(self, obs: torch.Tensor, masks: torch.Tensor) -> torch.distributions.Categorical:
        logits = self.policy(obs)
        return torch.distributions.Categorical(logits=logits.masked_fill(~masks, -1e9))


def evaluate(agent: Agent, games: int, seed: int) -> float:
    """The greedy policy's win rate against the random opponent over `games` games (half with
    each colour; a draw counts as no win)."""
    envs = JgamesVectorEnv("jarmo", num_envs=games, learner_side=None)
    obs, _ = envs.reset(seed=seed)
    results = np.full(games, np.nan)
    with torch.no_grad():
        while np.isnan(results).any():
            masks = torch.as_tensor(envs.action_masks())
            logits = agent.policy(torch.as_tensor(obs)).masked_fill(~masks, -1e9)
            obs, rewards, terminated, truncated, _ = envs.step(logits.argmax(dim=1).numpy())
            ended = (terminated | truncated) & np.isnan(results)
            results[ended] = rewards[ended]
    return float((results > 0).mean())


def train(run: Run = Run(), ppo: Ppo = Ppo()) -> tuple[Curve, float]:
    """Trains for `run.minutes`; returns the curve and the final win rate."""
    torch.manual_seed(run.seed)
    # One thread for the small network: more only wait on each other on a busy machine.
    torch.set_num_threads(1)
    torch.distributions.Distribution.set_default_validate_args(False)
    envs = JgamesVectorEnv(
        "jarmo",
        num_envs=run.num_envs,
        learner_side=None,
        autoreset_mode="SameStep",
        threads=run.threads,
    )
    inputs = int(np.prod(envs.single_observation_space.shape))
    actions = int(envs.single_action_space.n)
    agent = Agent(inputs, actions)
    optimizer = torch.optim.Adam(agent.parameters(), lr=ppo.learning_rate, eps=1e-5)

    shape = (run.num_steps, run.num_envs)
    obs_buf = torch.zeros(shape + envs.single_observation_space.shape)
    mask_buf = torch.zeros(shape + (actions,), dtype=torch.bool)
    action_buf = torch.zeros(shape, dtype=torch.long)
    logprob_buf = torch.zeros(shape)
    reward_buf = torch.zeros(shape)
    done_buf = torch.zeros(shape)
    value_buf = torch.zeros(shape)

    curve = Curve()
    obs_np, _ = envs.reset(seed=run.seed)
    obs = torch.as_tensor(obs_np)
    done = torch.zeros(run.num_envs)
    start = time.perf_counter()
    next_eval = 0.0
    steps = 0
    while True:
        elapsed = time.perf_counter() - start
        if elapsed >= next_eval:
            curve.seconds.append(elapsed)
            curve.steps.append(steps)
            seed = run.seed + 1000 + len(curve.steps)
            curve.win_rates.append(evaluate(agent, run.eval_games, seed))
            print(f"{elapsed:7.1f} s {steps:9d} steps  win rate {curve.win_rates[-1]:.3f}")
            next_eval = elapsed + run.eval_every
        if elapsed >= run.minutes * 60:
            break
        for t in range(run.num_steps):
            masks = torch.as_tensor(envs.action_masks())
            obs_buf[t], mask_buf[t], done_buf[t] = obs, masks, done
            with torch.no_grad():
                dist = agent.distribution(obs, masks)
                action = dist.sample()
                logprob_buf[t] = dist.log_prob(action)
                value_buf[t] = agent.value(obs).squeeze(1)
            action_buf[t] = action
            obs_np, rewards, terminated, truncated, _ = envs.step(action.numpy())
            # A game that ended was started again in this step: its next value counts for
            # nothing (a truncation is a draw of the game, not a cut of the episode).
            obs = torch.as_tensor(obs_np)
            reward_buf[t] = torch.as_tensor(rewards, dtype=torch.float32)
            done = torch.as_tensor(terminated | truncated, dtype=torch.float32)
            steps += run.num_envs
        with torch.no_grad():
            next_value = agent.value(obs).squeeze(1)
            advantages = torch.zeros(shape)
            last = torch.zeros(run.num_envs)
            for t in reversed(range(run.num_steps)):
                not_done = 1.0 - (done if t == run.num_steps - 1 else done_buf[t + 1])
                following = next_value if t == run.num_steps - 1 else value_buf[t + 1]
                delta = reward_buf[t] + ppo.gamma * following * not_done - value_buf[t]
                last = delta + ppo.gamma * ppo.gae_lambda * not_done * last
                advantages[t] = last
            returns = advantages + value_buf
        flat = run.num_steps * run.num_envs
        b_obs = obs_buf.reshape((flat,) + envs.single_observation_space.shape)
        b_masks = mask_buf.reshape(flat, actions)
        b_actions, b_logprobs = action_buf.reshape(flat), logprob_buf.reshape(flat)
        b_adv, b_returns = advantages.reshape(flat), returns.reshape(flat)
        size = flat // ppo.minibatches
        for _ in range(ppo.epochs):
            order = torch.randperm(flat)
            for first in range(0, flat, size):
                idx = order[first : first + size]
                dist = agent.distribution(b_obs[idx], b_masks[idx])
                ratio = (dist.log_prob(b_actions[idx]) - b_logprobs[idx]).exp()
                adv = b_adv[idx]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                clipped = ratio.clamp(1 - ppo.clip, 1 + ppo.clip)
                policy_loss = torch.max(-adv * ratio, -adv * clipped)
                value_loss = 0.5 * (agent.value(b_obs[idx]).squeeze(1) - b_returns[idx]) ** 2
                loss = (
                    policy_loss.mean() + ppo.value_coef * value_loss.mean()
                    - ppo.entropy * dist.entropy().mean()
                )
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                optimizer.step()
        curve.losses.append(float(loss.detach()))
    final = evaluate(agent, run.final_games, run.seed + 999_999)
    print(f"final win rate over {run.final_games} games: {final:.3f}")
    return curve, final


def svg_curve(curve: Curve, final: float, title: str) -> str:
    """The win rate over wall time as an SVG line chart, written by hand."""
    width, height, left, right, top, bottom = 640, 360, 60, 20, 40, 50
    span = max(curve.seconds[-1], 1.0)
    x = lambda s: left + (width - left - right) * s / span  # noqa: E731
    y = lambda r: top + (height - top - bottom) * (1.0 - r)  # noqa: E731
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="14">{title}</text>',
    ]
    for r in (0.0, 0.25, 0.5, 0.75, 0.9, 1.0):
        dash = ' stroke-dasharray="4 3"' if r == 0.9 else ""
        parts.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y(r):.1f}" y2="{y(r):.1f}" '
            f'stroke="#ccc"{dash}/>'
        )
        parts.append(f'<text x="{left - 8}" y="{y(r) + 4:.1f}" text-anchor="end">{r:.0%}</text>')
    ticks = max(1, int(span // 60))
    for minute in range(0, int(span // 60) + 1, max(1, ticks // 10)):
        parts.append(
            f'<text x="{x(minute * 60):.1f}" y="{height - bottom + 18}" '
            f'text-anchor="middle">{minute}</text>'
        )
    parts.append(
        f'<text x="{(left + width - right) / 2}" y="{height - 10}" text-anchor="middle">'
        "wall time (minutes)</text>"
    )
    parts.append(
        f'<text transform="translate(16 {(top + height - bottom) / 2}) rotate(-90)" '
        'text-anchor="middle">wins against random</text>'
    )
    points = " ".join(f"{x(s):.1f},{y(r):.1f}" for s, r in zip(curve.seconds, curve.win_rates))
    parts.append(f'<polyline points="{points}" fill="none" stroke="#1f6fb4" stroke-width="2"/>')
    for s, r in zip(curve.seconds, curve.win_rates):
        parts.append(f'<circle cx="{x(s):.1f}" cy="{y(r):.1f}" r="2.5" fill="#1f6fb4"/>')
    parts.append(
        f'<text x="{width - right - 8}" y="{y(0.08):.1f}" text-anchor="end">'
        f"final evaluation: {final:.1%} wins</text>"
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for setting in fields(Run):
        parser.add_argument(
            "--" + setting.name.replace("_", "-"),
            type=type(setting.default),
            default=setting.default,
            help=setting.metadata["help"],
        )
    parser.add_argument("--svg", help="write the learning curve here")
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args()
    run = Run(**{setting.name: getattr(args, setting.name) for setting in fields(Run)})
    curve, final = train(run)
    assert all(math.isfinite(loss) for loss in curve.losses)
    if args.svg:
        title = f"Masked PPO on Jarmo against random ({args.num_envs} games, seed {args.seed})"
        with open(args.svg, "w", encoding="utf-8") as out:
            out.write(svg_curve(curve, final, title))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({**vars(curve), "final_win_rate": final, "args": vars(args)}, out, indent=1)


if __name__ == "__main__":
    main()
