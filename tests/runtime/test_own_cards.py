"""A role's own cards (zones.own_cards, step 134b): its hand's tuple when its equipment zones are
all empty, made from the hand's list; else the hand then each equipment zone in order, as a
tuple (compiled, made at its length and filled from the zones' lists, step 281c). Held to that
definition for four roles — nothing, a hand only, equipment only, both — after each of ten
cards moved into their zones one at a time (44 asks), pure and as built."""
from seeded_games import move_game, room_c, run_python

SCRIPT = move_game(4) + r"""
import core.engine as E
from core.prims import base as B, zones as Z
print(not Z.__file__.endswith('.py'))
EQ = list(E.EQUIP_ZONES)   # own_cards' zones after the hand, in order
f = E.Frame(B._T(g).ev_move, 4)
f.x = [None] * B.NX
def own(p):
    out = list(g.zone_cards(E.Z_HAND, p))
    for k in EQ:
        out.extend(g.zone_cards(k, p))
    return tuple(out)
# role 0: nothing; 1: a hand only; 2: equipment only (two zones); 3: a hand and equipment in
# three zones — then each step below moves one more card and asks again
layout = {1: [E.Z_HAND, E.Z_HAND, E.Z_HAND], 2: [EQ[0], EQ[2]],
          3: [E.Z_HAND, EQ[1], E.Z_HAND, EQ[3], EQ[0]]}
c = 0
bad, n = [], 0
def check():
    global n
    for p in range(4):
        n += 1
        got = Z.own_cards(g, f, p)
        if type(got) is not tuple or got != own(p):
            bad.append((p, got, own(p)))
check()
for p, ks in layout.items():
    for k in ks:
        g.move_one(c, k, p)
        c += 1
        check()
print(n, sum(len(own(p)) for p in range(4)), bad)
"""


def test_own_cards_are_the_hand_then_the_equipment():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "44 10 []", lines


def test_a_hand_and_equipment_are_put_into_one_tuple_made_at_its_length():
    # step 281c: no list copied from the hand and extended, then copied into the tuple
    name = "__pyx_f_4core_5prims_5zones_own_cards(struct __pyx_obj_4core_6engine_Game *__pyx_v_g"
    body = room_c("zones").split(name, 1)[1].split("\n}\n", 1)[0]
    assert "PyTuple_New(" in body and body.count("sgs_tuple_put(") == 2
    assert "PySequence_List(" not in body and "__Pyx_PyList_Extend(" not in body
