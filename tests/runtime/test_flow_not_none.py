"""fire and call1 to call4 as C functions whose game and frame are not None (docs/performance.md
step 188a): flow.pxd declares them cdef (the units and the rooms call them in C with their game
and running frame), pushinline.pxd's ``given`` tells gcc so in fire, _fire_first, _fire and
_call_args (gcc drops their tests of None), and Python's ``flow.fire`` and ``flow.call1`` … ``call4``
are flow.py's entries, which refuse a None game or frame (a TypeError) before the C function
reads it. Uncompiled, flow.fire and call1 … call4 are the plain functions (the reference)."""
import array
import os
import re

import pytest

from core.prims import base as B, flow as Flow

from test_games import game, identity, move_event  # noqa: F401  (the fixtures: game needs identity)

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
COMPILED = Flow.__file__.endswith((".so", ".pyd"))


def _read(*parts):
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as f:
        return f.read()


@pytest.mark.skipif(not COMPILED, reason="the Python entries are the compiled module's")
def test_python_entries_refuse_a_none_game_or_frame(game):
    g = game
    f = move_event(g)
    tm = B._T(g).idle
    entries = [(Flow.fire, (tm, None)), (Flow.call1, (0, 1)), (Flow.call2, (0, 1, 2)),
               (Flow.call3, (0, 1, 2, 3)), (Flow.call4, (0, 1, 2, 3, 4))]
    for fn, rest in entries:
        with pytest.raises(TypeError):
            fn(g, None, *rest)
        with pytest.raises(TypeError):
            fn(None, f, *rest)
    # the C functions are the module's C API, cdef: no Python dispatch flag (a last int) after
    # their arguments (a game, a frame, an int and the subject or one to four arguments)
    for name, n in (("fire", 4), ("call1", 4), ("call2", 5), ("call3", 6), ("call4", 7)):
        sig = re.search(r'"int \((.*)\)"', repr(Flow.__pyx_capi__[name])).group(1).split(", ")
        assert len(sig) == n and sig[-1] == "PyObject *", (name, sig)
    assert Flow.fire.__name__ == "_fire_entry" and Flow.call3.__name__ == "_call3_entry"


def test_fire_through_python_as_before(game):
    g = game
    f = move_event(g)
    tm = B._T(g).idle
    assert Flow.fire(g, f, tm, None) in (0, 1)
    assert f.timing == tm and list(f.timings) == [tm]


def test_the_c_functions_take_their_game_and_frame_as_not_none():
    src = _read("core", "prims", "flow.py")
    for fn in ("fire", "_fire_first", "_fire", "_call_args"):
        body = src.split("\ndef %s(" % fn, 1)[1].split("\ndef ", 1)[0]
        assert "given(g)" in body and "given(f)" in body, fn
    pxd = _read("core", "prims", "pushinline.pxd")
    assert re.search(r"#define sgs_given\(o\) .*== Py_None\) __builtin_unreachable\(\)", pxd)
    path = os.path.join(ROOT, "core", "prims", "flow.c")
    if not os.path.exists(path):
        return
    c = _read("core", "prims", "flow.c")
    for fn in ("fire", "_fire_first", "_fire", "_call_args"):
        m = re.search(r"^static (?:CYTHON_INLINE )?int __pyx_f_4core_5prims_4flow_%s\([^)]*\) \{\n"
                      % fn, c, re.M)
        assert m, fn
        body = c[m.end():c.index("\n}\n", m.end())]
        assert "sgs_given(((PyObject *)__pyx_v_g));" in body, fn
        assert "sgs_given(((PyObject *)__pyx_v_f));" in body, fn


def test_the_units_call_the_c_functions_through_their_room():
    # cdef, not cpdef: the emitter still calls them through flow (Flow.fire …, a C call once
    # compiled), where P.fire would be the Python entry, looked up and called at each timing
    from compiler import emit
    rooms, returns = emit.typed_rooms(), emit.typed_returns()
    for name in ("fire", "call1", "call2", "call3", "call4"):
        assert rooms[name] == "flow" and returns[name] == "int", name
    assert emit.typed_params()["call2"] == ("Game", "Frame", "int", "object", "object")
    unit = _read("generated", "identity_edition.py")
    assert "Flow.fire(g, f, " in unit and "P.fire(" not in unit


# flow._fire's card-flow-rule bit (docs/performance.md "Step 209", step 243a): pure, read from
# Tables.flow_rule_at with base._by_prog (a timing past the array's end has no flow rule); compiled,
# from Game.listen's marks, which clone.mark_listen made the array's with the game's rules (the
# array cut afterwards changes nothing). Either way at a timing past the array's end: the timing
# fired, counted and appended, no card rule run. Tables without the array:
# test_fire_listen_marks.py (pure, a TypeError; compiled, no read of it).
def test_a_timing_past_the_flow_rules_end_has_none(game):
    g = game
    t = B._T(g)
    kept = t.flow_rule_at
    # a timing some card's flow rules name, nobody hearing it: the rule's test reads the array
    tm = sorted(t.flow_rule_timings)[0]
    g.listen[tm] &= ~0x0fffffff   # nobody hears it, its marks kept (engine.pxd's LISTEN_COUNT)
    f = move_event(g)
    try:
        for short in (array.array("i"), kept[:tm]):
            t.flow_rule_at = short
            n = g.n_timings
            assert Flow.fire(g, f, tm, None) == 0   # (no card of the event: no rule either way)
            assert g.n_timings == n + 1 and list(f.timings)[-1] == tm and f.timing == tm
    finally:
        t.flow_rule_at = kept

