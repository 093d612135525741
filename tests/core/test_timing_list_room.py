"""An event's timing list (a frame's `timings`, flow.fire) is made at its first timing with room
for 8 (core/prims/lists.pxd, docs/performance.md step 46), or is a spare one a popped event left
(step 65), with the room it grew to: it holds the timings fired, in order, one entry each time,
past its room as before it, pure and as built; as built its item array has the room a `[t]` had
after its second timing at least (no reallocation until the ninth)."""
import sys

import core
from core import prims as P


def test_the_timing_list_holds_every_timing_in_order():
    import generated.identity as M
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    t = P._T(g)
    ev = g.new_frame(t.events["失去体力"], -1, None, -1)
    quiet = [x for x in range(len(g.rs.timing_names)) if g.listen[x] == 0 and x != t.idle
             and x not in t.flow_rule_timings]
    a, b = quiet[0], quiet[1]
    assert ev.timings is None
    fired = []
    for k in range(12):
        x = a if k % 3 else b
        assert P.fire(g, ev, x, -1) == 0
        fired.append(x)
        assert ev.timings == fired and ev.timing == x
        assert P.timing_count(g, ev, a) == fired.count(a)
        assert P.timing_count(g, ev, b) == fired.count(b)
        if k == 0 and core.compiled():
            grown = [0]
            grown.append(0)   # CPython's room after a second item: 8
            assert sys.getsizeof(ev.timings) >= sys.getsizeof(grown) > sys.getsizeof([0])
    assert list(ev.timings) == fired and len(ev.timings) == 12
