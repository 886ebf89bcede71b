"""Pictures as pixels: ``rasterize_svg`` on hand-made pictures whose pixels are known, on every
game's picture, its errors, and ``render_mode="rgb_array"`` in the Gymnasium and PettingZoo
environments (Gymnasium's ``check_env`` and PettingZoo's ``render_test``)."""

import re

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import render_test

import jgames
import jgames.gymnasium as jgym
import jgames.pettingzoo as jpz
from jgames._jgames import rasterize_svg

GAMES = sorted(jgames.GAMES)
WHITE = (255, 255, 255)


def svg(width, height, body):
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
        f"{body}</svg>"
    )


def declared_size(picture):
    """The (height, width) the picture's own attributes declare, rounded up."""
    width = float(re.search(r'<svg[^>]* width="([0-9.]+)"', picture).group(1))
    height = float(re.search(r'<svg[^>]* height="([0-9.]+)"', picture).group(1))
    return int(np.ceil(height)), int(np.ceil(width))


def colours(frame):
    return {tuple(int(v) for v in pixel) for pixel in frame.reshape(-1, 3)}


def played(cls, plies):
    """A game of ``cls`` after ``plies`` decisions, each the first open id."""
    game = cls()
    for _ in range(plies):
        game.apply(game.legal_actions()[0])
    return game


def test_a_red_square_on_white():
    frame = rasterize_svg(svg(4, 2, '<rect x="0" y="0" width="2" height="2" fill="#ff0000"/>'))
    assert frame.shape == (2, 4, 3) and frame.dtype == np.uint8
    assert (frame[:, :2] == (255, 0, 0)).all()
    assert (frame[:, 2:] == WHITE).all()


def test_the_scale_multiplies_the_size():
    picture = svg(4, 2, '<rect x="2" y="0" width="2" height="2" fill="#0000ff"/>')
    frame = rasterize_svg(picture, scale=2.5)
    assert frame.shape == (5, 10, 3)
    assert (frame[:, :5] == WHITE).all()
    assert (frame[:, 5:] == (0, 0, 255)).all()


def test_transparency_is_painted_over_white():
    frame = rasterize_svg(svg(2, 2, '<rect width="2" height="2" fill="#000000" opacity="0.5"/>'))
    # Half black over white: a grey halfway, the same in the three channels.
    assert colours(frame) <= {(127, 127, 127), (128, 128, 128)}


def test_text_is_drawn_with_the_built_in_font():
    blank = rasterize_svg(svg(60, 20, ""))
    text = svg(60, 20, '<text x="2" y="16" font-size="16" font-family="sans-serif">Jgk</text>')
    frame = rasterize_svg(text)
    assert colours(blank) == {WHITE}
    # The glyphs' black and the grey of their smoothed edges.
    assert (frame == 0).all(axis=2).sum() > 20
    assert len(colours(frame)) > 5


@pytest.mark.parametrize(
    "picture",
    [
        "",
        "not a picture",
        "<svg",
        '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="10"></svg>',
    ],
)
def test_an_unreadable_picture_raises(picture):
    with pytest.raises(ValueError, match="SVG"):
        rasterize_svg(picture)


@pytest.mark.parametrize("scale", [0.0, -1.0, float("nan"), float("inf")])
def test_a_bad_scale_raises(scale):
    with pytest.raises(ValueError, match="scale"):
        rasterize_svg(svg(4, 4, ""), scale=scale)


def test_a_frame_over_the_size_limit_raises():
    rasterize_svg(svg(4096, 4096, ""), scale=0.25)
    with pytest.raises(ValueError, match="limit"):
        rasterize_svg(svg(4097, 4096, ""))
    with pytest.raises(ValueError, match="limit"):
        rasterize_svg(svg(100, 100, ""), scale=1e30)


def test_an_image_is_never_loaded(tmp_path):
    # A red picture beside the SVG, referred to by path: left out, the frame stays white.
    red = tmp_path / "red.svg"
    red.write_text(svg(4, 4, '<rect width="4" height="4" fill="#ff0000"/>'))
    frame = rasterize_svg(svg(4, 4, f'<image href="{red}" width="4" height="4"/>'))
    assert colours(frame) == {WHITE}


@pytest.mark.parametrize("name", GAMES)
def test_every_game_draws_a_board(name):
    cls = jgames.GAMES[name]
    picture = cls().svg()
    frame = rasterize_svg(picture)
    assert frame.shape == (*declared_size(picture), 3) and frame.dtype == np.uint8
    # Not blank: the board, the pieces and the text take many colours, and much of the frame
    # is neither white nor black.
    assert len(colours(frame)) > 50
    plain = (frame == 255).all(axis=2) | (frame == 0).all(axis=2)
    assert (~plain).mean() > 0.2
    # The same position gives the same frame; another position another one.
    assert np.array_equal(frame, rasterize_svg(cls().svg()))
    later = rasterize_svg(played(cls, 4).svg())
    assert later.shape == frame.shape and (later != frame).any(axis=2).sum() > 100


# --- the environments -----------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_rgb_array(name):
    env = jgym.JgamesEnv(name, render_mode="rgb_array", agent_side=0, max_plies=40)
    assert "rgb_array" in env.metadata["render_modes"]
    env.reset(seed=0)
    first = env.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    assert np.array_equal(first, rasterize_svg(env.game.svg()))
    env.step(env.game.legal_actions()[0])
    assert (env.render() != first).any()


@pytest.mark.filterwarnings("error", "ignore:.*Not able to test alternative render modes")
@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env_with_rgb_array(name):
    # Without a spec, check_env checks the render mode the environment was made with.
    env = jgym.JgamesEnv(name, render_mode="rgb_array", max_plies=40)
    check_env(env)


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env_with_rgb_array_made_by_id(name):
    # With a spec, check_env makes the environment again in every render mode of its metadata.
    import gymnasium

    env = gymnasium.make(jgym.ENV_IDS[name], render_mode="rgb_array", max_plies=40)
    check_env(env.unwrapped)
    env.reset(seed=0)
    assert env.render().shape[2] == 3
    env.close()


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_rgb_array(name):
    env = jpz.ENVIRONMENTS[f"{name}_v0"].env(render_mode="rgb_array")
    assert "rgb_array" in env.metadata["render_modes"]
    env.reset(seed=0)
    first = env.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    assert np.array_equal(first, rasterize_svg(env.unwrapped.game.svg()))
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert (env.render() != first).any()
    env.close()


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_render_test(name):
    # render_test renders in every mode of the metadata: "svg" is ours, so it is told what an
    # SVG render returns.
    make = jpz.ENVIRONMENTS[f"{name}_v0"].env
    render_test(
        lambda render_mode=None: make(render_mode=render_mode, max_plies=40),
        custom_tests={"svg": lambda result: isinstance(result, str) and "<svg" in result},
    )
