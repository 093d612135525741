"""Micro-benchmarks of the core (run: python -c 'from core import bench; bench.main()';
SGS_PURE=1 for the pure-Python sources; `sgs bench` uses them).  Not a test: prints numbers.

The loops that fire timings are module-level programs typed like the generated ones
(``g: Game, f: Frame``), and this module is compiled with the core: a compiled loop calls
``Game.fire`` as a C method, as a generated flow does, so the figures are the timing's cost
and not a Python loop's."""
from __future__ import annotations  # the Game/Frame annotations are types for Cython only

import os
import sys
import time

import cython

import core
from core import engine as E
from core.ruleset import Ruleset

from core import prims as P
if cython.compiled:
    from cython.cimports.core import prims as P
    from cython.cimports.core.engine import Frame, Game
    from cython.cimports.core.ruleset import Condition, Program
else:
    from core.ruleset import Condition, Program


@cython.ccall
@cython.exceptval(-1, check=True)
def _fire_loop(g: Game, f: Frame) -> cython.int:
    """Fire timing f.a, f.c times (one timing per step, like a generated flow's step); every
    fire returns CONTINUE (no listener) or PUSH (the dispatch frame runs next)."""
    if f.b >= f.c:
        return 3  # E.DONE
    f.b += 1
    return g.fire(f.a, f)


@cython.ccall
@cython.exceptval(-1, check=True)
def _empty_loop(g: Game, f: Frame) -> cython.int:
    """The same loop without the timing: its cost is subtracted."""
    if f.b >= f.c:
        return 3
    f.b += 1
    return 0  # E.CONTINUE (a literal: a module attribute read per step would be timed too)


@cython.cclass
class _Loop(Program):
    """The loops as a generated unit holds its programs (its ``_Program``: the core's call of
    ``run`` is a C call of the function a C switch on k chooses; uncompiled, ``fn``)."""
    k = cython.declare(cython.int)
    fn = cython.declare(object)

    def __init__(self, name, k, fn):
        self.name = name
        self.k = k
        self.fn = fn

    @cython.ccall
    @cython.exceptval(-1, check=True)
    @cython.locals(k=cython.int)
    def run(self, g: Game, f: Frame) -> cython.int:
        if cython.compiled:
            k = self.k
            if k == 0:
                return _fire_loop(g, f)
            elif k == 1:
                return _empty_loop(g, f)
        return self.fn(g, f)


@cython.cfunc
@cython.exceptval(-1, check=False)
def _false(g: Game, owner: cython.int, ev: Frame, t: cython.int) -> cython.bint:
    """A listener's condition that does not hold."""
    return False


@cython.cclass
class _Cond(Condition):
    """The listener's condition as a generated unit holds its conditions (its ``_Condition``:
    the core's call of ``test`` is a C call of the condition's C function)."""

    @cython.ccall
    @cython.exceptval(-1, check=False)
    def test(self, g: Game, owner: cython.int, ev: Frame, t: cython.int) -> cython.bint:
        if cython.compiled:
            return _false(g, owner, ev, t)
        return False


@cython.locals(i=cython.longlong, n=cython.longlong, t=cython.int)
def _fire_calls(g: Game, t, ev: Frame, n):
    """Game.fire(t, ev) n times in a (compiled) loop: the core's part of a timing alone."""
    i = 0
    while i < n:
        g.fire(t, ev)
        i += 1


def bench_fire_call(n=2000000):
    """ns per Game.fire of a timing nobody listens to, called from compiled code."""
    rs = Ruleset()
    t = rs.timing("T")
    g = E.Game(rs, 5, seed=1, log_level=0)
    ev = g.new_frame(0, -1, None, 0)
    t0 = time.process_time()
    _fire_calls(g, t, ev, n)
    return (time.process_time() - t0) / n * 1e9


@cython.locals(i=cython.longlong, n=cython.longlong)
def _flow_fire_calls(g: Game, f: Frame, t, n):
    """prims.fire(g, f, t, -1) n times, as a generated event flow fires a timing."""
    i = 0
    while i < n:
        P.fire(g, f, t, -1)
        i += 1


def bench_flow_fire(n=1000000):
    """ns per timing that nobody listens to, fired as a generated event flow fires it
    (prims.fire: the event's timing count, subject and timing, the card rules' check, then
    Game.fire), in a 5-player identity game of the bundled specs."""
    import generated.identity as M
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    t = P._T(g)
    ev = g.new_frame(t.events["失去体力"], -1, None, -1)
    quiet = [x for x in range(len(g.rs.timing_names)) if g.listen[x] == 0 and x != t.idle
             and x not in t.flow_rule_timings]
    t0 = time.process_time()
    _flow_fire_calls(g, ev, quiet[0], n)
    return (time.process_time() - t0) / n * 1e9


def bench_fire(listeners, n=200000, triggers=True, fire=True):
    """ns per fired timing: with no listener, or one listener whose condition is
    true (it runs) or false (``triggers=False``: collected, checked, not run).
    ``fire=False``: the loop alone (it runs a program step per iteration, as a flow does)."""
    rs = Ruleset()
    t = rs.timing("T")
    cond = None if triggers else _Cond()
    s = rs.skill("S", t, lambda g, f: E.DONE, cond=cond, forced=True)
    P = rs.program("loop", _Loop("loop", 0, _fire_loop) if fire else _Loop("loop", 1, _empty_loop), log=False)
    g = E.Game(rs, 5, seed=1, log_level=0)
    if listeners:
        g.grant_skill(2, s)
    g.start(P)
    root = g.stack[0]
    root.a = t
    root.c = n
    t0 = time.process_time()  # CPU time of this process: the machine may be shared
    r = g.step()
    dt = time.process_time() - t0
    assert isinstance(r, E.GameResult)
    return dt / n * 1e9


def bench_games(ngames=200):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(os.path.dirname(here), "tests", "core"))
    from toy import random_game, random_toy
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
