#!/usr/bin/env python3
"""Time to depth: how long engines take to finish a fixed depth on the same positions.

Usage: scripts/time_to_depth.py GAME DEPTH SPEC [SPEC...]

The positions are every other one of the first 24 plies of a game that `alphabeta` plays
against itself at depth 3 from the start; each engine (a spec, e.g. `alphabeta:threads=2`)
searches each of them to DEPTH after `uginewgame`, over UGI, and the total wall time is
printed per engine. A parallel search's speed-up is the one-thread total over its total.
JGAMES names the binary (target/release/jgames by default).
"""
import os
import subprocess
import sys
import time

JGAMES = os.environ.get("JGAMES", "target/release/jgames")


def engine(game, spec):
    return subprocess.Popen([JGAMES, "ugi", game, "--engine", spec], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)


def search(proc, moves, go):
    """Sends the position and `go`; returns the best move and the seconds until it came."""
    line = "position startpos" + (" moves " + " ".join(moves) if moves else "")
    proc.stdin.write(f"{line}\ngo {go}\n")
    start = time.time()
    while True:
        answer = proc.stdout.readline()
        if not answer:
            sys.exit(f"the engine stopped: {proc.args}")
        if answer.startswith("bestmove"):
            return answer.split()[1], time.time() - start


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    game, depth, specs = sys.argv[1], sys.argv[2], sys.argv[3:]
    player = engine(game, "alphabeta")
    line = []
    for _ in range(24):
        move, _ = search(player, line, "depth 3")
        if move in ("none", "(none)"):
            break
        line.append(move)
    totals = []
    for spec in specs:
        proc = engine(game, spec)
        total = 0.0
        for k in range(0, len(line), 2):
            proc.stdin.write("uginewgame\n")
            total += search(proc, line[:k], f"depth {depth}")[1]
        proc.stdin.write("quit\n")
        totals.append(total)
    print(game, f"depth {depth}:", ", ".join(f"{s} {t:.2f} s" for s, t in zip(specs, totals)))


if __name__ == "__main__":
    main()
