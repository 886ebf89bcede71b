"""Safe limits: a batch too large for the memory raises MemoryError, Ctrl-C stops a long search
or count with KeyboardInterrupt, leaving the interpreter alive, bad ids and parameters are refused
alike everywhere; and `think` reads the tables of perfect play as the command line does."""

import os
import signal
import threading
import time

import numpy as np
import pytest

import jgames


@pytest.mark.parametrize("cls", [jgames.JarmoBatch, jgames.JetanBatch, jgames.JerichoBatch, jgames.JersiBatch])
def test_a_batch_too_large_raises_memory_error(cls):
    for n in (10**9, 2**62):
        with pytest.raises(MemoryError, match=f"a batch of {n} games needs"):
            cls(n)
    # The interpreter is alive and a batch of a sensible size still works.
    batch = cls(4)
    assert len(batch) == 4


def interrupt_after(seconds):
    """Sends this process SIGINT (Ctrl-C) after `seconds`."""
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.parametrize(
    "call",
    [
        lambda: jgames.Jersi().perft(12),
        lambda: jgames.Jetan().think("mcts", millis=10**9),
        lambda: jgames.Jericho().think("alphabeta", millis=10**9),
    ],
    ids=["perft", "mcts", "alphabeta"],
)
def test_ctrl_c_stops_long_calls(call):
    # Python raises KeyboardInterrupt on SIGINT only where it found SIGINT at its default when it
    # started; a shell starting a command in the background without job control ignores it.
    # Install the interpreter's handler for the test, whatever the test runner inherited.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        started = time.monotonic()
        timer = interrupt_after(0.3)
        with pytest.raises(KeyboardInterrupt):
            call()
        timer.join()
    finally:
        signal.signal(signal.SIGINT, previous)
    # Stopped soon after the signal, not at the end of the work.
    assert time.monotonic() - started < 3.0
    # And the game still answers.
    assert jgames.Jarmo().perft(2) == 121


def test_action_ids_refuse_bools_and_negatives_alike_on_games_and_batches():
    game = jgames.Jarmo()
    for bad, error in [(True, TypeError), (False, TypeError), (-1, ValueError), (2**80, ValueError), ("3", TypeError)]:
        with pytest.raises(error):
            game.apply(bad)
        with pytest.raises(error):
            game.action_to_string(bad)
    assert game.plies == 0  # nothing was played
    batch = jgames.JarmoBatch(2)
    with pytest.raises(TypeError):
        batch.step([True, False])
    with pytest.raises(TypeError):
        batch.step(np.array([True, False]))
    with pytest.raises(ValueError):
        batch.step([-1, -1])


def test_step_out_of_the_wrong_dtype_says_so():
    batch = jgames.JarmoBatch(2)
    shape = (2, *jgames.Jarmo.observation_shape())
    with pytest.raises(TypeError, match="float32 array"):
        batch.step(batch.random_actions(), out=np.zeros(shape, dtype=np.float64))
    with pytest.raises(TypeError, match="float32 array"):
        batch.step(batch.random_actions(), out=[0.0])


def test_max_plies_of_zero_or_less_is_refused():
    with pytest.raises(ValueError):
        jgames.Jarmo(max_plies=0)
    with pytest.raises((ValueError, OverflowError)):
        jgames.Jarmo(max_plies=-1)


def test_openspiel_parameters_are_checked_when_the_game_loads():
    pyspiel = pytest.importorskip("pyspiel")
    import jgames.openspiel  # noqa: F401  (registers the games)

    for bad in ["max_plies=-1", "max_plies=0"]:
        with pytest.raises(Exception, match="max_plies"):
            pyspiel.load_game(f"jgames_jarmo({bad})")
    assert pyspiel.load_game("jgames_jarmo(max_plies=5)").max_game_length() == 5


@pytest.mark.skipif(not os.environ.get("JGAMES_BIN"), reason="JGAMES_BIN names the jgames binary")
def test_think_plays_the_table_move_where_tables_are_named(tmp_path, monkeypatch):
    import subprocess

    subprocess.run(
        [os.environ["JGAMES_BIN"], "solve", "jarmo", "--variant", "jasir", "--out", str(tmp_path),
         "--pieces", "2", "-q"],
        check=True, capture_output=True,
    )
    monkeypatch.setenv("JGAMES_TABLES", str(tmp_path))
    game = jgames.Jarmo(variant="jasir", position="5/2w2/5/2b2/5 b 4/4")
    result, plies = game.solve_value()
    assert result == "win"
    # At depth 1 the engine cannot see the end; with the table it plays a move that keeps the
    # win at the stated distance.
    action = game.think("alphabeta:depth=1")
    child = game.clone()
    child.apply(action)
    assert child.solve_value() == ("loss", plies - 1)
