"""A list's item appended within its room and its last item popped keeping its room
(`append_in_room`, `pop_keep_room`: C functions of core/engine.pxd, docs/performance.md step 53),
which the frame stack (Game.push_frame, Game._pop) and an event's timing list (flow.fire) use: the
same items in the same order as list.append and list.pop, pure and as built, an append past the
room growing the list as before; as built the room is never given back (CPython's list.pop and
list.append reallocated a list below half its room). The C functions are not Python-visible: as
built they are held to list.append and list.pop through the stack's push and pop, and the timing
list through flow.fire (tests/core/test_timing_list_room.py: twelve timings, past its room)."""
import pytest

from tests.runtime.seeded_games import run_python

SCRIPT = r"""
import random
import sys
import core
from core import prims as P
import generated.identity as M

g = P.new_game(M, 5, seed=3, deck="标准版加军争", log_level=0)
base = len(g.stack)
model = list(g.stack)
rng = random.Random(7)
ops = 0
for k in range(4000):
    if len(model) > base and rng.random() < (0.3 if len(model) < 40 else 0.7):
        f = model.pop()
        assert g.stack[-1] is f
        g._pop(f)
        assert g.ret is f
    else:
        f = g.new_frame(0, -1, None, 0)
        g.push_frame(f)
        model.append(f)
    assert len(g.stack) == len(model) and all(p is q for p, q in zip(g.stack, model)), k
    ops += 1
while len(model) > base:
    g._pop(model.pop())
assert g.stack == model

# the room: 20 frames up, down to none of them, 10 up again
frames = [g.new_frame(0, -1, None, 0) for _ in range(20)]
for f in frames:
    g.push_frame(f)
peak = sys.getsizeof(g.stack)
for f in reversed(frames):
    g._pop(f)
low = sys.getsizeof(g.stack)
for f in frames[:10]:
    g.push_frame(f)
assert g.stack[base:] == frames[:10]
print(ops, core.compiled(), peak == low == sys.getsizeof(g.stack))
"""


@pytest.mark.parametrize("pure", [True, False])
def test_the_frame_stack_pushes_and_pops_as_a_list(pure):
    ops, compiled, kept = run_python(SCRIPT, pure=pure).split()
    assert ops == "4000" and compiled == str(not pure)
    if not pure:
        # as built, the room of the highest stack is kept down and up again (list.pop gave it
        # back below half)
        assert kept == "True"


PURE = r"""
from core.engine import append_in_room, pop_keep_room
a = []
for i in range(10):
    append_in_room(a, i)
assert pop_keep_room(a) == 9 and a == list(range(9))
try:
    pop_keep_room([])
except IndexError:
    print("ok")
"""


def test_the_pure_definitions_are_append_and_pop():
    assert run_python(PURE, pure=True).split() == ["ok"]
