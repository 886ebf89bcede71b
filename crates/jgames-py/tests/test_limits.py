"""Safe limits: a batch too large for the memory raises MemoryError, and Ctrl-C stops a long
search or count with KeyboardInterrupt, leaving the interpreter alive."""

import os
import signal
import threading
import time

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
    started = time.monotonic()
    timer = interrupt_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        call()
    timer.join()
    # Stopped soon after the signal, not at the end of the work.
    assert time.monotonic() - started < 3.0
    # And the game still answers.
    assert jgames.Jarmo().perft(2) == 121
