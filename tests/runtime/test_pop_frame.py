"""engine._pop_frame's event timing array, kept for the next event (step 166c): compiled, the pop
reads the frame's array borrowed and keeps it among the engine's spare arrays before the frame's
field lets it go — the frame its only holder (a reference the pop took itself would leave the
array held twice, and so not kept). A weak reference (an array takes one; the test holds no
other) sees it kept, emptied, and taken again by the next event's first timing; the frame's
field is None. The pure engine keeps none (its timings are a list): the games are the same.
The pop moves the stack's reference to the frame into g.ret (step 166d); a Python caller's pop of
a frame that is not the top pops the top as before, and g.ret takes its own reference."""
from seeded_games import DECISIONS, run_python

POP = DECISIONS + r"""
import weakref
from core.prims import base as B, flow as Flow
print(not E.__file__.endswith('.py'))   # compiled: the extension module
for seed, n, g in decisions("identity", (1,), every=20):
    break
t = B._T(g)
tm = next(i for i in range(len(g.listen))
          if g.listen[i] == 0 and t.flow_rule_at[i] == 0 and i != t.idle)
depth = len(g.stack)
f = E.Frame(t.ev_move, 0)
g.push_frame(f)
Flow.fire(g, f, tm, None)
Flow.fire(g, f, tm, None)
w = weakref.ref(f.timings)
print("fired", list(f.timings) == [tm, tm])
g._pop(f)
print("popped", len(g.stack) == depth, g.ret is f, f.timings)
a = w()
print("kept", a is not None and len(a) == 0)
del a
f2 = E.Frame(t.ev_move, 0)
g.push_frame(f2)
Flow.fire(g, f2, tm, None)
print("taken", f2.timings is w(), list(f2.timings) == [tm])
g._pop(f2)
"""


def test_a_popped_events_timing_array_is_kept_for_the_next():
    lines = run_python(POP, pure=False).strip().splitlines()
    if lines[0] != "True":
        import pytest
        pytest.skip("the engine is not compiled (run `sgs build`)")
    assert lines[1:] == ["fired True", "popped True True None", "kept True", "taken True True"], \
        "\n".join(lines)


NOT_TOP = DECISIONS + r"""
import sys
from core.prims import base as B
for seed, n, g in decisions("identity", (1,), every=20):
    break
t = B._T(g)
depth = len(g.stack)
f3, f4 = E.Frame(t.ev_move, 0), E.Frame(t.ev_move, 0)
g.push_frame(f3)
g.push_frame(f4)
r3, r4 = sys.getrefcount(f3), sys.getrefcount(f4)
g._pop(f3)   # f4, the top, leaves the stack; g.ret is f3, which stays on it
print("not top", g.ret is f3, len(g.stack) == depth + 1, g.stack[-1] is f3,
      sys.getrefcount(f3) - r3, sys.getrefcount(f4) - r4)
g._pop(f3)
print("top", g.ret is f3, len(g.stack) == depth, sys.getrefcount(f3) - r3)
"""


def test_a_pop_of_a_frame_not_on_top_pops_the_top():
    """Pure and as built: the counts of both frames as the reference's pop leaves them."""
    for pure in (True, False):
        lines = run_python(NOT_TOP, pure=pure).strip().splitlines()
        assert lines == ["not top True True True 1 -1", "top True True 0"], (pure, lines)
