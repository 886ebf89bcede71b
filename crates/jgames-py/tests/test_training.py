"""The training examples run: a few seconds of masked PPO (examples/ppo_jarmo.py) give finite
losses and a win rate read from real games, its curve is a well-formed SVG picture, and
sb3-contrib's MaskablePPO steps the vector environment through the adapter of
examples/maskable_ppo_jarmo.py. The long runs that show learning are in docs/python.md."""

import importlib.util
import math
import pathlib
import sys
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("torch", reason="torch is not installed (requirements-train.txt)")

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


def load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # the dataclasses of a module look themselves up there
    spec.loader.exec_module(module)
    return module


def test_a_few_seconds_of_masked_ppo():
    ppo = load("ppo_jarmo")
    run = ppo.Run(
        minutes=0.05, num_envs=16, num_steps=16, eval_every=1.0, eval_games=10, final_games=20
    )
    curve, final = ppo.train(run)
    assert curve.losses and all(math.isfinite(loss) for loss in curve.losses)
    assert len(curve.win_rates) >= 2 and curve.steps[-1] > 0
    assert all(0.0 <= r <= 1.0 for r in curve.win_rates)
    # 20 games, so the win rate is a multiple of 1/20.
    assert 0.0 <= final <= 1.0 and round(final * 20, 9) == round(final * 20)
    svg = ET.fromstring(ppo.svg_curve(curve, final, "smoke"))
    line = svg.find("{http://www.w3.org/2000/svg}polyline")
    assert line is not None and len(line.get("points").split()) == len(curve.win_rates)


def test_maskable_ppo_steps_the_vector_environment():
    pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed (requirements-train.txt)")
    from sb3_contrib import MaskablePPO

    from jgames.vector import JgamesVectorEnv

    example = load("maskable_ppo_jarmo")
    envs = example.Sb3VecEnv(JgamesVectorEnv("jarmo", num_envs=8, autoreset_mode="SameStep"))
    model = MaskablePPO("MlpPolicy", envs, n_steps=32, batch_size=64, n_epochs=1, seed=0)
    model.learn(total_timesteps=512)
    assert model.num_timesteps >= 512
    assert 0.0 <= example.win_rate(model, 10, 0) <= 1.0
    with pytest.raises(ValueError):
        example.Sb3VecEnv(JgamesVectorEnv("jarmo", num_envs=2))
