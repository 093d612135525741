"""zones.move_origin_kind_is and moves.move_destination_kind_is: what generated code calls for
eq(a moved card's 原区域 or 去向, a zone no role owns) (compiler.emit.FUSED_KIND), compiled with
values.eq_zone_kind's answer read in place for a zone of small ints (core/prims/zonekind.pxd;
docs/performance.md "Step 77"). Held to their definition — eq_zone_kind of move_origin's or
move_destination's zone — for every frame running at every fifth decision of three seeded games,
every card and every zone kind, and for a 移动 frame whose recorded zones are values of every
shape (no tuple, a longer one, a bool, big ints, an equipment kind), pure and as built."""
from seeded_games import DECISIONS, run_python

KINDS = DECISIONS + r"""
from core.prims import base as B, moves as Moves, values as Values, zones as Zones
print(not E.__file__.endswith('.py'))   # compiled: the extension module
seen = {"asks": 0, "true": 0, "moves": 0}
bad = []


def check(g, f, c, kinds):
    for k in kinds:
        for fused, zone in ((Zones.move_origin_kind_is, Zones.move_origin),
                            (Moves.move_destination_kind_is, Moves.move_destination)):
            got, want = fused(g, f, c, k), Values.eq_zone_kind(g, f, zone(g, f, c), k)
            seen["asks"] += 1
            seen["true"] += want is True
            if got is not want and len(bad) < 5:
                bad.append((fused.__name__, f.prog, c, k, zone(g, f, c), got, want))


# the scratch's indices, C constants of base when compiled (base.py's values, read in pure mode)
X_JCARD, X_DEST, NX = getattr(B, "X_JCARD", 3), getattr(B, "X_DEST", 4), getattr(B, "NX", 13)
assert (X_JCARD, X_DEST, NX) == (3, 4, 13)
KINDS_ASKED = [-2, -1, 0, 1, 2, 3, 4, 5, B.ZK_EQUIP, E.EQUIP_ZONES[0], E.EQUIP_ZONES[-1], 40]
for seed, n, g in decisions("identity", (1, 2, 3), every=5):
    t = B._T(g)
    for f in g.stack:
        seen["moves"] += f.prog == t.ev_move
        for c in range(0, len(g.cards), 9):
            check(g, f, c, KINDS_ASKED)
# a 移动 frame of the last game, its card 5's recorded origin and destination each shape
f = E.Frame(B._T(g).ev_move, 4)
f.x = [None] * NX
for z in [(E.Z_DISCARD, -1), (E.Z_DISCARD, 0), (E.Z_HAND, -1), (B.ZK_EQUIP, -1), (E.EQUIP_ZONES[0], -1),
          (2 ** 40, -1), (E.Z_DISCARD, 2 ** 40), (-2 ** 30, -1), (True, -1), (E.Z_DISCARD, True),
          [E.Z_DISCARD, -1], (E.Z_DISCARD, -1, 0), (E.Z_DISCARD,), "x", None, 5]:
    f.x[X_JCARD] = [5, z]
    f.x[X_DEST] = [5, z]
    check(g, f, 5, KINDS_ASKED + [2 ** 20, -2 ** 20])
print(games, seen["asks"], seen["true"], seen["moves"])
for x in bad:
    print("DIFFERS", *x)
"""


def test_a_moved_cards_zone_kind_is_its_definition():
    """Pure and as built: every ask answers eq_zone_kind's truth value; some hold, and some are
    asked of a running 移动's own frame."""
    for pure in (True, False):
        lines = run_python(KINDS, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        games, asks, true, moves = map(int, lines[1].split())
        assert games == 3
        assert asks > 50000 and true > 500 and moves > 10, lines[1]
