"""An event's timing list (a frame's `timings`, flow.fire) is made at its first timing — as built
an array('i') of C ints with room for 8 (core/prims/lists.pxd, docs/performance.md steps 46 and
102), or a spare one a popped event left (step 65), with the room it grew to; pure, a list: it
holds the timings fired, in order, one entry each time, past its room as within it (the array
grows at its 9th, its 25th … timing), and timing_count counts them; a clone's frame has a copy
of its own (core/clone.py), which the original's next timings do not reach nor the copy's."""
import array

import core
from core import prims as P


def _quiet(g):
    t = P._T(g)
    return [x for x in range(len(g.rs.timing_names)) if g.listen[x] == 0 and x != t.idle
            and x not in t.flow_rule_timings]


def test_the_timing_list_holds_every_timing_in_order():
    import generated.identity as M
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    t = P._T(g)
    ev = g.new_frame(t.events["失去体力"], -1, None, -1)
    a, b, c = _quiet(g)[:3]
    assert ev.timings is None
    fired = []
    for k in range(60):   # past the room of 8, and of 24 and 56 it grows to
        x = a if k % 3 else (b if k % 2 else c)
        assert P.fire(g, ev, x, -1) == 0
        fired.append(x)
        assert list(ev.timings) == fired and ev.timing == x
        for y in (a, b, c, t.idle):
            assert P.timing_count(g, ev, y) == fired.count(y), (k, y)
        if k == 0:
            if core.compiled():
                assert type(ev.timings) is array.array and ev.timings.typecode == "i"
                assert ev.timings.buffer_info()[1] == 1   # its size (its room: 8)
            else:
                assert type(ev.timings) is list
    assert list(ev.timings) == fired and len(ev.timings) == 60


def test_a_clones_event_has_its_own_copy_of_the_timings():
    import generated.identity as M
    g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
    t = P._T(g)
    a, b = _quiet(g)[:2]
    n = len(g.stack)
    ev = g.push_frame(g.new_frame(t.events["失去体力"], -1, None, -1))
    try:
        fired = [a, b, a]
        for x in fired:
            assert P.fire(g, ev, x, -1) == 0
            del g.stack[n + 1:]   # what the timing pushed: the event is on top again
        c = g.clone()
        cev = c.stack[n]
        assert cev is not ev and cev.timings is not ev.timings
        assert list(cev.timings) == fired and type(cev.timings) is type(ev.timings)
        assert P.timing_count(c, cev, a) == 2
        for _ in range(10):   # past the copy's room (its size when compiled)
            assert P.fire(c, cev, b, -1) == 0
            del c.stack[n + 1:]
        assert list(cev.timings) == fired + [b] * 10 and list(ev.timings) == fired
        assert P.fire(g, ev, a, -1) == 0
        del g.stack[n + 1:]
        assert list(ev.timings) == fired + [a] and list(cev.timings) == fired + [b] * 10
        assert P.timing_count(g, ev, a) == 3 and P.timing_count(c, cev, a) == 2
    finally:
        del g.stack[n:]
