"""The zone kinds move_cards tests at every card (step 267a): compiled, base.pxd's enum (gcc's
constants, where each was an int base shared through a pointer and read again after each
Game.move_one call); pure, base's ints. Both the engine's kinds, and move_cards' zone tests
answer the same pure and as built."""
from seeded_games import assert_base_constants, identity_game, run_both

NAMES = ("_Z_HAND", "_Z_DISCARD", "_Z_PROCESS", "_Z_GENERAL", "_Z_EQUIP_FIRST", "_Z_EQUIP_LAST",
         "_ZK_EQUIP", "_ZK_GENERAL_DECK")



def test_zone_kinds_are_constants():
    assert_base_constants(NAMES, "(E.Z_HAND, E.Z_DISCARD, E.Z_PROCESS, E.Z_GENERAL, "
                          "E.EQUIP_ZONES[0], E.EQUIP_ZONES[-1], B.ZK_EQUIP, B.ZK_GENERAL_DECK)",
                          "_ZONE_KINDS")


SCRIPT = identity_game(1) + r"""
import core.engine as E
from core.prims import base as B, moves as Moves
t = B._T(g)
d = tuple(g.zone_cards(E.Z_DRAW, -1))[:2]
for c in d:
    g.move_one(c, E.Z_HAND, 1)


def move(c, zone):
    f = E.Frame(t.ev_move, 12)
    f.slots[3] = zone
    B._sx(f)[2] = (c,)   # X_CARDS
    Moves.move_cards(g, f, True, 1, (c,))
    st = B._st(g)
    dis, proc = st[B.S_DISCARDED], st[B.S_PROC]
    print(dis is not None and dis[c] is not None, proc is not None and proc[c] is not None)


move(d[0], (E.Z_DISCARD, -1))     # its own hand card into the discard pile: its 弃置
move(d[0], (E.Z_PROCESS, -1))     # out of the discard pile, into the 处理区
move(d[0], (E.Z_HAND, 2))         # out of the 处理区
move(d[1], (E.Z_PROCESS, -1))     # a hand card into the 处理区: no 弃置
"""


def test_move_cards_zone_tests():
    assert run_both(SCRIPT).splitlines() == [
        "True False", "False True", "False False", "False True"]
