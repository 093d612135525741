"""Step 260a of docs/performance.md (docs/decisions/0296): a finished frame the rooms' kept
objects still name is let go at its parent's pop, so that step 130a drops its slots, and the six
games of `sgs bench --what instructions` leave nothing to the cyclic collector (as built).

Before, a 濒死 frame (its slots naming the 伤害 that caused it) was still held at its 扣减体力's pop
by the kept scan (usable._RESUME: the 桃 asked at it, declined) or by a kept evaluation frame
(base's _PROBE, _F0, _F1, usable's _SCAN_F, _CONV_F: the last event read), so its slots stayed and
伤害 → 扣减体力 → 濒死 → 伤害 was a cycle: 11 in those six games. The pure mode keeps every
finished child's slots (decision 0108: its collector frees the cycles), so this is the compiled
engine's property; the pure mode plays the same games (the fingerprint)."""
import pytest

import core
from seeded_games import run_python

SIX_GAMES = r"""
import gc
from core import prims as P
from core.agents import RandomPlayer, play
from core.engine import Frame
import generated.identity as M

g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
del g
gc.collect()
gc.disable()   # what the games leave, all of it, for one collection after them
for s in (1, 2, 3, 1000, 1001, 1002):
    g = P.new_game(M, 5, seed=s, deck="标准版加军争", log_level=0)
    if s < 1000:
        play(g, RandomPlayer(s))
    else:
        g.run_random(s)
    print("ended:", g.result is not None)
del g
gc.set_debug(gc.DEBUG_SAVEALL)   # the collector's finds kept in gc.garbage, to be counted
gc.collect()
print("frames left to the collector:", sum(type(o) is Frame for o in gc.garbage))
print("objects left to the collector:", len(gc.garbage))
"""


@pytest.mark.skipif(not core.compiled(), reason="the pure mode keeps 130a's cycles (0108)")
def test_the_six_games_leave_no_cycle_as_built():
    out = run_python(SIX_GAMES).splitlines()
    assert out == ["ended: True"] * 6 + [
        "frames left to the collector: 0",
        "objects left to the collector: 0",
    ]
