"""The jgames classes through their Python API: perft through the action ids equals the
library's, the legal actions along random games are the moves `jgames moves` lists, states
pickle and copy, and bad input raises ValueError with the state unchanged."""

import copy
import os
import pickle
import random
import subprocess

import numpy as np
import pytest

import jgames

CASES = [(cls, variant) for cls in jgames.GAMES.values() for variant in cls.variants()]
IDS = [f"{cls.NAME}-{variant}" for cls, variant in CASES]


def turn_strings(state):
    """The notation of every legal turn, through the decisions: a main id's versions when it
    asks a follow-up (Jersi's King relocation), else its turn."""
    out = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if child.is_follow_up:
            out += [child.action_to_string(f) for f in child.legal_actions()]
        else:
            out.append(state.action_to_string(action))
    return out


def after_each_turn(state):
    """The states after each legal turn, made through the decisions alone."""
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        if child.is_follow_up:
            for follow_up in child.legal_actions():
                grandchild = child.clone()
                grandchild.apply(follow_up)
                assert not grandchild.is_follow_up
                yield grandchild
        else:
            yield child


def perft_by_actions(state, depth):
    if depth == 0:
        return 1
    return sum(perft_by_actions(child, depth - 1) for child in after_each_turn(state))


@pytest.mark.parametrize("cls,variant", CASES, ids=IDS)
def test_perft_through_actions_is_the_librarys(cls, variant):
    start = cls(variant=variant)
    # Depth 1 always, depth 2 up to Jericho's 413,600 (not standard Jersi's), depth 3 where
    # it is small.
    two = start.perft(2)
    depths = [1] + ([2] if two <= 450_000 else []) + ([3] if two <= 2_000 and start.perft(3) <= 20_000 else [])
    for depth in depths:
        assert perft_by_actions(start, depth) == start.perft(depth), depth


@pytest.mark.parametrize("cls,variant", CASES, ids=IDS)
def test_masks_ids_and_notation_agree(cls, variant):
    rng = random.Random(7)
    state = cls(variant=variant, max_plies=60)
    while not state.is_terminal():
        actions = state.legal_actions()
        assert actions == sorted(set(actions))
        mask = state.legal_mask()
        assert mask.dtype == np.int8 and mask.shape == (cls.NUM_ACTIONS,)
        assert mask.sum() == len(actions) and all(mask[a] == 1 for a in actions)
        for action in actions:
            assert state.string_to_action(state.action_to_string(action)) == action
        obs = state.observation()
        assert obs.shape == cls.observation_shape() and obs.dtype == np.float32
        assert np.isfinite(obs).all()
        state.apply(rng.choice(actions))
    assert state.legal_actions() == [] and state.legal_mask().sum() == 0


JGAMES_BIN = os.environ.get("JGAMES_BIN")


@pytest.mark.skipif(not JGAMES_BIN, reason="JGAMES_BIN names the jgames binary")
@pytest.mark.parametrize("cls,variant", CASES, ids=IDS)
def test_legal_actions_are_the_moves_the_cli_lists(cls, variant):
    rng = random.Random(3)
    state = cls(variant=variant)
    for _ in range(12):
        if state.is_terminal():
            break
        listed = subprocess.run(
            [JGAMES_BIN, "moves", cls.NAME, "--variant", variant, "--position", state.to_text()],
            capture_output=True, text=True, check=True,
        ).stdout.split()
        assert sorted(turn_strings(state)) == sorted(listed)
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("cls,variant", CASES, ids=IDS)
def test_pickled_and_copied_states_play_on_alike(cls, variant):
    rng = random.Random(11)
    state = cls(variant=variant, max_plies=80)
    for _ in range(10):
        if not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    copies = [pickle.loads(pickle.dumps(state)), copy.deepcopy(state), copy.copy(state), state.clone()]
    for other in copies:
        assert other == state and other.to_text() == state.to_text()
        assert other.plies == state.plies and other.max_plies == state.max_plies
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        for s in [state, *copies]:
            s.apply(action)
        assert all(s == state for s in copies)
    assert all(s.returns() == state.returns() for s in copies)


@pytest.mark.parametrize("cls", list(jgames.GAMES.values()), ids=list(jgames.GAMES))
def test_bad_input_raises_and_changes_nothing(cls):
    state = cls()
    before = state.to_text()
    for bad in [-1, cls.NUM_ACTIONS, cls.NUM_ACTIONS + 100]:
        with pytest.raises((ValueError, OverflowError)):
            state.apply(bad)
    illegal = next(a for a in range(cls.NUM_ACTIONS) if a not in state.legal_actions())
    with pytest.raises(ValueError, match="not legal"):
        state.apply(illegal)
    with pytest.raises(ValueError):
        state.play("not a move")
    with pytest.raises(ValueError):
        state.action_to_string(illegal)
    with pytest.raises(ValueError, match="no variant"):
        cls(variant="no such variant")
    with pytest.raises(ValueError, match="position"):
        cls(position="garbage")
    with pytest.raises(ValueError, match="engine"):
        state.think("no-such-engine")
    assert state.to_text() == before


@pytest.mark.parametrize("cls", list(jgames.GAMES.values()), ids=list(jgames.GAMES))
def test_engines_think_and_the_cap_truncates(cls):
    state = cls()
    action = state.think("alphabeta", millis=30)
    assert action in state.legal_actions()
    assert state.think("mcts", nodes=200) in state.legal_actions()
    capped = cls(max_plies=2)
    capped.apply(capped.legal_actions()[0])
    capped.apply(capped.legal_actions()[0])
    assert capped.is_terminal() and capped.is_truncated() and capped.returns() == (0.0, 0.0)
    with pytest.raises(ValueError, match="over"):
        capped.apply(0)
    assert state.svg().startswith("<svg")


@pytest.mark.skipif(not JGAMES_BIN, reason="JGAMES_BIN names the jgames binary")
def test_solve_value_from_an_endgame_table_of_jasir(tmp_path):
    # The endgames of material 2 under jasir (marks, credits, shuttle records), built by the
    # command line, then read by Python: a lone archer each, Black's two rows nearer its goal.
    subprocess.run(
        [JGAMES_BIN, "solve", "jarmo", "--variant", "jasir", "--out", str(tmp_path),
         "--pieces", "2", "-q"],
        check=True, capture_output=True,
    )
    game = jgames.Jarmo(variant="jasir", position="5/2w2/5/2b2/5 b 4/4")
    result, plies = game.solve_value(tables=str(tmp_path))
    assert result == "win"
    # Some move leaves White lost one ply sooner; none wins sooner.
    children = []
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        children.append(child.solve_value(tables=str(tmp_path)))
    assert ("loss", plies - 1) in children
    assert all(p >= plies - 1 for r, p in children if r == "loss")
    # Three archers: more material than the table holds, and these rules are not solved on
    # the spot.
    with pytest.raises(ValueError):
        jgames.Jarmo(variant="jasir", position="5/2w2/5/1bb2/5 b 3/4").solve_value(
            tables=str(tmp_path)
        )


def test_solve_value_of_a_small_jasir_basic_endgame():
    # Black a1 against White a5, Black to move: White wins in 4 plies (a1-c2 a5-b3 c2-b2
    # b3-a1, White's archer arriving first, 2 points to 1).
    game = jgames.Jarmo(variant="jasir-basic", position="w4/5/5/5/b4 b")
    assert game.solve_value() == ("loss", 4)
    # The value agrees with the values of the moves: the best move leaves White a win in 3.
    best = None
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        result, plies = child.solve_value()
        assert result == "win"
        best = plies if best is None else max(best, plies)
    assert best == 3
    with pytest.raises(ValueError):
        jgames.Jarmo().solve_value()  # the jarmo preset has no table here
    with pytest.raises(ValueError):
        jgames.Jetan().solve_value()
