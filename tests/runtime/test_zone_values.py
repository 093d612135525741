"""zones.zone_hand and zones.slot_not_sealed (steps 199c, 199d), pure and as built. zone_hand's
answer is (Z_HAND, who) for any who — compiled, a seat below 16 answers a tuple made once (the
same object at each ask), anything else a new tuple, as before. slot_not_sealed answers the
roles of the group whose slot of the zone's kind is not sealed: all of them when nothing is
sealed (no pair made to look for; the group's own tuple, step 281b), and without the
sealed ones otherwise."""
from seeded_games import identity_game, run_python

DIRECT = identity_game(2) + r"""
import core.engine as E
from core.prims import base as B, zones as Z
f = g.stack[-1] if g.stack else None
compiled = not Z.__file__.endswith('.py')
print(compiled)
bad = []
big = 2 ** 40
for who in list(range(-3, 20)) + [big, -big, int(str(7)), "x", None, (1, 2)]:
    z = Z.zone_hand(g, f, who)
    if type(z) is not tuple or z != (E.Z_HAND, who):
        bad.append(("value", who, z))
    # a seat below 16, compiled: the same tuple at each ask
    if compiled and type(who) is int and 0 <= who < 16 and Z.zone_hand(g, f, who) is not z:
        bad.append(("kept", who))
seats = (0, 1, 2, 3, 4)
w = Z.weapon_slot(g, f)
a = Z.armour_slot(g, f)
got = [tuple(Z.slot_not_sealed(g, f, w, seats)), tuple(Z.slot_not_sealed(g, f, a, seats))]
# nothing sealed: the group's own tuple (a Pick's too), no copy (step 281b)
pk = B.new_pick("players", seats, 1, 1, 0, None, None)
own = [Z.slot_not_sealed(g, f, w, seats), Z.slot_not_sealed(g, f, w, pk).group]
if not all(x is seats for x in own):
    bad.append(("copied", own))
if Z.slot_not_sealed(g, f, w, 3) != (3,) or type(Z.slot_not_sealed(g, f, w, pk)) is not B.Pick:
    bad.append(("one seat, a Pick", Z.slot_not_sealed(g, f, w, 3)))
B._Sw(g, B.S_SEAL).append((w[0], 2))   # seat 2's weapon slot sealed
B._Sw(g, B.S_SEAL).append((w[0], 4))
got += [tuple(Z.slot_not_sealed(g, f, w, seats)), tuple(Z.slot_not_sealed(g, f, a, seats))]
print(got, bad)
"""


def test_zone_hand_and_slot_not_sealed_are_their_definitions():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == ("[(0, 1, 2, 3, 4), (0, 1, 2, 3, 4), (0, 1, 3), (0, 1, 2, 3, 4)] []"), lines
