"""The running 移动's test made once a program's function (step 213a): in a generated program, the
asks that read the move's scratch in place (此次移动的牌, the roles losing equipment, a moved card's
zone kind) take ``mv``, ``move_here(g, f)`` made at the function's start, where each ask tested
whether f is the running 移动 (compiler.emit.MOVE_TESTED). A probe module asking the *_mv forms
as a unit does (built here, as a unit is: core/prims/moving.pxd, movedkind.pxd) is held to the
rooms' functions for every frame running at every third decision of three seeded games (every
card of each move's record, and one not listed, for each kind no equipment zone's: the only kinds
compiler.emit asks them of), and for frames of other shapes (no scratch, no cards, another
program's frame inside a 移动, which must not read the move's scratch as its own). Pure and as
built. The emitter writes those forms in a program's states only, for those kinds only, and the
flows units' move program makes the test once."""
import textwrap
from pathlib import Path

import pytest

import core
from compiler import emit, ir

from seeded_games import MOVE_RECORD_CARDS, probe_runs, probe_watch, run_python

PROBE = textwrap.dedent('''
    from __future__ import annotations  # the Game/Frame annotations are types for Cython only

    import cython
    if cython.compiled:
        from cython.cimports.core.engine import Game, Frame
        from cython.cimports.core.prims.moving import (
            move_here, moving_cards_mv, moving_cards_ref_mv, roles_losing_equipment_mv)
        from cython.cimports.core.prims.movedkind import (
            move_origin_kind_is_mv, move_destination_kind_is_mv)
    else:   # as a unit writes them uncompiled (compiler.emit.inlined_import)
        from core.prims.moves import moving_cards, move_destination_kind_is
        from core.prims.zones import roles_losing_equipment, move_origin_kind_is

        def move_here(g, f, /):
            return False

        def moving_cards_mv(g, f, mv, /):
            return moving_cards(g, f)

        moving_cards_ref_mv = moving_cards_mv

        def roles_losing_equipment_mv(g, f, mv, /):
            return roles_losing_equipment(g, f)

        def move_origin_kind_is_mv(g, f, mv, c, kind, /):
            return move_origin_kind_is(g, f, c, kind)

        def move_destination_kind_is_mv(g, f, mv, c, kind, /):
            return move_destination_kind_is(g, f, c, kind)


    def here(g: Game, f: Frame):
        return bool(move_here(g, f))


    def cards(g: Game, f: Frame):
        mv: cython.bint = move_here(g, f)
        return moving_cards_mv(g, f, mv)


    def cards_ref(g: Game, f: Frame):
        mv: cython.bint = move_here(g, f)
        return cython.cast(object, moving_cards_ref_mv(g, f, mv))


    def losing(g: Game, f: Frame):
        mv: cython.bint = move_here(g, f)
        return roles_losing_equipment_mv(g, f, mv)


    def origin(g: Game, f: Frame, c, kind: cython.int):
        mv: cython.bint = move_here(g, f)
        return bool(move_origin_kind_is_mv(g, f, mv, c, kind))


    def destination(g: Game, f: Frame, c, kind: cython.int):
        mv: cython.bint = move_here(g, f)
        return bool(move_destination_kind_is_mv(g, f, mv, c, kind))
''')

WATCH = probe_watch("pkg_move_test_probe") + r"""
from core.prims import base as B, moves as M, zones as Z
compiled = not probe.__file__.endswith('.py')
# the kinds compiler.emit asks the zone-kind forms of (move_kind_form): none an equipment zone's
kinds = (E.Z_DISCARD, E.Z_PROCESS, E.Z_HAND, E.Z_DRAW)
X_CARDS, X_JCARD, X_DEST, NX = (getattr(B, n, d) for n, d in
                                (("X_CARDS", 2), ("X_JCARD", 3), ("X_DEST", 4), ("NX", 13)))
assert (X_CARDS, X_JCARD, X_DEST, NX) == (2, 3, 4, 13)
seen = {"asks": 0, "moves": 0, "yes": 0}
bad = []


def differs(*what):
    if len(bad) < 5:
        bad.append(what)


def outcome(fn, *args):   # fn's answer, or the type of what it raised (a scratch of no cards)
    try:
        return fn(*args)
    except Exception as e:
        return type(e)


def check(g, f, cs, what):
    ev_move = B._T(g).ev_move
    if probe.here(g, f) != (compiled and f.prog == ev_move):
        differs("here", what, f.prog)
    want = M.moving_cards(g, f)
    if probe.cards(g, f) is not want or probe.cards_ref(g, f) is not want:
        differs("cards", what, f.prog, want)
    if outcome(probe.losing, g, f) != outcome(Z.roles_losing_equipment, g, f):
        differs("losing", what, f.prog)
    seen["asks"] += 1
    for c in cs:
        for k in kinds:
            for mine, theirs in ((probe.origin, Z.move_origin_kind_is),
                                 (probe.destination, M.move_destination_kind_is)):
                got, want = mine(g, f, c, k), bool(theirs(g, f, c, k))
                seen["asks"] += 1
                seen["yes"] += want
                if got != want:
                    differs(what, mine.__name__, f.prog, c, k, got, want)

""" + MOVE_RECORD_CARDS + r"""

for seed, n, g in decisions("identity", (1, 2, 3), every=3):
    ev_move = B._T(g).ev_move
    for f in g.stack:
        cs = cards_of(f) if f.prog == ev_move else []
        seen["moves"] += f.prog == ev_move
        check(g, f, cs + [next(i for i in range(1, 100) if i not in cs)], (seed, n))
# frames of other shapes: a move's and another program's (inside the move: it reads the move's
# scratch through its enclosing frame, never as its own), each with a scratch of every shape
ev_move = B._T(g).ev_move
other = 0 if ev_move != 0 else 1
o1, o3 = (E.Z_DISCARD, -1), (E.Z_PROCESS, -1)
for x in [None, [], [None] * X_CARDS, [None] * NX, (None, None, (1, 2)), "xyz"]:
    for prog in (ev_move, other):
        f = E.Frame(prog, 4)
        f.x = x
        f.slots = [1, 2, 3, o3]
        check(g, f, [5], ("x", x, prog))
for v in [(1, 2, 3), (), [4, 5], 0, "", (2 ** 70,)]:
    mv = E.Frame(ev_move, 4)
    mv.x = [None] * NX
    mv.x[X_CARDS], mv.x[X_JCARD], mv.x[X_DEST] = v, [5, o1, 7, o3], [7, o1]
    mv.slots = [1, 2, 3, o3]
    check(g, mv, [5, 7], ("cards", v))
    inner = E.Frame(other, 4)
    inner.ev = mv
    inner.x = [None] * NX
    inner.x[X_CARDS], inner.x[X_JCARD] = ("not", "these"), [5, o3, 7, o1]
    inner.slots = [1, 2, 3, o1]
    check(g, inner, [5, 7], ("inside", v))
print(games, seen["asks"], seen["moves"], seen["yes"])
for x in bad:
    print("DIFFERS", *x)
"""


def test_the_move_tested_forms_are_the_rooms_functions(tmp_path):
    """Pure (the probe uncompiled) and, the core compiled, as built: each form answers the room's
    function's own value, the test true exactly for a running 移动's frame (compiled)."""
    for pure, folder in probe_runs(tmp_path, "pkg_move_test_probe", PROBE):
        lines = run_python(WATCH, folder, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        games, asks, moves, yes = map(int, lines[1].split())
        assert games == 3 and asks > 4000 and moves > 20 and yes > 400, lines[1]


def _in_program(e):
    """expr(e) as a program's state writes it (program_code's flags), and whether it asked mv."""
    emit._move_local[0] = True
    emit._move_asked[0] = False
    try:
        return emit.expr(e), emit._move_asked[0]
    finally:
        emit._move_local[0] = False


def _call(name, *args):
    return ir.PrimCall(name, tuple(args))


def test_a_programs_asks_take_the_test_made_once():
    emit._inlined_used.clear()
    emit._mv_used.clear()
    card = ir.SlotRef(6, "牌")
    discard = emit._consts()["zone_discard"][0]
    assert _in_program(_call("moving_cards")) == ("moving_cards_mv(g, f, mv)", True)
    assert _in_program(_call("roles_losing_equipment")) == ("roles_losing_equipment_mv(g, f, mv)", True)
    got, asked = _in_program(_call("eq", _call("move_origin", card), _call("zone_discard")))
    assert (got, asked) == (f"move_origin_kind_is_mv(g, f, mv, s[6], {discard})", True)
    emit._BORROWING[0] = True
    try:
        got, asked = _in_program(_call("_items", _call("moving_cards")))
        assert got == "_items_in(g, f, cython.cast(object, moving_cards_ref_mv(g, f, mv)))" and asked
    finally:
        emit._BORROWING[0] = False
    assert emit._mv_used == {"moving_cards", "roles_losing_equipment", "move_origin_kind_is"}
    text = emit.rooms_import(set(), emit._inlined_used)
    assert "    from cython.cimports.core.prims.moving import moving_cards_mv, moving_cards_ref_mv\n" in text
    assert "    from cython.cimports.core.prims.moving import move_here\n" in text
    assert "    def move_here(g, f, /):\n        return False" in text   # uncompiled: no test
    emit._inlined_used.clear()
    emit._mv_used.clear()


def test_elsewhere_and_for_equipment_the_asks_test_for_themselves():
    emit._mv_used.clear()
    card = ir.SlotRef(6, "牌")
    # outside a program's states (a condition, a reading), in a lambda's body
    assert emit.expr(_call("moving_cards")) == "moving_cards_in(g, f)"
    emit._IN_LAMBDA[0] += 1
    try:
        assert _in_program(_call("moving_cards")) == ("moving_cards_in(g, f)", False)
    finally:
        emit._IN_LAMBDA[0] -= 1
    # a kind the forms do not test: an equipment slot's, a whole zone's (negative)
    for kind in (*emit.EQUIP_ZONES, -10, -11):
        emit._consts()["_test_zone"] = (kind, -1)
        try:
            got, asked = _in_program(_call("eq", _call("move_destination", card), _call("_test_zone")))
        finally:
            del emit._consts()["_test_zone"]
        assert got == f"move_destination_kind_is_in(g, f, s[6], {kind})" and not asked
    assert not emit._mv_used
    emit._inlined_used.clear()


def test_the_kinds_asked_so_are_no_equipment_kinds():
    """move_kind_form holds only where zonekind.pxd's equip_kind (base's kinds) is False: the
    forms do not test the kind again."""
    from core import engine as E
    from core.prims import base as B
    # base's Python names (pure); compiled, its C constants are the engine's slots' ends
    first = getattr(B, "_Z_EQUIP_FIRST", E.EQUIP_ZONES[0])
    last = getattr(B, "_Z_EQUIP_LAST", E.EQUIP_ZONES[-1])
    for kind in range(-20, 40):
        equip = kind == B.ZK_EQUIP or first <= kind <= last
        assert not (equip and emit.move_kind_form(kind)), kind
    assert emit.move_kind_form(E.Z_DISCARD) and emit.move_kind_form(E.Z_PROCESS)


@pytest.mark.parametrize("unit", ["identity_flows", "zhanqi_flows"])
def test_the_flows_move_program_tests_once(unit):
    text = (Path(core.__file__).resolve().parent.parent / "generated" / f"{unit}.py").read_text(
        encoding="utf-8")
    assert "    mv = move_here(g, f)\n" in text and ", mv=cython.bint" in text
    assert "items_4 = _items_in(g, f, cython.cast(object, moving_cards_ref_mv(g, f, mv)))" in text
    # (their *_in names stay, as the *_mv forms' uncompiled definitions' calls)
    assert "moving_cards_ref(g, f)" not in text
    assert "move_origin_kind_is_in(g, f, cython" not in text
    assert "move_destination_kind_is_in(g, f, cython" not in text
