"""zones.move_origin_kind_is and moves.move_destination_kind_is (step 124a): compiled, a running
移动's record and zone read in place (core/prims/movedzone.pxd), where each ask went through
move_origin or move_destination. Held to their definition, eq_zone_kind of move_origin's or
move_destination's answer, for every record and zone kind below — the first card, a later one, a
card listed twice, equal ints that are not the same object (a virtual card's id, a big int), a
card not listed, an empty record, a move of one card's tuple (decision 0129: its card, another,
an equal int, a tuple of three), None; a move's own destinations, none, an empty list, a tuple; a
target zone, none, no slots; zones whose owner is no int of one digit, and ZK_EQUIP's (step
193a: another kind answers from the kind alone); a frame that is not the move; an equipment
kind — pure and as built."""
from seeded_games import identity_game, run_python

DIRECT = identity_game(2) + r"""
import core.engine as E
from core.prims import base as B, moves as M, values as V, zones as Z
print(not Z.__file__.endswith('.py'))
X_JCARD, X_DEST, NX = getattr(B, "X_JCARD", 3), getattr(B, "X_DEST", 4), getattr(B, "NX", 13)
move = B._T(g).ev_move
big, v = 2 ** 40, B.VBASE + 3
o1, o2, o3, o4 = (E.Z_DISCARD, -1), (E.Z_HAND, 1), (E.Z_PROCESS, -1), (E.Z_HAND, -1)
kinds = (E.Z_DISCARD, E.Z_PROCESS, E.Z_HAND, E.Z_DRAW, E.EQUIP_ZONES[0], B.ZK_EQUIP)
origins = [([5, o1], 5), ([5, o1, 7, o3], 7), ([5, o3, 5, o1], 5), ([7, o2, 5, o1], 5),
           ([5, o1], 6), ([], 5), ([int(str(big)), o3], big), ([int(str(v)), o1], v),
           ([5, o1, int(str(v)), o3], v), ([5, o4], 5), ([5, "x"], 5), ((5, o1), 5), (None, 5),
           ((5, o3), 5), ((7, o3), 5), ((int(str(v)), o3), v), ((5, o1, 5), 5),   # one card's
           ([5, (E.Z_HAND, big)], 5), ([5, (B.ZK_EQUIP, 1)], 5)]   # 193a: the kind alone
dests = [None, [], [5, o3], [7, o1, 5, o3], [int(str(v)), o3], (5, o3)]
zones = [o1, o3, o2, o4, None, "none", (E.Z_DISCARD, big), (E.Z_HAND, big), (B.ZK_EQUIP, 1)]
bad, n = [], 0
for prog in (move, move + 1):
    for rec, c in origins:
        if prog != move and c > 100:
            continue   # another frame: where the card is (no such card)
        f = E.Frame(prog, 4)
        f.x = [None] * NX
        f.x[X_JCARD] = rec
        for k in kinds:
            n += 1
            got, want = Z.move_origin_kind_is(g, f, c, k), V.eq_zone_kind(g, f, Z.move_origin(g, f, c), k)
            if bool(got) != bool(want):
                bad.append(("origin", prog, rec, c, k, got, want))
    for d in dests:
        for z in zones:
            for c in (5, 7, v):
                f = E.Frame(prog, 4)
                f.x = [None] * NX
                f.x[X_DEST] = d
                f.slots = None if z == "none" else [1, 2, 3, z]
                for k in kinds:
                    n += 1
                    got = M.move_destination_kind_is(g, f, c, k)
                    want = V.eq_zone_kind(g, f, M.move_destination(g, f, c), k)
                    if bool(got) != bool(want):
                        bad.append(("destination", prog, d, z, c, k, got, want))
f = E.Frame(move, 4)   # no scratch: the move's target zone
f.slots = [1, 2, 3, o3]
for k in kinds:
    n += 1
    if bool(M.move_destination_kind_is(g, f, 5, k)) != (k == E.Z_PROCESS):
        bad.append(("no scratch", k))
print(n, bad)
"""


def test_a_moved_cards_zone_kind_is_its_definitions():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1].endswith(" []"), lines
        assert lines[1].split()[0] == str((19 + 15) * 6 + 2 * 6 * 9 * 3 * 6 + 6), lines
