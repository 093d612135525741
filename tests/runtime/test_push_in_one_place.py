"""A pushed frame's glue written once (docs/performance.md step 258a, decision 0288): compiled,
flow's _push_args_in (call1 to call4), turns._push_phase_event and use._push_need push with
pushinline.pxd's pushed_in — the slot count, the arguments, spares' two pointers (C statics that
push_ready sets at each room's import), the frame moved into f.child — where step 255 copied the
body into turns and use, each with its own pointers. Always inline for gcc (its declaration names
Cython's function, as built), and each room's pointers set: a dead frame's slot list is taken
again by the next phase's and need's push (a pointer left NULL makes a new list)."""
import os
import re

import pytest
from seeded_games import identity_game, room_c, run_both, run_python

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
ROOMS = ("flow", "turns", "use")


def _read(*parts):
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as f:
        return f.read()


def test_the_rooms_push_with_the_one_body_and_declare_no_pointers():
    pxd = _read("core", "prims", "pushinline.pxd")
    assert "cdef inline void *pushed_in(" in pxd and "cdef inline void push_ready()" in pxd
    for room in ROOMS:
        src = _read("core", "prims", room + ".py")
        assert src.count("push_ready()") == 1, room
        assert "pushed_in(g, f, " in src, room
        for copied in ("pushed_args(", "kept_frames_at", "kept_slots_at", "_FRAMES_AT",
                       "_SLOTS_AT", "prog_nslots"):
            assert copied not in src or room == "flow" and copied == "prog_nslots", (room, copied)
    assert "_nslots_c" not in _read("core", "prims", "flow.pxd")


def _decl():
    pxd = _read("core", "prims", "pushinline.pxd")
    m = re.search(r"static CYTHON_INLINE void \*(__pyx_f_4core_5prims_10pushinline_pushed_in)"
                  r"\(([^)]*)\)\s*__attribute__\(\(always_inline\)\);", pxd)
    assert m, "no always_inline declaration of pushed_in in pushinline.pxd"
    return m.group(1), [" ".join(a.split()) for a in m.group(2).split(",")]


@pytest.mark.parametrize("room", ROOMS)
def test_the_declaration_names_cythons_function_as_built(room):
    c = room_c(room)
    name, args = _decl()
    proto = re.search(r"^static CYTHON_INLINE void \*%s\(([^)]*)\); /\*proto\*/" % name, c, re.M)
    assert proto, "%s.c defines no %s" % (room, name)
    assert [a.strip() for a in proto.group(1).split(",")] == args
    assert c.index("__attribute__((always_inline));", c.index(name)) < proto.start()


SCRIPT = identity_game(3) + r"""
from core.prims import turns as Turns, use as Use

for _ in range(40):
    g.step()
g0 = g


def twice(push):
    # a frame pushed, popped and dropped, then the same program's frame pushed again
    g = g0.clone()
    f = g.stack[-1]
    pf = g.phase_frame
    seen = []
    for _ in range(2):
        push(g, f)
        c = g.stack.pop()
        seen.append((id(c), id(c.slots)))
        f.child = None
        g.phase_frame = pf
        del c
    return seen[0] == seen[1]


print(not Turns.__file__.endswith(".py"))   # compiled: spares keep dead frames' lists
print([twice(lambda g, f: Turns._push_phase_event(g, f, ph, 2, False))
       for ph in range(len(g0.rs.phase_progs))])
print([twice(lambda g, f: Use._push_need(g, f, 1, "杀", use, None, 0, None))
       for use in (True, False)])
"""


def test_each_room_takes_spare_slot_lists_as_built():
    compiled, phases, needs = run_python(SCRIPT).splitlines()
    if compiled != "True":
        pytest.skip("the engine is not built (pure: no spare lists)")
    phases, needs = eval(phases), eval(needs)
    assert len(phases) > 3 and len(needs) == 2
    assert all(phases) and all(needs), (phases, needs)


# step 258b: _push_phase_event reads its caller's event context borrowed from a plain game's
# tables (its bit; else the ruleset's type: a game logging at level 2 is not plain); the pushed
# phase's context is _event_ctx's, for a caller of an event's program (itself) and of another's
# (its own context)
CTX = identity_game(3) + r"""
from core.prims import base as B, turns as Turns

for _ in range(40):
    g.step()
rows = []
for level in (0, 2):
    g0 = g.clone()
    g0.log_level = level
    for i in range(len(g0.stack)):
        g1 = g0.clone()
        f = g1.stack[i]
        ev = B._event_ctx(g1, f)
        Turns._push_phase_event(g1, f, 1, 2, False)
        rows.append((level, ev is f, g1.stack[-1].ev is ev))
print(rows)
"""


def test_a_phase_is_pushed_with_its_callers_event_context():
    rows = eval(run_both(CTX))
    kinds = {(level, own) for level, own, _ in rows}
    assert kinds == {(0, True), (0, False), (2, True), (2, False)}
    assert all(same for _, _, same in rows), rows


# step 258c: the pushed phase noted with the frame passed borrowed (_phase_noted): its phase
# flag, F_EXTRA for an extra phase only, its phase id, the game's phase, and its references (the
# stack, its caller's child, the game's phase, the local and getrefcount's argument)
NOTED = identity_game(3) + r"""
import sys
from core import engine as E
from core.prims import turns as Turns

for _ in range(40):
    g.step()
rows = []
for ph in range(len(g.rs.phase_progs)):
    for extra in (False, True):
        g1 = g.clone()
        f = g1.stack[-1]
        Turns._push_phase_event(g1, f, ph, 2, extra)
        c = g1.stack[-1]
        rows.append((bool(c.flags & E.F_PHASE), bool(c.flags & E.F_EXTRA) == extra, c.a == ph,
                     g1.phase_frame is c, f.child is c, sys.getrefcount(c)))
print(rows)
"""


def test_a_pushed_phase_is_noted_with_its_references():
    rows = eval(run_both(NOTED))
    assert len(rows) > 6 and all(r == (True, True, True, True, True, 5) for r in rows), rows
