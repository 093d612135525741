"""此次移动中失去装备区里的牌的角色 in place (docs/performance.md "Step 206"): generated code asks
``roles_losing_equipment_in(g, f)`` (compiler.emit.INLINED), compiled core/prims/moving.pxd's
inline body — none read from the running 移动's scratch when move_cards recorded its cards as the
ones whose origins kept off the equipment zones (X_KEPTEQUIP is X_CARDS) — and uncompiled
zones.roles_losing_equipment itself. A probe module that asks it as a unit does (built here, as a
unit is) is held to zones.roles_losing_equipment for every frame running at every fourth decision
of three seeded games, for moves made on clones of those games (hand cards, equipment, both), and
for frames of every shape: X_KEPTEQUIP None, another object than X_CARDS, no scratch, a short one,
another program's frame. Pure and as built."""
import textwrap

from compiler import emit, ir
from compiler.build import GENERATED

from seeded_games import probe_runs, probe_watch, run_python

PROBE = textwrap.dedent('''
    from __future__ import annotations  # the Game/Frame annotations are types for Cython only

    import cython
    if cython.compiled:
        from cython.cimports.core.engine import Game, Frame
        from cython.cimports.core.prims.moving import roles_losing_equipment_in
    else:
        from core.prims.zones import roles_losing_equipment as roles_losing_equipment_in


    def ask(g: Game, f: Frame):
        return roles_losing_equipment_in(g, f)
''')

WATCH = probe_watch("pkg_losing_probe") + r"""
from core.prims import base as B, moves as Moves, zones as Zones
seen = {"asks": 0, "none": 0, "some": 0}
bad = []


def check(g, f, what):
    got, want = probe.ask(g, f), Zones.roles_losing_equipment(g, f)
    seen["asks"] += 1
    seen["some"] += len(want) > 0
    seen["none"] += B._get(f, X_KEPTEQUIP) is B._get(f, X_CARDS) is not None
    if (type(got) is not tuple or got != want) and len(bad) < 5:
        bad.append((what, f.prog, got, want))


# the scratch's indices, C constants of base when compiled (base.py's values, read in pure mode)
X_CARDS, X_KEPTEQUIP, NX = 2, 12, 13
assert E.__file__.endswith('.so') or (B.X_CARDS, B.X_KEPTEQUIP, B._NX) == (X_CARDS, X_KEPTEQUIP, NX)
for seed, n, g in decisions("identity", (1, 2, 3), every=4):
    t = B._T(g)
    for f in g.stack:
        check(g, f, (seed, n))
    if n % 12:
        continue
    for p in range(g.n):   # a move of the role's hand cards, its equipment, both, on a clone
        hand = tuple(g.zone_cards(E.Z_HAND, p))[:2]
        equip = tuple([c for z in E.EQUIP_ZONES for c in g.zone_cards(z, p)])
        for cards in (hand, equip, hand + equip):
            c = g.clone()
            f = E.Frame(t.ev_move, 12)
            f.slots[3] = (E.Z_DISCARD, -1)
            B._sx(f)[X_CARDS] = cards
            Moves.move_cards(c, f, True, p, cards)
            check(c, f, ("move", seed, n, p, cards))
            kept = B._get(f, X_KEPTEQUIP)
            B._sx(f)[X_KEPTEQUIP] = None if kept is not None else cards
            check(c, f, ("kept changed", seed, n, p, cards))
            B._sx(f)[X_KEPTEQUIP] = tuple(list(cards))   # equal, another tuple (but ())
            check(c, f, ("another tuple", seed, n, p, cards))
# the last game's frames of every shape: a 移动 and another program's frame inside it
ev_move = B._T(g).ev_move
other = 0 if ev_move != 0 else 1
for x in [None, [], [None] * X_CARDS, [None] * NX, (None, None, (1, 2)), "xyz"]:
    for prog in (ev_move, other):
        f = E.Frame(prog, 4)
        f.x = x
        check(g, f, ("x", x, prog))
print(games, seen["asks"], seen["none"], seen["some"])
for x in bad:
    print("DIFFERS", *x)
"""


def test_roles_losing_equipment_in_is_roles_losing_equipment(tmp_path):
    """Pure (the probe uncompiled) and, the core compiled, as built (the probe built against
    moving.pxd): every ask answers zones.roles_losing_equipment's own value; many the shortcut's
    (), some a role (a move of equipment, or X_KEPTEQUIP not X_CARDS itself: the walk's)."""
    for pure, folder in probe_runs(tmp_path, "pkg_losing_probe", PROBE):
        lines = run_python(WATCH, folder, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        games, asks, none, some = map(int, lines[1].split())
        assert games == 3 and asks > 1000 and none > 100 and some > 10, lines[1]


def test_emit_writes_the_inline_and_its_imports():
    """A unit asks 此次移动中失去装备区里的牌的角色 as roles_losing_equipment_in, imported from
    moving.pxd compiled and as zones.roles_losing_equipment uncompiled; no room is imported for
    it. The flows unit of the current edition asks it so."""
    emit._rooms_used.clear()
    emit._inlined_used.clear()
    assert emit.expr(ir.PrimCall("roles_losing_equipment", ())) == "roles_losing_equipment_in(g, f)"
    assert emit._inlined_used == {"roles_losing_equipment"} and not emit._rooms_used
    text = emit.rooms_import(set(), emit._inlined_used)
    assert "    from cython.cimports.core.prims.moving import roles_losing_equipment_in" in text
    assert ("    from core.prims.zones import roles_losing_equipment as roles_losing_equipment_in"
            in text)
    emit._inlined_used.clear()
    flows = (GENERATED / "identity_flows.py").read_text(encoding="utf-8")
    # its move program's states ask the form taking the move's test made once (step 213a)
    assert "roles_losing_equipment_mv(g, f, mv)" in flows
    assert "Zones.roles_losing_equipment(" not in flows
