"""resolving.targets_empty and virtual_card_of with the card id read once, in place (step 124d:
smallint.pxd). Held to what they answer by definition, pure and as built: targets_empty is True
for a physical card, NONE and an empty target list, False for a virtual card with targets;
virtual_card_of answers a virtual card itself, NONE for a negative id or what is no int, and a
physical card's corresponding virtual card only while that one is alive."""
from seeded_games import identity_game, run_python

DIRECT = identity_game(1) + r"""
import core.engine as E
from core.prims import base as B, cards as Cards, resolving as R
print(not R.__file__.endswith('.py'))
f = E.Frame(0, 0)
V_TARGETS, V_ALIVE = getattr(B, "V_TARGETS", None), getattr(B, "V_ALIVE", None)
c0 = g.zone_cards(E.Z_DRAW, -1)[0]
v_empty = Cards._new_vcard(g, g.card_name(c0), ())
v_two = Cards._new_vcard(g, g.card_name(c0), ())
B._rec(g, v_two)[B.V_TARGETS] = [1, 2]
v_big = int(str(v_two))   # equal, not the same object
print([R.targets_empty(g, f, c) for c in (0, c0, -1, v_empty, v_two, v_big)])
v_of = Cards._new_vcard(g, g.card_name(c0), (c0,))
B._Sw(g, B.S_CORR, len(g.cards))[c0] = v_of
got = [R.virtual_card_of(g, f, c) for c in (v_two, v_big, -1, -7, "x", c0, c0 + 1)]
print([x == v_two for x in got[:2]], got[2:5], got[5] == v_of, got[6])
B._rec(g, v_of)[B.V_ALIVE] = False
print(R.virtual_card_of(g, f, c0))
"""


def test_card_handle_reads():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1:] == ["[True, True, True, True, False, False]",
                             "[True, True] [-1, -1, -1] True -1", "-1"], lines
