"""Micro-benchmarks of the core (run: python -m core.bench; SGS_PURE=1 for
the pure-Python sources).  Not a test: prints numbers."""
import os
import sys
import time

import core
from core import engine as E


def _loop_program(t, n, fire=True):
    def run(g, f):
        # fire the same timing n times; every fire returns CONTINUE or PUSH
        # (fire=False: the same loop without the timing, to subtract its cost)
        if f.b >= n:
            return E.DONE
        f.b += 1
        if fire:
            return g.fire(t, f)
        return E.CONTINUE
    return run


def bench_fire(listeners, n=200000, triggers=True, fire=True):
    """ns per fired timing: with no listener, or one listener whose condition is
    true (it runs) or false (``triggers=False``: collected, checked, not run).
    The loop around it is a Python function (a FnProgram): ``fire=False`` measures
    that loop alone, so the timing itself costs the difference."""
    rs = E.Ruleset()
    t = rs.timing("T")
    cond = None if triggers else (lambda g, owner, ev, t: False)
    s = rs.skill("S", t, lambda g, f: E.DONE, cond=cond, forced=True)
    P = rs.program("loop", _loop_program(t, n, fire), log=False)
    g = E.Game(rs, 5, seed=1, log_level=0)
    if listeners:
        g.grant_skill(2, s)
    g.start(P)
    t0 = time.process_time()  # CPU time of this process: the machine may be shared
    r = g.step()
    dt = time.process_time() - t0
    assert isinstance(r, E.GameResult)
    return dt / n * 1e9


def bench_games(ngames=200):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(os.path.dirname(here), "tests", "core"))
    from toy import random_toy, random_game
    t = random_toy(nturns=40)
    t0 = time.perf_counter()
    steps = 0
    for i in range(ngames):
        g = random_game(t, n=5, seed=i, log_level=0)
        g.run_random(i)
        steps += g.steps
    dt = time.perf_counter() - t0
    return ngames / dt, steps / dt


def main():
    mode = "compiled" if core.compiled() else "pure"
    print("mode:", mode)
    print("fire(), no listener (loop incl. program call): %.0f ns/timing" % bench_fire(False))
    print("fire(), one forced listener (dispatch + skill frame): %.0f ns/timing" % bench_fire(True, 50000))
    gps, sps = bench_games()
    print("toy random games (5 players, 40 turns, log off): %.0f games/s, %.0f frame-runs/s" % (gps, sps))


if __name__ == "__main__":
    main()
