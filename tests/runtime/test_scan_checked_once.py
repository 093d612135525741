"""Step 245 of docs/performance.md: what the usability scan and the use limits test once instead
of at each read, pure and as built. usable._scan_at refuses a timing's tables whose methods are
not (name, method, condition) tuples or whose pairs or readings are not one a method (_scan_from
reads them unchecked); limits._counter_in refuses use counters that are not a list, or an entry
that is not a tuple, and answers the counters of a list of tuples; and compiled, _can_convert's
probe frame is its own kept frame (usable._conv_frame's), its fields a new frame's at each
test."""
import pytest

import core
from seeded_games import identity_game, run_both, run_python

SCAN_AT = r"""
from core.prims import usable as U
idx = [(0,), (1,)]


def made(methods, pairs, reads):
    try:
        at = U._scan_at(methods, idx, U._masks_of(idx, 2), pairs, reads)
    except (TypeError, ValueError) as e:
        return type(e).__name__
    return at.n


ok = [(0, 0, None), (1, 0, None)]
print(made(ok, [(0, 0), (1, 0)], [None, None]),
      made([(0, 0, None), (1, 0)], [(0, 0), (1, 0)], [None, None]),
      made([(0, 0, None), [1, 0, None]], [(0, 0), (1, 0)], [None, None]),
      made(ok, [(0, 0)], [None, None]), made(ok, [(0, 0), (1, 0)], [None]))
"""

COUNTERS = identity_game(1) + r"""
from core.engine import SC_PHASE
from core.prims import base as B, limits as L
print([L.use_counter([(3, 4), (5,)], n, m) for n, m in ((0, 0), (0, 1), (1, 0), (1, 1), (2, 0),
                                                        (-1, 0), (0, -1))])
try:
    L.use_counter([(3, 4), [5]], 1, 0)
    print("read")
except TypeError:
    print("TypeError")
t = B._T(g)
kept = t.k_use_phase
t.k_use_phase = tuple(kept)   # not a list: refused where _limit_in reads it
try:
    L._limit_reached(g, [B.Q_LIMIT, 0, 0, 0, 0], 0, 0, 1, SC_PHASE)
    print("read")
except TypeError:
    print("TypeError")
finally:
    t.k_use_phase = kept
"""

PROBE = identity_game(1) + r"""
from core.engine import Frame
from core.ruleset import Skill
from core.prims import usable as U


class Probe(Skill):
    def cond(self, g, owner, ev, t):
        seen.append((id(ev), ev.prog == U.need_cid(g), ev.slots, ev.subject, ev.owner, ev.ev,
                     ev.x))
        ev.x = "written"   # a reading's write: the next test's frame has it None again
        return False


seen = []
k = U.conv_frame()   # the kept frame (made now if none was)
kept = id(k)
del k
conv = ((0, Probe.__new__(Probe), None),)
print(U._can_convert(g, 1, 3, conv, -1, None), U._can_convert(g, 2, 4, conv, -1, None))
print([s[0] == kept for s in seen], [s[1:] for s in seen])
"""


def test_scan_tables_are_checked_once_and_counters_read_pure_and_as_built():
    assert run_both(SCAN_AT) == "2 TypeError TypeError ValueError ValueError"
    assert run_both(COUNTERS) == "[3, 4, 5, -1, -1, -1, -1]\nTypeError\nTypeError"


@pytest.mark.skipif(not core.compiled(), reason="the kept frame is the compiled engine's")
def test_the_conversion_probe_is_its_kept_frame_reset_at_each_test():
    assert run_python(PROBE).strip().splitlines() == [
        "False False",
        "[True, True] [(True, [1, 3], 1, -1, None, None), (True, [2, 4], 2, -1, None, None)]"]
