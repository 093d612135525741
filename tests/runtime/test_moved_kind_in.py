"""A moved card's zone kind in place (step 167a): generated code asks
``move_origin_kind_is_in(g, f, c, kind)`` and ``move_destination_kind_is_in`` (compiler.emit.INLINED),
compiled core/prims/movedkind.pxd's inline bodies — the running 移动's record and zone read in
the unit — and uncompiled zones.move_origin_kind_is and moves.move_destination_kind_is
themselves. A probe module that asks them as a unit does (built here, as a unit is) is held to
the rooms' functions for every card of every frame at every third decision of three seeded games
and for every kind, and for frames of other shapes (no scratch, an empty record, another
program's frame, a card not listed). Pure and as built."""
import textwrap

from compiler import emit, ir

from seeded_games import MOVE_RECORD_CARDS, probe_runs, probe_watch, run_python

PROBE = textwrap.dedent('''
    from __future__ import annotations  # the Game/Frame annotations are types for Cython only

    import cython
    if cython.compiled:
        from cython.cimports.core.engine import Game, Frame
        from cython.cimports.core.prims.movedkind import move_origin_kind_is_in
        from cython.cimports.core.prims.movedkind import move_destination_kind_is_in
    else:
        from core.prims.zones import move_origin_kind_is as move_origin_kind_is_in
        from core.prims.moves import move_destination_kind_is as move_destination_kind_is_in


    def origin(g: Game, f: Frame, c, kind: cython.int):
        return bool(move_origin_kind_is_in(g, f, c, kind))


    def destination(g: Game, f: Frame, c, kind: cython.int):
        return bool(move_destination_kind_is_in(g, f, c, kind))
''')

WATCH = probe_watch("pkg_kind_probe") + r"""
from core.prims import base as B, moves as M, zones as Z
kinds = (E.Z_DISCARD, E.Z_PROCESS, E.Z_HAND, E.Z_DRAW, E.EQUIP_ZONES[0], B.ZK_EQUIP)
X_JCARD, NX = getattr(B, "X_JCARD", 3), getattr(B, "NX", 13)
assert (X_JCARD, NX) == (3, 13)
seen = {"asks": 0, "moves": 0, "yes": 0}
bad = []


def check(g, f, c, what):
    for k in kinds:
        for mine, theirs in ((probe.origin, Z.move_origin_kind_is),
                             (probe.destination, M.move_destination_kind_is)):
            got, want = mine(g, f, c, k), bool(theirs(g, f, c, k))
            seen["asks"] += 1
            seen["yes"] += want
            if got != want and len(bad) < 5:
                bad.append((what, mine.__name__, f.prog, c, k, got, want))

""" + MOVE_RECORD_CARDS + r"""

for seed, n, g in decisions("identity", (1, 2, 3), every=3):
    ev_move = B._T(g).ev_move
    for f in g.stack:
        if f.prog == ev_move:
            seen["moves"] += 1
            cs = cards_of(f)
            for c in cs + [next(i for i in range(1, 100) if i not in cs)]:   # and one not listed
                check(g, f, c, (seed, n))
# frames of other shapes (a decision finds a move before its record is made): the records and
# zones of test_moved_zone_kind — a card listed first, later, twice, equal ints not the same
# object, not listed; a one card's tuple; no record, no scratch; another program's frame
X_DEST = getattr(B, "X_DEST", 4)
v = B.VBASE + 3
o1, o2, o3 = (E.Z_DISCARD, -1), (E.Z_HAND, 1), (E.Z_PROCESS, -1)
records = [([5, o1], 5), ([5, o1, 7, o3], 7), ([5, o3, 5, o1], 5), ([7, o2, 5, o1], 5),
           ([5, o1], 6), ([], 5), ([int(str(v)), o1], v), ((5, o1), 5), ((5, o3), 5), (None, 5)]
dests = [None, [], [5, o3], [7, o1, 5, o3], (5, o3)]
for prog in (ev_move, ev_move + 1):
    for rec, c in records:
        if prog != ev_move and c > 100:
            continue   # another frame: where the card is (no such card)
        for d in dests:
            for z in (o1, o3, o2, None):
                f = E.Frame(prog, 4)
                f.x = [None] * NX
                f.x[X_JCARD], f.x[X_DEST] = rec, d
                f.slots = [1, 2, 3, z]
                check(g, f, c, ("shape", prog, rec, d, z))
    f = E.Frame(prog, 4)   # no scratch: the move's target zone
    f.slots = [1, 2, 3, o3]
    check(g, f, 5, ("no scratch", prog))
print(games, seen["asks"], seen["moves"], seen["yes"])
for x in bad:
    print("DIFFERS", *x)
"""


def test_the_inline_kinds_are_the_rooms_functions(tmp_path):
    """Pure (the probe uncompiled) and, the core compiled, as built (against movedkind.pxd): each
    ask answers the room's function's own value; some moves' cards in a discard or processing
    zone."""
    for pure, folder in probe_runs(tmp_path, "pkg_kind_probe", PROBE):
        lines = run_python(WATCH, folder, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        games, asks, moves, yes = map(int, lines[1].split())
        assert games == 3 and asks > 4000 and moves > 20 and yes > 400, lines[1]


def test_emit_writes_the_inline_and_its_imports():
    """A unit asks a moved card's zone kind as <name>_in, imported from movedkind.pxd compiled
    and as the room's function uncompiled; no room is imported for it."""
    emit._rooms_used.clear()
    emit._inlined_used.clear()
    discard = emit._consts()["zone_discard"][0]
    card = ir.SlotRef(6, "牌")
    for inner, room in (("move_origin", "zones"), ("move_destination", "moves")):
        got = emit.expr(ir.PrimCall("eq", (ir.PrimCall(inner, (card,)), ir.PrimCall("zone_discard", ()))))
        assert got == f"{inner}_kind_is_in(g, f, s[6], {discard})"
        text = emit.inlined_import(f"{inner}_kind_is")
        assert f"    from cython.cimports.core.prims.movedkind import {inner}_kind_is_in\n" in text
        assert text.endswith(f"    from core.prims.{room} import {inner}_kind_is as {inner}_kind_is_in")
    assert emit._inlined_used == {"move_origin_kind_is", "move_destination_kind_is"}
    assert not emit._rooms_used
    emit._inlined_used.clear()
