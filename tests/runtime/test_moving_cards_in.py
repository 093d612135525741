"""此次移动的牌 in place: generated code asks ``moving_cards_in(g, f)`` (compiler.emit.INLINED), compiled
core/prims/moving.pxd's inline body — the running 移动's recorded cards read from its scratch —
and uncompiled moves.moving_cards itself (docs/performance.md "Step 81"). A probe module that
asks it as a unit does (built here, as a unit is) is held to moves.moving_cards for every frame
running at every fourth decision of three seeded games, and for frames of every shape: a 移动
with no scratch, a short one, no cards recorded, cards of every type; another program's frame
inside a 移动 and outside any. Pure and as built. Its borrowed form ``moving_cards_ref`` (step 154a:
a value's argument, compiler.emit.BORROWED_FORM) answers the same object and leaves its
reference count as it was."""
import textwrap

import pytest

import core
from compiler import emit, ir

from seeded_games import probe_runs, probe_watch, run_python

PROBE = textwrap.dedent('''
    from __future__ import annotations  # the Game/Frame annotations are types for Cython only

    import cython
    if cython.compiled:
        from cython.cimports.core.engine import Game, Frame
        from cython.cimports.core.prims.moving import moving_cards_in, moving_cards_ref
    else:
        from core.prims.moves import moving_cards as moving_cards_in, moving_cards as moving_cards_ref


    def ask(g: Game, f: Frame):
        return moving_cards_in(g, f)


    def ask_ref(g: Game, f: Frame):
        return cython.cast(object, moving_cards_ref(g, f))
''')

WATCH = probe_watch("pkg_moving_probe") + r"""
from core.prims import base as B, moves as Moves
seen = {"asks": 0, "moves": 0, "cards": 0}
bad = []


def check(g, f, what):
    got, want = probe.ask(g, f), Moves.moving_cards(g, f)
    seen["asks"] += 1
    seen["cards"] += len(want) > 0 if isinstance(want, (tuple, list)) else 0
    if got is not want and len(bad) < 5:
        bad.append((what, f.prog, got, want))
    del got
    refs = sys.getrefcount(want)
    for _ in range(3):   # the borrowed form: the same object, no reference kept nor dropped
        if probe.ask_ref(g, f) is not want and len(bad) < 5:
            bad.append(("ref", what, f.prog, want))
    if sys.getrefcount(want) != refs and len(bad) < 5:
        bad.append(("refcount", what, f.prog, refs, sys.getrefcount(want)))


# the scratch's indices, C constants of base when compiled (base.py's values, read in pure mode)
X_CARDS, NX = getattr(B, "X_CARDS", 2), getattr(B, "NX", 13)
assert (X_CARDS, NX) == (2, 13)
for seed, n, g in decisions("identity", (1, 2, 3), every=4):
    t = B._T(g)
    for f in g.stack:
        seen["moves"] += f.prog == t.ev_move
        check(g, f, (seed, n))
# the last game's frames of every shape: a 移动 and another program's frame inside it
ev_move = B._T(g).ev_move
other = 0 if ev_move != 0 else 1
for x in [None, [], [None] * X_CARDS, [None] * NX, (None, None, (1, 2)), "xyz"]:
    for prog in (ev_move, other):
        f = E.Frame(prog, 4)
        f.x = x
        check(g, f, ("x", x, prog))
for v in [(1, 2, 3), (), [4, 5], 0, False, "", 7, (2 ** 70,)]:
    mv = E.Frame(ev_move, 4)
    mv.x = [None] * NX
    mv.x[X_CARDS] = v
    check(g, mv, ("cards", v))
    inner = E.Frame(other, 4)
    inner.ev = mv
    inner.x = [None] * NX
    inner.x[X_CARDS] = ("not", "these")
    check(g, inner, ("inside", v))
print(games, seen["asks"], seen["moves"], seen["cards"])
for x in bad:
    print("DIFFERS", *x)
"""


def test_moving_cards_in_is_moving_cards(tmp_path):
    """Pure (the probe uncompiled) and, the core compiled, as built (the probe built against
    moving.pxd): every ask answers moves.moving_cards' own value; some a running 移动's cards."""
    for pure, folder in probe_runs(tmp_path, "pkg_moving_probe", PROBE):
        lines = run_python(WATCH, folder, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        games, asks, moves, cards = map(int, lines[1].split())
        assert games == 3 and asks > 1000 and cards > 0, lines[1]


def test_emit_writes_the_inline_and_its_imports():
    """A unit asks 此次移动的牌 as moving_cards_in, imported from moving.pxd compiled and as
    moves.moving_cards uncompiled; no room is imported for it."""
    emit._rooms_used.clear()
    emit._inlined_used.clear()
    assert emit.expr(ir.PrimCall("moving_cards", ())) == "moving_cards_in(g, f)"
    assert emit._inlined_used == {"moving_cards"} and not emit._rooms_used
    text = emit.rooms_import(set(), emit._inlined_used)
    assert "    from cython.cimports.core.prims.moving import moving_cards_in" in text
    assert "    from core.prims.moves import moving_cards as moving_cards_in" in text
    emit._inlined_used.clear()


def test_a_values_argument_reads_it_borrowed():
    """In a program's code (emit._BORROWING), a value's argument reads the borrowed form, cast to
    object; an operation's argument, which may rewrite the move's scratch, the owned one."""
    emit._inlined_used.clear()
    cards = ir.PrimCall("moving_cards", ())
    emit._BORROWING[0] = True
    try:
        assert emit.value_args([cards, ir.Const(0)]) == \
            ["cython.cast(object, moving_cards_ref(g, f))", "0"]
        assert emit.expr(ir.PrimCall("_items", (cards,))) == \
            "_items_in(g, f, cython.cast(object, moving_cards_ref(g, f)))"
    finally:
        emit._BORROWING[0] = False
    assert emit.value_args([cards]) == ["moving_cards_in(g, f)"]   # outside a program's code
    text = emit.rooms_import(set(), emit._inlined_used)
    assert "    from cython.cimports.core.prims.moving import moving_cards_in, moving_cards_ref" in text
    assert "moving_cards as moving_cards_in, moving_cards as moving_cards_ref" in text
    emit._inlined_used.clear()


@pytest.mark.parametrize("unit", ["identity_flows", "zhanqi_flows"])
def test_the_flows_units_ask_it_in_place(unit):
    from pathlib import Path
    text = (Path(core.__file__).resolve().parent.parent / "generated" / f"{unit}.py").read_text(
        encoding="utf-8")
    # in the move program's states, the forms that take the move's test made once (step 213a:
    # tests/runtime/test_move_test_once.py), borrowed where an operation of emit.KEEP_CARDS takes
    # them (step 216b: tests/backend/test_moving_cards_kept.py)
    assert "cython.cast(object, moving_cards_ref_mv(g, f, mv)))" in text
    assert "Moves.moving_cards(" not in text
    assert "items_4 = _items_in(g, f, cython.cast(object, moving_cards_ref_mv(g, f, mv)))" in text
